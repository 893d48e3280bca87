package dev.rewriteperf.buffers;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class UseTransferToForCopyLoopsTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new UseTransferToForCopyLoops());
    }

    @DocumentExample
    @Test
    void fileCopyWithATotal() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).singleElement().satisfies(row -> {
                assertThat(row.isChanged()).isTrue();
                assertThat(row.getReplacement()).isEqualTo("long copied = in.transferTo(out)");
            })),
          version(
            java(
              //language=java
              """
                import java.io.IOException;
                import java.io.InputStream;
                import java.io.OutputStream;
                import java.nio.file.Files;
                import java.nio.file.Path;

                class Archive {
                    static long copy(Path source, Path target) throws IOException {
                        try (InputStream in = Files.newInputStream(source); OutputStream out = Files.newOutputStream(target)) {
                            byte[] buffer = new byte[8192];
                            long copied = 0;
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                                copied += n;
                            }
                            return copied;
                        }
                    }
                }
                """,
              //language=java
              """
                import java.io.IOException;
                import java.io.InputStream;
                import java.io.OutputStream;
                import java.nio.file.Files;
                import java.nio.file.Path;

                class Archive {
                    static long copy(Path source, Path target) throws IOException {
                        try (InputStream in = Files.newInputStream(source); OutputStream out = Files.newOutputStream(target)) {
                            long copied = in.transferTo(out);
                            return copied;
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void localStreamsWithoutATotal() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Snapshot {
                    static byte[] read(File file) throws IOException {
                        ByteArrayOutputStream out = new ByteArrayOutputStream();
                        InputStream in = new FileInputStream(file);
                        try {
                            int read;
                            byte[] chunk = new byte[4096];
                            while ((read = in.read(chunk, 0, chunk.length)) >= 0)
                                out.write(chunk, 0, read);
                        } finally {
                            in.close();
                        }
                        return out.toByteArray();
                    }
                }
                """,
              //language=java
              """
                import java.io.*;

                class Snapshot {
                    static byte[] read(File file) throws IOException {
                        ByteArrayOutputStream out = new ByteArrayOutputStream();
                        InputStream in = new FileInputStream(file);
                        try {
                            in.transferTo(out);
                        } finally {
                            in.close();
                        }
                        return out.toByteArray();
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void intTotalAndReversedEndTest() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Unpack {
                    private static final int BUFFER_SIZE = 16 * 1024;

                    static int unpack(byte[] packed) throws IOException {
                        ByteArrayOutputStream target = new ByteArrayOutputStream();
                        int total = 0;
                        try (InputStream in = new ByteArrayInputStream(packed)) {
                            byte[] buffer = new byte[BUFFER_SIZE];
                            int n;
                            while (-1 != (n = in.read(buffer))) {
                                total = total + n;
                                target.write(buffer, 0, n);
                            }
                        }
                        return total;
                    }
                }
                """,
              //language=java
              """
                import java.io.*;

                class Unpack {
                    private static final int BUFFER_SIZE = 16 * 1024;

                    static int unpack(byte[] packed) throws IOException {
                        ByteArrayOutputStream target = new ByteArrayOutputStream();
                        int total = 0;
                        try (InputStream in = new ByteArrayInputStream(packed)) {
                            total += in.transferTo(target);
                        }
                        return total;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void readerIntoWriterGainsNothing() {
        rewriteRun(
          leftAloneBecause("Reader.transferTo runs the same loop"),
          version(
            java(
              //language=java
              """
                import java.io.*;
                import java.nio.file.*;

                class Text {
                    static String read(Path file) throws IOException {
                        StringWriter text = new StringWriter();
                        try (Reader reader = Files.newBufferedReader(file)) {
                            char[] chars = new char[1024];
                            int n;
                            while ((n = reader.read(chars)) != -1) {
                                text.write(chars, 0, n);
                            }
                        }
                        return text.toString();
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void gzipStreamGainsNothing() {
        rewriteRun(
          leftAloneBecause("transferTo of `GZIPInputStream` is the same loop"),
          version(
            java(
              //language=java
              """
                import java.io.*;
                import java.util.zip.GZIPInputStream;

                class Unpack {
                    static void unpack(byte[] compressed, OutputStream target) throws IOException {
                        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                target.write(buffer, 0, n);
                            }
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void streamFromTheCallerMayImplementTransferToWithThisCopy() {
        rewriteRun(
          leftAloneBecause("not created in this method"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Streams {
                    static long copy(InputStream in, OutputStream out) throws IOException {
                        byte[] buffer = new byte[8192];
                        long count = 0;
                        int n;
                        while ((n = in.read(buffer)) != -1) {
                            out.write(buffer, 0, n);
                            count += n;
                        }
                        return count;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void localStreamWrappingTheCallersStream() {
        rewriteRun(
          leftAloneBecause("transferTo of `BufferedInputStream` is the same loop"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Streams {
                    static void copy(InputStream source, OutputStream out) throws IOException {
                        try (InputStream in = new BufferedInputStream(source)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                            }
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void outputFromTheCallerMayBeNull() {
        rewriteRun(
          leftAloneBecause("the output is not created in this method and may be null"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Copier {
                    static void copy(File file, OutputStream out) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                            }
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void loopThatImplementsTransferTo() {
        rewriteRun(
          leftAloneBecause("implements transferTo itself"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Source extends InputStream {
                    public int read() {
                        return -1;
                    }

                    @Override
                    public long transferTo(OutputStream out) throws IOException {
                        InputStream in = new ByteArrayInputStream(new byte[0]);
                        byte[] buffer = new byte[8192];
                        int n;
                        while ((n = in.read(buffer)) != -1) {
                            out.write(buffer, 0, n);
                        }
                        return 0;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void bufferReusedFromAField() {
        rewriteRun(
          leftAloneBecause("not allocated in this block"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Copier {
                    private final byte[] buffer = new byte[8192];

                    void copy(File file, OutputStream out) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                            }
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void bufferSizedByAParameterMayBeEmpty() {
        rewriteRun(
          leftAloneBecause("not allocated in this block with a constant size"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Copier {
                    static void copy(File file, OutputStream out, int size) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[size];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                            }
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void bufferReadAfterTheLoop() {
        rewriteRun(
          leftAloneBecause("buffer is used outside the loop"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Copier {
                    static byte first(File file, OutputStream out) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                            }
                            return buffer[0];
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void countReadAfterTheLoop() {
        rewriteRun(
          leftAloneBecause("count is read outside the loop"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Copier {
                    static int last(File file, OutputStream out) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                            }
                            return n;
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void totalInAField() {
        rewriteRun(
          leftAloneBecause("the total is a field"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Progress {
                    private long copied;

                    void copy(File file, OutputStream out) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                                copied += n;
                            }
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void totalReadByACatch() {
        rewriteRun(
          leftAloneBecause("a catch or finally block may read the total"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Progress {
                    long copyReporting(File file, OutputStream out) {
                        long total = 0;
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                                total += n;
                            }
                        } catch (IOException e) {
                            System.err.println("copied " + total + " bytes before " + e);
                        }
                        return total;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void loopThatDoesMoreThanCopy() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.io.*;
                import java.security.MessageDigest;

                class Digesting {
                    static void copy(File file, OutputStream out, MessageDigest digest) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                                digest.update(buffer, 0, n);
                            }
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void stopsAtAZeroByteRead() {
        rewriteRun(
          leftAloneBecause("stops at a read of zero bytes"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Copier {
                    static void copy(File file, OutputStream out) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) > 0) {
                                out.write(buffer, 0, n);
                            }
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void writesFromAnotherOffset() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Copier {
                    static void copy(File file, OutputStream out) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer, 1, 100)) != -1) {
                                out.write(buffer, 1, n);
                            }
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void outputFromACall() {
        rewriteRun(
          leftAloneBecause("output is not a variable or field"),
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Copier {
                    private OutputStream out() {
                        return System.out;
                    }

                    void copy(File file) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out().write(buffer, 0, n);
                            }
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void java8HasNoTransferTo() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.io.*;

                class Copier {
                    static void copy(File file, OutputStream out) throws IOException {
                        try (InputStream in = new FileInputStream(file)) {
                            byte[] buffer = new byte[8192];
                            int n;
                            while ((n = in.read(buffer)) != -1) {
                                out.write(buffer, 0, n);
                            }
                        }
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(
          version(BenchmarkSources.beforeBecomes("buffers/usetransfertoforcopyloops", "After"), 11),
          version(BenchmarkSources.unchanged("buffers/usetransfertoforcopyloops", "Refused"), 11)
        );
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(
          version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("buffers/usetransfertoforcopyloops", "After"), 11),
          version(BenchmarkSources.unchanged("buffers/usetransfertoforcopyloops", "Refused"), 11)
        );
    }

    /** The benchmark's copies of random data of many sizes: the same bytes and counts before and after. */
    @Test
    void benchmarkBeforeAndAfterCopyAlike(@TempDir Path dir) throws Exception {
        CompiledBenchmark benchmark = CompiledBenchmark.of("buffers/usetransfertoforcopyloops");
        Class<?> before = benchmark.type("Before");
        Class<?> after = benchmark.type("After");
        Random random = new Random(20261122);
        for (int size : new int[]{0, 1, 8191, 8192, 8193, 100_000}) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            Path source = Files.write(dir.resolve("source" + size), data);
            Method copyFile = before.getMethod("copyFile", Path.class, Path.class);
            assertThat(after.getMethod("copyFile", Path.class, Path.class).invoke(null, source, dir.resolve("after")))
              .isEqualTo(copyFile.invoke(null, source, dir.resolve("before")));
            assertThat(dir.resolve("after")).hasSameBinaryContentAs(dir.resolve("before"));
            assertThat((byte[]) after.getMethod("copyBytes", byte[].class).invoke(null, (Object) data))
              .isEqualTo(before.getMethod("copyBytes", byte[].class).invoke(null, (Object) data));
        }
    }
}

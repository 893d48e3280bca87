package dev.rewriteperf.buffers;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.CompiledSource;
import dev.rewriteperf.RecipeOutput;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;

class HoistReadBufferOutOfLoopTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new HoistReadBufferOutOfLoop());
    }

    @DocumentExample
    @Test
    void bufferPerFileMovesBeforeTheLoop() {
        rewriteRun(
          java(
            //language=java
            """
              import java.io.*;
              import java.util.List;

              class Bundle {
                  static void concatenate(List<File> files, OutputStream out) throws IOException {
                      for (File file : files) {
                          byte[] buffer = new byte[4096];
                          try (InputStream in = new FileInputStream(file)) {
                              int n;
                              while ((n = in.read(buffer)) != -1) {
                                  out.write(buffer, 0, n);
                              }
                          }
                      }
                  }
              }
              """,
            //language=java
            """
              import java.io.*;
              import java.util.List;

              class Bundle {
                  static void concatenate(List<File> files, OutputStream out) throws IOException {
                      byte[] buffer = new byte[4096];
                      for (File file : files) {
                          try (InputStream in = new FileInputStream(file)) {
                              int n;
                              while ((n = in.read(buffer)) != -1) {
                                  out.write(buffer, 0, n);
                              }
                          }
                      }
                  }
              }
              """
          )
        );
    }

    /** Found on commons-compress: the comment above the declaration stays in the loop, above what it described. */
    @Test
    void commentAboveTheDeclarationStaysInTheLoop() {
        rewriteRun(
          java(
            //language=java
            """
              import java.io.*;
              import java.util.List;

              class Probe {
                  static void probe(List<InputStream> streams) throws IOException {
                      for (InputStream in : streams) {
                          // read 10 bytes
                          final byte[] bytes = new byte[10];
                          in.read(bytes);
                      }
                  }
              }
              """,
            //language=java
            """
              import java.io.*;
              import java.util.List;

              class Probe {
                  static void probe(List<InputStream> streams) throws IOException {
                      final byte[] bytes = new byte[10];
                      for (InputStream in : streams) {
                          // read 10 bytes
                          in.read(bytes);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void doWhileWithDigestStringAndCopies() {
        rewriteRun(
          java(
            //language=java
            """
              import java.io.*;
              import java.nio.charset.StandardCharsets;
              import java.security.MessageDigest;
              import java.util.Arrays;
              import java.util.List;

              class Chunks {
                  private static final int CHUNK = 512;

                  static void split(InputStream in, MessageDigest digest, List<String> lines, List<byte[]> copies, byte[] all) throws IOException {
                      int n;
                      int at = 0;
                      do {
                          byte[] chunk = new byte[CHUNK * 2];
                          int read = in.read(chunk, 0, chunk.length);
                          if (read > 0) {
                              digest.update(chunk, 0, read);
                              lines.add(new String(chunk, 0, read, StandardCharsets.UTF_8));
                              copies.add(Arrays.copyOf(chunk, read));
                              System.arraycopy(chunk, 0, all, at, read);
                              at += read;
                          }
                          n = read;
                      } while (n >= 0);
                  }
              }
              """,
            //language=java
            """
              import java.io.*;
              import java.nio.charset.StandardCharsets;
              import java.security.MessageDigest;
              import java.util.Arrays;
              import java.util.List;

              class Chunks {
                  private static final int CHUNK = 512;

                  static void split(InputStream in, MessageDigest digest, List<String> lines, List<byte[]> copies, byte[] all) throws IOException {
                      int n;
                      int at = 0;
                      byte[] chunk = new byte[CHUNK * 2];
                      do {
                          int read = in.read(chunk, 0, chunk.length);
                          if (read > 0) {
                              digest.update(chunk, 0, read);
                              lines.add(new String(chunk, 0, read, StandardCharsets.UTF_8));
                              copies.add(Arrays.copyOf(chunk, read));
                              System.arraycopy(chunk, 0, all, at, read);
                              at += read;
                          }
                          n = read;
                      } while (n >= 0);
                  }
              }
              """
          )
        );
    }

    @Test
    void labeledLoopOfCharacters() {
        rewriteRun(
          java(
            //language=java
            """
              import java.io.*;

              class Pages {
                  static int count(Reader reader, Writer out) throws IOException {
                      int pages = 0;
                      pages:
                      while (true) {
                          char[] page = new char[2048];
                          int n = reader.read(page);
                          if (n < 0) {
                              break pages;
                          }
                          out.write(page, 0, n);
                          pages++;
                      }
                      return pages;
                  }
              }
              """,
            //language=java
            """
              import java.io.*;

              class Pages {
                  static int count(Reader reader, Writer out) throws IOException {
                      int pages = 0;
                      char[] page = new char[2048];
                      pages:
                      while (true) {
                          int n = reader.read(page);
                          if (n < 0) {
                              break pages;
                          }
                          out.write(page, 0, n);
                          pages++;
                      }
                      return pages;
                  }
              }
              """
          )
        );
    }

    @Test
    void bufferKeptInAList() {
        rewriteRun(
          leftAloneBecause("used other than as a read target"),
          java(
            //language=java
            """
              import java.io.*;
              import java.util.List;

              class Chunks {
                  static void keep(InputStream in, List<byte[]> chunks) throws IOException {
                      while (true) {
                          byte[] chunk = new byte[1024];
                          if (in.read(chunk) < 0) {
                              break;
                          }
                          chunks.add(chunk);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void bufferWrittenWhole() {
        rewriteRun(
          leftAloneBecause("used other than as a read target"),
          java(
            //language=java
            """
              import java.io.*;

              class Blocks {
                  static void blocks(InputStream in, OutputStream out) throws IOException {
                      while (true) {
                          byte[] block = new byte[512];
                          int n = in.read(block);
                          if (n < 0) {
                              break;
                          }
                          out.write(block);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void bufferReadAtAnIndex() {
        rewriteRun(
          leftAloneBecause("read at an index not bounded by the count of a read into the buffer"),
          java(
            //language=java
            """
              import java.io.*;

              class Headers {
                  static int kinds(InputStream in) throws IOException {
                      int kinds = 0;
                      for (int i = 0; i < 10; i++) {
                          byte[] header = new byte[16];
                          in.read(header);
                          kinds |= header[15];
                      }
                      return kinds;
                  }
              }
              """
          )
        );
    }

    @Test
    void elementsReadBelowTheCountOfTheLatestRead() {
        rewriteRun(
          java(
            //language=java
            """
              import java.io.*;
              import java.util.List;

              class Sums {
                  static long sum(List<InputStream> streams) throws IOException {
                      long sum = 0;
                      for (InputStream in : streams) {
                          byte[] chunk = new byte[4096];
                          int n;
                          while ((n = in.read(chunk)) > 0) {
                              for (int i = 0; i < n; i++) {
                                  sum += chunk[i];
                              }
                          }
                      }
                      return sum;
                  }
              }
              """,
            //language=java
            """
              import java.io.*;
              import java.util.List;

              class Sums {
                  static long sum(List<InputStream> streams) throws IOException {
                      long sum = 0;
                      byte[] chunk = new byte[4096];
                      for (InputStream in : streams) {
                          int n;
                          while ((n = in.read(chunk)) > 0) {
                              for (int i = 0; i < n; i++) {
                                  sum += chunk[i];
                              }
                          }
                      }
                      return sum;
                  }
              }
              """
          )
        );
    }

    @Test
    void elementsNotProvablyBelowTheCountAreListed() {
        rewriteRun(
          leftAloneBecause("an element is written, or read at an index not bounded by the count of a read into the buffer"),
          java(
            //language=java
            """
              import java.io.*;
              import java.util.List;

              class Sums {
                  static int n = 64;

                  static long fieldNamedLikeTheCount(List<InputStream> streams) throws IOException {
                      long sum = 0;
                      for (InputStream in : streams) {
                          byte[] chunk = new byte[64];
                          if (in.available() > 0) {
                              int n = in.read(chunk);
                          }
                          for (int i = 0; i < n; i++) {
                              sum += chunk[i];
                          }
                      }
                      return sum;
                  }

                  static long wholeArray(List<InputStream> streams) throws IOException {
                      long sum = 0;
                      for (InputStream in : streams) {
                          byte[] chunk = new byte[64];
                          int n = in.read(chunk);
                          for (int i = 0; i < chunk.length; i++) {
                              sum += chunk[i];
                          }
                      }
                      return sum;
                  }

                  static long skipsAhead(List<InputStream> streams) throws IOException {
                      long sum = 0;
                      for (InputStream in : streams) {
                          byte[] chunk = new byte[64];
                          int n = in.read(chunk);
                          for (int i = 0; i < n; i++) {
                              i += 2;
                              sum += chunk[i];
                          }
                      }
                      return sum;
                  }

                  static long fromAnOffset(List<InputStream> streams, int from) throws IOException {
                      long sum = 0;
                      for (InputStream in : streams) {
                          byte[] chunk = new byte[64];
                          int n = in.read(chunk);
                          for (int i = from; i < n; i++) {
                              sum += chunk[i];
                          }
                      }
                      return sum;
                  }

                  static long cleared(List<InputStream> streams) throws IOException {
                      long sum = 0;
                      for (InputStream in : streams) {
                          char[] chunk = new char[64];
                          int n = new InputStreamReader(in).read(chunk);
                          for (int i = 0; i < n; i++) {
                              chunk[i] = 0;
                          }
                      }
                      return sum;
                  }
              }
              """
          )
        );
    }

    /** Found on zip4j: two flag bytes read whole per central directory entry. */
    @Test
    void arrayFilledWholeByReadFullyThenReadAndCopied() {
        rewriteRun(
          java(
            //language=java
            """
              import java.io.*;
              import java.util.ArrayList;
              import java.util.List;

              class Entries {
                  static List<byte[]> flags(RandomAccessFile raf, int count) throws IOException {
                      List<byte[]> all = new ArrayList<>();
                      for (int e = 0; e < count; e++) {
                          byte[] flags = new byte[2];
                          raf.readFully(flags);
                          if ((flags[0] & 1) != 0) {
                              all.add(flags.clone());
                          }
                      }
                      return all;
                  }
              }
              """,
            //language=java
            """
              import java.io.*;
              import java.util.ArrayList;
              import java.util.List;

              class Entries {
                  static List<byte[]> flags(RandomAccessFile raf, int count) throws IOException {
                      List<byte[]> all = new ArrayList<>();
                      byte[] flags = new byte[2];
                      for (int e = 0; e < count; e++) {
                          raf.readFully(flags);
                          if ((flags[0] & 1) != 0) {
                              all.add(flags.clone());
                          }
                      }
                      return all;
                  }
              }
              """
          )
        );
    }

    /**
     * A slice of what was read, handed to a project's own method ({@code conn.write(chunk, 0, n)} of the held-out
     * telemetry's firmware streaming), may be kept there: the row names the method, where the JDK's writers copy.
     */
    @Test
    void aSliceHandedToAProjectsMethodIsListedWithIt() {
        rewriteRun(
          leftAloneBecause("the buffer is handed to Firmware.Connection.write(..), which may keep it"),
          java(
            //language=java
            """
              import java.io.IOException;
              import java.io.InputStream;

              class Firmware {
                  interface Connection {
                      void write(byte[] bytes, int offset, int length) throws IOException;
                  }

                  static void stream(InputStream in, Connection conn) throws IOException {
                      while (true) {
                          byte[] chunk = new byte[1024];
                          int n = in.read(chunk);
                          if (n < 0) {
                              break;
                          }
                          conn.write(chunk, 0, n);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void readFullyThatMayNotRunFirstOrAnArrayThatEscapesIsListed() {
        rewriteRun(
          leftAloneBecause("used other than as a read target and a slice of what was read"),
          java(
            //language=java
            """
              import java.io.*;
              import java.util.ArrayList;
              import java.util.List;

              class Entries {
                  static int conditional(DataInputStream in, int count, boolean skip) throws IOException {
                      int bits = 0;
                      for (int e = 0; e < count; e++) {
                          byte[] flags = new byte[2];
                          if (!skip) {
                              in.readFully(flags);
                          }
                          bits |= flags[0];
                      }
                      return bits;
                  }

                  static List<byte[]> kept(DataInputStream in, int count) throws IOException {
                      List<byte[]> all = new ArrayList<>();
                      for (int e = 0; e < count; e++) {
                          byte[] flags = new byte[2];
                          in.readFully(flags);
                          all.add(flags);
                      }
                      return all;
                  }
              }
              """
          )
        );
    }

    @Test
    void elementsReadBelowTheCountBehaveAlikeOnGeneratedStreams() throws Exception {
        //language=java
        String source = """
          import java.io.*;
          import java.util.List;

          public class Sums {
              public static long sum(List<InputStream> streams) throws IOException {
                  long sum = 0;
                  for (InputStream in : streams) {
                      byte[] chunk = new byte[16];
                      int n;
                      while ((n = in.read(chunk)) > 0) {
                          for (int i = 0; i < n; i++) {
                              sum = sum * 31 + chunk[i];
                          }
                      }
                  }
                  return sum;
              }
          }
          """;
        String after = RecipeOutput.of(new HoistReadBufferOutOfLoop(), source, 17);
        assertThat(after).isNotEqualTo(source);
        Method before = CompiledSource.load("Sums", source, 17).getMethod("sum", List.class);
        Method rewritten = CompiledSource.load("Sums", after, 17).getMethod("sum", List.class);
        Random random = new Random(20261123);
        for (int round = 0; round < 200; round++) {
            int streams = random.nextInt(4);
            byte[][] data = new byte[streams][];
            for (int s = 0; s < streams; s++) {
                data[s] = new byte[random.nextInt(60)];
                random.nextBytes(data[s]);
            }
            // Short reads, as a socket gives them, so that a later read fills less than an earlier one did.
            int limit = 1 + random.nextInt(16);
            assertThat(rewritten.invoke(null, dribbling(data, limit))).as("round " + round)
              .isEqualTo(before.invoke(null, dribbling(data, limit)));
        }
    }

    /** Streams over {@code data} that return at most {@code limit} bytes a read. */
    private static List<InputStream> dribbling(byte[][] data, int limit) {
        List<InputStream> streams = new ArrayList<>();
        for (byte[] bytes : data) {
            streams.add(new ByteArrayInputStream(bytes) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    return super.read(b, off, Math.min(len, limit));
                }
            });
        }
        return streams;
    }

    @Test
    void readIntoTheMiddle() {
        rewriteRun(
          leftAloneBecause("used other than as a read target"),
          java(
            //language=java
            """
              import java.io.*;

              class Framed {
                  static void copy(InputStream in, OutputStream out) throws IOException {
                      while (true) {
                          byte[] frame = new byte[64];
                          int n = in.read(frame, 4, 60);
                          if (n < 0) {
                              break;
                          }
                          out.write(frame, 0, n + 4);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void sizedByAParameter() {
        rewriteRun(
          leftAloneBecause("the size is not a constant"),
          java(
            //language=java
            """
              import java.io.*;

              class Copier {
                  static void copy(InputStream in, OutputStream out, int size) throws IOException {
                      while (true) {
                          byte[] buffer = new byte[size];
                          int n = in.read(buffer);
                          if (n < 0) {
                              break;
                          }
                          out.write(buffer, 0, n);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void nameUsedAfterTheLoop() {
        rewriteRun(
          leftAloneBecause("is used after the loop"),
          java(
            //language=java
            """
              import java.io.*;

              class Copier {
                  static void copy(InputStream in, OutputStream out) throws IOException {
                      while (true) {
                          byte[] buffer = new byte[8192];
                          int n = in.read(buffer);
                          if (n < 0) {
                              break;
                          }
                          out.write(buffer, 0, n);
                      }
                      byte[] buffer = new byte[1];
                      out.write(buffer);
                  }
              }
              """
          )
        );
    }

    @Test
    void fieldOfTheSameNameInTheLoop() {
        rewriteRun(
          leftAloneBecause("also names something else in the loop"),
          java(
            //language=java
            """
              import java.io.*;

              class Copier {
                  private byte[] buffer = new byte[2];

                  void copy(InputStream in, OutputStream out) throws IOException {
                      while (buffer.length > 1) {
                          byte[] buffer = new byte[8192];
                          int n = in.read(buffer);
                          if (n < 0) {
                              break;
                          }
                          out.write(buffer, 0, n);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void capturedByALambda() {
        rewriteRun(
          leftAloneBecause("inside a lambda"),
          java(
            //language=java
            """
              import java.io.*;
              import java.util.List;
              import java.util.zip.CRC32;

              class Later {
                  static void schedule(InputStream in, CRC32 crc, List<Runnable> tasks) throws IOException {
                      while (true) {
                          byte[] buffer = new byte[8192];
                          int n = in.read(buffer);
                          if (n < 0) {
                              break;
                          }
                          tasks.add(() -> crc.update(buffer, 0, n));
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void countChangedAfterTheRead() {
        rewriteRun(
          leftAloneBecause("set by something other than a read"),
          java(
            //language=java
            """
              import java.io.*;

              class Padded {
                  static void copy(InputStream in, OutputStream out) throws IOException {
                      while (true) {
                          byte[] buffer = new byte[8192];
                          int n = in.read(buffer);
                          if (n < 0) {
                              break;
                          }
                          n = Math.max(n, 16);
                          out.write(buffer, 0, n);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void countDeclaredBeforeTheBuffer() {
        rewriteRun(
          leftAloneBecause("not declared after the buffer"),
          java(
            //language=java
            """
              import java.io.*;

              class Carry {
                  static void copy(InputStream in, OutputStream out) throws IOException {
                      int n = 0;
                      for (int i = 0; i < 4; i++) {
                          byte[] buffer = new byte[8192];
                          if (i % 2 == 0) {
                              n = in.read(buffer);
                          }
                          out.write(buffer, 0, n);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(BenchmarkSources.beforeBecomes("buffers/hoistreadbufferoutofloop", "After"));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("buffers/hoistreadbufferoutofloop", "After"));
    }

    @Test
    void benchmarkBeforeAndAfterReadAlike() throws Exception {
        CompiledBenchmark benchmark = CompiledBenchmark.of("buffers/hoistreadbufferoutofloop");
        Random random = new Random(20261122);
        for (int size : new int[]{0, 1, 1023, 1024, 8192, 8193, 100_000}) {
            byte[] data = new byte[size];
            for (int i = 0; i < size; i++) {
                data[i] = (byte) (' ' + random.nextInt(95));
            }
            for (String name : new String[]{"checksum", "text"}) {
                Method before = benchmark.type("Before").getMethod(name, byte[].class);
                Method after = benchmark.type("After").getMethod(name, byte[].class);
                assertThat(after.invoke(null, (Object) data)).as(name + " of " + size).isEqualTo(before.invoke(null, (Object) data));
            }
        }
    }
}

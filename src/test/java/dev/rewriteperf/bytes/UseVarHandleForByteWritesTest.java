package dev.rewriteperf.bytes;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Random;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class UseVarHandleForByteWritesTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new UseVarHandleForByteWrites());
    }

    @DocumentExample
    @Test
    void bigEndianIntAsInJavaIoBits() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Bits {
                    static void putInt(byte[] b, int off, int val) {
                        b[off + 3] = (byte) (val);
                        b[off + 2] = (byte) (val >>> 8);
                        b[off + 1] = (byte) (val >>> 16);
                        b[off] = (byte) (val >>> 24);
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Bits {
                    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

                    static void putInt(byte[] b, int off, int val) {
                        INT_BE.set(b, off, val);
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void littleEndianLongWithMasksAndNarrowedLongButNotShortsOrChars() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Writer {
                    private final byte[] buffer = new byte[64];
                    private int position;

                    void putLong(long v) {
                        buffer[position] = (byte) (v & 0xFF);
                        buffer[position + 1] = (byte) (v >> 8 & 0xFF);
                        buffer[position + 2] = (byte) ((v >> 16) & 0xFF);
                        buffer[position + 3] = (byte) (v >> 24);
                        buffer[position + 4] = (byte) (v >> 32);
                        buffer[position + 5] = (byte) (v >> 40);
                        buffer[position + 6] = (byte) (v >> 48);
                        buffer[position + 7] = (byte) (v >> 56);
                        position += 8;
                    }

                    void putShort(int v) {
                        buffer[position] = (byte) (v >>> 8);
                        buffer[position + 1] = (byte) v;
                        position += 2;
                    }

                    void putChar(char c) {
                        buffer[position + 1] = (byte) c;
                        buffer[position] = (byte) (c >> 8);
                    }

                    void putLowInt(long v) {
                        buffer[0] = (byte) (v + 1 >>> 24);
                        buffer[1] = (byte) (v + 1 >>> 16);
                        buffer[2] = (byte) (v + 1 >>> 8);
                        buffer[3] = (byte) (v + 1);
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Writer {
                    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
                    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

                    private final byte[] buffer = new byte[64];
                    private int position;

                    void putLong(long v) {
                        LONG_LE.set(buffer, position, v);
                        position += 8;
                    }

                    void putShort(int v) {
                        buffer[position] = (byte) (v >>> 8);
                        buffer[position + 1] = (byte) v;
                        position += 2;
                    }

                    void putChar(char c) {
                        buffer[position + 1] = (byte) c;
                        buffer[position] = (byte) (c >> 8);
                    }

                    void putLowInt(long v) {
                        INT_BE.set(buffer, 0, (int) (v + 1));
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void missingByteIsListed() {
        rewriteRun(
          leftAloneBecause("3 bytes"),
          version(
            java(
              //language=java
              """
                class Medium {
                    static void put(byte[] b, int off, int v) {
                        b[off] = (byte) (v >>> 16);
                        b[off + 1] = (byte) (v >>> 8);
                        b[off + 2] = (byte) v;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void wrongShiftIsListed() {
        rewriteRun(
          leftAloneBecause("the shifts follow neither byte order"),
          version(
            java(
              //language=java
              """
                class Wrong {
                    static void put(byte[] b, int off, int v) {
                        b[off] = (byte) (v >>> 24);
                        b[off + 1] = (byte) (v >>> 8);
                        b[off + 2] = (byte) (v >>> 16);
                        b[off + 3] = (byte) v;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void postIncrementIndicesAreListed() {
        rewriteRun(
          leftAloneBecause("the bytes are not 2 consecutive elements, each stored once"),
          version(
            java(
              //language=java
              """
                class Out {
                    private final byte[] buf = new byte[8];
                    private int count;

                    void writeShort(int v) {
                        buf[count++] = (byte) (v >>> 8);
                        buf[count++] = (byte) v;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void valueFromACallIsListed() {
        rewriteRun(
          leftAloneBecause("the stored value is not a plain variable"),
          version(
            java(
              //language=java
              """
                class Calls {
                    static int next() {
                        return 7;
                    }

                    static void put(byte[] b) {
                        b[0] = (byte) (next() >>> 8);
                        b[1] = (byte) next();
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void caughtExceptionIsListed() {
        rewriteRun(
          leftAloneBecause("an enclosing try catches IndexOutOfBoundsException"),
          version(
            java(
              //language=java
              """
                class Lenient {
                    static boolean put(byte[] b, int off, int v) {
                        try {
                            b[off] = (byte) (v >>> 8);
                            b[off + 1] = (byte) v;
                            return true;
                        } catch (IndexOutOfBoundsException e) {
                            return false;
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
    void shortValueIntoFourBytesIsListed() {
        rewriteRun(
          leftAloneBecause("a 4-byte view does not fit the stored value's type"),
          version(
            java(
              //language=java
              """
                class Widen {
                    static void put(byte[] b, short s) {
                        b[0] = (byte) (s >> 24);
                        b[1] = (byte) (s >> 16);
                        b[2] = (byte) (s >> 8);
                        b[3] = (byte) s;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void differentValuesAreNotOneStore() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Pair {
                    static void put(byte[] b, int hi, int lo) {
                        b[0] = (byte) hi;
                        b[1] = (byte) lo;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void sameByteStoredTwiceIsNotACandidate() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          version(
            java(
              //language=java
              """
                class Bits {
                    static final int ALL = 0xFF;

                    static void fill(byte[] bits) {
                        bits[0] = (byte) ALL;
                        bits[1] = (byte) ALL;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void interleavedStatementBreaksTheRun() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Logged {
                    static void put(byte[] b, int v) {
                        b[0] = (byte) (v >>> 8);
                        System.out.println(b[0]);
                        b[1] = (byte) v;
                    }
                }
                """
            ),
            11
          )
        );
    }

    /** Byte stores into an {@code int[]}: no {@code byte[]} is indexed, so the file is not even looked at. */
    @Test
    void storesIntoAnIntArrayAreNotACandidate() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          version(
            java(
              //language=java
              """
                class Words {
                    static void put(int[] w, int off, int v) {
                        w[off] = (byte) (v >>> 8);
                        w[off + 1] = (byte) v;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void java8HasNoVarHandle() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Old {
                    static void put(byte[] b, int v) {
                        b[0] = (byte) (v >>> 8);
                        b[1] = (byte) v;
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void readsAndWritesInOneClassShareOneBlockOfFields() {
        rewriteRun(
          spec -> spec.recipes(new UseVarHandleForByteReads(), new UseVarHandleForByteWrites()),
          version(
            java(
              //language=java
              """
                class OrderIdCodec {

                    /** The id. */
                    static long readId(byte[] frame, int offset) {
                        return ((long) frame[offset] << 56) | ((frame[offset + 1] & 0xFFL) << 48) |
                               ((frame[offset + 2] & 0xFFL) << 40) | ((frame[offset + 3] & 0xFFL) << 32) |
                               ((frame[offset + 4] & 0xFFL) << 24) | ((frame[offset + 5] & 0xFFL) << 16) |
                               ((frame[offset + 6] & 0xFFL) << 8) | (frame[offset + 7] & 0xFFL);
                    }

                    static void writeLineCount(byte[] frame, int offset, int lines) {
                        frame[offset] = (byte) lines;
                        frame[offset + 1] = (byte) (lines >>> 8);
                        frame[offset + 2] = (byte) (lines >>> 16);
                        frame[offset + 3] = (byte) (lines >>> 24);
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class OrderIdCodec {

                    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
                    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

                    /** The id. */
                    static long readId(byte[] frame, int offset) {
                        return (long) LONG_BE.get(frame, offset);
                    }

                    static void writeLineCount(byte[] frame, int offset, int lines) {
                        INT_LE.set(frame, offset, lines);
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(version(BenchmarkSources.beforeBecomes("bytes/usevarhandleforbytewrites", "After"), 11));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("bytes/usevarhandleforbytewrites", "After"), 11));
    }

    /**
     * Random values, arrays and offsets, in range and out of it: before and after leave the same bytes, or both throw
     * an {@code IndexOutOfBoundsException} (before its subclass, having stored the bytes up to the bad index, as the
     * description says) or a {@code NullPointerException}.
     */
    @Test
    void benchmarkBeforeAndAfterBehaveAlike() throws Exception {
        CompiledBenchmark benchmark = CompiledBenchmark.of("bytes/usevarhandleforbytewrites");
        Random random = new Random(20261122);
        int checked = 0;
        for (Method before : benchmark.type("Before").getDeclaredMethods()) {
            Method after = benchmark.type("After").getDeclaredMethod(before.getName(), before.getParameterTypes());
            Class<?> valueType = before.getParameterTypes()[before.getParameterCount() - 1];
            for (int round = 0; round < RandomInputs.ROUNDS; round++) {
                byte[] expected = RandomInputs.array(random, round);
                byte[] actual = expected == null ? null : expected.clone();
                Object value = valueType == long.class ? (Object) random.nextLong() : (Object) random.nextInt();
                Object[] beforeArguments = before.getParameterCount() == 2 ? new Object[]{expected, value} :
                        new Object[]{expected, RandomInputs.offset(random), value};
                Object[] afterArguments = beforeArguments.clone();
                afterArguments[0] = actual;
                Object beforeOutcome = CompiledBenchmark.outcome(before, beforeArguments);
                Object afterOutcome = CompiledBenchmark.outcome(after, afterArguments);
                String description = before.getName() + Arrays.toString(beforeArguments);
                if (CompiledBenchmark.bothReturnedOrThrewAlike(beforeOutcome, afterOutcome, description)) {
                    assertThat(actual).as(description).isEqualTo(expected);
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(5_000);
    }
}

package dev.rewriteperf.bytes;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CompiledBenchmark;
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

class UseVarHandleForByteReadsTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new UseVarHandleForByteReads());
    }

    @DocumentExample
    @Test
    void bigEndianLongAsInJavaIoBits() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Bits {
                    static long getLong(byte[] b, int off) {
                        return ((b[off + 7] & 0xFFL)      ) +
                               ((b[off + 6] & 0xFFL) <<  8) +
                               ((b[off + 5] & 0xFFL) << 16) +
                               ((b[off + 4] & 0xFFL) << 24) +
                               ((b[off + 3] & 0xFFL) << 32) +
                               ((b[off + 2] & 0xFFL) << 40) +
                               ((b[off + 1] & 0xFFL) << 48) +
                               (((long) b[off])      << 56);
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Bits {
                    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

                    static long getLong(byte[] b, int off) {
                        return (long) LONG_BE.get(b, off);
                    }
                }
                """
            ),
            11
          )
        );
    }

    /**
     * Imports added before the file's first, in its one group, join that group: the held-out telemetry's decoder got a
     * blank line between {@code java.lang.invoke.VarHandle} and its own {@code java.nio.ByteBuffer}, given back as
     * though {@code ByteBuffer} still started a group.
     */
    @Test
    void importsAddedBeforeTheFirstJoinItsGroup() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                package com.acme;

                import java.nio.ByteBuffer;
                import java.util.List;

                class Frames {
                    static int length(byte[] f, List<ByteBuffer> sink) {
                        return (f[0] & 0xFF) << 24 | (f[1] & 0xFF) << 16 | (f[2] & 0xFF) << 8 | (f[3] & 0xFF);
                    }
                }
                """,
              //language=java
              """
                package com.acme;

                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteBuffer;
                import java.nio.ByteOrder;
                import java.util.List;

                class Frames {
                    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

                    static int length(byte[] f, List<ByteBuffer> sink) {
                        return (int) INT_BE.get(f, 0);
                    }
                }
                """
            ),
            17)
        );
    }

    @Test
    void theViewFieldFollowsTheSerialVersionUid() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.io.Serializable;

                class Frame implements Serializable {
                    private static final long serialVersionUID = 1L;

                    private final byte[] header = new byte[8];

                    int length() {
                        return (header[0] & 0xFF) << 24 | (header[1] & 0xFF) << 16 | (header[2] & 0xFF) << 8 | (header[3] & 0xFF);
                    }
                }
                """,
              //language=java
              """
                import java.io.Serializable;
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Frame implements Serializable {
                    private static final long serialVersionUID = 1L;
                    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

                    private final byte[] header = new byte[8];

                    int length() {
                        return (int) INT_BE.get(header, 0);
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void theViewFieldIsNamedAsTheFilesConstantsAre() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Frame {
                    private static final int headerLength = 4;
                    private static final int maxFrames = 16;

                    static int length(byte[] header) {
                        return (header[0] & 0xFF) << 24 | (header[1] & 0xFF) << 16 | (header[2] & 0xFF) << 8 | (header[3] & 0xFF);
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Frame {
                    private static final VarHandle intBe = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

                    private static final int headerLength = 4;
                    private static final int maxFrames = 16;

                    static int length(byte[] header) {
                        return (int) intBe.get(header, 0);
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void littleEndianIntWithOrAndBothOperandOrders() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Codec {
                    private final byte[] buffer = new byte[16];

                    int readInt(int pos) {
                        return buffer[pos] & 0xFF | (buffer[pos + 1] & 0xFF) << 8 | (0xFF & buffer[pos + 2]) << 16 | buffer[pos + 3] << 24;
                    }

                    int first() {
                        return (buffer[3] << 24) | ((buffer[2] & 0xFF) << 16) | ((buffer[1] & 0xFF) << 8) | (buffer[0] & 0xFF);
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Codec {
                    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

                    private final byte[] buffer = new byte[16];

                    int readInt(int pos) {
                        return (int) INT_LE.get(buffer, pos);
                    }

                    int first() {
                        return (int) INT_LE.get(buffer, 0);
                    }
                }
                """
            ),
            17
          )
        );
    }
    @Test
    void unsignedIntInALongAndFloatingPointButNotShortsOrChars() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Reader {
                    static long uint32(byte[] b, int off) {
                        return (b[off] & 0xFFL) << 24 | (b[off + 1] & 0xFFL) << 16 | (b[off + 2] & 0xFFL) << 8 | b[off + 3] & 0xFFL;
                    }

                    static int uint16(byte[] b, int off) {
                        return (b[off] & 0xFF) << 8 | b[off + 1] & 0xFF;
                    }

                    static short int16(byte[] b, int off) {
                        return (short) ((b[off + 1] << 8) | (b[off] & 0xFF));
                    }

                    static char utf16(byte[] b, int off) {
                        return (char) (((b[off] & 0xFF) << 8) + (b[off + 1] & 0xFF));
                    }

                    static float float32(byte[] b, int off) {
                        return Float.intBitsToFloat((b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | b[off + 3] & 0xFF);
                    }

                    static double float64(byte[] b) {
                        return Double.longBitsToDouble((b[0] & 0xFFL) | (b[1] & 0xFFL) << 8 | (b[2] & 0xFFL) << 16 | (b[3] & 0xFFL) << 24 |
                                (b[4] & 0xFFL) << 32 | (b[5] & 0xFFL) << 40 | (b[6] & 0xFFL) << 48 | (long) b[7] << 56);
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Reader {
                    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
                    private static final VarHandle FLOAT_BE = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.BIG_ENDIAN);
                    private static final VarHandle DOUBLE_LE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

                    static long uint32(byte[] b, int off) {
                        return Integer.toUnsignedLong((int) INT_BE.get(b, off));
                    }

                    static int uint16(byte[] b, int off) {
                        return (b[off] & 0xFF) << 8 | b[off + 1] & 0xFF;
                    }

                    static short int16(byte[] b, int off) {
                        return (short) ((b[off + 1] << 8) | (b[off] & 0xFF));
                    }

                    static char utf16(byte[] b, int off) {
                        return (char) (((b[off] & 0xFF) << 8) + (b[off + 1] & 0xFF));
                    }

                    static float float32(byte[] b, int off) {
                        return (float) FLOAT_BE.get(b, off);
                    }

                    static double float64(byte[] b) {
                        return (double) DOUBLE_LE.get(b, 0);
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void readOnTheLineAfterReturnMovesUpAsInCommonsIo() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                public class EndianUtils {

                    public static int readSwappedInteger(final byte[] data, final int offset) {
                        return
                            ((data[offset + 0] & 0xff) << 0) +
                            ((data[offset + 1] & 0xff) << 8) +
                            ((data[offset + 2] & 0xff) << 16) +
                            ((data[offset + 3] & 0xff) << 24);
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                public class EndianUtils {

                    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

                    public static int readSwappedInteger(final byte[] data, final int offset) {
                        return (int) INT_LE.get(data, offset);
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void existingViewFieldIsReusedAndNestedClassesUseTheTopLevelField() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Frames {
                    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

                    static int length(byte[] frame) {
                        return (int) INT.get(frame, 0);
                    }

                    static class Header {
                        int[] words = new int[2];

                        int word(byte[] b, int i) {
                            return (b[(i << 2) + 3] & 0xFF) | (b[(i << 2) + 2] & 0xFF) << 8 | (b[(i << 2) + 1] & 0xFF) << 16 | (b[i << 2] & 0xFF) << 24;
                        }
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Frames {
                    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

                    static int length(byte[] frame) {
                        return (int) INT.get(frame, 0);
                    }

                    static class Header {
                        int[] words = new int[2];

                        int word(byte[] b, int i) {
                            return (int) INT.get(b, i << 2);
                        }
                    }
                }
                """
            ),
            11
          )
        );
    }

    /**
     * Two bytes are left alone and listed: the benchmarks measure views on ints and longs only. (A long assembled from
     * two bytes, {@code ByteViewPropertiesTest}'s find, was read as a short and widened back to a long.)
     */
    @Test
    void twoBytesAreListedAndLeftAlone() {
        rewriteRun(
          leftAloneBecause("two bytes: the benchmarks measure views on ints and longs, not on shorts"),
          version(
            java(
              //language=java
              """
                class Boxed {
                    static Object port(byte[] b) {
                        return (b[0] & 0xFFL) | (b[1] & 0xFFL) << 8;
                    }

                    static char utf16(byte[] b, int off) {
                        return (char) (((b[off] & 0xFF) << 8) + (b[off + 1] & 0xFF));
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void nestedConstantOffsetsAddUp() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Record {
                    static long sequence(byte[] record, int start) {
                        long high = (record[start + 4] & 0xFF) << 24 | (record[start + 4 + 1] & 0xFF) << 16 |
                                (record[start + 4 + 2] & 0xFF) << 8 | record[start + 4 + 3] & 0xFF;
                        return high;
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Record {
                    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

                    static long sequence(byte[] record, int start) {
                        long high = (int) INT_BE.get(record, start + 4);
                        return high;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void blankLineBetweenTheAddedFieldsAndAFirstMemberWithJavadoc() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Utf32 {
                    /**
                     * The highest code point.
                     */
                    static final int LAST = 0x10FFFF;

                    int low(byte[] buffer, int ptr) {
                        return ((buffer[ptr] & 0xFF) << 24) | ((buffer[ptr + 1] & 0xFF) << 16) | ((buffer[ptr + 2] & 0xFF) << 8) |
                               (buffer[ptr + 3] & 0xFF);
                    }
                }
                """,
              //language=java
              """
                import java.lang.invoke.MethodHandles;
                import java.lang.invoke.VarHandle;
                import java.nio.ByteOrder;

                class Utf32 {
                    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

                    /**
                     * The highest code point.
                     */
                    static final int LAST = 0x10FFFF;

                    int low(byte[] buffer, int ptr) {
                        return (int) INT_BE.get(buffer, ptr);
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void threeBytesAreListed() {
        rewriteRun(
          leftAloneBecause("3 bytes"),
          version(
            java(
              //language=java
              """
                class Medium {
                    static int uint24(byte[] b, int off) {
                        return (b[off] & 0xFF) << 16 | (b[off + 1] & 0xFF) << 8 | b[off + 2] & 0xFF;
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
                    static int read(byte[] b, int off) {
                        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | b[off + 3] & 0xFF;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void unmaskedLowerByteIsListed() {
        rewriteRun(
          leftAloneBecause("a byte below the highest is not masked with 0xFF"),
          version(
            java(
              //language=java
              """
                class Unmasked {
                    static int read(byte[] b, int off) {
                        return b[off] << 24 | b[off + 1] << 16 | (b[off + 2] & 0xFF) << 8 | b[off + 3] & 0xFF;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void intHighByteSignExtendedIntoALongIsListed() {
        rewriteRun(
          leftAloneBecause("the highest byte is an int that would be sign-extended into the long"),
          version(
            java(
              //language=java
              """
                class Widened {
                    static long read(byte[] b, int off) {
                        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFFL) << 16 | (b[off + 2] & 0xFFL) << 8 | b[off + 3] & 0xFFL;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void repeatedByteIsListed() {
        rewriteRun(
          leftAloneBecause("the bytes are not 4 consecutive elements, each read once"),
          version(
            java(
              //language=java
              """
                class Repeated {
                    static int read(byte[] b, int off) {
                        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 1] & 0xFF) << 8 | b[off + 3] & 0xFF;
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
          leftAloneBecause("the bytes are not 2 consecutive elements, each read once"),
          version(
            java(
              //language=java
              """
                class Cursor {
                    private final byte[] data = new byte[8];
                    private int pos;

                    int readShort() {
                        return (data[pos++] & 0xFF) << 8 | data[pos++] & 0xFF;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void indexFromACallIsListed() {
        rewriteRun(
          leftAloneBecause("the array or index is not a plain variable, field or arithmetic on them"),
          version(
            java(
              //language=java
              """
                class Calls {
                    private int next;

                    int position() {
                        return next += 2;
                    }

                    int read(byte[] b) {
                        return (b[position()] & 0xFF) << 8 | b[position() + 1] & 0xFF;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void volatileIndexIsListed() {
        rewriteRun(
          leftAloneBecause("the array or index is not a plain variable, field or arithmetic on them"),
          version(
            java(
              //language=java
              """
                class Shared {
                    private volatile int offset;

                    int read(byte[] b) {
                        return (b[offset] & 0xFF) << 8 | b[offset + 1] & 0xFF;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void caughtArrayIndexOutOfBoundsIsListed() {
        rewriteRun(
          leftAloneBecause("an enclosing try catches ArrayIndexOutOfBoundsException"),
          version(
            java(
              //language=java
              """
                class Lenient {
                    static int readOrZero(byte[] b, int off) {
                        try {
                            return (b[off] & 0xFF) << 8 | b[off + 1] & 0xFF;
                        } catch (ArrayIndexOutOfBoundsException e) {
                            return 0;
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
    void signedShortInAnIntIsListed() {
        rewriteRun(
          leftAloneBecause("a signed 2-byte value widened to int"),
          version(
            java(
              //language=java
              """
                class Signed {
                    static int read(byte[] b, int off) {
                        return b[off] << 8 | b[off + 1] & 0xFF;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void enumIsListed() {
        rewriteRun(
          leftAloneBecause("the top-level type is an enum"),
          version(
            java(
              //language=java
              """
                enum Endian {
                    BIG;

                    int read(byte[] b, int off) {
                        return (b[off] & 0xFF) << 8 | b[off + 1] & 0xFF;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void interfaceIsListed() {
        rewriteRun(
          leftAloneBecause("the top-level type is an interface"),
          version(
            java(
              //language=java
              """
                interface Readable {
                    default int read(byte[] b, int off) {
                        return (b[off] & 0xFF) << 8 | b[off + 1] & 0xFF;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void charArrayIsNotACandidate() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Chars {
                    static int read(char[] c, int off) {
                        return (c[off] & 0xFF) << 8 | c[off + 1] & 0xFF;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void twoArraysAreNotOneValue() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                class Two {
                    static int read(byte[] a, byte[] b) {
                        return (a[0] & 0xFF) << 8 | b[1] & 0xFF;
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
                    static int read(byte[] b, int off) {
                        return (b[off] & 0xFF) << 8 | b[off + 1] & 0xFF;
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
        rewriteRun(version(BenchmarkSources.beforeBecomes("bytes/usevarhandleforbytereads", "After"), 11));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("bytes/usevarhandleforbytereads", "After"), 11));
    }

    /**
     * Random arrays and offsets, in range and out of it: before and after return the same value, or both throw an
     * {@code IndexOutOfBoundsException} (before its subclass {@code ArrayIndexOutOfBoundsException}, as the
     * description says) or a {@code NullPointerException}.
     */
    @Test
    void benchmarkBeforeAndAfterBehaveAlike() throws Exception {
        CompiledBenchmark benchmark = CompiledBenchmark.of("bytes/usevarhandleforbytereads");
        Random random = new Random(20261122);
        int checked = 0;
        for (Method before : benchmark.type("Before").getDeclaredMethods()) {
            Method after = benchmark.type("After").getDeclaredMethod(before.getName(), before.getParameterTypes());
            for (int round = 0; round < RandomInputs.ROUNDS; round++) {
                byte[] bytes = RandomInputs.array(random, round);
                Object[] arguments = before.getParameterCount() == 1 ? new Object[]{bytes} :
                        new Object[]{bytes, RandomInputs.offset(random)};
                Object expected = CompiledBenchmark.outcome(before, arguments);
                Object actual = CompiledBenchmark.outcome(after, arguments);
                String description = before.getName() + Arrays.toString(arguments);
                if (CompiledBenchmark.bothReturnedOrThrewAlike(expected, actual, description)) {
                    assertThat(actual).as(description).isEqualTo(expected);
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(5_000);
    }

    @Test
    void aClassWhoseDeclaredFieldsAreListedGetsNoViewField() {
        rewriteRun(
          leftAloneBecause("`Header.class.getDeclaredFields()` lists the class's declared fields by reflection"),
          version(
            java(
              //language=java
              """
                class Header {
                    int length;

                    static int readInt(byte[] b, int off) {
                        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | b[off + 3] & 0xFF;
                    }

                    static int fieldCount() {
                        return Header.class.getDeclaredFields().length;
                    }
                }
                """
            ),
            11
          )
        );
    }
}

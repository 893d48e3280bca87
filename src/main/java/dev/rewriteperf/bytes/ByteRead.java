package dev.rewriteperf.bytes;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.search.SemanticallyEqual;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

import java.util.ArrayList;
import java.util.List;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * A value assembled by hand from consecutive bytes of one {@code byte[]}: the bytes masked, shifted into place and
 * combined with {@code |} or {@code +}, such as
 * {@code (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | b[off + 3] & 0xFF}.
 * Parsed from the top of the {@code |}/{@code +} chain; each operand must be one byte of the same array.
 */
final class ByteRead {

    final Expression array;
    final ByteTerm.Index index;
    final int bytes;
    /** 32 or 64: the bits of the assembled value. */
    final int width;
    final boolean bigEndian;
    /** The highest byte is not masked, so the value is sign-extended from its top bit. */
    final boolean signed;
    final @Nullable String reason;

    private ByteRead(Expression array, ByteTerm.Index index, int bytes, int width, boolean bigEndian, boolean signed,
                     @Nullable String reason) {
        this.array = array;
        this.index = index;
        this.bytes = bytes;
        this.width = width;
        this.bigEndian = bigEndian;
        this.signed = signed;
        this.reason = reason;
    }

    /**
     * The read {@code chain} assembles, with a reason when it cannot be proven equal to a view read; null when
     * it is not a chain of bytes of one array at all.
     */
    static @Nullable ByteRead of(J.Binary chain) {
        J.Binary.Type operator = chain.getOperator();
        if (operator != J.Binary.Type.BitOr && operator != J.Binary.Type.Addition ||
            chain.getType() != JavaType.Primitive.Int && chain.getType() != JavaType.Primitive.Long) {
            return null;
        }
        List<ByteTerm> terms = new ArrayList<>();
        for (Expression operand : operands(chain, operator, new ArrayList<>())) {
            ByteTerm term = ByteTerm.of(operand);
            if (term == null || !sameArray(term, terms.isEmpty() ? term : terms.get(0))) {
                return null;
            }
            terms.add(term);
        }
        int width = ByteTerm.bits((JavaType.Primitive) chain.getType());
        return read(terms, width);
    }

    private static ByteRead read(List<ByteTerm> terms, int width) {
        ByteTerm first = terms.get(0);
        int n = terms.size();
        for (ByteTerm term : terms) {
            if (!term.index.sameBase(first.index)) {
                return refused(terms, width, "the bytes are not read at one index plus constants");
            }
        }
        if (n != 2 && n != 4 && n != 8 || 8 * n > width) {
            return refused(terms, width, n + " bytes: a VarHandle view reads 2, 4 or 8 bytes into a value at least as wide");
        }
        ByteTerm lowest = ByteTerm.Index.lowest(terms, term -> term.index);
        String orderReason = orderReason(terms, lowest);
        if (orderReason != null) {
            return refused(terms, width, orderReason);
        }
        String signReason = signReason(terms, width);
        if (signReason != null) {
            return refused(terms, width, signReason);
        }
        boolean signed = false;
        for (ByteTerm term : terms) {
            signed |= term.shift == 8 * (n - 1) && !term.masked && 8 * n < width;
        }
        return new ByteRead(first.access.getIndexed(), lowest.index, n, width, isBigEndian(terms, lowest), signed, null);
    }

    /**
     * Why the terms are not {@code n} consecutive bytes from {@code lowest} on, each read once, shifted in one byte
     * order; null when they are.
     */
    private static @Nullable String orderReason(List<ByteTerm> terms, ByteTerm lowest) {
        int n = terms.size();
        boolean littleEndian = true;
        boolean bigEndian = true;
        boolean[] seen = new boolean[n];
        for (ByteTerm term : terms) {
            long position = (long) term.index.constant - lowest.index.constant;
            if (position >= n || seen[(int) position]) {
                return "the bytes are not " + n + " consecutive elements, each read once";
            }
            seen[(int) position] = true;
            littleEndian &= term.shift == 8 * position;
            bigEndian &= term.shift == 8 * (n - 1 - position);
        }
        return littleEndian || bigEndian ? null : "the shifts follow neither byte order";
    }

    /** Whether the byte at {@code lowest}'s index is the highest: the terms, in one byte order, are big-endian. */
    private static boolean isBigEndian(List<ByteTerm> terms, ByteTerm lowest) {
        return lowest.shift == 8 * (terms.size() - 1);
    }

    /**
     * Why a term sets bits outside its own byte of the {@code width}-bit value (a sign spilling over), other than
     * the highest byte sign-extending a value narrower than {@code width}, which a signed read reproduces; null when
     * none does.
     */
    private static @Nullable String signReason(List<ByteTerm> terms, int width) {
        int n = terms.size();
        for (ByteTerm term : terms) {
            boolean top = term.shift == 8 * (n - 1);
            if (!(top && !term.masked && 8 * n < width) && !term.setsOnlyItsByte(width)) {
                return top ? "the highest byte is an int that would be sign-extended into the long" :
                        "a byte below the highest is not masked with 0xFF, so its sign spills into the bytes above it";
            }
        }
        return null;
    }

    private static ByteRead refused(List<ByteTerm> terms, int width, String reason) {
        ByteTerm first = terms.get(0);
        return new ByteRead(first.access.getIndexed(), first.index, terms.size(), width, true, false, reason);
    }

    private static boolean sameArray(ByteTerm term, ByteTerm first) {
        return SemanticallyEqual.areEqual(unwrap(term.access.getIndexed()), unwrap(first.access.getIndexed()));
    }

    /** The operands of a chain of one operator, through parentheses: {@code (a | b) | c} has a, b and c. */
    static List<Expression> operands(Expression expression, J.Binary.Type operator, List<Expression> into) {
        Expression e = unwrap(expression);
        if (e instanceof J.Binary && ((J.Binary) e).getOperator() == operator && e.getType() == expression.getType()) {
            operands(((J.Binary) e).getLeft(), operator, into);
            operands(((J.Binary) e).getRight(), operator, into);
        } else {
            into.add(expression);
        }
        return into;
    }
}

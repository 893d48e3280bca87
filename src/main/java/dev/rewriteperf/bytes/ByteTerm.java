package dev.rewriteperf.bytes;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.search.SemanticallyEqual;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

import java.util.List;
import java.util.function.Function;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * One byte of a hand-assembled value: {@code b[off + k]}, optionally widened by a cast, masked with
 * {@code 0xFF}/{@code 0xFFL} and shifted left by a constant, as in {@code (b[off + 2] & 0xFF) << 16}.
 */
final class ByteTerm {

    final J.ArrayAccess access;
    final Index index;
    final int shift;
    final boolean masked;
    /** {@code int} or {@code long}: the type the byte is shifted in. */
    final JavaType.Primitive type;

    private ByteTerm(J.ArrayAccess access, Index index, int shift, boolean masked, JavaType.Primitive type) {
        this.access = access;
        this.index = index;
        this.shift = shift;
        this.masked = masked;
        this.type = type;
    }

    /** The term, or null when {@code expression} is not one byte of a {@code byte[]}, masked and shifted. */
    static @Nullable ByteTerm of(Expression expression) {
        Expression e = unwrap(expression);
        JavaType.Primitive type = integral(e.getType());
        if (type == null) {
            return null;
        }
        int shift = 0;
        if (e instanceof J.Binary && ((J.Binary) e).getOperator() == J.Binary.Type.LeftShift) {
            Integer distance = intLiteral(((J.Binary) e).getRight());
            if (distance == null || distance < 0 || distance >= (type == JavaType.Primitive.Long ? 64 : 32)) {
                return null;
            }
            shift = distance;
            e = unwrap(((J.Binary) e).getLeft());
        }
        e = widened(e);
        boolean masked = false;
        if (e instanceof J.Binary && ((J.Binary) e).getOperator() == J.Binary.Type.BitAnd) {
            J.Binary and = (J.Binary) e;
            Expression other = isByteMask(and.getRight()) ? and.getLeft() : isByteMask(and.getLeft()) ? and.getRight() : null;
            if (other == null) {
                return null;
            }
            masked = true;
            e = widened(unwrap(other));
        }
        if (!(e instanceof J.ArrayAccess) || !isByteArray(((J.ArrayAccess) e).getIndexed().getType())) {
            return null;
        }
        J.ArrayAccess access = (J.ArrayAccess) e;
        return new ByteTerm(access, Index.of(access.getDimension().getIndex()), shift, masked, type);
    }

    /** Strips casts to {@code int} or {@code long}, which widen a byte without changing its value. */
    private static Expression widened(Expression expression) {
        Expression e = expression;
        while (e instanceof J.TypeCast && integral(e.getType()) != null) {
            e = unwrap(((J.TypeCast) e).getExpression());
        }
        return e;
    }

    private static JavaType.@Nullable Primitive integral(@Nullable JavaType type) {
        return type == JavaType.Primitive.Int || type == JavaType.Primitive.Long ? (JavaType.Primitive) type : null;
    }

    private static boolean isByteMask(Expression expression) {
        Expression e = unwrap(expression);
        return e instanceof J.Literal && ((J.Literal) e).getValue() instanceof Number &&
               (e.getType() == JavaType.Primitive.Int || e.getType() == JavaType.Primitive.Long) &&
               ((Number) ((J.Literal) e).getValue()).longValue() == 0xFF;
    }

    static boolean isByteArray(@Nullable JavaType type) {
        return type instanceof JavaType.Array && ((JavaType.Array) type).getElemType() == JavaType.Primitive.Byte;
    }

    static @Nullable Integer intLiteral(Expression expression) {
        Expression e = unwrap(expression);
        return e instanceof J.Literal && e.getType() == JavaType.Primitive.Int && ((J.Literal) e).getValue() instanceof Integer ?
                (Integer) ((J.Literal) e).getValue() : null;
    }

    /** The bits this term sets in a value of {@code width} bits, or null when it may set others (sign extension). */
    boolean setsOnlyItsByte(int width) {
        if (!masked) {
            return shift + 8 == width && bits(type) == width;
        }
        return bits(type) == width || shift + 8 < bits(type);
    }

    static int bits(JavaType.Primitive type) {
        return type == JavaType.Primitive.Long ? 64 : 32;
    }

    /** An array index as a base expression (null when the index is a constant) plus a constant. */
    static final class Index {
        final @Nullable Expression base;
        final int constant;

        private Index(@Nullable Expression base, int constant) {
            this.base = base;
            this.constant = constant;
        }

        /** {@code off + 1 + 2} is {@code off} plus 3; {@code 4 + off} is {@code off} plus 4; {@code 7} is 7. */
        static Index of(Expression index) {
            Expression e = unwrap(index);
            Integer literal = intLiteral(e);
            if (literal != null) {
                return new Index(null, literal);
            }
            if (e instanceof J.Binary && ((J.Binary) e).getOperator() == J.Binary.Type.Addition) {
                J.Binary sum = (J.Binary) e;
                Integer right = intLiteral(sum.getRight());
                Integer left = intLiteral(sum.getLeft());
                if (right != null || left != null) {
                    Index rest = of(right != null ? sum.getLeft() : sum.getRight());
                    long constant = (long) rest.constant + (right != null ? right : left);
                    if (constant == (int) constant) {
                        return new Index(rest.base, (int) constant);
                    }
                }
            }
            return new Index(e, 0);
        }

        /** The item at the lowest index of {@code items}, the first of them when several are. */
        static <T> T lowest(List<T> items, Function<T, Index> indexOf) {
            T lowest = items.get(0);
            for (T item : items) {
                if (indexOf.apply(item).constant < indexOf.apply(lowest).constant) {
                    lowest = item;
                }
            }
            return lowest;
        }

        boolean sameBase(Index other) {
            return base == null ? other.base == null : other.base != null && SemanticallyEqual.areEqual(base, other.base);
        }
    }
}

package dev.rewriteperf.bytes;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.search.SemanticallyEqual;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * One statement storing one byte of a value: {@code b[off + k] = (byte) (v >>> s)}, with {@code >>} or
 * {@code >>>}, with or without {@code & 0xFF} (either side), or {@code (byte) v} for the lowest byte. The cast keeps the low
 * eight bits, so all these forms store bits {@code s} to {@code s + 7} of {@code v}.
 */
final class ByteWrite {

    final Statement statement;
    final Expression array;
    final ByteTerm.Index index;
    final Expression value;
    final int shift;

    private ByteWrite(Statement statement, Expression array, ByteTerm.Index index, Expression value, int shift) {
        this.statement = statement;
        this.array = array;
        this.index = index;
        this.value = value;
        this.shift = shift;
    }

    static @Nullable ByteWrite of(Statement statement) {
        if (!(statement instanceof J.Assignment) || !(((J.Assignment) statement).getVariable() instanceof J.ArrayAccess)) {
            return null;
        }
        J.Assignment assignment = (J.Assignment) statement;
        J.ArrayAccess access = (J.ArrayAccess) assignment.getVariable();
        Expression stored = unwrap(assignment.getAssignment());
        if (!ByteTerm.isByteArray(access.getIndexed().getType()) || !(stored instanceof J.TypeCast) ||
            stored.getType() != JavaType.Primitive.Byte) {
            return null;
        }
        Expression e = unwrap(((J.TypeCast) stored).getExpression());
        if (e instanceof J.Binary && ((J.Binary) e).getOperator() == J.Binary.Type.BitAnd) {
            J.Binary and = (J.Binary) e;
            e = unwrap(isByteMask(and.getRight()) ? and.getLeft() : isByteMask(and.getLeft()) ? and.getRight() : e);
        }
        int shift = 0;
        if (e instanceof J.Binary && (((J.Binary) e).getOperator() == J.Binary.Type.RightShift ||
                                      ((J.Binary) e).getOperator() == J.Binary.Type.UnsignedRightShift)) {
            Integer distance = ByteTerm.intLiteral(((J.Binary) e).getRight());
            if (distance == null) {
                return null;
            }
            shift = distance;
            e = unwrap(((J.Binary) e).getLeft());
        }
        int bits = bits(e.getType());
        if (bits == 0 || shift < 0 || shift + 8 > bits) {
            return null;
        }
        return new ByteWrite(statement, access.getIndexed(), ByteTerm.Index.of(access.getDimension().getIndex()), e, shift);
    }

    /** The bits of {@code type} once promoted for a shift: 32 up to {@code int}, 64 for {@code long}; 0 otherwise. */
    static int bits(@Nullable JavaType type) {
        if (type == JavaType.Primitive.Long) {
            return 64;
        }
        return type == JavaType.Primitive.Int || type == JavaType.Primitive.Short || type == JavaType.Primitive.Char ? 32 : 0;
    }

    boolean sameTarget(ByteWrite other) {
        return SemanticallyEqual.areEqual(unwrap(array), unwrap(other.array)) &&
               SemanticallyEqual.areEqual(value, other.value);
    }

    private static boolean isByteMask(Expression expression) {
        Expression e = unwrap(expression);
        return e instanceof J.Literal && ((J.Literal) e).getValue() instanceof Number &&
               ((Number) ((J.Literal) e).getValue()).longValue() == 0xFF;
    }
}

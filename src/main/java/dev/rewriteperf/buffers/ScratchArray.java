package dev.rewriteperf.buffers;

import dev.rewriteperf.analysis.evaluation.Constants;
import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

/** {@code byte[] buf = new byte[size];} or its {@code char[]} twin: one local, a fresh array of one dimension. */
final class ScratchArray {

    private ScratchArray() {
    }

    /** The declaration {@code statement} is, when it declares only such an array; otherwise null. */
    static J.@Nullable VariableDeclarations declaredBy(Statement statement) {
        if (!(statement instanceof J.VariableDeclarations) || ((J.VariableDeclarations) statement).getVariables().size() != 1) {
            return null;
        }
        J.VariableDeclarations declaration = (J.VariableDeclarations) statement;
        Expression initializer = declaration.getVariables().get(0).getInitializer();
        if (initializer == null || !(ExpressionShapes.unwrap(initializer) instanceof J.NewArray)) {
            return null;
        }
        J.NewArray array = (J.NewArray) ExpressionShapes.unwrap(initializer);
        JavaType type = declaration.getType();
        boolean bytesOrChars = type instanceof JavaType.Array &&
                               (((JavaType.Array) type).getElemType() == JavaType.Primitive.Byte ||
                                ((JavaType.Array) type).getElemType() == JavaType.Primitive.Char);
        return bytesOrChars && array.getDimensions().size() == 1 && array.getInitializer() == null ? declaration : null;
    }

    /**
     * The size is literals and {@code static final} fields combined by arithmetic: the same wherever and whenever
     * it is evaluated, and not a variable that could be zero or negative only sometimes.
     */
    static boolean hasConstantSize(J.VariableDeclarations declaration) {
        Expression size = ((J.NewArray) ExpressionShapes.unwrap(declaration.getVariables().get(0).getInitializer()))
                .getDimensions().get(0).getIndex();
        return SafeToEvaluate.sameValueEachRead(size) && References.firstIdentifier(size, id -> !Constants.isStaticFinal(id.getFieldType())) == null;
    }
}

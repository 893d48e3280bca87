package dev.rewriteperf.buffers;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.writing.Templates;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * Replaces one value's null checks, {@code .length} and whole-array consumers with the length and the slice, in
 * the statements after {@code byte[] value = db.get(..)} once it reads into the buffer; {@link RocksDbValueUses}
 * has checked that these are its only uses.
 */
final class ValueUseRewriter extends JavaVisitor<ExecutionContext> {
    private final String value;
    private final J.Identifier length;

    ValueUseRewriter(String value, J.Identifier length) {
        this.value = value;
        this.length = length;
    }

    @Override
    public J visitBinary(J.Binary binary, ExecutionContext ctx) {
        J.Binary.Type check = RocksDbValueUses.nullCheck(binary, value);
        if (check == null) {
            return super.visitBinary(binary, ctx);
        }
        return Templates.builder("#{any(int)} " + (check == J.Binary.Type.Equal ? "==" : "!=") + " RocksDB.NOT_FOUND",
                        ctx, RocksDbGet.STUBS)
                .imports(RocksDbGet.ROCKS_DB)
                .build()
                .apply(getCursor(), binary.getCoordinates().replace(), length.withPrefix(Space.EMPTY));
    }

    @Override
    public J visitFieldAccess(J.FieldAccess fieldAccess, ExecutionContext ctx) {
        return ExpressionShapes.isLengthOf(fieldAccess, value) ? length.withPrefix(fieldAccess.getPrefix()) :
                super.visitFieldAccess(fieldAccess, ctx);
    }

    @Override
    public J visitNewClass(J.NewClass newClass, ExecutionContext ctx) {
        J.NewClass n = (J.NewClass) super.visitNewClass(newClass, ctx);
        List<Expression> arguments = n.getArguments();
        if (!TypeUtils.isOfClassType(n.getType(), "java.lang.String") || arguments.size() > 2 ||
            !ExpressionShapes.isNamed(unwrap(arguments.get(0)), value)) {
            return n;
        }
        String charset = arguments.size() < 2 ? "" :
                TypeUtils.isString(arguments.get(1).getType()) ? ", #{any(java.lang.String)}" :
                        ", #{any(java.nio.charset.Charset)}";
        List<Object> parameters = new ArrayList<>(Arrays.asList(arguments.get(0), length.withPrefix(Space.EMPTY)));
        if (arguments.size() > 1) {
            parameters.add(arguments.get(1));
        }
        return Templates.builder("new String(#{anyArray(byte)}, 0, #{any(int)}" + charset + ")", ctx)
                .build()
                .apply(getCursor(), n.getCoordinates().replace(), parameters.toArray());
    }

    @Override
    public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation m = (J.MethodInvocation) super.visitMethodInvocation(method, ctx);
        if (!RocksDbValueUses.BYTE_BUFFER_WRAP.matches(m) || !ExpressionShapes.isNamed(unwrap(m.getArguments().get(0)), value)) {
            return m;
        }
        return Templates.builder("ByteBuffer.wrap(#{anyArray(byte)}, 0, #{any(int)})", ctx)
                .imports("java.nio.ByteBuffer")
                .build()
                .apply(getCursor(), m.getCoordinates().replace(), m.getArguments().get(0), length.withPrefix(Space.EMPTY));
    }
}

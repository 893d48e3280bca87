package dev.rewriteperf.bytes;

import dev.rewriteperf.analysis.project.ReflectedFields;
import dev.rewriteperf.analysis.recipes.FieldAddingRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


public class UseVarHandleForByteReads extends FieldAddingRecipe implements GatedRecipe {

    private static final MethodMatcher INT_BITS_TO_FLOAT = new MethodMatcher("java.lang.Float intBitsToFloat(int)");
    private static final MethodMatcher LONG_BITS_TO_DOUBLE = new MethodMatcher("java.lang.Double longBitsToDouble(long)");

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Read ints and longs from `byte[]` with a `VarHandle` view";
    }

    @Override
    public String getDescription() {
        return "An int or long assembled by hand from the bytes of a `byte[]` becomes one read through a " +
               "`byteArrayViewVarHandle` field (Java 9+): one bounds check and one load. Assemblies it cannot prove " +
               "equal, and two-byte ones, are left alone. " + Measured.sentence(UseVarHandleForByteReads.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "VarHandle", "serialization"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(5);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(ReflectedFields reflected) {
        return Preconditions.check(new IndexesByteArray(),
                FileFormat.keptBy(new ByteReadVisitor(reflected)));
    }

    /** Replaces each byte read a view can do, outermost first, and lists the others. */
    private final class ByteReadVisitor extends ByteViewVisitor {

        ByteReadVisitor(ReflectedFields reflected) {
            super(reflected);
        }

        @Override
        public J visitTypeCast(J.TypeCast typeCast, ExecutionContext ctx) {
            JavaType type = typeCast.getType();
            ByteRead read = readIn(typeCast.getExpression());
            if ((type == JavaType.Primitive.Short || type == JavaType.Primitive.Char) && read != null &&
                read.reason == null && read.bytes == 2 && read.width == 32) {
                String cast = "(" + ((JavaType.Primitive) type).getKeyword() + ") ";
                J replaced = replace(typeCast, read, (JavaType.Primitive) type, cast + "%s", ctx);
                return replaced == null ? typeCast : replaced;
            }
            return super.visitTypeCast(typeCast, ctx);
        }

        @Override
        public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
            boolean toFloat = INT_BITS_TO_FLOAT.matches(method);
            if (toFloat || LONG_BITS_TO_DOUBLE.matches(method)) {
                ByteRead read = readIn(method.getArguments().get(0));
                if (read != null && read.reason == null && read.bytes * 8 == read.width) {
                    J replaced = replace(method, read, toFloat ? JavaType.Primitive.Float : JavaType.Primitive.Double,
                            toFloat ? "(float) %s" : "(double) %s", ctx);
                    return replaced == null ? method : replaced;
                }
            }
            return super.visitMethodInvocation(method, ctx);
        }

        @Override
        public J visitBinary(J.Binary binary, ExecutionContext ctx) {
            ByteRead read = isChainTop(binary) ? ByteRead.of(binary) : null;
            if (read == null) {
                return super.visitBinary(binary, ctx);
            }
            if (read.reason != null) {
                spots.leftAlone(ctx, getCursor(), binary, read.reason);
                return binary;
            }
            JavaType.Primitive component = read.bytes == 8 ? JavaType.Primitive.Long :
                    read.bytes == 4 ? JavaType.Primitive.Int : JavaType.Primitive.Short;
            String format = read.bytes * 8 == read.width ? "(" + component.getKeyword() + ") %s" :
                    read.signed ? null :
                            read.bytes == 4 ? "Integer.toUnsignedLong((int) %s)" :
                                    read.width == 64 ? "Short.toUnsignedLong((short) %s)" : "Short.toUnsignedInt((short) %s)";
            if (format == null) {
                spots.leftAlone(ctx, getCursor(), binary, "a signed " + read.bytes + "-byte value widened to " +
                        (read.width == 64 ? "long" : "int") + ": no view reads it without a second cast");
                return binary;
            }
            J replaced = replace(binary, read, component, format, ctx);
            return replaced == null ? binary : replaced;
        }

        /** {@code original} replaced by the view read, or null, recorded, when the site does not allow it. */
        private @Nullable J replace(Expression original, ByteRead read, JavaType.Primitive component, String format,
                                    ExecutionContext ctx) {
            String reason = siteReason(read.array, read.index, ARRAY_INDEX_OUT_OF_BOUNDS, ctx);
            if (reason == null && read.bytes == 2) {
                reason = TWO_BYTES;
            }
            if (reason == null && !spots.mayRewrite(ctx, getCursor(), original)) {
                return null;
            }
            J.Identifier field = reason == null ? viewField(new ByteView(component, read.bigEndian)) : null;
            if (field == null) {
                spots.leftAlone(ctx, getCursor(), original, reason != null ? reason : NO_FIELD_NAME);
                return null;
            }
            List<Object> parameters = new ArrayList<>(Arrays.asList(field, read.array));
            String index = indexCode(read.index, parameters);
            String code = String.format(format, "#{any(java.lang.invoke.VarHandle)}.get(#{anyArray(byte)}, " + index + ")");
            J replaced = Templates.builder(code, ctx)
                    .build()
                    .<J>apply(getCursor(), original.getCoordinates().replace(), parameters.toArray())
                    .withPrefix(prefix(original));
            spots.rewritten(ctx, getCursor(), original, replaced);
            return replaced;
        }

        /** The original's, except that a read that no longer needs lines of its own follows {@code return} directly. */
        private Space prefix(Expression original) {
            Space prefix = original.getPrefix();
            boolean returned = getCursor().getParentTreeCursor().getValue() instanceof J.Return;
            return returned && prefix.getComments().isEmpty() && prefix.getWhitespace().contains("\n") ? Space.SINGLE_SPACE : prefix;
        }

        private @Nullable ByteRead readIn(Expression expression) {
            Expression e = unwrap(expression);
            return e instanceof J.Binary ? ByteRead.of((J.Binary) e) : null;
        }

        /** A chain's operands are visited too; only the outermost operator of a chain is a candidate. */
        private boolean isChainTop(J.Binary binary) {
            Cursor parent = getCursor().getParentTreeCursor();
            while (parent.getValue() instanceof J.Parentheses) {
                parent = parent.getParentTreeCursor();
            }
            return !(parent.getValue() instanceof J.Binary) || ((J.Binary) parent.getValue()).getOperator() != binary.getOperator();
        }
    }
}

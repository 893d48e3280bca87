package dev.rewriteperf.buffers;

import dev.rewriteperf.analysis.evaluation.References;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.isLengthOf;
import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.isNamed;
import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.isNullLiteral;
import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * How the statements after {@code byte[] value = db.get(..)} use {@code value}, and whether each use can take the
 * reused buffer and the value's length instead: a null check ({@code length == RocksDB.NOT_FOUND}),
 * {@code value.length} (the length), {@code value[i]} in a loop up to {@code value.length}, and JDK calls that copy or
 * decode the whole array, which take the slice
 * {@code (buffer, 0, length)}. Every other use, an unguarded use (which threw {@code NullPointerException} on a
 * missing key) and any call between the read and the last use that could run the project's code (which might read
 * into the same buffer) keeps the allocating read.
 */
final class RocksDbValueUses {

    static final MethodMatcher BYTE_BUFFER_WRAP = new MethodMatcher("java.nio.ByteBuffer wrap(byte[])");
    private static final MethodMatcher BYTE_BUFFER_RELATIVE_GET = new MethodMatcher("java.nio.ByteBuffer get*()");
    private static final MethodMatcher BYTE_BUFFER_ORDER = new MethodMatcher("java.nio.ByteBuffer order(java.nio.ByteOrder)");
    private static final MethodMatcher ARRAYS_COPY_OF = new MethodMatcher("java.util.Arrays copyOf(byte[], int)");
    private static final MethodMatcher ARRAYCOPY = new MethodMatcher("java.lang.System arraycopy(Object, int, Object, int, int)");

    private RocksDbValueUses() {
    }

    /**
     * Why a use of {@code value} in {@code statements} (those after its declaration, under {@code parent}) cannot
     * take the buffer and the length, or a call before its last use might read into the buffer; null when every
     * use can and none might.
     */
    static @Nullable String reason(List<Statement> statements, Cursor parent, String value) {
        int guard = statements.isEmpty() ? -1 : exitsWhenNull(statements.get(0), value) ? 0 : -1;
        int lastUse = -1;
        for (int i = 0; i < statements.size(); i++) {
            String[] reason = new String[1];
            boolean[] used = new boolean[1];
            int index = i;
            new JavaIsoVisitor<Integer>() {
                @Override
                public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
                    if (reason[0] == null && identifier.getSimpleName().equals(value) && !References.isMemberOrDeclaredName(getCursor())) {
                        used[0] = true;
                        reason[0] = useReason(getCursor(), parent, index > guard && guard >= 0);
                    }
                    return identifier;
                }
            }.visit(statements.get(i), 0, parent);
            if (reason[0] != null) {
                return reason[0];
            }
            if (used[0]) {
                lastUse = i;
            }
        }
        for (int i = 0; i <= lastUse; i++) {
            String unknown = JdkCalls.firstOtherCall(i == guard ? ((J.If) statements.get(i)).getIfCondition() : statements.get(i));
            if (unknown != null) {
                return "`" + unknown + "` runs between the read and the value's last use and might read into the " +
                       "same buffer";
            }
        }
        return null;
    }

    /** {@code if (value == null) { ...; return/throw/break/continue; }} without an else. */
    static boolean exitsWhenNull(Statement statement, String value) {
        if (!(statement instanceof J.If) || ((J.If) statement).getElsePart() != null ||
            nullCheck(((J.If) statement).getIfCondition().getTree(), value) != J.Binary.Type.Equal) {
            return false;
        }
        Statement then = ((J.If) statement).getThenPart();
        if (then instanceof J.Block) {
            List<Statement> body = ((J.Block) then).getStatements();
            then = body.isEmpty() ? then : body.get(body.size() - 1);
        }
        return then instanceof J.Return || then instanceof J.Throw || then instanceof J.Break || then instanceof J.Continue;
    }

    /** {@code Equal} for {@code value == null}, {@code NotEqual} for {@code value != null} (either side), else null. */
    static J.Binary.@Nullable Type nullCheck(Expression expression, String value) {
        Expression e = unwrap(expression);
        if (!(e instanceof J.Binary)) {
            return null;
        }
        J.Binary binary = (J.Binary) e;
        if (binary.getOperator() != J.Binary.Type.Equal && binary.getOperator() != J.Binary.Type.NotEqual) {
            return null;
        }
        Expression left = unwrap(binary.getLeft());
        Expression right = unwrap(binary.getRight());
        boolean checks = isNamed(left, value) && isNullLiteral(right) || isNullLiteral(left) && isNamed(right, value);
        return checks ? binary.getOperator() : null;
    }

    /**
     * Why the {@code use} of the value cannot take the buffer and the length: it is none of the uses that can, sits
     * in a lambda or class, or is reached when the value is null; null when it can.
     */
    private static @Nullable String useReason(Cursor use, Cursor scope, boolean guardedByStatement) {
        Cursor parentCursor = use.getParentTreeCursor();
        Object parent = parentCursor.getValue();
        if (parent instanceof J.Binary && nullCheck((J.Binary) parent, ((J.Identifier) use.getValue()).getSimpleName()) != null) {
            return null;
        }
        if (!isReplaceable(use)) {
            return "the value is used other than by a null check, `.length` or a JDK call that copies or decodes it " +
                   "whole: `" + print(parentCursor) + "`";
        }
        String value = ((J.Identifier) use.getValue()).getSimpleName();
        boolean guarded = guardedByStatement;
        Object child = use.getValue();
        for (Cursor c = parentCursor; c.getValue() != scope.getValue(); c = c.getParentTreeCursor()) {
            Object tree = c.getValue();
            if (tree instanceof J.Lambda || tree instanceof J.ClassDeclaration ||
                tree instanceof J.NewClass && ((J.NewClass) tree).getBody() != null) {
                return "the value is used inside a lambda or class, which may run after the next read";
            }
            if (tree instanceof J.Ternary) {
                J.Binary.Type check = nullCheck(((J.Ternary) tree).getCondition(), value);
                guarded |= check == J.Binary.Type.Equal && ((J.Ternary) tree).getFalsePart() == child ||
                           check == J.Binary.Type.NotEqual && ((J.Ternary) tree).getTruePart() == child;
            }
            if (tree instanceof J.If) {
                J.Binary.Type check = nullCheck(((J.If) tree).getIfCondition().getTree(), value);
                guarded |= check == J.Binary.Type.NotEqual && ((J.If) tree).getThenPart() == child;
            }
            if (tree instanceof J.If.Else && c.getParentTreeCursor().getValue() instanceof J.If) {
                J.If ifStatement = c.getParentTreeCursor().getValue();
                guarded |= nullCheck(ifStatement.getIfCondition().getTree(), value) == J.Binary.Type.Equal;
            }
            if (tree instanceof J) {
                child = tree;
            }
        }
        return guarded ? null : "the value is used where it may be null: the allocating read threw " +
                                "NullPointerException there for a missing key";
    }

    /** A use the rewrite replaces: {@code value.length}, or the array of a whole-array JDK copy or decode. */
    static boolean isReplaceable(Cursor use) {
        Cursor parentCursor = use.getParentTreeCursor();
        Object parent = parentCursor.getValue();
        if (parent instanceof J.FieldAccess) {
            return "length".equals(((J.FieldAccess) parent).getSimpleName());
        }
        if (parent instanceof J.ArrayAccess) {
            return isReadBelowLength(parentCursor, ((J.Identifier) use.getValue()).getSimpleName());
        }
        if (parent instanceof J.NewClass) {
            J.NewClass newClass = (J.NewClass) parent;
            List<Expression> arguments = newClass.getArguments();
            return newClass.getBody() == null && TypeUtils.isOfClassType(newClass.getType(), "java.lang.String") &&
                   unwrap(arguments.get(0)) == use.getValue() &&
                   (arguments.size() == 1 || arguments.size() == 2 && isCharset(arguments.get(1).getType()));
        }
        if (parent instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) parent;
            List<Expression> arguments = call.getArguments();
            if (BYTE_BUFFER_WRAP.matches(call)) {
                return readsRelatively(parentCursor);
            }
            String value = ((J.Identifier) use.getValue()).getSimpleName();
            if (ARRAYS_COPY_OF.matches(call)) {
                return unwrap(arguments.get(0)) == use.getValue() && isLengthOf(arguments.get(1), value);
            }
            if (ARRAYCOPY.matches(call)) {
                return unwrap(arguments.get(0)) == use.getValue() && isLengthOf(arguments.get(4), value);
            }
        }
        return false;
    }

    /**
     * {@code value[i]} read inside {@code for (...; i < value.length; i++)}, whose body does not change {@code i}:
     * below the value's length the buffer holds the value, so the read is the same.
     */
    private static boolean isReadBelowLength(Cursor access, String value) {
        String i = ElementReads.readIndexVariable(access);
        if (i == null) {
            return false;
        }
        for (Cursor c = access.getParentTreeCursor(); c != null; c = c.getParent()) {
            Object tree = c.getValue();
            if (tree instanceof J.MethodDeclaration || tree instanceof J.Lambda || tree instanceof J.ClassDeclaration) {
                return false;
            }
            if (tree instanceof J.ForLoop && ElementReads.countsUpBelow((J.ForLoop) tree, i, bound -> isLengthOf(bound, value))) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code ByteBuffer.wrap(value).getLong()}, optionally with {@code .order(..)} first: reads only from the
     * start, within the value, so a buffer wrapping {@code (buffer, 0, length)} reads the same.
     */
    private static boolean readsRelatively(Cursor wrap) {
        Cursor c = wrap.getParentTreeCursor();
        J.MethodInvocation wrapped = wrap.getValue();
        Object next = c.getValue();
        if (next instanceof J.MethodInvocation && ((J.MethodInvocation) next).getSelect() == wrapped &&
            BYTE_BUFFER_ORDER.matches((J.MethodInvocation) next)) {
            wrapped = (J.MethodInvocation) next;
            next = c.getParentTreeCursor().getValue();
        }
        return next instanceof J.MethodInvocation && ((J.MethodInvocation) next).getSelect() == wrapped &&
               BYTE_BUFFER_RELATIVE_GET.matches((J.MethodInvocation) next);
    }

    private static boolean isCharset(@Nullable JavaType type) {
        return TypeUtils.isOfClassType(type, "java.nio.charset.Charset") || TypeUtils.isString(type);
    }

    private static String print(Cursor cursor) {
        J tree = cursor.getValue();
        String code = tree.printTrimmed(cursor.getParentTreeCursor()).replaceAll("\\s+", " ");
        return code.length() <= 80 ? code : code.substring(0, 79) + "…";
    }
}

package dev.rewriteperf.buffers;

import dev.rewriteperf.analysis.evaluation.LocalVariables;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.isNamed;
import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * The two ways {@link ReadBufferUses} lets a scratch array's elements be used: read below the count of a read into
 * it, or anyhow after a {@code readFully(buf)} statement filled it whole. Either way every element used was filled
 * in the same iteration of the loop the array leaves.
 */
final class ElementReads {

    /** Fills the whole array, or throws {@code EOFException}. */
    private static final MethodMatcher READ_FULLY = new MethodMatcher("java.io.DataInput readFully(byte[])", true);

    private ElementReads() {
    }

    /**
     * The index of the first of {@code statements} that is {@code in.readFully(name)}: it fills the whole array or
     * throws, leaving the iteration, so after it every element holds what this iteration read. -1 if there is none.
     */
    static int readFullyStatement(List<Statement> statements, String name) {
        for (int i = 0; i < statements.size(); i++) {
            Statement statement = statements.get(i);
            if (statement instanceof J.MethodInvocation && READ_FULLY.matches((J.MethodInvocation) statement) &&
                isNamed(((J.MethodInvocation) statement).getArguments().get(0), name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * After {@link #readFullyStatement}: the read itself, an element read or written, {@code length} or a
     * {@code clone()}, none of which lets the array escape; outside any lambda or class.
     */
    static boolean isUseOfWholeArray(Cursor use, Cursor scope) {
        for (Cursor c = use.getParentTreeCursor(); c.getValue() != scope.getValue(); c = c.getParentTreeCursor()) {
            Object value = c.getValue();
            if (value instanceof J.Lambda || value instanceof J.NewClass || value instanceof J.ClassDeclaration) {
                return false;
            }
        }
        J.Identifier identifier = use.getValue();
        Object parent = use.getParentTreeCursor().getValue();
        if (parent instanceof J.ArrayAccess) {
            return ((J.ArrayAccess) parent).getIndexed() == identifier;
        }
        if (parent instanceof J.FieldAccess) {
            return "length".equals(((J.FieldAccess) parent).getSimpleName());
        }
        if (!(parent instanceof J.MethodInvocation)) {
            return false;
        }
        J.MethodInvocation call = (J.MethodInvocation) parent;
        return call.getSelect() == identifier && "clone".equals(call.getSimpleName()) && call.getArguments().get(0) instanceof J.Empty ||
               READ_FULLY.matches(call) && unwrap(call.getArguments().get(0)) == identifier;
    }

    /**
     * {@code buf[i]} read, not written, inside {@code for (i = k; i < n; i++)} with {@code k} a non-negative literal,
     * {@code n} a read's count and {@code i} not written in the loop's body: every read sets its count only after
     * filling that many elements from the start, and counts are declared after the buffer, so element {@code i} was
     * filled in this iteration of the outer loop and does not depend on what an earlier iteration left there.
     */
    static boolean isReadBelowCount(Cursor access, Cursor scope, Set<String> counts) {
        String i = readIndexVariable(access);
        if (i == null) {
            return false;
        }
        // Only loops inside the statements that follow the array's declaration: its counts are declared there.
        for (Cursor c = access.getParentTreeCursor(); c.getValue() != scope.getValue(); c = c.getParentTreeCursor()) {
            if (c.getValue() instanceof J.ForLoop && isCountedLoop((J.ForLoop) c.getValue(), i, counts)) {
                return true;
            }
        }
        return false;
    }

    /** {@code i} of {@code buf[i]}, the element at {@code access}, when it is read, not written; null otherwise. */
    static @Nullable String readIndexVariable(Cursor access) {
        J.ArrayAccess element = access.getValue();
        Object parent = access.getParentTreeCursor().getValue();
        boolean written = parent instanceof J.Assignment && ((J.Assignment) parent).getVariable() == element ||
                          parent instanceof J.AssignmentOperation && ((J.AssignmentOperation) parent).getVariable() == element ||
                          parent instanceof J.Unary && ((J.Unary) parent).getOperator().isModifying();
        Expression index = unwrap(element.getDimension().getIndex());
        return written || !(index instanceof J.Identifier) ? null : ((J.Identifier) index).getSimpleName();
    }

    /**
     * {@code for (..; i < bound; i++)} (or {@code ++i}) with a bound {@code isBound} accepts, whose body never writes
     * {@code i}: inside it, {@code i} is below the bound.
     */
    static boolean countsUpBelow(J.ForLoop loop, String i, Predicate<Expression> isBound) {
        J.ForLoop.Control control = loop.getControl();
        Expression condition = control.getCondition() instanceof Expression ? unwrap((Expression) control.getCondition()) : null;
        if (!(condition instanceof J.Binary) || ((J.Binary) condition).getOperator() != J.Binary.Type.LessThan ||
            !isNamed(((J.Binary) condition).getLeft(), i) || !isBound.test(((J.Binary) condition).getRight()) ||
            control.getUpdate().size() != 1) {
            return false;
        }
        Statement update = control.getUpdate().get(0);
        boolean increments = update instanceof J.Unary && isNamed(((J.Unary) update).getExpression(), i) &&
                             (((J.Unary) update).getOperator() == J.Unary.Type.PostIncrement ||
                              ((J.Unary) update).getOperator() == J.Unary.Type.PreIncrement);
        return increments && !LocalVariables.isWrittenIn(loop.getBody(), i);
    }

    /** {@link #countsUpBelow} a local count, from a non-negative literal: every {@code i} is in {@code [0, n)}. */
    private static boolean isCountedLoop(J.ForLoop loop, String i, Set<String> counts) {
        List<Statement> init = loop.getControl().getInit();
        if (init.size() != 1 || !countsUpBelow(loop, i, bound -> isLocalCount(bound, counts))) {
            return false;
        }
        Expression start = null;
        if (init.get(0) instanceof J.VariableDeclarations && ((J.VariableDeclarations) init.get(0)).getVariables().size() == 1 &&
            ((J.VariableDeclarations) init.get(0)).getVariables().get(0).getSimpleName().equals(i)) {
            start = ((J.VariableDeclarations) init.get(0)).getVariables().get(0).getInitializer();
        } else if (init.get(0) instanceof J.Assignment && isNamed(((J.Assignment) init.get(0)).getVariable(), i)) {
            start = ((J.Assignment) init.get(0)).getAssignment();
        }
        return start != null && isNonNegativeLiteral(start);
    }

    /** A count, and a local variable, not a field of the same name. */
    private static boolean isLocalCount(Expression bound, Set<String> counts) {
        Expression e = unwrap(bound);
        return ReadBufferUses.isCount(e, counts) && ((J.Identifier) e).getFieldType() != null &&
               ((J.Identifier) e).getFieldType().getOwner() instanceof JavaType.Method;
    }

    private static boolean isNonNegativeLiteral(Expression e) {
        Object value = unwrap(e) instanceof J.Literal ? ((J.Literal) unwrap(e)).getValue() : null;
        return value instanceof Integer && (Integer) value >= 0;
    }
}

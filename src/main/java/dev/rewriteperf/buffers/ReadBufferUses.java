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

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.isIntLiteral;
import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.isNamed;
import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * How a scratch array is used after its declaration in a loop body: only as the target of reads, as the
 * slice {@code (buf, 0, n)} of a read's count {@code n} handed to code that copies it, and as elements
 * {@code buf[i]} read below such a count; or, after a {@code readFully(buf)} statement that fills it whole, in any
 * way that does not let it escape. Then no iteration sees what an earlier one left in the array, and one array
 * allocated before the loop behaves the same.
 */
final class ReadBufferUses {

    private static final List<MethodMatcher> READS = matchers(
            "java.io.InputStream read(byte[])", "java.io.InputStream read(byte[], int, int)",
            "java.io.Reader read(char[])", "java.io.Reader read(char[], int, int)",
            "java.io.RandomAccessFile read(byte[])", "java.io.RandomAccessFile read(byte[], int, int)");

    /** Calls that copy {@code (array, 0, n)} out before they return, keeping no reference to the array. */
    private static final List<MethodMatcher> SLICE_CONSUMERS = matchers(
            "java.io.OutputStream write(byte[], int, int)", "java.io.Writer write(char[], int, int)",
            "java.io.RandomAccessFile write(byte[], int, int)",
            "java.security.MessageDigest update(byte[], int, int)", "java.util.zip.Checksum update(byte[], int, int)",
            "java.lang.AbstractStringBuilder append(char[], int, int)", "java.lang.StringBuilder append(char[], int, int)",
            "java.lang.StringBuffer append(char[], int, int)", "java.lang.String valueOf(char[], int, int)",
            "java.lang.String copyValueOf(char[], int, int)", "java.nio.ByteBuffer put(byte[], int, int)",
            "java.nio.CharBuffer put(char[], int, int)");

    private static final MethodMatcher ARRAYCOPY = new MethodMatcher("java.lang.System arraycopy(Object, int, Object, int, int)");
    private static final MethodMatcher COPY_OF = new MethodMatcher("java.util.Arrays copyOf(..)");
    private static final MethodMatcher COPY_OF_RANGE = new MethodMatcher("java.util.Arrays copyOfRange(..)");

    private ReadBufferUses() {
    }

    /**
     * Why the array {@code name} is used, in {@code statements} (which follow its declaration, under
     * {@code parent}), other than by reads into it and copied slices {@code (name, 0, n)} where {@code n} is
     * declared there too and only ever set by reads into the array; null when it is not.
     */
    static @Nullable String reason(List<Statement> statements, Cursor parent, String name) {
        Set<String> counts = new HashSet<>();
        String[] reason = new String[1];
        JavaIsoVisitor<Boolean> uses = new JavaIsoVisitor<Boolean>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, Boolean filledWhole) {
                if (reason[0] == null && identifier.getSimpleName().equals(name) && !References.isMemberOrDeclaredName(getCursor()) &&
                    !(filledWhole && ElementReads.isUseOfWholeArray(getCursor(), parent))) {
                    reason[0] = useReason(getCursor(), parent, counts);
                }
                return identifier;
            }
        };
        int filledAt = ElementReads.readFullyStatement(statements, name);
        for (int i = 0; i < statements.size(); i++) {
            uses.visit(statements.get(i), filledAt >= 0 && i >= filledAt, parent);
        }
        if (reason[0] != null) {
            return reason[0];
        }
        for (String count : counts) {
            if (!isSetOnlyByReads(statements, parent, count, name)) {
                return "the count `" + count + "` is not declared after the buffer or is set by something other than a read into it";
            }
        }
        return null;
    }

    /**
     * Why the {@code use} of the array is neither a read into it nor a slice of a count in {@code counts} (a read's
     * count is added to them); null when it is one of those.
     */
    private static @Nullable String useReason(Cursor use, Cursor scope, Set<String> counts) {
        for (Cursor c = use.getParentTreeCursor(); c.getValue() != scope.getValue(); c = c.getParentTreeCursor()) {
            Object value = c.getValue();
            if (value instanceof J.Lambda || value instanceof J.NewClass && ((J.NewClass) value).getBody() != null ||
                value instanceof J.ClassDeclaration) {
                return "the buffer is used inside a lambda or class, which may run later or on another thread";
            }
        }
        J.Identifier identifier = use.getValue();
        Object parent = use.getParentTreeCursor().getValue();
        if (parent instanceof J.FieldAccess && "length".equals(((J.FieldAccess) parent).getSimpleName())) {
            return null;
        }
        if (parent instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) parent;
            if (isReadInto(call, identifier.getSimpleName())) {
                String count = countAssigned(use.getParentTreeCursor());
                if (count != null) {
                    counts.add(count);
                }
                return null;
            }
            if (isSlice(call, identifier, counts)) {
                return null;
            }
            JavaType.FullyQualified owner = call.getMethodType() == null ? null : call.getMethodType().getDeclaringType();
            if (owner != null && !owner.getPackageName().startsWith("java") && call.getArguments().stream().anyMatch(a -> unwrap(a) == identifier)) {
                return "the buffer is handed to " + owner.getClassName() + "." + call.getSimpleName() +
                       "(..), which may keep it: only the JDK's readers and writers of a slice are known not to";
            }
        }
        if (parent instanceof J.ArrayAccess && ((J.ArrayAccess) parent).getIndexed() == identifier) {
            return ElementReads.isReadBelowCount(use.getParentTreeCursor(), scope, counts) ? null :
                    "an element is written, or read at an index not bounded by the count of a read into the buffer";
        }
        if (parent instanceof J.NewClass && TypeUtils.isOfClassType(((J.NewClass) parent).getType(), "java.lang.String")) {
            List<Expression> arguments = ((J.NewClass) parent).getArguments();
            if (arguments.size() >= 3 && unwrap(arguments.get(0)) == identifier && isIntLiteral(arguments.get(1), 0) &&
                isCount(arguments.get(2), counts)) {
                return null;
            }
        }
        return "the buffer is used other than as a read target and a slice of what was read";
    }

    /** {@code in.read(buf)} or {@code in.read(buf, 0, len)}: fills the array from its start. */
    private static boolean isReadInto(J.MethodInvocation call, String array) {
        List<Expression> arguments = call.getArguments();
        return isMatched(READS, call) && unwrap(arguments.get(0)) instanceof J.Identifier &&
               ((J.Identifier) unwrap(arguments.get(0))).getSimpleName().equals(array) &&
               (arguments.size() == 1 || isIntLiteral(arguments.get(1), 0));
    }

    /** Every declaration of and write to {@code count} in {@code statements} is a read into {@code array}. */
    private static boolean isSetOnlyByReads(List<Statement> statements, Cursor parent, String count, String array) {
        CountWrites writes = new CountWrites(count, array);
        for (Statement statement : statements) {
            writes.visit(statement, 0, parent);
        }
        return writes.declared && !writes.otherwise;
    }

    /** Looks at every declaration of and write to one count variable, for {@link #isSetOnlyByReads}. */
    private static final class CountWrites extends JavaIsoVisitor<Integer> {
        private final String count;
        private final String array;
        /** The count is declared in the statements visited. */
        boolean declared;
        /** The count is declared with or set to something other than a read into the array. */
        boolean otherwise;

        CountWrites(String count, String array) {
            this.count = count;
            this.array = array;
        }

        @Override
        public J.VariableDeclarations.NamedVariable visitVariable(J.VariableDeclarations.NamedVariable variable, Integer p) {
            if (variable.getSimpleName().equals(count)) {
                declared = true;
                otherwise |= variable.getInitializer() != null && !isRead(variable.getInitializer());
            }
            return super.visitVariable(variable, p);
        }

        @Override
        public J.Assignment visitAssignment(J.Assignment assignment, Integer p) {
            otherwise |= isNamed(assignment.getVariable(), count) && !isRead(assignment.getAssignment());
            return super.visitAssignment(assignment, p);
        }

        @Override
        public J.AssignmentOperation visitAssignmentOperation(J.AssignmentOperation assignment, Integer p) {
            otherwise |= isNamed(assignment.getVariable(), count);
            return super.visitAssignmentOperation(assignment, p);
        }

        @Override
        public J.Unary visitUnary(J.Unary unary, Integer p) {
            otherwise |= unary.getOperator().isModifying() && isNamed(unary.getExpression(), count);
            return super.visitUnary(unary, p);
        }

        private boolean isRead(Expression value) {
            Expression e = unwrap(value);
            return e instanceof J.MethodInvocation && isReadInto((J.MethodInvocation) e, array);
        }
    }

    private static boolean isSlice(J.MethodInvocation call, J.Identifier array, Set<String> counts) {
        List<Expression> arguments = call.getArguments();
        if (isMatched(SLICE_CONSUMERS, call)) {
            return unwrap(arguments.get(0)) == array && isIntLiteral(arguments.get(1), 0) && isCount(arguments.get(2), counts);
        }
        if (ARRAYCOPY.matches(call)) {
            return unwrap(arguments.get(0)) == array && isIntLiteral(arguments.get(1), 0) && isCount(arguments.get(4), counts);
        }
        if (COPY_OF.matches(call) && arguments.size() == 2) {
            return unwrap(arguments.get(0)) == array && isCount(arguments.get(1), counts);
        }
        return COPY_OF_RANGE.matches(call) && arguments.size() == 3 && unwrap(arguments.get(0)) == array &&
               isIntLiteral(arguments.get(1), 0) && isCount(arguments.get(2), counts);
    }

    /** {@code n} in {@code n = in.read(buf)} or {@code int n = in.read(buf)}. */
    private static @Nullable String countAssigned(Cursor read) {
        Cursor parent = read.getParentTreeCursor();
        while (parent.getValue() instanceof J.Parentheses) {
            parent = parent.getParentTreeCursor();
        }
        Object value = parent.getValue();
        if (value instanceof J.Assignment && unwrap(((J.Assignment) value).getVariable()) instanceof J.Identifier) {
            return ((J.Identifier) unwrap(((J.Assignment) value).getVariable())).getSimpleName();
        }
        return value instanceof J.VariableDeclarations.NamedVariable ?
                ((J.VariableDeclarations.NamedVariable) value).getSimpleName() : null;
    }

    static boolean isCount(Expression expression, Set<String> counts) {
        Expression e = unwrap(expression);
        return e instanceof J.Identifier && counts.contains(((J.Identifier) e).getSimpleName());
    }

    private static boolean isMatched(List<MethodMatcher> matchers, J.MethodInvocation call) {
        for (MethodMatcher matcher : matchers) {
            if (matcher.matches(call)) {
                return true;
            }
        }
        return false;
    }

    private static List<MethodMatcher> matchers(String... patterns) {
        MethodMatcher[] matchers = new MethodMatcher[patterns.length];
        for (int i = 0; i < patterns.length; i++) {
            matchers[i] = new MethodMatcher(patterns[i], true);
        }
        return Arrays.asList(matchers);
    }
}

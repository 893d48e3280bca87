package dev.rewriteperf.analysis;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Code that runs once, only when something fails, or only to print: where a rewrite whose gain is per call is not
 * worth a reviewer's minute unless a profile says the method is hot. Read from the code alone, from the spot
 * outwards to its method:
 * <ul>
 *   <li>building a thrown exception: a {@code throw}, a {@code Throwable}'s constructor arguments, a local built only
 *       to be thrown, the arguments of a method of the same file that always throws ({@code _reportError(..)}), and
 *       the message supplier of a failed check ({@code Validate.isTrue(ok, () -> ..)});</li>
 *   <li>a {@code catch} block; an {@code assert} (evaluated only with {@code -ea});</li>
 *   <li>static and instance initialisers and field initialisers (not a lambda's body in one: that runs per call);</li>
 *   <li>{@code main(String[])} and {@code toString()}.</li>
 * </ul>
 * A lambda or a local class's method inside one of these keeps its context (a lambda in {@code main} runs with it),
 * except for initialisers, where a lambda is a function kept for later calls.
 */
public final class ColdCode {

    /** Classes whose methods take a message supplier that they call only when a check fails. */
    private static final List<String> CHECKS = Arrays.asList("java.util.Objects", "org.apache.commons.lang3.Validate",
            "com.google.common.base.Preconditions", "com.google.common.base.Verify", "org.springframework.util.Assert",
            "org.junit.jupiter.api.Assertions");

    private ColdCode() {
    }

    /** Why the spot at {@code cursor} is cold code, starting {@code cold: }; null when nothing says it is. */
    public static @Nullable String reason(Cursor cursor) {
        boolean inLambda = false;
        Object child = cursor.getValue();
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.Throw) {
                return "cold: builds a thrown exception";
            }
            if (value instanceof J.NewClass && value != cursor.getValue() && isThrowable(((J.NewClass) value).getType())) {
                return "cold: builds the message of an exception";
            }
            if (value instanceof J.MethodInvocation && value != cursor.getValue() && isArgument(child, (J.MethodInvocation) value)
                && alwaysThrows((J.MethodInvocation) value, c)) {
                return "cold: builds the message of an error that " + ((J.MethodInvocation) value).getSimpleName() +
                       "(..) always throws";
            }
            if (value instanceof J.Try.Catch) {
                return "cold: in a catch block, which runs only when something fails";
            }
            if (value instanceof J.Assert) {
                return "cold: in an assert statement, evaluated only with -ea";
            }
            if (value instanceof J.VariableDeclarations.NamedVariable && child instanceof Expression
                && builtOnlyToThrow((J.VariableDeclarations.NamedVariable) value, c)) {
                return "cold: builds the message of a thrown exception";
            }
            if (value instanceof J.Lambda) {
                inLambda = true;
                String check = checkGivenTheMessage(c);
                if (check != null) {
                    return "cold: builds the message of a failed check (" + check + "(..))";
                }
            }
            if (value instanceof J.MethodDeclaration) {
                return methodReason((J.MethodDeclaration) value);
            }
            if (value instanceof J.Block && !inLambda && inClassBody(c)) {
                return ((J.Block) value).isStatic() ? "cold: in a static initialiser, which runs once"
                        : "cold: in an instance initialiser, which runs once per object";
            }
            if (value instanceof J.VariableDeclarations && !inLambda && inClassBody(c)) {
                return "cold: initialises a field, once" +
                       (((J.VariableDeclarations) value).hasModifier(J.Modifier.Type.Static) ? "" : " per object");
            }
            if (value instanceof J.ClassDeclaration) {
                return null;
            }
            if (value instanceof J) {
                child = value;
            }
        }
        return null;
    }

    /**
     * The check a lambda is the message supplier of ({@code Validate.isTrue(ok, () -> String.format(..))}): the JDK's,
     * Guava's, Commons Lang's and Spring's argument checks call it only when the check fails. A message given as a
     * value is built on every call, and stays per-call code.
     */
    private static @Nullable String checkGivenTheMessage(Cursor lambda) {
        Object parent = lambda.getParentTreeCursor().getValue();
        if (!(parent instanceof J.MethodInvocation) || !isArgument(lambda.getValue(), (J.MethodInvocation) parent)) {
            return null;
        }
        J.MethodInvocation call = (J.MethodInvocation) parent;
        JavaType.FullyQualified owner = call.getMethodType() == null ? null : call.getMethodType().getDeclaringType();
        if (owner == null || !CHECKS.contains(owner.getFullyQualifiedName())) {
            return null;
        }
        return owner.getClassName() + "." + call.getSimpleName();
    }

    private static @Nullable String methodReason(J.MethodDeclaration method) {
        String name = method.getSimpleName();
        List<Statement> parameters = method.getParameters();
        boolean noParameters = parameters.isEmpty() || parameters.size() == 1 && parameters.get(0) instanceof J.Empty;
        if (name.equals("toString") && noParameters && !method.hasModifier(J.Modifier.Type.Static)) {
            return "cold: in toString(), which builds text to print";
        }
        if (name.equals("main") && method.hasModifier(J.Modifier.Type.Static) && parameters.size() == 1
            && parameters.get(0) instanceof J.VariableDeclarations
            && TypeUtils.isOfClassType(arrayElement(((J.VariableDeclarations) parameters.get(0)).getType()), "java.lang.String")) {
            return "cold: in main, which runs once";
        }
        return null;
    }

    private static @Nullable JavaType arrayElement(@Nullable JavaType type) {
        return type instanceof JavaType.Array ? ((JavaType.Array) type).getElemType() : null;
    }

    private static boolean isThrowable(@Nullable JavaType type) {
        return type != null && TypeUtils.isAssignableTo("java.lang.Throwable", type);
    }

    /**
     * A member directly in a class body: a block there is an initialiser ({@code static { .. }} or {@code { .. }}),
     * variables there are fields.
     */
    private static boolean inClassBody(Cursor member) {
        Cursor parent = member.getParentTreeCursor();
        return parent.getValue() instanceof J.Block && parent.getParentTreeCursor().getValue() instanceof J.ClassDeclaration;
    }

    private static boolean isArgument(Object child, J.MethodInvocation call) {
        for (Expression argument : call.getArguments()) {
            if (argument == child) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code call} goes to a method declared in the same file whose body ends in a {@code throw} and holds no
     * {@code return}: a helper that reports an error, every call of which throws.
     */
    private static boolean alwaysThrows(J.MethodInvocation call, Cursor at) {
        JavaType.Method type = call.getMethodType();
        J.CompilationUnit file = at.firstEnclosing(J.CompilationUnit.class);
        if (type == null || file == null) {
            return false;
        }
        AtomicBoolean throwing = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.MethodDeclaration visitMethodDeclaration(J.MethodDeclaration method, Integer p) {
                if (method.getMethodType() != null && TypeUtils.isOfType(method.getMethodType(), type) && method.getBody() != null) {
                    List<Statement> body = method.getBody().getStatements();
                    throwing.set(!body.isEmpty() && body.get(body.size() - 1) instanceof J.Throw && !returns(method.getBody()));
                }
                return method;
            }
        }.visit(file, 0);
        return throwing.get();
    }

    private static boolean returns(J.Block body) {
        AtomicBoolean found = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.Return visitReturn(J.Return ret, Integer p) {
                found.set(true);
                return ret;
            }

            @Override
            public J.Lambda visitLambda(J.Lambda lambda, Integer p) {
                return lambda; // a lambda's return is its own
            }
        }.visit(body, 0);
        return found.get();
    }

    /**
     * A local whose every use in its block is inside a {@code throw} or a {@code Throwable}'s constructor: a message
     * built only to be thrown ({@code String message = String.format(..); throw new IllegalStateException(message);}).
     */
    private static boolean builtOnlyToThrow(J.VariableDeclarations.NamedVariable variable, Cursor at) {
        Cursor declarations = at.getParentTreeCursor();
        Cursor block = declarations.getParentTreeCursor();
        if (!(declarations.getValue() instanceof J.VariableDeclarations) || !(block.getValue() instanceof J.Block)
            || inClassBody(declarations)) {
            return false;
        }
        String name = variable.getSimpleName();
        AtomicBoolean used = new AtomicBoolean();
        AtomicBoolean usedElsewhere = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
                if (identifier.getSimpleName().equals(name) && identifier.getFieldType() != null
                    && identifier.getFieldType().equals(variable.getVariableType()) && identifier != variable.getName()) {
                    used.set(true);
                    if (getCursor().firstEnclosing(J.Throw.class) == null && !inThrowableConstructor(getCursor())) {
                        usedElsewhere.set(true);
                    }
                }
                return identifier;
            }
        }.visit(block.getValue(), 0, block.getParentOrThrow());
        return used.get() && !usedElsewhere.get();
    }

    private static boolean inThrowableConstructor(Cursor cursor) {
        for (Cursor c = cursor.getParent(); c != null; c = c.getParent()) {
            if (c.getValue() instanceof J.NewClass && isThrowable(((J.NewClass) c.getValue()).getType())) {
                return true;
            }
            if (c.getValue() instanceof J.Block) {
                return false;
            }
        }
        return false;
    }
}

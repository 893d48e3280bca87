package dev.rewriteperf.hotpaths;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the code around an expression catches, for a rewrite that changes the exception the expression throws (its
 * type, or only its message). Every enclosing {@code try} of the file is seen, past lambdas and local and anonymous
 * classes too: a stream's lambda throws where the stream runs, inside the {@code try} around it. An exception that
 * leaves the file's code is the caller's, and the recipe's description must say what changes.
 */
public final class CaughtExceptions {

    /** {@code StringIndexOutOfBoundsException} and its supertypes, most specific first. */
    public static final List<String> STRING_INDEX_OUT_OF_BOUNDS = chain("java.lang.StringIndexOutOfBoundsException",
            "java.lang.IndexOutOfBoundsException");

    /** {@code IndexOutOfBoundsException} and its supertypes, most specific first. */
    public static final List<String> INDEX_OUT_OF_BOUNDS = chain("java.lang.IndexOutOfBoundsException");

    /** {@code NumberFormatException} and its supertypes, most specific first. */
    public static final List<String> NUMBER_FORMAT = chain("java.lang.NumberFormatException", "java.lang.IllegalArgumentException");

    private CaughtExceptions() {
    }

    /**
     * Why the expression at {@code cursor} may not throw {@code after} (a type and its supertypes) where it threw
     * {@code before}: a {@code catch} around it catches {@code before} but not {@code after}, or catches both and reads
     * the exception (its message or type may differ), or catches a type the recipe cannot see. Null when no such
     * {@code catch} surrounds it.
     */
    public static @Nullable String reason(Cursor cursor, List<String> before, List<String> after) {
        for (Cursor c = cursor; c.getParent() != null; c = c.getParentTreeCursor()) {
            Object tree = c.getValue();
            Object parent = c.getParentTreeCursor().getValue();
            // Its catches catch what its resources and body throw, not what another catch or its finally throws.
            if (parent instanceof J.Try && !(tree instanceof J.Try.Catch) && ((J.Try) parent).getFinally() != tree) {
                String reason = catchReason((J.Try) parent, before, after);
                if (reason != null) {
                    return reason;
                }
            }
        }
        return null;
    }

    private static @Nullable String catchReason(J.Try aTry, List<String> before, List<String> after) {
        for (J.Try.Catch aCatch : aTry.getCatches()) {
            J.VariableDeclarations parameter = aCatch.getParameter().getTree();
            for (JavaType caught : caughtTypes(parameter.getTypeExpression())) {
                JavaType.FullyQualified type = TypeUtils.asFullyQualified(caught);
                if (type == null) {
                    return "a catch around the call has a type the recipe cannot see";
                }
                String name = type.getFullyQualifiedName();
                if (before.contains(name) && !after.contains(name)) {
                    return "a catch of " + name + " around the call would no longer catch what it throws (" + after.get(0) + ")";
                }
                if (before.contains(name) && reads(aCatch, parameter.getVariables().get(0).getSimpleName())) {
                    return "a catch of " + name + " around the call reads the exception, whose type or message would change";
                }
            }
        }
        return null;
    }

    private static List<JavaType> caughtTypes(@Nullable TypeTree typeExpression) {
        List<JavaType> types = new ArrayList<>();
        if (typeExpression instanceof J.MultiCatch) {
            for (J alternative : ((J.MultiCatch) typeExpression).getAlternatives()) {
                types.add(alternative instanceof TypeTree ? ((TypeTree) alternative).getType() : null);
            }
        } else {
            types.add(typeExpression == null ? null : typeExpression.getType());
        }
        return types;
    }

    /** Whether the catch block names its parameter at all (to log it, wrap it, rethrow it or read its message). */
    private static boolean reads(J.Try.Catch aCatch, String parameter) {
        AtomicBoolean named = new AtomicBoolean();
        new JavaIsoVisitor<AtomicBoolean>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, AtomicBoolean found) {
                if (identifier.getSimpleName().equals(parameter)) {
                    found.set(true);
                }
                return identifier;
            }
        }.visit(aCatch.getBody(), named);
        return named.get();
    }

    private static List<String> chain(String... specificFirst) {
        List<String> chain = new ArrayList<>(Arrays.asList(specificFirst));
        chain.addAll(Arrays.asList("java.lang.RuntimeException", "java.lang.Exception", "java.lang.Throwable"));
        return Collections.unmodifiableList(chain);
    }
}

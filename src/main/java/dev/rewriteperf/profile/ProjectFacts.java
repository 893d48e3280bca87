package dev.rewriteperf.profile;

import dev.rewriteperf.analysis.evaluation.Exits;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What the cold-code rules need to know about the rest of the project, read from every Java source once: the methods
 * that always fail ({@code ctxt.reportInputMismatch(..)} in another file, whose body ends in a {@code throw} or in a
 * call of another method that always fails), and which files call each method. A composite's scan fills one per run
 * ({@link #forProject}); without it a rule reads the spot's own file ({@link #ofFile}), which knows its failing
 * methods but not who else calls a method.
 */
public final class ProjectFacts {

    private final boolean wholeProject;
    /** Method declarations by {@code name/arity}: how each ends (a call's key, or a mark). */
    private final Map<String, List<Ending>> declarations = new HashMap<>();
    private final Map<String, Boolean> failing = new HashMap<>();
    /** For each method of the project's types ({@code type#name/arity}), the files whose code calls or references it. */
    private final Map<String, Set<String>> callers = new HashMap<>();

    private ProjectFacts(boolean wholeProject) {
        this.wholeProject = wholeProject;
    }

    /** Empty facts for a composite's scan of the whole project to fill. */
    public static ProjectFacts forProject() {
        return new ProjectFacts(true);
    }

    /** The facts of one file: enough to tell its own failing helpers. */
    public static ProjectFacts ofFile(J.CompilationUnit file) {
        ProjectFacts facts = new ProjectFacts(false);
        facts.read(file);
        return facts;
    }

    /** Adds what {@code file} says. */
    public synchronized void read(J.CompilationUnit file) {
        new Reader().visit(file, 0);
    }

    /**
     * Whether every declaration in the project with {@code call}'s name and arity always fails: its body's last
     * statement is a {@code throw} or a call that always fails, and every {@code return} returns such a call. One
     * that does not, or none at all (a library's method), says no.
     */
    public synchronized boolean alwaysFails(J.MethodInvocation call) {
        JavaType.Method type = call.getMethodType();
        return type != null && alwaysFails(key(type.getName(), type.getParameterTypes().size()), new HashSet<>());
    }

    /**
     * Whether code of another file than {@code file} calls or references {@code method}; null when these facts come
     * from one file, which cannot tell.
     */
    public synchronized @Nullable Boolean calledOutside(JavaType.Method method, String file) {
        if (!wholeProject) {
            return null;
        }
        Set<String> files = callers.get(methodKey(method));
        return files != null && !(files.size() == 1 && files.contains(file));
    }

    private static String methodKey(JavaType.Method method) {
        return method.getDeclaringType().getFullyQualifiedName() + "#" + key(method.getName(), method.getParameterTypes().size());
    }

    private boolean alwaysFails(String key, Set<String> asked) {
        Boolean known = failing.get(key);
        if (known != null) {
            return known;
        }
        List<Ending> endings = declarations.get(key);
        if (endings == null || !asked.add(key)) {
            return false; // not the project's, or a recursion: neither proves a failure
        }
        boolean fails = true;
        for (Ending ending : endings) {
            fails &= ending.fails(k -> alwaysFails(k, asked));
        }
        asked.remove(key);
        failing.put(key, fails);
        return fails;
    }

    private static String key(String name, int arity) {
        return name + "/" + arity;
    }

    /** How a method body ends: in a throw, or in calls (its last statement's and its returns') that must all fail. */
    private static final class Ending {
        final boolean throwsAtEnd;
        final List<String> calls;

        Ending(boolean throwsAtEnd, List<String> calls) {
            this.throwsAtEnd = throwsAtEnd;
            this.calls = calls;
        }

        boolean fails(Predicate<String> callFails) {
            if (calls.isEmpty()) {
                return throwsAtEnd;
            }
            for (String call : calls) {
                if (call.isEmpty() || !callFails.test(call)) {
                    return false;
                }
            }
            return true;
        }
    }

    private final class Reader extends JavaIsoVisitor<Integer> {
        @Override
        public J.MemberReference visitMemberReference(J.MemberReference reference, Integer p) {
            called(reference.getMethodType());
            return super.visitMemberReference(reference, p);
        }

        private void called(JavaType.@Nullable Method method) {
            J.CompilationUnit file = getCursor().firstEnclosing(J.CompilationUnit.class);
            if (method != null && file != null) {
                callers.computeIfAbsent(methodKey(method), k -> new HashSet<>()).add(file.getSourcePath().toString());
            }
        }

        @Override
        public J.MethodDeclaration visitMethodDeclaration(J.MethodDeclaration method, Integer p) {
            J.MethodDeclaration m = super.visitMethodDeclaration(method, p);
            if (method.getBody() == null) {
                return m; // abstract: its implementations decide
            }
            JavaType.Method type = method.getMethodType();
            int arity = type != null ? type.getParameterTypes().size() : method.getParameters().size();
            declarations.computeIfAbsent(key(method.getSimpleName(), arity), k -> new ArrayList<>()).add(ending(method.getBody()));
            return m;
        }

        @Override
        public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, Integer p) {
            J.MethodInvocation m = super.visitMethodInvocation(method, p);
            called(method.getMethodType());
            return m;
        }
    }

    /** The ending of a body: a last statement that throws, or the failing calls it needs ("" for anything else). */
    private static Ending ending(J.Block body) {
        Statement last = Exits.last(body);
        List<String> calls = new ArrayList<>();
        for (J.Return ret : Exits.returnsOf(body)) {
            calls.add(callKey(ret.getExpression()));
        }
        if (last instanceof J.Throw) {
            return new Ending(true, calls);
        }
        if (last instanceof J.MethodInvocation) {
            calls.add(callKey((J.MethodInvocation) last));
        } else if (!(last instanceof J.Return)) {
            calls.add("");
        }
        return new Ending(false, calls);
    }

    private static String callKey(@Nullable Expression expression) {
        if (!(expression instanceof J.MethodInvocation) || ((J.MethodInvocation) expression).getMethodType() == null) {
            return "";
        }
        JavaType.Method type = ((J.MethodInvocation) expression).getMethodType();
        return key(type.getName(), type.getParameterTypes().size());
    }
}

package dev.rewriteperf.analysis;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.marker.JavaSourceSet;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the cold-code rules need to know about the rest of the project, read from every Java source once:
 * <ul>
 *   <li>the methods that always fail ({@code ctxt.reportInputMismatch(..)} in another file, whose body ends in a
 *       {@code throw} or in a call of another method that always fails);</li>
 *   <li>the types the project hashes: a map's key or a set's element ({@code Map<Key, V>}, a cache's key), the
 *       receiver of a {@code hashCode()} call, an argument of {@code Objects.hash(..)} or {@code Objects.hashCode(..)}.</li>
 * </ul>
 * A composite's scan fills one per run ({@link #forProject}); without it a rule reads the spot's own file
 * ({@link #ofFile}), which knows its failing methods but cannot say a type is never hashed.
 */
public final class ProjectFacts {

    /** Types whose first type parameter is a key that gets hashed. */
    private static final List<String> KEYED = Arrays.asList("java.util.Map", "java.util.Set",
            "com.google.common.collect.Multimap", "com.google.common.collect.Multiset", "com.google.common.cache.Cache",
            "com.github.benmanes.caffeine.cache.Cache", "com.github.benmanes.caffeine.cache.AsyncCache");

    private final boolean wholeProject;
    /** Method declarations by {@code name/arity}: how each ends (a call's key, or a mark). */
    private final Map<String, List<Ending>> declarations = new HashMap<>();
    private final Set<String> hashedTypes = new HashSet<>();
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

    /**
     * Adds what {@code file} says. A test's {@code hashCode()} calls or maps say nothing of what the code under test
     * hashes (an equals-and-hashCode test hashes every value type), so only main code counts as hashing.
     */
    public synchronized void read(J.CompilationUnit file) {
        new Reader(!isTestCode(file)).visit(file, 0);
    }

    private static boolean isTestCode(J.CompilationUnit file) {
        String sourceSet = file.getMarkers().findFirst(JavaSourceSet.class).map(JavaSourceSet::getName).orElse("");
        String path = file.getSourcePath().toString().replace('\\', '/');
        return sourceSet.toLowerCase(Locale.ROOT).contains("test") || path.contains("src/test/") || path.startsWith("test/");
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

    /**
     * Whether the project hashes {@code type} or one of its supertypes other than {@code Object}; null when these
     * facts come from one file, which cannot tell.
     */
    public synchronized @Nullable Boolean isHashed(JavaType.FullyQualified type) {
        if (!wholeProject) {
            return null;
        }
        for (JavaType.FullyQualified t = type; t != null && !"java.lang.Object".equals(t.getFullyQualifiedName()); t = t.getSupertype()) {
            if (hashedTypes.contains(t.getFullyQualifiedName()) || anyInterfaceHashed(t)) {
                return true;
            }
        }
        return false;
    }

    private boolean anyInterfaceHashed(JavaType.FullyQualified type) {
        for (JavaType.FullyQualified i : type.getInterfaces()) {
            if (hashedTypes.contains(i.getFullyQualifiedName()) || anyInterfaceHashed(i)) {
                return true;
            }
        }
        return false;
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

        boolean fails(java.util.function.Predicate<String> callFails) {
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
        private final boolean readsHashing;

        Reader(boolean readsHashing) {
            this.readsHashing = readsHashing;
        }

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
            if (method.getSimpleName().equals("hashCode") && method.getArguments().size() == 1
                && method.getArguments().get(0) instanceof J.Empty && method.getSelect() != null) {
                hashed(method.getSelect().getType());
            }
            JavaType.Method type = method.getMethodType();
            if (type != null && TypeUtils.isOfClassType(type.getDeclaringType(), "java.util.Objects")
                && (type.getName().equals("hash") || type.getName().equals("hashCode"))) {
                for (Expression argument : method.getArguments()) {
                    hashed(argument.getType());
                }
            }
            keyOf(method.getType());
            return m;
        }

        @Override
        public J.VariableDeclarations.NamedVariable visitVariable(J.VariableDeclarations.NamedVariable variable, Integer p) {
            keyOf(variable.getType());
            return super.visitVariable(variable, p);
        }

        @Override
        public J.NewClass visitNewClass(J.NewClass newClass, Integer p) {
            keyOf(newClass.getType());
            return super.visitNewClass(newClass, p);
        }

        private void keyOf(@Nullable JavaType type) {
            if (!(type instanceof JavaType.Parameterized) || ((JavaType.Parameterized) type).getTypeParameters().isEmpty()) {
                return;
            }
            for (String keyed : KEYED) {
                if (TypeUtils.isAssignableTo(keyed, type)) {
                    hashed(((JavaType.Parameterized) type).getTypeParameters().get(0));
                    return;
                }
            }
        }

        private void hashed(@Nullable JavaType type) {
            if (!readsHashing) {
                return;
            }
            JavaType.FullyQualified named = TypeUtils.asFullyQualified(type);
            if (named != null && !(type instanceof JavaType.GenericTypeVariable)) {
                hashedTypes.add(named.getFullyQualifiedName());
            }
        }
    }

    /** The ending of a body: a last statement that throws, or the failing calls it needs ("" for anything else). */
    private static Ending ending(J.Block body) {
        List<Statement> statements = body.getStatements();
        Statement last = statements.isEmpty() ? null : statements.get(statements.size() - 1);
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

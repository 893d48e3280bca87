package dev.rewriteperf.profile;

import dev.rewriteperf.analysis.evaluation.Exits;
import dev.rewriteperf.analysis.project.BuildModules;
import org.jspecify.annotations.Nullable;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.SourceFile;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.search.IsLikelyTest;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What the cold-code rules need to know about the rest of the project, read from every Java source once: the methods
 * that always fail ({@code ctxt.reportInputMismatch(..)} in another file, whose body ends in a {@code throw} or in a
 * call of another method that always fails), and which files call each method. A composite's scan fills one per run
 * ({@link #forProject}); without it a rule reads the spot's own file ({@link #ofFile}), which knows its failing
 * methods but not who else calls a method.
 * <p>
 * It also reads which types main code hashes ({@link #hashed}): the keys of the maps and the elements of the sets it
 * declares or creates, what it calls {@code hashCode()} on, and, through the {@code hashCode()} of a type it hashes,
 * the types of the fields that method hashes in turn.
 */
public final class ProjectFacts {

    /** The name a constructor has in its type. */
    private static final String CONSTRUCTOR = "<constructor>";

    /** Collections that hash their keys or elements: their first type argument is hashed. */
    private static final List<String> HASHED_COLLECTIONS = Arrays.asList("java.util.Map", "java.util.Set",
            "com.google.common.collect.Multimap", "com.google.common.collect.Multiset", "com.google.common.cache.Cache",
            "com.github.benmanes.caffeine.cache.Cache");
    /** Maps and sets that compare or identify their keys instead of hashing them. */
    private static final List<String> UNHASHED_COLLECTIONS = Arrays.asList("java.util.SortedMap", "java.util.SortedSet",
            "java.util.EnumMap", "java.util.EnumSet", "java.util.IdentityHashMap");

    private final boolean wholeProject;
    /** Method declarations by {@code name/arity}: how each ends (a call's key, or a mark). */
    private final Map<String, List<Ending>> declarations = new HashMap<>();
    private final Map<String, Boolean> failing = new HashMap<>();
    /** For each method of the project's types ({@code type#name/arity}), the files whose code calls or references it. */
    private final Map<String, Set<String>> callers = new HashMap<>();
    /** The files read, by path: where the calls of a method are found again when a spot asks who calls it. */
    private final Map<String, J.CompilationUnit> files = new HashMap<>();
    /**
     * The files as found, by id, which a rewrite keeps: a path may name several (kryo's three modules compile one
     * {@code src/}, and each parses it).
     */
    private final Map<UUID, J.CompilationUnit> found = new HashMap<>();
    /**
     * What reading a method's calls in other files found, by method, depth and whether a loop was on the way: each
     * spot of the method asks again.
     */
    private final Map<String, Optional<String>> callersRead = new HashMap<>();
    /** The types main code hashes directly, by name. */
    private final Map<String, JavaType.FullyQualified> hashedTypes = new HashMap<>();
    /** For each type whose {@code hashCode()} main code declares, by name: that type and the types its hash uses. */
    private final Map<String, HashCodeUses> hashCodes = new HashMap<>();
    /** The hashed types with those their hash codes use, worked out on first use after the last file was read. */
    private @Nullable Collection<JavaType.FullyQualified> allHashed;
    /** The folders of the build files the run parsed (its poms, or Gradle scripts): the builds the run is made of. */
    private final BuildModules<Boolean> builds = new BuildModules<>(maven -> Boolean.TRUE);

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
        facts.read(file, false);
        return facts;
    }

    /** Adds what {@code file} says; nothing for test code when {@code mainCodeOnly}. */
    public synchronized void read(J.CompilationUnit file, boolean mainCodeOnly) {
        boolean test = new IsLikelyTest().getVisitor().visit(file, new InMemoryExecutionContext()) != file;
        if (test && mainCodeOnly) {
            return;
        }
        new Reader(!test, file.getSourcePath().toString()).visit(file, 0);
        if (wholeProject) {
            files.put(file.getSourcePath().toString(), file);
            found.put(file.getId(), file);
        }
        allHashed = null;
    }

    /**
     * Whether main code may hash a {@code type}'s objects: it declares or creates a map keyed by, or a set of, the
     * type, a supertype or a subtype ({@code Map<Shape, ..>} hashes a {@code Circle}), calls {@code hashCode()} on one,
     * or hashes one in the {@code hashCode()} of a type it hashes. Null when these facts come from one file, which
     * cannot tell. A map keyed by a type variable or by {@code Object} says nothing of any one type.
     */
    public synchronized @Nullable Boolean hashed(JavaType.FullyQualified type) {
        if (!wholeProject) {
            return null;
        }
        for (JavaType.FullyQualified hashed : allHashed()) {
            if (related(type, hashed)) {
                return true;
            }
        }
        return false;
    }

    private Collection<JavaType.FullyQualified> allHashed() {
        if (allHashed != null) {
            return allHashed;
        }
        Map<String, JavaType.FullyQualified> found = new LinkedHashMap<>(hashedTypes);
        Deque<JavaType.FullyQualified> next = new ArrayDeque<>(found.values());
        while (!next.isEmpty()) {
            JavaType.FullyQualified hashed = next.pop();
            for (HashCodeUses hashCode : hashCodes.values()) {
                if (related(hashCode.owner, hashed)) {
                    for (JavaType.FullyQualified used : hashCode.uses.values()) {
                        if (found.putIfAbsent(used.getFullyQualifiedName(), used) == null) {
                            next.push(used);
                        }
                    }
                }
            }
        }
        allHashed = found.values();
        return allHashed;
    }

    private static boolean hashesItsKeys(JavaType type) {
        for (String unhashed : UNHASHED_COLLECTIONS) {
            if (TypeUtils.isAssignableTo(unhashed, type)) {
                return false;
            }
        }
        for (String hashing : HASHED_COLLECTIONS) {
            if (TypeUtils.isAssignableTo(hashing, type)) {
                return true;
            }
        }
        return false;
    }

    /** The same type, or one a subtype of the other: a map of either may hold the other's objects. */
    private static boolean related(JavaType.FullyQualified a, JavaType.FullyQualified b) {
        return a.getFullyQualifiedName().equals(b.getFullyQualifiedName())
               || TypeUtils.isAssignableTo(b.getFullyQualifiedName(), a) || TypeUtils.isAssignableTo(a.getFullyQualifiedName(), b);
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

    /** Notes {@code source}'s folder when it is a build file (a pom, a Gradle script). */
    public synchronized void noteBuild(SourceFile source) {
        builds.scan(source);
    }

    /**
     * The folder of the outermost build the run parsed that holds {@code sourcePath}: where the project the run was
     * started on begins. Null when no build file above it was parsed (a run over sources alone).
     */
    public synchronized @Nullable Path outermostBuild(Path sourcePath) {
        return builds.outermost(sourcePath);
    }

    /**
     * Keeps {@code file} as the scan found it, without reading it: a run whose gate needs no other fact still names
     * each row's line in the file as found ({@link #asFound}).
     */
    public synchronized void remember(J.CompilationUnit file) {
        found.put(file.getId(), file);
    }

    /** {@code file} as the scan found it, before the run's recipes changed it; null when it was not read. */
    public synchronized J.@Nullable CompilationUnit asFound(SourceFile file) {
        return found.get(file.getId());
    }

    /**
     * The files whose code calls or references {@code method}, as read (the one at {@code file} as given): where a
     * rule looks for its calls. Null when these facts come from one file, which cannot tell.
     */
    public synchronized @Nullable List<J.CompilationUnit> callingFiles(JavaType.Method method, J.CompilationUnit file) {
        if (!wholeProject) {
            return null;
        }
        List<J.CompilationUnit> calling = new ArrayList<>();
        String path = file.getSourcePath().toString();
        for (String caller : callers.getOrDefault(methodKey(method), Collections.emptySet())) {
            J.CompilationUnit read = caller.equals(path) ? file : files.get(caller);
            if (read == null) {
                return null; // a call in a file not read: it cannot be judged
            }
            calling.add(read);
        }
        return calling;
    }

    /**
     * The answer {@code read} gives for {@code method}'s calls at {@code depth}, for spots that run once per
     * iteration of a loop below it or not ({@code repeated}), read once and then remembered (a method's spots all ask
     * the same).
     */
    public synchronized @Nullable String callersRead(JavaType.Method method, int depth, boolean repeated,
                                                     Supplier<@Nullable String> read) {
        String key = methodKey(method) + "@" + depth + (repeated ? ", repeated" : "");
        Optional<String> known = callersRead.get(key);
        if (known == null) {
            known = Optional.ofNullable(read.get());
            callersRead.put(key, known);
        }
        return known.orElse(null);
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

    /**
     * Whether {@code newClass} makes an anonymous subclass of the class that declares {@code constructor} with as many
     * arguments, so that it may call it (javac names the anonymous class's own constructor).
     */
    static boolean mayCallSuperConstructor(J.NewClass newClass, JavaType.Method constructor) {
        JavaType.FullyQualified extended = anonymouslyExtended(newClass);
        return constructor.isConstructor() && extended != null
               && extended.getFullyQualifiedName().equals(constructor.getDeclaringType().getFullyQualifiedName())
               && arguments(newClass) == constructor.getParameterTypes().size();
    }

    /** The class {@code newClass} makes an anonymous subclass of, or null when it has no body. */
    private static JavaType.@Nullable FullyQualified anonymouslyExtended(J.NewClass newClass) {
        return newClass.getBody() == null || newClass.getClazz() == null ? null
                : TypeUtils.asFullyQualified(newClass.getClazz().getType());
    }

    private static int arguments(J.NewClass newClass) {
        return (int) newClass.getArguments().stream().filter(a -> !(a instanceof J.Empty)).count();
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

    /** A type that declares {@code hashCode()}, and the types of the fields and calls that method hashes. */
    private static final class HashCodeUses {
        final JavaType.FullyQualified owner;
        final Map<String, JavaType.FullyQualified> uses = new HashMap<>();

        HashCodeUses(JavaType.FullyQualified owner) {
            this.owner = owner;
        }
    }

    private final class Reader extends JavaIsoVisitor<Integer> {
        /** Whether the file is main code: what tests hash (their hashCode contracts) says nothing of a normal run. */
        private final boolean mainCode;
        /** The {@code hashCode()} of main code the visit is in (not a method of a class declared inside it), else null. */
        private @Nullable HashCodeUses hashCode;

        /** The path of the file read. */
        private final String file;

        Reader(boolean mainCode, String file) {
            this.mainCode = mainCode;
            this.file = file;
        }

        @Override
        public Space visitSpace(Space space, Space.Location location, Integer p) {
            return space; // a Javadoc's {@link Type#method} names a method, it neither calls nor hashes anything
        }

        @Override
        public J.VariableDeclarations visitVariableDeclarations(J.VariableDeclarations variables, Integer p) {
            hashedIn(variables.getType(), 0);
            return super.visitVariableDeclarations(variables, p);
        }

        @Override
        public J.NewClass visitNewClass(J.NewClass newClass, Integer p) {
            hashedIn(newClass.getType(), 0);
            called(newClass.getConstructorType());
            JavaType.FullyQualified extended = anonymouslyExtended(newClass);
            if (extended != null) {
                // an anonymous class's constructor is its own: the one of the class it extends is called too
                callers.computeIfAbsent(extended.getFullyQualifiedName() + "#" + key(CONSTRUCTOR, arguments(newClass)),
                        k -> new HashSet<>()).add(file);
            }
            return super.visitNewClass(newClass, p);
        }

        @Override
        public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
            JavaType.Variable field = identifier.getFieldType();
            if (hashCode != null && field != null && field.getOwner() instanceof JavaType.FullyQualified) {
                usedBy(hashCode, identifier.getType(), 0);
            }
            return super.visitIdentifier(identifier, p);
        }

        /** What main code's {@code hashCode()} {@code method} hashes, filled as it is visited; null for another method. */
        private @Nullable HashCodeUses hashCodeOf(J.MethodDeclaration method) {
            JavaType.Method type = method.getMethodType();
            if (!mainCode || type == null || !type.getName().equals("hashCode") || !type.getParameterTypes().isEmpty()) {
                return null;
            }
            return hashCodes.computeIfAbsent(type.getDeclaringType().getFullyQualifiedName(), k -> new HashCodeUses(type.getDeclaringType()));
        }

        /** A type a hash code uses, and its type arguments (a map field's hash is its keys' and values'). */
        private void usedBy(HashCodeUses hashCode, @Nullable JavaType type, int depth) {
            JavaType.FullyQualified named = TypeUtils.asFullyQualified(type);
            if (named == null || depth > 2) {
                return;
            }
            if (!named.getFullyQualifiedName().equals("java.lang.Object")) {
                hashCode.uses.putIfAbsent(named.getFullyQualifiedName(), named);
            }
            for (JavaType argument : named.getTypeParameters()) {
                usedBy(hashCode, argument, depth + 1);
            }
        }

        /** Marks the keys of the hashed collections {@code type} names, also inside its type arguments. */
        private void hashedIn(@Nullable JavaType type, int depth) {
            if (!mainCode || !(type instanceof JavaType.Parameterized) || depth > 2) {
                return;
            }
            JavaType.Parameterized parameterized = (JavaType.Parameterized) type;
            if (hashesItsKeys(parameterized) && !parameterized.getTypeParameters().isEmpty()) {
                hashed(parameterized.getTypeParameters().get(0));
            }
            for (JavaType argument : parameterized.getTypeParameters()) {
                hashedIn(argument, depth + 1);
            }
        }

        private void hashed(@Nullable JavaType type) {
            JavaType.FullyQualified named = TypeUtils.asFullyQualified(type);
            if (named != null && !named.getFullyQualifiedName().equals("java.lang.Object")) {
                hashedTypes.putIfAbsent(named.getFullyQualifiedName(), named);
            }
        }

        @Override
        public J.MemberReference visitMemberReference(J.MemberReference reference, Integer p) {
            called(reference.getMethodType());
            return super.visitMemberReference(reference, p);
        }

        private void called(JavaType.@Nullable Method method) {
            if (method != null) {
                callers.computeIfAbsent(methodKey(method), k -> new HashSet<>()).add(file);
            }
        }

        @Override
        public J.MethodDeclaration visitMethodDeclaration(J.MethodDeclaration method, Integer p) {
            hashedIn(method.getMethodType() == null ? null : method.getMethodType().getReturnType(), 0);
            HashCodeUses outer = hashCode;
            hashCode = hashCodeOf(method);
            J.MethodDeclaration m = super.visitMethodDeclaration(method, p);
            hashCode = outer;
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
            if (mainCode) {
                hashedByCall(method);
            }
            return m;
        }

        /** {@code x.hashCode()}, {@code Objects.hash(x, ..)} and {@code stream.distinct()} hash what they are given. */
        private void hashedByCall(J.MethodInvocation method) {
            String name = method.getSimpleName();
            JavaType selectType = method.getSelect() == null ? null : method.getSelect().getType();
            if (name.equals("hashCode") && selectType != null && method.getArguments().stream().allMatch(a -> a instanceof J.Empty)) {
                hashedBy(selectType);
            } else if (name.equals("distinct") && TypeUtils.isAssignableTo("java.util.stream.Stream", selectType)) {
                JavaType.FullyQualified stream = TypeUtils.asFullyQualified(selectType);
                if (stream != null && stream.getTypeParameters().size() == 1) {
                    hashed(stream.getTypeParameters().get(0)); // distinct() keeps a HashSet of the elements
                }
            } else if ((name.equals("hash") || name.equals("hashCode")) && method.getMethodType() != null
                       && TypeUtils.isOfClassType(method.getMethodType().getDeclaringType(), "java.util.Objects")) {
                for (Expression argument : method.getArguments()) {
                    hashedBy(argument.getType());
                }
            }
        }

        /** A value hashed by a call: in a hash code, one that hash code uses; elsewhere, a type main code hashes. */
        private void hashedBy(@Nullable JavaType type) {
            if (hashCode != null) {
                usedBy(hashCode, type, 0);
            } else {
                hashed(type);
            }
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

package dev.rewriteperf.profile;

import dev.rewriteperf.analysis.evaluation.Constants;
import dev.rewriteperf.analysis.evaluation.Exits;
import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Comment;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JRightPadded;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Loop;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

/**
 * Code that runs once, only when something fails, or only to print: where a rewrite whose gain is per call is not
 * worth a reviewer's minute unless a profile says the method is hot. Read from the code alone, from the spot
 * outwards to its method:
 * <ul>
 *   <li>building a thrown exception: a {@code throw}, a {@code Throwable}'s constructor arguments, a local built only
 *       to be thrown, the arguments of a method of the same file that always throws ({@code _reportError(..)}), and
 *       the message supplier of a failed check ({@code Validate.isTrue(ok, () -> ..)});</li>
 *   <li>a {@code catch} block; an {@code assert} (evaluated only with {@code -ea}); a block that runs only with debug
 *       logging on ({@code if (log.isDebugEnabled())});</li>
 *   <li>static and instance initialisers and field initialisers (not a function kept there: that runs per call),
 *       and an enum's constructors and its constants' arguments, which run once per constant as the enum is
 *       initialised;</li>
 *   <li>{@code main(String[])} and {@code toString()}, and the text kept in a private field only {@code toString()}
 *       reads; a method whose comment says only tests use it; code Spring
 *       runs once as the application starts ({@code @Bean}, {@code @PostConstruct}, a bean definition parser). Of
 *       the methods only {@code main} calls, not one a loop over data or a function repeats on the way up (the
 *       program's work), nor a public or protected one {@code main} calls in a loop or a function (an API a demo
 *       {@code main} shows off, replaying requests through it);</li>
 *   <li>the {@code hashCode()} of a type main code never hashes ({@link ProjectFacts#hashed}), a copy constructor, and
 *       a method that lists a class's members by reflection ({@code getDeclaredFields()}), which runs once per type.</li>
 * </ul>
 * Code next to a file's or the network's I/O is not cold: per file or per request, it runs per call, and the issue's
 * blind held-out authors wrote every such spot as one to rewrite. Whether the I/O makes the gain too small to matter
 * is for a profile to say.
 * A lambda or a local class's method inside one of these keeps its context (a lambda in {@code main}'s own code runs with it),
 * except for initialisers, where a lambda is a function kept for later calls unless a call runs it before it returns
 * ({@code names.forEach(n -> ..)}).
 */
public final class ColdCode {

    /** Calls that run a function on each element before they return. */
    private static final List<String> IN_PLACE_LOOPS = Arrays.asList("forEach", "forEachOrdered");

    /** A map's views, whose items are the map's: fixed when the map is. */
    private static final List<String> MAP_VIEWS = Arrays.asList("keySet", "values", "entrySet");

    /** A collection's or a map's methods that run the function they are given before they return. */
    private static final List<String> RUN_NOW = Arrays.asList("removeIf", "replaceAll", "sort", "compute", "computeIfAbsent",
            "computeIfPresent", "merge");

    /** A stream's ends that return without running its steps: what they return runs them later. */
    private static final List<String> LAZY_ENDS = Arrays.asList("iterator", "spliterator");
    /**
     * Calls that run a function they are handed once, later or on another thread, by the type that declares them:
     * an executor's task, the event queue's, a future's stage. A scheduler's periodic task is not one of them.
     */
    private static final Map<String, List<String>> RUN_ONCE_LATER = new HashMap<>();

    static {
        RUN_ONCE_LATER.put("java.util.concurrent.Executor", Collections.singletonList("execute"));
        RUN_ONCE_LATER.put("java.util.concurrent.ExecutorService", Collections.singletonList("submit"));
        RUN_ONCE_LATER.put("java.util.concurrent.ScheduledExecutorService", Collections.singletonList("schedule"));
        RUN_ONCE_LATER.put("javax.swing.SwingUtilities", Arrays.asList("invokeLater", "invokeAndWait"));
        RUN_ONCE_LATER.put("java.awt.EventQueue", Arrays.asList("invokeLater", "invokeAndWait"));
        RUN_ONCE_LATER.put("java.util.concurrent.CompletableFuture", Arrays.asList("runAsync", "supplyAsync", "thenApply",
                "thenApplyAsync", "thenAccept", "thenAcceptAsync", "thenRun", "thenRunAsync", "thenCompose",
                "thenComposeAsync", "thenCombine", "thenCombineAsync", "whenComplete", "whenCompleteAsync", "handle",
                "handleAsync"));
    }

    /** A logger's checks for a level that production runs leave off ({@code isDebugEnabled()}, or with a marker). */
    private static final List<String> DEBUG_CHECKS = Arrays.asList("isDebugEnabled", "isTraceEnabled");

    /** A logger's checks of a level it is given ({@code isLoggable(Level.FINE)}, {@code isEnabled(Level.DEBUG)}). */
    private static final List<String> LEVEL_CHECKS = Arrays.asList("isLoggable", "isEnabled", "isEnabledForLevel", "isEnabledFor");

    /** "For testing purpose only", "only used in tests", "for unit tests only": a comment saying main code does not call it. */
    private static final Pattern FOR_TESTS_ONLY = Pattern.compile("(?i)\\bfor (?:unit )?test(?:s|ing)?(?: purposes?)? only\\b|" +
            "\\bonly (?:for|in|used (?:in|by|for)) (?:unit )?test(?:s|ing)?\\b");
    /** Methods Spring calls once per bean as the application starts. */
    private static final List<String> STARTUP_METHOD_ANNOTATIONS = Arrays.asList("org.springframework.context.annotation.Bean",
            "javax.annotation.PostConstruct", "jakarta.annotation.PostConstruct");
    /** Classes whose methods Spring calls as the application starts: {@code @Bean} factories. */
    private static final List<String> STARTUP_CLASS_ANNOTATIONS = Arrays.asList("org.springframework.context.annotation.Configuration",
            "org.springframework.boot.autoconfigure.AutoConfiguration");
    /** What Spring Boot runs once as the application starts: a runner a {@code @Bean} method returns, or a class. */
    private static final List<String> RUNNERS = Arrays.asList("org.springframework.boot.CommandLineRunner",
            "org.springframework.boot.ApplicationRunner");
    /**
     * Types whose implementations Spring runs as it reads the application's configuration, before any request, or
     * once it has started ({@link #RUNNERS}).
     */
    private static final List<String> STARTUP_TYPES = withRunners("org.springframework.beans.factory.xml.BeanDefinitionParser",
            "org.springframework.beans.factory.xml.NamespaceHandler",
            "org.springframework.context.annotation.ImportBeanDefinitionRegistrar",
            "org.springframework.context.annotation.ImportSelector",
            "org.springframework.beans.factory.config.BeanFactoryPostProcessor",
            "org.springframework.boot.env.EnvironmentPostProcessor",
            "org.springframework.context.ApplicationContextInitializer");
    /** The events Spring publishes once, as the application starts. */
    private static final List<String> STARTUP_EVENTS = Arrays.asList("org.springframework.boot.context.event.ApplicationReadyEvent",
            "org.springframework.boot.context.event.ApplicationStartedEvent",
            "org.springframework.context.event.ContextRefreshedEvent");
    /** A comment on a method's visibility: "it is package protected for unit testing only" is about who may call it. */
    private static final Pattern VISIBILITY =
            Pattern.compile("(?i)\\b(?:private|protected|public|package|visib\\w*|expos\\w*|accessib\\w*|widen\\w*)\\b");
    private static final Pattern SETTER = Pattern.compile("set[A-Z].*");
    /** Names of classes that hold or apply a component's settings, whose setters run as it is set up. */
    private static final Pattern CONFIGURATION_CLASS =
            Pattern.compile("(?:Provider|Config|Configuration|Configurer|Options|Properties|Settings|Factory)$");
    /**
     * Scopes whose beans are made per request, session or injection: their {@code @PostConstruct} and their
     * {@code @Bean} run per call ({@code @Scope} unless it says {@code singleton}).
     */
    private static final List<String> PER_CALL_SCOPES = Arrays.asList("RequestScope", "SessionScope", "RequestScoped",
            "SessionScoped", "ConversationScoped", "Dependent", "TransactionScoped", "Prototype");
    /**
     * What a method of a {@code @Configuration} class may be annotated with and still run only as the application starts;
     * any other annotation ({@code @Scheduled}, {@code @EventListener}) may have Spring call it again and again.
     */
    private static final List<String> STARTUP_ONLY_ANNOTATIONS = Arrays.asList("Override", "Bean", "Autowired", "Inject",
            "Value", "PostConstruct", "Primary", "Lazy", "Order", "DependsOn", "Deprecated", "SuppressWarnings", "Nullable",
            "NonNull", "Qualifier", "Named", "Description");
    /**
     * The levels below info of {@code java.util.logging} (whose default is {@code INFO}), {@code System.Logger}, SLF4J
     * and Log4j.
     */
    private static final List<String> DEBUG_LEVELS = Arrays.asList("CONFIG", "FINE", "FINER", "FINEST", "DEBUG", "TRACE");

    /** Classes whose methods take a message supplier that they call only when a check fails. */
    private static final List<String> CHECKS = Arrays.asList("java.util.Objects", "org.apache.commons.lang3.Validate",
            "com.google.common.base.Preconditions", "com.google.common.base.Verify", "org.springframework.util.Assert",
            "org.junit.jupiter.api.Assertions");

    /** {@code Class} methods that copy out a class's members: introspection, done once per type and cached. */
    private static final List<String> MEMBER_LISTS = Arrays.asList("getDeclaredFields", "getDeclaredMethods",
            "getDeclaredConstructors", "getFields", "getMethods", "getConstructors", "getRecordComponents");

    /** How many methods up {@link #calledOnlyFromColdCode} follows a method's callers. */
    private static final int MAX_CALLERS = 3;
    /**
     * How many files may call a method that is not private for {@link #calledOnlyFromColdCode} to read them all: past
     * that, a method is a project's common helper, and reading its callers would cost more than the rule is worth.
     * They are read once per method and run ({@link ProjectFacts#callersRead}): neo4j's
     * {@code GqlStatusError#getStatusDescription}, called only to build exceptions, is called from 92 files.
     */
    private static final int MAX_CALLING_FILES = 128;
    /**
     * A directory that holds benchmarks, examples or test kits: named for them ({@code benchmarks}, {@code jmh}), or a
     * project's ({@code spring-boot-samples}), or a test kit's part ({@code testkit-backend}). Not a service named for
     * an example ({@code example-service}, {@code demo}), nor one whose name only contains such a word
     * ({@code contest}).
     */
    private static final Pattern NOT_THE_PRODUCT = Pattern.compile(
            "(?i)(?:.+[-_.])?(?:benchmarks?|jmh|examples?|samples?)|testkit(?:[-_.].+)?");
    private static final String CATCH = "cold: in a catch block";
    private static final String CALLED_ONLY_FROM_COLD_CODE = "cold: called only from cold code (";
    private static final String COLD = "cold: ";
    private static final String IN_MAIN = "cold: in main, which runs once";

    private ColdCode() {
    }

    /**
     * Why the spot at {@code cursor} is cold code, starting {@code cold: }; null when nothing says it is. The
     * project's failing methods and callers come from a composite's scan ({@code facts}); without them, the spot's own
     * file says which of its methods always fail.
     */
    public static @Nullable String reason(Cursor cursor, @Nullable ProjectFacts facts) {
        J.CompilationUnit file = cursor.firstEnclosing(J.CompilationUnit.class);
        if (facts == null && file == null) {
            return null;
        }
        String module = file == null ? null
                : notTheProduct(file.getSourcePath(), facts == null ? null : facts.outermostBuild(file.getSourcePath()));
        return module != null ? module : reason(cursor, facts != null ? facts : ProjectFacts.ofFile(file), 0, false, Scope.ALL);
    }

    /**
     * Why a file in a module of benchmarks, examples or test kits (aerospike's {@code benchmarks/}, neo4j's
     * {@code testkit-backend/}, a {@code src/jmh/} source set) is cold, else null: a benchmark's code is what it
     * measures, an example's is read rather than run; neither is the product a reviewer ships. Only the spot's own
     * file: a benchmark calling a method says the method is worth measuring, not that it is cold.
     * <p>
     * Only folders of the project the run was started on count ({@code build}, the outermost build parsed above the
     * file; null when none was): a service whose own build sits in a repository's {@code samples/} folder is that
     * service's product, as the same service checked out on its own would be (the plugin names files from the
     * repository's root, so its paths start with {@code samples/} either way).
     */
    static @Nullable String notTheProduct(Path sourcePath, @Nullable Path build) {
        int source = -1;
        for (int i = 0; i < sourcePath.getNameCount() - 1 && source < 0; i++) {
            source = sourcePath.getName(i).toString().equals("src") ? i : -1;
        }
        if (source < 0) {
            return null; // no source directory: the path is a package's (com/example/..), which says nothing of modules
        }
        int first = build == null || build.toString().isEmpty() ? 0 : build.getNameCount();
        for (int i = first; i < source; i++) {
            if (NOT_THE_PRODUCT.matcher(sourcePath.getName(i).toString()).matches()) {
                return inModule(sourcePath.subpath(0, i + 1));
            }
        }
        boolean sourceSetNamed = source + 2 < sourcePath.getNameCount()
                                 && NOT_THE_PRODUCT.matcher(sourcePath.getName(source + 1).toString()).matches();
        return sourceSetNamed ? inModule(sourcePath.subpath(source, source + 2)) : null;
    }

    private static String inModule(Path directory) {
        return "cold: in " + directory.toString().replace('\\', '/') + "/, a module of benchmarks, examples or test kits, " +
               "not the product's own code";
    }

    /**
     * Why the spot at {@code cursor} is on a path of its method that runs only when something fails (building a thrown
     * exception, a failed check's message, a path that ends in a throw; unless {@code failuresRan}) or only with
     * assertions or debug logging on; null otherwise. The method's own file tells its failing helpers. This is the part of {@link #reason} a method-level recording cannot overrule:
     * it says a method runs, not which of its paths do.
     */
    public static @Nullable String pathReason(Cursor cursor, boolean failuresRan) {
        J.CompilationUnit file = cursor.firstEnclosing(J.CompilationUnit.class);
        return file == null ? null : reason(cursor, ProjectFacts.ofFile(file), 0, false, failuresRan ? Scope.PATHS_BUT_FAILURES : Scope.PATHS);
    }

    /** Which of the contexts {@link #reason} reads. */
    private enum Scope {
        /** All of them: a run without a profile. */
        ALL,
        /**
         * The paths within a method, a profile saying the method runs: not a catch block, which may be a fallback
         * doing the method's work (an exception thrown in a callee is charged to the callee).
         */
        PATHS,
        /** The paths within a method but for failures: a profile says the method runs and fails. */
        PATHS_BUT_FAILURES
    }

    /**
     * {@code callers} counts the methods followed up from the spot, each from a call of it; {@code repeated} says
     * whether on the way up a loop over data or a function repeated it. {@code main}'s own code is cold, loops and
     * all, but a method a loop repeats on the way up to main is the program's work: a command-line tool's loop over
     * its input's lines, a segment's records a dump tool describes.
     */
    private static @Nullable String reason(Cursor cursor, ProjectFacts facts, int callers, boolean repeated, Scope scope) {
        boolean failures = scope != Scope.PATHS_BUT_FAILURES;
        boolean methods = scope == Scope.ALL;
        boolean inLambda = false;
        boolean repeats = false;
        // a spot that is itself a loop over data (a copy's chunks, a map's entries) does its work per item, as a loop
        // around it would: what its callers do once does not make it cold, and a method main calls for it is the work
        boolean perItem = repeated || cursor.getValue() instanceof Loop
                                      && runsPerItem(cursor.getValue(), ((Loop) cursor.getValue()).getBody(), cursor);
        Object child = cursor.getValue();
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.Throw && failures) {
                return "cold: builds a thrown exception";
            }
            if (value instanceof J.NewClass && failures && value != cursor.getValue() && isThrowable(((J.NewClass) value).getType())) {
                return "cold: builds the message of an exception";
            }
            if (value instanceof J.MethodInvocation && failures && value != cursor.getValue() && isArgument(child, (J.MethodInvocation) value)
                && returnsAThrowable((J.MethodInvocation) value)) {
                return "cold: builds the message of an exception (an argument of " + ((J.MethodInvocation) value).getSimpleName() +
                       "(..), which makes one)";
            }
            if (value instanceof J.MethodInvocation && failures && value != cursor.getValue() && isArgument(child, (J.MethodInvocation) value)
                && facts.alwaysFails((J.MethodInvocation) value)) {
                return "cold: builds the message of an error that " + ((J.MethodInvocation) value).getSimpleName() +
                       "(..) always throws";
            }
            if (value instanceof J.Try.Catch && methods) {
                return CATCH + ", which runs only when something fails";
            }
            if (value instanceof J.Assert) {
                return "cold: in an assert statement, evaluated only with -ea";
            }
            if (value instanceof J.If && child == ((J.If) value).getThenPart()
                && guardsDebugLogging(((J.If) value).getIfCondition().getTree())) {
                return "cold: runs only with debug logging on, to print";
            }
            if (value instanceof J.If && methods && child == ((J.If) value).getThenPart()
                && CacheMiss.fills((J.If) value, c.firstEnclosing(J.CompilationUnit.class))) {
                return "cold: fills a cache or a lazily set field on a miss, once per key or object";
            }
            String miss = value instanceof J.Block && methods && child instanceof Statement
                    ? CacheMiss.onAMiss((J.Block) value, (Statement) child, cursor.getValue(), c.firstEnclosing(J.ClassDeclaration.class),
                                        c.firstEnclosing(J.CompilationUnit.class))
                    : null;
            if (miss != null) {
                return miss;
            }
            if (value instanceof J.VariableDeclarations.NamedVariable && failures && child instanceof Expression
                && builtOnlyToThrow((J.VariableDeclarations.NamedVariable) value, c)) {
                return "cold: builds the message of a thrown exception";
            }
            String printedField = value instanceof J.Assignment && methods && child == ((J.Assignment) value).getAssignment()
                    ? keptOnlyForToString((J.Assignment) value, c) : null;
            if (printedField != null) {
                return "cold: builds " + printedField + ", a field only toString() reads, to print";
            }
            boolean runsOnce = (value instanceof J.Lambda || value instanceof J.MemberReference) && runsOnceLater(c);
            if (value instanceof J.Lambda || value instanceof J.MemberReference) {
                inLambda |= !runsWhereItIsWritten(c) && !runsOnce;
                String check = failures ? checkGivenTheMessage(c) : null;
                if (check != null) {
                    return "cold: builds the message of a failed check (" + check + "(..))";
                }
                if (methods && computesACacheEntry(c)) {
                    return "cold: computes an entry of a cache, once per key (computeIfAbsent)";
                }
                if (methods && isShutdownHook(c)) {
                    return "cold: in a shutdown hook, which runs once, as the JVM exits";
                }
            }
            repeats |= Exits.isLoop(value) || value instanceof J.Lambda;
            // a method reference is itself the call when a caller's calls are read: handed on, it runs per item, as a lambda
            perItem |= value instanceof J.MemberReference && !runsOnce
                       || value != cursor.getValue() && (value instanceof J.Lambda && !runsOnce || Exits.isLoop(value) && runsPerItem(value, child, c));
            // a case's guard and labels run to choose the case, on every call that reaches the switch: only its body is the case's own block
            J.Block statements = value instanceof J.Case ? (inCaseBody((J.Case) value, child) ? caseBlock((J.Case) value) : null)
                    : value instanceof J.Block ? (J.Block) value : null;
            if (statements != null && failures && !repeats && child instanceof Statement) {
                String failing = endsInFailure(fromStatement(statements, child), c, facts);
                if (failing != null) {
                    return "cold: runs only on a path that ends in " + failing;
                }
            }
            if (value instanceof J.EnumValue && !inLambda && methods) {
                return "cold: an enum constant's arguments, evaluated once as the enum is initialised";
            }
            if ((value instanceof J.MethodDeclaration && !methods) || value instanceof J.ClassDeclaration) {
                return null;
            }
            if (value instanceof J.MethodDeclaration && !inLambda && isEnumConstructor((J.MethodDeclaration) value)) {
                return "cold: in an enum's constructor, which runs once per constant";
            }
            if (value instanceof J.MethodDeclaration) {
                J.ClassDeclaration holder = c.firstEnclosing(J.ClassDeclaration.class);
                String method = methodReason((J.MethodDeclaration) value, holder, facts, inLambda, callers > 0 && perItem);
                if (inLambda) {
                    // a function handed on runs where it is called, not where it is made: neither what else the method
                    // calls nor how often its callers run tells how often the function does
                    return method;
                }
                return method != null || callers >= MAX_CALLERS ? method
                        : calledOnlyFromColdCode((J.MethodDeclaration) value, c, facts, callers, perItem);
            }
            if (value instanceof J.Block && !inLambda && methods && inClassBody(c)) {
                return ((J.Block) value).isStatic() ? "cold: in a static initialiser, which runs once"
                        : "cold: in an instance initialiser, which runs once per object";
            }
            if (value instanceof J.VariableDeclarations && !inLambda && methods && inClassBody(c)) {
                return "cold: initialises a field, once" +
                       (((J.VariableDeclarations) value).hasModifier(J.Modifier.Type.Static) ? "" : " per object");
            }
            if (value instanceof J) {
                child = value;
            }
        }
        return null;
    }

    /**
     * Whether {@code child} of {@code loop} runs once per item: not the collection a for-each loop goes over (nor its
     * variable), which is evaluated once, and no part of a loop over {@code main}'s {@code String[]} parameter (its
     * elements, or a condition on its {@code length}), which parses a command line. A for loop's first clause is taken
     * with its condition and update, which repeat.
     */
    private static boolean runsPerItem(Object loop, Object child, Cursor at) {
        if (loop instanceof J.ForEachLoop) {
            J.ForEachLoop.Control control = ((J.ForEachLoop) loop).getControl();
            return child != control && !isStringArrayParameter(control.getIterable(), at) && !isFixed(control.getIterable());
        }
        Expression condition = loop instanceof J.ForLoop ? ((J.ForLoop) loop).getControl().getCondition()
                : loop instanceof J.WhileLoop ? ((J.WhileLoop) loop).getCondition().getTree()
                : loop instanceof J.DoWhileLoop ? ((J.DoWhileLoop) loop).getWhileCondition().getTree() : null;
        return condition == null || !readsTheLengthOfAStringArrayParameter(condition, at);
    }

    /**
     * Items fixed as the code is written: a {@code static final} field (the sections a startup method registers
     * routes for), an array written out, an enum's {@code values()}. A loop over them runs a set number of times, not
     * once per item of data.
     */
    private static boolean isFixed(Expression iterable) {
        Expression items = ExpressionShapes.unwrap(iterable);
        if (items instanceof J.NewArray) {
            return ((J.NewArray) items).getInitializer() != null;
        }
        if (items instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) items;
            JavaType.Method type = call.getMethodType();
            boolean noArguments = call.getArguments().stream().allMatch(a -> a instanceof J.Empty);
            if (MAP_VIEWS.contains(call.getSimpleName()) && noArguments && call.getSelect() != null
                && TypeUtils.isAssignableTo("java.util.Map", call.getSelect().getType())) {
                return isFixed(call.getSelect()); // a constant map's keySet(), values() or entrySet()
            }
            return call.getSimpleName().equals("values") && noArguments
                   && type != null && type.getDeclaringType().getKind() == JavaType.FullyQualified.Kind.Enum;
        }
        return Constants.isStaticFinal(ExpressionShapes.variableOf(items));
    }

    private static boolean readsTheLengthOfAStringArrayParameter(Expression condition, Cursor at) {
        AtomicBoolean found = new AtomicBoolean();
        new JavaIsoVisitor<AtomicBoolean>() {
            @Override
            public J.FieldAccess visitFieldAccess(J.FieldAccess access, AtomicBoolean p) {
                p.compareAndSet(false, access.getSimpleName().equals("length") && isStringArrayParameter(access.getTarget(), at));
                return super.visitFieldAccess(access, p);
            }
        }.visit(condition, found);
        return found.get();
    }

    /** {@code args} of {@code main(String[] args)}, the method {@code at} is in. */
    private static boolean isStringArrayParameter(Expression expression, Cursor at) {
        J.MethodDeclaration method = at.firstEnclosing(J.MethodDeclaration.class);
        JavaType.Variable variable = expression instanceof J.Identifier ? ((J.Identifier) expression).getFieldType() : null;
        return method != null && variable != null && isMain(method)
               && variable.equals(((J.VariableDeclarations) method.getParameters().get(0)).getVariables().get(0).getVariableType());
    }

    /**
     * A switch's case's statements as a block ({@code default: String m = ..; throw new X(m);}), for the rules that
     * read a block's statements; its body where it has one ({@code case A -> {..}}).
     */
    private static J.@Nullable Block caseBlock(J.Case switchCase) {
        if (switchCase.getBody() != null) {
            return switchCase.getBody() instanceof J.Block ? (J.Block) switchCase.getBody() : null;
        }
        return new J.Block(Tree.randomId(), Space.EMPTY, Markers.EMPTY, JRightPadded.build(false),
                switchCase.getPadding().getStatements().getPadding().getElements(), Space.EMPTY);
    }

    /** Whether {@code child} is a statement of {@code switchCase} or its body, not its guard or a label. */
    private static boolean inCaseBody(J.Case switchCase, Object child) {
        return switchCase.getBody() == child || switchCase.getStatements().contains(child);
    }

    /** The rest of {@code block} from its statement {@code statement} on: what runs once control reaches it. */
    private static J.Block fromStatement(J.Block block, Object statement) {
        List<Statement> statements = block.getStatements();
        for (int i = 0; i < statements.size(); i++) {
            if (statements.get(i) == statement) {
                return i == 0 ? block : block.withStatements(statements.subList(i, statements.size()));
            }
        }
        return block;
    }

    /**
     * What the rest of a block ends in when every run of it fails: a {@code throw}, or a call that always throws, with
     * no way out before it ({@code return}, {@code break}, {@code continue}; one before the spot's statement has not
     * been taken once control is there). A try's own block is not one: its catch may
     * recover.
     */
    private static @Nullable String endsInFailure(J.Block block, Cursor at, ProjectFacts facts) {
        Statement last = Exits.last(block);
        Cursor parent = at.getParentTreeCursor();
        if (last == null || parent.getValue() instanceof J.Try) {
            return null;
        }
        String failure = null;
        if (last instanceof J.Throw) {
            failure = "a throw";
        } else if (last instanceof J.MethodInvocation && facts.alwaysFails((J.MethodInvocation) last)) {
            failure = ((J.MethodInvocation) last).getSimpleName() + "(..), which always throws";
        } else if (last instanceof J.Return && ((J.Return) last).getExpression() instanceof J.MethodInvocation
                   && facts.alwaysFails((J.MethodInvocation) ((J.Return) last).getExpression())) {
            failure = ((J.MethodInvocation) ((J.Return) last).getExpression()).getSimpleName() + "(..), which always throws";
        }
        if (failure == null) {
            return null;
        }
        for (J.Return ret : Exits.returnsOf(block)) {
            if (ret != last) {
                return null;
            }
        }
        return Exits.jumpsOut(block, parent) ? null : failure;
    }

    /**
     * A lambda or method reference that a call runs before it returns: {@code names.forEach(n -> ..)}, or a stream's
     * step whose pipeline ends in the same expression ({@code names.stream().map(n -> ..).collect(..)}), a collection's
     * or a map's {@code removeIf}, {@code sort}, {@code merge} and kin, or any of an {@code Optional}'s. It runs in the
     * context it is written in (a static initialiser's {@code forEach} runs once, as the class is initialised); any
     * other function may be kept and called later, on every call (a listener registered: the pack cannot tell which
     * run once, and errs toward rewriting), but for a shutdown hook ({@link #isShutdownHook}) and a function a call
     * runs once, later ({@link #runsOnceLater}).
     */
    private static boolean runsWhereItIsWritten(Cursor function) {
        Cursor parent = function.getParentTreeCursor();
        if (!(parent.getValue() instanceof J.MethodInvocation) || !isArgument(function.getValue(), parent.getValue())) {
            return false;
        }
        J.MethodInvocation call = parent.getValue();
        JavaType.Method type = call.getMethodType();
        if (type == null) {
            return false;
        }
        if (IN_PLACE_LOOPS.contains(type.getName()) && (TypeUtils.isAssignableTo("java.lang.Iterable", type.getDeclaringType())
                || TypeUtils.isAssignableTo("java.util.Map", type.getDeclaringType()) || isStream(type.getDeclaringType()))) {
            return true;
        }
        if (RUN_NOW.contains(type.getName()) && (TypeUtils.isAssignableTo("java.util.Collection", type.getDeclaringType())
                || TypeUtils.isAssignableTo("java.util.Map", type.getDeclaringType()))
            || type.getDeclaringType().getFullyQualifiedName().startsWith("java.util.Optional")) {
            return true; // an Optional's map, ifPresent or orElseGet, a map's merge: run before the call returns
        }
        if (!isStream(type.getDeclaringType())) {
            return false;
        }
        J.MethodInvocation last = call;
        for (Cursor c = parent.getParentTreeCursor(); c.getValue() instanceof J.MethodInvocation
                && ((J.MethodInvocation) c.getValue()).getSelect() == last; c = c.getParentTreeCursor()) {
            last = c.getValue();
        }
        JavaType.Method terminal = last.getMethodType();
        return terminal != null && isStream(terminal.getDeclaringType()) && !isStream(terminal.getReturnType())
               && !LAZY_ENDS.contains(terminal.getName());
    }

    private static boolean isStream(@Nullable JavaType type) {
        return TypeUtils.isAssignableTo("java.util.stream.BaseStream", type);
    }

    /**
     * A lambda or method reference that fills a field's map on a miss ({@code CACHE.computeIfAbsent(type, t -> ..)}):
     * it runs once per key, not per call. A local map's runs with each call and stays per-call code.
     */
    private static boolean computesACacheEntry(Cursor function) {
        Object parent = function.getParentTreeCursor().getValue();
        if (!(parent instanceof J.MethodInvocation)) {
            return false;
        }
        J.MethodInvocation call = (J.MethodInvocation) parent;
        JavaType.Method type = call.getMethodType();
        if (type == null || !type.getName().equals("computeIfAbsent") || call.getArguments().size() != 2
            || call.getArguments().get(1) != function.getValue()
            || !TypeUtils.isAssignableTo("java.util.Map", type.getDeclaringType())) {
            return false;
        }
        JavaType.Variable field = ExpressionShapes.variableOf(call.getSelect());
        return field != null && field.getOwner() instanceof JavaType.FullyQualified;
    }

    /**
     * A lambda or method reference a call runs once, later or on another thread: {@code SwingUtilities.invokeLater},
     * an executor's {@code execute} or {@code submit}, a {@code CompletableFuture}'s stage, {@code new Thread(..)}. It
     * runs once each time the code it is written in runs: in {@code main}, once.
     */
    private static boolean runsOnceLater(Cursor function) {
        Object parent = function.getParentTreeCursor().getValue();
        if (parent instanceof J.NewClass) {
            J.NewClass thread = (J.NewClass) parent;
            return thread.getBody() == null && TypeUtils.isOfClassType(thread.getType(), "java.lang.Thread")
                   && thread.getArguments().stream().anyMatch(a -> a == function.getValue());
        }
        if (!(parent instanceof J.MethodInvocation) || !isArgument(function.getValue(), (J.MethodInvocation) parent)) {
            return false;
        }
        JavaType.Method type = ((J.MethodInvocation) parent).getMethodType();
        if (type == null) {
            return false;
        }
        for (Map.Entry<String, List<String>> runner : RUN_ONCE_LATER.entrySet()) {
            if (runner.getValue().contains(type.getName()) && TypeUtils.isAssignableTo(runner.getKey(), type.getDeclaringType())) {
                return true;
            }
        }
        return false;
    }

    /**
     * A lambda or method reference that is the body of a thread handed to {@code Runtime.addShutdownHook}
     * ({@code addShutdownHook(new Thread(server::close))}): the JVM runs it once, as it exits. Any other thread's
     * body may run per call.
     */
    private static boolean isShutdownHook(Cursor function) {
        Cursor thread = function.getParentTreeCursor();
        if (!(thread.getValue() instanceof J.NewClass) || ((J.NewClass) thread.getValue()).getBody() != null
            || !TypeUtils.isOfClassType(((J.NewClass) thread.getValue()).getType(), "java.lang.Thread")
            || ((J.NewClass) thread.getValue()).getArguments().stream().noneMatch(a -> a == function.getValue())) {
            return false;
        }
        Object register = thread.getParentTreeCursor().getValue();
        if (!(register instanceof J.MethodInvocation) || !isArgument(thread.getValue(), (J.MethodInvocation) register)) {
            return false;
        }
        JavaType.Method type = ((J.MethodInvocation) register).getMethodType();
        return type != null && "addShutdownHook".equals(type.getName())
               && TypeUtils.isOfClassType(type.getDeclaringType(), "java.lang.Runtime");
    }

    /**
     * Whether a call's method is the declared one. A generic method's call has its type variables bound
     * ({@code Constructor<Foo>} for {@code Constructor<T>}), so the declaring type, name and erased parameter types are
     * compared (the declaring type by name: a generic class's is parameterised at the call), a type variable
     * matching any type.
     */
    private static boolean sameMethod(JavaType.@Nullable Method called, JavaType.Method declared) {
        if (called == null || !called.getName().equals(declared.getName())
            || called.getParameterTypes().size() != declared.getParameterTypes().size()
            || !called.getDeclaringType().getFullyQualifiedName().equals(declared.getDeclaringType().getFullyQualifiedName())) {
            return false;
        }
        for (int i = 0; i < declared.getParameterTypes().size(); i++) {
            JavaType parameter = declared.getParameterTypes().get(i);
            boolean any = parameter instanceof JavaType.GenericTypeVariable;
            if (!any && !erasure(parameter).equals(erasure(called.getParameterTypes().get(i)))) {
                return false;
            }
        }
        return true;
    }

    private static String erasure(JavaType type) {
        if (type instanceof JavaType.Array) {
            return erasure(((JavaType.Array) type).getElemType()) + "[]";
        }
        JavaType.FullyQualified named = TypeUtils.asFullyQualified(type);
        if (named != null) {
            return named.getFullyQualifiedName();
        }
        return type instanceof JavaType.Primitive ? ((JavaType.Primitive) type).getKeyword() : "?";
    }

    /**
     * Whether only the method's own file can call it: it is private, or package-private (or in a package-private
     * type's body) and the project's scan saw no call of it from another file.
     */
    private static boolean calledOnlyInItsFile(J.MethodDeclaration method, JavaType.Method type, J.CompilationUnit file,
                                               ProjectFacts facts) {
        if (method.hasModifier(J.Modifier.Type.Private)) {
            return true;
        }
        boolean packagePrivate = !method.hasModifier(J.Modifier.Type.Public) && !method.hasModifier(J.Modifier.Type.Protected)
                                 && type.getDeclaringType().getKind() != JavaType.FullyQualified.Kind.Interface;
        // an override is called through its supertype too, where the scan counts the supertype's method
        boolean overrides = method.getLeadingAnnotations().stream().anyMatch(a -> a.getSimpleName().equals("Override"));
        return packagePrivate && !overrides && Boolean.FALSE.equals(facts.calledOutside(type, file.getSourcePath().toString()));
    }

    /**
     * Whether every call of a constructor is written out ({@code new Holder(props)}, {@code new Holder(props) { .. }},
     * {@code super(..)}, {@code this(..)}, {@code Holder::new}): it takes parameters, which a subclass's implicit
     * {@code super()} never passes; no annotation on it or its parameters tells a framework to call it
     * ({@code @Inject}, {@code @JsonCreator}, {@code @JsonProperty}); and it is not a record's, which deserialization
     * calls.
     */
    private static boolean constructedOnlyByName(J.MethodDeclaration constructor) {
        JavaType.Method type = constructor.getMethodType();
        boolean record = type != null && TypeUtils.isOfClassType(type.getDeclaringType().getSupertype(), "java.lang.Record");
        return !record && constructor.getLeadingAnnotations().isEmpty()
               && constructor.getParameters().stream().anyMatch(p -> !(p instanceof J.Empty))
               && constructor.getParameters().stream().noneMatch(p -> p instanceof J.VariableDeclarations
                                                                     && !((J.VariableDeclarations) p).getLeadingAnnotations().isEmpty());
    }

    /**
     * Whether every call of a method the file's other code can see names it as declared, so that the project's
     * scan found them all: not a constructor, not an override or an interface's method (called through a supertype
     * too), not a method frameworks call by its annotations.
     */
    private static boolean calledByName(J.MethodDeclaration method, JavaType.Method type) {
        return !method.isConstructor() && method.getLeadingAnnotations().isEmpty()
               && type.getDeclaringType().getKind() != JavaType.FullyQualified.Kind.Interface
               && !method.hasModifier(J.Modifier.Type.Abstract) && !TypeUtils.isOverride(type);
    }

    /**
     * A method whose every call in the project is in cold code (and that is called at least once) is cold too: a
     * private one (or a package-private one no other file calls) from its own file's calls, any other from the calls
     * in the files the project's scan saw calling it (commons-compress's {@code Messages.format}, called only to build
     * an error's message; neo4j's {@code Format.formatPairs}, only from {@code toString()}). A call in a catch block
     * does not count as cold here: the catch may be a fallback doing the method's work; nor, for a public or
     * protected method, one in main's own code. A private or package-private constructor that takes parameters is
     * followed to its {@code new} calls the same way (commons-text's {@code DefaultStringLookupsHolder}, made once for
     * its {@code INSTANCE}). Followed {@value #MAX_CALLERS} methods up
     * ({@code getCanonicalConstructor} called only from a {@code ClassValue}'s {@code computeValue}).
     */
    private static @Nullable String calledOnlyFromColdCode(J.MethodDeclaration method, Cursor at, ProjectFacts facts, int callers,
                                                           boolean repeated) {
        JavaType.Method type = method.getMethodType();
        J.CompilationUnit file = at.firstEnclosing(J.CompilationUnit.class);
        if (type == null || file == null || method.isConstructor() && !constructedOnlyByName(method)) {
            return null;
        }
        if (calledOnlyInItsFile(method, type, file, facts)) {
            return calledOnlyFromColdCode(type, Collections.singletonList(file), facts, callers, repeated, false);
        }
        if (!calledByName(method, type)) {
            return null;
        }
        // a public method main calls over and over may be an API main only shows off: a framework's demo main that
        // replays three requests calls the per-request code no other code of the project calls; one main calls once
        // (ConfigLoader.load(path), server.start()) is its setup
        boolean api = method.hasModifier(J.Modifier.Type.Public) || method.hasModifier(J.Modifier.Type.Protected);
        return facts.callersRead(type, callers, repeated, () -> {
            List<J.CompilationUnit> callingFiles = facts.callingFiles(type, file);
            return callingFiles == null || callingFiles.size() > MAX_CALLING_FILES ? null
                    : calledOnlyFromColdCode(type, callingFiles, facts, callers, repeated, api);
        });
    }

    /**
     * The cold context of the calls of {@code type} in {@code callingFiles} when every one is cold, else null; for an
     * {@code api} method, null too when a call is cold only as main's own code.
     */
    private static @Nullable String calledOnlyFromColdCode(JavaType.Method type, List<J.CompilationUnit> callingFiles,
                                                           ProjectFacts facts, int callers, boolean repeated, boolean api) {
        List<Cursor> calls = callsOf(type, callingFiles);
        String first = null;
        for (Cursor call : calls) {
            String reason = reason(call, facts, callers + 1, repeated, Scope.ALL);
            if (reason == null || reason.startsWith(CATCH)) {
                return null; // a catch may be a fallback doing the method's work (javassist's searchImports)
            }
            // a call made once is main's setup, also through a private helper of main (the held-out authors' startup
            // loaders, three of them through a helper); one a demo's loop repeats, around it or around the helper, is not
            if (api && isMainsOwnCode(reason) && repeatsOnTheWayUp(call, 0)) {
                return null;
            }
            if (type.isConstructor() && reason.contains("once per object")) {
                return null; // what an object's field makes, it makes each time one is made: per request, maybe
            }
            first = first == null ? reason : first;
        }
        if (first == null || first.startsWith(CALLED_ONLY_FROM_COLD_CODE)) {
            return first; // a chain of callers names its first cold context once
        }
        return CALLED_ONLY_FROM_COLD_CODE + first.substring(COLD.length()) + ")";
    }

    /** The calls of {@code type} in {@code files}: invocations, method references and {@code new}s. */
    private static List<Cursor> callsOf(JavaType.Method type, List<J.CompilationUnit> files) {
        List<Cursor> calls = new ArrayList<>();
        for (J.CompilationUnit calling : files) {
            new JavaIsoVisitor<Integer>() {
                @Override
                public J.MethodInvocation visitMethodInvocation(J.MethodInvocation call, Integer p) {
                    if (sameMethod(call.getMethodType(), type)) {
                        calls.add(getCursor());
                    }
                    return super.visitMethodInvocation(call, p);
                }

                @Override
                public J.MemberReference visitMemberReference(J.MemberReference reference, Integer p) {
                    if (sameMethod(reference.getMethodType(), type)) {
                        calls.add(getCursor());
                    }
                    return super.visitMemberReference(reference, p);
                }

                @Override
                public J.NewClass visitNewClass(J.NewClass newClass, Integer p) {
                    if (sameMethod(newClass.getConstructorType(), type) || ProjectFacts.mayCallSuperConstructor(newClass, type)) {
                        calls.add(getCursor());
                    }
                    return super.visitNewClass(newClass, p);
                }

                @Override
                public Space visitSpace(Space space, Space.Location location, Integer p) {
                    return space; // a Javadoc's {@link #method} names the method, it does not call it
                }
            }.visit(calling, 0, new Cursor(null, Cursor.ROOT_VALUE));
        }
        return calls;
    }

    /**
     * Whether the call at {@code call} repeats in its own method or, in a private helper, where the helper is called:
     * a demo main's loop of requests around {@code replay(request)}, which calls the API once.
     */
    private static boolean repeatsOnTheWayUp(Cursor call, int helpers) {
        if (repeatsInItsMethod(call)) {
            return true;
        }
        J.MethodDeclaration method = call.firstEnclosing(J.MethodDeclaration.class);
        J.CompilationUnit file = call.firstEnclosing(J.CompilationUnit.class);
        if (method == null || file == null || method.getMethodType() == null || !method.hasModifier(J.Modifier.Type.Private)
            || helpers >= MAX_CALLERS) {
            return false;
        }
        for (Cursor helperCall : callsOf(method.getMethodType(), Collections.singletonList(file))) {
            if (repeatsOnTheWayUp(helperCall, helpers + 1)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the call at {@code call} repeats in its own method: it is in a loop's body or condition (not a for-each
     * loop's collection, nor a for loop's first clause, each evaluated once), or in a function.
     */
    private static boolean repeatsInItsMethod(Cursor call) {
        Object child = call.getValue();
        Object grandchild = null;
        for (Cursor c = call.getParent(); c != null && !(c.getValue() instanceof J.MethodDeclaration); c = c.getParent()) {
            Object value = c.getValue();
            if (!(value instanceof J)) {
                continue;
            }
            boolean once = value instanceof J.ForEachLoop && child == ((J.ForEachLoop) value).getControl()
                           || value instanceof J.ForLoop && ((J.ForLoop) value).getControl().getInit().contains(grandchild);
            if (value instanceof J.Lambda && !runsOnceLater(c) || Exits.isLoop(value) && !once) {
                return true;
            }
            grandchild = child;
            child = value;
        }
        return false;
    }

    /** Cold only as {@code main}'s own code: a call in it, or in a method only it calls. */
    private static boolean isMainsOwnCode(String reason) {
        return reason.equals(IN_MAIN) || reason.equals(CALLED_ONLY_FROM_COLD_CODE + IN_MAIN.substring(COLD.length()) + ")");
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

    /**
     * A condition that holds only with debug logging on: a logger's {@code isDebugEnabled()} or {@code isTraceEnabled()}
     * (with a marker or not), or its check of a level below info ({@code isLoggable(Level.FINE)},
     * {@code isEnabled(Level.DEBUG)}), alone or one operand of an {@code &&}. A logger is a type named for one
     * ({@code Logger}, {@code Log}, {@code InternalLogger}): a setting's {@code config.isDebugEnabled()} may be on in
     * production. The code it guards only prints, and only when someone turned the level on.
     */
    private static boolean guardsDebugLogging(Expression condition) {
        Expression e = ExpressionShapes.unwrap(condition);
        if (e instanceof J.Binary && ((J.Binary) e).getOperator() == J.Binary.Type.And) {
            return guardsDebugLogging(((J.Binary) e).getLeft()) || guardsDebugLogging(((J.Binary) e).getRight());
        }
        if (!(e instanceof J.MethodInvocation)) {
            return false;
        }
        J.MethodInvocation check = (J.MethodInvocation) e;
        JavaType.Method type = check.getMethodType();
        if (type == null || !type.getDeclaringType().getClassName().contains("Log")) {
            return false;
        }
        if (DEBUG_CHECKS.contains(type.getName())) {
            return true;
        }
        List<Expression> arguments = check.getArguments();
        return LEVEL_CHECKS.contains(type.getName()) && !arguments.isEmpty() && isDebugLevel(arguments.get(0));
    }

    /** {@code Level.FINE}, {@code DEBUG} statically imported: a constant of a {@code ..Level} type below info. */
    private static boolean isDebugLevel(Expression level) {
        JavaType.Variable constant = ExpressionShapes.variableOf(level);
        JavaType.FullyQualified type = constant == null ? null : TypeUtils.asFullyQualified(constant.getType());
        return type != null && type.getClassName().endsWith("Level") && DEBUG_LEVELS.contains(constant.getName());
    }

    /**
     * What makes the method part of Spring's start (a {@code @Bean} factory, {@code @PostConstruct},
     * {@code afterPropertiesSet()}, a method of a {@code @Configuration} class or of a bean definition parser, a
     * namespace handler, a registrar or a factory post-processor), else null. Types from the build's classpath: without
     * Spring on it none of these is known, and the code is not cold for it.
     */
    private static @Nullable String startup(J.MethodDeclaration method, JavaType.@Nullable FullyQualified owner,
                                             J.@Nullable ClassDeclaration holder, boolean noParameters) {
        if (hasPerCallScope(method.getLeadingAnnotations()) ||
            holder != null && hasPerCallScope(holder.getLeadingAnnotations())) {
            return null; // a prototype @Bean, a request-scoped bean's @PostConstruct: once per use, not once
        }
        for (J.Annotation annotation : method.getLeadingAnnotations()) {
            for (String startup : STARTUP_METHOD_ANNOTATIONS) {
                if (TypeUtils.isOfClassType(annotation.getType(), startup)) {
                    return "in a @" + annotation.getSimpleName() + " method";
                }
            }
        }
        if (owner == null) {
            return null;
        }
        String event = isAnnotated(method, "org.springframework.context.event.EventListener") ? startupEvent(method) : null;
        if (event != null) {
            return "in an @EventListener of " + event;
        }
        if (method.getSimpleName().equals("afterPropertiesSet") && noParameters
            && TypeUtils.isAssignableTo("org.springframework.beans.factory.InitializingBean", owner)) {
            return "in afterPropertiesSet()";
        }
        for (JavaType.FullyQualified annotation : owner.getAnnotations()) {
            if (STARTUP_CLASS_ANNOTATIONS.contains(annotation.getFullyQualifiedName()) && runsOnlyAtStart(method)) {
                return "in a @" + annotation.getClassName() + " class";
            }
        }
        for (String startup : STARTUP_TYPES) {
            if (TypeUtils.isAssignableTo(startup, owner)) {
                return "in a " + startup.substring(startup.lastIndexOf('.') + 1);
            }
        }
        return null;
    }

    /**
     * "servlet" or "filter" where the method is the {@code init} a servlet container calls once per servlet or filter
     * ({@code init(ServletConfig)}, {@code init(FilterConfig)}, or {@code GenericServlet}'s {@code init()}), javax or
     * jakarta; else null. Its {@code service} and {@code doFilter} run per request.
     */
    private static @Nullable String servletInit(J.MethodDeclaration method, JavaType.FullyQualified owner) {
        JavaType.Method type = method.getMethodType();
        if (!"init".equals(method.getSimpleName()) || type == null || type.getParameterTypes().size() > 1) {
            return null;
        }
        for (String namespace : new String[]{"javax.servlet.", "jakarta.servlet."}) {
            for (String kind : new String[]{"Servlet", "Filter"}) {
                // GenericServlet's init() is the one its init(ServletConfig) calls; another class's init() is a helper
                boolean genericInit = type.getParameterTypes().isEmpty() && kind.equals("Servlet") && !type.hasFlags(Flag.Static)
                                      && TypeUtils.isAssignableTo(namespace + "GenericServlet", owner);
                if (genericInit || TypeUtils.isAssignableTo(namespace + kind, owner) && !type.getParameterTypes().isEmpty()
                                   && TypeUtils.isOfClassType(type.getParameterTypes().get(0), namespace + kind + "Config")) {
                    return kind.toLowerCase(Locale.ROOT);
                }
            }
        }
        return null;
    }

    /**
     * Whether a method of a {@code @Configuration} class runs only as Spring reads the class: not a static one (any code
     * may call it), nor one with an annotation by which Spring calls it later ({@code @Scheduled}, {@code @EventListener}).
     */
    private static boolean runsOnlyAtStart(J.MethodDeclaration method) {
        if (method.hasModifier(J.Modifier.Type.Static)) {
            return false;
        }
        for (J.Annotation annotation : method.getLeadingAnnotations()) {
            if (!STARTUP_ONLY_ANNOTATIONS.contains(annotation.getSimpleName()) &&
                !annotation.getSimpleName().startsWith("Conditional")) {
                return false;
            }
        }
        return true;
    }

    /** Whether the annotations give a scope whose beans are made per request, session or injection. */
    private static boolean hasPerCallScope(List<J.Annotation> annotations) {
        for (J.Annotation annotation : annotations) {
            String name = annotation.getSimpleName();
            if (PER_CALL_SCOPES.contains(name)) {
                return true;
            }
            List<Expression> arguments = annotation.getArguments();
            if (name.equals("Scope") && !(arguments != null && arguments.size() == 1 && isSingleton(arguments.get(0)))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the method, which takes parameters, sets a property of a component's configuration:
     * {@code setIgnores(String)} of johnzon's {@code ConfigurableJohnzonProvider}, a {@code void set..} of a class
     * named as one that holds or applies settings ({@code ..Provider}, {@code ..Config}, {@code ..Options},
     * {@code ..Properties}). A data object's setters run per object, and a builder's per build: their classes are named
     * otherwise.
     */
    private static boolean isConfigurationSetter(J.MethodDeclaration method, JavaType.FullyQualified owner) {
        String className = owner.getClassName().substring(owner.getClassName().lastIndexOf('.') + 1);
        return SETTER.matcher(method.getSimpleName()).matches()
               && method.getReturnTypeExpression() instanceof J.Primitive
               && ((J.Primitive) method.getReturnTypeExpression()).getType() == JavaType.Primitive.Void
               && CONFIGURATION_CLASS.matcher(className).find() && !className.contains("Builder");
    }

    /** {@code "singleton"}, {@code value = "singleton"} or {@code ConfigurableBeanFactory.SCOPE_SINGLETON}. */
    private static boolean isSingleton(Expression scope) {
        if (scope instanceof J.Assignment) {
            return isSingleton(((J.Assignment) scope).getAssignment());
        }
        if (scope instanceof J.Literal) {
            return "singleton".equals(((J.Literal) scope).getValue());
        }
        return scope instanceof J.Identifier && ((J.Identifier) scope).getSimpleName().equals("SCOPE_SINGLETON") ||
               scope instanceof J.FieldAccess && ((J.FieldAccess) scope).getSimpleName().equals("SCOPE_SINGLETON");
    }

    /**
     * Whether the method's own comment says only tests use it ("For testing purpose only", mariadb-connector-j's
     * {@code Pool#testGetConnectionIdleThreadIds}). Not {@code @VisibleForTesting}, nor a comment about the method's
     * visibility ("Consider this method private, it is package protected for unit testing only": commons-codec's
     * {@code MatchRatingApproachEncoder#removeVowels}, which every {@code encode} calls): main code calls such a
     * method too, its visibility widened for tests. Only comments on lines of their own: the parser puts a member's
     * trailing comment ({@code int limit; // for testing only}) before the next member.
     */
    private static boolean saysItIsForTestsOnly(J.MethodDeclaration method) {
        for (J.Annotation annotation : method.getLeadingAnnotations()) {
            if (annotation.getSimpleName().equals("VisibleForTesting")) {
                return false;
            }
        }
        String before = method.getPrefix().getWhitespace();
        for (Comment comment : method.getPrefix().getComments()) {
            String text = comment.printComment(new Cursor(null, Cursor.ROOT_VALUE));
            boolean ownLine = before.contains("\n");
            before = comment.getSuffix();
            if (ownLine && FOR_TESTS_ONLY.matcher(text).find() && !VISIBILITY.matcher(text).find()) {
                return true;
            }
        }
        return false;
    }

    /** Only the enum's constants call it, each once, as the enum is initialised. */
    private static boolean isEnumConstructor(J.MethodDeclaration method) {
        JavaType.Method type = method.getMethodType();
        return method.isConstructor() && type != null && type.getDeclaringType().getKind() == JavaType.FullyQualified.Kind.Enum;
    }

    /** {@code repeated}: the spot is reached through a call a loop over data or a function of this method repeats. */
    private static @Nullable String methodReason(J.MethodDeclaration method, J.@Nullable ClassDeclaration holder, ProjectFacts facts,
                                                 boolean inLambda, boolean repeated) {
        String name = method.getSimpleName();
        List<Statement> parameters = method.getParameters();
        boolean noParameters = parameters.isEmpty() || parameters.size() == 1 && parameters.get(0) instanceof J.Empty;
        JavaType.FullyQualified owner = method.getMethodType() == null ? null : method.getMethodType().getDeclaringType();
        boolean instance = !method.hasModifier(J.Modifier.Type.Static);
        if (isToString(method)) {
            return "cold: in toString(), which builds text to print";
        }
        String deprecated = isDeprecated(method.getLeadingAnnotations()) ? "method"
                : holder != null && isDeprecated(holder.getLeadingAnnotations()) ? "class" : null;
        if (deprecated != null) {
            return "cold: in a deprecated " + deprecated + ", which the project asks its callers to stop using";
        }
        String jmx = owner == null || !instance ? null : jmxInterface(method, owner);
        if (jmx != null) {
            return "cold: a JMX attribute or operation of " + jmx + ", which runs when a management console asks";
        }
        if (isAnnotated(method, "org.springframework.web.bind.annotation.ExceptionHandler")) {
            return "cold: in an @ExceptionHandler method, which runs only when handling a request has failed";
        }
        String deployed = !inLambda && owner != null ? servletInit(method, owner) : null;
        if (deployed != null) {
            return "cold: in a " + deployed + "'s init(), which its container calls once, as it deploys the application";
        }
        // a lambda a @Bean method returns is the bean's own code, which runs per call; but a runner's runs once
        String startup = !inLambda ? startup(method, owner, holder, noParameters)
                : isAnnotated(method, "org.springframework.context.annotation.Bean") && returnsOneOf(method, RUNNERS)
                ? "in the runner a @Bean method returns" : null;
        if (startup != null) {
            return "cold: " + startup + ", which Spring runs once as the application starts";
        }
        if (owner != null && instance && !noParameters && isConfigurationSetter(method, owner)) {
            return "cold: in a setter of " + owner.getClassName() + ", which configures it as it is set up";
        }
        if (saysItIsForTestsOnly(method)) {
            return "cold: its comment says only tests use it";
        }
        if (name.equals("hashCode") && noParameters && instance && owner != null && Boolean.FALSE.equals(facts.hashed(owner))) {
            return "cold: in hashCode() of a type main code never hashes (no map keyed by it, no set of it)";
        }
        if (owner != null && isThrowable(owner)) {
            return "cold: in " + owner.getClassName() + ", an exception, whose code runs when something has failed";
        }
        if (inLambda) {
            // what follows runs once per process, type or copy; a function made there (a listener main registers, a
            // renderer made once per type) runs whenever it is called
            return null;
        }
        if (method.isConstructor() && owner != null && parameters.size() == 1 && parameters.get(0) instanceof J.VariableDeclarations
            && TypeUtils.isOfClassType(((J.VariableDeclarations) parameters.get(0)).getType(), owner.getFullyQualifiedName())) {
            return "cold: in a copy constructor, which runs when an object is duplicated, not each time it is used";
        }
        String introspection = introspection(method);
        if (introspection != null) {
            return "cold: reads a class's members by reflection (" + introspection + "()), which copies them on every " +
                   "call: code that runs once per type and costs more than the rewrite saves";
        }
        if (name.equals("computeValue") && parameters.size() == 1 && owner != null
            && TypeUtils.isAssignableTo("java.lang.ClassValue", owner)) {
            return "cold: in a ClassValue's computeValue, which runs once per class";
        }
        // main runs once, but what its loops call is the program's work: a line read, a file listed, a request served
        if (!repeated && isMain(method)) {
            return IN_MAIN;
        }
        return null;
    }

    private static List<String> withRunners(String... types) {
        List<String> all = new ArrayList<>(Arrays.asList(types));
        all.addAll(RUNNERS);
        return Collections.unmodifiableList(all);
    }

    private static boolean isAnnotated(J.MethodDeclaration method, String annotation) {
        return hasAnnotation(method.getLeadingAnnotations(), annotation);
    }

    private static boolean hasAnnotation(List<J.Annotation> annotations, String annotation) {
        return annotations.stream().anyMatch(a -> TypeUtils.isOfClassType(a.getType(), annotation));
    }

    private static boolean returnsOneOf(J.MethodDeclaration method, List<String> types) {
        JavaType.Method type = method.getMethodType();
        return type != null && types.stream().anyMatch(t -> TypeUtils.isAssignableTo(t, type.getReturnType()));
    }

    /** The event Spring publishes once, as the application starts, that the method's one parameter is; else null. */
    private static @Nullable String startupEvent(J.MethodDeclaration method) {
        List<Statement> parameters = method.getParameters();
        if (parameters.size() != 1 || !(parameters.get(0) instanceof J.VariableDeclarations)) {
            return null;
        }
        JavaType type = ((J.VariableDeclarations) parameters.get(0)).getType();
        return STARTUP_EVENTS.stream().filter(e -> TypeUtils.isAssignableTo(e, type))
                .map(e -> e.substring(e.lastIndexOf('.') + 1)).findFirst().orElse(null);
    }

    private static boolean isMain(J.MethodDeclaration method) {
        List<Statement> parameters = method.getParameters();
        return method.getSimpleName().equals("main") && method.hasModifier(J.Modifier.Type.Static) && parameters.size() == 1
               && parameters.get(0) instanceof J.VariableDeclarations
               && TypeUtils.isOfClassType(arrayElement(((J.VariableDeclarations) parameters.get(0)).getType()), "java.lang.String");
    }

    private static boolean isDeprecated(List<J.Annotation> annotations) {
        return hasAnnotation(annotations, "java.lang.Deprecated");
    }

    /**
     * The JMX interface ({@code ..MBean}, {@code ..MXBean}) that declares {@code method}, when no other supertype of
     * {@code owner} does (apollo's {@code getApolloConfigExceptionDetails}, only its {@code ApolloClientJmxExceptionMBean}'s);
     * else null: a method another interface declares may be called per request.
     */
    private static @Nullable String jmxInterface(J.MethodDeclaration method, JavaType.FullyQualified owner) {
        JavaType.Method type = method.getMethodType();
        if (type == null) {
            return null;
        }
        String jmx = null;
        for (JavaType.FullyQualified supertype : supertypes(owner, new ArrayList<>())) {
            if (declares(supertype, type)) {
                String name = supertype.getClassName().substring(supertype.getClassName().lastIndexOf('.') + 1);
                if (!name.endsWith("MBean") && !name.endsWith("MXBean")) {
                    return null;
                }
                jmx = name;
            }
        }
        return jmx;
    }

    private static List<JavaType.FullyQualified> supertypes(JavaType.FullyQualified type, List<JavaType.FullyQualified> found) {
        List<JavaType.FullyQualified> direct = new ArrayList<>(type.getInterfaces());
        if (type.getSupertype() != null && !TypeUtils.isObject(type.getSupertype())) {
            direct.add(type.getSupertype());
        }
        for (JavaType.FullyQualified supertype : direct) {
            if (found.stream().noneMatch(f -> f.getFullyQualifiedName().equals(supertype.getFullyQualifiedName()))) {
                found.add(supertype);
                supertypes(supertype, found);
            }
        }
        return found;
    }

    private static boolean declares(JavaType.FullyQualified type, JavaType.Method method) {
        for (JavaType.Method declared : type.getMethods()) {
            if (declared.getName().equals(method.getName()) && declared.getParameterTypes().size() == method.getParameterTypes().size()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The first call in {@code method} that lists a class's members by reflection, else null. A method that also
     * looks in a field's map is a cache's lookup, which runs per call and reflects only on a miss: not one.
     */
    private static @Nullable String introspection(J.MethodDeclaration method) {
        if (method.getBody() == null) {
            return null;
        }
        AtomicReference<String> found = new AtomicReference<>();
        AtomicBoolean looksInACache = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation call, Integer p) {
                JavaType.Method type = call.getMethodType();
                if (found.get() == null && type != null && MEMBER_LISTS.contains(type.getName())
                    && TypeUtils.isOfClassType(type.getDeclaringType(), "java.lang.Class")) {
                    found.set(type.getName());
                }
                if (type != null && TypeUtils.isAssignableTo("java.util.Map", type.getDeclaringType())) {
                    JavaType.Variable map = ExpressionShapes.variableOf(call.getSelect());
                    looksInACache.compareAndSet(false, map != null && map.getOwner() instanceof JavaType.FullyQualified);
                }
                return super.visitMethodInvocation(call, p);
            }
        }.visit(method.getBody(), 0);
        return looksInACache.get() ? null : found.get();
    }

    private static @Nullable JavaType arrayElement(@Nullable JavaType type) {
        return type instanceof JavaType.Array ? ((JavaType.Array) type).getElemType() : null;
    }

    /**
     * A call that makes an exception and returns it: a factory ({@code InvalidFormatException.from(parser, msg, ..)},
     * jackson's {@code weirdKeyException(..)}), whose arguments are its message. Not one that only hands an exception
     * on: {@code getCause()} takes no argument, and a JDK container's {@code errors.get(key)} returns what it holds.
     */
    private static boolean returnsAThrowable(J.MethodInvocation call) {
        JavaType.Method type = call.getMethodType();
        if (type == null || type.isConstructor() || call.getArguments().isEmpty() || call.getArguments().get(0) instanceof J.Empty
            || !isThrowable(type.getReturnType())) {
            return false;
        }
        String owner = type.getDeclaringType().getFullyQualifiedName();
        return isThrowable(type.getDeclaringType()) || !(owner.startsWith("java.") || owner.startsWith("javax."));
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
     * A local whose every use in its block is inside a {@code throw} or a {@code Throwable}'s constructor, in a
     * statement of that block that runs whenever the declaration does: a message built only to be thrown
     * ({@code String message = String.format(..); throw new IllegalStateException(message);}). Not one thrown only
     * under a branch: that local is built on every call.
     */
    private static boolean builtOnlyToThrow(J.VariableDeclarations.NamedVariable variable, Cursor at) {
        Cursor declarations = at.getParentTreeCursor();
        Cursor block = declarations.getParentTreeCursor();
        // a switch's case holds its statements as a block does; its locals are in scope in the cases after it too
        List<Statement> statements = block.getValue() instanceof J.Block ? ((J.Block) block.getValue()).getStatements()
                : block.getValue() instanceof J.Case ? ((J.Case) block.getValue()).getStatements() : null;
        Cursor scope = block.getValue() instanceof J.Case ? block.getParentTreeCursor() : block;
        if (!(declarations.getValue() instanceof J.VariableDeclarations) || statements == null || inClassBody(declarations)) {
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
                    if (getCursor().firstEnclosing(J.Throw.class) == null && !inThrowableConstructor(getCursor())
                        || underABranch(getCursor(), block.getValue())
                        || mayLeaveBefore(getCursor(), block.getValue(), statements, (Statement) declarations.getValue())) {
                        usedElsewhere.set(true);
                    }
                }
                return identifier;
            }
        }.visit(scope.getValue(), 0, scope.getParentOrThrow());
        return used.get() && !usedElsewhere.get();
    }

    /**
     * The name of the private {@code String} field of its class that {@code assignment}, a statement of its own, sets
     * and that nothing but {@code toString()} reads; null otherwise. The text it builds is kept only to be printed, as
     * if {@code toString()} built it (commons-lang's {@code TypeLiteral} formats its {@code toString} field in its
     * constructor). A field read anywhere else, or never, says nothing, nor does one a framework may read unseen: an
     * annotated field or class (Lombok's getters, a JSON mapper's fields), nor an assignment whose value is also used.
     */
    private static @Nullable String keptOnlyForToString(J.Assignment assignment, Cursor at) {
        JavaType.Variable field = ExpressionShapes.variableOf(assignment.getVariable());
        J.ClassDeclaration holder = at.firstEnclosing(J.ClassDeclaration.class);
        J.CompilationUnit file = at.firstEnclosing(J.CompilationUnit.class);
        Object statementOf = at.getParentTreeCursor().getValue();
        if (field == null || holder == null || file == null || holder.getType() == null || !field.hasFlags(Flag.Private)
            || !TypeUtils.isString(field.getType()) || !TypeUtils.isOfClassType(field.getOwner(), holder.getType().getFullyQualifiedName())
            || !field.getAnnotations().isEmpty() || !holder.getLeadingAnnotations().isEmpty()
            || !(statementOf instanceof J.Block || statementOf instanceof J.Case)) {
            return null;
        }
        AtomicBoolean readByToString = new AtomicBoolean();
        AtomicBoolean readElsewhere = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
                if (field.equals(identifier.getFieldType()) && !written(getCursor())) {
                    J.MethodDeclaration method = getCursor().firstEnclosing(J.MethodDeclaration.class);
                    (method != null && isToString(method) ? readByToString : readElsewhere).set(true);
                }
                return identifier;
            }

            @Override
            public Space visitSpace(Space space, Space.Location location, Integer p) {
                return space; // a Javadoc's {@link #field} names the field, it does not read it
            }
        }.visit(file, 0);
        return readByToString.get() && !readElsewhere.get() ? field.getName() : null;
    }

    /** Whether {@code method} is an instance method {@code toString()}, without parameters. */
    private static boolean isToString(J.MethodDeclaration method) {
        List<Statement> parameters = method.getParameters();
        return method.getSimpleName().equals("toString") && !method.hasModifier(J.Modifier.Type.Static)
               && (parameters.isEmpty() || parameters.size() == 1 && parameters.get(0) instanceof J.Empty);
    }

    /** Whether the name at {@code name} is declared or assigned there ({@code x = ..}, {@code this.x = ..}), not read. */
    private static boolean written(Cursor name) {
        Cursor parent = name.getParentTreeCursor();
        Object target = parent.getValue() instanceof J.FieldAccess && ((J.FieldAccess) parent.getValue()).getName() == name.getValue()
                ? parent.getValue() : name.getValue();
        Cursor holder = target == name.getValue() ? parent : parent.getParentTreeCursor();
        Object value = holder.getValue();
        return value instanceof J.Assignment && ((J.Assignment) value).getVariable() == target
               || value instanceof J.VariableDeclarations.NamedVariable && ((J.VariableDeclarations.NamedVariable) value).getName() == target;
    }

    /**
     * Whether the use at {@code use} runs only on some of the paths through {@code block}: under a branch, a loop, a
     * {@code try} or a function. A local declared before it is then built on every call, the throw or not (arena's
     * frame decoder reads a frame's sequence number for every frame and names it only in the unknown opcode's
     * message).
     */
    private static boolean underABranch(Cursor use, Object block) {
        for (Cursor c = use.getParent(); c != null && c.getValue() != block; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.If || value instanceof J.Switch || value instanceof J.SwitchExpression
                || value instanceof J.Try || value instanceof J.Ternary || value instanceof J.Lambda || Exits.isLoop(value)
                || value instanceof J.NewClass && ((J.NewClass) value).getBody() != null || value instanceof J.ClassDeclaration) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a statement of {@code block} between {@code declaration} and the one holding {@code use} may leave it:
     * {@code String msg = ..; if (ok) return id; throw new X(msg);} builds the message on every call, as a branch
     * would.
     */
    private static boolean mayLeaveBefore(Cursor use, Object block, List<Statement> statements, Statement declaration) {
        Object holder = null;
        for (Cursor c = use; c != null && c.getValue() != block; c = c.getParent()) {
            holder = c.getValue() instanceof J ? c.getValue() : holder;
        }
        boolean between = false;
        for (Statement statement : statements) {
            if (statement == holder) {
                return false;
            }
            if (between && leaves(statement)) {
                return true;
            }
            between |= statement == declaration;
        }
        return false;
    }

    /** Whether {@code statement} holds a {@code return}, {@code break}, {@code continue} or {@code throw}. */
    private static boolean leaves(Statement statement) {
        AtomicBoolean found = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public @Nullable J visit(@Nullable Tree tree, Integer p) {
                if (tree instanceof J.Return || tree instanceof J.Break || tree instanceof J.Continue || tree instanceof J.Throw) {
                    found.set(true);
                }
                return found.get() ? (J) tree : super.visit(tree, p);
            }
        }.visit(statement, 0);
        return found.get();
    }

    private static boolean inThrowableConstructor(Cursor cursor) {
        for (Cursor c = cursor.getParent(); c != null; c = c.getParent()) {
            if (c.getValue() instanceof J.NewClass && isThrowable(((J.NewClass) c.getValue()).getType())
                || c.getValue() instanceof J.MethodInvocation && returnsAThrowable((J.MethodInvocation) c.getValue())) {
                return true;
            }
            if (c.getValue() instanceof J.Block) {
                return false;
            }
        }
        return false;
    }
}

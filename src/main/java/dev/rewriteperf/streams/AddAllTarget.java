package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.JdkTypes;
import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.names.FreshNames;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Loop;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * {@code target.addAll(<pipeline>);} where {@code target} is a local collection nothing else can see while the
 * pipeline runs: the loop adds the elements to it directly, with no list in between. Nothing else can see it when
 * it is a new {@code ArrayList} or {@code LinkedList} (or a hash set of strings, boxed primitives or enums, whose
 * {@code hashCode} and {@code equals} run no other code), declared in the same method outside no loop, {@code try}
 * or lambda that holds the statement, never assigned again, and used before the statement only as the receiver
 * of calls that return no object (so no view of it escapes); and the pipeline does not refer to it. If a function
 * throws, the elements before are in {@code target} where the stream added none, but then no code that can see
 * {@code target} runs again.
 */
final class AddAllTarget implements Destination {

    private static final MethodMatcher ADD_ALL = new MethodMatcher("java.util.Collection addAll(java.util.Collection)", true);
    private static final Set<String> LISTS = new HashSet<>(Arrays.asList("java.util.ArrayList", "java.util.LinkedList"));
    private static final Set<String> HASH_SETS = new HashSet<>(Arrays.asList("java.util.HashSet", "java.util.LinkedHashSet"));

    private final J.Identifier target;

    private AddAllTarget(J.Identifier target) {
        this.target = target;
    }

    /** The collection that the statement at {@code site} adds all of the pipeline's list to, if the loop can add to it directly. */
    static @Nullable AddAllTarget of(LoopSite site, Cursor pipelineCursor) {
        J.MethodInvocation addAll = addAllOfThePipeline(site);
        if (addAll == null || !(addAll.getSelect() instanceof J.Identifier)) {
            return null;
        }
        J.Identifier target = (J.Identifier) addAll.getSelect();
        if (target.getFieldType() == null) {
            return null;
        }
        String name = target.getSimpleName();
        Cursor statement = pipelineCursor.dropParentUntil(t -> t == addAll);
        Cursor declaringBlock = declaringBlock(statement, name);
        if (declaringBlock == null || References.countNamed(addAll.getArguments().get(0), name) > 0 ||
            !isNewPrivateCollection(LocalVariables.effectivelyFinalInitializer(target, statement)) ||
            !onlyCalledBefore(declaringBlock.getValue(), addAll, name)) {
            return null;
        }
        return new AddAllTarget(target);
    }

    /**
     * Why a pipeline whose collection is only added to another one ({@code errors.addAll(items.stream().map(f)
     * .collect(toList()))}) is left alone: a loop would fill a collection only to add it, which reads oddly (the third
     * review's johnzon {@code ItemsValidator#onArray}). A list could be added to directly only when {@link #of} finds
     * the other one a new local collection nothing reads before (else a function that threw would leave part of the
     * elements there); a set never, since adding straight would keep the duplicates it removes. Null for other
     * statements.
     */
    static @Nullable String appendedReason(LoopSite site, CollectedCollection.Kind collected) {
        J.MethodInvocation addAll = addAllOfThePipeline(site);
        if (addAll == null) {
            return null;
        }
        String target = addAll.getSelect() == null ? "this" : addAll.getSelect().printTrimmed();
        if (collected == CollectedCollection.Kind.SET) {
            return "the set is only added to `" + target + "`: a loop would fill a set just to add it, and adding " +
                   "directly would keep the duplicates the set removes";
        }
        return "the collection is only added to `" + target + "`, which is not a new local collection nothing reads " +
               "before: a loop would fill a list just to add it, and adding directly would leave part of the elements " +
               "there if a function threw";
    }

    /** The statement at {@code site} when it is {@code c.addAll(<the pipeline>)}, else null. */
    private static J.@Nullable MethodInvocation addAllOfThePipeline(LoopSite site) {
        if (site.reason != null || !(site.statement instanceof J.MethodInvocation)) {
            return null;
        }
        J.MethodInvocation addAll = (J.MethodInvocation) site.statement;
        return ADD_ALL.matches(addAll) && unwrap(addAll.getArguments().get(0)).getId().equals(site.pipeline) ? addAll : null;
    }

    /**
     * The block that declares the local {@code name} used by the statement at {@code statement}, when no loop,
     * {@code try}, lambda or class lies between them; null otherwise.
     */
    private static @Nullable Cursor declaringBlock(Cursor statement, String name) {
        Object child = statement.getValue();
        for (Cursor c = statement.getParent(); c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.Block && declaresBefore((J.Block) value, child, name)) {
                return c;
            }
            if (value instanceof Loop || value instanceof J.Try || value instanceof J.Try.Catch || value instanceof J.Lambda ||
                value instanceof J.MethodDeclaration || value instanceof J.ClassDeclaration || value instanceof J.NewClass) {
                return null;
            }
            if (value instanceof J) {
                child = value;
            }
        }
        return null;
    }

    private static boolean declaresBefore(J.Block block, Object child, String name) {
        for (Statement statement : block.getStatements()) {
            if (statement == child) {
                return false;
            }
            if (statement instanceof J.VariableDeclarations && ((J.VariableDeclarations) statement).getVariables().stream()
                    .anyMatch(v -> v.getSimpleName().equals(name))) {
                return true;
            }
        }
        return false;
    }

    /** {@code new ArrayList<>(..)} and the like: a JDK collection whose {@code add} runs no code of the elements' own. */
    private static boolean isNewPrivateCollection(@Nullable Expression initializer) {
        Expression e = initializer == null ? null : unwrap(initializer);
        if (!(e instanceof J.NewClass) || ((J.NewClass) e).getBody() != null) {
            return false;
        }
        JavaType.FullyQualified type = TypeUtils.asFullyQualified(e.getType());
        if (type == null) {
            return false;
        }
        if (LISTS.contains(type.getFullyQualifiedName())) {
            return true;
        }
        List<JavaType> elements = type.getTypeParameters();
        return HASH_SETS.contains(type.getFullyQualifiedName()) && elements.size() == 1 && hasPlainEquality(elements.get(0));
    }

    private static boolean hasPlainEquality(JavaType element) {
        JavaType.FullyQualified type = TypeUtils.asFullyQualified(element);
        return TypeUtils.isString(element) ||
               type != null && (type.getKind() == JavaType.FullyQualified.Kind.Enum || JdkTypes.hasPlainEquality(type.getFullyQualifiedName()));
    }


    /**
     * Whether every use of {@code name} in {@code scope} before {@code statement} is a call on it returning no
     * object, outside any lambda or class body.
     */
    private static boolean onlyCalledBefore(J scope, J statement, String name) {
        AtomicBoolean other = new AtomicBoolean();
        new JavaIsoVisitor<AtomicBoolean>() {
            private boolean reached;

            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, AtomicBoolean found) {
                if (method.getId().equals(statement.getId())) {
                    reached = true;
                    return method;
                }
                return reached ? method : super.visitMethodInvocation(method, found);
            }

            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, AtomicBoolean found) {
                if (!reached && identifier.getSimpleName().equals(name) && !References.isMemberOrDeclaredName(getCursor()) &&
                    !isPrimitiveCallOn(identifier)) {
                    found.set(true);
                }
                return identifier;
            }

            private boolean isPrimitiveCallOn(J.Identifier identifier) {
                Object parent = getCursor().getParentTreeCursor().getValue();
                if (!(parent instanceof J.MethodInvocation) || ((J.MethodInvocation) parent).getSelect() != identifier ||
                    isInCodeThatRunsElsewhere(getCursor())) {
                    return false;
                }
                JavaType.Method method = ((J.MethodInvocation) parent).getMethodType();
                return method != null && method.getReturnType() instanceof JavaType.Primitive;
            }
        }.visit(scope, other);
        return !other.get();
    }

    /** Inside a lambda, a local class or an anonymous class's body: code that may run later, while the loop runs. */
    private static boolean isInCodeThatRunsElsewhere(Cursor cursor) {
        for (Cursor c = cursor.getParent(); c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.Lambda || value instanceof J.ClassDeclaration || value instanceof J.MemberReference ||
                value instanceof J.NewClass && ((J.NewClass) value).getBody() != null) {
                return true;
            }
        }
        return false;
    }

    @Override
    public @Nullable String reason() {
        return null;
    }

    /** {@code addAll} compiled, so each element fits the target. */
    @Override
    public @Nullable String elementReason(JavaType type) {
        return null;
    }

    @Override
    public Fill fill(String name, FreshNames names) {
        return new Fill() {
            @Override
            public String declaration(String length, Set<String> imports) {
                return "";
            }

            @Override
            public String store() {
                return target.getSimpleName() + ".add(#{any(java.lang.Object)});\n";
            }

            @Override
            public FilledLoop loop(String code, List<J> parameters, Set<String> imports, String variable,
                                   @Nullable TypeTree declaredElementType, JavaType elementType) {
                return FilledLoop.into(code, parameters, imports, target, variable, declaredElementType, elementType);
            }
        };
    }
}

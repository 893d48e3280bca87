package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.JavaVersions;
import dev.rewriteperf.analysis.Templates;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.table.PerformanceCandidates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

public class ReplaceGuavaExpectedSizeWithJdkFactory extends Recipe {

    private static final MethodMatcher NEW_HASH_MAP = new MethodMatcher("com.google.common.collect.Maps newHashMapWithExpectedSize(int)");
    private static final MethodMatcher NEW_LINKED_HASH_MAP = new MethodMatcher("com.google.common.collect.Maps newLinkedHashMapWithExpectedSize(int)");
    private static final MethodMatcher NEW_HASH_SET = new MethodMatcher("com.google.common.collect.Sets newHashSetWithExpectedSize(int)");
    private static final MethodMatcher NEW_LINKED_HASH_SET = new MethodMatcher("com.google.common.collect.Sets newLinkedHashSetWithExpectedSize(int)");

    private final transient PerformanceCandidates candidates;

    public ReplaceGuavaExpectedSizeWithJdkFactory() {
        this(ProfileGate.NONE);
    }

    /** In a profile-guided composite: rewrites only the hot methods {@code gate} lets through. */
    public ReplaceGuavaExpectedSizeWithJdkFactory(ProfileGate gate) {
        this.candidates = new PerformanceCandidates(this, gate);
    }

    @Override
    public String getDisplayName() {
        return "Replace Guava's expected-size factories with the Java 19 ones";
    }

    @Override
    public String getDescription() {
        return "Guava's `Maps.newHashMapWithExpectedSize(n)`, `Maps.newLinkedHashMapWithExpectedSize(n)`, " +
               "`Sets.newHashSetWithExpectedSize(n)` and `Sets.newLinkedHashSetWithExpectedSize(n)` become the JDK " +
               "19+ factories `HashMap.newHashMap(n)` and its siblings, which size the table for `n` elements too. " +
               "Files that target Java before 19 are left alone and listed in the data table. **Warning:** Guava " +
               "releases before 33.4 sized some tables larger, so iteration order may change with them. Measured " +
               "with Guava 33.4 (13 entries, paired runs): 608 -> 608 B/op, the same table; JDK 25: within noise " +
               "(95 % interval 0.88-1.17x): with Guava 33.4 the change removes a dependency call, not work. Older " +
               "Guava sizes with `(int) (n / 0.75f + 1)`, the formula whose doubled tables " +
               "`ReplaceCapacityFormulaWithFactory` measures. The factories need Java 19: no JDK 17 figure.";
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "collections", "guava", "java19"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        return Preconditions.check(Preconditions.or(
                new UsesMethod<>(NEW_HASH_MAP), new UsesMethod<>(NEW_LINKED_HASH_MAP),
                new UsesMethod<>(NEW_HASH_SET), new UsesMethod<>(NEW_LINKED_HASH_SET)), FileFormat.keptBy(new JavaVisitor<ExecutionContext>() {
            @Override
            public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
                J visited = super.visitMethodInvocation(method, ctx);
                if (!(visited instanceof J.MethodInvocation)) {
                    return visited;
                }
                J.MethodInvocation call = (J.MethodInvocation) visited;
                HashCollection kind = jdkEquivalent(call);
                if (kind == null) {
                    return call;
                }
                int release = JavaVersions.targetRelease(getCursor());
                String refusal = release >= HashCollection.FACTORY_RELEASE ? null :
                        "Java " + release + " target: " + kind.simpleName() + "." + kind.factory + " needs Java 19";
                if (!candidates.mayChange(ctx, getCursor(), call, refusal)) {
                    return call;
                }
                String typeArguments = typeArguments(call, getCursor());
                JavaTemplate.Builder template = Templates.builder(
                                kind.simpleName() + "." + typeArguments + kind.factory + "(#{any(int)})", ctx)
                        .imports(kind.fullyQualifiedName);
                if (!typeArguments.isEmpty()) {
                    template.contextSensitive();
                }
                J replaced = template.build().apply(getCursor(), call.getCoordinates().replace(), call.getArguments().get(0));
                maybeAddImport(kind.fullyQualifiedName);
                String guavaClass = kind.isMap ? "com.google.common.collect.Maps" : "com.google.common.collect.Sets";
                maybeRemoveImport(guavaClass);
                maybeRemoveImport(guavaClass + "." + call.getSimpleName());
                candidates.recordChange(ctx, getCursor(), call, replaced);
                return replaced;
            }
        }));
    }

    private static @Nullable HashCollection jdkEquivalent(J.MethodInvocation call) {
        if (NEW_HASH_MAP.matches(call)) {
            return HashCollection.HASH_MAP;
        }
        if (NEW_LINKED_HASH_MAP.matches(call)) {
            return HashCollection.LINKED_HASH_MAP;
        }
        if (NEW_HASH_SET.matches(call)) {
            return HashCollection.HASH_SET;
        }
        return NEW_LINKED_HASH_SET.matches(call) ? HashCollection.LINKED_HASH_SET : null;
    }

    private static String typeArguments(J.MethodInvocation call, Cursor cursor) {
        List<Expression> arguments = call.getTypeParameters();
        if (arguments == null || arguments.isEmpty()) {
            return "";
        }
        return arguments.stream().map(a -> a.printTrimmed(cursor)).collect(Collectors.joining(", ", "<", ">"));
    }
}

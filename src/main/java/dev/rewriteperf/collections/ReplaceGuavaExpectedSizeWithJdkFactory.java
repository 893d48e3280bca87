package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.project.Release;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.HashTables;
import dev.rewriteperf.analysis.writing.Imports;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.ScanningRecipe;
import org.openrewrite.SourceFile;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class ReplaceGuavaExpectedSizeWithJdkFactory extends ScanningRecipe<DependencyVersions> implements GatedRecipe {

    private static final MethodMatcher NEW_HASH_MAP = new MethodMatcher("com.google.common.collect.Maps newHashMapWithExpectedSize(int)");
    private static final MethodMatcher NEW_LINKED_HASH_MAP = new MethodMatcher("com.google.common.collect.Maps newLinkedHashMapWithExpectedSize(int)");
    private static final MethodMatcher NEW_HASH_SET = new MethodMatcher("com.google.common.collect.Sets newHashSetWithExpectedSize(int)");
    private static final MethodMatcher NEW_LINKED_HASH_SET = new MethodMatcher("com.google.common.collect.Sets newLinkedHashSetWithExpectedSize(int)");

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Replace Guava's expected-size factories with the Java 19 ones";
    }

    @Override
    public String getDescription() {
        return "Guava's `Maps.newHashMapWithExpectedSize(n)` and its siblings become the Java 19 factories where " +
               "the module's Guava is older than 32.0, whose formula doubles the table at 12, 24, 48, 96... Newer " +
               "Guava and older Java are left alone. " + Measured.sentence(ReplaceGuavaExpectedSizeWithJdkFactory.class);
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
    public DependencyVersions getInitialValue(ExecutionContext ctx) {
        return new DependencyVersions("com.google.guava", "guava");
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getScanner(DependencyVersions guava) {
        return ReleasePromises.scannerWith(guava.scanner());
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(DependencyVersions guava) {
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
                Release release = ReleasePromises.at(getCursor(), ctx);
                String reason = release.has(HashTables.FACTORY_RELEASE) ?
                        guavaReason(guava, getCursor().firstEnclosingOrThrow(SourceFile.class).getSourcePath()) :
                        kind.simpleName() + "." + kind.factory + " " + release.reason(HashTables.FACTORY_RELEASE);
                if (!spots.mayRewrite(ctx, getCursor(), call, reason)) {
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
                Imports.removeIfUnused(this, getCursor(), guavaClass);
                Imports.removeIfUnused(this, getCursor(), guavaClass + "." + call.getSimpleName());
                spots.rewritten(ctx, getCursor(), call, replaced);
                return replaced;
            }
        }));
    }

    /**
     * Why the project's Guava leaves nothing to gain, or null: from 32.0 Guava sizes a table with {@code Math.ceil(n /
     * 0.75)} as the JDK factories do; before, with {@code (int) (n / 0.75f + 1)}, which doubles it at 12, 24, 48, 96..
     */
    private static @Nullable String guavaReason(DependencyVersions guava, Path sourcePath) {
        String version = guava.versionFor(sourcePath);
        if (version == null) {
            return "the module's Guava version is unknown (" + guava.whyUnknown(sourcePath) + "), and Guava 32.0 and " +
                   "later size the same table as the JDK factory: nothing to gain";
        }
        return DependencyVersions.isBefore(version, 32, 0) ? null :
                "Guava " + version + " sizes the same table as the JDK factory (since 32.0): nothing to gain";
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

    /** The call's explicit type arguments as the file wrote them, {@code <String,Integer>} too; "" when none. */
    private static String typeArguments(J.MethodInvocation call, Cursor cursor) {
        List<Expression> arguments = call.getTypeParameters();
        if (arguments == null || arguments.isEmpty()) {
            return "";
        }
        String select = call.getSelect() == null ? "" : call.getSelect().printTrimmed(cursor);
        return Sizing.writtenTypeArguments(call.printTrimmed(cursor), select.length());
    }
}

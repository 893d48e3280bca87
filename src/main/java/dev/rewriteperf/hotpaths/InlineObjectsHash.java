package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.ExpressionPlaces;
import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.Imports;
import dev.rewriteperf.analysis.LineBudgetVisitor;
import dev.rewriteperf.analysis.MagicNumberRecipe;
import dev.rewriteperf.analysis.MagicNumbers;
import dev.rewriteperf.analysis.Release;
import dev.rewriteperf.analysis.ReleasePromises;
import dev.rewriteperf.analysis.SimpleNames;
import dev.rewriteperf.analysis.Templates;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.table.PerformanceCandidates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

public class InlineObjectsHash extends MagicNumberRecipe {

    private static final MethodMatcher OBJECTS_HASH = new MethodMatcher("java.util.Objects hash(..)");

    private final transient PerformanceCandidates candidates;

    public InlineObjectsHash() {
        this(ProfileGate.NONE);
    }

    /** In a profile-guided composite: rewrites only the hot methods {@code gate} lets through. */
    public InlineObjectsHash(ProfileGate gate) {
        this.candidates = new PerformanceCandidates(this, gate);
    }

    @Override
    public String getDisplayName() {
        return "Compute `Objects.hash` without its varargs array";
    }

    @Override
    public String getDescription() {
        return "`Objects.hash(a, b, c)` allocates an `Object[]` per call, and a box for each primitive. It becomes " +
               "the value it computes, written out: `31 * (31 * (31 + Objects.hashCode(a)) + Integer.hashCode(b)) " +
               "+ Objects.hashCode(c)`, which is the same `int` for every input (the JDK's `Arrays.hashCode` " +
               "formula). Only where the values are variables, fields or literals: inline, each value's `hashCode` " +
               "runs before the next value is read, so a call, or a field that a project type's `hashCode` could " +
               "change, is left alone and listed, as is a single array (it is the varargs array itself), an array " +
               "among the values (hashed by identity: Error Prone's ArrayHashCode fails the build on the " +
               "written-out form), more than six values, and a hash that would make its line longer than the " +
               "file's code lines (at least 80 and at most 120 characters), or a call the author wrapped over " +
               "several lines. Where the project's Checkstyle forbids magic numbers (Checkstyle's MagicNumber, " +
               "unless `ignoreHashCodeMethod` covers a hash inside `hashCode()`), the written-out 31 would fail " +
               "its build: such hashes are left alone and listed. Measured (a String and a long, one hash, paired " +
               "runs): 48 -> 0 B/op; JDK 25: 2.86x faster (95 % interval 2.71-3.02x); JDK 17: 2.06x faster (95 % " +
               "interval 2.02-2.11x).";
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "allocation", "hashCode"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(MagicNumbers numbers) {
        return Preconditions.check(new UsesMethod<>(OBJECTS_HASH), FileFormat.keptBy(new HashVisitor(numbers)));
    }

    /** Writes out each {@code Objects.hash} call it may, and records why not for the others. */
    private final class HashVisitor extends LineBudgetVisitor {
        private final MagicNumbers numbers;

        HashVisitor(MagicNumbers numbers) {
            this.numbers = numbers;
        }

        @Override
        protected boolean rewritesIdenticalSpotsAlike() {
            return true;
        }

        @Override
        public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
            J visited = super.visitMethodInvocation(method, ctx);
            if (!(visited instanceof J.MethodInvocation) || !OBJECTS_HASH.matches((J.MethodInvocation) visited)) {
                return visited;
            }
            J.MethodInvocation call = (J.MethodInvocation) visited;
            // Written as the call names the class: `java.util.Objects` stays in full, `Objects` or a static import is `Objects`.
            String objects = call.getSelect() instanceof J.FieldAccess ? call.getSelect().printTrimmed(getCursor()) : "Objects";
            String formula = HashedValues.formula(call.getArguments(), objects);
            String code = ExpressionPlaces.operatorNeedsParentheses(getCursor()) ? "(" + formula + ")" : formula;
            String written = Templates.withValues(code, call.getArguments(), getCursor());
            String refusal = refusal(call, code.contains(objects + ".hashCode(") && call.getSelect() == null, ctx);
            if (refusal == null) {
                refusal = lineRefusal(method, written, "written out, the hash", false);
            }
            if (isMeasuring()) {
                return call;
            }
            if (refusal != null) {
                candidates.recordSkip(ctx, getCursor(), call, refusal);
                return call;
            }
            if (!candidates.mayChange(ctx, getCursor(), call)) {
                return call;
            }
            J replaced = Templates.builder(code, ctx).imports("java.util.Objects").build()
                    .apply(getCursor(), call.getCoordinates().replace(), call.getArguments().toArray());
            if (code.contains(" Objects.hashCode(") || code.contains("(Objects.hashCode(")) {
                maybeAddImport("java.util.Objects");
            } else {
                Imports.removeIfUnused(this, getCursor(), "java.util.Objects"); // only primitives: the import may now be unused
            }
            Imports.removeIfUnused(this, getCursor(), "java.util.Objects.hash");
            written(method, written);
            candidates.recordChange(ctx, getCursor(), call, replaced);
            return replaced;
        }

        /** Why this call is left alone, before its length is measured; null when it may be written out. */
        private @Nullable String refusal(J.MethodInvocation call, boolean importsObjects, ExecutionContext ctx) {
            String refusal = HashedValues.refusal(call.getArguments());
            if (refusal == null) {
                refusal = numbers.refusal("31", getCursor());
            }
            if (refusal == null && ExpressionPlaces.isStatement(getCursor())) {
                refusal = "the hash is not used as a value (a statement or a lambda's body): written out, it would not compile";
            }
            Set<String> names = new LinkedHashSet<>(HashedValues.boxes(call.getArguments()));
            if (refusal == null && !names.isEmpty()) {
                Release release = ReleasePromises.at(getCursor(), ctx);
                refusal = release.has(8) ? null : "writing the boxes' static hashCode methods (Integer.hashCode(int)) " + release.refusal(8);
            }
            J.CompilationUnit cu = getCursor().firstEnclosingOrThrow(J.CompilationUnit.class);
            if (importsObjects) {
                names.add("java.util.Objects");
                if (refusal == null && hasOnDemandImport(cu)) {
                    refusal = "a static import of hash: the Objects import it needs could be shadowed through this file's on-demand imports";
                }
            }
            return refusal != null ? refusal : SimpleNames.importRefusal(cu, names);
        }
    }

    private static boolean hasOnDemandImport(J.CompilationUnit cu) {
        for (J.Import anImport : cu.getImports()) {
            if (!anImport.isStatic() && "*".equals(anImport.getQualid().getSimpleName())) {
                return true;
            }
        }
        return false;
    }
}

package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import dev.rewriteperf.analysis.project.MagicNumbers;
import dev.rewriteperf.analysis.project.Release;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.recipes.MagicNumberRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.LineBudgetVisitor;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class ReplaceSubstringWithRange extends MagicNumberRecipe implements GatedRecipe {

    private static final MethodMatcher SUBSTRING = new MethodMatcher("java.lang.String substring(int, int)");
    private static final MethodMatcher APPEND = new MethodMatcher("java.lang.StringBuilder append(java.lang.String)");
    private static final MethodMatcher BUFFER_APPEND = new MethodMatcher("java.lang.StringBuffer append(java.lang.String)");
    private static final MethodMatcher PARSE_INT = new MethodMatcher("java.lang.Integer parseInt(java.lang.String, ..)");
    private static final MethodMatcher PARSE_LONG = new MethodMatcher("java.lang.Long parseLong(java.lang.String, ..)");

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Pass a range instead of a `substring` copy";
    }

    @Override
    public String getDescription() {
        return "`sb.append(s.substring(a, b))` and `Integer.parseInt(s.substring(a, b))` become `sb.append(s, a, " +
               "b)` and `Integer.parseInt(s, a, b, 10)` (Java 9+), reading the range in place. Code that catches " +
               "the changed exceptions, and appends of a string that may be null, are left alone. " + Measured.sentence(ReplaceSubstringWithRange.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "allocation", "String"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(MagicNumbers numbers) {
        return Preconditions.check(new UsesMethod<>(SUBSTRING), FileFormat.keptBy(new RangeVisitor(numbers)));
    }

    /** Passes the range to each {@code append} or {@code parse} of a substring it may, and records why not for the others. */
    private final class RangeVisitor extends LineBudgetVisitor {
        private final MagicNumbers numbers;

        RangeVisitor(MagicNumbers numbers) {
            this.numbers = numbers;
        }

        @Override
        protected boolean rewritesIdenticalSpotsAlike() {
            return true;
        }

        @Override
        public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
            J visited = super.visitMethodInvocation(method, ctx);
            if (!(visited instanceof J.MethodInvocation)) {
                return visited;
            }
            J.MethodInvocation call = (J.MethodInvocation) visited;
            boolean append = APPEND.matches(call) || BUFFER_APPEND.matches(call);
            boolean parse = PARSE_INT.matches(call) || PARSE_LONG.matches(call);
            if (!append && !parse || !(call.getArguments().get(0) instanceof J.MethodInvocation) ||
                !SUBSTRING.matches((J.MethodInvocation) call.getArguments().get(0))) {
                return call;
            }
            J.MethodInvocation substring = (J.MethodInvocation) call.getArguments().get(0);
            JavaType.Method rangeMethod = rangeMethod(call);
            String reason = append ? appendReason(substring) : parseReason(call, ctx);
            if (reason == null && rangeMethod == null) {
                reason = "the type of the call's target is incomplete: its range overload cannot be found";
            }
            // Measured where the text changes: the substring call becomes the call's first arguments.
            J original = method.getArguments().get(0);
            String arguments = rangeArguments(call, substring, getCursor());
            if (reason == null) {
                reason = lineReason(original, arguments, "with the range, the call", true);
            }
            if (isMeasuring()) {
                return call;
            }
            if (reason != null) {
                spots.leftAlone(ctx, getCursor(), call, reason);
                return call;
            }
            if (!spots.mayRewrite(ctx, getCursor(), call)) {
                return call;
            }
            J.MethodInvocation replaced = rangeCall(call, substring, rangeMethod);
            written(original, arguments);
            spots.rewritten(ctx, getCursor(), call, replaced);
            return replaced;
        }

        private @Nullable String appendReason(J.MethodInvocation substring) {
            if (!knownNotNull(substring)) {
                return "`" + substring.getSelect().printTrimmed(getCursor()) + "` may be null: `substring` threw a " +
                       "NullPointerException, `append` would write \"null\"";
            }
            return CaughtExceptions.reason(getCursor(), CaughtExceptions.STRING_INDEX_OUT_OF_BOUNDS,
                    CaughtExceptions.INDEX_OUT_OF_BOUNDS);
        }

        private @Nullable String parseReason(J.MethodInvocation call, ExecutionContext ctx) {
            Release release = ReleasePromises.at(getCursor(), ctx);
            if (!release.has(9)) {
                return "parsing a range (Integer.parseInt(CharSequence, int, int, int)) " + release.reason(9);
            }
            if (call.getArguments().size() == 2 && !SafeToEvaluate.withoutSideEffects(call.getArguments().get(1))) {
                return "the radix is computed: with a bad range it would now be computed before the exception, not after";
            }
            if (call.getArguments().size() == 1) {
                String numberReason = numbers.reason("10", getCursor()); // the radix the range call needs written out
                if (numberReason != null) {
                    return numberReason;
                }
            }
            String reason = CaughtExceptions.reason(getCursor(), CaughtExceptions.STRING_INDEX_OUT_OF_BOUNDS,
                    CaughtExceptions.INDEX_OUT_OF_BOUNDS);
            return reason != null ? reason :
                    CaughtExceptions.reason(getCursor(), CaughtExceptions.NUMBER_FORMAT, CaughtExceptions.NUMBER_FORMAT);
        }

        /**
         * Whether the substring's string is a literal, a {@code String} method's result (never null), or a variable
         * that its bounds, or a statement before, call a method on (they throw first, as the substring did).
         */
        private boolean knownNotNull(J.MethodInvocation substring) {
            Expression string = substring.getSelect();
            if (string instanceof J.Identifier) {
                for (Expression bound : substring.getArguments()) {
                    if (Dereferences.dereferences(bound, (J.Identifier) string)) {
                        return true;
                    }
                }
            }
            return Dereferences.knownNotNullString(string, getCursor());
        }
    }

    /** {@code append(CharSequence, int, int)}, or {@code parseInt}/{@code parseLong(CharSequence, int, int, int)}. */
    private static JavaType.@Nullable Method rangeMethod(J.MethodInvocation call) {
        JavaType.Method type = call.getMethodType();
        if (type == null) {
            return null;
        }
        int parameters = "append".equals(type.getName()) ? 3 : 4;
        for (JavaType.Method candidate : type.getDeclaringType().getMethods()) {
            if (candidate.getName().equals(type.getName()) && candidate.getParameterTypes().size() == parameters &&
                TypeUtils.isOfClassType(candidate.getParameterTypes().get(0), "java.lang.CharSequence")) {
                return candidate;
            }
        }
        return null;
    }

    /** The text of the new arguments where the substring call was: {@code s, a, b}, then {@code , 10} for a parse without radix. */
    private static String rangeArguments(J.MethodInvocation call, J.MethodInvocation substring, Cursor cursor) {
        StringBuilder text = new StringBuilder(substring.getSelect().printTrimmed(cursor));
        for (Expression bound : substring.getArguments()) {
            text.append(", ").append(bound.printTrimmed(cursor));
        }
        return call.getArguments().size() == 1 && !"append".equals(call.getSimpleName()) ? text + ", 10" : text.toString();
    }

    /** The call with the substring's string and bounds as its arguments (and the radix, 10 unless given). */
    private static J.MethodInvocation rangeCall(J.MethodInvocation call, J.MethodInvocation substring,
                                                JavaType.@Nullable Method rangeMethod) {
        List<Expression> arguments = new ArrayList<>();
        arguments.add(substring.getSelect().withPrefix(substring.getPrefix()));
        for (Expression bound : substring.getArguments()) {
            arguments.add(bound.getPrefix().isEmpty() ? bound.withPrefix(Space.SINGLE_SPACE) : bound);
        }
        if (call.getArguments().size() == 2) {
            arguments.add(call.getArguments().get(1));
        } else if (!"append".equals(call.getSimpleName())) {
            arguments.add(new J.Literal(Tree.randomId(), Space.SINGLE_SPACE, Markers.EMPTY, 10, "10", null, JavaType.Primitive.Int));
        }
        return call.withArguments(arguments).withMethodType(rangeMethod).withName(call.getName().withType(rangeMethod));
    }
}

package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.CaughtExceptions;
import dev.rewriteperf.analysis.Dereferences;
import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.Release;
import dev.rewriteperf.analysis.ReleasePromises;
import dev.rewriteperf.analysis.LineBudgetVisitor;
import dev.rewriteperf.analysis.MagicNumberRecipe;
import dev.rewriteperf.analysis.MagicNumbers;
import dev.rewriteperf.analysis.SafeToEvaluate;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.table.PerformanceCandidates;
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

public class ReplaceSubstringWithRange extends MagicNumberRecipe {

    private static final MethodMatcher SUBSTRING = new MethodMatcher("java.lang.String substring(int, int)");
    private static final MethodMatcher APPEND = new MethodMatcher("java.lang.StringBuilder append(java.lang.String)");
    private static final MethodMatcher BUFFER_APPEND = new MethodMatcher("java.lang.StringBuffer append(java.lang.String)");
    private static final MethodMatcher PARSE_INT = new MethodMatcher("java.lang.Integer parseInt(java.lang.String, ..)");
    private static final MethodMatcher PARSE_LONG = new MethodMatcher("java.lang.Long parseLong(java.lang.String, ..)");

    private final transient PerformanceCandidates candidates;

    public ReplaceSubstringWithRange() {
        this(ProfileGate.NONE);
    }

    /** In a profile-guided composite: rewrites only the hot methods {@code gate} lets through. */
    public ReplaceSubstringWithRange(ProfileGate gate) {
        this.candidates = new PerformanceCandidates(this, gate);
    }

    @Override
    public String getDisplayName() {
        return "Pass a range instead of a `substring` copy";
    }

    @Override
    public String getDescription() {
        return "`sb.append(s.substring(a, b))` and `Integer.parseInt(s.substring(a, b))` (or `Long.parseLong`) " +
               "copy the characters into a new `String` only to read them once. They become `sb.append(s, a, b)` " +
               "and `Integer.parseInt(s, a, b, 10)` (Java 9+), which read the range in place. A bad range then " +
               "throws an `IndexOutOfBoundsException` rather than its subclass `StringIndexOutOfBoundsException`, " +
               "and a bad number's `NumberFormatException` has another message: code around the call that catches " +
               "the subclass, or catches and reads the exception, is left alone and listed. `append` writes " +
               "\"null\" for a null string where `substring` threw, so the append form is rewritten only where the " +
               "string is known not to be null (a literal, a `String` method's result, or a local the code already " +
               "called a method on). Where the project's Checkstyle forbids magic numbers, the radix `10` is not " +
               "added and the parse is listed. Measured (a host appended and a port parsed from one address, " +
               "paired runs): 96 -> 0 B/op; JDK 25: 1.91x faster (95 % interval 1.87-1.95x); JDK 17: 1.70x faster " +
               "(95 % interval 1.68-1.73x).";
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
            String refusal = append ? appendRefusal(substring) : parseRefusal(call, ctx);
            if (refusal == null && rangeMethod == null) {
                refusal = "the type of the call's target is incomplete: its range overload cannot be found";
            }
            // Measured where the text changes: the substring call becomes the call's first arguments.
            J original = method.getArguments().get(0);
            String arguments = rangeArguments(call, substring, getCursor());
            if (refusal == null) {
                refusal = lineRefusal(original, arguments, "with the range, the call", true);
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
            J.MethodInvocation replaced = rangeCall(call, substring, rangeMethod);
            written(original, arguments);
            candidates.recordChange(ctx, getCursor(), call, replaced);
            return replaced;
        }

        private @Nullable String appendRefusal(J.MethodInvocation substring) {
            if (!knownNotNull(substring)) {
                return "`" + substring.getSelect().printTrimmed(getCursor()) + "` may be null: `substring` threw a " +
                       "NullPointerException, `append` would write \"null\"";
            }
            return CaughtExceptions.refusal(getCursor(), CaughtExceptions.STRING_INDEX_OUT_OF_BOUNDS,
                    CaughtExceptions.INDEX_OUT_OF_BOUNDS);
        }

        private @Nullable String parseRefusal(J.MethodInvocation call, ExecutionContext ctx) {
            Release release = ReleasePromises.at(getCursor(), ctx);
            if (!release.has(9)) {
                return "parsing a range (Integer.parseInt(CharSequence, int, int, int)) " + release.refusal(9);
            }
            if (call.getArguments().size() == 2 && !SafeToEvaluate.withoutSideEffects(call.getArguments().get(1))) {
                return "the radix is computed: with a bad range it would now be computed before the exception, not after";
            }
            if (call.getArguments().size() == 1) {
                String numberRefusal = numbers.refusal("10", getCursor()); // the radix the range call needs written out
                if (numberRefusal != null) {
                    return numberRefusal;
                }
            }
            String refusal = CaughtExceptions.refusal(getCursor(), CaughtExceptions.STRING_INDEX_OUT_OF_BOUNDS,
                    CaughtExceptions.INDEX_OUT_OF_BOUNDS);
            return refusal != null ? refusal :
                    CaughtExceptions.refusal(getCursor(), CaughtExceptions.NUMBER_FORMAT, CaughtExceptions.NUMBER_FORMAT);
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

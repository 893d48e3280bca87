package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import dev.rewriteperf.analysis.names.EnclosingClasses;
import dev.rewriteperf.analysis.names.SimpleNames;
import dev.rewriteperf.analysis.project.ReflectedFields;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.recipes.FieldAddingRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Templates;
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
import org.openrewrite.marker.Markers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

public class PrecompileConstantRegex extends FieldAddingRecipe implements GatedRecipe {

    private static final MethodMatcher REPLACE_ALL = new MethodMatcher("java.lang.String replaceAll(java.lang.String, java.lang.String)");
    private static final MethodMatcher REPLACE_FIRST = new MethodMatcher("java.lang.String replaceFirst(java.lang.String, java.lang.String)");
    private static final MethodMatcher MATCHES = new MethodMatcher("java.lang.String matches(java.lang.String)");
    private static final MethodMatcher SPLIT = new MethodMatcher("java.lang.String split(java.lang.String, ..)");
    private static final String LITERAL_REPLACE =
            "#{any(java.lang.String)}.replace(#{any(java.lang.String)}, #{any(java.lang.String)})";

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Compile a constant regex once";
    }

    @Override
    public String getDescription() {
        return "`replaceAll`, `replaceFirst`, `matches` and `split` with a constant regex compile it on every call; " +
               "it becomes a `private static final Pattern` compiled once. On Java 9+ a `replaceAll` of plain text " +
               "(`replaceAll(\"-\", \"_\")`) becomes `replace`, which needs no pattern there. A single-character " +
               "`split`, which needs no pattern, is left alone. " + Measured.sentence(PrecompileConstantRegex.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "allocation", "regex"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(ReflectedFields reflected) {
        return Preconditions.check(Preconditions.or(new UsesMethod<>(REPLACE_ALL), new UsesMethod<>(REPLACE_FIRST),
                new UsesMethod<>(MATCHES), new UsesMethod<>(SPLIT)), FileFormat.keptBy(new RegexVisitor(reflected)));
    }

    /** Compiles each constant regex once per top-level class, and records why not where it may not. */
    private final class RegexVisitor extends TopLevelFieldsVisitor {

        RegexVisitor(ReflectedFields reflected) {
            super(ConstantRegex.FIELDS, reflected);
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
            String code = template(call);
            ConstantRegex regex = code == null ? null : ConstantRegex.of(call.getArguments().get(0), getCursor());
            if (regex == null || call.getSelect() == null) {
                return call; // not this idiom: a computed regex
            }
            if (isPlainTextReplacement(call, regex) && ReleasePromises.at(getCursor(), ctx).has(9)) {
                return replacedWithoutPattern(call, ctx);
            }
            String reason = regex.reason(SPLIT.matches(call), ReleasePromises.at(getCursor(), ctx));
            if (reason == null) {
                reason = orderReason(call);
            }
            if (reason == null && isReplacement(call) && (isReplacementWithAPattern(unwrapped(call.getSelect()), getCursor())
                                                          || isReplacementWithAPattern(chainedOn(getCursor()), getCursor()))) {
                reason = "chained with another regex replacement on its result: with fields, the matchers would nest " +
                         "(B.matcher(A.matcher(s).replaceAll(\"\")).replaceAll(\"\")), which reads worse than the chain";
            }
            if (reason == null) {
                reason = siteReason(regex);
            }
            List<String> names = reason == null ? regex.namesOfAnyUse(getCursor(), call.getSimpleName()) : Collections.emptyList();
            J.Identifier field = reason == null ? field(regex, names, method, code, call) : null;
            if (reason == null && field == null && fields(regex) != null && names.isEmpty()) {
                reason = "no name says what the regex matches: a field named for the method that uses it would not " +
                         "say which regex it holds";
            }
            if (reason == null && field == null) {
                reason = "no name is free for the Pattern field, or the class's type is unknown";
            }
            if (reason == null) {
                reason = declarationReason(regex, requireNonNull(field));
            }
            List<Object> parameters = parameters(field, call);
            String written = reason == null ? Templates.withValues(code, expressions(parameters), getCursor()) : "";
            if (reason == null) {
                reason = lineReason(method, written, "with the Pattern field, the call", true, regex.source);
            }
            if (isMeasuring()) {
                return call; // the same regex elsewhere in the method is the same spot, whatever string it is applied to
            }
            if (reason != null) {
                spots.leftAlone(ctx, getCursor(), call, reason);
                return call;
            }
            if (!spots.mayRewrite(ctx, getCursor(), call)) {
                return call;
            }
            // the call's own prefix: a template re-indents a call that starts a line inside an aligned chain (johnzon)
            J replaced = Templates.builder(code, ctx).build()
                    .apply(getCursor(), call.getCoordinates().replace(), parameters.toArray()).withPrefix(call.getPrefix());
            requireNonNull(fields(regex)).use(regex.source, requireNonNull(field));
            written(method, written);
            spots.rewritten(ctx, getCursor(), call, replaced);
            return replaced;
        }

        /**
         * {@code s.replace(text, replacement)} for a {@code replaceAll} of plain text: from Java 9 {@code String.replace}
         * searches for the text itself, with no pattern at all, and needs no field. Same receiver, same arguments, same
         * order: a null string throws as before.
         */
        private J replacedWithoutPattern(J.MethodInvocation call, ExecutionContext ctx) {
            if (isMeasuring() || !spots.mayRewrite(ctx, getCursor(), call)) {
                return call;
            }
            J replaced = Templates.builder(LITERAL_REPLACE, ctx).build().apply(getCursor(), call.getCoordinates().replace(),
                    call.getSelect(), call.getArguments().get(0), call.getArguments().get(1)).withPrefix(call.getPrefix());
            spots.rewritten(ctx, getCursor(), call, replaced);
            return replaced;
        }

        /**
         * Why the call's evaluation order would change: {@code s.replaceAll(r, next())} evaluates {@code next()}
         * before a null {@code s} throws, {@code P.matcher(s).replaceAll(next())} after. Null when the replacement has
         * no side effect or the string is known not to be null.
         */
        private @Nullable String orderReason(J.MethodInvocation call) {
            boolean replaces = isReplacement(call);
            if (!replaces || SafeToEvaluate.withoutSideEffects(call.getArguments().get(1)) ||
                Dereferences.knownNotNullString(unwrapped(requireNonNull(call.getSelect())), getCursor())) {
                return null;
            }
            return "the replacement is computed and the string may be null: it would no longer be computed before " +
                   "the NullPointerException";
        }

        /** Why the new field's own line would be too long for the file; null when it fits or the field exists. */
        private @Nullable String declarationReason(ConstantRegex regex, J.Identifier field) {
            String line = requireNonNull(fields(regex)).newDeclarationLine(regex.source, field.getSimpleName());
            return line == null ? null : newStringLineReason(line, "the Pattern field's declaration");
        }

        /**
         * The fields that hold the regex's pattern: a literal's may be a static nested class's; a constant's are the
         * top-level class's, which declares the constant it compiles.
         */
        private @Nullable SharedFields fields(ConstantRegex regex) {
            return regex.isConstant() ? topLevelFields() : fields();
        }

        private J.@Nullable Identifier field(ConstantRegex regex, List<String> names, J original, String code,
                                             J.MethodInvocation call) {
            SharedFields fields = fields(regex);
            if (fields == null) {
                return null;
            }
            List<String> declarable = namesThatFit(regex, names, fields);
            List<String> fitting = new ArrayList<>();
            for (String name : declarable) {
                if (callFits(original, code, call, name)) {
                    fitting.add(name);
                }
            }
            // a shorter name whose call fits its line (NON_LOWERCASE_OR_DIGIT) before a longer one that would not
            return fields.reference(regex.source, fitting.isEmpty() ? declarable : fitting, getCursor());
        }

        /** Whether the call written with a field named {@code name} would fit its line. */
        private boolean callFits(J original, String code, J.MethodInvocation call, String name) {
            J.Identifier field = new J.Identifier(Tree.randomId(), Space.EMPTY, Markers.EMPTY, Collections.emptyList(), name,
                    JavaType.ShallowClass.build(ConstantRegex.PATTERN), null);
            return fits(original, Templates.withValues(code, expressions(parameters(field, call)), getCursor()), true);
        }

        /**
         * The regex's names, best first, without those whose declaration would be too long for the file's lines
         * ({@code NON_LOWERCASE_LETTER} in a file of short lines gives way to {@code NON_LOWERCASE}); all of them when none
         * fits, and the spot is then left alone for its length.
         */
        private List<String> namesThatFit(ConstantRegex regex, List<String> names, SharedFields fields) {
            List<String> fitting = new ArrayList<>();
            for (String name : names) {
                String line = fields.newDeclarationLine(regex.source, name);
                if (line == null || newStringLineReason(line, "the Pattern field's declaration") == null) {
                    fitting.add(name);
                }
            }
            return fitting.isEmpty() ? names : fitting;
        }

        /**
         * Why the top-level class cannot hold the field, the file cannot name {@code Pattern}, or a field compiling
         * the constant regex could be read before it is set; null when none of these.
         */
        private @Nullable String siteReason(ConstantRegex regex) {
            SharedFields fields = fields(regex);
            if (fields != null && regex.isConstant() && !fields.canFollow(regex.source)) {
                return "the constant `" + regex.source + "` is declared after a static initialiser: a Pattern field " +
                       "after it could be used before it is set";
            }
            J.ClassDeclaration holder = fields != null ? fields.holder() : EnclosingClasses.topLevel(getCursor());
            if (holder == null || EnclosingClasses.isInterface(holder)) {
                return "the top-level type is an interface: its fields cannot be private";
            }
            if (holder.getKind() == J.ClassDeclaration.Kind.Type.Enum) {
                return "the top-level type is an enum: its constants are created before the Pattern field would be";
            }
            String reflection = fields == null ? null : fields.additionReason(regex.source);
            if (reflection == null && fields != null) {
                reflection = fields.initialisationReason(getCursor());
            }
            return reflection != null ? reflection : SimpleNames.importReason(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class),
                    Collections.singletonList(ConstantRegex.PATTERN));
        }
    }

    /**
     * Whether {@code call} is a {@code replaceAll} whose regex is plain text and whose replacement a literal without
     * a dollar sign or a backslash: it then replaces every occurrence of the text with the replacement as written, which is
     * what {@code String.replace} does.
     */
    private static boolean isPlainTextReplacement(J.MethodInvocation call, ConstantRegex regex) {
        if (!REPLACE_ALL.matches(call) || !regex.isPlainText()) {
            return false;
        }
        Expression replacement = call.getArguments().get(1);
        Object value = replacement instanceof J.Literal ? ((J.Literal) replacement).getValue() : null;
        return value instanceof String && ((String) value).indexOf('$') < 0 && ((String) value).indexOf('\\') < 0;
    }

    /** The call written with a precompiled pattern: its slots are the field, the string, then the call's other arguments. */
    private static @Nullable String template(J.MethodInvocation call) {
        String pattern = "#{any(" + ConstantRegex.PATTERN + ")}";
        if (REPLACE_ALL.matches(call) || REPLACE_FIRST.matches(call)) {
            return pattern + ".matcher(#{any(java.lang.String)})." + call.getSimpleName() + "(#{any(java.lang.String)})";
        }
        if (MATCHES.matches(call)) {
            return pattern + ".matcher(#{any(java.lang.String)}).matches()";
        }
        if (SPLIT.matches(call)) {
            return pattern + ".split(#{any(java.lang.String)}" + (call.getArguments().size() == 2 ? ", #{any(int)})" : ")");
        }
        return null;
    }

    private static boolean isReplacement(J.MethodInvocation call) {
        return REPLACE_ALL.matches(call) || REPLACE_FIRST.matches(call);
    }

    /** A {@code replaceAll} or {@code replaceFirst} this recipe would write with a {@code Pattern} field (not as a plain-text {@code replace}). */
    private static boolean isReplacementWithAPattern(@Nullable Expression expression, Cursor cursor) {
        if (!(expression instanceof J.MethodInvocation) || !isReplacement((J.MethodInvocation) expression)) {
            return false;
        }
        J.MethodInvocation call = (J.MethodInvocation) expression;
        ConstantRegex regex = call.getSelect() == null ? null : ConstantRegex.of(call.getArguments().get(0), cursor);
        return regex != null && !isPlainTextReplacement(call, regex);
    }

    /** The call made on the result of the call at {@code cursor} ({@code s.replaceAll(a, "").replaceAll(b, "")}), else null. */
    private static @Nullable Expression chainedOn(Cursor cursor) {
        Object parent = cursor.getParentTreeCursor().getValue();
        return parent instanceof J.MethodInvocation && ((J.MethodInvocation) parent).getSelect() == cursor.getValue()
                ? (J.MethodInvocation) parent : null;
    }

    /** The string the call was made on, without the parentheses it needed as a target (an argument does not). */
    private static Expression unwrapped(Expression select) {
        return select instanceof J.Parentheses ? unwrapped((Expression) ((J.Parentheses<?>) select).getTree()) : select;
    }

    /** The template's slots for {@code call} written with {@code field}: the field, the string, the call's other arguments. */
    private static List<Object> parameters(@Nullable Object field, J.MethodInvocation call) {
        List<Object> parameters = new ArrayList<>(Arrays.asList(field, unwrapped(requireNonNull(call.getSelect()))));
        parameters.addAll(call.getArguments().subList(1, call.getArguments().size()));
        return parameters;
    }

    private static List<Expression> expressions(List<Object> parameters) {
        List<Expression> expressions = new ArrayList<>();
        for (Object parameter : parameters) {
            expressions.add((Expression) parameter);
        }
        return expressions;
    }
}

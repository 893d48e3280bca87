package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.evaluation.Constants;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import dev.rewriteperf.analysis.names.SimpleNames;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Imports;
import dev.rewriteperf.analysis.writing.LineBudgetVisitor;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class ReplaceStringFormatWithConcatenation extends Recipe implements GatedRecipe {

    private static final MethodMatcher FORMAT = new MethodMatcher("java.lang.String format(java.lang.String, ..)");
    private static final MethodMatcher FORMAT_WITH_LOCALE = new MethodMatcher("java.lang.String format(java.util.Locale, java.lang.String, ..)");
    private static final MethodMatcher BUILDER_APPEND = new MethodMatcher("java.lang.StringBuilder append(java.lang.String)");
    private static final MethodMatcher BUFFER_APPEND = new MethodMatcher("java.lang.StringBuffer append(java.lang.String)");

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Concatenate instead of `String.format` with only `%s`";
    }

    @Override
    public String getDescription() {
        return "`String.format(\"%s/%s\", region, id)`, whose only specifiers are `%s` (or `%d` under `Locale.ROOT`, " +
               "`US` or `ENGLISH`), becomes the concatenation it prints. Values that may format themselves " +
               "otherwise are left alone. " + Measured.sentence(ReplaceStringFormatWithConcatenation.class);
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
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        return Preconditions.check(Preconditions.or(new UsesMethod<>(FORMAT), new UsesMethod<>(FORMAT_WITH_LOCALE)),
                FileFormat.keptBy(new FormatVisitor()));
    }

    /** Concatenates each simple {@code String.format} it may, and records why not for the others. */
    private final class FormatVisitor extends LineBudgetVisitor {

        @Override
        protected boolean rewritesIdenticalSpotsAlike() {
            return true;
        }


        @Override
        public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
            J appends = appends(method, ctx);
            if (appends != null) {
                return appends;
            }
            J visited = super.visitMethodInvocation(method, ctx);
            if (!(visited instanceof J.MethodInvocation)) {
                return visited;
            }
            J.MethodInvocation call = (J.MethodInvocation) visited;
            int formatAt = FORMAT.matches(call) ? 0 : FORMAT_WITH_LOCALE.matches(call) ? 1 : -1;
            List<FormatPieces.Piece> pieces = formatAt < 0 ? null : pieces(call.getArguments().get(formatAt));
            if (pieces == null) {
                return call; // not this idiom: a computed format, or other specifiers
            }
            List<Expression> values = values(call.getArguments().subList(formatAt + 1, call.getArguments().size()));
            String reason = FormattedValues.reason(pieces, values, formatAt == 1 ? call.getArguments().get(0) : null);
            if (reason == null && ExpressionPlaces.isStatement(getCursor())) {
                reason = "the formatted string is not used: a concatenation cannot stand as a statement";
            }
            if (reason == null) {
                reason = textReason(pieces, getCursor().firstEnclosingOrThrow(J.CompilationUnit.class));
            }
            if (reason == null) {
                reason = constantReason(pieces, values, getCursor());
            }
            String code = reason == null ? concatenation(pieces, values) : "";
            if (ExpressionPlaces.operatorNeedsParentheses(getCursor()) && !isLeftOfAddition(getCursor()) && code.contains(" + ")) {
                code = "(" + code + ")";
            }
            String written = Templates.withValues(code, values, getCursor());
            if (reason == null) {
                reason = lineReason(method, written, "concatenated, the string", true, formatKey(call, formatAt));
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
            J replaced = Templates.builder(code, ctx).build()
                    .apply(getCursor(), call.getCoordinates().replace(), values.toArray());
            Imports.removeIfUnused(this, getCursor(), "java.lang.String.format"); // a static import only the call used
            Imports.removeIfUnused(this, getCursor(), "java.util.Locale"); // the format's locale, where nothing else names it
            written(method, written);
            spots.rewritten(ctx, getCursor(), call, replaced);
            return replaced;
        }

        /**
         * {@code sb.append(String.format("%s;", key))} written as the appends it amounts to, {@code sb.append(key).append(';')}:
         * a concatenation would still build a string only for the builder to copy. Only for a builder that is a variable
         * or field, and a single value (evaluated, then printed, before anything is appended, as the format did), or
         * values that are variables, fields or literals of a primitive, boxed or String type (reading them later,
         * between appends, cannot throw nor see another value, and appending them prints what {@code %s} or {@code %d}
         * did); null, for the concatenation to be tried, for anything else.
         */
        private @Nullable J appends(J.MethodInvocation append, ExecutionContext ctx) {
            boolean builder = BUILDER_APPEND.matches(append);
            if (!builder && !BUFFER_APPEND.matches(append) || append.getSelect() == null ||
                !SafeToEvaluate.variableOrFieldOfVariable(append.getSelect()) ||
                !(append.getArguments().get(0) instanceof J.MethodInvocation)) {
                return null;
            }
            J.MethodInvocation call = (J.MethodInvocation) append.getArguments().get(0);
            int formatAt = FORMAT.matches(call) ? 0 : FORMAT_WITH_LOCALE.matches(call) ? 1 : -1;
            List<FormatPieces.Piece> pieces = formatAt < 0 ? null : pieces(call.getArguments().get(formatAt));
            if (pieces == null) {
                return null;
            }
            List<Expression> values = values(call.getArguments().subList(formatAt + 1, call.getArguments().size()));
            if (FormattedValues.reason(pieces, values, formatAt == 1 ? call.getArguments().get(0) : null) != null ||
                textReason(pieces, getCursor().firstEnclosingOrThrow(J.CompilationUnit.class)) != null ||
                values.size() > 1 && !values.stream().allMatch(ReplaceStringFormatWithConcatenation::isAppendable)) {
                return null;
            }
            List<Expression> parameters = new ArrayList<>();
            parameters.add(append.getSelect());
            parameters.addAll(values);
            String code = appendsCode(pieces, values, builder ? "java.lang.StringBuilder" : "java.lang.StringBuffer");
            String written = Templates.withValues(code, parameters, getCursor());
            if (lineReason(append, written, "as appends, the call", true, "appended " + formatKey(call, formatAt)) != null) {
                return null;
            }
            if (isMeasuring()) {
                return append;
            }
            Cursor callCursor = new Cursor(getCursor(), call);
            if (!spots.mayRewrite(ctx, callCursor, call)) {
                return append;
            }
            J replaced = Templates.builder(code, ctx).build()
                    .apply(getCursor(), append.getCoordinates().replace(), parameters.toArray());
            Imports.removeIfUnused(this, getCursor(), "java.lang.String.format");
            Imports.removeIfUnused(this, getCursor(), "java.util.Locale"); // the format's locale, where nothing else names it
            written(append, written);
            spots.rewritten(ctx, callCursor, call, replaced);
            return replaced;
        }
    }

    /** The format call's identity among identical spots: its format, the same wherever its values come from. */
    private static String formatKey(J.MethodInvocation call, int formatAt) {
        Expression format = call.getArguments().get(formatAt);
        return format instanceof J.Literal ? String.valueOf(((J.Literal) format).getValueSource()) : "";
    }

    /** A variable, field or literal of a primitive, boxed or String type: appended, it prints as the format did. */
    private static boolean isAppendable(Expression value) {
        boolean readOnly = value instanceof J.Literal || SafeToEvaluate.variableOrFieldOfVariable(value);
        return readOnly && FormattedValues.hasPureToString(FormattedValues.typeOf(value));
    }

    /** {@code #{any(java.lang.StringBuilder)}.append(#{any(java.lang.String)}).append(';')}: one append per piece. */
    private static String appendsCode(List<FormatPieces.Piece> pieces, List<Expression> values, String builder) {
        StringBuilder code = new StringBuilder("#{any(" + builder + ")}");
        int v = 0;
        for (FormatPieces.Piece piece : pieces) {
            code.append(".append(");
            if (piece.kind == FormatPieces.Kind.TEXT) {
                code.append(textLiteral(piece.source));
            } else if (piece.kind == FormatPieces.Kind.LINE_SEPARATOR) {
                code.append("System.lineSeparator()");
            } else {
                code.append("#{any(").append(FormattedValues.typeName(FormattedValues.typeOf(values.get(v++))).replace('$', '.'))
                        .append(")}");
            }
            code.append(')');
        }
        return code.toString();
    }

    /** A one-character text as a char literal ({@code ';'}, {@code '\n'}), longer text as the string literal it was. */
    private static String textLiteral(String source) {
        boolean oneChar = source.length() == 1 && source.charAt(0) != '\'' && source.charAt(0) != '\\';
        boolean oneEscape = source.length() == 2 && source.charAt(0) == '\\' && "ntr\"\\".indexOf(source.charAt(1)) >= 0;
        if (oneChar) {
            return "'" + source + "'";
        }
        if (oneEscape) {
            return source.equals("\\\"") ? "'\"'" : "'" + source + "'";
        }
        return "\"" + source + "\"";
    }

    /**
     * Why the concatenation's own text would not do: a {@code #{} the template would read as a placeholder, or a
     * {@code System} of the file's that {@code System.lineSeparator()} would name. Null when neither.
     */
    private static @Nullable String textReason(List<FormatPieces.Piece> pieces, J.CompilationUnit cu) {
        boolean lineSeparator = false;
        for (FormatPieces.Piece piece : pieces) {
            if (piece.kind == FormatPieces.Kind.TEXT && piece.source.contains("#{")) {
                return "the format holds `#{`, which a template reads as a placeholder";
            }
            lineSeparator |= piece.kind == FormatPieces.Kind.LINE_SEPARATOR;
        }
        if (lineSeparator && SimpleNames.importReason(cu, Collections.singletonList("java.lang.System")) != null) {
            return "`System` names another class in this file: `%n` cannot be written as `System.lineSeparator()`";
        }
        return null;
    }

    /**
     * Why a final variable the call initialises would change: with every value a constant, the concatenation makes it
     * a compile-time constant (interned, inlined into other classes, read without initialising its class) where the
     * call made a new string. Null when the call initialises no final variable, or a value is not constant.
     */
    private static @Nullable String constantReason(List<FormatPieces.Piece> pieces, List<Expression> values, Cursor cursor) {
        boolean oneValue = pieces.size() == 1 && pieces.get(0).isValue(); // String.valueOf(..) is never a constant
        if (oneValue || pieces.stream().anyMatch(p -> p.kind == FormatPieces.Kind.LINE_SEPARATOR) ||
            !values.stream().allMatch(Constants::mayBeCompileTimeConstant) || !initialisesFinalVariable(cursor)) {
            return null;
        }
        return "every value is a constant: the final variable would become a compile-time constant (interned, inlined " +
               "into other classes) where the call made a new string";
    }

    /** Whether the call is, alone or within a concatenation or parentheses, what a final variable is set to. */
    private static boolean initialisesFinalVariable(Cursor cursor) {
        Cursor c = cursor.getParentTreeCursor();
        while (c.getValue() instanceof J.Parentheses ||
               c.getValue() instanceof J.Binary && ((J.Binary) c.getValue()).getOperator() == J.Binary.Type.Addition) {
            c = c.getParentTreeCursor();
        }
        if (!(c.getValue() instanceof J.VariableDeclarations.NamedVariable)) {
            return false;
        }
        Object declarations = c.getParentTreeCursor().getValue();
        return declarations instanceof J.VariableDeclarations && ((J.VariableDeclarations) declarations).hasModifier(J.Modifier.Type.Final);
    }

    /**
     * Whether the call is the left operand of {@code +}: the concatenation, a string from its first {@code +} on,
     * continues there without parentheses ({@code "a" + b + c} is {@code ("a" + b) + c}).
     */
    private static boolean isLeftOfAddition(Cursor cursor) {
        Object parent = cursor.getParentTreeCursor().getValue();
        return parent instanceof J.Binary && ((J.Binary) parent).getOperator() == J.Binary.Type.Addition &&
               ((J.Binary) parent).getLeft() == cursor.getValue();
    }

    /** The pieces of a format given as a one-line string literal; null for any other format. */
    private static @Nullable List<FormatPieces.Piece> pieces(Expression format) {
        if (!(format instanceof J.Literal) || ((J.Literal) format).getType() != JavaType.Primitive.String) {
            return null;
        }
        String source = ((J.Literal) format).getValueSource();
        if (source == null || source.startsWith("\"\"\"") || source.length() < 2) {
            return null;
        }
        return FormatPieces.parse(source.substring(1, source.length() - 1));
    }

    /** The values as passed: none when the call passes no varargs (an omitted argument is an empty tree). */
    private static List<Expression> values(List<Expression> arguments) {
        return arguments.size() == 1 && arguments.get(0) instanceof J.Empty ? new ArrayList<>() : arguments;
    }

    /**
     * The concatenation the pieces print, one template slot per value; {@code String.valueOf} of a lone value, and
     * a leading {@code ""} where the first two operands are not strings (two numbers would be added).
     */
    static String concatenation(List<FormatPieces.Piece> pieces, List<Expression> values) {
        List<String> operands = new ArrayList<>();
        boolean stringFirst = false;
        int v = 0;
        for (FormatPieces.Piece piece : pieces) {
            boolean isString = true;
            if (piece.kind == FormatPieces.Kind.TEXT) {
                operands.add("\"" + piece.source + "\"");
            } else if (piece.kind == FormatPieces.Kind.LINE_SEPARATOR) {
                operands.add("System.lineSeparator()");
            } else {
                Expression value = values.get(v++);
                isString = "java.lang.String".equals(FormattedValues.typeName(FormattedValues.typeOf(value)));
                operands.add(slot(value));
            }
            stringFirst |= isString && operands.size() <= 2;
        }
        if (operands.isEmpty()) {
            return "\"\"";
        }
        if (operands.size() == 1 && pieces.get(0).isValue()) {
            return "String.valueOf(" + slot(values.get(0), false) + ")"; // an argument needs no parentheses
        }
        return (stringFirst || operands.size() == 1 ? "" : "\"\" + ") + String.join(" + ", operands);
    }

    /** A template slot of the value's type, parenthesised where its own operators would bind to the concatenation's. */
    private static String slot(Expression value) {
        return slot(value, true);
    }

    private static String slot(Expression value, boolean inConcatenation) {
        String name = FormattedValues.typeName(FormattedValues.typeOf(value)).replace('$', '.');
        String slot = "#{any(" + name + ")}";
        boolean operator = value instanceof J.Binary || value instanceof J.Ternary || value instanceof J.Assignment ||
                           value instanceof J.AssignmentOperation || value instanceof J.InstanceOf;
        return operator && inConcatenation ? "(" + slot + ")" : slot;
    }
}

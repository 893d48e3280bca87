package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.ExpressionPlaces;
import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.LineBudgetVisitor;
import dev.rewriteperf.analysis.SimpleNames;
import dev.rewriteperf.analysis.Templates;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.table.PerformanceCandidates;
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

public class ReplaceStringFormatWithConcatenation extends Recipe {

    private static final MethodMatcher FORMAT = new MethodMatcher("java.lang.String format(java.lang.String, ..)");
    private static final MethodMatcher FORMAT_WITH_LOCALE = new MethodMatcher("java.lang.String format(java.util.Locale, java.lang.String, ..)");

    private final transient PerformanceCandidates candidates;

    public ReplaceStringFormatWithConcatenation() {
        this(ProfileGate.NONE);
    }

    /** In a profile-guided composite: rewrites only the hot methods {@code gate} lets through. */
    public ReplaceStringFormatWithConcatenation(ProfileGate gate) {
        this.candidates = new PerformanceCandidates(this, gate);
    }

    @Override
    public String getDisplayName() {
        return "Concatenate instead of `String.format` with only `%s`";
    }

    @Override
    public String getDescription() {
        return "`String.format(\"%s/%s\", region, id)` parses its format and runs a `Formatter` on every call. " +
               "When the format is a literal whose only specifiers are `%s`, `%%` and `%n` (and `%d` under an " +
               "explicit `Locale.ROOT`, `US` or `ENGLISH`), it becomes the concatenation it prints: `region + " +
               "\"/\" + id`. Left alone and listed: a value that may be a `Formattable` (`%s` calls its " +
               "`formatTo`: anything but a primitive, an array-free final class, an enum or a record), `%d` under " +
               "the default locale (its digits may not be ASCII), values whose project-defined `toString` could " +
               "run in another order, a computed locale, a count of values other than the specifiers', a format " +
               "holding `#{`, `%n` where `System` names another class of the file, a final variable it would turn " +
               "into a compile-time constant (every value a constant), and a result that would make its line " +
               "longer than the file's code lines. Measured (a String and a long between text, one path, paired " +
               "runs): 488 -> 56 B/op; JDK 25: 5.45x faster (95 % interval 5.26-5.65x); JDK 17: 7.14x faster (95 % " +
               "interval 7.07-7.22x).";
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
        public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
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
            String refusal = FormattedValues.refusal(pieces, values, formatAt == 1 ? call.getArguments().get(0) : null);
            if (refusal == null && ExpressionPlaces.isStatement(getCursor())) {
                refusal = "the formatted string is not used: a concatenation cannot stand as a statement";
            }
            if (refusal == null) {
                refusal = textRefusal(pieces, getCursor().firstEnclosingOrThrow(J.CompilationUnit.class));
            }
            if (refusal == null) {
                refusal = constantRefusal(pieces, values, getCursor());
            }
            String code = refusal == null ? concatenation(pieces, values) : "";
            if (ExpressionPlaces.operatorNeedsParentheses(getCursor()) && !isLeftOfAddition(getCursor()) && code.contains(" + ")) {
                code = "(" + code + ")";
            }
            String written = Templates.withValues(code, values, getCursor());
            if (refusal == null) {
                refusal = lineRefusal(method, written, "concatenated, the string", true);
            }
            if (refusal != null) {
                candidates.recordSkip(ctx, getCursor(), call, refusal);
                return call;
            }
            if (!candidates.mayChange(ctx, getCursor(), call)) {
                return call;
            }
            J replaced = Templates.builder(code, ctx).build()
                    .apply(getCursor(), call.getCoordinates().replace(), values.toArray());
            maybeRemoveImport("java.lang.String.format"); // a static import only the call used
            written(method, written);
            candidates.recordChange(ctx, getCursor(), call, replaced);
            return replaced;
        }
    }

    /**
     * Why the concatenation's own text would not do: a {@code #{} the template would read as a placeholder, or a
     * {@code System} of the file's that {@code System.lineSeparator()} would name. Null when neither.
     */
    private static @Nullable String textRefusal(List<FormatPieces.Piece> pieces, J.CompilationUnit cu) {
        boolean lineSeparator = false;
        for (FormatPieces.Piece piece : pieces) {
            if (piece.kind == FormatPieces.Kind.TEXT && piece.source.contains("#{")) {
                return "the format holds `#{`, which a template reads as a placeholder";
            }
            lineSeparator |= piece.kind == FormatPieces.Kind.LINE_SEPARATOR;
        }
        if (lineSeparator && SimpleNames.importRefusal(cu, Collections.singletonList("java.lang.System")) != null) {
            return "`System` names another class in this file: `%n` cannot be written as `System.lineSeparator()`";
        }
        return null;
    }

    /**
     * Why a final variable the call initialises would change: with every value a constant, the concatenation makes it
     * a compile-time constant (interned, inlined into other classes, read without initialising its class) where the
     * call made a new string. Null when the call initialises no final variable, or a value is not constant.
     */
    private static @Nullable String constantRefusal(List<FormatPieces.Piece> pieces, List<Expression> values, Cursor cursor) {
        boolean oneValue = pieces.size() == 1 && pieces.get(0).isValue(); // String.valueOf(..) is never a constant
        if (oneValue || pieces.stream().anyMatch(p -> p.kind == FormatPieces.Kind.LINE_SEPARATOR) ||
            !values.stream().allMatch(FormattedValues::isConstant) || !initialisesFinalVariable(cursor)) {
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
            return "String.valueOf(" + operands.get(0) + ")";
        }
        return (stringFirst || operands.size() == 1 ? "" : "\"\" + ") + String.join(" + ", operands);
    }

    /** A template slot of the value's type, parenthesised where its own operators would bind to the concatenation's. */
    private static String slot(Expression value) {
        String name = FormattedValues.typeName(FormattedValues.typeOf(value)).replace('$', '.');
        String slot = "#{any(" + name + ")}";
        boolean operator = value instanceof J.Binary || value instanceof J.Ternary || value instanceof J.Assignment ||
                           value instanceof J.AssignmentOperation || value instanceof J.InstanceOf;
        return operator ? "(" + slot + ")" : slot;
    }
}

package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.names.ConstantNames;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the exception thrown when a value does not match calls the value: {@code if (!name.matches(..)) throw new
 * IllegalArgumentException("invalid metric name '" + name + "'")} matches a metric name. Where the value's own name
 * says nothing ({@code name}, {@code key}, {@code id}), the project's message says what it is.
 */
final class FailureMessages {

    /** Words that say how a value failed, or join words, not what the value is. */
    private static final Set<String> NOT_A_QUALIFIER = new HashSet<>(Arrays.asList("invalid", "bad", "malformed",
            "illegal", "unknown", "unsupported", "wrong", "unprintable", "empty", "missing", "unexpected", "incorrect",
            "improper", "unacceptable", "unrecognized", "unrecognised", "not", "no", "a", "an", "the", "for", "of", "is",
            "must", "be", "in", "on", "with", "and", "or", "to", "valid", "given", "this", "that", "expected", "value"));

    private FailureMessages() {
    }

    /**
     * {@code METRIC_NAME} for the {@code name.matches(..)} at {@code site} that an {@code if} negates and whose
     * failure throws {@code new ..("invalid metric name ..")}: the word the message puts before the value's name, and
     * that name. Null where the match is not so tested, the message is not written out, or no word qualifies the name
     * (a message that starts with it: {@code "key %s must be .."}).
     */
    static @Nullable String valueNamedByFailure(Cursor site, @Nullable String valueName) {
        if (valueName == null) {
            return null;
        }
        Cursor negation = site.getParentTreeCursor();
        if (!(negation.getValue() instanceof J.Unary) || ((J.Unary) negation.getValue()).getOperator() != J.Unary.Type.Not) {
            return null;
        }
        Cursor condition = negation.getParentTreeCursor();
        Object statement = condition.getParentTreeCursor().getValue();
        if (!(condition.getValue() instanceof J.ControlParentheses) || !(statement instanceof J.If)) {
            return null;
        }
        String message = thrownMessage(((J.If) statement).getThenPart());
        if (message == null) {
            return null;
        }
        List<String> words = Arrays.asList(message.toLowerCase(Locale.ROOT).split("[^a-z]+"));
        int at = words.indexOf(valueName.toLowerCase(Locale.ROOT));
        if (at < 1) {
            return null;
        }
        String qualifier = words.get(at - 1);
        return qualifier.length() < 3 || NOT_A_QUALIFIER.contains(qualifier) ? null
                : ConstantNames.upperSnake(qualifier) + "_" + ConstantNames.upperSnake(valueName);
    }

    /**
     * The text of the message the statement throws first thing: the first argument of the exception's construction
     * that is a literal, a concatenation starting with one or a format ({@code new CorruptFileException(file, offset,
     * "unprintable chunk id")}).
     */
    private static @Nullable String thrownMessage(Statement then) {
        Statement first = then instanceof J.Block
                ? (((J.Block) then).getStatements().isEmpty() ? null : ((J.Block) then).getStatements().get(0)) : then;
        if (!(first instanceof J.Throw) || !(((J.Throw) first).getException() instanceof J.NewClass)) {
            return null;
        }
        for (Expression argument : ((J.NewClass) ((J.Throw) first).getException()).getArguments()) {
            String text = text(argument);
            if (text != null) {
                return text;
            }
        }
        return null;
    }

    private static @Nullable String text(Expression message) {
        if (message instanceof J.Literal && ((J.Literal) message).getValue() instanceof String) {
            return (String) ((J.Literal) message).getValue();
        }
        if (message instanceof J.Binary) {
            return text(((J.Binary) message).getLeft());
        }
        if (message instanceof J.MethodInvocation && "format".equals(((J.MethodInvocation) message).getSimpleName())) {
            for (Expression argument : ((J.MethodInvocation) message).getArguments()) {
                if (argument instanceof J.Literal && ((J.Literal) argument).getValue() instanceof String) {
                    return (String) ((J.Literal) argument).getValue();
                }
            }
        }
        return null;
    }
}

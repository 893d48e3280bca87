package dev.rewriteperf.streams;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayList;
import java.util.List;

/** The intermediate operations of a stream pipeline, and why one of them keeps it from becoming a loop. */
final class StreamOperations {

    private StreamOperations() {
    }

    /**
     * The stream operations a terminal call is applied to, nearest first; the last one's select is the
     * expression the stream starts from.
     */
    static List<J.MethodInvocation> between(J.MethodInvocation terminal) {
        List<J.MethodInvocation> operations = new ArrayList<>();
        Expression select = terminal.getSelect();
        while (select instanceof J.MethodInvocation && isIntermediate((J.MethodInvocation) select)) {
            operations.add((J.MethodInvocation) select);
            select = ((J.MethodInvocation) select).getSelect();
        }
        return operations;
    }

    static boolean isIntermediate(J.MethodInvocation call) {
        JavaType.Method method = call.getMethodType();
        return method != null && !method.hasFlags(Flag.Static) && call.getSelect() != null &&
               TypeUtils.isAssignableTo("java.util.stream.BaseStream", method.getDeclaringType());
    }

    /**
     * Why the pipeline is more than the one {@code expected} operation, or for {@code map} more than a chain of
     * {@code map} calls; null when it is exactly that.
     */
    static @Nullable String reason(List<J.MethodInvocation> operations, String expected) {
        boolean onlyExpected = operations.stream().allMatch(operation -> expected.equals(operation.getSimpleName()));
        if (onlyExpected && (operations.size() == 1 || "map".equals(expected))) {
            return null;
        }
        for (J.MethodInvocation operation : operations) {
            String name = operation.getSimpleName();
            String call = "`." + name + "(..)`";
            switch (name) {
                case "filter":
                case "distinct":
                case "limit":
                case "skip":
                case "takeWhile":
                case "dropWhile":
                    return call + " makes the number of elements unknown in advance";
                case "sorted":
                    return call + " reorders the elements";
                case "peek":
                    return call + " runs an action in the stream's own order";
                case "parallel":
                    return call + " runs the pipeline on other threads";
                default:
                    if (!name.equals(expected)) {
                        return call + " is more than the single `" + expected + "` this rewrite handles";
                    }
            }
        }
        return "the pipeline has more than one `" + expected + "`";
    }
}

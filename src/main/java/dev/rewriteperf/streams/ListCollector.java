package dev.rewriteperf.streams;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;
import java.util.Set;

/**
 * The list {@code collect(Collectors.toList())} or {@code collect(Collectors.toCollection(ArrayList::new))}
 * creates: in the JDK both are an {@code ArrayList} filled in the stream's order, so an {@code ArrayList} sized
 * for the elements, filled by a loop, is the same list. Other collectors are not candidates.
 */
final class ListCollector implements Destination {

    private static final MethodMatcher TO_LIST = new MethodMatcher("java.util.stream.Collectors toList()");
    private static final MethodMatcher TO_COLLECTION = new MethodMatcher("java.util.stream.Collectors toCollection(..)");

    private final @Nullable String refusal;
    /** The type {@code collect} returns, {@code List<R>} or {@code ArrayList<R>}. */
    final JavaType.@Nullable Parameterized listType;
    /** {@code R} as source text. */
    final @Nullable String elementText;

    private ListCollector(@Nullable String refusal, JavaType.@Nullable Parameterized listType, @Nullable String elementText) {
        this.refusal = refusal;
        this.listType = listType;
        this.elementText = elementText;
    }

    /** Whether {@code collect} collects into an {@code ArrayList} this way. */
    static boolean isCandidate(J.MethodInvocation collect) {
        List<Expression> arguments = collect.getArguments();
        if (arguments.size() != 1 || !(arguments.get(0) instanceof J.MethodInvocation)) {
            return false;
        }
        J.MethodInvocation collector = (J.MethodInvocation) arguments.get(0);
        return TO_LIST.matches(collector) || TO_COLLECTION.matches(collector) && isArrayListNew(collector.getArguments().get(0));
    }

    private static boolean isArrayListNew(Expression supplier) {
        return supplier instanceof J.MemberReference && "new".equals(((J.MemberReference) supplier).getReference().getSimpleName()) &&
               TypeUtils.isOfClassType(((J.MemberReference) supplier).getContaining().getType(), "java.util.ArrayList");
    }

    static ListCollector of(J.MethodInvocation collect, Set<String> imports) {
        JavaType type = collect.getType();
        if (!(type instanceof JavaType.Parameterized) || !TypeUtils.isWellFormedType(type) ||
            ((JavaType.Parameterized) type).getTypeParameters().size() != 1) {
            return new ListCollector("the types are not fully known", null, null);
        }
        JavaType.Parameterized listType = (JavaType.Parameterized) type;
        String elementText = TypeText.of(listType.getTypeParameters().get(0), imports);
        if (elementText == null) {
            return new ListCollector("the list's element type cannot be written in source", null, null);
        }
        return new ListCollector(null, listType, elementText);
    }

    @Override
    public @Nullable String refusal() {
        return refusal;
    }

    /** The list's element type is inferred from the elements, so each of them fits. */
    @Override
    public @Nullable String unfit(JavaType type) {
        return null;
    }
}

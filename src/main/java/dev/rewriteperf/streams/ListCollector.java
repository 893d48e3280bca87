package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.names.DeclaredTypes;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.names.TypeText;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The list {@code collect(Collectors.toList())} or {@code collect(Collectors.toCollection(ArrayList::new))}
 * creates: in the JDK both are an {@code ArrayList} filled in the stream's order, so an {@code ArrayList} sized
 * for the elements, filled by a loop, is the same list. Other collectors are not spots.
 */
final class ListCollector implements Destination {

    private static final MethodMatcher TO_LIST = new MethodMatcher("java.util.stream.Collectors toList()");
    private static final MethodMatcher TO_COLLECTION = new MethodMatcher("java.util.stream.Collectors toCollection(..)");

    private static final String UNDECLARED = "the list's element type involves type variables, and the recipe copies such a " +
                                             "type only from the declared type of the variable or method the list goes to";
    /**
     * The types whose one type argument is the element type of a list assigned to them. Wider than
     * {@code LoopSite}'s list types, which a declared variable needs in order to take {@code add}: here the new
     * variable is a {@code List} and only goes to the target.
     */
    private static final Set<String> LIST_SUPERTYPES = new HashSet<>(Arrays.asList("java.lang.Iterable",
            "java.util.Collection", "java.util.SequencedCollection", "java.util.List", "java.util.AbstractCollection",
            "java.util.AbstractList", "java.util.ArrayList"));

    private final @Nullable String reason;
    /** The type {@code collect} returns, {@code List<R>} or {@code ArrayList<R>}, as attributed. */
    private final JavaType.@Nullable Parameterized listType;
    /** The same type as source text, its {@code R} copied from where the list goes when that is declared. */
    private final @Nullable String listText;

    private ListCollector(@Nullable String reason, JavaType.@Nullable Parameterized listType, @Nullable String listText) {
        this.reason = reason;
        this.listType = listType;
        this.listText = listText;
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

    /** The list that {@code collect}, at {@code cursor}, creates. */
    static ListCollector of(J.MethodInvocation collect, Cursor cursor, Set<String> imports) {
        JavaType type = collect.getType();
        if (!(type instanceof JavaType.Parameterized) || !TypeUtils.isWellFormedType(type) ||
            ((JavaType.Parameterized) type).getTypeParameters().size() != 1) {
            return new ListCollector("the types are not fully known", null, null);
        }
        JavaType.Parameterized listType = (JavaType.Parameterized) type;
        String raw = TypeText.of(listType.getType(), imports);
        TypeTree declared = declaredElementType(cursor);
        String elementText;
        if (declared != null) {
            elementText = declared.printTrimmed(cursor);
        } else if (DeclaredTypes.isWritableFromAttribution(listType, cursor)) {
            elementText = TypeText.of(listType.getTypeParameters().get(0), imports);
        } else {
            return new ListCollector(UNDECLARED, null, null);
        }
        if (raw == null || elementText == null) {
            return new ListCollector("the list's element type cannot be written in source", null, null);
        }
        return new ListCollector(null, listType, raw + "<" + elementText + ">");
    }

    /**
     * The element type written where the list goes: the declared type of the variable it initialises or is
     * assigned to, or the return type of the method that returns it, when that is an {@code Iterable}, a
     * {@code Collection} or a {@code List} of one element type ({@code ? extends E} gives {@code E}).
     */
    private static @Nullable TypeTree declaredElementType(Cursor collect) {
        Cursor parent = collect.getParentTreeCursor();
        J child = collect.getValue();
        while (parent.getValue() instanceof J.Parentheses) {
            child = parent.getValue();
            parent = parent.getParentTreeCursor();
        }
        TypeTree target = null;
        Object value = parent.getValue();
        if (value instanceof J.VariableDeclarations.NamedVariable) {
            target = parent.getParentTreeCursor().<J.VariableDeclarations>getValue().getTypeExpression();
        } else if (value instanceof J.Assignment && ((J.Assignment) value).getAssignment() == child) {
            J.VariableDeclarations variable = DeclaredTypes.declarationOf(((J.Assignment) value).getVariable(), parent);
            target = variable == null ? null : variable.getTypeExpression();
        } else if (value instanceof J.Return) {
            J enclosing = parent.dropParentUntil(t -> t instanceof J.MethodDeclaration || t instanceof J.Lambda ||
                                                      t instanceof J.CompilationUnit).getValue();
            target = enclosing instanceof J.MethodDeclaration ? ((J.MethodDeclaration) enclosing).getReturnTypeExpression() : null;
        }
        JavaType.FullyQualified targetClass = target == null ? null : TypeUtils.asFullyQualified(target.getType());
        List<Expression> arguments = DeclaredTypes.typeArgumentsOf(target);
        if (targetClass == null || !LIST_SUPERTYPES.contains(targetClass.getFullyQualifiedName()) || arguments == null ||
            arguments.size() != 1) {
            return null;
        }
        return DeclaredTypes.asVariableType(arguments.get(0));
    }

    @Override
    public @Nullable String reason() {
        return reason;
    }

    /** The list's element type is inferred from the elements, so each of them fits. */
    @Override
    public @Nullable String elementReason(JavaType type) {
        return null;
    }

    @Override
    public Fill fill(String name, FreshNames names) {
        return new ListFill(name);
    }

    /** {@code List<R> result = new ArrayList<>(length);}, then {@code result.add(e);} for each element. */
    private final class ListFill implements Fill {

        private final String list;

        ListFill(String list) {
            this.list = list;
        }

        @Override
        public String declaration(String length, Set<String> imports) {
            imports.add("java.util.ArrayList");
            return listText + ' ' + list + " = new ArrayList<>(" + length + ");\n";
        }

        @Override
        public String store() {
            return list + ".add(#{any(java.lang.Object)});\n";
        }

        @Override
        public FilledLoop loop(String code, List<J> parameters, Set<String> imports, String variable,
                               @Nullable TypeTree declaredElementType, JavaType elementType) {
            return FilledLoop.list(code, parameters, imports, list, variable, listType, declaredElementType, elementType);
        }
    }
}

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
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The list or set that {@code collect(..)} creates, of a {@link Kind}: {@code Collectors.toList()} and
 * {@code toCollection(ArrayList::new)} are in the JDK an {@code ArrayList} filled in the stream's order, so an
 * {@code ArrayList} sized for the elements, filled by a loop, is the same list; {@code Collectors.toSet()} and
 * {@code toCollection(HashSet::new)} are a {@code HashSet} added to in the stream's order, so a {@code HashSet}
 * sized for the elements holds the same elements. Other collectors are not spots.
 */
final class CollectedCollection implements Destination {

    private static final MethodMatcher TO_COLLECTION = new MethodMatcher("java.util.stream.Collectors toCollection(..)");

    /** What a collector collects into, and how a loop makes the same collection. */
    enum Kind {
        LIST("list", "java.util.ArrayList", new MethodMatcher("java.util.stream.Collectors toList()"),
                Arrays.asList("java.util.List", "java.util.Collection", "java.util.ArrayList", "java.util.AbstractList",
                        "java.util.AbstractCollection"),
                Arrays.asList("java.lang.Iterable", "java.util.SequencedCollection")),
        SET("set", "java.util.HashSet", new MethodMatcher("java.util.stream.Collectors toSet()"),
                Arrays.asList("java.util.Set", "java.util.Collection", "java.util.HashSet", "java.util.AbstractSet",
                        "java.util.AbstractCollection"),
                Collections.singletonList("java.lang.Iterable"));

        final String noun;
        final String implementation;
        private final MethodMatcher collector;
        /** The types a declared variable may have to take the new collection and then its {@code add(R)}. */
        final Set<String> variableTypes;
        /**
         * The types whose one type argument is the element type of a collection assigned to them. Wider than
         * {@link #variableTypes}: here the new variable is a {@code List} or {@code Set} and only goes to the target.
         */
        private final Set<String> supertypes;

        Kind(String noun, String implementation, MethodMatcher collector, List<String> variableTypes, List<String> readOnly) {
            this.noun = noun;
            this.implementation = implementation;
            this.collector = collector;
            this.variableTypes = new HashSet<>(variableTypes);
            this.supertypes = new HashSet<>(variableTypes);
            this.supertypes.addAll(readOnly);
        }

        String simpleName() {
            return implementation.substring("java.util.".length());
        }

        /** Why a variable declared with {@code var} cannot take the new collection in place of the collector's. */
        String varReason() {
            return "the variable is declared with `var`, which would take its type from `new " + simpleName() + "<>(..)`";
        }

        /** Whether {@code collect} collects into this kind's collection this way. */
        boolean isCollectedBy(J.MethodInvocation collect) {
            List<Expression> arguments = collect.getArguments();
            if (arguments.size() != 1 || !(arguments.get(0) instanceof J.MethodInvocation)) {
                return false;
            }
            J.MethodInvocation call = (J.MethodInvocation) arguments.get(0);
            return collector.matches(call) || TO_COLLECTION.matches(call) && isNewOfImplementation(call.getArguments().get(0));
        }

        private boolean isNewOfImplementation(Expression supplier) {
            return supplier instanceof J.MemberReference && "new".equals(((J.MemberReference) supplier).getReference().getSimpleName()) &&
                   TypeUtils.isOfClassType(((J.MemberReference) supplier).getContaining().getType(), implementation);
        }
    }

    private final Kind kind;
    private final @Nullable String reason;
    /** The type {@code collect} returns, {@code List<R>} or {@code ArrayList<R>} (a set's alike), as attributed. */
    private final JavaType.@Nullable Parameterized collectionType;
    /** The same type as source text, its {@code R} copied from where the collection goes when that is declared. */
    private final @Nullable String collectionText;
    /** The code of the new collection for a count: {@code new ArrayList<>(n)}, {@code HashSet.newHashSet(n)}, ... */
    private final Sized sized;

    /** Writes the construction of a collection sized for a count, from the count's code. */
    interface Sized {
        String forCount(String count);
    }

    private CollectedCollection(Kind kind, @Nullable String reason, JavaType.@Nullable Parameterized collectionType,
                                @Nullable String collectionText, Sized sized) {
        this.kind = kind;
        this.reason = reason;
        this.collectionType = collectionType;
        this.collectionText = collectionText;
        this.sized = sized;
    }

    /** The collection that {@code collect}, at {@code cursor}, creates, written as {@code sized} says. */
    static CollectedCollection of(Kind kind, Sized sized, J.MethodInvocation collect, Cursor cursor, Set<String> imports) {
        JavaType type = collect.getType();
        if (!(type instanceof JavaType.Parameterized) || !TypeUtils.isWellFormedType(type) ||
            ((JavaType.Parameterized) type).getTypeParameters().size() != 1) {
            return new CollectedCollection(kind, "the types are not fully known", null, null, sized);
        }
        JavaType.Parameterized collectionType = (JavaType.Parameterized) type;
        String raw = TypeText.of(collectionType.getType(), imports);
        TypeTree declared = declaredElementType(kind, cursor);
        String elementText;
        if (declared != null) {
            elementText = declared.printTrimmed(cursor);
        } else if (DeclaredTypes.isWritableFromAttribution(collectionType, cursor)) {
            // a captured `?` is written as its bound: List<Object> where javac inferred List<capture of ?>, which
            // goes wherever that did, and to which the loop can add
            elementText = TypeText.of(TypeText.upperBound(collectionType.getTypeParameters().get(0)), imports);
        } else {
            return new CollectedCollection(kind, "the " + kind.noun + "'s element type involves type variables, and the recipe " +
                    "copies such a type only from the declared type of the variable or method the " + kind.noun + " goes to", null, null, sized);
        }
        if (raw == null || elementText == null) {
            return new CollectedCollection(kind, "the " + kind.noun + "'s element type cannot be written in source", null, null, sized);
        }
        return new CollectedCollection(kind, null, collectionType, raw + "<" + elementText + ">", sized);
    }

    /**
     * The element type written where the collection goes: the declared type of the variable it initialises or is
     * assigned to, or the return type of the method that returns it, when that is an {@code Iterable}, a
     * {@code Collection} or a {@code List} (a {@code Set}) of one element type ({@code ? extends E} gives {@code E}).
     */
    private static @Nullable TypeTree declaredElementType(Kind kind, Cursor collect) {
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
        if (targetClass == null || !kind.supertypes.contains(targetClass.getFullyQualifiedName()) || arguments == null ||
            arguments.size() != 1) {
            return null;
        }
        return DeclaredTypes.asVariableType(arguments.get(0));
    }

    @Override
    public @Nullable String reason() {
        return reason;
    }

    /** The collection's element type is inferred from the elements, so each of them fits. */
    @Override
    public @Nullable String elementReason(JavaType type) {
        return null;
    }

    @Override
    public Fill fill(String name, FreshNames names) {
        return new CollectionFill(name);
    }

    /** {@code List<R> result = new ArrayList<>(length);}, then {@code result.add(e);} for each element. */
    private final class CollectionFill implements Fill {

        private final String list;

        CollectionFill(String list) {
            this.list = list;
        }

        @Override
        public String declaration(String length, Set<String> imports) {
            imports.add(kind.implementation);
            return collectionText + ' ' + list + " = " + sized.forCount(length) + ";\n";
        }

        @Override
        public String store() {
            return list + ".add(#{any(java.lang.Object)});\n";
        }

        @Override
        public FilledLoop loop(String code, List<J> parameters, Set<String> imports, String variable,
                               @Nullable TypeTree declaredElementType, JavaType elementType) {
            return FilledLoop.list(code, parameters, imports, list, variable, collectionType, declaredElementType, elementType);
        }
    }
}

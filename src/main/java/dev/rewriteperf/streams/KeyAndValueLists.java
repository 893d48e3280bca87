package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;
import java.util.Set;

/**
 * The hand-written form of a map's keys followed by its values: two new lists, one loop over the map's entries
 * adding one element to each, and the lists concatenated into an array, either as
 * {@code Stream.concat(first.stream(), second.stream()).toArray(T[]::new)} or as {@code first.addAll(second);}
 * then {@code first.toArray(new T[0])}, the array being returned or declared. Built by {@link #at} only for
 * statements of exactly that shape; {@link #reason} says why the array cannot be filled in one pass instead.
 */
final class KeyAndValueLists {

    private static final MethodMatcher ADD = new MethodMatcher("java.util.Collection add(..)", true);
    private static final MethodMatcher ADD_ALL = new MethodMatcher("java.util.Collection addAll(java.util.Collection)", true);
    private static final MethodMatcher LIST_TO_ARRAY = new MethodMatcher("java.util.Collection toArray(..)", true);
    private static final MethodMatcher STREAM = new MethodMatcher("java.util.Collection stream()", true);
    private static final MethodMatcher CONCAT = new MethodMatcher("java.util.stream.Stream concat(..)");
    private static final MethodMatcher STREAM_TO_ARRAY = new MethodMatcher("java.util.stream.Stream toArray(..)");

    /** The index of the first list's declaration in the block. */
    final int start;
    /** The index of the statement that returns or declares the array. */
    final int end;
    final J.ForEachLoop loop;
    /** The map whose {@code entrySet()} the loop iterates. */
    final Expression map;
    /** The two element expressions in the order the loop evaluates them. */
    final Expression[] elements = new Expression[2];
    /** Whether {@link #elements}{@code [0]} goes into the list that comes first in the array. */
    final boolean firstListFirst;
    final ArrayGenerator generator;
    /** The {@code return} or the declaration the array ends in. */
    final Statement result;
    final @Nullable String reason;

    private KeyAndValueLists(int start, int end, J.ForEachLoop loop, Expression map, Expression firstAdded, Expression secondAdded,
                             boolean firstListFirst, ArrayGenerator generator, Statement result, @Nullable String reason) {
        this.start = start;
        this.end = end;
        this.loop = loop;
        this.map = map;
        this.elements[0] = firstAdded;
        this.elements[1] = secondAdded;
        this.firstListFirst = firstListFirst;
        this.generator = generator;
        this.result = result;
        this.reason = reason;
    }

    /** The shape starting at statement {@code start} of {@code block}, or null when the statements are not it. */
    static @Nullable KeyAndValueLists at(J.Block block, int start, Cursor cursor, Set<String> imports) {
        List<Statement> statements = block.getStatements();
        if (start + 3 >= statements.size()) {
            return null;
        }
        String a = newListName(statements.get(start));
        String b = newListName(statements.get(start + 1));
        if (a == null || b == null || a.equals(b) || !(statements.get(start + 2) instanceof J.ForEachLoop)) {
            return null;
        }
        J.ForEachLoop loop = (J.ForEachLoop) statements.get(start + 2);
        Expression iterable = ExpressionShapes.unwrap(loop.getControl().getIterable());
        if (!(iterable instanceof J.MethodInvocation) || !"entrySet".equals(((J.MethodInvocation) iterable).getSimpleName()) ||
            !ExpressionShapes.isMapView((J.MethodInvocation) iterable) || ((J.MethodInvocation) iterable).getSelect() == null ||
            !(loop.getBody() instanceof J.Block) || ((J.Block) loop.getBody()).getStatements().size() != 2) {
            return null;
        }
        List<Statement> body = ((J.Block) loop.getBody()).getStatements();
        String firstAddedTo = addedTo(body.get(0));
        String secondAddedTo = addedTo(body.get(1));
        if (firstAddedTo == null || secondAddedTo == null || firstAddedTo.equals(secondAddedTo) ||
            !(firstAddedTo.equals(a) || firstAddedTo.equals(b)) || !(secondAddedTo.equals(a) || secondAddedTo.equals(b))) {
            return null;
        }
        Ending ending = Ending.at(statements, start + 3, cursor);
        if (ending == null || !(ending.firstList.equals(a) && ending.secondList.equals(b) || ending.firstList.equals(b) && ending.secondList.equals(a))) {
            return null;
        }
        Expression map = ((J.MethodInvocation) iterable).getSelect();
        Expression firstAdded = ((J.MethodInvocation) body.get(0)).getArguments().get(0);
        Expression secondAdded = ((J.MethodInvocation) body.get(1)).getArguments().get(0);
        KeyAndValueLists lists = new KeyAndValueLists(start, ending.index, loop, map, firstAdded, secondAdded,
                firstAddedTo.equals(ending.firstList), ending.generator, statements.get(ending.index), null);
        String reason = lists.reason(statements, a, b, cursor, imports);
        return reason == null ? lists : new KeyAndValueLists(start, ending.index, loop, map, firstAdded, secondAdded,
                lists.firstListFirst, ending.generator, lists.result, reason);
    }

    /** Why the two lists cannot become one pre-sized array filled in the loop; null when they can. */
    private @Nullable String reason(List<Statement> statements, String a, String b, Cursor cursor, Set<String> imports) {
        SizedSource entries = SizedSource.entriesOf(map, cursor, imports);
        if (entries.reason != null) {
            return entries.reason;
        }
        if (generator.reason != null) {
            return generator.reason;
        }
        String mapName = map instanceof J.Identifier ? ((J.Identifier) map).getSimpleName() :
                map instanceof J.FieldAccess ? ((J.FieldAccess) map).getSimpleName() : null;
        for (Expression element : elements) {
            JavaType type = element.getType();
            if (type == null || type instanceof JavaType.Unknown || !TypeUtils.isWellFormedType(type)) {
                return "the types are not fully known";
            }
            if (References.countNamed(element, a) + References.countNamed(element, b) > 0) {
                return "an element refers to one of the lists being filled";
            }
            if (mapName != null && References.countNamed(element, mapName) > 0) {
                return "an element refers to the map `" + mapName + "`, which the loop reads while it runs";
            }
            String typeReason = generator.elementReason(type);
            if (typeReason != null) {
                return typeReason;
            }
        }
        for (int i = end + 1; i < statements.size(); i++) {
            if (References.countNamed(statements.get(i), a) + References.countNamed(statements.get(i), b) > 0) {
                return "the lists are used after the array is made";
            }
        }
        return null;
    }

    /** The name of {@code List<T> name = new ArrayList<>()} (or a capacity, or a {@code LinkedList}). */
    private static @Nullable String newListName(Statement statement) {
        if (!(statement instanceof J.VariableDeclarations) || ((J.VariableDeclarations) statement).getVariables().size() != 1) {
            return null;
        }
        J.VariableDeclarations.NamedVariable variable = ((J.VariableDeclarations) statement).getVariables().get(0);
        if (!(variable.getInitializer() instanceof J.NewClass)) {
            return null;
        }
        J.NewClass newList = (J.NewClass) variable.getInitializer();
        boolean isList = TypeUtils.isOfClassType(newList.getType(), "java.util.ArrayList") ||
                         TypeUtils.isOfClassType(newList.getType(), "java.util.LinkedList");
        boolean plainArguments = newList.getArguments().stream()
                .allMatch(arg -> arg instanceof J.Empty || arg.getType() == JavaType.Primitive.Int && SafeToEvaluate.withoutSideEffects(arg));
        return isList && newList.getBody() == null && plainArguments ? variable.getSimpleName() : null;
    }

    /** The list that {@code list.add(e);} adds to. */
    private static @Nullable String addedTo(Statement statement) {
        if (!(statement instanceof J.MethodInvocation) || !ADD.matches((J.MethodInvocation) statement) ||
            ((J.MethodInvocation) statement).getArguments().size() != 1) {
            return null;
        }
        return listName(((J.MethodInvocation) statement).getSelect());
    }

    private static @Nullable String listName(@Nullable Expression e) {
        return e instanceof J.Identifier && ((J.Identifier) e).getFieldType() != null &&
               ((J.Identifier) e).getFieldType().getOwner() instanceof JavaType.Method ? ((J.Identifier) e).getSimpleName() : null;
    }

    /** The array as the last statement makes it: which list comes first, and its generator. */
    private static final class Ending {
        final int index;
        final String firstList;
        final String secondList;
        final ArrayGenerator generator;

        private Ending(int index, String firstList, String secondList, ArrayGenerator generator) {
            this.index = index;
            this.firstList = firstList;
            this.secondList = secondList;
            this.generator = generator;
        }

        static @Nullable Ending at(List<Statement> statements, int index, Cursor cursor) {
            Statement statement = statements.get(index);
            if (statement instanceof J.MethodInvocation && ADD_ALL.matches((J.MethodInvocation) statement) && index + 1 < statements.size()) {
                J.MethodInvocation addAll = (J.MethodInvocation) statement;
                String first = listName(addAll.getSelect());
                String second = listName(addAll.getArguments().get(0));
                Expression array = arrayOf(statements.get(index + 1));
                if (first == null || second == null || !(array instanceof J.MethodInvocation) ||
                    !LIST_TO_ARRAY.matches((J.MethodInvocation) array) || !first.equals(listName(((J.MethodInvocation) array).getSelect())) ||
                    ((J.MethodInvocation) array).getArguments().size() != 1 || ((J.MethodInvocation) array).getArguments().get(0) instanceof J.Empty) {
                    return null;
                }
                return new Ending(index + 1, first, second, ArrayGenerator.ofCollectionToArray((J.MethodInvocation) array, cursor));
            }
            Expression array = arrayOf(statement);
            if (!(array instanceof J.MethodInvocation) || !STREAM_TO_ARRAY.matches((J.MethodInvocation) array) ||
                !(((J.MethodInvocation) array).getSelect() instanceof J.MethodInvocation)) {
                return null;
            }
            J.MethodInvocation concat = (J.MethodInvocation) ((J.MethodInvocation) array).getSelect();
            if (!CONCAT.matches(concat) || concat.getArguments().size() != 2) {
                return null;
            }
            String first = streamedList(concat.getArguments().get(0));
            String second = streamedList(concat.getArguments().get(1));
            return first == null || second == null ? null :
                    new Ending(index, first, second, ArrayGenerator.of((J.MethodInvocation) array, cursor));
        }

        /** The list {@code list.stream()} streams. */
        private static @Nullable String streamedList(Expression e) {
            return e instanceof J.MethodInvocation && STREAM.matches((J.MethodInvocation) e) ? listName(((J.MethodInvocation) e).getSelect()) : null;
        }

        /** The returned expression, or the initializer of the one variable declared. */
        private static @Nullable Expression arrayOf(Statement statement) {
            if (statement instanceof J.Return) {
                return ((J.Return) statement).getExpression();
            }
            if (statement instanceof J.VariableDeclarations && ((J.VariableDeclarations) statement).getVariables().size() == 1) {
                return ((J.VariableDeclarations) statement).getVariables().get(0).getInitializer();
            }
            return null;
        }
    }
}

package dev.rewriteperf.caches;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.References;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JRightPadded;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.marker.Markers;

import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A class-keyed lookup written out by hand, in one of two shapes:
 * <pre>
 * V v = CACHE.get(k);                       V v = CACHE.get(k);
 * if (v == null) {                          if (v != null) {
 *     v = compute(k);                           return v;
 *     CACHE.put(k, v);                      }
 * }                                         V c = compute(k);
 * return v;                                 CACHE.put(k, c);
 *                                           return c;
 * </pre>
 * where the value is stored by {@code put}, by {@code putIfAbsent} with its result unused, or by
 * {@code V p = CACHE.putIfAbsent(k, c);} followed by {@code p != null ? p : c} as the value (see {@link Store}).
 * Each is {@code CACHE.computeIfAbsent(k, k -> compute(k))} when {@code compute} has no effects: computing twice,
 * or caching what was computed, cannot be told apart then, which {@link ComputeFunction} proves as for that call.
 */
final class GetThenPut {

    static final MethodMatcher GET = new MethodMatcher("java.util.Map get(Object)", true);
    private static final MethodMatcher PUT = new MethodMatcher("java.util.Map put(..)", true);
    private static final MethodMatcher PUT_IF_ABSENT = new MethodMatcher("java.util.Map putIfAbsent(..)", true);

    /** The statements of the lookup, from {@code V v = CACHE.get(k);} to {@code return v;}, in their block. */
    final List<Statement> statements;
    final J.MethodInvocation get;
    final J.MethodInvocation put;
    final J.Identifier key;
    /** What is computed on a miss, in terms of {@link #key}. */
    final Expression computed;

    private GetThenPut(List<Statement> statements, J.MethodInvocation get, J.MethodInvocation put, J.Identifier key,
                       Expression computed) {
        this.statements = statements;
        this.get = get;
        this.put = put;
        this.key = key;
        this.computed = computed;
    }

    /** The lookup whose {@code CACHE.get(k)} is at {@code getCall}, or null when it is not in one of the two shapes. */
    static @Nullable GetThenPut at(Cursor getCall) {
        J.MethodInvocation get = getCall.getValue();
        if (!GET.matches(get) || !(get.getArguments().get(0) instanceof J.Identifier)) {
            return null;
        }
        Cursor variableCursor = getCall.getParentTreeCursor();
        Cursor declarationCursor = variableCursor.getParentTreeCursor();
        Object block = declarationCursor.getParentTreeCursor().getValue();
        if (!(variableCursor.getValue() instanceof J.VariableDeclarations.NamedVariable) || !(block instanceof J.Block)) {
            return null;
        }
        J.VariableDeclarations.NamedVariable value = variableCursor.getValue();
        J.VariableDeclarations declaration = declarationCursor.getValue();
        if (declaration.getVariables().size() != 1 || value.getInitializer() != get) {
            return null;
        }
        List<Statement> all = ((J.Block) block).getStatements();
        int start = all.indexOf(declaration);
        Statement check = start + 1 < all.size() ? all.get(start + 1) : null;
        if (!(check instanceof J.If) || ((J.If) check).getElsePart() != null) {
            return null;
        }
        J.Identifier key = (J.Identifier) get.getArguments().get(0);
        return isNullCheck((J.If) check, value, J.Binary.Type.Equal) ?
                computedInside(all, start, get, key, value) :
                isNullCheck((J.If) check, value, J.Binary.Type.NotEqual) ? computedAfter(all, start, get, key, value) : null;
    }

    /**
     * {@code if (v == null) { v = compute(k); CACHE.put(k, v); } return v;}, or with {@code putIfAbsent}:
     * {@code if (v == null) { V c = compute(k); V p = CACHE.putIfAbsent(k, c); v = p != null ? p : c; } return v;}
     */
    private static @Nullable GetThenPut computedInside(List<Statement> all, int start, J.MethodInvocation get,
                                                       J.Identifier key, J.VariableDeclarations.NamedVariable value) {
        List<Statement> fill = statementsOf(((J.If) all.get(start + 1)).getThenPart());
        Store store = Store.at(fill, 0, get, key);
        if (store == null || start + 2 >= all.size() || !returns(all.get(start + 2), value.getName())) {
            return null;
        }
        boolean storedInto = fill.size() == store.size && store.previous == null && isName(store.stored, value.getName());
        boolean assignedAfter = fill.size() == store.size + 1 && fill.get(store.size) instanceof J.Assignment &&
                                isName(((J.Assignment) fill.get(store.size)).getVariable(), value.getName()) &&
                                store.isResult(((J.Assignment) fill.get(store.size)).getAssignment());
        return storedInto || assignedAfter ? of(all.subList(start, start + 3), get, store, key, value.getName()) : null;
    }

    /**
     * {@code if (v != null) { return v; } v = compute(k); CACHE.put(k, v); return v;}, or with a new local for the
     * value, or with {@code V p = CACHE.putIfAbsent(k, c); return p != null ? p : c;}.
     */
    private static @Nullable GetThenPut computedAfter(List<Statement> all, int start, J.MethodInvocation get,
                                                      J.Identifier key, J.VariableDeclarations.NamedVariable value) {
        List<Statement> hit = statementsOf(((J.If) all.get(start + 1)).getThenPart());
        if (hit.size() != 1 || !returns(hit.get(0), value.getName())) {
            return null;
        }
        Store store = Store.at(all, start + 2, get, key);
        int end = start + 2 + (store == null ? 0 : store.size);
        if (store == null || end >= all.size() || !(all.get(end) instanceof J.Return) ||
            ((J.Return) all.get(end)).getExpression() == null || !store.isResult(((J.Return) all.get(end)).getExpression())) {
            return null;
        }
        return of(all.subList(start, end + 1), get, store, key, value.getName());
    }

    private static @Nullable GetThenPut of(List<Statement> statements, J.MethodInvocation get, Store store,
                                           J.Identifier key, J.Identifier value) {
        return References.countNamed(store.computed, value.getSimpleName()) > 0 ? null :
                new GetThenPut(statements, get, store.put, key, store.computed);
    }

    /**
     * Compute, then store: {@code x = compute(k);} or {@code V x = compute(k);}, then {@code CACHE.put(k, x);},
     * {@code CACHE.putIfAbsent(k, x);}, or {@code V p = CACHE.putIfAbsent(k, x);}, after which the value the
     * cache holds is {@code p != null ? p : x}.
     */
    private static final class Store {
        final Expression computed;
        final J.Identifier stored;
        final J.MethodInvocation put;
        /** {@code p} of {@code V p = CACHE.putIfAbsent(k, x);}; null when the call's result is unused. */
        final J.@Nullable Identifier previous;
        /** How many statements: the computation and the store. */
        final int size = 2;

        private Store(Expression computed, J.Identifier stored, J.MethodInvocation put, J.@Nullable Identifier previous) {
            this.computed = computed;
            this.stored = stored;
            this.put = put;
            this.previous = previous;
        }

        static @Nullable Store at(List<Statement> statements, int from, J.MethodInvocation get, J.Identifier key) {
            if (from + 1 >= statements.size()) {
                return null;
            }
            Statement compute = statements.get(from);
            J.Identifier stored = null;
            Expression computed = null;
            if (compute instanceof J.Assignment && ExpressionShapes.unwrap(((J.Assignment) compute).getVariable()) instanceof J.Identifier) {
                stored = (J.Identifier) ExpressionShapes.unwrap(((J.Assignment) compute).getVariable());
                computed = ((J.Assignment) compute).getAssignment();
            } else if (compute instanceof J.VariableDeclarations && ((J.VariableDeclarations) compute).getVariables().size() == 1) {
                J.VariableDeclarations.NamedVariable local = ((J.VariableDeclarations) compute).getVariables().get(0);
                stored = local.getName();
                computed = local.getInitializer();
            }
            if (stored == null || computed == null || References.countNamed(computed, stored.getSimpleName()) > 0) {
                return null;
            }
            Statement store = statements.get(from + 1);
            J.MethodInvocation put = puts(store, get, key, stored);
            if (put != null) {
                return new Store(computed, stored, put, null);
            }
            if (!(store instanceof J.VariableDeclarations) || ((J.VariableDeclarations) store).getVariables().size() != 1) {
                return null;
            }
            J.VariableDeclarations.NamedVariable previous = ((J.VariableDeclarations) store).getVariables().get(0);
            Expression initializer = previous.getInitializer();
            put = initializer instanceof J.MethodInvocation && PUT_IF_ABSENT.matches((J.MethodInvocation) initializer) ?
                    puts((J.MethodInvocation) initializer, get, key, stored) : null;
            return put == null ? null : new Store(computed, stored, put, previous.getName());
        }

        /** {@code x}, or {@code p != null ? p : x} (also {@code p == null ? x : p}) after a {@code putIfAbsent}. */
        boolean isResult(Expression result) {
            Expression e = ExpressionShapes.unwrap(result);
            if (previous == null) {
                return isName(e, stored);
            }
            if (!(e instanceof J.Ternary) || !(ExpressionShapes.unwrap(((J.Ternary) e).getCondition()) instanceof J.Binary)) {
                return false;
            }
            J.Ternary ternary = (J.Ternary) e;
            J.Binary condition = (J.Binary) ExpressionShapes.unwrap(ternary.getCondition());
            boolean comparesPrevious = ExpressionShapes.isNullLiteral(condition.getRight()) && isName(condition.getLeft(), previous) ||
                                       ExpressionShapes.isNullLiteral(condition.getLeft()) && isName(condition.getRight(), previous);
            boolean notNull = condition.getOperator() == J.Binary.Type.NotEqual;
            boolean isNull = condition.getOperator() == J.Binary.Type.Equal;
            return comparesPrevious &&
                   (notNull && isName(ternary.getTruePart(), previous) && isName(ternary.getFalsePart(), stored) ||
                    isNull && isName(ternary.getTruePart(), stored) && isName(ternary.getFalsePart(), previous));
        }
    }

    private static boolean isNullCheck(J.If check, J.VariableDeclarations.NamedVariable value, J.Binary.Type comparison) {
        Expression condition = ExpressionShapes.unwrap(check.getIfCondition());
        if (!(condition instanceof J.Binary) || ((J.Binary) condition).getOperator() != comparison) {
            return false;
        }
        J.Binary binary = (J.Binary) condition;
        return ExpressionShapes.isNullLiteral(binary.getRight()) && isName(binary.getLeft(), value.getName()) ||
               ExpressionShapes.isNullLiteral(binary.getLeft()) && isName(binary.getRight(), value.getName());
    }

    private static boolean isName(Expression e, J.Identifier name) {
        Expression unwrapped = ExpressionShapes.unwrap(e);
        return unwrapped instanceof J.Identifier && ((J.Identifier) unwrapped).getSimpleName().equals(name.getSimpleName()) &&
               Objects.equals(((J.Identifier) unwrapped).getFieldType(), name.getFieldType());
    }

    private static List<Statement> statementsOf(Statement thenPart) {
        return thenPart instanceof J.Block ? ((J.Block) thenPart).getStatements() : Collections.singletonList(thenPart);
    }

    private static boolean returns(Statement statement, J.Identifier value) {
        return statement instanceof J.Return && ((J.Return) statement).getExpression() != null &&
               isName(((J.Return) statement).getExpression(), value);
    }

    /** {@code CACHE.put(k, value);} or {@code CACHE.putIfAbsent(k, value);} on the cache {@code get} reads. */
    private static J.@Nullable MethodInvocation puts(Statement statement, J.MethodInvocation get, J.Identifier key,
                                                     J.Identifier value) {
        if (!(statement instanceof J.MethodInvocation)) {
            return null;
        }
        J.MethodInvocation put = (J.MethodInvocation) statement;
        boolean putCall = PUT.matches(put) || PUT_IF_ABSENT.matches(put);
        JavaType.Variable cache = ExpressionShapes.variableOf(get.getSelect());
        return putCall && cache != null && cache.equals(ExpressionShapes.variableOf(put.getSelect())) &&
               isName(put.getArguments().get(0), key) && isName(put.getArguments().get(1), value) ? put : null;
    }

    /**
     * {@code k -> compute(k)}: the lookup as the function of a {@code computeIfAbsent}, so that it is checked and
     * printed as one. Its parameter is the key's own variable, so the key inside {@code compute(k)} is not a
     * captured local.
     */
    J.Lambda asFunction() {
        J.VariableDeclarations.NamedVariable parameter = new J.VariableDeclarations.NamedVariable(Tree.randomId(),
                Space.EMPTY, Markers.EMPTY, key.withPrefix(Space.EMPTY), Collections.emptyList(), null, key.getFieldType());
        J.VariableDeclarations parameters = new J.VariableDeclarations(Tree.randomId(), Space.EMPTY, Markers.EMPTY,
                Collections.emptyList(), Collections.emptyList(), null, null, Collections.singletonList(JRightPadded.build(parameter)));
        return new J.Lambda(Tree.randomId(), Space.EMPTY, Markers.EMPTY,
                new J.Lambda.Parameters(Tree.randomId(), Space.EMPTY, Markers.EMPTY, false,
                        Collections.singletonList(JRightPadded.<J>build(parameters))),
                Space.SINGLE_SPACE, computed.withPrefix(Space.SINGLE_SPACE), computed.getType());
    }
}

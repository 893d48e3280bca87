package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.JdkTypes;
import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.SemanticallyEqual;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loop that fills a new collection with exactly one element per element of its source, and nothing that adds to the
 * collection after it: only then is the source's size the collection's element count. A size given for fewer elements
 * than are added makes the table grow (a map filled by two loops, sized for the first, rehashes during the second),
 * and a size that only bounds what is added makes it too large.
 */
final class FillingLoop {

    private static final MethodMatcher COLLECTION_ADD = new MethodMatcher("java.util.Collection add(..)", true);
    private static final MethodMatcher MAP_PUT = new MethodMatcher("java.util.Map put(..)", true);
    private static final MethodMatcher UNMODIFIABLE_VIEW = new MethodMatcher("java.util.Collections unmodifiable*(..)");
    private static final MethodMatcher COPY_OF = new MethodMatcher("java.util.* copyOf(java.util.*)");
    /** {@code Objects.hash(.., features)} and its kin read their arguments; {@code requireNonNull} hands one back. */
    private static final MethodMatcher OBJECTS = new MethodMatcher("java.util.Objects *(..)");
    private static final Set<String> OBJECTS_READING = new HashSet<>(Arrays.asList("hash", "hashCode", "equals",
            "deepEquals", "toString", "isNull", "nonNull"));
    private static final MethodMatcher STRING_VALUE_OF = new MethodMatcher("java.lang.String valueOf(..)");
    /** {@code Collections.sort(lines)} and its kin reorder a list; none adds to it. */
    private static final MethodMatcher REORDER = new MethodMatcher("java.util.Collections *(java.util.List, ..)");
    private static final Set<String> REORDERING = new HashSet<>(Arrays.asList("sort", "reverse", "shuffle", "swap", "rotate"));

    /** Calls on a collection that cannot add to it. */
    private static final Set<String> NOT_ADDING = JdkTypes.union(JdkTypes.COLLECTION_READS, "containsAll", "lastIndexOf",
            "listIterator", "parallelStream", "forEach", "equals", "hashCode", "toString", "getClass", "remove", "clear",
            "removeIf", "retainAll", "removeAll", "firstKey", "lastKey", "sort");

    /**
     * Reads of a collection's count, which its capacity does not change. A lookup ({@code get}, {@code contains}) is
     * not one of them: beside the add, it says keys may repeat, and the source's size would only bound the count.
     */
    private static final Set<String> COUNT_READS = new HashSet<>(Arrays.asList("size", "isEmpty"));

    private FillingLoop() {
    }

    /** Why the loop's body is not known to add exactly one element to {@code name} per iteration; null when it is. */
    static @Nullable String bodyReason(Statement body, String name) {
        if (References.mayExitEarly(body)) {
            return "the loop may end early (break, continue, return or throw)";
        }
        if (usesBesideCountReads(body, name) != 1) {
            return "the loop body uses the collection more than once";
        }
        List<Statement> statements = body instanceof J.Block ? ((J.Block) body).getStatements() : Collections.singletonList(body);
        for (Statement statement : statements) {
            if (statement instanceof J.MethodInvocation && isAddTo((J.MethodInvocation) statement, name)) {
                return null;
            }
        }
        return "the loop does not add exactly one element per iteration";
    }

    /**
     * How many times {@code body} names the collection other than to read its count: the held-out ledger's
     * {@code lines.add(parseLine(row, lines.size()))}, or {@code index.put(name, index.size())}, adds one element
     * per iteration whatever the collection's capacity.
     */
    private static int usesBesideCountReads(Statement body, String name) {
        AtomicInteger uses = new AtomicInteger();
        new JavaIsoVisitor<AtomicInteger>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, AtomicInteger n) {
                if (identifier.getSimpleName().equals(name) && !References.isMemberOrDeclaredName(getCursor())
                    && !readsTheCount(getCursor())) {
                    n.incrementAndGet();
                }
                return identifier;
            }
        }.visit(body, uses);
        return uses.get();
    }

    /** The identifier at {@code identifier}, alone or as {@code this.name}, is what {@code size()} or {@code isEmpty()} is called on. */
    static boolean readsTheCount(Cursor identifier) {
        Object around = identifier.getParentTreeCursor().getValue();
        boolean onThis = around instanceof J.FieldAccess && ((J.FieldAccess) around).getName() == identifier.getValue();
        Cursor use = onThis ? identifier.getParentTreeCursor() : identifier;
        Object parent = use.getParentTreeCursor().getValue();
        return parent instanceof J.MethodInvocation && ((J.MethodInvocation) parent).getSelect() == use.getValue()
               && COUNT_READS.contains(((J.MethodInvocation) parent).getSimpleName());
    }

    private static boolean isAddTo(J.MethodInvocation call, String name) {
        Expression select = call.getSelect();
        boolean onVariable = select instanceof J.Identifier && ((J.Identifier) select).getSimpleName().equals(name);
        return onVariable && addsOne(call);
    }

    /** {@code call} is a collection's {@code add(e)} or a map's {@code put(k, v)}. */
    static boolean addsOne(J.MethodInvocation call) {
        return COLLECTION_ADD.matches(call) && call.getArguments().size() == 1 ||
               MAP_PUT.matches(call) && call.getArguments().size() == 2;
    }

    /**
     * Why {@code name} may get more elements after the loop at {@code loopIndex} of {@code statements}: a later
     * statement calls a method on it that may add, or hands it on (an argument, an assignment, a lambda), where it may
     * be added to. Null when every later use only reads it, removes from it, returns it, or stores it in a private
     * field that its file only reads.
     */
    static @Nullable String laterAdditionReason(List<Statement> statements, int loopIndex, String name, Cursor at) {
        J.CompilationUnit file = at.firstEnclosing(J.CompilationUnit.class);
        for (int i = loopIndex + 1; i < statements.size(); i++) {
            if (mayAddTo(statements.get(i), name, file)) {
                return "more may be added to the collection after the loop (" + firstLine(statements.get(i), at) +
                       "): sized for the loop alone, it would grow there";
            }
        }
        return null;
    }

    private static boolean mayAddTo(Statement statement, String name, J.@Nullable CompilationUnit file) {
        AtomicBoolean adds = new AtomicBoolean();
        new JavaIsoVisitor<AtomicBoolean>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, AtomicBoolean found) {
                if (identifier.getSimpleName().equals(name) && !References.isMemberOrDeclaredName(getCursor()) &&
                    !onlyReads(getCursor()) && !storedInFieldOnlyRead(getCursor(), file)) {
                    found.set(true);
                }
                return identifier;
            }
        }.visit(statement, adds);
        return adds.get();
    }

    /**
     * The use at {@code cursor} calls a method that cannot add, is wrapped in a view that cannot add or copied
     * ({@code Collections.unmodifiableMap(byTag)}, {@code List.copyOf(out)}), is reordered ({@code Collections.sort(lines)}),
     * is compared, hashed or printed ({@code other.features} in {@code equals}, {@code Objects.hash(.., features)},
     * {@code "x" + features}), is returned, or is iterated.
     */
    private static boolean onlyReads(Cursor cursor) {
        J identifier = cursor.getValue();
        Object parent = cursor.getParentTreeCursor().getValue();
        if (parent instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) parent;
            boolean wrapped = (UNMODIFIABLE_VIEW.matches(call) || COPY_OF.matches(call)) &&
                              call.getArguments().size() == 1 && call.getArguments().get(0) == identifier;
            boolean reordered = REORDER.matches(call) && REORDERING.contains(call.getSimpleName()) &&
                                call.getArguments().get(0) == identifier;
            // compared or hashed: other.features in equals(..), features in Objects.hash(..)
            boolean compared = call.getSelect() != identifier && (call.getSimpleName().equals("equals") ||
                               OBJECTS.matches(call) && OBJECTS_READING.contains(call.getSimpleName()) ||
                               STRING_VALUE_OF.matches(call));
            return wrapped || reordered || compared || call.getSelect() == identifier && NOT_ADDING.contains(call.getSimpleName());
        }
        if (parent instanceof J.Binary) {
            return true; // compared with ==, or appended to a string
        }
        if (parent instanceof J.ForEachLoop.Control) {
            return ((J.ForEachLoop.Control) parent).getIterable() == identifier;
        }
        return parent instanceof J.Return;
    }

    /**
     * The use at {@code cursor} is stored in a private field ({@code this.byPath = index}, as a constructor or a
     * method that swaps in a new index does) that every use of the field in {@code file} only reads, iterates,
     * returns or replaces: nothing can add to the collection through it.
     */
    private static boolean storedInFieldOnlyRead(Cursor cursor, J.@Nullable CompilationUnit file) {
        Object parent = cursor.getParentTreeCursor().getValue();
        if (!(parent instanceof J.Assignment) || ((J.Assignment) parent).getAssignment() != cursor.getValue()) {
            return false;
        }
        JavaType.Variable field = EmptyFieldAssignment.privateField(((J.Assignment) parent).getVariable());
        return field != null && file != null && onlyReadOrReplaced(file, field);
    }

    /** Every use of {@code field} in {@code file} only reads the collection it holds, or stores another in it. */
    private static boolean onlyReadOrReplaced(J.CompilationUnit file, JavaType.Variable field) {
        return onlyReadOrReplacedBeside(file, field, null);
    }

    /** The same, but for the uses in {@code filling}, the loop that fills the field. */
    static boolean onlyReadOrReplacedBeside(J.CompilationUnit file, JavaType.Variable field, @Nullable J filling) {
        AtomicBoolean mayAdd = new AtomicBoolean();
        new JavaIsoVisitor<AtomicBoolean>() {
            @Override
            public @Nullable J visit(@Nullable Tree tree, AtomicBoolean found) {
                return tree != null && filling != null && tree.getId().equals(filling.getId()) ? (J) tree : super.visit(tree, found);
            }

            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, AtomicBoolean found) {
                JavaType.Variable type = identifier.getFieldType();
                if (found.get() || type == null || !type.getName().equals(field.getName()) ||
                    !TypeUtils.isOfType(type.getOwner(), field.getOwner()) ||
                    getCursor().getParentTreeCursor().getValue() instanceof J.VariableDeclarations.NamedVariable) {
                    return identifier;
                }
                Cursor use = getCursor();
                Object parent = use.getParentTreeCursor().getValue();
                if (parent instanceof J.FieldAccess && ((J.FieldAccess) parent).getName() == identifier) {
                    use = use.getParentTreeCursor();
                    parent = use.getParentTreeCursor().getValue();
                }
                boolean replaced = parent instanceof J.Assignment && ((J.Assignment) parent).getVariable() == use.getValue();
                if (!replaced && !onlyReads(use)) {
                    found.set(true);
                }
                return identifier;
            }
        }.visit(file, mayAdd);
        return !mayAdd.get();
    }

    /**
     * Why {@code count}, given as the capacity of the collection constructed at {@code construction}, is not the number
     * of elements added to it; null when it is: the collection is a local (declared or assigned there) that the next
     * statement, a loop over the source {@code count} measures ({@code for (T x : source)},
     * {@code for (int i = 0; i < count; i++)} or {@code source.forEach(x -> ..)}) or an {@code addAll}/{@code putAll}
     * of it, fills with one element per element, and nothing adds to after.
     * An int the author chose, or a size that only bounds what a filtering loop adds, is not a count.
     */
    static @Nullable String countReason(Cursor construction, Expression count) {
        Cursor statementCursor = construction.getParentTreeCursor();
        String name = null;
        if (statementCursor.getValue() instanceof J.VariableDeclarations.NamedVariable) {
            name = ((J.VariableDeclarations.NamedVariable) statementCursor.getValue()).getSimpleName();
            statementCursor = statementCursor.getParentTreeCursor();
        } else if (statementCursor.getValue() instanceof J.Assignment &&
                   ((J.Assignment) statementCursor.getValue()).getVariable() instanceof J.Identifier) {
            name = ((J.Identifier) ((J.Assignment) statementCursor.getValue()).getVariable()).getSimpleName();
        }
        Object block = statementCursor.getParentTreeCursor().getValue();
        if (name == null || !(block instanceof J.Block)) {
            return BOUND;
        }
        List<Statement> statements = ((J.Block) block).getStatements();
        int index = statements.indexOf(statementCursor.<Statement>getValue());
        Statement next = index < 0 || index + 1 == statements.size() ? null : statements.get(index + 1);
        if (next != null && (copiesMeasuredSource(next, name, count, construction) ||
                             forEachAddsOnce(next, name, count, construction))) {
            return laterAdditionReason(statements, index + 1, name, construction);
        }
        Statement body = next == null ? null : loopOver(next, count, construction);
        if (body == null) {
            return BOUND;
        }
        String reason = bodyReason(body, name);
        return reason != null ? reason : laterAdditionReason(statements, index + 1, name, construction);
    }

    private static final String BOUND = "the count may only bound what is added: no loop right after the construction " +
                                        "adds one element per element it counts";

    /** The body of {@code loop} when it runs once per element {@code count} counts; null otherwise. */
    private static @Nullable Statement loopOver(Statement loop, Expression count, Cursor at) {
        Expression size = sizeExpression(count, at);
        if (loop instanceof J.ForEachLoop) {
            Expression iterable = ((J.ForEachLoop) loop).getControl().getIterable();
            return size != null && isSourceOf(iterable, size) ? ((J.ForEachLoop) loop).getBody() : null;
        }
        if (!(loop instanceof J.ForLoop)) {
            return null;
        }
        J.ForLoop.Control control = ((J.ForLoop) loop).getControl();
        if (control.getInit().size() != 1 || !(control.getInit().get(0) instanceof J.VariableDeclarations) ||
            control.getUpdate().size() != 1 || !(control.getCondition() instanceof J.Binary)) {
            return null;
        }
        J.VariableDeclarations.NamedVariable index = ((J.VariableDeclarations) control.getInit().get(0)).getVariables().get(0);
        J.Binary condition = (J.Binary) control.getCondition();
        String i = index.getSimpleName();
        Expression bound = condition.getRight();
        boolean countsUp = index.getInitializer() != null && text(index.getInitializer(), at).equals("0") &&
                           condition.getOperator() == J.Binary.Type.LessThan && text(condition.getLeft(), at).equals(i) &&
                           isIncrement(control.getUpdate().get(0), i, at) &&
                           !LocalVariables.isWrittenIn(((J.ForLoop) loop).getBody(), i);
        boolean toCount = SemanticallyEqual.areEqual(bound, count) || size != null && SemanticallyEqual.areEqual(bound, size);
        return countsUp && toCount ? ((J.ForLoop) loop).getBody() : null;
    }

    /** {@code next} is {@code name.addAll(source)} or {@code name.putAll(source)} of the source {@code count} measures. */
    private static boolean copiesMeasuredSource(Statement next, String name, Expression count, Cursor at) {
        if (!(next instanceof J.MethodInvocation)) {
            return false;
        }
        J.MethodInvocation call = (J.MethodInvocation) next;
        Expression size = sizeExpression(count, at);
        boolean copy = call.getSimpleName().equals("addAll") || call.getSimpleName().equals("putAll");
        return copy && size instanceof J.MethodInvocation && call.getSelect() instanceof J.Identifier &&
               ((J.Identifier) call.getSelect()).getSimpleName().equals(name) && call.getArguments().size() == 1 &&
               isSourceOf(call.getArguments().get(0), size);
    }

    /** {@code next} is {@code source.forEach(x -> name.add(..))} (or {@code put}) over the source {@code count} measures. */
    private static boolean forEachAddsOnce(Statement next, String name, Expression count, Cursor at) {
        if (!(next instanceof J.MethodInvocation) || !((J.MethodInvocation) next).getSimpleName().equals("forEach")) {
            return false;
        }
        J.MethodInvocation forEach = (J.MethodInvocation) next;
        Expression size = sizeExpression(count, at);
        if (size == null || forEach.getSelect() == null || !isSourceOf(forEach.getSelect(), size) ||
            forEach.getArguments().size() != 1 || !(forEach.getArguments().get(0) instanceof J.Lambda)) {
            return false;
        }
        J body = ((J.Lambda) forEach.getArguments().get(0)).getBody();
        if (body instanceof J.Block && ((J.Block) body).getStatements().size() == 1) {
            body = ((J.Block) body).getStatements().get(0);
        }
        return body instanceof J.MethodInvocation && isAddTo((J.MethodInvocation) body, name) &&
               References.countNamed(body, name) == 1;
    }

    /** {@code source.size()} or {@code source.length}, directly or through the local {@code count} names; null otherwise. */
    private static @Nullable Expression sizeExpression(Expression count, Cursor cursor) {
        Expression e = ExpressionShapes.unwrap(count);
        if (e instanceof J.Identifier) {
            Expression initializer = LocalVariables.effectivelyFinalInitializer((J.Identifier) e, cursor);
            e = initializer == null ? null : ExpressionShapes.unwrap(initializer);
        }
        boolean size = e instanceof J.MethodInvocation && ExpressionShapes.isSize((J.MethodInvocation) e) &&
                       ((J.MethodInvocation) e).getSelect() != null;
        boolean length = e instanceof J.FieldAccess && ((J.FieldAccess) e).getSimpleName().equals("length");
        return size || length ? e : null;
    }

    /** {@code iterable} is what {@code size} measures: {@code items} for {@code items.size()}, a view of a map for its size. */
    private static boolean isSourceOf(Expression iterable, Expression size) {
        Expression measured = size instanceof J.MethodInvocation ? ((J.MethodInvocation) size).getSelect() :
                ((J.FieldAccess) size).getTarget();
        if (measured == null) {
            return false;
        }
        if (!isVariableOrItsMapView(measured)) {
            return false; // a call may return another collection each time: its size says nothing of the loop's
        }
        Expression source = ExpressionShapes.unwrap(iterable);
        if (SemanticallyEqual.areEqual(source, measured)) {
            return true;
        }
        if (source instanceof J.MethodInvocation && ExpressionShapes.isMapView((J.MethodInvocation) source)) {
            source = ((J.MethodInvocation) source).getSelect();
        }
        return source != null && SemanticallyEqual.areEqual(source, measured);
    }

    private static boolean isVariableOrItsMapView(Expression measured) {
        Expression e = ExpressionShapes.unwrap(measured);
        if (e instanceof J.MethodInvocation && ExpressionShapes.isMapView((J.MethodInvocation) e)) {
            e = ((J.MethodInvocation) e).getSelect();
        }
        return e != null && SafeToEvaluate.variableOrFieldOfVariable(e);
    }

    private static boolean isIncrement(Statement update, String i, Cursor at) {
        String text = text(update, at);
        return text.equals(i + "++") || text.equals("++" + i) || text.equals(i + "+=1");
    }

    /** The code of {@code tree} without its whitespace, for comparing two expressions as written. */
    private static String text(J tree, Cursor at) {
        return tree.printTrimmed(at).replaceAll("\\s+", "");
    }

    private static String firstLine(Statement statement, Cursor at) {
        String code = statement.printTrimmed(at).trim();
        int end = code.indexOf('\n');
        return "`" + (end < 0 ? code : code.substring(0, end).trim() + " …") + "`";
    }
}

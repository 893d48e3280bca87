package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.writing.SourceLocal;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Where a stream's elements come from, when a plain loop can visit the same elements in the same order and
 * the count is known before the first one: a JDK collection, a map's entry set, key set or values, or an array.
 */
final class SizedSource {

    private static final MethodMatcher COLLECTION_STREAM = new MethodMatcher("java.util.Collection stream()", true);
    private static final MethodMatcher ARRAYS_STREAM = new MethodMatcher("java.util.Arrays stream(..)");
    private static final MethodMatcher STREAM_OF = new MethodMatcher("java.util.stream.Stream of(..)");
    private static final MethodMatcher ARRAYS_AS_LIST = new MethodMatcher("java.util.Arrays asList(..)");

    private static final String UNSIZED = "the stream does not come from a collection, a map or an array";
    private static final String EVALUATED_TWICE = "the source would be evaluated twice (size and loop) and may have side effects";
    private static final String UNWRITABLE_LOCAL = "the source may have side effects, and its type cannot be written for a " +
                                                   "local to evaluate it once";

    /** Why a loop cannot replace the stream; null when it can. */
    final @Nullable String reason;
    /** What the new loop iterates: the collection, the map view or the array. */
    final Expression iterable;
    /** The expression whose {@code size()} or {@code length} is the element count. */
    final Expression counted;
    final boolean isArray;
    /**
     * The map view the loop goes over, {@code counted.entrySet()} ({@code keySet}, {@code values}), where the iterable
     * is the map: a loop over entries the pipeline itself does not read, or over a view of a map read once into a
     * local; null where the iterable is what the loop goes over.
     */
    private final @Nullable String view;
    /** The type of the elements, for the loop variable that visits them. */
    final ElementType element;
    /** The local that holds the source, evaluated once, when reading it twice could have side effects. */
    final @Nullable SourceLocal local;

    private SizedSource(Expression iterable, Expression counted, boolean isArray, @Nullable String view, ElementType element) {
        this(iterable, counted, isArray, view, element, null);
    }

    private SizedSource(Expression iterable, Expression counted, boolean isArray, @Nullable String view, ElementType element,
                        @Nullable SourceLocal local) {
        this.reason = null;
        this.iterable = iterable;
        this.counted = counted;
        this.isArray = isArray;
        this.view = view;
        this.element = element;
        this.local = local;
    }

    private SizedSource(Expression stream, String reason) {
        this.reason = reason;
        this.iterable = stream;
        this.counted = stream;
        this.isArray = false;
        this.view = null;
        this.element = ElementType.refused(reason);
        this.local = null;
    }

    /** A template for the element count, with {@link #counted} as its one parameter. */
    String sizeTemplate() {
        if (isArray) {
            return "#{anyArray(java.lang.Object)}.length";
        }
        return TypeUtils.isAssignableTo("java.util.Map", counted.getType()) ? "#{any(java.util.Map)}.size()" : "#{any(java.util.Collection)}.size()";
    }

    /** A template for what the loop iterates, with {@link #iterable} as its one parameter. */
    String iterableTemplate() {
        if (view != null) {
            return "#{any(java.util.Map)}." + view + "()";
        }
        return isArray ? "#{anyArray(java.lang.Object)}" : "#{any(java.lang.Iterable)}";
    }

    /** The entries of {@code map}, for a loop that reads its keys and values in one pass. */
    static SizedSource entriesOf(Expression map, Cursor cursor, Set<String> imports) {
        String reason = reason(map, cursor);
        if (reason != null) {
            return new SizedSource(map, reason);
        }
        return new SizedSource(map, map, false, "entrySet", ElementType.ofMapView("entrySet", map, cursor, imports));
    }

    /**
     * The source of {@code stream}, the expression a pipeline starts from, or the reason there is none. A source
     * that reading twice could change (a call, a cast) is read once into a local named from {@code names}.
     */
    static SizedSource of(Expression stream, Cursor cursor, Set<String> imports, FreshNames names) {
        if (!(stream instanceof J.MethodInvocation)) {
            return new SizedSource(stream, UNSIZED);
        }
        J.MethodInvocation call = (J.MethodInvocation) stream;
        if (COLLECTION_STREAM.matches(call) && call.getSelect() != null) {
            return ofCollection(call.getSelect(), cursor, imports, names);
        }
        if (isArraysStream(call) || isStreamOfArray(call)) {
            return ofArray(call.getArguments().get(0), cursor, imports, names);
        }
        return new SizedSource(stream, UNSIZED);
    }

    /** {@code Arrays.stream(a)} of a whole array of objects; the primitive overloads make an IntStream and such. */
    private static boolean isArraysStream(J.MethodInvocation call) {
        return ARRAYS_STREAM.matches(call) && call.getArguments().size() == 1 && isArrayOfObjects(call.getArguments().get(0).getType());
    }

    private static boolean isArrayOfObjects(@Nullable JavaType type) {
        return type instanceof JavaType.Array && !(((JavaType.Array) type).getElemType() instanceof JavaType.Primitive);
    }

    /**
     * {@code Arrays.asList(array)} of a whole array of objects: a list that reads the array. Not of a primitive array
     * ({@code Arrays.asList(ints)} is a list of one {@code int[]}) nor of separate elements.
     */
    private static boolean isListViewOfArray(Expression e) {
        if (!(e instanceof J.MethodInvocation) || !ARRAYS_AS_LIST.matches((J.MethodInvocation) e) ||
            ((J.MethodInvocation) e).getArguments().size() != 1) {
            return false;
        }
        JavaType array = ((J.MethodInvocation) e).getArguments().get(0).getType();
        JavaType.Parameterized list = TypeUtils.asParameterized(e.getType());
        // Arrays.<CharSequence>asList(strings) is a list of CharSequence, Arrays.<String[]>asList(strings) of one array:
        // a loop over the array would visit elements of another type than the pipeline's
        return isArrayOfObjects(array) && list != null && list.getTypeParameters().size() == 1 &&
               TypeUtils.isOfType(list.getTypeParameters().get(0), ((JavaType.Array) array).getElemType());
    }

    private static boolean isStreamOfArray(J.MethodInvocation call) {
        return STREAM_OF.matches(call) && call.getArguments().size() == 1 && call.getMethodType() != null &&
               call.getMethodType().hasFlags(Flag.Varargs) && call.getArguments().get(0).getType() instanceof JavaType.Array;
    }

    private static SizedSource ofArray(Expression array, Cursor cursor, Set<String> imports, FreshNames names) {
        JavaType type = array.getType();
        if (!(type instanceof JavaType.Array)) {
            return new SizedSource(array, "the types are not fully known");
        }
        ElementType element = ElementType.ofArray(array, (JavaType.Array) type, cursor, imports);
        if (SafeToEvaluate.withoutSideEffects(array)) {
            return new SizedSource(array, array, true, null, element);
        }
        SourceLocal local = SourceLocal.of(array, cursor, imports, names);
        return local == null ? new SizedSource(array, UNWRITABLE_LOCAL) :
                new SizedSource(local.reference(), local.reference(), true, null, element, local);
    }

    private static SizedSource ofCollection(Expression collection, Cursor cursor, Set<String> imports, FreshNames names) {
        Expression e = ExpressionShapes.unwrap(collection);
        if (isListViewOfArray(e)) {
            // the list is a view of the array, in its order: the loop goes over the array (json-schema-validator's
            // Locales#of read Arrays.asList(languageTags) into a local `list` only to loop over it)
            return ofArray(((J.MethodInvocation) e).getArguments().get(0), cursor, imports, names);
        }
        if (e instanceof J.MethodInvocation && ExpressionShapes.isMapView((J.MethodInvocation) e) &&
            ((J.MethodInvocation) e).getSelect() != null) {
            J.MethodInvocation view = (J.MethodInvocation) e;
            Expression map = view.getSelect();
            String reason = reason(map, cursor);
            ElementType element = ElementType.ofMapView(view.getSimpleName(), map, cursor, imports);
            if (reason == EVALUATED_TWICE) {
                // page.alternates().entrySet(): the map, read once into a local, gives the size and the view
                SourceLocal local = SourceLocal.of(map, cursor, imports, names);
                return local == null ? new SizedSource(map, UNWRITABLE_LOCAL)
                        : new SizedSource(local.reference(), local.reference(), false, view.getSimpleName(), element, local);
            }
            if (reason != null) {
                return new SizedSource(map, reason);
            }
            return new SizedSource(collection, map, false, null, element);
        }
        String reason = reason(collection, cursor);
        if (reason == EVALUATED_TWICE) {
            SourceLocal local = SourceLocal.of(collection, cursor, imports, names);
            return local == null ? new SizedSource(collection, UNWRITABLE_LOCAL) : new SizedSource(local.reference(),
                    local.reference(), false, null, ElementType.ofCollection(collection, cursor, imports), local);
        }
        if (reason != null) {
            return new SizedSource(collection, reason);
        }
        return new SizedSource(collection, collection, false, null, ElementType.ofCollection(collection, cursor, imports));
    }

    private static boolean isConcurrent(@Nullable JavaType type) {
        JavaType.FullyQualified fq = TypeUtils.asFullyQualified(type);
        return fq != null && fq.getPackageName().startsWith("java.util.concurrent") ||
               TypeUtils.isAssignableTo("java.util.concurrent.ConcurrentMap", type);
    }

    /**
     * Whether {@code counted} is a field declared as an interface ({@code List<E> resolvers}) that the file sets to a
     * concurrent collection ({@code new CopyOnWriteArrayList<>()}): other threads may add to it between the size the
     * loop reads and the elements it visits, where the stream read one snapshot (dnsjava's {@code getResolvers}).
     */
    private static boolean heldConcurrentCollection(Expression counted, Cursor cursor) {
        JavaType.Variable field = ExpressionShapes.variableOf(ExpressionShapes.unwrap(counted));
        J.CompilationUnit file = cursor.firstEnclosing(J.CompilationUnit.class);
        if (field == null || !(field.getOwner() instanceof JavaType.FullyQualified) || file == null) {
            return false;
        }
        AtomicBoolean concurrent = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.VariableDeclarations.NamedVariable visitVariable(J.VariableDeclarations.NamedVariable variable, Integer p) {
                if (field.equals(variable.getVariableType()) && variable.getInitializer() != null
                    && isConcurrent(variable.getInitializer().getType())) {
                    concurrent.set(true);
                }
                return super.visitVariable(variable, p);
            }

            @Override
            public J.Assignment visitAssignment(J.Assignment assignment, Integer p) {
                JavaType.Variable assigned = ExpressionShapes.variableOf(ExpressionShapes.unwrap(assignment.getVariable()));
                if (field.equals(assigned) && isConcurrent(assignment.getAssignment().getType())) {
                    concurrent.set(true);
                }
                return super.visitAssignment(assignment, p);
            }
        }.visit(file, 0);
        return concurrent.get();
    }

    /**
     * Why a loop cannot read {@code counted} twice, once for its size and once to visit its elements; null when
     * it can.
     */
    private static @Nullable String reason(Expression counted, Cursor cursor) {
        JavaType type = counted.getType();
        if (type == null || type instanceof JavaType.Unknown) {
            return "the types are not fully known";
        }
        if (isConcurrent(type) || heldConcurrentCollection(counted, cursor)) {
            return "a concurrent collection can change size while it is read";
        }
        if (!SafeToEvaluate.withoutSideEffects(counted)) {
            return EVALUATED_TWICE;
        }
        return null;
    }
}

package dev.rewriteperf.profile;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.References;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The code that fills a cache on a miss: the branch {@code if (config == null) { ..; configs.put(appId, namespace, config); }}
 * (apollo's {@code DefaultConfigManager#getConfig}) or {@code if (header == null) { header = ..; }} for a lazily set
 * field ({@link #fills}), and what follows a hit returned, {@code if (reader != null) return reader;}, when it fills the
 * cache ({@link #onAMiss}). It runs once per key or per object, not per call, like the function of a field's
 * {@code computeIfAbsent}. Not for a cache its file evicts from, by {@code clear()} when it grows too large, or as a
 * {@code LinkedHashMap} that removes its eldest entry: a bounded cache of results keyed per request (a query, a
 * user's evaluation) misses again and again, and its miss is the per-call path.
 */
final class CacheMiss {

    private CacheMiss() {
    }

    /**
     * Whether {@code branch} tests {@code v == null} and its then-part stores {@code v}: assigns the field {@code v}, or
     * puts the local {@code v} into a map held in a field (a local map is made anew with each call). A parameter
     * tested for a default ({@code if (name == null) this.name = ..}) is neither, and nor is a map {@code file} evicts
     * from.
     */
    static boolean fills(J.If branch, J.@Nullable CompilationUnit file) {
        Expression condition = ExpressionShapes.unwrap(branch.getIfCondition());
        JavaType.Variable tested = ExpressionShapes.variableOf(nullTested(condition, J.Binary.Type.Equal));
        if (tested == null) {
            return false;
        }
        boolean field = tested.getOwner() instanceof JavaType.FullyQualified;
        AtomicBoolean stores = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.Assignment visitAssignment(J.Assignment assignment, Integer p) {
                if (field && same(ExpressionShapes.variableOf(assignment.getVariable()), tested)) {
                    stores.set(true);
                }
                return super.visitAssignment(assignment, p);
            }

            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation call, Integer p) {
                if (!field && putsIntoAFieldsMap(call, tested) && !evicts(file, ExpressionShapes.variableOf(call.getSelect()))) {
                    stores.set(true);
                }
                return super.visitMethodInvocation(call, p);
            }
        }.visit(branch.getThenPart(), 0);
        return stores.get();
    }

    /**
     * Why the statement {@code child} of {@code block} runs on a cache's miss, once per key or object, else null: an
     * earlier statement returns the cached value when there is one ({@code if (reader != null) return reader;}, the
     * value read from a field's map or a field itself), and the miss fills it. Either {@code spot} is a call of a
     * method of {@code holder} that always stores into that map (jackson-avro's {@code createReader}: a hit returns,
     * a miss calls {@code createRecordReader}, which puts the reader it builds into {@code _knownReaders}), or the
     * statements from {@code child} on store into it before any of them can leave. A miss that returns a default and
     * stores nothing runs on every call for that key, and is not one.
     */
    static @Nullable String onAMiss(J.Block block, Statement child, Object spot, J.@Nullable ClassDeclaration holder,
                                    J.@Nullable CompilationUnit file) {
        List<Statement> statements = block.getStatements();
        int at = statements.indexOf(child);
        Hit hit = null;
        for (int i = 0; i < at; i++) {
            Hit returned = hitReturned(statements, i);
            hit = returned != null ? returned : hit;
        }
        if (hit == null || !hit.lazyField && evicts(file, hit.cache)) {
            return null;
        }
        JavaType.Variable cache = hit.cache;
        String why = hit.lazyField ? "cold: sets the lazily set field " + cache.getName() + " on a miss, once per object"
                : "cold: fills the cache in " + cache.getName() + " on a miss, once per key";
        if (spot instanceof J.MethodInvocation && holder != null && alwaysStores(holder, (J.MethodInvocation) spot, cache)) {
            return why;
        }
        for (int i = at; i < statements.size(); i++) {
            if (stores(statements.get(i), cache)) {
                return why;
            }
            if (References.mayExitEarly(statements.get(i))) {
                return null;
            }
        }
        return null;
    }

    /**
     * The cache {@code statements[i]} returns a hit of: for {@code if (v != null) return v;}, the field {@code v}, or
     * the field whose map a local {@code v} was read from ({@code Object v = known.get(key);}); else null.
     */
    private static @Nullable Hit hitReturned(List<Statement> statements, int i) {
        if (!(statements.get(i) instanceof J.If) || ((J.If) statements.get(i)).getElsePart() != null) {
            return null;
        }
        J.If branch = (J.If) statements.get(i);
        JavaType.Variable value = ExpressionShapes.variableOf(nullTested(ExpressionShapes.unwrap(branch.getIfCondition()),
                J.Binary.Type.NotEqual));
        if (value == null || !returns(branch.getThenPart(), value)) {
            return null;
        }
        if (value.getOwner() instanceof JavaType.FullyQualified) {
            return new Hit(value, true);
        }
        for (int j = 0; j < i; j++) {
            JavaType.Variable map = mapReadInto(statements.get(j), value);
            if (map != null) {
                return new Hit(map, false);
            }
        }
        return null;
    }

    /**
     * Whether {@code file} evicts from the map {@code cache}: calls its {@code clear()} when it is full, or makes it a
     * {@code LinkedHashMap} whose {@code removeEldestEntry} is overridden.
     */
    private static boolean evicts(J.@Nullable CompilationUnit file, JavaType.@Nullable Variable cache) {
        if (file == null || cache == null) {
            return false;
        }
        AtomicBoolean evicts = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation call, Integer p) {
                if (call.getSimpleName().equals("clear") && call.getArguments().stream().allMatch(a -> a instanceof J.Empty)
                    && same(ExpressionShapes.variableOf(call.getSelect()), cache) && whenFull(getCursor(), cache)) {
                    evicts.set(true);
                }
                return super.visitMethodInvocation(call, p);
            }

            @Override
            public J.VariableDeclarations.NamedVariable visitVariable(J.VariableDeclarations.NamedVariable variable, Integer p) {
                Expression initializer = variable.getInitializer();
                if (same(variable.getVariableType(), cache) && initializer instanceof J.NewClass &&
                    removesEldest((J.NewClass) initializer)) {
                    evicts.set(true);
                }
                return super.visitVariable(variable, p);
            }
        }.visit(file, 0);
        return evicts.get();
    }

    /**
     * Whether the {@code if} around the call at {@code clear} reads the cache's size: a cache cleared when it grows
     * too large ({@code if (recent.size() > 50_000) recent.clear();}), not one a public method resets on demand
     * (json-io's {@code clearCaches()}, whose plans are made once per class).
     */
    private static boolean whenFull(Cursor clear, JavaType.Variable cache) {
        J.If around = clear.firstEnclosing(J.If.class);
        return around != null && readsSize(around.getIfCondition(), cache);
    }

    private static boolean readsSize(J condition, JavaType.Variable cache) {
        AtomicBoolean reads = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation call, Integer p) {
                if (call.getSimpleName().equals("size") && same(ExpressionShapes.variableOf(call.getSelect()), cache)) {
                    reads.set(true);
                }
                return super.visitMethodInvocation(call, p);
            }
        }.visit(condition, 0);
        return reads.get();
    }

    private static boolean removesEldest(J.NewClass construction) {
        return construction.getBody() != null && construction.getBody().getStatements().stream().anyMatch(member ->
                member instanceof J.MethodDeclaration &&
                ((J.MethodDeclaration) member).getSimpleName().equals("removeEldestEntry"));
    }

    /** The field a hit is returned from: a map holding the values, or a lazily set field holding the value itself. */
    private static final class Hit {
        final JavaType.Variable cache;
        final boolean lazyField;

        Hit(JavaType.Variable cache, boolean lazyField) {
            this.cache = cache;
            this.lazyField = lazyField;
        }
    }

    /** Whether {@code then} is {@code return v;}, alone or in a block. */
    private static boolean returns(Statement then, JavaType.Variable value) {
        Statement only = then instanceof J.Block && ((J.Block) then).getStatements().size() == 1
                ? ((J.Block) then).getStatements().get(0) : then;
        return only instanceof J.Return && same(ExpressionShapes.variableOf(((J.Return) only).getExpression()), value);
    }

    /** The field map of {@code T v = map.get..(..);} when {@code statement} declares {@code v} so; else null. */
    private static JavaType.@Nullable Variable mapReadInto(Statement statement, JavaType.Variable value) {
        if (!(statement instanceof J.VariableDeclarations)) {
            return null;
        }
        for (J.VariableDeclarations.NamedVariable variable : ((J.VariableDeclarations) statement).getVariables()) {
            Expression initializer = variable.getInitializer() == null ? null : ExpressionShapes.unwrap(variable.getInitializer());
            if (same(variable.getVariableType(), value) && initializer instanceof J.MethodInvocation
                && ((J.MethodInvocation) initializer).getSimpleName().startsWith("get")) {
                JavaType.Variable map = ExpressionShapes.variableOf(((J.MethodInvocation) initializer).getSelect());
                return map != null && map.getOwner() instanceof JavaType.FullyQualified ? map : null;
            }
        }
        return null;
    }

    /**
     * Whether {@code statement} is a store into {@code cache}: a put into the map, or an assignment of the field. Only
     * a statement of its own: a store under a branch may not run, and the miss would then run on every call.
     */
    private static boolean stores(Statement statement, JavaType.Variable cache) {
        return statement instanceof J.Assignment && same(ExpressionShapes.variableOf(((J.Assignment) statement).getVariable()), cache)
               || statement instanceof J.MethodInvocation && putsInto((J.MethodInvocation) statement, cache);
    }

    /** Whether a method of {@code holder} that {@code call} calls puts into {@code cache} in a statement of its body's own. */
    private static boolean alwaysStores(J.ClassDeclaration holder, J.MethodInvocation call, JavaType.Variable cache) {
        JavaType.Method called = call.getMethodType();
        if (called == null) {
            return false;
        }
        for (Statement member : holder.getBody().getStatements()) {
            if (member instanceof J.MethodDeclaration && ((J.MethodDeclaration) member).getBody() != null
                && called.equals(((J.MethodDeclaration) member).getMethodType())) {
                for (Statement statement : ((J.MethodDeclaration) member).getBody().getStatements()) {
                    if (stores(statement, cache)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean putsInto(J.MethodInvocation call, JavaType.Variable cache) {
        return isPut(call) && same(ExpressionShapes.variableOf(call.getSelect()), cache);
    }

    private static boolean isPut(J.MethodInvocation call) {
        return call.getSimpleName().equals("put") || call.getSimpleName().equals("putIfAbsent");
    }

    /** {@code v} of {@code v == null} or {@code null == v} ({@code !=} for {@code NotEqual}); null for any other condition. */
    private static @Nullable Expression nullTested(Expression condition, J.Binary.Type operator) {
        if (!(condition instanceof J.Binary) || ((J.Binary) condition).getOperator() != operator) {
            return null;
        }
        J.Binary comparison = (J.Binary) condition;
        return ExpressionShapes.isNullLiteral(comparison.getLeft()) ? comparison.getRight() :
                ExpressionShapes.isNullLiteral(comparison.getRight()) ? comparison.getLeft() : null;
    }

    /**
     * The same variable: a field of the same class, or the same local or parameter of the same method (a constructor's
     * parameter {@code name} is not its field {@code this.name}).
     */
    private static boolean same(JavaType.@Nullable Variable a, JavaType.Variable b) {
        return a != null && a.getName().equals(b.getName()) && String.valueOf(a.getOwner()).equals(String.valueOf(b.getOwner()));
    }

    /**
     * {@code map.put(key, v)} or {@code putIfAbsent}, {@code v} its last argument and {@code map} a field: a
     * {@code Map}, or any keyed store (apollo's Guava {@code Table}: {@code m_configs.put(appId, namespace, config)}).
     */
    private static boolean putsIntoAFieldsMap(J.MethodInvocation call, JavaType.Variable value) {
        List<Expression> arguments = call.getArguments();
        if (!isPut(call) || arguments.size() < 2) {
            return false;
        }
        JavaType.Variable map = ExpressionShapes.variableOf(call.getSelect());
        return same(ExpressionShapes.variableOf(arguments.get(arguments.size() - 1)), value) && map != null &&
               map.getOwner() instanceof JavaType.FullyQualified;
    }
}

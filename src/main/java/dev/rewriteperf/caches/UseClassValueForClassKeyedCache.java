package dev.rewriteperf.caches;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Imports;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.ScanningRecipe;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaSourceFile;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

public class UseClassValueForClassKeyedCache extends ScanningRecipe<UseClassValueForClassKeyedCache.UsedElsewhere> implements GatedRecipe {

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Keep per-class caches in a `ClassValue`";
    }

    @Override
    public String getDescription() {
        return "A `private static final Map<Class<?>, V>` (or a singleton's or enum's) filled only through " +
               "`computeIfAbsent`, or by a `get` then `put` on a miss, becomes a `ClassValue<V>`: a hit reads a " +
               "value kept on the class, and the cache no longer pins classes and their loaders. Maps with other " +
               "uses, or whose computation has effects, are left alone. " + Measured.sentence(UseClassValueForClassKeyedCache.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "caching", "memory"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(5);
    }

    /** The class-keyed fields (by {@link ClassKeyedCache#key}) that a file other than their class's own refers to. */
    public static final class UsedElsewhere {
        final Set<String> keys = new HashSet<>();
    }

    @Override
    public UsedElsewhere getInitialValue(ExecutionContext ctx) {
        return new UsedElsewhere();
    }

    /** Every source file, test code too: which class-keyed fields it refers to that its own classes do not declare. */
    @Override
    public TreeVisitor<?, ExecutionContext> getScanner(UsedElsewhere acc) {
        return new TreeVisitor<Tree, ExecutionContext>() {
            @Override
            public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
                if (tree instanceof JavaSourceFile) {
                    acc.keys.addAll(ClassKeyedCache.usedFromOtherFiles((JavaSourceFile) tree));
                }
                return tree;
            }
        };
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(UsedElsewhere acc) {
        return Preconditions.check(ClassKeyedCache.declaredInFile(), FileFormat.keptBy(new CacheFieldVisitor(spots, acc)));
    }

    /**
     * Finds the class-keyed cache fields of a file, turns each it may into a {@code ClassValue} field (recording
     * why not for the others), then lets {@link CallSites} rewrite the uses of the converted ones.
     */
    private static final class CacheFieldVisitor extends JavaIsoVisitor<ExecutionContext> {
        private static final List<String> MAP_TYPES = Arrays.asList("java.util.Map", "java.util.HashMap",
                "java.util.LinkedHashMap", "java.util.WeakHashMap", "java.util.Collections",
                "java.util.concurrent.ConcurrentMap", "java.util.concurrent.ConcurrentHashMap");

        private final Spots spots;
        private final UsedElsewhere usedElsewhere;

        /** The class-keyed fields of the file being visited, by {@link ClassKeyedCache#key}. */
        private Map<String, ClassKeyedCache> caches = Collections.emptyMap();

        /** Where the file calls {@code computeIfAbsent} on each class-keyed field: the profile's hot spots. */
        private Map<String, List<Cursor>> computedAt = Collections.emptyMap();

        /** The new {@code ClassValue} declarations of the file being visited, by the replaced field's key. */
        private final Map<String, J.VariableDeclarations> converted = new HashMap<>();

        /** The lookups written out by hand that fill the converted fields, by the id of their first statement. */
        private final Map<UUID, GetThenPut> lookups = new HashMap<>();

        CacheFieldVisitor(Spots spots, UsedElsewhere usedElsewhere) {
            this.spots = spots;
            this.usedElsewhere = usedElsewhere;
        }

        @Override
        public J.CompilationUnit visitCompilationUnit(J.CompilationUnit cu, ExecutionContext ctx) {
            caches = ClassKeyedCache.findIn(cu);
            converted.clear();
            lookups.clear();
            if (caches.isEmpty()) {
                return cu;
            }
            computedAt = ClassKeyedCache.computeCallsIn(cu);
            J.CompilationUnit c = super.visitCompilationUnit(cu, ctx);
            if (converted.isEmpty()) {
                return c;
            }
            c = (J.CompilationUnit) new CallSites(converted, lookups).visitNonNull(c, ctx);
            for (String type : MAP_TYPES) {
                Imports.removeIfUnused(this, getCursor(), type);
            }
            return c;
        }

        @Override
        public J.VariableDeclarations visitVariableDeclarations(J.VariableDeclarations declaration, ExecutionContext ctx) {
            J.VariableDeclarations d = super.visitVariableDeclarations(declaration, ctx);
            String key = ClassKeyedCache.key(d.getVariables().get(0).getVariableType());
            ClassKeyedCache cache = key == null ? null : caches.get(key);
            if (cache == null || cache.declaration != declaration) {
                return d;
            }
            String reason = reason(cache, key, getCursor(), usedElsewhere);
            List<Cursor> uses = computedAt.getOrDefault(key, Collections.emptyList());
            if (reason != null) {
                spots.leftAlone(ctx, getCursor(), d, reason, uses);
                return d;
            }
            if (!spots.mayRewrite(ctx, getCursor(), d, uses)) {
                return d;
            }
            J.VariableDeclarations classValue = classValueField(cache, d, ctx);
            spots.rewritten(ctx, getCursor(), d, classValue, uses);
            converted.put(key, classValue);
            for (ClassKeyedCache.Fill fill : cache.fills) {
                if (fill.byHand != null) {
                    lookups.put(fill.byHand.statements.get(0).getId(), fill.byHand);
                }
            }
            return classValue;
        }

        /** The {@code ClassValue} field that replaces {@code d}, formatted where it stands. */
        private J.VariableDeclarations classValueField(ClassKeyedCache cache, J.VariableDeclarations d, ExecutionContext ctx) {
            J.VariableDeclarations classValue = Templates.builder(ClassValueField.code(cache, d, getCursor()), ctx)
                    .contextSensitive()
                    .build()
                    .apply(getCursor(), d.getCoordinates().replace());
            classValue = classValue.withLeadingAnnotations(d.getLeadingAnnotations());
            classValue = (J.VariableDeclarations) autoFormat(classValue, ctx, getCursor().getParentOrThrow());
            return MovedTrees.withOriginalIds(classValue, cache.fills.get(0).function);
        }
    }

    /** Why the cache field, declared at {@code cursor}, is not turned into a {@code ClassValue}; null when it is. */
    private static @Nullable String reason(ClassKeyedCache cache, String key, Cursor cursor, UsedElsewhere usedElsewhere) {
        J.VariableDeclarations declaration = cache.declaration;
        if (TypeUtils.isAssignableTo("com.google.common.cache.Cache", declaration.getType())) {
            return "a Guava cache: its eviction, expiry and statistics have no ClassValue equivalent";
        }
        if (declaration.getVariables().size() > 1) {
            return "declares several fields at once";
        }
        if (!declaration.hasModifier(J.Modifier.Type.Static) && !isInterfaceConstant(cursor) &&
            !OwnerLifetime.livesAsLongAsItsClass(cursor)) {
            return "an instance field of a class that is not a singleton or an enum: a ClassValue keeps what it " +
                   "computed on each Class until that class is next looked up, so a discarded owner's values would stay";
        }
        String visibility = visibilityReason(declaration, key, cursor, usedElsewhere);
        if (visibility != null) {
            return visibility;
        }
        String keyOrValue = ClassValueField.typeReason(declaration);
        if (keyOrValue != null) {
            return keyOrValue;
        }
        if (!ClassKeyedCache.isEmptyHashMap(cache.variable.getInitializer())) {
            return "not initialised where it is declared with an empty HashMap, LinkedHashMap, WeakHashMap or " +
                   "ConcurrentHashMap, synchronized or not";
        }
        if (cache.blockingUse != null) {
            return cache.blockingUse;
        }
        if (cache.fills.isEmpty()) {
            return "never filled by computeIfAbsent or a get-then-put lookup";
        }
        return ComputeFunction.reason(cache, cursor.firstEnclosingOrThrow(J.CompilationUnit.class));
    }

    /**
     * Why code outside the file may use or replace the field: it is not final, it is part of the project's API
     * (public, protected, or in an interface), or it is package-private and another file of the project refers to
     * it. Null when only its own file can.
     */
    private static @Nullable String visibilityReason(J.VariableDeclarations declaration, String key, Cursor cursor,
                                                      UsedElsewhere usedElsewhere) {
        boolean constant = isInterfaceConstant(cursor);
        if (!declaration.hasModifier(J.Modifier.Type.Final) && !constant) {
            return "not final: code the recipe cannot see may replace it";
        }
        if (declaration.hasModifier(J.Modifier.Type.Private)) {
            return null;
        }
        if (declaration.hasModifier(J.Modifier.Type.Public) || declaration.hasModifier(J.Modifier.Type.Protected) || constant) {
            return "public or protected: code outside the project may use or replace it";
        }
        return usedElsewhere.keys.contains(key) ? "package-private, and another file of the project reads or writes it" : null;
    }

    /** A field of an interface or annotation: public, static and final without saying so. */
    private static boolean isInterfaceConstant(Cursor field) {
        J.ClassDeclaration owner = field.firstEnclosing(J.ClassDeclaration.class);
        return owner != null && (owner.getKind() == J.ClassDeclaration.Kind.Type.Interface ||
                                 owner.getKind() == J.ClassDeclaration.Kind.Type.Annotation);
    }

    /**
     * Turns {@code CACHE.computeIfAbsent(k, fn)} into {@code CACHE.get(k)} for the converted fields, and each
     * lookup written out by hand into {@code return CACHE.get(k);}.
     */
    private static final class CallSites extends JavaIsoVisitor<ExecutionContext> {
        private final Map<String, J.VariableDeclarations> converted;
        private final Map<UUID, GetThenPut> lookups;

        CallSites(Map<String, J.VariableDeclarations> converted, Map<UUID, GetThenPut> lookups) {
            this.converted = converted;
            this.lookups = lookups;
        }

        @Override
        public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
            J.Block b = super.visitBlock(block, ctx);
            if (lookups.isEmpty()) {
                return b;
            }
            List<Statement> statements = new ArrayList<>(b.getStatements());
            for (int i = 0; i < statements.size(); i++) {
                GetThenPut lookup = lookups.get(statements.get(i).getId());
                if (lookup != null) {
                    List<Statement> replaced = statements.subList(i, i + lookup.statements.size());
                    J.Return lookupReturn = returnOfGet(replaced);
                    replaced.clear();
                    statements.add(i, lookupReturn);
                }
            }
            return b.withStatements(statements);
        }

        /** {@code return CACHE.get(k);}, where the lookup's first statement stood, its comments kept. */
        private static J.Return returnOfGet(List<Statement> lookup) {
            J.VariableDeclarations declaration = (J.VariableDeclarations) lookup.get(0);
            J.MethodInvocation get = (J.MethodInvocation) declaration.getVariables().get(0).getInitializer();
            assert get != null;
            Expression select = get.getSelect();
            JavaType.Method getType = ClassValueField.getMethod(select == null ? null : select.getType());
            J.Return last = (J.Return) lookup.get(lookup.size() - 1);
            return last.withPrefix(declaration.getPrefix())
                    .withExpression(get.withPrefix(Space.SINGLE_SPACE).withMethodType(getType)
                            .withName(get.getName().withType(getType)));
        }

        @Override
        public J.Identifier visitIdentifier(J.Identifier identifier, ExecutionContext ctx) {
            J.VariableDeclarations classValue = converted.get(ClassKeyedCache.key(identifier.getFieldType()));
            if (classValue == null) {
                return identifier;
            }
            JavaType.Variable field = classValue.getVariables().get(0).getVariableType();
            return identifier.withType(classValue.getType()).withFieldType(field);
        }

        @Override
        public J.FieldAccess visitFieldAccess(J.FieldAccess fieldAccess, ExecutionContext ctx) {
            J.FieldAccess f = super.visitFieldAccess(fieldAccess, ctx);
            J.VariableDeclarations classValue = converted.get(ClassKeyedCache.key(f.getName().getFieldType()));
            return classValue == null ? f : f.withType(classValue.getType());
        }

        @Override
        public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
            boolean compute = ClassKeyedCache.COMPUTE_IF_ABSENT.matches(method) && method.getSelect() != null &&
                              converted.containsKey(ClassKeyedCache.key(ExpressionShapes.variableOf(method.getSelect())));
            J.MethodInvocation m = super.visitMethodInvocation(method, ctx);
            if (!compute) {
                return m;
            }
            Expression select = m.getSelect();
            JavaType.Method get = ClassValueField.getMethod(select == null ? null : select.getType());
            return m.withName(m.getName().withSimpleName("get").withType(get))
                    .withArguments(Collections.singletonList(m.getArguments().get(0)))
                    .withMethodType(get);
        }
    }
}

package dev.rewriteperf.caches;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaSourceFile;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.SearchResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A field whose type is a map or Guava cache keyed by {@code Class}, with every use of it in its compilation
 * unit: the {@code computeIfAbsent} calls and the {@link GetThenPut} lookups that fill it, and the first use of any
 * other kind.
 */
final class ClassKeyedCache {

    static final MethodMatcher COMPUTE_IF_ABSENT = new MethodMatcher("java.util.Map computeIfAbsent(..)", true);

    private static final Set<String> WRITES = new HashSet<>(Arrays.asList(
            "put", "putIfAbsent", "putAll", "remove", "clear", "compute", "computeIfPresent", "merge", "replace",
            "replaceAll", "invalidate", "invalidateAll", "cleanUp"));
    private static final Set<String> LOOKUPS_WITHOUT_COMPUTING = new HashSet<>(Arrays.asList(
            "get", "getOrDefault", "containsKey", "getIfPresent"));

    final J.VariableDeclarations declaration;
    final J.VariableDeclarations.NamedVariable variable;
    final List<Fill> fills = new ArrayList<>();

    /** The {@code put} calls of the {@link GetThenPut} lookups among {@link #fills}: part of a fill, not a use of their own. */
    private final Set<J.MethodInvocation> putsOfLookups = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Why the first use other than {@code computeIfAbsent} keeps the field from becoming a {@code ClassValue}. */
    @Nullable String blockingUse;

    /** Where a {@code computeIfAbsent} sits in a nested, local or anonymous class, whose names the field cannot see. */
    @Nullable String computedElsewhere;

    /** A place that fills the cache: a {@code computeIfAbsent(key, function)} call, or a lookup written out by hand. */
    static final class Fill {
        final Expression key;
        /** A lambda or method reference; for a lookup written out by hand, {@link GetThenPut#asFunction}. */
        final Expression function;
        final @Nullable GetThenPut byHand;

        Fill(Expression key, Expression function, @Nullable GetThenPut byHand) {
            this.key = key;
            this.function = function;
            this.byHand = byHand;
        }
    }

    private ClassKeyedCache(J.VariableDeclarations declaration) {
        this.declaration = declaration;
        this.variable = declaration.getVariables().get(0);
    }

    String name() {
        return variable.getSimpleName();
    }

    /** Every class-keyed map or cache field of {@code cu} and its uses, keyed as {@link #key} keys them. */
    static Map<String, ClassKeyedCache> findIn(J.CompilationUnit cu) {
        Map<String, ClassKeyedCache> caches = new LinkedHashMap<>();
        new JavaIsoVisitor<Map<String, ClassKeyedCache>>() {
            @Override
            public J.VariableDeclarations visitVariableDeclarations(J.VariableDeclarations declaration,
                                                                    Map<String, ClassKeyedCache> found) {
                JavaType.Variable field = declaration.getVariables().get(0).getVariableType();
                if (isClassKeyedField(field)) {
                    found.put(key(field), new ClassKeyedCache(declaration));
                }
                return super.visitVariableDeclarations(declaration, found);
            }
        }.visit(cu, caches);
        if (!caches.isEmpty()) {
            collectUses(cu, caches);
        }
        return caches;
    }

    /**
     * Precondition: the file declares, or refers to, a field typed as a class-keyed map or cache, the fields
     * {@link #findIn} finds. Every such field, converted or not, gets a data-table row. Reads the variables
     * OpenRewrite indexes once per file ({@code TypesInUse}), so a file without one is skipped without a walk.
     */
    static TreeVisitor<?, ExecutionContext> declaredInFile() {
        return new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J preVisit(J tree, ExecutionContext ctx) {
                stopAfterPreVisit();
                if (tree instanceof JavaSourceFile && hasClassKeyedField(((JavaSourceFile) tree).getTypesInUse().getVariables())) {
                    return SearchResult.found(tree);
                }
                return tree;
            }
        };
    }

    /**
     * The keys of the class-keyed fields {@code file} refers to whose class is not one the file declares: what
     * {@code UseClassValueForClassKeyedCache} scans every file for. Reads the file's {@code TypesInUse}, no walk.
     */
    static Set<String> usedFromOtherFiles(JavaSourceFile file) {
        Set<String> keys = new HashSet<>();
        Set<String> declared = null;
        for (JavaType.Variable variable : file.getTypesInUse().getVariables()) {
            if (!isClassKeyedField(variable)) {
                continue;
            }
            if (declared == null) {
                declared = declaredTypes(file);
            }
            JavaType.FullyQualified owner = TypeUtils.asFullyQualified(variable.getOwner());
            if (owner != null && !declared.contains(owner.getFullyQualifiedName())) {
                keys.add(key(variable));
            }
        }
        return keys;
    }

    private static Set<String> declaredTypes(JavaSourceFile file) {
        Set<String> declared = new HashSet<>();
        new JavaIsoVisitor<Set<String>>() {
            @Override
            public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration classDeclaration, Set<String> names) {
                if (classDeclaration.getType() != null) {
                    names.add(classDeclaration.getType().getFullyQualifiedName());
                }
                return super.visitClassDeclaration(classDeclaration, names);
            }
        }.visit(file, declared);
        return declared;
    }

    private static boolean hasClassKeyedField(Set<JavaType.Variable> variables) {
        for (JavaType.Variable variable : variables) {
            if (isClassKeyedField(variable)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isClassKeyedField(JavaType.@Nullable Variable variable) {
        return variable != null && variable.getOwner() instanceof JavaType.FullyQualified && isClassKeyed(variable.getType());
    }

    /**
     * The cursor of each {@code computeIfAbsent} and {@code get} call on a field of {@code cu}, by the field's
     * {@link #key}: where a cache's lookups run, which a profile-guided run asks about.
     */
    static Map<String, List<Cursor>> computeCallsIn(J.CompilationUnit cu) {
        Map<String, List<Cursor>> calls = new HashMap<>();
        new JavaIsoVisitor<Map<String, List<Cursor>>>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, Map<String, List<Cursor>> found) {
                JavaType.Variable field = ExpressionShapes.variableOf(method.getSelect());
                String key = COMPUTE_IF_ABSENT.matches(method) || GetThenPut.GET.matches(method) ? key(field) : null;
                if (key != null) {
                    found.computeIfAbsent(key, k -> new ArrayList<>()).add(getCursor());
                }
                return super.visitMethodInvocation(method, found);
            }
        }.visit(cu, calls);
        return calls;
    }

    /** The owner's fully qualified name and the field's name. */
    static @Nullable String key(JavaType.@Nullable Variable field) {
        JavaType.FullyQualified owner = field == null ? null : TypeUtils.asFullyQualified(field.getOwner());
        return owner == null ? null : owner.getFullyQualifiedName() + "." + field.getName();
    }

    private static boolean isClassKeyed(@Nullable JavaType type) {
        if (!(type instanceof JavaType.Parameterized) ||
            !TypeUtils.isAssignableTo("java.util.Map", type) &&
            !TypeUtils.isAssignableTo("com.google.common.cache.Cache", type)) {
            return false;
        }
        List<JavaType> typeParameters = ((JavaType.Parameterized) type).getTypeParameters();
        return !typeParameters.isEmpty() && TypeUtils.isOfClassType(typeParameters.get(0), "java.lang.Class");
    }

    private static void collectUses(J.CompilationUnit cu, Map<String, ClassKeyedCache> caches) {
        new JavaIsoVisitor<Map<String, ClassKeyedCache>>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, Map<String, ClassKeyedCache> found) {
                ClassKeyedCache cache = found.get(key(identifier.getFieldType()));
                Cursor parent = getCursor().getParentTreeCursor();
                if (cache == null || parent.getValue() instanceof J.VariableDeclarations.NamedVariable &&
                                     ((J.VariableDeclarations.NamedVariable) parent.getValue()).getName() == identifier) {
                    return identifier;
                }
                Expression use = identifier;
                if (parent.getValue() instanceof J.FieldAccess &&
                    ((J.FieldAccess) parent.getValue()).getName() == identifier) {
                    use = parent.getValue();
                    parent = parent.getParentTreeCursor();
                }
                cache.addUse(use, parent);
                return identifier;
            }
        }.visit(cu, caches);
    }

    private void addUse(Expression use, Cursor parent) {
        Object user = parent.getValue();
        if (user instanceof J.MethodInvocation && ((J.MethodInvocation) user).getSelect() == use) {
            J.MethodInvocation call = (J.MethodInvocation) user;
            GetThenPut lookup = GetThenPut.at(parent);
            if (COMPUTE_IF_ABSENT.matches(call) || lookup != null) {
                fills.add(lookup == null ? new Fill(call.getArguments().get(0), call.getArguments().get(1), null) :
                        new Fill(lookup.key, lookup.asFunction(), lookup));
                if (lookup != null) {
                    putsOfLookups.add(lookup.put);
                }
                if (!isDirectlyInDeclaringClass(parent)) {
                    computedElsewhere = Spots.location(parent);
                }
                return;
            }
            if (putsOfLookups.contains(call)) {
                return;
            }
            blockedBy("`" + name() + "." + call.getSimpleName() + "(..)` in " + Spots.location(parent) +
                      ": " + callReason(call.getSimpleName()));
            return;
        }
        blockedBy("`" + name() + "` is used as a value in " + Spots.location(parent) +
                  ", so the recipe cannot see every use");
    }

    private boolean isDirectlyInDeclaringClass(Cursor use) {
        JavaType.Variable field = variable.getVariableType();
        for (Cursor c = use; c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.NewClass && ((J.NewClass) value).getBody() != null) {
                return false;
            }
            if (value instanceof J.ClassDeclaration) {
                return field != null && TypeUtils.isOfType(((J.ClassDeclaration) value).getType(), field.getOwner());
            }
        }
        return false;
    }

    private void blockedBy(String use) {
        if (blockingUse == null) {
            blockingUse = use;
        }
    }

    /** Why a call of {@code method} on the cache keeps it from becoming a {@code ClassValue}. */
    private static String callReason(String method) {
        if (WRITES.contains(method)) {
            return "a ClassValue cannot be given or stripped of a chosen value";
        }
        if (LOOKUPS_WITHOUT_COMPUTING.contains(method)) {
            return "it answers for a class not yet computed, where ClassValue.get would compute the value";
        }
        return "a ClassValue cannot be iterated, counted or viewed as a map";
    }

    private static final MethodMatcher SYNCHRONIZED_MAP = new MethodMatcher("java.util.Collections synchronizedMap(java.util.Map)");

    /**
     * {@code new ConcurrentHashMap<>()}, {@code new HashMap<>(16)}, {@code new WeakHashMap<>()}, or one of them
     * in {@code Collections.synchronizedMap(..)}: a map known to start empty, whose entries a ClassValue can hold.
     */
    static boolean isEmptyHashMap(@Nullable Expression initializer) {
        J.NewClass construction = initializer == null ? null : constructedMap(initializer);
        if (construction == null || construction.getBody() != null) {
            return false;
        }
        for (Expression argument : construction.getArguments()) {
            if (!(argument instanceof J.Literal || argument instanceof J.Empty)) {
                return false;
            }
        }
        return TypeUtils.isOfClassType(construction.getType(), "java.util.concurrent.ConcurrentHashMap") ||
               acceptsNullKeys(initializer);
    }

    /** Whether the map {@code initializer} makes takes null keys and values, as a HashMap does and a ConcurrentHashMap does not. */
    static boolean acceptsNullKeys(Expression initializer) {
        J.NewClass construction = constructedMap(initializer);
        return construction != null &&
               (TypeUtils.isOfClassType(construction.getType(), "java.util.HashMap") ||
                TypeUtils.isOfClassType(construction.getType(), "java.util.LinkedHashMap") ||
                TypeUtils.isOfClassType(construction.getType(), "java.util.WeakHashMap"));
    }

    /** The {@code new X<>(..)} of {@code new X<>(..)} or {@code Collections.synchronizedMap(new X<>(..))}. */
    private static J.@Nullable NewClass constructedMap(Expression initializer) {
        Expression e = ExpressionShapes.unwrap(initializer);
        if (e instanceof J.MethodInvocation && SYNCHRONIZED_MAP.matches((J.MethodInvocation) e)) {
            e = ExpressionShapes.unwrap(((J.MethodInvocation) e).getArguments().get(0));
        }
        return e instanceof J.NewClass ? (J.NewClass) e : null;
    }
}

package dev.rewriteperf.analysis.project;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Classes whose declared fields the project lists by reflection: {@code Config.class.getDeclaredFields()} lists
 * {@code Config}'s, {@code getClass().getDeclaredFields()} in {@code Base} those of {@code Base} and of every subclass,
 * {@code getClass().getSuperclass().getDeclaredFields()} those of its superclasses, and so do the usual walkers: a
 * {@code Class<?>} local started at {@code getClass()} and climbed with {@code getSuperclass()}, and commons-lang's
 * {@code FieldUtils.getAllFields} or Spring's {@code ReflectionUtils.doWithFields} of a class (which climb too).
 * A field a recipe adds to such a class would be among them (mariadb-connector-j's {@code Configuration} prints every
 * declared field, and fails on one of a type it does not expect). A scanning recipe's accumulator: the scanner sees
 * every file, tests included; a {@code Class<?>} of unknown class cannot be followed, and is not.
 */
public final class ReflectedFields {

    private static final MethodMatcher GET_DECLARED_FIELDS = new MethodMatcher("java.lang.Class getDeclaredFields()");
    /** Library walkers over a class's fields and its superclasses', the class their first argument. */
    private static final List<MethodMatcher> WALKERS = Arrays.asList(
            new MethodMatcher("org.apache.commons.lang3.reflect.FieldUtils getAllFields(java.lang.Class)"),
            new MethodMatcher("org.apache.commons.lang3.reflect.FieldUtils getAllFieldsList(java.lang.Class)"),
            new MethodMatcher("org.apache.commons.lang3.reflect.FieldUtils getFieldsListWithAnnotation(java.lang.Class, ..)"),
            new MethodMatcher("org.springframework.util.ReflectionUtils doWithFields(java.lang.Class, ..)"),
            new MethodMatcher("org.springframework.util.ReflectionUtils doWithLocalFields(java.lang.Class, ..)"));

    /** Each listed class, with the code that lists it. */
    private final Map<String, String> listed = new HashMap<>();
    /** Classes whose subclasses' fields are listed too (through {@code Class<? extends Base>}), with the code. */
    private final Map<String, String> listedWithSubclasses = new HashMap<>();
    /** Classes whose superclasses' fields are listed too (a walker that climbs), with the code. */
    private final Map<JavaType.FullyQualified, String> listedWithSupertypes = new HashMap<>();

    /** Notes every listing of a class's declared fields whose class is known. */
    public TreeVisitor<?, ExecutionContext> scanner() {
        List<TreeVisitor<?, ExecutionContext>> uses = new ArrayList<>();
        uses.add(new UsesMethod<>(GET_DECLARED_FIELDS));
        WALKERS.forEach(walker -> uses.add(new UsesMethod<>(walker)));
        @SuppressWarnings("unchecked")
        TreeVisitor<?, ExecutionContext>[] any = uses.toArray(new TreeVisitor[0]);
        return Preconditions.check(Preconditions.or(any), new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
                J.MethodInvocation m = super.visitMethodInvocation(method, ctx);
                if (GET_DECLARED_FIELDS.matches(m)) {
                    note(m.getSelect(), m.printTrimmed(getCursor()), false, getCursor());
                } else if (WALKERS.stream().anyMatch(walker -> walker.matches(m))) {
                    note(m.getArguments().get(0), m.printTrimmed(getCursor()), true, getCursor());
                }
                return m;
            }
        });
    }

    /** Notes the class(es) {@code classExpression} may be; {@code climbs}: their superclasses' fields are listed too. */
    private void note(@Nullable Expression classExpression, String code, boolean climbs, Cursor cursor) {
        JavaType.FullyQualified base = getClassOf(classExpression, cursor);
        boolean walker = base == null && (base = walkerStart(classExpression, cursor)) != null;
        if (base != null) {
            // Class<? extends Base> at run time, whatever type the parser gives getClass()
            if (!"java.lang.Object".equals(base.getFullyQualifiedName())) {
                listedWithSubclasses.putIfAbsent(base.getFullyQualifiedName(), code);
                if (climbs || walker) {
                    listedWithSupertypes.putIfAbsent(base, code);
                }
            }
            return;
        }
        JavaType.Parameterized classType = classExpression == null ? null : TypeUtils.asParameterized(classExpression.getType());
        if (classType == null || classType.getTypeParameters().size() != 1) {
            return;
        }
        JavaType listedType = classType.getTypeParameters().get(0);
        if (listedType instanceof JavaType.GenericTypeVariable) {
            noteWildcard((JavaType.GenericTypeVariable) listedType, code, climbs);
            return;
        }
        JavaType.FullyQualified type = TypeUtils.asFullyQualified(listedType);
        if (type != null) {
            listed.putIfAbsent(type.getFullyQualifiedName(), code);
            if (climbs) {
                listedWithSupertypes.putIfAbsent(type, code);
            }
        }
    }

    /** {@code Class<? extends Base>}: {@code Base} and its subclasses; {@code Class<? super Sub>}: {@code Sub}'s supertypes. */
    private void noteWildcard(JavaType.GenericTypeVariable wildcard, String code, boolean climbs) {
        if (!"?".equals(wildcard.getName()) || wildcard.getBounds().size() != 1) {
            return;
        }
        JavaType boundType = wildcard.getBounds().get(0);
        // Class<? super (? extends Sub)>: getClass().getSuperclass(), the capture of getClass()'s wildcard inside
        while (boundType instanceof JavaType.GenericTypeVariable && ((JavaType.GenericTypeVariable) boundType).getBounds().size() == 1) {
            boundType = ((JavaType.GenericTypeVariable) boundType).getBounds().get(0);
        }
        JavaType.FullyQualified bound = TypeUtils.asFullyQualified(boundType);
        // Class<? extends Object>: a walker over any object (a reflective toString or equals) is tied to no class;
        // such walkers customarily skip static fields, and counting them would refuse every class
        if (bound == null || "java.lang.Object".equals(bound.getFullyQualifiedName())) {
            return;
        }
        if (wildcard.getVariance() == JavaType.GenericTypeVariable.Variance.CONTRAVARIANT) {
            listedWithSupertypes.putIfAbsent(bound, code);
        } else {
            listedWithSubclasses.putIfAbsent(bound.getFullyQualifiedName(), code);
            if (climbs) {
                listedWithSupertypes.putIfAbsent(bound, code);
            }
        }
    }

    /** The static type of what {@code x.getClass()} (or {@code getClass()}, in its class) is called on; null for other code. */
    private static JavaType.@Nullable FullyQualified getClassOf(@Nullable Expression select, Cursor cursor) {
        if (!(select instanceof J.MethodInvocation) || !"getClass".equals(((J.MethodInvocation) select).getSimpleName()) ||
            !((J.MethodInvocation) select).getArguments().stream().allMatch(a -> a instanceof J.Empty)) {
            return null;
        }
        Expression target = ((J.MethodInvocation) select).getSelect();
        if (target == null || target instanceof J.Identifier && "this".equals(((J.Identifier) target).getSimpleName())) {
            // The class the code is in: an anonymous class's is a subclass of the type it creates
            for (Cursor c = cursor; c != null; c = c.getParent()) {
                if (c.getValue() instanceof J.NewClass && ((J.NewClass) c.getValue()).getBody() != null) {
                    return TypeUtils.asFullyQualified(((J.NewClass) c.getValue()).getType());
                }
                if (c.getValue() instanceof J.ClassDeclaration) {
                    return ((J.ClassDeclaration) c.getValue()).getType();
                }
            }
            return null;
        }
        return TypeUtils.asFullyQualified(target.getType());
    }

    /**
     * For a local {@code Class<?>} variable some code of its method sets to {@code getClass()} (the walker
     * {@code for (Class<?> c = getClass(); c != null; c = c.getSuperclass())}), the class {@code getClass()} is of.
     */
    private static JavaType.@Nullable FullyQualified walkerStart(@Nullable Expression select, Cursor cursor) {
        if (!(select instanceof J.Identifier) || ((J.Identifier) select).getFieldType() == null ||
            !(((J.Identifier) select).getFieldType().getOwner() instanceof JavaType.Method)) {
            return null;
        }
        J.MethodDeclaration method = cursor.firstEnclosing(J.MethodDeclaration.class);
        if (method == null || method.getBody() == null) {
            return null;
        }
        String name = ((J.Identifier) select).getSimpleName();
        Cursor methodCursor = cursor.dropParentUntil(v -> v == method);
        AtomicReference<JavaType.FullyQualified> start = new AtomicReference<>();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.VariableDeclarations.NamedVariable visitVariable(J.VariableDeclarations.NamedVariable variable, Integer p) {
                if (variable.getSimpleName().equals(name) && start.get() == null) {
                    start.set(getClassOf(variable.getInitializer(), getCursor()));
                }
                return super.visitVariable(variable, p);
            }

            @Override
            public J.Assignment visitAssignment(J.Assignment assignment, Integer p) {
                if (assignment.getVariable() instanceof J.Identifier && start.get() == null &&
                    ((J.Identifier) assignment.getVariable()).getSimpleName().equals(name)) {
                    start.set(getClassOf(assignment.getAssignment(), getCursor()));
                }
                return super.visitAssignment(assignment, p);
            }
        }.visit(method, 0, methodCursor.getParentOrThrow());
        return start.get();
    }

    /** Why no field may be added to {@code type}: the code that lists its declared fields; null when none does. */
    public @Nullable String reason(JavaType.FullyQualified type) {
        String code = listed.get(type.getFullyQualifiedName());
        for (Map.Entry<String, String> base : listedWithSubclasses.entrySet()) {
            if (code == null && TypeUtils.isAssignableTo(base.getKey(), type)) {
                code = base.getValue();
            }
        }
        for (Map.Entry<JavaType.FullyQualified, String> sub : listedWithSupertypes.entrySet()) {
            if (code == null && TypeUtils.isAssignableTo(type.getFullyQualifiedName(), sub.getKey())) {
                code = sub.getValue();
            }
        }
        return code == null ? null : "`" + code + "` lists the class's declared fields by reflection: a new field " +
                                     "would be among them";
    }
}

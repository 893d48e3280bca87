package dev.rewriteperf.analysis;

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

import java.util.HashMap;
import java.util.Map;

/**
 * Classes whose declared fields the project lists by reflection: {@code Config.class.getDeclaredFields()} lists
 * {@code Config}'s, {@code getClass().getDeclaredFields()} in {@code Base} those of {@code Base} and of every subclass.
 * A field a recipe adds to such a class would be among them (mariadb-connector-j's {@code Configuration} prints every
 * declared field, and fails on one of a type it does not expect). A scanning recipe's accumulator: the scanner sees
 * every file, tests included; a {@code Class<?>} of unknown class cannot be followed, and is not.
 */
public final class ReflectedFields {

    private static final MethodMatcher GET_DECLARED_FIELDS = new MethodMatcher("java.lang.Class getDeclaredFields()");

    /** Each listed class, with the code that lists it. */
    private final Map<String, String> listed = new HashMap<>();
    /** Classes whose subclasses' fields are listed too (through {@code Class<? extends Base>}), with the code. */
    private final Map<String, String> listedWithSubclasses = new HashMap<>();

    /** Notes every {@code getDeclaredFields()} call whose class is known. */
    public TreeVisitor<?, ExecutionContext> scanner() {
        return Preconditions.check(new UsesMethod<>(GET_DECLARED_FIELDS), new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
                J.MethodInvocation m = super.visitMethodInvocation(method, ctx);
                if (GET_DECLARED_FIELDS.matches(m)) {
                    note(m, getCursor());
                }
                return m;
            }
        });
    }

    private void note(J.MethodInvocation call, Cursor cursor) {
        JavaType.FullyQualified base = getClassOf(call.getSelect(), cursor);
        if (base != null) {
            // Class<? extends Base> at run time, whatever type the parser gives getClass()
            if (!"java.lang.Object".equals(base.getFullyQualifiedName())) {
                listedWithSubclasses.putIfAbsent(base.getFullyQualifiedName(), call.printTrimmed(cursor));
            }
            return;
        }
        JavaType.Parameterized classType = call.getSelect() == null ? null : TypeUtils.asParameterized(call.getSelect().getType());
        if (classType == null || classType.getTypeParameters().size() != 1) {
            return;
        }
        JavaType listedType = classType.getTypeParameters().get(0);
        String code = call.printTrimmed(cursor);
        if (listedType instanceof JavaType.GenericTypeVariable) {
            // Class<? extends Base>: getClass() in Base, or of a Base variable
            JavaType.GenericTypeVariable wildcard = (JavaType.GenericTypeVariable) listedType;
            if ("?".equals(wildcard.getName()) && wildcard.getBounds().size() == 1) {
                JavaType.FullyQualified bound = TypeUtils.asFullyQualified(wildcard.getBounds().get(0));
                // Class<? extends Object>: a walker over any object (a reflective toString or equals) is tied to no
                // class; such walkers customarily skip static fields, and counting them would refuse every class
                if (bound != null && !"java.lang.Object".equals(bound.getFullyQualifiedName())) {
                    listedWithSubclasses.putIfAbsent(bound.getFullyQualifiedName(), code);
                }
            }
            return;
        }
        JavaType.FullyQualified type = TypeUtils.asFullyQualified(listedType);
        if (type != null) {
            listed.putIfAbsent(type.getFullyQualifiedName(), code);
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
            J.ClassDeclaration enclosing = cursor.firstEnclosing(J.ClassDeclaration.class);
            return enclosing == null ? null : enclosing.getType();
        }
        return TypeUtils.asFullyQualified(target.getType());
    }

    /** Why no field may be added to {@code type}: the code that lists its declared fields; null when none does. */
    public @Nullable String refusal(JavaType.FullyQualified type) {
        String code = listed.get(type.getFullyQualifiedName());
        for (Map.Entry<String, String> base : listedWithSubclasses.entrySet()) {
            if (code == null && TypeUtils.isAssignableTo(base.getKey(), type)) {
                code = base.getValue();
            }
        }
        return code == null ? null : "`" + code + "` lists the class's declared fields by reflection: a new field " +
                                     "would be among them";
    }
}

package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.References;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JRightPadded;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

import java.util.List;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;
import static org.openrewrite.Tree.randomId;

/**
 * {@code map(f).map(g)} as one expression per element, {@code g(f(x))}: the value of the earlier function
 * written where the later one reads its parameter. That keeps the stream's order only when the later function
 * reads its parameter once, before anything the earlier one could change or observe (its receiver, its first
 * argument, or after operands no other code can change), and when the value's type is exactly the type the
 * stream passes on, so that no call written inline binds to another overload or unboxes differently.
 */
final class ComposedMaps {

    private ComposedMaps() {
    }

    /** The inlined value, or why there is none. */
    static final class Applied {
        final @Nullable Expression value;
        final @Nullable String reason;

        private Applied(@Nullable Expression value, @Nullable String reason) {
            this.value = value;
            this.reason = reason;
        }

        static Applied of(Expression value) {
            return new Applied(value, null);
        }
    }

    /**
     * What {@code map} gives for {@code value}, the element the stream before it yields, written as one
     * expression; {@code loopVariable} is the name the value is computed from, which the later function must not
     * refer to; a static method of {@code enclosingClass} is called by its name alone.
     */
    static Applied apply(J.MethodInvocation map, Expression value, String loopVariable, JavaType.@Nullable FullyQualified enclosingClass) {
        JavaType passed = streamElement(map.getSelect());
        if (passed == null || !TypeUtils.isOfType(value.getType(), passed)) {
            return refused("the value passed from one `map` to the next has another type than the expression that computes it, " +
                           "so written inline it could unbox or call another overload");
        }
        if (takesItsTypeFromWhereItGoes(value)) {
            return refused("the value passed from one `map` to the next is a generic call or `new ..<>`, whose type Java infers " +
                           "from where it goes, so written inline it could take another type");
        }
        Expression function = map.getArguments().get(0);
        if (function instanceof J.MemberReference) {
            return ofReference((J.MemberReference) function, value, enclosingClass);
        }
        J.Lambda lambda = function instanceof J.Lambda ? (J.Lambda) function : null;
        Expression body = lambda == null ? null : PerElementPipeline.returned(lambda);
        if (body == null) {
            return refused("a later map function is not a lambda returning one expression");
        }
        J.VariableDeclarations.NamedVariable declared = ((J.VariableDeclarations) lambda.getParameters().getParameters().get(0)).getVariables().get(0);
        String parameter = declared.getSimpleName();
        if (!TypeUtils.isOfType(value.getType(), declared.getType())) {
            return refused("a later map function declares its parameter as another type than the value it is given, " +
                           "so written inline a call could bind to another overload");
        }
        if (References.countNamed(body, loopVariable) > 0) {
            return refused("a later map function refers to `" + loopVariable + "`, the name of the loop variable");
        }
        if (References.countNamed(body, parameter) != 1 || !readsFirst(body, parameter)) {
            return refused("a later map function does not read its parameter exactly once, before anything else that could change");
        }
        return new Applied(substituted(body, parameter, value), null);
    }

    private static Applied ofReference(J.MemberReference reference, Expression value, JavaType.@Nullable FullyQualified enclosingClass) {
        JavaType.Method method = reference.getMethodType();
        if (method != null && method.isConstructor()) {
            // new T(f(x)) initialises T before f runs; the stream runs f first.
            return refused("a later map function is a constructor reference, whose class would be initialised before the earlier function runs");
        }
        // The value is the receiver of an instance method's call, else its argument.
        boolean argument = method != null && method.hasFlags(Flag.Static) || reference.getContaining() instanceof J.Identifier &&
                           "this".equals(((J.Identifier) reference.getContaining()).getSimpleName()) ||
                           MethodReferenceCall.isClassLiteral(reference.getContaining());
        Expression call = MethodReferenceCall.applied(reference, argument ? value.withPrefix(Space.EMPTY) : asOperand(value),
                enclosingClass);
        return call == null ? refused("a later method reference is bound to an expression evaluated once, or is not a plain call") :
                new Applied(call, null);
    }

    private static Applied refused(String reason) {
        return new Applied(null, reason);
    }

    /**
     * A poly expression whose type depends on its target: a call of a generic method ({@code Collections.emptyList()},
     * {@code unchecked(o)}), a diamond {@code new}, a conditional. As a lambda's result it was typed by the stream;
     * as a receiver or an argument it would be typed again, possibly to another overload or not at all.
     */
    private static boolean takesItsTypeFromWhereItGoes(Expression value) {
        Expression e = unwrap(value);
        if (e instanceof J.MethodInvocation) {
            return isGenericMethod(((J.MethodInvocation) e).getMethodType());
        }
        if (e instanceof J.NewClass) {
            TypeTree clazz = ((J.NewClass) e).getClazz();
            return clazz instanceof J.ParameterizedType && ((J.ParameterizedType) clazz).getTypeParameters() != null &&
                   ((J.ParameterizedType) clazz).getTypeParameters().stream().anyMatch(J.Empty.class::isInstance);
        }
        return e instanceof J.Ternary || e instanceof J.SwitchExpression;
    }

    /**
     * Whether the method declares type variables of its own: a call's method type is the instantiated one, which
     * lists none, so the declaring type's methods of that name and arity are asked (any generic overload counts).
     */
    private static boolean isGenericMethod(JavaType.@Nullable Method called) {
        if (called == null) {
            return true;
        }
        if (!called.getDeclaredFormalTypeNames().isEmpty()) {
            return true;
        }
        for (JavaType.Method declared : called.getDeclaringType().getMethods()) {
            if (declared.getName().equals(called.getName()) && declared.getParameterTypes().size() == called.getParameterTypes().size() &&
                !declared.getDeclaredFormalTypeNames().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** {@code R} of the {@code Stream<R>} that {@code stream} is. */
    private static @Nullable JavaType streamElement(@Nullable Expression stream) {
        JavaType type = stream == null ? null : stream.getType();
        if (!(type instanceof JavaType.Parameterized) || ((JavaType.Parameterized) type).getTypeParameters().size() != 1) {
            return null;
        }
        JavaType element = ((JavaType.Parameterized) type).getTypeParameters().get(0);
        return TypeUtils.isWellFormedType(element) ? element : null;
    }

    /**
     * Whether the first thing {@code e} evaluates that other code could change, or that could fail or initialise a
     * class, is the variable {@code name}: following receivers, left operands (the left only of {@code &&} and
     * {@code ||}, whose right may not run) and first arguments, past literals, locals and {@code this}.
     */
    static boolean readsFirst(Expression e, String name) {
        if (e instanceof J.Identifier) {
            return ((J.Identifier) e).getSimpleName().equals(name);
        }
        Expression first = firstOperand(e);
        if (first != null) {
            return readsFirst(first, name);
        }
        if (e instanceof J.Unary) {
            return !((J.Unary) e).getOperator().isModifying() && readsFirst(((J.Unary) e).getExpression(), name);
        }
        if (e instanceof J.Binary) {
            J.Binary binary = (J.Binary) e;
            boolean conditional = binary.getOperator() == J.Binary.Type.And || binary.getOperator() == J.Binary.Type.Or;
            return readsFirst(binary.getLeft(), name) || !conditional && isInert(binary.getLeft()) && readsFirst(binary.getRight(), name);
        }
        if (e instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) e;
            Expression select = call.getSelect();
            if (select != null && readsFirst(select, name)) {
                return true;
            }
            // A static call initialises its class only once its arguments are evaluated.
            boolean passed = select == null || isInert(select) || MethodReferenceCall.isTypeName(select);
            return passed && readsFirstOf(call.getArguments(), name);
        }
        return false;
    }

    /**
     * A literal, a local variable or parameter, or {@code this}: evaluating it runs no code, cannot fail, initialises
     * no class, and nothing the earlier function does can change it. A final field is not: reading another class's
     * static field initialises that class.
     */
    private static boolean isInert(Expression expression) {
        Expression e = unwrap(expression);
        if (e instanceof J.Literal) {
            return true;
        }
        if (!(e instanceof J.Identifier)) {
            return false;
        }
        JavaType.Variable variable = ((J.Identifier) e).getFieldType();
        return "this".equals(((J.Identifier) e).getSimpleName()) || variable != null && variable.getOwner() instanceof JavaType.Method;
    }

    /** What a parenthesis, a cast, {@code instanceof}, a field or array access or {@code ?:} evaluates first. */
    private static @Nullable Expression firstOperand(Expression e) {
        if (e instanceof J.Parentheses && ((J.Parentheses<?>) e).getTree() instanceof Expression) {
            return (Expression) ((J.Parentheses<?>) e).getTree();
        }
        if (e instanceof J.TypeCast) {
            return ((J.TypeCast) e).getExpression();
        }
        if (e instanceof J.InstanceOf) {
            return ((J.InstanceOf) e).getExpression();
        }
        if (e instanceof J.FieldAccess) {
            return ((J.FieldAccess) e).getTarget();
        }
        if (e instanceof J.ArrayAccess) {
            return ((J.ArrayAccess) e).getIndexed();
        }
        return e instanceof J.Ternary ? ((J.Ternary) e).getCondition() : null;
    }

    private static boolean readsFirstOf(List<Expression> operands, String name) {
        for (Expression operand : operands) {
            if (readsFirst(operand, name)) {
                return true;
            }
            if (!isInert(operand)) {
                return false;
            }
        }
        return false;
    }

    /** {@code body} with {@code value} in place of its one read of {@code parameter}, in parentheses where it needs them. */
    private static Expression substituted(Expression body, String parameter, Expression value) {
        return (Expression) new JavaVisitor<Integer>() {
            @Override
            public J visitIdentifier(J.Identifier identifier, Integer p) {
                if (!identifier.getSimpleName().equals(parameter) || References.isMemberOrDeclaredName(getCursor())) {
                    return identifier;
                }
                Object parent = getCursor().getParentTreeCursor().getValue();
                boolean argument = parent instanceof J.MethodInvocation && ((J.MethodInvocation) parent).getArguments().contains(identifier) ||
                                   parent instanceof J.Parentheses || parent instanceof J.NewClass;
                return (argument ? value : asOperand(value)).withPrefix(identifier.getPrefix());
            }
        }.visitNonNull(body, 0);
    }

    /** {@code value}, in parentheses unless it binds tighter than any operator it could become the operand of. */
    private static Expression asOperand(Expression value) {
        boolean primary = value instanceof J.Identifier || value instanceof J.MethodInvocation || value instanceof J.FieldAccess ||
                          value instanceof J.Literal || value instanceof J.ArrayAccess || value instanceof J.Parentheses ||
                          value instanceof J.NewClass && ((J.NewClass) value).getBody() == null;
        if (primary) {
            return value.withPrefix(Space.EMPTY);
        }
        return new J.Parentheses<>(randomId(), Space.EMPTY, Markers.EMPTY, JRightPadded.build((J) value.withPrefix(Space.EMPTY)));
    }
}

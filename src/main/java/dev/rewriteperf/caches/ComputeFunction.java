package dev.rewriteperf.caches;

import dev.rewriteperf.analysis.evaluation.Exits;
import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.evaluation.SameFileDeclarations;
import dev.rewriteperf.analysis.evaluation.SideEffectFreeCode;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.search.SemanticallyEqual;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The function a class-keyed cache is filled with, checked for what a move into {@code ClassValue.computeValue}
 * would change, and printed as that method's body.
 */
final class ComputeFunction {

    /** Names an unqualified call would bind to inside an anonymous {@code ClassValue}, not to the enclosing class. */
    private static final Set<String> CLASS_VALUE_MEMBERS = new HashSet<>(Arrays.asList(
            "get", "remove", "computeValue", "equals", "hashCode", "toString", "getClass", "clone", "finalize",
            "notify", "notifyAll", "wait"));

    /** How many calls deep {@link #neverNull} follows the methods of the file a value comes from. */
    private static final int MAX_CALLS_FOLLOWED = 3;
    /** Methods of {@code java.lang.Class} that never return null: names, and arrays of members, empty when none. */
    private static final Set<String> CLASS_METHODS_NEVER_NULL = new HashSet<>(Arrays.asList(
            "getName", "getSimpleName", "getTypeName", "toString", "toGenericString", "getFields", "getDeclaredFields",
            "getMethods", "getDeclaredMethods", "getConstructors", "getDeclaredConstructors", "getInterfaces",
            "getGenericInterfaces", "getAnnotations", "getDeclaredAnnotations", "getTypeParameters", "getClasses",
            "getDeclaredClasses"));

    private ComputeFunction() {
    }

    /**
     * Why the function that fills the cache cannot become the body of {@code computeValue}; null when it can,
     * so that computing a value twice or caching a {@code null} cannot be told apart.
     */
    static @Nullable String reason(ClassKeyedCache cache, J.CompilationUnit cu) {
        Expression function = cache.fills.get(0).function;
        String reason = fillingReason(cache, function);
        if (reason != null) {
            return reason;
        }
        reason = formReason(function);
        if (reason != null) {
            return reason;
        }
        reason = namesReason(cache, function);
        if (reason != null) {
            return reason;
        }
        reason = checkedExceptionReason(cache);
        if (reason != null) {
            return reason;
        }
        String effect = SideEffectFreeCode.reason(function, cu);
        if (effect != null) {
            return "the function " + effect;
        }
        String nullKey = nullKeyReason(cache);
        return nullKey != null ? nullKey : nullValueReason(cache, cu);
    }

    /**
     * Why a lookup written out by hand computes with a call that declares a checked exception, which
     * {@code computeValue} cannot throw; null when none does. (A lambda given to {@code computeIfAbsent} cannot
     * throw one either, so only these need the check.)
     */
    private static @Nullable String checkedExceptionReason(ClassKeyedCache cache) {
        for (ClassKeyedCache.Fill fill : cache.fills) {
            String thrown = fill.byHand == null ? null : checkedExceptionThrownBy(fill.byHand.computed);
            if (thrown != null) {
                return "the computation may throw the checked `" + thrown + "`, which ClassValue.computeValue cannot";
            }
        }
        return null;
    }

    private static @Nullable String checkedExceptionThrownBy(Expression computed) {
        StringBuilder found = new StringBuilder();
        new JavaIsoVisitor<StringBuilder>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, StringBuilder first) {
                note(method.getMethodType(), first);
                return super.visitMethodInvocation(method, first);
            }

            @Override
            public J.NewClass visitNewClass(J.NewClass newClass, StringBuilder first) {
                note(newClass.getConstructorType(), first);
                return super.visitNewClass(newClass, first);
            }

            private void note(JavaType.@Nullable Method method, StringBuilder first) {
                if (method == null || first.length() > 0) {
                    return;
                }
                for (JavaType thrown : method.getThrownExceptions()) {
                    if (!TypeUtils.isAssignableTo("java.lang.RuntimeException", thrown) &&
                        !TypeUtils.isAssignableTo("java.lang.Error", thrown)) {
                        JavaType.FullyQualified type = TypeUtils.asFullyQualified(thrown);
                        first.append(type == null ? String.valueOf(thrown) : type.getClassName());
                        return;
                    }
                }
            }
        }.visit(computed, found);
        return found.length() == 0 ? null : found.toString();
    }

    /**
     * Why a lookup written out by hand may put a null value into a map that throws on one, where a
     * {@code ClassValue} would keep it; null when none may.
     */
    private static @Nullable String nullValueReason(ClassKeyedCache cache, J.CompilationUnit cu) {
        Expression initializer = cache.variable.getInitializer();
        if (initializer != null && ClassKeyedCache.acceptsNullKeys(ExpressionShapes.unwrap(initializer))) {
            return null;
        }
        SameFileDeclarations sameFile = new SameFileDeclarations(cu);
        for (ClassKeyedCache.Fill fill : cache.fills) {
            if (fill.byHand != null && !neverNull(fill.byHand.computed, sameFile, MAX_CALLS_FOLLOWED)) {
                return "the value put may be null, on which a ConcurrentHashMap throws and a ClassValue does not";
            }
        }
        return null;
    }

    /**
     * A new object or array, a primitive (boxed when put), a string concatenation, or what a {@code String} method
     * or one of the {@code Class} methods that never answer null returns; or a call of a method of this file that
     * no other class can override and that returns only such values ({@code computeRawSafe(type)}, whose every
     * return is a boolean expression), followed {@code calls} deep.
     */
    private static boolean neverNull(Expression value, SameFileDeclarations sameFile, int calls) {
        Expression e = ExpressionShapes.unwrap(value);
        if (e instanceof J.MethodInvocation && ((J.MethodInvocation) e).getMethodType() != null) {
            JavaType.Method method = ((J.MethodInvocation) e).getMethodType();
            return TypeUtils.isOfClassType(method.getDeclaringType(), "java.lang.String") &&
                   TypeUtils.isString(method.getReturnType()) ||
                   TypeUtils.isOfClassType(method.getDeclaringType(), "java.lang.Class") &&
                   CLASS_METHODS_NEVER_NULL.contains(method.getName()) ||
                   calls > 0 && returnsOnlyNeverNull(method, sameFile, calls - 1);
        }
        return e instanceof J.NewClass || e instanceof J.NewArray ||
               e.getType() instanceof JavaType.Primitive && e.getType() != JavaType.Primitive.Null &&
               e.getType() != JavaType.Primitive.String ||
               e instanceof J.Binary && ((J.Binary) e).getOperator() == J.Binary.Type.Addition &&
               TypeUtils.isString(e.getType());
    }

    private static boolean returnsOnlyNeverNull(JavaType.Method method, SameFileDeclarations sameFile, int calls) {
        boolean overridable = !method.hasFlags(Flag.Static) && !method.hasFlags(Flag.Private) && !method.hasFlags(Flag.Final);
        J.MethodDeclaration declaration = overridable ? null : sameFile.method(method);
        if (declaration == null || declaration.getBody() == null) {
            return false;
        }
        List<J.Return> returns = Exits.returnsOf(declaration.getBody());
        return !returns.isEmpty() && returns.stream().allMatch(r -> r.getExpression() != null && neverNull(r.getExpression(), sameFile, calls));
    }

    /** Why the places that fill the cache do not agree on one function it could run; null when they do. */
    private static @Nullable String fillingReason(ClassKeyedCache cache, Expression function) {
        for (ClassKeyedCache.Fill fill : cache.fills) {
            if (!SemanticallyEqual.areEqual(function, fill.function)) {
                return "filled by different functions in different places";
            }
        }
        if (cache.computedElsewhere != null) {
            return "filled from " + cache.computedElsewhere + ", a nested or anonymous class whose names the " +
                   "field's initialiser cannot see";
        }
        return null;
    }

    /** Why the function is not a lambda or method reference the recipe can call; null when it is one. */
    private static @Nullable String formReason(Expression function) {
        if (function instanceof J.Lambda) {
            return ((J.Lambda) function).getParameters().getParameters().size() == 1 ? null :
                    "the function's lambda does not take one parameter";
        }
        if (!(function instanceof J.MemberReference)) {
            return "the function is neither a lambda nor a method reference";
        }
        J.MemberReference reference = (J.MemberReference) function;
        JavaType.Method method = reference.getMethodType();
        if (method == null) {
            return "the method reference's type is unknown";
        }
        boolean onType = isTypeName(reference.getContaining());
        if (!onType) {
            return "a bound method reference: its receiver is evaluated at each call";
        }
        boolean staticOrConstructor = method.hasFlags(Flag.Static) || method.isConstructor();
        int arity = method.getParameterTypes().size();
        if (staticOrConstructor ? arity != 1 : arity != 0) {
            return "a method reference the recipe does not know how to call";
        }
        return null;
    }

    /**
     * Why a name in the function would mean something else, or nothing, inside a static {@code ClassValue}
     * field's initialiser; null when every name keeps its meaning.
     */
    private static @Nullable String namesReason(ClassKeyedCache cache, Expression function) {
        String captured = References.capturedLocal(function);
        if (captured != null) {
            return "the function captures the local `" + captured + "`, which a static ClassValue cannot see";
        }
        if (References.countNamed(function, cache.name()) > 0) {
            return "the function uses the cache itself (a recursive computeIfAbsent)";
        }
        String typeVariable = typeVariableUsed(function);
        if (typeVariable != null) {
            return "the function uses the type variable `" + typeVariable + "` of its enclosing method";
        }
        String rebound = callRebindingInsideClassValue(function);
        if (rebound != null) {
            return "the function calls `" + rebound + "(..)` unqualified, which inside a ClassValue would call " +
                   "ClassValue's own method";
        }
        return null;
    }

    /** Why a key may be null, which a HashMap accepts and {@code ClassValue.get} throws on; null when none may. */
    private static @Nullable String nullKeyReason(ClassKeyedCache cache) {
        Expression initializer = cache.variable.getInitializer();
        if (initializer == null || !ClassKeyedCache.acceptsNullKeys(ExpressionShapes.unwrap(initializer))) {
            return null;
        }
        for (ClassKeyedCache.Fill fill : cache.fills) {
            if (!isNonNullClass(fill.key)) {
                return "a HashMap accepts a null key, where ClassValue.get(null) throws";
            }
        }
        return null;
    }

    /**
     * The body of {@code computeValue(Class<?> parameter)}. For a key bounded like {@code Class<? extends Foo>},
     * {@code keyType} is that type, and the parameter is cast back to it where the function needs it. A static
     * method of the field's own class is called by its simple name, as it would be written there.
     */
    static String methodBody(Expression function, String parameter, @Nullable String keyType,
                             JavaType.@Nullable FullyQualified fieldOwner, Cursor cursor) {
        if (function instanceof J.Lambda) {
            return lambdaBody((J.Lambda) function, parameter, keyType, cursor);
        }
        return "{\nreturn " + referenceCall((J.MemberReference) function, parameter, keyType, fieldOwner, cursor) + ";\n}";
    }

    /** The lambda's body as a method body, its parameter first declared as the narrowed key where there is one. */
    private static String lambdaBody(J.Lambda lambda, String parameter, @Nullable String keyType, Cursor cursor) {
        String lambdaParameter = parameterName(lambda);
        String narrowing = keyType == null ? "" :
                "\n" + keyType + " " + lambdaParameter + " = (" + keyType + ") " + parameter + ";";
        J body = lambda.getBody();
        if (!(body instanceof J.Block)) {
            return "{" + narrowing + "\nreturn " + body.printTrimmed(cursor) + ";\n}";
        }
        String block = body.printTrimmed(cursor);
        String statements = block.substring(block.indexOf('{') + 1, block.lastIndexOf('}'));
        return "{" + narrowing + statements + "}";
    }

    /** The expression that calls the referenced method or constructor with the key. */
    private static String referenceCall(J.MemberReference reference, String parameter, @Nullable String keyType,
                                        JavaType.@Nullable FullyQualified fieldOwner, Cursor cursor) {
        JavaType.Method method = reference.getMethodType();
        assert method != null;
        String argument = keyType == null || acceptsAnyClass(method) ? parameter :
                "(" + keyType + ") " + parameter;
        String containing = reference.getContaining().printTrimmed(cursor);
        if (method.isConstructor()) {
            JavaType.FullyQualified type = method.getDeclaringType();
            boolean generic = !type.getTypeParameters().isEmpty() && !(reference.getContaining() instanceof J.ParameterizedType);
            return "new " + containing + (generic ? "<>" : "") + "(" + argument + ")";
        }
        if (method.hasFlags(Flag.Static)) {
            boolean sameClass = TypeUtils.isOfType(method.getDeclaringType(), fieldOwner) &&
                                !CLASS_VALUE_MEMBERS.contains(method.getName());
            return (sameClass ? "" : containing + ".") + method.getName() + "(" + argument + ")";
        }
        String receiver = argument.equals(parameter) ? parameter : "(" + argument + ")";
        return receiver + "." + method.getName() + "()";
    }

    /** Whether the generated method needs an unchecked cast from {@code Class<?>} to the bounded key type. */
    static boolean castsKey(Expression function) {
        if (function instanceof J.Lambda) {
            return true;
        }
        JavaType.Method method = ((J.MemberReference) function).getMethodType();
        return method != null && !acceptsAnyClass(method);
    }

    static String parameterName(J.Lambda lambda) {
        J parameter = lambda.getParameters().getParameters().get(0);
        return parameter instanceof J.VariableDeclarations ?
                ((J.VariableDeclarations) parameter).getVariables().get(0).getSimpleName() : parameter.toString();
    }

    private static boolean acceptsAnyClass(JavaType.Method method) {
        if (!method.hasFlags(Flag.Static) && !method.isConstructor()) {
            return TypeUtils.isOfClassType(method.getDeclaringType(), "java.lang.Class");
        }
        JavaType parameter = method.getParameterTypes().get(0);
        if (TypeUtils.isOfClassType(parameter, "java.lang.Object")) {
            return true;
        }
        if (!TypeUtils.isOfClassType(parameter, "java.lang.Class")) {
            return false;
        }
        if (!(parameter instanceof JavaType.Parameterized)) {
            return true;
        }
        List<JavaType> arguments = ((JavaType.Parameterized) parameter).getTypeParameters();
        return arguments.size() == 1 && arguments.get(0) instanceof JavaType.GenericTypeVariable &&
               ((JavaType.GenericTypeVariable) arguments.get(0)).getBounds().isEmpty();
    }

    private static @Nullable String callRebindingInsideClassValue(Expression function) {
        StringBuilder found = new StringBuilder();
        new JavaIsoVisitor<StringBuilder>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, StringBuilder first) {
                if (first.length() == 0 && method.getSelect() == null &&
                    CLASS_VALUE_MEMBERS.contains(method.getSimpleName())) {
                    first.append(method.getSimpleName());
                }
                return super.visitMethodInvocation(method, first);
            }
        }.visit(function, found);
        return found.length() == 0 ? null : found.toString();
    }

    private static @Nullable String typeVariableUsed(Expression function) {
        J.Identifier typeVariable = References.firstIdentifier(function, identifier ->
                identifier.getFieldType() == null && identifier.getType() instanceof JavaType.GenericTypeVariable &&
                !"?".equals(((JavaType.GenericTypeVariable) identifier.getType()).getName()));
        return typeVariable == null ? null : typeVariable.getSimpleName();
    }

    private static boolean isTypeName(Expression expression) {
        if (expression instanceof J.Identifier) {
            return ((J.Identifier) expression).getFieldType() == null && expression.getType() instanceof JavaType.FullyQualified;
        }
        if (expression instanceof J.FieldAccess) {
            return ((J.FieldAccess) expression).getName().getFieldType() == null &&
                   expression.getType() instanceof JavaType.FullyQualified;
        }
        return expression instanceof J.ParameterizedType;
    }

    /** {@code Foo.class} or {@code x.getClass()}: never null. */
    private static boolean isNonNullClass(Expression key) {
        if (key instanceof J.FieldAccess) {
            return "class".equals(((J.FieldAccess) key).getSimpleName());
        }
        return key instanceof J.MethodInvocation && "getClass".equals(((J.MethodInvocation) key).getSimpleName()) &&
               ((J.MethodInvocation) key).getArguments().stream().allMatch(a -> a instanceof J.Empty);
    }
}

package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.names.FreshNames;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;
import java.util.Set;

/**
 * The array a {@code toArray} call creates: {@code toArray()} makes an {@code Object[]},
 * {@code toArray(T[]::new)} and {@code toArray(n -> new T[n])} a {@code T[]}. Any other generator could
 * return an array of another length or type, so it is refused.
 */
final class ArrayGenerator implements Destination {

    private static final String UNKNOWN_GENERATOR = "the array generator is not `T[]::new` or `n -> new T[n]`";

    final @Nullable String reason;
    /** The component type as the source wrote it ({@code Object} for {@code toArray()}). */
    private final String componentText;
    /** The tree that wrote it; null for {@code toArray()}. */
    private final @Nullable TypeTree componentTree;
    private final JavaType.@Nullable Array arrayType;
    private final @Nullable JavaType component;

    private ArrayGenerator(@Nullable String reason, @Nullable TypeTree componentTree, String componentText,
                          JavaType.@Nullable Array arrayType) {
        this.reason = reason;
        this.componentTree = componentTree;
        this.componentText = componentText;
        this.arrayType = arrayType;
        this.component = arrayType == null ? null : arrayType.getElemType();
    }

    static ArrayGenerator of(J.MethodInvocation toArray, Cursor cursor) {
        JavaType result = toArray.getType();
        if (!(result instanceof JavaType.Array) || !TypeUtils.isWellFormedType(result)) {
            return new ArrayGenerator("the types are not fully known", null, "", null);
        }
        JavaType.Array arrayType = (JavaType.Array) result;
        List<Expression> arguments = toArray.getArguments();
        if (arguments.size() == 1 && arguments.get(0) instanceof J.Empty) {
            return new ArrayGenerator(null, null, "Object", arrayType);
        }
        TypeTree component = componentTree(arguments.get(0));
        if (component == null) {
            return new ArrayGenerator(UNKNOWN_GENERATOR, null, "", arrayType);
        }
        String text = component.printTrimmed(cursor);
        return isRawGeneric(arrayType) ? new ArrayGenerator("the component type `" + text + "` is a raw generic type: " +
                "declaring the array adds a rawtypes warning that `" + text + "[]::new` does not give, which a build " +
                "with -Werror rejects", null, "", arrayType) : new ArrayGenerator(null, component, text, arrayType);
    }

    /** {@code CompletableFuture[]}: the innermost component is a generic class written without type arguments. */
    private static boolean isRawGeneric(JavaType.Array arrayType) {
        JavaType element = arrayType.getElemType();
        while (element instanceof JavaType.Array) {
            element = ((JavaType.Array) element).getElemType();
        }
        return element instanceof JavaType.Class && !(element instanceof JavaType.Parameterized) &&
               !((JavaType.Class) element).getTypeParameters().isEmpty();
    }

    /**
     * The array {@code list.toArray(new T[0])} returns: a new {@code T[]} of the list's size. Other arguments
     * (a pre-sized array, which the list fills and may return) are refused.
     */
    static ArrayGenerator ofCollectionToArray(J.MethodInvocation toArray, Cursor cursor) {
        JavaType result = toArray.getType();
        Expression argument = toArray.getArguments().get(0);
        if (!(result instanceof JavaType.Array) || !TypeUtils.isWellFormedType(result) || !(argument instanceof J.NewArray)) {
            return new ArrayGenerator("the types are not fully known", null, "", null);
        }
        J.NewArray empty = (J.NewArray) argument;
        boolean isEmpty = empty.getInitializer() == null && empty.getDimensions().size() == 1 &&
                          empty.getDimensions().get(0).getIndex() instanceof J.Literal &&
                          Integer.valueOf(0).equals(((J.Literal) empty.getDimensions().get(0).getIndex()).getValue());
        if (!isEmpty || empty.getTypeExpression() == null) {
            return new ArrayGenerator("the list is copied into an array other than `new T[0]`", null, "", (JavaType.Array) result);
        }
        TypeTree component = empty.getTypeExpression();
        return new ArrayGenerator(null, component, component.printTrimmed(cursor), (JavaType.Array) result);
    }

    private static @Nullable TypeTree componentTree(Expression generator) {
        if (generator instanceof J.MemberReference) {
            J.MemberReference reference = (J.MemberReference) generator;
            Expression containing = reference.getContaining();
            if ("new".equals(reference.getReference().getSimpleName()) && containing instanceof J.ArrayType) {
                return ((J.ArrayType) containing).getElementType();
            }
            return null;
        }
        if (!(generator instanceof J.Lambda)) {
            return null;
        }
        J.Lambda lambda = (J.Lambda) generator;
        if (lambda.getParameters().getParameters().size() != 1 || !(lambda.getBody() instanceof J.NewArray) ||
            !(lambda.getParameters().getParameters().get(0) instanceof J.VariableDeclarations)) {
            return null;
        }
        String length = ((J.VariableDeclarations) lambda.getParameters().getParameters().get(0)).getVariables().get(0).getSimpleName();
        J.NewArray newArray = (J.NewArray) lambda.getBody();
        TypeTree type = newArray.getTypeExpression();
        if (type == null || newArray.getInitializer() != null || newArray.getDimensions().size() != 1 ||
            !isLength(newArray.getDimensions().get(0).getIndex(), length)) {
            return null;
        }
        return type;
    }

    private static boolean isLength(Expression index, String length) {
        return index instanceof J.Identifier && ((J.Identifier) index).getSimpleName().equals(length);
    }

    @Override
    public @Nullable String reason() {
        return reason;
    }

    @Override
    public @Nullable String elementReason(JavaType type) {
        return accepts(type) ? null : "an element of type " + TypeUtils.toString(type) + " may not fit " + componentText +
                "[]: the stream would throw ArrayStoreException where a loop needs a cast";
    }

    /** Whether a value of {@code type} can be stored in the array without a cast, as the stream stores it. */
    private boolean accepts(JavaType type) {
        if (component == null) {
            return false;
        }
        if (type == JavaType.Primitive.Null) {
            return true;
        }
        if (type instanceof JavaType.Primitive) {
            String box = ((JavaType.Primitive) type).getClassName();
            return TypeUtils.isObject(component) || TypeUtils.isOfClassType(component, box);
        }
        return TypeUtils.isAssignableTo(component, type);
    }

    /** {@code T[] name = new T[length];} and a line break; a {@code T[]} component gives {@code new T[length][]}. */
    String declaration(String name, String length) {
        int dims = componentText.indexOf('[');
        String newArray = dims < 0 ? componentText + "[" + length + "]" :
                componentText.substring(0, dims) + "[" + length + "]" + componentText.substring(dims);
        return componentText + "[] " + name + " = new " + newArray + ";\n";
    }

    /** The loop filling this array, named {@code array}, that {@code code} declares. */
    FilledLoop loop(String code, List<J> parameters, Set<String> imports, String array, String variable,
                    @Nullable TypeTree declaredElementType, JavaType elementType) {
        return FilledLoop.array(code, parameters, imports, array, variable, arrayType, componentTree, declaredElementType, elementType);
    }

    @Override
    public Fill fill(String name, FreshNames names) {
        return new ArrayFill(name, names.takeIndex());
    }

    /** {@code T[] result = new T[length]; int i = 0;}, then {@code result[i++] = e;} for each element. */
    private final class ArrayFill implements Fill {

        private final String array;
        private final String index;

        ArrayFill(String array, String index) {
            this.array = array;
            this.index = index;
        }

        @Override
        public String declaration(String length, Set<String> imports) {
            return ArrayGenerator.this.declaration(array, length) + "int " + index + " = 0;\n";
        }

        @Override
        public String store() {
            return array + '[' + index + "++] = #{any(java.lang.Object)};\n";
        }

        @Override
        public FilledLoop loop(String code, List<J> parameters, Set<String> imports, String variable,
                               @Nullable TypeTree declaredElementType, JavaType elementType) {
            return ArrayGenerator.this.loop(code, parameters, imports, array, variable, declaredElementType, elementType);
        }
    }
}

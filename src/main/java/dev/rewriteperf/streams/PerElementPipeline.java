package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.names.FreshNames;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code source.stream().flatMap(e -> Stream.of(e1, ..., ek)).toArray(T[]::new)}, or with {@code map(e -> e1)}
 * (k = 1), or collected into a list, taken apart: the sized source, the lambda's parameter, the k element
 * expressions and where they go. Built only for a terminal call whose pipeline has that operation;
 * {@link #reason} says why it cannot become a loop.
 */
final class PerElementPipeline {

    private static final MethodMatcher FLAT_MAP = new MethodMatcher("java.util.stream.Stream flatMap(..)");
    private static final MethodMatcher MAP = new MethodMatcher("java.util.stream.Stream map(..)");
    private static final MethodMatcher STREAM_OF = new MethodMatcher("java.util.stream.Stream of(..)");
    private static final String UNWRITABLE_ELEMENT = "the source's element type cannot be written in source";
    /** A parameter name a class compiled without {@code -parameters} gives: {@code arg0}, {@code var1}, {@code p0}. */
    private static final Pattern COMPILED_PARAMETER = Pattern.compile("(?:arg|var|p|param)\\d+");
    /** Parameter names that say no more than the type's name would. */
    private static final Set<String> GENERIC_PARAMETERS = new HashSet<>(Arrays.asList("obj", "object", "arg", "str",
            "string", "val", "var", "param", "tmp", "temp", "elem", "element", "data"));
    private static final String NOT_FIXED = "the flatMap function does not return `Stream.of(..)` with a fixed number of elements";

    final @Nullable String reason;
    final SizedSource source;
    final String parameter;
    /** The lambda's declared parameter type, else the source's declared element type, if either is written: the loop variable copies it. */
    final @Nullable TypeTree declaredType;
    /** The loop variable's type in source: the lambda's declared parameter type, else the source's element type. */
    final @Nullable String elementType;
    final @Nullable JavaType elementJavaType;
    final List<Expression> elements;
    final Destination destination;
    /** The statements of a block lambda before its {@code return}, which the loop's body runs first. */
    final List<Statement> leading;

    private PerElementPipeline(@Nullable String reason, SizedSource source, String parameter, @Nullable TypeTree declaredType,
                               @Nullable String elementType, @Nullable JavaType elementJavaType,
                               List<Expression> elements, Destination destination) {
        this(reason, source, parameter, declaredType, elementType, elementJavaType, elements, destination, Collections.emptyList());
    }

    private PerElementPipeline(@Nullable String reason, SizedSource source, String parameter, @Nullable TypeTree declaredType,
                               @Nullable String elementType, @Nullable JavaType elementJavaType,
                               List<Expression> elements, Destination destination, List<Statement> leading) {
        this.reason = reason;
        this.source = source;
        this.parameter = parameter;
        this.declaredType = declaredType;
        this.elementType = elementType;
        this.elementJavaType = elementJavaType;
        this.elements = elements;
        this.destination = destination;
        this.leading = leading;
    }

    /**
     * The pipeline that {@code terminal} ends, into {@code destination}, if it is a candidate for
     * {@code operation}: {@code flatMap} when the pipeline has one, {@code map} when it has a {@code map} and
     * no {@code flatMap}; null otherwise.
     */
    static @Nullable PerElementPipeline of(J.MethodInvocation terminal, Destination destination, String operation,
                                           Cursor cursor, FreshNames names, Set<String> imports) {
        List<J.MethodInvocation> operations = StreamOperations.between(terminal);
        if (!isCandidate(operations, operation)) {
            return null;
        }
        J.MethodInvocation perElement = operations.get(operations.size() - 1);
        Expression stream = perElement.getSelect();
        SizedSource source = SizedSource.of(stream == null ? terminal : stream, cursor, imports, names);
        String reason = pipelineReason(operations, operation, destination, source);
        if (reason != null) {
            return refused(reason, source, destination);
        }
        Expression function = perElement.getArguments().get(0);
        List<J.MethodInvocation> laterMaps = operations.subList(0, operations.size() - 1);
        if (!"flatMap".equals(operation) && function instanceof J.MemberReference) {
            return ofMethodReference((J.MemberReference) function, laterMaps, source, destination, names, MethodReferenceCall.enclosingClass(cursor));
        }
        J.Lambda lambda = function instanceof J.Lambda ? (J.Lambda) function : null;
        List<Expression> elements = lambda == null ? null : elements(lambda, operation);
        BlockLambda block = elements != null || lambda == null || !"map".equals(operation) || !laterMaps.isEmpty() ? null :
                BlockLambda.of(lambda);
        if (block != null) {
            return ofLambda(lambda, Collections.singletonList(block.value), laterMaps, source, destination, cursor).withLeading(block.leading);
        }
        if (elements == null) {
            return refused("flatMap".equals(operation) ? NOT_FIXED :
                    "the map function is not a lambda returning one expression or ending in its only `return`", source, destination);
        }
        return ofLambda(lambda, elements, laterMaps, source, destination, cursor);
    }

    /** This pipeline with a block lambda's {@code leading} statements, which must not read the source either. */
    private PerElementPipeline withLeading(List<Statement> statements) {
        String counted = rootName(source.counted);
        String leadingReason = counted != null && statements.stream().anyMatch(s -> References.countNamed(s, counted) > 0) ?
                "the lambda refers to the source `" + counted + "`, which the loop reads while it runs" : null;
        return new PerElementPipeline(reason != null ? reason : leadingReason, source, parameter, declaredType, elementType,
                elementJavaType, elements, destination, statements);
    }

    /**
     * The one element {@code value} after the {@code map} calls that follow the first, applied in the stream's
     * order ({@link ComposedMaps}); the reason in place of the value when one cannot be written inline.
     */
    private static ComposedMaps.Applied composed(Expression value, List<J.MethodInvocation> laterMaps, String variable,
                                                 JavaType.@Nullable FullyQualified enclosingClass) {
        ComposedMaps.Applied applied = ComposedMaps.Applied.of(value);
        for (int i = laterMaps.size() - 1; i >= 0 && applied.value != null; i--) {
            applied = ComposedMaps.apply(laterMaps.get(i), applied.value, variable, enclosingClass);
        }
        return applied;
    }

    private static boolean isCandidate(List<J.MethodInvocation> operations, String operation) {
        boolean flatMaps = operations.stream().anyMatch(FLAT_MAP::matches);
        return "flatMap".equals(operation) ? flatMaps : !flatMaps && operations.stream().anyMatch(MAP::matches);
    }

    /** Why the operations, the destination or the source keep the pipeline from becoming a loop; null when nothing does. */
    private static @Nullable String pipelineReason(List<J.MethodInvocation> operations, String operation, Destination destination,
                                                    SizedSource source) {
        String reason = StreamOperations.reason(operations, operation);
        if (reason == null) {
            reason = destination.reason();
        }
        return reason != null ? reason : source.reason;
    }

    /**
     * What the lambda gives for each element: the arguments of the {@code Stream.of(..)} it returns for
     * {@code flatMap}, the one expression it returns for {@code map}; null when it gives no fixed number.
     */
    private static @Nullable List<Expression> elements(J.Lambda lambda, String operation) {
        if ("flatMap".equals(operation)) {
            J.MethodInvocation streamOf = streamOf(lambda);
            return streamOf == null || isSpreadArray(streamOf) ? null : streamOf.getArguments();
        }
        Expression value = returned(lambda);
        return value == null ? null : Collections.singletonList(value);
    }

    /** The loop variable is the lambda's parameter, typed as the lambda declares it or as the source's elements are. */
    private static PerElementPipeline ofLambda(J.Lambda lambda, List<Expression> elements, List<J.MethodInvocation> laterMaps,
                                               SizedSource source, Destination destination, Cursor cursor) {
        J.VariableDeclarations parameter = (J.VariableDeclarations) lambda.getParameters().getParameters().get(0);
        String name = parameter.getVariables().get(0).getSimpleName();
        if (!laterMaps.isEmpty()) {
            ComposedMaps.Applied applied = composed(elements.get(0), laterMaps, name, MethodReferenceCall.enclosingClass(cursor));
            if (applied.value == null) {
                return refused(applied.reason, source, destination);
            }
            elements = Collections.singletonList(applied.value);
        }
        String elementReason = elementReason(elements, source, destination);
        TypeTree lambdaType = parameter.getTypeExpression();
        String elementType = lambdaType == null ? source.element.text : lambdaType.printTrimmed(cursor);
        JavaType elementJavaType = lambdaType == null ? source.element.type : parameter.getType();
        if (elementReason == null && (elementType == null || elementJavaType == null)) {
            elementReason = source.element.reason != null ? source.element.reason : UNWRITABLE_ELEMENT;
        }
        return new PerElementPipeline(elementReason, source, name, lambdaType != null ? lambdaType : source.element.tree,
                elementType, elementJavaType, elements, destination);
    }

    /**
     * {@code map(Type::method)}: the loop variable is named for one of the source ({@code name} of {@code names}) or
     * after the element type, and the call is written out.
     */
    private static PerElementPipeline ofMethodReference(J.MemberReference reference, List<J.MethodInvocation> laterMaps,
                                                        SizedSource source, Destination destination, FreshNames names,
                                                        JavaType.@Nullable FullyQualified enclosingClass) {
        if (source.element.text == null || source.element.type == null) {
            return refused(source.element.reason != null ? source.element.reason : UNWRITABLE_ELEMENT, source, destination);
        }
        String name = names.takeInLoop(variableName(source, reference, names));
        J.Identifier variable = new J.Identifier(Tree.randomId(), Space.EMPTY, Markers.EMPTY, Collections.emptyList(), name,
                source.element.type, null);
        Expression call = MethodReferenceCall.applied(reference, variable, enclosingClass);
        if (call == null) {
            return refused("the method reference is bound to an expression evaluated once, or is not a plain call", source, destination);
        }
        ComposedMaps.Applied applied = composed(call, laterMaps, name, enclosingClass);
        if (applied.value == null) {
            return refused(applied.reason, source, destination);
        }
        List<Expression> elements = Collections.singletonList(applied.value);
        return new PerElementPipeline(elementReason(elements, source, destination), source, name, source.element.tree,
                source.element.text, source.element.type, elements, destination);
    }

    /**
     * Where the element type is a JDK one whose name says nothing of the element's role ({@code String string}): one of
     * the source's elements ({@code languageTag} of {@code languageTags}) when the source is a variable named as a
     * plural, else what the referenced method calls its parameter ({@code value} of {@code stripQuality(String value)});
     * else a name for the element type.
     */
    private static String variableName(SizedSource source, J.MemberReference reference, FreshNames names) {
        // a primitive, a JDK type or an array of one says no more of its role than the type does ({@code String[] element})
        JavaType elementType = source.element.type;
        while (elementType instanceof JavaType.Array) {
            elementType = ((JavaType.Array) elementType).getElemType();
        }
        JavaType.FullyQualified type = TypeUtils.asFullyQualified(elementType);
        boolean roleless = type != null && (type.getPackageName().equals("java.lang") || type.getPackageName().equals("java.util"))
                           || elementType instanceof JavaType.Primitive;
        Expression iterable = ExpressionShapes.unwrap(source.iterable);
        String one = roleless && iterable instanceof J.Identifier ? FreshNames.singular(((J.Identifier) iterable).getSimpleName()) : null;
        if (one == null && roleless) {
            one = parameterName(reference);
            one = one != null && names.isFreeInLoop(one) ? one : null; // `input2` says less than `string`
        }
        return one != null ? one : variableName(source.element.type);
    }

    /**
     * The name of the one parameter of the method or constructor a reference calls with each element, where it says
     * more than a letter, a compiler's {@code arg0} or a generic {@code obj} does; null otherwise (an unbound instance
     * method's receiver is the element itself, and has no name; a varargs parameter names all its elements).
     */
    private static @Nullable String parameterName(J.MemberReference reference) {
        JavaType.Method method = reference.getMethodType();
        if (method == null || !(method.hasFlags(Flag.Static) || method.isConstructor()) || method.getParameterNames().size() != 1
            || method.hasFlags(Flag.Varargs)) {
            return null;
        }
        String name = method.getParameterNames().get(0);
        // value(value) reads as a slip, though javac keeps a method's name apart from a variable's
        return name.length() > 2 && !COMPILED_PARAMETER.matcher(name).matches() && !GENERIC_PARAMETERS.contains(name)
               && !name.equals(method.getName()) && FreshNames.isUsableName(name) ? name : null;
    }

    /**
     * {@code entry} for a map entry, {@code order} for an {@code Order}, {@code ioFileFilter} for an
     * {@code IOFileFilter}, {@code t} for a {@code T}.
     */
    private static String variableName(JavaType elementType) {
        String name = elementType instanceof JavaType.GenericTypeVariable ? ((JavaType.GenericTypeVariable) elementType).getName() : "element";
        JavaType.FullyQualified type = TypeUtils.asFullyQualified(elementType);
        if (type != null) {
            name = type.getClassName().substring(type.getClassName().lastIndexOf('.') + 1);
        }
        name = FreshNames.decapitalized(name);
        return FreshNames.isUsableName(name) ? name : "element";
    }

    private static PerElementPipeline refused(String reason, SizedSource source, Destination destination) {
        return new PerElementPipeline(reason, source, "", null, null, null, Collections.emptyList(), destination);
    }

    /** The {@code Stream.of(..)} a one-parameter lambda returns. */
    private static J.@Nullable MethodInvocation streamOf(J.Lambda lambda) {
        Expression body = returned(lambda);
        return body instanceof J.MethodInvocation && STREAM_OF.matches((J.MethodInvocation) body) &&
               !((J.MethodInvocation) body).getArguments().isEmpty() &&
               !(((J.MethodInvocation) body).getArguments().get(0) instanceof J.Empty) ? (J.MethodInvocation) body : null;
    }

    /** What a one-parameter lambda returns, directly or as its block's only statement. */
    static @Nullable Expression returned(J.Lambda lambda) {
        if (lambda.getParameters().getParameters().size() != 1 ||
            !(lambda.getParameters().getParameters().get(0) instanceof J.VariableDeclarations)) {
            return null;
        }
        J body = lambda.getBody();
        if (body instanceof J.Block) {
            List<Statement> statements = ((J.Block) body).getStatements();
            body = statements.size() == 1 && statements.get(0) instanceof J.Return ? ((J.Return) statements.get(0)).getExpression() : null;
        }
        return body instanceof Expression ? (Expression) body : null;
    }

    /** {@code Stream.of(array)} binds to the varargs overload and streams the array's elements. */
    private static boolean isSpreadArray(J.MethodInvocation streamOf) {
        JavaType.Method method = streamOf.getMethodType();
        return method == null || streamOf.getArguments().size() == 1 && method.hasFlags(Flag.Varargs);
    }

    /** Why the elements cannot be stored in the destination by a loop over the source; null when they can. */
    private static @Nullable String elementReason(List<Expression> elements, SizedSource source, Destination destination) {
        String counted = rootName(source.counted);
        String typeReason = null;
        for (Expression element : elements) {
            JavaType type = element.getType();
            if (type == null || type instanceof JavaType.Unknown) {
                return "the types are not fully known";
            }
            if (counted != null && References.countNamed(element, counted) > 0) {
                return "an element refers to the source `" + counted + "`, which the loop reads while it runs";
            }
            if (typeReason == null) {
                typeReason = destination.elementReason(type);
            }
        }
        return typeReason;
    }

    private static @Nullable String rootName(Expression e) {
        if (e instanceof J.Identifier) {
            return ((J.Identifier) e).getSimpleName();
        }
        return e instanceof J.FieldAccess ? ((J.FieldAccess) e).getSimpleName() : null;
    }
}

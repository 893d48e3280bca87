package dev.rewriteperf.analysis.writing;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.names.DeclaredTypes;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.names.TypeText;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stream's source that is a call or a cast, evaluated once into a local before the loop reads its size and its
 * elements: {@code List<Item> items = order.getItems();}. The pipeline evaluated the source once, before any
 * element; the local does the same, at the place of the loop, which {@link LoopSite} already shows is safe for
 * the pipeline as a whole. Also a for-each loop's source, for the collection the loop fills.
 */
public final class SourceLocal {

    /** {@code getItems} names {@code items}: the verbs a getter or a conversion starts with. */
    private static final Pattern VERB = Pattern.compile("^(?:get|list|find|load|read|fetch|to|as|all)(?=[A-Z])");
    /** Calls whose name says nothing of the value: the local is named for its elements instead. */
    private static final Set<String> NAMELESS = new HashSet<>(Arrays.asList(
            "get", "join", "call", "apply", "cast", "requireNonNull", "orElse", "orElseGet", "orElseThrow", "of",
            "copyOf", "valueOf", "stream", "clone", "build", "create", "compute", "newInstance", "value", "invoke",
            "load", "read", "fetch", "find", "list", "copy", "make", "parse", "next", "poll", "take", "split"));

    /** The source as the pipeline wrote it: the local's initializer. */
    public final Expression value;
    public final String name;
    /** The local's type as source text, the source's static type. */
    private final String typeText;
    private final JavaType type;
    private final JavaType.Variable variable;

    private SourceLocal(Expression value, String name, String typeText, JavaType type, JavaType.Variable variable) {
        this.value = value;
        this.name = name;
        this.typeText = typeText;
        this.type = type;
        this.variable = variable;
    }

    /** The local for {@code source}, or null when its type cannot be written at {@code cursor}. */
    public static @Nullable SourceLocal of(Expression source, Cursor cursor, Set<String> imports, FreshNames names) {
        JavaType type = source.getType();
        if (!DeclaredTypes.isWritableFromAttribution(type, cursor)) {
            return null;
        }
        String text = TypeText.of(type, imports);
        if (text == null) {
            return null;
        }
        text = TypeText.asWrittenAt(text, cursor);
        String base = nameFor(source, type);
        String alternative = names.isFreeBesideMethods(base) ? null : alternativeName(source, base);
        String name = names.takeBesideMethods(alternative != null && names.isFreeBesideMethods(alternative) ? alternative : base);
        J.MethodDeclaration method = cursor.firstEnclosing(J.MethodDeclaration.class);
        JavaType.Variable variable = new JavaType.Variable(null, 0, name, method == null ? null : method.getMethodType(),
                type, Collections.emptyList());
        return new SourceLocal(ExpressionShapes.unwrap(source), name, text, type, variable);
    }

    /** A reference to the local, for the loop's size and elements. */
    public J.Identifier reference() {
        return new J.Identifier(Tree.randomId(), Space.EMPTY, Markers.EMPTY, Collections.emptyList(), name, type, variable);
    }

    /** The local's declaration as template code, its initializer the template's first parameter. */
    public String declarationCode(String modifier) {
        String parameter = type instanceof JavaType.Array ? "#{anyArray(java.lang.Object)}" : "#{any(java.util.Collection)}";
        return modifier + typeText + " " + name + " = " + parameter + ";\n";
    }

    /** The generated declaration typed as the source. */
    public J.VariableDeclarations attributed(J.VariableDeclarations generated) {
        J.VariableDeclarations.NamedVariable local = generated.getVariables().get(0);
        local = local.withVariableType(variable).withName(local.getName().withType(type).withFieldType(variable));
        return generated.withTypeExpression(TypeText.attribute(generated.getTypeExpression(), type))
                .withVariables(Collections.singletonList(local));
    }

    /**
     * {@code items} for {@code order.getItems()}; for a call whose name says nothing ({@code get()},
     * {@code Objects.requireNonNull(..)}) and for a cast, the plural of the element type ({@code paths} for
     * {@code Path}), else {@code elements}.
     */
    private static String nameFor(Expression source, JavaType type) {
        Expression e = ExpressionShapes.unwrap(source);
        if (e instanceof J.MethodInvocation) {
            String method = ((J.MethodInvocation) e).getSimpleName();
            Matcher verb = VERB.matcher(method);
            String noun = verb.find() ? FreshNames.decapitalized(method.substring(verb.end())) : method;
            if (!NAMELESS.contains(method) && FreshNames.isUsableName(noun)) {
                return namesOneElement(noun, type) ? pluralOfOne(noun) : noun; // `expression()` of a List names `expressions`
            }
        }
        JavaType elementType = type instanceof JavaType.Array ? ((JavaType.Array) type).getElemType() :
                type instanceof JavaType.Parameterized && ((JavaType.Parameterized) type).getTypeParameters().size() == 1 ?
                        ((JavaType.Parameterized) type).getTypeParameters().get(0) : null;
        JavaType.FullyQualified element = elementType instanceof JavaType.GenericTypeVariable ? null : TypeUtils.asFullyQualified(elementType);
        if (element != null) {
            String simple = element.getClassName().substring(element.getClassName().lastIndexOf('.') + 1);
            String plural = plural(FreshNames.decapitalized(simple));
            if (FreshNames.isUsableName(plural)) {
                return plural;
            }
        }
        return "elements";
    }

    /**
     * Whether {@code noun} names the source's element type rather than the source: {@code expression} for a
     * {@code List<ExpressionContext>} (a parser's accessor), not {@code latest} for a {@code List<String>}.
     */
    private static boolean namesOneElement(String noun, JavaType type) {
        JavaType.FullyQualified element = TypeUtils.asFullyQualified(elementType(type));
        if (element == null || type instanceof JavaType.GenericTypeVariable) {
            return false;
        }
        String simple = element.getClassName().substring(element.getClassName().lastIndexOf('.') + 1);
        return simple.toLowerCase(Locale.ROOT).startsWith(noun.toLowerCase(Locale.ROOT));
    }

    private static @Nullable JavaType elementType(JavaType type) {
        return type instanceof JavaType.Array ? ((JavaType.Array) type).getElemType() :
                type instanceof JavaType.Parameterized && ((JavaType.Parameterized) type).getTypeParameters().size() == 1 ?
                        ((JavaType.Parameterized) type).getTypeParameters().get(0) : null;
    }

    /**
     * A name for when {@code base} is taken, before a number is tried: the receiver's name before it
     * ({@code node.properties()}: {@code nodeProperties}; {@code routes.routes()}: {@code allRoutes}), or {@code checkedFiles} for
     * {@code Objects.requireNonNull(files, ..)}; null when neither applies.
     */
    private static @Nullable String alternativeName(Expression source, String base) {
        Expression e = ExpressionShapes.unwrap(source);
        if (!(e instanceof J.MethodInvocation) || base.isEmpty()) {
            return null;
        }
        J.MethodInvocation call = (J.MethodInvocation) e;
        String capitalized = Character.toUpperCase(base.charAt(0)) + base.substring(1);
        if (call.getSimpleName().equals("requireNonNull")) {
            return "checked" + capitalized;
        }
        Expression receiver = call.getSelect();
        if (receiver instanceof J.Identifier && ((J.Identifier) receiver).getFieldType() != null) {
            String owner = ((J.Identifier) receiver).getSimpleName();
            // routes.routes() is all the routes the table holds: routesRoutes would say the name twice
            String alternative = (owner.equals(base) ? "all" : owner) + capitalized;
            return FreshNames.isUsableName(alternative) ? alternative : null;
        }
        return null;
    }

    /** The plural of a noun that names one thing; a noun that already names many (or a container) as it is. */
    private static String pluralOfOne(String noun) {
        String plural = plural(noun);
        boolean names = noun.endsWith("s") || noun.endsWith("List") || noun.endsWith("Set") || noun.endsWith("Array")
                        || noun.endsWith("Collection") || noun.endsWith("Map") || noun.endsWith("ren") || noun.endsWith("Data")
                        || noun.endsWith("data") || noun.endsWith("Values") || Arrays.asList("list", "set", "map", "array", "collection").contains(noun);
        return names || !FreshNames.isUsableName(plural) ? noun : plural;
    }

    private static String plural(String noun) {
        if (noun.endsWith("s") || noun.endsWith("x") || noun.endsWith("ch") || noun.endsWith("sh")) {
            return noun + "es";
        }
        if (noun.length() > 1 && noun.endsWith("y") && "aeiou".indexOf(noun.charAt(noun.length() - 2)) < 0) {
            return noun.substring(0, noun.length() - 1) + "ies";
        }
        return noun + "s";
    }
}

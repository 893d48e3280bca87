package dev.rewriteperf.analysis.names;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JContainer;
import org.openrewrite.java.tree.JRightPadded;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * Writes a type as a careful engineer would in source: simple names, {@code Map.Entry} for nested types,
 * wildcards and type variables by name. Collects the top-level classes that the text needs imported.
 */
public final class TypeText {

    private TypeText() {
    }

    /** The source text of {@code type}, or null when it cannot be written (unknown, captured, intersection). */
    public static @Nullable String of(@Nullable JavaType type, Set<String> imports) {
        if (type instanceof JavaType.Primitive) {
            JavaType.Primitive primitive = (JavaType.Primitive) type;
            return primitive == JavaType.Primitive.None || primitive == JavaType.Primitive.Null ? null : primitive.getKeyword();
        }
        if (type instanceof JavaType.Array) {
            String element = of(((JavaType.Array) type).getElemType(), imports);
            return element == null ? null : element + "[]";
        }
        if (type instanceof JavaType.GenericTypeVariable) {
            return typeVariable((JavaType.GenericTypeVariable) type, imports);
        }
        if (type instanceof JavaType.Parameterized) {
            JavaType.Parameterized parameterized = (JavaType.Parameterized) type;
            String raw = className(parameterized.getType(), imports);
            StringJoiner arguments = new StringJoiner(", ", "<", ">");
            for (JavaType argument : parameterized.getTypeParameters()) {
                String text = of(argument, imports);
                if (text == null) {
                    return null;
                }
                arguments.add(text);
            }
            return raw == null ? null : raw + arguments;
        }
        if (type instanceof JavaType.Class) {
            return className((JavaType.Class) type, imports);
        }
        return null;
    }

    /**
     * The type a variable that holds a wildcard's values is declared with, since no variable can be declared
     * {@code ?}: the bound of {@code ? extends T}, {@code Object} for {@code ?} and {@code ? super T}. Any other
     * type is itself; null for a wildcard with several bounds or a wildcard for a bound.
     */
    public static @Nullable JavaType upperBound(@Nullable JavaType type) {
        if (!isWildcard(type)) {
            return type;
        }
        JavaType.GenericTypeVariable wildcard = (JavaType.GenericTypeVariable) type;
        if (wildcard.getBounds().isEmpty() || wildcard.getVariance() != JavaType.GenericTypeVariable.Variance.COVARIANT) {
            return JavaType.ShallowClass.build("java.lang.Object");
        }
        return wildcard.getBounds().size() == 1 && !isWildcard(wildcard.getBounds().get(0)) ? wildcard.getBounds().get(0) : null;
    }

    /** A {@code ?}, bounded or not: what javac's capture of a wildcard is attributed as. */
    public static boolean isWildcard(@Nullable JavaType type) {
        return type instanceof JavaType.GenericTypeVariable && "?".equals(((JavaType.GenericTypeVariable) type).getName());
    }

    private static @Nullable String typeVariable(JavaType.GenericTypeVariable variable, Set<String> imports) {
        if (!"?".equals(variable.getName())) {
            return isIdentifier(variable.getName()) ? variable.getName() : null;
        }
        if (variable.getBounds().isEmpty() || variable.getVariance() == JavaType.GenericTypeVariable.Variance.INVARIANT) {
            return "?";
        }
        if (variable.getBounds().size() != 1) {
            return null;
        }
        String bound = of(variable.getBounds().get(0), imports);
        if (bound == null) {
            return null;
        }
        return (variable.getVariance() == JavaType.GenericTypeVariable.Variance.COVARIANT ? "? extends " : "? super ") + bound;
    }

    private static @Nullable String className(JavaType.FullyQualified type, Set<String> imports) {
        if (type instanceof JavaType.Unknown) {
            return null;
        }
        String className = type.getClassName();
        String packageName = type.getPackageName();
        String outer = className.contains(".") ? className.substring(0, className.indexOf('.')) : className;
        if (!packageName.isEmpty() && !"java.lang".equals(packageName)) {
            imports.add(packageName + "." + outer);
        }
        return className;
    }

    /**
     * {@code text} with nested types written as the file imports them: {@code Entry<K, V>} rather than
     * {@code Map.Entry<K, V>} where the file has {@code import java.util.Map.Entry;}.
     */
    public static String asImported(String text, J.CompilationUnit cu) {
        String result = text;
        for (J.Import anImport : cu.getImports()) {
            String typeName = anImport.getTypeName();
            int nested = typeName.lastIndexOf('$');
            if (anImport.isStatic() || nested < 0 || typeName.endsWith("*")) {
                continue;
            }
            String written = typeName.substring(typeName.lastIndexOf('.', nested) + 1).replace('$', '.');
            String simple = typeName.substring(nested + 1);
            result = result.replaceAll("(?<![\\w.])" + Pattern.quote(written) + "(?!\\w)", simple);
        }
        return result;
    }

    /**
     * {@code text} as code at {@code cursor} writes it: imported nested types by their simple name (as
     * {@link #asImported}), and a member type of a class the code is in by its own name, {@code Line} rather than
     * {@code InvoiceTotals.Line} inside {@code InvoiceTotals}, where the member type is what the name means.
     */
    public static String asWrittenAt(String text, Cursor cursor) {
        String result = asImported(text, cursor.firstEnclosingOrThrow(J.CompilationUnit.class));
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            if (!(c.getValue() instanceof J.ClassDeclaration) || ((J.ClassDeclaration) c.getValue()).getType() == null) {
                continue;
            }
            J.ClassDeclaration enclosing = c.getValue();
            for (Statement member : enclosing.getBody().getStatements()) {
                if (member instanceof J.ClassDeclaration) {
                    String name = ((J.ClassDeclaration) member).getSimpleName();
                    String qualified = enclosing.getType().getClassName() + "." + name;
                    result = result.replaceAll("(?<![\\w.])" + Pattern.quote(qualified) + "(?!\\w)", name);
                }
            }
        }
        return result;
    }

    private static boolean isIdentifier(String name) {
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            if (!Character.isJavaIdentifierPart(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Gives each part of a type tree the matching part of {@code type}, which it spells: for a declaration a template
     * wrote from {@link #of}'s text, whose project types the template parser did not know.
     */
    @SuppressWarnings("unchecked")
    public static <T extends J> T attribute(T tree, @Nullable JavaType type) {
        if (type == null) {
            return tree;
        }
        if (tree instanceof J.Identifier) {
            return (T) ((J.Identifier) tree).withType(type);
        }
        if (tree instanceof J.FieldAccess) {
            J.FieldAccess access = (J.FieldAccess) tree;
            JavaType.FullyQualified owner = type instanceof JavaType.FullyQualified ? ((JavaType.FullyQualified) type).getOwningClass() : null;
            return (T) access.withTarget(attribute(access.getTarget(), owner)).withName(access.getName().withType(type)).withType(type);
        }
        if (tree instanceof J.ParameterizedType && type instanceof JavaType.Parameterized) {
            J.ParameterizedType parameterized = (J.ParameterizedType) tree;
            List<JavaType> arguments = ((JavaType.Parameterized) type).getTypeParameters();
            JContainer<Expression> container = parameterized.getPadding().getTypeParameters();
            if (container != null && container.getElements().size() == arguments.size()) {
                List<JRightPadded<Expression>> padded = new ArrayList<>(container.getPadding().getElements());
                for (int i = 0; i < padded.size(); i++) {
                    padded.set(i, padded.get(i).withElement(attribute(padded.get(i).getElement(), arguments.get(i))));
                }
                parameterized = parameterized.getPadding().withTypeParameters(container.getPadding().withElements(padded));
            }
            return (T) parameterized.withClazz(attribute(parameterized.getClazz(), ((JavaType.Parameterized) type).getType())).withType(type);
        }
        if (tree instanceof J.Wildcard && type instanceof JavaType.GenericTypeVariable) {
            J.Wildcard wildcard = (J.Wildcard) tree;
            List<JavaType> bounds = ((JavaType.GenericTypeVariable) type).getBounds();
            return wildcard.getBoundedType() == null || bounds.size() != 1 ? tree :
                    (T) wildcard.withBoundedType(attribute(wildcard.getBoundedType(), bounds.get(0)));
        }
        if (tree instanceof J.ArrayType && type instanceof JavaType.Array) {
            J.ArrayType arrayType = (J.ArrayType) tree;
            return (T) arrayType.withElementType(attribute(arrayType.getElementType(), ((JavaType.Array) type).getElemType())).withType(type);
        }
        return tree;
    }
}

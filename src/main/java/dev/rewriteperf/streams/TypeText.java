package dev.rewriteperf.streams;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

import java.util.Set;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * Writes a type as a careful engineer would in source: simple names, {@code Map.Entry} for nested types,
 * wildcards and type variables by name. Collects the top-level classes that the text needs imported.
 */
final class TypeText {

    private TypeText() {
    }

    /** The source text of {@code type}, or null when it cannot be written (unknown, captured, intersection). */
    static @Nullable String of(@Nullable JavaType type, Set<String> imports) {
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
    static String asImported(String text, J.CompilationUnit cu) {
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
    static String asWrittenAt(String text, Cursor cursor) {
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
}

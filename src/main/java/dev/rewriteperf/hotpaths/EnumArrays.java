package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.names.EnclosingClasses;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

/**
 * The shared {@code private static final E[]} arrays of {@code E.values()}, keyed by the enum's name as the class
 * that declares the array writes it.
 */
final class EnumArrays {

    static final SharedFields.Kind KIND = new SharedFields.Kind() {
        @Override
        public String type() {
            return "java.lang.Object";
        }

        @Override
        public @Nullable String keyOf(J.VariableDeclarations field) {
            return null; // an existing array may be written by code this recipe does not see: never shared
        }

        @Override
        public String declaration(String key, String name) {
            String enumName = key.substring(key.indexOf(':') + 1);
            String values = key.startsWith(UNQUALIFIED) ? "values()" : enumName + ".values()";
            return "private static final " + enumName + "[] " + name + " = " + values + ";";
        }

        @Override
        public boolean namesTheFilesTypes() {
            return true;
        }
    };

    /** How a key says that the enum's own code calls {@code values()} unqualified: the field does too. */
    private static final String UNQUALIFIED = "values():";

    private EnumArrays() {
    }

    /**
     * The key of the call's array: in the enum's own code (qualified or not), {@code values():} and its simple name;
     * elsewhere, how the top-level class (where the array is then declared) names the enum, or null when it cannot be
     * named there.
     */
    static @Nullable String key(EnumValuesCall values, Cursor cursor, boolean inEnum) {
        if (inEnum) { // values() and Mode.values() in Mode's own code: one array, read as values() there
            String className = values.enumType.getClassName();
            return UNQUALIFIED + className.substring(className.lastIndexOf('.') + 1);
        }
        return topLevelName(values, cursor);
    }

    /**
     * The enum's name as the top-level class can write it: the path from that class to an enum nested in it
     * ({@code Inner.Mode}), or the call's own qualifier when it starts at a top-level type or a package
     * ({@code Palette.Color}, {@code java.util.concurrent.TimeUnit}); null otherwise (an enum a nested class inherits
     * or imports under a name the top-level class does not see as the same type).
     */
    private static @Nullable String topLevelName(EnumValuesCall values, Cursor cursor) {
        J.ClassDeclaration topLevel = EnclosingClasses.topLevel(cursor);
        String enumName = values.enumType.getFullyQualifiedName();
        if (topLevel != null && topLevel.getType() != null && enumName.startsWith(topLevel.getType().getFullyQualifiedName() + "$")) {
            String path = enumName.substring(topLevel.getType().getFullyQualifiedName().length() + 1);
            return path.matches("([A-Za-z_]\\w*\\$)*[A-Za-z_]\\w*") ? path.replace('$', '.') : null;
        }
        Expression select = values.call.getSelect();
        Expression root = select;
        while (root instanceof J.FieldAccess) {
            root = ((J.FieldAccess) root).getTarget();
        }
        JavaType.FullyQualified rootType = root instanceof J.Identifier && ((J.Identifier) root).getFieldType() == null ?
                TypeUtils.asFullyQualified(root.getType()) : null;
        boolean fromTopLevelType = rootType != null && rootType.getOwningClass() == null;
        boolean fromPackage = root instanceof J.Identifier && root.getType() == null && select instanceof J.FieldAccess;
        return fromTopLevelType || fromPackage ? select.printTrimmed(cursor).replaceAll("\\s+", "") : null;
    }
}

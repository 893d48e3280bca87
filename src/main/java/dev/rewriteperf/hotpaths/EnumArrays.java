package dev.rewriteperf.hotpaths;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.J;

/** The shared {@code private static final E[]} arrays of {@code E.values()}, keyed by the enum's name as written. */
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

    /** The enum's name as the call writes it ({@code Color}, {@code Palette.Color}), or {@code values():} and its simple name. */
    static String key(EnumValuesCall values, Cursor cursor) {
        if (values.call.getSelect() != null) {
            return values.call.getSelect().printTrimmed(cursor);
        }
        String className = values.enumType.getClassName();
        return UNQUALIFIED + className.substring(className.lastIndexOf('.') + 1);
    }
}

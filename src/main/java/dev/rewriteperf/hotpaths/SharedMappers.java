package dev.rewriteperf.hotpaths;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

/** The shared {@code private static final ObjectMapper} fields of a top-level class. */
final class SharedMappers implements SharedFields.Kind {

    /** Every shared mapper is the same: an unconfigured one. */
    static final String KEY = "new ObjectMapper()";

    /** Mappers of no class in particular: none of an existing class is shared. */
    static final SharedMappers NEW_ONLY = new SharedMappers(null, null);

    private final J.@Nullable CompilationUnit cu;
    private final @Nullable Cursor cuCursor;

    private SharedMappers(J.@Nullable CompilationUnit cu, @Nullable Cursor cuCursor) {
        this.cu = cu;
        this.cuCursor = cuCursor;
    }

    /**
     * The kind of field for the top-level class at {@code classCursor}: a private static final mapper it already builds
     * with {@code new ObjectMapper()} and that the file only reads or writes with is shared too.
     */
    static SharedMappers of(Cursor classCursor) {
        J.CompilationUnit cu = classCursor.firstEnclosingOrThrow(J.CompilationUnit.class);
        return new SharedMappers(cu, new Cursor(classCursor.getParentOrThrow().getParentOrThrow(), cu));
    }

    @Override
    public String type() {
        return MapperUses.OBJECT_MAPPER;
    }

    @Override
    public @Nullable String keyOf(J.VariableDeclarations field) {
        // Private: another class could configure a field it sees, and a mapper it configures is not one to share.
        if (cu == null || cuCursor == null || field.getVariables().size() != 1 || !field.hasModifier(J.Modifier.Type.Private) ||
            !field.hasModifier(J.Modifier.Type.Static) ||
            !field.hasModifier(J.Modifier.Type.Final) || !TypeUtils.isOfClassType(field.getType(), MapperUses.OBJECT_MAPPER) ||
            !MapperUses.isPlainNew(field.getVariables().get(0).getInitializer())) {
            return null;
        }
        JavaType.Variable variable = field.getVariables().get(0).getVariableType();
        return variable != null && MapperUses.otherUse(cu, variable, cuCursor) == null ? KEY : null;
    }

    @Override
    public String declaration(String key, String name) {
        return "private static final ObjectMapper " + name + " = new ObjectMapper();";
    }

    @Override
    public String[] stubs() {
        return new String[]{"package com.fasterxml.jackson.databind; public class ObjectMapper { public ObjectMapper() { } }"};
    }
}

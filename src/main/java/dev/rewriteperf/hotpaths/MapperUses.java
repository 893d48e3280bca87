package dev.rewriteperf.hotpaths;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/** How code uses a Jackson {@code ObjectMapper}: whether every use only reads its configuration. */
final class MapperUses {

    static final String OBJECT_MAPPER = "com.fasterxml.jackson.databind.ObjectMapper";

    static final MethodMatcher NEW_MAPPER = new MethodMatcher(OBJECT_MAPPER + " <constructor>()");

    /** Methods that serialise, parse or convert with the mapper's configuration and change nothing in it. */
    private static final Set<String> READ_ONLY = new HashSet<>(Arrays.asList("writeValueAsString", "writeValueAsBytes",
            "writeValue", "readValue", "readValues", "readTree", "convertValue", "treeToValue", "valueToTree",
            "createObjectNode", "createArrayNode", "writer", "writerFor", "writerWithDefaultPrettyPrinter", "reader",
            "readerFor", "getTypeFactory", "canSerialize", "canDeserialize"));

    private MapperUses() {
    }

    /** Whether {@code mapper} is the target of a read-only call of {@code ObjectMapper} itself. */
    static boolean isReadOnlyUse(Expression mapper, Cursor parent) {
        Object tree = parent.getValue();
        if (!(tree instanceof J.MethodInvocation) || ((J.MethodInvocation) tree).getSelect() != mapper) {
            return false;
        }
        JavaType.Method method = ((J.MethodInvocation) tree).getMethodType();
        return method != null && READ_ONLY.contains(method.getName()) &&
               TypeUtils.isOfClassType(method.getDeclaringType(), OBJECT_MAPPER);
    }

    /** A {@code new ObjectMapper()} without arguments or a body: an unconfigured mapper of Jackson's own class. */
    static boolean isPlainNew(@Nullable Expression expression) {
        return expression instanceof J.NewClass && ((J.NewClass) expression).getBody() == null &&
               NEW_MAPPER.matches((J.NewClass) expression);
    }

    /**
     * Where {@code variable} is used in {@code scope} other than as the target of a read-only call: the first such
     * use, printed, or null when there is none (the mapper is never configured, passed, stored or returned there).
     */
    static @Nullable String otherUse(J scope, JavaType.Variable variable, Cursor scopeCursor) {
        String[] found = new String[1];
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
                boolean declaration = getCursor().getParentTreeCursor().getValue() instanceof J.VariableDeclarations.NamedVariable;
                if (found[0] == null && !declaration && variable.equals(identifier.getFieldType()) &&
                    !isReadOnlyUse(identifier, getCursor().getParentTreeCursor())) {
                    Object parent = getCursor().getParentTreeCursor().getValue();
                    found[0] = parent instanceof J ? ((J) parent).printTrimmed(getCursor().getParentTreeCursor()) : identifier.getSimpleName();
                }
                return identifier;
            }
        }.visit(scope, 0, scopeCursor);
        return found[0];
    }
}

package dev.rewriteperf.buffers;

import dev.rewriteperf.analysis.writing.ClassMembers;
import dev.rewriteperf.analysis.writing.Templates;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.marker.Markers;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;

import static org.openrewrite.Tree.randomId;

/**
 * The members one class gets for reading RocksDB values into a reused buffer: the buffer (a {@code ThreadLocal}
 * or an instance field, 128 bytes to start with) and one {@code readValue} method per {@code get} overload used,
 * which reads into the buffer, grows it to the value's length and reads again until the value fits.
 */
final class ValueBuffer {

    /** The name of the methods that read into the buffer. */
    static final String METHOD = "readValue";

    private static final int INITIAL_SIZE = 128;

    /** The class with the members added: the field first, the methods last. */
    final J.ClassDeclaration host;
    private final boolean perThread;
    private final J.Identifier field;
    private final Map<RocksDbGet, JavaType.Method> helpers;

    private ValueBuffer(J.ClassDeclaration host, boolean perThread, J.Identifier field, Map<RocksDbGet, JavaType.Method> helpers) {
        this.host = host;
        this.perThread = perThread;
        this.field = field;
        this.helpers = helpers;
    }

    /** The buffer field's name: a constant's for the per-thread buffer, a field's for the instance's. */
    static String fieldName(boolean perThread) {
        return perThread ? "VALUE_BUFFER" : "valueBuffer";
    }

    /**
     * {@code c} (at {@code classCursor}) with the buffer field as its first member, followed by a blank line, and
     * a {@code readValue} method for each of {@code overloads} as its last members.
     */
    static ValueBuffer declare(J.ClassDeclaration c, Cursor classCursor, boolean perThread, Set<RocksDbGet> overloads,
                               ExecutionContext ctx) {
        String fieldName = fieldName(perThread);
        StringJoiner code = new StringJoiner("\n\n");
        code.add(perThread ?
                "private static final ThreadLocal<byte[]> " + fieldName + " = ThreadLocal.withInitial(() -> new byte[" + INITIAL_SIZE + "]);" :
                "private byte[] " + fieldName + " = new byte[" + INITIAL_SIZE + "];");
        for (RocksDbGet get : overloads) {
            code.add(helper(get, perThread, fieldName));
        }
        J.Block body = c.getBody();
        J.Block withMembers = ClassMembers.generate(Templates.builder(code.toString(), ctx, RocksDbGet.STUBS)
                .imports(RocksDbGet.IMPORTS)
                .build(), body, classCursor);
        List<Statement> statements = new ArrayList<>(withMembers.getStatements());
        J.VariableDeclarations declaration = ownedBy((J.VariableDeclarations) statements.remove(body.getStatements().size()), c);
        Map<RocksDbGet, JavaType.Method> helpers = new EnumMap<>(RocksDbGet.class);
        int i = body.getStatements().size();
        for (RocksDbGet get : overloads) {
            J.MethodDeclaration helper = declaredBy((J.MethodDeclaration) statements.get(i), c);
            statements.set(i++, ClassMembers.afterBlankLine(helper, ClassMembers.indent(body)));
            helpers.put(get, Objects.requireNonNull(helper.getMethodType()));
        }
        statements = ClassMembers.insert(statements, 0, Collections.singletonList(declaration), ClassMembers.indent(body));
        JavaType.Variable fieldType = Objects.requireNonNull(declaration.getVariables().get(0).getVariableType());
        J.Identifier field = new J.Identifier(randomId(), Space.EMPTY, Markers.EMPTY, Collections.emptyList(), fieldName,
                fieldType.getType(), fieldType);
        return new ValueBuffer(c.withBody(withMembers.withStatements(statements)), perThread, field, helpers);
    }

    /** The generated field {@code declaration}, typed as a field of {@code c}. */
    private static J.VariableDeclarations ownedBy(J.VariableDeclarations declaration, J.ClassDeclaration c) {
        J.VariableDeclarations.NamedVariable variable = declaration.getVariables().get(0);
        JavaType.Variable fieldType = Objects.requireNonNull(variable.getVariableType()).withOwner(c.getType());
        return declaration.withVariables(Collections.singletonList(variable.withVariableType(fieldType)
                .withName(variable.getName().withFieldType(fieldType))));
    }

    /** The generated {@code helper}, typed as a method {@code c} declares. */
    private static J.MethodDeclaration declaredBy(J.MethodDeclaration helper, J.ClassDeclaration c) {
        JavaType.Method type = Objects.requireNonNull(helper.getMethodType()).withDeclaringType(Objects.requireNonNull(c.getType()));
        return helper.withMethodType(type).withName(helper.getName().withType(type));
    }

    /** The {@code readValue} method for {@code get}: read, and while the value does not fit, grow and read again. */
    private static String helper(RocksDbGet get, boolean perThread, String field) {
        String buffer = perThread ? "buffer" : field;
        String read = "db.get(" + get.arguments + ", " + buffer + ");";
        return "private " + (perThread ? "static " : "") + "int " + METHOD + "(RocksDB db, " + get.parameters +
               ") throws RocksDBException {\n" +
               (perThread ? "    byte[] buffer = " + field + ".get();\n" : "") +
               "    int length = " + read + "\n" +
               "    while (length > " + buffer + ".length) {\n" +
               "        " + buffer + " = new byte[length];\n" +
               (perThread ? "        " + field + ".set(buffer);\n" : "") +
               "        length = " + read + "\n" +
               "    }\n" +
               "    return length;\n" +
               "}";
    }

    /** The helper method the class declares for {@code get}. */
    JavaType.Method helperType(RocksDbGet get) {
        return Objects.requireNonNull(helpers.get(get));
    }

    /** The buffer as it is after a read, to replace {@code read} at {@code at}: {@code VALUE_BUFFER.get()}, or the field. */
    Expression current(Cursor at, Expression read, ExecutionContext ctx) {
        if (!perThread) {
            return field;
        }
        return Templates.builder("#{any(java.lang.ThreadLocal<byte[]>)}.get()", ctx)
                .build()
                .apply(at, read.getCoordinates().replace(), field);
    }
}

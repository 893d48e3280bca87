package dev.rewriteperf.buffers;

import dev.rewriteperf.analysis.BlankLines;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.JavaTemplate;
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

    static ValueBuffer declare(J.ClassDeclaration c, Cursor classCursor, boolean perThread, String fieldName,
                               Set<RocksDbGet> overloads, String method, String[] stubs, String[] imports) {
        StringJoiner code = new StringJoiner("\n\n");
        code.add(perThread ?
                "private static final ThreadLocal<byte[]> " + fieldName + " = ThreadLocal.withInitial(() -> new byte[" + INITIAL_SIZE + "]);" :
                "private byte[] " + fieldName + " = new byte[" + INITIAL_SIZE + "];");
        for (RocksDbGet get : overloads) {
            code.add(helper(get, perThread, fieldName, method));
        }
        J.Block body = c.getBody();
        J.Block withMembers = JavaTemplate.builder(code.toString())
                .javaParser(JavaParser.fromJavaVersion().dependsOn(stubs))
                .imports(imports)
                .build()
                .apply(new Cursor(classCursor, body), body.getCoordinates().lastStatement());
        List<Statement> statements = new ArrayList<>(withMembers.getStatements());
        int first = body.getStatements().size();
        J.VariableDeclarations declaration = (J.VariableDeclarations) statements.remove(first);
        J.VariableDeclarations.NamedVariable variable = declaration.getVariables().get(0);
        JavaType.Variable fieldType = Objects.requireNonNull(variable.getVariableType()).withOwner(c.getType());
        declaration = declaration.withVariables(Collections.singletonList(variable.withVariableType(fieldType)
                .withName(variable.getName().withFieldType(fieldType))));
        Map<RocksDbGet, JavaType.Method> helpers = new EnumMap<>(RocksDbGet.class);
        int i = first;
        for (RocksDbGet get : overloads) {
            J.MethodDeclaration helper = (J.MethodDeclaration) statements.get(i);
            JavaType.Method type = Objects.requireNonNull(helper.getMethodType()).withDeclaringType(Objects.requireNonNull(c.getType()));
            statements.set(i++, helper.withMethodType(type).withName(helper.getName().withType(type))
                    .withPrefix(Space.format("\n\n" + indent(body))));
            helpers.put(get, type);
        }
        if (statements.isEmpty()) {
            statements.add(declaration.withPrefix(Space.format("\n" + indent(body))));
        } else {
            if (first > 0) {
                statements.set(0, BlankLines.before(statements.get(0)));
            }
            statements.add(0, declaration.withPrefix(Space.format("\n" + indent(body))));
        }
        J.Identifier field = new J.Identifier(randomId(), Space.EMPTY, Markers.EMPTY, Collections.emptyList(), fieldName,
                fieldType.getType(), fieldType);
        return new ValueBuffer(c.withBody(withMembers.withStatements(statements)), perThread, field, helpers);
    }

    private static String indent(J.Block body) {
        return body.getStatements().isEmpty() ? "    " : body.getStatements().get(0).getPrefix().getIndent();
    }

    private static String helper(RocksDbGet get, boolean perThread, String field, String method) {
        String buffer = perThread ? "buffer" : field;
        String read = "db.get(" + get.arguments + ", " + buffer + ");";
        return "private " + (perThread ? "static " : "") + "int " + method + "(RocksDB db, " + get.parameters +
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
    Expression current(Cursor at, Expression read) {
        if (!perThread) {
            return field;
        }
        return JavaTemplate.builder("#{any(java.lang.ThreadLocal<byte[]>)}.get()")
                .build()
                .apply(at, read.getCoordinates().replace(), field);
    }
}

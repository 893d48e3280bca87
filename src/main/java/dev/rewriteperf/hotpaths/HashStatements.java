package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.writing.Indentation;
import dev.rewriteperf.analysis.writing.LineLengths;
import dev.rewriteperf.analysis.writing.Templates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A {@code return Objects.hash(a, b, c);} whose hash, written out on its line, would be longer than the file's lines,
 * written instead as {@code Arrays.hashCode}'s loop unrolled, one value a line, as hand-written hash codes are:
 * <pre>
 * int result = 31 + Objects.hashCode(a);
 * result = 31 * result + Integer.hashCode(b);
 * result = 31 * result + Objects.hashCode(c);
 * return result;
 * </pre>
 * The arithmetic of the one-line form, in the same order: the same hash, the values read as often and in that order.
 */
final class HashStatements {

    /** Names for the running hash, the first free one taken. */
    private static final String[] NAMES = {"result", "hash"};

    /** The call's cursor. */
    private final Cursor call;
    private final J.Return returned;
    private final List<Expression> values;
    private final String objects;
    private final String name;

    private HashStatements(Cursor call, J.Return returned, List<Expression> values, String objects, String name) {
        this.call = call;
        this.returned = returned;
        this.values = values;
        this.objects = objects;
        this.name = name;
    }

    /**
     * The statements for the {@code Objects.hash} call at {@code at} ({@code call} is its visited form; {@code objects}
     * how the file names {@code java.util.Objects}); null where the call is not all a {@code return} in a block
     * returns, the return is written over several lines, no name is free (in the method, and of the class's fields)
     * or a new line would not fit the file's.
     */
    static @Nullable HashStatements of(Cursor at, J.MethodInvocation call, String objects) {
        Cursor returnCursor = at.getParentTreeCursor();
        if (!(returnCursor.getValue() instanceof J.Return) || ((J.Return) returnCursor.getValue()).getExpression() != at.getValue()) {
            return null;
        }
        J.Return returned = returnCursor.getValue();
        Cursor block = returnCursor.getParentTreeCursor();
        // a return the author wrapped, or wrote on the line of other code, keeps the line reason, as a wrapped call does
        if (!(block.getValue() instanceof J.Block) || !returned.getPrefix().getLastWhitespace().contains("\n")
            || returned.withPrefix(Space.EMPTY).printTrimmed(block).contains("\n")) {
            return null;
        }
        FreshNames names = FreshNames.near(at);
        Set<String> fields = fieldNames(at);
        String name = null;
        for (String candidate : NAMES) {
            if (name == null && names.isFreeBesideMethods(candidate) && !fields.contains(candidate)) {
                name = candidate;
            }
        }
        if (name == null) {
            return null;
        }
        HashStatements statements = new HashStatements(at, returned, call.getArguments(), objects, name);
        J.CompilationUnit cu = at.firstEnclosingOrThrow(J.CompilationUnit.class);
        String indent = returned.getPrefix().getIndent();
        for (String line : Templates.withValues(statements.code(), call.getArguments(), at).split("\n")) {
            if (LineLengths.newCodeLineReason(cu, indent, line, "a line of the hash") != null) {
                return null;
            }
        }
        return statements;
    }

    /**
     * The fields of the classes around {@code at} and of their superclasses: a local of one of their names would hide
     * it, which Checkstyle's HiddenField fails the build on, even where the method does not use the field.
     */
    private static Set<String> fieldNames(Cursor at) {
        Set<String> names = new HashSet<>();
        for (Cursor c = at; c != null; c = c.getParent()) {
            if (c.getValue() instanceof J.ClassDeclaration) {
                for (JavaType.FullyQualified type = ((J.ClassDeclaration) c.getValue()).getType(); type != null;
                     type = type.getSupertype()) {
                    for (JavaType.Variable field : type.getMembers()) {
                        names.add(field.getName());
                    }
                }
            }
        }
        return names;
    }

    /** The return the statements take the place of. */
    J.Return returned() {
        return returned;
    }

    /** The statements as a template: one slot per value, in order. */
    String code() {
        StringBuilder code = new StringBuilder("int ").append(name).append(" = 31 + ")
                .append(HashedValues.term(values.get(0), objects)).append(";\n");
        for (int i = 1; i < values.size(); i++) {
            code.append(name).append(" = 31 * ").append(name).append(" + ").append(HashedValues.term(values.get(i), objects)).append(";\n");
        }
        return code.append("return ").append(name).append(';').toString();
    }

    /** The statements, attributed and indented as the return they replace, the first with its comments. */
    List<Statement> generated(ExecutionContext ctx) {
        FreshNames.near(call).takeBesideMethods(name);
        Cursor blockCursor = call.getParentTreeCursor().getParentTreeCursor();
        J.Block block = blockCursor.getValue();
        J.Block applied = Templates.builder(code(), ctx).contextSensitive().imports("java.util.Objects").build()
                .apply(blockCursor, returned.getCoordinates().replace(), values.toArray());
        int index = block.getStatements().indexOf(returned);
        int count = applied.getStatements().size() - block.getStatements().size() + 1;
        List<Statement> generated = new ArrayList<>(applied.getStatements().subList(index, index + count));
        String templateIndent = generated.get(0).getPrefix().getIndent();
        String indent = returned.getPrefix().getIndent();
        generated.replaceAll(statement -> Indentation.moved(statement, templateIndent, indent));
        generated.set(0, generated.get(0).withPrefix(returned.getPrefix()));
        return generated;
    }
}

package dev.rewriteperf.analysis.writing;

import org.openrewrite.Cursor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the members a recipe adds to a class go, and the blank lines that set them apart: fields on lines of
 * their own before the existing members (after a {@code serialVersionUID} that comes first), with a blank line (see {@link BlankLines}) between them and the first
 * existing member, and methods after the existing members, each after a blank line.
 */
public final class ClassMembers {

    /** The indentation of a body without members to take it from. */
    private static final String DEFAULT_INDENT = "    ";

    private ClassMembers() {
    }

    /** The indentation of {@code body}'s members: that of its first member, or four spaces when it has none. */
    public static String indent(J.Block body) {
        return body.getStatements().isEmpty() ? DEFAULT_INDENT : body.getStatements().get(0).getPrefix().getIndent();
    }

    /**
     * {@code members} with {@code added} inserted at {@code index} (past a {@code serialVersionUID} standing there),
     * each on a line of its own at {@code indent}.
     * Inserted before every member ({@code index} 0), they are set apart from the member that then follows them
     * by a blank line, and from the opening brace by one when the class had one there; right after an enum's
     * constants, from those by a blank line; inserted after other members, they join those (a run of fields of the
     * same kind).
     */
    public static List<Statement> insert(List<Statement> members, int index, List<? extends Statement> added, String indent) {
        List<Statement> statements = new ArrayList<>(members);
        int at = index;
        while (at < statements.size() && isSerialVersionUid(statements.get(at))) {
            at++; // a class's serial version stays its first field, as Java's own classes keep it
        }
        // a class that leaves a blank line after its opening brace leaves it above the added fields too
        boolean blankLineFirst = at == 0 && !statements.isEmpty() && BlankLines.startsWithBlankLine(statements.get(0).getPrefix());
        if (at == 0 && !statements.isEmpty()) {
            statements.set(0, BlankLines.before(statements.get(0)));
        }
        Space ownLine = Space.format("\n" + indent);
        List<Statement> onOwnLines = new ArrayList<>(added.size());
        for (Statement member : added) {
            onOwnLines.add(member.withPrefix(ownLine));
        }
        if (blankLineFirst && !onOwnLines.isEmpty()) {
            onOwnLines.set(0, afterBlankLine(onOwnLines.get(0), indent));
        }
        if (at > 0 && !onOwnLines.isEmpty() && statements.get(at - 1) instanceof J.EnumValueSet) {
            onOwnLines.set(0, afterBlankLine(onOwnLines.get(0), indent)); // set apart from an enum's constants
        }
        statements.addAll(at, onOwnLines);
        return statements;
    }

    private static boolean isSerialVersionUid(Statement member) {
        if (!(member instanceof J.VariableDeclarations)) {
            return false;
        }
        J.VariableDeclarations field = (J.VariableDeclarations) member;
        return field.hasModifier(J.Modifier.Type.Static) && field.getVariables().size() == 1 &&
               field.getVariables().get(0).getSimpleName().equals("serialVersionUID");
    }

    /**
     * {@code body} (of the class at {@code classCursor}) with the members {@code template} declares after its own: the
     * one step every recipe that adds fields or methods takes, typing them as the class's before it places them
     * ({@link #placeGenerated}). They are generated last because nothing may come before an enum's constants, not even
     * in a template's context.
     */
    public static J.Block generate(JavaTemplate template, J.Block body, Cursor classCursor) {
        return template.apply(new Cursor(classCursor, body), body.getStatements().isEmpty() ?
                body.getCoordinates().firstStatement() : body.getCoordinates().lastStatement());
    }

    /**
     * {@code withGenerated} ({@link #generate}d from a body whose members were {@code before}) with the generated
     * members moved to {@code index} among those, each on a line of its own at {@code indent} (see {@link #insert}). A
     * body that had no members is kept as generated.
     */
    public static J.Block placeGenerated(J.Block withGenerated, List<Statement> before, int index, String indent) {
        if (before.isEmpty()) {
            return withGenerated;
        }
        List<Statement> statements = withGenerated.getStatements();
        List<Statement> generated = statements.subList(before.size(), statements.size());
        return withGenerated.withStatements(insert(before, index, generated, indent));
    }

    /** {@code member} on a line of its own at {@code indent}, after a blank line: how an added method starts. */
    public static <S extends Statement> S afterBlankLine(S member, String indent) {
        return member.withPrefix(Space.format("\n\n" + indent));
    }
}

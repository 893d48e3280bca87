package dev.rewriteperf.hotpaths;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.List;

/** {@code ObjectMapper mapper = new ObjectMapper();} declared in a block: a local mapper built on every run. */
final class LocalMapper {

    final J.VariableDeclarations declaration;
    final JavaType.Variable variable;

    private LocalMapper(J.VariableDeclarations declaration, JavaType.Variable variable) {
        this.declaration = declaration;
        this.variable = variable;
    }

    static @Nullable LocalMapper of(Statement statement) {
        if (!(statement instanceof J.VariableDeclarations) || ((J.VariableDeclarations) statement).getVariables().size() != 1) {
            return null;
        }
        J.VariableDeclarations declaration = (J.VariableDeclarations) statement;
        J.VariableDeclarations.NamedVariable variable = declaration.getVariables().get(0);
        if (!MapperUses.isPlainNew(variable.getInitializer()) || variable.getVariableType() == null) {
            return null;
        }
        return new LocalMapper(declaration, variable.getVariableType());
    }

    /**
     * {@code block} without the declaration, every use of the local reading {@code field} instead; the statement
     * after the declaration takes its place (its blank line), unless either has comments before it.
     */
    J.Block replacedBy(J.Block block, J.Identifier field) {
        List<Statement> statements = new ArrayList<>();
        boolean removed = false;
        for (Statement statement : block.getStatements()) {
            if (statement == declaration) {
                removed = true;
                continue;
            }
            boolean follows = removed && statements.size() == block.getStatements().indexOf(declaration);
            if (follows && statement.getPrefix().getComments().isEmpty() && declaration.getPrefix().getComments().isEmpty()) {
                statement = statement.withPrefix(declaration.getPrefix()); // keeps a blank line that set the two apart
            }
            statements.add(statement);
        }
        J.Block without = block.withStatements(statements);
        return (J.Block) new JavaIsoVisitor<Integer>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
                return variable.equals(identifier.getFieldType()) ? field.withPrefix(identifier.getPrefix()) : identifier;
            }
        }.visitNonNull(without, 0);
    }
}

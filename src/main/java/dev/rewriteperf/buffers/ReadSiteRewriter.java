package dev.rewriteperf.buffers;

import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.Spots;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * Rewrites each read site of one host class, {@code byte[] value = db.get(..)}, into
 * {@code int valueLength = readValue(db, ..); byte[] value = VALUE_BUFFER.get();} (or the instance's buffer), and
 * the uses of the value after it into uses of the length and the buffer.
 */
final class ReadSiteRewriter extends JavaIsoVisitor<ExecutionContext> {
    /** The sites to rewrite, keyed by the id of their declaration. */
    private final Map<UUID, RocksDbGet> sites;
    private final ValueBuffer buffer;
    private final Spots spots;

    ReadSiteRewriter(Map<UUID, RocksDbGet> sites, ValueBuffer buffer, Spots spots) {
        this.sites = sites;
        this.buffer = buffer;
        this.spots = spots;
    }

    @Override
    public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
        J.Block b = super.visitBlock(block, ctx);
        List<Statement> statements = new ArrayList<>(b.getStatements());
        for (int i = 0; i < statements.size(); i++) {
            RocksDbGet get = statements.get(i) instanceof J.VariableDeclarations ? sites.get(statements.get(i).getId()) : null;
            if (get != null) {
                rewriteSite(statements, i, get, b, ctx);
                i++;
            }
        }
        // Each rewritten site adds a statement: the declaration of its length.
        return statements.size() == b.getStatements().size() ? b : b.withStatements(statements);
    }

    /**
     * Replaces the site at {@code statements[i]} by the length's declaration and the value's, at {@code i} and
     * {@code i + 1}, then rewrites the uses of the value in the statements after them.
     */
    private void rewriteSite(List<Statement> statements, int i, RocksDbGet get, J.Block b, ExecutionContext ctx) {
        J.VariableDeclarations declaration = (J.VariableDeclarations) statements.get(i);
        Cursor at = new Cursor(new Cursor(getCursor().getParentOrThrow(), b), declaration);
        J.VariableDeclarations length = lengthDeclaration(declaration, get, at, ctx);
        J.Identifier lengthName = length.getVariables().get(0).getName();
        J.VariableDeclarations.NamedVariable variable = declaration.getVariables().get(0);
        Expression read = Objects.requireNonNull(variable.getInitializer());
        Expression current = buffer.current(new Cursor(new Cursor(at, variable), read), read, ctx);
        J.VariableDeclarations value = declaration.withVariables(Collections.singletonList(
                variable.withInitializer(current.withPrefix(read.getPrefix()))));
        spots.rewritten(ctx, at, declaration, length);
        statements.set(i, value.withPrefix(Space.format("\n" + declaration.getPrefix().getIndent())));
        statements.add(i, length);
        String name = declaration.getVariables().get(0).getSimpleName();
        Cursor blockCursor = new Cursor(getCursor().getParentOrThrow(), b);
        for (int k = i + 2; k < statements.size(); k++) {
            statements.set(k, (Statement) new ValueUseRewriter(name, lengthName).visitNonNull(statements.get(k), ctx, blockCursor));
        }
    }

    /** {@code int valueLength = readValue(db, handle, key);}, typed as the helper the class now declares. */
    private J.VariableDeclarations lengthDeclaration(J.VariableDeclarations declaration, RocksDbGet get, Cursor at,
                                                     ExecutionContext ctx) {
        J.MethodInvocation read = (J.MethodInvocation) unwrap(Objects.requireNonNull(declaration.getVariables().get(0).getInitializer()));
        String name = FreshNames.near(at).take(declaration.getVariables().get(0).getSimpleName() + "Length");
        List<Object> parameters = new ArrayList<>();
        parameters.add(read.getSelect());
        parameters.addAll(read.getArguments());
        // Final like the value it measures, or like the file's other locals.
        String modifier = declaration.hasModifier(J.Modifier.Type.Final) ? "final " : LocalVariables.finalModifierAt(at);
        J.VariableDeclarations length = Templates.builder(modifier + "int " + name + " = " + get.callTemplate(ValueBuffer.METHOD) + ";",
                        ctx, RocksDbGet.STUBS)
                .imports(RocksDbGet.IMPORTS)
                .build()
                .apply(at, declaration.getCoordinates().replace(), parameters.toArray());
        JavaType.Method helper = buffer.helperType(get);
        J.MethodInvocation call = (J.MethodInvocation) Objects.requireNonNull(length.getVariables().get(0).getInitializer());
        call = call.withMethodType(helper).withName(call.getName().withType(helper));
        return length.withVariables(Collections.singletonList(length.getVariables().get(0).withInitializer(call)))
                .withPrefix(declaration.getPrefix());
    }
}

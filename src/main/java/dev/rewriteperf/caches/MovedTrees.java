package dev.rewriteperf.caches;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The function's code, printed into {@code computeValue}, given back the ids it had where it was written: a later
 * recipe's row for a spot in it (a regex the function runs) is then placed on the line the user wrote it on, not on
 * the class's. Trees are paired in the order a visitor meets them, and only where both sides have the same shape.
 */
final class MovedTrees {

    private MovedTrees() {
    }

    /** {@code field} with the ids of {@code function}'s body on the trees of {@code computeValue}'s body that print it. */
    static J.VariableDeclarations withOriginalIds(J.VariableDeclarations field, Expression function) {
        if (!(function instanceof J.Lambda)) {
            return field; // a method reference moves no code: what it calls stays where it is
        }
        J body = ((J.Lambda) function).getBody();
        return (J.VariableDeclarations) new JavaIsoVisitor<Integer>() {
            @Override
            public J.MethodDeclaration visitMethodDeclaration(J.MethodDeclaration method, Integer p) {
                if (!"computeValue".equals(method.getSimpleName()) || method.getBody() == null) {
                    return method;
                }
                List<Statement> statements = method.getBody().getStatements();
                Map<UUID, UUID> ids = body instanceof J.Block
                        ? paired(((J.Block) body).getStatements(), tail(statements, ((J.Block) body).getStatements().size()))
                        : pairedReturn(body, statements.isEmpty() ? null : statements.get(statements.size() - 1));
                return ids.isEmpty() ? method : (J.MethodDeclaration) new JavaIsoVisitor<Integer>() {
                    @Override
                    public @Nullable J preVisit(J tree, Integer q) {
                        UUID original = ids.get(tree.getId());
                        return original == null ? tree : tree.withId(original);
                    }
                }.visitNonNull(method, p);
            }
        }.visitNonNull(field, 0);
    }

    private static List<Statement> tail(List<Statement> statements, int size) {
        return statements.size() < size ? new ArrayList<>() : statements.subList(statements.size() - size, statements.size());
    }

    private static Map<UUID, UUID> pairedReturn(J body, @Nullable Statement last) {
        return last instanceof J.Return && ((J.Return) last).getExpression() != null
                ? paired(Collections.singletonList(body), Collections.singletonList(((J.Return) last).getExpression()))
                : new HashMap<>();
    }

    /** New id to original id, tree by tree; empty when the two lists of trees differ in shape anywhere. */
    private static Map<UUID, UUID> paired(List<? extends J> originals, List<? extends J> printed) {
        List<J> from = preOrder(originals);
        List<J> to = preOrder(printed);
        Map<UUID, UUID> ids = new HashMap<>();
        if (from.size() != to.size()) {
            return ids;
        }
        for (int i = 0; i < from.size(); i++) {
            if (from.get(i).getClass() != to.get(i).getClass()) {
                return new HashMap<>();
            }
            ids.put(to.get(i).getId(), from.get(i).getId());
        }
        return ids;
    }

    private static List<J> preOrder(List<? extends J> trees) {
        List<J> all = new ArrayList<>();
        JavaIsoVisitor<List<J>> collector = new JavaIsoVisitor<List<J>>() {
            @Override
            public @Nullable J preVisit(J tree, List<J> found) {
                found.add(tree);
                return tree;
            }
        };
        for (Tree tree : trees) {
            collector.visit(tree, all);
        }
        return all;
    }
}

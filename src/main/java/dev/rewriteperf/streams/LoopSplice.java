package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.writing.Indentation;
import dev.rewriteperf.analysis.writing.Templates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/**
 * A block with a {@link FilledLoop}'s statements put in: the template applied, its statements attributed by
 * {@link FilledLoop#retype}, the first one taking the comments and indentation of the statement it goes before
 * or replaces. The one way every recipe in this package puts generated statements into a block.
 */
final class LoopSplice {

    /** The block with the generated statements in it. */
    final J.Block block;
    /** The index of the first generated statement. */
    private final int start;
    /** The number of generated statements. */
    private final int count;
    /** The index of the first statement after those the splice wrote or changed. */
    final int end;

    private LoopSplice(J.Block block, int start, int count, int end) {
        this.block = block;
        this.start = start;
        this.count = count;
        this.end = end;
    }

    /**
     * The generated statements in place of statements {@code from} to {@code to} (inclusive). When
     * {@code declared} is given, the generated declaration of the new array or list is replaced by it, with the
     * new array or list as its initializer.
     */
    static LoopSplice replacing(Cursor blockCursor, J.Block block, int from, int to, FilledLoop filled,
                                J.@Nullable VariableDeclarations declared, ExecutionContext ctx) {
        Statement replaced = block.getStatements().get(from);
        int size = block.getStatements().size();
        J.Block applied = template(filled, ctx).apply(new Cursor(blockCursor.getParent(), block), replaced.getCoordinates().replace(),
                filled.parameters.toArray());
        int count = applied.getStatements().size() - size + 1;
        List<Statement> statements = new ArrayList<>(applied.getStatements());
        statements.subList(from + count, from + count + to - from).clear();
        return attributed(blockCursor, applied.withStatements(statements), from, count, replaced, declared, filled);
    }

    /**
     * The generated statements before the statement at {@code index}, and in that statement the new array or
     * list in the place of the pipeline whose terminal call has the id {@code pipeline}.
     */
    static LoopSplice before(Cursor blockCursor, J.Block block, int index, FilledLoop filled, @Nullable UUID pipeline,
                             ExecutionContext ctx) {
        Statement statement = block.getStatements().get(index);
        LoopSplice splice = generatedBefore(blockCursor, block, index, filled, ctx);
        J.VariableDeclarations declaration = (J.VariableDeclarations) splice.block.getStatements().get(index + filled.leadingStatements());
        List<Statement> statements = new ArrayList<>(splice.block.getStatements());
        statements.set(splice.end, usingArray(statement, pipeline, declaration.getVariables().get(0).getName()));
        return new LoopSplice(splice.block.withStatements(statements), index, splice.count, splice.end + 1);
    }

    /**
     * The generated statements in place of the statement at {@code index}, a call whose value is unused (which
     * {@link #replacing} would parse the template as an expression for).
     */
    static LoopSplice insteadOfCall(Cursor blockCursor, J.Block block, int index, FilledLoop filled, ExecutionContext ctx) {
        LoopSplice splice = generatedBefore(blockCursor, block, index, filled, ctx);
        List<Statement> statements = new ArrayList<>(splice.block.getStatements());
        statements.remove(splice.end);
        return new LoopSplice(splice.block.withStatements(statements), index, splice.count, splice.end);
    }

    /** The generated statements, attributed, before the statement at {@code index}, which {@link #end} is the index of. */
    private static LoopSplice generatedBefore(Cursor blockCursor, J.Block block, int index, FilledLoop filled, ExecutionContext ctx) {
        int size = block.getStatements().size();
        J.Block appended = template(filled, ctx).apply(new Cursor(blockCursor.getParent(), block), block.getCoordinates().lastStatement(),
                filled.parameters.toArray());
        return attributed(blockCursor, movedBefore(index, appended, size), index, appended.getStatements().size() - size,
                block.getStatements().get(index), null, filled);
    }

    private static JavaTemplate template(FilledLoop filled, ExecutionContext ctx) {
        return Templates.builder(filled.code, ctx)
                .imports(filled.imports.toArray(new String[0]))
                .build();
    }

    /**
     * Moves the statements appended after the block's first {@code size} to index {@code i}. The template is applied
     * at the block's end rather than before the statement because, before a call whose value is unused, the
     * template would be parsed as an expression.
     */
    private static J.Block movedBefore(int i, J.Block appended, int size) {
        List<Statement> statements = new ArrayList<>(appended.getStatements());
        List<Statement> generated = new ArrayList<>(statements.subList(size, statements.size()));
        statements.subList(size, statements.size()).clear();
        statements.addAll(i, generated);
        return appended.withStatements(statements);
    }

    /** The {@code count} statements from {@code start} attributed, the first with the prefix of {@code replaced}. */
    private static LoopSplice attributed(Cursor blockCursor, J.Block block, int start, int count, Statement replaced,
                                         J.@Nullable VariableDeclarations declared, FilledLoop filled) {
        List<Statement> statements = new ArrayList<>(block.getStatements());
        J.MethodDeclaration method = blockCursor.firstEnclosing(J.MethodDeclaration.class);
        List<Statement> generated = filled.retype(statements.subList(start, start + count), declared,
                method == null ? null : method.getMethodType());
        if (LocalVariables.declaresWithVar(blockCursor)) {
            for (int g = 0; g < generated.size(); g++) {
                if (generated.get(g) instanceof J.VariableDeclarations && generated.get(g) != declared) {
                    generated.set(g, LocalVariables.withVar((J.VariableDeclarations) generated.get(g)));
                } else if (generated.get(g) instanceof J.ForEachLoop) {
                    generated.set(g, LocalVariables.withVar((J.ForEachLoop) generated.get(g)));
                }
            }
        }
        String templateIndent = generated.get(0).getPrefix().getIndent();
        for (int g = 0; g < count; g++) {
            Statement moved = Indentation.moved(generated.get(g), templateIndent, replaced.getPrefix().getIndent());
            statements.set(start + g, moved instanceof J.ForEachLoop ? withBodyFirst((J.ForEachLoop) moved, filled.loopBodyFirst) : moved);
        }
        statements.set(start, statements.get(start).withPrefix(replaced.getPrefix()));
        return new LoopSplice(block.withStatements(statements), start, count, start + count);
    }

    /** The loop with {@code first} (a block lambda's statements) at the start of its body, indented as its body is. */
    private static J.ForEachLoop withBodyFirst(J.ForEachLoop loop, List<Statement> first) {
        if (first.isEmpty() || !(loop.getBody() instanceof J.Block)) {
            return loop;
        }
        J.Block body = (J.Block) loop.getBody();
        String bodyIndent = body.getStatements().get(0).getPrefix().getIndent();
        String lambdaIndent = first.get(0).getPrefix().getIndent();
        List<Statement> statements = new ArrayList<>(first);
        // The stores' continuation lines are the lambda's return value's: they move with its statements.
        statements.addAll(body.getStatements());
        statements.replaceAll(statement -> Indentation.moved(statement, lambdaIndent, bodyIndent));
        return loop.withBody(body.withStatements(statements));
    }

    /**
     * The statement with the new array in the pipeline's place; its comments moved to the first new statement. A
     * pipeline wrapped onto a line of its own, as a call's only argument or what is assigned or returned, leaves its
     * name on the line before, as the project's formatter would join it ({@code resolvers.addAll(result);}, not
     * {@code resolvers.addAll(} and {@code result);} below it: dnsjava's spotless check); one argument among others
     * stays on its own line, like them.
     */
    private static Statement usingArray(Statement statement, @Nullable UUID pipeline, J.Identifier array) {
        Statement using = (Statement) new JavaVisitor<Integer>() {
            @Override
            public J visitMethodInvocation(J.MethodInvocation method, Integer p) {
                if (!method.getId().equals(pipeline)) {
                    return super.visitMethodInvocation(method, p);
                }
                Space prefix = method.getPrefix();
                if (prefix.getWhitespace().contains("\n") && prefix.getComments().isEmpty()) {
                    Object parent = getCursor().getParentTreeCursor().getValue();
                    if (isOnlyArgument(parent, method)) {
                        prefix = Space.EMPTY;
                    } else if (parent instanceof J.Assignment || parent instanceof J.VariableDeclarations.NamedVariable ||
                               parent instanceof J.Return) {
                        prefix = Space.SINGLE_SPACE;
                    }
                }
                return array.withId(Tree.randomId()).withPrefix(prefix);
            }

            /** The pipeline is all a call or construction is given: a name alone fits right after its parenthesis. */
            private boolean isOnlyArgument(Object parent, J.MethodInvocation method) {
                List<Expression> arguments = parent instanceof J.MethodInvocation ? ((J.MethodInvocation) parent).getArguments() :
                        parent instanceof J.NewClass ? ((J.NewClass) parent).getArguments() : Collections.<Expression>emptyList();
                return arguments.size() == 1 && arguments.get(0) == method;
            }
        }.visitNonNull(statement, 0);
        Space prefix = statement.getPrefix();
        return using.withPrefix(Indentation.withoutComments(prefix));
    }

    /** The loop among the generated statements, for the data table; the first statement if there is none. */
    Statement loop() {
        List<Statement> generated = block.getStatements().subList(start, start + count);
        return generated.stream().filter(J.ForEachLoop.class::isInstance).findFirst().orElse(generated.get(0));
    }
}

package dev.rewriteperf.buffers;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.util.Collections;
import java.util.List;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.isIntLiteral;
import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.isLengthOf;
import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.isNamed;
import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * A loop that copies one stream into another through a buffer and does nothing else:
 * {@code while ((n = in.read(buf)) != -1) { out.write(buf, 0, n); }}, with {@code read(buf, 0, buf.length)},
 * {@code >= 0} or {@code > -1} for the end test, and at most one running total {@code total += n}.
 * The same for a {@code Reader} into a {@code Writer}.
 */
final class CopyLoop {

    private static final MethodMatcher STREAM_READ = new MethodMatcher("java.io.InputStream read(byte[])", true);
    private static final MethodMatcher STREAM_READ_RANGE = new MethodMatcher("java.io.InputStream read(byte[], int, int)", true);
    private static final MethodMatcher STREAM_WRITE = new MethodMatcher("java.io.OutputStream write(byte[], int, int)", true);
    private static final MethodMatcher READER_READ = new MethodMatcher("java.io.Reader read(char[])", true);
    private static final MethodMatcher READER_READ_RANGE = new MethodMatcher("java.io.Reader read(char[], int, int)", true);
    private static final MethodMatcher WRITER_WRITE = new MethodMatcher("java.io.Writer write(char[], int, int)", true);

    final J.WhileLoop loop;
    final Expression in;
    final Expression out;
    final J.Identifier buffer;
    final J.Identifier count;
    final J.@Nullable Identifier total;
    /** {@code Reader} into {@code Writer}, which has {@code transferTo} from Java 10; streams from Java 9. */
    final boolean characters;
    /** The loop ends at a read of zero bytes too ({@code > 0}), which {@code transferTo} reads past. */
    final boolean stopsAtZero;

    private CopyLoop(J.WhileLoop loop, Expression in, Expression out, J.Identifier buffer, J.Identifier count,
                     J.@Nullable Identifier total, boolean characters, boolean stopsAtZero) {
        this.loop = loop;
        this.in = in;
        this.out = out;
        this.buffer = buffer;
        this.count = count;
        this.total = total;
        this.characters = characters;
        this.stopsAtZero = stopsAtZero;
    }

    /** The copy loop {@code statement} is, or null when it is any other statement. */
    static @Nullable CopyLoop of(Statement statement) {
        if (!(statement instanceof J.WhileLoop)) {
            return null;
        }
        J.WhileLoop loop = (J.WhileLoop) statement;
        J.Assignment assignment = endTested(unwrap(loop.getCondition().getTree()));
        if (assignment == null || !(unwrap(assignment.getVariable()) instanceof J.Identifier) ||
            !(unwrap(assignment.getAssignment()) instanceof J.MethodInvocation)) {
            return null;
        }
        J.Identifier count = (J.Identifier) unwrap(assignment.getVariable());
        J.MethodInvocation read = (J.MethodInvocation) unwrap(assignment.getAssignment());
        boolean characters = READER_READ.matches(read) || READER_READ_RANGE.matches(read);
        J.Identifier buffer = readBuffer(read, characters);
        if (buffer == null || read.getSelect() == null) {
            return null;
        }
        List<Statement> body = loop.getBody() instanceof J.Block ? ((J.Block) loop.getBody()).getStatements() :
                Collections.singletonList(loop.getBody());
        J.MethodInvocation write = null;
        J.Identifier total = null;
        for (Statement s : body) {
            if (write == null && isWriteOf(s, buffer, count, characters)) {
                write = (J.MethodInvocation) s;
            } else if (total == null && addedTo(s, count) != null) {
                total = addedTo(s, count);
            } else {
                return null;
            }
        }
        if (write == null || write.getSelect() == null) {
            return null;
        }
        J.Binary test = (J.Binary) unwrap(loop.getCondition().getTree());
        boolean stopsAtZero = test.getOperator() == J.Binary.Type.GreaterThan && isIntLiteral(unwrap(test.getRight()), 0);
        return new CopyLoop(loop, read.getSelect(), write.getSelect(), buffer, count, total, characters, stopsAtZero);
    }

    /**
     * The assignment in {@code (n = in.read(buf)) != -1}, {@code -1 != (n = ..)}, {@code >= 0}, {@code > -1} or
     * {@code > 0}.
     */
    private static J.@Nullable Assignment endTested(Expression condition) {
        if (!(condition instanceof J.Binary)) {
            return null;
        }
        J.Binary test = (J.Binary) condition;
        Expression left = unwrap(test.getLeft());
        Expression right = unwrap(test.getRight());
        switch (test.getOperator()) {
            case NotEqual:
                if (isIntLiteral(right, -1) && left instanceof J.Assignment) {
                    return (J.Assignment) left;
                }
                return isIntLiteral(left, -1) && right instanceof J.Assignment ? (J.Assignment) right : null;
            case GreaterThanOrEqual:
                return isIntLiteral(right, 0) && left instanceof J.Assignment ? (J.Assignment) left : null;
            case GreaterThan:
                return (isIntLiteral(right, -1) || isIntLiteral(right, 0)) && left instanceof J.Assignment ? (J.Assignment) left : null;
            default:
                return null;
        }
    }

    /** {@code buf} in {@code in.read(buf)} or {@code in.read(buf, 0, buf.length)}. */
    private static J.@Nullable Identifier readBuffer(J.MethodInvocation read, boolean characters) {
        List<Expression> arguments = read.getArguments();
        if (!(unwrap(arguments.get(0)) instanceof J.Identifier)) {
            return null;
        }
        J.Identifier buffer = (J.Identifier) unwrap(arguments.get(0));
        if (characters ? READER_READ.matches(read) : STREAM_READ.matches(read)) {
            return buffer;
        }
        boolean range = characters ? READER_READ_RANGE.matches(read) : STREAM_READ_RANGE.matches(read);
        return range && isIntLiteral(arguments.get(1), 0) && isLengthOf(arguments.get(2), buffer.getSimpleName()) ? buffer : null;
    }

    private static boolean isWriteOf(Statement statement, J.Identifier buffer, J.Identifier count, boolean characters) {
        if (!(statement instanceof J.MethodInvocation)) {
            return false;
        }
        J.MethodInvocation write = (J.MethodInvocation) statement;
        if (!(characters ? WRITER_WRITE.matches(write) : STREAM_WRITE.matches(write))) {
            return false;
        }
        List<Expression> arguments = write.getArguments();
        return isNamed(arguments.get(0), buffer.getSimpleName()) && isIntLiteral(arguments.get(1), 0) &&
               isNamed(arguments.get(2), count.getSimpleName());
    }

    /** {@code total} in {@code total += n} or {@code total = total + n}. */
    private static J.@Nullable Identifier addedTo(Statement statement, J.Identifier count) {
        if (statement instanceof J.AssignmentOperation) {
            J.AssignmentOperation add = (J.AssignmentOperation) statement;
            return add.getOperator() == J.AssignmentOperation.Type.Addition && add.getVariable() instanceof J.Identifier &&
                   isNamed(add.getAssignment(), count.getSimpleName()) ? (J.Identifier) add.getVariable() : null;
        }
        if (statement instanceof J.Assignment && ((J.Assignment) statement).getVariable() instanceof J.Identifier) {
            J.Assignment assignment = (J.Assignment) statement;
            J.Identifier total = (J.Identifier) assignment.getVariable();
            Expression sum = unwrap(assignment.getAssignment());
            return sum instanceof J.Binary && ((J.Binary) sum).getOperator() == J.Binary.Type.Addition &&
                   isNamed(((J.Binary) sum).getLeft(), total.getSimpleName()) &&
                   isNamed(((J.Binary) sum).getRight(), count.getSimpleName()) ? total : null;
        }
        return null;
    }
}

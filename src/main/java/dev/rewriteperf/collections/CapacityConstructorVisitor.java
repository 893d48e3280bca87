package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.writing.LineBudgetVisitor;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

/**
 * Hands each {@code new HashMap<>(int)}, and the same constructor of the other hash collections (what
 * {@link HashCollection#ofCapacityConstructor} accepts), to {@link #visitCapacityConstructor}, after their
 * arguments have been visited. The recipes that read the capacity argument extend it;
 * {@link HashCollection#capacityConstructorCalledInFile} is their precondition. A sized construction longer than the
 * file's code lines is left alone ({@link #lineReason(J.NewClass, J)}).
 */
abstract class CapacityConstructorVisitor extends LineBudgetVisitor {

    final Spots spots;

    CapacityConstructorVisitor(Spots spots) {
        this.spots = spots;
    }

    @Override
    public final J visitNewClass(J.NewClass newClass, ExecutionContext ctx) {
        J visited = super.visitNewClass(newClass, ctx);
        if (!(visited instanceof J.NewClass)) {
            return visited;
        }
        J.NewClass construction = (J.NewClass) visited;
        HashCollection kind = HashCollection.ofCapacityConstructor(construction);
        if (kind == null) {
            return construction;
        }
        return visitCapacityConstructor(construction, kind, construction.getArguments().get(0), ctx);
    }

    /** Why {@code sized} would make the line of {@code construction}, at the cursor, too long for the file; null when it fits. */
    @Nullable String lineReason(J.NewClass construction, J sized) {
        return lineReason(construction, sized.printTrimmed(getCursor().getParentOrThrow()), "sized, the construction", true);
    }

    /** What {@code construction}, whose one argument is {@code capacity}, becomes; the cursor is at it. */
    abstract J visitCapacityConstructor(J.NewClass construction, HashCollection kind, Expression capacity,
                                        ExecutionContext ctx);
}

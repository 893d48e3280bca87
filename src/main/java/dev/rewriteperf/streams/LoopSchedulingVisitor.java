package dev.rewriteperf.streams;

import dev.rewriteperf.profile.Spots;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A visitor that finds pipelines deep inside statements but puts their loops before (or in place of) the whole
 * statement, which only the enclosing block can change. So {@link #schedule} remembers the loop in a message on
 * the block's cursor, keyed by the statement's id, and {@link #visitBlock} puts it in when it leaves the block.
 */
abstract class LoopSchedulingVisitor extends JavaIsoVisitor<ExecutionContext> {

    private static final String MESSAGE = LoopSchedulingVisitor.class.getName();

    final Spots spots;

    LoopSchedulingVisitor(Spots spots) {
        this.spots = spots;
    }

    /** Remembers, on the block of the pipeline being visited, to put {@code filled} at {@code site}. */
    void schedule(LoopSite site, FilledLoop filled) {
        Cursor block = getCursor().dropParentUntil(J.Block.class::isInstance);
        Map<UUID, Scheduled> scheduled = block.computeMessageIfAbsent(MESSAGE, k -> new HashMap<>());
        scheduled.put(site.statement.getId(), new Scheduled(site, filled));
    }

    /**
     * Puts in the loops scheduled for the block's statements and records each in the data table, with the loop as
     * its replacement.
     */
    @Override
    public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
        J.Block b = super.visitBlock(block, ctx);
        Map<UUID, Scheduled> scheduled = getCursor().getMessage(MESSAGE);
        if (scheduled == null) {
            return b;
        }
        int i = 0;
        while (i < b.getStatements().size()) {
            Statement statement = b.getStatements().get(i);
            Scheduled loop = scheduled.get(statement.getId());
            if (loop == null) {
                i++;
                continue;
            }
            LoopSplice splice = loop.spliceAt(getCursor(), b, i, ctx);
            spots.rewritten(ctx, getCursor(), statement, splice.loop());
            b = splice.block;
            i = splice.end;
        }
        return b;
    }

    private static final class Scheduled {
        final LoopSite site;
        final FilledLoop filled;

        Scheduled(LoopSite site, FilledLoop filled) {
            this.site = site;
            this.filled = filled;
        }

        /**
         * The loop in place of the statement at {@code index} when the pipeline initialises the variable it
         * declares or the loop adds to the collection the statement adds all of the pipeline's list to, else
         * before it, with the new array or list in the pipeline's place.
         */
        LoopSplice spliceAt(Cursor blockCursor, J.Block block, int index, ExecutionContext ctx) {
            if (filled.fillsExisting()) {
                return LoopSplice.insteadOfCall(blockCursor, block, index, filled, ctx);
            }
            if (site.declares()) {
                Statement declaration = block.getStatements().get(index);
                return LoopSplice.replacing(blockCursor, block, index, index, filled, (J.VariableDeclarations) declaration, ctx);
            }
            return LoopSplice.before(blockCursor, block, index, filled, site.pipeline, ctx);
        }
    }
}

package dev.rewriteperf.bytes;

import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.marker.SearchResult;

import java.util.Collections;
import java.util.Map;
import java.util.UUID;
import java.util.WeakHashMap;

/**
 * The byte view recipes' precondition: a file is marked found when it indexes a {@code byte[]} somewhere
 * ({@code b[i]}, read or written). Every byte read or write those recipes rewrite or list in the data table is
 * made of such array accesses, so a file without one has nothing for them. The search stops at the first one.
 */
final class IndexesByteArray extends JavaIsoVisitor<ExecutionContext> {

    /** Put on the compilation unit's cursor once an indexed {@code byte[]} is seen. */
    private static final String FOUND = IndexesByteArray.class.getName();

    /**
     * What the search found, by file id: the reads and the writes recipe both ask, and a file that indexes no
     * {@code byte[]} is then read once. Weak keys, so a file's entry goes with the file.
     */
    private static final Map<UUID, Boolean> INDEXES = Collections.synchronizedMap(new WeakHashMap<>());

    @Override
    public J.CompilationUnit visitCompilationUnit(J.CompilationUnit cu, ExecutionContext ctx) {
        Boolean known = INDEXES.get(cu.getId());
        if (known != null) {
            return known ? SearchResult.found(cu) : cu;
        }
        J.CompilationUnit c = super.visitCompilationUnit(cu, ctx);
        boolean found = getCursor().getMessage(FOUND, false);
        INDEXES.put(cu.getId(), found);
        return found ? SearchResult.found(c) : c;
    }

    @Override
    public J preVisit(J tree, ExecutionContext ctx) {
        if (getCursor().getNearestMessage(FOUND, false)) {
            stopAfterPreVisit();
        }
        return tree;
    }

    @Override
    public J.ArrayAccess visitArrayAccess(J.ArrayAccess arrayAccess, ExecutionContext ctx) {
        if (ByteTerm.isByteArray(arrayAccess.getIndexed().getType())) {
            getCursor().dropParentUntil(J.CompilationUnit.class::isInstance).putMessage(FOUND, true);
            return arrayAccess;
        }
        return super.visitArrayAccess(arrayAccess, ctx);
    }
}

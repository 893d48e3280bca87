package dev.rewriteperf.bytes;

import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.marker.SearchResult;

/**
 * The byte view recipes' precondition: a file is marked found when it indexes a {@code byte[]} somewhere
 * ({@code b[i]}, read or written). Every byte read or write those recipes rewrite or list in the data table is
 * made of such array accesses, so a file without one has nothing for them. The search stops at the first one.
 */
final class IndexesByteArray extends JavaIsoVisitor<ExecutionContext> {

    /** Put on the compilation unit's cursor once an indexed {@code byte[]} is seen. */
    private static final String FOUND = IndexesByteArray.class.getName();

    @Override
    public J.CompilationUnit visitCompilationUnit(J.CompilationUnit cu, ExecutionContext ctx) {
        J.CompilationUnit c = super.visitCompilationUnit(cu, ctx);
        return getCursor().getMessage(FOUND, false) ? SearchResult.found(c) : c;
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

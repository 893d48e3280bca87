package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.names.EnclosingClasses;
import dev.rewriteperf.analysis.project.ReflectedFields;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.writing.LineBudgetVisitor;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.tree.J;

/**
 * A visitor that replaces code by reads of {@code private static final} fields of one {@link SharedFields.Kind}: it
 * collects the fields while it visits a class and declares the new ones after. The fields go into the top-level class;
 * code that may not read that class's fields (it would initialise the class sooner, or the class is an interface or an
 * enum) reads those of the static nested class around it instead.
 */
abstract class TopLevelFieldsVisitor extends LineBudgetVisitor {
    private static final String FIELDS = "TOP_LEVEL_SHARED_FIELDS";
    private static final String NESTED_FIELDS = "NESTED_SHARED_FIELDS";

    private final SharedFields.Kind kind;
    private final ReflectedFields reflected;

    TopLevelFieldsVisitor(SharedFields.Kind kind, ReflectedFields reflected) {
        this.kind = kind;
        this.reflected = reflected;
    }

    /** The kind of field for {@code holder} (at the cursor): the recipe's, unless it depends on the class. */
    SharedFields.Kind kind(J.ClassDeclaration holder) {
        return kind;
    }

    @Override
    public J visitClassDeclaration(J.ClassDeclaration classDecl, ExecutionContext ctx) {
        boolean topLevel = EnclosingClasses.isTopLevel(getCursor());
        SharedFields enclosing = topLevel ? null : getCursor().getNearestMessage(FIELDS);
        if (!topLevel && (enclosing == null || !isStaticMember(classDecl))) {
            return super.visitClassDeclaration(classDecl, ctx);
        }
        SharedFields.Kind classKind = kind(classDecl);
        SharedFields fields = topLevel
                ? SharedFields.of(classKind, classDecl, getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), reflected,
                        ReleasePromises.at(getCursor(), ctx))
                : SharedFields.nested(classKind, classDecl, enclosing, reflected, ReleasePromises.at(getCursor(), ctx));
        if (fields != null) {
            getCursor().putMessage(topLevel ? FIELDS : NESTED_FIELDS, fields);
        }
        J.ClassDeclaration c = (J.ClassDeclaration) super.visitClassDeclaration(classDecl, ctx);
        if (fields == null || !fields.addsFields()) {
            return c;
        }
        maybeAddImport(classKind.type());
        return fields.declare(c, new Cursor(getCursor().getParentOrThrow(), c), ctx);
    }

    /**
     * A static nested class or a record declared among its class's members: it may declare a static field set by code
     * on any release (an inner or local class only from Java 16).
     */
    private boolean isStaticMember(J.ClassDeclaration classDecl) {
        Cursor body = getCursor().getParentTreeCursor();
        Object owner = body.getValue() instanceof J.Block ? body.getParentTreeCursor().getValue() : null;
        if (!(owner instanceof J.ClassDeclaration)) {
            return false;
        }
        // a class declared in an interface is static without saying so
        boolean isStatic = classDecl.hasModifier(J.Modifier.Type.Static) || EnclosingClasses.isInterface((J.ClassDeclaration) owner);
        return classDecl.getKind() == J.ClassDeclaration.Kind.Type.Class && isStatic ||
               classDecl.getKind() == J.ClassDeclaration.Kind.Type.Record;
    }

    /**
     * The fields the code at the cursor reads: the top-level class's, or, where it may not read them, the innermost
     * static nested class's around it when that one's may be; null when the top-level class's type is unknown.
     */
    @Nullable SharedFields fields() {
        SharedFields topLevel = getCursor().getNearestMessage(FIELDS);
        SharedFields nested = getCursor().getNearestMessage(NESTED_FIELDS);
        if (topLevel == null || nested == null || topLevel.mayBeReadAt(getCursor())) {
            return topLevel;
        }
        return nested.mayBeReadAt(getCursor()) ? nested : topLevel;
    }

    /** The fields of the top-level class, or null when its type is unknown. */
    @Nullable SharedFields topLevelFields() {
        return getCursor().getNearestMessage(FIELDS);
    }
}

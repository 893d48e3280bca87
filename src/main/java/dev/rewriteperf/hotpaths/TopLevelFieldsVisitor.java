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
 * A visitor that replaces code by reads of {@code private static final} fields of the top-level class, of one
 * {@link SharedFields.Kind}: it collects the fields while it visits the class and declares the new ones after.
 */
abstract class TopLevelFieldsVisitor extends LineBudgetVisitor {
    private static final String FIELDS = "TOP_LEVEL_SHARED_FIELDS";

    private final SharedFields.Kind kind;
    private final ReflectedFields reflected;

    TopLevelFieldsVisitor(SharedFields.Kind kind, ReflectedFields reflected) {
        this.kind = kind;
        this.reflected = reflected;
    }

    /** The kind of field for {@code topLevel} (at the cursor): the recipe's, unless it depends on the class. */
    SharedFields.Kind kind(J.ClassDeclaration topLevel) {
        return kind;
    }

    @Override
    public J visitClassDeclaration(J.ClassDeclaration classDecl, ExecutionContext ctx) {
        if (!EnclosingClasses.isTopLevel(getCursor())) {
            return super.visitClassDeclaration(classDecl, ctx);
        }
        SharedFields.Kind classKind = kind(classDecl);
        SharedFields fields = SharedFields.of(classKind, classDecl, getCursor().firstEnclosingOrThrow(J.CompilationUnit.class),
                reflected, ReleasePromises.at(getCursor(), ctx));
        if (fields != null) {
            getCursor().putMessage(FIELDS, fields);
        }
        J.ClassDeclaration c = (J.ClassDeclaration) super.visitClassDeclaration(classDecl, ctx);
        if (fields == null || !fields.addsFields()) {
            return c;
        }
        maybeAddImport(classKind.type());
        return fields.declare(c, new Cursor(getCursor().getParentOrThrow(), c), ctx);
    }

    /** The top-level class's fields, or null when its type is unknown. */
    @Nullable SharedFields fields() {
        return getCursor().getNearestMessage(FIELDS);
    }
}

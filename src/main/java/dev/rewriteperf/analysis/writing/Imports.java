package dev.rewriteperf.analysis.writing;

import org.openrewrite.Cursor;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.J;

/**
 * Removing the imports a rewrite leaves unused, in the file's own import style: only an import of the type (or static
 * member) by its own name is removed. OpenRewrite's {@code RemoveImport} would otherwise unfold a {@code java.util.*}
 * that still covers other types into single imports of them, which the project's engineer did not write
 * (jackson-databind's gauntlet run: {@code import java.util.*;} became {@code import java.util.Date;}).
 */
public final class Imports {

    private Imports() {
    }

    /** Removes the import of {@code name} ({@code java.util.Locale}, {@code java.lang.String.format}) where it is unused and named. */
    public static void removeIfUnused(JavaVisitor<?> visitor, Cursor cursor, String name) {
        J.CompilationUnit cu = cursor.firstEnclosing(J.CompilationUnit.class);
        if (cu != null && importsByName(cu, name)) {
            visitor.maybeRemoveImport(name);
        }
    }

    /** Whether {@code cu} imports {@code name} by its own name, not through a {@code *}. */
    static boolean importsByName(J.CompilationUnit cu, String name) {
        for (J.Import anImport : cu.getImports()) {
            if (!"*".equals(anImport.getQualid().getSimpleName()) && importedName(anImport).equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** What {@code anImport} imports: {@code java.util.List}, {@code java.util.Objects.hash} (static), {@code java.util.*}. */
    static String importedName(J.Import anImport) {
        String simpleName = anImport.getQualid().getSimpleName();
        return anImport.isStatic() ? anImport.getTypeName() + "." + simpleName : anImport.getTypeName();
    }
}

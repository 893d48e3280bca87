package dev.rewriteperf.analysis;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.J;

import java.util.Collection;

/** Whether a recipe may write a type by its simple name in a file. */
public final class SimpleNames {

    private SimpleNames() {
    }

    /**
     * Why the simple names of {@code imports} cannot be used in {@code cu}: another type of the same simple name
     * is imported or declared there. Null when they can.
     */
    public static @Nullable String importRefusal(J.CompilationUnit cu, Collection<String> imports) {
        for (String fqn : imports) {
            String simpleName = fqn.substring(fqn.lastIndexOf('.') + 1);
            for (J.Import anImport : cu.getImports()) {
                if (!anImport.isStatic() && simpleName.equals(anImport.getClassName()) && !fqn.equals(anImport.getTypeName())) {
                    return "`" + simpleName + "` already names " + anImport.getTypeName() + " in this file";
                }
            }
            for (J.ClassDeclaration declared : cu.getClasses()) {
                if (simpleName.equals(declared.getSimpleName()) && !fqn.equals(declared.getType() == null ? "" : declared.getType().getFullyQualifiedName())) {
                    return "`" + simpleName + "` already names a class declared in this file";
                }
            }
        }
        return null;
    }
}

package dev.rewriteperf.analysis.names;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

import java.util.Collection;

/** Whether a recipe may write a type by its simple name in a file. */
public final class SimpleNames {

    private SimpleNames() {
    }

    /**
     * Why the simple names of {@code imports} cannot be used in {@code cu}: another type of the same simple name
     * is imported, declared (at any depth) or referenced there. Null when they can.
     */
    public static @Nullable String importReason(J.CompilationUnit cu, Collection<String> imports) {
        for (String fqn : imports) {
            String simpleName = simpleName(fqn);
            for (J.Import anImport : cu.getImports()) {
                if (!anImport.isStatic() && simpleName.equals(anImport.getClassName()) && !fqn.equals(anImport.getTypeName())) {
                    return "`" + simpleName + "` already names " + anImport.getTypeName() + " in this file";
                }
            }
            if (declares(cu.getClasses(), simpleName, fqn)) {
                return "`" + simpleName + "` already names a class declared in this file";
            }
            for (JavaType inUse : cu.getTypesInUse().getTypesInUse()) {
                JavaType.FullyQualified type = inUse instanceof JavaType.FullyQualified ? (JavaType.FullyQualified) inUse : null;
                if (type != null && simpleName.equals(simpleName(type.getFullyQualifiedName())) &&
                    !fqn.equals(type.getFullyQualifiedName())) {
                    return "`" + simpleName + "` already names " + type.getFullyQualifiedName() + " in this file";
                }
            }
        }
        return null;
    }

    private static boolean declares(Collection<? extends Statement> statements, String simpleName, String fqn) {
        for (Statement statement : statements) {
            if (!(statement instanceof J.ClassDeclaration)) {
                continue;
            }
            J.ClassDeclaration declared = (J.ClassDeclaration) statement;
            if (simpleName.equals(declared.getSimpleName()) &&
                !fqn.equals(declared.getType() == null ? "" : declared.getType().getFullyQualifiedName())) {
                return true;
            }
            if (declares(declared.getBody().getStatements(), simpleName, fqn)) {
                return true;
            }
        }
        return false;
    }

    /** {@code Objects} of {@code java.util.Objects}, {@code Entry} of {@code java.util.Map$Entry}. */
    private static String simpleName(String fqn) {
        return fqn.substring(Math.max(fqn.lastIndexOf('.'), fqn.lastIndexOf('$')) + 1);
    }
}

package dev.rewriteperf.analysis.evaluation;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The classes and methods a compilation unit declares, which {@link SideEffectFreeCode} may follow into, and a class-keyed
 * cache's null check too.
 */
public final class SameFileDeclarations {

    private final J.CompilationUnit compilationUnit;
    private @Nullable Map<String, J.MethodDeclaration> declarations;

    public SameFileDeclarations(J.CompilationUnit compilationUnit) {
        this.compilationUnit = compilationUnit;
    }

    /** Whether these are the declarations of {@code file}, the same tree. */
    public boolean isOf(J.CompilationUnit file) {
        return compilationUnit == file;
    }

    /** The declaration of the method {@code key} names in this file; null when it is not here or overloaded. */
    J.@Nullable MethodDeclaration method(String key) {
        return declarations().get(key);
    }

    /** The declaration of {@code called} in this file; null when it is not here or overloaded with as many parameters. */
    public J.@Nullable MethodDeclaration method(JavaType.Method called) {
        return method(key(called));
    }

    /** The declaration of {@code type} in this file, top-level or nested; null when it is declared elsewhere. */
    J.@Nullable ClassDeclaration classDeclaring(JavaType.FullyQualified type) {
        for (J.ClassDeclaration declaration : classes(compilationUnit.getClasses())) {
            if (TypeUtils.isOfType(declaration.getType(), type)) {
                return declaration;
            }
        }
        return null;
    }

    private Map<String, J.MethodDeclaration> declarations() {
        if (declarations == null) {
            Map<String, J.MethodDeclaration> found = new HashMap<>();
            Set<String> overloaded = new HashSet<>();
            new JavaIsoVisitor<Integer>() {
                @Override
                public J.MethodDeclaration visitMethodDeclaration(J.MethodDeclaration method, Integer p) {
                    if (method.getMethodType() != null) {
                        String key = key(method.getMethodType());
                        if (found.put(key, method) != null) {
                            overloaded.add(key);
                        }
                    }
                    return method;
                }
            }.visit(compilationUnit, 0);
            overloaded.forEach(found::remove);
            declarations = found;
        }
        return declarations;
    }

    private static List<J.ClassDeclaration> classes(List<J.ClassDeclaration> topLevel) {
        List<J.ClassDeclaration> all = new ArrayList<>(topLevel);
        for (int i = 0; i < all.size(); i++) {
            J.Block body = all.get(i).getBody();
            if (body != null) {
                for (Statement statement : body.getStatements()) {
                    if (statement instanceof J.ClassDeclaration) {
                        all.add((J.ClassDeclaration) statement);
                    }
                }
            }
        }
        return all;
    }

    /** Overloads with the same arity share a key and are then not followed at all. */
    static String key(JavaType.Method method) {
        return method.getDeclaringType().getFullyQualifiedName() + "#" + method.getName() + "/" +
               method.getParameterTypes().size();
    }
}

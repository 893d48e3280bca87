package dev.rewriteperf.streams;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

/**
 * The template parser declares the new locals in a stub method of a class named {@code Template}; this gives
 * them, and every reference to them, the method they are now in as their owner.
 */
final class TemplateLocalsOwner extends JavaIsoVisitor<Integer> {

    private final JavaType.Method owner;

    TemplateLocalsOwner(JavaType.Method owner) {
        this.owner = owner;
    }

    @Override
    public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
        return identifier.withFieldType(ownedByMethod(identifier.getFieldType()));
    }

    @Override
    public J.VariableDeclarations.NamedVariable visitVariable(J.VariableDeclarations.NamedVariable variable, Integer p) {
        J.VariableDeclarations.NamedVariable v = super.visitVariable(variable, p);
        return v.withVariableType(ownedByMethod(v.getVariableType()));
    }

    private JavaType.@Nullable Variable ownedByMethod(JavaType.@Nullable Variable variable) {
        if (variable == null || !(variable.getOwner() instanceof JavaType.Method)) {
            return variable;
        }
        JavaType.FullyQualified declaring = ((JavaType.Method) variable.getOwner()).getDeclaringType();
        return "Template".equals(declaring.getFullyQualifiedName()) ? variable.withOwner(owner) : variable;
    }
}

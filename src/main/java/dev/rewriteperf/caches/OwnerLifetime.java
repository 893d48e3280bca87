package dev.rewriteperf.caches;

import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether the instances that own an instance field live as long as their class, so that a {@code ClassValue}
 * field in them leaves nothing behind: the values a {@code ClassValue} computed stay on each {@code Class} it was
 * asked about until that class is next looked up, long after a discarded owner is gone.
 */
final class OwnerLifetime {

    private OwnerLifetime() {
    }

    /**
     * An enum's constants, or a singleton: a class whose constructors are all declared private, that its file
     * creates only in initialisers of its own static final fields, and that cannot be deserialised into another.
     */
    static boolean livesAsLongAsItsClass(Cursor field) {
        J.ClassDeclaration owner = field.firstEnclosing(J.ClassDeclaration.class);
        if (owner == null || owner.getType() == null) {
            return false;
        }
        if (owner.getKind() == J.ClassDeclaration.Kind.Type.Enum) {
            return true;
        }
        J.CompilationUnit cu = field.firstEnclosingOrThrow(J.CompilationUnit.class);
        return owner.getKind() == J.ClassDeclaration.Kind.Type.Class && onlyPrivateConstructors(owner) &&
               !TypeUtils.isAssignableTo("java.io.Serializable", owner.getType()) &&
               createdOnlyInItsStaticFinalFields(owner, cu);
    }

    private static boolean onlyPrivateConstructors(J.ClassDeclaration owner) {
        boolean any = false;
        for (Statement member : owner.getBody().getStatements()) {
            if (member instanceof J.MethodDeclaration && ((J.MethodDeclaration) member).isConstructor()) {
                if (!((J.MethodDeclaration) member).hasModifier(J.Modifier.Type.Private)) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    /**
     * Every {@code new Owner(..)} of the file initialises a static final field that the owner declares, and no
     * class of the file extends the owner (its private constructors still let a nested class do so, and each
     * instance of that subclass is an owner too).
     */
    private static boolean createdOnlyInItsStaticFinalFields(J.ClassDeclaration owner, J.CompilationUnit cu) {
        JavaType.FullyQualified type = owner.getType();
        AtomicBoolean elsewhere = new AtomicBoolean();
        new JavaIsoVisitor<AtomicBoolean>() {
            @Override
            public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration declaration, AtomicBoolean found) {
                if (declaration.getExtends() != null && TypeUtils.isOfType(declaration.getExtends().getType(), type)) {
                    found.set(true);
                }
                return super.visitClassDeclaration(declaration, found);
            }

            @Override
            public J.NewClass visitNewClass(J.NewClass newClass, AtomicBoolean found) {
                if (TypeUtils.isOfType(newClass.getType(), type) && !initialisesStaticFinalFieldOf(getCursor(), type)) {
                    found.set(true);
                }
                return super.visitNewClass(newClass, found);
            }
        }.visit(cu, elsewhere);
        return !elsewhere.get();
    }

    private static boolean initialisesStaticFinalFieldOf(Cursor creation, JavaType.FullyQualified type) {
        Cursor variable = creation.getParentTreeCursor();
        if (!(variable.getValue() instanceof J.VariableDeclarations.NamedVariable) ||
            ((J.VariableDeclarations.NamedVariable) variable.getValue()).getInitializer() != creation.getValue()) {
            return false;
        }
        J.VariableDeclarations declaration = variable.getParentTreeCursor().getValue();
        JavaType.Variable field = ((J.VariableDeclarations.NamedVariable) variable.getValue()).getVariableType();
        return declaration.hasModifier(J.Modifier.Type.Static) && declaration.hasModifier(J.Modifier.Type.Final) &&
               field != null && TypeUtils.isOfType(field.getOwner(), type);
    }
}

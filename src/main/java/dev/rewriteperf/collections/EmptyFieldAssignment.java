package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.evaluation.References;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A private field a constructor sets to an empty collection, {@code this.features = new ArrayList<>();}, which the
 * loop after it may fill ({@code for (FeatureSpec spec : specs) { features.add(spec); }}): the held-out authors' copy
 * constructors and per-request objects write it so. Only in a constructor: there, a source that throws as the size is
 * read leaves no object behind, as one that throws in the loop did.
 */
final class EmptyFieldAssignment {

    final J.Assignment assignment;
    final J.NewClass construction;
    final JavaType.Variable field;

    private EmptyFieldAssignment(J.Assignment assignment, J.NewClass construction, JavaType.Variable field) {
        this.assignment = assignment;
        this.construction = construction;
        this.field = field;
    }

    /** {@code statement} when it is such an assignment in the constructor of {@code blockCursor}'s block; else null. */
    static @Nullable EmptyFieldAssignment of(Statement statement, Cursor blockCursor) {
        Object owner = blockCursor.getParentTreeCursor().getValue();
        if (!(statement instanceof J.Assignment) || !(owner instanceof J.MethodDeclaration) ||
            !((J.MethodDeclaration) owner).isConstructor()) {
            return null;
        }
        J.Assignment assignment = (J.Assignment) statement;
        JavaType.Variable field = privateField(assignment.getVariable());
        Expression value = assignment.getAssignment();
        if (field == null || !(value instanceof J.NewClass)) {
            return null;
        }
        J.NewClass construction = (J.NewClass) value;
        return EmptyCollectionDeclaration.isEmptyConstruction(construction)
                ? new EmptyFieldAssignment(assignment, construction, field) : null;
    }

    /** The private field {@code variable} names, as {@code name} or {@code this.name}; null otherwise. */
    static JavaType.@Nullable Variable privateField(@Nullable Expression variable) {
        J.Identifier name = variable instanceof J.Identifier ? (J.Identifier) variable : onThis(variable);
        JavaType.Variable type = name == null ? null : name.getFieldType();
        return type != null && type.getOwner() instanceof JavaType.FullyQualified && type.hasFlags(Flag.Private) ? type : null;
    }

    private static J.@Nullable Identifier onThis(@Nullable Expression variable) {
        if (!(variable instanceof J.FieldAccess)) {
            return null;
        }
        J.FieldAccess access = (J.FieldAccess) variable;
        return access.getTarget() instanceof J.Identifier && "this".equals(((J.Identifier) access.getTarget()).getSimpleName())
                ? access.getName() : null;
    }

    /** Whether {@code tree} names the field, alone or as {@code this.name}. */
    boolean isNamedIn(J tree) {
        return References.firstIdentifier(tree, identifier -> same(field, identifier.getFieldType())) != null;
    }

    /** Whether {@code tree} reads this object's field, as {@code name} or {@code this.name} (not {@code other.name}). */
    boolean isThisOnesIn(J tree) {
        AtomicInteger reads = new AtomicInteger();
        new JavaIsoVisitor<AtomicInteger>() {
            @Override
            public J.FieldAccess visitFieldAccess(J.FieldAccess access, AtomicInteger n) {
                if (onThis(access) == null && same(field, access.getName().getFieldType())) {
                    visit(access.getTarget(), n); // another object's field: only its target may read this one's
                    return access;
                }
                return super.visitFieldAccess(access, n);
            }

            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, AtomicInteger n) {
                if (same(field, identifier.getFieldType())) {
                    n.incrementAndGet();
                }
                return identifier;
            }
        }.visit(tree, reads);
        return reads.get() > 0;
    }

    /** The same field: its name, of the same class. */
    private static boolean same(JavaType.Variable a, JavaType.@Nullable Variable b) {
        return b != null && a.getName().equals(b.getName()) && TypeUtils.isOfType(a.getOwner(), b.getOwner());
    }

    String name() {
        return field.getName();
    }

    boolean isArrayList() {
        return TypeUtils.isOfClassType(construction.getType(), "java.util.ArrayList");
    }

    /** A cursor at the constructor call, below {@code blockCursor}, for templates that replace it. */
    Cursor constructionCursor(Cursor blockCursor) {
        return new Cursor(new Cursor(blockCursor, assignment), construction);
    }

    J.Assignment withConstruction(Expression sized) {
        return assignment.withAssignment(sized.withPrefix(construction.getPrefix()));
    }

    /**
     * Why {@code body} is not known to add exactly one element to the field per iteration, by {@code name.add(..)} or
     * {@code this.name.add(..)} (or {@code put}), and name it nowhere else but to read its count; null when it is.
     */
    @Nullable
    String bodyReason(Statement body) {
        if (References.mayExitEarly(body)) {
            return "the loop may end early (break, continue, return or throw)";
        }
        AtomicInteger uses = new AtomicInteger();
        AtomicInteger shadows = new AtomicInteger();
        new JavaIsoVisitor<AtomicInteger>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, AtomicInteger n) {
                JavaType.Variable type = identifier.getFieldType();
                if (!identifier.getSimpleName().equals(name()) || type == null) {
                    return identifier;
                }
                if (!same(field, type)) {
                    shadows.incrementAndGet();
                } else if (!FillingLoop.readsTheCount(getCursor())) {
                    n.incrementAndGet();
                }
                return identifier;
            }
        }.visit(body, uses);
        if (shadows.get() > 0) {
            return "a variable in the loop has the field's name";
        }
        if (uses.get() != 1) {
            return "the loop body uses the collection more than once";
        }
        List<Statement> statements = body instanceof J.Block ? ((J.Block) body).getStatements() : Collections.singletonList(body);
        for (Statement statement : statements) {
            if (statement instanceof J.MethodInvocation && FillingLoop.addsOne((J.MethodInvocation) statement) &&
                same(field, privateField(((J.MethodInvocation) statement).getSelect()))) {
                return null;
            }
        }
        return "the loop does not add exactly one element per iteration";
    }
}

package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.evaluation.References;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.List;

/**
 * Gives the statements a {@link FilledLoop} generated after its declaration the types the template parser could
 * not know, since it does not see the project's types: the references to the new array or list and to the loop
 * variable, {@code list.add(..)}, {@code entry.getKey()} and {@code entry.getValue()}, and the stores into the
 * array. The loop variable's declaration gets the pipeline's element type.
 */
final class GeneratedReferences extends JavaIsoVisitor<Integer> {

    private final FilledLoop filled;
    /** The new array's or list's type: the declared variable's, when that declaration took the generated one's place. */
    private final JavaType declaredType;
    private final JavaType.@Nullable Variable filledVariable;
    /** The loop variable, once the for-each control declaring it has been visited. */
    private JavaType.@Nullable Variable loopVariable;

    /** References to {@code filled}'s statements, whose array or list is the variable {@code filledVariable} of {@code declaredType}. */
    GeneratedReferences(FilledLoop filled, JavaType declaredType, JavaType.@Nullable Variable filledVariable) {
        this.filled = filled;
        this.declaredType = declaredType;
        this.filledVariable = filledVariable;
    }

    @Override
    public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
        if (References.isMemberOrDeclaredName(getCursor())) {
            return identifier;
        }
        if (identifier.getSimpleName().equals(filled.filled)) {
            return identifier.withType(declaredType).withFieldType(filledVariable);
        }
        if (identifier.getSimpleName().equals(filled.variable) && loopVariable != null) {
            return identifier.withType(filled.elementType).withFieldType(loopVariable);
        }
        return identifier;
    }

    @Override
    public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, Integer p) {
        J.MethodInvocation m = super.visitMethodInvocation(method, p);
        if (isCallOn(m, filled.filled) && "add".equals(m.getSimpleName())) {
            return typedAdd(m, declaredType);
        }
        return isCallOn(m, filled.variable) ? typedEntryGetter(m) : m;
    }

    private static boolean isCallOn(J.MethodInvocation m, String variable) {
        return m.getSelect() instanceof J.Identifier && ((J.Identifier) m.getSelect()).getSimpleName().equals(variable);
    }

    /** {@code list.add(e)}, a method of the list's type taking its element type. */
    private static J.MethodInvocation typedAdd(J.MethodInvocation add, JavaType listType) {
        JavaType.Method method = add.getMethodType();
        JavaType.FullyQualified declaring = TypeUtils.asFullyQualified(listType);
        if (method == null && declaring != null) {
            method = declaring.getMethods().stream()
                    .filter(candidate -> "add".equals(candidate.getName()) && candidate.getParameterTypes().size() == 1)
                    .findFirst().orElse(null);
        }
        if (method == null || !(listType instanceof JavaType.Parameterized)) {
            return add;
        }
        JavaType.Method typed = method.withDeclaringType((JavaType.FullyQualified) listType)
                .withParameterTypes(((JavaType.Parameterized) listType).getTypeParameters());
        return add.withMethodType(typed).withName(add.getName().withType(typed));
    }

    /**
     * {@code entry.getKey()} or {@code entry.getValue()} on the loop variable, returning the key or value type of
     * the element type when the template parser did not know it.
     */
    private J.MethodInvocation typedEntryGetter(J.MethodInvocation m) {
        JavaType.Method methodType = m.getMethodType();
        if (methodType == null || TypeUtils.isWellFormedType(methodType.getReturnType()) ||
            !(filled.elementType instanceof JavaType.Parameterized)) {
            return m;
        }
        List<JavaType> kv = ((JavaType.Parameterized) filled.elementType).getTypeParameters();
        int which = "getKey".equals(m.getSimpleName()) ? 0 : "getValue".equals(m.getSimpleName()) ? 1 : -1;
        return which < 0 || kv.size() != 2 ? m : m.withMethodType(methodType.withReturnType(kv.get(which)))
                .withName(m.getName().withType(methodType.withReturnType(kv.get(which))));
    }

    @Override
    public J.ArrayAccess visitArrayAccess(J.ArrayAccess access, Integer p) {
        J.ArrayAccess a = super.visitArrayAccess(access, p);
        return isArray(a.getIndexed()) ? a.withType(((JavaType.Array) filled.filledType).getElemType()) : a;
    }

    @Override
    public J.Assignment visitAssignment(J.Assignment assignment, Integer p) {
        J.Assignment a = super.visitAssignment(assignment, p);
        return a.getVariable() instanceof J.ArrayAccess && isArray(((J.ArrayAccess) a.getVariable()).getIndexed()) ?
                a.withType(((JavaType.Array) filled.filledType).getElemType()) : a;
    }

    private boolean isArray(Expression e) {
        return e instanceof J.Identifier && ((J.Identifier) e).getSimpleName().equals(filled.filled);
    }

    @Override
    public J.ForEachLoop.Control visitForEachControl(J.ForEachLoop.Control control, Integer p) {
        J.ForEachLoop.Control c = super.visitForEachControl(control, p);
        if (!(c.getVariable() instanceof J.VariableDeclarations)) {
            return c;
        }
        J.VariableDeclarations declared = filled.loopVariable((J.VariableDeclarations) c.getVariable());
        loopVariable = declared.getVariables().get(0).getVariableType();
        return c.withVariable(declared);
    }
}

package dev.rewriteperf.hotpaths;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/** A call of an enum's {@code values()}: a new copy of its constants' array on every call. */
final class EnumValuesCall {

    final J.MethodInvocation call;
    final JavaType.FullyQualified enumType;

    private EnumValuesCall(J.MethodInvocation call, JavaType.FullyQualified enumType) {
        this.call = call;
        this.enumType = enumType;
    }

    static @Nullable EnumValuesCall of(J.MethodInvocation call) {
        JavaType.Method method = call.getMethodType();
        if (method == null || !"values".equals(method.getName()) || !method.getParameterTypes().isEmpty() ||
            !method.hasFlags(Flag.Static) || method.getDeclaringType().getKind() != JavaType.FullyQualified.Kind.Enum) {
            return null;
        }
        return new EnumValuesCall(call, method.getDeclaringType());
    }

    /**
     * Whether the array is only read where it stands (at {@code cursor}): looped over, indexed or measured. Anything
     * else (passed on, returned, stored, sorted) could change a shared copy, or see another caller's changes.
     */
    static boolean onlyRead(Cursor cursor) {
        Object parent = cursor.getParentTreeCursor().getValue();
        Object call = cursor.getValue();
        return parent instanceof J.ForEachLoop.Control && ((J.ForEachLoop.Control) parent).getIterable() == call ||
               parent instanceof J.ArrayAccess && ((J.ArrayAccess) parent).getIndexed() == call &&
               !isWritten(cursor.getParentTreeCursor()) ||
               parent instanceof J.FieldAccess && "length".equals(((J.FieldAccess) parent).getSimpleName());
    }

    /** Whether the array element at {@code access} is assigned. */
    private static boolean isWritten(Cursor access) {
        Object parent = access.getParentTreeCursor().getValue();
        return parent instanceof J.Assignment && ((J.Assignment) parent).getVariable() == access.getValue() ||
               parent instanceof J.AssignmentOperation && ((J.AssignmentOperation) parent).getVariable() == access.getValue();
    }

    /**
     * Whether creating the enum's constants could run other code of the class, which could then read the field
     * before it is set (it is declared after the constants): a constructor, an instance initialiser or field, or a
     * constant's arguments or body that calls a method.
     */
    static boolean constantsMayCallBack(J.ClassDeclaration anEnum) {
        AtomicBoolean calls = new AtomicBoolean();
        for (Statement member : anEnum.getBody().getStatements()) {
            boolean instanceCode = member instanceof J.EnumValueSet ||
                                   member instanceof J.MethodDeclaration && ((J.MethodDeclaration) member).isConstructor() ||
                                   member instanceof J.Block && !((J.Block) member).isStatic() ||
                                   member instanceof J.VariableDeclarations &&
                                   !((J.VariableDeclarations) member).hasModifier(J.Modifier.Type.Static);
            if (instanceCode) {
                new JavaIsoVisitor<AtomicBoolean>() {
                    @Override
                    public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, AtomicBoolean found) {
                        found.set(true);
                        return method;
                    }
                }.visit(member, calls);
            }
        }
        return calls.get();
    }

    /** Whether the call is unqualified or made on the enum's name ({@code Color.values()}), not on an expression. */
    boolean isOnTheType() {
        Expression select = call.getSelect();
        if (select == null) {
            return true;
        }
        J.Identifier name = select instanceof J.Identifier ? (J.Identifier) select :
                select instanceof J.FieldAccess ? ((J.FieldAccess) select).getName() : null;
        return name != null && name.getFieldType() == null && TypeUtils.isOfType(select.getType(), enumType);
    }

    /**
     * Whether initialising the enum runs no code but {@code Enum}'s own: its constants have no arguments or bodies, and
     * it has no constructor, no initialiser block and no field set by code (a static one would run when the enum is
     * initialised, reading what it likes).
     */
    static boolean isPlain(J.ClassDeclaration anEnum) {
        for (Statement member : anEnum.getBody().getStatements()) {
            if (member instanceof J.Block || member instanceof J.VariableDeclarations &&
                ((J.VariableDeclarations) member).getVariables().stream()
                        .anyMatch(v -> v.getInitializer() != null && !(v.getInitializer() instanceof J.Literal))) {
                return false;
            }
            if (member instanceof J.EnumValueSet) {
                for (J.EnumValue constant : ((J.EnumValueSet) member).getEnums()) {
                    J.NewClass creation = constant.getInitializer();
                    if (creation != null && (creation.getBody() != null ||
                                             creation.getArguments().stream().anyMatch(a -> !(a instanceof J.Empty)))) {
                        return false;
                    }
                }
            } else if (member instanceof J.MethodDeclaration && ((J.MethodDeclaration) member).isConstructor() ||
                       member instanceof J.Block && !((J.Block) member).isStatic() ||
                       member instanceof J.VariableDeclarations && !((J.VariableDeclarations) member).hasModifier(J.Modifier.Type.Static) &&
                       ((J.VariableDeclarations) member).getVariables().stream().anyMatch(v -> v.getInitializer() != null)) {
                return false;
            }
        }
        return true;
    }

    /** The enum's declaration in {@code cu} (at any depth), or null when another file declares it. */
    static J.@Nullable ClassDeclaration declarationIn(J.CompilationUnit cu, JavaType.FullyQualified enumType) {
        AtomicReference<J.ClassDeclaration> found = new AtomicReference<>();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration classDecl, Integer p) {
                if (classDecl.getType() != null && TypeUtils.isOfType(classDecl.getType(), enumType)) {
                    found.set(classDecl);
                }
                return super.visitClassDeclaration(classDecl, p);
            }
        }.visit(cu, 0);
        return found.get();
    }

    /** Whether {@code type} is the enum itself. */
    boolean isOf(J.@Nullable ClassDeclaration declaration) {
        return declaration != null && declaration.getType() != null && TypeUtils.isOfType(declaration.getType(), enumType);
    }
}

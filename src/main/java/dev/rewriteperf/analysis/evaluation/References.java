package dev.rewriteperf.analysis.evaluation;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

import java.util.HashSet;
import java.util.Set;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/** Cheap, conservative questions about what a subtree refers to and how control leaves it. */
public final class References {

    private References() {
    }

    /**
     * Whether the identifier at {@code cursor} names something other than a variable being read or written: the
     * member of a qualified access ({@code length} in {@code buf.length}), a method's name, or the name a
     * declaration introduces.
     */
    public static boolean isMemberOrDeclaredName(Cursor cursor) {
        Object parent = cursor.getParentTreeCursor().getValue();
        return parent instanceof J.FieldAccess && ((J.FieldAccess) parent).getName() == cursor.getValue() ||
               parent instanceof J.MethodInvocation && ((J.MethodInvocation) parent).getName() == cursor.getValue() ||
               parent instanceof J.VariableDeclarations.NamedVariable;
    }

    /**
     * How many times {@code scope} may refer to a variable of this simple name: every identifier of that name
     * except method names and the member name of a qualified access such as {@code this.name}.
     */
    public static int countNamed(J scope, String name) {
        AtomicInteger count = new AtomicInteger();
        new JavaIsoVisitor<AtomicInteger>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, AtomicInteger n) {
                if (identifier.getSimpleName().equals(name)) {
                    n.incrementAndGet();
                }
                return identifier;
            }

            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, AtomicInteger n) {
                visit(method.getSelect(), n);
                method.getArguments().forEach(argument -> visit(argument, n));
                return method;
            }

            @Override
            public J.FieldAccess visitFieldAccess(J.FieldAccess fieldAccess, AtomicInteger n) {
                visit(fieldAccess.getTarget(), n);
                return fieldAccess;
            }
        }.visit(scope, count);
        return count.get();
    }

    /**
     * Whether {@code scope} contains a {@code break}, {@code continue}, {@code return}, {@code throw} or
     * {@code yield} anywhere, even in a nested lambda or class: any of them may end an iteration early.
     */
    public static boolean mayExitEarly(J scope) {
        AtomicBoolean exits = new AtomicBoolean();
        new JavaIsoVisitor<AtomicBoolean>() {
            @Override
            public J.Break visitBreak(J.Break breakStatement, AtomicBoolean found) {
                found.set(true);
                return breakStatement;
            }

            @Override
            public J.Continue visitContinue(J.Continue continueStatement, AtomicBoolean found) {
                found.set(true);
                return continueStatement;
            }

            @Override
            public J.Return visitReturn(J.Return returnStatement, AtomicBoolean found) {
                found.set(true);
                return returnStatement;
            }

            @Override
            public J.Throw visitThrow(J.Throw thrown, AtomicBoolean found) {
                found.set(true);
                return thrown;
            }

            @Override
            public J.Yield visitYield(J.Yield yield, AtomicBoolean found) {
                found.set(true);
                return yield;
            }
        }.visit(scope, exits);
        return exits.get();
    }

    /**
     * The name of a local variable or parameter that {@code code} reads but does not declare, such as a
     * variable a lambda captures from its enclosing method; {@code null} when there is none.
     */
    public static @Nullable String capturedLocal(J code) {
        Set<JavaType.Variable> declared = new HashSet<>();
        new JavaIsoVisitor<Set<JavaType.Variable>>() {
            @Override
            public J.VariableDeclarations.NamedVariable visitVariable(J.VariableDeclarations.NamedVariable variable,
                                                                      Set<JavaType.Variable> found) {
                if (variable.getVariableType() != null) {
                    found.add(variable.getVariableType());
                }
                return super.visitVariable(variable, found);
            }
        }.visit(code, declared);
        J.Identifier captured = firstIdentifier(code, identifier -> identifier.getFieldType() != null &&
                identifier.getFieldType().getOwner() instanceof JavaType.Method &&
                !declared.contains(identifier.getFieldType()));
        return captured == null ? null : captured.getSimpleName();
    }

    /** The first identifier in {@code scope}, in visiting order, that {@code test} accepts. */
    public static J.@Nullable Identifier firstIdentifier(J scope, Predicate<J.Identifier> test) {
        AtomicReference<J.@Nullable Identifier> first = new AtomicReference<>();
        new JavaIsoVisitor<AtomicReference<J.@Nullable Identifier>>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, AtomicReference<J.@Nullable Identifier> found) {
                if (found.get() == null && test.test(identifier)) {
                    found.set(identifier);
                }
                return identifier;
            }
        }.visit(scope, first);
        return first.get();
    }
}

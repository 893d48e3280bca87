package dev.rewriteperf.analysis.evaluation;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Whether running a piece of code twice, or caching its result, can be told apart from running it once: it
 * must not write fields, call code the analysis cannot see, or read state that may change.
 * <p>
 * Conservative by construction. Allowed are reads of locals, parameters and constants; writes to locals;
 * reflection and other read-only JDK calls; collections and builders the code creates itself; and the static
 * methods and constructors declared in the same compilation unit, analysed the same way.
 */
public final class SideEffectFreeCode {

    private static final int MAX_METHODS_FOLLOWED = 32;

    private SideEffectFreeCode() {
    }

    /**
     * Why {@code code} may have an effect outside itself or depend on state that can change, or {@code null}
     * when it cannot as far as this analysis can tell. Same-file static methods and constructors it calls are
     * followed, up to a bound.
     */
    public static @Nullable String reason(J code, J.CompilationUnit compilationUnit) {
        Checker checker = new Checker(compilationUnit, code);
        checker.visit(code, 0);
        return checker.reason;
    }

    private static final class Checker extends JavaIsoVisitor<Integer> {
        private final SameFileDeclarations sameFile;
        /** The code examined: a lambda, a method reference or a statement. */
        private final J root;
        /** The method a method reference examined names, until it is followed; then its body is {@link #functionBody}. */
        private JavaType.@Nullable Method function;
        private J.@Nullable Block functionBody;
        /** The bodies of the methods followed, whose returns go back to their callers. */
        private final Set<J.Block> followedBodies = Collections.newSetFromMap(new IdentityHashMap<>());
        private final Set<String> followed = new HashSet<>();
        private final Set<JavaType.Variable> ownedLocals = new HashSet<>();
        private final Set<JavaType.Variable> declaredHere = new HashSet<>();
        private final Deque<JavaType.FullyQualified> constructing = new ArrayDeque<>();
        @Nullable String reason;

        private final J.CompilationUnit compilationUnit;
        /** The classes, enums and records the file declares inside a method, found when first asked. */
        private @Nullable Set<String> localTypes;

        Checker(J.CompilationUnit compilationUnit, J root) {
            this.sameFile = new SameFileDeclarations(compilationUnit);
            this.compilationUnit = compilationUnit;
            this.root = root;
        }

        /** Whether {@code type} is declared inside a method of the file, where no static field's code can name it. */
        private boolean isLocalType(@Nullable JavaType type) {
            JavaType.FullyQualified named = TypeUtils.asFullyQualified(type);
            if (named == null) {
                return false;
            }
            if (localTypes == null) {
                Set<String> found = new HashSet<>();
                new JavaIsoVisitor<Set<String>>() {
                    @Override
                    public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration declaration, Set<String> in) {
                        Cursor parent = getCursor().getParentTreeCursor();
                        boolean member = parent.getValue() instanceof J.Block
                                         && parent.getParentTreeCursor().getValue() instanceof J.ClassDeclaration;
                        if (!member && !(parent.getValue() instanceof J.CompilationUnit) && declaration.getType() != null) {
                            in.add(declaration.getType().getFullyQualifiedName());
                        }
                        return super.visitClassDeclaration(declaration, in);
                    }
                }.visit(compilationUnit, found);
                localTypes = found;
            }
            return localTypes.contains(named.getFullyQualifiedName());
        }

        /**
         * Why an object of {@code type} cannot be made, nor the type named, in a {@code ClassValue}'s
         * {@code computeValue} in a static field: an inner class needs the object the cache's method runs on, a class
         * declared in a method is not in scope there; null when neither.
         */
        private @Nullable String needsItsContext(@Nullable JavaType type) {
            JavaType.FullyQualified named = TypeUtils.asFullyQualified(type);
            if (named == null) {
                return null;
            }
            if (isLocalType(named)) {
                return "`" + named.getClassName() + "`, declared in a method, which a static field's code cannot name";
            }
            if (named.getOwningClass() != null && named.getKind() == JavaType.FullyQualified.Kind.Class
                && !named.hasFlags(Flag.Static)) {
                return "`" + named.getClassName() + "`, an inner class, whose objects need the object the cache's method runs on";
            }
            return null;
        }

        @Override
        public @Nullable J visit(@Nullable Tree tree, Integer p) {
            return reason != null ? (J) tree : super.visit(tree, p);
        }

        private void fail(String why) {
            if (reason == null) {
                reason = why;
            }
        }

        @Override
        public J.VariableDeclarations.NamedVariable visitVariable(J.VariableDeclarations.NamedVariable variable,
                                                                  Integer p) {
            Expression initializer = variable.getInitializer();
            if (variable.getVariableType() != null && constructing.isEmpty()) {
                declaredHere.add(variable.getVariableType());
            }
            if (variable.getVariableType() != null && initializer != null && isOwned(initializer)) {
                ownedLocals.add(variable.getVariableType());
            }
            return super.visitVariable(variable, p);
        }

        @Override
        public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
            if (identifier.getFieldType() == null && isLocalType(identifier.getType())) {
                fail("uses " + needsItsContext(identifier.getType()));
            }
            JavaType.Variable variable = identifier.getFieldType();
            if (variable != null && isField(variable) && !declaredHere.contains(variable) && !Constants.isUnchanging(variable) &&
                !isUnderConstruction(variable)) {
                fail("reads `" + variable.getName() + "`, a field whose content may change");
            }
            return identifier;
        }

        @Override
        public J.FieldAccess visitFieldAccess(J.FieldAccess fieldAccess, Integer p) {
            if (fieldAccess.getTarget().getType() instanceof JavaType.Array) {
                visit(fieldAccess.getTarget(), p);
                return fieldAccess;
            }
            return super.visitFieldAccess(fieldAccess, p);
        }

        @Override
        public J.Assignment visitAssignment(J.Assignment assignment, Integer p) {
            checkWrite(assignment.getVariable());
            Expression target = ExpressionShapes.unwrap(assignment.getVariable());
            if (target instanceof J.Identifier && !isOwned(assignment.getAssignment())) {
                ownedLocals.remove(((J.Identifier) target).getFieldType());
            }
            return super.visitAssignment(assignment, p);
        }

        @Override
        public J.AssignmentOperation visitAssignmentOperation(J.AssignmentOperation assignment, Integer p) {
            checkWrite(assignment.getVariable());
            return super.visitAssignmentOperation(assignment, p);
        }

        @Override
        public J.Unary visitUnary(J.Unary unary, Integer p) {
            if (unary.getOperator().isModifying()) {
                checkWrite(unary.getExpression());
            }
            return super.visitUnary(unary, p);
        }

        private void checkWrite(Expression target) {
            Expression written = ExpressionShapes.unwrap(target);
            if (written instanceof J.ArrayAccess) {
                if (!isOwned(((J.ArrayAccess) written).getIndexed())) {
                    fail("writes into an array it did not create");
                }
                return;
            }
            JavaType.Variable variable = ExpressionShapes.variableOf(written);
            if (variable == null) {
                fail("writes to `" + written + "`, whose type is unknown");
            } else if (isField(variable) && !declaredHere.contains(variable) && !isUnderConstruction(variable)) {
                fail("writes the field `" + variable.getName() + "`");
            }
        }

        @Override
        public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, Integer p) {
            checkCall(method.getMethodType(), method.getSelect(), method.getSimpleName(), method.getArguments());
            return super.visitMethodInvocation(method, p);
        }

        @Override
        public J.Lambda visitLambda(J.Lambda lambda, Integer p) {
            // a function returned is made, not run: what its body does happens where it is called (a renderer per type)
            if (isReturned(getCursor())) {
                usesNoInstance(lambda.getBody());
                return lambda;
            }
            return super.visitLambda(lambda, p);
        }

        /**
         * Whether the function at {@code function} is what the code examined returns (the body of the lambda, or a
         * {@code return} of it or of the method its method reference names, perhaps one side of a {@code ?:}): not
         * a return of a method it calls, whose caller may run the function at once ({@code names.forEach(counter())}).
         */
        private boolean isReturned(Cursor function) {
            boolean returned = false;
            for (Cursor c = function.getParent(); c != null; c = c.getParent()) {
                Object value = c.getValue();
                if (value == root || value == functionBody) {
                    return returned || root instanceof J.Lambda && ((J.Lambda) root).getBody() == function.getValue();
                }
                if (value instanceof J.Return) {
                    returned = true;
                } else if (value instanceof J.Lambda || value instanceof J.Block && followedBodies.contains(value)) {
                    return false;
                } else if (!returned && value instanceof J && !(value instanceof J.Ternary) && !(value instanceof J.Parentheses)) {
                    return false;
                }
            }
            return false;
        }

        /**
         * An anonymous class of an interface whose body only declares methods: making it runs no code of its own (no
         * constructor, field initialiser or initialiser block).
         */
        private boolean isFunctionObject(J.NewClass newClass) {
            JavaType.FullyQualified type = newClass.getClazz() == null ? null : TypeUtils.asFullyQualified(newClass.getClazz().getType());
            return type != null && type.getKind() == JavaType.FullyQualified.Kind.Interface && newClass.getBody() != null
                   && newClass.getArguments().stream().allMatch(a -> a instanceof J.Empty)
                   && newClass.getBody().getStatements().stream().allMatch(st -> st instanceof J.MethodDeclaration);
        }

        /** What {@link #needsItsContext} says of the class a constructor reference ({@code Codec::new}) makes; else null. */
        private @Nullable String constructorContext(J.MemberReference reference) {
            return "new".equals(reference.getReference().getSimpleName()) ? needsItsContext(reference.getContaining().getType()) : null;
        }

        /**
         * Fails where a function made by the code uses the object around it ({@code this}, an unqualified instance
         * field or method, an inner class's constructor): a {@code ClassValue}'s {@code computeValue} has no such object.
         */
        private void usesNoInstance(J body) {
            new JavaIsoVisitor<Integer>() {
                @Override
                public J.Identifier visitIdentifier(J.Identifier identifier, Integer q) {
                    JavaType.Variable variable = identifier.getFieldType();
                    Object parent = getCursor().getParentTreeCursor().getValue();
                    boolean qualified = parent instanceof J.FieldAccess && ((J.FieldAccess) parent).getName() == identifier;
                    if ("this".equals(identifier.getSimpleName()) || "super".equals(identifier.getSimpleName()) ||
                        !qualified && variable != null && isField(variable) && !variable.hasFlags(Flag.Static)) {
                        fail("returns a function that uses the object it belongs to (`" + identifier.getSimpleName() + "`)");
                    } else if (variable == null && isLocalType(identifier.getType())) {
                        fail("returns a function that uses " + needsItsContext(identifier.getType()));
                    }
                    return identifier;
                }

                @Override
                public J.MethodInvocation visitMethodInvocation(J.MethodInvocation call, Integer q) {
                    JavaType.Method type = call.getMethodType();
                    if (call.getSelect() == null && (type == null || !type.hasFlags(Flag.Static))) {
                        fail("returns a function that calls `" + call.getSimpleName() + "` of the object it belongs to");
                    }
                    return super.visitMethodInvocation(call, q);
                }

                @Override
                public J.NewClass visitNewClass(J.NewClass creation, Integer q) {
                    String context = creation.getEnclosing() == null ? needsItsContext(creation.getType()) : null;
                    if (context != null) {
                        fail("returns a function that makes an object of " + context);
                    }
                    return super.visitNewClass(creation, q);
                }

                @Override
                public J.MemberReference visitMemberReference(J.MemberReference reference, Integer q) {
                    String context = constructorContext(reference);
                    if (context != null) {
                        fail("returns a function that makes objects of " + context);
                    }
                    return super.visitMemberReference(reference, q);
                }
            }.visit(body, 0);
        }

        @Override
        public J.MemberReference visitMemberReference(J.MemberReference reference, Integer p) {
            if (reference == root && reference.getMethodType() != null) {
                function = reference.getMethodType(); // its method's returns are the function's own
            }
            String context = constructorContext(reference);
            if (context != null) {
                fail("makes objects of " + context);
                return reference;
            }
            if (isReturned(getCursor())) {
                usesNoInstance(reference.getContaining()); // a bound receiver is read now, the method called later
                visit(reference.getContaining(), p);
                return reference;
            }
            if (reference.getReference().getSimpleName().equals("new") && reference.getContaining().getType() instanceof JavaType.Array) {
                return super.visitMemberReference(reference, p); // Field[]::new only makes an array
            }
            checkCall(reference.getMethodType(), reference.getContaining(), reference.getReference().getSimpleName(),
                    Collections.emptyList());
            return super.visitMemberReference(reference, p);
        }

        @Override
        public J.NewClass visitNewClass(J.NewClass newClass, Integer p) {
            if (newClass.getBody() != null) {
                // an interface's object made and returned, its body only methods, is a function made, not run: as a
                // returned lambda (a writer per geometry type written as an anonymous class)
                if (isReturned(getCursor()) && isFunctionObject(newClass)) {
                    usesNoInstance(newClass.getBody());
                } else {
                    fail("creates an anonymous class");
                }
                return newClass;
            }
            JavaType.Method constructor = newClass.getConstructorType();
            JavaType.FullyQualified type = TypeUtils.asFullyQualified(newClass.getType());
            String context = newClass.getEnclosing() == null ? needsItsContext(type) : null;
            if (context != null) {
                fail("makes an object of " + context);
                return newClass;
            }
            if (constructor == null || type == null) {
                fail("calls a constructor whose type is unknown");
            } else if (!ReadOnlyJdk.isValueOrCollection(type) && !isThrown(getCursor(), type) &&
                       !followConstructor(type, constructor)) {
                fail("creates a `" + type.getClassName() + "`, whose constructor the recipe cannot see");
            }
            return super.visitNewClass(newClass, p);
        }

        /**
         * {@code throw new IllegalArgumentException(..)}: a function that throws keeps nothing, so a map's
         * {@code computeIfAbsent} and a {@code ClassValue} both run it again at the next lookup of that key, and the
         * exception's constructor as often (an unsupported type in a codec's lookup, held-out round thirteen). Only the
         * JDK's exceptions: a project's is a type the code written in the field's initialiser could not attribute.
         */
        private boolean isThrown(Cursor newClass, JavaType.FullyQualified type) {
            return newClass.getParentTreeCursor().getValue() instanceof J.Throw && type.getFullyQualifiedName().startsWith("java.")
                   && TypeUtils.isAssignableTo("java.lang.Throwable", type);
        }

        @Override
        public J.Synchronized visitSynchronized(J.Synchronized sync, Integer p) {
            fail("synchronizes on a lock, so it shares state with other code");
            return sync;
        }

        @Override
        public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration classDecl, Integer p) {
            fail("declares a class");
            return classDecl;
        }

        private void checkCall(JavaType.@Nullable Method method, @Nullable Expression receiver, String name,
                               List<Expression> arguments) {
            if (method == null) {
                fail("calls `" + name + "`, whose type is unknown");
                return;
            }
            JavaType.FullyQualified declaring = method.getDeclaringType();
            String owner = declaring.getFullyQualifiedName();
            if (method.isConstructor() && ("java.lang.Object".equals(owner) || followConstructor(declaring, method))) {
                return;
            }
            if (ReadOnlyJdk.isReadOnlyCall(declaring, owner, name) ||
                receiver != null && isOwned(receiver) && (owner.startsWith("java.util.") || owner.startsWith("java.lang."))) {
                return;
            }
            if (method.hasFlags(Flag.Static) && follow(method, ownedPositions(arguments))) {
                return;
            }
            fail("calls `" + declaring.getClassName() + "." + name + "`, which the recipe cannot show to be free of " +
                 "side effects");
        }

        /** Objects the code makes itself: collections, builders and arrays from {@code new}, and locals holding them. */
        private boolean isOwned(Expression expression) {
            Expression e = ExpressionShapes.unwrap(expression);
            if (e instanceof J.NewArray) {
                return true;
            }
            if (e instanceof J.NewClass) {
                JavaType.FullyQualified type = TypeUtils.asFullyQualified(e.getType());
                return ((J.NewClass) e).getBody() == null && type != null && ReadOnlyJdk.isValueOrCollection(type);
            }
            if (e instanceof J.MethodInvocation) {
                J.MethodInvocation call = (J.MethodInvocation) e;
                return call.getSelect() != null && TypeUtils.isOfClassType(call.getType(), "java.lang.StringBuilder") &&
                       isOwned(call.getSelect());
            }
            return e instanceof J.Identifier && ((J.Identifier) e).getFieldType() != null &&
                   ownedLocals.contains(((J.Identifier) e).getFieldType());
        }

        private boolean isUnderConstruction(JavaType.Variable field) {
            return !field.hasFlags(Flag.Static) && !constructing.isEmpty() &&
                   TypeUtils.isOfType(field.getOwner(), constructing.peek());
        }

        private boolean followConstructor(JavaType.FullyQualified type, JavaType.Method constructor) {
            J.ClassDeclaration declaration = sameFile.classDeclaring(type);
            JavaType.FullyQualified supertype = type.getSupertype();
            // a record's superclass, like Object, has a constructor that does nothing
            boolean plainSuper = supertype == null || "java.lang.Object".equals(supertype.getFullyQualifiedName()) ||
                                 "java.lang.Record".equals(supertype.getFullyQualifiedName());
            if (declaration == null || declaration.getBody() == null || !plainSuper && sameFile.classDeclaring(supertype) == null) {
                return false;
            }
            constructing.push(type);
            try {
                for (Statement statement : declaration.getBody().getStatements()) {
                    if (statement instanceof J.VariableDeclarations &&
                        !((J.VariableDeclarations) statement).hasModifier(J.Modifier.Type.Static) ||
                        statement instanceof J.Block && !((J.Block) statement).isStatic()) {
                        visit(statement, 0);
                    }
                }
                boolean explicit = declaration.getBody().getStatements().stream()
                        .anyMatch(s -> s instanceof J.MethodDeclaration && ((J.MethodDeclaration) s).isConstructor());
                return !explicit || follow(constructor, new BitSet());
            } finally {
                constructing.pop();
            }
        }

        /**
         * Analyses a same-file method's body once for each combination of arguments the code owns: a helper may
         * fill a collection the code created and passed to it.
         */
        private boolean follow(JavaType.Method method, BitSet ownedArguments) {
            String key = SameFileDeclarations.key(method);
            if (!followed.add(key + ownedArguments)) {
                return true;
            }
            J.MethodDeclaration declaration = sameFile.method(key);
            if (declaration == null || declaration.getBody() == null || followed.size() > MAX_METHODS_FOLLOWED) {
                return false;
            }
            Set<JavaType.Variable> ownedParameters = new HashSet<>();
            List<Statement> parameters = declaration.getParameters();
            for (int i = ownedArguments.nextSetBit(0); i >= 0 && i < parameters.size(); i = ownedArguments.nextSetBit(i + 1)) {
                if (parameters.get(i) instanceof J.VariableDeclarations) {
                    JavaType.Variable parameter = ((J.VariableDeclarations) parameters.get(i)).getVariables().get(0).getVariableType();
                    if (parameter != null && ownedLocals.add(parameter)) {
                        ownedParameters.add(parameter);
                    }
                }
            }
            if (function != null && SameFileDeclarations.key(function).equals(key) && functionBody == null) {
                functionBody = declaration.getBody();
            } else {
                followedBodies.add(declaration.getBody());
            }
            visit(declaration.getBody(), 0);
            ownedLocals.removeAll(ownedParameters);
            return true;
        }

        private BitSet ownedPositions(List<Expression> arguments) {
            BitSet owned = new BitSet();
            for (int i = 0; i < arguments.size(); i++) {
                if (isOwned(arguments.get(i))) {
                    owned.set(i);
                }
            }
            return owned;
        }

    }

    private static boolean isField(JavaType.Variable variable) {
        return variable.getOwner() instanceof JavaType.FullyQualified;
    }

}

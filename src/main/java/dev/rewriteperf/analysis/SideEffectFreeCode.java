package dev.rewriteperf.analysis;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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

    private static final Set<String> VALUE_TYPES = new HashSet<>(Arrays.asList(
            "java.lang.String", "java.lang.Character", "java.lang.Boolean", "java.lang.Byte", "java.lang.Short",
            "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.lang.Math",
            "java.lang.StrictMath", "java.lang.Enum", "java.util.Objects", "java.util.Optional",
            "java.lang.annotation.Annotation"));

    private static final Set<String> REFLECTION_WRITES_OR_CALLS = new HashSet<>(Arrays.asList(
            "invoke", "newInstance", "forName", "getResource", "getResourceAsStream"));

    /** {@code Field} methods that read or write a field's value, which may change, rather than describe it. */
    private static final Set<String> FIELD_VALUE_ACCESS = new HashSet<>(Arrays.asList(
            "get", "getBoolean", "getByte", "getChar", "getShort", "getInt", "getLong", "getFloat", "getDouble",
            "set", "setBoolean", "setByte", "setChar", "setShort", "setInt", "setLong", "setFloat", "setDouble"));

    private static final Set<String> READ_ONLY_COLLECTION_METHODS = new HashSet<>(Arrays.asList(
            "size", "isEmpty", "contains", "containsKey", "containsValue", "get", "getOrDefault", "indexOf",
            "keySet", "values", "entrySet", "getKey", "getValue", "iterator", "hasNext", "next", "stream",
            "toArray", "of", "copyOf", "asList", "copyOfRange", "emptyList", "emptySet", "emptyMap",
            "singletonList", "singleton", "singletonMap", "unmodifiableList", "unmodifiableSet",
            "unmodifiableMap", "unmodifiableCollection", "first", "last", "ofEntries", "entry"));

    private SideEffectFreeCode() {
    }

    /**
     * Why {@code code} may have an effect outside itself or depend on state that can change, or {@code null}
     * when it cannot as far as this analysis can tell. Same-file static methods and constructors it calls are
     * followed, up to a bound.
     */
    public static @Nullable String whyNot(J code, J.CompilationUnit compilationUnit) {
        Checker checker = new Checker(compilationUnit);
        checker.visit(code, 0);
        return checker.reason;
    }

    private static final class Checker extends JavaIsoVisitor<Integer> {
        private final J.CompilationUnit compilationUnit;
        private @Nullable Map<String, J.MethodDeclaration> declarations;
        private final Set<String> followed = new HashSet<>();
        private final Set<JavaType.Variable> ownedLocals = new HashSet<>();
        private final Set<JavaType.Variable> declaredHere = new HashSet<>();
        private final Deque<JavaType.FullyQualified> constructing = new ArrayDeque<>();
        @Nullable String reason;

        Checker(J.CompilationUnit compilationUnit) {
            this.compilationUnit = compilationUnit;
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
            JavaType.Variable variable = identifier.getFieldType();
            if (variable != null && isField(variable) && !declaredHere.contains(variable) && !isConstant(variable) &&
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
            Expression target = PureExpressions.unwrap(assignment.getVariable());
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
            Expression written = PureExpressions.unwrap(target);
            if (written instanceof J.ArrayAccess) {
                if (!isOwned(((J.ArrayAccess) written).getIndexed())) {
                    fail("writes into an array it did not create");
                }
                return;
            }
            JavaType.Variable variable = written instanceof J.Identifier ? ((J.Identifier) written).getFieldType() :
                    written instanceof J.FieldAccess ? ((J.FieldAccess) written).getName().getFieldType() : null;
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
        public J.MemberReference visitMemberReference(J.MemberReference reference, Integer p) {
            checkCall(reference.getMethodType(), reference.getContaining(), reference.getReference().getSimpleName(),
                    Collections.emptyList());
            return super.visitMemberReference(reference, p);
        }

        @Override
        public J.NewClass visitNewClass(J.NewClass newClass, Integer p) {
            if (newClass.getBody() != null) {
                fail("creates an anonymous class");
                return newClass;
            }
            JavaType.Method constructor = newClass.getConstructorType();
            JavaType.FullyQualified type = TypeUtils.asFullyQualified(newClass.getType());
            if (constructor == null || type == null) {
                fail("calls a constructor whose type is unknown");
            } else if (!isJdkValueOrCollection(type) && !followConstructor(type, constructor)) {
                fail("creates a `" + type.getClassName() + "`, whose constructor the recipe cannot see");
            }
            return super.visitNewClass(newClass, p);
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
            if (isReadOnlyJdk(declaring, owner, name) ||
                receiver != null && isOwned(receiver) && (owner.startsWith("java.util.") || owner.startsWith("java.lang."))) {
                return;
            }
            if (method.hasFlags(Flag.Static) && follow(method, ownedPositions(arguments))) {
                return;
            }
            fail("calls `" + declaring.getClassName() + "." + name + "`, which the recipe cannot show to be free of " +
                 "side effects");
        }

        private boolean isReadOnlyJdk(JavaType.FullyQualified declaring, String owner, String name) {
            if (declaring.getKind() == JavaType.FullyQualified.Kind.Annotation || VALUE_TYPES.contains(owner)) {
                return true;
            }
            if (owner.equals("java.lang.Class") || owner.startsWith("java.lang.reflect.")) {
                return !REFLECTION_WRITES_OR_CALLS.contains(name) &&
                       !(owner.equals("java.lang.reflect.Field") && FIELD_VALUE_ACCESS.contains(name));
            }
            if (owner.equals("java.lang.Object")) {
                return name.equals("getClass");
            }
            return isCollectionApi(declaring) && READ_ONLY_COLLECTION_METHODS.contains(name) ||
                   owner.startsWith("java.util.stream.");
        }

        /** Objects the code makes itself: collections, builders and arrays from {@code new}, and locals holding them. */
        private boolean isOwned(Expression expression) {
            Expression e = PureExpressions.unwrap(expression);
            if (e instanceof J.NewArray) {
                return true;
            }
            if (e instanceof J.NewClass) {
                JavaType.FullyQualified type = TypeUtils.asFullyQualified(e.getType());
                return ((J.NewClass) e).getBody() == null && type != null && isJdkValueOrCollection(type);
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
            J.ClassDeclaration declaration = classDeclaredHere(type);
            JavaType.FullyQualified supertype = type.getSupertype();
            if (declaration == null || declaration.getBody() == null ||
                supertype != null && !"java.lang.Object".equals(supertype.getFullyQualifiedName()) &&
                classDeclaredHere(supertype) == null) {
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
            String key = key(method);
            if (!followed.add(key + ownedArguments)) {
                return true;
            }
            J.MethodDeclaration declaration = declarations().get(key);
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

        private J.@Nullable ClassDeclaration classDeclaredHere(JavaType.FullyQualified type) {
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
    }

    private static List<J.ClassDeclaration> classes(List<J.ClassDeclaration> topLevel) {
        List<J.ClassDeclaration> all = new java.util.ArrayList<>(topLevel);
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
    private static String key(JavaType.Method method) {
        return method.getDeclaringType().getFullyQualifiedName() + "#" + method.getName() + "/" +
               method.getParameterTypes().size();
    }

    private static boolean isField(JavaType.Variable variable) {
        return variable.getOwner() instanceof JavaType.FullyQualified;
    }

    private static boolean isConstant(JavaType.Variable variable) {
        if (!variable.hasFlags(Flag.Static, Flag.Final)) {
            return false;
        }
        JavaType type = variable.getType();
        JavaType.FullyQualified fq = TypeUtils.asFullyQualified(type);
        return type instanceof JavaType.Primitive ||
               fq != null && (VALUE_TYPES.contains(fq.getFullyQualifiedName()) ||
                              "java.lang.Class".equals(fq.getFullyQualifiedName()) ||
                              fq.getKind() == JavaType.FullyQualified.Kind.Enum);
    }

    /**
     * The non-concurrent collections, maps, entries and iterators of {@code java.util} and their static helpers;
     * not other {@code java.util} classes, whose {@code next()} may read input ({@code Scanner}) or whose
     * constructor may start a thread ({@code Timer}).
     */
    private static boolean isCollectionApi(JavaType.FullyQualified type) {
        String name = type.getFullyQualifiedName();
        if (!name.startsWith("java.util.") || name.startsWith("java.util.concurrent.")) {
            return false;
        }
        return name.equals("java.util.Arrays") || name.equals("java.util.Collections") ||
               name.equals("java.util.Iterator") || name.equals("java.util.ListIterator") ||
               TypeUtils.isAssignableTo("java.util.Collection", type) || TypeUtils.isAssignableTo("java.util.Map", type) ||
               TypeUtils.isAssignableTo("java.util.Map$Entry", type);
    }

    private static boolean isJdkValueOrCollection(JavaType.FullyQualified type) {
        String name = type.getFullyQualifiedName();
        return isCollectionApi(type) || VALUE_TYPES.contains(name) || name.equals("java.lang.StringBuilder") || name.equals("java.lang.Object") ||
               name.startsWith("java.lang.") && name.endsWith("Exception") || name.endsWith("Error") && name.startsWith("java.lang.");
    }
}

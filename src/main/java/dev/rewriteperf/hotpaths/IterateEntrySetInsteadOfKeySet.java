package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.evaluation.SameFileDeclarations;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.names.TypeText;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

public class IterateEntrySetInsteadOfKeySet extends Recipe implements GatedRecipe {

    private static final MethodMatcher KEY_SET = new MethodMatcher("java.util.Map keySet()", true);
    private static final MethodMatcher GET = new MethodMatcher("java.util.Map get(Object)", true);

    /** The template's name for the entry's value, whose typed {@code getValue()} call is all that is kept of it. */
    private static final String VALUE = "rewritePerformanceEntryValue";

    /** Calls on the map that neither change it nor let it go elsewhere. */
    private static final Set<String> READS = new HashSet<>(Arrays.asList(
            "get", "getOrDefault", "containsKey", "containsValue", "size", "isEmpty"));

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Iterate a map's entries instead of looking up each key";
    }

    @Override
    public String getDescription() {
        return "`for (K k : map.keySet()) { .. map.get(k) .. }` becomes one pass over `map.entrySet()`, with " +
               "`entry.getKey()` and `entry.getValue()`: no hashing and lookup per key. Loops that change the map, " +
               "pass it on, or run over a concurrent map are left alone. " + Measured.sentence(IterateEntrySetInsteadOfKeySet.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "collections"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        return Preconditions.check(new UsesMethod<>(KEY_SET), FileFormat.keptBy(new EntryLoopVisitor(spots)));
    }

    /** Turns each loop over a map's keys that looks every key up into a loop over its entries, where it may. */
    private static final class EntryLoopVisitor extends JavaIsoVisitor<ExecutionContext> {
        private final Spots spots;
        /** The file's declarations, indexed once for all its loops. */
        private @Nullable SameFileDeclarations declarations;

        EntryLoopVisitor(Spots spots) {
            this.spots = spots;
        }

        @Override
        public J.ForEachLoop visitForEachLoop(J.ForEachLoop forEachLoop, ExecutionContext ctx) {
            J.ForEachLoop loop = super.visitForEachLoop(forEachLoop, ctx);
            KeyLoop keys = KeyLoop.of(loop);
            if (keys == null || keys.lookups.isEmpty()) {
                return loop;
            }
            J.CompilationUnit file = getCursor().firstEnclosingOrThrow(J.CompilationUnit.class);
            if (declarations == null || !declarations.isOf(file)) {
                declarations = new SameFileDeclarations(file);
            }
            String reason = keys.reason(declarations);
            if (reason == null) {
                reason = keys.entryTypeReason(getCursor());
            }
            if (reason != null) {
                spots.leftAlone(ctx, getCursor(), loop, reason);
                return loop;
            }
            if (!spots.mayRewrite(ctx, getCursor(), loop)) {
                return loop;
            }
            Set<String> imports = new TreeSet<>();
            FreshNames names = FreshNames.near(getCursor());
            // where a loop around or inside already has its entry, this one's is named for its key: sampleEntry, not entry2
            String keyEntry = keys.key.getSimpleName() + "Entry";
            boolean byKey = !names.isFreeInLoop("entry") && !keys.key.getSimpleName().equals("entry") && names.isFreeInLoop(keyEntry);
            String entry = names.takeInLoop(byKey ? keyEntry : "entry");
            J.ForEachLoop header = Templates.builder(keys.entryLoopHeader(entry, imports, getCursor()), ctx)
                    .contextSensitive()
                    .imports(imports.toArray(new String[0]))
                    .build()
                    .apply(getCursor(), loop.getCoordinates().replace());
            J.ForEachLoop entries = keys.withBodyAsWritten(header).withPrefix(loop.getPrefix());
            for (String type : imports) {
                maybeAddImport(type, null, false);
            }
            spots.rewritten(ctx, getCursor(), loop, entries);
            return entries;
        }
    }

    /** A for-each loop over {@code map.keySet()} and the {@code map.get(key)} calls of its body. */
    private static final class KeyLoop {
        final J.ForEachLoop loop;
        final Expression map;
        final JavaType.Variable mapVariable;
        final J.VariableDeclarations.NamedVariable key;
        final List<J.MethodInvocation> lookups = new ArrayList<>();

        private KeyLoop(J.ForEachLoop loop, Expression map, JavaType.Variable mapVariable, J.VariableDeclarations.NamedVariable key) {
            this.loop = loop;
            this.map = map;
            this.mapVariable = mapVariable;
            this.key = key;
        }

        static @Nullable KeyLoop of(J.ForEachLoop loop) {
            Expression iterable = ExpressionShapes.unwrap(loop.getControl().getIterable());
            if (!(iterable instanceof J.MethodInvocation) || !KEY_SET.matches((J.MethodInvocation) iterable)) {
                return null;
            }
            Expression map = ((J.MethodInvocation) iterable).getSelect();
            JavaType.Variable mapVariable = ExpressionShapes.variableOf(map);
            if (map == null || mapVariable == null || !(loop.getControl().getVariable() instanceof J.VariableDeclarations) ||
                ((J.VariableDeclarations) loop.getControl().getVariable()).getVariables().size() != 1) {
                return null;
            }
            KeyLoop keys = new KeyLoop(loop, map, mapVariable,
                    ((J.VariableDeclarations) loop.getControl().getVariable()).getVariables().get(0));
            keys.findLookups();
            return keys;
        }

        private void findLookups() {
            new JavaIsoVisitor<List<J.MethodInvocation>>() {
                @Override
                public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, List<J.MethodInvocation> found) {
                    if (isLookup(method)) {
                        found.add(method);
                    }
                    return super.visitMethodInvocation(method, found);
                }
            }.visit(loop.getBody(), lookups);
        }

        private boolean isLookup(J.MethodInvocation method) {
            return GET.matches(method) && mapVariable.equals(ExpressionShapes.variableOf(method.getSelect())) &&
                   isKey(method.getArguments().get(0));
        }

        private boolean isKey(Expression e) {
            Expression unwrapped = ExpressionShapes.unwrap(e);
            return unwrapped instanceof J.Identifier && key.getVariableType() != null &&
                   key.getVariableType().equals(((J.Identifier) unwrapped).getFieldType());
        }

        /** Why the loop's lookups cannot read the entries instead; null when they can. */
        @Nullable String reason(SameFileDeclarations declarations) {
            JavaType mapType = map.getType();
            if (TypeUtils.isAssignableTo("java.util.concurrent.ConcurrentMap", mapType)) {
                return "a concurrent map: another thread may change a value between the iteration and the lookup";
            }
            JavaType.FullyQualified mapClass = TypeUtils.asFullyQualified(mapType);
            if (mapClass != null && !mapClass.getPackageName().startsWith("java.")) {
                // Its own get and entrySet need not agree, nor its type parameters be Map's <K, V> in that order.
                return "the map is a `" + mapClass.getClassName() + "`, not a JDK map: its get and entrySet may not agree";
            }
            if (!(mapType instanceof JavaType.Parameterized) || ((JavaType.Parameterized) mapType).getTypeParameters().size() != 2) {
                return "the map's type does not say its key and value types";
            }
            if (!TypeUtils.isOfType(((JavaType.Parameterized) mapType).getTypeParameters().get(0), key.getType())) {
                return "the loop variable's type is not the map's key type";
            }
            if (LocalVariables.isWrittenIn(loop.getBody(), key.getSimpleName())) {
                return "the loop assigns its key variable";
            }
            String change = changeInBody(declarations);
            if (change != null) {
                return change;
            }
            if (!(loop.getBody() instanceof J.Block) && (keyUsesBesideLookups() > 0 || !isExpressionStatement(loop.getBody()))) {
                return "the loop's body is one statement, not in braces, that is not a plain expression or also uses the key";
            }
            return null;
        }

        /** Why the body may change the map, or make it change; null when it reads it only. */
        private @Nullable String changeInBody(SameFileDeclarations declarations) {
            StringBuilder found = new StringBuilder();
            boolean field = !(mapVariable.getOwner() instanceof JavaType.Method);
            new JavaIsoVisitor<StringBuilder>() {
                @Override
                public J.Identifier visitIdentifier(J.Identifier identifier, StringBuilder reason) {
                    if (reason.length() > 0 || !mapVariable.equals(identifier.getFieldType())) {
                        return identifier;
                    }
                    Object parent = getCursor().getParentTreeCursor().getValue();
                    if (parent instanceof J.FieldAccess && ((J.FieldAccess) parent).getName() == identifier) {
                        parent = getCursor().getParentTreeCursor().getParentTreeCursor().getValue();
                    }
                    if (!(parent instanceof J.MethodInvocation) || ((J.MethodInvocation) parent).getSelect() == null ||
                        !READS.contains(((J.MethodInvocation) parent).getSimpleName()) ||
                        !mapVariable.equals(ExpressionShapes.variableOf(((J.MethodInvocation) parent).getSelect()))) {
                        reason.append("the loop changes the map or passes it on (`").append(identifier.getSimpleName())
                                .append("` other than in a lookup)");
                    }
                    return identifier;
                }

                @Override
                public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, StringBuilder reason) {
                    JavaType.Method type = method.getMethodType();
                    if (field && reason.length() == 0 && (type == null ||
                                                          !type.getDeclaringType().getPackageName().startsWith("java."))
                        && !returnsAValueField(type, declarations)) {
                        reason.append("the map is a field, and the loop calls `").append(method.getSimpleName())
                                .append("(..)`, which may change it");
                    }
                    return super.visitMethodInvocation(method, reason);
                }
            }.visit(loop.getBody(), found);
            return found.length() == 0 ? null : found.toString();
        }

        /**
         * A getter of this file that only returns a field holding a value ({@code key.currency()}: a primitive, a
         * {@code String}, an enum), and that no subclass can override: calling it cannot change a map.
         */
        private static boolean returnsAValueField(JavaType.@Nullable Method type, SameFileDeclarations declarations) {
            J.MethodDeclaration getter = type == null ? null : declarations.method(type);
            if (getter == null || getter.getBody() == null || getter.getBody().getStatements().size() != 1
                || !(getter.getBody().getStatements().get(0) instanceof J.Return)) {
                return false;
            }
            boolean overridable = !getter.hasModifier(J.Modifier.Type.Private) && !getter.hasModifier(J.Modifier.Type.Final)
                                  && !getter.hasModifier(J.Modifier.Type.Static) && !type.getDeclaringType().hasFlags(Flag.Final);
            Expression returned = ((J.Return) getter.getBody().getStatements().get(0)).getExpression();
            JavaType.Variable field = returned == null ? null : ExpressionShapes.variableOf(returned);
            boolean thisField = returned instanceof J.Identifier || returned instanceof J.FieldAccess
                                && ((J.FieldAccess) returned).getTarget() instanceof J.Identifier
                                && "this".equals(((J.Identifier) ((J.FieldAccess) returned).getTarget()).getSimpleName());
            JavaType.FullyQualified valueClass = TypeUtils.asFullyQualified(type.getReturnType());
            boolean value = type.getReturnType() instanceof JavaType.Primitive || TypeUtils.isString(type.getReturnType())
                            || valueClass != null && valueClass.getKind() == JavaType.FullyQualified.Kind.Enum;
            return !overridable && thisField && field != null && !(field.getOwner() instanceof JavaType.Method) && value;
        }

        /** A statement that ends in a semicolon of its own: an assignment, an increment, a call. */
        private static boolean isExpressionStatement(Statement statement) {
            return statement instanceof J.Assignment || statement instanceof J.AssignmentOperation ||
                   statement instanceof J.MethodInvocation || statement instanceof J.Unary;
        }

        /** How many times the body names the key other than as the argument of a lookup. */
        private int keyUsesBesideLookups() {
            return References.countNamed(loop.getBody(), key.getSimpleName()) - lookups.size();
        }

        /** Why the entry's type cannot be written here; null when it can. */
        @Nullable String entryTypeReason(Cursor cursor) {
            return entryType(new TreeSet<>(), cursor) == null ? "the map's value type cannot be written here" : null;
        }

        private @Nullable String entryType(Set<String> imports, Cursor cursor) {
            TypeTree written = keyDeclaration().getTypeExpression();
            if (written instanceof J.Identifier && "var".equals(((J.Identifier) written).getSimpleName())) {
                return "var";
            }
            JavaType.Parameterized mapType = (JavaType.Parameterized) map.getType();
            String keyType = written == null ? null : written.printTrimmed(cursor);
            String valueType = TypeText.of(mapType.getTypeParameters().get(1), imports);
            if (keyType == null || valueType == null) {
                return null;
            }
            imports.add("java.util.Map");
            return TypeText.asWrittenAt("Map.Entry<" + keyType + ", " + valueType + ">", cursor);
        }

        /**
         * The loop over the entries, as code, with a body that only declares what the real body needs from the
         * entry: the key (where the body uses it beside the lookups) and the value, so that the template types them.
         * The body as written goes in afterwards ({@link #withBodyAsWritten}): a template would reformat it.
         */
        String entryLoopHeader(String entry, Set<String> imports, Cursor cursor) {
            J.VariableDeclarations keyDeclaration = keyDeclaration();
            String modifiers = keyDeclaration.getModifiers().isEmpty() ? "" : modifiersText(keyDeclaration) + " ";
            String keyType = keyDeclaration.getTypeExpression() == null ? "var" :
                    keyDeclaration.getTypeExpression().printTrimmed(cursor);
            String keyLocal = keyUsesBesideLookups() == 0 ? "" :
                    modifiers + keyType + " " + key.getSimpleName() + " = " + entry + ".getKey();\n";
            return "for (" + modifiers + entryType(imports, cursor) + " " + entry + " : " + map.printTrimmed(cursor) +
                   ".entrySet()) {\n" + keyLocal + "Object " + VALUE + " = " + entry + ".getValue();\n}";
        }

        /**
         * {@code header}'s loop with this loop's body as written: each lookup replaced by the header's typed
         * {@code entry.getValue()}, and the header's key local first, indented as the body's first statement.
         */
        J.ForEachLoop withBodyAsWritten(J.ForEachLoop header) {
            List<Statement> declared = ((J.Block) header.getBody()).getStatements();
            J.VariableDeclarations value = (J.VariableDeclarations) declared.get(declared.size() - 1);
            J.MethodInvocation getValue = (J.MethodInvocation) value.getVariables().get(0).getInitializer();
            Statement body = (Statement) new JavaIsoVisitor<Integer>() {
                @Override
                public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, Integer p) {
                    return lookups.contains(method) && getValue != null ? getValue.withPrefix(method.getPrefix()) :
                            super.visitMethodInvocation(method, p);
                }
            }.visitNonNull(loop.getBody(), 0);
            if (declared.size() == 2) {
                J.Block block = (J.Block) body;
                List<Statement> statements = new ArrayList<>(block.getStatements());
                Space firstPrefix = statements.get(0).getPrefix();
                statements.add(0, declared.get(0).withPrefix(Space.format(firstPrefix.getIndent().isEmpty() ?
                        firstPrefix.getWhitespace() : "\n" + firstPrefix.getIndent())));
                body = block.withStatements(statements);
            }
            return header.withBody(body);
        }

        private J.VariableDeclarations keyDeclaration() {
            return (J.VariableDeclarations) loop.getControl().getVariable();
        }

        private static String modifiersText(J.VariableDeclarations declaration) {
            StringBuilder text = new StringBuilder();
            for (J.Modifier modifier : declaration.getModifiers()) {
                text.append(text.length() == 0 ? "" : " ").append(modifier.getType().name().toLowerCase());
            }
            return text.toString();
        }
    }
}

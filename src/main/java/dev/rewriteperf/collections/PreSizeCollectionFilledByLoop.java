package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.evaluation.ExpressionShapes;
import dev.rewriteperf.analysis.evaluation.LocalVariables;
import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.names.SimpleNames;
import dev.rewriteperf.analysis.project.MagicNumbers;
import dev.rewriteperf.analysis.recipes.MagicNumberRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Indentation;
import dev.rewriteperf.analysis.writing.LineBudgetVisitor;
import dev.rewriteperf.analysis.writing.SourceLocal;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

public class PreSizeCollectionFilledByLoop extends MagicNumberRecipe implements GatedRecipe {

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Pre-size collections filled by a loop over a sized source";
    }

    @Override
    public String getDescription() {
        return "A collection created empty and then filled by a loop that adds one element per element of a sized " +
               "source is created for the source's size. Loops that may add fewer or more are left alone. " +
               "**Warning:** a larger table can change iteration order. " + Measured.sentence(PreSizeCollectionFilledByLoop.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "collections", "allocation"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(MagicNumbers numbers) {
        return Preconditions.check(Preconditions.or(HashCollection.noArgumentConstructorCalledInFile(),
                        new UsesMethod<>("java.util.ArrayList <constructor>()")),
                FileFormat.keptBy(new FilledByLoopVisitor(spots, numbers)));
    }

    /** Looks in every block for an empty collection declared right before a for-each loop that fills it. */
    private static final class FilledByLoopVisitor extends LineBudgetVisitor {
        private final Spots spots;
        private final MagicNumbers numbers;

        FilledByLoopVisitor(Spots spots, MagicNumbers numbers) {
            this.spots = spots;
            this.numbers = numbers;
        }

        @Override
        public J visitBlock(J.Block block, ExecutionContext ctx) {
            J.Block visited = (J.Block) super.visitBlock(block, ctx);
            List<Statement> statements = visited.getStatements();
            List<Statement> rewritten = new ArrayList<>(statements.size() + 1);
            boolean changed = false;
            for (int i = 0; i < statements.size(); i++) {
                EmptyCollectionDeclaration declaration = EmptyCollectionDeclaration.of(statements.get(i));
                int loopIndex = declaration == null ? -1 : loopAfter(statements, i, declaration.name());
                Presized sized = loopIndex < 0 ? null :
                        presize(declaration, (J.ForEachLoop) statements.get(loopIndex), statements, loopIndex, visited, ctx);
                EmptyFieldAssignment field = declaration == null ? EmptyFieldAssignment.of(statements.get(i), getCursor()) : null;
                if (field != null && i + 1 < statements.size() && statements.get(i + 1) instanceof J.ForEachLoop) {
                    J.Assignment presized = presizeField(field, (J.ForEachLoop) statements.get(i + 1), ctx);
                    sized = presized == null ? null : new Presized(Collections.<Statement>singletonList(presized), false);
                }
                if (sized == null) {
                    rewritten.add(statements.get(i));
                    continue;
                }
                changed = true;
                rewritten.addAll(sized.statements);
                if (sized.replacesLoop) {
                    i++;
                }
            }
            return changed ? visited.withStatements(rewritten) : visited;
        }

        /**
         * The index of the for-each loop after the collection declared at {@code declarationIndex}: the next statement,
         * or the first after locals declared with values read from variables or literals ({@code long offset = first;}),
         * which neither name the collection nor can run code. -1 when there is none.
         */
        private static int loopAfter(List<Statement> statements, int declarationIndex, String collection) {
            for (int i = declarationIndex + 1; i < statements.size(); i++) {
                Statement statement = statements.get(i);
                if (statement instanceof J.ForEachLoop) {
                    return i;
                }
                if (!isQuietLocal(statement, collection)) {
                    return -1;
                }
            }
            return -1;
        }

        private static boolean isQuietLocal(Statement statement, String collection) {
            if (!(statement instanceof J.VariableDeclarations)) {
                return false;
            }
            for (J.VariableDeclarations.NamedVariable variable : ((J.VariableDeclarations) statement).getVariables()) {
                Expression value = variable.getInitializer();
                if (variable.getSimpleName().equals(collection) || value != null &&
                    (References.countNamed(value, collection) > 0 ||
                     !SafeToEvaluate.withoutSideEffects(value) && !SafeToEvaluate.sameValueEachRead(value))) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Whether a local declared between the collection ({@code declaration}) and the loop at {@code loopIndex} is
         * named in {@code source}; the locals declared before the collection are in scope where it is made.
         */
        private static boolean namesALocalBetween(Expression source, List<Statement> statements, int loopIndex,
                                                  J.VariableDeclarations declaration) {
            for (int i = loopIndex - 1; i >= 0 && statements.get(i) != declaration; i--) {
                for (J.VariableDeclarations.NamedVariable variable : ((J.VariableDeclarations) statements.get(i)).getVariables()) {
                    if (References.countNamed(source, variable.getSimpleName()) > 0) {
                        return true;
                    }
                }
            }
            return false;
        }

        /**
         * The declaration with its collection created for the size of the loop's source, and, when the source is a
         * call or a cast, the local that now evaluates it once before them and the loop reading that local; null when
         * the collection is not an {@code ArrayList} or hash collection the loop uses, or when it is one but cannot be
         * pre-sized (the data table then says why).
         */
        private @Nullable Presized presize(EmptyCollectionDeclaration declaration, J.ForEachLoop loop,
                                           List<Statement> statements, int loopIndex, J.Block block, ExecutionContext ctx) {
            HashCollection kind = HashCollection.of(declaration.construction);
            if (kind == null && !declaration.isArrayList() || References.countNamed(loop.getBody(), declaration.name()) == 0) {
                return null;
            }
            Cursor at = declaration.constructionCursor(getCursor());
            Expression source = loop.getControl().getIterable();
            String reason = reason(declaration, loop);
            if (reason == null) {
                reason = FillingLoop.laterAdditionReason(statements, loopIndex, declaration.name(), at);
            }
            if (reason == null && countOf(source) == null) {
                reason = "the loop's source has no size";
            }
            boolean between = statements.get(loopIndex - 1) != declaration.declarations;
            if (reason == null && between && (namesALocalBetween(source, statements, loopIndex, declaration.declarations)
                                              || !SafeToEvaluate.withoutSideEffects(source))) {
                // sized at the collection, the source would be read before the locals between: it must not need them
                // or run code
                reason = "locals are declared between the collection and the loop, and the loop's source names one " +
                         "or may run code: it cannot be read where the collection is made";
            }
            Set<String> imports = new LinkedHashSet<>();
            SourceLocal local = null;
            if (reason == null && !SafeToEvaluate.withoutSideEffects(source)) {
                local = SourceLocal.of(source, at, imports, FreshNames.near(at));
                reason = local == null ? "the loop's source may have side effects when read again, and its type cannot " +
                                          "be written for a local to evaluate it once" :
                        SimpleNames.importReason(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), imports);
            }
            if (reason == null && kind != null) {
                reason = Sizing.formulaReason(at, numbers, ctx);
            }
            if (reason != null) {
                spots.leftAlone(ctx, at, declaration.construction, reason);
                return null;
            }
            if (!spots.mayRewrite(ctx, at, declaration.construction)) {
                return null;
            }
            J sized = sized(at, declaration.construction, kind, countOf(local == null ? source : local.reference()), ctx);
            if (sized == null) {
                return null;
            }
            J.VariableDeclarations presized = declaration.withInitializer((Expression) sized);
            if (local == null) {
                return new Presized(Collections.singletonList(presized), false);
            }
            for (String type : imports) {
                maybeAddImport(type);
            }
            return Presized.afterLocal(localDeclaration(local, declaration, imports, block, ctx), presized, loop, local);
        }

        /**
         * The field's assignment with its collection created for the size of the loop's source; null when the
         * collection is not an {@code ArrayList} or hash collection the loop fills, or cannot be pre-sized (the data
         * table then says why). The source must be read without side effects: a field has no local to read it once.
         */
        private J.@Nullable Assignment presizeField(EmptyFieldAssignment field, J.ForEachLoop loop, ExecutionContext ctx) {
            HashCollection kind = HashCollection.of(field.construction);
            if (kind == null && !field.isArrayList() || !field.isNamedIn(loop.getBody())) {
                return null;
            }
            Cursor at = field.constructionCursor(getCursor());
            Expression source = loop.getControl().getIterable();
            J.CompilationUnit file = getCursor().firstEnclosingOrThrow(J.CompilationUnit.class);
            String reason = field.bodyReason(loop.getBody());
            if (reason == null && field.isThisOnesIn(source)) {
                reason = "the loop's source refers to the collection";
            }
            if (reason == null && Sizing.isRaw(field.construction)) {
                reason = "raw type";
            }
            if (reason == null && !FillingLoop.onlyReadOrReplacedBeside(file, field.field, loop)) {
                reason = "more may be added to the field's collection elsewhere in the file, or it is handed on: sized " +
                         "for the loop alone, it would grow there";
            }
            if (reason == null && countOf(source) == null) {
                reason = "the loop's source has no size";
            }
            if (reason == null && !SafeToEvaluate.withoutSideEffects(source)) {
                reason = "the loop's source may have side effects when read again, and a field has no local to read it once";
            }
            if (reason == null && kind != null) {
                reason = Sizing.formulaReason(at, numbers, ctx);
            }
            if (!spots.mayRewrite(ctx, at, field.construction, reason)) {
                return null;
            }
            J sized = sized(at, field.construction, kind, countOf(source), ctx);
            return sized == null ? null : field.withConstruction((Expression) sized);
        }

        /**
         * {@code construction} created for {@code count}, recorded as rewritten; null, recorded as left alone, where
         * the sized construction would make its line too long for the file.
         */
        private @Nullable J sized(Cursor at, J.NewClass construction, @Nullable HashCollection kind,
                                  Sizing.@Nullable Count count, ExecutionContext ctx) {
            Sizing.Count elements = Objects.requireNonNull(count);
            J sized = kind == null ? Sizing.countConstructor(at, construction, elements, ctx) :
                    Sizing.sizedFor(at, construction, kind, elements, ctx);
            String lineReason = lineReasonAt(at, construction, sized);
            if (lineReason != null) {
                spots.leftAlone(ctx, at, construction, lineReason);
                return null;
            }
            spots.rewritten(ctx, at, construction, sized);
            return sized;
        }

        /** Why {@code sized} would make the line of {@code construction}, at {@code at}, too long for the file; null when it fits. */
        private @Nullable String lineReasonAt(Cursor at, J.NewClass construction, J sized) {
            Cursor block = getCursor();
            setCursor(at); // lines are measured at the visitor's cursor: here the block's
            try {
                return lineReason(construction, sized.printTrimmed(at.getParentOrThrow()), "sized, the construction", true);
            } finally {
                setCursor(block);
            }
        }

        /** {@code local}'s declaration, final like the collection's or like the file's other locals. */
        private J.VariableDeclarations localDeclaration(SourceLocal local, EmptyCollectionDeclaration declaration,
                                                        Set<String> imports, J.Block block, ExecutionContext ctx) {
            String modifier = declaration.declarations.hasModifier(J.Modifier.Type.Final) ? "final " :
                    LocalVariables.finalModifierAt(getCursor());
            // Applied at the block's end and taken from there: before a statement, a template may be parsed as an expression.
            J.Block appended = Templates.builder(local.declarationCode(modifier), ctx).imports(imports.toArray(new String[0]))
                    .build().apply(new Cursor(getCursor().getParentOrThrow(), block), block.getCoordinates().lastStatement(),
                            local.value);
            List<Statement> statements = appended.getStatements();
            J.VariableDeclarations attributed = local.attributed((J.VariableDeclarations) statements.get(statements.size() - 1));
            return LocalVariables.declaresWithVar(getCursor()) ? LocalVariables.withVar(attributed) : attributed;
        }
    }

    /** What replaces the declaration, and the loop after it when the loop reads a new local. */
    private static final class Presized {
        final List<Statement> statements;
        /** The statements end with the loop, which they replace too. */
        final boolean replacesLoop;

        Presized(List<Statement> statements, boolean replacesLoop) {
            this.statements = statements;
            this.replacesLoop = replacesLoop;
        }

        /** {@code local}'s declaration, the pre-sized declaration (its comments moved up) and the loop reading the local. */
        static Presized afterLocal(J.VariableDeclarations localDeclaration, J.VariableDeclarations presized,
                                   J.ForEachLoop loop, SourceLocal local) {
            Expression iterable = loop.getControl().getIterable();
            J.ForEachLoop reading = loop.withControl(loop.getControl().withIterable(local.reference().withPrefix(iterable.getPrefix())));
            Space prefix = presized.getPrefix();
            return new Presized(Arrays.asList(localDeclaration.withPrefix(prefix),
                    presized.withPrefix(Indentation.withoutComments(prefix)),
                    reading), true);
        }
    }

    /**
     * Why the loop is not known to add exactly one element per element of its source; null when it is. A source
     * that reading again could change is not a reason: it is evaluated once into a local.
     */
    private static @Nullable String reason(EmptyCollectionDeclaration declaration, J.ForEachLoop loop) {
        String bodyReason = FillingLoop.bodyReason(loop.getBody(), declaration.name());
        if (bodyReason != null) {
            return bodyReason;
        }
        Expression source = loop.getControl().getIterable();
        if (References.countNamed(source, declaration.name()) != 0) {
            return "the loop's source refers to the collection";
        }
        if (Sizing.isRaw(declaration.construction)) {
            return "raw type";
        }
        return null;
    }

    private static Sizing.@Nullable Count countOf(Expression source) {
        Expression e = ExpressionShapes.unwrap(source);
        if (e.getType() instanceof JavaType.Array) {
            return Sizing.Count.lengthOf(e);
        }
        if (e instanceof J.MethodInvocation && ExpressionShapes.isMapView((J.MethodInvocation) e)) {
            return Sizing.Count.sizeOfMap(((J.MethodInvocation) e).getSelect());
        }
        if (TypeUtils.isAssignableTo("java.util.Collection", e.getType())) {
            return Sizing.Count.sizeOfCollection(e);
        }
        return null;
    }
}

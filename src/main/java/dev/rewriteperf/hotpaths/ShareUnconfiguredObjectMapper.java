package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.names.EnclosingClasses;
import dev.rewriteperf.analysis.names.SimpleNames;
import dev.rewriteperf.analysis.project.ReflectedFields;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.ScanningRecipe;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.search.UsesType;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

public class ShareUnconfiguredObjectMapper extends ScanningRecipe<ShareUnconfiguredObjectMapper.Project> implements GatedRecipe {

    private static final List<String> NAMES = Arrays.asList("OBJECT_MAPPER", "MAPPER", "JSON_MAPPER");

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Share an unconfigured Jackson `ObjectMapper`";
    }

    @Override
    public String getDescription() {
        return "A `new ObjectMapper()` built per call only to read or write becomes one shared `private static " +
               "final ObjectMapper`. A mapper that is configured, or escapes, is left alone. " + Measured.sentence(ShareUnconfiguredObjectMapper.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "allocation", "jackson"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(2);
    }

    /** What the recipe learns of the whole project before it changes a file. */
    public static final class Project {
        final OptionalDependencies jackson = new OptionalDependencies("com.fasterxml.jackson.core", "jackson-databind");
        final ReflectedFields reflected = new ReflectedFields();
    }

    @Override
    public Project getInitialValue(ExecutionContext ctx) {
        return new Project();
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getScanner(Project project) {
        TreeVisitor<?, ExecutionContext> reflection = ReleasePromises.scannerWith(project.reflected.scanner());
        return new TreeVisitor<Tree, ExecutionContext>() {
            @Override
            public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
                if (tree instanceof SourceFile) {
                    project.jackson.scan((SourceFile) tree);
                }
                return reflection.visit(tree, ctx);
            }
        };
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(Project project) {
        return Preconditions.check(new UsesType<>(MapperUses.OBJECT_MAPPER, false),
                FileFormat.keptBy(new MapperVisitor(project)));
    }

    /** Shares each unconfigured mapper it may, and records why not for the others. */
    private final class MapperVisitor extends TopLevelFieldsVisitor {
        private final OptionalDependencies optional;

        MapperVisitor(Project project) {
            super(SharedMappers.NEW_ONLY, project.reflected);
            this.optional = project.jackson;
        }

        @Override
        SharedFields.Kind kind(J.ClassDeclaration topLevel) {
            return SharedMappers.of(getCursor());
        }

        /** {@code new ObjectMapper().readValue(..)}: the mapper is built for one call. */
        @Override
        public J visitNewClass(J.NewClass newClass, ExecutionContext ctx) {
            J visited = super.visitNewClass(newClass, ctx);
            if (!MapperUses.isPlainNew(newClass)) {
                return visited;
            }
            if (getCursor().getParentTreeCursor().getValue() instanceof J.VariableDeclarations.NamedVariable) {
                recordInstanceField(ctx);
                return visited; // a local is shared in visitBlock, with its uses; a static field is shared already
            }
            String reason = MapperUses.isReadOnlyUse(newClass, getCursor().getParentTreeCursor()) ? siteReason() :
                    "the new mapper is configured, passed on, stored or returned: `" +
                    ((J) getCursor().getParentTreeCursor().getValue()).printTrimmed(getCursor().getParentTreeCursor()) + "`";
            J.Identifier field = reason == null ? field() : null;
            if (reason == null && field == null) {
                reason = "no name is free for the ObjectMapper field, or the class's type is unknown";
            }
            if (reason != null) {
                spots.leftAlone(ctx, getCursor(), newClass, reason);
                return visited;
            }
            if (!spots.mayRewrite(ctx, getCursor(), newClass)) {
                return visited;
            }
            J shared = field.withPrefix(newClass.getPrefix());
            requireNonNull(fields()).use(SharedMappers.KEY, field);
            spots.rewritten(ctx, getCursor(), newClass, shared);
            return shared;
        }

        /** {@code private final ObjectMapper mapper = new ObjectMapper();}: listed, for a person to judge. */
        private void recordInstanceField(ExecutionContext ctx) {
            Cursor variable = getCursor().getParentTreeCursor();
            Cursor declarations = variable.getParentTreeCursor();
            Object holder = declarations.getParentTreeCursor().getParentTreeCursor().getValue();
            J.VariableDeclarations field = declarations.getValue();
            if (holder instanceof J.ClassDeclaration && !field.hasModifier(J.Modifier.Type.Static)) {
                spots.leftAlone(ctx, declarations, field, "an instance field: each object builds its own mapper, " +
                        "which the class may configure after construction; the recipe shares only mappers made for one " +
                        "call or one method");
            }
        }

        /** {@code ObjectMapper mapper = new ObjectMapper();} used only to read or write: the local goes. */
        @Override
        public J visitBlock(J.Block block, ExecutionContext ctx) {
            J.Block b = (J.Block) super.visitBlock(block, ctx);
            Object owner = getCursor().getParentTreeCursor().getValue();
            if (owner instanceof J.ClassDeclaration || owner instanceof J.NewClass) {
                return b; // a class body: its fields may be read from other classes
            }
            for (Statement statement : b.getStatements()) {
                LocalMapper local = LocalMapper.of(statement);
                if (local != null) {
                    b = share(b, local, ctx);
                }
            }
            return b;
        }

        private J.Block share(J.Block block, LocalMapper local, ExecutionContext ctx) {
            Cursor at = new Cursor(new Cursor(getCursor().getParentOrThrow(), block), local.declaration);
            String otherUse = MapperUses.otherUse(block, local.variable, new Cursor(getCursor().getParentOrThrow(), block));
            String reason = otherUse != null ? "the mapper `" + local.variable.getName() + "` is configured, passed on, " +
                                                "stored or returned: `" + otherUse + "`" : siteReason();
            J.Identifier field = reason == null ? field() : null;
            if (reason == null && field == null) {
                reason = "no name is free for the ObjectMapper field, or the class's type is unknown";
            }
            if (reason != null) {
                spots.leftAlone(ctx, at, local.declaration, reason);
                return block;
            }
            if (!spots.mayRewrite(ctx, at, local.declaration)) {
                return block;
            }
            J.Block shared = local.replacedBy(block, field);
            requireNonNull(fields()).use(SharedMappers.KEY, field);
            spots.rewritten(ctx, at, local.declaration, field);
            return shared;
        }

        /** Why this file or class cannot hold the shared mapper; null when it can. */
        private @Nullable String siteReason() {
            J.CompilationUnit cu = getCursor().firstEnclosingOrThrow(J.CompilationUnit.class);
            if (optional.isOptional(cu.getSourcePath())) {
                return "this module declares jackson-databind optional or provided (or Gradle builds it, whose scopes the " +
                       "recipe does not read): a static field would fail the class's initialisation where Jackson is " +
                       "absent, not just this call";
            }
            SharedFields fields = fields();
            J.ClassDeclaration holder = fields != null ? fields.holder() : EnclosingClasses.topLevel(getCursor());
            if (holder == null || EnclosingClasses.isInterface(holder)) {
                return "the top-level type is an interface: its fields cannot be private";
            }
            if (holder.getKind() == J.ClassDeclaration.Kind.Type.Enum) {
                return "the top-level type is an enum: its constants are created before the mapper field would be";
            }
            String reason = fields == null ? null : fields.additionReason(SharedMappers.KEY);
            if (reason == null && fields != null) {
                reason = fields.initialisationReason(getCursor());
            }
            return reason != null ? reason : SimpleNames.importReason(cu, Collections.singletonList(MapperUses.OBJECT_MAPPER));
        }

        private J.@Nullable Identifier field() {
            SharedFields fields = fields();
            return fields == null ? null : fields.reference(SharedMappers.KEY, NAMES, getCursor());
        }
    }
}

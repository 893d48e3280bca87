package dev.rewriteperf.buffers;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.rewriteperf.analysis.names.EnclosingClasses;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.project.ReflectedFields;
import dev.rewriteperf.analysis.recipes.FieldAddingRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Option;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.search.UsesType;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

public class ReadRocksDbValuesIntoReusedBuffer extends FieldAddingRecipe implements GatedRecipe {

    private static final String INSTANCE = "instance";

    @Option(displayName = "Buffer holder",
            description = "Where the reused buffer lives: `thread` (the default) keeps one per thread in a `ThreadLocal`, " +
                          "safe wherever the class is used; `instance` keeps one in a field of the instance, cheaper, " +
                          "but only correct for classes whose instances one thread uses at a time.",
            valid = {"thread", INSTANCE},
            example = "thread",
            required = false)
    private final @Nullable String bufferHolder;

    private final transient Spots spots = new Spots(this);

    public ReadRocksDbValuesIntoReusedBuffer() {
        this(null);
    }

    @JsonCreator
    public ReadRocksDbValuesIntoReusedBuffer(@JsonProperty("bufferHolder") @Nullable String bufferHolder) {
        this.bufferHolder = bufferHolder;
    }

    public @Nullable String getBufferHolder() {
        return bufferHolder;
    }

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Read RocksDB values into a reused buffer";
    }

    @Override
    public String getDescription() {
        return "`byte[] v = db.get(handle, key)` allocates per read; where the value is only checked, measured or " +
               "copied, it is read into a reused buffer (per thread, or per instance with `bufferHolder`). Values " +
               "that escape are left alone. " + Measured.sentence(ReadRocksDbValuesIntoReusedBuffer.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "RocksDB", "allocation"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(5);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(ReflectedFields reflected) {
        return Preconditions.check(new UsesType<>(RocksDbGet.ROCKS_DB, true),
                FileFormat.keptBy(new HostVisitor(!INSTANCE.equals(bufferHolder), reflected)));
    }

    /** Options make a recipe a value: two with the same buffer holder are equal. */
    @Override
    public boolean equals(@Nullable Object o) {
        return o == this || o != null && o.getClass() == getClass() &&
                            Objects.equals(bufferHolder, ((ReadRocksDbValuesIntoReusedBuffer) o).bufferHolder);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(bufferHolder);
    }

    /**
     * Gives each class with reads that can use a reused buffer the buffer and its {@code readValue} methods, and
     * rewrites those reads; the reads it cannot rewrite are listed with the reason.
     */
    private final class HostVisitor extends JavaIsoVisitor<ExecutionContext> {
        private final boolean perThread;
        private final ReflectedFields reflected;

        HostVisitor(boolean perThread, ReflectedFields reflected) {
            this.perThread = perThread;
            this.reflected = reflected;
        }

        @Override
        public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration classDecl, ExecutionContext ctx) {
            J.ClassDeclaration c = super.visitClassDeclaration(classDecl, ctx);
            // The per-thread buffer is one per file's top-level class, shared with the classes nested in it (scan
            // looks into those); the instance buffer is one per class that reads, nested or not.
            if (perThread && !EnclosingClasses.isTopLevel(getCursor()) || c.getType() == null) {
                return c;
            }
            Cursor classCursor = new Cursor(getCursor().getParentOrThrow(), c);
            Map<UUID, RocksDbGet> sites = scan(c, classCursor, perThread, ctx);
            if (sites.isEmpty()) {
                return c;
            }
            String hostReason = hostReason(c, classCursor);
            if (hostReason != null) {
                leaveAlone(c, classCursor, sites, hostReason, ctx);
                return c;
            }
            ValueBuffer buffer = ValueBuffer.declare(c, classCursor, perThread, new LinkedHashSet<>(sites.values()), ctx);
            for (String type : RocksDbGet.IMPORTS) {
                maybeAddImport(type);
            }
            maybeAddImport("java.nio.ByteBuffer");
            return (J.ClassDeclaration) new ReadSiteRewriter(sites, buffer, spots)
                    .visitNonNull(buffer.host, ctx, classCursor.getParentOrThrow());
        }

        /** Why {@code c} cannot have the buffer's field and method; null when it can. */
        private @Nullable String hostReason(J.ClassDeclaration c, Cursor classCursor) {
            if (!perThread && c.getKind() == J.ClassDeclaration.Kind.Type.Record) {
                return "the class is a record, which cannot have the instance buffer's field";
            }
            String reflection = c.getType() == null ? null : reflected.reason(c.getType());
            if (reflection != null) {
                return reflection;
            }
            Set<String> names = FreshNames.identifiersIn(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class));
            // false: only the names written in this file are checked, not those the class inherits. A supertype's
            // readValue with the same parameters would clash with the added one; checking inherited members too
            // would refuse more classes and is left for a change of its own (it changes which spots are rewritten).
            boolean canHost = !EnclosingClasses.isInterface(c) &&
                              EnclosingClasses.isFreeName(ValueBuffer.fieldName(perThread), names, classCursor, false) &&
                              EnclosingClasses.isFreeName(ValueBuffer.METHOD, names, classCursor, false);
            return canHost ? null : "the class is an interface, or `" + ValueBuffer.fieldName(perThread) + "` or `" +
                                    ValueBuffer.METHOD + "` already names something in this file";
        }

        /** Lists each of {@code sites} as left alone, for {@code reason}: {@code c} cannot have the buffer's members. */
        private void leaveAlone(J.ClassDeclaration c, Cursor classCursor, Map<UUID, RocksDbGet> sites, String reason,
                                 ExecutionContext ctx) {
            new JavaIsoVisitor<ExecutionContext>() {
                @Override
                public J.VariableDeclarations visitVariableDeclarations(J.VariableDeclarations declaration, ExecutionContext ctx) {
                    if (sites.containsKey(declaration.getId())) {
                        spots.leftAlone(ctx, getCursor(), declaration, reason);
                    }
                    return declaration;
                }
            }.visit(c, ctx, classCursor.getParentOrThrow());
        }
    }

    /** The reads in {@code c} that can use the buffer, keyed by their declaration's id; the others are recorded. */
    private Map<UUID, RocksDbGet> scan(J.ClassDeclaration c, Cursor classCursor, boolean perThread, ExecutionContext ctx) {
        Map<UUID, RocksDbGet> sites = new LinkedHashMap<>();
        new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration nested, ExecutionContext ctx) {
                return nested != c && !perThread ? nested : super.visitClassDeclaration(nested, ctx);
            }

            @Override
            public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
                J.Block b = super.visitBlock(block, ctx);
                List<Statement> statements = b.getStatements();
                for (int i = 0; i < statements.size(); i++) {
                    J.MethodInvocation get = RocksDbGet.declaredBy(statements.get(i));
                    if (get == null) {
                        continue;
                    }
                    J.VariableDeclarations declaration = (J.VariableDeclarations) statements.get(i);
                    String reason = !perThread && isStaticContext(getCursor()) ?
                            "a static method cannot use the instance's buffer (bufferHolder: instance)" :
                            RocksDbValueUses.reason(statements.subList(i + 1, statements.size()), getCursor(),
                                    declaration.getVariables().get(0).getSimpleName());
                    Cursor at = new Cursor(getCursor(), declaration);
                    if (reason != null) {
                        spots.leftAlone(ctx, at, declaration, reason);
                    } else if (spots.mayRewrite(ctx, at, declaration)) {
                        sites.put(declaration.getId(), Objects.requireNonNull(RocksDbGet.of(get)));
                    }
                }
                return b;
            }
        }.visit(c.getBody(), ctx, classCursor);
        return sites;
    }

    /**
     * Whether code at {@code cursor} has no instance of the host class: in a static method or initializer, also
     * when it sits in a lambda or anonymous class inside one.
     */
    private static boolean isStaticContext(Cursor cursor) {
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.MethodDeclaration && ((J.MethodDeclaration) value).hasModifier(J.Modifier.Type.Static) ||
                value instanceof J.Block && ((J.Block) value).isStatic()) {
                return true;
            }
            if (value instanceof J.ClassDeclaration) {
                return false;
            }
        }
        return true;
    }
}

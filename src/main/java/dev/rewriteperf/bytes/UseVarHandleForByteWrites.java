package dev.rewriteperf.bytes;

import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import dev.rewriteperf.analysis.project.ReflectedFields;
import dev.rewriteperf.analysis.recipes.FieldAddingRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.analysis.writing.Templates;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class UseVarHandleForByteWrites extends FieldAddingRecipe implements GatedRecipe {

    /** A partial write is visible to code that catches the exception: any of these catches it. */
    private static final List<String> CATCHES_OUT_OF_BOUNDS = Arrays.asList("java.lang.ArrayIndexOutOfBoundsException",
            "java.lang.IndexOutOfBoundsException", "java.lang.RuntimeException", "java.lang.Exception", "java.lang.Throwable");

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Write ints and longs into `byte[]` with a `VarHandle` view";
    }

    @Override
    public String getDescription() {
        return "Statements that store every byte of an int or long into a `byte[]` become one `set` through a " +
               "`byteArrayViewVarHandle` field (Java 9+). Runs that miss or repeat a byte, sit in a `try` that " +
               "catches the out-of-bounds exception, or store only two bytes are left alone. " + Measured.sentence(UseVarHandleForByteWrites.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "VarHandle", "serialization"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(5);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(ReflectedFields reflected) {
        return Preconditions.check(new IndexesByteArray(),
                FileFormat.keptBy(new ByteWriteVisitor(reflected)));
    }

    /** Replaces each run of byte stores of one value that a view can do with one {@code set}, and lists the others. */
    private final class ByteWriteVisitor extends ByteViewVisitor {

        ByteWriteVisitor(ReflectedFields reflected) {
            super(reflected);
        }

        @Override
        public J visitBlock(J.Block block, ExecutionContext ctx) {
            J.Block b = (J.Block) super.visitBlock(block, ctx);
            List<Statement> statements = b.getStatements();
            List<Statement> rewritten = new ArrayList<>(statements.size());
            boolean changed = false;
            for (int i = 0; i < statements.size(); ) {
                List<ByteWrite> run = run(statements, i);
                if (run.size() < 2) {
                    rewritten.add(statements.get(i++));
                    continue;
                }
                boolean oneByteRepeated = run.stream().allMatch(write -> write.shift == run.get(0).shift);
                Statement set = oneByteRepeated ? null : set(run, new Cursor(getCursor(), b), ctx);
                if (set == null) {
                    for (ByteWrite write : run) {
                        rewritten.add(write.statement);
                    }
                } else {
                    rewritten.add(set);
                    changed = true;
                }
                i += run.size();
            }
            return changed ? b.withStatements(rewritten) : b;
        }

        /** The byte stores of one array and one value starting at {@code start}. */
        private List<ByteWrite> run(List<Statement> statements, int start) {
            List<ByteWrite> run = new ArrayList<>();
            for (int i = start; i < statements.size(); i++) {
                ByteWrite write = ByteWrite.of(statements.get(i));
                if (write == null || !run.isEmpty() && !write.sameTarget(run.get(0))) {
                    break;
                }
                run.add(write);
            }
            return run;
        }

        /** The view store that replaces {@code run}, recorded; null, with the reason recorded, when there is none. */
        private @Nullable Statement set(List<ByteWrite> run, Cursor blockCursor, ExecutionContext ctx) {
            Cursor first = new Cursor(blockCursor, run.get(0).statement);
            String reason = reason(run);
            ByteView view = reason == null ? view(run) : null;
            if (reason == null && view == null) {
                reason = "a " + run.size() + "-byte view does not fit the stored value's type";
            }
            // siteReason and viewField ask about the site at getCursor(), here the block: point it at the run.
            Cursor previous = getCursor();
            setCursor(first);
            try {
                if (reason == null) {
                    reason = siteReason(run.get(0).array, lowest(run).index, CATCHES_OUT_OF_BOUNDS, ctx);
                }
                if (reason == null && !SafeToEvaluate.sameValueEachRead(run.get(0).value)) {
                    reason = "the stored value is not a plain variable, field or arithmetic on them: it would be evaluated once instead of once per byte";
                }
                if (reason == null && run.size() == 2) {
                    reason = TWO_BYTES;
                }
                if (reason == null && !spots.mayRewrite(ctx, first, run.get(0).statement)) {
                    return null;
                }
                J.Identifier field = reason == null ? viewField(view) : null;
                if (field == null) {
                    spots.leftAlone(ctx, first, run.get(0).statement, reason != null ? reason : NO_FIELD_NAME);
                    return null;
                }
                Statement set = template(field, run, view, first, ctx);
                spots.rewritten(ctx, first, run.get(0).statement, set);
                return set;
            } finally {
                setCursor(previous);
            }
        }
    }

    /**
     * Why {@code run} is not one value stored whole: not one index plus constants, not 2, 4 or 8 consecutive
     * bytes each stored once, or shifts in neither byte order; null when it is.
     */
    private static @Nullable String reason(List<ByteWrite> run) {
        ByteWrite first = run.get(0);
        int n = run.size();
        for (ByteWrite write : run) {
            if (!write.index.sameBase(first.index)) {
                return "the bytes are not stored at one index plus constants";
            }
        }
        if (n != 2 && n != 4 && n != 8) {
            return n + " bytes: a VarHandle view writes 2, 4 or 8 bytes";
        }
        int lowest = lowest(run).index.constant;
        boolean[] seen = new boolean[n];
        boolean littleEndian = true;
        boolean bigEndian = true;
        for (ByteWrite write : run) {
            long position = (long) write.index.constant - lowest;
            if (position >= n || seen[(int) position]) {
                return "the bytes are not " + n + " consecutive elements, each stored once";
            }
            seen[(int) position] = true;
            littleEndian &= write.shift == 8 * position;
            bigEndian &= write.shift == 8 * (n - 1 - position);
        }
        return littleEndian || bigEndian ? null : "the shifts follow neither byte order";
    }

    /** The view that stores the low {@code run.size()} bytes of the value: null when the value is too narrow. */
    private static @Nullable ByteView view(List<ByteWrite> run) {
        JavaType type = run.get(0).value.getType();
        boolean bigEndian = run.size() > 1 && lowest(run).shift == 8 * (run.size() - 1);
        switch (run.size()) {
            case 2:
                return new ByteView(type == JavaType.Primitive.Char ? JavaType.Primitive.Char : JavaType.Primitive.Short, bigEndian);
            case 4:
                return type == JavaType.Primitive.Int || type == JavaType.Primitive.Long ? new ByteView(JavaType.Primitive.Int, bigEndian) : null;
            default:
                return type == JavaType.Primitive.Long ? new ByteView(JavaType.Primitive.Long, bigEndian) : null;
        }
    }

    /** The store at the lowest index: where the view writes. */
    private static ByteWrite lowest(List<ByteWrite> run) {
        return ByteTerm.Index.lowest(run, write -> write.index);
    }

    private static Statement template(J.Identifier field, List<ByteWrite> run, ByteView view, Cursor first,
                                      ExecutionContext ctx) {
        ByteWrite write = run.get(0);
        List<Object> parameters = new ArrayList<>(Arrays.asList(field, write.array));
        String index = ByteViewVisitor.indexCode(lowest(run).index, parameters);
        parameters.add(write.value);
        JavaType valueType = write.value.getType();
        String value = valueType == view.component ? "#{any()}" :
                "(" + view.component.getKeyword() + ") " + (isPrimary(write.value) ? "#{any()}" : "(#{any()})");
        String code = "#{any(java.lang.invoke.VarHandle)}.set(#{anyArray(byte)}, " + index + ", " + value + ");";
        Statement set = Templates.builder(code, ctx)
                .build()
                .apply(first, write.statement.getCoordinates().replace(), parameters.toArray());
        return set.withPrefix(write.statement.getPrefix());
    }

    private static boolean isPrimary(Expression expression) {
        return expression instanceof J.Identifier || expression instanceof J.FieldAccess || expression instanceof J.Literal;
    }
}

package dev.rewriteperf.analysis.recipes;

import dev.rewriteperf.analysis.project.MagicNumbers;
import dev.rewriteperf.analysis.project.ReleasePromises;
import org.openrewrite.ExecutionContext;
import org.openrewrite.ScanningRecipe;
import org.openrewrite.TreeVisitor;

/**
 * A recipe that writes numbers (a hash's {@code 31}, a radix, a load factor): before it changes a file, it reads the
 * project's Checkstyle configurations for a {@code MagicNumber} check that would fail the build on them
 * ({@link MagicNumbers}), and the
 * Java release each module promises ({@link ReleasePromises}).
 */
public abstract class MagicNumberRecipe extends ScanningRecipe<MagicNumbers> {

    @Override
    public final MagicNumbers getInitialValue(ExecutionContext ctx) {
        return new MagicNumbers();
    }

    @Override
    public final TreeVisitor<?, ExecutionContext> getScanner(MagicNumbers numbers) {
        return ReleasePromises.scannerWith(numbers.scanner());
    }
}

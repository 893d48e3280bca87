package dev.rewriteperf.analysis.recipes;

import dev.rewriteperf.analysis.project.ReflectedFields;
import dev.rewriteperf.analysis.project.ReleasePromises;
import org.openrewrite.ExecutionContext;
import org.openrewrite.ScanningRecipe;
import org.openrewrite.TreeVisitor;

/**
 * A recipe that adds fields to the classes it changes: before it changes a file, it finds the classes whose declared
 * fields the project lists by reflection, which must get none ({@link ReflectedFields}), and the Java release each module promises
 * ({@link ReleasePromises}).
 */
public abstract class FieldAddingRecipe extends ScanningRecipe<ReflectedFields> {

    @Override
    public final ReflectedFields getInitialValue(ExecutionContext ctx) {
        return new ReflectedFields();
    }

    @Override
    public final TreeVisitor<?, ExecutionContext> getScanner(ReflectedFields reflected) {
        return ReleasePromises.scannerWith(reflected.scanner());
    }
}

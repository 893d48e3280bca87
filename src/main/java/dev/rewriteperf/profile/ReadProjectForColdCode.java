package dev.rewriteperf.profile;

import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.ScanningRecipe;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.tree.J;

import java.util.Collections;
import java.util.Set;

/**
 * The first recipe of a composite: it reads every Java source for the facts the cold-code rules need beyond a spot's
 * own file ({@link ProjectFacts}: which methods always throw, which files call each method), and keeps each file as
 * found, before any recipe of the run changes it, for the line of each row ({@link SourceLines}). It changes
 * nothing. For a composite that rewrites main code only, test code is not read: a test's call does not make a method
 * hot, and a test's helpers are not main code's.
 */
public class ReadProjectForColdCode extends ScanningRecipe<ProjectFacts> {

    /**
     * The facts of the run under way. Kept here, not only under the run's root cursor, because some recipes visit
     * with cursors of their own, whose root would hold an empty accumulator.
     */
    private transient volatile @Nullable ProjectFacts facts;

    /**
     * Whether the composite rewrites main code only: then what tests declare and call is not read. Not an option: a
     * composite makes its own scan; a copy made by discovery or from YAML reads test code too, which only costs time.
     */
    private final boolean mainCodeOnly;

    /**
     * Whether the rules need the facts: without them (a profile decides, or cold code is rewritten too) the scan only
     * keeps each file as found, for the rows' lines.
     */
    private final boolean readsFacts;

    /** Reads main and test code: the scan as recipe discovery and a composite that includes tests make it. */
    public ReadProjectForColdCode() {
        this(false, true);
    }

    /**
     * The scan of a composite that rewrites main code only ({@code true}), or test code too; that reads the facts, or
     * only keeps the files as found.
     */
    public ReadProjectForColdCode(boolean mainCodeOnly, boolean readsFacts) {
        this.mainCodeOnly = mainCodeOnly;
        this.readsFacts = readsFacts;
    }

    @Override
    public String getDisplayName() {
        return "Read the project for cold code";
    }

    @Override
    public String getDescription() {
        return "Finds, across the Java sources its composite rewrites (main code, unless the composite includes " +
               "tests), the methods that always throw and the files that call each method, so the recipes after it " +
               "can tell cold code, and keeps each file as found, so that their rows name its lines. Changes nothing.";
    }

    @Override
    public Set<String> getTags() {
        return Collections.singleton("performance");
    }

    @Override
    public ProjectFacts getInitialValue(ExecutionContext ctx) {
        ProjectFacts started = ProjectFacts.forProject();
        facts = started;
        return started;
    }

    /** What the scan found in this run; null before it starts. */
    public @Nullable ProjectFacts facts() {
        return facts;
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getScanner(ProjectFacts facts) {
        return new TreeVisitor<Tree, ExecutionContext>() {
            @Override
            public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
                if (tree instanceof J.CompilationUnit && readsFacts) {
                    facts.read((J.CompilationUnit) tree, mainCodeOnly);
                } else if (tree instanceof J.CompilationUnit) {
                    facts.remember((J.CompilationUnit) tree);
                } else if (tree instanceof SourceFile) {
                    facts.noteBuild((SourceFile) tree);
                }
                return tree;
            }
        };
    }
}

package dev.rewriteperf;

import org.openrewrite.ExecutionContext;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.Result;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.internal.InMemoryLargeSourceSet;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.marker.JavaVersion;
import org.openrewrite.tree.ParseError;

import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A recipe run outside {@code RewriteTest}, for property tests that generate their sources and cannot write the
 * expected output by hand: parses one source for a Java release, runs the recipe once and returns the printed result.
 */
public final class RecipeOutput {

    private RecipeOutput() {
    }

    /**
     * The source after {@code recipe}, or {@code source} itself when the recipe left it alone; {@code classpath}
     * names jars of the test classpath the parser sees, as in {@code JavaParser.Builder#classpath}.
     */
    public static String of(Recipe recipe, String source, int javaVersion, String... classpath) {
        ExecutionContext ctx = new InMemoryExecutionContext(e -> {
            throw new AssertionError("recipe or parser failed on:\n" + source, e);
        });
        String release = Integer.toString(javaVersion);
        List<SourceFile> sources = JavaParser.fromJavaVersion().classpath(classpath).build().parse(ctx, source)
                .map(s -> (SourceFile) s.withMarkers(s.getMarkers().add(
                        new JavaVersion(Tree.randomId(), "test", "test", release, release))))
                .collect(Collectors.toList());
        assertThat(sources).as("parsed").hasSize(1);
        assertThat(sources.get(0)).as("parsed without error:\n" + source).isNotInstanceOf(ParseError.class);
        List<Result> results = recipe.run(new InMemoryLargeSourceSet(sources), ctx).getChangeset().getAllResults();
        if (results.isEmpty()) {
            return source;
        }
        String after = results.get(0).getAfter().printAll();
        assertThat(after).as("no search markers or errors left in the code").doesNotContain("~~>", "~~(");
        return after;
    }
}

import org.openrewrite.ExecutionContext;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.RecipeRun;
import org.openrewrite.SourceFile;
import org.openrewrite.config.Environment;
import org.openrewrite.internal.InMemoryLargeSourceSet;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.style.Autodetect;
import org.openrewrite.style.NamedStyles;
import org.openrewrite.table.RecipeRunStats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs a recipe several times in one JVM over one project's main sources, parsed once: the first run pays for the JVM
 * warming to the recipes' code, the later ones show what the recipes cost once warm. Styles are detected over all
 * files and attached, as the Maven plugin does. Prints each run's time and the recipes that took more than 50 ms.
 *
 * <pre>
 * mvn -q dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * javac -cp "target/classes:$(cat /tmp/cp.txt)" -d /tmp/repeat gauntlet/repeat-runs/RepeatRuns.java
 * java -cp "/tmp/repeat:target/classes:$(cat /tmp/cp.txt)" RepeatRuns PROJECT_DIR dev.rewriteperf.PerformanceBestPractices 3
 * </pre>
 */
public class RepeatRuns {
    public static void main(String[] args) throws Exception {
        Path root = Paths.get(args[0]);
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root.resolve("src/main/java"))) {
            files = walk.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
        }
        long start = System.nanoTime();
        List<SourceFile> parsed = JavaParser.fromJavaVersion().classpath(JavaParser.runtimeClasspath()).build()
                .parse(files, root, new InMemoryExecutionContext(Throwable::printStackTrace)).collect(Collectors.toList());
        Autodetect.Detector detector = Autodetect.detector();
        parsed.forEach(detector::sample);
        NamedStyles styles = detector.build();
        List<SourceFile> sources = parsed.stream().map(s -> (SourceFile) s.withMarkers(s.getMarkers().add(styles)))
                .collect(Collectors.toList());
        System.out.printf("parsed %d files in %.1f s%n", sources.size(), (System.nanoTime() - start) / 1e9);
        Environment environment = Environment.builder().scanRuntimeClasspath("dev.rewriteperf").build();
        for (int run = 0; run < Integer.parseInt(args[2]); run++) {
            Recipe recipe = environment.activateRecipes(args[1]);
            ExecutionContext ctx = new InMemoryExecutionContext(Throwable::printStackTrace);
            long runStart = System.nanoTime();
            RecipeRun result = recipe.run(new InMemoryLargeSourceSet(sources), ctx);
            System.out.printf("run %d: %.2f s, %d files changed%n", run, (System.nanoTime() - runStart) / 1e9,
                    result.getChangeset().getAllResults().size());
            for (RecipeRunStats.Row row : result.getDataTableRows(RecipeRunStats.class)) {
                if (row.getScanTotalTimeNs() + row.getEditTotalTimeNs() > 50_000_000L) {
                    System.out.printf("  %-66s scan %.2f s, edit %.2f s (one file at most %.2f s)%n", row.getRecipe(),
                            row.getScanTotalTimeNs() / 1e9, row.getEditTotalTimeNs() / 1e9, row.getEditMaxNs() / 1e9);
                }
            }
        }
    }
}

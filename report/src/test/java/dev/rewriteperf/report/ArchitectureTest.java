package dev.rewriteperf.report;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report tool's packages by job, each importing only from the layers below it: cli on top; bulk (running services)
 * and ci (writing workflows) under it; render and read under those; model and proc (processes, git) at the bottom,
 * importing none of the others. No package holds more than 12 classes.
 */
class ArchitectureTest {

    private static final Path MAIN = Path.of("src/main/java/dev/rewriteperf/report");
    private static final Map<String, Integer> LAYER = Map.of(
            "cli", 4, "bulk", 3, "ci", 3, "render", 2, "read", 2, "model", 1, "proc", 1);
    private static final Pattern IMPORT = Pattern.compile("^import dev\\.rewriteperf\\.report\\.(\\w+)\\.", Pattern.MULTILINE);

    @Test
    void noPackageImportsFromALayerAboveItsOwnOrBesideIt() throws IOException {
        List<String> wrong = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String own = MAIN.relativize(file).getName(0).toString();
                assertThat(LAYER).as("%s is in a package the layers do not name", file).containsKey(own);
                Matcher imported = IMPORT.matcher(Files.readString(file));
                while (imported.find()) {
                    String other = imported.group(1);
                    if (!other.equals(own) && LAYER.getOrDefault(other, 99) >= LAYER.get(own)) {
                        wrong.add(MAIN.relativize(file) + " imports " + other);
                    }
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void everyPackageHoldsAtMostTwelveClasses() throws IOException {
        try (Stream<Path> packages = Files.list(MAIN)) {
            for (Path dir : packages.filter(Files::isDirectory).toList()) {
                try (Stream<Path> classes = Files.list(dir)) {
                    assertThat(classes.filter(f -> f.toString().endsWith(".java")).count()).as(dir.toString()).isLessThanOrEqualTo(12);
                }
            }
        }
        try (Stream<Path> top = Files.list(MAIN)) {
            assertThat(top.filter(f -> f.toString().endsWith(".java"))).as("classes outside the packages").isEmpty();
        }
    }
}

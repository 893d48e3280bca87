package dev.rewriteperf;

import org.openrewrite.test.SourceSpecs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import static org.openrewrite.java.Assertions.java;

/**
 * Ties each benchmark to the recipe it measures: the benchmark's {@code Before} class is the recipe's input
 * and its {@code After} class, renamed, must be exactly what the recipe writes. A recipe change that is not
 * reflected in {@code benchmarks/} fails its test.
 */
public final class BenchmarkSources {

    private static final Path ROOT = Paths.get("benchmarks/src/main/java/dev/rewriteperf/benchmarks");

    private BenchmarkSources() {
    }

    /** {@code <benchmark>/Before.java} becomes {@code <benchmark>/<afterClass>.java}. */
    public static SourceSpecs beforeBecomes(String benchmark, String afterClass) {
        String after = read(benchmark, afterClass).replace("class " + afterClass + " ", "class Before ")
                .replace(" " + afterClass + "(", " Before(");
        return java(read(benchmark, "Before"), after, spec -> spec.path(ROOT.resolve(benchmark).resolve("Before.java")));
    }

    /** {@code <benchmark>/<supportClass>.java}, which the recipe must leave as it is. */
    public static SourceSpecs unchanged(String benchmark, String supportClass) {
        return java(read(benchmark, supportClass), spec -> spec.path(ROOT.resolve(benchmark).resolve(supportClass + ".java")));
    }

    /** {@code <benchmark>/Before.java} stays as it is: the benchmark shows why. */
    public static SourceSpecs beforeIsLeftAlone(String benchmark) {
        return java(read(benchmark, "Before"), spec -> spec.path(ROOT.resolve(benchmark).resolve("Before.java")));
    }

    private static String read(String benchmark, String className) {
        try {
            return new String(Files.readAllBytes(ROOT.resolve(benchmark).resolve(className + ".java")), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

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
        String after = asBefore(read(benchmark, afterClass), afterClass);
        return java(read(benchmark, "Before"), after, spec -> spec.path(ROOT.resolve(benchmark).resolve("Before.java")));
    }

    /**
     * The same as {@link #beforeBecomes}, with both files as written on Windows in a tab-indented project:
     * every line break CRLF, every four leading spaces a tab. The recipe must keep both in what it adds.
     */
    public static SourceSpecs beforeBecomesWithCrlfAndTabs(String benchmark, String afterClass) {
        String after = asBefore(read(benchmark, afterClass), afterClass);
        return java(crlfWithTabs(read(benchmark, "Before")), crlfWithTabs(after),
                spec -> spec.path(ROOT.resolve(benchmark).resolve("Before.java")));
    }

    /**
     * The after class's source as the recipe writes it into {@code Before.java}: named {@code Before}. An enum names
     * itself throughout (its array, its methods' types), a class only in its declaration and constructors.
     */
    private static String asBefore(String after, String afterClass) {
        if (after.contains("enum " + afterClass + " ")) {
            return after.replaceAll("\\b" + afterClass + "\\b", "Before");
        }
        return after.replace("class " + afterClass + " ", "class Before ").replace(" " + afterClass + "(", " Before(");
    }

    /** {@code source} with CRLF line breaks and each run of four spaces that indents a line as a tab. */
    public static String crlfWithTabs(String source) {
        StringBuilder converted = new StringBuilder();
        for (String line : source.split("\n", -1)) {
            int spaces = 0;
            while (spaces < line.length() && line.charAt(spaces) == ' ') {
                spaces++;
            }
            StringBuilder indent = new StringBuilder();
            for (int i = 0; i < spaces / 4; i++) {
                indent.append('\t');
            }
            converted.append(indent).append(line.substring(spaces / 4 * 4)).append("\r\n");
        }
        return converted.substring(0, converted.length() - 2);
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

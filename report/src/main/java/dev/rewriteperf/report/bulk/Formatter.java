package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.proc.Exec;
import dev.rewriteperf.report.proc.Git;
import dev.rewriteperf.report.proc.PluginRun;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The service's own formatter, run on what the pack changed before a commit or a verifying build: many builds check
 * their format (spotless, formatter-maven-plugin, fmt), and a rewrite that shortens an argument list can leave a line
 * break their formatter would join, which fails the build. The formatter's goal runs over the project; then every file
 * it touched that the pack had not changed is put back, so only the pack's files carry its formatting. That needs git
 * to tell the two apart: without it the formatter is not run, and the note says so.
 */
final class Formatter {

    /**
     * The plugins whose apply goal we know, by artifactId, in the order they are looked for: {@code formatters.tsv},
     * the table gauntlet/run reads too.
     */
    private static final Map<String, String> GOALS = readGoals();

    private Formatter() {
    }

    /** The formatter goal the build declares, in the project's pom files (modules included, build output not). */
    static Optional<String> declaredGoal(Path project) throws IOException {
        List<String> poms = new ArrayList<>();
        Files.walkFileTree(project, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                return !dir.equals(project) && (name.equals("target") || name.startsWith(".")) ? FileVisitResult.SKIP_SUBTREE
                        : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (file.getFileName().toString().equals("pom.xml")) {
                    poms.add(Files.readString(file, StandardCharsets.ISO_8859_1));
                }
                return FileVisitResult.CONTINUE;
            }
        });
        for (Map.Entry<String, String> goal : GOALS.entrySet()) {
            if (poms.stream().anyMatch(pom -> pom.contains("<artifactId>" + goal.getKey() + "</artifactId>"))) {
                return Optional.of(goal.getValue());
            }
        }
        return Optional.empty();
    }

    /**
     * Runs the project's formatter, if it declares one, on the files the pack changed in {@code project} (a project a git
     * repository holds); every other file it changes is put back. Returns what the report says of it, or null when
     * the build declares no formatter in its poms.
     */
    static String format(Path project, PluginRun run, Exec exec, Path log) throws IOException {
        Optional<String> goal = declaredGoal(project);
        if (goal.isEmpty()) {
            return null;
        }
        if (!Git.tracks(project, "pom.xml")) {
            return "its formatter (" + goal.get() + ") not run: without git the formatter's changes could not be kept " +
                   "to the files the pack changed";
        }
        Map<Path, Boolean> pack = PackChanges.of(project, true); // the pack's own files: its data table names each
        // Every file that differs from the last commit before the formatter runs (the pack's, and any a person or
        // the build had changed): each is put back as it was unless it is the pack's.
        Map<Path, byte[]> before = new LinkedHashMap<>();
        for (Path file : Git.changedFiles(project).keySet()) {
            before.put(file, Files.exists(file) ? Files.readAllBytes(file) : null);
        }
        Exec.Outcome formatted = exec.run(run.build(goal.get()), project, log);
        Map<Path, Boolean> after = Git.changedFiles(project);
        Set<Path> all = new LinkedHashSet<>(before.keySet());
        all.addAll(after.keySet());
        int touched = 0;
        for (Path path : all) {
            if (before.containsKey(path) && Arrays.equals(before.get(path), read(path))) {
                continue; // not the formatter's doing
            }
            if (pack.containsKey(path) && formatted.ok()) {
                touched++;
            } else if (before.containsKey(path)) {
                write(path, before.get(path));
            } else {
                Git.restore(path, after.get(path));
            }
        }
        if (!formatted.ok()) {
            return "its formatter (" + goal.get() + ") " + formatted + ": the changed files are kept as the pack wrote them";
        }
        return "formatted by its own " + goal.get() + " (" + touched + " of " + pack.size() + " changed file(s) touched)";
    }

    private static Map<String, String> readGoals() {
        Map<String, String> goals = new LinkedHashMap<>();
        try (InputStream in = Formatter.class.getResourceAsStream("formatters.tsv")) {
            if (in == null) {
                throw new IllegalStateException("formatters.tsv is missing from the report tool's jar");
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String[] cells = line.split("\t");
                if (!line.startsWith("#") && cells.length == 4) {
                    goals.put(cells[0], cells[3]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return goals;
    }

    /** Adds what {@link #format} said, when it said anything, to a service's notes. */
    static void note(List<String> notes, String note) {
        if (note != null) {
            notes.add(note);
        }
    }

    private static byte[] read(Path file) throws IOException {
        return Files.exists(file) ? Files.readAllBytes(file) : null;
    }

    /** {@code file} as it was: its bytes, or not there at all. */
    private static void write(Path file, byte[] bytes) throws IOException {
        if (bytes == null) {
            Files.deleteIfExists(file);
        } else {
            Files.write(file, bytes);
        }
    }
}

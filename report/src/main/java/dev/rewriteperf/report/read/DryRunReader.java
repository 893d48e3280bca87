package dev.rewriteperf.report.read;

import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.text.DiffRow;
import com.github.difflib.text.DiffRowGenerator;
import com.github.difflib.unifieddiff.UnifiedDiff;
import com.github.difflib.unifieddiff.UnifiedDiffFile;
import com.github.difflib.unifieddiff.UnifiedDiffReader;
import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.FileDiff;
import dev.rewriteperf.report.model.RunStatus;
import dev.rewriteperf.report.model.ServiceResult;
import dev.rewriteperf.report.model.TableColumns;
import dev.rewriteperf.report.proc.Git;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads what {@code rewrite:dryRun -Drewrite.exportDatatables=true} leaves in a project: {@code target/rewrite/rewrite.patch}
 * and the newest {@code target/rewrite/datatables/<time>/dev.rewriteperf.table.PerformanceCandidates.csv}. Whatever
 * cannot be read becomes a problem of that service; the rest is still read.
 */
public final class DryRunReader {

    public static final String CANDIDATES_TABLE = "dev.rewriteperf.table.PerformanceCandidates.csv";

    private DryRunReader() {
    }

    /** {@code dir} is the project (with {@code target/rewrite}) or the {@code rewrite} folder itself. */
    public static ServiceResult read(String name, Path dir) {
        List<String> problems = new ArrayList<>();
        Path rewrite = Files.isDirectory(dir.resolve("target/rewrite")) ? dir.resolve("target/rewrite") : dir;
        if (!Files.isDirectory(rewrite)) {
            problems.add("no such directory: " + dir);
            return new ServiceResult(name, RunStatus.of(RunStatus.Kind.MISSING), List.of(), List.of(), problems);
        }
        Optional<Path> table = newestTable(rewrite);
        Path patch = rewrite.resolve("rewrite.patch");
        if (table.isEmpty() && !Files.isRegularFile(patch)) {
            problems.add("nothing to read in " + dir + ": neither target/rewrite/rewrite.patch nor a data table (did " +
                         "rewrite:dryRun run there, with -Drewrite.exportDatatables=true?)");
            return new ServiceResult(name, RunStatus.of(RunStatus.Kind.MISSING), List.of(), List.of(), problems);
        }
        List<Candidate> candidates = table.map(t -> candidates(name, t, problems)).orElseGet(() -> {
            problems.add("no " + CANDIDATES_TABLE + " under " + rewrite.resolve("datatables") +
                         ": was the dry run given -Drewrite.exportDatatables=true?");
            return List.of();
        });
        List<FileDiff> diffs = Files.isRegularFile(patch) ? diffs(patch, problems) : List.of();
        Path project = rewrite.endsWith("target/rewrite") ? rewrite.getParent().getParent() : null;
        return new ServiceResult(name, RunStatus.of(RunStatus.Kind.READ), candidates, diffs, problems, List.of(),
                project == null ? "" : repositoryPath(project, candidates));
    }

    /**
     * Where the data table's source paths start in the project's git repository ({@code services/orders/}, or empty):
     * code-scanning tools place results from the repository's root. The plugin writes source paths from the build's
     * root, which is the project for a service of its own but may be a directory above it (a monorepo's root, where
     * {@code .mvn} is), so the start is the project's nearest directory, itself first, that holds the files.
     */
    /** {@link #repositoryPath(Path, List)} from the project's newest data table alone (its patch is not read). */
    public static String repositoryPath(Path project) {
        List<Candidate> candidates = newestTable(project.resolve("target/rewrite"))
                .map(table -> candidates("", table, new ArrayList<>())).orElse(List.of());
        return repositoryPath(project, candidates);
    }

    static String repositoryPath(Path project, List<Candidate> candidates) {
        Path top;
        try {
            top = Git.topLevel(project).toRealPath();
        } catch (IOException e) {
            return ""; // outside git: the paths stay as the table has them
        }
        Path root = sourceRoot(project, candidates);
        return root.startsWith(top) ? prefix(top, root) : "";
    }

    /**
     * The directory the data table's source paths start from: the project's nearest directory, itself first, that
     * holds the files they name (the plugin writes them from the build's root, which may be above the project); the
     * project itself when none does.
     */
    static Path sourceRoot(Path project, List<Candidate> candidates) {
        Path real;
        try {
            real = project.toRealPath();
        } catch (IOException e) {
            return project.toAbsolutePath().normalize();
        }
        for (String sourcePath : candidates.stream().map(Candidate::sourcePath).distinct().limit(20).toList()) {
            for (Path base = real; base != null; base = base.getParent()) {
                if (Files.isRegularFile(base.resolve(sourcePath))) {
                    return base;
                }
            }
        }
        return real;
    }

    private static String prefix(Path top, Path dir) {
        String relative = top.relativize(dir).toString().replace('\\', '/');
        return relative.isEmpty() ? "" : relative + "/";
    }

    /** The files the newest data table under {@code project} says a recipe changed, as absolute paths. */
    public static Set<Path> changedFiles(Path project) {
        Set<Path> files = new HashSet<>();
        Path rewrite = project.resolve("target/rewrite");
        newestTable(rewrite).ifPresent(table -> {
            List<Candidate> rows = candidates("", table, new ArrayList<>());
            Path root = sourceRoot(project, rows);
            rows.stream().filter(Candidate::changed).forEach(c -> files.add(root.resolve(c.sourcePath()).normalize()));
        });
        return files;
    }

    /** The newest run's candidates table under a {@code rewrite} folder. */
    public static Optional<Path> newestTable(Path rewrite) {
        Path datatables = rewrite.resolve("datatables");
        if (!Files.isDirectory(datatables)) {
            return Optional.empty();
        }
        try (Stream<Path> runs = Files.list(datatables)) {
            return runs.filter(Files::isDirectory)
                    .max(Comparator.comparing(Path::getFileName))
                    .map(run -> run.resolve(CANDIDATES_TABLE))
                    .filter(Files::isRegularFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<Candidate> candidates(String service, Path table, List<String> problems) {
        CSVFormat format = CSVFormat.DEFAULT.builder().setCommentMarker('#').setHeader().setSkipHeaderRecord(true).get();
        List<Candidate> rows = new ArrayList<>();
        try (Reader reader = Files.newBufferedReader(table, StandardCharsets.UTF_8);
             CSVParser parser = CSVParser.parse(reader, format)) {
            for (CSVRecord record : parser) {
                rows.add(new Candidate(service, record.get(TableColumns.SOURCE_PATH), line(record), record.get(TableColumns.LOCATION), method(record), record.get(TableColumns.RECIPE),
                        record.get(TableColumns.CANDIDATE), Boolean.parseBoolean(record.get(TableColumns.CHANGED)), record.get(TableColumns.REPLACEMENT),
                        record.get(TableColumns.REASON), heat(record)));
            }
        } catch (IOException | RuntimeException e) {
            problems.add("could not read " + table + " (" + e.getMessage() + "); " + rows.size() + " rows before the error are kept");
        }
        return rows;
    }

    /** The row's method key; empty where the table has no such column (a pack older than it). */
    private static String method(CSVRecord record) {
        return record.isSet(TableColumns.METHOD) ? record.get(TableColumns.METHOD) : "";
    }

    /** The row's line; 0 where the table has no such column (a pack older than it) or the cell is not a number. */
    private static int line(CSVRecord record) {
        try {
            return record.isSet(TableColumns.LINE) ? Integer.parseInt(record.get(TableColumns.LINE)) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * A profile-guided run's figures for the row's method; null for a run without a profile (empty cells), and for
     * cells that are not numbers (the row itself is kept).
     */
    private static Candidate.Heat heat(CSVRecord record) {
        if (!record.isSet(TableColumns.SAMPLED_BYTES) || record.get(TableColumns.SAMPLED_BYTES).isEmpty()) {
            return null;
        }
        try {
            return new Candidate.Heat(Long.parseLong(record.get(TableColumns.SAMPLED_BYTES)), Double.parseDouble(record.get(TableColumns.SHARE)),
                    record.isSet(TableColumns.CPU_SHARE) && !record.get(TableColumns.CPU_SHARE).isEmpty() ? Double.parseDouble(record.get(TableColumns.CPU_SHARE)) : 0);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Each file's change, parsed with java-diff-utils. Binary changes (git's "Binary files differ" or a binary
     * patch) are listed by name only; a file whose hunks do not parse is a problem, the other files still count.
     */
    public static List<FileDiff> diffs(Path patch, List<String> problems) {
        List<FileDiff> diffs = new ArrayList<>();
        try {
            for (String section : sections(Files.readString(patch, StandardCharsets.UTF_8))) {
                String path = section.lines().findFirst().map(DryRunReader::pathOf).orElse("?");
                if (section.contains("\nBinary files ") || section.contains("\nGIT binary patch")) {
                    diffs.add(new FileDiff(path, true, List.of()));
                    continue;
                }
                try {
                    UnifiedDiff diff = UnifiedDiffReader.parseUnifiedDiff(new ByteArrayInputStream(section.getBytes(StandardCharsets.UTF_8)));
                    for (UnifiedDiffFile file : diff.getFiles()) {
                        diffs.add(new FileDiff(file.getToFile() != null ? file.getToFile() : path, false, hunks(file)));
                    }
                } catch (IOException | RuntimeException e) {
                    problems.add("could not parse the diff of " + path + " (" + e.getMessage() + ")");
                }
            }
        } catch (IOException e) {
            problems.add("could not read " + patch + " (" + e.getMessage() + ")");
        }
        return diffs;
    }

    /** The patch split at each {@code diff --git} line, so that one bad file does not hide the others. */
    private static List<String> sections(String patch) {
        List<String> sections = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : patch.split("\n", -1)) {
            if (line.startsWith("diff --git ") && current.length() > 0) {
                sections.add(current.toString());
                current.setLength(0);
            }
            current.append(line).append('\n');
        }
        if (!current.toString().isBlank()) {
            sections.add(current.toString());
        }
        return sections;
    }

    private static String pathOf(String diffLine) {
        int b = diffLine.lastIndexOf(" b/");
        return b >= 0 ? diffLine.substring(b + 3) : diffLine;
    }

    /**
     * The reader's deltas carry their context lines in both the old and the new chunk; a row diff of the two chunks
     * tells context from removed and added lines again. Lines stay as they are (the renderers escape them).
     */
    private static List<FileDiff.Hunk> hunks(UnifiedDiffFile file) {
        DiffRowGenerator rows = DiffRowGenerator.create().showInlineDiffs(false).lineNormalizer(line -> line).build();
        List<FileDiff.Hunk> hunks = new ArrayList<>();
        for (AbstractDelta<String> delta : file.getPatch().getDeltas()) {
            String header = "@@ -" + (delta.getSource().getPosition() + 1) + "," + delta.getSource().size() +
                            " +" + (delta.getTarget().getPosition() + 1) + "," + delta.getTarget().size() + " @@";
            List<FileDiff.Line> lines = new ArrayList<>();
            for (DiffRow row : rows.generateDiffRows(delta.getSource().getLines(), delta.getTarget().getLines())) {
                switch (row.getTag()) {
                    case EQUAL -> lines.add(new FileDiff.Line(' ', row.getOldLine()));
                    case DELETE -> lines.add(new FileDiff.Line('-', row.getOldLine()));
                    case INSERT -> lines.add(new FileDiff.Line('+', row.getNewLine()));
                    case CHANGE -> {
                        lines.add(new FileDiff.Line('-', row.getOldLine()));
                        lines.add(new FileDiff.Line('+', row.getNewLine()));
                    }
                }
            }
            hunks.add(new FileDiff.Hunk(header, lines));
        }
        return hunks;
    }
}

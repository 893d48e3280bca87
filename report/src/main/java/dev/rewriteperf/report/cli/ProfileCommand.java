package dev.rewriteperf.report.cli;

import dev.rewriteperf.report.read.AllocationProfile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * {@code profile RECORDING.jfr [--package P]... [--out hot-methods.csv]}: the project's methods ranked by the
 * allocation a JFR recording sampled on their behalf, with their share of its CPU (execution) samples.
 */
@Command(name = "profile", mixinStandardHelpOptions = true, version = "rewrite-performance-report 0.1.0",
        description = "Ranks the project's methods by the allocation a Java Flight Recorder recording sampled, and writes " +
                      "the hot-methods table (class, method, descriptor, sampled bytes, share, CPU samples, CPU share, " +
                      "top types) as CSV: the recipes' hotMethods option.")
public final class ProfileCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RECORDING", arity = "1..*", description = "A .jfr recording with allocation events " +
            "(settings=profile, JDK 16+); several (JMH records each fork into a file of its own) are read as one.")
    List<Path> recordings;

    @Option(names = "--package", paramLabel = "PREFIX",
            description = "The project's own packages (repeatable); default: every class outside the JDK.")
    List<String> packages = new ArrayList<>();

    @Option(names = "--out", paramLabel = "FILE", defaultValue = "hot-methods.csv", description = "Where to write the table (default: ${DEFAULT-VALUE}).")
    Path out;

    @Override
    public Integer call() throws Exception {
        Predicate<String> isProjectCode = packages.isEmpty() ? type -> true : type -> packages.stream().anyMatch(type::startsWith);
        AllocationProfile profile;
        try {
            profile = AllocationProfile.read(recordings, isProjectCode);
        } catch (IllegalArgumentException e) {
            System.err.println("profile: " + e.getMessage());
            return 2;
        }
        if (profile.methods().isEmpty()) {
            // An empty table would gate every spot as cold: what a JVM that failed to start records looks like this.
            System.err.printf(Locale.ROOT, "profile: %s sampled %,d bytes but none in the project's code%s: did the program " +
                              "run (a JVM that fails to start, for example on a class file too new for it, records only its " +
                              "own start-up)? No table written.%n", recordings.size() == 1 ? recordings.get(0) : recordings, profile.totalBytes(),
                    packages.isEmpty() ? "" : " (--package " + String.join(", ", packages) + ")");
            return 2;
        }
        Files.writeString(out, profile.csv(), StandardCharsets.UTF_8);
        System.out.printf(Locale.ROOT, "%d method(s), %,d bytes sampled (%,d outside the project's frames): %s%n",
                profile.methods().size(), profile.totalBytes(), profile.unattributedBytes(), out);
        return 0;
    }
}

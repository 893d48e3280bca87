package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.model.RunStatus;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A service's state in a bulk run's workspace: which run last tried it, in which mode (a dry run, a run, a branch,
 * verified or not, with which pack), how that ended, whether it finished (a rerun leaves it alone) and, for a branch,
 * the commit it made. A service finished in the same mode is not run again, so an interrupted bulk run resumes; one
 * finished in another mode is.
 */
record ServiceState(String runId, String mode, RunStatus status, boolean finished, String commit) {

    /** The state {@code file} holds, or null when there is none (or it cannot be read: the service then runs again). */
    static ServiceState read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
            RunStatus status = new RunStatus(RunStatus.Kind.valueOf(properties.getProperty("kind")),
                    properties.getProperty("detail", ""), "");
            return new ServiceState(properties.getProperty("run", ""), properties.getProperty("mode", ""), status,
                    Boolean.parseBoolean(properties.getProperty("finished")), properties.getProperty("commit", ""));
        } catch (IOException | RuntimeException e) {
            return null; // a state written by an older tool, or cut short: run the service again
        }
    }

    /** Whether a run in {@code mode} may take this state's findings as its own instead of running the service. */
    boolean finishedIn(String otherMode) {
        return finished && mode.equals(otherMode);
    }

    void write(Path file) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("run", runId);
        properties.setProperty("mode", mode);
        properties.setProperty("kind", status.kind().name());
        properties.setProperty("detail", status.detail());
        properties.setProperty("finished", Boolean.toString(finished));
        properties.setProperty("commit", commit);
        Path written = file.resolveSibling(file.getFileName() + ".new");
        try (OutputStream out = Files.newOutputStream(written)) {
            properties.store(out, "rewrite-performance bulk run");
        }
        Files.move(written, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}

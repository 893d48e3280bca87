package dev.rewriteperf.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A service's state in a bulk run's workspace: how its last run ended, in which mode (a dry run, a run, a branch,
 * verified or not), and where its output is. A service that finished in the same mode is not run again, so an
 * interrupted bulk run resumes; one finished in another mode is.
 */
final class ServiceState {

    private ServiceState() {
    }

    /** The state of a service that finished in {@code mode}, or null when it is to run (again). */
    static Properties finished(Path state, String mode, boolean rerun) throws IOException {
        if (rerun || !Files.isRegularFile(state)) {
            return null;
        }
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(state)) {
            properties.load(in);
        }
        boolean sameMode = mode.equals(properties.getProperty("mode", "dryRun"));
        return sameMode && "true".equals(properties.getProperty("finished")) ? properties : null;
    }

    static void save(Path state, String mode, String status, boolean finished, Path output) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("status", status);
        properties.setProperty("finished", Boolean.toString(finished));
        properties.setProperty("mode", mode);
        properties.setProperty("output", output.toAbsolutePath().toString());
        try (OutputStream out = Files.newOutputStream(state)) {
            properties.store(out, "rewrite-performance bulk run");
        }
    }
}

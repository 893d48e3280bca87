package dev.rewriteperf.report.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The folders a command writes, checked before it does any work: one that cannot be written is a bad invocation. */
final class Folders {

    private Folders() {
    }

    /** Makes {@code dir} (and its parents) and writes and removes a file in it, or says why it cannot. */
    static void checkWritable(CommandSpec spec, Path dir, String option) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".write-check", ".tmp");
            Files.delete(probe);
        } catch (FileSystemException e) {
            throw new ParameterException(spec.commandLine(), option + " " + dir + ": cannot be written (" +
                                                             (e.getReason() != null ? e.getReason() + ": " + e.getFile() : e.getMessage()) + ")");
        } catch (IOException | SecurityException e) {
            throw new ParameterException(spec.commandLine(), option + " " + dir + ": cannot be written (" + e.getMessage() + ")");
        }
    }
}

package dev.rewriteperf.report.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code java -jar rewrite-performance-report.jar report|bulk|profile ...}. Exit codes: 0 all well, 1 a service (or
 * recording) that did not run or read as it should, 2 a bad invocation; an error the tool did not foresee is said in
 * one line, with exit code 1, not as a stack trace.
 */
@Command(name = "rewrite-performance-report", mixinStandardHelpOptions = true, version = "rewrite-performance-report 0.1.0",
        description = "Runs the rewrite-performance pack over many services and reports on one or many dry runs.",
        subcommands = {ReportCommand.class, BulkCommand.class, ProfileCommand.class})
public final class Tool {

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line as {@link #main} runs it, for tests to run it the same way. */
    public static CommandLine commandLine() {
        return new CommandLine(new Tool()).setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("error: " + e);
            return 1;
        });
    }
}

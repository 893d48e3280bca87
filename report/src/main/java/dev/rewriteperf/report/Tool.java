package dev.rewriteperf.report;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code java -jar rewrite-performance-report.jar report|bulk|profile ...}. */
@Command(name = "rewrite-performance-report", mixinStandardHelpOptions = true, version = "rewrite-performance-report 0.1.0",
        description = "Runs the rewrite-performance pack over many services and reports on one or many dry runs.",
        subcommands = {ReportCommand.class, BulkCommand.class, ProfileCommand.class})
public final class Tool {

    public static void main(String[] args) {
        System.exit(new CommandLine(new Tool()).execute(args));
    }
}

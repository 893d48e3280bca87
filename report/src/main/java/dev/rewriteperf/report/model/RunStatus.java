package dev.rewriteperf.report.model;

/**
 * How a service's run ended, as a type: what the report shows, what the progress counts as failed and what the exit
 * code says all come from {@link #kind}, never from the text. {@code detail} says more (the exit code, the branch);
 * {@code earlierRun} names the run whose findings a resumed bulk run shows, or is empty.
 */
public record RunStatus(Kind kind, String detail, String earlierRun) {

    public enum Kind {
        /** {@code report} read a service's existing output. */
        READ,
        /** {@code report} was given a service with nothing there to read. */
        MISSING,
        OK,
        /** The service could not be run: no directory, no pom, a clone or git step that failed. */
        FAILED,
        /** The pack's Maven run exited with an error. */
        RUN_FAILED,
        TIMED_OUT,
        /** A signal stopped the bulk run while this service ran. */
        INTERRUPTED,
        VERIFY_GREEN,
        /** The verifying build passed, but no test ran in it: it shows the change compiles, no more. */
        VERIFY_NO_TESTS,
        VERIFY_RED,
        BRANCH,
        /** {@code --branch}: the run left nothing to commit, so no branch was made. */
        NO_CHANGE
    }

    public RunStatus {
        detail = detail == null ? "" : detail;
        earlierRun = earlierRun == null ? "" : earlierRun;
    }

    public static RunStatus of(Kind kind) {
        return new RunStatus(kind, "", "");
    }

    public static RunStatus of(Kind kind, String detail) {
        return new RunStatus(kind, detail, "");
    }

    /** The same status, as a resumed run shows a service that {@code runId} finished. */
    public RunStatus fromEarlierRun(String runId) {
        return new RunStatus(kind, detail, runId);
    }

    /** Whether the service's run did not end as it should: the bulk run's exit code is then 1. */
    public boolean failed() {
        return switch (kind) {
            case MISSING, FAILED, RUN_FAILED, TIMED_OUT, INTERRUPTED, VERIFY_RED -> true;
            default -> false;
        };
    }

    /**
     * Whether the run examined the service's code, so that its findings are this run's: not when it failed, timed out
     * or was interrupted before the pack's run ended.
     */
    public boolean hasFindings() {
        return switch (kind) {
            case MISSING, FAILED, RUN_FAILED, TIMED_OUT, INTERRUPTED -> false;
            default -> true;
        };
    }

    /**
     * What the report and the progress lines show: {@code ok}, {@code dry run timed out}, {@code verify: red (...)},
     * {@code branch perf/fleet}, and for a resumed service {@code ok (earlier run 20261125T043512Z-4711)}.
     */
    public String text() {
        String text = switch (kind) {
            case READ -> "read";
            case MISSING -> "missing";
            case OK -> "ok";
            case FAILED -> detail.isEmpty() ? "failed" : "failed: " + detail;
            case RUN_FAILED, TIMED_OUT -> detail; // "dry run failed with exit code 1", "run timed out"
            case INTERRUPTED -> "interrupted";
            case VERIFY_GREEN -> "verify: green";
            case VERIFY_NO_TESTS -> "verify: no tests (it builds; no test ran)";
            case VERIFY_RED -> "verify: red (" + detail + ")";
            case BRANCH -> "branch " + detail;
            case NO_CHANGE -> "no change: no branch";
        };
        return earlierRun.isEmpty() ? text : text + " (earlier run " + earlierRun + ")";
    }

    @Override
    public String toString() {
        return text();
    }
}

package dev.rewriteperf.report.model;

import java.util.List;

/**
 * The columns of the pack's data table, by the names its CSV header gives them: the fields of
 * {@code dev.rewriteperf.table.PerformanceCandidates.Row}, in order. That class is the one place they are defined;
 * {@code TableColumnsTest} holds these names to it, so a column renamed there fails the report's build, not a run.
 */
public final class TableColumns {

    public static final String SOURCE_PATH = "sourcePath";
    public static final String LINE = "line";
    public static final String LOCATION = "location";
    public static final String RECIPE = "recipe";
    public static final String CANDIDATE = "candidate";
    public static final String CHANGED = "changed";
    public static final String REPLACEMENT = "replacement";
    public static final String REASON = "reason";
    public static final String SAMPLED_BYTES = "sampledBytes";
    public static final String SHARE = "share";
    public static final String CPU_SHARE = "cpuShare";
    public static final String RELEASE = "release";
    public static final String METHOD = "method";

    /** Every column, in the table's order. */
    public static final List<String> ALL = List.of(SOURCE_PATH, LINE, LOCATION, RECIPE, CANDIDATE, CHANGED, REPLACEMENT,
            REASON, SAMPLED_BYTES, SHARE, CPU_SHARE, RELEASE, METHOD);

    private TableColumns() {
    }
}

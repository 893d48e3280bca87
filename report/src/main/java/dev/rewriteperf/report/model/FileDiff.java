package dev.rewriteperf.report.model;

import java.util.List;

/** The change a dry run proposes to one file: its hunks, or only the note that it is binary. */
public record FileDiff(String path, boolean binary, List<Hunk> hunks) {

    /** One changed region with its context lines. */
    public record Hunk(String header, List<Line> lines) {
    }

    /** {@code kind} is {@code ' '} (context), {@code '-'} (removed) or {@code '+'} (added). */
    public record Line(char kind, String text) {

        @Override
        public String toString() {
            return kind + text;
        }
    }
}

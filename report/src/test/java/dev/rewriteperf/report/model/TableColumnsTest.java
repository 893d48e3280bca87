package dev.rewriteperf.report.model;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pack's {@code PerformanceCandidates.Row} defines the table's columns: its fields, in order, are the CSV header
 * OpenRewrite writes. The report reads that CSV by the names in {@link TableColumns}, which must be exactly those.
 */
class TableColumnsTest {

    /** The pack's source, beside the report tool in the repository. */
    private static final Path ROW = Path.of("../src/main/java/dev/rewriteperf/table/PerformanceCandidates.java");
    private static final Pattern FIELD = Pattern.compile("(?m)^ {8}private final (?:@Nullable )?[\\w.]+ (\\w+);");

    @Test
    void theReportReadsTheColumnsThePacksRowDeclares() throws IOException {
        String source = Files.readString(ROW);
        String row = source.substring(source.indexOf("public static class Row"));
        List<String> fields = new ArrayList<>();
        Matcher field = FIELD.matcher(row);
        while (field.find()) {
            fields.add(field.group(1));
        }
        assertThat(fields).as("the fields of Row in " + ROW).isNotEmpty().containsExactlyElementsOf(TableColumns.ALL);
    }
}

package dev.rewriteperf.report.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.Report;
import dev.rewriteperf.report.model.ServiceResult;
import dev.rewriteperf.report.model.TableColumns;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Every service's candidates in one CSV and one JSON, with a {@code service} column. */
public final class MergedTables {

    private MergedTables() {
    }

    public static void writeCsv(Report report, Path file) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder()
                .setHeader("service", TableColumns.SOURCE_PATH, TableColumns.LINE, TableColumns.LOCATION, TableColumns.RECIPE,
                        TableColumns.CANDIDATE, TableColumns.CHANGED, TableColumns.REPLACEMENT, TableColumns.REASON,
                        TableColumns.SAMPLED_BYTES, TableColumns.SHARE, TableColumns.CPU_SHARE).get();
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8); CSVPrinter csv = new CSVPrinter(writer, format)) {
            for (Candidate c : report.candidates()) {
                Candidate.Heat heat = c.heat();
                csv.printRecord(c.service(), c.sourcePath(), c.line(), c.location(), c.recipe(), c.code(), c.changed(), c.replacement(), c.reason(),
                        heat == null ? "" : heat.sampledBytes(), heat == null ? "" : share(heat.share()),
                        heat == null ? "" : share(heat.cpuShare()));
            }
        }
    }

    /** A service's totals, its keys always in this order (a {@code Map.of} would order them anew in every JVM). */
    private static Map<String, Object> serviceJson(ServiceResult service) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", service.name());
        json.put("changes", service.changes());
        json.put("filesChanged", service.filesChanged());
        json.put("leftAlone", service.leftAlone());
        json.put("problems", service.problems());
        return json;
    }

    private static String share(double share) {
        return String.format(Locale.ROOT, "%.4f", share);
    }

    public static void writeJson(Report report, Path file) throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("services", report.services().stream().map(MergedTables::serviceJson).toList());
        json.put("candidates", report.candidates());
        json.put("problems", report.allProblems());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), json);
    }

}

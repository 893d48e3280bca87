package dev.rewriteperf.profile;

import org.jspecify.annotations.Nullable;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The hot-methods table {@code report profile} writes ({@link #COLUMNS}): each row a method of the project, its class
 * the top-level class of the file it is written in. The gate reads it from a file, the report tool builds it from a
 * recording it has read; both ask {@link #heatOf}, the one rule that joins a spot's method to the rows.
 */
public final class HotMethods {

    /** The table's columns, in order: the report tool writes them all; the first five are required to read it. */
    public static final List<String> COLUMNS = Collections.unmodifiableList(Arrays.asList("class", "method",
            "descriptor", "sampledBytes", "share", "cpuSamples", "cpuShare", "topTypes"));

    private static final List<String> REQUIRED = COLUMNS.subList(0, 5);

    /** "com.example.Orders#total" to that name's rows, one per descriptor (a lambda kept apart has none). */
    private final Map<String, List<Row>> rowsByMethod;

    private HotMethods(Map<String, List<Row>> rowsByMethod) {
        this.rowsByMethod = rowsByMethod;
    }

    private static final class Row {
        final String descriptor;
        final MethodHeat heat;

        Row(String descriptor, MethodHeat heat) {
            this.descriptor = descriptor;
            this.heat = heat;
        }
    }

    /** A table built row by row, by a reader of recordings ({@code report profile}, the report tool's join). */
    public static final class Builder {
        private final Map<String, List<Row>> rows = new HashMap<>();

        /** One method's row; {@code descriptor} empty for the lambdas of that name kept apart. */
        public Builder add(String className, String method, String descriptor, long sampledBytes, double share, double cpuShare) {
            rows.computeIfAbsent(className + "#" + method, k -> new ArrayList<>())
                    .add(new Row(descriptor, new MethodHeat(sampledBytes, share, cpuShare, false)));
            return this;
        }

        public HotMethods build() {
            return new HotMethods(new HashMap<>(rows));
        }
    }

    /** Reads the table whole; throws {@link IllegalArgumentException} saying what is wrong with it. */
    static HotMethods read(Path table) {
        if (!Files.isRegularFile(table)) {
            throw new IllegalArgumentException("there is no file " + table + " (a relative path is read from " +
                                               table.toAbsolutePath().getParent() + ")");
        }
        Map<String, List<Row>> rows = new HashMap<>();
        try (BufferedReader reader = Files.newBufferedReader(table, StandardCharsets.UTF_8)) {
            String header = reader.readLine();
            if (header == null) {
                throw new IllegalArgumentException(table + " is empty; expected the CSV `report profile` writes");
            }
            Map<String, Integer> columns = columns(table, header);
            String line;
            int number = 1;
            while ((line = reader.readLine()) != null) {
                number++;
                if (!line.trim().isEmpty()) {
                    add(rows, table, number, fields(line), columns);
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + table + " (" + e.getMessage() + ")", e);
        }
        return new HotMethods(rows);
    }

    private static Map<String, Integer> columns(Path table, String header) {
        Map<String, Integer> columns = new HashMap<>();
        List<String> names = fields(header.startsWith("\uFEFF") ? header.substring(1) : header);
        for (int i = 0; i < names.size(); i++) {
            columns.put(names.get(i).trim(), i);
        }
        for (String required : REQUIRED) {
            if (!columns.containsKey(required)) {
                throw new IllegalArgumentException(table + " has no `" + required + "` column; expected the CSV " +
                                                   "`report profile` writes (" + String.join(",", REQUIRED) + ",...)");
            }
        }
        return columns;
    }

    private static void add(Map<String, List<Row>> rows, Path table, int number, List<String> fields,
                            Map<String, Integer> columns) {
        try {
            MethodHeat heat = new MethodHeat(Long.parseLong(field(fields, columns, "sampledBytes")),
                    Double.parseDouble(field(fields, columns, "share")),
                    columns.containsKey("cpuShare") ? Double.parseDouble(field(fields, columns, "cpuShare")) : 0,
                    MethodHeat.namesAnException(optionalField(fields, columns, "topTypes")));
            String key = field(fields, columns, "class") + "#" + field(fields, columns, "method");
            rows.computeIfAbsent(key, k -> new ArrayList<>()).add(new Row(field(fields, columns, "descriptor"), heat));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(table + ", line " + number + ": not a hot-methods row (" + e.getMessage() + ")", e);
        }
    }

    private static String field(List<String> fields, Map<String, Integer> columns, String name) {
        int index = columns.get(name);
        if (index >= fields.size()) {
            throw new IllegalArgumentException("no `" + name + "` value");
        }
        return fields.get(index).trim();
    }

    /** A column the table may leave out, or a row may leave empty: "" then. */
    private static String optionalField(List<String> fields, Map<String, Integer> columns, String name) {
        Integer index = columns.get(name);
        return index == null || index >= fields.size() ? "" : fields.get(index).trim();
    }

    /** One CSV line's fields; a quoted field may hold commas and doubled quotes. */
    static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    /**
     * The heat of {@code method}: its row (matched by descriptor) and the rows of lambdas kept apart under its name
     * (the profile merges a lambda into its method only when one method has that name). Without a row for its
     * descriptor, all rows of the name together when the method has no overloads (a descriptor the source could
     * not give exactly), the lambdas' alone when it has: an overload the recording never sampled is not hot because
     * a sibling is. {@link MethodHeat#NOT_SAMPLED} when the recording sampled nothing on its behalf.
     */
    public MethodHeat heatOf(MethodKey method) {
        List<Row> rows = rowsByMethod.get(method.topLevelClass + "#" + method.name);
        if (rows == null) {
            return MethodHeat.NOT_SAMPLED;
        }
        MethodHeat exact = null;
        MethodHeat lambdas = MethodHeat.NOT_SAMPLED;
        MethodHeat all = MethodHeat.NOT_SAMPLED;
        for (Row row : rows) {
            if (row.descriptor.equals(method.descriptor)) {
                exact = row.heat;
            } else if (row.descriptor.isEmpty()) {
                lambdas = lambdas.plus(row.heat);
            }
            all = all.plus(row.heat);
        }
        if (exact != null) {
            return exact.plus(lambdas);
        }
        return method.overloaded ? lambdas : all;
    }
}

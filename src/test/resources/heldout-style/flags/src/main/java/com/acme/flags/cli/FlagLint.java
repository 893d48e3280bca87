package com.acme.flags.cli;

import com.acme.flags.config.FlagFileParser;
import com.acme.flags.eval.Bucketer;
import com.acme.flags.model.FlagDefinition;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code flaglint [--strict] team-a.flags team-b.flags ...}: checks flag files before they are
 * pushed to the config service. Exit status 1 when any file has a problem. Run by developers and by
 * the pre-merge CI job, once per change.
 */
public final class FlagLint {

    /** Short error codes for the report, derived from the exception type. */
    private static final Map<Class<?>, String> ERROR_CODES = new ConcurrentHashMap<>();

    private FlagLint() {
    }

    public static void main(String[] args) throws IOException {
        boolean strict = args.length > 0 && args[0].equals("--strict");
        String[] names = strict ? Arrays.copyOfRange(args, 1, args.length) : args;
        if (names.length == 0) {
            System.err.println("usage: flaglint [--strict] <file.flags>...");
            System.exit(2);
        }
        List<Path> files = new ArrayList<>();
        for (String name : names) {
            files.add(Paths.get(name));
        }

        List<FlagDefinition> allFlags = new ArrayList<>();
        Map<String, String> summary = new LinkedHashMap<>();
        int problemCount = 0;
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (!name.matches(".+\\.flags(\\.txt)?")) {
                System.err.println(name + ": skipped, not a .flags file");
                continue;
            }
            byte[] data;
            try (InputStream in = Files.newInputStream(file); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
                byte[] buf = new byte[8192];
                int n;
                while ((n = in.read(buf)) != -1) {
                    out.write(buf, 0, n);
                }
                data = out.toByteArray();
            }
            List<String> problems = lintFile(name, new String(data, StandardCharsets.UTF_8), strict, allFlags);
            problems.forEach(System.out::println);
            summary.put(name, Integer.toString(problems.size()));
            problemCount += problems.size();
        }

        Map<String, FlagDefinition> byKey = new HashMap<>(allFlags.size());
        for (FlagDefinition flag : allFlags) {
            byKey.put(flag.key(), flag);
        }
        int duplicates = allFlags.size() - byKey.size();
        if (duplicates > 0) {
            problemCount += duplicates;
            System.out.println(duplicates + " flag key(s) defined in more than one file");
        }

        System.out.println(String.join("\t", summaryRow(summary)));
        System.out.println(allFlags.size() + " flags in " + files.size() + " files, " + problemCount + " problems");
        System.exit(problemCount == 0 ? 0 : 1);
    }

    /** Checks one file; the flags it parsed are added to {@code sink}. */
    static List<String> lintFile(String name, String text, boolean strict, List<FlagDefinition> sink) {
        List<String> problems = new ArrayList<>();
        try (FlagFileParser parser = new FlagFileParser(new StringReader(text), name)) {
            for (FlagDefinition flag = parser.next(); flag != null; flag = parser.next()) {
                sink.add(flag);
                int[] weights = flag.rolloutWeights();
                int sum = 0;
                for (int w : weights) {
                    sum += w;
                }
                if (weights.length > 0 && sum != Bucketer.BUCKETS) {
                    String key = flag.key();
                    problems.add(String.format("%s: flag %s: rollout weights sum to %s, expected %s",
                            name, key, sum, Bucketer.BUCKETS));
                }
                if (strict && flag.rules().isEmpty() && weights.length == 0 && flag.on()) {
                    problems.add(name + ": flag " + flag.key() + " is on but serves one variation to everyone");
                }
            }
        } catch (IOException | RuntimeException e) {
            String code = ERROR_CODES.computeIfAbsent(e.getClass(),
                    c -> c.getSimpleName().replace("Exception", "").toLowerCase(Locale.ROOT));
            problems.add(name + ": [" + code + "] " + e.getMessage());
        }
        return problems;
    }

    /** The summary line: file names, then their problem counts. */
    static String[] summaryRow(Map<String, String> summary) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : summary.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }
}

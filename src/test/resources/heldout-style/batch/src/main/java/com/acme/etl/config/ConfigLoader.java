package com.acme.etl.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Reads {@code etl.properties}. The command line calls {@link #load} and {@link #parseSize}
 * once, before the first file is processed.
 */
public final class ConfigLoader {

    /** Old key names still found in deployed property files: "old=new". */
    private static final String[] LEGACY_KEYS = {"workers=threads", "tmp.dir=work.dir", "file.types=extensions", "max.bytes=max.size"};

    /** Current key name to the legacy one. */
    private static final Map<String, String> LEGACY;

    static {
        LEGACY = Collections.unmodifiableMap(legacyNames());
    }

    public record Config(int threads, String workDir, String maxSize, List<String> extensions) {
    }

    private ConfigLoader() {
    }

    public static Config load(Path file) throws IOException {
        Properties props = new Properties();
        if (Files.isRegularFile(file)) {
            String location = file.toAbsolutePath().toString();
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                props.load(reader);
            } catch (IOException | IllegalArgumentException e) {
                throw new IOException(String.format("cannot read configuration from %s", location), e);
            }
        }
        int threads = Integer.parseInt(get(props, "threads", "4"));
        String[] extensions = get(props, "extensions", "csv, dat, fw").split("\\s*,\\s*");
        return new Config(threads, get(props, "work.dir", "/var/tmp/etl"), get(props, "max.size", "256m"), List.of(extensions));
    }

    /** Parses sizes such as "512k", "64m" or "2g"; used for the --max-size option. */
    public static long parseSize(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        if (!value.matches("\\d+[kmg]?")) {
            throw new IllegalArgumentException("not a size: " + text);
        }
        char unit = value.charAt(value.length() - 1);
        if (Character.isDigit(unit)) {
            return Long.parseLong(value);
        }
        long amount = Long.parseLong(value.substring(0, value.length() - 1));
        return switch (unit) {
            case 'k' -> amount << 10;
            case 'm' -> amount << 20;
            default -> amount << 30;
        };
    }

    private static String get(Properties props, String key, String fallback) {
        String value = props.getProperty(key);
        if (value == null) {
            value = props.getProperty(LEGACY.getOrDefault(key, key));
        }
        return value == null ? fallback : value.strip();
    }

    private static Map<String, String> legacyNames() {
        Map<String, String> names = new HashMap<>();
        for (String pair : LEGACY_KEYS) {
            int eq = pair.indexOf('=');
            names.put(pair.substring(eq + 1), pair.substring(0, eq));
        }
        return names;
    }
}

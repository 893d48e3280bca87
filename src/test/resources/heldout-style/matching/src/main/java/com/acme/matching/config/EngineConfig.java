package com.acme.matching.config;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * Engine configuration: the built-in defaults, then engine.properties, then --key=value overrides from the
 * command line. Loaded once by {@code MatchingEngineMain}; read by the gateway when members log on.
 */
public final class EngineConfig {

    /** Symbols enabled when the file lists none. */
    static final String[] DEFAULT_SYMBOLS = "ACME, GLOBX; INITECH,HOOLI".split("[,;]\\s*");

    /** The same, trimmed; nothing modifies it after class initialisation. */
    static final List<String> DEFAULT_SYMBOL_LIST;

    static final Properties BUILT_IN = new Properties();

    static {
        List<String> symbols = new ArrayList<>();
        for (String s : DEFAULT_SYMBOLS) {
            symbols.add(s.trim());
        }
        DEFAULT_SYMBOL_LIST = symbols;

        try (InputStream in = EngineConfig.class.getResourceAsStream("/engine-defaults.properties")) {
            if (in != null) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                while (true) {
                    byte[] chunk = new byte[4096];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    out.write(chunk, 0, n);
                }
                BUILT_IN.load(new StringReader(out.toString(StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read built-in defaults", e);
        }
    }

    private final Map<String, String> values;
    private final Set<String> enabledSymbols;
    private final Set<String> blockedSymbols = new HashSet<>();
    private final Map<String, String> overrides = new TreeMap<>();

    private EngineConfig(Map<String, String> values, Map<String, String> overrides) {
        this.values = values;
        this.overrides.putAll(overrides);
        String listed = values.get("symbols");
        this.enabledSymbols = listed == null
                ? new HashSet<>(DEFAULT_SYMBOL_LIST)
                : new HashSet<>(List.of(listed.split(",")));
    }

    /** Reads the file and the command-line overrides; MatchingEngineMain calls it once at startup. */
    public static EngineConfig load(Path file, String[] args) throws IOException {
        Map<String, String> values = new HashMap<>();
        for (String name : BUILT_IN.stringPropertyNames()) {
            values.put(name, BUILT_IN.getProperty(name));
        }
        String fileName = file.getFileName().toString();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String trimmed = line.trim();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] kv = trimmed.split("\\s*=\\s*", 2);
            if (kv.length != 2) {
                throw new ConfigException("bad line in " + fileName + ": " + trimmed, null);
            }
            values.put(kv[0], kv[1]);
        }
        Map<String, String> overrides = new HashMap<>();
        for (String arg : args) {
            if (arg.startsWith("--") && arg.indexOf('=') > 2) {
                int eq = arg.indexOf('=');
                overrides.put(arg.substring(2, eq), arg.substring(eq + 1));
            }
        }
        values.putAll(overrides);
        return new EngineConfig(values, overrides);
    }

    public String get(String key, String dflt) {
        return values.getOrDefault(key, dflt);
    }

    public int getInt(String key, int dflt) {
        String raw = values.get(key);
        if (raw == null) {
            return dflt;
        }
        try {
            return Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(key + ": expected an integer, got '" + raw + "'", e);
        }
    }

    public void block(String symbol) {
        blockedSymbols.add(symbol);
    }

    /**
     * Per-session settings. The gateway calls this on every logon, and members reconnect all day long
     * (one logon per trading desk per failover), so it is not startup code.
     */
    public SessionSettings initSession(String senderCompId) {
        Set<String> allowed = new HashSet<>();
        allowed.addAll(enabledSymbols);
        allowed.removeAll(blockedSymbols);
        String key = String.format("session.%s.throttle", senderCompId);
        int msgsPerSecond = getInt(key, getInt("session.throttle", 500));
        return new SessionSettings(senderCompId, allowed, msgsPerSecond);
    }

    public Set<String> enabledSymbols() {
        return Collections.unmodifiableSet(enabledSymbols);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("EngineConfig[symbols=").append(enabledSymbols);
        for (String k : overrides.keySet()) {
            sb.append(", ").append(k).append('=').append(overrides.get(k));
        }
        return sb.append(']').toString();
    }

    /** What one FIX session may do. */
    public record SessionSettings(String senderCompId, Set<String> allowedSymbols, int msgsPerSecond) { }

    public static class ConfigException extends RuntimeException {
        public ConfigException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}

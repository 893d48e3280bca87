package com.acme.metrics.admin;

import com.acme.metrics.plugin.PluginRegistry;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** GET /admin/... : counters and plugin listing for the ops dashboard, which polls it every two seconds. */
public final class DiagnosticsEndpoint {

    public record Response(int status, String body) {}

    private static final String NAME = "pipeline";
    private static final String VERSION = "2.4.1";
    private static final List<String> DEFAULT_SECTIONS = List.of("counters", "plugins");
    private static final Map<Class<?>, String> ERROR_CODES = new ConcurrentHashMap<>();

    private final String banner = String.format("%s diagnostics %s", NAME, VERSION);
    private final Set<String> enabledSections;

    {
        Set<String> sections = new HashSet<>();
        sections.addAll(DEFAULT_SECTIONS);
        enabledSections = sections;
    }

    private final Map<String, Long> counters;

    public DiagnosticsEndpoint(Map<String, Long> counters) {
        this.counters = Objects.requireNonNull(counters, "counters");
    }

    /** Every admin request goes through here. */
    public Response handle(String path, Map<String, String> query) {
        try {
            String section = path.replaceAll("^/admin/+", "");
            Set<String> wanted = new HashSet<>();
            wanted.addAll(Arrays.asList(query.getOrDefault("sections", section).split(",")));
            wanted.retainAll(enabledSections);
            StringBuilder body = new StringBuilder(banner).append('\n');
            String summary = String.format("%d counters, %d sections", counters.size(), wanted.size());
            body.append(summary).append('\n');
            for (String s : wanted) {
                switch (s) {
                    case "counters" -> body.append(counters(query.getOrDefault("prefix", "")));
                    case "plugins" -> body.append(String.join("\n", PluginRegistry.describe())).append('\n');
                    default -> { }
                }
            }
            return new Response(200, body.toString());
        } catch (RuntimeException ex) {
            String code = ERROR_CODES.computeIfAbsent(ex.getClass(), DiagnosticsEndpoint::errorCode);
            return new Response(500, String.format("%s %s", code, ex.getMessage()));
        }
    }

    // only used from the catch block above, to name the error in the response
    private static String errorCode(Class<?> type) {
        return type.getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    private String counters(String prefix) {
        StringBuilder sb = new StringBuilder();
        for (String name : counters.keySet()) {
            Long value = counters.get(name);
            if (name.startsWith(prefix)) {
                sb.append(name).append(' ').append(value).append('\n');
            }
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return banner + " " + enabledSections;
    }
}

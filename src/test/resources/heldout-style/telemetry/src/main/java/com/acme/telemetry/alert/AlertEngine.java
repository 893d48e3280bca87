package com.acme.telemetry.alert;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Evaluates closed windows against per-device limits and raises alerts to the registered sinks.
 * Limits come from a built-in default and from the CFG frames devices send after boot.
 */
public final class AlertEngine {

    public interface AlertSink {
        void raise(String type, Alert alert);
    }

    public abstract static class Alert {
        final String deviceId;
        final String metric;
        final double value;
        final long at;

        Alert(String deviceId, String metric, double value, long at) {
            this.deviceId = deviceId;
            this.metric = metric;
            this.value = value;
            this.at = at;
        }

        public abstract String message();

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Alert)) {
                return false;
            }
            Alert a = (Alert) o;
            return at == a.at && deviceId.equals(a.deviceId) && metric.equals(a.metric);
        }

        @Override
        public int hashCode() {
            return Objects.hash(deviceId, metric, at);
        }

        @Override
        public String toString() {
            return typeName(getClass()) + "[" + deviceId + " " + metric + "=" + value + "]";
        }
    }

    public static final class ThresholdAlert extends Alert {
        final String rule;
        final double limit;

        ThresholdAlert(String deviceId, String metric, double value, long at, String rule, double limit) {
            super(deviceId, metric, value, at);
            this.rule = rule;
            this.limit = limit;
        }

        @Override
        public String message() {
            return String.format("%s: %s is %s, rule %s (limit %s)", deviceId, metric, value, rule, limit);
        }
    }

    public static final class LowBatteryAlert extends Alert {
        LowBatteryAlert(String deviceId, double volts, long at) {
            super(deviceId, "bat", volts, at);
        }

        @Override
        public String message() {
            return deviceId + ": battery at " + value + " V";
        }
    }

    private static final Map<Class<?>, String> TYPE_NAMES = new ConcurrentHashMap<>();

    private static final Map<String, Double> DEFAULT_LIMITS = parseLimits("temp>60; hum>95; co2>2000; bat<3.3");

    static String typeName(Class<?> type) {
        return TYPE_NAMES.computeIfAbsent(type,
                c -> c.getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT));
    }

    /**
     * Parses {@code temp>60; bat<3.3}: the key is metric plus operator. Also called for every
     * CFG frame, which devices send after each boot.
     */
    public static Map<String, Double> parseLimits(String spec) {
        String[] rules = spec.trim().split("\\s*;\\s*");
        Map<String, Double> limits = new LinkedHashMap<>();
        for (String rule : rules) {
            int op = Math.max(rule.indexOf('>'), rule.indexOf('<'));
            limits.put(rule.substring(0, op + 1), Double.parseDouble(rule.substring(op + 1)));
        }
        return limits;
    }

    private final List<AlertSink> sinks = new ArrayList<>();
    private final Map<String, Map<String, Double>> deviceLimits = new ConcurrentHashMap<>();
    private final Set<Alert> active = ConcurrentHashMap.newKeySet();

    public void addSink(AlertSink sink) {
        sinks.add(sink);
    }

    public void configure(String deviceId, String spec) {
        deviceLimits.put(deviceId, parseLimits(spec));
    }

    /** Called for each window the aggregator closes. */
    public void evaluate(String deviceId, String metric, double mean, long at) {
        requireFinite(metric, mean);
        Map<String, Double> limits = deviceLimits.getOrDefault(deviceId, DEFAULT_LIMITS);
        for (String rule : limits.keySet()) {
            if (!rule.startsWith(metric)) {
                continue;
            }
            double limit = limits.get(rule);
            assert !Double.isNaN(limit) : "limit " + rule + " of " + deviceId + " is NaN";
            boolean above = rule.endsWith(">");
            if (above ? mean > limit : mean < limit) {
                Alert alert = "bat".equals(metric)
                        ? new LowBatteryAlert(deviceId, mean, at)
                        : new ThresholdAlert(deviceId, metric, mean, at, rule, limit);
                if (active.add(alert)) {
                    publish(alert);
                }
            }
        }
    }

    private void publish(Alert alert) {
        String type = typeName(alert.getClass());
        for (AlertSink sink : sinks) {
            try {
                sink.raise(type, alert);
            } catch (RuntimeException e) {
                List<String> sinkNames = sinks.stream().map(s -> s.getClass().getName()).collect(Collectors.toList());
                System.err.println("alert sink failed, sinks " + sinkNames + ": " + e);
            }
        }
    }

    private static void requireFinite(String metric, double v) {
        if (!Double.isFinite(v)) {
            String msg = String.format("non-finite mean for %s: %s", metric, v);
            throw new IllegalArgumentException(msg);
        }
    }

    /** Backs the admin console's {@code alerts} command. */
    public List<String> activeMessages() {
        List<Alert> snapshot = new ArrayList<>(active);
        List<String> lines = snapshot.stream().map(Alert::message).collect(Collectors.toList());
        return lines;
    }

    public void clear(String deviceId) {
        active.removeIf(a -> a.deviceId.equals(deviceId));
    }
}

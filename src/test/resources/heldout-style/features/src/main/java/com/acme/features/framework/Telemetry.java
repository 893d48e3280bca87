package com.acme.features.framework;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Stand-ins for the logging and metrics clients every service in the platform links against. */
public final class Telemetry {

    private Telemetry() {
    }

    public static final class Log {
        private final String name;

        private Log(String name) {
            this.name = name;
        }

        public static Log get(Class<?> owner) {
            return new Log(owner.getName());
        }

        public boolean isDebugEnabled() {
            return Boolean.getBoolean("features.debug");
        }

        public void debug(String message) {
            if (isDebugEnabled()) {
                System.out.println("DEBUG " + name + " " + message);
            }
        }

        public void info(String message) {
            System.out.println("INFO  " + name + " " + message);
        }

        public void warn(String message, Throwable cause) {
            System.err.println("WARN  " + name + " " + message + " " + cause);
        }

        public void error(String message, Throwable cause) {
            System.err.println("ERROR " + name + " " + message + " " + cause);
        }
    }

    /** Tags are passed as a flat array, either {@code k1, v1, k2, v2} or all keys then all values. */
    public static final class Metrics {
        private static final Map<String, LongAdder> COUNTERS = new ConcurrentHashMap<>();
        private static volatile String[] globalTags = new String[0];

        private Metrics() {
        }

        public static void globalTags(String... keyValuePairs) {
            globalTags = keyValuePairs.clone();
        }

        public static void count(String name, String... keyValuePairs) {
            COUNTERS.computeIfAbsent(name + Arrays.toString(keyValuePairs), k -> new LongAdder()).increment();
        }

        public static void event(String name, String[] keysThenValues) {
            COUNTERS.computeIfAbsent(name + ":" + keysThenValues.length, k -> new LongAdder()).increment();
        }

        public static void timer(String name, long nanos, String... keyValuePairs) {
            COUNTERS.computeIfAbsent(name, k -> new LongAdder()).add(nanos);
        }
    }
}

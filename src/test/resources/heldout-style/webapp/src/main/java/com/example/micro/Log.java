package com.example.micro;

import java.io.PrintStream;

/** A deliberately small logger: one line per message on stderr, a global threshold. */
public final class Log {

    public enum Level { DEBUG, INFO, WARN, ERROR }

    private static volatile Level threshold = Level.valueOf(System.getProperty("micro.log", "INFO"));
    private static final PrintStream SINK = System.err;

    private final String name;

    private Log(String name) {
        this.name = name;
    }

    public static Log get(Class<?> type) {
        return new Log(type.getSimpleName());
    }

    public static void setThreshold(Level level) {
        threshold = level;
    }

    public boolean isDebugEnabled() {
        return threshold.compareTo(Level.DEBUG) <= 0;
    }

    public void debug(String message) { write(Level.DEBUG, message, null); }

    public void info(String message) { write(Level.INFO, message, null); }

    public void warn(String message, Throwable cause) { write(Level.WARN, message, cause); }

    public void error(String message, Throwable cause) { write(Level.ERROR, message, cause); }

    private void write(Level level, String message, Throwable cause) {
        if (level.compareTo(threshold) < 0) {
            return;
        }
        SINK.println(level + " [" + Thread.currentThread().getName() + "] " + name + " - " + message);
        if (cause != null) {
            cause.printStackTrace(SINK);
        }
    }
}

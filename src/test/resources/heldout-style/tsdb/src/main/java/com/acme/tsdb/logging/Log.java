package com.acme.tsdb.logging;

/**
 * Stand-in for the logging facade the service is deployed with (an SLF4J-like API).
 * Messages are built by the caller, as with any facade without parameterised messages.
 */
public final class Log {

    public static final int DEBUG = 1;
    public static final int INFO = 2;
    public static final int WARN = 3;

    private static volatile int threshold = INFO;

    private final String name;

    private Log(String name) {
        this.name = name;
    }

    public static Log get(Class<?> type) {
        return new Log(type.getSimpleName());
    }

    public static void setThreshold(int level) {
        threshold = level;
    }

    public boolean isDebugEnabled() {
        return threshold <= DEBUG;
    }

    public void debug(String message) {
        if (threshold <= DEBUG) {
            emit("DEBUG", message, null);
        }
    }

    public void info(String message) {
        if (threshold <= INFO) {
            emit("INFO", message, null);
        }
    }

    public void warn(String message, Throwable error) {
        if (threshold <= WARN) {
            emit("WARN", message, error);
        }
    }

    private void emit(String level, String message, Throwable error) {
        System.err.println(level + " [" + name + "] " + message);
        if (error != null) {
            error.printStackTrace(System.err);
        }
    }
}

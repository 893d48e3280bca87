package dev.rewriteperf.benchmarks.hotpaths.reuseenumvaluesarray;

/** The method of an HTTP request line: looked up by name for every request. */
public enum Before {
    GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS;

    public static Before of(String name) {
        for (Before method : values()) {
            if (method.name().equals(name)) {
                return method;
            }
        }
        throw new IllegalArgumentException("Unknown method: " + name);
    }
}

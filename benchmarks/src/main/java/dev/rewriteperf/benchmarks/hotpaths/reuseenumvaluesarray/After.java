package dev.rewriteperf.benchmarks.hotpaths.reuseenumvaluesarray;

/** The method of an HTTP request line: looked up by name for every request. */
public enum After {
    GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS;

    private static final After[] VALUES = values();

    public static After of(String name) {
        for (After method : VALUES) {
            if (method.name().equals(name)) {
                return method;
            }
        }
        throw new IllegalArgumentException("Unknown method: " + name);
    }
}

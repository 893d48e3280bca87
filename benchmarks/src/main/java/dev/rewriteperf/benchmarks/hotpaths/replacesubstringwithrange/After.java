package dev.rewriteperf.benchmarks.hotpaths.replacesubstringwithrange;

/** Reads a "host:port" address: the host is appended to a key being built, the port is returned. */
public class After {

    public static int appendHost(StringBuilder key, String address) {
        int colon = address.indexOf(':');
        key.append(address, 0, colon);
        return Integer.parseInt(address, colon + 1, address.length(), 10);
    }
}

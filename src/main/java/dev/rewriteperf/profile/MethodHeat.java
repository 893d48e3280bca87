package dev.rewriteperf.profile;

import java.util.Locale;

/** What a recording sampled on behalf of one method: bytes allocated and shares of the whole recording. */
public final class MethodHeat {

    static final MethodHeat NOT_SAMPLED = new MethodHeat(0, 0, 0, false);

    private final long sampledBytes;
    private final double share;
    private final double cpuShare;
    /** Whether the method's most allocated types include an exception: its failure paths ran while recording. */
    private final boolean allocatesExceptions;

    MethodHeat(long sampledBytes, double share, double cpuShare, boolean allocatesExceptions) {
        this.sampledBytes = sampledBytes;
        this.share = share;
        this.cpuShare = cpuShare;
        this.allocatesExceptions = allocatesExceptions;
    }

    /**
     * Whether a table's {@code topTypes} ("java.io.EOFException 60%; byte[] 40%") names an exception, by Java's naming
     * convention for {@code Throwable}s: the table has the types' names only.
     */
    static boolean namesAnException(String topTypes) {
        for (String entry : topTypes.split(";")) {
            String type = entry.trim().split(" ")[0];
            if (type.endsWith("Exception") || type.endsWith("Error") || type.equals("java.lang.Throwable")) {
                return true;
            }
        }
        return false;
    }

    MethodHeat plus(MethodHeat other) {
        return new MethodHeat(sampledBytes + other.sampledBytes, share + other.share, cpuShare + other.cpuShare,
                allocatesExceptions || other.allocatesExceptions);
    }

    /** The bytes the recording's allocation samples stand for. */
    public long getSampledBytes() {
        return sampledBytes;
    }

    /** The method's part of all sampled allocation, 0 to 1. */
    public double getShare() {
        return share;
    }

    /** The method's part of all CPU (execution) samples, 0 to 1; 0 when the table has no CPU column. */
    public double getCpuShare() {
        return cpuShare;
    }

    boolean allocatesExceptions() {
        return allocatesExceptions;
    }

    boolean sampled() {
        return sampledBytes > 0 || share > 0 || cpuShare > 0;
    }

    /** The larger of its allocation and CPU shares. */
    double peak() {
        return Math.max(share, cpuShare);
    }

    /** Hot when either its allocation or its CPU share reaches the minimum. */
    boolean reaches(double minimumShare) {
        return share >= minimumShare || cpuShare >= minimumShare;
    }

    String describe() {
        return String.format(Locale.ROOT, "%s of the sampled allocation, %s of CPU samples", percent(share), percent(cpuShare));
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.2f %%", 100 * fraction);
    }
}

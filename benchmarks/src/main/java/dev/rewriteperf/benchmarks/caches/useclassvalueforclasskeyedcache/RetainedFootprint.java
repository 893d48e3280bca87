package dev.rewriteperf.benchmarks.caches.useclassvalueforclasskeyedcache;

import dev.rewriteperf.benchmarks.Data;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Retained heap per cached class, before and after: the live-object histogram (what {@code jmap -histo:live}
 * prints, taken after a full GC) before and after filling one cache with {@code n} classes, diffed class by
 * class and divided by {@code n}. A snapshot holds the previous one, so the growth between two snapshots
 * taken back to back is subtracted. {@code after-second} measures a ClassValue on classes that already carry
 * another one, as they do where a framework keeps several. Each variant runs in its own JVM, since both caches are static:
 * {@code java -cp target/benchmarks.jar dev.rewriteperf.benchmarks.caches.useclassvalueforclasskeyedcache.RetainedFootprint before 1000}.
 */
public final class RetainedFootprint {

    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");

    private RetainedFootprint() {
    }

    public static void main(String[] args) throws Exception {
        String variant = args[0];
        int n = Integer.parseInt(args[1]);
        Function<Class<?>, Object> cache = "before".equals(variant) ? Before::shape : After::shape;
        List<Class<?>> classes = Data.classes(n);
        if ("after-second".equals(variant)) {
            ClassValue<Object> first = new ClassValue<Object>() {
                @Override
                protected Object computeValue(Class<?> type) {
                    return Boolean.TRUE;
                }
            };
            classes.forEach(first::get);
        }
        Object[] values = new Object[n];
        for (Class<?> type : classes) {
            type.getName();
            type.getDeclaredFields();
        }
        Map<String, Long> reference = liveBytesByClass();
        Map<String, Long> empty = liveBytesByClass();
        for (int i = 0; i < n; i++) {
            values[i] = cache.apply(classes.get(i));
        }
        Map<String, Long> filled = liveBytesByClass();
        for (int i = 0; i < n; i++) {
            if (cache.apply(classes.get(i)) != values[i]) {
                throw new AssertionError("cache lost " + classes.get(i));
            }
        }
        long total = 0;
        StringBuilder detail = new StringBuilder();
        for (Map.Entry<String, Long> row : filled.entrySet()) {
            long ownSnapshot = empty.getOrDefault(row.getKey(), 0L) - reference.getOrDefault(row.getKey(), 0L);
            long grown = row.getValue() - empty.getOrDefault(row.getKey(), 0L) - ownSnapshot;
            if (grown >= n && !row.getKey().startsWith("[Ljdk.internal.vm.FillerElement")) {
                total += grown;
                detail.append(String.format("    %-55s %8.1f B/class%n", row.getKey(), grown / (double) n));
            }
        }
        System.out.printf("%s, %d classes: %.1f bytes retained per class, the %d-byte value included%n%s",
                variant, n, total / (double) n, 24, detail);
    }

    private static Map<String, Long> liveBytesByClass() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        String histogram = (String) server.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                "gcClassHistogram", new Object[]{null}, new String[]{String[].class.getName()});
        Map<String, Long> bytes = new HashMap<>();
        for (String line : histogram.split("\n")) {
            Matcher row = ROW.matcher(line);
            if (row.find()) {
                bytes.merge(row.group(3), Long.parseLong(row.group(2)), Long::sum);
            }
        }
        return bytes;
    }
}

package dev.rewriteperf.report;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The allocation a Java Flight Recorder recording sampled, charged to the project's own methods: each sample goes to
 * the first frame of its stack that is project code, so what JDK code allocates on a method's behalf
 * ({@code ArrayList.grow}, {@code HashMap.resize}, stream internals) counts for that method. A lambda counts for the
 * method it is written in, a nested class's method for its top-level class, an inlined frame as its method.
 * Read with the JDK's own {@code jdk.jfr.consumer}.
 */
public final class AllocationProfile {

    /** JDK 16+: one sample stands for {@code weight} bytes. */
    static final String SAMPLE = "jdk.ObjectAllocationSample";
    /** JDK 11-15 and async-profiler: a new TLAB of {@code tlabSize} bytes, or one object outside a TLAB. */
    static final String IN_NEW_TLAB = "jdk.ObjectAllocationInNewTLAB";
    static final String OUTSIDE_TLAB = "jdk.ObjectAllocationOutsideTLAB";
    private static final byte[] MAGIC = {'F', 'L', 'R', 0};
    private static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    /** One method of the project, with the bytes sampled on its behalf and the types they were. */
    public record HotMethod(String className, String method, String descriptor, long bytes, double share,
                            Map<String, Long> bytesByType) {

        /** The three types it allocated most, with their share of its bytes: "java.lang.Object[] 61%; ...". */
        public String topTypes() {
            List<String> top = new ArrayList<>();
            bytesByType.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(3)
                    .forEach(e -> top.add(String.format(Locale.ROOT, "%s %.0f%%", e.getKey(), 100.0 * e.getValue() / bytes)));
            return String.join("; ", top);
        }
    }

    private final List<HotMethod> methods;
    private final long totalBytes;
    private final long unattributedBytes;

    private AllocationProfile(List<HotMethod> methods, long totalBytes, long unattributedBytes) {
        this.methods = methods;
        this.totalBytes = totalBytes;
        this.unattributedBytes = unattributedBytes;
    }

    /**
     * Reads every allocation event of {@code recording}, charging it to the first frame {@code isProjectCode}
     * accepts (by class name). Throws {@link IllegalArgumentException} with a message for a file that is not a
     * recording, is truncated, or has no allocation events; nothing is returned in part.
     */
    public static AllocationProfile read(Path recording, Predicate<String> isProjectCode) {
        checkIsRecording(recording);
        Map<String, Long> bytesByMethod = new HashMap<>();
        Map<String, Map<String, Long>> typesByMethod = new HashMap<>();
        long total = 0;
        long unattributed = 0;
        int events = 0;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                long bytes = bytesOf(event);
                if (bytes < 0) {
                    continue;
                }
                events++;
                total += bytes;
                String method = chargedMethod(event.getStackTrace(), isProjectCode);
                if (method == null) {
                    unattributed += bytes;
                    continue;
                }
                bytesByMethod.merge(method, bytes, Long::sum);
                String type = event.getClass("objectClass") == null ? "?" : event.getClass("objectClass").getName();
                typesByMethod.computeIfAbsent(method, k -> new HashMap<>()).merge(readable(type), bytes, Long::sum);
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(recording + " is truncated or damaged: JFR could not read it (" + e.getMessage() + ")", e);
        }
        if (events == 0) {
            throw new IllegalArgumentException(recording + " has no allocation events: record with " +
                    "-XX:StartFlightRecording:settings=profile (which enables " + SAMPLE + ") or enable " + SAMPLE +
                    " (JDK 16+) or " + IN_NEW_TLAB + " in your settings");
        }
        return new AllocationProfile(ranked(bytesByMethod, typesByMethod, total), total, unattributed);
    }

    private static void checkIsRecording(Path recording) {
        byte[] head = new byte[MAGIC.length];
        try (InputStream in = Files.newInputStream(recording)) {
            if (in.readNBytes(head, 0, head.length) != head.length || !Arrays.equals(head, MAGIC)) {
                throw new IllegalArgumentException(recording + " is not a Java Flight Recorder recording (.jfr)");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + recording + " (" + e.getMessage() + ")", e);
        }
    }

    /** The bytes an allocation event stands for; -1 for an event of another kind. */
    private static long bytesOf(RecordedEvent event) {
        return switch (event.getEventType().getName()) {
            case SAMPLE -> event.getLong("weight");
            case IN_NEW_TLAB -> event.getLong("tlabSize");
            case OUTSIDE_TLAB -> event.getLong("allocationSize");
            default -> -1;
        };
    }

    /** "com.example.Orders#total(Ljava/util/List;)J" of the first project frame, or null when there is none. */
    private static String chargedMethod(RecordedStackTrace stack, Predicate<String> isProjectCode) {
        if (stack == null) {
            return null;
        }
        for (RecordedFrame frame : stack.getFrames()) {
            RecordedMethod method = frame.getMethod();
            String type = method == null || method.getType() == null ? null : method.getType().getName();
            if (type == null || JDK_PACKAGES.stream().anyMatch(type::startsWith) || !isProjectCode.test(type)) {
                continue;
            }
            String name = method.getName();
            if (name.startsWith("lambda$")) {
                // lambda$total$0: the lambda is written in total(..), whose descriptor the frame does not give.
                String[] parts = name.split("\\$");
                return topLevel(type) + "#" + (parts.length > 1 ? parts[1] : name) + "#";
            }
            return topLevel(type) + "#" + name + "#" + method.getDescriptor();
        }
        return null;
    }

    private static String topLevel(String className) {
        int nested = className.indexOf('$');
        return nested < 0 ? className : className.substring(0, nested);
    }

    private static String readable(String type) {
        return type.startsWith("[") ? arrayName(type) : type;
    }

    /** {@code [Ljava.lang.Object;} -> {@code java.lang.Object[]}, {@code [B} -> {@code byte[]}. */
    private static String arrayName(String type) {
        int dims = 0;
        while (dims < type.length() && type.charAt(dims) == '[') {
            dims++;
        }
        String element = switch (type.charAt(dims)) {
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'I' -> "int";
            case 'J' -> "long";
            case 'S' -> "short";
            case 'Z' -> "boolean";
            case 'F' -> "float";
            case 'D' -> "double";
            default -> type.substring(dims + 1, type.length() - 1);
        };
        return element + "[]".repeat(dims);
    }

    private static List<HotMethod> ranked(Map<String, Long> bytesByMethod, Map<String, Map<String, Long>> typesByMethod, long total) {
        mergeLambdas(bytesByMethod, typesByMethod);
        List<HotMethod> methods = new ArrayList<>();
        for (Map.Entry<String, Long> entry : bytesByMethod.entrySet()) {
            String[] key = entry.getKey().split("#", -1);
            methods.add(new HotMethod(key[0], key[1], key[2], entry.getValue(), (double) entry.getValue() / total,
                    new LinkedHashMap<>(typesByMethod.get(entry.getKey()))));
        }
        methods.sort(Comparator.comparingLong(HotMethod::bytes).reversed().thenComparing(HotMethod::className)
                .thenComparing(HotMethod::method));
        return methods;
    }

    /**
     * A lambda's bytes ("Orders#total#", no descriptor) go to its enclosing method's row when one method of that
     * name has its own frames; with overloads, or none, the lambda keeps a row of its own.
     */
    private static void mergeLambdas(Map<String, Long> bytesByMethod, Map<String, Map<String, Long>> typesByMethod) {
        for (String lambda : new ArrayList<>(bytesByMethod.keySet())) {
            if (!lambda.endsWith("#")) {
                continue;
            }
            List<String> enclosing = bytesByMethod.keySet().stream().filter(k -> k.startsWith(lambda) && !k.equals(lambda)).toList();
            if (enclosing.size() == 1) {
                String into = enclosing.get(0);
                bytesByMethod.merge(into, bytesByMethod.remove(lambda), Long::sum);
                typesByMethod.remove(lambda).forEach((type, bytes) -> typesByMethod.get(into).merge(type, bytes, Long::sum));
            }
        }
    }

    /** The project's methods, most bytes first. */
    public List<HotMethod> methods() {
        return methods;
    }

    public long totalBytes() {
        return totalBytes;
    }

    /** Bytes whose stack had no project frame (JDK threads, or a stack cut at JFR's depth limit). */
    public long unattributedBytes() {
        return unattributedBytes;
    }

    /** The hot-methods table: {@code class,method,descriptor,sampledBytes,share,topTypes}. */
    public String csv() {
        StringBuilder csv = new StringBuilder("class,method,descriptor,sampledBytes,share,topTypes\n");
        for (HotMethod m : methods) {
            csv.append(m.className()).append(',').append(m.method()).append(',').append(m.descriptor()).append(',')
                    .append(m.bytes()).append(',').append(String.format(Locale.ROOT, "%.4f", m.share())).append(",\"")
                    .append(m.topTypes().replace("\"", "\"\"")).append("\"\n");
        }
        return csv.toString();
    }
}

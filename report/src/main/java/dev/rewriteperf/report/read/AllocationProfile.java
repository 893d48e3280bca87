package dev.rewriteperf.report.read;

import dev.rewriteperf.profile.HotMethods;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.UncheckedIOException;
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
    /** A thread's stack sampled while it ran Java code (settings=profile: every 10 ms). */
    static final String EXECUTION = "jdk.ExecutionSample";
    private static final byte[] MAGIC = {'F', 'L', 'R', 0};
    private static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");
    /**
     * In the name of the class the JVM spins for a lambda or method reference ({@code Orders$$Lambda/0x..}), whose
     * frame names the interface method it implements ({@code apply}, {@code test}), not a method of the project. The
     * frame below it is the method that runs the lambda: for a method reference, which has no {@code lambda$} method
     * of its own, that is where it is written.
     */
    private static final String LAMBDA_PROXY = "$$Lambda";

    /**
     * One method of the project, with the bytes sampled on its behalf and the types they were, and the CPU
     * (execution) samples whose first project frame it was.
     */
    public record HotMethod(String className, String method, String descriptor, long bytes, double share,
                            Map<String, Long> bytesByType, long cpuSamples, double cpuShare) {

        /** The three types it allocated most, with their share of its bytes: "java.lang.Object[] 61%; ...". */
        public String topTypes() {
            List<String> top = new ArrayList<>();
            bytesByType.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(3)
                    .forEach(e -> top.add(String.format(Locale.ROOT, "%s %.0f%%", e.getKey(), 100.0 * e.getValue() / Math.max(1, bytes))));
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
        return read(List.of(recording), isProjectCode);
    }

    /**
     * {@link #read(Path, Predicate)} of several recordings as one: JMH records each fork, one benchmark a JVM, into a
     * file of its own, and a workload's heat is all of them. A method's bytes and samples are summed over the files,
     * and its share is of their total. Every file must be a readable recording; together they must hold allocation
     * events.
     */
    public static AllocationProfile read(List<Path> recordings, Predicate<String> isProjectCode) {
        recordings.forEach(AllocationProfile::checkIsRecording);
        Samples samples = new Samples(isProjectCode);
        recordings.forEach(samples::add);
        if (samples.events == 0) {
            String read = recordings.size() == 1 ? recordings.get(0).toString() : "none of the " + recordings.size() + " recordings";
            throw new IllegalArgumentException(read + " has no allocation events: record with " +
                    "-XX:StartFlightRecording:settings=profile (which enables " + SAMPLE + ") or enable " + SAMPLE +
                    " (JDK 16+) or " + IN_NEW_TLAB + " in your settings");
        }
        return new AllocationProfile(ranked(samples.byMethod, samples.total, samples.cpuTotal), samples.total, samples.unattributed);
    }

    /** What the recordings read so far sampled, by the project method each sample is charged to. */
    private static final class Samples {
        final Predicate<String> isProjectCode;
        final Map<String, Tally> byMethod = new HashMap<>();
        long total;
        long unattributed;
        long cpuTotal;
        int events;

        Samples(Predicate<String> isProjectCode) {
            this.isProjectCode = isProjectCode;
        }

        /** Every allocation and execution sample of {@code recording}. */
        void add(Path recording) {
            try (RecordingFile file = new RecordingFile(recording)) {
                while (file.hasMoreEvents()) {
                    add(file.readEvent());
                }
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException(recording + " is truncated or damaged: JFR could not read it (" + e.getMessage() + ")", e);
            }
        }

        private void add(RecordedEvent event) {
            boolean execution = event.getEventType().getName().equals(EXECUTION);
            long bytes = bytesOf(event);
            if (bytes < 0 && !execution) {
                return;
            }
            String method = chargedMethod(event.getStackTrace(), isProjectCode);
            Tally tally = method == null ? null : byMethod.computeIfAbsent(method, k -> new Tally());
            if (execution) {
                cpuTotal++;
                if (tally != null) {
                    tally.cpuSamples++;
                }
                return;
            }
            events++;
            total += bytes;
            if (tally == null) {
                unattributed += bytes;
                return;
            }
            String type = event.getClass("objectClass") == null ? "?" : event.getClass("objectClass").getName();
            tally.add(readable(type), bytes);
        }
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
            if (type == null || JDK_PACKAGES.stream().anyMatch(type::startsWith) || !isProjectCode.test(type) ||
                type.contains(LAMBDA_PROXY)) {
                continue;
            }
            String name = method.getName();
            if (name.startsWith("lambda$")) {
                // lambda$total$0: the lambda is written in total(..), whose descriptor the frame does not give;
                // lambda$new$0 and lambda$static$0 in a field's initialiser, run by <init> or <clinit>.
                String[] parts = name.split("\\$");
                String enclosing = parts.length < 2 ? name : parts[1].equals("new") ? "<init>" : parts[1].equals("static") ? "<clinit>" : parts[1];
                return topLevel(type) + "#" + enclosing + "#";
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

    /** What one method was charged: bytes by allocated type, and CPU samples. */
    private static final class Tally {
        final Map<String, Long> bytesByType = new HashMap<>();
        long bytes;
        long cpuSamples;

        void add(String type, long sampled) {
            bytes += sampled;
            bytesByType.merge(type, sampled, Long::sum);
        }

        void addAll(Tally other) {
            other.bytesByType.forEach(this::add);
            cpuSamples += other.cpuSamples;
        }
    }

    private static List<HotMethod> ranked(Map<String, Tally> byMethod, long total, long cpuTotal) {
        mergeLambdas(byMethod);
        List<HotMethod> methods = new ArrayList<>();
        for (Map.Entry<String, Tally> entry : byMethod.entrySet()) {
            String[] key = entry.getKey().split("#", -1);
            Tally tally = entry.getValue();
            methods.add(new HotMethod(key[0], key[1], key[2], tally.bytes, total == 0 ? 0 : (double) tally.bytes / total,
                    new LinkedHashMap<>(tally.bytesByType), tally.cpuSamples,
                    cpuTotal == 0 ? 0 : (double) tally.cpuSamples / cpuTotal));
        }
        methods.sort(Comparator.comparingLong(HotMethod::bytes).reversed().thenComparing(Comparator.comparingLong(HotMethod::cpuSamples).reversed())
                .thenComparing(HotMethod::className).thenComparing(HotMethod::method));
        return methods;
    }

    /**
     * A lambda's tally ("Orders#total#", no descriptor) goes to its enclosing method's row when one method of that
     * name has its own frames; with overloads, or none, the lambda keeps a row of its own.
     */
    private static void mergeLambdas(Map<String, Tally> byMethod) {
        for (String lambda : new ArrayList<>(byMethod.keySet())) {
            if (!lambda.endsWith("#")) {
                continue;
            }
            List<String> enclosing = byMethod.keySet().stream().filter(k -> k.startsWith(lambda) && !k.equals(lambda)).toList();
            if (enclosing.size() == 1) {
                byMethod.get(enclosing.get(0)).addAll(byMethod.remove(lambda));
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

    /**
     * The hot-methods table, in the pack's {@link HotMethods#COLUMNS} (the gate reads it back), written
     * by commons-csv as the report's other tables are (LF line ends; fields quoted where they must be).
     */
    public String csv() {
        StringBuilder csv = new StringBuilder();
        CSVFormat format = CSVFormat.DEFAULT.builder().setRecordSeparator('\n')
                .setHeader(HotMethods.COLUMNS.toArray(String[]::new)).get();
        try (CSVPrinter printer = new CSVPrinter(csv, format)) {
            for (HotMethod m : methods) {
                printer.printRecord(m.className(), m.method(), m.descriptor(), m.bytes(),
                        String.format(Locale.ROOT, "%.4f", m.share()), m.cpuSamples(),
                        String.format(Locale.ROOT, "%.4f", m.cpuShare()), m.topTypes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not throw
        }
        return csv.toString();
    }
}

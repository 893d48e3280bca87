package io.lumenstore.engine;

import io.lumenstore.key.KeyParser;
import io.lumenstore.key.KeyParser.ParsedKey;
import io.lumenstore.segment.SegmentReader;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The storage engine: routes requests to the active segment of each table.
 */
public final class StorageEngine {

    enum Compression { NONE, LZ4, ZSTD }

    static final String VERSION = "0.9.3";
    static final String SEGMENT_PREFIX = "seg";

    private static final List<String> SYSTEM_TABLES = Arrays.asList("sys", "meta", "tmp");

    /** Key prefixes of the system tables; writes starting with one of these are rejected. */
    private static final List<String> SYSTEM_PREFIXES;

    private static final Map<String, Compression> COMPRESSION_BY_NAME;

    static {
        List<String> prefixes = SYSTEM_TABLES.stream().map(t -> t + "/").collect(Collectors.toList());
        SYSTEM_PREFIXES = Collections.unmodifiableList(prefixes);

        Compression[] all = Compression.values();
        Map<String, Compression> byName = new HashMap<>();
        for (Compression c : all) {
            byName.put(c.name().toLowerCase(Locale.ROOT), c);
        }
        COMPRESSION_BY_NAME = Collections.unmodifiableMap(byName);
    }

    private static final ThreadLocal<RequestContext> CONTEXT = ThreadLocal.withInitial(RequestContext::new);

    private final Path dir;
    private final Map<String, Long> openTables = new ConcurrentHashMap<>();
    private final Map<String, Integer> quotas = new HashMap<>();
    private final AtomicLong requests = new AtomicLong();
    private final List<String> unhealthy = Collections.synchronizedList(new ArrayList<>());

    public StorageEngine(Path dir) {
        this.dir = dir;
    }

    static Compression compression(String name) {
        return COMPRESSION_BY_NAME.getOrDefault(name, Compression.NONE);
    }

    static boolean isSystemKey(String key) {
        for (String p : SYSTEM_PREFIXES) {
            if (key.startsWith(p)) return true;
        }
        return false;
    }

    static String segmentFileName(long id) {
        return String.format("%s-%s.seg", SEGMENT_PREFIX, id);
    }

    /** Entry point of the request path: the network layer calls this once per get request. */
    public long handle(String rawKey, Map<String, String> headers) {
        final long requestNo = requests.incrementAndGet();
        Objects.requireNonNull(rawKey, () -> String.format("request %s has no key", requestNo));
        RequestContext ctx = CONTEXT.get();
        ctx.init(rawKey, requestNo, headers);
        return segmentOf(ctx.table);
    }

    long segmentOf(String table) {
        return openTables.getOrDefault(table, 0L);
    }

    /** Opens a segment for a scan; one that cannot be read is skipped and reported by the health check. */
    public SegmentReader open(long segmentId) {
        String name = segmentFileName(segmentId);
        Path file = dir.resolve(name);
        try {
            if (Files.size(file) < SegmentReader.FOOTER_SIZE) {
                throw new IOException("shorter than its footer");
            }
            return new SegmentReader(file);
        } catch (IOException e) {
            String reason = String.valueOf(e.getMessage());
            unhealthy.add(String.format("%s: %s", name, reason));
            return null;
        }
    }

    public List<String> unhealthySegments() {
        return unhealthy;
    }

    /** Resolves the active segment of each key's table; once per multi-get. */
    public Map<String, Long> locate(List<String> keys) {
        Map<String, Long> located = new HashMap<>(keys.size());
        for (String key : keys) {
            located.put(key, segmentOf(KeyParser.parse(key).table()));
        }
        return located;
    }

    public List<ParsedKey> parseAll(String[] keys) {
        List<ParsedKey> parsed = new ArrayList<>();
        for (String key : keys) {
            parsed.add(KeyParser.parse(key));
        }
        return parsed;
    }

    /** Tables a write batch touches, system tables excluded. */
    public Set<String> userTables(List<ParsedKey> batch) {
        Set<String> tables = new HashSet<>(batch.size());
        for (ParsedKey k : batch) {
            if (SYSTEM_TABLES.contains(k.table())) {
                continue;
            }
            tables.add(k.table());
        }
        return tables;
    }

    /** Segment files a scan has to open. */
    public List<String> segmentFiles(List<Long> segmentIds) {
        return segmentIds.stream().map(id -> segmentFileName(id)).collect(Collectors.toList());
    }

    public String[] tablesOf(List<ParsedKey> keys) {
        return keys.stream().map(ParsedKey::table).toArray(String[]::new);
    }

    /** Serialises a record's attributes into its header block; once per record written. */
    static void writeAttributes(Map<String, String> attrs, StringBuilder out) {
        for (String name : attrs.keySet()) {
            out.append(name).append('=').append(attrs.get(name)).append(';');
        }
    }

    /** Charges a write batch against the per-table quotas. */
    synchronized void charge(Map<String, Integer> usedByTable) {
        for (String table : quotas.keySet()) {
            Integer used = usedByTable.get(table);
            if (used != null) {
                quotas.put(table, quotas.get(table) - used);
            }
        }
    }

    /** First line of every replicated record batch. */
    static String batchHeader(String table, int partition, long segment) {
        StringBuilder sb = new StringBuilder(64);
        sb.append(String.format("%s/%s:", table, partition));
        sb.append(segment).append('\n');
        return sb.toString();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("StorageEngine[").append(dir).append(", open={");
        for (String t : openTables.keySet()) {
            sb.append(t).append('=').append(openTables.get(t)).append(' ');
        }
        return sb.append("}]").toString();
    }

    /** Per-worker request state, reused: init() runs at the start of every request. */
    static final class RequestContext {
        String table;
        int partition;
        String traceId;
        final Map<String, String> headers = new HashMap<>();

        void init(String rawKey, long requestNo, Map<String, String> requestHeaders) {
            int slash = rawKey.indexOf('/');
            int colon = rawKey.indexOf(':', slash + 1);
            table = rawKey.substring(0, slash);
            partition = Integer.parseInt(rawKey.substring(slash + 1, colon));
            traceId = String.format("%s-%s", table, requestNo);
            headers.clear();
            headers.putAll(requestHeaders);
        }
    }

    public static void main(String[] args) throws IOException {
        Properties props = new Properties();
        try (InputStream in = Files.newInputStream(Paths.get(args.length > 0 ? args[0] : "lumen.properties"))) {
            props.load(in);
        }
        String dataDir = props.getProperty("data.dir", "data");
        String banner = String.format("lumen %s starting, data in %s", VERSION, dataDir);
        System.out.println(banner);
        StorageEngine engine = new StorageEngine(Paths.get(dataDir));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("stopping " + engine)));
    }
}

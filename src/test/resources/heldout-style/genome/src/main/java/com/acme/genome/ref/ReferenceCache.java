package com.acme.genome.ref;

import com.acme.genome.index.GenomeIndex;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * Local cache of reference contigs, served to the aligner workers over HTTP. Contigs live in the shared store in one
 * of several block encodings; each request names the codec, and codecs are looked up by class.
 */
public final class ReferenceCache {

    /** Decodes one stored block of reference sequence into ASCII bases. */
    public interface SequenceCodec {
        byte[] decode(byte[] block, int headerSize);
    }

    /** Plain ASCII blocks behind a 4-byte header. */
    public static final class PlainCodec implements SequenceCodec {
        public static final int HEADER_SIZE = 4;

        @Override
        public byte[] decode(byte[] block, int headerSize) {
            return Arrays.copyOfRange(block, headerSize, block.length);
        }
    }

    /** Two bits per base, four bases per byte, behind an 8-byte header. */
    public static final class TwoBitCodec implements SequenceCodec {
        public static final int HEADER_SIZE = 8;
        private static final byte[] BASES = {'T', 'C', 'A', 'G'};

        @Override
        public byte[] decode(byte[] block, int headerSize) {
            byte[] out = new byte[(block.length - headerSize) * 4];
            for (int i = headerSize, o = 0; i < block.length; i++) {
                for (int shift = 6; shift >= 0; shift -= 2) {
                    out[o++] = BASES[(block[i] >>> shift) & 3];
                }
            }
            return out;
        }
    }

    /** What one client connection may fetch. */
    public record Session(Set<String> contigs) {
    }

    /** A response: header names followed by header values, then the body. */
    public record Response(String[] headers, byte[] body) {
    }

    static final List<String> AUTOSOMES = IntStream.rangeClosed(1, 22).mapToObj(i -> "chr" + i).toList();

    /** Contigs of the primary assembly; alt and decoy contigs are only served when a session asks for them. */
    static final Set<String> PRIMARY;

    static {
        Set<String> primary = new HashSet<>();
        primary.addAll(AUTOSOMES);
        primary.add("chrX");
        primary.add("chrY");
        primary.add("chrM");
        PRIMARY = Collections.unmodifiableSet(primary);
    }

    /** One shared codec instance per codec class. */
    private static final Map<Class<?>, SequenceCodec> CODECS = new ConcurrentHashMap<>();

    /** Block header size of each codec class, read reflectively from its HEADER_SIZE constant the first time. */
    private static final Map<Class<?>, Integer> HEADER_SIZES = Collections.synchronizedMap(new HashMap<>());

    /** Short codec names for {@link #toString()}. */
    private static final Map<Class<?>, String> LABELS = new ConcurrentHashMap<>();

    /** How often creating each codec class has failed. */
    private static final Map<Class<?>, AtomicInteger> FAILURES = new ConcurrentHashMap<>();

    private final Path store;
    private final Path cacheDir;
    private final Set<String> available;
    private final Set<Class<?>> usedCodecs = ConcurrentHashMap.newKeySet();
    private final AtomicLong bytesCopied = new AtomicLong();

    public ReferenceCache(Path store, Path cacheDir, Set<String> available) {
        this.store = store;
        this.cacheDir = cacheDir;
        this.available = Set.copyOf(available);
    }

    /** Opens a session; the HTTP layer calls this for every connection it accepts. */
    public Session openSession(Collection<String> requested) {
        Set<String> wanted = new HashSet<>();
        wanted.addAll(requested);
        wanted.retainAll(available);
        if (wanted.isEmpty()) {
            wanted.addAll(PRIMARY);
        }
        return new Session(wanted);
    }

    /** Serves one region such as {@code chr1:10000-20000}, decoded by the codec of the given class. */
    public Response fetch(String region, Class<?> codecType) throws IOException {
        int colon = region.lastIndexOf(':');
        int dash = region.indexOf('-', colon + 1);
        if (colon <= 0 || dash < 0) {
            throw new IllegalArgumentException("bad region " + region + ", expected contig:start-end");
        }
        String contig = region.substring(0, colon);
        long start = Long.parseLong(region.substring(colon + 1, dash));
        String endText = region.substring(dash + 1);
        long end = Long.parseLong(endText);

        Path file = materialise(contig);
        GenomeIndex index = new GenomeIndex(Files.readAllBytes(cacheDir.resolve(contig + ".gix")));
        SequenceCodec codec = codecFor(codecType);
        int headerSize = headerSize(codecType);
        usedCodecs.add(codecType);

        int firstBin = (int) (start >>> 14);
        int lastBin = (int) Math.min(end >>> 14, index.binCount() - 2L);
        int from = index.binStart(firstBin);
        int to = index.binStart(lastBin + 1);
        byte[] raw = new byte[to - from];
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(from);
            in.readFully(raw);
        }
        byte[] bases = decodeBlock(codec, raw, headerSize, contig);

        Map<String, String> attrs = new LinkedHashMap<>();
        attrs.put("Content-Type", "text/plain");
        attrs.put("X-Contig", contig);
        attrs.put("X-Codec", codecType.getSimpleName());
        return new Response(headerPairs(attrs), bases);
    }

    /** Batch endpoint: several regions in one request, keyed by region. */
    public Map<String, Response> fetchAll(List<String> regions, Class<?> codecType) throws IOException {
        Map<String, Response> result = new HashMap<>(regions.size());
        for (String region : regions) {
            result.put(region, fetch(region, codecType));
        }
        return result;
    }

    /** Header names first, then the values, as the HTTP layer's response writer takes them. */
    static String[] headerPairs(Map<String, String> attrs) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : attrs.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    static SequenceCodec codecFor(Class<?> type) {
        return CODECS.computeIfAbsent(type, ReferenceCache::instantiate);
    }

    private static SequenceCodec instantiate(Class<?> type) {
        try {
            return (SequenceCodec) type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException e) {
            int failures = FAILURES.computeIfAbsent(type, t -> new AtomicInteger()).incrementAndGet();
            throw new IllegalStateException("cannot create codec " + type.getName() + " (failure " + failures + ")", e);
        }
    }

    static int headerSize(Class<?> type) {
        Integer size = HEADER_SIZES.get(type);
        if (size == null) {
            size = readHeaderSize(type);
            HEADER_SIZES.put(type, size);
        }
        return size;
    }

    private static int readHeaderSize(Class<?> type) {
        try {
            Field f = type.getField("HEADER_SIZE");
            return f.getInt(null);
        } catch (NoSuchFieldException | IllegalAccessException e) {
            return 0;
        }
    }

    /** Copies a contig from the shared store into the local cache directory; runs on every cache miss. */
    Path materialise(String contig) throws IOException {
        Path local = cacheDir.resolve(contig + ".seq");
        if (Files.exists(local)) {
            return local;
        }
        Path src = store.resolve(contig + ".seq");
        Path tmp = Files.createTempFile(cacheDir, contig, ".part");
        long total = 0;
        try (InputStream in = Files.newInputStream(src); OutputStream out = Files.newOutputStream(tmp)) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
                total += n;
            }
        }
        Files.copy(store.resolve(contig + ".gix"), cacheDir.resolve(contig + ".gix"), StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmp, local, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        bytesCopied.addAndGet(total);
        return local;
    }

    /** Decodes a block; a block the codec rejects is saved next to the cache for the bug report. */
    byte[] decodeBlock(SequenceCodec codec, byte[] raw, int headerSize, String contig) throws IOException {
        try {
            return codec.decode(raw, headerSize);
        } catch (RuntimeException e) {
            Path dump = cacheDir.resolve(contig + "-" + System.nanoTime() + ".bad-block");
            try (InputStream in = new ByteArrayInputStream(raw); OutputStream out = Files.newOutputStream(dump)) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
            throw new IOException("cannot decode a block of " + contig + "; saved it to " + dump, e);
        }
    }

    @Override
    public String toString() {
        StringJoiner codecs = new StringJoiner(", ");
        for (Class<?> type : usedCodecs) {
            codecs.add(LABELS.computeIfAbsent(type, t -> t.getSimpleName().replace("Codec", "").toLowerCase(Locale.ROOT)));
        }
        return "ReferenceCache[" + cacheDir + ", " + bytesCopied.get() + " bytes copied, codecs: " + codecs + "]";
    }
}

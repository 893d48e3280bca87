package com.acme.imageio.meta;

import com.acme.imageio.core.CorruptImageException;
import com.acme.imageio.png.PngChunk;
import com.acme.imageio.png.PngChunkReader;
import com.acme.imageio.wav.WavReader;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Turns the chunks of a file into a flat tag map ("png.Title" -> "Sunset"). The batch tool keeps
 * one extractor and calls it for every file; the streaming path calls its listener per chunk.
 */
public class MetadataExtractor {

    private static final List<String> BASE_GROUPS = List.of("png", "exif", "xmp", "riff");

    static final List<String> GROUP_PREFIXES = BASE_GROUPS.stream().map(g -> g + ".").collect(Collectors.toList());

    private static final List<String> RAW_ALIASES = List.of(
            "Creation Time=created", "Author=artist", "Description=caption", "Comment=caption", "Software=software");

    private static final Set<String> STANDARD_KEYWORDS;
    private static final Map<String, String> ALIASES;
    private static final Set<String> ALL_KNOWN;

    static {
        List<String> raw = List.of("Title", "Author", "Description", "Copyright", "Creation Time",
                "Software", "Disclaimer", "Warning", "Source", "Comment");
        STANDARD_KEYWORDS = raw.stream().map(k -> k.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());

        Map<String, String> aliases = new HashMap<>(RAW_ALIASES.size());
        for (String pair : RAW_ALIASES) {
            int eq = pair.indexOf('=');
            aliases.put(pair.substring(0, eq).toLowerCase(Locale.ROOT), pair.substring(eq + 1));
        }
        ALIASES = aliases;

        Set<String> all = new HashSet<>();
        all.addAll(STANDARD_KEYWORDS);
        all.addAll(ALIASES.keySet());
        ALL_KNOWN = all;
    }

    /** Everything stored for one PNG file. */
    public Map<String, String> extract(String source, List<PngChunk> chunks) throws CorruptImageException {
        Objects.requireNonNull(chunks, String.format("no chunk list for %s", source));
        Map<String, String> tags = new LinkedHashMap<>();
        for (PngChunk c : chunks) {
            if (!c.type().equals("tEXt")) {
                continue;
            }
            String raw = new String(c.data(), StandardCharsets.ISO_8859_1);
            int nul = raw.indexOf('\0');
            if (nul < 1) {
                int len = raw.length();
                throw new CorruptImageException(source, 0, "tEXt chunk of " + len + " bytes has no keyword");
            }
            StringBuilder key = new StringBuilder("png.");
            key.append(raw.substring(0, nul));
            tags.put(key.toString(), raw.substring(nul + 1));
        }

        Set<String> present = chunks.stream().map(PngChunk::type).collect(Collectors.toSet());
        if (present.contains("iCCP")) {
            tags.put("png.colorProfile", "embedded");
        }

        Set<String> missing = new HashSet<>();
        missing.addAll(STANDARD_KEYWORDS);
        for (String k : tags.keySet()) {
            missing.remove(k.substring(k.indexOf('.') + 1).toLowerCase(Locale.ROOT));
        }
        tags.put("png.missingStandard", String.valueOf(missing.size()));
        return tags;
    }

    /** Tags of one WAV file. */
    public Map<String, String> extractWav(WavReader.WavFormat format, List<String> skippedChunks) {
        Map<String, String> tags = new LinkedHashMap<>();
        putTag(tags, "riff", "format", format.describe());
        putTag(tags, "riff", "extraChunks", String.join(",", skippedChunks));
        return tags;
    }

    static void putTag(Map<String, String> tags, String group, String name, String value) {
        tags.put(String.format("%s.%s", group, name), value);
    }

    public List<String> chunkTypes(List<PngChunk> chunks) {
        List<String> types = new ArrayList<>();
        for (PngChunk c : chunks) {
            types.add(c.type());
        }
        return types;
    }

    /** Keywords without their group, sorted; one call per file for the search index. */
    public List<String> keywords(Map<String, String> tags) {
        List<String> keywords = tags.keySet().stream().map(k -> k.substring(k.indexOf('.') + 1)).collect(Collectors.toList());
        keywords.sort(null);
        return keywords;
    }

    /** One row of the batch CSV: the value of each configured column for this file. */
    public String[] csvCells(List<String> columns, Map<String, String> tags) {
        String[] cells = columns.stream().map(col -> tags.getOrDefault(col, "")).toArray(String[]::new);
        return cells;
    }

    public Map<String, String> withPrefix(String prefix, Map<String, String> tags) {
        Map<String, String> out = new HashMap<>(tags.size());
        for (Map.Entry<String, String> e : tags.entrySet()) {
            out.put(prefix + e.getKey(), e.getValue());
        }
        return out;
    }

    /** Fills in the configured default tags that the file itself does not carry. */
    public void mergeDefaults(Map<String, String> target, Map<String, String> defaults) {
        for (String key : defaults.keySet()) {
            if (!target.containsKey(key)) {
                target.put(key, defaults.get(key));
            }
        }
    }

    /** Year the picture was taken, from the PNG "Creation Time" keyword, or -1. */
    public int creationYear(Map<String, String> tags) {
        String value = tags.get("png.Creation Time");
        if (value == null || !value.matches("\\d{4}-\\d{2}-\\d{2}.*")) {
            return -1;
        }
        return Integer.parseInt(value.substring(0, 4));
    }

    /** Arguments for the external tagger ("-key value" pairs); one process is started per file. */
    public String[] toToolArgs(Map<String, String> tags) {
        String[] args = tags.entrySet().stream().flatMap(e -> Stream.of("-" + e.getKey(), e.getValue())).toArray(String[]::new);
        return args;
    }

    /** All keys, then all values: the layout the index service expects for one document. */
    public String[] flatten(Map<String, String> tags) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> e : tags.entrySet()) {
            keys.add(e.getKey());
            values.add(e.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    public boolean isKnownKeyword(String keyword) {
        return ALL_KNOWN.contains(keyword.toLowerCase(Locale.ROOT));
    }

    public String alias(String keyword) {
        return ALIASES.getOrDefault(keyword.toLowerCase(Locale.ROOT), keyword);
    }

    /** Streaming variant: counts chunk types as the reader delivers them. */
    public PngChunkReader.ChunkListener counter(Map<String, Integer> counts) {
        return chunk -> {
            String type = chunk.type();
            counts.merge(String.format("png.count.%s", type), 1, Integer::sum);
        };
    }

    /** One file's tags, kept for the end-of-run report. */
    public static final class TagSnapshot {
        private final String file;
        private final Map<String, String> tags;

        public TagSnapshot(String file, Map<String, String> tags) {
            this.file = file;
            this.tags = new LinkedHashMap<>(tags);
        }

        public String file() {
            return file;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(file).append(" {");
            for (String key : tags.keySet()) {
                sb.append(' ').append(key).append('=').append(tags.get(key));
            }
            return sb.append(" }").toString();
        }
    }
}

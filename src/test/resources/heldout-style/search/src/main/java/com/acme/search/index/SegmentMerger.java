package com.acme.search.index;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Merges small segments into larger ones. The merge policy schedules a merge every few minutes,
 * or as soon as a tier holds too many segments; each merge walks every term and live document.
 */
public final class SegmentMerger {

    private static final String TIERS_PROPERTY = System.getProperty("search.merge.tiers", "small, medium, large");

    /** Tier names, smallest first. */
    private static final String[] TIERS = TIERS_PROPERTY.split("\\s*,\\s*");

    public static final class Segment {
        final String name;
        final Map<String, int[]> postings;
        final List<Integer> liveDocs;
        final Map<String, String> fieldTypes;

        public Segment(String name, Map<String, int[]> postings, List<Integer> liveDocs, Map<String, String> fieldTypes) {
            this.name = name;
            this.postings = postings;
            this.liveDocs = liveDocs;
            this.fieldTypes = fieldTypes;
        }
    }

    public static final class Merged {
        public final List<String> sources;
        public final Map<String, List<Integer>> postings;
        public final String[] fieldTable;
        public final int docCount;

        Merged(List<String> sources, Map<String, List<Integer>> postings, String[] fieldTable, int docCount) {
            this.sources = sources;
            this.postings = postings;
            this.fieldTable = fieldTable;
            this.docCount = docCount;
        }
    }

    private final int maxSegmentsPerTier;

    public SegmentMerger(int maxSegmentsPerTier) {
        this.maxSegmentsPerTier = maxSegmentsPerTier;
    }

    public static String tierOf(int docCount) {
        int tier = docCount < 10_000 ? 0 : docCount < 1_000_000 ? 1 : 2;
        return TIERS[Math.min(tier, TIERS.length - 1)];
    }

    public boolean shouldMerge(List<Segment> tier) {
        return tier.size() > maxSegmentsPerTier;
    }

    public Merged merge(List<Segment> segments, String mergedName, List<String> errors) {
        List<String> sources = new ArrayList<>(segments.size());
        for (Segment s : segments) {
            sources.add(s.name);
        }
        Map<String, List<Integer>> merged = new TreeMap<>();
        Map<String, String> fieldTypes = new TreeMap<>();
        int base = 0;
        for (Segment segment : segments) {
            try {
                Map<Integer, Integer> docMap = remap(segment, base);
                Map<String, int[]> postings = segment.postings;
                for (String term : postings.keySet()) {
                    List<Integer> target = merged.computeIfAbsent(term, t -> new ArrayList<>());
                    for (int doc : postings.get(term)) {
                        Integer newDoc = docMap.get(doc);
                        if (newDoc != null) {
                            target.add(newDoc);
                        }
                    }
                }
                fieldTypes.putAll(segment.fieldTypes);
                base += docMap.size();
            } catch (IllegalStateException e) {
                String segmentName = segment.name;
                errors.add("skipped segment " + segmentName + " while merging into " + mergedName);
                List<String> involved = segments.stream().map(s -> s.name).collect(Collectors.toList());
                errors.add("segments of the failed merge: " + involved);
            }
        }
        return new Merged(sources, merged, fieldTable(fieldTypes), base);
    }

    /** Old doc id -> doc id in the merged segment, for the live documents of one segment. */
    private static Map<Integer, Integer> remap(Segment segment, int base) {
        List<Integer> live = segment.liveDocs;
        int next = base;
        Map<Integer, Integer> docMap = new HashMap<>(live.size());
        for (Integer old : live) {
            docMap.put(old, next++);
        }
        if (docMap.size() != live.size()) {
            String name = segment.name;
            throw new IllegalStateException("segment " + name + " lists a live document twice");
        }
        return docMap;
    }

    /** Field table of the merged segment: every field name, then every field type, in the same order. */
    static String[] fieldTable(Map<String, String> fieldTypes) {
        return Stream.concat(fieldTypes.keySet().stream(), fieldTypes.values().stream()).toArray(String[]::new);
    }
}

package com.acme.genome.variant;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Collects per-site allele support from the pileup walker and writes VCF 4.3 data lines for the sites that pass.
 */
public final class VariantCaller {

    public static final String VCF_VERSION = "4.3";

    static final List<String> DEFAULT_CONTIGS = List.of("chr1", "chr2", "chr3", "chr4", "chr5", "chr6", "chr7", "chr8",
            "chr9", "chr10", "chr11", "chr12", "chr13", "chr14", "chr15", "chr16", "chr17", "chr18", "chr19", "chr20",
            "chr21", "chr22", "chrX", "chrY", "chrM");

    /** The ##contig lines of the header. */
    static final List<String> CONTIG_LINES = DEFAULT_CONTIGS.stream().map(c -> "##contig=<ID=" + c + ">").collect(Collectors.toList());

    static final String FILEFORMAT_LINE;

    /** Sort rank of each contig, for ordering the output. */
    static final Map<String, Integer> CONTIG_ORDER;

    static {
        FILEFORMAT_LINE = String.format("##fileformat=VCFv%s", VCF_VERSION);
        Map<String, Integer> order = new HashMap<>(DEFAULT_CONTIGS.size());
        for (String contig : DEFAULT_CONTIGS) {
            order.put(contig, order.size());
        }
        CONTIG_ORDER = Collections.unmodifiableMap(order);
    }

    /** One called site; samples maps each sample to its FORMAT fields in FORMAT order. */
    public record Call(String chrom, int pos, String ref, String alt, int qual,
                       Map<String, String> info, Map<String, Map<String, String>> samples) {
    }

    /** Pileup key; the walker bumps one for every read that shows an alternate base at a site. */
    static final class SiteKey {
        final String chrom;
        final int pos;
        final String alt;

        SiteKey(String chrom, int pos, String alt) {
            this.chrom = chrom;
            this.pos = pos;
            this.alt = alt;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof SiteKey s && pos == s.pos && chrom.equals(s.chrom) && alt.equals(s.alt);
        }

        @Override
        public int hashCode() {
            return Objects.hash(chrom, pos, alt);
        }
    }

    private final Map<SiteKey, Integer> support = new HashMap<>();

    /** Records one read's evidence for an alternate allele; called per read for every mismatching site. */
    public void observe(String chrom, int pos, String alt) {
        support.merge(new SiteKey(chrom, pos, alt), 1, Integer::sum);
    }

    public int support(String chrom, int pos, String alt) {
        return support.getOrDefault(new SiteKey(chrom, pos, alt), 0);
    }

    /** One VCF data line; the writer calls this for every site that passes the filters. */
    public String formatLine(Call call) {
        String chrom = call.chrom();
        int pos = call.pos();
        String ref = call.ref();
        String alt = call.alt();
        int qual = call.qual();
        Map<String, String> infoFields = call.info();
        List<String> infoParts = infoFields.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.toList());
        String info = infoParts.isEmpty() ? "." : String.join(";", infoParts);
        StringBuilder line = new StringBuilder(256);
        line.append(String.format(Locale.ROOT, "%s\t%d\t.\t%s\t%s\t%d\tPASS\t%s", chrom, pos, ref, alt, qual, info));

        Map<String, Map<String, String>> samples = call.samples();
        boolean formatWritten = false;
        for (String sample : samples.keySet()) {
            Map<String, String> fmt = samples.get(sample);
            String[] cols = Stream.concat(fmt.keySet().stream(), fmt.values().stream()).toArray(String[]::new);
            int n = fmt.size();
            if (!formatWritten) {
                line.append('\t').append(String.join(":", Arrays.asList(cols).subList(0, n)));
                formatWritten = true;
            }
            line.append('\t').append(String.join(":", Arrays.asList(cols).subList(n, cols.length)));
        }
        return line.toString();
    }

    /** INFO as a flat key, value, key, value... array for the BCF encoder, which asks for it at every site. */
    public static String[] infoPairs(Call call) {
        Map<String, String> info = call.info();
        return info.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
    }
}

package com.acme.genome.align;

import com.acme.genome.core.Read;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Scores reads against the candidate placements the seed index proposes, and writes one output line per read.
 */
public final class AlignmentScorer {

    public enum Strand { FORWARD, REVERSE }

    /** A candidate placement of a read. */
    public record Hit(String contig, int pos, Strand strand, String cigar) {
    }

    /** Source of reference sequence around a hit (backed by the reference cache). */
    @FunctionalInterface
    public interface ReferenceWindows {
        String window(String contig, int pos, Strand strand, int length);
    }

    private static final String MATRIX_TEXT = "AA=5; AC=-4; AG=-4; AT=-4; CA=-4; CC=5; CG=-4; CT=-4; "
            + "GA=-4; GC=-4; GG=5; GT=-4; TA=-4; TC=-4; TG=-4; TT=5";

    /** Substitution scores keyed by reference base followed by read base, parsed once from the table above. */
    private static final Map<String, Integer> SUBSTITUTION = new HashMap<>();

    static {
        for (String cell : MATRIX_TEXT.split(";\\s*")) {
            int eq = cell.indexOf('=');
            int len = cell.length();
            SUBSTITUTION.put(cell.substring(0, eq), Integer.parseInt(cell.substring(eq + 1, len)));
        }
    }

    /** Key of the reference-window cache: looked up once for every hit of every read. */
    static final class WindowKey {
        final String contig;
        final int pos;
        final Strand strand;

        WindowKey(String contig, int pos, Strand strand) {
            this.contig = contig;
            this.pos = pos;
            this.strand = strand;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof WindowKey w && pos == w.pos && strand == w.strand && contig.equals(w.contig);
        }

        @Override
        public int hashCode() {
            return Objects.hash(contig, pos, strand);
        }
    }

    private static final int GAP_OPEN = -6;
    private static final int GAP_EXTEND = -1;

    private final ReferenceWindows reference;
    private final Map<WindowKey, String> windows = new HashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final int windowLength;

    public AlignmentScorer(ReferenceWindows reference, int windowLength) {
        this.reference = reference;
        this.windowLength = windowLength;
    }

    /** Scores a batch; a read that cannot be scored is skipped with a warning instead of failing the whole batch. */
    public void scoreBatch(List<Read> reads, Map<String, List<Hit>> hitsByRead, StringBuilder out) {
        for (Read read : reads) {
            try {
                scoreRead(read, hitsByRead.getOrDefault(read.name(), List.of()), out);
            } catch (IllegalArgumentException e) {
                String name = read.name();
                String why = e.getMessage();
                warnings.add(String.format("skipped %s: %s", name, why));
            }
        }
    }

    /** Scores one read against its candidate hits and appends its output line; called for every aligned read. */
    public int scoreRead(Read read, List<Hit> hits, StringBuilder out) {
        List<Integer> scores = hits.stream().map(h -> score(read, h)).collect(Collectors.toList());
        int best = Integer.MIN_VALUE;
        int bestIndex = -1;
        for (int i = 0; i < scores.size(); i++) {
            if (scores.get(i) > best) {
                best = scores.get(i);
                bestIndex = i;
            }
        }
        String name = read.name();
        out.append(String.format("%s\t%s\t", name, best));
        out.append(bestIndex < 0 ? "*" : hits.get(bestIndex).cigar()).append('\n');
        return best;
    }

    /** Score of one read at one hit: substitutions from the matrix, affine gap penalties for I and D operations. */
    int score(Read read, Hit hit) {
        String ref = windows.computeIfAbsent(new WindowKey(hit.contig(), hit.pos(), hit.strand()), key -> fetchWindow(key));
        String bases = read.bases();
        String cigar = hit.cigar();
        int[] lengths = cigarLengths(cigar);
        int score = 0;
        int r = 0;
        int q = 0;
        int op = 0;
        for (int i = 0; i < cigar.length(); i++) {
            char c = cigar.charAt(i);
            if (Character.isDigit(c)) {
                continue;
            }
            int len = lengths[op++];
            switch (c) {
                case 'M', '=', 'X' -> {
                    for (int j = 0; j < len && r < ref.length() && q < bases.length(); j++, r++, q++) {
                        score += SUBSTITUTION.getOrDefault("" + ref.charAt(r) + bases.charAt(q), -4);
                    }
                }
                case 'I' -> {
                    score += GAP_OPEN + GAP_EXTEND * (len - 1);
                    q += len;
                }
                case 'D' -> {
                    score += GAP_OPEN + GAP_EXTEND * (len - 1);
                    r += len;
                }
                case 'S' -> q += len;
                default -> throw new IllegalArgumentException("unsupported CIGAR operation " + c + " in " + cigar);
            }
        }
        return score;
    }

    private String fetchWindow(WindowKey key) {
        return reference.window(key.contig, key.pos, key.strand, windowLength);
    }

    /** Lengths of the operations of a CIGAR string, in order. */
    static int[] cigarLengths(String cigar) {
        String[] ops = cigar.split("(?<=[MIDNSHP=X])");
        int[] lengths = new int[ops.length];
        for (int i = 0; i < ops.length; i++) {
            String op = ops[i];
            lengths[i] = Integer.parseInt(op, 0, op.length() - 1, 10);
        }
        return lengths;
    }

    public List<String> warnings() {
        return warnings;
    }
}

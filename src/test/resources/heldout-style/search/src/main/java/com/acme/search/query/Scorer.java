package com.acme.search.query;

import com.acme.search.index.InvertedIndex;
import com.acme.search.index.InvertedIndex.Term;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * BM25 scoring. One instance per server; {@link #prepare} runs once per search request and
 * {@link #score} once per candidate document of that request.
 */
public final class Scorer {

    private static final List<String> UNSCORED = List.of("ID", "Path", "Modified");

    /** Fields that filter but never contribute to the score. */
    private static final Set<String> UNSCORED_FIELDS = UNSCORED.stream().map(f -> f.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());

    /** Memo key for term frequencies looked up more than once while scoring phrases. */
    public static final class ScoreKey {
        private final int docId;
        private final String term;

        public ScoreKey(int docId, String term) {
            this.docId = docId;
            this.term = term;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ScoreKey && ((ScoreKey) o).docId == docId && ((ScoreKey) o).term.equals(term);
        }

        @Override
        public int hashCode() {
            return Objects.hash(docId, term);
        }
    }

    /** What {@link #prepare} computes for one query. */
    public static final class Weights {
        final List<Term> terms;
        final Map<String, Double> idf;
        final Map<ScoreKey, Integer> tfMemo = new HashMap<>();

        Weights(List<Term> terms, Map<String, Double> idf) {
            this.terms = terms;
            this.idf = idf;
        }

        public List<Term> terms() {
            return terms;
        }
    }

    private final double k1;
    private final double b;

    public Scorer(double k1, double b) {
        if (k1 < 0 || b < 0 || b > 1) {
            throw new IllegalArgumentException("invalid BM25 parameters k1=" + k1 + " b=" + b);
        }
        this.k1 = k1;
        this.b = b;
    }

    /** Called by the search endpoint at the start of every request, before the candidates are scored. */
    public Weights prepare(List<Term> terms, InvertedIndex index) {
        int docCount = index.docCount();
        Map<String, Double> idf = new HashMap<>(terms.size());
        for (Term t : terms) {
            idf.put(t.text(), idf(index.docFreq(t), docCount));
        }
        return new Weights(terms, idf);
    }

    public double score(Weights w, int docId, Map<String, Integer> termFreqs, int docLength, double avgDocLength) {
        Map<String, Double> weights = w.idf;
        double score = 0;
        for (String term : weights.keySet()) {
            double idf = weights.get(term);
            int tf = w.tfMemo.computeIfAbsent(new ScoreKey(docId, term), k -> termFreqs.getOrDefault(k.term, 0));
            double norm = tf * (k1 + 1) / (tf + k1 * (1 - b + b * docLength / avgDocLength));
            score += idf * norm;
            if (Double.isNaN(score)) {
                throw new IllegalStateException(String.format("NaN score for doc %s at term %s", docId, term));
            }
        }
        return score;
    }

    /** Scores every candidate of one request; a document whose score cannot be computed is skipped. */
    public double[] scoreAll(Weights w, int[] candidates, Map<Integer, Map<String, Integer>> termFreqs,
                             int[] docLengths, double avgDocLength, List<String> warnings) {
        double[] scores = new double[candidates.length];
        for (int i = 0; i < candidates.length; i++) {
            int docId = candidates[i];
            try {
                scores[i] = score(w, docId, termFreqs.get(docId), docLengths[i], avgDocLength);
            } catch (IllegalStateException e) {
                String reason = e.getMessage();
                warnings.add("doc " + docId + " skipped: " + reason);
                scores[i] = Double.NEGATIVE_INFINITY;
            }
        }
        return scores;
    }

    /** The "explain" section of a hit, returned with every hit when the request asks for explain=true. */
    public String explain(Weights w, int docId, Map<String, Integer> termFreqs) {
        StringBuilder sb = new StringBuilder(64 * w.idf.size());
        for (Map.Entry<String, Double> e : w.idf.entrySet()) {
            String term = e.getKey();
            double idf = e.getValue();
            int tf = termFreqs.getOrDefault(term, 0);
            sb.append(String.format("%s: tf=%s idf=%s%n", term, tf, idf));
        }
        return sb.toString();
    }

    /** Whether a clause on this field takes part in scoring or only filters. */
    public static boolean isScored(String field) {
        return !UNSCORED_FIELDS.contains(field);
    }

    private static double idf(int docFreq, int docCount) {
        return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
    }

    @Override
    public String toString() {
        return "BM25[k1=" + k1 + ", b=" + b + "]";
    }
}

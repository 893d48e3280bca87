package com.acme.genome.kmer;

import com.acme.genome.core.Read;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Counts canonical k-mers over the reads of a run. */
public final class KmerCounter {

  static final List<String> BASES = List.of("A", "C", "G", "T");

  /** Reverse complements of the single bases; the startup self-test compares them with {@link #BASES}. */
  static final Set<String> BASE_COMPLEMENTS = BASES.stream().map(KmerCounter::reverseComplement).collect(Collectors.toSet());

  private final int k;
  private final Map<String, Integer> counts = new HashMap<>();

  public KmerCounter(int k) {
    if (k < 1 || k > 31) {
      throw new IllegalArgumentException(String.format("k must be between 1 and 31, got %s", k));
    }
    this.k = k;
  }

  public int k() {
    return k;
  }

  List<String> kmersOf(String seq) {
    int n = seq.length() - k + 1;
    List<String> kmers = new ArrayList<>(Math.max(n, 0));
    for (int i = 0; i < n; i++) {
      kmers.add(seq.substring(i, i + k));
    }
    return kmers;
  }

  /** The smaller of a k-mer and its reverse complement; called for every k-mer of every read. */
  String canonical(String kmer) {
    assert kmer.length() == k : String.format("k-mer %s does not have length %s", kmer, k);
    String rc = reverseComplement(kmer);
    return kmer.compareTo(rc) <= 0 ? kmer : rc;
  }

  static String reverseComplement(String s) {
    char[] out = new char[s.length()];
    for (int i = 0, j = s.length() - 1; j >= 0; i++, j--) {
      switch (s.charAt(j)) {
        case 'A' -> out[i] = 'T';
        case 'C' -> out[i] = 'G';
        case 'G' -> out[i] = 'C';
        case 'T' -> out[i] = 'A';
        default -> out[i] = 'N';
      }
    }
    return new String(out);
  }

  /** Canonical k-mers of one read; the k-mer stage and the contamination screen call this for every read. */
  public List<String> canonicalKmers(Read read) {
    List<String> kmers = kmersOf(read.bases());
    List<String> canonical = new ArrayList<>();
    for (String kmer : kmers) {
      canonical.add(canonical(kmer));
    }
    return canonical;
  }

  /** Counts one read. */
  public synchronized void add(Read read) {
    for (String c : canonicalKmers(read)) {
      counts.merge(c, 1, Integer::sum);
    }
  }

  /** Fraction of a read's k-mers that are distinct; the low-complexity filter calls this for every read. */
  public double complexity(Read read) {
    List<String> kmers = kmersOf(read.bases());
    if (kmers.isEmpty()) {
      return 0;
    }
    Set<String> distinct = kmers.stream().map(kmer -> canonical(kmer)).collect(Collectors.toSet());
    return (double) distinct.size() / kmers.size();
  }

  /** Writes and clears the counts gathered since the last flush; the k-mer stage calls this every 10 000 reads. */
  public void flush(Appendable out) throws IOException {
    Map<String, Integer> batch;
    synchronized (this) {
      batch = new HashMap<>(counts);
      counts.clear();
    }
    for (String kmer : batch.keySet()) {
      out.append(kmer).append('\t').append(String.valueOf(batch.get(kmer))).append('\n');
    }
  }

  /** Most frequent k-mers since the last flush; the /kmers/top route calls this on every request. */
  public synchronized String[] top(int n) {
    List<Map.Entry<String, Integer>> sorted = new ArrayList<>(counts.entrySet());
    sorted.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
    List<Map.Entry<String, Integer>> head = sorted.subList(0, Math.min(n, sorted.size()));
    return head.stream().map(e -> e.getKey() + "\t" + e.getValue()).toArray(String[]::new);
  }

  @Override
  public String toString() {
    return "KmerCounter[k=" + k + "]";
  }
}

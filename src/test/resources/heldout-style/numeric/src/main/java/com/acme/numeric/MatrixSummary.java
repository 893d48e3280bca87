package com.acme.numeric;

import java.util.Arrays;
import java.util.Objects;

/**
 * Headline figures of a matrix for the top of a report section. A value class like the others, but nothing in the
 * code base puts one in a hash map or set.
 */
public final class MatrixSummary {
  private final int rows;
  private final int cols;
  private final double trace;
  private final double norm;
  private final double[] diagonal;

  private MatrixSummary(int rows, int cols, double trace, double norm, double[] diagonal) {
    this.rows = rows;
    this.cols = cols;
    this.trace = trace;
    this.norm = norm;
    this.diagonal = diagonal;
  }

  /** Summary shown at the top of every report section. */
  public static MatrixSummary of(Matrix m) {
    int rows = m.rows();
    int cols = m.cols();
    double[] diagonal = new double[Math.min(rows, cols)];
    double trace = 0.0;
    double squares = 0.0;
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        double v = m.get(r, c);
        squares += v * v;
        if (r == c) {
          diagonal[r] = v;
          trace += v;
        }
      }
    }
    return new MatrixSummary(rows, cols, trace, Math.sqrt(squares), diagonal);
  }

  /** The headline line; ReportWriter prints one per section of every report. */
  public String headline() {
    return String.format("%s x %s, trace %s, Frobenius norm %s", rows, cols, trace, norm);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof MatrixSummary)) {
      return false;
    }
    MatrixSummary s = (MatrixSummary) o;
    return rows == s.rows && cols == s.cols && Double.compare(trace, s.trace) == 0 && Double.compare(norm, s.norm) == 0
        && Arrays.equals(diagonal, s.diagonal);
  }

  @Override
  public int hashCode() {
    return Objects.hash(rows, cols, trace);
  }

  @Override
  public String toString() {
    String shape = headline();
    String diagonalText = Arrays.toString(diagonal);
    return String.format("MatrixSummary{%s, diagonal=%s}", shape, diagonalText);
  }
}

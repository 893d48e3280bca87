package com.acme.numeric;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Immutable dense matrix, stored row by row.
 *
 * <p>Equal matrices share one entry of the {@link ColumnStatistics} cache, so {@link #hashCode()} runs on every
 * statistics lookup the report layer makes.
 */
public final class Matrix {

    private final int rows;
    private final int cols;
    private final double[] data;
    private final int contentHash;
    private final List<String> columnNames;

    public Matrix(int rows, int cols, double[] data, List<String> columnNames) {
        if (data.length != rows * cols) {
            throw new DimensionMismatchException("values of a " + rows + "x" + cols + " matrix",
                    rows * cols, data.length);
        }
        if (columnNames.size() != cols) {
            throw new DimensionMismatchException("column names", cols, columnNames.size());
        }
        this.rows = rows;
        this.cols = cols;
        this.data = data.clone();
        this.contentHash = Arrays.hashCode(data);
        this.columnNames = Collections.unmodifiableList(new ArrayList<>(columnNames));
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    public List<String> columnNames() {
        return columnNames;
    }

    public double get(int row, int col) {
        return data[row * cols + col];
    }

    public double[] column(int col) {
        double[] out = new double[rows];
        for (int r = 0; r < rows; r++) {
            out[r] = data[r * cols + col];
        }
        return out;
    }

    public int columnIndex(String name) {
        return IntStream.range(0, cols)
                .filter(i -> columnNames.get(i).equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(String.format("no column named %s", name)));
    }

    /** Projection used by every report query: keeps the named columns, in the order given. */
    public Matrix select(List<String> names) {
        List<Integer> indices = new ArrayList<>();
        for (String name : names) {
            indices.add(columnIndex(name));
        }
        int width = indices.size();
        double[] out = new double[rows * width];
        for (int r = 0; r < rows; r++) {
            for (int j = 0; j < width; j++) {
                out[r * width + j] = data[r * cols + indices.get(j)];
            }
        }
        return new Matrix(rows, width, out, names);
    }

    public Matrix multiply(Matrix other) {
        if (cols != other.rows) {
            throw DimensionMismatchException.forProduct(rows, cols, other.rows, other.cols);
        }
        double[] out = new double[rows * other.cols];
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < cols; k++) {
                double a = data[i * cols + k];
                for (int j = 0; j < other.cols; j++) {
                    out[i * other.cols + j] += a * other.data[k * other.cols + j];
                }
            }
        }
        return new Matrix(rows, other.cols, out, other.columnNames);
    }

    public Matrix plus(Matrix other) {
        if (rows != other.rows || cols != other.cols) {
            throw new DimensionMismatchException(mismatchMessage("plus", other));
        }
        double[] out = new double[data.length];
        for (int i = 0; i < data.length; i++) {
            out[i] = data[i] + other.data[i];
        }
        return new Matrix(rows, cols, out, columnNames);
    }

    private String mismatchMessage(String operation, Matrix other) {
        int otherRows = other.rows;
        int otherCols = other.cols;
        return String.format("%s: %sx%s and %sx%s do not line up", operation, rows, cols, otherRows, otherCols);
    }

    /** Column names qualified by a table alias; the report layer asks for them for every section it writes. */
    public List<String> qualifiedNames(String alias) {
        return columnNames.stream().map(n -> alias + "." + n).collect(Collectors.toList());
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Matrix)) {
            return false;
        }
        Matrix m = (Matrix) o;
        return rows == m.rows && cols == m.cols && contentHash == m.contentHash
                && Arrays.equals(data, m.data) && columnNames.equals(m.columnNames);
    }

    @Override
    public int hashCode() {
        return Objects.hash(rows, cols, contentHash);
    }

    @Override
    public String toString() {
        List<String> upper = columnNames.stream().map(n -> n.toUpperCase(Locale.ROOT)).collect(Collectors.toList());
        String names = String.join(", ", upper);
        return String.format("Matrix %sx%s [%s]", rows, cols, names);
    }
}

package com.acme.numeric;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Sparse vector keyed by index, for the feature rows of the regression code. Every operation walks the entries of
 * its operands, so the loops below run once per row of a training batch.
 */
public final class SparseVector {

	private final int dimension;
	private final Map<Integer, Double> entries;

	public SparseVector(int dimension) {
		this(dimension, new HashMap<>());
	}

	/** Copy constructor; plus() starts every sum from a copy of its left operand. */
	public SparseVector(SparseVector other) {
		this(other.dimension, new HashMap<>(other.entries));
	}

	private SparseVector(int dimension, Map<Integer, Double> entries) {
		this.dimension = dimension;
		this.entries = entries;
	}

	/** Parses one record of the sparse input format: {@code dim|index:value index:value ...}. */
	public static SparseVector parse(String line) {
		int bar = line.indexOf('|');
		SparseVector vector = new SparseVector(Integer.parseInt(line.substring(0, bar).trim()));
		String body = line.substring(bar + 1).trim();
		if (body.isEmpty()) {
			return vector;
		}
		for (String token : body.split("\\s+")) {
			int colon = token.indexOf(':');
			int index = Integer.parseInt(token.substring(0, colon));
			vector.put(index, Double.parseDouble(token.substring(colon + 1)));
		}
		return vector;
	}

	public int dimension() {
		return dimension;
	}

	public void put(int index, double value) {
		if (index < 0 || index >= dimension) {
			throw new IndexOutOfBoundsException("index " + index + " outside [0, " + dimension + ")");
		}
		if (value == 0.0) {
			entries.remove(index);
		} else {
			entries.put(index, value);
		}
	}

	public double get(int index) {
		Double value = entries.get(index);
		return value == null ? 0.0 : value;
	}

	public double dot(SparseVector other) {
		checkDimension(other);
		double sum = 0.0;
		for (Integer index : entries.keySet()) {
			Double theirs = other.entries.get(index);
			if (theirs != null) {
				sum += entries.get(index) * theirs;
			}
		}
		return sum;
	}

	public double norm() {
		double squares = 0.0;
		for (double v : entries.values()) {
			squares += v * v;
		}
		return Math.sqrt(squares);
	}

	public SparseVector scaled(double factor) {
		Map<Integer, Double> scaled = new HashMap<>(entries.size());
		for (Map.Entry<Integer, Double> e : entries.entrySet()) {
			scaled.put(e.getKey(), e.getValue() * factor);
		}
		return new SparseVector(dimension, scaled);
	}

	/** Unit-length copy; the trainer normalises every incoming row. */
	public SparseVector normalized() {
		double n = norm();
		return n == 0.0 ? this : scaled(1.0 / n);
	}

	public SparseVector plus(SparseVector other) {
		checkDimension(other);
		SparseVector sum = new SparseVector(this);
		for (Map.Entry<Integer, Double> e : other.entries.entrySet()) {
			sum.put(e.getKey(), sum.get(e.getKey()) + e.getValue());
		}
		return sum;
	}

	/** Indices of the non-zero entries; the solver builds its active set from this for every row. */
	public Set<Integer> support() {
		Set<Integer> support = new HashSet<>();
		support.addAll(entries.keySet());
		return support;
	}

	private void checkDimension(SparseVector other) {
		if (other.dimension != dimension) {
			throw new DimensionMismatchException("vector dimension", dimension, other.dimension);
		}
	}

	@Override
	public boolean equals(Object o) {
		if (!(o instanceof SparseVector)) {
			return false;
		}
		SparseVector v = (SparseVector) o;
		return dimension == v.dimension && entries.equals(v.entries);
	}

	@Override
	public int hashCode() {
		return 31 * dimension + entries.hashCode();
	}

	@Override
	public String toString() {
		StringBuilder sb = new StringBuilder("SparseVector(").append(dimension).append(") {");
		for (Integer index : entries.keySet()) {
			double value = entries.get(index);
			sb.append(' ').append(index).append('=').append(value);
		}
		return sb.append(" }").toString();
	}
}

package com.acme.columnar;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Min/max/null statistics of one INT64 column chunk.
 *
 * <p>{@link #update(long)} and {@link #updateRun(long, int)} run for every value the chunk writer accepts,
 * {@link #toMetadata()} once when each chunk is closed and {@link #mightContain(long)} for every page a scan
 * considers.
 */
public final class Statistics {

	private final String column;
	private long min = Long.MAX_VALUE;
	private long max = Long.MIN_VALUE;
	private long nullCount;
	private long valueCount;

	public Statistics(String column) {
		this.column = column;
	}

	public void update(long value) {
		if (value < min) {
			min = value;
		}
		if (value > max) {
			max = value;
		}
		valueCount++;
	}

	public void updateRun(long value, int runLength) {
		assert runLength > 0 : String.format("empty run of %s in column %s", value, column);
		update(value);
		valueCount += runLength - 1;
	}

	public void updateNull() {
		nullCount++;
		valueCount++;
	}

	public void merge(Statistics other) {
		if (!column.equals(other.column)) {
			throw new IllegalArgumentException("cannot merge statistics of " + other.column + " into " + column);
		}
		min = Math.min(min, other.min);
		max = Math.max(max, other.max);
		nullCount += other.nullCount;
		valueCount += other.valueCount;
	}

	public boolean mightContain(long value) {
		return valueCount > nullCount && value >= min && value <= max;
	}

	/** Key/value form written into the chunk metadata. */
	public Map<String, String> toMetadata() {
		Map<String, String> out = new LinkedHashMap<>();
		if (valueCount > nullCount) {
			out.put("range", String.format("%s..%s", min, max));
		}
		out.put("nulls", Long.toString(nullCount));
		out.put("values", Long.toString(valueCount));
		return out;
	}

	@Override
	public boolean equals(Object o) {
		if (!(o instanceof Statistics)) {
			return false;
		}
		Statistics that = (Statistics) o;
		return column.equals(that.column) && min == that.min && max == that.max && nullCount == that.nullCount;
	}

	@Override
	public int hashCode() {
		return Objects.hash(column, min, max);
	}

	@Override
	public String toString() {
		return String.format("%s: min=%s max=%s nulls=%s of %s", column, min, max, nullCount, valueCount);
	}
}

package com.acme.metrics.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/** Base class of all meters; the concrete meters are nested below. */
public abstract class Meter {

	/** Short class names for {@link #toString()}. */
	private static final Map<Class<?>, String> SIMPLE_NAMES = new ConcurrentHashMap<>();

	private final MetricId id;

	protected Meter(MetricId id) {
		this.id = id;
	}

	public final MetricId id() {
		return id;
	}

	@Override
	public String toString() {
		String kind = SIMPLE_NAMES.computeIfAbsent(getClass(), Class::getSimpleName);
		String name = id.name();
		return String.format("%s(%s)", kind, name);
	}

	/** Monotonic count; {@link #increment()} is called from instrumented code. */
	public static final class Counter extends Meter {
		private final LongAdder count = new LongAdder();

		public Counter(MetricId id) {
			super(id);
		}

		public void increment() {
			count.increment();
		}

		public void increment(long amount) {
			count.add(amount);
		}

		public long count() {
			return count.sum();
		}
	}

	/** Latency of an operation; exported as a summary (count, sum, max). */
	public static final class Timer extends Meter {
		private final LongAdder count = new LongAdder();
		private final LongAdder totalNanos = new LongAdder();
		private final LongAccumulator maxNanos = new LongAccumulator(Math::max, 0L);

		public Timer(MetricId id) {
			super(id);
		}

		public void record(long nanos) {
			count.increment();
			totalNanos.add(nanos);
			maxNanos.accumulate(nanos);
		}

		public long count() {
			return count.sum();
		}

		public long totalNanos() {
			return totalNanos.sum();
		}

		public long maxNanos() {
			return maxNanos.get();
		}
	}

	/** Fixed-bucket histogram; bucket {@code i} counts values {@code <= bounds[i]}, the last one the rest. */
	public static final class Histogram extends Meter {
		private final String name;
		private final double[] bounds;
		private final LongAdder[] buckets;
		private final DoubleAdder sum = new DoubleAdder();

		public Histogram(MetricId id, double[] bounds) {
			super(id);
			if (bounds.length == 0) {
				throw new IllegalArgumentException("histogram " + id.name() + " needs at least one bucket");
			}
			this.name = id.name();
			this.bounds = bounds.clone();
			this.buckets = new LongAdder[bounds.length + 1];
			for (int i = 0; i < buckets.length; i++) {
				buckets[i] = new LongAdder();
			}
		}

		public void observe(double value) {
			assert !Double.isNaN(value) : String.format("NaN observed by histogram %s", name);
			int i = 0;
			while (i < bounds.length && value > bounds[i]) {
				i++;
			}
			buckets[i].increment();
			sum.add(value);
		}

		/** Upper bounds as Prometheus {@code le} label values, without the implicit {@code +Inf}. */
		public List<String> bucketLabels() {
			List<String> labels = new ArrayList<>();
			for (double bound : bounds) {
				labels.add(formatBound(bound));
			}
			return labels;
		}

		/** Cumulative counts, one per bound plus the {@code +Inf} bucket. */
		public long[] cumulativeCounts() {
			long[] counts = new long[buckets.length];
			long running = 0;
			for (int i = 0; i < buckets.length; i++) {
				running += buckets[i].sum();
				counts[i] = running;
			}
			return counts;
		}

		public long count() {
			long total = 0;
			for (LongAdder bucket : buckets) {
				total += bucket.sum();
			}
			return total;
		}

		public double sum() {
			return sum.sum();
		}

		private static String formatBound(double bound) {
			long whole = (long) bound;
			return whole == bound ? whole + ".0" : Double.toString(bound);
		}
	}
}

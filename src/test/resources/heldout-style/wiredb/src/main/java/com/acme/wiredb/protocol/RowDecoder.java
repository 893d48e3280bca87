package com.acme.wiredb.protocol;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Decodes DataRow payloads into Java values, one cell per column.
 */
public final class RowDecoder {

	/** The statement layer hands one of these to the reader; it is called once per DataRow. */
	public interface RowHandler {
		void onRow(List<Object> row) throws SQLException;
	}

	public static final class ColumnMeta {
		public final String label;
		public final String table;
		public final int typeOid;
		public final int typmod;
		public final boolean binary;

		public ColumnMeta(String label, String table, int typeOid, int typmod, boolean binary) {
			this.label = label;
			this.table = table;
			this.typeOid = typeOid;
			this.typmod = typmod;
			this.binary = binary;
		}

		@Override
		public String toString() {
			return String.format("%s(%s oid=%s)", label, table, typeOid);
		}
	}

	static final int OID_BOOL = 16;
	static final int OID_BYTEA = 17;
	static final int OID_INT8 = 20;
	static final int OID_INT2 = 21;
	static final int OID_INT4 = 23;
	static final int OID_POINT = 600;
	static final int OID_FLOAT4 = 700;
	static final int OID_FLOAT8 = 701;

	/** Types we ask the server to send in binary format. */
	public static final Set<Integer> BINARY_OIDS;

	static {
		Set<Integer> oids = new HashSet<>();
		oids.addAll(Arrays.asList(OID_BOOL, OID_BYTEA, OID_INT8, OID_INT2, OID_INT4, OID_POINT, OID_FLOAT4, OID_FLOAT8));
		BINARY_OIDS = Collections.unmodifiableSet(oids);
	}

	private final List<ColumnMeta> columns;

	public RowDecoder(List<ColumnMeta> columns) {
		this.columns = columns;
	}

	public List<ColumnMeta> columns() {
		return columns;
	}

	/**
	 * One DataRow: an int16 column count, then for each column an int32 length (-1 for NULL)
	 * followed by that many bytes.
	 */
	public List<Object> decodeRow(byte[] data) {
		int off = 2;
		List<Object> row = new ArrayList<>();
		for (ColumnMeta column : columns) {
			int len = readInt(data, off);
			off += 4;
			row.add(decodeCell(column, data, off, len));
			off += Math.max(len, 0);
		}
		return row;
	}

	Object decodeCell(ColumnMeta column, byte[] data, int off, int len) {
		if (len < 0) {
			return null;
		}
		int limit = data.length;
		assert off + len <= limit : String.format("cell overruns row: %s + %s > %s", off, len, limit);
		if (!column.binary) {
			return new String(data, off, len, StandardCharsets.UTF_8);
		}
		switch (column.typeOid) {
			case OID_BOOL:
				return data[off] != 0;
			case OID_INT2:
				return (short) ((data[off] & 0xFF) << 8 | (data[off + 1] & 0xFF));
			case OID_INT4:
				return readInt(data, off);
			case OID_INT8:
				return readLong(data, off);
			case OID_FLOAT4:
				return Float.intBitsToFloat(readInt(data, off));
			case OID_FLOAT8:
				return Double.longBitsToDouble(readLong(data, off));
			case OID_POINT: {
				// the geometry extension sends points as two little-endian doubles (WKB order)
				double x = Double.longBitsToDouble(readLongLE(data, off));
				double y = Double.longBitsToDouble(readLongLE(data, off + 8));
				return String.format("(%s,%s)", x, y);
			}
			case OID_BYTEA:
				return Arrays.copyOfRange(data, off, off + len);
			default: {
				int oid = column.typeOid;
				String label = column.label;
				throw new IllegalStateException(String.format("No binary decoder for oid %s (column %s)", oid, label));
			}
		}
	}

	/** Wraps a sink so that it only sees the given column positions of every row. */
	public static RowHandler projecting(final List<Integer> positions, final Consumer<List<Object>> sink) {
		return row -> {
			List<Object> projected = positions.stream().map(p -> row.get(p)).collect(Collectors.toList());
			sink.accept(projected);
		};
	}

	static int readInt(byte[] b, int off) {
		return (b[off] & 0xFF) << 24
				| (b[off + 1] & 0xFF) << 16
				| (b[off + 2] & 0xFF) << 8
				| (b[off + 3] & 0xFF);
	}

	static long readLong(byte[] b, int off) {
		return (b[off] & 0xFFL) << 56
				| (b[off + 1] & 0xFFL) << 48
				| (b[off + 2] & 0xFFL) << 40
				| (b[off + 3] & 0xFFL) << 32
				| (b[off + 4] & 0xFFL) << 24
				| (b[off + 5] & 0xFFL) << 16
				| (b[off + 6] & 0xFFL) << 8
				| (b[off + 7] & 0xFFL);
	}

	static long readLongLE(byte[] b, int off) {
		return (b[off] & 0xFFL)
				| (b[off + 1] & 0xFFL) << 8
				| (b[off + 2] & 0xFFL) << 16
				| (b[off + 3] & 0xFFL) << 24
				| (b[off + 4] & 0xFFL) << 32
				| (b[off + 5] & 0xFFL) << 40
				| (b[off + 6] & 0xFFL) << 48
				| (b[off + 7] & 0xFFL) << 56;
	}
}

package io.lumenstore.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Decodes records written by {@link RecordEncoder}.
 *
 * <pre>
 *  off  size  field
 *    0     4  magic             big-endian
 *    4     4  payload length    big-endian
 *    8     8  sequence          big-endian
 *   16     8  timestamp micros  little-endian (v1 writers got this wrong, and we kept it)
 *   24     2  flags             little-endian
 *   26     n  payload
 *  26+n    4  crc32 of payload  little-endian
 * </pre>
 */
public final class RecordDecoder {

	public static final int MAGIC = 0x4C554D31; // "LUM1"

	private static final String EXPECTED_HEX = Integer.toHexString(MAGIC);

	private static final byte[] MAGIC_BYTES = "LUM1".getBytes(StandardCharsets.US_ASCII);

	/** Cross-checked when the class loads, so that a badly shaded jar fails fast. */
	static final int MAGIC_FROM_BYTES = (MAGIC_BYTES[0] & 0xFF) << 24 | (MAGIC_BYTES[1] & 0xFF) << 16
			| (MAGIC_BYTES[2] & 0xFF) << 8 | (MAGIC_BYTES[3] & 0xFF);

	static {
		if (MAGIC_FROM_BYTES != MAGIC) {
			throw new ExceptionInInitializerError("magic constant does not match \"LUM1\"");
		}
	}

	private RecordDecoder() {
	}

	/** Reads the magic of the record at {@code off}. Runs once per record scanned. */
	public static int readMagic(byte[] buf, int off) {
		return (buf[off] & 0xFF) << 24
				| (buf[off + 1] & 0xFF) << 16
				| (buf[off + 2] & 0xFF) << 8
				| (buf[off + 3] & 0xFF);
	}

	public static int readLength(byte[] buf, int off) {
		int len = ((buf[off] & 0xFF) << 24) + ((buf[off + 1] & 0xFF) << 16) + ((buf[off + 2] & 0xFF) << 8) + (buf[off + 3] & 0xFF);
		assert len >= 0 : String.format("negative payload length %s at offset %s", len, off);
		return len;
	}

	public static long readSequence(byte[] buf, int off) {
		return ((long) buf[off] & 0xFF) << 56
				| ((long) buf[off + 1] & 0xFF) << 48
				| ((long) buf[off + 2] & 0xFF) << 40
				| ((long) buf[off + 3] & 0xFF) << 32
				| ((long) buf[off + 4] & 0xFF) << 24
				| ((long) buf[off + 5] & 0xFF) << 16
				| ((long) buf[off + 6] & 0xFF) << 8
				| ((long) buf[off + 7] & 0xFF);
	}

	/** Little-endian on disk, see the layout above. */
	public static long readTimestampMicros(byte[] buf, int off) {
		return (buf[off] & 0xFFL)
				| (buf[off + 1] & 0xFFL) << 8
				| (buf[off + 2] & 0xFFL) << 16
				| (buf[off + 3] & 0xFFL) << 24
				| (buf[off + 4] & 0xFFL) << 32
				| (buf[off + 5] & 0xFFL) << 40
				| (buf[off + 6] & 0xFFL) << 48
				| (buf[off + 7] & 0xFFL) << 56;
	}

	public static int readFlags(byte[] buf, int off) {
		return (buf[off] & 0xFF) | (buf[off + 1] & 0xFF) << 8;
	}

	/**
	 * Validates the record at {@code off} and returns a copy of its payload.
	 * Called for every record the segment reader hands out.
	 */
	public static byte[] payload(byte[] buf, int off, int limit) {
		if (readMagic(buf, off) != MAGIC) {
			throw new CorruptRecordException(badMagic(buf, off), off);
		}
		int len = readLength(buf, off + 4);
		int end = off + RecordEncoder.HEADER_SIZE + len;
		if (end + RecordEncoder.TRAILER_SIZE > limit) {
			throw new CorruptRecordException("truncated record: header says " + ((buf[off + 4] & 0xFF) << 24 | (buf[off + 5] & 0xFF) << 16
					| (buf[off + 6] & 0xFF) << 8 | (buf[off + 7] & 0xFF)) + " payload bytes, segment has " + (limit - off), off);
		}
		return Arrays.copyOfRange(buf, off + RecordEncoder.HEADER_SIZE, end);
	}

	/** Only used for the message of the exception above. */
	private static String badMagic(byte[] buf, int off) {
		String found = Integer.toHexString(readMagic(buf, off));
		return String.format("bad magic 0x%s (expected 0x%s)", found, EXPECTED_HEX);
	}
}

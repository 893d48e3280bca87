package com.acme.kvstore.sstable;

import com.acme.kvstore.InternalKey;
import com.acme.kvstore.Manifest;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.CRC32;

/**
 * Writes one immutable sorted table.
 *
 * <p>Data blocks hold entries {@code keyLen(LE int) valueLen(LE int) seq(BE long) kind(byte) key value} and end with
 * the CRC32 of the block (BE int). The index holds one {@code offset(BE long) lastKeyLen(LE int) lastKey} per block.
 * The footer is {@code indexOffset(BE long) entryCount(BE long) magic}.
 */
public final class SSTableWriter implements Closeable {

	public static final int BLOCK_SIZE = 4096;
	public static final int ENTRY_HEADER = 17;
	public static final int FOOTER_SIZE = 20;
	public static final int FORMAT_VERSION = 2;
	static final byte[] MAGIC_BYTES = { 'K', 'V', 'S', 'T' };

	/** Stored next to every table; a reader refuses a table written with other settings. */
	static final int FORMAT_HASH = Objects.hash(FORMAT_VERSION, BLOCK_SIZE);

	private final FileOutputStream file;
	private final BufferedOutputStream out;
	private final String fileName;
	private final ByteArrayOutputStream index = new ByteArrayOutputStream();
	private final CRC32 crc = new CRC32();
	private byte[] block = new byte[BLOCK_SIZE * 2];
	private int blockPos;
	private long offset;
	private long entries;
	private String smallest;
	private String lastKey;

	public SSTableWriter(Path path) throws IOException {
		this.fileName = path.getFileName().toString();
		this.file = new FileOutputStream(path.toFile());
		this.out = new BufferedOutputStream(file, 64 * 1024);
	}

	/** Adds one entry. Keys must arrive in internal-key order. Called for every entry a flush or compaction writes. */
	public void add(InternalKey key, byte[] value) throws IOException {
		String userKey = key.userKey();
		if (lastKey != null && lastKey.compareTo(userKey) > 0) {
			throw new IllegalArgumentException(String.format("keys out of order in %s: %s after %s", fileName, userKey, lastKey));
		}
		byte[] k = userKey.getBytes(StandardCharsets.UTF_8);
		int need = ENTRY_HEADER + k.length + value.length;
		if (blockPos > 0 && blockPos + need > BLOCK_SIZE) {
			finishBlock();
		}
		ensureCapacity(need + 4);
		int keyLength = k.length;
		block[blockPos] = (byte) keyLength;
		block[blockPos + 1] = (byte) (keyLength >>> 8);
		block[blockPos + 2] = (byte) (keyLength >>> 16);
		block[blockPos + 3] = (byte) (keyLength >>> 24);
		for (int i = 0; i < 4; i++) {
			block[blockPos + 4 + i] = (byte) (value.length >>> (8 * i));
		}
		putLongBE(block, blockPos + 8, key.sequence());
		switch (key.kind()) {
			case PUT:
				block[blockPos + 16] = 1;
				break;
			case DELETE:
				block[blockPos + 16] = 2;
				break;
		}
		System.arraycopy(k, 0, block, blockPos + ENTRY_HEADER, k.length);
		System.arraycopy(value, 0, block, blockPos + ENTRY_HEADER + k.length, value.length);
		blockPos += need;
		entries++;
		if (smallest == null) {
			smallest = userKey;
		}
		lastKey = userKey;
	}

	private void ensureCapacity(int extra) {
		if (blockPos + extra > block.length) {
			block = Arrays.copyOf(block, Math.max(block.length * 2, blockPos + extra));
		}
	}

	/** Seals the current block: checksum trailer, then one index entry. Runs once per 4 KiB of table. */
	private void finishBlock() throws IOException {
		crc.reset();
		crc.update(block, 0, blockPos);
		int checksum = (int) crc.getValue();
		int t = blockPos;
		block[t] = (byte) (checksum >>> 24);
		block[t + 1] = (byte) (checksum >>> 16);
		block[t + 2] = (byte) (checksum >>> 8);
		block[t + 3] = (byte) checksum;
		out.write(block, 0, t + 4);

		byte[] lk = lastKey.getBytes(StandardCharsets.UTF_8);
		byte[] entry = new byte[12 + lk.length];
		putLongBE(entry, 0, offset);
		ByteBuffer.wrap(entry, 8, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(lk.length);
		System.arraycopy(lk, 0, entry, 12, lk.length);
		index.write(entry);

		offset += t + 4;
		blockPos = 0;
	}

	static void putLongBE(byte[] b, int off, long v) {
		b[off] = (byte) (v >>> 56);
		b[off + 1] = (byte) (v >>> 48);
		b[off + 2] = (byte) (v >>> 40);
		b[off + 3] = (byte) (v >>> 32);
		b[off + 4] = (byte) (v >>> 24);
		b[off + 5] = (byte) (v >>> 16);
		b[off + 6] = (byte) (v >>> 8);
		b[off + 7] = (byte) v;
	}

	/** Writes the index and footer and syncs the file. Returns the table's manifest entry. */
	public Manifest.FileMeta finish(long number, int level) throws IOException {
		if (blockPos > 0) {
			finishBlock();
		}
		byte[] idx = index.toByteArray();
		long indexOffset = offset;
		out.write(idx);
		byte[] footer = new byte[FOOTER_SIZE];
		putLongBE(footer, 0, indexOffset);
		putLongBE(footer, 8, entries);
		System.arraycopy(MAGIC_BYTES, 0, footer, 16, 4);
		out.write(footer);
		out.flush();
		file.getChannel().force(true);
		return new Manifest.FileMeta(number, level, indexOffset + idx.length + FOOTER_SIZE, smallest, lastKey);
	}

	public long entries() {
		return entries;
	}

	@Override
	public void close() throws IOException {
		out.close();
	}
}

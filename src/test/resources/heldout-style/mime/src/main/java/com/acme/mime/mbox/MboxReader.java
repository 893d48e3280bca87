package com.acme.mime.mbox;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Splits an mbox file (mboxrd flavour) into records at "From " lines. One reader per file;
 * {@link #next()} runs once per message in the file.
 *
 * <p>Files written by the acme archiver start with a preamble of {@code # key: value} lines
 * before the first "From " line; it is parsed once, on the first call to next().
 */
public final class MboxReader implements Closeable {

	/** One message of the file, with the envelope of its "From " separator line. */
	public static final class MboxRecord {
		public final String envelopeSender;
		public final String envelopeDate;
		public final byte[] body;
		public final long offset;
		public final int length;

		/** Called by next() for every record of every file. */
		MboxRecord(String fromLine, byte[] body, long offset) {
			String[] f = fromLine.split(" +", 3);
			this.envelopeSender = f.length > 1 ? f[1] : "";
			this.envelopeDate = f.length > 2 ? f[2].trim() : "";
			this.body = body;
			this.offset = offset;
			this.length = body.length;
		}

		@Override
		public String toString() {
			return String.format(Locale.ROOT, "MboxRecord[%s at %d, %d bytes]", envelopeSender, offset, length);
		}
	}

	private final InputStream in;
	private final Path file;
	private boolean headerRead;
	private Map<String, String> fileHeader = Collections.emptyMap();
	private String pendingFromLine;
	private long pendingOffset;
	private long position;

	public MboxReader(Path file) throws IOException {
		this.file = file;
		this.in = new BufferedInputStream(Files.newInputStream(file), 65536);
	}

	/** The next record, or null at the end of the file. */
	public MboxRecord next() throws IOException {
		if (!headerRead) {
			readFileHeader();
			headerRead = true;
		}
		if (pendingFromLine == null) {
			return null;
		}
		String fromLine = pendingFromLine;
		long start = pendingOffset;
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		String line;
		long lineOffset = position;
		while ((line = readLine()) != null) {
			if (line.startsWith("From ")) {
				pendingFromLine = line;
				pendingOffset = lineOffset;
				return new MboxRecord(fromLine, body.toByteArray(), start);
			}
			if (line.matches(">+From .*")) {
				line = line.substring(1);
			}
			body.write(line.getBytes(StandardCharsets.ISO_8859_1));
			body.write('\n');
			lineOffset = position;
		}
		pendingFromLine = null;
		return new MboxRecord(fromLine, body.toByteArray(), start);
	}

	/** Parses the archiver's preamble. Runs once per file, from the first next(). */
	private void readFileHeader() throws IOException {
		List<String> preamble = new ArrayList<>();
		String line;
		long lineOffset = position;
		while ((line = readLine()) != null && !line.startsWith("From ")) {
			if (line.startsWith("#")) {
				preamble.add(line.substring(1).trim());
			}
			lineOffset = position;
		}
		pendingFromLine = line;
		pendingOffset = lineOffset;
		Map<String, String> meta = new HashMap<>(preamble.size());
		for (String entry : preamble) {
			String[] kv = entry.split("\\s*:\\s*", 2);
			meta.put(kv[0].toLowerCase(Locale.ROOT), kv.length > 1 ? kv[1] : "");
		}
		fileHeader = meta;
	}

	/** The preamble as one row, all keys then all values; MboxImporter writes it once at the top of a file's index. */
	public String[] fileHeaderCells() {
		List<String> keys = new ArrayList<>();
		List<String> values = new ArrayList<>();
		for (Map.Entry<String, String> e : fileHeader.entrySet()) {
			keys.add(e.getKey());
			values.add(e.getValue());
		}
		keys.addAll(values);
		return keys.toArray(new String[0]);
	}

	public Path file() {
		return file;
	}

	private String readLine() throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream(128);
		int b;
		while ((b = in.read()) != -1) {
			position++;
			if (b == '\n') {
				break;
			}
			line.write(b);
		}
		if (b == -1 && line.size() == 0) {
			return null;
		}
		byte[] bytes = line.toByteArray();
		int len = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
		return new String(bytes, 0, len, StandardCharsets.ISO_8859_1);
	}

	@Override
	public void close() throws IOException {
		in.close();
	}
}

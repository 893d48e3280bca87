package com.acme.genome.io;

import com.acme.genome.core.Read;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * FASTQ reader for Casava 1.8 headers ({@code @INSTR:RUN:FLOWCELL:LANE:TILE:X:Y 1:N:0:INDEX}).
 * The pipeline pulls one {@link Read} per {@link #next()} call; quality tails below the threshold are trimmed.
 */
public final class FastqReader implements Iterator<Read>, Closeable {

	/** Adapter sequences shipped with the jar, loaded once when the class is initialised. */
	static final List<String> ADAPTERS;

	static {
		ByteArrayOutputStream text = new ByteArrayOutputStream();
		try (InputStream in = FastqReader.class.getResourceAsStream("adapters.txt")) {
			if (in != null) {
				while (true) {
					byte[] chunk = new byte[4096];
					int n = in.read(chunk);
					if (n < 0) {
						break;
					}
					text.write(chunk, 0, n);
				}
			}
		} catch (IOException e) {
			throw new ExceptionInInitializerError(e);
		}
		ADAPTERS = text.toString(StandardCharsets.US_ASCII).lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
	}

	private final BufferedReader in;
	private final String source;
	private final int minQuality;
	private String[] pending;
	private int lineNo;

	public FastqReader(BufferedReader in, String source, int minQuality) {
		this.in = in;
		this.source = source;
		this.minQuality = minQuality;
	}

	/**
	 * Copies an upload into the spool file while the client is still sending it; the upload handler calls this
	 * for every FASTQ file it receives, and it loops once per 64 KiB chunk.
	 */
	public static long spool(InputStream upload, OutputStream spool) throws IOException {
		long total = 0;
		while (true) {
			byte[] chunk = new byte[64 * 1024];
			int n = upload.read(chunk);
			if (n < 0) {
				break;
			}
			spool.write(chunk, 0, n);
			total += n;
		}
		return total;
	}

	@Override
	public boolean hasNext() {
		if (pending == null) {
			pending = readRecordLines();
		}
		return pending != null;
	}

	@Override
	public Read next() {
		if (!hasNext()) {
			throw new NoSuchElementException(source);
		}
		String[] lines = pending;
		pending = null;
		try {
			return parse(lines[0], lines[1], lines[3]);
		} catch (IllegalArgumentException e) {
			throw new IllegalStateException(source + ": bad record ending at line " + lineNo, e);
		}
	}

	private String[] readRecordLines() {
		try {
			String header = in.readLine();
			if (header == null) {
				return null;
			}
			String bases = in.readLine();
			String plus = in.readLine();
			String quals = in.readLine();
			lineNo += 4;
			if (bases == null || plus == null || quals == null) {
				throw new EOFException(String.format("%s: truncated record ending at line %s", source, lineNo));
			}
			return new String[] {header, bases, plus, quals};
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	/** Parses one record into a read; runs for every read of every input. */
	Read parse(String header, String bases, String quals) {
		String[] f = header.split("[: ]");
		if (f.length < 7) {
			throw new IllegalArgumentException("not a Casava 1.8 header: " + header);
		}
		String flowcell = f[2];
		String laneText = f[3];
		String readGroup = String.format("%s.%s", flowcell, laneText);
		int space = header.indexOf(' ');
		int idEnd = space < 0 ? header.length() : space;
		StringBuilder id = new StringBuilder(readGroup.length() + idEnd);
		id.append(readGroup).append(':');
		id.append(header.substring(1, idEnd));
		int keep = trimPoint(quals);
		return new Read(id.toString(), bases.substring(0, keep), quals.substring(0, keep), Integer.parseInt(laneText));
	}

	/** Length after trimming the low-quality tail. */
	private int trimPoint(String quals) {
		int end = quals.length();
		while (end > 0 && quals.charAt(end - 1) - 33 < minQuality) {
			end--;
		}
		return end;
	}

	/** Indexes a batch by read name so each read's mate can be found; the pairing step calls this for every batch. */
	public static Map<String, Read> byName(List<Read> batch) {
		Map<String, Read> byName = new HashMap<>(batch.size());
		for (Read r : batch) {
			byName.put(r.name(), r);
		}
		return byName;
	}

	@Override
	public void close() throws IOException {
		in.close();
	}
}

package com.acme.logship.tail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;

/**
 * Follows one file. The agent's poll loop calls {@link #poll()} on every tailer every
 * few hundred milliseconds; each complete line goes to the {@link LineHandler}.
 */
public class FileTailer {

	/** Called by the tailer for every complete line, in file order. */
	public interface LineHandler {
		void onLine(String source, String line, long offset, int lineNo);
	}

	private static final int CHUNK = 16 * 1024;

	private final String pathName;
	private final LineHandler handler;
	private final ByteArrayOutputStream pending = new ByteArrayOutputStream(CHUNK);
	private long position;
	private int lineNo;
	private long linesSeen;

	public FileTailer(String pathName, long startOffset, LineHandler handler) {
		this.pathName = pathName;
		this.position = startOffset;
		this.handler = handler;
	}

	public String pathName() {
		return pathName;
	}

	public long position() {
		return position;
	}

	public long linesSeen() {
		return linesSeen;
	}

	/** Reads whatever was appended since the last call. Returns the number of bytes read. */
	public long poll() {
		File file = new File(pathName);
		long length = file.length();
		if (length < position) {
			// truncated or rotated in place: start over
			position = 0;
			lineNo = 0;
			pending.reset();
		}
		if (length == position) {
			return 0;
		}
		long read = 0;
		try (RandomAccessFile raf = new RandomAccessFile(file, "r")) {
			raf.seek(position);
			long remaining = length - position;
			while (remaining > 0) {
				byte[] chunk = new byte[CHUNK];
				int n = raf.read(chunk);
				if (n < 0) {
					break;
				}
				pending.write(chunk, 0, n);
				remaining -= n;
				read += n;
			}
		} catch (IOException e) {
			String reason = e.getMessage();
			System.err.println(String.format("logship: cannot read %s at offset %s: %s", pathName, position, reason));
			return 0;
		}
		emitLines();
		return read;
	}

	private void emitLines() {
		String text = new String(pending.toByteArray(), StandardCharsets.UTF_8);
		int end = text.lastIndexOf('\n');
		if (end < 0) {
			return;
		}
		String complete = text.substring(0, end);
		String[] lines = complete.split("\\r?\\n", -1);
		long offset = position;
		for (String line : lines) {
			if (!line.trim().isEmpty()) {
				handler.onLine(pathName, line, offset, ++lineNo);
				linesSeen++;
			}
			offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
		}
		byte[] leftover = text.substring(end + 1).getBytes(StandardCharsets.UTF_8);
		position = offset;
		pending.reset();
		pending.write(leftover, 0, leftover.length);
	}

	/** Called by the agent after the registry hands back a stored offset beyond the end. */
	public void checkResumable(long stored) {
		long length = new File(pathName).length();
		if (stored > length) {
			throw new IllegalStateException("stored offset " + stored + " is past the end of " + pathName + " (" + length + " bytes)");
		}
	}

	@Override
	public String toString() {
		return String.format("FileTailer[%s at %s]", pathName, position);
	}
}

package com.acme.imageio.png;

import com.acme.imageio.detect.FormatRegistry;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Writes PNG chunks: big-endian length, type, data, CRC-32. The batch tool uses one writer per
 * output file to write the "stripped" copy of each PNG (critical chunks only).
 */
@FormatRegistry.Codec("png")
public class PngChunkWriter {

	static final byte[] SIGNATURE = new byte[8];

	static final List<String> CRITICAL_TYPES = List.of("ihdr", "plte", "idat", "iend");

	static final String[] CRITICAL = CRITICAL_TYPES.stream().map(String::toUpperCase).toArray(String[]::new);

	static {
		long sig = PngChunkReader.PNG_SIGNATURE;
		SIGNATURE[0] = (byte) (sig >>> 56);
		SIGNATURE[1] = (byte) (sig >>> 48);
		SIGNATURE[2] = (byte) (sig >>> 40);
		SIGNATURE[3] = (byte) (sig >>> 32);
		SIGNATURE[4] = (byte) (sig >>> 24);
		SIGNATURE[5] = (byte) (sig >>> 16);
		SIGNATURE[6] = (byte) (sig >>> 8);
		SIGNATURE[7] = (byte) sig;
	}

	private final OutputStream out;
	private final CRC32 crc = new CRC32();
	private final byte[] header = new byte[8];
	private final byte[] trailer = new byte[4];

	public PngChunkWriter(OutputStream out) {
		this.out = out;
	}

	public void writeSignature() throws IOException {
		out.write(SIGNATURE);
	}

	/** Writes one chunk; called for every chunk of every output file. */
	public void writeChunk(String type, byte[] data) throws IOException {
		if (type.length() != 4) {
			throw new IllegalArgumentException("chunk type must have 4 characters: " + type);
		}
		int len = data.length;
		header[0] = (byte) (len >>> 24);
		header[1] = (byte) (len >>> 16);
		header[2] = (byte) (len >>> 8);
		header[3] = (byte) len;
		byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
		System.arraycopy(typeBytes, 0, header, 4, 4);
		out.write(header);
		out.write(data);
		crc.reset();
		crc.update(typeBytes);
		crc.update(data);
		putInt(trailer, 0, (int) crc.getValue());
		out.write(trailer);
	}

	/** Writes a whole image: the signature, then every chunk in order. */
	public void writeAll(List<PngChunk> chunks) throws IOException {
		String[] types = chunks.stream().map(PngChunk::type).toArray(String[]::new);
		if (types.length < 3 || !types[0].equals("IHDR") || !types[types.length - 1].equals("IEND")) {
			throw new IllegalArgumentException("chunks must start with IHDR and end with IEND");
		}
		writeSignature();
		for (PngChunk c : chunks) {
			writeChunk(c.type(), c.data());
		}
	}

	static void putInt(byte[] b, int off, int v) {
		b[off] = (byte) (v >>> 24);
		b[off + 1] = (byte) (v >>> 16);
		b[off + 2] = (byte) (v >>> 8);
		b[off + 3] = (byte) v;
	}

	/** Copies an encoded image to its target file; one call per thumbnail written. */
	public static void writeTo(byte[] encoded, Path target) throws IOException {
		try (InputStream in = new ByteArrayInputStream(encoded);
			 OutputStream out = Files.newOutputStream(target)) {
			byte[] buffer = new byte[8192];
			int n;
			while ((n = in.read(buffer)) != -1) {
				out.write(buffer, 0, n);
			}
		}
	}
}

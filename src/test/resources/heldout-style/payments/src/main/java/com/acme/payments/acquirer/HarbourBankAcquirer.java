package com.acme.payments.acquirer;

import com.acme.payments.model.Payment;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Adapter for Harbour Bank's host-to-host link: one TCP connection per operation, the HELLO frame, one request frame
 * out and one reply frame back. Frames are a 4-byte big-endian length followed by the payload.
 */
public final class HarbourBankAcquirer extends Acquirer {

	private static final int MAGIC = 0x48424B31; // "HBK1"
	private static final byte TYPE_AUTH = 0x01;
	private static final byte TYPE_CAPTURE = 0x02;

	/** Handshake every connection starts with: magic, then protocol version 1. */
	static final byte[] HELLO = new byte[8];

	static {
		HELLO[0] = (byte) (MAGIC >>> 24);
		HELLO[1] = (byte) (MAGIC >>> 16);
		HELLO[2] = (byte) (MAGIC >>> 8);
		HELLO[3] = (byte) MAGIC;
		HELLO[7] = 1;
	}

	private final String host;
	private final int port;
	private final Executor io;

	public HarbourBankAcquirer(String host, int port, Executor io) {
		super("HarbourBank");
		this.host = host;
		this.port = port;
		this.io = io;
	}

	@Override
	public CompletableFuture<Payment.Result> authorise(Payment.Request request, String idempotencyKey) {
		String orderRef = request.orderRef();
		byte[] frame = encode(TYPE_AUTH, orderRef, request.amountMinor(), request.currency(), idempotencyKey);
		return CompletableFuture.supplyAsync(() -> exchange(frame, orderRef), io)
				.thenApply(reply -> decode(orderRef, reply, false));
	}

	@Override
	public CompletableFuture<Payment.Result> capture(String merchantId, String acquirerRef, String idempotencyKey) {
		byte[] frame = encode(TYPE_CAPTURE, acquirerRef, 0L, "---", idempotencyKey);
		return CompletableFuture.supplyAsync(() -> exchange(frame, acquirerRef), io)
				.thenApply(reply -> decode(acquirerRef, reply, true));
	}

	/** Request frame: length, type, amount in minor units, then "reference|currency|idempotency-key" in ASCII. */
	private static byte[] encode(byte type, String reference, long amount, String currency, String idempotencyKey) {
		byte[] text = (reference + '|' + currency + '|' + idempotencyKey).getBytes(StandardCharsets.US_ASCII);
		int length = 1 + 8 + text.length;
		byte[] frame = new byte[4 + length];
		frame[0] = (byte) (length >>> 24);
		frame[1] = (byte) (length >>> 16);
		frame[2] = (byte) (length >>> 8);
		frame[3] = (byte) length;
		frame[4] = type;
		int at = 5;
		frame[at] = (byte) (amount >>> 56);
		frame[at + 1] = (byte) (amount >>> 48);
		frame[at + 2] = (byte) (amount >>> 40);
		frame[at + 3] = (byte) (amount >>> 32);
		frame[at + 4] = (byte) (amount >>> 24);
		frame[at + 5] = (byte) (amount >>> 16);
		frame[at + 6] = (byte) (amount >>> 8);
		frame[at + 7] = (byte) amount;
		System.arraycopy(text, 0, frame, 13, text.length);
		return frame;
	}

	private byte[] exchange(byte[] frame, String orderRef) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), 3_000);
			socket.setSoTimeout(15_000);
			OutputStream out = socket.getOutputStream();
			out.write(HELLO);
			out.write(frame);
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] header = readHeader(in);
			int length = (header[0] & 0xFF) << 24 | (header[1] & 0xFF) << 16 | (header[2] & 0xFF) << 8 | (header[3] & 0xFF);
			ByteArrayOutputStream payload = new ByteArrayOutputStream(length);
			while (payload.size() < length) {
				byte[] chunk = new byte[1024];
				int n = in.read(chunk);
				if (n < 0) {
					throw new EOFException("Harbour Bank closed the link mid-frame");
				}
				payload.write(chunk, 0, n);
			}
			return payload.toByteArray();
		} catch (IOException e) {
			String cause = e.getMessage();
			throw new TransientException("91",
					String.format("Harbour Bank link %s:%s failed for %s: %s", host, port, orderRef, cause), e);
		}
	}

	private static byte[] readHeader(InputStream in) throws IOException {
		byte[] header = new byte[4];
		int read = 0;
		while (read < header.length) {
			int n = in.read(header, read, header.length - read);
			if (n < 0) {
				throw new EOFException("Harbour Bank closed the link before the reply");
			}
			read += n;
		}
		return header;
	}

	/** Reply payload: the type byte, then "00|HB0000123456" (response code, bank reference). */
	private Payment.Result decode(String reference, byte[] reply, boolean capture) {
		String text = new String(reply, 1, reply.length - 1, StandardCharsets.US_ASCII);
		int bar = text.indexOf('|');
		String code = normaliseCode(text.substring(0, bar));
		String bankRef = text.substring(bar + 1);
		switch (code) {
			case "00":
			case "11":
				return capture ? Payment.Result.captured(reference, bankRef) : Payment.Result.authorised(reference, bankRef);
			case "09":
				return Payment.Result.pending(reference, bankRef);
			default:
				throw mapError(code, "Harbour Bank response " + code, reference);
		}
	}
}

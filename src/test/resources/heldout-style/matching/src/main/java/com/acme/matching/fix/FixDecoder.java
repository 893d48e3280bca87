package com.acme.matching.fix;

import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Decoder for the exchange's order-entry protocol. Members send either FIX-style tag=value text (SOH or '|'
 * separated) or the binary encoding; both are decoded here, on the gateway's event-loop thread.
 */
public final class FixDecoder {

	static final String BEGIN_STRING = "FIX.4.4";

	/** Minor protocol version; logons announcing another one are refused. */
	static final int MINOR_VERSION = Integer.parseInt(BEGIN_STRING.substring(6, 7));

	/** Tags every application message must carry. */
	static final Set<Integer> REQUIRED_TAGS;

	static {
		List<String> names = Arrays.asList("35", "49", "56", "34", "52");
		Set<Integer> required = names.stream().map(n -> Integer.valueOf(n)).collect(Collectors.toSet());
		REQUIRED_TAGS = Collections.unmodifiableSet(required);
	}

	/** Header tags, in the order the encoder writes them. */
	static final String[] HEADER_ORDER = "8, 9, 35, 49, 56, 34, 52".split(",\\s*");

	/** "AXF1": first four bytes of every binary frame. */
	static final int MAGIC = 0x41584631;

	private static final Map<Class<?>, FieldBinder> BINDERS = new ConcurrentHashMap<>();

	/** Parses one text message; the gateway calls it for every inbound frame. */
	public FixMessage decode(String raw) {
		if (raw == null || raw.isEmpty()) {
			throw new FixDecodeException("empty message");
		}
		String[] fields = raw.split("[\\x01|]");
		List<Field> parsed = new ArrayList<>(fields.length);
		for (int i = 0; i < fields.length; i++) {
			String f = fields[i];
			int eq = f.indexOf('=');
			if (eq <= 0) {
				throw new FixDecodeException("malformed field '" + f + "' at position " + i);
			}
			int tag = Integer.parseInt(f.substring(0, eq));
			parsed.add(new Field(tag, f.substring(eq + 1)));
		}
		Set<Integer> seen = parsed.stream().map(fl -> fl.tag).collect(Collectors.toSet());
		if (seen.size() != parsed.size()) {
			throw new FixDecodeException("duplicate tag");
		}
		Set<Integer> missing = new HashSet<>();
		missing.addAll(REQUIRED_TAGS);
		missing.removeAll(seen);
		if (!missing.isEmpty()) {
			String missingTags = missing.toString();
			throw new FixDecodeException(String.format("missing required tags %s", missingTags));
		}
		return new FixMessage(parsed);
	}

	/** Binds a decoded message to its application type, e.g. NewOrderSingle; once per message. */
	public <T> T bindTo(Class<T> type, FixMessage msg) {
		FieldBinder binder = BINDERS.computeIfAbsent(type, FieldBinder::forType);
		try {
			return type.cast(binder.bind(msg));
		} catch (ReflectiveOperationException e) {
			throw new FixDecodeException("cannot bind " + type.getSimpleName() + ": " + e);
		}
	}

	/** Wraps a binary frame in the flyweight after checking its magic; once per binary frame. */
	public BinaryOrder decodeBinary(byte[] b, int off, BinaryOrder into) {
		int magic = (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
		if (magic != MAGIC) {
			throw new FixDecodeException("bad magic 0x" + Integer.toHexString(magic));
		}
		return into.wrap(b, off);
	}

	/** Encodes an outbound message (execution reports, acks); once per fill and per ack. */
	public static String encode(String msgType, Map<Integer, String> body) {
		StringBuilder sb = new StringBuilder(256);
		sb.append("35=").append(msgType).append('|');
		for (Map.Entry<Integer, String> e : body.entrySet()) {
			int tag = e.getKey();
			String value = e.getValue();
			sb.append(String.format("%s=%s|", tag, value));
		}
		return sb.toString();
	}

	static final class Field {
		final int tag;
		final String value;

		Field(int tag, String value) {
			this.tag = tag;
			this.value = value;
		}
	}

	/** A decoded text message, indexed by tag. */
	public static final class FixMessage {
		private final Map<Integer, String> byTag;

		FixMessage(List<Field> fields) {
			Map<Integer, String> index = new HashMap<>(fields.size());
			for (Field f : fields) {
				index.put(f.tag, f.value);
			}
			this.byTag = index;
		}

		public String get(int tag) {
			return byTag.get(tag);
		}

		public String msgType() {
			return byTag.get(35);
		}

		public Map<Integer, String> fields() {
			return Collections.unmodifiableMap(byTag);
		}
	}

	/** Flyweight over a binary NewOrderSingle; the getters decode in place, nothing is copied. */
	public static final class BinaryOrder {
		private byte[] buf;
		private int off;

		BinaryOrder wrap(byte[] b, int o) {
			this.buf = b;
			this.off = o;
			return this;
		}

		/** Big-endian sequence number at offset 4. */
		public long seqNum() {
			int p = off + 4;
			return (buf[p] & 0xFFL) << 56 | (buf[p + 1] & 0xFFL) << 48 | (buf[p + 2] & 0xFFL) << 40
					| (buf[p + 3] & 0xFFL) << 32 | (buf[p + 4] & 0xFFL) << 24 | (buf[p + 5] & 0xFFL) << 16
					| (buf[p + 6] & 0xFFL) << 8 | (buf[p + 7] & 0xFFL);
		}

		/** Little-endian quantity at offset 12 (the matching core's native order). */
		public int qty() {
			int p = off + 12;
			return (buf[p] & 0xFF) | (buf[p + 1] & 0xFF) << 8 | (buf[p + 2] & 0xFF) << 16 | (buf[p + 3] & 0xFF) << 24;
		}

		@Override
		public String toString() {
			int p = off + 16;
			int templateId = (buf[p] & 0xFF) << 24 | (buf[p + 1] & 0xFF) << 16 | (buf[p + 2] & 0xFF) << 8 | (buf[p + 3] & 0xFF);
			return "BinaryOrder[template=" + templateId + ", seq=" + seqNum() + ", qty=" + qty() + "]";
		}
	}

	/** Builds application objects from decoded messages, one binder per message class. */
	interface FieldBinder {
		Object bind(FixMessage msg) throws ReflectiveOperationException;

		static FieldBinder forType(Class<?> type) {
			try {
				Constructor<?> ctor = type.getConstructor(FixMessage.class);
				return msg -> ctor.newInstance(msg);
			} catch (NoSuchMethodException e) {
				throw new FixDecodeException(type.getName() + " has no (FixMessage) constructor");
			}
		}
	}

	public static class FixDecodeException extends RuntimeException {
		public FixDecodeException(String message) {
			super(message);
		}
	}
}

package com.acme.telemetry.ingest;

import com.acme.telemetry.ingest.BinaryFrameDecoder.DecodedFrame;
import com.acme.telemetry.ingest.BinaryFrameDecoder.FrameFormatException;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Parses the text frames mains-powered gateways send, either the native form
 * {@code dev=th-0042;seq=17;ts=1700000000123;temp=21.5;bat:v=3.71}
 * or the JSON-ish form {@code {"dev":"th-0042","seq":17,"temp":21.5}} older gateways emit.
 */
public final class TextFrameParser {

	private static final String FIELD_SEPARATOR = "\\s*;\\s*";

	private final boolean strict;

	public TextFrameParser(boolean strict) {
		this.strict = strict;
	}

	public DecodedFrame parseAny(String frame) throws FrameFormatException {
		if (!frame.startsWith("{")) {
			return parse(frame);
		}
		String body = frame.substring(1, frame.lastIndexOf('}'));
		StringBuilder nativeForm = new StringBuilder(body.length());
		for (String pair : body.split(",")) {
			int colon = pair.lastIndexOf(':');
			if (colon < 0) {
				throw malformed(frame, pair);
			}
			if (nativeForm.length() > 0) {
				nativeForm.append(';');
			}
			nativeForm.append(unquote(pair.substring(0, colon))).append('=').append(unquote(pair.substring(colon + 1)));
		}
		return parse(nativeForm.toString());
	}

	private static String unquote(String s) {
		String t = s.strip();
		return t.length() >= 2 && t.charAt(0) == '"' ? t.substring(1, t.length() - 1) : t;
	}

	public DecodedFrame parse(String frame) throws FrameFormatException {
		String[] fields = frame.trim().split(FIELD_SEPARATOR);
		String deviceId = null;
		int seq = -1;
		long ts = -1;
		Map<String, Double> values = new LinkedHashMap<>();
		StringBuilder name = new StringBuilder(16);
		for (String field : fields) {
			int eq = field.indexOf('=');
			if (eq <= 0) {
				throw malformed(frame, field);
			}
			String key = field.substring(0, eq);
			String value = field.substring(eq + 1);
			switch (key) {
				case "dev" -> deviceId = value.replaceAll("_", "-");
				case "seq" -> seq = Integer.parseInt(value);
				case "ts" -> ts = Long.parseLong(value);
				default -> {
					name.setLength(0);
					int colon = key.indexOf(':');
					if (colon > 0) {
						name.append(key.substring(0, colon));
					} else {
						name.append(key);
					}
					values.put(normalise(name.toString()), parseValue(frame, value));
				}
			}
		}
		if (deviceId == null || !deviceId.matches("[a-z]{2,4}-[0-9]{4,8}")) {
			throw new FrameFormatException("bad or missing device id " + deviceId + " in frame " + frame);
		}
		if (strict && ts < 0) {
			throw malformed(frame, "ts");
		}
		return new DecodedFrame(deviceId, seq, ts < 0 ? System.currentTimeMillis() : ts, values);
	}

	static String normalise(String metric) {
		return metric.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "_");
	}

	private static double parseValue(String frame, String value) throws FrameFormatException {
		try {
			return Double.parseDouble(value);
		} catch (NumberFormatException e) {
			String printable = frame.replaceAll("\\p{Cntrl}", "?");
			throw new FrameFormatException("not a number: " + value + " in " + printable, e);
		}
	}

	private static FrameFormatException malformed(String frame, String field) {
		return new FrameFormatException(String.format("malformed field '%s' in frame '%s'", field, frame));
	}

	@Override
	public String toString() {
		return "TextFrameParser[strict=" + strict + "]";
	}
}

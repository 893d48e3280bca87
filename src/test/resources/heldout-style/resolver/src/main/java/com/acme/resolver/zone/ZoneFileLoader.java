package com.acme.resolver.zone;

import com.acme.resolver.wire.DnsMessage;
import com.acme.resolver.wire.DnsMessage.Record;
import com.acme.resolver.wire.MessageCodec;
import com.acme.resolver.wire.RecordType;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads RFC 1035 master files for the zones the resolver answers itself (split-horizon names,
 * blocklists as zones). Runs for every configured zone at start-up and again on every reload:
 * SIGHUP, a NOTIFY from the primary, or the admin API's reload call. Blocklist zones run to
 * hundreds of thousands of lines.
 */
public final class ZoneFileLoader {

	public static final class ZoneParseException extends RuntimeException {
		private static final long serialVersionUID = 1L;

		public ZoneParseException(String message) {
			super(message);
		}

		public ZoneParseException(String message, Throwable cause) {
			super(message, cause);
		}
	}

	private static final int DEFAULT_TTL = 3600;

	private final String defaultOrigin;

	public ZoneFileLoader(String defaultOrigin) {
		this.defaultOrigin = defaultOrigin;
	}

	public List<Record> load(Path file) throws IOException {
		String text = readAll(file);
		return parse(text, file.getFileName().toString());
	}

	static String readAll(Path file) throws IOException {
		try (InputStream in = Files.newInputStream(file);
				ByteArrayOutputStream out = new ByteArrayOutputStream()) {
			byte[] buffer = new byte[8192];
			int n;
			while ((n = in.read(buffer)) != -1) {
				out.write(buffer, 0, n);
			}
			return new String(out.toByteArray(), StandardCharsets.UTF_8);
		}
	}

	List<Record> parse(String text, String source) throws IOException {
		List<Record> records = new ArrayList<>();
		String origin = defaultOrigin;
		int defaultTtl = DEFAULT_TTL;
		String lastOwner = origin;
		BufferedReader lines = new BufferedReader(new StringReader(text));
		int lineNo = 0;
		String raw;
		while ((raw = lines.readLine()) != null) {
			lineNo++;
			String line = raw.replaceFirst(";.*$", "").trim();
			if (line.isEmpty()) {
				continue;
			}
			if (line.startsWith("$ORIGIN")) {
				origin = absolute(line.substring(7).trim(), origin);
				continue;
			}
			if (line.startsWith("$TTL")) {
				defaultTtl = parseTtl(line.substring(4).trim());
				continue;
			}
			String[] tok = line.split("\\s+");
			int i = 0;
			String owner = Character.isWhitespace(raw.charAt(0)) ? lastOwner : absolute(tok[i++], origin);
			if (!owner.matches("[a-z0-9*_-]+(\\.[a-z0-9_-]+)*")) {
				throw new ZoneParseException(String.format("%s:%s: bad owner name %s", source, lineNo, owner));
			}
			lastOwner = owner;
			int ttl = defaultTtl;
			if (i < tok.length && Character.isDigit(tok[i].charAt(0))) {
				ttl = parseTtl(tok[i++]);
			}
			if (i < tok.length && tok[i].equalsIgnoreCase("IN")) {
				i++;
			}
			RecordType type = i < tok.length ? RecordType.fromMnemonic(tok[i++]) : null;
			if (type == null || i >= tok.length) {
				throw new ZoneParseException(source + ":" + lineNo + ": missing or unknown type");
			}
			byte[] rdata;
			try {
				rdata = rdata(type, tok, i, origin);
			} catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
				String where = source + ":" + lineNo;
				throw new ZoneParseException(where + ": bad " + type + " data in: " + line, e);
			}
			records.add(new Record(owner, type.code, DnsMessage.CLASS_IN, ttl, rdata));
		}
		return records;
	}

	/** Groups records by owner name; the resolver answers from this map before it looks at the cache. */
	public static Map<String, List<Record>> index(List<Record> records) {
		Map<String, List<Record>> byOwner = new TreeMap<>();
		for (Record r : records) {
			byOwner.computeIfAbsent(r.name, k -> new ArrayList<>()).add(r);
		}
		return byOwner;
	}

	static String absolute(String name, String origin) {
		if (name.equals("@")) {
			return origin;
		}
		if (name.endsWith(".")) {
			return name.substring(0, name.length() - 1).toLowerCase(Locale.ROOT);
		}
		String relative = name.toLowerCase(Locale.ROOT);
		return String.format("%s.%s", relative, origin);
	}

	static int parseTtl(String token) {
		int end = token.length();
		int multiplier;
		switch (Character.toLowerCase(token.charAt(end - 1))) {
			case 's':
				multiplier = 1;
				break;
			case 'm':
				multiplier = 60;
				break;
			case 'h':
				multiplier = 3600;
				break;
			case 'd':
				multiplier = 86400;
				break;
			case 'w':
				multiplier = 604800;
				break;
			default:
				return Integer.parseInt(token);
		}
		return multiplier * Integer.parseInt(token.substring(0, end - 1));
	}

	static byte[] parseIpv4(String text) {
		byte[] out = new byte[4];
		int start = 0;
		for (int k = 0; k < 4; k++) {
			int dot = k < 3 ? text.indexOf('.', start) : text.length();
			if (dot < 0) {
				throw new ZoneParseException("bad IPv4 address " + text);
			}
			out[k] = (byte) Integer.parseInt(text.substring(start, dot));
			start = dot + 1;
		}
		return out;
	}

	private static String unquote(String[] tok, int from) {
		StringBuilder sb = new StringBuilder();
		for (int i = from; i < tok.length; i++) {
			String t = tok[i];
			int end = t.length();
			if (sb.length() > 0) {
				sb.append(' ');
			}
			if (end >= 2 && t.charAt(0) == '"' && t.charAt(end - 1) == '"') {
				sb.append(t.substring(1, end - 1));
			} else {
				sb.append(t);
			}
		}
		return sb.toString();
	}

	private static byte[] rdata(RecordType type, String[] tok, int i, String origin) {
		switch (type) {
			case A:
				return parseIpv4(tok[i]);
			case NS:
			case CNAME:
			case PTR:
				return MessageCodec.encodeName(absolute(tok[i], origin));
			case MX: {
				int preference = Integer.parseInt(tok[i]);
				byte[] exchange = MessageCodec.encodeName(absolute(tok[i + 1], origin));
				byte[] out = new byte[2 + exchange.length];
				out[0] = (byte) (preference >>> 8);
				out[1] = (byte) preference;
				System.arraycopy(exchange, 0, out, 2, exchange.length);
				return out;
			}
			case TXT: {
				byte[] text = unquote(tok, i).getBytes(StandardCharsets.UTF_8);
				byte[] out = new byte[text.length + 1];
				out[0] = (byte) text.length;
				System.arraycopy(text, 0, out, 1, text.length);
				return out;
			}
			case SOA: {
				byte[] mname = MessageCodec.encodeName(absolute(tok[i], origin));
				byte[] rname = MessageCodec.encodeName(absolute(tok[i + 1], origin));
				byte[] out = new byte[mname.length + rname.length + 20];
				System.arraycopy(mname, 0, out, 0, mname.length);
				System.arraycopy(rname, 0, out, mname.length, rname.length);
				int p = mname.length + rname.length;
				for (int f = 0; f < 5; f++) {
					int v = f == 0 ? (int) Long.parseLong(tok[i + 2]) : parseTtl(tok[i + 2 + f]);
					out[p] = (byte) (v >>> 24);
					out[p + 1] = (byte) (v >>> 16);
					out[p + 2] = (byte) (v >>> 8);
					out[p + 3] = (byte) v;
					p += 4;
				}
				return out;
			}
			default:
				throw new ZoneParseException("type " + type + " is not supported in zone files");
		}
	}
}

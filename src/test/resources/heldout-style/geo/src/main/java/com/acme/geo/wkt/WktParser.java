package com.acme.geo.wkt;

import com.acme.geo.model.Coordinate;
import com.acme.geo.model.Feature;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Parses the WKT geometry filter that clients send as {@code ?within=} on tile requests. A parser is
 * created for each request because it collects the warnings of lenient mode; nothing here is shared.
 */
public final class WktParser {

	/** Thrown for input that is not WKT we understand; the handler turns it into a 400. */
	public static final class WktException extends IllegalArgumentException {
		private static final long serialVersionUID = 1L;

		public WktException(String message) {
			super(message);
		}

		public WktException(String message, Throwable cause) {
			super(message, cause);
		}
	}

	private static final List<String> KNOWN = List.of("point", "linestring", "polygon");
	/** Upper-case spellings, for error messages and the capabilities document. */
	static final List<String> TYPE_NAMES = KNOWN.stream().map(String::toUpperCase).collect(Collectors.toList());

	private final boolean lenient;
	private final List<String> warnings = new ArrayList<>();
	private int srid = 4326;

	public WktParser(boolean lenient) {
		this.lenient = lenient;
	}

	public List<String> warnings() {
		return warnings;
	}

	public int srid() {
		return srid;
	}

	public Feature.Geometry parse(String wkt) {
		String s = wkt.trim().replaceAll("\\s+", " ");
		if (s.matches("(?i)SRID=\\d+;.*")) {
			int semi = s.indexOf(';');
			srid = Integer.parseInt(s.substring(5, semi));
			s = s.substring(semi + 1).trim();
		}
		int open = s.indexOf('(');
		int close = s.lastIndexOf(')');
		if (open < 0 || close < open) {
			throw new WktException("unbalanced parentheses in WKT");
		}
		String type = s.substring(0, open).trim().toLowerCase(Locale.ROOT);
		String body = s.substring(open + 1, close).trim();
		try {
			return build(type, body);
		} catch (WktException e) {
			// show where it went wrong, the way psql does
			StringBuilder where = new StringBuilder(e.getMessage()).append(" near '");
			where.append(s.substring(0, Math.min(s.length(), 40))).append("...'");
			throw new WktException(where.toString(), e);
		}
	}

	private Feature.Geometry build(String type, String body) {
		switch (type) {
			case "point":
				List<Coordinate> single = points(body);
				if (single.size() != 1) {
					throw new WktException("a POINT has exactly one coordinate");
				}
				return new Feature.Point(single.get(0));
			case "linestring":
				return new Feature.Line(points(body));
			case "polygon":
				List<Coordinate> ring = points(body.replace("(", "").replace(")", ""));
				if (new HashSet<>(ring).size() < 3) {
					throw new WktException("a POLYGON ring needs three distinct coordinates");
				}
				return new Feature.Area(ring);
			default:
				String expected = String.join(", ", TYPE_NAMES);
				throw new WktException(String.format("unsupported geometry %s, expected one of %s", type, expected));
		}
	}

	private List<Coordinate> points(String body) {
		List<String> tokens = Arrays.asList(body.split(","));
		List<Coordinate> points = tokens.stream().map(this::point).collect(Collectors.toList());
		points.removeIf(Objects::isNull);
		return points;
	}

	private Coordinate point(String token) {
		try {
			return Coordinate.parse(token);
		} catch (IllegalArgumentException e) {
			if (!lenient) {
				throw new WktException("bad coordinate '" + token.trim() + "'", e);
			}
			String reason = e.getMessage();
			warnings.add(String.format("skipped coordinate %s: %s", token, reason));
			return null;
		}
	}
}

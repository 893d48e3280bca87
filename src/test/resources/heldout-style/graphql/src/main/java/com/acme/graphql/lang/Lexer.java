package com.acme.graphql.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Hand-written lexer for GraphQL executable documents.
 *
 * <p>{@link Parser#parse(String)} creates one lexer for every document it has not seen before, so this
 * runs for every request whose query text misses the server's document cache.
 */
public final class Lexer {

	public enum Kind { NAME, INT, FLOAT, STRING, BLOCK_STRING, PUNCTUATOR, EOF }

	public static final class Token {
		public final Kind kind;
		public final String text;
		public final int line;
		public final int column;

		Token(Kind kind, String text, int line, int column) {
			this.kind = kind;
			this.text = text;
			this.line = line;
			this.column = column;
		}

		@Override
		public String toString() {
			return String.format("%s \"%s\" at %s:%s", kind, text, line, column);
		}
	}

	/** Thrown for a document that is not valid GraphQL; the HTTP layer turns it into a 400 response. */
	public static final class SyntaxError extends RuntimeException {
		public final int line;
		public final int column;

		public SyntaxError(String message, int line, int column) {
			super(message);
			this.line = line;
			this.column = column;
		}
	}

	private final String source;
	private int pos;
	private int line = 1;
	private int lineStart;

	public Lexer(String source) {
		this.source = Objects.requireNonNull(source, "source");
	}

	public List<Token> tokenize() {
		List<Token> tokens = new ArrayList<>();
		Token token;
		do {
			token = next();
			tokens.add(token);
		} while (token.kind != Kind.EOF);
		return tokens;
	}

	private int column() {
		return pos - lineStart + 1;
	}

	private void skipIgnored() {
		while (pos < source.length()) {
			char c = source.charAt(pos);
			if (c == '\n') {
				pos++;
				line++;
				lineStart = pos;
			} else if (c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\uFEFF') {
				pos++;
			} else if (c == '#') {
				while (pos < source.length() && source.charAt(pos) != '\n') {
					pos++;
				}
			} else {
				return;
			}
		}
	}

	private Token next() {
		skipIgnored();
		int col = column();
		if (pos >= source.length()) {
			return new Token(Kind.EOF, "", line, col);
		}
		char c = source.charAt(pos);
		switch (c) {
			case '!', '$', '&', '(', ')', ':', '=', '@', '[', ']', '{', '|', '}' -> {
				pos++;
				return new Token(Kind.PUNCTUATOR, String.valueOf(c), line, col);
			}
			case '.' -> {
				if (source.startsWith("...", pos)) {
					pos += 3;
					return new Token(Kind.PUNCTUATOR, "...", line, col);
				}
				throw unexpected(c, col);
			}
			case '"' -> {
				return source.startsWith("\"\"\"", pos) ? readBlockString(col) : readString(col);
			}
			default -> {
				if (c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
					return readName(col);
				}
				if (c == '-' || (c >= '0' && c <= '9')) {
					return readNumber(col);
				}
				throw unexpected(c, col);
			}
		}
	}

	private SyntaxError unexpected(char c, int col) {
		String message = String.format("Syntax Error: Unexpected character \"%s\" at %s:%s", c, line, col);
		return new SyntaxError(message, line, col);
	}

	private Token readName(int col) {
		int start = pos;
		while (pos < source.length()) {
			char c = source.charAt(pos);
			if (c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
				pos++;
			} else {
				break;
			}
		}
		return new Token(Kind.NAME, source.substring(start, pos), line, col);
	}

	private Token readNumber(int col) {
		int start = pos;
		boolean isFloat = false;
		if (source.charAt(pos) == '-') {
			pos++;
		}
		pos = skipDigits(pos);
		if (pos < source.length() && source.charAt(pos) == '.') {
			isFloat = true;
			pos = skipDigits(pos + 1);
		}
		if (pos < source.length() && (source.charAt(pos) == 'e' || source.charAt(pos) == 'E')) {
			isFloat = true;
			pos++;
			if (pos < source.length() && (source.charAt(pos) == '+' || source.charAt(pos) == '-')) {
				pos++;
			}
			pos = skipDigits(pos);
		}
		return new Token(isFloat ? Kind.FLOAT : Kind.INT, source.substring(start, pos), line, col);
	}

	private int skipDigits(int at) {
		while (at < source.length() && source.charAt(at) >= '0' && source.charAt(at) <= '9') {
			at++;
		}
		return at;
	}

	private Token readString(int col) {
		StringBuilder value = new StringBuilder();
		int chunkStart = ++pos;
		while (pos < source.length()) {
			char c = source.charAt(pos);
			if (c == '"') {
				value.append(source.substring(chunkStart, pos));
				pos++;
				return new Token(Kind.STRING, value.toString(), line, col);
			}
			if (c == '\n' || c == '\r') {
				break;
			}
			if (c != '\\') {
				pos++;
				continue;
			}
			value.append(source, chunkStart, pos);
			char escaped = pos + 1 < source.length() ? source.charAt(pos + 1) : '\0';
			switch (escaped) {
				case '"', '\\', '/' -> value.append(escaped);
				case 'b' -> value.append('\b');
				case 'f' -> value.append('\f');
				case 'n' -> value.append('\n');
				case 'r' -> value.append('\r');
				case 't' -> value.append('\t');
				case 'u' -> {
					if (!isHex(pos + 2, pos + 6)) {
						throw unexpected(escaped, column());
					}
					int code = Integer.parseInt(source.substring(pos + 2, pos + 6), 16);
					value.append((char) code);
					pos += 4;
				}
				default -> throw unexpected(escaped, column());
			}
			pos += 2;
			chunkStart = pos;
		}
		throw new SyntaxError("Syntax Error: Unterminated string.", line, col);
	}

	private boolean isHex(int from, int to) {
		if (to > source.length()) {
			return false;
		}
		for (int i = from; i < to; i++) {
			if (Character.digit(source.charAt(i), 16) < 0) {
				return false;
			}
		}
		return true;
	}

	private Token readBlockString(int col) {
		int startLine = line;
		int start = pos + 3;
		int end = source.indexOf("\"\"\"", start);
		while (end > 0 && source.charAt(end - 1) == '\\') {
			end = source.indexOf("\"\"\"", end + 3);
		}
		if (end < 0) {
			throw new SyntaxError("Syntax Error: Unterminated block string.", startLine, col);
		}
		String raw = source.substring(start, end);
		String[] lines = raw.split("\\r\\n|[\\n\\r]");
		int common = Integer.MAX_VALUE;
		for (int i = 1; i < lines.length; i++) {
			int indent = 0;
			while (indent < lines[i].length() && (lines[i].charAt(indent) == ' ' || lines[i].charAt(indent) == '\t')) {
				indent++;
			}
			if (indent < lines[i].length() && indent < common) {
				common = indent;
			}
		}
		StringBuilder value = new StringBuilder(raw.length());
		for (int i = 0; i < lines.length; i++) {
			String text = i == 0 || common == Integer.MAX_VALUE ? lines[i] : lines[i].substring(Math.min(common, lines[i].length()));
			if (i > 0) {
				value.append('\n');
			}
			value.append(text);
		}
		for (int i = start; i < end; i++) {
			if (source.charAt(i) == '\n') {
				line++;
				lineStart = i + 1;
			}
		}
		pos = end + 3;
		return new Token(Kind.BLOCK_STRING, value.toString().strip(), startLine, col);
	}
}

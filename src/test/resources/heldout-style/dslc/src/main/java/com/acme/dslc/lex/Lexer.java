package com.acme.dslc.lex;

import com.acme.dslc.diag.DslException;
import com.acme.dslc.diag.SourcePos;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Hand-written lexer for {@code .dsl} rule files. The parser pulls one token at a time with {@link #next()}; large
 * monorepos have rule files of several thousand lines, re-read on every build.
 */
public final class Lexer {

    public enum Kind { IDENT, CONST, INT, STRING, KEYWORD, OP, LPAREN, RPAREN, LBRACE, RBRACE, COMMA, DOT, EOF }

    enum Keyword { RULE, WHEN, THEN, LET, IMPORT, TRUE, FALSE, AND, OR, NOT }

    private static final Set<String> KEYWORDS = EnumSet.allOf(Keyword.class).stream()
            .map(k -> k.name().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());

    private static final String OPERATOR_CHARS = "=!<>+-*/%&|~";

    /** One token. Tokens are compared by text and offset, which the parser's error recovery relies on. */
    public static final class Token {
        public final Kind kind;
        public final String text;
        public final long value;
        public final int offset;
        public final SourcePos pos;

        Token(Kind kind, String text, long value, int offset, SourcePos pos) {
            this.kind = kind;
            this.text = text;
            this.value = value;
            this.offset = offset;
            this.pos = pos;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Token)) {
                return false;
            }
            Token t = (Token) o;
            return offset == t.offset && text.equals(t.text);
        }

        @Override
        public int hashCode() {
            return Objects.hash(text, offset);
        }

        @Override
        public String toString() {
            return kind.name() + " '" + text + "' at offset " + offset;
        }
    }

    private final String file;
    private final String src;
    private int pos;
    private int line = 1;
    private int lineStart;

    public Lexer(String file, String src) {
        this.file = file;
        this.src = src;
    }

    /** Returns the next token; called by the parser for every token of the file. */
    public Token next() {
        skipTrivia();
        int start = pos;
        SourcePos at = new SourcePos(file, line, start - lineStart + 1);
        if (pos >= src.length()) {
            return new Token(Kind.EOF, "", 0, start, at);
        }
        char c = src.charAt(pos);
        if (Character.isDigit(c)) {
            return number(start, at);
        }
        if (Character.isLetter(c) || c == '_') {
            while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) {
                pos++;
            }
            String word = src.substring(start, pos);
            if (KEYWORDS.contains(word)) {
                return new Token(Kind.KEYWORD, word, 0, start, at);
            }
            if (word.matches("[A-Z][A-Z0-9_]*")) {
                return new Token(Kind.CONST, word, 0, start, at);
            }
            return new Token(Kind.IDENT, word, 0, start, at);
        }
        if (c == '"') {
            return string(start, at);
        }
        pos++;
        switch (c) {
            case '(':
                return new Token(Kind.LPAREN, "(", 0, start, at);
            case ')':
                return new Token(Kind.RPAREN, ")", 0, start, at);
            case '{':
                return new Token(Kind.LBRACE, "{", 0, start, at);
            case '}':
                return new Token(Kind.RBRACE, "}", 0, start, at);
            case ',':
                return new Token(Kind.COMMA, ",", 0, start, at);
            case '.':
                return new Token(Kind.DOT, ".", 0, start, at);
            default:
                if (OPERATOR_CHARS.indexOf(c) >= 0) {
                    while (pos < src.length() && OPERATOR_CHARS.indexOf(src.charAt(pos)) >= 0 && pos - start < 2) {
                        pos++;
                    }
                    return new Token(Kind.OP, src.substring(start, pos), 0, start, at);
                }
                throw new DslException(at, "unexpected character '" + c + "'");
        }
    }

    private Token number(int start, SourcePos at) {
        while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
            pos++;
        }
        long v = Long.parseLong(src.substring(start, pos));
        if (v > Integer.MAX_VALUE) {
            throw new DslException(file, line, "integer literal does not fit in 32 bits");
        }
        return new Token(Kind.INT, src.substring(start, pos), v, start, at);
    }

    private Token string(int start, SourcePos at) {
        StringBuilder sb = new StringBuilder();
        pos++;
        while (true) {
            if (pos >= src.length()) {
                throw new DslException(at, "unterminated string literal");
            }
            char c = src.charAt(pos++);
            if (c == '"') {
                break;
            }
            if (c == '\\' && pos < src.length()) {
                char e = src.charAt(pos++);
                sb.append(e == 'n' ? '\n' : e == 't' ? '\t' : e);
            } else {
                if (c == '\n') {
                    line++;
                    lineStart = pos;
                }
                sb.append(c);
            }
        }
        return new Token(Kind.STRING, sb.toString(), 0, start, at);
    }

    private void skipTrivia() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\n') {
                line++;
                pos++;
                lineStart = pos;
            } else if (Character.isWhitespace(c)) {
                pos++;
            } else if (c == '#') {
                while (pos < src.length() && src.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    /** Tokenizes the whole file; used by the formatter and by {@code dslc --tokens}. */
    public List<Token> tokenizeAll() {
        List<Token> tokens = new ArrayList<>(Math.max(16, src.length() / 4));
        try {
            for (Token t = next(); t.kind != Kind.EOF; t = next()) {
                tokens.add(t);
            }
        } catch (DslException e) {
            int from = Math.max(0, pos - 20);
            String context = src.substring(from, Math.min(src.length(), pos)).replaceAll("\\s+", " ");
            throw new DslException(e.pos(), e.detail() + " near '" + context + "'");
        }
        return tokens;
    }
}

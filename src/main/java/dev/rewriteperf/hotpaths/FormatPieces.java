package dev.rewriteperf.hotpaths;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A format string literal cut at its specifiers, in its source form (escapes as the author wrote them), when its only
 * specifiers are {@code %s}, {@code %d}, {@code %%} and {@code %n}, none with an index, flag, width or precision.
 */
final class FormatPieces {

    enum Kind { TEXT, STRING_VALUE, DECIMAL_VALUE, LINE_SEPARATOR }

    /** One piece: a run of literal text (source form), a value's place, or the line separator. */
    static final class Piece {
        final Kind kind;
        final String source;

        Piece(Kind kind, String source) {
            this.kind = kind;
            this.source = source;
        }

        boolean isValue() {
            return kind == Kind.STRING_VALUE || kind == Kind.DECIMAL_VALUE;
        }
    }

    private FormatPieces() {
    }

    /**
     * The pieces of the literal whose source text, between its quotes, is {@code source}; null when it holds another
     * specifier, a malformed one, or a unicode or octal escape (which could spell a {@code %}).
     */
    static @Nullable List<Piece> parse(String source) {
        List<Piece> pieces = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '\\') {
                if (i + 1 >= source.length() || source.charAt(i + 1) == 'u' || Character.isDigit(source.charAt(i + 1))) {
                    return null; // a unicode or octal escape could spell a %: backslash-u0025, backslash-045
                }
                text.append(c).append(source.charAt(++i));
            } else if (c != '%') {
                text.append(c);
            } else if (i + 1 >= source.length()) {
                return null;
            } else {
                char conversion = source.charAt(++i);
                if (conversion == '%') {
                    text.append('%');
                    continue;
                }
                Kind kind = conversion == 's' ? Kind.STRING_VALUE : conversion == 'd' ? Kind.DECIMAL_VALUE :
                        conversion == 'n' ? Kind.LINE_SEPARATOR : null;
                if (kind == null) {
                    return null;
                }
                addText(pieces, text);
                pieces.add(new Piece(kind, "%" + conversion));
            }
        }
        addText(pieces, text);
        return Collections.unmodifiableList(pieces);
    }

    private static void addText(List<Piece> pieces, StringBuilder text) {
        if (text.length() > 0) {
            pieces.add(new Piece(Kind.TEXT, text.toString()));
            text.setLength(0);
        }
    }

    static int values(List<Piece> pieces) {
        int values = 0;
        for (Piece piece : pieces) {
            values += piece.isValue() ? 1 : 0;
        }
        return values;
    }
}

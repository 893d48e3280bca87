package com.acme.search.query;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Parses the query language of the search box:
 * {@code title:"quick fox" AND body:fox^2 OR NOT draft}.
 * One parser instance is shared by all request threads; {@link #parse(String)} runs once per search request.
 */
public final class QueryParser {

    public enum Occur { MUST, SHOULD, MUST_NOT }

    public static final class QueryParseException extends RuntimeException {
        public QueryParseException(String message) {
            super(message);
        }
    }

    public static final class Clause {
        final Occur occur;
        final String field;
        final String text;
        final boolean phrase;
        int boost;

        Clause(Occur occur, String field, String text, boolean phrase, int boost) {
            this.occur = occur;
            this.field = field;
            this.text = text;
            this.phrase = phrase;
            this.boost = boost;
        }

        public Occur occur() {
            return occur;
        }

        public String field() {
            return field;
        }

        public String text() {
            return text;
        }

        public boolean phrase() {
            return phrase;
        }

        public int boost() {
            return boost;
        }

        public List<String> phraseWords() {
            return phrase ? Arrays.asList(text.split(" ")) : Collections.singletonList(text);
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Clause)) {
                return false;
            }
            Clause c = (Clause) o;
            return field.equals(c.field) && text.equals(c.text);
        }

        @Override
        public int hashCode() {
            return Objects.hash(field, text);
        }

        @Override
        public String toString() {
            return field + ':' + text + '^' + boost;
        }
    }

    public static final class ParsedQuery {
        private final List<Clause> clauses;
        private final String canonical;

        ParsedQuery(List<Clause> clauses, String canonical) {
            this.clauses = clauses;
            this.canonical = canonical;
        }

        public List<Clause> clauses() {
            return clauses;
        }

        /** Cache key of the query result cache. */
        public String canonical() {
            return canonical;
        }

        public String[] fields() {
            String[] names = clauses.stream().map(c -> c.field).toArray(String[]::new);
            return names;
        }

        @Override
        public String toString() {
            String[] rendered = clauses.stream().map(Clause::toString).toArray(String[]::new);
            return String.join(" ", rendered);
        }
    }

    private final String defaultField;

    public QueryParser(String defaultField) {
        this.defaultField = defaultField;
    }

    public ParsedQuery parse(String query) {
        String normalized = query.trim().replaceAll("\\s+", " ");
        checkQuotes(query, countQuotes(normalized));
        Set<Clause> clauses = new LinkedHashSet<>();
        StringBuilder canonical = new StringBuilder(normalized.length() + 16);
        Occur next = Occur.SHOULD;
        int pos = 0;
        while (pos < normalized.length()) {
            int end = tokenEnd(normalized, pos);
            String token = normalized.substring(pos, end);
            pos = end + 1;
            if (token.equals("AND")) {
                next = Occur.MUST;
                continue;
            }
            if (token.equals("OR")) {
                next = Occur.SHOULD;
                continue;
            }
            if (token.equals("NOT")) {
                next = Occur.MUST_NOT;
                continue;
            }
            Clause clause = clause(query, next, token);
            if (!clauses.add(clause)) {
                for (Clause existing : clauses) {
                    if (existing.equals(clause)) {
                        existing.boost += clause.boost;
                    }
                }
            }
            next = Occur.SHOULD;
        }
        for (Clause c : clauses) {
            canonical.append(c.occur.ordinal()).append(c.field).append(':').append(c.text).append(' ');
        }
        return new ParsedQuery(new ArrayList<>(clauses), canonical.toString());
    }

    private Clause clause(String query, Occur occur, String token) {
        int boost = 1;
        int caret = token.lastIndexOf('^');
        if (caret > 0 && !token.endsWith("\"")) {
            boost = Integer.parseInt(token.substring(caret + 1, token.length()));
            token = token.substring(0, caret);
        }
        String field = defaultField;
        int colon = token.indexOf(':');
        if (colon > 0) {
            field = token.substring(0, colon);
            token = token.substring(colon + 1);
            if (!field.matches("[a-z_][a-z0-9_]*")) {
                throw new QueryParseException("invalid field name '" + field + "' in query: " + query);
            }
        }
        boolean phrase = token.length() >= 2 && token.startsWith("\"") && token.endsWith("\"");
        String text = phrase ? token.substring(1, token.length() - 1) : token;
        if (text.isEmpty()) {
            throw error(query, colon + 1, "empty term");
        }
        return new Clause(occur, field, text, phrase, boost);
    }

    private static int tokenEnd(String s, int from) {
        boolean quoted = false;
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ' ' && !quoted) {
                return i;
            }
        }
        return s.length();
    }

    private static int countQuotes(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '"') {
                n++;
            }
        }
        return n;
    }

    private static void checkQuotes(String query, int quotes) {
        if (quotes % 2 != 0) {
            String message = String.format("unbalanced quotes (%s) in query %s", quotes, query);
            throw new QueryParseException(message);
        }
    }

    private static QueryParseException error(String query, int position, String problem) {
        return new QueryParseException(String.format("%s at %s in query %s", problem, position, query));
    }
}

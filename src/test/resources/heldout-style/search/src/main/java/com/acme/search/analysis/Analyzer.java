package com.acme.search.analysis;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Tokenizes and normalizes text for both indexing (once per document field) and
 * searching (once per query clause). Stop words and stemming rules are loaded once,
 * when the class is initialised.
 */
public final class Analyzer {

    private static final String STOP_WORDS_RESOURCE = "/com/acme/search/stopwords.txt";

    private static final List<String> DEFAULT_STOP_WORDS = List.of(
            "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into",
            "is", "it", "no", "not", "of", "on", "or", "such", "that", "the", "their", "then",
            "there", "these", "they", "this", "to", "was", "will", "with");

    private static final List<String> EXTRA_STOP_WORDS = List.of("Via", "Per", "Etc");

    private static final String[][] SUFFIX_RULES = {
        {"ational", "ate"}, {"tional", "tion"}, {"iveness", "ive"}, {"fulness", "ful"},
        {"ousness", "ous"}, {"ization", "ize"}, {"ation", "ate"}, {"ness", ""}, {"ing", ""},
    };

    private static final Set<String> STOP_WORDS;
    private static final Map<String, String> STEM_RULES;

    static {
        Set<String> words = new HashSet<>();
        words.addAll(DEFAULT_STOP_WORDS);
        try (InputStream in = Analyzer.class.getResourceAsStream(STOP_WORDS_RESOURCE)) {
            if (in != null) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                while (true) {
                    byte[] chunk = new byte[4096];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    bytes.write(chunk, 0, n);
                }
                for (String line : bytes.toString(StandardCharsets.UTF_8).split("\\r?\\n")) {
                    String word = line.trim();
                    if (!word.isEmpty() && word.charAt(0) != '#') {
                        words.add(word);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(String.format("cannot load stop words from %s", STOP_WORDS_RESOURCE), e);
        }
        List<String> extra = EXTRA_STOP_WORDS.stream().map(w -> w.toLowerCase(Locale.ROOT)).collect(Collectors.toList());
        words.addAll(extra);
        STOP_WORDS = Collections.unmodifiableSet(words);

        Map<String, String> rules = new LinkedHashMap<>();
        for (String[] rule : SUFFIX_RULES) {
            rules.put(rule[0], rule[1]);
        }
        STEM_RULES = rules;
    }

    private final boolean stemming;
    private final int maxTokenLength;

    public Analyzer(boolean stemming, int maxTokenLength) {
        this.stemming = stemming;
        this.maxTokenLength = maxTokenLength;
    }

    /** Splits a text into normalized tokens; called for every field of every document and every query clause. */
    public List<String> analyze(String text) {
        String normalized = text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{Nd}]+", " ");
        String[] raw = normalized.trim().split("\\s+");
        List<String> tokens = new ArrayList<>(raw.length);
        for (String token : raw) {
            if (token.isEmpty() || token.length() > maxTokenLength || STOP_WORDS.contains(token)) {
                continue;
            }
            tokens.add(stemming && !isNumeric(token) ? stem(token) : token);
        }
        return tokens;
    }

    /** Field-qualified terms ("title:fox") as stored in the term dictionary. */
    public List<String> analyzeField(String field, String text) {
        List<String> tokens = analyze(text);
        List<String> terms = new ArrayList<>();
        for (String token : tokens) {
            terms.add(String.format("%s:%s", field, token));
        }
        return terms;
    }

    String stem(String token) {
        if (token.length() <= 3) {
            return token;
        }
        for (Map.Entry<String, String> rule : STEM_RULES.entrySet()) {
            String suffix = rule.getKey();
            if (token.endsWith(suffix) && token.length() - suffix.length() >= 3) {
                return token.substring(0, token.length() - suffix.length()) + rule.getValue();
            }
        }
        if (token.endsWith("ies")) {
            return token.substring(0, token.length() - 3) + 'y';
        }
        return token;
    }

    static boolean isNumeric(String token) {
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if ((c < '0' || c > '9') && c != '.') {
                return false;
            }
        }
        return true;
    }

    public static boolean isStopWord(String token) {
        return STOP_WORDS.contains(token);
    }

    @Override
    public String toString() {
        return "Analyzer[stemming=" + stemming + ", maxTokenLength=" + maxTokenLength + "]";
    }
}

package com.acme.search.highlight;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds the highlighted snippets shown under each hit. One highlighter per endpoint;
 * {@link #highlight} runs for every hit of every result page.
 */
public final class Highlighter {

    private static final List<String> DEFAULT_TAGS = List.of("em", "strong", "mark", "b");

    private final Set<String> allowedTags;

    {
        Set<String> tags = new HashSet<>();
        tags.addAll(DEFAULT_TAGS);
        allowedTags = tags;
    }

    private final String preTag;
    private final String postTag;
    private final int maxFragments;

    public Highlighter(String tag, int maxFragments) {
        if (maxFragments <= 0) {
            throw new IllegalArgumentException("maxFragments must be positive, was " + maxFragments);
        }
        if (!allowedTags.contains(tag)) {
            throw new IllegalArgumentException("unsupported highlight tag " + tag);
        }
        this.preTag = "<" + tag + ">";
        this.postTag = "</" + tag + ">";
        this.maxFragments = maxFragments;
    }

    /** Up to maxFragments sentences of the text that contain a query term, with the terms marked. */
    public List<String> highlight(String text, Set<String> terms) {
        String[] sentences = text.split("(?<=[.!?])\\s+");
        List<String> fragments = new ArrayList<>(maxFragments);
        for (String sentence : sentences) {
            if (fragments.size() == maxFragments) {
                break;
            }
            if (containsAny(sentence, terms)) {
                fragments.add(escape(sentence.strip()));
            }
        }
        List<String> snippets = fragments.stream().map(f -> mark(f, terms)).collect(Collectors.toList());
        return snippets;
    }

    String mark(String fragment, Set<String> terms) {
        int n = fragment.length();
        StringBuilder out = new StringBuilder(n + 32);
        int last = 0;
        int i = 0;
        while (i < n) {
            while (i < n && !Character.isLetterOrDigit(fragment.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && Character.isLetterOrDigit(fragment.charAt(i))) {
                i++;
            }
            int end = i;
            if (start == end) {
                break;
            }
            assert start < end : String.format("empty word at %s..%s", start, end);
            String word = fragment.substring(start, end);
            if (terms.contains(word.toLowerCase(Locale.ROOT))) {
                out.append(fragment.substring(last, start));
                out.append(String.format("%s%s%s", preTag, word, postTag));
                last = end;
            }
        }
        out.append(fragment, last, n);
        return out.toString();
    }

    private static boolean containsAny(String sentence, Set<String> terms) {
        String lower = sentence.toLowerCase(Locale.ROOT);
        for (String term : terms) {
            if (lower.contains(term)) {
                return true;
            }
        }
        return false;
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;");
    }
}

package com.acme.search.server;

import com.acme.search.analysis.Analyzer;
import com.acme.search.highlight.Highlighter;
import com.acme.search.index.InvertedIndex;
import com.acme.search.index.InvertedIndex.Posting;
import com.acme.search.index.InvertedIndex.Term;
import com.acme.search.query.QueryParser;
import com.acme.search.query.QueryParser.Clause;
import com.acme.search.query.QueryParser.ParsedQuery;
import com.acme.search.query.QueryParser.QueryParseException;
import com.acme.search.query.Scorer;
import com.acme.search.spi.Http;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * HTTP front of the search server. The framework calls {@link #handle} once per request:
 * {@code /search?q=..&range=0-10}, {@code /index} (body: a document object), {@code /suggest?prefix=..}, {@code /health}.
 */
public final class SearchEndpoint implements Http.Handler {

    /** Pulls the text fields out of a posted document. */
    interface FieldExtractor {
        Map<String, String> extract(Object document) throws IllegalAccessException;
    }

    private static final long STARTED = System.currentTimeMillis();

    private static final Map<Class<?>, FieldExtractor> EXTRACTORS = new ConcurrentHashMap<>();

    private static final Map<Class<?>, Integer> STATUS_BY_EXCEPTION = new ConcurrentHashMap<>();

    private static final Map<String, Http.Handler> ROUTES = new HashMap<>();

    static {
        ROUTES.put("/health", request -> {
            String status = "UP";
            long uptime = System.currentTimeMillis() - STARTED;
            return Http.Response.ok(String.format("%s %s", status, uptime));
        });
    }

    private final InvertedIndex index;
    private final Analyzer analyzer = new Analyzer(true, 64);
    private final QueryParser parser = new QueryParser("body");
    private final Scorer scorer = new Scorer(1.2, 0.75);
    private final Highlighter highlighter = new Highlighter("em", 3);
    private final Map<Integer, String> bodies = new ConcurrentHashMap<>();
    private int nextDocId;

    private final Http.Handler suggest = new Http.Handler() {
        @Override
        public Http.Response handle(Http.Request request) {
            String prefix = request.param("prefix", "").toLowerCase();
            String cleaned = prefix.replaceAll("[^\\p{L}\\p{Nd}]", "");
            List<String> suggestions = new ArrayList<>(10);
            for (Term term : index.allPostings().keySet()) {
                if (term.text().startsWith(cleaned)) {
                    suggestions.add(term.text());
                    if (suggestions.size() == 10) {
                        break;
                    }
                }
            }
            return Http.Response.ok(String.join("\n", suggestions));
        }
    };

    public SearchEndpoint(InvertedIndex index) {
        this.index = index;
    }

    @Override
    public Http.Response handle(Http.Request request) throws Exception {
        Http.Handler route = ROUTES.get(request.path());
        if (route != null) {
            return route.handle(request);
        }
        switch (request.path()) {
            case "/suggest":
                return suggest.handle(request);
            case "/index":
                return index(request);
            default:
                break;
        }
        try {
            return search(request);
        } catch (QueryParseException | NumberFormatException e) {
            String q = request.param("q", "");
            return Http.Response.error(400, String.format("cannot parse query %s", q));
        } catch (RuntimeException e) {
            int status = STATUS_BY_EXCEPTION.computeIfAbsent(e.getClass(), SearchEndpoint::statusFor);
            return Http.Response.error(status, "search failed");
        }
    }

    /** Per-request state, built at the start of every search. */
    static final class SearchContext {
        final ParsedQuery query;
        final int from;
        final int to;
        final List<Term> terms;

        SearchContext(Http.Request request, QueryParser parser) {
            String q = request.param("q", "");
            query = parser.parse(q);
            query.clauses().stream().findFirst()
                    .orElseThrow(() -> new QueryParseException(String.format("query %s has no terms", q)));
            String range = request.param("range", "0-10");
            int dash = range.indexOf('-');
            from = Integer.parseInt(range.substring(0, dash));
            to = Integer.parseInt(range, dash + 1, range.length(), 10);
            List<Clause> clauses = query.clauses();
            terms = new ArrayList<>(clauses.size());
            for (Clause c : clauses) {
                if (c.occur() != QueryParser.Occur.MUST_NOT && Scorer.isScored(c.field())) {
                    terms.add(new Term(c.field(), c.text()));
                }
            }
        }
    }

    private Http.Response search(Http.Request request) {
        SearchContext ctx = new SearchContext(request, parser);
        Scorer.Weights weights = scorer.prepare(ctx.terms, index);

        Map<Integer, Map<String, Integer>> termFreqs = new TreeMap<>();
        for (Term term : ctx.terms) {
            for (Posting p : index.postings(term)) {
                termFreqs.computeIfAbsent(p.docId(), d -> new HashMap<>()).put(term.text(), p.freq());
            }
        }
        int[] candidates = termFreqs.keySet().stream().mapToInt(Integer::intValue).toArray();
        int[] lengths = new int[candidates.length];
        Arrays.fill(lengths, 100);
        List<String> warnings = new ArrayList<>(0);
        double[] scores = scorer.scoreAll(weights, candidates, termFreqs, lengths, 100.0, warnings);
        int[] top = top(candidates, scores, ctx.from, ctx.to);

        List<String> paths = new ArrayList<>();
        for (int docId : top) {
            paths.add(index.path(docId));
        }
        Set<String> highlightTerms = index.termTexts(ctx.terms);
        boolean snippets = Arrays.asList(ctx.query.fields()).contains("body");
        boolean explain = Boolean.parseBoolean(request.param("explain", "false"));

        StringBuilder json = new StringBuilder(256).append('[');
        for (int i = 0; i < top.length; i++) {
            int docId = top[i];
            String path = paths.get(i);
            if (i > 0) {
                json.append(',');
            }
            json.append(String.format("{\"id\":%s,\"path\":\"%s\"", docId, path));
            if (snippets) {
                String body = bodies.getOrDefault(docId, "");
                json.append(",\"snippets\":\"").append(String.join(" ... ", highlighter.highlight(body, highlightTerms))).append('"');
            }
            if (explain) {
                json.append(",\"explain\":\"").append(scorer.explain(weights, docId, termFreqs.get(docId))).append('"');
            }
            json.append('}');
        }
        json.append(']');

        Map<String, String> params = request.params();
        String[] echo = params.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        return Http.Response.ok(json.toString(), echo);
    }

    private Http.Response index(Http.Request request) throws IllegalAccessException {
        Object document = request.body();
        FieldExtractor extractor = EXTRACTORS.computeIfAbsent(document.getClass(), SearchEndpoint::extractorFor);
        Map<String, String> fields = extractor.extract(document);
        Map<String, List<String>> tokens = new TreeMap<>();
        for (Map.Entry<String, String> field : fields.entrySet()) {
            tokens.put(field.getKey(), analyzer.analyze(field.getValue()));
        }
        int docId;
        synchronized (this) {
            docId = nextDocId++;
            index.addDocument(docId, fields.getOrDefault("path", "doc-" + docId), tokens);
        }
        bodies.put(docId, fields.getOrDefault("body", ""));
        return Http.Response.ok(Integer.toString(docId));
    }

    private static int[] top(int[] candidates, double[] scores, int from, int to) {
        Integer[] order = new Integer[candidates.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(scores[b], scores[a]));
        int end = Math.min(to, order.length);
        int start = Math.min(from, end);
        int[] result = new int[end - start];
        for (int i = start; i < end; i++) {
            result[i - start] = candidates[order[i]];
        }
        return result;
    }

    private static FieldExtractor extractorFor(Class<?> type) {
        Field[] declared = type.getDeclaredFields();
        List<Field> textFields = new ArrayList<>(declared.length);
        for (Field f : declared) {
            if (f.getType() == String.class) {
                f.setAccessible(true);
                textFields.add(f);
            }
        }
        return document -> {
            Map<String, String> values = new TreeMap<>();
            for (Field f : textFields) {
                Object value = f.get(document);
                if (value != null) {
                    values.put(f.getName(), (String) value);
                }
            }
            return values;
        };
    }

    private static int statusFor(Class<?> type) {
        if (IllegalArgumentException.class.isAssignableFrom(type)) {
            return 400;
        }
        if (UnsupportedOperationException.class.isAssignableFrom(type)) {
            return 501;
        }
        return 500;
    }
}

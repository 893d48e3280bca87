package com.acme.templates.engine;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A parsed template: a list of nodes rendered in order. Templates are immutable and shared between threads;
 * everything that belongs to one request lives in the {@link RenderContext}.
 */
public final class Template {

    /** A piece of a parsed template. {@code render} runs on every request, and once per item inside loops. */
    public interface Node {
        void render(RenderContext ctx, Writer out) throws IOException;
    }

    /** Marker for values that already hold HTML and must not be escaped again. */
    public interface SafeHtml {
    }

    private static final Map<Class<?>, Boolean> RAW_SAFE = new ConcurrentHashMap<>();

    private final String name;
    private final String source;
    private final List<Node> nodes;
    private final Map<String, String> frontMatter;
    private final List<String> includes;
    private final List<String> variables;

    Template(String name, String source, List<Node> nodes, Map<String, String> frontMatter,
            List<String> includes, List<String> variables) {
        this.name = name;
        this.source = source;
        this.nodes = nodes;
        this.frontMatter = frontMatter;
        this.includes = includes;
        this.variables = variables;
    }

    public String name() {
        return name;
    }

    public String source() {
        return source;
    }

    public Map<String, String> frontMatter() {
        return frontMatter;
    }

    /** Names of the templates this one includes. */
    public List<String> includes() {
        return includes;
    }

    /** First segment of every variable the template reads ({@code user} for {@code user.name}). */
    public List<String> rootVariables() {
        return variables;
    }

    public void render(RenderContext ctx, Writer out) throws IOException {
        for (Node node : nodes) {
            node.render(ctx, out);
        }
    }

    /** Whether values of this type are written without HTML escaping: numbers, booleans, {@link SafeHtml}. */
    static boolean isRawSafe(Class<?> type) {
        Boolean safe = RAW_SAFE.get(type);
        if (safe == null) {
            safe = computeRawSafe(type);
            RAW_SAFE.put(type, safe);
        }
        return safe;
    }

    private static Boolean computeRawSafe(Class<?> type) {
        return Number.class.isAssignableFrom(type) || type == Boolean.class
                || SafeHtml.class.isAssignableFrom(type);
    }

    static String escapeHtml(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep;
            switch (c) {
                case '<': rep = "&lt;"; break;
                case '>': rep = "&gt;"; break;
                case '&': rep = "&amp;"; break;
                case '"': rep = "&quot;"; break;
                case '\'': rep = "&#39;"; break;
                default: rep = null;
            }
            if (rep != null) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 16);
                    sb.append(s, 0, i);
                }
                sb.append(rep);
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }

    @Override
    public String toString() {
        List<String> kinds = nodes.stream().map(n -> n.getClass().getSimpleName()).collect(Collectors.toList());
        String[] meta = frontMatter.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        return "Template " + name + " " + kinds + " " + Arrays.toString(meta);
    }

    // ------------------------------------------------------------------ nodes

    static final class TextNode implements Node {
        private final String text;

        TextNode(String text) {
            this.text = text;
        }

        @Override
        public void render(RenderContext ctx, Writer out) throws IOException {
            out.write(text);
        }

        @Override
        public String toString() {
            int limit = Math.min(text.length(), 32);
            StringBuilder sb = new StringBuilder("Text[");
            sb.append(text.substring(0, limit));
            return sb.append(limit < text.length() ? "...]" : "]").toString();
        }
    }

    /** {@code {{ expr | filter(arg) | filter }}}. */
    static final class OutputNode implements Node {
        private final String source;
        private final Expression expression;
        private final List<FilterCall> filters;
        private final boolean escape;

        OutputNode(String source, Expression expression, List<FilterCall> filters, boolean escape) {
            this.source = source;
            this.expression = expression;
            this.filters = filters;
            this.escape = escape;
        }

        @Override
        public void render(RenderContext ctx, Writer out) throws IOException {
            Object value = expression.evaluate(ctx);
            for (FilterCall filter : filters) {
                value = filter.apply(value, ctx);
            }
            if (value == null) {
                return;
            }
            String text = value.toString();
            out.write(escape && !isRawSafe(value.getClass()) ? escapeHtml(text) : text);
        }

        @Override
        public String toString() {
            return "{{ " + source + " }}";
        }
    }

    /** One {@code | name(args)} of an output tag. */
    static final class FilterCall {
        private final String name;
        private final List<Expression> args;

        FilterCall(String name, List<Expression> args) {
            this.name = name;
            this.args = args;
        }

        Object apply(Object value, RenderContext ctx) {
            return Filters.apply(name, value, evaluateArgs(ctx));
        }

        private List<Object> evaluateArgs(RenderContext ctx) {
            List<Object> values = new ArrayList<>();
            for (Expression arg : args) {
                values.add(arg.evaluate(ctx));
            }
            return values;
        }
    }

    /** {@code {% for item in items %} ... {% endfor %}}. */
    static final class ForNode implements Node {
        private final String var;
        private final Expression source;
        private final List<Node> body;

        ForNode(String var, Expression source, List<Node> body) {
            this.var = var;
            this.source = source;
            this.body = body;
        }

        @Override
        public void render(RenderContext ctx, Writer out) throws IOException {
            int index = 0;
            for (Object item : Expression.iterable(source.evaluate(ctx))) {
                RenderContext scope = ctx.child(var, item);
                scope.set("loop_index", index++);
                for (Node node : body) {
                    node.render(scope, out);
                }
            }
        }
    }

    /** {@code {% if cond %} ... {% else %} ... {% endif %}}. */
    static final class IfNode implements Node {
        private final Expression condition;
        private final List<Node> then;
        private final List<Node> otherwise;

        IfNode(Expression condition, List<Node> then, List<Node> otherwise) {
            this.condition = condition;
            this.then = then;
            this.otherwise = otherwise;
        }

        @Override
        public void render(RenderContext ctx, Writer out) throws IOException {
            for (Node node : Expression.truthy(condition.evaluate(ctx)) ? then : otherwise) {
                node.render(ctx, out);
            }
        }
    }

    /** {@code {% asset 'css/site.css' %}}: a stylesheet link with the deployment's cache-busting version. */
    static final class AssetNode implements Node {
        private final String path;
        private final String version;

        AssetNode(String path, String version) {
            this.path = path;
            this.version = version;
        }

        @Override
        public void render(RenderContext ctx, Writer out) throws IOException {
            String base = ctx.assetBase();
            out.write(String.format("<link rel=\"stylesheet\" href=\"%s/%s?v=%s\">", base, path, version));
        }
    }

    /** {@code {% include 'partials/header' with title=page.title %}}. */
    static final class IncludeNode implements Node {
        private final String templateName;
        private final Map<String, Expression> with;

        IncludeNode(String templateName, Map<String, Expression> with) {
            this.templateName = templateName;
            this.with = with;
        }

        @Override
        public void render(RenderContext ctx, Writer out) throws IOException {
            Template included = ctx.templates().get(templateName, ctx.locale());
            Map<String, Object> model = ctx.flatten();
            model.putAll(withValues(ctx));
            included.render(new RenderContext(model, ctx.locale(), ctx.templates(), ctx.assetBase()), out);
        }

        private Map<String, Object> withValues(RenderContext ctx) {
            Map<String, Object> values = new HashMap<>(with.size());
            for (Map.Entry<String, Expression> entry : with.entrySet()) {
                values.put(entry.getKey(), entry.getValue().evaluate(ctx));
            }
            return values;
        }
    }
}

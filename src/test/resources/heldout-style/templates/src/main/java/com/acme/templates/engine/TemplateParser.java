package com.acme.templates.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns template source into a {@link Template}. Runs once per template and language behind the cache, once
 * per file in the build-time precompiler, and on every call of {@link TemplateEngine#renderInline}, which the
 * servlet uses for the CMS snippets it gets with each request.
 */
public final class TemplateParser {

    private static final String FENCE = "---";
    private static final int MAX_DEPTH = 32;

    private final String assetVersion;

    public TemplateParser(String assetVersion) {
        this.assetVersion = assetVersion;
    }

    public Template parse(String name, String source) {
        Map<String, String> frontMatter = new LinkedHashMap<>();
        String body = source;
        int line = 1;
        if (source.startsWith(FENCE)) {
            int end = source.indexOf("\n" + FENCE, FENCE.length());
            if (end < 0) {
                throw new TemplateException(name, 1, "front matter is not closed");
            }
            for (String entry : source.substring(FENCE.length(), end).split("\n")) {
                int colon = entry.indexOf(':');
                if (colon > 0) {
                    frontMatter.put(entry.substring(0, colon).trim(), entry.substring(colon + 1).trim());
                }
                line++;
            }
            body = source.substring(end + FENCE.length() + 1);
        }

        Set<String> variables = new LinkedHashSet<>();
        List<String> includes = new ArrayList<>();
        Deque<Block> open = new ArrayDeque<>();
        Block root = new Block("root", line);
        open.push(root);
        int pos = 0;
        while (pos < body.length()) {
            int tag = nextTag(body, pos);
            if (tag < 0) {
                open.peek().add(new Template.TextNode(body.substring(pos)));
                break;
            }
            if (tag > pos) {
                String text = body.substring(pos, tag);
                open.peek().add(new Template.TextNode(text));
                line += countLines(text);
            }
            boolean output = body.startsWith("{{", tag);
            int end = body.indexOf(output ? "}}" : "%}", tag + 2);
            if (end < 0) {
                String kind = output ? "output" : "block";
                throw new TemplateException(name, line, String.format("unclosed %s tag", kind));
            }
            String inner = body.substring(tag + 2, end).trim();
            if (output) {
                Template.OutputNode node = parseOutput(inner);
                open.peek().add(node);
                collectRoot(inner, variables);
            } else {
                blockTag(name, line, inner, open, includes, variables);
            }
            assert open.size() <= MAX_DEPTH : String.format("%s: blocks nested deeper than %s at line %s", name, MAX_DEPTH, line);
            pos = end + 2;
        }
        if (open.size() > 1) {
            Block unclosed = open.peek();
            throw new TemplateException(name, unclosed.line, "missing end tag for " + unclosed.kind);
        }
        return new Template(name, source, root.nodes, frontMatter, includes, new ArrayList<>(variables));
    }

    private Template.OutputNode parseOutput(String inner) {
        String[] parts = inner.split("\\s*\\|\\s*");
        Expression expression = Expression.parse(parts[0]);
        List<Template.FilterCall> filters = new ArrayList<>(parts.length - 1);
        for (int i = 1; i < parts.length; i++) {
            filters.add(parseFilter(parts[i]));
        }
        boolean raw = filters.isEmpty() ? false : Filters.SAFE_OUTPUT.contains(lastFilterName(parts));
        return new Template.OutputNode(inner, expression, filters, !raw);
    }

    private Template.FilterCall parseFilter(String text) {
        int paren = text.indexOf('(');
        if (paren < 0) {
            return new Template.FilterCall(text.trim(), Collections.<Expression>emptyList());
        }
        String filterName = text.substring(0, paren).trim();
        List<String> argTexts = Arrays.asList(text.substring(paren + 1, text.lastIndexOf(')')).split(","));
        List<Expression> args = argTexts.stream().map(Expression::parse).collect(Collectors.toList());
        return new Template.FilterCall(filterName, args);
    }

    private void blockTag(String name, int line, String inner, Deque<Block> open, List<String> includes,
            Set<String> variables) {
        String[] words = inner.split("\\s+");
        switch (words[0]) {
            case "for": {
                expect(words.length == 4 && "in".equals(words[2]), name, line, "for <var> in <expr>", inner);
                Block block = new Block("for", line);
                block.var = words[1];
                block.expression = Expression.parse(words[3]);
                collectRoot(words[3], variables);
                open.push(block);
                break;
            }
            case "if": {
                expect(words.length >= 2, name, line, "if <expr>", inner);
                Block block = new Block("if", line);
                block.expression = Expression.parse(inner.substring(2));
                collectRoot(inner.substring(2), variables);
                open.push(block);
                break;
            }
            case "else": {
                expect("if".equals(open.peek().kind) && open.peek().otherwise == null, name, line, "else inside if", inner);
                open.peek().otherwise = new ArrayList<>();
                break;
            }
            case "endfor":
            case "endif": {
                Block block = open.pop();
                expect(words[0].equals("end" + block.kind), name, line, "end" + block.kind, inner);
                open.peek().add(block.toNode());
                break;
            }
            case "include": {
                int with = inner.indexOf(" with ");
                String target = unquote(with < 0 ? inner.substring(7) : inner.substring(7, with));
                Map<String, Expression> params = with < 0
                        ? Collections.<String, Expression>emptyMap()
                        : parseWith(inner.substring(with + 6));
                includes.add(target);
                open.peek().add(new Template.IncludeNode(target, params));
                break;
            }
            case "asset": {
                expect(words.length == 2, name, line, "asset '<path>'", inner);
                open.peek().add(new Template.AssetNode(unquote(words[1]), assetVersion));
                break;
            }
            default:
                expect(false, name, line, "a known tag", words[0]);
        }
    }

    /** {@code title=page.title, user=user} of an include tag. */
    private static Map<String, Expression> parseWith(String text) {
        String[] pairs = text.split(",");
        Map<String, Expression> params = new LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            params.put(pair.substring(0, eq).trim(), Expression.parse(pair.substring(eq + 1)));
        }
        return params;
    }

    /** Fails the parse with a uniform message when a tag does not have the expected shape. */
    private static void expect(boolean ok, String name, int line, String syntax, String found) {
        if (!ok) {
            String message = String.format("expected %s but found '%s'", syntax, found);
            throw new TemplateException(name, line, message);
        }
    }

    private static void collectRoot(String expression, Set<String> into) {
        int pipe = expression.indexOf('|');
        String root = Expression.parse(pipe < 0 ? expression : expression.substring(0, pipe)).rootName();
        if (root != null) {
            into.add(root);
        }
    }

    private static String lastFilterName(String[] parts) {
        String last = parts[parts.length - 1];
        int paren = last.indexOf('(');
        return (paren < 0 ? last : last.substring(0, paren)).trim();
    }

    private static String unquote(String s) {
        String t = s.trim();
        return t.length() >= 2 && t.charAt(0) == '\'' ? t.substring(1, t.length() - 1) : t;
    }

    private static int nextTag(String body, int from) {
        int output = body.indexOf("{{", from);
        int block = body.indexOf("{%", from);
        if (output < 0) {
            return block;
        }
        return block < 0 ? output : Math.min(output, block);
    }

    private static int countLines(String text) {
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }

    /** A block tag whose end tag has not been read yet. */
    private static final class Block {
        final String kind;
        final int line;
        final List<Template.Node> nodes = new ArrayList<>();
        List<Template.Node> otherwise;
        String var;
        Expression expression;

        Block(String kind, int line) {
            this.kind = kind;
            this.line = line;
        }

        void add(Template.Node node) {
            (otherwise != null ? otherwise : nodes).add(node);
        }

        Template.Node toNode() {
            if (kind.equals("for")) {
                return new Template.ForNode(var, expression, nodes);
            }
            List<Template.Node> elseNodes = otherwise == null ? Collections.<Template.Node>emptyList() : otherwise;
            return new Template.IfNode(expression, nodes, elseNodes);
        }
    }
}

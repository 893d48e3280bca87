package com.acme.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** A compiled template. Immutable; shared by all threads once it is in the {@link TemplateCache}. */
public final class Template {

    private final String name;
    private final List<Node> nodes;
    private final List<Node.Var> variables;
    private final List<Node.Include> includes;
    private final int sourceLength;

    Template(String name, List<Node> nodes, int sourceLength) {
        this.name = name;
        this.nodes = List.copyOf(nodes);
        this.sourceLength = sourceLength;
        List<Node.Var> vars = new ArrayList<>();
        List<Node.Include> incs = new ArrayList<>();
        collect(this.nodes, vars, incs);
        this.variables = List.copyOf(vars);
        this.includes = List.copyOf(incs);
    }

    private static void collect(List<Node> nodes, List<Node.Var> vars, List<Node.Include> incs) {
        for (Node node : nodes) {
            if (node instanceof Node.Var v) {
                vars.add(v);
            } else if (node instanceof Node.Include i) {
                incs.add(i);
            } else if (node instanceof Node.Section s) {
                collect(s.body(), vars, incs);
            }
        }
    }

    public String name() {
        return name;
    }

    public List<Node> nodes() {
        return nodes;
    }

    /** A starting capacity for the output buffer: most pages come out a bit larger than their source. */
    int sizeHint() {
        return sourceLength + (sourceLength >> 1);
    }

    /** Top-level names the template reads, for strict mode (checked on every render of a strict engine). */
    Set<String> rootVariables() {
        return variables.stream().map(v -> rootOf(v.path())).collect(Collectors.toSet());
    }

    /** Partials this template pulls in; the engine resolves them before each render. */
    String[] includeNames() {
        return includes.stream().map(Node.Include::name).toArray(String[]::new);
    }

    private static String rootOf(String path) {
        int dot = path.indexOf('.');
        return dot < 0 ? path : path.substring(0, dot);
    }

    @Override
    public String toString() {
        int count = nodes.size();
        List<String> lines = nodes.stream().map(Node::toString).collect(Collectors.toList());
        String body = String.join("\n  ", lines);
        return "Template " + name + " (" + count + " nodes)" + System.lineSeparator() + "  " + body;
    }
}

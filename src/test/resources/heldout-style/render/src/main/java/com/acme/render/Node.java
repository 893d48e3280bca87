package com.acme.render;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The compiled form of a template: a tree of nodes built once by {@link TemplateCompiler} and walked by
 * {@link Renderer} on every render. The {@code toString()} methods exist for {@code --dump-tree} and the debugger.
 */
public sealed interface Node permits Node.Text, Node.Var, Node.Section, Node.Include {

    int line();

    /** How a variable's value is escaped before it is written. */
    enum Escape { HTML, URL, NONE }

    /** A filter as written in the tag: {@code truncate(40)}. */
    record FilterCall(String name, List<String> args) {
        public FilterCall {
            args = List.copyOf(args);
        }

        @Override
        public String toString() {
            String[] quoted = args.stream().map(a -> "\"" + a + "\"").toArray(String[]::new);
            return quoted.length == 0 ? name : name + "(" + String.join(", ", quoted) + ")";
        }
    }

    record Text(String text, int line) implements Node {
        @Override
        public String toString() {
            String shown = text.length() > 24 ? text.substring(0, 24) + "..." : text;
            shown = shown.replace("\n", "\\n");
            return String.format("Text[\"%s\"] @%s", shown, line);
        }
    }

    record Var(String path, List<FilterCall> filters, Escape escape, int line, int column) implements Node {
        @Override
        public String toString() {
            List<String> names = filters.stream().map(FilterCall::name).collect(Collectors.toList());
            return "Var[" + path + (names.isEmpty() ? "" : " | " + String.join(" | ", names)) + ", " + escape
                    + "] @" + line + ":" + column;
        }
    }

    record Section(String name, boolean inverted, List<Node> body, int line) implements Node {
        @Override
        public String toString() {
            return "Section[" + (inverted ? "^" : "#") + name + ", " + body.size() + " children] @" + line;
        }
    }

    record Include(String name, int line) implements Node {
    }
}

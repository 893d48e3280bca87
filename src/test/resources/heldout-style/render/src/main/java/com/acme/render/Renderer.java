package com.acme.render;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Walks a compiled template's node tree and writes the output. One instance per engine; {@link #render} is called
 * for every page, and its loops run once per node, per variable and per filter.
 */
final class Renderer {

    private static final int MAX_INCLUDE_DEPTH = 16;

    private static final Map<Class<?>, Map<String, Method>> ACCESSORS = new ConcurrentHashMap<>();

    /** URL schemes a {{& href}} may start with when the engine runs in safe-links mode. */
    private static final Set<String> SAFE_SCHEMES;

    static {
        Set<String> schemes = new HashSet<>();
        schemes.addAll(List.of("http", "https", "mailto", "tel"));
        SAFE_SCHEMES = Collections.unmodifiableSet(schemes);
    }

    private final FilterRegistry filters;
    private final Function<String, Template> partials;
    private final boolean debug;

    Renderer(FilterRegistry filters, Function<String, Template> partials, boolean debug) {
        this.filters = filters;
        this.partials = partials;
        this.debug = debug;
    }

    String render(Template template, Map<String, Object> model, Locale locale) {
        StringBuilder out = new StringBuilder(template.sizeHint());
        renderNodes(template, template.nodes(), new Scope(model, null), locale, out, 0);
        return out.toString();
    }

    private void renderNodes(Template template, List<Node> nodes, Scope scope, Locale locale, StringBuilder out,
                             int depth) {
        for (Node node : nodes) {
            if (node instanceof Node.Text text) {
                out.append(text.text());
            } else if (node instanceof Node.Var var) {
                renderVar(template, var, scope, locale, out);
            } else if (node instanceof Node.Section section) {
                renderSection(template, section, scope, locale, out, depth);
            } else if (node instanceof Node.Include include) {
                String name = template.name();
                String partialName = include.name();
                assert depth < MAX_INCLUDE_DEPTH
                        : String.format("includes nested too deep at %s in %s", partialName, name);
                Template partial = partials.apply(partialName);
                if (partial == null) {
                    int line = include.line();
                    throw new IllegalStateException(name + ":" + line + ": no partial named '" + partialName + "'");
                }
                renderNodes(partial, partial.nodes(), scope, locale, out, depth + 1);
            }
        }
    }

    private void renderVar(Template template, Node.Var var, Scope scope, Locale locale, StringBuilder out) {
        String path = var.path();
        int line = var.line();
        Object value = scope.resolve(path);
        List<FilterRegistry.Filter> chain = filters.chain(var.filters());
        for (int i = 0; i < chain.size(); i++) {
            Node.FilterCall call = var.filters().get(i);
            try {
                value = chain.get(i).apply(value, call.args(), locale);
            } catch (RuntimeException e) {
                String name = template.name();
                String filterName = call.name();
                String where = String.format("%s:%s: filter %s on %s", name, line, filterName, path);
                throw new IllegalStateException(where + " failed: " + e.getMessage(), e);
            }
        }
        if (debug) {
            out.append(String.format("<!-- %s @%s -->", path, line));
        }
        String text = BuiltinFilters.stringify(value);
        String escaped = switch (var.escape()) {
            case HTML -> escapeHtml(text);
            case URL -> URLEncoder.encode(text, StandardCharsets.UTF_8);
            case NONE -> text;
        };
        out.append(escaped);
    }

    private void renderSection(Template template, Node.Section section, Scope scope, Locale locale,
                               StringBuilder out, int depth) {
        Object value = scope.resolve(section.name());
        boolean truthy = isTruthy(value);
        if (section.inverted()) {
            if (!truthy) {
                renderNodes(template, section.body(), scope, locale, out, depth);
            }
            return;
        }
        if (!truthy) {
            return;
        }
        if (value instanceof Map<?, ?>) {
            @SuppressWarnings("unchecked")
            Map<String, Object> map = (Map<String, Object>) value;
            for (String key : map.keySet()) {
                Scope entry = scope.child(vars("key", key, "value", map.get(key)));
                renderNodes(template, section.body(), entry, locale, out, depth);
            }
        } else if (value instanceof Collection<?> items) {
            int index = 0;
            for (Object item : items) {
                Scope child = scope.child(vars("this", item, "index", index++, "last", index == items.size()));
                child.bean = item;
                renderNodes(template, section.body(), child, locale, out, depth);
            }
        } else {
            Scope child = scope.child(vars("this", value));
            child.bean = value;
            renderNodes(template, section.body(), child, locale, out, depth);
        }
    }

    /** Section variables; unlike {@code Map.of}, allows null values. */
    private static Map<String, Object> vars(Object... keysAndValues) {
        Map<String, Object> vars = new HashMap<>(8);
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            vars.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return vars;
    }

    private static boolean isTruthy(Object value) {
        if (value == null || Boolean.FALSE.equals(value) || "".equals(value)) {
            return false;
        }
        if (value instanceof Collection<?> c) {
            return !c.isEmpty();
        }
        return !(value instanceof Map<?, ?> m) || !m.isEmpty();
    }

    static String escapeHtml(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String rep = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (rep != null) {
                if (sb == null) {
                    sb = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                sb.append(rep);
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? text : sb.toString();
    }

    static boolean isSafeLink(String href) {
        int colon = href.indexOf(':');
        return colon < 0 || SAFE_SCHEMES.contains(href.substring(0, colon).toLowerCase(Locale.ROOT));
    }

    /** Reads a property of a map, a record or a bean; called for every dotted segment of every variable. */
    static Object property(Object bean, String name) {
        if (bean == null) {
            return null;
        }
        if (bean instanceof Map<?, ?> map) {
            return map.get(name);
        }
        Method getter = accessors(bean.getClass()).get(name);
        if (getter == null) {
            return null;
        }
        try {
            return getter.invoke(bean);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + name + " of " + bean.getClass().getName(), e);
        }
    }

    private static Map<String, Method> accessors(Class<?> type) {
        Map<String, Method> found = ACCESSORS.get(type);
        if (found == null) {
            found = scan(type);
            ACCESSORS.put(type, found);
        }
        return found;
    }

    /** Runs once per type: the result is kept in {@link #ACCESSORS}. */
    private static Map<String, Method> scan(Class<?> type) {
        if (type.isRecord()) {
            RecordComponent[] components = type.getRecordComponents();
            Map<String, Method> byName = new HashMap<>(components.length);
            for (RecordComponent component : components) {
                byName.put(component.getName(), component.getAccessor());
            }
            return byName;
        }
        Map<String, Method> byName = new HashMap<>();
        for (Method method : type.getMethods()) {
            String name = method.getName();
            if (method.getParameterCount() != 0 || method.getDeclaringClass() == Object.class) {
                continue;
            }
            if (name.startsWith("get") && name.length() > 3) {
                byName.put(Character.toLowerCase(name.charAt(3)) + name.substring(4), method);
            } else if (name.startsWith("is") && name.length() > 2 && method.getReturnType() == boolean.class) {
                byName.put(Character.toLowerCase(name.charAt(2)) + name.substring(3), method);
            }
        }
        return byName;
    }

    /** The variables visible at one point of a render: a chain of maps, innermost first. */
    static final class Scope {
        private final Map<String, Object> vars;
        private final Scope parent;
        Object bean;

        Scope(Map<String, Object> vars, Scope parent) {
            this.vars = vars;
            this.parent = parent;
        }

        Scope child(Map<String, Object> childVars) {
            return new Scope(childVars, this);
        }

        Object resolve(String path) {
            int dot = path.indexOf('.');
            String head = dot < 0 ? path : path.substring(0, dot);
            Object value = lookup(head);
            while (dot >= 0 && value != null) {
                int next = path.indexOf('.', dot + 1);
                String segment = next < 0 ? path.substring(dot + 1) : path.substring(dot + 1, next);
                value = property(value, segment);
                dot = next;
            }
            return value;
        }

        private Object lookup(String name) {
            for (Scope s = this; s != null; s = s.parent) {
                if (s.vars.containsKey(name)) {
                    return s.vars.get(name);
                }
                if (s.bean != null && !(s.bean instanceof Map)) {
                    Object v = property(s.bean, name);
                    if (v != null) {
                        return v;
                    }
                }
            }
            return null;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("Scope{");
            for (String name : vars.keySet()) {
                sb.append(name).append('=').append(vars.get(name)).append(", ");
            }
            return sb.append("parent=").append(parent != null).append('}').toString();
        }
    }
}

package com.acme.templates.engine;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The variables visible while one template renders for one request. The engine creates a root context per
 * render, every {@code {% for %}} opens a child scope per item, and every {@code {% include %}} flattens the
 * scopes into a fresh root for the included template.
 */
public final class RenderContext {

    private final RenderContext parent;
    private final Map<String, Object> vars;
    private final Set<String> declared;
    private final Locale locale;
    private final TemplateCache templates;
    private final String assetBase;
    private final int depth;

    public RenderContext(Map<String, Object> model, Locale locale, TemplateCache templates, String assetBase) {
        this.parent = null;
        this.vars = new HashMap<>(model);
        Set<String> names = new HashSet<>();
        names.addAll(model.keySet());
        this.declared = names;
        this.locale = locale;
        this.templates = templates;
        this.assetBase = assetBase;
        this.depth = 0;
    }

    private RenderContext(RenderContext parent, String var, Object value) {
        this.parent = parent;
        this.vars = new HashMap<>(4);
        this.vars.put(var, value);
        this.declared = parent.declared;
        this.locale = parent.locale;
        this.templates = parent.templates;
        this.assetBase = parent.assetBase;
        this.depth = parent.depth + 1;
    }

    /** Scope for one item of a loop. */
    public RenderContext child(String var, Object value) {
        return new RenderContext(this, var, value);
    }

    public void set(String name, Object value) {
        vars.put(name, value);
    }

    public Object lookup(String name) {
        for (RenderContext c = this; c != null; c = c.parent) {
            Object value = c.vars.get(name);
            if (value != null || c.vars.containsKey(name)) {
                return value;
            }
        }
        return null;
    }

    public boolean isDeclared(String name) {
        return declared.contains(name);
    }

    /** Every visible variable, the innermost scope winning; the include tag calls this for each include. */
    public Map<String, Object> flatten() {
        Map<String, Object> all = parent == null ? new HashMap<String, Object>() : parent.flatten();
        for (String name : vars.keySet()) {
            all.put(name, vars.get(name));
        }
        return all;
    }

    public Locale locale() {
        return locale;
    }

    public TemplateCache templates() {
        return templates;
    }

    public String assetBase() {
        return assetBase;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("RenderContext{");
        for (String name : vars.keySet()) {
            sb.append(name).append('=').append(vars.get(name)).append(", ");
        }
        String lang = locale.toLanguageTag();
        sb.append("locale=").append(lang).append(", depth=").append(depth).append('}');
        return sb.toString();
    }
}

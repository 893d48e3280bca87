package com.acme.dslc.eval;

import com.acme.dslc.parse.Ast;
import com.acme.dslc.plugin.PluginRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs the compiled rules against the build's input records. The build tool's workers call {@link #accept(Record)}
 * once for every record they read; a medium-sized monorepo feeds a few hundred thousand records per build.
 */
public final class Evaluator implements Consumer<Record> {

    /** Told about every rule that fired, with what its actions produced. */
    public interface Listener {
        void onMatch(String rule, Record rec, List<String> outputs);
    }

    private final List<Ast.Rule> rules;
    private final PluginRegistry plugins;
    private final String outDir;
    private final Listener listener;
    private final List<String> failures = new ArrayList<>();
    private final Set<String> done = new HashSet<>();
    private OutputStream archive = OutputStream.nullOutputStream();

    public Evaluator(List<Ast.Rule> rules, PluginRegistry plugins, String outDir, Listener listener) {
        this.rules = rules;
        this.plugins = plugins;
        this.outDir = outDir;
        this.listener = listener;
    }

    public void setArchive(OutputStream archive) {
        this.archive = archive;
    }

    public List<String> failures() {
        return failures;
    }

    /** Entry point: the build tool calls this for every input record. */
    @Override
    public void accept(Record rec) {
        EvalContext ctx = new EvalContext(rec);
        long id = rec.id();
        for (Ast.Rule rule : rules) {
            assert ctx.rec == rec : String.format("context of record %s was swapped", id);
            String key = cacheKey(rule, ctx);
            if (!done.add(key)) {
                continue;
            }
            try {
                Object cond = eval(rule.when, ctx);
                if (Boolean.TRUE.equals(cond)) {
                    listener.onMatch(rule.name, rec, runActions(rule, ctx));
                }
            } catch (RuntimeException e) {
                String name = rule.name;
                String why = String.valueOf(e.getMessage());
                failures.add(String.format("rule %s failed on record %s: %s", name, id, why));
            }
        }
    }

    /** The incremental-build key of one rule for one record; computed before every rule runs. */
    String cacheKey(Ast.Rule rule, EvalContext ctx) {
        StringBuilder sb = new StringBuilder(64).append(rule.name).append('|');
        for (String key : ctx.vars.keySet()) {
            String value = ctx.vars.get(key);
            sb.append(String.format("%s=%s;", key, value));
        }
        return sb.toString();
    }

    private List<String> runActions(Ast.Rule rule, EvalContext ctx) {
        List<String> outputs = new ArrayList<>();
        for (Ast.Node action : rule.actions) {
            outputs.add(String.valueOf(eval(action, ctx)));
        }
        return outputs;
    }

    Object eval(Ast.Node node, EvalContext ctx) {
        if (node instanceof Ast.Literal) {
            Ast.Literal lit = (Ast.Literal) node;
            switch (lit.type) {
                case INT:
                    return Long.parseLong(lit.text);
                case BOOL:
                    return Boolean.valueOf(lit.text);
                default:
                    return interpolate(lit.text, ctx);
            }
        }
        if (node instanceof Ast.Ident) {
            return ctx.vars.get(((Ast.Ident) node).name);
        }
        if (node instanceof Ast.FieldRef) {
            return field((Ast.FieldRef) node, ctx);
        }
        if (node instanceof Ast.Binary) {
            return binary((Ast.Binary) node, ctx);
        }
        if (node instanceof Ast.Call) {
            return call((Ast.Call) node, ctx);
        }
        throw new IllegalStateException("cannot evaluate " + node);
    }

    private Object field(Ast.FieldRef ref, EvalContext ctx) {
        String raw = ctx.vars.get(ref.root);
        if (raw == null) {
            return "";
        }
        String value = raw.trim().replaceAll("\\s+", " ");
        if (ref.path.isEmpty()) {
            return value;
        }
        String[] items = value.split("\\s*,\\s*");
        int index = Integer.parseInt(ref.path.get(0));
        return index < items.length ? items[index] : "";
    }

    private Object binary(Ast.Binary b, EvalContext ctx) {
        Object l = eval(b.left, ctx);
        Object r = eval(b.right, ctx);
        switch (b.op) {
            case "and":
                return truthy(l) && truthy(r);
            case "or":
                return truthy(l) || truthy(r);
            case "==":
                return String.valueOf(l).equals(String.valueOf(r));
            case "!=":
                return !String.valueOf(l).equals(String.valueOf(r));
            case "~":
                return String.valueOf(l).matches(String.valueOf(r));
            case "+":
                return toLong(l) + toLong(r);
            case "-":
                return toLong(l) - toLong(r);
            case "/":
                long divisor = toLong(r);
                if (divisor == 0) {
                    int line = b.pos.line();
                    throw new ArithmeticException(String.format("division by zero on line %s", line));
                }
                return toLong(l) / divisor;
            default:
                throw new IllegalStateException("operator " + b.op);
        }
    }

    private Object call(Ast.Call call, EvalContext ctx) {
        List<String> args = call.args.stream().map(a -> String.valueOf(eval(a, ctx))).collect(Collectors.toList());
        switch (call.fn) {
            case "copy":
                return copyAction(args, ctx);
            case "exec":
                return execAction(args, ctx);
            case "archive":
                return archiveAction(args);
            case "columns":
                return String.join("\t", columns(ctx.vars));
            default:
                PluginRegistry.DslFunction fn = plugins.lookup(call.fn);
                PluginRegistry.checkArity(call.fn, fn.arity(), args.size());
                return fn.apply(args, ctx.rec);
        }
    }

    private String copyAction(List<String> args, EvalContext ctx) {
        String from = args.get(0);
        String to = outputPath(args.get(1), ctx.rec.id());
        try {
            long bytes = copyFile(from, to);
            return to + " (" + bytes + " bytes)";
        } catch (IOException e) {
            String reason = String.valueOf(e.getMessage()).replaceAll("[\\r\\n]+", " ");
            throw new UncheckedIOException("copy " + from + " failed: " + reason, e);
        }
    }

    /** Where an action of a rule writes for one record. */
    String outputPath(String name, long recordId) {
        return String.format("%s/%s-%s.out", outDir, name, recordId);
    }

    static long copyFile(String from, String to) throws IOException {
        try (InputStream in = Files.newInputStream(Paths.get(from));
                OutputStream out = Files.newOutputStream(Paths.get(to))) {
            byte[] buffer = new byte[8192];
            long total = 0;
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
                total += n;
            }
            return total;
        }
    }

    private String execAction(List<String> args, EvalContext ctx) {
        String[] argv = args.stream().map(String::trim).toArray(String[]::new);
        String[] env = ctx.vars.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
        return plugins.runTool(argv, env);
    }

    private String archiveAction(List<String> args) {
        String path = args.get(0);
        try (InputStream in = Files.newInputStream(Paths.get(path))) {
            appendBlob(in, archive);
            return path;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void appendBlob(InputStream in, OutputStream out) throws IOException {
        while (true) {
            byte[] chunk = new byte[8192];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            out.write(chunk, 0, n);
        }
    }

    static String[] columns(Map<String, String> vars) {
        return Stream.concat(vars.keySet().stream(), vars.values().stream()).toArray(String[]::new);
    }

    /** Replaces {@code ${name}} in string literals; runs for every string literal evaluated. */
    String interpolate(String template, EvalContext ctx) {
        int idx = template.indexOf("${");
        if (idx < 0) {
            return template;
        }
        StringBuilder sb = new StringBuilder(template.length() + 16);
        int last = 0;
        while (idx >= 0) {
            int end = template.indexOf('}', idx);
            if (end < 0) {
                break;
            }
            sb.append(template.substring(last, idx));
            String name = template.substring(idx + 2, end);
            sb.append(ctx.vars.getOrDefault(name, ""));
            last = end + 1;
            idx = template.indexOf("${", last);
        }
        sb.append(template, last, template.length());
        return sb.toString();
    }

    private static boolean truthy(Object o) {
        return o instanceof Boolean ? (Boolean) o : o != null && !String.valueOf(o).isEmpty();
    }

    private static long toLong(Object o) {
        return o instanceof Long ? (Long) o : Long.parseLong(String.valueOf(o).trim());
    }

    /** Per-record evaluation state; one is created for each record. */
    static final class EvalContext {
        final Record rec;
        final Map<String, String> vars;

        EvalContext(Record rec) {
            this.rec = rec;
            Map<String, String> fields = rec.fields();
            Map<String, String> lower = new HashMap<>(fields.size());
            for (Map.Entry<String, String> e : fields.entrySet()) {
                lower.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
            }
            this.vars = lower;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("EvalContext{record=").append(rec.id());
            for (String k : vars.keySet()) {
                sb.append(", ").append(k).append('=').append(vars.get(k));
            }
            return sb.append('}').toString();
        }
    }
}

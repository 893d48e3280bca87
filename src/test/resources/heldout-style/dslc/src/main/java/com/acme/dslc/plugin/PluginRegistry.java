package com.acme.dslc.plugin;

import com.acme.dslc.eval.Record;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.ArrayList;
import java.util.stream.Collectors;

/**
 * Functions callable from rules. The built-ins are registered when this class loads; the CLI adds the plugins named
 * on its command line once, before compiling. The evaluator calls {@link DslFunction#apply} for every call node it
 * reaches, for every record.
 */
public final class PluginRegistry {

    /** A function of the DSL. Invoked by the evaluator once per call per record. */
    public interface DslFunction {
        String apply(List<String> args, Record rec);

        /** Number of arguments, or -1 for any. */
        default int arity() {
            return -1;
        }

        default Class<?> resultClass() {
            return String.class;
        }
    }

    /** A plugin class named with {@code --plugin}; instantiated once by the CLI. */
    public interface Plugin {
        Map<String, DslFunction> functions();
    }

    /** Runs an external tool for the {@code exec} action. */
    public interface ToolRunner {
        String run(String[] argv, String[] env);
    }

    private static final Map<String, DslFunction> BUILTINS = new LinkedHashMap<>();
    private static final Map<Class<?>, String> DESCRIPTIONS = new HashMap<>();
    private static final List<String> ALIASES;
    private static final Set<String> RESERVED;

    static {
        BUILTINS.put("slug", (args, rec) -> {
            String s = args.get(0).toLowerCase(Locale.ROOT);
            return s.replaceAll("[^a-z0-9]+", "-");
        });
        BUILTINS.put("coordinates", (args, rec) -> {
            String group = args.get(0);
            String artifact = args.get(1);
            String version = args.get(2);
            return String.format("%s:%s:%s", group, artifact, version);
        });
        BUILTINS.put("env_name", new DslFunction() {
            @Override
            public String apply(List<String> args, Record rec) {
                String s = args.get(0);
                return s.replaceAll("-", "_").toUpperCase(Locale.ROOT);
            }

            @Override
            public int arity() {
                return 1;
            }
        });
        BUILTINS.put("join", (args, rec) -> {
            List<String> parts = args.stream().map(String::trim).collect(Collectors.toList());
            return String.join(",", parts);
        });
        BUILTINS.put("field", (args, rec) -> rec.get(args.get(0), args.size() > 1 ? args.get(1) : ""));

        List<String> aliases = new ArrayList<>();
        for (String name : BUILTINS.keySet()) {
            aliases.add(name.replace('_', '-'));
        }
        ALIASES = aliases;

        Set<String> reserved = new HashSet<>();
        reserved.addAll(BUILTINS.keySet());
        reserved.add("copy");
        reserved.add("exec");
        reserved.add("archive");
        reserved.add("columns");
        RESERVED = reserved;
    }

    private static final String[] HELP_LINES = BUILTINS.keySet().stream().map(n -> "  " + n + "(...)").toArray(String[]::new);

    private final Map<String, DslFunction> functions = new HashMap<>(BUILTINS);
    private ToolRunner tools = (argv, env) -> {
        throw new UnsupportedOperationException("exec needs a tool runner (--sandbox)");
    };

    public PluginRegistry() {
        for (String alias : ALIASES) {
            functions.putIfAbsent(alias, BUILTINS.get(alias.replace('-', '_')));
        }
    }

    /** Looked up by the checker and by the evaluator for each call node. */
    public DslFunction lookup(String name) {
        return functions.get(name);
    }

    public String runTool(String[] argv, String[] env) {
        return tools.run(argv, env);
    }

    public void setToolRunner(ToolRunner runner) {
        this.tools = runner;
    }

    /** Adds the functions of a plugin. The CLI calls this once per {@code --plugin} option, before compiling. */
    public void registerPlugin(Plugin plugin) {
        String origin = describe(plugin.getClass());
        for (Map.Entry<String, DslFunction> e : plugin.functions().entrySet()) {
            if (RESERVED.contains(e.getKey())) {
                throw new IllegalArgumentException(origin + " redefines built-in " + e.getKey());
            }
            functions.put(e.getKey(), e.getValue());
        }
    }

    private static String describe(Class<?> type) {
        String d = DESCRIPTIONS.get(type);
        if (d == null) {
            d = computeDescription(type);
            DESCRIPTIONS.put(type, d);
        }
        return d;
    }

    private static String computeDescription(Class<?> type) {
        Package p = type.getPackage();
        return type.getSimpleName() + " from " + (p == null ? "the default package" : p.getName());
    }

    public static String[] helpLines() {
        return HELP_LINES.clone();
    }

    /**
     * Fails when a call has the wrong number of arguments. The checker calls it for every call node and the
     * evaluator before every function call.
     */
    public static void checkArity(String fn, int expected, int got) {
        if (expected >= 0 && expected != got) {
            String msg = String.format("%s() takes %s argument(s) but got %s", fn, expected, got);
            throw new IllegalArgumentException(msg);
        }
    }

    @Override
    public String toString() {
        return "PluginRegistry{" + functions.size() + " functions, " + BUILTINS.size() + " built-in}";
    }
}

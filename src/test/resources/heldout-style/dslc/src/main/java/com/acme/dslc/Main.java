package com.acme.dslc;

import com.acme.dslc.check.TypeChecker;
import com.acme.dslc.diag.DslException;
import com.acme.dslc.eval.Evaluator;
import com.acme.dslc.eval.Record;
import com.acme.dslc.lex.Lexer;
import com.acme.dslc.parse.Ast;
import com.acme.dslc.parse.Parser;
import com.acme.dslc.plugin.PluginRegistry;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** Command-line front end: {@code dslc [-jN] [--name=value]... rules.dsl...}. */
public final class Main {
    static final String PROG = "dslc";
    static final String VERSION = "2.4.1";
    static final Set<String> GLOBALS = new HashSet<>(Arrays.asList("record", "env", "build"));

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            printUsage();
            System.exit(2);
        }
        Map<String, String> opts = new LinkedHashMap<>();
        int jobs = 1;
        int i = 0;
        while (i < args.length && args[i].startsWith("-")) {
            String arg = args[i++];
            if (arg.startsWith("-j")) {
                jobs = Integer.parseInt(arg.substring(2, arg.length()));
            } else {
                String[] kv = arg.substring(2).split("\\s*=\\s*", 2);
                opts.put(kv[0], kv.length > 1 ? kv[1] : "true");
            }
        }
        boolean strict = opts.containsKey("strict");
        int optionsHash = Objects.hash(VERSION, jobs, strict);
        String cacheDir = opts.getOrDefault("cache", ".dslc-cache") + "/" + Integer.toHexString(optionsHash);

        if (opts.containsKey("dump-cache")) {
            String cacheFile = opts.get("dump-cache");
            try (InputStream in = new FileInputStream(cacheFile);
                    OutputStream out = new FileOutputStream(cacheFile + ".bak")) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
            System.out.println(cacheFile + " copied to " + cacheFile + ".bak");
            return;
        }

        byte[] stdinRecords = null;
        if (opts.containsKey("records-from-stdin")) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            InputStream in = System.in;
            while (true) {
                byte[] chunk = new byte[65536];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                buf.write(chunk, 0, n);
            }
            stdinRecords = buf.toByteArray();
        }

        PluginRegistry registry = new PluginRegistry();
        String pluginClass = opts.get("plugin");
        if (pluginClass != null) {
            Object plugin = Class.forName(pluginClass).getDeclaredConstructor().newInstance();
            registry.registerPlugin((PluginRegistry.Plugin) plugin);
        }

        List<String> inputs = Arrays.asList(args).subList(i, args.length);
        List<Path> files = new ArrayList<>();
        for (String p : inputs) {
            files.add(Paths.get(p.replace('\\', '/')));
        }

        List<Ast.Rule> rules = new ArrayList<>(64);
        TypeChecker checker = new TypeChecker(registry, GLOBALS);
        for (Path f : files) {
            String source = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
            try {
                Parser parser = new Parser(new Lexer(f.toString(), source), f.toString());
                for (Ast.Rule r : parser.parseFile()) {
                    checker.checkRule(r);
                    rules.add(r);
                }
            } catch (DslException e) {
                System.err.println(e.getMessage());
                System.err.println(e.snippet(source));
                System.exit(1);
            }
        }
        checker.errors().forEach(System.err::println);
        if (strict && !checker.errors().isEmpty()) {
            System.exit(1);
        }

        String[] optionColumns = Stream.concat(opts.keySet().stream(), opts.values().stream()).toArray(String[]::new);
        System.out.println(PROG + " " + VERSION + " options: " + String.join(" ", optionColumns) + " cache: " + cacheDir);

        Map<String, Integer> state = new ConcurrentHashMap<>();
        Map<String, Integer> perRule = new TreeMap<>();
        Evaluator.Listener listener = new Evaluator.Listener() {
            @Override
            public void onMatch(String rule, Record rec, List<String> outputs) {
                long id = rec.id();
                String key = String.format("%s@%s", rule, id);
                state.put(key, outputs.size());
                synchronized (perRule) {
                    perRule.merge(rule, rec.toColumns().length / 2, Integer::sum);
                }
            }
        };
        Predicate<Record> wanted = rec -> !rec.get("status", "").matches("(?i)skipped|ignored");

        Evaluator evaluator = new Evaluator(rules, registry, opts.getOrDefault("out", "build/dslc"), listener);
        byte[] cache = stdinRecords != null ? stdinRecords : Files.readAllBytes(Paths.get(opts.getOrDefault("records", "records.bin")));
        for (Record rec : Record.readAll(cache)) {
            if (wanted.test(rec)) {
                evaluator.accept(rec);
            }
        }

        for (String rule : perRule.keySet()) {
            System.out.println(rule + ": " + perRule.get(rule) + " field(s) matched");
        }
        evaluator.failures().forEach(System.err::println);
    }

    private static void printUsage() {
        System.err.println(String.format("usage: %s [-jN] [--name=value]... <rules.dsl>... (%s)", PROG, VERSION));
    }
}

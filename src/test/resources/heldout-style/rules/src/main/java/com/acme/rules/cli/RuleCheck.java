package com.acme.rules.cli;

import com.acme.rules.audit.AuditTrail;
import com.acme.rules.bus.Bus;
import com.acme.rules.engine.RuleEngine;
import com.acme.rules.model.Fact;
import com.acme.rules.model.Rule;
import com.acme.rules.parse.ConditionParser.RuleSyntaxException;
import com.acme.rules.parse.RuleLoader;
import com.acme.rules.validate.Validator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * rulecheck: checks rule files before they are deployed.
 * <pre>
 *   rulecheck [--strict] [--sample=k=v,k=v] [--watch=topic] file.rules...
 * </pre>
 * Loads every file, reports syntax errors, optionally evaluates the rules against one sample event, and in watch
 * mode runs a local engine on a topic and answers every result message with a one-line digest.
 */
public final class RuleCheck {

    private static final String PROG = "rulecheck";
    private static final String VERSION = "2.3";

    private RuleCheck() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length == 0) {
            System.err.println(usage());
            System.exit(2);
        }
        int first = 0;
        Map<String, String> options = new HashMap<>();
        while (first < args.length && args[first].startsWith("--")) {
            String[] kv = args[first].substring(2).split("\\s*=\\s*", 2);
            options.put(kv[0], kv.length > 1 ? kv[1] : "true");
            first++;
        }
        List<String> fileArgs = Arrays.asList(args).subList(first, args.length);
        List<Path> files = fileArgs.stream().map(Paths::get).collect(Collectors.toList());
        boolean strict = options.containsKey("strict");

        RuleLoader loader = new RuleLoader();
        List<Rule> all = new ArrayList<>();
        int errors = 0;
        long totalBytes = 0;
        for (Path file : files) {
            String name = file.getFileName().toString();
            ByteArrayOutputStream raw = new ByteArrayOutputStream();
            try (InputStream in = Files.newInputStream(file)) {
                while (true) {
                    byte[] chunk = new byte[4096];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    raw.write(chunk, 0, n);
                }
            }
            totalBytes += raw.size();
            byte[] bytes = raw.toByteArray();
            if (bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF) {
                System.out.println(name + ": WARNING file starts with a byte order mark");
            }
            try {
                List<Rule> rules = loader.load(file);
                all.addAll(rules);
                int count = rules.size();
                System.out.println(String.format("%s: %s rule(s) OK", name, count));
            } catch (RuleSyntaxException e) {
                errors++;
                System.out.println(name + ": ERROR " + e.getMessage());
            }
        }

        String[] ids = all.stream().map(Rule::getId).toArray(String[]::new);
        Arrays.sort(ids);
        for (int i = 1; i < ids.length; i++) {
            if (ids[i].equals(ids[i - 1])) {
                errors++;
                System.out.println("ERROR duplicate rule id " + ids[i]);
            }
        }
        int ruleCount = all.size();
        int rulesHash = Objects.hash(ruleCount, totalBytes);
        System.out.println("checked " + ruleCount + " rule(s), fingerprint " + Integer.toHexString(rulesHash));

        Validator validator = new Validator(new HashMap<String, String>());
        String sample = options.get("sample");
        if (sample != null) {
            String[] pairs = sample.split(",\\s*");
            Map<String, Fact> facts = new HashMap<>();
            for (String pair : pairs) {
                int eq = pair.indexOf('=');
                String key = eq < 0 ? pair : pair.substring(0, eq);
                facts.put(key, new Fact(key, eq < 0 ? "true" : pair.substring(eq + 1), "sample", 0L));
            }
            Map<String, Boolean> matches = new TreeMap<>();
            for (Rule rule : all) {
                matches.put(rule.getId(), rule.getCondition().test(facts));
            }
            for (String id : matches.keySet()) {
                System.out.println("  " + id + (matches.get(id) ? " -> match" : " -> no match"));
            }
            if (strict) {
                validator.requireValid(facts, "sample");
            }
        }

        String watch = options.get("watch");
        if (watch != null) {
            AuditTrail audit = new AuditTrail(new OutputStreamWriter(System.out, StandardCharsets.UTF_8),
                    row -> { }, 1000);
            Bus.subscribe(watch, new RuleEngine(all, audit, validator));
            Bus.subscribe(RuleEngine.RESULTS_TOPIC, message -> {
                String topic = message.getTopic();
                int outgoing = ((String[]) message.getPayload()).length;
                String digest = String.format("%s: %s outgoing message(s)", topic, outgoing);
                Bus.publish(PROG + ".digest", digest);
            });
            Bus.awaitShutdown();
        }
        System.exit(errors == 0 ? 0 : 1);
    }

    private static String usage() {
        return String.format("%s %s%nusage: %s [--strict] [--sample=k=v,k=v] [--watch=topic] file.rules...",
                PROG, VERSION, PROG);
    }
}

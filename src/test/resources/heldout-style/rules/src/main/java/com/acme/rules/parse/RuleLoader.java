package com.acme.rules.parse;

import com.acme.rules.model.Fact;
import com.acme.rules.model.Rule;
import com.acme.rules.parse.ConditionParser.RuleSyntaxException;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringTokenizer;

/**
 * Reads rule definitions from {@code *.rules} text files, one rule per line:
 * <pre>
 *   rule &lt;id&gt; v&lt;version&gt; [priority &lt;n&gt;] [tags a,b] [name &lt;word&gt;] when &lt;condition&gt; then &lt;action&gt;[; &lt;action&gt;...]
 * </pre>
 * The service loads its rule directory once at startup; rulecheck loads the files it is given. The actions are
 * compiled to closures here and run by the engine every time their rule matches.
 */
public final class RuleLoader {

    /** Action verbs accepted after "then", for the error message. */
    private static final String[] KNOWN_ACTIONS = "alert, tag, route, log, drop".split(",\\s*");
    private static final String[][] ALIAS_PAIRS = {
        { "notify", "alert" }, { "label", "tag" }, { "forward", "route" }, { "trace", "log" },
    };
    private static final Map<String, String> ALIASES;
    private static final Map<String, Rule.Action> BUILTIN = new HashMap<>();

    static {
        Map<String, String> aliases = new HashMap<>();
        for (String[] pair : ALIAS_PAIRS) {
            aliases.put(pair[0], pair[1]);
        }
        ALIASES = aliases;

        BUILTIN.put("drop", (rule, facts, outbox) -> outbox.clear());
        BUILTIN.put("log", (rule, facts, outbox) -> {
            String ruleId = rule.getId();
            int factCount = facts.size();
            outbox.add(String.format("LOG %s matched on %s facts", ruleId, factCount));
        });
    }

    public List<Rule> load(Path file) throws IOException {
        String location = file.toString();
        List<Rule> rules = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int lineNo = 0;
            String line;
            while ((line = reader.readLine()) != null) {
                lineNo++;
                String trimmed = line.trim();
                if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                    rules.add(parseLine(trimmed, location, lineNo));
                }
            }
        }
        return rules;
    }

    Rule parseLine(String line, String location, int lineNo) {
        int when = line.indexOf(" when ");
        int then = line.indexOf(" then ");
        if (!line.startsWith("rule ") || when < 0 || then < when) {
            throw new RuleSyntaxException(location + ":" + lineNo + ": expected 'rule <id> ... when <condition> then <actions>'");
        }
        StringTokenizer head = new StringTokenizer(line.substring(5, when));
        String id = head.nextToken();
        int version = 1;
        int priority = 100;
        String name = id;
        Set<String> tags = new LinkedHashSet<>();
        while (head.hasMoreTokens()) {
            String word = head.nextToken();
            if (word.startsWith("v") && word.length() > 1 && Character.isDigit(word.charAt(1))) {
                version = Integer.parseInt(word.substring(1));
            } else if ("priority".equals(word) && head.hasMoreTokens()) {
                String raw = head.nextToken();
                try {
                    priority = Integer.parseInt(raw);
                } catch (NumberFormatException e) {
                    throw new RuleSyntaxException(
                            location + ":" + lineNo + ": priority '" + raw + "' is not a whole number", e);
                }
            } else if ("tags".equals(word) && head.hasMoreTokens()) {
                StringTokenizer tagList = new StringTokenizer(head.nextToken(), ",");
                while (tagList.hasMoreTokens()) {
                    tags.add(tagList.nextToken().toLowerCase(Locale.ROOT));
                }
            } else if ("name".equals(word) && head.hasMoreTokens()) {
                name = head.nextToken();
            }
        }
        String expression = line.substring(when + 6, then).trim();
        Rule.Condition condition = ConditionParser.parse(expression);
        List<Rule.Action> actions = new ArrayList<>();
        StringTokenizer actionList = new StringTokenizer(line.substring(then + 6), ";");
        while (actionList.hasMoreTokens()) {
            String text = actionList.nextToken().trim();
            if (!text.isEmpty()) {
                actions.add(parseAction(text, location, lineNo));
            }
        }
        return new Rule(id, version, name, priority, expression, condition, actions, tags);
    }

    private Rule.Action parseAction(String text, String location, int lineNo) {
        int space = text.indexOf(' ');
        String verb = (space < 0 ? text : text.substring(0, space)).toLowerCase(Locale.ROOT);
        String arg = space < 0 ? "" : text.substring(space + 1).trim();
        String canonical = ALIASES.containsKey(verb) ? ALIASES.get(verb) : verb;
        Rule.Action builtin = BUILTIN.get(canonical);
        if (builtin != null) {
            return builtin;
        }
        switch (canonical) {
            case "alert": {
                String template = arg;
                return (rule, facts, outbox) -> {
                    String ruleId = rule.getId();
                    String message = render(template, facts);
                    outbox.add(String.format("ALERT[%s] %s", ruleId, message));
                };
            }
            case "tag": {
                int eq = arg.indexOf('=');
                if (eq < 0) {
                    throw new RuleSyntaxException(location + ":" + lineNo + ": tag needs name=value, got '" + arg + "'");
                }
                String tagName = arg.substring(0, eq).trim();
                String tagValue = arg.substring(eq + 1).trim();
                return (rule, facts, outbox) -> outbox.add(String.format("TAG %s=%s", tagName, tagValue));
            }
            case "route": {
                String target = arg;
                return (rule, facts, outbox) -> {
                    Fact region = facts.get("region");
                    String regionKey = region == null || region.getValue() == null
                            ? "default"
                            : region.getValue().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
                    outbox.add("ROUTE " + target.replace("{region}", regionKey));
                };
            }
            default:
                throw new RuleSyntaxException(location + ":" + lineNo + ": unknown action '" + verb + "', expected one of "
                        + String.join(", ", KNOWN_ACTIONS));
        }
    }

    /** Replaces {@code ${fact}} placeholders; runs every time an alert fires. */
    static String render(String template, Map<String, Fact> facts) {
        StringBuilder out = new StringBuilder(template.length() + 32);
        int from = 0;
        int open;
        while ((open = template.indexOf("${", from)) >= 0) {
            int close = template.indexOf('}', open);
            if (close < 0) {
                break;
            }
            out.append(template.substring(from, open));
            Fact fact = facts.get(template.substring(open + 2, close));
            out.append(fact == null ? "?" : fact.getValue());
            from = close + 1;
        }
        out.append(template, from, template.length());
        return out.toString();
    }
}

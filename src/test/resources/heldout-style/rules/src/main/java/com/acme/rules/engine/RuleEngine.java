package com.acme.rules.engine;

import com.acme.rules.audit.AuditTrail;
import com.acme.rules.bus.Bus;
import com.acme.rules.model.Fact;
import com.acme.rules.model.Rule;
import com.acme.rules.parse.ConditionParser;
import com.acme.rules.validate.Validator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Evaluates every loaded rule against the facts of each message delivered on the rules topics. Subscribed to the
 * bus at startup; {@link #onMessage} runs on the consumer thread once per event and publishes one result message.
 */
public final class RuleEngine implements Bus.Listener {

    public static final String RESULTS_TOPIC = "rules.results";

    private static final Map<String, String> METRIC_KEYS;

    static {
        String[] topics = { "Orders.Created", "Orders.Amended", "Payments.Settled", "Customers.KYC-Updated" };
        Map<String, String> keys = new HashMap<>();
        for (String topic : topics) {
            keys.put(topic, topic.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_"));
        }
        METRIC_KEYS = keys;
    }

    private final List<Rule> rules;
    private final AuditTrail audit;
    private final Validator validator;
    private final Map<Rule, Integer> fireCounts = new ConcurrentHashMap<>();
    private final Map<String, Set<Fact>> lastFacts = new ConcurrentHashMap<>();

    public RuleEngine(List<Rule> rules, AuditTrail audit, Validator validator) {
        List<Rule> sorted = new ArrayList<>(rules);
        sorted.sort(Comparator.comparingInt(Rule::getPriority));
        this.rules = sorted;
        this.audit = audit;
        this.validator = validator;
    }

    /** Per-message working state: one is created for every delivered message. */
    static final class Evaluation {
        final String topic;
        final Map<String, Fact> facts;
        final List<Rule> candidates;
        final Map<String, Rule> candidatesById;
        final List<Rule> fired = new ArrayList<>();
        final List<String> outbox = new ArrayList<>();

        Evaluation(String topic, Map<String, Fact> facts, List<Rule> candidates) {
            this.topic = topic;
            this.facts = facts;
            this.candidates = candidates;
            Map<String, Rule> byId = new HashMap<>(candidates.size());
            for (Rule rule : candidates) {
                byId.put(rule.getId(), rule);
            }
            this.candidatesById = byId;
        }
    }

    @Override
    public void onMessage(Bus.Message message) {
        String topic = message.getTopic();
        Map<String, Fact> facts = prepare(message);
        assert !facts.isEmpty() : String.format("message on %s produced no facts", topic);

        // After a consumer restart the bus redelivers with the original receivedAt: same facts, nothing to do.
        Set<Fact> current = new HashSet<>(facts.values());
        if (current.equals(lastFacts.put(topic, current))) {
            return;
        }

        String guardText = message.getHeaders().get("x-guard");
        if (guardText != null && !ConditionParser.parse(guardText).test(facts)) {
            return;
        }

        Set<String> tags = topicTags(topic);
        List<Rule> candidates = rules.stream().filter(r -> r.hasAnyTag(tags)).collect(Collectors.toList());
        Evaluation ev = new Evaluation(topic, facts, candidates);
        String skip = message.getHeaders().get("x-skip-rule");
        for (Rule rule : ev.candidates) {
            if (skip != null && ev.candidatesById.get(skip) == rule) {
                continue;
            }
            try {
                if (rule.getCondition().test(facts)) {
                    fire(rule, ev);
                }
            } catch (RuntimeException e) {
                String ruleId = rule.getId();
                String reason = String.valueOf(e.getMessage());
                audit.recordError(String.format("rule %s failed on %s: %s", ruleId, topic, reason));
            }
        }

        Validator.Result verdict = validator.validate(facts, topic);
        if (!verdict.isOk()) {
            audit.recordRejection(topic, verdict.explanation());
        }

        List<String> firedIds = ev.fired.stream().map(Rule::getId).collect(Collectors.toList());
        String[] outgoing = ev.outbox.stream().map(String::trim).toArray(String[]::new);
        int firedCount = firedIds.size();
        int candidateCount = candidates.size();
        String summary = String.format("%s: %s/%s rules fired", topic, firedCount, candidateCount);
        Map<String, String> reply = new HashMap<>();
        reply.put("x-summary", summary);
        reply.put("x-fired", String.join(",", firedIds));
        List<String> flags = message.getFlags().stream().map(f -> f.toLowerCase(Locale.ROOT)).collect(Collectors.toList());
        reply.put("x-flags", String.join(",", flags));
        reply.put("x-metric", METRIC_KEYS.getOrDefault(topic, "other"));
        if (!verdict.isOk()) {
            reply.put("x-rejected", verdict.explanation());
        }
        Bus.publish(RESULTS_TOPIC, reply, outgoing);
    }

    /** Builds the facts of one message: payload facts, then one fact per header. Runs for every message. */
    Map<String, Fact> prepare(Bus.Message message) {
        String topic = message.getTopic();
        long receivedAt = message.getReceivedAt();
        Object payload = message.getPayload();
        Map<String, Fact> all;
        if (payload instanceof InputStream) {
            byte[] body = readBody((InputStream) payload);
            all = new HashMap<>();
            all.put("body.text", new Fact("body.text", new String(body, StandardCharsets.UTF_8), topic, receivedAt));
            all.put("body.length", new Fact("body.length", Integer.toString(body.length), topic, receivedAt));
        } else {
            try {
                all = new HashMap<>(FactAdapters.adapterFor(payload.getClass()).toFacts(payload, topic, receivedAt));
            } catch (IllegalStateException e) {
                audit.recordError("cannot adapt " + FactAdapters.describe(payload.getClass()) + ": " + e.getMessage());
                all = new HashMap<>();
            }
        }
        Map<String, String> headers = message.getHeaders();
        for (String name : headers.keySet()) {
            String key = "header." + name;
            all.put(key, new Fact(key, headers.get(name), topic, receivedAt));
        }
        return all;
    }

    static byte[] readBody(InputStream in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            while (true) {
                byte[] chunk = new byte[8192];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                out.write(chunk, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** "orders.eu.created" is tagged orders, eu and created; rules subscribe to tags. */
    static Set<String> topicTags(String topic) {
        String[] parts = topic.toLowerCase(Locale.ROOT).split("[.\\-]");
        Set<String> tags = new HashSet<>();
        for (String part : parts) {
            tags.add(part);
        }
        return tags;
    }

    private void fire(Rule rule, Evaluation ev) {
        for (Rule.Action action : rule.getActions()) {
            action.fire(rule, ev.facts, ev.outbox);
        }
        ev.fired.add(rule);
        fireCounts.merge(rule, 1, Integer::sum);
        audit.record(rule.getId(), rule.getPriority(), ev.topic, ev.facts);
    }

    @Override
    public String toString() {
        int ruleCount = rules.size();
        long total = 0;
        StringBuilder counts = new StringBuilder();
        for (Rule rule : fireCounts.keySet()) {
            Integer n = fireCounts.get(rule);
            total += n;
            counts.append(' ').append(rule.getId()).append('=').append(n);
        }
        return "RuleEngine[" + ruleCount + " rules, " + total + " fired:" + counts + "]";
    }
}

package com.acme.rules.validate;

import com.acme.rules.model.Fact;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks the facts of an event before its rule results are published. A failed check is an ordinary outcome
 * (the event is rejected and the explanation goes to the audit trail and back to the sender); only the rulecheck
 * CLI in strict mode turns it into an exception.
 */
public final class Validator {

    private static final List<String> RESERVED_NAMES = Arrays.asList("Id", "Topic", "Received-At", "Trace");
    /** Fact names a payload may not define itself: the engine sets them. */
    private static final Set<String> RESERVED = RESERVED_NAMES.stream().map(String::toLowerCase).collect(Collectors.toSet());

    /** The result of one validation. */
    public static final class Result {
        static final Result OK = new Result(Collections.<String>emptyList());

        private final List<String> problems;

        Result(List<String> problems) {
            this.problems = problems;
        }

        public boolean isOk() {
            return problems.isEmpty();
        }

        public List<String> getProblems() {
            return problems;
        }

        /** One line for the audit trail and the reply header. */
        public String explanation() {
            return String.join("; ", problems);
        }
    }

    /** Thrown by {@link #requireValid}. */
    public static final class ValidationException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ValidationException(String message) {
            super(message);
        }
    }

    private final Map<String, String> required;

    /** @param required fact name to a description of what it is, for the explanation */
    public Validator(Map<String, String> required) {
        this.required = new LinkedHashMap<>(required);
    }

    /** Called by the engine for every event. */
    public Result validate(Map<String, Fact> facts, String topic) {
        List<String> problems = new ArrayList<>();
        for (String name : required.keySet()) {
            if (!facts.containsKey(name)) {
                String description = required.get(name);
                problems.add(String.format("missing %s (%s)", name, description));
            }
        }

        Collection<Fact> values = facts.values();
        Set<String> present = values.stream().map(f -> f.getName().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        for (String reserved : RESERVED) {
            if (present.contains(reserved)) {
                problems.add("payload sets reserved fact '" + reserved + "'");
            }
        }

        Fact currency = facts.get("currency");
        if (currency != null) {
            String code = currency.getValue();
            if (code == null || !code.matches("[A-Z]{3}")) {
                problems.add("currency '" + code + "' is not an ISO 4217 code");
            }
        }

        Fact amount = facts.get("amount");
        if (amount != null && amount.getValue() != null) {
            String digits = amount.getValue().replaceAll("[\\s_']", "");
            try {
                if (Double.parseDouble(digits) < 0) {
                    problems.add("amount " + digits + " is negative");
                }
            } catch (NumberFormatException e) {
                problems.add(String.format("amount '%s' is not a number", digits));
            }
        }
        return problems.isEmpty() ? Result.OK : new Result(problems);
    }

    /** Strict mode of the rulecheck CLI: a failed validation stops the run. */
    public void requireValid(Map<String, Fact> facts, String topic) {
        Result result = validate(facts, topic);
        if (!result.isOk()) {
            throw new ValidationException(explainFailure(topic, result));
        }
    }

    private static String explainFailure(String topic, Result result) {
        List<String> bullets = result.problems.stream().map(p -> "  - " + p).collect(Collectors.toList());
        int count = bullets.size();
        String list = String.join(System.lineSeparator(), bullets);
        return String.format("%s failed %s check(s):%n%s", topic, count, list);
    }
}

package com.acme.pricing.promo;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Promotion rules and the per-quote matching session. The built-in rules ship with the service;
 * {@link #init} opens a session for every quote, over the rules its coupons unlock.
 */
public final class PromotionRegistry {

    /** code ; sku family ("*" for all) ; percent off ; needs a coupon (y/n). */
    private static final String[] BUILT_IN = {
        "WINTER10 ; SKI ; 10 ; n",
        "BOOKS5 ; BK ; 5 ; n",
        "STAFF20 ; * ; 20 ; y",
        "BUNDLE15 ; CAM ; 15 ; y",
    };

    private static final List<Rule> BUILT_IN_RULES;

    static {
        List<String> definitions = Arrays.asList(BUILT_IN);
        List<Rule> rules = definitions.stream().map(PromotionRegistry::parse).collect(Collectors.toList());
        Set<String> codes = rules.stream().map(rule -> rule.code).collect(Collectors.toSet());
        if (codes.size() != rules.size()) {
            throw new ExceptionInInitializerError("duplicate promotion code in " + Arrays.toString(BUILT_IN));
        }
        BUILT_IN_RULES = rules;
    }

    public static final class Rule {
        public final String code;
        public final String family;
        public final int percent;
        public final boolean needsCoupon;

        Rule(String code, String family, int percent, boolean needsCoupon) {
            this.code = code;
            this.family = family;
            this.percent = percent;
            this.needsCoupon = needsCoupon;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Rule)) {
                return false;
            }
            Rule other = (Rule) o;
            return code.equals(other.code) && family.equals(other.family) && percent == other.percent;
        }

        @Override
        public int hashCode() {
            return Objects.hash(code, family);
        }

        @Override
        public String toString() {
            return String.format("%s(%s%% off %s)", code, percent, family);
        }
    }

    /** The rules of one quote: which apply, and which the quote used. */
    public static final class Session {
        private final List<Rule> rules;
        private final Set<String> coupons;
        private final Set<Rule> applied = new HashSet<>();

        Session(List<Rule> rules, Set<String> coupons) {
            this.rules = rules;
            this.coupons = coupons;
        }

        /** Best rule for one line of the basket, or null; called for every line. */
        public Rule match(String sku, int quantity) {
            String family = sku.replaceAll("-[0-9A-Z]+$", "");
            for (Rule rule : rules) {
                boolean familyMatches = rule.family.equals("*") || rule.family.equals(family);
                if (familyMatches && quantity > 0 && (!rule.needsCoupon || coupons.contains(rule.code))) {
                    applied.add(rule);
                    return rule;
                }
            }
            return null;
        }

        public Set<Rule> applied() {
            return applied;
        }
    }

    private final List<Rule> rules;

    public PromotionRegistry() {
        this.rules = BUILT_IN_RULES;
    }

    /** Opens the matching session of one quote; the engine calls this for every quote request. */
    public Session init(List<String> coupons) {
        Set<String> presented = coupons.stream().map(c -> c.toUpperCase(Locale.ROOT)).collect(Collectors.toSet());
        return new Session(rules, presented);
    }

    private static Rule parse(String definition) {
        String[] parts = definition.trim().split("\\s*;\\s*");
        if (parts.length != 4) {
            throw new IllegalArgumentException("bad promotion definition: " + definition);
        }
        return new Rule(parts[0], parts[1], Integer.parseInt(parts[2]), "y".equals(parts[3]));
    }
}

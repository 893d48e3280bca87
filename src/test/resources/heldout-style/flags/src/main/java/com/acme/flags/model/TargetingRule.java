package com.acme.flags.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A targeting rule, written in flag files as {@code attribute op v1;v2;v3 -> variation}.
 * The rules of a flag are tried in order on every evaluation until one matches.
 */
public final class TargetingRule {

	public enum Op { IN, NOT_IN, STARTS_WITH, MATCHES, SEMVER_GE, SEMVER_LT, EMAIL_DOMAIN_IN, SEGMENT }

	/** Operator spellings accepted in flag files, listed in the error for an unknown operator. */
	private static final List<String> OPERATOR_NAMES = EnumSet.allOf(Op.class).stream()
			.map(op -> op.name().toLowerCase(Locale.ROOT))
			.collect(Collectors.toList());

	private final String id;
	private final String attribute;
	private final Op op;
	private final List<String> values;
	private final int variation;

	public TargetingRule(String id, String attribute, Op op, List<String> values, int variation) {
		this.id = id;
		this.attribute = attribute;
		this.op = op;
		this.values = Collections.unmodifiableList(new ArrayList<>(values));
		this.variation = variation;
	}

	/** Parses one rule of a flag record; called for each rule of each record the SDK receives. */
	public static TargetingRule parse(String id, String spec) {
		int arrow = spec.lastIndexOf("->");
		if (arrow < 0) {
			throw new IllegalArgumentException("rule " + id + ": expected 'condition -> variation' but got '" + spec + "'");
		}
		String[] cond = spec.substring(0, arrow).trim().split(" ", 3);
		if (cond.length != 3) {
			throw new IllegalArgumentException("rule " + id + ": expected 'attribute op values' but got '" + spec + "'");
		}
		String[] raw = cond[2].split(";");
		List<String> values = new ArrayList<>(raw.length);
		for (String v : raw) {
			values.add(v.trim());
		}
		int variation = Integer.parseInt(spec.substring(arrow + 2).trim());
		return new TargetingRule(id, cond[0], opFor(id, cond[1]), values, variation);
	}

	private static Op opFor(String ruleId, String name) {
		for (Op op : Op.values()) {
			if (op.name().equalsIgnoreCase(name)) {
				return op;
			}
		}
		throw new IllegalArgumentException(
				String.format("rule %s: unknown operator '%s', expected one of %s", ruleId, name, OPERATOR_NAMES));
	}

	/** Called for every evaluation of the owning flag, until a rule matches. */
	public boolean matches(EvaluationContext ctx) {
		String actual = ctx.stringAttribute(attribute);
		if (actual == null) {
			return op == Op.NOT_IN;
		}
		switch (op) {
			case IN:
				return values.contains(actual);
			case NOT_IN:
				return !values.contains(actual);
			case STARTS_WITH:
				for (String prefix : values) {
					if (actual.startsWith(prefix)) {
						return true;
					}
				}
				return false;
			case MATCHES:
				return actual.matches(values.get(0));
			case SEMVER_GE:
				return compareSemver(actual, values.get(0)) >= 0;
			case SEMVER_LT:
				return compareSemver(actual, values.get(0)) < 0;
			case EMAIL_DOMAIN_IN: {
				String domain = actual.replaceFirst("^[^@]*@", "").toLowerCase(Locale.ROOT);
				return values.contains(domain);
			}
			case SEGMENT: {
				Set<String> memberOf = new HashSet<>();
				memberOf.addAll(ctx.segments());
				memberOf.retainAll(values);
				return !memberOf.isEmpty();
			}
			default:
				throw new IllegalStateException("unhandled operator " + op);
		}
	}

	/** Compares "4.2.1", "4.10.0-beta.2" and the like on major, minor and patch. */
	static int compareSemver(String a, String b) {
		int[] pa = semverParts(a);
		int[] pb = semverParts(b);
		for (int i = 0; i < 3; i++) {
			int c = Integer.compare(pa[i], pb[i]);
			if (c != 0) {
				return c;
			}
		}
		return 0;
	}

	private static int[] semverParts(String version) {
		String[] parts = version.split("[.+-]");
		int[] out = new int[3];
		out[0] = majorVersion(version);
		for (int i = 1; i < 3 && i < parts.length; i++) {
			out[i] = parts[i].chars().allMatch(Character::isDigit) && !parts[i].isEmpty() ? Integer.parseInt(parts[i]) : 0;
		}
		return out;
	}

	/** Major version of "4.2.1"; the app-version rules of almost every flag start here. */
	static int majorVersion(String version) {
		int dot = version.indexOf('.');
		return dot < 0 ? Integer.parseInt(version) : Integer.parseInt(version.substring(0, dot));
	}

	public String id() {
		return id;
	}

	public String attribute() {
		return attribute;
	}

	public Op op() {
		return op;
	}

	public List<String> values() {
		return values;
	}

	public int variation() {
		return variation;
	}

	@Override
	public String toString() {
		return "Rule[" + id + ": " + attribute + " " + op + " " + values + " -> variation " + variation + "]";
	}
}

package com.acme.rules.parse;

import com.acme.rules.model.Fact;
import com.acme.rules.model.Rule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Parses rule conditions such as {@code amount >= 1000 && (country == 'DE' || isEmail(contact))} into
 * {@link Rule.Condition} closures.
 *
 * <p>Used by {@link RuleLoader} for the rule files, and by the engine for the {@code x-guard} header, which
 * callers set per message. Guards are not cached: they are one-off expressions and caching them kept every
 * guard ever sent alive (INC-2231).
 */
public final class ConditionParser {

	private static final List<String> OPERATOR_LIST =
			Arrays.asList("==", "!=", "<", "<=", ">", ">=", "&&", "||", "!", "(", ")", ",");
	private static final Set<String> OPERATORS;
	private static final Map<String, Integer> PRECEDENCE;

	static {
		Set<String> operators = new HashSet<>();
		operators.addAll(OPERATOR_LIST);
		OPERATORS = operators;

		Map<String, Integer> precedence = new HashMap<>(OPERATOR_LIST.size());
		for (String op : OPERATOR_LIST) {
			precedence.put(op, rank(op));
		}
		PRECEDENCE = precedence;
	}

	/** Thrown when a condition or rule line cannot be parsed. */
	public static class RuleSyntaxException extends RuntimeException {
		private static final long serialVersionUID = 1L;

		public RuleSyntaxException(String message) {
			super(message);
		}

		public RuleSyntaxException(String message, Throwable cause) {
			super(message, cause);
		}
	}

	/** Thrown while testing a condition, when a fact does not have the type the condition needs. */
	public static class RuleEvaluationException extends RuntimeException {
		private static final long serialVersionUID = 1L;

		public RuleEvaluationException(String message, Throwable cause) {
			super(message, cause);
		}
	}

	enum Kind { NUMBER, STRING, IDENT, OPERATOR }

	static final class Token {
		final String text;
		final Kind kind;

		Token(String text, Kind kind) {
			this.text = text;
			this.kind = kind;
		}
	}

	/** Splits a condition into tokens. Quoted literals are single words ('DE', 'gold'). */
	static final class Tokenizer {

		private Tokenizer() {
		}

		static List<Token> tokenize(String source) {
			String spaced = source.replaceAll("(==|!=|<=|>=|&&|\\|\\||[()<>!,])", " $1 ");
			String[] words = spaced.trim().split("\\s+");
			List<Token> tokens = new ArrayList<>();
			for (String word : words) {
				tokens.add(new Token(word, classify(word)));
			}
			return tokens;
		}

		static Kind classify(String word) {
			if (OPERATORS.contains(word)) {
				return Kind.OPERATOR;
			}
			if (word.matches("-?\\d+(\\.\\d+)?")) {
				return Kind.NUMBER;
			}
			if (word.length() >= 2 && word.charAt(0) == '\'' && word.charAt(word.length() - 1) == '\'') {
				return Kind.STRING;
			}
			if (Character.isJavaIdentifierStart(word.charAt(0))) {
				return Kind.IDENT;
			}
			throw new RuleSyntaxException("unexpected token '" + word + "'");
		}
	}

	private final List<Token> tokens;
	private int pos;

	private ConditionParser(List<Token> tokens) {
		this.tokens = tokens;
	}

	/** Parses one condition. Called per rule at load time and per message for guards. */
	public static Rule.Condition parse(String source) {
		ConditionParser parser = new ConditionParser(Tokenizer.tokenize(source));
		Rule.Condition condition = parser.parseBinary(1);
		if (parser.pos < parser.tokens.size()) {
			throw parser.error(Arrays.asList("&&", "||", "end of condition"));
		}
		return condition;
	}

	private static int rank(String op) {
		if ("||".equals(op)) {
			return 1;
		}
		if ("&&".equals(op)) {
			return 2;
		}
		return 0;
	}

	private Rule.Condition parseBinary(int minPrecedence) {
		Rule.Condition left = parsePrimary();
		while (pos < tokens.size()) {
			String op = tokens.get(pos).text;
			int precedence = PRECEDENCE.getOrDefault(op, 0);
			if (precedence == 0 || precedence < minPrecedence) {
				break;
			}
			pos++;
			Rule.Condition lhs = left;
			Rule.Condition rhs = parseBinary(precedence + 1);
			left = "&&".equals(op)
					? facts -> lhs.test(facts) && rhs.test(facts)
					: facts -> lhs.test(facts) || rhs.test(facts);
		}
		return left;
	}

	private Rule.Condition parsePrimary() {
		if (pos >= tokens.size()) {
			throw error(Arrays.asList("a fact name", "(", "!"));
		}
		Token token = tokens.get(pos++);
		if ("!".equals(token.text)) {
			Rule.Condition inner = parsePrimary();
			return facts -> !inner.test(facts);
		}
		if ("(".equals(token.text)) {
			Rule.Condition inner = parseBinary(1);
			expect(")");
			return inner;
		}
		if (token.kind != Kind.IDENT) {
			pos--;
			throw error(Arrays.asList("a fact name", "(", "!"));
		}
		if (pos < tokens.size() && "(".equals(tokens.get(pos).text)) {
			return parseCall(token.text);
		}
		if (pos + 1 >= tokens.size()) {
			throw error(Arrays.asList("==", "!=", "<", "<=", ">", ">="));
		}
		String op = tokens.get(pos++).text;
		Token literal = tokens.get(pos++);
		return comparison(token.text, op, literal);
	}

	private Rule.Condition parseCall(String function) {
		expect("(");
		String field = tokens.get(pos++).text;
		expect(")");
		switch (function) {
			case "present":
				return facts -> facts.containsKey(field);
			case "isEmail":
				return facts -> {
					Fact fact = facts.get(field);
					return fact != null && fact.getValue() != null
							&& fact.getValue().matches("[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}");
				};
			default:
				throw new RuleSyntaxException("unknown function " + function + "(" + field + ")");
		}
	}

	private static Rule.Condition comparison(String field, String op, Token literal) {
		if (literal.kind == Kind.NUMBER) {
			double expected = Double.parseDouble(literal.text);
			return facts -> {
				Fact fact = facts.get(field);
				if (fact == null || fact.getValue() == null) {
					return false;
				}
				try {
					return compare(Double.compare(fact.asDouble(), expected), op);
				} catch (NumberFormatException e) {
					String value = fact.getValue();
					throw new RuleEvaluationException(String.format("fact %s=%s is not numeric", field, value), e);
				}
			};
		}
		if (literal.kind != Kind.STRING) {
			throw new RuleSyntaxException("expected a number or a quoted text after " + field + " " + op);
		}
		String expected = literal.text.substring(1, literal.text.length() - 1);
		return facts -> {
			Fact fact = facts.get(field);
			return fact != null && fact.getValue() != null && compare(fact.getValue().compareTo(expected), op);
		};
	}

	private static boolean compare(int cmp, String op) {
		switch (op) {
			case "==":
				return cmp == 0;
			case "!=":
				return cmp != 0;
			case "<":
				return cmp < 0;
			case "<=":
				return cmp <= 0;
			case ">":
				return cmp > 0;
			case ">=":
				return cmp >= 0;
			default:
				throw new RuleSyntaxException("unknown operator " + op);
		}
	}

	private void expect(String text) {
		if (pos >= tokens.size() || !text.equals(tokens.get(pos).text)) {
			throw error(Arrays.asList(text));
		}
		pos++;
	}

	private RuleSyntaxException error(List<String> expected) {
		String found = pos < tokens.size() ? tokens.get(pos).text : "end of condition";
		return new RuleSyntaxException(describeExpected(expected, found, pos));
	}

	private static String describeExpected(List<String> expected, String found, int position) {
		List<String> quoted = expected.stream().map(e -> "'" + e + "'").collect(Collectors.toList());
		String choices = String.join(" or ", quoted);
		return String.format("expected %s at token %s but found '%s'", choices, position, found);
	}
}

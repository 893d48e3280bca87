package com.acme.dslc.parse;

import com.acme.dslc.diag.SourcePos;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** AST of the rules DSL. Nodes are immutable; the checker and the evaluator walk them. */
public final class Ast {
	private Ast() {
	}

	/** Static types of the DSL. */
	public enum Type { STRING, INT, BOOL, LIST, ANY }

	public interface Visitor<R> {
		R visitRule(Rule rule);

		R visitCall(Call call);

		R visitIdent(Ident ident);

		R visitLiteral(Literal literal);

		R visitField(FieldRef field);

		R visitBinary(Binary binary);
	}

	public abstract static class Node {
		public final SourcePos pos;

		protected Node(SourcePos pos) {
			this.pos = pos;
		}

		public abstract <R> R accept(Visitor<R> visitor);
	}

	/** {@code rule name(params) when <expr> then { actions }}. */
	public static final class Rule extends Node {
		public final String name;
		public final List<String> params;
		public final Node when;
		public final List<Node> actions;

		public Rule(SourcePos pos, String name, List<String> params, Node when, List<Node> actions) {
			super(pos);
			this.name = name;
			this.params = params;
			this.when = when;
			this.actions = actions;
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.visitRule(this);
		}

		@Override
		public String toString() {
			int arity = params.size();
			int steps = actions.size();
			return String.format("rule %s/%s (%s actions)", name, arity, steps);
		}
	}

	public static final class Call extends Node {
		public final String fn;
		public final List<Node> args;

		public Call(SourcePos pos, String fn, List<Node> args) {
			super(pos);
			this.fn = fn;
			this.args = args;
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.visitCall(this);
		}

		@Override
		public String toString() {
			List<String> shown = args.stream().map(Node::toString).collect(Collectors.toList());
			return fn + "(" + String.join(", ", shown) + ")";
		}
	}

	/** A rule parameter or a {@code let} variable; {@code slot} is its index in the rule's frame. */
	public static final class Ident extends Node {
		public final String name;
		public final int slot;

		public Ident(SourcePos pos, String name, int slot) {
			super(pos);
			this.name = name;
			this.slot = slot;
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.visitIdent(this);
		}

		@Override
		public boolean equals(Object o) {
			if (!(o instanceof Ident)) {
				return false;
			}
			Ident other = (Ident) o;
			return slot == other.slot && name.equals(other.name);
		}

		@Override
		public int hashCode() {
			return Objects.hash(name, slot);
		}

		@Override
		public String toString() {
			return name;
		}
	}

	public static final class Literal extends Node {
		public final Type type;
		public final String text;

		public Literal(SourcePos pos, Type type, String text) {
			super(pos);
			this.type = type;
			this.text = text;
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.visitLiteral(this);
		}

		@Override
		public boolean equals(Object o) {
			return o instanceof Literal && ((Literal) o).type == type && ((Literal) o).text.equals(text);
		}

		@Override
		public int hashCode() {
			return 31 * type.ordinal() + text.hashCode();
		}

		@Override
		public String toString() {
			return type == Type.STRING ? '"' + text + '"' : text;
		}
	}

	/** {@code record.field} or {@code record.field.index}: a field of the input record. */
	public static final class FieldRef extends Node {
		public final String root;
		public final List<String> path;

		public FieldRef(SourcePos pos, String root, List<String> path) {
			super(pos);
			this.root = root;
			this.path = path;
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.visitField(this);
		}

		@Override
		public String toString() {
			return path.isEmpty() ? "record." + root : "record." + root + "." + String.join(".", path);
		}
	}

	public static final class Binary extends Node {
		public final String op;
		public final Node left;
		public final Node right;

		public Binary(SourcePos pos, String op, Node left, Node right) {
			super(pos);
			this.op = op;
			this.left = left;
			this.right = right;
		}

		@Override
		public <R> R accept(Visitor<R> visitor) {
			return visitor.visitBinary(this);
		}

		@Override
		public String toString() {
			return "(" + left + " " + op + " " + right + ")";
		}
	}
}

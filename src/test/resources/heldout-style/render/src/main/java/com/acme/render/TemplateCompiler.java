package com.acme.render;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns template source into a {@link Template}: finds the tags with one regex, then builds the node tree with a
 * stack of open sections.
 *
 * <p>Runs on every template cache miss, for every file the CLI renders, and on every call of
 * {@link TemplateEngine#renderInline}, since CMS snippets are compiled per request and never cached.
 */
final class TemplateCompiler {

	private static final Pattern TAG = Pattern.compile("\\{\\{([#^/>!&]?)\\s*(.*?)\\s*\\}\\}", Pattern.DOTALL);

	private static final Set<String> RESERVED;

	static {
		String[] words = "true false null\nthis else".split("\\s+");
		RESERVED = Set.of(words);
	}

	private final FilterRegistry filters;

	TemplateCompiler(FilterRegistry filters) {
		this.filters = filters;
	}

	/** An open section while its body is being parsed. */
	private static final class Frame {
		final String name;
		final boolean inverted;
		final int line;
		final int column;
		final List<Node> body = new ArrayList<>();

		Frame(String name, boolean inverted, int line, int column) {
			this.name = name;
			this.inverted = inverted;
			this.line = line;
			this.column = column;
		}
	}

	Template compile(String name, String source) {
		Deque<Frame> open = new ArrayDeque<>();
		Frame root = new Frame("", false, 1, 1);
		open.push(root);
		Matcher m = TAG.matcher(source);
		int last = 0;
		int line = 1;
		while (m.find()) {
			int textLine = line;
			for (int i = last; i < m.start(); i++) {
				if (source.charAt(i) == '\n') {
					line++;
				}
			}
			int lineStart = source.lastIndexOf('\n', m.start() - 1) + 1;
			int column = m.start() - lineStart + 1;
			if (m.start() > last) {
				open.peek().body.add(new Node.Text(source.substring(last, m.start()), textLine));
			}
			String sigil = m.group(1);
			String body = m.group(2);
			Frame top = open.peek();
			switch (sigil) {
				case "#", "^" -> open.push(new Frame(body, sigil.equals("^"), line, column));
				case "/" -> {
					if (top == root || !top.name.equals(body)) {
						String expected = top == root ? "no closing tag" : "{{/" + top.name + "}}";
						throw TemplateSyntaxException.unexpected(name, line, column, "{{/" + body + "}}", expected);
					}
					open.pop();
					open.peek().body.add(new Node.Section(top.name, top.inverted, top.body, top.line));
				}
				case ">" -> top.body.add(new Node.Include(body, line));
				case "!" -> {
					// comment
				}
				case "&" -> top.body.add(parseVariable(name, body, Node.Escape.NONE, line, column,
						lineText(source, lineStart)));
				default -> top.body.add(parseVariable(name, body, Node.Escape.HTML, line, column,
						lineText(source, lineStart)));
			}
			last = m.end();
		}
		if (last < source.length()) {
			open.peek().body.add(new Node.Text(source.substring(last), line));
		}
		if (open.size() > 1) {
			Frame unclosed = open.peek();
			throw new TemplateSyntaxException(name, unclosed.line, unclosed.column,
					"section '" + unclosed.name + "' is never closed");
		}
		return new Template(name, root.body, source.length());
	}

	private Node.Var parseVariable(String template, String body, Node.Escape escape, int line, int column,
								   String lineText) {
		String[] parts = body.split("\\s*\\|\\s*");
		String path = parts[0];
		if (!path.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*")) {
			throw new TemplateSyntaxException(template, line, column, "'" + path + "' is not a variable name", lineText);
		}
		if (RESERVED.contains(path)) {
			throw new TemplateSyntaxException(template, line, column, "'" + path + "' is a reserved word", lineText);
		}
		List<String> specs = Arrays.asList(parts).subList(1, parts.length);
		List<Node.FilterCall> calls = parseFilters(template, specs, line, column, lineText);
		return new Node.Var(path, calls, escape, line, column);
	}

	private List<Node.FilterCall> parseFilters(String template, List<String> specs, int line, int column,
											   String lineText) {
		List<Node.FilterCall> calls = new ArrayList<>();
		for (String spec : specs) {
			calls.add(parseFilter(template, spec, line, column, lineText));
		}
		return calls;
	}

	private Node.FilterCall parseFilter(String template, String spec, int line, int column, String lineText) {
		int open = spec.indexOf('(');
		String filterName = open < 0 ? spec : spec.substring(0, open).trim();
		if (!filters.contains(filterName)) {
			String known = String.join(", ", filters.names());
			String message = String.format("unknown filter '%s' (known: %s)", filterName, known);
			throw new TemplateSyntaxException(template, line, column, message, lineText);
		}
		if (open < 0) {
			return new Node.FilterCall(filterName, List.of());
		}
		int close = spec.lastIndexOf(')');
		if (close < open) {
			throw TemplateSyntaxException.unexpected(template, line, column, spec, "')'");
		}
		if (filters.takesWidth(filterName)) {
			try {
				int width = Integer.parseInt(spec.substring(open + 1, close));
				return new Node.FilterCall(filterName, List.of(Integer.toString(width)));
			} catch (NumberFormatException notANumber) {
				throw new TemplateSyntaxException(template, line, column,
						String.format("%s needs a whole number, got '%s'", filterName, spec), lineText);
			}
		}
		return new Node.FilterCall(filterName, splitArgs(spec.substring(open + 1, close)));
	}

	private static List<String> splitArgs(String inner) {
		String[] raw = inner.split(",");
		List<String> args = new ArrayList<>();
		for (String arg : raw) {
			args.add(unquote(arg.trim()));
		}
		return args;
	}

	private static String unquote(String arg) {
		if (arg.length() >= 2 && (arg.startsWith("\"") && arg.endsWith("\"") || arg.startsWith("'") && arg.endsWith("'"))) {
			return arg.substring(1, arg.length() - 1);
		}
		return arg;
	}

	private static String lineText(String source, int lineStart) {
		int end = source.indexOf('\n', lineStart);
		return source.substring(lineStart, end < 0 ? source.length() : end);
	}
}

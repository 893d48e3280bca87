package com.acme.chat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns the raw text a client sends into the HTML the other clients render: a small markdown
 * subset, :emoji: shortcodes, @mentions and #123 references to earlier messages.
 */
public final class MessageParser {

	/** The result of parsing one message. */
	public static final class Parsed {
		public final String html;
		public final Set<String> mentions;
		public final List<Long> references;
		public final Map<String, String> headers;

		Parsed(String html, Set<String> mentions, List<Long> references, Map<String, String> headers) {
			this.html = html;
			this.mentions = mentions;
			this.references = references;
			this.headers = headers;
		}
	}

	private static final int MAX_REFERENCE_DIGITS = 18;

	private static final Map<String, String> EMOJI;

	/** Shortcodes for the client's autocomplete; sent in the welcome frame of each session. */
	static final List<String> SHORTCODES;

	static {
		String table = "smile=\u263A, heart=\u2764, thumbsup=\uD83D\uDC4D, fire=\uD83D\uDD25,"
				+ " wave=\uD83D\uDC4B, tada=\uD83C\uDF89, eyes=\uD83D\uDC40";
		String[] pairs = table.split("\\s*,\\s*");
		Map<String, String> emoji = new HashMap<>();
		for (String pair : pairs) {
			int eq = pair.indexOf('=');
			emoji.put(pair.substring(0, eq), pair.substring(eq + 1));
		}
		EMOJI = emoji;
		SHORTCODES = EMOJI.keySet().stream().map(code -> ":" + code + ":").collect(Collectors.toList());
	}

	/** Parses one message; called by the server for every text frame. */
	public Parsed parse(String raw) {
		String html = expandEmoji(renderMarkdown(raw));
		List<String> handles = findMentions(raw);
		Set<String> mentions = handles.stream().map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
		return new Parsed(html, mentions, findReferences(raw), mentionHeaders(mentions));
	}

	/** Like {@link #parse} but a parser bug degrades the message to escaped plain text. */
	public Parsed parseOrPlain(String raw) {
		try {
			return parse(raw);
		} catch (RuntimeException e) {
			String plain = raw.replaceAll("\\p{Cntrl}", "");
			return new Parsed(escapeHtml(plain), Set.of(), List.of(), Map.of());
		}
	}

	String renderMarkdown(String text) {
		String escaped = escapeHtml(text);
		return escaped.replaceAll("\\*\\*(.+?)\\*\\*", "<b>$1</b>");
	}

	static String escapeHtml(String text) {
		String amp = text.replaceAll("&", "&amp;");
		return amp.replace("<", "&lt;").replace(">", "&gt;");
	}

	String expandEmoji(String html) {
		StringBuilder out = new StringBuilder(html.length());
		int pos = 0;
		while (pos < html.length()) {
			int start = html.indexOf(':', pos);
			int end = start < 0 ? -1 : html.indexOf(':', start + 1);
			if (end < 0) {
				out.append(html, pos, html.length());
				break;
			}
			String emoji = EMOJI.get(html.substring(start + 1, end));
			if (emoji == null) {
				// not a shortcode: keep the text, the closing colon may open the next one
				out.append(html, pos, end);
				pos = end;
				continue;
			}
			out.append(html.substring(pos, start));
			out.append(emoji);
			pos = end + 1;
		}
		return out.toString();
	}

	List<String> findMentions(String text) {
		List<String> found = new ArrayList<>();
		for (String word : text.split("\\s+")) {
			if (word.length() > 1 && word.charAt(0) == '@') {
				String handle = word.substring(1);
				if (handle.matches("[A-Za-z0-9_.-]{2,32}")) {
					found.add(handle);
				}
			}
		}
		return found;
	}

	List<Long> findReferences(String text) {
		List<Long> refs = new ArrayList<>(2);
		int hash = text.indexOf('#');
		while (hash >= 0) {
			int end = hash + 1;
			while (end < text.length() && Character.isDigit(text.charAt(end))) {
				end++;
			}
			int digits = end - hash - 1;
			if (digits > 0 && digits <= MAX_REFERENCE_DIGITS) {
				refs.add(Long.parseLong(text.substring(hash + 1, end)));
			}
			hash = text.indexOf('#', end);
		}
		return refs;
	}

	Map<String, String> mentionHeaders(Set<String> mentions) {
		Map<String, String> headers = new LinkedHashMap<>();
		for (String handle : mentions) {
			headers.put("mention." + handle, "1");
		}
		return headers;
	}
}

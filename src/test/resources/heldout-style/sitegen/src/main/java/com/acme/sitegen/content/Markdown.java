package com.acme.sitegen.content;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The markdown dialect of our sites: ATX headings, bullet lists, fenced code, bold, inline code and links.
 * Anything that starts with a known block tag is passed through as raw HTML.
 */
public final class Markdown {

  private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\(([^)\\s]+)\\)");
  private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
  private static final List<String> RAW_BLOCK_TAGS = Arrays.asList("div", "figure", "table", "details", "iframe");
  private static final List<String> RAW_BLOCK_OPENERS = RAW_BLOCK_TAGS.stream().map(tag -> "<" + tag).collect(Collectors.toList());

  private final boolean smartPunctuation;
  private final boolean headingAnchors;

  public Markdown(boolean smartPunctuation, boolean headingAnchors) {
    this.smartPunctuation = smartPunctuation;
    this.headingAnchors = headingAnchors;
  }

  /** Converts the body of one page. */
  public String toHtml(String source) {
    StringBuilder html = new StringBuilder(source.length() + source.length() / 4);
    String[] lines = source.split("\n");
    int fenceOpenedAt = -1;
    int listDepth = 0;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.startsWith("```")) {
        if (fenceOpenedAt < 0) {
          fenceOpenedAt = i + 1;
          String lang = line.substring(3).strip();
          html.append(lang.isEmpty() ? "<pre><code>" : "<pre><code class=\"language-" + lang + "\">");
        } else {
          fenceOpenedAt = -1;
          html.append("</code></pre>\n");
        }
        continue;
      }
      if (fenceOpenedAt >= 0) {
        html.append(escape(line)).append('\n');
        continue;
      }
      boolean item = line.startsWith("- ") || line.startsWith("* ");
      if (listDepth > 0 && !item) {
        html.append("</ul>\n");
        listDepth--;
      }
      if (line.matches("#{1,6} .+")) {
        int level = line.indexOf(' ');
        String raw = line.substring(level + 1).strip();
        String id = headingAnchors ? Page.slugify(raw) : "";
        String text = inline(raw);
        html.append(String.format("<h%s id=\"%s\">%s</h%s>%n", level, id, text, level));
      } else if (item) {
        if (listDepth == 0) {
          html.append("<ul>\n");
          listDepth++;
        }
        html.append("<li>").append(inline(line.substring(2))).append("</li>\n");
      } else if (isRawBlock(line)) {
        html.append(line).append('\n');
      } else if (!line.isBlank()) {
        html.append("<p>").append(inline(line)).append("</p>\n");
      }
      assert listDepth == 0 || listDepth == 1 : String.format("list depth %s after line %s", listDepth, i);
    }
    if (fenceOpenedAt >= 0) {
      throw new IllegalStateException("code fence opened at line " + fenceOpenedAt + " is never closed");
    }
    if (listDepth > 0) {
      html.append("</ul>\n");
    }
    return html.toString();
  }

  /** Inline markup of one line of text. */
  String inline(String text) {
    String s = escape(text);
    s = s.replaceAll("\\*\\*(.+?)\\*\\*", "<strong>$1</strong>");
    s = CODE_SPAN.matcher(s).replaceAll("<code>$1</code>");
    s = LINK.matcher(s).replaceAll("<a href=\"$2\">$1</a>");
    if (smartPunctuation) {
      s = s.replaceAll("---", "&mdash;");
    }
    return s;
  }

  private static boolean isRawBlock(String line) {
    for (String opener : RAW_BLOCK_OPENERS) {
      if (line.startsWith(opener)) {
        return true;
      }
    }
    return false;
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}

package com.acme.mime;

import com.acme.mime.codec.Base64Codec;
import com.acme.mime.codec.QuotedPrintableCodec;

import java.nio.charset.Charset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** RFC 2047 encoded-words, and header folding/unfolding (RFC 5322 section 2.2.3). */
public final class HeaderDecoder {

  private static final Pattern ENCODED_WORD = Pattern.compile("=\\?([^?]+)\\?([BbQq])\\?([^?]*)\\?=");
  private static final int MAX_LINE = 76;

  private HeaderDecoder() {
  }

  /** Decodes one raw header value; MimeParser.readHeaders calls it for every header of every part. */
  public static String decode(String raw) {
    String value = raw.replaceAll("\\r?\\n[ \\t]+", " ");
    if (value.indexOf("=?") < 0) {
      return value;
    }
    Matcher m = ENCODED_WORD.matcher(value);
    StringBuilder out = new StringBuilder(value.length());
    int last = 0;
    boolean previousWasWord = false;
    while (m.find()) {
      // white space between two adjacent encoded-words is dropped (RFC 2047 section 6.2)
      if (!previousWasWord || !isBlank(value, last, m.start())) {
        out.append(value.substring(last, m.start()));
      }
      out.append(decodeWord(m.group(1), m.group(2), m.group(3)));
      last = m.end();
      previousWasWord = true;
    }
    out.append(value, last, value.length());
    return out.toString();
  }

  private static boolean isBlank(String s, int from, int to) {
    for (int i = from; i < to; i++) {
      if (!Character.isWhitespace(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static String decodeWord(String charsetName, String encoding, String text) {
    Charset cs;
    try {
      int star = charsetName.indexOf('*'); // RFC 2231 language suffix
      cs = Charset.forName(star < 0 ? charsetName : charsetName.substring(0, star));
    } catch (IllegalArgumentException e) {
      // unknown charset: show the word as it came, like most mail clients do
      return String.format("=?%s?%s?%s?=", charsetName, encoding, text);
    }
    byte[] bytes = encoding.equalsIgnoreCase("B")
        ? Base64Codec.decode(text)
        : QuotedPrintableCodec.decode(text.replace('_', ' '));
    return new String(bytes, cs);
  }

  /** Encodes a value as one B encoded-word when it is not plain ASCII; MessageBuilder.build, per header. */
  public static String encode(String value, Charset charset) {
    if (isAscii(value)) {
      return value;
    }
    String name = charset.name();
    String b64 = Base64Codec.encode(value.getBytes(charset));
    return String.format("=?%s?B?%s?=", name, b64);
  }

  private static boolean isAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) > 126) {
        return false;
      }
    }
    return true;
  }

  /** Folds {@code name: value} at 76 columns; MessageBuilder.write calls it for every header written. */
  public static String fold(String name, String value) {
    StringBuilder sb = new StringBuilder(name.length() + value.length() + 8);
    sb.append(name).append(": ");
    int width = MAX_LINE - sb.length();
    int start = 0;
    while (value.length() - start > width) {
      int cut = value.lastIndexOf(' ', start + width);
      if (cut <= start) {
        cut = start + width; // nothing to break at: hard break
      }
      sb.append(value.substring(start, cut)).append("\r\n");
      if (value.charAt(cut) != ' ') {
        sb.append(' ');
      }
      start = cut;
      width = MAX_LINE - 1;
    }
    sb.append(value, start, value.length());
    return sb.toString();
  }
}

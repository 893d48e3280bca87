package com.acme.chat;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * One chat message as it travels through the server. Immutable; hooks that change the text get a
 * copy through {@link #withText(String)}.
 *
 * <p>The id is assigned by the sending client and is only unique per sender and room, which is
 * what the server's duplicate filter relies on when a client resends after a reconnect.
 */
public final class Message {

  public enum Kind { TEXT, JOIN, LEAVE, TYPING, SYSTEM }

  private static final int PREVIEW_CHARS = 24;

  private final long id;
  private final String room;
  private final String sender;
  private final String text;
  private final long sentAt;
  private final Kind kind;
  private final Map<String, String> headers;

  public Message(long id, String room, String sender, String text, long sentAt, Kind kind, Map<String, String> headers) {
    this.id = id;
    this.room = Objects.requireNonNull(room, "room");
    this.sender = Objects.requireNonNull(sender, "sender");
    this.text = Objects.requireNonNull(text, "text");
    this.sentAt = sentAt;
    this.kind = kind;
    this.headers = headers.isEmpty()
        ? Collections.emptyMap()
        : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  public long id() {
    return id;
  }

  public String room() {
    return room;
  }

  public String sender() {
    return sender;
  }

  public String text() {
    return text;
  }

  public long sentAt() {
    return sentAt;
  }

  public Kind kind() {
    return kind;
  }

  public Map<String, String> headers() {
    return headers;
  }

  public Message withText(String newText) {
    return new Message(id, room, sender, newText, sentAt, kind, headers);
  }

  /**
   * Headers flattened as key, value, key, value, ... for the wire encoder, which writes them in
   * front of the body of every stored and delivered message.
   */
  public String[] wireHeaders() {
    return headers.entrySet().stream()
        .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
        .toArray(String[]::new);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Message)) {
      return false;
    }
    Message other = (Message) o;
    return id == other.id && room.equals(other.room) && sender.equals(other.sender);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, room, sender);
  }

  @Override
  public String toString() {
    String head = String.format("Message[%s #%s from %s]", id, room, sender);
    StringBuilder sb = new StringBuilder(head.length() + PREVIEW_CHARS + 8).append(head);
    int previewEnd = Math.min(text.length(), PREVIEW_CHARS);
    sb.append(" \"");
    sb.append(text.substring(0, previewEnd));
    sb.append(previewEnd < text.length() ? "...\"" : "\"");
    if (!headers.isEmpty()) {
      String[] pairs = headers.entrySet().stream()
          .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
          .toArray(String[]::new);
      sb.append(' ').append(String.join(",", pairs));
    }
    return sb.toString();
  }
}

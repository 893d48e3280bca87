package com.acme.netserver;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Base of every error the server reports to a client. The {@link #code()} is sent back
 * in the {@code ERR} line; the connection stays open unless the error is fatal.
 */
public class ProtocolException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Wire names of message types, e.g. {@code OrderPlaced} becomes {@code order-placed}. */
  private static final Map<Class<?>, String> WIRE_NAMES = new ConcurrentHashMap<>();

  private final int code;

  public ProtocolException(String message) {
    this(400, message);
  }

  public ProtocolException(int code, String message) {
    super(message);
    this.code = code;
  }

  public ProtocolException(int code, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
  }

  public int code() {
    return code;
  }

  /** Fatal errors close the connection after the ERR line is written. */
  public boolean isFatal() {
    return code >= 500 || code == 400;
  }

  /** A frame or a client hello that does not start with the protocol magic. */
  static ProtocolException badMagic(byte[] buf, int off) {
    return new ProtocolException(400, "bad magic 0x" + Integer.toHexString(
        (buf[off] & 0xFF) << 24 | (buf[off + 1] & 0xFF) << 16 | (buf[off + 2] & 0xFF) << 8 | (buf[off + 3] & 0xFF)));
  }

  static ProtocolException frameTooLarge(int length, int limit) {
    String message = String.format("frame of %s bytes exceeds the limit of %s bytes", length, limit);
    return new ProtocolException(413, message);
  }

  private static String wireName(Class<?> type) {
    return WIRE_NAMES.computeIfAbsent(type, t -> {
      String simple = t.getSimpleName();
      StringBuilder sb = new StringBuilder(simple.length() + 4);
      for (int i = 0; i < simple.length(); i++) {
        char c = simple.charAt(i);
        if (Character.isUpperCase(c) && i > 0) {
          sb.append('-');
        }
        sb.append(Character.toLowerCase(c));
      }
      return sb.toString();
    });
  }

  /** Login rejected: unknown user, expired token or bad signature. */
  public static class AuthenticationException extends ProtocolException {
    private static final long serialVersionUID = 1L;

    public AuthenticationException(String user, String reason) {
      super(401, String.format("authentication failed for %s: %s", user, reason));
    }
  }

  /** No route for the command; the name is echoed back with control characters masked. */
  public static class UnknownCommandException extends ProtocolException {
    private static final long serialVersionUID = 1L;

    public UnknownCommandException(String command) {
      super(404, "unknown command '" + command.replaceAll("[^\\x20-\\x7E]", "?") + "'");
    }
  }

  /** A handler returned a value no renderer knows how to write. */
  public static class UnsupportedPayloadException extends ProtocolException {
    private static final long serialVersionUID = 1L;

    public UnsupportedPayloadException(Class<?> type) {
      super(500, "cannot render a " + wireName(type) + " payload");
    }
  }

  /** Thrown by {@code ServerOptions.Builder} for settings that cannot work. */
  public static class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
      super(message);
    }
  }
}

package com.acme.payments.webhook;

import com.acme.payments.http.Http;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SignatureException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Acquirer callbacks (captures settled, refunds, chargebacks). The HTTP server calls {@link #handle} once per
 * callback; the signature is checked before anything in the payload is believed.
 */
public final class WebhookVerifier implements Http.Handler {

  private static final List<String> DEFAULT_REQUIRED = List.of("Webhook-Signature", "Webhook-Id", "X-Merchant");

  /** Headers a callback must carry, lower-cased once when the class loads. */
  static final List<String> REQUIRED_HEADERS = DEFAULT_REQUIRED.stream()
      .map(h -> h.toLowerCase(Locale.ROOT))
      .collect(Collectors.toList());

  private static final long TOLERANCE_SECONDS = 300;

  private static final Map<Class<?>, EventHandler> HANDLERS = new ConcurrentHashMap<>();

  /** Where the gateway's own code learns about settled and disputed payments. */
  public interface Sink {
    void settled(String eventId, Set<String> paymentRefs);

    void chargeback(String eventId, List<String> entries);
  }

  @FunctionalInterface
  interface EventHandler {
    void on(Event event, Sink sink);
  }

  private final Function<String, byte[]> signingKeys;
  private final Path archiveDir;
  private final Sink sink;

  public WebhookVerifier(Function<String, byte[]> signingKeys, Path archiveDir, Sink sink) {
    this.signingKeys = signingKeys;
    this.archiveDir = archiveDir;
    this.sink = sink;
  }

  @Override
  public Http.Response handle(Http.Request request) throws IOException, SignatureException {
    for (String name : REQUIRED_HEADERS) {
      if (request.header(name) == null) {
        return Http.Response.text(400, "missing header\n");
      }
    }
    byte[] raw = readBody(request.bodyStream());
    String merchantId = request.header("X-Merchant");
    verify(merchantId, request.header("Webhook-Signature"), new String(raw, StandardCharsets.UTF_8));
    Event event = Event.parse(new String(raw, StandardCharsets.UTF_8));
    archive(event.id, raw);
    EventHandler handler = HANDLERS.computeIfAbsent(event.getClass(), WebhookVerifier::handlerFor);
    handler.on(event, sink);
    return Http.Response.text(204, "");
  }

  private static byte[] readBody(InputStream in) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (in.available() > 0) {
      byte[] chunk = new byte[4096];
      int n = in.read(chunk);
      body.write(chunk, 0, n);
    }
    return body.toByteArray();
  }

  /** Header: "t=1700000000,v1=5257a869e7ec...,v1=..." (one v1 per active key of the merchant). */
  void verify(String merchantId, String header, String payload) throws SignatureException {
    int comma = header.indexOf(',');
    long timestamp = Long.parseLong(header.substring(2, comma));
    long age = Instant.now().getEpochSecond() - timestamp;
    if (Math.abs(age) > TOLERANCE_SECONDS) {
      throw new SignatureException(String.format("webhook for %s is %s seconds old", merchantId, age));
    }
    String signedPayload = String.format("%s.%s", timestamp, payload);
    byte[] expected = hmac(merchantId, signedPayload);
    for (String part : header.substring(comma + 1).split(",")) {
      String candidate = part.trim();
      if (candidate.startsWith("v1=") && MessageDigest.isEqual(expected, hexToBytes(candidate.substring(3)))) {
        return;
      }
    }
    throw new SignatureException("no signature matched for merchant " + merchantId);
  }

  private byte[] hmac(String merchantId, String signedPayload) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(signingKeys.apply(merchantId), "HmacSHA256"));
      return mac.doFinal(signedPayload.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException(String.format("cannot compute the HMAC of merchant %s", merchantId), e);
    }
  }

  private static byte[] hexToBytes(String hex) {
    byte[] bytes = new byte[hex.length() / 2];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) Character.digit(hex.charAt(2 * i), 16);
      bytes[i] = (byte) (bytes[i] << 4 | Character.digit(hex.charAt(2 * i + 1), 16));
    }
    return bytes;
  }

  /** Every verified payload is kept for the disputes team. */
  private void archive(String eventId, byte[] raw) throws IOException {
    Path target = archiveDir.resolve(eventId + ".txt");
    try (InputStream in = new ByteArrayInputStream(raw); OutputStream out = Files.newOutputStream(target)) {
      byte[] buffer = new byte[8192];
      int n;
      while ((n = in.read(buffer)) != -1) {
        out.write(buffer, 0, n);
      }
    }
  }

  /** Runs once per event class (the first callback of that type); the handler it returns runs for every event. */
  private static EventHandler handlerFor(Class<?> type) {
    if (type == PaymentCaptured.class) {
      return (event, sink) -> {
        Set<String> refs = event.entries.stream()
            .map(entry -> entry.substring(0, entry.indexOf(':')))
            .collect(Collectors.toSet());
        sink.settled(event.id, refs);
      };
    }
    if (type == ChargebackOpened.class) {
      return (event, sink) -> sink.chargeback(event.id, event.entries);
    }
    return (event, sink) -> {
      // refunds are reconciled from the settlement files
    };
  }

  /** Payload: "id=evt_1\ntype=payment-captured\nitems=NP-1:1250;NP-2:300". */
  abstract static class Event {
    final String id;
    final List<String> entries;

    Event(String id, List<String> entries) {
      this.id = id;
      this.entries = entries;
    }

    static Event parse(String payload) {
      String id = null;
      String type = "";
      String items = "";
      for (String line : payload.split("\n")) {
        int eq = line.indexOf('=');
        if (eq < 0) {
          continue;
        }
        String value = line.substring(eq + 1).trim();
        switch (line.substring(0, eq)) {
          case "id":
            id = value;
            break;
          case "type":
            type = value;
            break;
          case "items":
            items = value;
            break;
          default:
            break;
        }
      }
      List<String> entries = items.isEmpty() ? List.of() : Arrays.asList(items.split(";"));
      String kind = type.replaceAll("-", "_").toUpperCase(Locale.ROOT);
      switch (kind) {
        case "PAYMENT_CAPTURED":
          return new PaymentCaptured(id, entries);
        case "CHARGEBACK_OPENED":
          return new ChargebackOpened(id, entries);
        case "REFUNDED":
          return new Refunded(id, entries);
        default:
          throw new IllegalArgumentException("unknown webhook type " + type);
      }
    }
  }

  static final class PaymentCaptured extends Event {
    PaymentCaptured(String id, List<String> entries) {
      super(id, entries);
    }
  }

  static final class ChargebackOpened extends Event {
    ChargebackOpened(String id, List<String> entries) {
      super(id, entries);
    }
  }

  static final class Refunded extends Event {
    Refunded(String id, List<String> entries) {
      super(id, entries);
    }
  }
}

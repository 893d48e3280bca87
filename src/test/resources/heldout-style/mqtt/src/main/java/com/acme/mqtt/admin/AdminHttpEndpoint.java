package com.acme.mqtt.admin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * A small HTTP/1.1 endpoint for operators, bound to localhost: /health, /whoami, /sessions, /subscriptions?client=,
 * /retained?range=0-99 and /metrics. One request per connection, served on the accepting thread.
 */
public final class AdminHttpEndpoint implements Runnable {

  /** What the endpoint may read from the broker. */
  public interface BrokerView {
    List<String> clientIds();

    Map<String, Long> counters();

    List<String> filtersOf(String clientId);

    List<String> retainedTopics();
  }

  /** A page of the endpoint; {@link #handle} runs once per request for its path. */
  public interface Route {
    Response handle(Request request) throws IOException;
  }

  public static final class Request {
    final String method;
    final String path;
    final Map<String, String> query;
    final byte[] body;
    final String remote;

    Request(String method, String path, Map<String, String> query, byte[] body, String remote) {
      this.method = method;
      this.path = path;
      this.query = query;
      this.body = body;
      this.remote = remote;
    }
  }

  public static final class Response {
    final int status;
    final String body;

    public Response(int status, String body) {
      this.status = status;
      this.body = body;
    }
  }

  private static final Map<Integer, String> REASONS;

  static {
    List<Integer> codes = Arrays.asList(200, 400, 404, 405, 500);
    Map<Integer, String> reasons = new HashMap<>(codes.size());
    for (Integer code : codes) {
      reasons.put(code, reasonPhrase(code));
    }
    REASONS = reasons;
  }

  private static String reasonPhrase(int code) {
    switch (code) {
      case 200: return "OK";
      case 400: return "Bad Request";
      case 404: return "Not Found";
      case 405: return "Method Not Allowed";
      default: return "Internal Server Error";
    }
  }

  private static final Route WHOAMI = request -> {
    String remote = request.remote;
    String path = request.path;
    return new Response(200, String.format("%s asked for %s\n", remote, path));
  };

  private static final List<String> AUDITED = Arrays.asList("sessions", "subscriptions", "retained");

  private final Set<String> auditedPaths = AUDITED.stream().map(p -> "/" + p).collect(Collectors.toSet());
  private final Map<String, Route> routes = new ConcurrentHashMap<>();
  private final ServerSocket server;
  private final BrokerView broker;
  private final int port;
  private long audited;

  public AdminHttpEndpoint(int port, BrokerView broker) throws IOException {
    this.port = port;
    this.broker = broker;
    this.server = new ServerSocket(port, 16, InetAddress.getLoopbackAddress());
    routes.put("/health", request -> new Response(200, "ok\n"));
    routes.put("/whoami", WHOAMI);
    routes.put("/sessions", this::sessions);
    routes.put("/subscriptions", this::subscriptions);
    routes.put("/retained", this::retained);
    routes.put("/metrics", new Route() {
      @Override
      public Response handle(Request request) {
        Map<String, Long> counters = broker.counters();
        StringBuilder sb = new StringBuilder(512);
        for (String name : counters.keySet()) {
          Long value = counters.get(name);
          String metric = name.replaceAll("/", "_");
          sb.append(String.format("mqtt_%s_total %s\n", metric, value));
        }
        return new Response(200, sb.toString());
      }
    });
  }

  @Override
  public void run() {
    while (!server.isClosed()) {
      try (Socket socket = server.accept()) {
        serve(socket);
      } catch (IOException e) {
        if (server.isClosed()) {
          return;
        }
      }
    }
  }

  void serve(Socket socket) throws IOException {
    Response response;
    try {
      Request request = parse(socket.getInputStream(), String.valueOf(socket.getRemoteSocketAddress()));
      if (auditedPaths.contains(request.path)) {
        audited++;
      }
      Route route = routes.get(request.path);
      if (route == null) {
        response = new Response(404, "no such page\n");
      } else if (!"GET".equals(request.method)) {
        response = new Response(405, "read only\n");
      } else {
        response = route.handle(request);
      }
    } catch (IOException | RuntimeException e) {
      String detail = String.valueOf(e.getMessage()).replaceAll("[\\r\\n]+", " ");
      response = new Response(e instanceof IOException ? 400 : 500, detail + "\n");
    }
    write(socket.getOutputStream(), response);
  }

  Request parse(InputStream in, String remote) throws IOException {
    String requestLine = readLine(in);
    String[] parts = requestLine.split(" ");
    if (parts.length != 3) {
      throw new IOException("malformed request line");
    }
    String target = parts[1].replaceAll("/{2,}", "/");
    int q = target.indexOf('?');
    String path = q < 0 ? target : target.substring(0, q);
    Map<String, String> query = new HashMap<>();
    if (q >= 0) {
      for (String pair : target.substring(q + 1).split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) {
          query.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
      }
    }
    int contentLength = 0;
    for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.regionMatches(true, 0, "Content-Length", 0, colon)) {
        contentLength = Integer.parseInt(line.substring(colon + 1).trim());
      }
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    int remaining = contentLength;
    while (remaining > 0) {
      byte[] chunk = new byte[1024];
      int n = in.read(chunk);
      if (n < 0) {
        break;
      }
      body.write(chunk, 0, n);
      remaining -= n;
    }
    return new Request(parts[0], path, query, body.toByteArray(), remote);
  }

  private static String readLine(InputStream in) throws IOException {
    StringBuilder sb = new StringBuilder(64);
    for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
      if (c != '\r') {
        sb.append((char) c);
      }
    }
    return sb.toString();
  }

  private Response sessions(Request request) {
    List<String> ids = broker.clientIds();
    List<String> lines = new ArrayList<>();
    lines.add("# " + ids.size() + " connected clients");
    lines.addAll(ids.stream().map(id -> "client " + id).collect(Collectors.toList()));
    return new Response(200, String.join("\n", lines) + "\n");
  }

  private Response subscriptions(Request request) {
    String client = request.query.get("client");
    if (client == null) {
      return new Response(400, "missing ?client=\n");
    }
    List<String> filters = broker.filtersOf(client);
    String[] sorted = filters.stream().map(String::trim).toArray(String[]::new);
    Arrays.sort(sorted);
    return new Response(200, String.join("\n", sorted) + "\n");
  }

  private Response retained(Request request) {
    List<String> topics = broker.retainedTopics();
    String range = request.query.getOrDefault("range", "0-99");
    int dash = range.indexOf('-');
    int from = Integer.parseInt(range.substring(0, dash));
    int to = Integer.parseInt(range, dash + 1, range.length(), 10);
    StringBuilder sb = new StringBuilder();
    for (int i = Math.max(0, from); i <= to && i < topics.size(); i++) {
      sb.append(topics.get(i)).append('\n');
    }
    return new Response(200, sb.toString());
  }

  private void write(OutputStream out, Response response) throws IOException {
    byte[] body = response.body.getBytes(StandardCharsets.UTF_8);
    int status = response.status;
    String reason = REASONS.getOrDefault(status, "Unknown");
    int length = body.length;
    String head = "HTTP/1.1 " + status + " " + reason + "\r\nContent-Length: " + length
        + "\r\nConnection: close\r\n\r\n";
    out.write(head.getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
  }

  public void close() throws IOException {
    server.close();
  }

  @Override
  public String toString() {
    return "AdminHttpEndpoint[127.0.0.1:" + port + ", " + routes.size() + " routes, " + audited + " audited]";
  }
}

package com.acme.templates.web;

import com.acme.templates.engine.TemplateEngine;
import com.acme.templates.engine.TemplateException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Renders one template per HTTP request: {@code /shop/cart} renders {@code shop/cart}, {@code /preview} renders
 * the posted draft, {@code /static/...} is streamed from the class path. Pages for anonymous visitors are kept
 * per language and query.
 */
public class TemplateServlet extends Servlet {

  private static final String ERROR_PAGE;

  static {
    ByteArrayOutputStream page = new ByteArrayOutputStream();
    try (InputStream in = TemplateServlet.class.getResourceAsStream("/templates/error.html")) {
      if (in != null) {
        while (true) {
          byte[] chunk = new byte[1024];
          int n = in.read(chunk);
          if (n < 0) {
            break;
          }
          page.write(chunk, 0, n);
        }
      }
    } catch (IOException e) {
      throw new ExceptionInInitializerError(e);
    }
    ERROR_PAGE = page.size() > 0 ? new String(page.toByteArray(), StandardCharsets.UTF_8) : "<h1>Error</h1>";
  }

  private final Map<String, String> defaultHeaders = new LinkedHashMap<>();
  private final ConcurrentMap<PageKey, String> pageCache = new ConcurrentHashMap<>();
  private TemplateEngine engine;
  private Set<String> languages;
  private Locale defaultLocale;

  @Override
  public void init(Config config) throws Exception {
    Path root = Paths.get(config.get("templates.root"));
    boolean strict = Boolean.parseBoolean(config.get("templates.strict"));
    String[] tags = config.get("templates.languages").split(",");
    List<String> tagList = Arrays.asList(tags);
    languages = tagList.stream().map(t -> t.trim().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    defaultLocale = Locale.forLanguageTag(tags[0].trim());
    Map<String, Object> globals = new HashMap<>();
    globals.put("siteName", config.get("site.name"));
    engine = new TemplateEngine(root, globals, strict, config.get("assets.base"), config.get("assets.version"),
        defaultLocale.getLanguage());
    defaultHeaders.put("X-Content-Type-Options", "nosniff");
    defaultHeaders.put("Cache-Control", "private, max-age=0");
  }

  @Override
  public void service(Request request, Response response) throws IOException {
    String path = request.path();
    if (path.startsWith("/static/")) {
      serveStatic(path, response);
      return;
    }
    int slash = path.indexOf('/', 1);
    String section = slash > 0 ? path.substring(1, slash) : "pages";
    String page = slash > 0 ? path.substring(slash + 1) : path.substring(1);
    String name = String.format("%s/%s", section, page);
    Locale locale = negotiate(request);
    Map<String, Object> model = initModel(request);
    copyHeaderAttributes(request, response);
    writeHeaders(response, defaultHeaders);
    response.contentType("text/html; charset=UTF-8");
    try {
      String html;
      if (path.equals("/preview")) {
        html = engine.renderInline(request.parameter("draft"), model, locale);
      } else if (request.attributes().get("user") == null) {
        PageKey key = new PageKey(name, variant(locale, model));
        html = pageCache.get(key);
        if (html == null) {
          html = render(name, model, locale);
          pageCache.putIfAbsent(key, html);
        }
      } else {
        html = render(name, model, locale);
      }
      response.writer().write(html);
    } catch (TemplateException e) {
      String reason = String.valueOf(e.getMessage());
      String oneLine = reason.replaceAll("[\\r\\n]+", " ");
      response.status(500);
      response.header("X-Template-Error", String.format("%s: %s", name, oneLine));
      response.writer().write(ERROR_PAGE);
    }
  }

  private String render(String name, Map<String, Object> model, Locale locale) throws IOException {
    StringWriter out = new StringWriter(8192);
    engine.render(name, model, locale, out);
    return out.toString();
  }

  /** The model of one request: its parameters. */
  Map<String, Object> initModel(Request request) {
    List<String> names = request.parameterNames();
    Map<String, Object> model = new HashMap<>(names.size());
    for (String n : names) {
      model.put(n, request.parameter(n));
    }
    return model;
  }

  /** Cache variant of an anonymous page: the language, then the query parameters in a stable order. */
  private static String variant(Locale locale, Map<String, Object> model) {
    SortedMap<String, Object> query = new TreeMap<>(model);
    Object[] parts = Stream.concat(query.keySet().stream(), query.values().stream()).toArray(Object[]::new);
    return locale.getLanguage() + ':' + Integer.toHexString(Arrays.hashCode(parts));
  }

  private Locale negotiate(Request request) {
    List<String> accepted = request.headers("Accept-Language");
    Set<String> wanted = accepted.stream().map(TemplateServlet::stripQuality).collect(Collectors.toSet());
    for (String lang : languages) {
      if (wanted.contains(lang)) {
        return Locale.forLanguageTag(lang);
      }
    }
    return defaultLocale;
  }

  static String stripQuality(String value) {
    return value.replaceAll(";\\s*q=[0-9.]+$", "").trim().toLowerCase(Locale.ROOT);
  }

  /** Filters that ran before this servlet ask for response headers through "header.*" request attributes. */
  private static void copyHeaderAttributes(Request request, Response response) {
    Map<String, Object> attributes = request.attributes();
    for (String key : attributes.keySet()) {
      if (key.startsWith("header.")) {
        response.header(key.substring(7), String.valueOf(attributes.get(key)));
      }
    }
  }

  private static void writeHeaders(Response response, Map<String, String> headers) {
    String[] namesAndValues = headers.entrySet().stream()
        .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
        .toArray(String[]::new);
    response.headers(namesAndValues);
  }

  private static void serveStatic(String path, Response response) throws IOException {
    try (InputStream in = TemplateServlet.class.getResourceAsStream(path)) {
      if (in == null) {
        response.status(404);
        return;
      }
      response.contentType(path.endsWith(".css") ? "text/css" : "application/octet-stream");
      OutputStream out = response.output();
      while (true) {
        byte[] chunk = new byte[8192];
        int n = in.read(chunk);
        if (n == -1) {
          break;
        }
        out.write(chunk, 0, n);
      }
    }
  }

  /** Key of a page kept for anonymous visitors. */
  static final class PageKey {
    private final String template;
    private final String variant;

    PageKey(String template, String variant) {
      this.template = template;
      this.variant = variant;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof PageKey && ((PageKey) o).template.equals(template) && ((PageKey) o).variant.equals(variant);
    }

    @Override
    public int hashCode() {
      return Objects.hash(template, variant);
    }
  }
}

/**
 * The part of the servlet container's API the adapter uses (the container itself is provided at deploy time). It
 * calls {@link #init} once when it deploys the application, {@link #service} once per HTTP request on its worker
 * threads, then {@link #destroy}.
 */
abstract class Servlet {

  public interface Config {
    String get(String name);
  }

  public interface Request {
    String path();

    List<String> parameterNames();

    String parameter(String name);

    List<String> headers(String name);

    /** Attributes set by the filters that ran before this servlet (user, CSRF token, response headers...). */
    Map<String, Object> attributes();
  }

  public interface Response {
    void status(int code);

    void contentType(String type);

    void header(String name, String value);

    /** Adds several headers at once: name, value, name, value... */
    void headers(String... namesAndValues);

    java.io.Writer writer() throws IOException;

    OutputStream output() throws IOException;
  }

  public void init(Config config) throws Exception {
  }

  public abstract void service(Request request, Response response) throws IOException;

  public void destroy() {
  }
}

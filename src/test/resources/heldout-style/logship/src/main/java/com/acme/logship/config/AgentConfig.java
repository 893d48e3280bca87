package com.acme.logship.config;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The agent's configuration, read once at startup from a small YAML-like file:
 *
 * <pre>
 * endpoint: https://logs.example.com
 * stream: payments
 * batch.size: 500
 * header.X-Tenant: acme
 * mask.keys: card_number, iban
 * input: /var/log/app/app.log
 *   pattern: iso
 *   multiline: false
 * </pre>
 */
public final class AgentConfig {

  public static final String FORMAT = "yaml-lite";
  public static final int SCHEMA_VERSION = 3;
  /** Printed by test-config and compared by support tooling; computed once per JVM. */
  public static final int SCHEMA_HASH = Objects.hash(FORMAT, SCHEMA_VERSION);

  private static final Map<Class<?>, Function<String, Object>> BINDERS = new ConcurrentHashMap<>();

  public static class ConfigException extends Exception {
    public ConfigException(String message) {
      super(message);
    }
  }

  /** One {@code input:} block. */
  public static final class InputSpec {
    private final String path;
    private final String pattern;
    private final boolean multiline;

    InputSpec(String path, String pattern, boolean multiline) {
      this.path = path;
      this.pattern = pattern;
      this.multiline = multiline;
    }

    static InputSpec from(Map<String, String> block) {
      String pattern = block.containsKey("pattern") ? block.get("pattern") : "iso";
      return new InputSpec(block.get("input"), pattern, "true".equals(block.get("multiline")));
    }

    public String path() {
      return path;
    }

    public String pattern() {
      return pattern;
    }

    public boolean multiline() {
      return multiline;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof InputSpec)) {
        return false;
      }
      InputSpec other = (InputSpec) o;
      return path.equals(other.path) && pattern.equals(other.pattern) && multiline == other.multiline;
    }

    @Override
    public int hashCode() {
      return Objects.hash(path, pattern, multiline);
    }

    @Override
    public String toString() {
      return "InputSpec[" + path + ", pattern=" + pattern + ", multiline=" + multiline + "]";
    }
  }

  private final String sourceName;
  private final Map<String, String> settings;
  private final Map<String, String> headers;
  private final List<InputSpec> inputs;
  private final Set<String> maskKeys;

  private AgentConfig(String sourceName, Map<String, String> settings, Map<String, String> headers,
      List<InputSpec> inputs, Set<String> maskKeys) {
    this.sourceName = sourceName;
    this.settings = settings;
    this.headers = headers;
    this.inputs = inputs;
    this.maskKeys = maskKeys;
  }

  /** Called by {@code Main} for {@code run} and {@code test-config}; nowhere else. */
  public static AgentConfig load(Path path) throws IOException, ConfigException {
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    try (InputStream in = Files.newInputStream(path)) {
      while (true) {
        byte[] chunk = new byte[4096];
        int n = in.read(chunk);
        if (n < 0) {
          break;
        }
        content.write(chunk, 0, n);
      }
    }
    String text = new String(content.toByteArray(), StandardCharsets.UTF_8);
    return parse(path.toString(), text);
  }

  static AgentConfig parse(String sourceName, String text) throws ConfigException {
    Map<String, String> settings = new LinkedHashMap<>();
    List<Map<String, String>> inputBlocks = new ArrayList<>();
    Map<String, String> block = null;
    int lineNo = 0;
    for (String raw : text.split("\n")) {
      lineNo++;
      if (raw.matches("\\s*(#.*)?")) {
        continue;
      }
      boolean nested = raw.startsWith(" ") || raw.startsWith("\t");
      String line = raw.trim();
      int colon = line.indexOf(':');
      if (colon <= 0) {
        throw new ConfigException(String.format("%s line %s: expected 'key: value', got '%s'", sourceName, lineNo, raw));
      }
      String key = line.substring(0, colon).trim();
      String value = line.substring(colon + 1).trim();
      if (key.equals("input")) {
        block = new LinkedHashMap<>();
        block.put("input", value);
        inputBlocks.add(block);
      } else if (nested && block != null) {
        block.put(key, value);
      } else {
        block = null;
        settings.put(key, value);
      }
    }

    List<InputSpec> inputs = toSpecs(inputBlocks);
    if (new HashSet<>(inputs).size() != inputs.size()) {
      throw new ConfigException(sourceName + ": the same input is declared twice");
    }

    Map<String, String> headers = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : settings.entrySet()) {
      if (e.getKey().startsWith("header.")) {
        headers.put(e.getKey().substring("header.".length()), e.getValue());
      }
    }

    List<String> rawMaskKeys = new ArrayList<>();
    String maskList = settings.get("mask.keys");
    if (maskList != null) {
      for (String k : maskList.split(",")) {
        rawMaskKeys.add(k.trim().toLowerCase());
      }
    }
    Set<String> maskKeys = new HashSet<>(rawMaskKeys);

    return new AgentConfig(sourceName, settings, Collections.unmodifiableMap(headers),
        Collections.unmodifiableList(inputs), Collections.unmodifiableSet(maskKeys));
  }

  private static List<InputSpec> toSpecs(List<Map<String, String>> blocks) {
    List<InputSpec> specs = new ArrayList<>();
    for (Map<String, String> b : blocks) {
      specs.add(InputSpec.from(b));
    }
    return specs;
  }

  public String require(String key) throws ConfigException {
    String value = settings.get(key);
    if (value == null) {
      throw new ConfigException(missing(key));
    }
    return value;
  }

  private String missing(String key) {
    return String.format("%s: missing required key '%s'", sourceName, key);
  }

  /** Typed lookup with a default; used while the agent wires itself up. */
  public <T> T get(String key, Class<T> type, T fallback) {
    String raw = settings.get(key);
    if (raw == null) {
      return fallback;
    }
    Function<String, Object> binder = BINDERS.computeIfAbsent(type, AgentConfig::binderFor);
    return type.cast(binder.apply(raw));
  }

  private static Function<String, Object> binderFor(Class<?> type) {
    if (type == Integer.class) {
      return Integer::valueOf;
    }
    if (type == Long.class) {
      return Long::valueOf;
    }
    if (type == Boolean.class) {
      return Boolean::valueOf;
    }
    if (type == String.class) {
      return s -> s;
    }
    throw new IllegalArgumentException("no binder for " + type.getName());
  }

  public String sourceName() {
    return sourceName;
  }

  public Map<String, String> headers() {
    return headers;
  }

  public List<InputSpec> inputs() {
    return inputs;
  }

  public Set<String> maskKeys() {
    return maskKeys;
  }

  @Override
  public String toString() {
    int inputCount = inputs.size();
    return "AgentConfig[" + sourceName + ", " + inputCount + " inputs]";
  }
}

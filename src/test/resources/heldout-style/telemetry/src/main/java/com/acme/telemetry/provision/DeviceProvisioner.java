package com.acme.telemetry.provision;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Reads devices.conf at startup. Each line is {@code id, model, firmware[, tags]}, for example
 * {@code th-0042, thermo-v2, 1.4.2, site:berlin; floor:3; channel:beta}. Devices that are not in
 * the file provision themselves with a HELLO frame carrying the same line.
 */
public final class DeviceProvisioner {

  public static final class ProvisioningException extends RuntimeException {
    public ProvisioningException(String message) {
      super(message);
    }

    public ProvisioningException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  public static final class DeviceInfo {
    public final String id;
    public final String model;
    public final String firmware;
    public final int fwMajor;
    public final int fwMinor;
    public final String channel;
    public final Map<String, String> tags;

    DeviceInfo(String id, String model, String firmware, int fwMajor, int fwMinor, Map<String, String> tags) {
      this.id = id;
      this.model = model;
      this.firmware = firmware;
      this.fwMajor = fwMajor;
      this.fwMinor = fwMinor;
      this.channel = tags.getOrDefault("channel", "stable");
      this.tags = tags;
    }

    @Override
    public String toString() {
      return "DeviceInfo[" + id + " " + model + " fw=" + firmware + " channel=" + channel + "]";
    }
  }

  public static final class DeviceRegistry {
    private final Map<String, DeviceInfo> byId = new ConcurrentHashMap<>();
    private final Map<String, Long> lastSeen = new ConcurrentHashMap<>();

    public void register(DeviceInfo info) {
      byId.put(info.id, info);
    }

    public boolean isKnown(String id) {
      return byId.containsKey(id);
    }

    public DeviceInfo get(String id) {
      return byId.get(id);
    }

    public void markSeen(long when, String... ids) {
      for (String id : ids) {
        lastSeen.merge(id, when, Math::max);
      }
    }

    public long lastSeen(String id) {
      return lastSeen.getOrDefault(id, 0L);
    }

    public int size() {
      return byId.size();
    }

    /** Copy for the admin console, which the dashboard polls every few seconds. */
    public List<DeviceInfo> snapshot() {
      List<DeviceInfo> copy = new ArrayList<>();
      for (DeviceInfo d : byId.values()) {
        copy.add(d);
      }
      return copy;
    }
  }

  /** Called once, from {@code TelemetryServer.main}. */
  public DeviceRegistry loadAll(Path config) {
    List<String> raw;
    try {
      raw = Files.readAllLines(config, StandardCharsets.UTF_8);
    } catch (IOException e) {
      String file = config.toString();
      throw new UncheckedIOException("cannot read device config " + file, e);
    }
    List<String> lines = raw.stream().map(String::strip).collect(Collectors.toList());
    DeviceRegistry registry = new DeviceRegistry();
    int lineNo = 0;
    for (String line : lines) {
      lineNo++;
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      try {
        registry.register(parseLine(line));
      } catch (RuntimeException e) {
        String file = config.getFileName().toString();
        String reason = e.getMessage();
        throw new ProvisioningException(file + ":" + lineNo + ": " + reason, e);
      }
    }
    return registry;
  }

  /** One device line; at startup for devices.conf and for every HELLO frame from the field. */
  public DeviceInfo parseLine(String line) {
    String[] parts = line.split(",");
    if (parts.length < 3) {
      throw new ProvisioningException("expected id, model, firmware[, tags] but got " + parts.length + " fields");
    }
    String id = parts[0].strip();
    String model = parts[1].strip();
    String fw = parts[2].strip();
    int dot1 = fw.indexOf('.');
    int dot2 = fw.indexOf('.', dot1 + 1);
    if (dot1 < 0 || dot2 < 0) {
      throw new ProvisioningException("firmware version " + fw + " of " + id + " is not major.minor.patch");
    }
    int major = Integer.parseInt(fw.substring(0, dot1));
    int minor = Integer.parseInt(fw.substring(dot1 + 1, dot2));
    Map<String, String> tags = parts.length > 3 ? parseTags(parts[3]) : Map.of();
    return new DeviceInfo(id, model, fw, major, minor, tags);
  }

  static Map<String, String> parseTags(String spec) {
    List<String> pairs = Arrays.asList(spec.strip().split(";"));
    Map<String, String> tags = new HashMap<>(pairs.size());
    for (String pair : pairs) {
      int colon = pair.indexOf(':');
      tags.put(pair.substring(0, colon).strip(), pair.substring(colon + 1).strip());
    }
    return tags;
  }

  /** Offline check of a config file: {@code java ...DeviceProvisioner devices.conf}. */
  public static void main(String[] args) {
    DeviceRegistry registry = new DeviceProvisioner().loadAll(Path.of(args[0]));
    List<DeviceInfo> all = registry.snapshot();
    List<String> ids = new ArrayList<>();
    for (DeviceInfo d : all) {
      ids.add(d.id);
    }
    System.out.println(args[0] + ": " + ids.size() + " devices OK");
    for (String id : ids) {
      System.out.println(id);
    }
  }
}

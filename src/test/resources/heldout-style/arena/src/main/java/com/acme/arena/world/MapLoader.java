package com.acme.arena.world;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads the arena maps from the map directory when the server starts. {@code <name>.map} is the
 * text layout, one directive per line; {@code <name>.nav} is the binary navigation mesh the bots use.
 */
public final class MapLoader {

  private static final int NAV_MAGIC = 0x4E41564D; // "NAVM"
  private static final int TILE = 32;
  private static final List<String> DEFAULT_MATERIALS = List.of("stone", "sand", "metal");

  public record Spawn(int x, int y) {
  }

  public record GameMap(String name, Path file, int width, int height, List<Spawn> spawns,
      Set<String> materials, byte[] nav) {
  }

  private final Path dir;
  private final Map<String, GameMap> loaded = new ConcurrentHashMap<>();

  public MapLoader(Path dir) {
    this.dir = dir;
  }

  /** Loads every map of the directory. Called once, from {@code GameServer.main}. */
  public Map<String, GameMap> loadAll() throws IOException {
    List<Path> files;
    try (Stream<Path> listing = Files.list(dir)) {
      files = listing.filter(p -> p.getFileName().toString().endsWith(".map")).sorted().collect(Collectors.toList());
    }
    Map<String, GameMap> maps = new HashMap<>(files.size());
    for (Path file : files) {
      GameMap map = load(file);
      maps.put(map.name(), map);
    }
    Set<String> palette = new HashSet<>();
    palette.addAll(DEFAULT_MATERIALS);
    for (GameMap map : maps.values()) {
      palette.addAll(map.materials());
    }
    System.out.println("material palette: " + palette.size() + " materials");
    loaded.putAll(maps);
    return maps;
  }

  private GameMap load(Path file) throws IOException {
    String fileName = file.getFileName().toString();
    String name = fileName.substring(0, fileName.length() - ".map".length());
    int width = 0;
    int height = 0;
    List<Spawn> spawns = new ArrayList<>();
    List<String> materialNames = new ArrayList<>();
    for (String raw : Files.readAllLines(file)) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] parts = line.split("\\s+");
      switch (parts[0]) {
        case "name":
          name = parts[1].replaceAll("-", "_");
          break;
        case "size": {
          String dims = parts[1];
          int cross = dims.indexOf('x');
          width = Integer.parseInt(dims.substring(0, cross));
          height = Integer.parseInt(dims.substring(cross + 1, dims.length()));
          break;
        }
        case "spawn":
          spawns.add(new Spawn(Integer.parseInt(parts[1]), Integer.parseInt(parts[2])));
          break;
        case "tile":
          materialNames.add(parts[3]);
          break;
        default:
          throw new IOException(fileName + ": unknown directive " + parts[0]);
      }
    }
    Set<String> materials = materialNames.stream().map(m -> m.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    byte[] nav = readNav(file.resolveSibling(fileName.replace(".map", ".nav")));
    int spawnCount = spawns.size();
    System.out.println(String.format("loaded map %s: %s x %s tiles, %s spawns", name, width, height, spawnCount));
    return new GameMap(name, file, width, height, List.copyOf(spawns), materials, nav);
  }

  private static byte[] readNav(Path navFile) throws IOException {
    try (InputStream in = Files.newInputStream(navFile)) {
      byte[] header = in.readNBytes(8);
      int magic = (header[0] & 0xFF) << 24 | (header[1] & 0xFF) << 16
          | (header[2] & 0xFF) << 8 | (header[3] & 0xFF);
      if (magic != NAV_MAGIC) {
        throw new IOException(navFile + " is not a navigation mesh");
      }
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      while (true) {
        byte[] chunk = new byte[16 * 1024];
        int n = in.read(chunk);
        if (n < 0) {
          break;
        }
        body.write(chunk, 0, n);
      }
      return body.toByteArray();
    }
  }

  public List<String> names() {
    return new ArrayList<>(loaded.keySet());
  }

  public Path fileOf(String mapName) {
    return loaded.get(mapName).file();
  }

  /** Spawn points in world units; the matchmaker asks for them every time a match starts on the map. */
  public List<Spawn> spawnPointsFor(String mapName) {
    GameMap map = loaded.get(mapName);
    List<Spawn> points = map.spawns().stream().map(s -> new Spawn(s.x() * TILE + TILE / 2, s.y() * TILE + TILE / 2))
        .collect(Collectors.toList());
    return points;
  }
}

package com.acme.sim.ui;

import com.acme.sim.model.Entity;
import com.acme.sim.world.World;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Text HUD drawn over the playfield. {@link #render} is called once per rendered frame (60-144 times a second) and
 * builds the whole overlay from scratch, so everything it reaches is per-frame code.
 */
public final class Hud {

  private static final String TITLE = "Caves of Ooze";
  private static final String VERSION = "0.9.3";
  private static final String BANNER = String.format("%s %s", TITLE, VERSION);
  private static final int NAMEPLATE_WIDTH = 12;

  /** Extra lines contributed by the game; each overlay is asked for its line once per frame. */
  public interface Overlay {
    String line(World world);
  }

  private final int width;
  private final int height;
  private final List<Overlay> overlays = new ArrayList<>();
  private boolean debug;

  public Hud(int width, int height) {
    this.width = width;
    this.height = height;
  }

  public void addOverlay(Overlay overlay) {
    overlays.add(overlay);
  }

  public void toggleDebug() {
    debug = !debug;
  }

  public String render(World world, int fps, int level) {
    Entity.Player p = world.player();
    String name = nameplate(p.name());
    int hp = p.hp();
    int score = p.score();
    StringBuilder sb = new StringBuilder(512);
    sb.append(BANNER).append('\n');
    String status = String.format("%s  HP %s  SCORE %s  LVL %s", name, hp, score, level);
    sb.append(status).append('\n');
    sb.append(String.format(Locale.ROOT, "FPS %d", fps)).append("   ").append(layout(world)).append('\n');
    sb.append("threats: ");
    for (String kind : world.enemyKinds()) {
      sb.append(String.format("%s;", kind));
    }
    sb.append('\n');
    for (String line : sidebar(world)) {
      sb.append(line).append('\n');
    }
    sb.append(String.join(" | ", tags(world.entities()))).append('\n');
    for (Overlay overlay : overlays) {
      sb.append(overlay.line(world)).append('\n');
    }
    if (debug) {
      Map<String, String> stats = stats(world);
      sb.append(statsLine(stats)).append('\n');
      sb.append(debugLine(stats)).append('\n');
      sb.append(table(stats));
    }
    return sb.toString();
  }

  /**
   * Works out how many rows of the entity list fit. Runs at the top of every frame, since the window can be resized
   * at any time.
   */
  String layout(World world) {
    int total = world.size();
    int shown = Math.min(total, Math.max(0, height - 6));
    return String.format("%s/%s shown", shown, total);
  }

  String nameplate(String playerName) {
    String label = playerName.strip().replaceAll("\\s+", " ");
    int cut = Math.min(NAMEPLATE_WIDTH, label.length());
    StringBuilder plate = new StringBuilder(NAMEPLATE_WIDTH + 2);
    plate.append('[');
    plate.append(label.substring(0, cut));
    plate.append(']');
    return plate.toString();
  }

  List<String> sidebar(World world) {
    List<String> lines = new ArrayList<>();
    lines.add("Enemies:");
    lines.addAll(world.enemies().stream().map(e -> "  " + Entity.label(e)).collect(Collectors.toList()));
    return lines;
  }

  String[] tags(List<Entity> visible) {
    return visible.stream().map(Entity::label).toArray(String[]::new);
  }

  Map<String, String> stats(World world) {
    Map<String, String> stats = new LinkedHashMap<>();
    stats.put("tick", Long.toString(world.tick()));
    stats.put("entities", Integer.toString(world.size()));
    stats.put("densest", Integer.toString(world.densestCell()));
    stats.put("warnings", Integer.toString(world.warnings().size()));
    return stats;
  }

  String statsLine(Map<String, String> stats) {
    StringBuilder sb = new StringBuilder(64);
    for (String key : stats.keySet()) {
      sb.append(key).append('=').append(stats.get(key)).append(' ');
    }
    return sb.toString();
  }

  String debugLine(Map<String, String> stats) {
    String[] kv = stats.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
    return String.join(" ", kv);
  }

  /** Two-row table: the stat names, then their values underneath. */
  String table(Map<String, String> stats) {
    String[] cells = Stream.concat(stats.keySet().stream(), stats.values().stream()).toArray(String[]::new);
    int columns = stats.size();
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < cells.length; i++) {
      sb.append(pad(cells[i])).append(i % columns == columns - 1 ? "\n" : " ");
    }
    return sb.toString();
  }

  private static String pad(String cell) {
    return cell.length() >= 10 ? cell : cell + " ".repeat(10 - cell.length());
  }

  @Override
  public String toString() {
    return String.format("Hud[%sx%s, debug=%s]", width, height, debug);
  }
}

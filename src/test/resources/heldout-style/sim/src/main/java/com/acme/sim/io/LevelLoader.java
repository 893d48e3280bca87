package com.acme.sim.io;

import com.acme.sim.model.Entity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads the plain-text level files. A level is loaded when the game starts and again every time the player clears
 * one, and every line of the file goes through {@link #parse}.
 *
 * <pre>
 * # comment
 * name: The Dripping Hall
 * size: 64 48
 * spawn: (12,7)
 * player 1 Hero 12 7 100
 * enemy 2 green_slime 30 20 30
 * pickup 3 coin 5 5 10
 * </pre>
 */
public final class LevelLoader {

    public record Level(String id, String name, int width, int height, double spawnX, double spawnY,
                        List<Entity> entities) {
    }

    public static final class LevelFormatException extends RuntimeException {
        public LevelFormatException(String message) {
            super(message);
        }
    }

    private static final List<String> NAMES = List.of("NAME", "SIZE", "SPAWN");
    private static final Set<String> DIRECTIVES = NAMES.stream().map(String::toLowerCase).collect(Collectors.toSet());

    private static final String LEGEND_SPEC = "# wall; . floor; ~ water; ^ spikes";
    private static final Map<Character, String> LEGEND = new TreeMap<>();

    static {
        for (String entry : LEGEND_SPEC.split("\\s*;\\s*")) {
            LEGEND.put(entry.charAt(0), entry.substring(2));
        }
    }

    /** One factory per entity keyword; each is applied to the fields of every entity row of every level. */
    private static final Map<String, Function<String[], Entity>> FACTORIES = Map.of(
            "player", p -> new Entity.Player(Integer.parseInt(p[1]), p[2], Double.parseDouble(p[3]),
                    Double.parseDouble(p[4]), Integer.parseInt(p[5]), 0),
            "enemy", p -> new Entity.Enemy(Integer.parseInt(p[1]), p[2].replaceAll("_", " "),
                    Double.parseDouble(p[3]), Double.parseDouble(p[4]), Integer.parseInt(p[5])),
            "pickup", p -> new Entity.Pickup(Integer.parseInt(p[1]), p[2], Double.parseDouble(p[3]),
                    Double.parseDouble(p[4]), Integer.parseInt(p[5])));

    public Level load(Path dir, String fileName) {
        List<String> lines;
        try {
            lines = Files.readAllLines(dir.resolve(fileName), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read level " + fileName, e);
        }
        return parse(fileName, lines);
    }

    Level parse(String file, List<String> lines) {
        String name = file;
        int width = 0;
        int height = 0;
        double spawnX = 0;
        double spawnY = 0;
        List<String[]> entityRows = new ArrayList<>(lines.size());
        int lineNo = 0;
        for (String raw : lines) {
            lineNo++;
            String line = raw.replace('\t', ' ');
            if (line.matches("\\s*(#.*)?")) {
                continue;
            }
            String[] parts = line.trim().split("\\s+");
            String word = parts[0].toLowerCase(Locale.ROOT);
            if (word.endsWith(":")) {
                String key = word.substring(0, word.length() - 1);
                if (!DIRECTIVES.contains(key)) {
                    throw new LevelFormatException(String.format("%s:%s: unknown directive %s", file, lineNo, key));
                }
                switch (key) {
                    case "name" -> name = line.substring(line.indexOf(':') + 1).trim();
                    case "size" -> {
                        width = Integer.parseInt(parts[1]);
                        height = Integer.parseInt(parts[2]);
                    }
                    default -> {
                        String spec = parts[1];
                        int open = spec.indexOf('(');
                        int comma = spec.indexOf(',');
                        int close = spec.indexOf(')');
                        spawnX = Integer.parseInt(spec.substring(open + 1, comma));
                        spawnY = Integer.parseInt(spec.substring(comma + 1, close));
                    }
                }
                continue;
            }
            if (!FACTORIES.containsKey(word) || parts.length < 6) {
                throw new LevelFormatException(file + ":" + lineNo + ": cannot parse '" + line + "'");
            }
            entityRows.add(parts);
        }
        String id = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        return new Level(id, name, width, height, spawnX, spawnY, build(entityRows));
    }

    private static List<Entity> build(List<String[]> rows) {
        List<Entity> entities = new ArrayList<>();
        for (String[] row : rows) {
            entities.add(FACTORIES.get(row[0].toLowerCase(Locale.ROOT)).apply(row));
        }
        return entities;
    }

    /** The legend character for a tile name, used by the editor export. */
    public static char legendChar(String tile) {
        for (Map.Entry<Character, String> e : LEGEND.entrySet()) {
            if (e.getValue().equals(tile)) {
                return e.getKey();
            }
        }
        return '?';
    }
}

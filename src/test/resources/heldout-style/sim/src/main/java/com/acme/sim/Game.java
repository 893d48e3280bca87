package com.acme.sim;

import com.acme.sim.events.EventBus;
import com.acme.sim.events.GameEvent;
import com.acme.sim.io.LevelLoader;
import com.acme.sim.io.SaveCodec;
import com.acme.sim.ui.Hud;
import com.acme.sim.world.World;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Entry point and main loop: a fixed 60 Hz simulation step with rendering as fast as the terminal allows.
 */
public final class Game {

    static final double STEP = 1.0 / 60;
    static final int AUTOSAVE_EVERY = 600;
    static final int FEED_LINES = 6;

    private final EventBus bus = new EventBus();
    private final LevelLoader loader = new LevelLoader();
    private final SaveCodec codec = new SaveCodec();
    private final Deque<String> feed = new ArrayDeque<>();
    private final Path levelDir;
    private final Path saveFile;
    private final Path backupFile;
    private final List<String> levelFiles;
    private final Hud hud;
    private final long maxTicks;
    private World world;
    private String levelName = "";
    private int level;
    private long frames;
    private int fps;
    private volatile boolean running = true;

    Game(Path levelDir, Path saveFile, List<String> levelFiles, Hud hud, long maxTicks) {
        this.levelDir = levelDir;
        this.saveFile = saveFile;
        this.backupFile = saveFile.resolveSibling(saveFile.getFileName() + ".bak");
        this.levelFiles = levelFiles;
        this.hud = hud;
        this.maxTicks = maxTicks;
    }

    EventBus bus() {
        return bus;
    }

    /** Adds a line to the kill/pickup feed shown under the HUD. */
    void remember(String line) {
        if (feed.size() == FEED_LINES) {
            feed.removeFirst();
        }
        feed.addLast(line);
    }

    /** Registers the game's own listeners; runs once, the listeners run on every event. */
    void wireListeners() {
        bus.on("collision", ev -> {
            if (ev instanceof GameEvent.Collision(int first, int second, String kind)) {
                remember(String.format("%s hit %s (%s)", first, second, kind));
            }
        });
        bus.on("picked-up", this::toast);
        bus.on("quick-save", ev -> autosave());
        hud.addOverlay(new Hud.Overlay() {
            @Override
            public String line(World w) {
                int count = w.size();
                return String.format("%s things in %s", count, levelName);
            }
        });
        hud.addOverlay(w -> String.join("\n", feed));
    }

    private void toast(GameEvent ev) {
        String text = switch (ev) {
            case GameEvent.PickedUp(int who, String item, int value) -> String.format("+%s %s", value, item);
            case GameEvent.Collision c -> "bump";
            case GameEvent.Died d -> "down";
            case GameEvent.QuickSave q -> "saved";
        };
        remember(text);
    }

    void loadLevel(int n) {
        if (n > levelFiles.size()) {
            running = false;
            return;
        }
        LevelLoader.Level next = loader.load(levelDir, levelFiles.get(n - 1));
        world = new World(next, bus);
        level = n;
        levelName = next.name();
    }

    /** The fixed-timestep loop. */
    void run() {
        long previous = System.nanoTime();
        long second = previous;
        int framesThisSecond = 0;
        double acc = 0;
        while (running) {
            long now = System.nanoTime();
            acc += (now - previous) / 1e9;
            previous = now;
            while (acc >= STEP) {
                world.step(STEP);
                acc -= STEP;
                long tick = world.tick();
                if (tick % AUTOSAVE_EVERY == 0) {
                    autosave();
                }
                if (world.isCleared()) {
                    loadLevel(level + 1);
                }
                if (tick >= maxTicks) {
                    running = false;
                }
            }
            long tick = world.tick();
            String title = String.format("%s - level %s - tick %s", levelName, level, tick);
            present(title, hud.render(world, fps, level));
            frames++;
            framesThisSecond++;
            if (now - second >= 1_000_000_000L) {
                fps = framesThisSecond;
                framesThisSecond = 0;
                second = now;
            }
        }
    }

    private void autosave() {
        try {
            codec.rotate(saveFile, backupFile);
            Files.write(saveFile, codec.encode(world.entities()));
        } catch (IOException e) {
            String why = e.getMessage();
            remember(String.format("autosave failed: %s", why));
        }
    }

    private static void present(String title, String screen) {
        System.out.print("\033]0;" + title + "\007\033[H\033[2J" + screen);
        System.out.flush();
    }

    /** Printed once, when the loop ends. */
    void printSummary() {
        long ticks = world.tick();
        int events = feed.size();
        System.out.println(String.format("%s ticks, %s frames, %s feed lines", ticks, frames, events));
        System.out.println(world);
        System.out.println(bus);
    }

    /** {@code level=3 dir=levels} style arguments. */
    static Map<String, String> parseArgs(String[] args) {
        Map<String, String> settings = new TreeMap<>();
        for (String arg : args) {
            String[] kv = arg.split("\\s*=\\s*", 2);
            settings.put(kv[0], kv.length > 1 ? kv[1] : "true");
        }
        return settings;
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> settings = parseArgs(args);
        String levelArg = settings.getOrDefault("level", "1");
        if (!levelArg.matches("\\d{1,3}")) {
            System.err.println("level must be a number, got " + levelArg);
            System.exit(2);
        }
        int start = Integer.parseInt(levelArg);
        String dir = settings.getOrDefault("dir", "levels");
        Path levelDir = Path.of(dir);
        List<Path> files;
        try (Stream<Path> listing = Files.list(levelDir)) {
            files = listing.filter(p -> p.toString().endsWith(".lvl")).sorted().toList();
        }
        List<String> names = files.stream().map(p -> p.getFileName().toString()).collect(Collectors.toList());
        int count = names.size();
        System.out.println(String.format("Loading level %s of %s from %s", start, count, dir));
        settings.forEach((key, value) -> System.out.println("  " + key + " = " + value));

        int width = Integer.parseInt(settings.getOrDefault("width", "80"));
        int height = Integer.parseInt(settings.getOrDefault("height", "24"));
        int configHash = Objects.hash(width, height);
        System.out.println("config #" + Integer.toHexString(configHash));

        Path save = Path.of(settings.getOrDefault("save", "ooze.sav"));
        Path previous = save.resolveSibling(save.getFileName() + ".prev");
        if (Files.exists(save)) {
            try (InputStream in = Files.newInputStream(save); OutputStream out = Files.newOutputStream(previous)) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
        }

        Hud hud = new Hud(width, height);
        long maxTicks = Long.parseLong(settings.getOrDefault("ticks", "36000"));
        Game game = new Game(levelDir, save, names, hud, maxTicks);
        game.wireListeners();
        game.bus().on("died", ev -> {
            if (ev instanceof GameEvent.Died(int id, String cause)) {
                game.remember(String.format("entity %s was killed by %s", id, cause));
            }
        });
        game.loadLevel(start);
        game.run();
        game.printSummary();
    }
}

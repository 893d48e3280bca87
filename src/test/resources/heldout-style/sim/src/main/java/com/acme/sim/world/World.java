package com.acme.sim.world;

import com.acme.sim.events.EventBus;
import com.acme.sim.events.GameEvent;
import com.acme.sim.io.LevelLoader.Level;
import com.acme.sim.model.Entity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The state of one level. {@link #step(double)} is called by the fixed-timestep loop 60 times per simulated second;
 * everything reachable from it runs per tick, most of it once per entity.
 */
public final class World {

    /** An overlapping pair of entities on one tick; kept in a set so a contact is announced once, when it begins. */
    public static final class Contact {
        private final int a;
        private final int b;
        private final String kind;

        Contact(int a, int b, String kind) {
            this.a = Math.min(a, b);
            this.b = Math.max(a, b);
            this.kind = kind;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Contact c && c.a == a && c.b == b && c.kind.equals(kind);
        }

        @Override
        public int hashCode() {
            return Objects.hash(a, b, kind);
        }
    }

    private static final double ENEMY_SPEED = 2.0;
    private static final double TOUCH_RADIUS = 0.75;

    private final String levelId;
    private final double width;
    private final double height;
    private final int playerId;
    private final EventBus bus;
    private final SpatialHash grid = new SpatialHash(4.0);
    private final List<String> warnings = new ArrayList<>();
    private List<Entity> entities;
    private Map<Integer, Entity> byId;
    private Set<Contact> touching = Set.of();
    private long tick;

    public World(Level level, EventBus bus) {
        this.levelId = level.id();
        this.width = level.width();
        this.height = level.height();
        this.bus = bus;
        Map<Integer, Entity> index = new HashMap<>();
        for (Entity e : level.entities()) {
            index.put(e.id(), e);
        }
        this.byId = index;
        this.entities = level.entities();
        this.playerId = level.entities().stream().filter(e -> e instanceof Entity.Player).mapToInt(Entity::id)
                .findFirst().orElseThrow(() -> new IllegalArgumentException("level " + levelId + " has no player"));
    }

    /** One fixed timestep. */
    public void step(double dt) {
        tick++;
        entities = advance(entities, dt);
        for (Entity e : entities) {
            byId.put(e.id(), e);
        }
        grid.rebuild(entities);
        try {
            collide();
        } catch (ArithmeticException overflow) {
            warnings.add("score overflow on tick " + tick);
        }
        entities = entities.stream().map(e -> byId.get(e.id())).filter(Objects::nonNull).toList();
    }

    private List<Entity> advance(List<Entity> current, double dt) {
        List<Entity> next = new ArrayList<>();
        for (Entity e : current) {
            next.add(integrate(e, dt));
        }
        return next;
    }

    private Entity integrate(Entity e, double dt) {
        if (!(e instanceof Entity.Enemy)) {
            return e;
        }
        Entity target = byId.get(playerId);
        double dx = target.x() - e.x();
        double dy = target.y() - e.y();
        double len = Math.hypot(dx, dy);
        if (len < 1e-9) {
            return e;
        }
        double nx = e.x() + dx / len * ENEMY_SPEED * dt;
        double ny = e.y() + dy / len * ENEMY_SPEED * dt;
        if (nx < 0 || ny < 0 || nx > width || ny > height) {
            int id = e.id();
            throw new IllegalStateException(String.format("entity %s left the world at %s,%s", id, nx, ny));
        }
        return e.moveTo(nx, ny);
    }

    private void collide() {
        Set<Integer> pending = new HashSet<>();
        pending.addAll(byId.keySet());
        Set<Contact> now = new HashSet<>(touching.size() * 2 + 8);
        for (Entity e : entities) {
            int a = e.id();
            pending.remove(a);
            for (int b : grid.candidates(a)) {
                assert a != b : String.format("entity %s is its own collision candidate on tick %s", a, tick);
                Entity first = byId.get(a);
                Entity second = byId.get(b);
                if (!pending.contains(b) || first == null || second == null || !touches(first, second)) {
                    continue;
                }
                String kindA = Entity.kindOf(first);
                String kindB = Entity.kindOf(second);
                String kind = String.format("%s-%s", kindA, kindB);
                Contact contact = new Contact(a, b, kind);
                now.add(contact);
                if (!touching.contains(contact)) {
                    resolve(first, second);
                    bus.publish(new GameEvent.Collision(a, b, kind));
                }
            }
        }
        touching = now;
    }

    private static boolean touches(Entity p, Entity q) {
        return Math.hypot(p.x() - q.x(), p.y() - q.y()) < TOUCH_RADIUS;
    }

    private void resolve(Entity first, Entity second) {
        switch (first) {
            case Entity.Player p when second instanceof Entity.Enemy en -> hurt(p, en);
            case Entity.Enemy en when second instanceof Entity.Player p -> hurt(p, en);
            case Entity.Player p when second instanceof Entity.Pickup k -> collect(p, k);
            case Entity.Pickup k when second instanceof Entity.Player p -> collect(p, k);
            default -> {
            }
        }
    }

    private void hurt(Entity.Player p, Entity.Enemy en) {
        Entity.Player hurt = p.damaged(en.bite());
        byId.put(hurt.id(), hurt);
        if (hurt.hp() == 0) {
            bus.publish(new GameEvent.Died(hurt.id(), en.kind()));
        }
    }

    private void collect(Entity.Player p, Entity.Pickup k) {
        byId.put(p.id(), p.scored(k.value()));
        byId.remove(k.id());
        bus.publish(new GameEvent.PickedUp(p.id(), k.item(), k.value()));
    }

    /** Kinds of enemies still alive, for the HUD's threat list; once per frame. */
    public Set<String> enemyKinds() {
        Set<String> kinds = enemies().stream().map(Entity.Enemy::kind).collect(Collectors.toSet());
        return kinds;
    }

    public List<Entity.Enemy> enemies() {
        return entities.stream().filter(Entity.Enemy.class::isInstance).map(Entity.Enemy.class::cast).toList();
    }

    public Entity.Player player() {
        return (Entity.Player) byId.get(playerId);
    }

    public List<Entity> entities() {
        return entities;
    }

    public int size() {
        return entities.size();
    }

    public int densestCell() {
        return grid.densest();
    }

    public boolean isCleared() {
        return entities.stream().noneMatch(e -> e instanceof Entity.Enemy || e instanceof Entity.Pickup);
    }

    public long tick() {
        return tick;
    }

    public List<String> warnings() {
        return warnings;
    }

    @Override
    public String toString() {
        List<Integer> ids = entities.stream().map(Entity::id).collect(Collectors.toList());
        return "World[" + levelId + ", tick=" + tick + ", ids=" + ids + ", warnings=" + warnings.size() + "]";
    }
}

package com.acme.arena.world;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The simulation. Every entity is stepped once per frame, then bucketed into a uniform grid for the
 * collision pass. Only the tick thread touches it; network threads queue moves through {@link #move}.
 */
public final class World {

	private static final float CELL = 32f;
	private static final int KILL_POINTS = 100;
	private static final List<String> BASE_LAYERS = List.of("ground", "props", "actors", "fx");
	/** Keys under which the renderer config toggles each layer, e.g. {@code layer.fx}. */
	public static final List<String> LAYER_KEYS = BASE_LAYERS.stream().map(layer -> "layer." + layer).collect(Collectors.toList());

	private static final Map<Class<?>, Behaviour> BEHAVIOURS = new ConcurrentHashMap<>();
	private static final Map<Class<?>, String> KIND_NAMES = new ConcurrentHashMap<>();

	/** How one kind of entity moves in one step. */
	@FunctionalInterface
	public interface Behaviour {
		void step(Entity entity, float dt);
	}

	public abstract static class Entity {
		final int id;
		float x;
		float y;
		float vx;
		float vy;
		boolean dead;

		protected Entity(int id, float x, float y) {
			this.id = id;
			this.x = x;
			this.y = y;
		}

		public int id() {
			return id;
		}

		Snapshot snapshot() {
			return new Snapshot(id, x, y);
		}

		@Override
		public String toString() {
			String kind = KIND_NAMES.computeIfAbsent(getClass(), World::kindName);
			return String.format("%s#%s at %s,%s", kind, id, x, y);
		}
	}

	public static final class Avatar extends Entity {
		final String player;
		int hp = 100;

		public Avatar(int id, String player, float x, float y) {
			super(id, x, y);
			this.player = player;
		}
	}

	public static final class Projectile extends Entity {
		final int ownerId;
		int ttl = 90;

		public Projectile(int ownerId, int id, float x, float y, float vx, float vy) {
			super(id, x, y);
			this.ownerId = ownerId;
			this.vx = vx;
			this.vy = vy;
		}
	}

	/** Grid bucket key; one is created per entity per frame. */
	public static final class GridCell {
		final int cx;
		final int cy;

		GridCell(int cx, int cy) {
			this.cx = cx;
			this.cy = cy;
		}

		@Override
		public boolean equals(Object o) {
			return o instanceof GridCell other && other.cx == cx && other.cy == cy;
		}

		@Override
		public int hashCode() {
			return Objects.hash(cx, cy);
		}
	}

	public record Snapshot(int id, float x, float y) {
	}

	private record PendingMove(int entityId, float x, float y) {
	}

	private final String name;
	private final int seed;
	private final List<Entity> entities = new ArrayList<>();
	private final Map<GridCell, List<Entity>> grid = new HashMap<>();
	private final List<PendingMove> pendingMoves = new ArrayList<>();
	private final List<String> scoreEvents = new ArrayList<>();
	private int nextId = 1;
	private long tick;

	public World(String name, int seed) {
		this.name = name;
		this.seed = seed;
	}

	public String name() {
		return name;
	}

	public int seed() {
		return seed;
	}

	public int nextId() {
		return nextId++;
	}

	public void spawn(Entity entity) {
		entities.add(entity);
	}

	/** Called by the network threads for every Move packet; applied at the start of the next frame. */
	public void move(int entityId, float x, float y) {
		synchronized (pendingMoves) {
			pendingMoves.add(new PendingMove(entityId, x, y));
		}
	}

	/** Advances the simulation by one frame. */
	public void tick(float dt) {
		assert dt > 0 : String.format("non-positive dt %s at tick %s", dt, tick);
		tick++;
		applyMoves();
		for (Entity e : entities) {
			BEHAVIOURS.computeIfAbsent(e.getClass(), World::behaviourFor).step(e, dt);
		}
		entities.removeIf(e -> e.dead);
		rebuildGrid();
		resolveCollisions();
	}

	private void applyMoves() {
		List<PendingMove> moves;
		synchronized (pendingMoves) {
			moves = new ArrayList<>(pendingMoves);
			pendingMoves.clear();
		}
		Map<Integer, Entity> byId = new HashMap<>();
		for (Entity e : entities) {
			byId.put(e.id, e);
		}
		for (PendingMove m : moves) {
			Entity e = byId.get(m.entityId());
			if (e != null) {
				e.x = m.x();
				e.y = m.y();
			}
		}
	}

	private void rebuildGrid() {
		grid.clear();
		for (Entity e : entities) {
			GridCell cell = new GridCell((int) Math.floor(e.x / CELL), (int) Math.floor(e.y / CELL));
			grid.computeIfAbsent(cell, c -> new ArrayList<>()).add(e);
		}
	}

	private void resolveCollisions() {
		for (GridCell cell : grid.keySet()) {
			List<Entity> bucket = grid.get(cell);
			for (int i = 0; i < bucket.size(); i++) {
				for (int j = i + 1; j < bucket.size(); j++) {
					collide(bucket.get(i), bucket.get(j));
				}
			}
		}
	}

	private void collide(Entity a, Entity b) {
		float dx = a.x - b.x;
		float dy = a.y - b.y;
		if (dx * dx + dy * dy > 4f) {
			return;
		}
		if (a instanceof Projectile shot && b instanceof Avatar target && shot.ownerId != target.id) {
			hit(shot, target);
		} else if (b instanceof Projectile shot2 && a instanceof Avatar target2 && shot2.ownerId != target2.id) {
			hit(shot2, target2);
		}
	}

	private void hit(Projectile shot, Avatar target) {
		shot.dead = true;
		target.hp -= 25;
		if (target.hp <= 0) {
			target.dead = true;
			for (Entity e : entities) {
				if (e.id == shot.ownerId && e instanceof Avatar killer) {
					String player = killer.player;
					scoreEvents.add(String.format("%s:+%s;kill", player, KILL_POINTS));
				}
			}
		}
	}

	/** Score events produced by the last frame, handed to the leaderboard. */
	public List<String> drainScoreEvents() {
		List<String> drained = new ArrayList<>(scoreEvents);
		scoreEvents.clear();
		return drained;
	}

	/** Called by the server after every frame to build the state broadcast. */
	public List<Snapshot> snapshot() {
		List<Snapshot> frame = entities.stream().map(Entity::snapshot).collect(Collectors.toList());
		return frame;
	}

	private static Behaviour behaviourFor(Class<?> type) {
		if (Projectile.class.isAssignableFrom(type)) {
			return (e, dt) -> {
				e.x += e.vx * dt;
				e.y += e.vy * dt;
				Projectile p = (Projectile) e;
				if (--p.ttl <= 0) {
					p.dead = true;
				}
			};
		}
		if (Avatar.class.isAssignableFrom(type)) {
			return (e, dt) -> {
				e.vx *= 0.9f;
				e.vy *= 0.9f;
			};
		}
		return (e, dt) -> { };
	}

	private static String kindName(Class<?> type) {
		return type.getSimpleName().toLowerCase(Locale.ROOT);
	}
}

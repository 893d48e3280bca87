package com.acme.sim.world;

import com.acme.sim.model.Entity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Uniform grid over the level. Rebuilt from scratch at the start of every tick, then queried once per entity for
 * collision candidates; the keys of both maps are hashed many thousands of times per second.
 */
public final class SpatialHash {

	/** Grid coordinates of one cell. */
	public static final class Cell {
		final int cx;
		final int cy;

		public Cell(int cx, int cy) {
			this.cx = cx;
			this.cy = cy;
		}

		@Override
		public boolean equals(Object o) {
			return o instanceof Cell c && c.cx == cx && c.cy == cy;
		}

		@Override
		public int hashCode() {
			return Objects.hash(cx, cy);
		}

		@Override
		public String toString() {
			return "(" + cx + "," + cy + ")";
		}
	}

	private static final int[][] RAW_OFFSETS = {
		{-1, -1}, {0, -1}, {1, -1},
		{-1, 0}, {0, 0}, {1, 0},
		{-1, 1}, {0, 1}, {1, 1},
	};

	/** The 3x3 block of cells around (and including) a cell. */
	static final List<Cell> NEIGHBOURS;

	static {
		List<Cell> offsets = new ArrayList<>();
		for (int[] d : RAW_OFFSETS) {
			offsets.add(new Cell(d[0], d[1]));
		}
		NEIGHBOURS = offsets;
	}

	private final double cellSize;
	private final Map<Cell, List<Integer>> buckets = new HashMap<>();
	private Map<Integer, Cell> cellOf = Map.of();

	public SpatialHash(double cellSize) {
		if (!(cellSize > 0)) {
			throw new IllegalArgumentException("cell size must be positive, was " + cellSize);
		}
		this.cellSize = cellSize;
	}

	public Cell cellFor(double x, double y) {
		return new Cell((int) Math.floor(x / cellSize), (int) Math.floor(y / cellSize));
	}

	/** Called by {@link World#step(double)} at the start of every tick. */
	public void rebuild(List<Entity> entities) {
		buckets.clear();
		Map<Integer, Cell> index = new HashMap<>(entities.size());
		for (Entity e : entities) {
			index.put(e.id(), cellFor(e.x(), e.y()));
		}
		for (Entity e : entities) {
			buckets.computeIfAbsent(index.get(e.id()), c -> new ArrayList<>(4)).add(e.id());
		}
		cellOf = index;
	}

	/** The cells to search around {@code c}; once per entity per tick. */
	public List<Cell> around(Cell c) {
		List<Cell> ring = new ArrayList<>();
		for (Cell d : NEIGHBOURS) {
			ring.add(new Cell(c.cx + d.cx, c.cy + d.cy));
		}
		return ring;
	}

	/** Ids of entities that may touch entity {@code id}, itself excluded. */
	public List<Integer> candidates(int id) {
		Cell home = cellOf.get(id);
		List<Integer> out = new ArrayList<>(16);
		if (home == null) {
			return out;
		}
		for (Cell cell : around(home)) {
			List<Integer> bucket = buckets.get(cell);
			if (bucket == null) {
				continue;
			}
			for (int other : bucket) {
				if (other != id) {
					out.add(other);
				}
			}
		}
		return out;
	}

	/** Size of the fullest cell; shown on the debug HUD every frame. */
	public int densest() {
		int max = 0;
		for (Cell cell : buckets.keySet()) {
			int n = buckets.get(cell).size();
			if (n > max) {
				max = n;
			}
		}
		return max;
	}

	public int occupiedCells() {
		return buckets.size();
	}

	@Override
	public String toString() {
		StringBuilder sb = new StringBuilder("SpatialHash[cell=").append(cellSize).append("]\n");
		for (Cell cell : buckets.keySet()) {
			sb.append("  ").append(cell).append(" -> ").append(buckets.get(cell)).append('\n');
		}
		return sb.toString();
	}
}

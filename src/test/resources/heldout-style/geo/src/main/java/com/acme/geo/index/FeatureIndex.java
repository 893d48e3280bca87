package com.acme.geo.index;

import com.acme.geo.model.Coordinate;
import com.acme.geo.model.Feature;
import com.acme.geo.tile.TileMath;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * In-memory grid index. Every feature is filed under each zoom-12 cell its envelope touches; a tile
 * request looks up the cells under the tile. Filled by the importer, then read by the request threads.
 */
public final class FeatureIndex {

    private static final int GRID_ZOOM = 12;

    private final Map<Long, List<Feature>> cells = new HashMap<>();
    private final Map<String, Integer> layerCounts = new TreeMap<>();
    private final Set<Feature> all = new HashSet<>();

    /** Called by the importer for every record it reads. */
    public void add(Feature feature) {
        if (!all.add(feature)) {
            return;
        }
        double[] env = envelope(feature.geometry());
        for (long cell : cellsCovering(env[0], env[1], env[2], env[3])) {
            cells.computeIfAbsent(cell, k -> new ArrayList<>()).add(feature);
        }
        layerCounts.merge(feature.layer(), 1, Integer::sum);
    }

    public int size() {
        return all.size();
    }

    /** Features of the given layers in the cells under a box; called once per tile request. */
    public List<Feature> query(double west, double south, double east, double north, Collection<String> layers) {
        Set<String> wanted = new HashSet<>();
        wanted.addAll(layers);
        List<Feature> candidates = new ArrayList<>();
        for (long cell : cellsCovering(west, south, east, north)) {
            List<Feature> inCell = cells.get(cell);
            if (inCell == null) {
                continue;
            }
            for (Feature f : inCell) {
                if (wanted.contains(f.layer())) {
                    candidates.add(f);
                }
            }
        }
        // a feature that spans several cells is found once per cell
        Map<Long, Feature> byId = new HashMap<>(candidates.size());
        for (Feature f : candidates) {
            byId.put(f.id(), f);
        }
        return new ArrayList<>(byId.values());
    }

    /** Ids of the features of a tile, for the X-Feature-Ids header of debug responses. */
    public static List<Long> idsOf(List<Feature> hits) {
        List<Long> ids = new ArrayList<>();
        for (Feature f : hits) {
            ids.add(f.id());
        }
        return ids;
    }

    /** Layers that actually have features in a tile; sent back as X-Layers. */
    public static Set<String> layersOf(List<Feature> hits) {
        Set<String> present = hits.stream().map(Feature::layer).collect(Collectors.toSet());
        return present;
    }

    /** Body of GET /layers, which the map client polls to refresh its layer switcher. */
    public String layerSummary() {
        StringBuilder sb = new StringBuilder();
        for (String layer : layerCounts.keySet()) {
            sb.append(layer).append('\t').append(layerCounts.get(layer)).append('\n');
        }
        return sb.toString();
    }

    public static double[] envelope(Feature.Geometry geometry) {
        double west = 180;
        double south = 90;
        double east = -180;
        double north = -90;
        for (Coordinate c : geometry.coordinates()) {
            west = Math.min(west, c.lon());
            east = Math.max(east, c.lon());
            south = Math.min(south, c.lat());
            north = Math.max(north, c.lat());
        }
        return new double[] {west, south, east, north};
    }

    private static long[] cellsCovering(double west, double south, double east, double north) {
        int minX = TileMath.lonToTileX(west, GRID_ZOOM);
        int maxX = TileMath.lonToTileX(east, GRID_ZOOM);
        int minY = TileMath.latToTileY(north, GRID_ZOOM);
        int maxY = TileMath.latToTileY(south, GRID_ZOOM);
        long[] out = new long[(maxX - minX + 1) * (maxY - minY + 1)];
        int i = 0;
        for (int x = minX; x <= maxX; x++) {
            for (int y = minY; y <= maxY; y++) {
                long cell = ((long) x << 32) | y;
                assert cell >= 0 : String.format("negative cell %s for %s/%s", cell, x, y);
                out[i++] = cell;
            }
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("FeatureIndex{features=").append(all.size());
        for (String layer : layerCounts.keySet()) {
            sb.append(", ").append(layer).append('=').append(layerCounts.get(layer));
        }
        return sb.append('}').toString();
    }
}

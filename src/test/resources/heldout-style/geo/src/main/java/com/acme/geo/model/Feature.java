package com.acme.geo.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/** One map feature: an id unique within its layer, a geometry and string properties. */
public final class Feature {

    /** Geometry of a feature. The tile encoder picks its writer by the concrete class. */
    public abstract static class Geometry {
        private final List<Coordinate> coordinates;

        Geometry(List<Coordinate> coordinates) {
            if (coordinates.isEmpty()) {
                throw new IllegalArgumentException("a geometry needs at least one coordinate");
            }
            this.coordinates = List.copyOf(coordinates);
        }

        public List<Coordinate> coordinates() {
            return coordinates;
        }

        public abstract String toWkt();
    }

    public static final class Point extends Geometry {
        public Point(Coordinate at) {
            super(List.of(at));
        }

        public Coordinate at() {
            return coordinates().get(0);
        }

        @Override
        public String toWkt() {
            return at().toWkt();
        }
    }

    public static final class Line extends Geometry {
        public Line(List<Coordinate> coordinates) {
            super(coordinates);
        }

        @Override
        public String toWkt() {
            return "LINESTRING(" + pairs(coordinates()) + ")";
        }
    }

    public static final class Area extends Geometry {
        public Area(List<Coordinate> ring) {
            super(ring);
        }

        @Override
        public String toWkt() {
            return "POLYGON((" + pairs(coordinates()) + "))";
        }
    }

    static String pairs(List<Coordinate> coordinates) {
        StringBuilder sb = new StringBuilder();
        for (Coordinate c : coordinates) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(c.lon()).append(' ').append(c.lat());
        }
        return sb.toString();
    }

    private final long id;
    private final String layer;
    private final Geometry geometry;
    private final Map<String, String> properties;

    public Feature(long id, String layer, Geometry geometry, Map<String, String> properties) {
        this.id = id;
        this.layer = Objects.requireNonNull(layer, "layer");
        this.geometry = Objects.requireNonNull(geometry, "geometry");
        this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    public long id() {
        return id;
    }

    public String layer() {
        return layer;
    }

    public Geometry geometry() {
        return geometry;
    }

    public Map<String, String> properties() {
        return properties;
    }

    /** Alternating key/value list, in the order the tile encoder writes the tags of this feature. */
    public String[] tags() {
        return properties.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Feature)) {
            return false;
        }
        Feature other = (Feature) o;
        return id == other.id && layer.equals(other.layer);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, layer);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Feature{id=").append(id).append(", layer=").append(layer);
        for (String key : properties.keySet()) {
            sb.append(", ").append(key).append('=').append(properties.get(key));
        }
        return sb.append(", ").append(geometry.toWkt()).append('}').toString();
    }
}

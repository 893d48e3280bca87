package com.acme.geo.tile;

import com.acme.geo.model.Coordinate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Web mercator tile arithmetic (the XYZ scheme: y grows southwards, 2^z tiles per axis). */
public final class TileMath {

    public static final int MAX_ZOOM = 22;
    private static final int[] BAND_LEVELS = {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22};
    /** Names of the zoom bands the style sheet refers to: z0, z2, ... z22. */
    static final List<String> BAND_NAMES;

    static {
        List<String> names = new ArrayList<>();
        for (int level : BAND_LEVELS) {
            names.add("z" + level);
        }
        BAND_NAMES = names;
    }

    private TileMath() {
    }

    /** Address of one tile; the key of the tile cache, so it is hashed on every request. */
    public static final class TileId {
        final int z;
        final int x;
        final int y;

        TileId(int z, int x, int y) {
            this.z = z;
            this.x = x;
            this.y = y;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof TileId)) {
                return false;
            }
            TileId other = (TileId) o;
            return z == other.z && x == other.x && y == other.y;
        }

        @Override
        public int hashCode() {
            return Objects.hash(z, x, y);
        }

        @Override
        public String toString() {
            return z + "/" + x + "/" + y;
        }
    }

    /** Cache and ETag key of a rendered tile. */
    public static String tileKey(String layer, int z, int x, int y) {
        return String.format("%s/%s/%s/%s", layer, z, x, y);
    }

    /** Parses {@code /tiles/<layer>/<z>/<x>/<y>.<ext>}. */
    public static TileId parsePath(String path) {
        int end = path.lastIndexOf('.');
        int ySlash = path.lastIndexOf('/', end);
        int xSlash = path.lastIndexOf('/', ySlash - 1);
        int zSlash = path.lastIndexOf('/', xSlash - 1);
        int z = Integer.parseInt(path.substring(zSlash + 1, xSlash));
        int x = Integer.parseInt(path.substring(xSlash + 1, ySlash));
        int y = Integer.parseInt(path.substring(ySlash + 1, end));
        checkZoom(z);
        int max = (1 << z) - 1;
        if (x < 0 || x > max || y < 0 || y > max) {
            throw new IllegalArgumentException("tile " + x + "," + y + " does not exist at zoom " + z);
        }
        return new TileId(z, x, y);
    }

    public static String band(int z) {
        checkZoom(z);
        return BAND_NAMES.get(Math.min(z / 2, BAND_NAMES.size() - 1));
    }

    /** West, south, east, north of a tile in degrees. */
    public static double[] bounds(int z, int x, int y) {
        checkZoom(z);
        return new double[] {tileXToLon(x, z), tileYToLat(y + 1, z), tileXToLon(x + 1, z), tileYToLat(y, z)};
    }

    public static int lonToTileX(double lon, int z) {
        int x = (int) Math.floor((lon + 180) / 360 * (1 << z));
        return Math.max(0, Math.min((1 << z) - 1, x));
    }

    public static int latToTileY(double lat, int z) {
        double rad = Math.toRadians(Math.max(-Coordinate.MAX_LAT, Math.min(Coordinate.MAX_LAT, lat)));
        int y = (int) Math.floor((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2 * (1 << z));
        return Math.max(0, Math.min((1 << z) - 1, y));
    }

    public static double tileXToLon(int x, int z) {
        return x / (double) (1 << z) * 360 - 180;
    }

    public static double tileYToLat(int y, int z) {
        double n = Math.PI - 2 * Math.PI * y / (1 << z);
        return Math.toDegrees(Math.atan(Math.sinh(n)));
    }

    private static void checkZoom(int z) {
        if (z < 0 || z > MAX_ZOOM) {
            throw new IllegalArgumentException(zoomError(z));
        }
    }

    private static String zoomError(int zoom) {
        return String.format("zoom %s is outside 0..%s", zoom, MAX_ZOOM);
    }
}

package com.acme.geo.model;

import java.util.Objects;

/**
 * A WGS84 longitude/latitude pair. Immutable; tiles, the feature index and the WKT parser all pass
 * these around, and the parser checks polygon rings with them as hash keys.
 */
public final class Coordinate {
  /** Latitude limit of the web mercator projection. */
  public static final double MAX_LAT = 85.05112878;

  private final double lon;
  private final double lat;

  public Coordinate(double lon, double lat) {
    checkRange(lon, lat);
    this.lon = lon;
    this.lat = lat;
  }

  /** Parses "lon lat" or "lon,lat", as found in WKT bodies and the {@code at=} parameter. */
  public static Coordinate parse(String text) {
    String[] parts = text.trim().split("[\\s,]+");
    if (parts.length != 2) {
      throw new IllegalArgumentException("expected two ordinates in '" + text + "'");
    }
    return new Coordinate(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]));
  }

  private static void checkRange(double lon, double lat) {
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90 || Double.isNaN(lon) || Double.isNaN(lat)) {
      throw new IllegalArgumentException(String.format("coordinate %s,%s is outside WGS84", lon, lat));
    }
  }

  public double lon() {
    return lon;
  }

  public double lat() {
    return lat;
  }

  public String toWkt() {
    return String.format("POINT(%s %s)", lon, lat);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Coordinate)) {
      return false;
    }
    Coordinate other = (Coordinate) o;
    return Double.compare(lon, other.lon) == 0 && Double.compare(lat, other.lat) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(lon, lat);
  }

  @Override
  public String toString() {
    return toWkt();
  }
}

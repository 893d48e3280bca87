package com.acme.gateway.ratelimit;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/** Token buckets keyed by client id and route: one bucket per pair, refilled continuously, dropped when idle. */
public final class RateLimiter implements AutoCloseable {

  private static final long IDLE_NANOS = TimeUnit.MINUTES.toNanos(10);
  private static final int PROXY_V2_ADDRESS_OFFSET = 16;

  private final ConcurrentHashMap<ClientKey, Bucket> buckets = new ConcurrentHashMap<>();
  private final ScheduledExecutorService sweeper =
      Executors.newSingleThreadScheduledExecutor(Thread.ofVirtual().name("rate-sweeper").factory());

  public RateLimiter() {
    sweeper.scheduleAtFixedRate(this::evictIdle, 1, 1, TimeUnit.MINUTES);
  }

  /** Called for every routed request. */
  public boolean tryAcquire(String clientId, String routeId, int perSecond) {
    if (perSecond <= 0) {
      return true;
    }
    Bucket bucket = buckets.computeIfAbsent(new ClientKey(clientId, routeId), k -> new Bucket(perSecond));
    return bucket.take(System.nanoTime());
  }

  void evictIdle() {
    long now = System.nanoTime();
    buckets.values().removeIf(bucket -> bucket.idleFor(now) > IDLE_NANOS);
  }

  public int bucketCount() {
    return buckets.size();
  }

  @Override
  public void close() {
    sweeper.shutdownNow();
  }

  /**
  * Source IPv4 address of a PROXY protocol v2 header; read for every request that came through the load
  * balancer, whose address is then the client id.
  */
  public static int sourceIpv4(byte[] header) {
    int family = header[13] & 0xFF;
    if (family != 0x11 && family != 0x12) {
      throw new IllegalArgumentException("PROXY v2 header is not TCP/UDP over IPv4, signature tail "
          + Integer.toHexString((header[8] & 0xFF) << 24 | (header[9] & 0xFF) << 16 | (header[10] & 0xFF) << 8 | (header[11] & 0xFF)));
    }
    int off = PROXY_V2_ADDRESS_OFFSET;
    return (header[off] & 0xFF) << 24 | (header[off + 1] & 0xFF) << 16 | (header[off + 2] & 0xFF) << 8 | (header[off + 3] & 0xFF);
  }

  public static int sourcePort(byte[] header) {
    int off = PROXY_V2_ADDRESS_OFFSET + 8;
    return (header[off] & 0xFF) << 8 | (header[off + 1] & 0xFF);
  }

  public static String ipv4Text(int ip) {
    int a = ip >>> 24;
    int b = (ip >>> 16) & 0xFF;
    int c = (ip >>> 8) & 0xFF;
    int d = ip & 0xFF;
    return String.format("%s.%s.%s.%s", a, b, c, d);
  }

  static final class ClientKey {
    private final String clientId;
    private final String routeId;

    ClientKey(String clientId, String routeId) {
      this.clientId = clientId;
      this.routeId = routeId;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ClientKey other && clientId.equals(other.clientId) && routeId.equals(other.routeId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(clientId, routeId);
    }

    @Override
    public String toString() {
      return String.format("%s@%s", clientId, routeId);
    }
  }

  static final class Bucket {
    private final ReentrantLock lock = new ReentrantLock();
    private final double capacity;
    private final double refillPerNano;
    private double tokens;
    private long last;
    private volatile long lastUsed;

    Bucket(int perSecond) {
      this.capacity = perSecond;
      this.refillPerNano = perSecond / 1e9;
      this.tokens = perSecond;
      this.last = System.nanoTime();
      this.lastUsed = last;
    }

    boolean take(long now) {
      lock.lock();
      try {
        tokens = Math.min(capacity, tokens + (now - last) * refillPerNano);
        last = now;
        lastUsed = now;
        assert tokens <= capacity : String.format("bucket overfilled: %s > %s", tokens, capacity);
        if (tokens < 1) {
          return false;
        }
        tokens -= 1;
        return true;
      } finally {
        lock.unlock();
      }
    }

    long idleFor(long now) {
      return now - lastUsed;
    }
  }
}

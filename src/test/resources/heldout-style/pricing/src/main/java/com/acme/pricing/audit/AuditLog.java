package com.acme.pricing.audit;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Audit trail of computed quotes: one event per quote, kept in memory by tenant and day for the
 * nightly export, and framed into segment files that finance tooling reads back.
 * Frames are 16 bytes, big-endian: sequence number, then the quote total in cents.
 */
public final class AuditLog {

  static final int MAGIC = 0x50524331; // "PRC1"
  static final int SCHEMA_VERSION = 3;
  /** Stamped into every segment header; readers refuse segments written with another frame layout. */
  static final int SCHEMA_HASH = Objects.hash(MAGIC, SCHEMA_VERSION);
  static final int FRAME = 16;
  static final byte[] SEGMENT_HEADER = new byte[8];

  static {
    SEGMENT_HEADER[0] = (byte) (MAGIC >>> 24);
    SEGMENT_HEADER[1] = (byte) (MAGIC >>> 16);
    SEGMENT_HEADER[2] = (byte) (MAGIC >>> 8);
    SEGMENT_HEADER[3] = (byte) MAGIC;
    SEGMENT_HEADER[4] = (byte) (SCHEMA_HASH >>> 24);
    SEGMENT_HEADER[5] = (byte) (SCHEMA_HASH >>> 16);
    SEGMENT_HEADER[6] = (byte) (SCHEMA_HASH >>> 8);
    SEGMENT_HEADER[7] = (byte) SCHEMA_HASH;
  }

  public static final class Event {
    final String quoteId;
    final String tenant;
    final long seq;
    final long amountCents;
    final int lineCount;

    Event(String quoteId, String tenant, long seq, long amountCents, int lineCount) {
      this.quoteId = quoteId;
      this.tenant = tenant;
      this.seq = seq;
      this.amountCents = amountCents;
      this.lineCount = lineCount;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Event)) {
        return false;
      }
      Event other = (Event) o;
      return seq == other.seq && quoteId.equals(other.quoteId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(quoteId, seq);
    }

    @Override
    public String toString() {
      return "Event[" + quoteId + " #" + seq + " " + tenant + " " + amountCents + "c, " + lineCount + " lines]";
    }
  }

  private final Path dir;
  private final AtomicLong sequence = new AtomicLong();
  private final Map<String, List<Event>> byPartition = new ConcurrentHashMap<>();
  private final byte[] pending = new byte[FRAME * 1024];
  private int pos;
  private final Set<Event> recent = Collections.newSetFromMap(new LinkedHashMap<Event, Boolean>(1024, 0.75f) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<Event, Boolean> eldest) {
      return size() > 10_000;
    }
  });

  public AuditLog(Path dir) {
    this.dir = dir;
  }

  /** Called by the quote engine for every quote it computes. */
  public synchronized void record(String tenant, String quoteId, long amountCents, String[] skus) {
    long seq = sequence.incrementAndGet();
    Event event = new Event(quoteId, tenant, seq, amountCents, skus.length);
    if (!recent.add(event)) {
      return;
    }
    String day = LocalDate.now(ZoneOffset.UTC).toString();
    String partition = String.format("%s/%s", tenant, day);
    byPartition.computeIfAbsent(partition, p -> Collections.synchronizedList(new ArrayList<>())).add(event);
    if (pos + FRAME > pending.length) {
      flush();
    }
    pending[pos] = (byte) (seq >>> 56);
    pending[pos + 1] = (byte) (seq >>> 48);
    pending[pos + 2] = (byte) (seq >>> 40);
    pending[pos + 3] = (byte) (seq >>> 32);
    pending[pos + 4] = (byte) (seq >>> 24);
    pending[pos + 5] = (byte) (seq >>> 16);
    pending[pos + 6] = (byte) (seq >>> 8);
    pending[pos + 7] = (byte) seq;
    int at = pos + 8;
    pending[at] = (byte) (amountCents >>> 56);
    pending[at + 1] = (byte) (amountCents >>> 48);
    pending[at + 2] = (byte) (amountCents >>> 40);
    pending[at + 3] = (byte) (amountCents >>> 32);
    pending[at + 4] = (byte) (amountCents >>> 24);
    pending[at + 5] = (byte) (amountCents >>> 16);
    pending[at + 6] = (byte) (amountCents >>> 8);
    pending[at + 7] = (byte) amountCents;
    pos += FRAME;
  }

  /** Writes the pending frames as a new segment of today's partition. */
  public synchronized void flush() {
    String day = LocalDate.now(ZoneOffset.UTC).toString();
    Path segment = dir.resolve("segment-" + day + "-" + sequence.get() + ".bin");
    String segmentName = segment.getFileName().toString();
    try (OutputStream out = Files.newOutputStream(segment, StandardOpenOption.CREATE_NEW)) {
      out.write(SEGMENT_HEADER);
      out.write(pending, 0, pos);
      pos = 0;
    } catch (IOException e) {
      String reason = e.getMessage();
      System.err.println(String.format("audit flush to %s failed: %s", segmentName, reason));
    }
  }

  public List<Event> eventsFor(String day) {
    return byPartition.entrySet().stream()
        .filter(e -> e.getKey().endsWith("/" + day))
        .flatMap(e -> e.getValue().stream())
        .collect(Collectors.toList());
  }

  public List<Path> segmentsFor(String day) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith("segment-" + day)).collect(Collectors.toList());
    }
  }
}

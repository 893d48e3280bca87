package com.acme.search.store;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * On-disk segment format.
 *
 * <pre>
 * header   magic:int32 version:int32 docCount:int32 created:int64 postingsStart:int32   (24 bytes, big-endian)
 * docs     offset:int32 per document, then modified:int64 per document
 * postings per term: docCount:vint, then (docDelta:vint, freq:vint) pairs
 * </pre>
 */
public final class SegmentFile {

  static final int MAGIC = 0x5345474D; // "SEGM"
  static final int VERSION = 3;
  static final int HEADER_SIZE = 24;
  static final int BLOCK_SIZE = 16 * 1024;
  static final byte[] HEADER_MAGIC = new byte[4];

  static {
    HEADER_MAGIC[0] = (byte) (MAGIC >>> 24);
    HEADER_MAGIC[1] = (byte) (MAGIC >>> 16);
    HEADER_MAGIC[2] = (byte) (MAGIC >>> 8);
    HEADER_MAGIC[3] = (byte) MAGIC;
  }

  public static final class CorruptIndexException extends IOException {
    public CorruptIndexException(String message) {
      super(message);
    }
  }

  /** Key of the decoded-postings cache shared by all open segments. */
  static final class PostingsKey {
    final String segment;
    final int termOrd;

    PostingsKey(String segment, int termOrd) {
      this.segment = segment;
      this.termOrd = termOrd;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof PostingsKey
          && ((PostingsKey) o).termOrd == termOrd
          && ((PostingsKey) o).segment.equals(segment);
    }

    @Override
    public int hashCode() {
      return Objects.hash(segment, termOrd);
    }
  }

  public static final class Header {
    final int version;
    final int docCount;
    final long createdMillis;

    public Header(int version, int docCount, long createdMillis) {
      this.version = version;
      this.docCount = docCount;
      this.createdMillis = createdMillis;
    }

    public int docCount() {
      return docCount;
    }

    @Override
    public String toString() {
      return "segment v" + version + ", " + docCount + " docs, created at " + createdMillis;
    }
  }

  private static final Map<PostingsKey, int[]> POSTINGS_CACHE = new ConcurrentHashMap<>();

  private final String name;
  private final byte[] data;
  private final Header header;

  private SegmentFile(String name, byte[] data) {
    this.name = name;
    this.data = data;
    this.header = new Header(readInt(data, 4), readInt(data, 8), readLong(data, 12));
  }

  public String name() {
    return name;
  }

  public Header header() {
    return header;
  }

  // ---------------------------------------------------------------- writing

  /** Serializes a flushed segment; the doc table is written once per document. */
  public static byte[] write(Header h, int[] docOffsets, long[] modified, List<int[]> postingLists) {
    int docs = docOffsets.length;
    byte[] fixed = new byte[HEADER_SIZE + docs * 12];
    System.arraycopy(HEADER_MAGIC, 0, fixed, 0, 4);
    writeInt(fixed, 4, VERSION);
    writeInt(fixed, 8, docs);
    writeLong(fixed, 12, h.createdMillis);
    writeInt(fixed, 20, fixed.length);
    for (int i = 0; i < docs; i++) {
      writeInt(fixed, HEADER_SIZE + i * 4, docOffsets[i]);
      writeLong(fixed, HEADER_SIZE + docs * 4 + i * 8, modified[i]);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(fixed.length + postingLists.size() * 8);
    out.write(fixed, 0, fixed.length);
    for (int[] docIds : postingLists) {
      writeVInt(out, docIds.length);
      int previous = 0;
      for (int docId : docIds) {
        writeVInt(out, docId - previous);
        previous = docId;
      }
    }
    return out.toByteArray();
  }

  static void writeInt(byte[] b, int off, int v) {
    b[off] = (byte) (v >>> 24);
    b[off + 1] = (byte) (v >>> 16);
    b[off + 2] = (byte) (v >>> 8);
    b[off + 3] = (byte) v;
  }

  static void writeLong(byte[] b, int off, long v) {
    writeInt(b, off, (int) (v >>> 32));
    writeInt(b, off + 4, (int) v);
  }

  static void writeVInt(ByteArrayOutputStream out, int v) {
    while ((v & ~0x7F) != 0) {
      out.write((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out.write(v);
  }

  // ---------------------------------------------------------------- reading

  /** Reads a whole segment; the searcher re-opens changed segments on every refresh. */
  public static SegmentFile open(String name, InputStream in) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(BLOCK_SIZE);
    while (true) {
      byte[] chunk = new byte[BLOCK_SIZE];
      int n = in.read(chunk);
      if (n == -1) {
        break;
      }
      bytes.write(chunk, 0, n);
    }
    byte[] data = bytes.toByteArray();
    checkHeader(name, data);
    return new SegmentFile(name, data);
  }

  /** Opens a segment from disk; a corrupt file is moved aside for inspection before the error is reported. */
  public static SegmentFile load(Path file, Path quarantineDir) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return open(file.getFileName().toString(), in);
    } catch (CorruptIndexException e) {
      Path quarantined = quarantineDir.resolve(file.getFileName() + ".corrupt");
      try (InputStream in = new FileInputStream(file.toFile());
          OutputStream out = new FileOutputStream(quarantined.toFile())) {
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) != -1) {
          out.write(buffer, 0, n);
        }
      }
      throw e;
    }
  }

  static void checkHeader(String name, byte[] h) throws CorruptIndexException {
    if (h.length < HEADER_SIZE) {
      throw new CorruptIndexException(name + ": truncated header");
    }
    if (!Arrays.equals(h, 0, 4, HEADER_MAGIC, 0, 4)) {
      throw new CorruptIndexException(name + ": bad magic 0x" + Integer.toHexString(
          (h[0] & 0xFF) << 24 | (h[1] & 0xFF) << 16 | (h[2] & 0xFF) << 8 | (h[3] & 0xFF)));
    }
  }

  static int readInt(byte[] b, int off) {
    return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
  }

  static long readLong(byte[] b, int off) {
    return (b[off] & 0xFFL) << 56
        | (b[off + 1] & 0xFFL) << 48
        | (b[off + 2] & 0xFFL) << 40
        | (b[off + 3] & 0xFFL) << 32
        | (b[off + 4] & 0xFFL) << 24
        | (b[off + 5] & 0xFFL) << 16
        | (b[off + 6] & 0xFFL) << 8
        | (b[off + 7] & 0xFFL);
  }

  /** Offset of a document's stored fields; called for every hit shown. */
  public int docOffset(int docId) {
    return readInt(data, HEADER_SIZE + docId * 4);
  }

  /** Modification time of a document; called for every candidate when sorting by date. */
  public long modified(int docId) {
    return readLong(data, HEADER_SIZE + header.docCount * 4 + docId * 8);
  }

  /** Decoded doc ids of one term, cached across queries. */
  public int[] postings(int termOrd, int offset) {
    return POSTINGS_CACHE.computeIfAbsent(new PostingsKey(name, termOrd), k -> decodePostings(offset));
  }

  private int[] decodePostings(int offset) {
    int[] pos = {offset};
    int count = readVInt(pos);
    int[] docIds = new int[count];
    int doc = 0;
    for (int i = 0; i < count; i++) {
      doc += readVInt(pos);
      docIds[i] = doc;
    }
    return docIds;
  }

  private int readVInt(int[] pos) {
    int value = 0;
    int shift = 0;
    byte b;
    do {
      b = data[pos[0]++];
      value |= (b & 0x7F) << shift;
      shift += 7;
    } while (b < 0);
    return value;
  }

  /** Copies a segment file: every snapshot request copies each live segment, and the merger copies untouched ones. */
  public static long copy(Path src, Path dst) throws IOException {
    long total = 0;
    try (InputStream in = Files.newInputStream(src); OutputStream out = Files.newOutputStream(dst)) {
      byte[] buffer = new byte[8192];
      int n;
      while ((n = in.read(buffer)) != -1) {
        out.write(buffer, 0, n);
        total += n;
      }
    }
    return total;
  }
}

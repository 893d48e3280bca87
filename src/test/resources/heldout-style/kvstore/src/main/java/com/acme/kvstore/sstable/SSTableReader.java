package com.acme.kvstore.sstable;

import com.acme.kvstore.InternalKey;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;
import java.util.zip.CRC32;

/** Reads a table written by {@link SSTableWriter}. One instance per table, shared by all readers of the store. */
public final class SSTableReader implements Closeable {

  /** The big-endian CRC32 a block ends with. Applied to every block read from disk. */
  private static final ToIntFunction<byte[]> STORED_CRC = block -> {
    int t = block.length - 4;
    return (block[t] & 0xFF) << 24 | (block[t + 1] & 0xFF) << 16 | (block[t + 2] & 0xFF) << 8 | (block[t + 3] & 0xFF);
  };

  /** A block whose checksum does not match: the table is damaged. */
  public static final class CorruptBlockException extends IOException {
    private static final long serialVersionUID = 1L;

    public CorruptBlockException(String message) {
      super(message);
    }
  }

  /** One stored version of a key. */
  public static final class Entry {
    public final InternalKey key;
    public final byte[] value;

    Entry(InternalKey key, byte[] value) {
      this.key = key;
      this.value = value;
    }
  }

  /** Receives every entry of a table in order. */
  @FunctionalInterface
  public interface EntryVisitor {
    void visit(String key, long sequence, InternalKey.Kind kind, byte[] value) throws IOException;
  }

  private final Path path;
  private final String fileName;
  private final long fileNumber;
  private final FileChannel channel;
  private final long fileSize;
  private final long indexOffset;
  private final long entryCount;
  private final long[] blockOffsets;
  private final String[] lastKeys;

  public SSTableReader(Path path, long fileNumber) throws IOException {
    this.path = path;
    this.fileName = path.getFileName().toString();
    this.fileNumber = fileNumber;
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
    this.fileSize = channel.size();
    byte[] footer = readFully(fileSize - SSTableWriter.FOOTER_SIZE, SSTableWriter.FOOTER_SIZE);
    int m = SSTableWriter.FOOTER_SIZE - 4;
    if (!Arrays.equals(footer, m, m + 4, SSTableWriter.MAGIC_BYTES, 0, 4)) {
      channel.close();
      throw new IOException(fileName + ": not a table, trailing word 0x" + Integer.toHexString((footer[m] & 0xFF) << 24
          | (footer[m + 1] & 0xFF) << 16 | (footer[m + 2] & 0xFF) << 8 | (footer[m + 3] & 0xFF)));
    }
    this.indexOffset = getLongBE(footer, 0);
    this.entryCount = getLongBE(footer, 8);
    byte[] index = readFully(indexOffset, (int) (fileSize - SSTableWriter.FOOTER_SIZE - indexOffset));
    List<Long> offsets = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    int p = 0;
    while (p < index.length) {
      offsets.add(getLongBE(index, p));
      int length = getIntLE(index, p + 8);
      keys.add(new String(index, p + 12, length, StandardCharsets.UTF_8));
      p += 12 + length;
    }
    this.blockOffsets = offsets.stream().mapToLong(Long::longValue).toArray();
    this.lastKeys = keys.toArray(new String[0]);
  }

  static int getIntLE(byte[] b, int off) {
    return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
  }

  static long getLongBE(byte[] b, int off) {
    return ((long) b[off] & 0xFF) << 56
        | ((long) b[off + 1] & 0xFF) << 48
        | ((long) b[off + 2] & 0xFF) << 40
        | ((long) b[off + 3] & 0xFF) << 32
        | ((long) b[off + 4] & 0xFF) << 24
        | ((long) b[off + 5] & 0xFF) << 16
        | ((long) b[off + 6] & 0xFF) << 8
        | ((long) b[off + 7] & 0xFF);
  }

  private byte[] readFully(long position, int length) throws IOException {
    byte[] bytes = new byte[length];
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    while (buf.hasRemaining()) {
      if (channel.read(buf, position + buf.position()) < 0) {
        throw new IOException(fileName + ": unexpected end of file");
      }
    }
    return bytes;
  }

  private int findBlock(String key) {
    int lo = 0;
    int hi = lastKeys.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (lastKeys[mid].compareTo(key) < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return lo < lastKeys.length ? lo : -1;
  }

  private byte[] readBlock(int b) throws IOException {
    long start = blockOffsets[b];
    long end = b + 1 < blockOffsets.length ? blockOffsets[b + 1] : indexOffset;
    byte[] block = readFully(start, (int) (end - start));
    CRC32 crc = new CRC32();
    crc.update(block, 0, block.length - 4);
    if (STORED_CRC.applyAsInt(block) != (int) crc.getValue()) {
      throw new CorruptBlockException(fileName + ": checksum mismatch in block at " + start);
    }
    return block;
  }

  /** The newest version of {@code key} in this table, or null. Called by {@code KvStore.get} per candidate table. */
  public Entry get(String key, BlockCache cache) throws IOException {
    int b = findBlock(key);
    if (b < 0) {
      return null;
    }
    byte[] block;
    try {
      block = cache.get(fileNumber, blockOffsets[b], () -> readBlock(b));
    } catch (CorruptBlockException e) {
      // keep a copy for the post-mortem before compaction or repair replaces the file
      Path copy = path.resolveSibling(fileName + ".corrupt");
      try (InputStream in = Files.newInputStream(path); OutputStream out = Files.newOutputStream(copy)) {
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) != -1) {
          out.write(buffer, 0, n);
        }
      }
      throw e;
    }
    int p = 0;
    int end = block.length - 4;
    while (p < end) {
      int keyLength = getIntLE(block, p);
      int valueLength = getIntLE(block, p + 4);
      String k = new String(block, p + SSTableWriter.ENTRY_HEADER, keyLength, StandardCharsets.UTF_8);
      int c = k.compareTo(key);
      if (c == 0) {
        long sequence = getLongBE(block, p + 8);
        InternalKey.Kind kind = block[p + 16] == 2 ? InternalKey.Kind.DELETE : InternalKey.Kind.PUT;
        int v = p + SSTableWriter.ENTRY_HEADER + keyLength;
        return new Entry(new InternalKey(k, sequence, kind), Arrays.copyOfRange(block, v, v + valueLength));
      }
      if (c > 0) {
        return null;
      }
      p += SSTableWriter.ENTRY_HEADER + keyLength + valueLength;
    }
    return null;
  }

  /** Visits every entry in key order, reading blocks past the cache. Used by compaction and by table dumps. */
  public void scan(EntryVisitor visitor) throws IOException {
    for (int b = 0; b < blockOffsets.length; b++) {
      byte[] block = readBlock(b);
      int p = 0;
      int end = block.length - 4;
      while (p < end) {
        int keyLength = getIntLE(block, p);
        int valueLength = getIntLE(block, p + 4);
        long sequence = getLongBE(block, p + 8);
        InternalKey.Kind kind = block[p + 16] == 2 ? InternalKey.Kind.DELETE : InternalKey.Kind.PUT;
        int k = p + SSTableWriter.ENTRY_HEADER;
        String key = new String(block, k, keyLength, StandardCharsets.UTF_8);
        visitor.visit(key, sequence, kind, Arrays.copyOfRange(block, k + keyLength, k + keyLength + valueLength));
        p = k + keyLength + valueLength;
      }
    }
  }

  /** One line of a table listing: key, sequence, kind and value size, tab-separated. */
  public static String describeEntry(String key, long sequence, InternalKey.Kind kind, int valueLength) {
    return String.format("%s\t%s\t%s\t%s", key, sequence, kind, valueLength);
  }

  public long fileNumber() {
    return fileNumber;
  }

  public long entryCount() {
    return entryCount;
  }

  public Path path() {
    return path;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  @Override
  public String toString() {
    return String.format("SSTable[%s, %s entries, %s bytes]", fileName, entryCount, fileSize);
  }
}

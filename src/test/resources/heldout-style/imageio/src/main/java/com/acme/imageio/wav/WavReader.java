package com.acme.imageio.wav;

import com.acme.imageio.core.CorruptImageException;
import com.acme.imageio.core.MessageBus;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads RIFF/WAVE files: little-endian chunk headers, a "fmt " chunk, then the "data" chunk whose
 * samples are converted to floats in [-1, 1). One reader per file.
 */
public class WavReader {

  private static final int RIFF = 0x46464952;
  private static final int WAVE = 0x45564157;

  private static final String[] RAW_CHUNK_IDS = {"fmt ", "data", "LIST", "fact", "cue ", "smpl", "bext"};
  private static final List<String> KNOWN_CHUNKS;

  static {
    List<String> ids = new ArrayList<>();
    for (String id : RAW_CHUNK_IDS) {
      ids.add(id.trim());
    }
    KNOWN_CHUNKS = ids;
  }

  /** How many files of each format the process has seen; printed by the batch summary. */
  private static final Map<WavFormat, Integer> FORMATS_SEEN = new ConcurrentHashMap<>();

  /** The "fmt " chunk. Used as a map key once per file read. */
  public static final class WavFormat {
    private final int formatTag;
    private final int channels;
    private final int sampleRate;
    private final int bitsPerSample;

    WavFormat(int formatTag, int channels, int sampleRate, int bitsPerSample) {
      this.formatTag = formatTag;
      this.channels = channels;
      this.sampleRate = sampleRate;
      this.bitsPerSample = bitsPerSample;
    }

    public int channels() {
      return channels;
    }

    public int sampleRate() {
      return sampleRate;
    }

    /** The summary stored under "riff.format" in the metadata of every WAV file converted. */
    public String describe() {
      return String.format("%s Hz, %s-bit, %s channel(s)", sampleRate, bitsPerSample, channels);
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof WavFormat)) {
        return false;
      }
      WavFormat f = (WavFormat) o;
      return formatTag == f.formatTag && channels == f.channels && sampleRate == f.sampleRate
          && bitsPerSample == f.bitsPerSample;
    }

    @Override
    public int hashCode() {
      return Objects.hash(formatTag, channels, sampleRate, bitsPerSample);
    }

    @Override
    public String toString() {
      return String.format("WavFormat[tag=%s, channels=%s, rate=%s, bits=%s]",
          formatTag, channels, sampleRate, bitsPerSample);
    }
  }

  private final InputStream in;
  private final String source;
  private long offset;
  private int dataSize;
  private final List<String> skipped = new ArrayList<>();

  public WavReader(InputStream in, String source) {
    this.in = in;
    this.source = source;
  }

  /** Walks the chunk list up to "data"; every chunk header on the way is checked. */
  public WavFormat readHeader() throws IOException {
    byte[] riff = readFully(12);
    if (le32(riff, 0) != RIFF || le32(riff, 8) != WAVE) {
      throw new CorruptImageException(source, 0, "not a RIFF/WAVE file");
    }
    WavFormat format = null;
    while (true) {
      byte[] ch = readFully(8);
      String id = new String(ch, 0, 4, StandardCharsets.ISO_8859_1);
      if (!id.matches("[\\x20-\\x7E]{4}")) {
        throw new CorruptImageException(source, offset - 8, "unprintable chunk id");
      }
      int size = le32(ch, 4);
      if (id.equals("fmt ")) {
        byte[] f = readFully(size);
        int tag = (f[0] & 0xFF) | (f[1] & 0xFF) << 8;
        int channels = (f[2] & 0xFF) | (f[3] & 0xFF) << 8;
        int bits = (f[14] & 0xFF) | (f[15] & 0xFF) << 8;
        format = new WavFormat(tag, channels, le32(f, 4), bits);
      } else if (id.equals("data")) {
        if (format == null) {
          throw new CorruptImageException(source, offset - 8, "data chunk before fmt chunk");
        }
        dataSize = size;
        FORMATS_SEEN.merge(format, 1, Integer::sum);
        return format;
      } else {
        if (!KNOWN_CHUNKS.contains(id.trim())) {
          skipped.add(id);
        }
        readFully(size + (size & 1));
      }
    }
  }

  /** Converts the whole data chunk; one loop iteration per sample. */
  public float[] readSamples(WavFormat f) throws IOException {
    int channels = f.channels;
    assert channels > 0 : String.format("%s: channel count %s", source, channels);
    byte[] data = readFully(dataSize);
    float[] out = new float[data.length / (f.bitsPerSample / 8)];
    switch (f.bitsPerSample) {
      case 16:
        for (int i = 0, k = 0; k < out.length; i += 2, k++) {
          out[k] = (short) ((data[i] & 0xFF) | data[i + 1] << 8) / 32768f;
        }
        break;
      case 32:
        for (int i = 0, k = 0; k < out.length; i += 4, k++) {
          int s = (data[i] & 0xFF) | (data[i + 1] & 0xFF) << 8 | (data[i + 2] & 0xFF) << 16 | (data[i + 3] & 0xFF) << 24;
          out[k] = f.formatTag == 3 ? Float.intBitsToFloat(s) : s / 2147483648f;
        }
        break;
      default:
        throw new CorruptImageException(source, offset, "unsupported sample size " + f.bitsPerSample);
    }
    return out;
  }

  public List<String> skippedChunks() {
    return skipped;
  }

  public static Map<WavFormat, Integer> formatsSeen() {
    return FORMATS_SEEN;
  }

  static int le32(byte[] b, int off) {
    return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
  }

  /** Live preview: the capture bus publishes one frame of 32-bit PCM per message. */
  public static MessageBus.Subscriber<byte[]> levelMeter(String stream, Map<String, Float> levels) {
    return new MessageBus.Subscriber<>() {
      private long frames;

      @Override
      public void onMessage(byte[] frame) {
        float peak = 0f;
        for (int i = 0; i + 3 < frame.length; i += 4) {
          peak = Math.max(peak, Math.abs(le32(frame, i) / 2147483648f));
        }
        long n = ++frames;
        levels.put(String.format("%s#%s", stream, n), peak);
      }
    };
  }

  private byte[] readFully(int n) throws IOException {
    byte[] buf = new byte[n];
    int pos = 0;
    while (pos < n) {
      int r = in.read(buf, pos, n - pos);
      if (r < 0) {
        throw new EOFException(source + ": " + (n - pos) + " bytes missing");
      }
      pos += r;
    }
    offset += n;
    return buf;
  }
}

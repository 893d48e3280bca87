package dev.rewriteperf.buffers;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CompiledSource;
import dev.rewriteperf.RecipeOutput;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.profile.Spots;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openrewrite.DocumentExample;
import org.openrewrite.java.JavaParser;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.Snapshot;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;

class ReadRocksDbValuesIntoReusedBufferTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new ReadRocksDbValuesIntoReusedBuffer())
          .parser(JavaParser.fromJavaVersion().classpath("rocksdbjni"));
    }

    /** A store that only decodes each value it reads: the gate test and the first rewrite start from it. */
    //language=java
    private static final String NAME_STORE = """
              import org.rocksdb.ColumnFamilyHandle;
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.nio.charset.StandardCharsets;

              class NameStore {
                  private final RocksDB db;
                  private final ColumnFamilyHandle names;

                  NameStore(RocksDB db, ColumnFamilyHandle names) {
                      this.db = db;
                      this.names = names;
                  }

                  String name(byte[] id) throws RocksDBException {
                      byte[] value = db.get(names, id);
                      if (value == null) {
                          return null;
                      }
                      return new String(value, StandardCharsets.UTF_8);
                  }
              }
              """;

    /**
     * A recipe with an option of its own is gated like any other: the composite, or here the test, hands its
     * {@code Spots} the profile. Only {@code Elsewhere#run} is hot, so the read in {@code NameStore#name} is left alone as
     * cold, with the option's own recipe doing the asking.
     */
    @Test
    void aRecipeWithAnOptionOfItsOwnIsGatedByTheProfile(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("hot-methods.csv");
        Files.write(csv, ("class,method,descriptor,sampledBytes,share,cpuShare,topTypes\n" +
                          "com.example.Elsewhere,run,()V,8000,0.9000,0.0000,\"\"\n").getBytes(StandardCharsets.UTF_8));
        ReadRocksDbValuesIntoReusedBuffer recipe = Spots.gated(new ReadRocksDbValuesIntoReusedBuffer("instance"),
          ProfileGate.of(csv.toString(), null));
        rewriteRun(
          spec -> spec.recipe(recipe).dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement()
            .satisfies(row -> assertThat(row.getReason()).startsWith("cold: the recording sampled no allocation or CPU time"))),
          java(NAME_STORE)
        );
    }

    @DocumentExample
    @Test
    void decodedValueReadIntoAThreadsBuffer() {
        rewriteRun(
          java(
            NAME_STORE,
            //language=java
            """
              import org.rocksdb.ColumnFamilyHandle;
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.nio.charset.StandardCharsets;

              class NameStore {
                  private static final ThreadLocal<byte[]> VALUE_BUFFER = ThreadLocal.withInitial(() -> new byte[128]);

                  private final RocksDB db;
                  private final ColumnFamilyHandle names;

                  NameStore(RocksDB db, ColumnFamilyHandle names) {
                      this.db = db;
                      this.names = names;
                  }

                  String name(byte[] id) throws RocksDBException {
                      int valueLength = readValue(db, names, id);
                      byte[] value = VALUE_BUFFER.get();
                      if (valueLength == RocksDB.NOT_FOUND) {
                          return null;
                      }
                      return new String(value, 0, valueLength, StandardCharsets.UTF_8);
                  }

              """ + readValueWithThreadBuffer("ColumnFamilyHandle handle, byte[] key") + """
              }
              """
          )
        );
    }

    @Test
    void counterReadIntoTheInstancesBuffer() {
        rewriteRun(
          spec -> spec.recipe(new ReadRocksDbValuesIntoReusedBuffer("instance")),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.nio.ByteBuffer;

              class Counters {
                  private final RocksDB db;

                  Counters(RocksDB db) {
                      this.db = db;
                  }

                  long counter(byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      return value == null ? 0L : ByteBuffer.wrap(value).getLong();
                  }
              }
              """,
            //language=java
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.nio.ByteBuffer;

              class Counters {
                  private byte[] valueBuffer = new byte[128];

                  private final RocksDB db;

                  Counters(RocksDB db) {
                      this.db = db;
                  }

                  long counter(byte[] key) throws RocksDBException {
                      int valueLength = readValue(db, key);
                      byte[] value = valueBuffer;
                      return valueLength == RocksDB.NOT_FOUND ? 0L : ByteBuffer.wrap(value, 0, valueLength).getLong();
                  }

              """ + readValueWithInstanceBuffer("byte[] key") + """
              }
              """
          )
        );
    }

    /** The {@code rewrite.yml} example of docs/fleet-ci.md, 'Options in a file': the option set in a declarative recipe. */
    @Test
    void instanceBufferChosenInRewriteYml() {
        rewriteRun(
          spec -> spec.recipeFromYaml(
            """
              ---
              type: specs.openrewrite.org/v1beta/recipe
              name: com.example.Performance
              displayName: Our performance recipes
              description: The ClassValue caches, and RocksDB reads into an instance buffer.
              recipeList:
                - dev.rewriteperf.caches.UseClassValueForClassKeyedCache
                - dev.rewriteperf.buffers.ReadRocksDbValuesIntoReusedBuffer:
                    bufferHolder: instance
              """, "com.example.Performance"),
          java(
            //language=java
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              class Sizes {
                  private final RocksDB db;

                  Sizes(RocksDB db) {
                      this.db = db;
                  }

                  int size(byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      return value == null ? 0 : value.length;
                  }
              }
              """,
            //language=java
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              class Sizes {
                  private byte[] valueBuffer = new byte[128];

                  private final RocksDB db;

                  Sizes(RocksDB db) {
                      this.db = db;
                  }

                  int size(byte[] key) throws RocksDBException {
                      int valueLength = readValue(db, key);
                      byte[] value = valueBuffer;
                      return valueLength == RocksDB.NOT_FOUND ? 0 : valueLength;
                  }

              """ + readValueWithInstanceBuffer("byte[] key") + """
              }
              """
          )
        );
    }

    @Test
    void snapshotReadsCopiedOut() {
        rewriteRun(
          java(
            """
              import org.rocksdb.ReadOptions;
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.util.Arrays;

              class Snapshots {
                  static int copyInto(RocksDB db, ReadOptions snapshot, byte[] key, byte[] out) throws RocksDBException {
                      byte[] value = db.get(snapshot, key);
                      if (value != null) {
                          System.arraycopy(value, 0, out, 0, value.length);
                          return value.length;
                      }
                      return -1;
                  }

                  static byte[] copy(RocksDB db, ReadOptions snapshot, byte[] key) throws RocksDBException {
                      byte[] value = db.get(snapshot, key);
                      if (value == null) {
                          throw new IllegalStateException("missing");
                      }
                      return Arrays.copyOf(value, value.length);
                  }
              }
              """,
            //language=java
            """
              import org.rocksdb.ReadOptions;
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.util.Arrays;

              class Snapshots {
                  private static final ThreadLocal<byte[]> VALUE_BUFFER = ThreadLocal.withInitial(() -> new byte[128]);

                  static int copyInto(RocksDB db, ReadOptions snapshot, byte[] key, byte[] out) throws RocksDBException {
                      int valueLength = readValue(db, snapshot, key);
                      byte[] value = VALUE_BUFFER.get();
                      if (valueLength != RocksDB.NOT_FOUND) {
                          System.arraycopy(value, 0, out, 0, valueLength);
                          return valueLength;
                      }
                      return -1;
                  }

                  static byte[] copy(RocksDB db, ReadOptions snapshot, byte[] key) throws RocksDBException {
                      int valueLength = readValue(db, snapshot, key);
                      byte[] value = VALUE_BUFFER.get();
                      if (valueLength == RocksDB.NOT_FOUND) {
                          throw new IllegalStateException("missing");
                      }
                      return Arrays.copyOf(value, valueLength);
                  }

              """ + readValueWithThreadBuffer("ReadOptions options, byte[] key") + """
              }
              """
          )
        );
    }

    @Test
    void bytesSummedUpToTheLength() {
        rewriteRun(
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              class Sums {
                  static int sum(RocksDB db, byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      if (value == null) {
                          return -1;
                      }
                      int sum = 0;
                      for (int i = 0; i < value.length; i++) {
                          sum += value[i] & 0xFF;
                      }
                      return sum;
                  }
              }
              """,
            //language=java
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              class Sums {
                  private static final ThreadLocal<byte[]> VALUE_BUFFER = ThreadLocal.withInitial(() -> new byte[128]);

                  static int sum(RocksDB db, byte[] key) throws RocksDBException {
                      int valueLength = readValue(db, key);
                      byte[] value = VALUE_BUFFER.get();
                      if (valueLength == RocksDB.NOT_FOUND) {
                          return -1;
                      }
                      int sum = 0;
                      for (int i = 0; i < valueLength; i++) {
                          sum += value[i] & 0xFF;
                      }
                      return sum;
                  }

              """ + readValueWithThreadBuffer("byte[] key") + """
              }
              """
          )
        );
    }

    @Test
    void elementsOutsideABoundedLoopOrAForEach() {
        rewriteRun(
          leftAloneBecause("used other than by a null check"),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              class Sums {
                  static int first(RocksDB db, byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      return value == null ? -1 : value[0];
                  }

                  static int sum(RocksDB db, byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      if (value == null) {
                          return -1;
                      }
                      int sum = 0;
                      for (byte b : value) {
                          sum += b;
                      }
                      return sum;
                  }

                  static int skipping(RocksDB db, byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      if (value == null) {
                          return -1;
                      }
                      int sum = 0;
                      for (int i = 0; i < value.length; i++) {
                          sum += value[i + 1];
                      }
                      return sum;
                  }
              }
              """
          )
        );
    }

    @Test
    void valueReturned() {
        rewriteRun(
          leftAloneBecause("used other than by a null check"),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              class Store {
                  static byte[] raw(RocksDB db, byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      return value;
                  }
              }
              """
          )
        );
    }

    @Test
    void valueHandedToADeserializer() {
        rewriteRun(
          leftAloneBecause("used other than by a null check"),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.util.function.Function;

              class Store {
                  static <T> T read(RocksDB db, byte[] key, Function<byte[], T> deserializer) throws RocksDBException {
                      byte[] value = db.get(key);
                      if (value == null) {
                          return null;
                      }
                      return deserializer.apply(value);
                  }
              }
              """
          )
        );
    }

    @Test
    void valueUsedWhereItMayBeNull() {
        rewriteRun(
          leftAloneBecause("may be null"),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.nio.charset.StandardCharsets;

              class Store {
                  static String name(RocksDB db, byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      return new String(value, StandardCharsets.UTF_8);
                  }
              }
              """
          )
        );
    }

    @Test
    void otherCodeBetweenTheReadAndTheUse() {
        rewriteRun(
          leftAloneBecause("`audit(..)` runs between the read and the value's last use"),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.nio.charset.StandardCharsets;

              class Store {
                  private final RocksDB db;

                  Store(RocksDB db) {
                      this.db = db;
                  }

                  String name(byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      if (value == null) {
                          return null;
                      }
                      audit(key);
                      return new String(value, StandardCharsets.UTF_8);
                  }

                  void audit(byte[] key) throws RocksDBException {
                      db.get(key);
                  }
              }
              """
          )
        );
    }

    /** Both values would share the buffer: the first, still used after the second read, keeps its own array. */
    @Test
    void secondReadBeforeTheFirstValuesLastUse() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .anySatisfy(row -> assertThat(row.getReason()).contains("`get(..)` runs between the read and the value's last use"))
            .anySatisfy(row -> assertThat(row.isChanged()).isTrue())),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.nio.charset.StandardCharsets;

              class Pairs {
                  static String both(RocksDB db, byte[] k1, byte[] k2) throws RocksDBException {
                      byte[] first = db.get(k1);
                      if (first == null) {
                          return null;
                      }
                      byte[] second = db.get(k2);
                      if (second == null) {
                          return null;
                      }
                      return new String(first, StandardCharsets.UTF_8) + new String(second, StandardCharsets.UTF_8);
                  }
              }
              """,
            //language=java
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.nio.charset.StandardCharsets;

              class Pairs {
                  private static final ThreadLocal<byte[]> VALUE_BUFFER = ThreadLocal.withInitial(() -> new byte[128]);

                  static String both(RocksDB db, byte[] k1, byte[] k2) throws RocksDBException {
                      byte[] first = db.get(k1);
                      if (first == null) {
                          return null;
                      }
                      int secondLength = readValue(db, k2);
                      byte[] second = VALUE_BUFFER.get();
                      if (secondLength == RocksDB.NOT_FOUND) {
                          return null;
                      }
                      return new String(first, StandardCharsets.UTF_8) + new String(second, 0, secondLength, StandardCharsets.UTF_8);
                  }

              """ + readValueWithThreadBuffer("byte[] key") + """
              }
              """
          )
        );
    }

    @Test
    void callbackBetweenTheReadAndTheUse() {
        rewriteRun(
          leftAloneBecause("runs between the read and the value's last use"),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              class Store {
                  static int size(RocksDB db, byte[] key, Runnable onRead) throws RocksDBException {
                      byte[] value = db.get(key);
                      if (value == null) {
                          return 0;
                      }
                      onRead.run();
                      return value.length;
                  }

                  static int sizeIfEqual(RocksDB db, byte[] key, Object a, Object b) throws RocksDBException {
                      byte[] value = db.get(key);
                      if (value == null) {
                          return 0;
                      }
                      return java.util.Objects.equals(a, b) ? value.length : 0;
                  }
              }
              """
          )
        );
    }

    @Test
    void valueCapturedByALambda() {
        rewriteRun(
          leftAloneBecause("inside a lambda"),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.nio.charset.StandardCharsets;
              import java.util.function.Supplier;

              class Store {
                  static Supplier<String> later(RocksDB db, byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      if (value == null) {
                          return () -> null;
                      }
                      return () -> new String(value, StandardCharsets.UTF_8);
                  }
              }
              """
          )
        );
    }

    @Test
    void instanceBufferInAStaticMethod() {
        rewriteRun(
          spec -> leftAloneBecause("a static method cannot use the instance's buffer")
            .accept(spec.recipe(new ReadRocksDbValuesIntoReusedBuffer("instance"))),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              import java.util.concurrent.Callable;

              class Store {
                  static int size(RocksDB db, byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      return value == null ? 0 : value.length;
                  }

                  static Callable<Integer> later(RocksDB db, byte[] key) {
                      return new Callable<Integer>() {
                          @Override
                          public Integer call() throws RocksDBException {
                              byte[] value = db.get(key);
                              return value == null ? 0 : value.length;
                          }
                      };
                  }
              }
              """
          )
        );
    }

    @Test
    void instanceBufferNotAddedToARecord() {
        // A record cannot declare instance fields: the instance buffer would not compile there.
        rewriteRun(
          spec -> leftAloneBecause("the class is a record, which cannot have the instance buffer's field")
            .accept(spec.recipe(new ReadRocksDbValuesIntoReusedBuffer("instance"))),
          java(
            //language=java
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              record Store(RocksDB db) {
                  int size(byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      return value == null ? 0 : value.length;
                  }
              }
              """
          )
        );
    }

    @Test
    void helperNameAlreadyTaken() {
        rewriteRun(
          leftAloneBecause("already names something in this file"),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              class Store {
                  static int size(RocksDB db, byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      return value == null ? 0 : value.length;
                  }

                  static int readValue() {
                      return 0;
                  }
              }
              """
          )
        );
    }

    @Test
    void keyAfterTheValueIsNotAValueRead() {
        rewriteRun(
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              class Store {
                  static int size(RocksDB db, byte[] key, byte[] into) throws RocksDBException {
                      return db.get(key, into);
                  }
              }
              """
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(BenchmarkSources.beforeBecomes("buffers/readrocksdbvaluesintoreusedbuffer", "After"));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("buffers/readrocksdbvaluesintoreusedbuffer", "After"));
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutputWithAnInstanceBuffer() {
        rewriteRun(
          spec -> spec.recipe(new ReadRocksDbValuesIntoReusedBuffer("instance")),
          BenchmarkSources.beforeBecomes("buffers/readrocksdbvaluesintoreusedbuffer", "AfterInstance")
        );
    }

    @Test
    void recipesWithTheSameBufferHolderAreEqual() {
        assertThat(new ReadRocksDbValuesIntoReusedBuffer("instance"))
          .isEqualTo(new ReadRocksDbValuesIntoReusedBuffer("instance"))
          .hasSameHashCodeAs(new ReadRocksDbValuesIntoReusedBuffer("instance"))
          .isNotEqualTo(new ReadRocksDbValuesIntoReusedBuffer("thread"))
          .isNotEqualTo(new ReadRocksDbValuesIntoReusedBuffer());
        assertThat(new ReadRocksDbValuesIntoReusedBuffer()).isEqualTo(new ReadRocksDbValuesIntoReusedBuffer(null));
    }

    /**
     * The {@code readValue} method the recipe adds with the per-thread buffer, indented as the last member of a
     * top-level class. {@code parameters}: those of the {@code get} overload read with, after {@code RocksDB db}.
     */
    private static String readValueWithThreadBuffer(String parameters) {
        return """
              private static int readValue(RocksDB db, %1$s) throws RocksDBException {
                  byte[] buffer = VALUE_BUFFER.get();
                  int length = db.get(%2$s, buffer);
                  while (length > buffer.length) {
                      buffer = new byte[length];
                      VALUE_BUFFER.set(buffer);
                      length = db.get(%2$s, buffer);
                  }
                  return length;
              }
          """.formatted(parameters, argumentsOf(parameters));
    }

    /** The {@code readValue} method the recipe adds with the instance's buffer; see {@link #readValueWithThreadBuffer}. */
    private static String readValueWithInstanceBuffer(String parameters) {
        return """
              private int readValue(RocksDB db, %1$s) throws RocksDBException {
                  int length = db.get(%2$s, valueBuffer);
                  while (length > valueBuffer.length) {
                      valueBuffer = new byte[length];
                      length = db.get(%2$s, valueBuffer);
                  }
                  return length;
              }
          """.formatted(parameters, argumentsOf(parameters));
    }

    /** {@code handle, key} for {@code ColumnFamilyHandle handle, byte[] key}. */
    private static String argumentsOf(String parameters) {
        return Arrays.stream(parameters.split(", "))
          .map(parameter -> parameter.substring(parameter.lastIndexOf(' ') + 1))
          .collect(Collectors.joining(", "));
    }

    //language=java
    private static final String STORE = """
      import org.rocksdb.ColumnFamilyHandle;
      import org.rocksdb.ReadOptions;
      import org.rocksdb.RocksDB;
      import org.rocksdb.RocksDBException;

      import java.nio.ByteBuffer;
      import java.nio.charset.StandardCharsets;
      import java.util.Arrays;

      public class Generated {
          private final RocksDB db;
          private final ColumnFamilyHandle handle;

          public Generated(RocksDB db, ColumnFamilyHandle handle) {
              this.db = db;
              this.handle = handle;
          }

          public Object text(byte[] key, ReadOptions options) throws RocksDBException {
              byte[] value = db.get(handle, key);
              if (value == null) {
                  return null;
              }
              return new String(value, StandardCharsets.ISO_8859_1);
          }

          public Object first(byte[] key, ReadOptions options) throws RocksDBException {
              byte[] value = db.get(key);
              return value == null ? -1L : value.length < 8 ? (long) value.length : ByteBuffer.wrap(value).getLong();
          }

          public Object sum(byte[] key, ReadOptions options) throws RocksDBException {
              byte[] value = db.get(handle, key);
              if (value == null) {
                  return null;
              }
              long sum = 0;
              for (int i = 0; i < value.length; i++) {
                  sum = sum * 31 + value[i];
              }
              return sum;
          }

          public Object copy(byte[] key, ReadOptions options) throws RocksDBException {
              byte[] value = db.get(handle, options, key);
              if (value == null) {
                  return null;
              }
              return Arrays.copyOf(value, value.length);
          }
      }
      """;

    /**
     * The recipe's output, with either buffer holder, against the original on a real RocksDB in a temporary
     * directory: values of 0 bytes to 100 KB (below, at and above the first buffer size), missing keys, reads in
     * rising, falling and random order, through a snapshot, and from four threads at once.
     */
    @Test
    void beforeAndAfterReadAlikeFromARealRocksDb(@TempDir Path dir) throws Exception {
        RocksDB.loadLibrary();
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
             RocksDB db = RocksDB.open(options, dir.toString(), Arrays.asList(
                     new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                     new ColumnFamilyDescriptor("values".getBytes(StandardCharsets.UTF_8))), handles)) {
            Random random = new Random(20261122);
            int[] sizes = {0, 1, 7, 8, 9, 127, 128, 129, 1000, 4096, 100_000};
            List<byte[]> keys = new ArrayList<>();
            for (int i = 0; i < sizes.length * 2; i++) {
                byte[] key = ("key-" + i).getBytes(StandardCharsets.UTF_8);
                keys.add(key);
                if (i < sizes.length) {
                    byte[] value = new byte[sizes[i]];
                    random.nextBytes(value);
                    db.put(key, value);
                    db.put(handles.get(1), key, value);
                }
            }
            List<byte[]> order = new ArrayList<>(keys);
            for (int i = keys.size() - 1; i >= 0; i--) {
                order.add(keys.get(i));
            }
            for (int i = 0; i < 200; i++) {
                order.add(keys.get(random.nextInt(keys.size())));
            }
            for (String holder : new String[]{null, "instance"}) {
                String after = RecipeOutput.of(new ReadRocksDbValuesIntoReusedBuffer(holder), STORE, 11, "rocksdbjni");
                assertThat(after).as(after).contains("readValue(db, handle, options, key)", "readValue(db, key)");
                Object before = CompiledSource.load("Generated", STORE, 11)
                  .getConstructor(RocksDB.class, ColumnFamilyHandle.class).newInstance(db, handles.get(1));
                Object rewritten = CompiledSource.load("Generated", after, 11)
                  .getConstructor(RocksDB.class, ColumnFamilyHandle.class).newInstance(db, handles.get(1));
                Snapshot snapshot = db.getSnapshot();
                try (ReadOptions plain = new ReadOptions(); ReadOptions atSnapshot = new ReadOptions().setSnapshot(snapshot)) {
                    for (byte[] key : order) {
                        assertSameReads(before, rewritten, key, random.nextBoolean() ? plain : atSnapshot);
                    }
                    if (holder == null) {
                        ExecutorService threads = Executors.newFixedThreadPool(4);
                        try {
                            List<Future<?>> done = new ArrayList<>();
                            for (int t = 0; t < 4; t++) {
                                Random own = new Random(t);
                                done.add(threads.submit(() -> {
                                    for (int i = 0; i < 2_000; i++) {
                                        assertSameReads(before, rewritten, keys.get(own.nextInt(keys.size())), plain);
                                    }
                                    return null;
                                }));
                            }
                            for (Future<?> future : done) {
                                future.get();
                            }
                        } finally {
                            threads.shutdown();
                        }
                    }
                } finally {
                    db.releaseSnapshot(snapshot);
                }
            }
        } finally {
            handles.forEach(ColumnFamilyHandle::close);
        }
    }

    private static void assertSameReads(Object before, Object after, byte[] key, ReadOptions options) throws Exception {
        for (String name : new String[]{"text", "first", "sum", "copy"}) {
            Method read = before.getClass().getMethod(name, byte[].class, ReadOptions.class);
            Object expected = invoke(read, before, key, options);
            Object actual = invoke(after.getClass().getMethod(name, byte[].class, ReadOptions.class), after, key, options);
            String description = name + "(" + new String(key, StandardCharsets.UTF_8) + ")";
            if (expected instanceof byte[]) {
                assertThat((byte[]) actual).as(description).isEqualTo((byte[]) expected);
            } else {
                assertThat(actual).as(description).isEqualTo(expected);
            }
        }
    }

    private static Object invoke(Method method, Object target, Object... arguments) throws Exception {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }

    @Test
    void aClassWhoseDeclaredFieldsAreListedGetsNoBuffer() {
        rewriteRun(
          leftAloneBecause("`getClass().getDeclaredFields()` lists the class's declared fields by reflection"),
          java(
            """
              import org.rocksdb.RocksDB;
              import org.rocksdb.RocksDBException;

              class Store {
                  static long length(RocksDB db, byte[] key) throws RocksDBException {
                      byte[] value = db.get(key);
                      return value == null ? -1 : value.length;
                  }

                  @Override
                  public String toString() {
                      return getClass().getSimpleName() + getClass().getDeclaredFields().length;
                  }
              }
              """
          )
        );
    }
}

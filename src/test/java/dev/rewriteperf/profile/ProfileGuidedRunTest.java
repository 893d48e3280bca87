package dev.rewriteperf.profile;

import dev.rewriteperf.PerformanceBestPractices;
import dev.rewriteperf.collections.RightSizedCollections;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openrewrite.DocumentExample;
import org.openrewrite.Validated;
import org.openrewrite.test.RewriteTest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

/**
 * The umbrella and the families with a hot-methods table: only methods at or above the minimum share are
 * rewritten, the same shape in a cold method is left alone with its figures, and a table that cannot be used
 * stops every rewrite with a message.
 */
class ProfileGuidedRunTest implements RewriteTest {

    private static final String HEADER = "class,method,descriptor,sampledBytes,share,cpuShare,topTypes\n";

    @TempDir
    Path dir;

    private String table(String rows) throws IOException {
        Path csv = dir.resolve("hot-methods.csv");
        Files.write(csv, (HEADER + rows).getBytes(StandardCharsets.UTF_8));
        return csv.toString();
    }

    //language=java
    private static final String TWO_METHODS_BEFORE = """
      package com.example;

      import java.util.HashMap;
      import java.util.List;
      import java.util.Map;

      class Orders {
          Map<String, Integer> hot(List<String> ids) {
              Map<String, Integer> counts = new HashMap<>(ids.size());
              for (String id : ids) {
                  counts.put(id, id.length());
              }
              return counts;
          }

          Map<String, Integer> cold(List<String> ids) {
              Map<String, Integer> counts = new HashMap<>(ids.size());
              for (String id : ids) {
                  counts.put(id, id.length());
              }
              return counts;
          }
      }
      """;

    @DocumentExample
    @Test
    void rewritesTheHotMethodAndLeavesTheSameShapeInAColdOneWithItsFigures() throws IOException {
        String hotMethods = table("""
          com.example.Orders,hot,(Ljava/util/List;)Ljava/util/Map;,900000,0.4500,0.1000,"java.util.HashMap$Node[] 80%"
          com.example.Orders,cold,(Ljava/util/List;)Ljava/util/Map;,2000,0.0010,0.0000,"java.util.HashMap 100%"
          """);
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, 0.01))
            .dataTable(PerformanceCandidates.Row.class, rows -> {
                assertThat(rows).hasSize(2);
                PerformanceCandidates.Row hot = rows.stream().filter(r -> r.getLocation().endsWith("#hot")).findFirst().orElseThrow();
                PerformanceCandidates.Row cold = rows.stream().filter(r -> r.getLocation().endsWith("#cold")).findFirst().orElseThrow();
                assertThat(hot.isChanged()).isTrue();
                assertThat(hot.getSampledBytes()).isEqualTo(900_000L);
                assertThat(hot.getShare()).isEqualTo(0.45);
                assertThat(hot.getCpuShare()).isEqualTo(0.10);
                assertThat(cold.isChanged()).isFalse();
                assertThat(cold.getReason()).isEqualTo("cold: 0.10 % of the sampled allocation, 0.00 % of CPU samples, " +
                                                       "below minimumShare 1.00 %");
                assertThat(cold.getSampledBytes()).isEqualTo(2000L);
            }),
          //language=java
          version(java(TWO_METHODS_BEFORE, """
            package com.example;

            import java.util.HashMap;
            import java.util.List;
            import java.util.Map;

            class Orders {
                Map<String, Integer> hot(List<String> ids) {
                    Map<String, Integer> counts = HashMap.newHashMap(ids.size());
                    for (String id : ids) {
                        counts.put(id, id.length());
                    }
                    return counts;
                }

                Map<String, Integer> cold(List<String> ids) {
                    Map<String, Integer> counts = new HashMap<>(ids.size());
                    for (String id : ids) {
                        counts.put(id, id.length());
                    }
                    return counts;
                }
            }
            """), 21)
        );
    }

    //language=java
    private static final String FAILURE_PATH_BEFORE = """
      package com.example;

      class Codes {
          String describe(String code) {
              if (code.isEmpty()) {
                  throw new IllegalArgumentException(String.format("empty code after %s", code));
              }
              return String.format("code %s", code);
          }

          @Override
          public String toString() {
              return String.format("Codes %s", describe("a"));
          }
      }
      """;

    //language=java
    private static final String FAILURE_PATH_REWRITTEN = """
      package com.example;

      class Codes {
          String describe(String code) {
              if (code.isEmpty()) {
                  throw new IllegalArgumentException("empty code after " + code);
              }
              return "code " + code;
          }

          @Override
          public String toString() {
              return "Codes " + describe("a");
          }
      }
      """;

    private static final String DESCRIBE = "com.example.Codes,describe,(Ljava/lang/String;)Ljava/lang/String;";
    private static final String TO_STRING = "com.example.Codes,toString,()Ljava/lang/String;,40000,0.0400,0.0200,\"java.lang.String 100%\"\n";

    /**
     * A recording samples methods, not their paths: a hot method's throw is no hotter than a cold method's, and is
     * left alone. Its per-call return, and a hot {@code toString()} (cold without a profile), are rewritten.
     */
    @Test
    void aHotMethodsFailurePathStaysColdButAHotToStringIsRewritten() throws IOException {
        String hotMethods = table(DESCRIBE + ",500000,0.5000,0.1000,\"java.lang.String 70%; byte[] 30%\"\n" + TO_STRING);
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null))
            .dataTable(PerformanceCandidates.Row.class, rows -> {
                assertThat(rows).hasSize(3);
                assertThat(rows).filteredOn(r -> !r.isChanged()).singleElement().satisfies(row -> {
                    assertThat(row.getLocation()).endsWith("#describe");
                    assertThat(row.getReason()).isEqualTo("cold: builds the message of an exception, in a hot method " +
                      "(50.00 % of the sampled allocation, 10.00 % of CPU samples): a recording samples methods, not the " +
                      "paths in them");
                    assertThat(row.getSampledBytes()).isEqualTo(500_000L);
                });
            }),
          java(FAILURE_PATH_BEFORE, """
            package com.example;

            class Codes {
                String describe(String code) {
                    if (code.isEmpty()) {
                        throw new IllegalArgumentException(String.format("empty code after %s", code));
                    }
                    return "code " + code;
                }

                @Override
                public String toString() {
                    return "Codes " + describe("a");
                }
            }
            """)
        );
    }

    /** Exceptions among the method's allocated types say its failure paths ran while recording: they are hot too. */
    @Test
    void aHotMethodThatAllocatedExceptionsHasItsFailurePathRewritten() throws IOException {
        String hotMethods = table(DESCRIBE + ",500000,0.5000,0.1000,\"java.lang.IllegalArgumentException 60%; java.lang.String 40%\"\n" + TO_STRING);
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).hasSize(3).allMatch(PerformanceCandidates.Row::isChanged)),
          java(FAILURE_PATH_BEFORE, FAILURE_PATH_REWRITTEN)
        );
    }

    @Test
    void includeColdCodeRewritesAHotMethodsFailurePath() throws IOException {
        String hotMethods = table(DESCRIBE + ",500000,0.5000,0.1000,\"java.lang.String 100%\"\n" + TO_STRING);
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null, true)),
          java(FAILURE_PATH_BEFORE, FAILURE_PATH_REWRITTEN)
        );
    }

    @Test
    void aMethodTheRecordingNeverSampledIsCold() throws IOException {
        String hotMethods = table("com.example.Elsewhere,run,()V,500,0.9000,0.0000,\"byte[] 100%\"\n");
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).hasSize(2).allSatisfy(row -> {
                assertThat(row.isChanged()).isFalse();
                assertThat(row.getReason()).isEqualTo("cold: the recording sampled no allocation or CPU time in this method");
                assertThat(row.getSampledBytes()).isZero();
            })),
          version(java(TWO_METHODS_BEFORE), 21)
        );
    }

    /** The List overload has no row of its own: a sampled sibling does not make it hot. */
    @Test
    void overloadsAreToldApartByTheirErasedDescriptor() throws IOException {
        String hotMethods = table("""
          com.example.Loader,load,(Ljava/util/Set;[Ljava/lang/Object;)Ljava/util/Map;,5000,0.5000,0.0000,""
          """);
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null))
            // The table names each spot's method as the recording does; the report tool joins on it.
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getMethod)
              .containsExactlyInAnyOrder("com.example.Loader#load(Ljava/util/Set;[Ljava/lang/Object;)Ljava/util/Map; overloaded",
                "com.example.Loader#load(Ljava/util/List;[Ljava/lang/Object;)Ljava/util/Map; overloaded")),
          //language=java
          version(java("""
            package com.example;

            import java.util.*;

            class Loader {
                <T> Map<String, T> load(Set<String> ids, T... defaults) {
                    Map<String, T> counts = new HashMap<>(ids.size());
                    for (String id : ids) {
                        counts.put(id, defaults[0]);
                    }
                    return counts;
                }

                <T> Map<String, T> load(List<String> ids, T... defaults) {
                    Map<String, T> counts = new HashMap<>(ids.size());
                    for (String id : ids) {
                        counts.put(id, defaults[0]);
                    }
                    return counts;
                }
            }
            """, """
            package com.example;

            import java.util.*;

            class Loader {
                <T> Map<String, T> load(Set<String> ids, T... defaults) {
                    Map<String, T> counts = HashMap.newHashMap(ids.size());
                    for (String id : ids) {
                        counts.put(id, defaults[0]);
                    }
                    return counts;
                }

                <T> Map<String, T> load(List<String> ids, T... defaults) {
                    Map<String, T> counts = new HashMap<>(ids.size());
                    for (String id : ids) {
                        counts.put(id, defaults[0]);
                    }
                    return counts;
                }
            }
            """), 21)
        );
    }

    /** With overloads the profile keeps a lambda's row apart (no descriptor): it counts for each overload. */
    @Test
    void aLambdaKeptApartCountsForItsMethod() throws IOException {
        String hotMethods = table("""
          com.example.Loader,load,(Ljava/util/Set;)Ljava/util/Map;,10,0.0001,0.0000,""
          com.example.Loader,load,,9000,0.9000,0.0000,"byte[] 100%"
          """);
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).allSatisfy(row -> {
                assertThat(row.isChanged()).isTrue();
                assertThat(row.getShare()).isGreaterThanOrEqualTo(0.9);
            })),
          //language=java
          version(java("""
            package com.example;

            import java.util.*;

            class Loader {
                Map<String, byte[]> load(Set<String> ids) {
                    Map<String, byte[]> loaded = new HashMap<>(ids.size());
                    ids.forEach(id -> loaded.put(id, new byte[64]));
                    return loaded;
                }

                Map<String, byte[]> load(List<String> ids) {
                    Map<String, byte[]> counts = new HashMap<>(ids.size());
                    for (String id : ids) {
                        counts.put(id, new byte[id.length()]);
                    }
                    return counts;
                }
            }
            """, """
            package com.example;

            import java.util.*;

            class Loader {
                Map<String, byte[]> load(Set<String> ids) {
                    Map<String, byte[]> loaded = HashMap.newHashMap(ids.size());
                    ids.forEach(id -> loaded.put(id, new byte[64]));
                    return loaded;
                }

                Map<String, byte[]> load(List<String> ids) {
                    Map<String, byte[]> counts = HashMap.newHashMap(ids.size());
                    for (String id : ids) {
                        counts.put(id, new byte[id.length()]);
                    }
                    return counts;
                }
            }
            """), 21)
        );
    }

    @Test
    void anInterfacesFieldsAreInitialisedByClinit() throws IOException {
        String hotMethods = table("com.example.Names,<clinit>,()V,8000,0.2000,0.0000,\"\"\n");
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null)),
          //language=java
          version(java("""
            package com.example;

            import java.util.*;

            interface Names {
                List<String> SOURCE = Arrays.asList("a", "b");
                Set<String> ALL = new HashSet<>((int) (SOURCE.size() / 0.75f) + 1);
            }
            """, """
            package com.example;

            import java.util.*;

            interface Names {
                List<String> SOURCE = Arrays.asList("a", "b");
                Set<String> ALL = HashSet.newHashSet(SOURCE.size());
            }
            """), 21)
        );
    }

    @Test
    void nestedClassesCountForTheirFileAndStaticInitialisersForClinit() throws IOException {
        String hotMethods = table("""
          com.example.Registry,<clinit>,()V,8000,0.2000,0.0000,""
          com.example.Registry,index,(Ljava/util/List;)Ljava/util/Set;,8000,0.2000,0.0000,""
          """);
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getMethod)
              .containsExactlyInAnyOrder("com.example.Registry#<clinit>", "com.example.Registry#<init>",
                "com.example.Registry#index(Ljava/util/List;)Ljava/util/Set;")),
          //language=java
          version(java("""
            package com.example;

            import java.util.*;

            class Registry {
                static final List<String> SOURCE = Arrays.asList("a", "b");
                static final Set<String> NAMES = new HashSet<>((int) (SOURCE.size() / 0.75f) + 1);
                final Set<String> mine = new HashSet<>((int) (SOURCE.size() / 0.75f) + 1);

                static class Index {
                    Set<String> index(List<String> names) {
                        Set<String> index = new HashSet<>(names.size());
                        index.addAll(names);
                        return index;
                    }
                }
            }
            """, """
            package com.example;

            import java.util.*;

            class Registry {
                static final List<String> SOURCE = Arrays.asList("a", "b");
                static final Set<String> NAMES = HashSet.newHashSet(SOURCE.size());
                final Set<String> mine = new HashSet<>((int) (SOURCE.size() / 0.75f) + 1);

                static class Index {
                    Set<String> index(List<String> names) {
                        Set<String> index = HashSet.newHashSet(names.size());
                        index.addAll(names);
                        return index;
                    }
                }
            }
            """), 21)
        );
    }

    @Test
    void aCpuShareAloneMakesAMethodHot() throws IOException {
        String hotMethods = table("""
          com.example.Codec,readInt,([BI)I,0,0.0000,0.3000,""
          com.example.Codec,readColdInt,([BI)I,0,0.0000,0.0020,""
          """);
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null)),
          //language=java
          version(java("""
            package com.example;

            class Codec {
                int readInt(byte[] b, int off) {
                    return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | b[off + 3] & 0xFF;
                }

                int readColdInt(byte[] b, int off) {
                    return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | b[off + 3] & 0xFF;
                }
            }
            """, """
            package com.example;

            import java.lang.invoke.MethodHandles;
            import java.lang.invoke.VarHandle;
            import java.nio.ByteOrder;

            class Codec {
                private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

                int readInt(byte[] b, int off) {
                    return (int) INT_BE.get(b, off);
                }

                int readColdInt(byte[] b, int off) {
                    return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | b[off + 3] & 0xFF;
                }
            }
            """), 21)
        );
    }

    //language=java
    private static final String CACHE = """
      package com.example;

      import java.util.Map;
      import java.util.concurrent.ConcurrentHashMap;

      class Schemas {
          private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

          static String nameOf(Class<?> type) {
              return NAMES.computeIfAbsent(type, Schemas::describe);
          }

          private static String describe(Class<?> type) {
              return type.getSimpleName().toUpperCase();
          }
      }
      """;

    @Test
    void aCacheFieldIsConvertedWhenAMethodThatComputesThroughItIsHot() throws IOException {
        String hotMethods = table("com.example.Schemas,nameOf,(Ljava/lang/Class;)Ljava/lang/String;,0,0.0000,0.0500,\"\"\n");
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement().satisfies(row -> {
                assertThat(row.isChanged()).isTrue();
                assertThat(row.getCpuShare()).as("the figures of the method that computes through it").isEqualTo(0.05);
            })),
          //language=java
          version(java(CACHE, """
            package com.example;

            class Schemas {
                private static final ClassValue<String> NAMES = new ClassValue<String>() {
                    @Override
                    protected String computeValue(Class<?> type) {
                        return describe(type);
                    }
                };

                static String nameOf(Class<?> type) {
                    return NAMES.get(type);
                }

                private static String describe(Class<?> type) {
                    return type.getSimpleName().toUpperCase();
                }
            }
            """), 21)
        );
    }

    @Test
    void aCacheFieldWhoseComputeCallsAreColdIsLeftAlone() throws IOException {
        String hotMethods = table("com.example.Schemas,nameOf,(Ljava/lang/Class;)Ljava/lang/String;,10,0.0001,0.0001,\"\"\n");
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(hotMethods, null))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement().satisfies(row ->
              assertThat(row.getReason()).startsWith("cold: ").endsWith("(where it is used)"))),
          version(java(CACHE), 21)
        );
    }

    @Test
    void theFamiliesTakeTheTableToo() throws IOException {
        String hotMethods = table("com.example.Orders,hot,(Ljava/util/List;)Ljava/util/Map;,900000,0.4500,0.0000,\"\"\n");
        rewriteRun(
          spec -> spec.recipe(new RightSizedCollections(hotMethods, 0.2)),
          //language=java
          version(java(TWO_METHODS_BEFORE, TWO_METHODS_BEFORE.replaceFirst("new HashMap<>", "HashMap.newHashMap")), 21)
        );
    }

    @Test
    void withoutATableRowsCarryNoFigures() {
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices())
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).hasSize(2).allSatisfy(row -> {
                assertThat(row.isChanged()).isTrue();
                assertThat(row.getSampledBytes()).isNull();
                assertThat(row.getShare()).isNull();
            })),
          version(java(TWO_METHODS_BEFORE, TWO_METHODS_BEFORE.replace("new HashMap<>", "HashMap.newHashMap")), 21)
        );
    }

    @Test
    void aMissingTableIsAValidationErrorAndChangesNothing() {
        String missing = dir.resolve("nowhere.csv").toString();
        Validated<Object> validated = new PerformanceBestPractices(missing, null).validate();
        assertThat(validated.isInvalid()).isTrue();
        assertThat(validated.failures()).singleElement().satisfies(failure -> {
            assertThat(failure.getProperty()).isEqualTo("hotMethods");
            assertThat(failure.getMessage()).contains("there is no file").contains("nowhere.csv");
        });
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(missing, null))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).hasSize(2).allSatisfy(row ->
              assertThat(row.getReason()).startsWith("profile-guided run, but the hot-methods table could not be read: there is no file"))),
          version(java(TWO_METHODS_BEFORE), 21)
        );
    }

    @Test
    void aTableThatIsNotAHotMethodsTableSaysWhatIsWrong() throws IOException {
        Path recording = dir.resolve("service.jfr");
        Files.write(recording, new byte[]{'F', 'L', 'R', 0, 1, 2});
        assertThat(new PerformanceBestPractices(recording.toString(), null).validate().failures())
          .singleElement().satisfies(f -> assertThat(f.getMessage()).contains("has no `class` column")
            .contains("the CSV `report profile` writes"));
        String badRow = table("com.example.Orders,hot,()V,lots,0.5,0,\"\"\n");
        assertThat(new PerformanceBestPractices(badRow, null).validate().failures())
          .singleElement().satisfies(f -> assertThat(f.getMessage()).contains("line 2: not a hot-methods row"));
    }

    @Test
    void minimumShareIsAShareOfTheRecording() throws IOException {
        String hotMethods = table("");
        assertThat(new PerformanceBestPractices(hotMethods, 5.0).validate().failures())
          .singleElement().satisfies(f -> assertThat(f.getProperty()).isEqualTo("minimumShare"));
        assertThat(new PerformanceBestPractices(hotMethods, 0.05).validate().isValid()).isTrue();
    }
}

package dev.rewriteperf.streams;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;

class PreSizeKeysThenValuesArrayTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PreSizeKeysThenValuesArray());
    }

    @DocumentExample
    @Test
    void keysThenValuesInOnePass() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Args {
                  static String[] keysThenValues(Map<String, String> args) {
                      return Stream.concat(args.keySet().stream(), args.values().stream()).toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Args {
                  static String[] keysThenValues(Map<String, String> args) {
                      String[] result = new String[args.size() * 2];
                      int i = 0;
                      int j = args.size();
                      for (Map.Entry<String, String> entry : args.entrySet()) {
                          result[i++] = entry.getKey();
                          result[j++] = entry.getValue();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void valuesThenKeys() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Args {
                  static Object[] valuesThenKeys(Map<?, ?> args) {
                      return Stream.concat(args.values().stream(), args.keySet().stream()).toArray();
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Args {
                  static Object[] valuesThenKeys(Map<?, ?> args) {
                      Object[] result = new Object[args.size() * 2];
                      int i = 0;
                      int j = args.size();
                      for (Map.Entry<?, ?> entry : args.entrySet()) {
                          result[i++] = entry.getValue();
                          result[j++] = entry.getKey();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void declaredArrayWithTypesOfTheProject() {
        rewriteRun(
          java(
            //language=java
            """
              package glide;

              public final class Key {
              }
              """
          ),
          java(
            //language=java
            """
              package glide;

              import java.util.Map;
              import java.util.stream.Stream;

              class Command {
                  static int send(Map<Key, Key> fields) {
                      Key[] arguments = Stream.concat(fields.keySet().stream(), fields.values().stream())
                              .toArray(Key[]::new);
                      return arguments.length;
                  }
              }
              """,
            //language=java
            """
              package glide;

              import java.util.Map;

              class Command {
                  static int send(Map<Key, Key> fields) {
                      Key[] arguments = new Key[fields.size() * 2];
                      int i = 0;
                      int j = fields.size();
                      for (Map.Entry<Key, Key> entry : fields.entrySet()) {
                          arguments[i++] = entry.getKey();
                          arguments[j++] = entry.getValue();
                      }
                      return arguments.length;
                  }
              }
              """
          )
        );
    }

    @Test
    void changeIsRecorded() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).singleElement().satisfies(row -> {
                assertThat(row.isChanged()).isTrue();
                assertThat(row.getReplacement()).startsWith("for (Map.Entry<String, Integer> entry : counts.entrySet())");
            })),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Counts {
                  Object[] flat;

                  void update(Map<String, Integer> counts) {
                      flat = Stream.concat(counts.keySet().stream(), counts.values().stream()).toArray(Object[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Counts {
                  Object[] flat;

                  void update(Map<String, Integer> counts) {
                      Object[] result = new Object[counts.size() * 2];
                      int i = 0;
                      int j = counts.size();
                      for (Map.Entry<String, Integer> entry : counts.entrySet()) {
                          result[i++] = entry.getKey();
                          result[j++] = entry.getValue();
                      }
                      flat = result;
                  }
              }
              """
          )
        );
    }

    // ---- left alone ----

    @Test
    void keysAndValuesOfDifferentMaps() {
        rewriteRun(
          leftAloneBecause("the two streams are not the keys and the values of the same map"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> a, Map<String, String> b) {
                      return Stream.concat(a.keySet().stream(), b.values().stream()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void keysTwice() {
        rewriteRun(
          leftAloneBecause("the two streams are not the keys and the values of the same map"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> a) {
                      return Stream.concat(a.keySet().stream(), a.keySet().stream()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void mappedSideWouldRunInAnotherOrder() {
        rewriteRun(
          leftAloneBecause("`.map(..)` on one side would run in another order in a single pass"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> a) {
                      return Stream.concat(a.keySet().stream().map(String::trim), a.values().stream()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void concurrentMap() {
        rewriteRun(
          leftAloneBecause("a concurrent collection can change size while it is read"),
          java(
            //language=java
            """
              import java.util.concurrent.ConcurrentMap;
              import java.util.stream.Stream;

              class A {
                  static String[] f(ConcurrentMap<String, String> a) {
                      return Stream.concat(a.keySet().stream(), a.values().stream()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void valuesThatMayNotFit() {
        rewriteRun(
          leftAloneBecause("an element of type java.lang.Integer may not fit String[]"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, Integer> a) {
                      return Stream.concat(a.keySet().stream(), a.values().stream()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void mapFromACall() {
        rewriteRun(
          leftAloneBecause("the source would be evaluated twice (size and loop) and may have side effects"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  Map<String, String> map() {
                      return Map.of();
                  }

                  String[] f() {
                      return Stream.concat(map().keySet().stream(), map().values().stream()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void pipelineInABranch() {
        rewriteRun(
          leftAloneBecause("the pipeline is evaluated only in one branch of `?:`"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> a) {
                      return a.isEmpty() ? new String[0] : Stream.concat(a.keySet().stream(), a.values().stream()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void unknownTypesAreLeftAlone() {
        rewriteRun(
          spec -> spec.typeValidationOptions(TypeValidation.none()),
          java(
            //language=java
            """
              import java.util.stream.Stream;
              import com.example.missing.Headers;

              class A {
                  static String[] f(Headers h) {
                      return Stream.concat(h.keySet().stream(), h.values().stream()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void otherConcatenationsAreNotCandidates() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;
              import java.util.stream.Stream;

              class A {
                  static String[] f(List<String> a, List<String> b) {
                      return Stream.concat(a.stream(), b.stream()).toArray(String[]::new);
                  }

                  static List<String> g(java.util.Map<String, String> m) {
                      return Stream.concat(m.keySet().stream(), m.values().stream()).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(BenchmarkSources.beforeBecomes("streams/presizekeysthenvaluesarray", "After"));
    }

    @Test
    void entryTypeCopiedFromTheMapsDeclarationWithTypeVariables() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Pairs<K extends Comparable<K>, V> {
                  private final Map<K, V> pairs;

                  Pairs(Map<K, V> pairs) {
                      this.pairs = pairs;
                  }

                  Object[] flat() {
                      return Stream.concat(pairs.keySet().stream(), pairs.values().stream()).toArray(Object[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Pairs<K extends Comparable<K>, V> {
                  private final Map<K, V> pairs;

                  Pairs(Map<K, V> pairs) {
                      this.pairs = pairs;
                  }

                  Object[] flat() {
                      Object[] result = new Object[pairs.size() * 2];
                      int i = 0;
                      int j = pairs.size();
                      for (Map.Entry<K, V> entry : pairs.entrySet()) {
                          result[i++] = entry.getKey();
                          result[j++] = entry.getValue();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("streams/presizekeysthenvaluesarray", "After"));
    }

    /** Equal arrays, or the same exception, for empty, single, null-key, null-value and large maps. */
    @Test
    void benchmarkBeforeAndAfterBehaveAlike() throws Exception {
        CompiledBenchmark compiled = CompiledBenchmark.of("streams/presizekeysthenvaluesarray");
        Method before = compiled.type("Before").getMethod("keysThenValues", Map.class);
        Method after = compiled.type("After").getMethod("keysThenValues", Map.class);
        for (Map<String, String> input : inputs()) {
            CompiledBenchmark.assertSameOutcome(before, after, input);
        }
    }

    /** Empty, single, null-key, null-value and large maps of strings, in hash, insertion and sorted order. */
    static List<Map<String, String>> inputs() {
        Map<String, String> nulls = new HashMap<>();
        nulls.put(null, "v");
        nulls.put("k", null);
        return Arrays.asList(new HashMap<>(), Collections.singletonMap("k", "v"), nulls,
          sized(new LinkedHashMap<>(), 50), sized(new HashMap<>(), 1000), sized(new TreeMap<>(), 17));
    }

    private static Map<String, String> sized(Map<String, String> map, int size) {
        for (int i = 0; i < size; i++) {
            map.put("k" + i, i % 7 == 0 ? null : "v" + i);
        }
        return map;
    }
}

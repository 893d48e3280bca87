package dev.rewriteperf.streams;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.lang.reflect.Method;
import java.util.Map;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;

class PreSizeKeyAndValueListsArrayTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PreSizeKeyAndValueListsArray());
    }

    @DocumentExample
    @Test
    void listsJoinedByAddAllBecomeOneArray() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;

              class Command {
                  static String[] keysThenValues(Map<String, String> args) {
                      List<String> keys = new ArrayList<>();
                      List<String> values = new ArrayList<>();
                      for (Map.Entry<String, String> entry : args.entrySet()) {
                          keys.add(entry.getKey());
                          values.add(entry.getValue());
                      }
                      keys.addAll(values);
                      return keys.toArray(new String[0]);
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Command {
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
    void benchmarkBeforeBecomesItsAfter() {
        rewriteRun(BenchmarkSources.beforeBecomes("streams/presizekeyandvaluelistsarray", "After"));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("streams/presizekeyandvaluelistsarray", "After"));
    }

    @Test
    void convertedElementsJoinedByStreamConcatIntoADeclaredArray() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;
              import java.util.stream.Stream;

              class Args {
                  static int count(Map<String, Double> scores) {
                      List<String> members = new ArrayList<>(scores.size());
                      List<String> values = new ArrayList<>(scores.size());
                      for (Map.Entry<String, Double> score : scores.entrySet()) {
                          values.add(Double.toString(score.getValue()));
                          members.add(score.getKey().trim());
                      }
                      final String[] args = Stream.concat(members.stream(), values.stream()).toArray(String[]::new);
                      return args.length;
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Args {
                  static int count(Map<String, Double> scores) {
                      final String[] args = new String[scores.size() * 2];
                      int i = 0;
                      int j = scores.size();
                      for (Map.Entry<String, Double> score : scores.entrySet()) {
                          args[j++] = Double.toString(score.getValue());
                          args[i++] = score.getKey().trim();
                      }
                      return args.length;
                  }
              }
              """
          )
        );
    }

    @Test
    void valuesFirstIntoObjectArrayFromAFieldMap() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.LinkedList;
              import java.util.List;
              import java.util.Map;
              import java.util.Map.Entry;

              class Headers {
                  private final Map<String, Integer> counts;

                  Headers(Map<String, Integer> counts) {
                      this.counts = counts;
                  }

                  Object[] valuesThenKeys() {
                      List<Object> keys = new LinkedList<>();
                      List<Object> values = new ArrayList<>();
                      for (Entry<String, Integer> e : counts.entrySet()) {
                          keys.add(e.getKey());
                          values.add(e.getValue());
                      }
                      values.addAll(keys);
                      return values.toArray(new Object[0]);
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;
              import java.util.Map.Entry;

              class Headers {
                  private final Map<String, Integer> counts;

                  Headers(Map<String, Integer> counts) {
                      this.counts = counts;
                  }

                  Object[] valuesThenKeys() {
                      Object[] result = new Object[counts.size() * 2];
                      int i = 0;
                      int j = counts.size();
                      for (Entry<String, Integer> e : counts.entrySet()) {
                          result[j++] = e.getKey();
                          result[i++] = e.getValue();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    // ---- left alone ----

    @Test
    void listsUsedAfterwards() {
        rewriteRun(
          leftAloneBecause("the lists are used after the array is made"),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;

              class A {
                  static String[] f(Map<String, String> m, List<String> seen) {
                      List<String> keys = new ArrayList<>();
                      List<String> values = new ArrayList<>();
                      for (Map.Entry<String, String> e : m.entrySet()) {
                          keys.add(e.getKey());
                          values.add(e.getValue());
                      }
                      keys.addAll(values);
                      String[] args = keys.toArray(new String[0]);
                      seen.addAll(keys);
                      return args;
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
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class A {
                  static String[] f(ConcurrentHashMap<String, String> m) {
                      List<String> keys = new ArrayList<>();
                      List<String> values = new ArrayList<>();
                      for (Map.Entry<String, String> e : m.entrySet()) {
                          keys.add(e.getKey());
                          values.add(e.getValue());
                      }
                      keys.addAll(values);
                      return keys.toArray(new String[0]);
                  }
              }
              """
          )
        );
    }

    @Test
    void presizedTargetArray() {
        rewriteRun(
          leftAloneBecause("the list is copied into an array other than `new T[0]`"),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;

              class A {
                  static String[] f(Map<String, String> m) {
                      List<String> keys = new ArrayList<>();
                      List<String> values = new ArrayList<>();
                      for (Map.Entry<String, String> e : m.entrySet()) {
                          keys.add(e.getKey());
                          values.add(e.getValue());
                      }
                      keys.addAll(values);
                      return keys.toArray(new String[keys.size()]);
                  }
              }
              """
          )
        );
    }

    @Test
    void elementReadsAList() {
        rewriteRun(
          leftAloneBecause("an element refers to one of the lists being filled"),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;

              class A {
                  static String[] f(Map<String, String> m) {
                      List<String> keys = new ArrayList<>();
                      List<String> values = new ArrayList<>();
                      for (Map.Entry<String, String> e : m.entrySet()) {
                          keys.add(e.getKey());
                          values.add(e.getValue() + keys.size());
                      }
                      keys.addAll(values);
                      return keys.toArray(new String[0]);
                  }
              }
              """
          )
        );
    }

    @Test
    void elementThatMayNotFit() {
        rewriteRun(
          leftAloneBecause("may not fit String[]"),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, Object> m) {
                      List<Object> keys = new ArrayList<>();
                      List<Object> values = new ArrayList<>();
                      for (Map.Entry<String, Object> e : m.entrySet()) {
                          keys.add(e.getKey());
                          values.add(e.getValue());
                      }
                      return Stream.concat(keys.stream(), values.stream()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void mapFromACall() {
        rewriteRun(
          leftAloneBecause("evaluated twice"),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;

              class A {
                  Map<String, String> load() {
                      return Map.of();
                  }

                  String[] f() {
                      List<String> keys = new ArrayList<>();
                      List<String> values = new ArrayList<>();
                      for (Map.Entry<String, String> e : load().entrySet()) {
                          keys.add(e.getKey());
                          values.add(e.getValue());
                      }
                      keys.addAll(values);
                      return keys.toArray(new String[0]);
                  }
              }
              """
          )
        );
    }

    @Test
    void lookAlikesAreNotCandidates() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;

              class A {
                  static String[] conditional(Map<String, String> m) {
                      List<String> keys = new ArrayList<>();
                      List<String> values = new ArrayList<>();
                      for (Map.Entry<String, String> e : m.entrySet()) {
                          if (e.getValue() != null) {
                              keys.add(e.getKey());
                          }
                          values.add(e.getValue());
                      }
                      keys.addAll(values);
                      return keys.toArray(new String[0]);
                  }

                  static String[] bothIntoOne(Map<String, String> m) {
                      List<String> keys = new ArrayList<>();
                      List<String> values = new ArrayList<>();
                      for (Map.Entry<String, String> e : m.entrySet()) {
                          keys.add(e.getKey());
                          keys.add(e.getValue());
                      }
                      keys.addAll(values);
                      return keys.toArray(new String[0]);
                  }

                  static List<String> noArray(Map<String, String> m) {
                      List<String> keys = new ArrayList<>();
                      List<String> values = new ArrayList<>();
                      for (Map.Entry<String, String> e : m.entrySet()) {
                          keys.add(e.getKey());
                          values.add(e.getValue());
                      }
                      keys.addAll(values);
                      return keys;
                  }

                  static String[] somethingInBetween(Map<String, String> m) {
                      List<String> keys = new ArrayList<>();
                      List<String> values = new ArrayList<>();
                      for (Map.Entry<String, String> e : m.entrySet()) {
                          keys.add(e.getKey());
                          values.add(e.getValue());
                      }
                      values.add("end");
                      keys.addAll(values);
                      return keys.toArray(new String[0]);
                  }
              }
              """
          )
        );
    }

    @Test
    void benchmarkBeforeAndAfterBehaveAlike() throws Exception {
        CompiledBenchmark compiled = CompiledBenchmark.of("streams/presizekeyandvaluelistsarray");
        Method before = compiled.type("Before").getMethod("keysThenValues", Map.class);
        Method after = compiled.type("After").getMethod("keysThenValues", Map.class);
        for (Map<String, String> input : PreSizeKeysThenValuesArrayTest.inputs()) {
            CompiledBenchmark.assertSameOutcome(before, after, input);
        }
    }
}

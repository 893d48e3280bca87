package dev.rewriteperf.streams;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CandidateRows;
import dev.rewriteperf.Checkstyle;
import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;

class PreSizeFlatMapToArrayTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PreSizeFlatMapToArray());
    }

    /** Three elements per entry, one of them a key of a type variable: sized by 3. */
    //language=java
    private static final String GEO_ARGS = """
      import java.util.Map;
      import java.util.stream.Stream;

      class Geo {
          static <K> String[] geoArgs(Map<K, double[]> positions) {
              return positions.entrySet().stream()
                      .flatMap(entry -> Stream.of(
                              Double.toString(entry.getValue()[0]),
                              Double.toString(entry.getValue()[1]),
                              String.valueOf(entry.getKey())))
                      .toArray(String[]::new);
          }
      }
      """;

    @DocumentExample
    @Test
    void keyValuePairsOfAMapBecomeOneLoop() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Args {
                  static String[] keyValues(Map<String, String> args) {
                      return args.entrySet().stream()
                              .flatMap(entry -> Stream.of(entry.getKey(), entry.getValue()))
                              .toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Args {
                  static String[] keyValues(Map<String, String> args) {
                      String[] result = new String[args.size() * 2];
                      int i = 0;
                      for (Map.Entry<String, String> entry : args.entrySet()) {
                          result[i++] = entry.getKey();
                          result[i++] = entry.getValue();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void sourceFromACallIsEvaluatedOnceIntoALocal() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.Map;
              import java.util.stream.Stream;

              class Args {
                  List<Map.Entry<String, String>> pairs() {
                      return List.of();
                  }

                  String[] keyValues() {
                      return pairs().stream().flatMap(p -> Stream.of(p.getKey(), p.getValue())).toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.List;
              import java.util.Map;

              class Args {
                  List<Map.Entry<String, String>> pairs() {
                      return List.of();
                  }

                  String[] keyValues() {
                      List<Map.Entry<String, String>> pairs = pairs();
                      String[] result = new String[pairs.size() * 2];
                      int i = 0;
                      for (Map.Entry<String, String> p : pairs) {
                          result[i++] = p.getKey();
                          result[i++] = p.getValue();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void valueFirstConversionsKeepTheirExpressions() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Scores {
                  static String[] valueKeys(Map<String, Double> scores) {
                      return scores.entrySet().stream()
                              .flatMap(entry -> Stream.of(entry.getValue().toString(), entry.getKey()))
                              .toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Scores {
                  static String[] valueKeys(Map<String, Double> scores) {
                      String[] result = new String[scores.size() * 2];
                      int i = 0;
                      for (Map.Entry<String, Double> entry : scores.entrySet()) {
                          result[i++] = entry.getValue().toString();
                          result[i++] = entry.getKey();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void threeElementsPerEntryWithATypeVariableKey() {
        rewriteRun(
          java(
            GEO_ARGS,
            //language=java
            """
              import java.util.Map;

              class Geo {
                  static <K> String[] geoArgs(Map<K, double[]> positions) {
                      String[] result = new String[positions.size() * 3];
                      int i = 0;
                      for (Map.Entry<K, double[]> entry : positions.entrySet()) {
                          result[i++] = Double.toString(entry.getValue()[0]);
                          result[i++] = Double.toString(entry.getValue()[1]);
                          result[i++] = String.valueOf(entry.getKey());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void wildcardMapToObjectArray() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Flatten {
                  static Object[] flatten(Map<?, ? extends Number> args) {
                      return args.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray();
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Flatten {
                  static Object[] flatten(Map<?, ? extends Number> args) {
                      Object[] result = new Object[args.size() * 2];
                      int i = 0;
                      for (Map.Entry<?, ? extends Number> e : args.entrySet()) {
                          result[i++] = e.getKey();
                          result[i++] = e.getValue();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void nestedArrayThroughArraysStream() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Arrays;
              import java.util.stream.Stream;

              class Pairs {
                  static String[] flatten(String[][] pairs) {
                      return Arrays.stream(pairs)
                              .flatMap(pair -> Stream.of(pair[0], pair[1]))
                              .toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              class Pairs {
                  static String[] flatten(String[][] pairs) {
                      String[] result = new String[pairs.length * 2];
                      int i = 0;
                      for (String[] pair : pairs) {
                          result[i++] = pair[0];
                          result[i++] = pair[1];
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void arrayThroughStreamOfAndALambdaGenerator() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.stream.Stream;

              class Names {
                  static CharSequence[] withUpperCase(String[] names) {
                      return Stream.of(names).flatMap(name -> Stream.of(name, name.toUpperCase())).toArray(n -> new CharSequence[n]);
                  }
              }
              """,
            //language=java
            """
              class Names {
                  static CharSequence[] withUpperCase(String[] names) {
                      CharSequence[] result = new CharSequence[names.length * 2];
                      int i = 0;
                      for (String name : names) {
                          result[i++] = name;
                          result[i++] = name.toUpperCase();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void listWithOneElementPerItemAndABlockLambda() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Stream;

              class Labels {
                  static String[] labels(List<Integer> ids) {
                      return ids.stream().flatMap(id -> {
                          return Stream.of("#" + id);
                      }).toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.List;

              class Labels {
                  static String[] labels(List<Integer> ids) {
                      String[] result = new String[ids.size()];
                      int i = 0;
                      for (Integer id : ids) {
                          result[i++] = "#" + id;
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void explicitLambdaParameterTypeIsKept() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Explicit {
                  static Object[] flatten(Map<String, Integer> counts) {
                      return counts.keySet().stream().flatMap((CharSequence key) -> Stream.of(key, key.length())).toArray();
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Explicit {
                  static Object[] flatten(Map<String, Integer> counts) {
                      Object[] result = new Object[counts.size() * 2];
                      int i = 0;
                      for (CharSequence key : counts.keySet()) {
                          result[i++] = key;
                          result[i++] = key.length();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void namesInUseAnywhereInTheMethodAreAvoided() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Busy {
                  static String[] flatten(Map<String, String> args, int result) {
                      if (result > 0) {
                          return args.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                      }
                      for (int i = 0; i < result; i++) {
                          System.out.println(i);
                      }
                      return new String[0];
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Busy {
                  static String[] flatten(Map<String, String> args, int result) {
                      if (result > 0) {
                          String[] result2 = new String[args.size() * 2];
                          int j = 0;
                          for (Map.Entry<String, String> e : args.entrySet()) {
                              result2[j++] = e.getKey();
                              result2[j++] = e.getValue();
                          }
                          return result2;
                      }
                      for (int i = 0; i < result; i++) {
                          System.out.println(i);
                      }
                      return new String[0];
                  }
              }
              """
          )
        );
    }

    @Test
    void entryTypeAsTheFileImportsIt() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.Map.Entry;
              import java.util.stream.Stream;

              class Headers {
                  static String[] toHeaderAndValueArray(Map<String, String> headerMap) {
                      return headerMap.entrySet().stream()
                              .flatMap(entry -> Stream.of(entry.getKey(), entry.getValue()))
                              .toArray(String[]::new);
                  }

                  static String first(Entry<String, String> header) {
                      return header.getKey();
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;
              import java.util.Map.Entry;

              class Headers {
                  static String[] toHeaderAndValueArray(Map<String, String> headerMap) {
                      String[] result = new String[headerMap.size() * 2];
                      int i = 0;
                      for (Entry<String, String> entry : headerMap.entrySet()) {
                          result[i++] = entry.getKey();
                          result[i++] = entry.getValue();
                      }
                      return result;
                  }

                  static String first(Entry<String, String> header) {
                      return header.getKey();
                  }
              }
              """
          )
        );
    }

    @Test
    void arrayOfArrays() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Stream;

              class Matrix {
                  static String[][] rows(List<String> cells) {
                      return cells.stream().flatMap(c -> Stream.of(new String[]{c}, new String[]{c, c})).toArray(String[][]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.List;

              class Matrix {
                  static String[][] rows(List<String> cells) {
                      String[][] result = new String[cells.size() * 2][];
                      int i = 0;
                      for (String c : cells) {
                          result[i++] = new String[]{c};
                          result[i++] = new String[]{c, c};
                      }
                      return result;
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
                assertThat(row.getLocation()).isEqualTo("Args#keyValues");
                assertThat(row.getCandidate()).startsWith("return args.entrySet().stream()");
                assertThat(row.getReplacement()).startsWith("for (Map.Entry<String, String> e : args.entrySet())");
            })),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Args {
                  static String[] keyValues(Map<String, String> args) {
                      return args.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Args {
                  static String[] keyValues(Map<String, String> args) {
                      String[] result = new String[args.size() * 2];
                      int i = 0;
                      for (Map.Entry<String, String> e : args.entrySet()) {
                          result[i++] = e.getKey();
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
    void filterMakesTheSizeUnknown() {
        rewriteRun(
          leftAloneBecause("`.filter(..)` makes the number of elements unknown in advance"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.Objects;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> m) {
                      return m.entrySet().stream().filter(e -> e.getValue() != null)
                              .flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void limitAfterFlatMapMakesTheSizeUnknown() {
        rewriteRun(
          leftAloneBecause("`.limit(..)` makes the number of elements unknown in advance"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> m) {
                      return m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).limit(10).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void sortedReorders() {
        rewriteRun(
          leftAloneBecause("`.sorted(..)` reorders the elements"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> m) {
                      return m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).sorted().toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void peekRunsAnAction() {
        rewriteRun(
          leftAloneBecause("`.peek(..)` runs an action in the stream's own order"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> m) {
                      return m.entrySet().stream().peek(System.out::println)
                              .flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void parallelRunsOnOtherThreads() {
        rewriteRun(
          leftAloneBecause("`.parallel(..)` runs the pipeline on other threads"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> m) {
                      return m.entrySet().stream().parallel().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void mapBeforeFlatMapIsNotHandled() {
        rewriteRun(
          leftAloneBecause("`.map(..)` is more than the single `flatMap` this rewrite handles"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> m) {
                      return m.keySet().stream().map(String::trim).flatMap(k -> Stream.of(k, k)).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void flatMapOfACollectionHasNoFixedArity() {
        rewriteRun(
          leftAloneBecause("does not return `Stream.of(..)` with a fixed number of elements"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.Map;

              class A {
                  static String[] f(Map<String, List<String>> m) {
                      return m.entrySet().stream().flatMap(e -> e.getValue().stream()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void flatMapMethodReferenceIsLeftAlone() {
        rewriteRun(
          leftAloneBecause("does not return `Stream.of(..)` with a fixed number of elements"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Stream;

              class A {
                  static String[] f(List<String[]> rows) {
                      return rows.stream().flatMap(Stream::of).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void streamOfAnArraySpreadsIt() {
        rewriteRun(
          leftAloneBecause("does not return `Stream.of(..)` with a fixed number of elements"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Stream;

              class A {
                  static String[] f(List<String> lines) {
                      return lines.stream().flatMap(line -> Stream.of(line.split(","))).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void concurrentMapCanChangeSize() {
        rewriteRun(
          leftAloneBecause("a concurrent collection can change size while it is read"),
          java(
            //language=java
            """
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.stream.Stream;

              class A {
                  static String[] f(ConcurrentHashMap<String, String> m) {
                      return m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    /** The map of a map view that a call returns is read once into a local, for its size and its entries. */
    @Test
    void mapViewOfACallIsEvaluatedOnceIntoALocal() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  Map<String, String> fields() {
                      return Map.of();
                  }

                  String[] f() {
                      return fields().entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class A {
                  Map<String, String> fields() {
                      return Map.of();
                  }

                  String[] f() {
                      Map<String, String> fields = fields();
                      String[] result = new String[fields.size() * 2];
                      int i = 0;
                      for (Map.Entry<String, String> e : fields.entrySet()) {
                          result[i++] = e.getKey();
                          result[i++] = e.getValue();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void elementThatMayNotFitTheArray() {
        rewriteRun(
          leftAloneBecause("may not fit String[]: the stream would throw ArrayStoreException where a loop needs a cast"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, ?> m) {
                      return m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void generatorThatIsNotAPlainArrayConstructor() {
        rewriteRun(
          leftAloneBecause("the array generator is not `T[]::new` or `n -> new T[n]`"),
          java(
            //language=java
            """
              import java.util.Arrays;
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> m, String[] template) {
                      return m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(n -> Arrays.copyOf(template, n));
                  }
              }
              """
          )
        );
    }

    @Test
    void streamOfSeveralValuesIsNotASizedSource() {
        rewriteRun(
          leftAloneBecause("the stream does not come from a collection, a map or an array"),
          java(
            //language=java
            """
              import java.util.stream.Stream;

              class A {
                  static String[] f(String a, String b) {
                      return Stream.of(a, b).flatMap(s -> Stream.of(s, s.trim())).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void elementThatChangesTheSource() {
        rewriteRun(
          leftAloneBecause("an element refers to the source `m`, which the loop reads while it runs"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> m) {
                      return m.keySet().stream().flatMap(k -> Stream.of(k, m.get(k))).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void blockLambdaWithMoreThanAReturn() {
        rewriteRun(
          leftAloneBecause("does not return `Stream.of(..)` with a fixed number of elements"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Stream;

              class A {
                  static String[] f(List<String> names) {
                      return names.stream().flatMap(n -> {
                          System.out.println(n);
                          return Stream.of(n, n);
                      }).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void entryTypeWhoseNameIsTaken() {
        rewriteRun(
          leftAloneBecause("`Map` already names a class declared in this file"),
          java(
            //language=java
            """
              import java.util.HashMap;
              import java.util.stream.Stream;

              class A {
                  static String[] f(HashMap<String, String> m) {
                      return m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }

              class Map {
              }
              """
          )
        );
    }

    @Test
    void unknownTypesAreLeftAlone() {
        rewriteRun(
          spec -> leftAloneBecause("the types are not fully known").accept(spec.typeValidationOptions(TypeValidation.none())),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;
              import com.example.missing.Header;

              class A {
                  static String[] f(Map<String, Header> m) {
                      return m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue().text())).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void otherTerminalOperationsAreNotCandidates() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          java(
            //language=java
            """
              import java.util.Arrays;
              import java.util.List;
              import java.util.stream.Collectors;
              import java.util.stream.Stream;

              class A {
                  static List<String> f(List<String> names) {
                      return names.stream().flatMap(n -> Stream.of(n, n)).collect(Collectors.toList());
                  }

                  static int[] g(int[] values) {
                      return Arrays.stream(values).flatMap(v -> Arrays.stream(new int[]{v, v})).toArray();
                  }

                  static String[] h(List<String> names) {
                      return names.stream().map(String::trim).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void flatMapWithoutToArrayIsLeftAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Pairs {
                  static long count(Map<String, String> pairs) {
                      return pairs.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).distinct().count();
                  }
              }
              """
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(
          BenchmarkSources.unchanged("streams/presizeflatmaptoarray", "GlideString"),
          BenchmarkSources.beforeBecomes("streams/presizeflatmaptoarray", "After")
        );
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(
          BenchmarkSources.unchanged("streams/presizeflatmaptoarray", "GlideString"),
          BenchmarkSources.beforeBecomesWithCrlfAndTabs("streams/presizeflatmaptoarray", "After")
        );
    }

    /**
     * The benchmark's before and after methods, compiled, on the same inputs: empty, one entry, nulls as keys
     * and as values, 50 entries in insertion order, 1000 hashed entries. Equal arrays of the same class, or
     * the same exception type.
     */
    @Test
    void benchmarkBeforeAndAfterBehaveAlike() throws Exception {
        CompiledBenchmark compiled = CompiledBenchmark.of("streams/presizeflatmaptoarray");
        Method gs = compiled.type("GlideString").getMethod("gs", String.class);
        IntFunction<Object> glide = i -> CompiledBenchmark.outcome(gs, "g" + i);
        IntFunction<Object> string = i -> "s" + i;
        IntFunction<Object> number = i -> i * 0.5;
        IntFunction<Object> mixed = i -> i % 3 == 0 ? Integer.valueOf(i) : i % 3 == 1 ? ("b" + i).getBytes(StandardCharsets.UTF_8) : glide.apply(i);
        Map<String, List<Map<Object, Object>>> inputs = new HashMap<>();
        inputs.put("convertMapToKeyValueStringArray", maps(string, string));
        inputs.put("convertMapToKeyValueGlideStringArray", maps(glide, glide));
        inputs.put("convertMapToValueKeyStringArray", maps(string, number));
        inputs.put("convertMapToValueKeyStringArrayBinary", maps(glide, number));
        inputs.put("flattenMapToGlideStringArray", maps(mixed, mixed));
        inputs.put("flattenMapToGlideStringArrayValueFirst", maps(mixed, mixed));

        Class<?> before = compiled.type("Before");
        Class<?> after = compiled.type("After");
        int compared = 0;
        for (Method method : before.getDeclaredMethods()) {
            if (method.isSynthetic()) {
                continue;
            }
            Method rewritten = after.getMethod(method.getName(), method.getParameterTypes());
            for (Map<Object, Object> input : inputs.get(method.getName())) {
                CompiledBenchmark.assertSameOutcome(method, rewritten, input);
                compared++;
            }
        }
        assertThat(compared).isEqualTo(6 * 7);
    }

    private static List<Map<Object, Object>> maps(IntFunction<Object> key, IntFunction<Object> value) {
        Map<Object, Object> nullKey = new HashMap<>(fill(new HashMap<>(), 3, key, value));
        nullKey.put(null, value.apply(99));
        Map<Object, Object> nullValue = fill(new LinkedHashMap<>(), 3, key, value);
        nullValue.put(key.apply(99), null);
        return Arrays.asList(
          new HashMap<>(),
          fill(new HashMap<>(), 1, key, value),
          nullKey,
          nullValue,
          fill(new LinkedHashMap<>(), 50, key, value),
          fill(new HashMap<>(), 1000, key, value),
          Collections.unmodifiableMap(fill(new TreeMap<>(Comparator.comparing(String::valueOf)), 10, key, value)));
    }

    private static Map<Object, Object> fill(Map<Object, Object> map, int size, IntFunction<Object> key, IntFunction<Object> value) {
        for (int i = 0; i < size; i++) {
            map.put(key.apply(i), value.apply(i));
        }
        return map;
    }

    @Test
    void doesNotSizeByThreeWhereTheProjectsCheckstyleForbidsMagicNumbers() {
        rewriteRun(
          CandidateRows.leftAloneBecause("forbids magic numbers, and the rewrite would write 3"),
          Checkstyle.magicNumberCheck(""),
          java(
            GEO_ARGS
          )
        );
    }
}

package dev.rewriteperf.streams;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.java.style.IntelliJ;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.lang.reflect.Method;
import java.util.List;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class PreSizeMapToArrayTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PreSizeMapToArray());
    }

    @DocumentExample
    @Test
    void mappedListBecomesALoop() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;

              class Names {
                  static String[] upper(List<String> names) {
                      return names.stream().map(name -> name.toUpperCase()).toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.List;

              class Names {
                  static String[] upper(List<String> names) {
                      String[] result = new String[names.size()];
                      int i = 0;
                      for (String name : names) {
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
    void mapEntriesWithABlockLambdaAsAnArgument() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Arrays;
              import java.util.Map;

              class Pairs {
                  static String describe(Map<String, Integer> counts) {
                      return Arrays.toString(counts.entrySet().stream().map(e -> {
                          return e.getKey() + "=" + e.getValue();
                      }).toArray(String[]::new));
                  }
              }
              """,
            //language=java
            """
              import java.util.Arrays;
              import java.util.Map;

              class Pairs {
                  static String describe(Map<String, Integer> counts) {
                      String[] result = new String[counts.size()];
                      int i = 0;
                      for (Map.Entry<String, Integer> e : counts.entrySet()) {
                          result[i++] = e.getKey() + "=" + e.getValue();
                      }
                      return Arrays.toString(result);
                  }
              }
              """
          )
        );
    }

    @Test
    void arrayToObjectArray() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Arrays;

              class Lengths {
                  static Object[] lengths(String[] words) {
                      Object[] lengths = Arrays.stream(words).map(w -> w.length()).toArray();
                      return lengths;
                  }
              }
              """,
            //language=java
            """
              class Lengths {
                  static Object[] lengths(String[] words) {
                      Object[] lengths = new Object[words.length];
                      int i = 0;
                      for (String w : words) {
                          lengths[i++] = w.length();
                      }
                      return lengths;
                  }
              }
              """
          )
        );
    }

    @Test
    void unboundMethodReferenceBecomesACallOnTheLoopVariable() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;

              class A {
                  static String[] f(List<Object> values) {
                      return values.stream().map(Object::toString).toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.List;

              class A {
                  static String[] f(List<Object> values) {
                      String[] result = new String[values.size()];
                      int i = 0;
                      for (Object value : values) {
                          result[i++] = value.toString();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void staticConstructorAndThisReferences() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.Set;

              class Codes {
                  static final class Code {
                      Code(Integer value) {
                      }
                  }

                  String label(Map.Entry<String, Integer> entry) {
                      return entry.getKey();
                  }

                  Object[] all(Set<Integer> numbers, Map<String, Integer> named) {
                      String[] texts = numbers.stream().map(String::valueOf).toArray(String[]::new);
                      Code[] codes = numbers.stream().map(Code::new).toArray(Code[]::new);
                      String[] labels = named.entrySet().stream().map(this::label).toArray(String[]::new);
                      return new Object[]{texts, codes, labels};
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;
              import java.util.Set;

              class Codes {
                  static final class Code {
                      Code(Integer value) {
                      }
                  }

                  String label(Map.Entry<String, Integer> entry) {
                      return entry.getKey();
                  }

                  Object[] all(Set<Integer> numbers, Map<String, Integer> named) {
                      String[] texts = new String[numbers.size()];
                      int i = 0;
                      for (Integer number : numbers) {
                          texts[i++] = String.valueOf(number);
                      }
                      Code[] codes = new Code[numbers.size()];
                      int j = 0;
                      for (Integer number : numbers) {
                          codes[j++] = new Code(number);
                      }
                      String[] labels = new String[named.size()];
                      int k = 0;
                      for (Map.Entry<String, Integer> entry : named.entrySet()) {
                          labels[k++] = label(entry);
                      }
                      return new Object[]{texts, codes, labels};
                  }
              }
              """
          )
        );
    }

    // ---- left alone ----

    @Test
    void boundMethodReferenceIsListed() {
        rewriteRun(
          leftAloneBecause("the method reference is bound to an expression evaluated once"),
          java(
            //language=java
            """
              import java.util.List;

              class A {
                  static String[] f(List<String> values, String prefix) {
                      return values.stream().map(prefix::concat).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void filterMakesTheSizeUnknown() {
        rewriteRun(
          leftAloneBecause("`.filter(..)` makes the number of elements unknown in advance"),
          java(
            //language=java
            """
              import java.util.List;

              class A {
                  static String[] f(List<String> values) {
                      return values.stream().map(v -> v.trim()).filter(v -> !v.isEmpty()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void twoMapsBecomeOneExpressionAndOnlyTheLastMustFitTheArray() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;

              class A {
                  static Integer[] f(List<String> values) {
                      return values.stream().map(v -> v.trim()).map(String::length).toArray(Integer[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.List;

              class A {
                  static Integer[] f(List<String> values) {
                      Integer[] result = new Integer[values.size()];
                      int i = 0;
                      for (String v : values) {
                          result[i++] = v.trim().length();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    /** Found on neo4j-java-driver, which compiles with -Xlint:all -Werror. */
    @Test
    void rawGenericComponentIsListed() {
        rewriteRun(
          leftAloneBecause("is a raw generic type: declaring the array adds a rawtypes warning"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.concurrent.CompletableFuture;
              import java.util.concurrent.CompletionStage;

              class Stages {
                  static CompletableFuture<?>[] futures(List<CompletionStage<String>> stages) {
                      return stages.stream().map(CompletionStage::toCompletableFuture).toArray(CompletableFuture[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void resultThatMayNotFit() {
        rewriteRun(
          leftAloneBecause("may not fit String[]"),
          java(
            //language=java
            """
              import java.util.Map;

              class A {
                  static String[] f(Map<String, ?> m) {
                      return m.values().stream().map(v -> v).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void concurrentSource() {
        rewriteRun(
          leftAloneBecause("a concurrent collection can change size while it is read"),
          java(
            //language=java
            """
              import java.util.concurrent.CopyOnWriteArrayList;

              class A {
                  static String[] f(CopyOnWriteArrayList<String> listeners) {
                      return listeners.stream().map(l -> l.trim()).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    /** dnsjava: a field declared a List and set to a CopyOnWriteArrayList, which other threads add to. */
    @Test
    void aFieldTheFileSetsToAConcurrentCollectionIsLeftAlone() {
        rewriteRun(
          leftAloneBecause("a concurrent collection can change size while it is read"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.concurrent.CopyOnWriteArrayList;

              class Resolvers {
                  private final List<String> resolvers = new CopyOnWriteArrayList<>();
                  private List<String> backups;

                  Resolvers() {
                      backups = new CopyOnWriteArrayList<>();
                  }

                  String[] all() {
                      return resolvers.stream().map(r -> r.trim()).toArray(String[]::new);
                  }

                  String[] allBackups() {
                      return this.backups.stream().map(r -> r.trim()).toArray(String[]::new);
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

              class A {
                  List<String> names() {
                      return List.of();
                  }

                  String[] f() {
                      return names().stream().map(n -> n.trim()).toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.List;

              class A {
                  List<String> names() {
                      return List.of();
                  }

                  String[] f() {
                      List<String> names = names();
                      String[] result = new String[names.size()];
                      int i = 0;
                      for (String n : names) {
                          result[i++] = n.trim();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void inAMethodThatDeclaresEveryLocalWithVarTheNewLocalsAreVarToo() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.List;

                class A {
                    List<String> names() {
                        return List.of();
                    }

                    String[] f() {
                        var prefix = "n:";
                        return names().stream().map(n -> prefix + n.trim()).toArray(String[]::new);
                    }
                }
                """,
              //language=java
              """
                import java.util.List;

                class A {
                    List<String> names() {
                        return List.of();
                    }

                    String[] f() {
                        var prefix = "n:";
                        var names = names();
                        var result = new String[names.size()];
                        var i = 0;
                        for (var n : names) {
                            result[i++] = prefix + n.trim();
                        }
                        return result;
                    }
                }
                """
            ),
            17
          )
        );
    }

    @Test
    void loopInALambdaOnAContinuationLineIsIndentedLikeItsBlock() {
        rewriteRun(
          java(
            //language=java
            """
              import java.lang.reflect.Executable;
              import java.util.Optional;
              import java.util.stream.Stream;

              class A {
                  static String[] names(Optional<String[]> declared, Executable e) {
                      final String[] names = declared
                              .map(n -> n.clone())
                              .orElseGet(() -> {
                                  return Stream.of(e.getParameters())
                                          .map(p -> p.getName())
                                          .toArray(String[]::new);
                              });
                      return names;
                  }
              }
              """,
            //language=java
            """
              import java.lang.reflect.Executable;
              import java.lang.reflect.Parameter;
              import java.util.Optional;

              class A {
                  static String[] names(Optional<String[]> declared, Executable e) {
                      final String[] names = declared
                              .map(n -> n.clone())
                              .orElseGet(() -> {
                                  Parameter[] parameters = e.getParameters();
                                  String[] result = new String[parameters.length];
                                  int i = 0;
                                  for (Parameter p : parameters) {
                                      result[i++] = p.getName();
                                  }
                                  return result;
                              });
                      return names;
                  }
              }
              """
          )
        );
    }

    @Test
    void tabIndentedFileInAProjectStyledWithSpacesKeepsItsTabs() {
        rewriteRun(
          java(
            "import java.util.Arrays;\n\nclass A {\n" +
            "\tstatic String[] trimmed(String names) {\n" +
            "\t\tString[] parts = names.split(\",\");\n" +
            "\t\treturn Arrays.stream(parts).map(p -> p.trim()).toArray(String[]::new);\n" +
            "\t}\n}\n",
            "class A {\n" +
            "\tstatic String[] trimmed(String names) {\n" +
            "\t\tString[] parts = names.split(\",\");\n" +
            "\t\tString[] result = new String[parts.length];\n" +
            "\t\tint i = 0;\n" +
            "\t\tfor (String p : parts) {\n" +
            "\t\t\tresult[i++] = p.trim();\n" +
            "\t\t}\n" +
            "\t\treturn result;\n" +
            "\t}\n}\n",
            // The plugins attach the style detected over the whole project: here four spaces.
            spec -> spec.markers(IntelliJ.defaults())
          )
        );
    }

    @Test
    void arrayFromACallIsEvaluatedOnceIntoALocal() {
        rewriteRun(
          java(
            //language=java
            """
              import java.io.File;
              import java.util.Arrays;

              class A {
                  static String[] names(File directory) {
                      return Arrays.stream(directory.listFiles()).map(f -> f.getName()).toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.io.File;

              class A {
                  static String[] names(File directory) {
                      File[] files = directory.listFiles();
                      String[] result = new String[files.length];
                      int i = 0;
                      for (File f : files) {
                          result[i++] = f.getName();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void otherPipelinesAreNotCandidates() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;
              import java.util.stream.Stream;

              class A {
                  static List<String> f(List<String> names) {
                      return names.stream().map(n -> n.trim()).toList();
                  }

                  static List<String> g(List<String> names) {
                      return names.stream().map(n -> n.trim()).collect(Collectors.toList());
                  }

                  static String[] h(List<String> names) {
                      return names.stream().map(n -> n.trim()).flatMap(n -> Stream.of(n, n)).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void mapCollectedWithoutToArrayIsLeftAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Csv {
                  static String line(List<Integer> cells) {
                      return cells.stream().map(String::valueOf).collect(Collectors.joining(","));
                  }
              }
              """
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(BenchmarkSources.beforeBecomes("streams/presizemaptoarray", "After"));
    }

    @Test
    void arrayOfATypeVariableKeepsItsDeclaredComponent() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Arrays;

              class Labels<T extends CharSequence> {
                  String[] labels(T[] items) {
                      return Arrays.stream(items).map(item -> item.toString()).toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              class Labels<T extends CharSequence> {
                  String[] labels(T[] items) {
                      String[] result = new String[items.length];
                      int i = 0;
                      for (T item : items) {
                          result[i++] = item.toString();
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void typeVariableShadowedByTheMethodIsListed() {
        rewriteRun(
          spec -> leftAloneBecause("involves type variables").accept(spec),
          java(
            //language=java
            """
              import java.util.List;

              class Shelf<T> {
                  List<T> items;

                  <T> String[] labels() {
                      return items.stream().map(item -> String.valueOf(item)).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("streams/presizemaptoarray", "After"));
    }

    @Test
    void benchmarkBeforeAndAfterBehaveAlike() throws Exception {
        CompiledBenchmark compiled = CompiledBenchmark.of("streams/presizemaptoarray");
        Method before = compiled.type("Before").getMethod("trimmed", List.class);
        Method after = compiled.type("After").getMethod("trimmed", List.class);
        for (List<String> input : NameLists.inputs()) {
            CompiledBenchmark.assertSameOutcome(before, after, input);
        }
    }
}

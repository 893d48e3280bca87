package dev.rewriteperf.streams;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.Checkstyle;
import dev.rewriteperf.CompiledBenchmark;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.lang.reflect.Method;
import java.util.List;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class PreSizeMapToSetTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PreSizeMapToSet());
    }

    @DocumentExample
    @Test
    void mappedSetBecomesASizedSetFilledByALoop() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.List;
                import java.util.Set;
                import java.util.stream.Collectors;

                class Names {
                    static Set<String> upper(List<String> names) {
                        return names.stream().map(name -> name.toUpperCase()).collect(Collectors.toSet());
                    }
                }
                """,
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Names {
                    static Set<String> upper(List<String> names) {
                        Set<String> result = HashSet.newHashSet(names.size());
                        for (String name : names) {
                            result.add(name.toUpperCase());
                        }
                        return result;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void beforeJava19TheCapacityHoldsTheElements() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.List;
                import java.util.Set;

                import static java.util.stream.Collectors.toSet;

                class Names {
                    static Set<Integer> lengths(List<String> names) {
                        Set<Integer> lengths = names.stream().map(String::length).collect(toSet());
                        return lengths;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Names {
                    static Set<Integer> lengths(List<String> names) {
                        Set<Integer> lengths = new HashSet<>((int) Math.ceil(names.size() / 0.75));
                        for (String name : names) {
                            lengths.add(name.length());
                        }
                        return lengths;
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void aCollectionStreamedAsItIsBecomesTheCopyConstructor() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.Collection;
                import java.util.Set;
                import java.util.stream.Collectors;

                class Tags {
                    private Set<String> tags;

                    void keep(Collection<String> given) {
                        tags = given.stream().collect(Collectors.toSet());
                    }

                    boolean known(Collection<String> given, String tag) {
                        return given.stream().collect(Collectors.toSet()).contains(tag);
                    }
                }
                """,
              //language=java
              """
                import java.util.Collection;
                import java.util.HashSet;
                import java.util.Set;

                class Tags {
                    private Set<String> tags;

                    void keep(Collection<String> given) {
                        tags = new HashSet<>(given);
                    }

                    boolean known(Collection<String> given, String tag) {
                        return new HashSet<>(given).contains(tag);
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void toCollectionOfHashSetIsTheSameSet() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.stream.Collectors;

                class Names {
                    static HashSet<String> trimmed(List<String> names) {
                        return names.stream().map(String::trim).collect(Collectors.toCollection(HashSet::new));
                    }

                    static HashSet<String> copied(List<String> names) {
                        return names.stream().collect(Collectors.toCollection(HashSet::new));
                    }
                }
                """,
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;

                class Names {
                    static HashSet<String> trimmed(List<String> names) {
                        HashSet<String> result = HashSet.newHashSet(names.size());
                        for (String name : names) {
                            result.add(name.trim());
                        }
                        return result;
                    }

                    static HashSet<String> copied(List<String> names) {
                        return new HashSet<>(names);
                    }
                }
                """
            ),
            21
          )
        );
    }

    /** Only added to a list: a loop would fill a set just to add it (elements added straight would keep duplicates). */
    @Test
    void aSetOnlyAddedToAListIsLeftAlone() {
        rewriteRun(
          leftAloneBecause("the set is only added to `lines`: a loop would fill a set just to add it, and adding " +
                           "directly would keep the duplicates the set removes"),
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;
                import java.util.stream.Collectors;

                class Lines {
                    static List<String> distinct(List<String> names) {
                        List<String> lines = new ArrayList<>();
                        lines.addAll(names.stream().map(String::trim).collect(Collectors.toSet()));
                        return lines;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void aSetOfAnotherElementTypeThanTheSourceIsLeftAlone() {
        rewriteRun(
          leftAloneBecause("the set's element type is not the source's"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.Set;
              import java.util.stream.Collectors;

              class Numbers {
                  static Set<Number> widened(List<Integer> values) {
                      return values.stream().collect(Collectors.<Number>toSet());
                  }
              }
              """
          )
        );
    }

    @Test
    void aCollectionClassOfTheProjectIsNotCopiedInPlaceOfItsStream() {
        rewriteRun(
          leftAloneBecause("a collection class of the project"),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.stream.Stream;

              class Visible extends ArrayList<String> {
                  @Override
                  public Stream<String> stream() {
                      return super.stream().filter(s -> !s.startsWith("."));
                  }
              }
              """
          ),
          java(
            //language=java
            """
              import java.util.Set;
              import java.util.stream.Collectors;

              class Names {
                  static Set<String> shown(Visible names) {
                      return names.stream().collect(Collectors.toSet());
                  }
              }
              """
          )
        );
    }

    @Test
    void varWouldDeclareAHashSetAndIsLeftAlone() {
        rewriteRun(
          spec -> leftAloneBecause("declared with `var`").accept(spec),
          version(
            java(
              //language=java
              """
                import java.util.List;
                import java.util.stream.Collectors;

                class Names {
                    static int distinct(List<String> names) {
                        var copied = names.stream().collect(Collectors.toSet());
                        var trimmed = names.stream().map(String::trim).collect(Collectors.toSet());
                        return copied.size() + trimmed.size();
                    }
                }
                """
            ),
            17
          )
        );
    }

    @Test
    void filtersConcurrentSourcesAndOtherCollectorsAreLeftAlone() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.Set;
              import java.util.TreeSet;
              import java.util.concurrent.ConcurrentLinkedQueue;
              import java.util.stream.Collectors;

              class Names {
                  static Set<String> filtered(List<String> names) {
                      return names.stream().filter(n -> !n.isEmpty()).map(String::trim).collect(Collectors.toSet());
                  }

                  static Set<String> queued(ConcurrentLinkedQueue<String> names) {
                      return names.stream().map(String::trim).collect(Collectors.toSet());
                  }

                  static Set<String> sorted(List<String> names) {
                      return names.stream().map(String::trim).collect(Collectors.toCollection(TreeSet::new));
                  }

                  static List<String> listed(List<String> names) {
                      return names.stream().map(String::trim).collect(Collectors.toList());
                  }

                  static Set<String> ofAnArray(String[] names) {
                      return java.util.Arrays.stream(names).collect(Collectors.toSet());
                  }
              }
              """
          )
        );
    }

    @Test
    void theLoadFactorIsNotWrittenWhereCheckstyleForbidsMagicNumbers() {
        rewriteRun(
          spec -> leftAloneBecause("forbids magic numbers, and the rewrite would write 0.75").accept(spec),
          Checkstyle.magicNumberCheck(""),
          version(
            java(
              //language=java
              """
                import java.util.List;
                import java.util.Set;
                import java.util.stream.Collectors;

                class Names {
                    static Set<String> trimmed(List<String> names) {
                        return names.stream().map(String::trim).collect(Collectors.toSet());
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(version(BenchmarkSources.beforeBecomes("streams/presizemaptoset", "After"), 21));
    }

    @Test
    void beforeJava19BenchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(version(BenchmarkSources.beforeBecomes("streams/presizemaptoset", "AfterJava8"), 8));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("streams/presizemaptoset", "After"), 21));
    }

    @Test
    void benchmarkBeforeAndAfterBehaveAlike() throws Exception {
        CompiledBenchmark compiled = CompiledBenchmark.of("streams/presizemaptoset");
        for (String after : List.of("After", "AfterJava8")) {
            for (String method : List.of("trimmed", "copied")) {
                Method before = compiled.type("Before").getMethod(method, List.class);
                Method rewritten = compiled.type(after).getMethod(method, List.class);
                for (List<String> input : NameLists.inputs()) {
                    CompiledBenchmark.assertSameOutcome(before, rewritten, input);
                }
            }
        }
    }
}

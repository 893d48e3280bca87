package dev.rewriteperf.collections;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class PreSizeCollectionFilledByLoopTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PreSizeCollectionFilledByLoop());
    }

    @DocumentExample
    @Test
    void listFilledFromCollection() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Names {
                    List<String> upper(List<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            result.add(name.toUpperCase());
                        }
                        return result;
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Names {
                    List<String> upper(List<String> names) {
                        List<String> result = new ArrayList<>(names.size());
                        for (String name : names) {
                            result.add(name.toUpperCase());
                        }
                        return result;
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void mapFilledFromEntrySetOnJava21() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Invert {
                    Map<Integer, String> invert(Map<String, Integer> byName) {
                        Map<Integer, String> byId = new HashMap<>();
                        for (Map.Entry<String, Integer> e : byName.entrySet()) {
                            String name = e.getKey().trim();
                            byId.put(e.getValue(), name);
                        }
                        return byId;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Invert {
                    Map<Integer, String> invert(Map<String, Integer> byName) {
                        Map<Integer, String> byId = HashMap.newHashMap(byName.size());
                        for (Map.Entry<String, Integer> e : byName.entrySet()) {
                            String name = e.getKey().trim();
                            byId.put(e.getValue(), name);
                        }
                        return byId;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void setFilledFromArrayOnJava11() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.Set;

                class Codes {
                    Set<String> codes(String[] raw) {
                        Set<String> codes = new HashSet<>();
                        for (String r : raw)
                            codes.add(r.trim());
                        return codes;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashSet;
                import java.util.Set;

                class Codes {
                    Set<String> codes(String[] raw) {
                        Set<String> codes = new HashSet<>((int) Math.ceil(raw.length / 0.75));
                        for (String r : raw)
                            codes.add(r.trim());
                        return codes;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void primitiveArrayAndFieldSource() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Boxes {
                    private int[] values = {1, 2, 3};

                    List<Integer> boxed() {
                        List<Integer> out = new ArrayList<Integer>();
                        for (int v : this.values) {
                            out.add(v);
                        }
                        return out;
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Boxes {
                    private int[] values = {1, 2, 3};

                    List<Integer> boxed() {
                        List<Integer> out = new ArrayList<Integer>(this.values.length);
                        for (int v : this.values) {
                            out.add(v);
                        }
                        return out;
                    }
                }
                """
            ),
            17
          )
        );
    }

    @Test
    void doesNotChangeConditionalAdd() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
              .containsExactly("the loop does not add exactly one element per iteration")),
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Filter {
                    List<String> nonEmpty(List<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            if (!name.isEmpty()) {
                                result.add(name);
                            }
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
    void doesNotChangeLoopThatMayEndEarly() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Early {
                    List<String> untilBlank(List<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            result.add(name);
                            if (name.isBlank()) {
                                break;
                            }
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
    void doesNotChangeLoopThatAddsTwice() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Twice {
                    List<String> both(List<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            result.add(name);
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
    void doesNotChangeWhenSourceIsOnlyIterable() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Iter {
                    List<String> copy(Iterable<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            result.add(name);
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
    void doesNotChangeWhenSourceIsACall() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Call {
                    List<String> load() {
                        return List.of("a");
                    }
                    List<String> copy() {
                        List<String> result = new ArrayList<>();
                        for (String name : load()) {
                            result.add(name);
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
    void doesNotChangeWhenAStatementSitsBetween() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Between {
                    List<String> copy(List<String> names) {
                        List<String> result = new ArrayList<>();
                        result.add("header");
                        for (String name : names) {
                            result.add(name);
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
    void doesNotChangeOtherCollectionTypes() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.LinkedList;
                import java.util.List;
                import java.util.Map;
                import java.util.TreeMap;

                class Others {
                    List<String> linked(List<String> names) {
                        List<String> result = new LinkedList<>();
                        for (String name : names) {
                            result.add(name);
                        }
                        return result;
                    }
                    Map<String, String> sorted(List<String> names) {
                        Map<String, String> result = new TreeMap<>();
                        for (String name : names) {
                            result.put(name, name);
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
    void doesNotChangeIndexedAdd() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Indexed {
                    List<String> reversed(List<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            result.add(0, name);
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
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(version(BenchmarkSources.beforeBecomes("collections/presizecollectionfilledbyloop", "After"), 21));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("collections/presizecollectionfilledbyloop", "After"), 21));
    }

    @Test
    void doesNotChangeWhenSourceTypeIsMissing() {
        rewriteRun(
          spec -> spec.typeValidationOptions(TypeValidation.none()),
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;
                import com.example.missing.Batch;

                class Unattributed {
                    List<String> copy(Batch batch) {
                        List<String> result = new ArrayList<>();
                        for (String name : batch.names()) {
                            result.add(name);
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
    void leavesCollectionsCreatedWithAnArgumentAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.<PerformanceCandidates.Row>getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Started {
                    List<String> more(List<String> names) {
                        List<String> result = new ArrayList<>(names);
                        for (String name : names) {
                            result.add(name);
                        }
                        return result;
                    }
                    Map<String, String> index(List<String> names) {
                        Map<String, String> byName = new HashMap<>(16);
                        for (String name : names) {
                            byName.put(name, name);
                        }
                        return byName;
                    }
                }
                """
            ),
            21
          )
        );
    }
}

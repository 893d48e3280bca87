package dev.rewriteperf.collections;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.Checkstyle;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class SizeHashCollectionsForElementCountTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new SizeHashCollectionsForElementCount());
    }

    @DocumentExample
    @Test
    void sizeOfListBecomesFactoryOnJava21() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class OrderIndex {
                    Map<String, Integer> index(List<String> ids) {
                        Map<String, Integer> positions = new HashMap<>(ids.size());
                        for (int i = 0; i < ids.size(); i++) {
                            positions.put(ids.get(i), i);
                        }
                        return positions;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class OrderIndex {
                    Map<String, Integer> index(List<String> ids) {
                        Map<String, Integer> positions = HashMap.newHashMap(ids.size());
                        for (int i = 0; i < ids.size(); i++) {
                            positions.put(ids.get(i), i);
                        }
                        return positions;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void sizeOfListBecomesCapacityOnJava17() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).singleElement().satisfies(row -> {
                assertThat(row.isChanged()).isTrue();
                assertThat(row.getLocation()).isEqualTo("Tags#unique");
                assertThat(row.getReplacement()).isEqualTo("new HashSet<>((int) Math.ceil(tags.size() / 0.75))");
            })),
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Tags {
                    Set<String> unique(List<String> tags) {
                        Set<String> seen = new HashSet<>(tags.size());
                        seen.addAll(tags);
                        return seen;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Tags {
                    Set<String> unique(List<String> tags) {
                        Set<String> seen = new HashSet<>((int) Math.ceil(tags.size() / 0.75));
                        seen.addAll(tags);
                        return seen;
                    }
                }
                """
            ),
            17
          )
        );
    }

    @Test
    void everyHashKindGetsItsOwnFactory() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.*;

                class Kinds {
                    void make(List<String> a, Map<String, String> m, String[] arr) {
                        Map<String, String> m1 = new LinkedHashMap<>(a.size());
                        Map<String, String> m2 = new WeakHashMap<>(m.size());
                        Set<String> s1 = new HashSet<>(arr.length);
                        Set<String> s2 = new LinkedHashSet<>(m.keySet().size());
                    }
                }
                """,
              //language=java
              """
                import java.util.*;

                class Kinds {
                    void make(List<String> a, Map<String, String> m, String[] arr) {
                        Map<String, String> m1 = LinkedHashMap.newLinkedHashMap(a.size());
                        Map<String, String> m2 = WeakHashMap.newWeakHashMap(m.size());
                        Set<String> s1 = HashSet.newHashSet(arr.length);
                        Set<String> s2 = LinkedHashSet.newLinkedHashSet(m.keySet().size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void localHoldingACountIsACount() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Local {
                    Map<String, String> copy(List<String> keys) {
                        int n = keys.size();
                        Map<String, String> out = new HashMap<>(n);
                        for (String k : keys) {
                            out.put(k, k);
                        }
                        return out;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Local {
                    Map<String, String> copy(List<String> keys) {
                        int n = keys.size();
                        Map<String, String> out = HashMap.newHashMap(n);
                        for (String k : keys) {
                            out.put(k, k);
                        }
                        return out;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void explicitTypeArgumentsAreKept() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;

                class Explicit {
                    int count(List<String> keys) {
                        var m = new HashMap<String, Integer>(keys.size());
                        return m.size();
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;

                class Explicit {
                    int count(List<String> keys) {
                        var m = HashMap.<String, Integer>newHashMap(keys.size());
                        return m.size();
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void fullyQualifiedConstructionStaysFullyQualified() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.List;
                import java.util.Map;

                class Qualified {
                    Map<String, String> make(List<String> keys) {
                        return new java.util.HashMap<>(keys.size());
                    }
                }
                """,
              //language=java
              """
                import java.util.List;
                import java.util.Map;

                class Qualified {
                    Map<String, String> make(List<String> keys) {
                        return java.util.HashMap.newHashMap(keys.size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void java8UsesCapacityExpression() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Old {
                    Map<String, String> copy(Map<String, String> source) {
                        Map<String, String> out = new HashMap<>(source.size());
                        out.putAll(source);
                        return out;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Old {
                    Map<String, String> copy(Map<String, String> source) {
                        Map<String, String> out = new HashMap<>((int) Math.ceil(source.size() / 0.75));
                        out.putAll(source);
                        return out;
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void doesNotChangeConstantCapacity() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
              .containsExactly("the argument is a constant the author chose", "the argument is a constant the author chose")),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Constant {
                    static final int EXPECTED = 64;
                    Map<String, String> a = new HashMap<>(16);
                    Map<String, String> b = new HashMap<>(EXPECTED);
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeArbitraryCapacityParameter() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Parameter {
                    Map<String, String> make(int capacity) {
                        return new HashMap<>(capacity);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeReassignedLocal() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Reassigned {
                    Map<String, String> make(List<String> keys) {
                        int n = keys.size();
                        n = n * 2;
                        return new HashMap<>(n);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeLocalShadowedInAnotherScope() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Scopes {
                    Map<String, String> make(List<String> keys, int n) {
                        if (keys.isEmpty()) {
                            int m = keys.size();
                        }
                        return new HashMap<>(n);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeAnonymousSubclass() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason).containsExactly("anonymous subclass")),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Anonymous {
                    Map<String, String> make(List<String> keys) {
                        return new HashMap<String, String>(keys.size()) {
                            @Override
                            public String get(Object key) {
                                return super.getOrDefault(key, "");
                            }
                        };
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeConcurrentHashMapOrHashtable() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.Hashtable;
                import java.util.List;
                import java.util.Map;
                import java.util.concurrent.ConcurrentHashMap;

                class Concurrent {
                    Map<String, String> a(List<String> keys) {
                        return new ConcurrentHashMap<>(keys.size());
                    }
                    Map<String, String> b(List<String> keys) {
                        return new Hashtable<>(keys.size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeSubclassOfHashMap() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;

                class Registry extends HashMap<String, String> {
                    Registry(int capacity) {
                        super(capacity);
                    }
                    static Registry of(List<String> keys) {
                        return new Registry(keys.size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeSizeOfUnknownType() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Unknown {
                    interface Batch {
                        int size();
                    }
                    Map<String, String> make(Batch batch) {
                        return new HashMap<>(batch.size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void sizeOfCallResultIsACountEvaluatedOnceAsBefore() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class CallResult {
                    List<String> load() {
                        return List.of();
                    }
                    Map<String, String> make() {
                        return new HashMap<>(load().size());
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class CallResult {
                    List<String> load() {
                        return List.of();
                    }
                    Map<String, String> make() {
                        return HashMap.newHashMap(load().size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeArithmeticOnACount() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Doubled {
                    Map<String, String> make(List<String> keys) {
                        return new HashMap<>(keys.size() * 2);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeTwoArgumentConstructor() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class LoadFactor {
                    Map<String, String> make(List<String> keys) {
                        return new HashMap<>(keys.size(), 0.5f);
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
        rewriteRun(version(BenchmarkSources.beforeBecomes("collections/sizehashcollectionsforelementcount", "After"), 21));
        rewriteRun(version(BenchmarkSources.beforeBecomes("collections/sizehashcollectionsforelementcount", "AfterJava8"), 8));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("collections/sizehashcollectionsforelementcount", "After"), 21));
    }

    @Test
    void doesNotChangeWhenTypesAreMissing() {
        rewriteRun(
          spec -> spec.typeValidationOptions(TypeValidation.none()),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;
                import com.example.missing.Batch;

                class Unattributed {
                    Map<String, String> make(Batch batch) {
                        return new HashMap<>(batch.items().size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void countInsideAnotherConstructorCall() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.Collections;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Wrapped {
                    Map<String, String> make(List<String> keys) {
                        int n = keys.size();
                        return Collections.synchronizedMap(new HashMap<>(n));
                    }
                }
                """,
              //language=java
              """
                import java.util.Collections;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Wrapped {
                    Map<String, String> make(List<String> keys) {
                        int n = keys.size();
                        return Collections.synchronizedMap(HashMap.newHashMap(n));
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void leavesHashMapsBuiltWithoutTheCapacityConstructorAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.<PerformanceCandidates.Row>getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Copies {
                    Map<String, String> copy(Map<String, String> source) {
                        return new HashMap<>(source);
                    }
                    Map<String, String> empty(List<String> keys) {
                        Map<String, String> map = new HashMap<>();
                        for (String key : keys) {
                            map.put(key, key);
                        }
                        return map;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void beforeJava19TheLoadFactorIsNotWrittenWhereTheProjectsCheckstyleForbidsMagicNumbers() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.isChanged() + " " + row.getReason()).containsExactly(
              "false the project's Checkstyle (src/conf/checkstyle.xml) forbids magic numbers, and the rewrite would write 0.75",
              "true ")),
          Checkstyle.magicNumberCheck(""),
          //language=java
          version(java(
            """
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;

              class Index {
                  Map<String, Integer> of(List<String> keys) {
                      return new HashMap<>(keys.size());
                  }
              }
              """
          ), 8),
          //language=java
          version(java(
            """
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;

              class Index21 {
                  Map<String, Integer> of(List<String> keys) {
                      return new HashMap<>(keys.size());
                  }
              }
              """,
            """
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;

              class Index21 {
                  Map<String, Integer> of(List<String> keys) {
                      return HashMap.newHashMap(keys.size());
                  }
              }
              """
          ), 21)
        );
    }
}

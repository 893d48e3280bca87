package dev.rewriteperf.collections;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class ReplaceCapacityFormulaWithFactoryTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new ReplaceCapacityFormulaWithFactory());
    }

    @DocumentExample
    @Test
    void everyCommonFormulaBecomesTheFactory() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.*;

                class Formulas {
                    void make(List<String> items, int n) {
                        Map<String, String> a = new HashMap<>((int) (items.size() / 0.75f) + 1);
                        Map<String, String> b = new HashMap<>((int) (n / 0.75) + 1);
                        Map<String, String> c = new HashMap<>((int) (n / 0.75f + 1.0f));
                        Map<String, String> d = new LinkedHashMap<>((int) Math.ceil(n / 0.75));
                        Set<String> e = new HashSet<>(n * 4 / 3 + 1);
                        Set<String> f = new LinkedHashSet<>(1 + (4 * n / 3));
                        Map<String, String> g = new WeakHashMap<>(n * 4 / 3);
                        Set<String> h = new HashSet<>((int) ((float) n / 0.75f) + 1);
                    }
                }
                """,
              //language=java
              """
                import java.util.*;

                class Formulas {
                    void make(List<String> items, int n) {
                        Map<String, String> a = HashMap.newHashMap(items.size());
                        Map<String, String> b = HashMap.newHashMap(n);
                        Map<String, String> c = HashMap.newHashMap(n);
                        Map<String, String> d = LinkedHashMap.newLinkedHashMap(n);
                        Set<String> e = HashSet.newHashSet(n);
                        Set<String> f = LinkedHashSet.newLinkedHashSet(n);
                        Map<String, String> g = WeakHashMap.newWeakHashMap(n);
                        Set<String> h = HashSet.newHashSet(n);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void reportsButKeepsFormulaBeforeJava19() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
              .containsExactly("HashMap.newHashMap needs Java 19, beyond Java 17: its build compiles it for Java 17")),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Old {
                    Map<String, String> make(int n) {
                        return new HashMap<>((int) (n / 0.75f) + 1);
                    }
                }
                """
            ),
            17
          )
        );
    }

    @Test
    void doesNotChangeOtherLoadFactors() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class OtherLoad {
                    Map<String, String> make(int n) {
                        return new HashMap<>((int) (n / 0.5f) + 1);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeLongCount() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class LongCount {
                    Map<String, String> make(long n) {
                        return new HashMap<>((int) (n / 0.75f) + 1);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeOtherArithmetic() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Other {
                    Map<String, String> make(int n) {
                        return new HashMap<>(n * 2 + 1);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeMaxWithMinimum() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.Set;

                class Minimum {
                    Set<String> make(int n) {
                        return new HashSet<>(Math.max((int) (n / .75f) + 1, 16));
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeConcurrentHashMap() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.Map;
                import java.util.concurrent.ConcurrentHashMap;

                class Concurrent {
                    Map<String, String> make(int n) {
                        return new ConcurrentHashMap<>((int) (n / 0.75f) + 1);
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
        rewriteRun(version(BenchmarkSources.beforeBecomes("collections/replacecapacityformulawithfactory", "After"), 21));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("collections/replacecapacityformulawithfactory", "After"), 21));
    }

    @Test
    void saysNothingOfTheJdkFormulaBeforeJava19() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getLocation).containsExactly("HandWritten#make")),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class AlreadyRight {
                    Map<String, String> make(String[] keys) {
                        return new HashMap<>((int) Math.ceil(keys.length / 0.75));
                    }
                }
                """
            ),
            8
          ),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class HandWritten {
                    Map<String, String> make(String[] keys) {
                        return new HashMap<>((int) (keys.length / 0.75f) + 1);
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void leavesHashSetsBuiltWithoutTheCapacityConstructorAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.<PerformanceCandidates.Row>getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Copies {
                    Set<String> copy(List<String> items) {
                        int capacity = (int) (items.size() / 0.75f) + 1;
                        Set<String> set = new HashSet<>();
                        set.addAll(items);
                        return capacity > 0 ? set : new HashSet<>(items);
                    }
                }
                """
            ),
            21
          )
        );
    }
}

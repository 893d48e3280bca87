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

class UseCopyConstructorInsteadOfAddAllTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new UseCopyConstructorInsteadOfAddAll());
    }

    @DocumentExample
    @Test
    void setFilledByAddAllUsesCopyConstructor() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Tags {
                    Set<String> unique(List<String> tags) {
                        Set<String> seen = new HashSet<>();
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
                        Set<String> seen = new HashSet<>(tags);
                        return seen;
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void linkedHashSetWithExplicitTypeArgument() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.Collection;
                import java.util.LinkedHashSet;
                import java.util.Set;

                class Ordered {
                    Set<CharSequence> keep(Collection<String> names) {
                        Set<CharSequence> ordered = new LinkedHashSet<CharSequence>();
                        ordered.addAll(names);
                        return ordered;
                    }
                }
                """,
              //language=java
              """
                import java.util.Collection;
                import java.util.LinkedHashSet;
                import java.util.Set;

                class Ordered {
                    Set<CharSequence> keep(Collection<String> names) {
                        Set<CharSequence> ordered = new LinkedHashSet<CharSequence>(names);
                        return ordered;
                    }
                }
                """
            ),
            17
          )
        );
    }

    @Test
    void reportsButKeepsMapPutAll() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
              .containsExactly("HashMap.putAll into an empty map already sizes its table")),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Copy {
                    Map<String, String> copy(Map<String, String> source) {
                        Map<String, String> out = new HashMap<>();
                        out.putAll(source);
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
    void doesNotChangeVarWithDiamond() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;

                class Inferred {
                    int count(List<String> tags) {
                        var seen = new HashSet<>();
                        seen.addAll(tags);
                        seen.add(42);
                        return seen.size();
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeWhenSourceMentionsTheSet() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class SelfRef {
                    Set<String> seen;

                    Set<String> make(List<String> tags) {
                        Set<String> seen = new HashSet<>();
                        seen.addAll(seen.isEmpty() ? tags : this.seen);
                        return seen;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeWhenAddAllIsNotNext() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class NotNext {
                    Set<String> make(List<String> tags) {
                        Set<String> seen = new HashSet<>();
                        seen.add("default");
                        seen.addAll(tags);
                        return seen;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeAddAllResultUse() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class UsesResult {
                    boolean make(List<String> tags) {
                        Set<String> seen = new HashSet<>();
                        boolean changed = seen.addAll(tags);
                        return changed;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeTreeSetOrArrayList() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;
                import java.util.Set;
                import java.util.TreeSet;

                class Others {
                    Set<String> sorted(List<String> tags) {
                        Set<String> s = new TreeSet<>();
                        s.addAll(tags);
                        return s;
                    }
                    List<String> list(List<String> tags) {
                        List<String> l = new ArrayList<>();
                        l.addAll(tags);
                        return l;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void sourceCallNamedLikeTheSetIsNotTheSet() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Skus {
                    List<String> skus() {
                        return List.of("a");
                    }

                    Set<String> unique() {
                        Set<String> skus = new HashSet<>();
                        skus.addAll(skus());
                        return skus;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Skus {
                    List<String> skus() {
                        return List.of("a");
                    }

                    Set<String> unique() {
                        Set<String> skus = new HashSet<>(skus());
                        return skus;
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
        rewriteRun(version(BenchmarkSources.beforeBecomes("collections/usecopyconstructorinsteadofaddall", "After"), 21));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("collections/usecopyconstructorinsteadofaddall", "After"), 21));
    }

    @Test
    void benchmarkOfTheMapRefusalIsLeftAlone() {
        rewriteRun(version(BenchmarkSources.beforeIsLeftAlone("collections/mapputallrefusal"), 21));
    }
}

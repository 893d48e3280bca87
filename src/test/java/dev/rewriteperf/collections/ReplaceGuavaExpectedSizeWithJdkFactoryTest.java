package dev.rewriteperf.collections;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.java.JavaParser;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class ReplaceGuavaExpectedSizeWithJdkFactoryTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new ReplaceGuavaExpectedSizeWithJdkFactory())
          .parser(JavaParser.fromJavaVersion().classpath("guava"));
    }

    @DocumentExample
    @Test
    void guavaFactoriesBecomeJdkFactories() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import com.google.common.collect.Maps;
                import com.google.common.collect.Sets;

                import java.util.List;
                import java.util.Map;
                import java.util.Set;

                class Lookup {
                    void make(List<String> ids) {
                        Map<String, Integer> a = Maps.newHashMapWithExpectedSize(ids.size());
                        Map<String, Integer> b = Maps.newLinkedHashMapWithExpectedSize(ids.size());
                        Set<String> c = Sets.newHashSetWithExpectedSize(ids.size());
                        Set<String> d = Sets.newLinkedHashSetWithExpectedSize(ids.size());
                    }
                }
                """,
              //language=java
              """
                import java.util.*;

                class Lookup {
                    void make(List<String> ids) {
                        Map<String, Integer> a = HashMap.newHashMap(ids.size());
                        Map<String, Integer> b = LinkedHashMap.newLinkedHashMap(ids.size());
                        Set<String> c = HashSet.newHashSet(ids.size());
                        Set<String> d = LinkedHashSet.newLinkedHashSet(ids.size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void staticImportAndExplicitTypeArguments() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import static com.google.common.collect.Maps.newHashMapWithExpectedSize;

                import com.google.common.collect.Maps;

                class Explicit {
                    int make(int n) {
                        var a = Maps.<String, Integer>newHashMapWithExpectedSize(n);
                        java.util.Map<String, Integer> b = newHashMapWithExpectedSize(n);
                        return a.size() + b.size();
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;

                class Explicit {
                    int make(int n) {
                        var a = HashMap.<String, Integer>newHashMap(n);
                        java.util.Map<String, Integer> b = HashMap.newHashMap(n);
                        return a.size() + b.size();
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void keepsGuavaBeforeJava19AndSaysWhy() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
              .containsExactly("Java 11 target: HashSet.newHashSet needs Java 19")),
          version(
            java(
              //language=java
              """
                import com.google.common.collect.Sets;
                import java.util.Set;

                class Old {
                    Set<String> make(int n) {
                        return Sets.newHashSetWithExpectedSize(n);
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void doesNotChangeOtherGuavaFactories() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import com.google.common.collect.Lists;
                import com.google.common.collect.Maps;
                import java.util.List;
                import java.util.Map;

                class Others {
                    List<String> list(int n) {
                        return Lists.newArrayListWithExpectedSize(n);
                    }
                    Map<String, String> map() {
                        return Maps.newHashMap();
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
        rewriteRun(version(BenchmarkSources.beforeBecomes("collections/replaceguavaexpectedsizewithjdkfactory", "After"), 21));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("collections/replaceguavaexpectedsizewithjdkfactory", "After"), 21));
    }
}

package dev.rewriteperf.collections;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.java.JavaParser;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.SourceSpecs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;
import static org.openrewrite.maven.Assertions.pomXml;
import static org.openrewrite.test.SourceSpecs.text;

class ReplaceGuavaExpectedSizeWithJdkFactoryTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new ReplaceGuavaExpectedSizeWithJdkFactory())
          .parser(JavaParser.fromJavaVersion().classpath("guava"));
    }

    /** A module that resolves Guava {@code version}: before 32.0 it sizes tables with {@code (int) (n / 0.75f + 1)}. */
    private static SourceSpecs guava(String version) {
        return guava(version, "pom.xml");
    }

    private static SourceSpecs guava(String version, String path) {
        //language=xml
        return pomXml(
          """
            <project>
                <modelVersion>4.0.0</modelVersion>
                <groupId>com.example</groupId>
                <artifactId>%s</artifactId>
                <version>1.0</version>
                <dependencies>
                    <dependency>
                        <groupId>com.google.guava</groupId>
                        <artifactId>guava</artifactId>
                        <version>%s</version>
                    </dependency>
                </dependencies>
            </project>
            """.formatted(path.contains("/") ? path.substring(0, path.indexOf('/')) : "lookup", version),
          spec -> spec.path(path)
        );
    }

    private static final String SIZED_SET = """
      import com.google.common.collect.Sets;
      import java.util.Set;

      class Sized {
          Set<String> make(int n) {
              return Sets.newHashSetWithExpectedSize(n);
          }
      }
      """;

    @DocumentExample
    @Test
    void guavaFactoriesBecomeJdkFactories() {
        rewriteRun(
          guava("31.0.1-jre"),
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
          guava("30.1-jre"),
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
              .containsExactly("HashSet.newHashSet needs Java 19, beyond Java 11: its build compiles it for Java 11")),
          guava("31.0.1-jre"),
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
          guava("31.0.1-jre"),
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
        rewriteRun(guava("31.0.1-jre"), version(BenchmarkSources.beforeBecomes("collections/replaceguavaexpectedsizewithjdkfactory", "After"), 21));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(guava("31.0.1-jre"),
          version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("collections/replaceguavaexpectedsizewithjdkfactory", "After"), 21));
    }

    /** Guava 32.0 changed its formula to the JDK's: the table is the same, so nothing would be gained. */
    @Test
    void leavesGuava32AndLaterAloneAndSaysWhy() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
              .containsExactly("Guava 32.0.1-jre sizes the same table as the JDK factory (since 32.0): nothing to gain")),
          guava("32.0.1-jre"),
          version(java(SIZED_SET), 21)
        );
    }

    @Test
    void leavesTheCallAloneWhereNoPomGivesTheGuavaVersion() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
              .containsExactly("the module's Guava version is unknown (no pom.xml above the file), and Guava 32.0 " +
                               "and later size the same table as the JDK factory: nothing to gain")),
          version(java(SIZED_SET), 21)
        );
    }

    /** A Gradle build nearer than the root pom: its Guava may be another version, and Gradle's model is not read. */
    @Test
    void aGradleModuleBelowAMavenRootIsUnknown() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason).singleElement().asString()
              .startsWith("the module's Guava version is unknown (its build is Gradle's")),
          guava("31.0.1-jre"),
          text("dependencies { implementation 'com.google.guava:guava:33.4.8-jre' }", spec -> spec.path("app/build.gradle")),
          version(java(SIZED_SET, spec -> spec.path("app/src/main/java/Sized.java")), 21)
        );
    }

    /** The module nearest the file decides, not the root's. */
    @Test
    void theNearestModulesGuavaDecides() {
        rewriteRun(
          guava("32.1.1-jre"),
          guava("31.0.1-jre", "legacy/pom.xml"),
          version(java(SIZED_SET.replace("Sized", "LegacySized"), """
            import java.util.HashSet;
            import java.util.Set;

            class LegacySized {
                Set<String> make(int n) {
                    return HashSet.newHashSet(n);
                }
            }
            """, spec -> spec.path("legacy/src/main/java/LegacySized.java")), 21),
          version(java(SIZED_SET, spec -> spec.path("src/main/java/Sized.java")), 21)
        );
    }

    @Test
    void readsMajorAndMinorOfGuavaVersions() {
        assertThat(DependencyVersions.isBefore("31.1-jre", 32, 0)).isTrue();
        assertThat(DependencyVersions.isBefore("31.1-android", 32, 0)).isTrue();
        assertThat(DependencyVersions.isBefore("20.0", 32, 0)).isTrue();
        assertThat(DependencyVersions.isBefore("32.0.0-jre", 32, 0)).isFalse();
        assertThat(DependencyVersions.isBefore("33.4.8-jre", 32, 0)).isFalse();
        assertThat(DependencyVersions.isBefore("HEAD-jre-SNAPSHOT", 32, 0)).isFalse();
    }
}

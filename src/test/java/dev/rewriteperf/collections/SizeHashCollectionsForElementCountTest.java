package dev.rewriteperf.collections;

import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

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
}

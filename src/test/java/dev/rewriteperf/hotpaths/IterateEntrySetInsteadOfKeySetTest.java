package dev.rewriteperf.hotpaths;

import dev.rewriteperf.BenchmarkSources;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.openrewrite.java.Assertions.java;

class IterateEntrySetInsteadOfKeySetTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new IterateEntrySetInsteadOfKeySet());
    }

    @DocumentExample
    @Test
    void lookupsOfEachKeyReadTheEntry() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.Map;

              class Totals {
                  static long total(Map<String, List<Integer>> orders) {
                      long total = 0;
                      for (String customer : orders.keySet()) {
                          for (int amount : orders.get(customer)) {
                              total += amount;
                          }
                      }
                      return total;
                  }
              }
              """,
            //language=java
            """
              import java.util.List;
              import java.util.Map;

              class Totals {
                  static long total(Map<String, List<Integer>> orders) {
                      long total = 0;
                      for (Map.Entry<String, List<Integer>> entry : orders.entrySet()) {
                          for (int amount : entry.getValue()) {
                              total += amount;
                          }
                      }
                      return total;
                  }
              }
              """
          )
        );
    }

    /**
     * Sibling loops each have an {@code entry}; around a nested loop rewritten too (first, as the visitor comes back
     * up), the outer one is named for its key: {@code regionEntry}, not {@code entry2} (the held-out genome case's
     * samples around their formats).
     */
    @Test
    void siblingLoopsEachHaveAnEntryAndANestedOneAnother() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;

              class Totals {
                  static long total(Map<String, Integer> orders, Map<String, Integer> refunds, Map<String, Map<String, Integer>> byRegion) {
                      long total = 0;
                      for (String customer : orders.keySet()) {
                          total += orders.get(customer);
                      }
                      for (String customer : refunds.keySet()) {
                          total -= refunds.get(customer);
                      }
                      for (String region : byRegion.keySet()) {
                          Map<String, Integer> counts = byRegion.get(region);
                          for (String item : counts.keySet()) {
                              total += counts.get(item);
                          }
                      }
                      return total;
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Totals {
                  static long total(Map<String, Integer> orders, Map<String, Integer> refunds, Map<String, Map<String, Integer>> byRegion) {
                      long total = 0;
                      for (Map.Entry<String, Integer> entry : orders.entrySet()) {
                          total += entry.getValue();
                      }
                      for (Map.Entry<String, Integer> entry : refunds.entrySet()) {
                          total -= entry.getValue();
                      }
                      for (Map.Entry<String, Map<String, Integer>> regionEntry : byRegion.entrySet()) {
                          Map<String, Integer> counts = regionEntry.getValue();
                          for (Map.Entry<String, Integer> entry : counts.entrySet()) {
                              total += entry.getValue();
                          }
                      }
                      return total;
                  }
              }
              """
          )
        );
    }

    @Test
    void aKeyUsedBesideTheLookupIsDeclaredFromTheEntry() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.HashMap;
              import java.util.Map;

              class Report {
                  static String render(HashMap<String, Integer> counts) {
                      StringBuilder out = new StringBuilder();
                      for (final String name : counts.keySet()) {
                          // one line a name
                          out.append(name).append('=').append(counts.get(name)).append('\\n');
                      }
                      return out.toString();
                  }
              }
              """,
            //language=java
            """
              import java.util.HashMap;
              import java.util.Map;

              class Report {
                  static String render(HashMap<String, Integer> counts) {
                      StringBuilder out = new StringBuilder();
                      for (final Map.Entry<String, Integer> entry : counts.entrySet()) {
                          final String name = entry.getKey();
                          // one line a name
                          out.append(name).append('=').append(entry.getValue()).append('\\n');
                      }
                      return out.toString();
                  }
              }
              """
          )
        );
    }

    @Test
    void aOneStatementBodyAndAnImportedEntry() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.Map.Entry;

              class Sum {
                  private final Map<Integer, Long> sizes;

                  Sum(Map<Integer, Long> sizes) {
                      this.sizes = sizes;
                  }

                  long sum() {
                      long sum = 0;
                      for (Integer id : this.sizes.keySet())
                          sum += this.sizes.get(id);
                      return sum;
                  }

                  Entry<Integer, Long> first() {
                      return sizes.entrySet().iterator().next();
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;
              import java.util.Map.Entry;

              class Sum {
                  private final Map<Integer, Long> sizes;

                  Sum(Map<Integer, Long> sizes) {
                      this.sizes = sizes;
                  }

                  long sum() {
                      long sum = 0;
                      for (Entry<Integer, Long> entry : this.sizes.entrySet())
                          sum += entry.getValue();
                      return sum;
                  }

                  Entry<Integer, Long> first() {
                      return sizes.entrySet().iterator().next();
                  }
              }
              """
          )
        );
    }

    @Test
    void varKeysAndEveryLookupOfTheKeyInTheBody() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.TreeMap;

              class Prices {
                  private final Map<String, Double> prices = new TreeMap<>();

                  double spread(Map<String, Double> other) {
                      double spread = 0;
                      for (var sku : prices.keySet()) {
                          if (prices.get(sku) > 0) {
                              spread += Math.abs(prices.get(sku) - other.getOrDefault(sku, 0.0));
                          }
                      }
                      return spread;
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;
              import java.util.TreeMap;

              class Prices {
                  private final Map<String, Double> prices = new TreeMap<>();

                  double spread(Map<String, Double> other) {
                      double spread = 0;
                      for (var entry : prices.entrySet()) {
                          var sku = entry.getKey();
                          if (entry.getValue() > 0) {
                              spread += Math.abs(entry.getValue() - other.getOrDefault(sku, 0.0));
                          }
                      }
                      return spread;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotChangeAOneStatementBodyThatIsNotAnExpression() {
        rewriteRun(
          leftAloneBecause("the loop's body is one statement, not in braces"),
          java(
            //language=java
            """
              import java.util.Map;

              class Positive {
                  static int count(Map<String, Integer> counts) {
                      int positive = 0;
                      for (String name : counts.keySet())
                          if (counts.get(name) > 0)
                              positive++;
                      return positive;
                  }
              }
              """
          )
        );
    }

    @Test
    void theBodyKeepsItsOwnFormattingAndAWildcardValueType() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;

              class Config {
                  private final Map<String, Object> internal = new HashMap<>();

                  Config(Map<String, ?> config, List<String> supported) {
                      \s
                      for (String configKey : config.keySet()) {
                          if(supported.contains(configKey)) {
                              internal.put(configKey,config.get(configKey));
                          }
                      }
                  }
              }
              """,
            //language=java
            """
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;

              class Config {
                  private final Map<String, Object> internal = new HashMap<>();

                  Config(Map<String, ?> config, List<String> supported) {
                      \s
                      for (Map.Entry<String, ?> entry : config.entrySet()) {
                          String configKey = entry.getKey();
                          if(supported.contains(configKey)) {
                              internal.put(configKey,entry.getValue());
                          }
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotChangeALoopOverAMapClassOfTheProject() {
        rewriteRun(
          leftAloneBecause("the map is a `Headers`, not a JDK map: its get and entrySet may not agree"),
          java(
            //language=java
            """
              import java.util.HashMap;

              class Headers extends HashMap<String, String> {
                  @Override
                  public String get(Object name) {
                      return super.get(String.valueOf(name).toLowerCase());
                  }

                  static int length(Headers headers) {
                      int length = 0;
                      for (String name : headers.keySet()) {
                          length += headers.get(name).length();
                      }
                      return length;
                  }
              }
              """
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(BenchmarkSources.beforeBecomes("hotpaths/iterateentrysetinsteadofkeyset", "After"));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("hotpaths/iterateentrysetinsteadofkeyset", "After"));
    }

    @Test
    void doesNotChangeALoopThatChangesTheMap() {
        rewriteRun(
          leftAloneBecause("the loop changes the map or passes it on"),
          java(
            //language=java
            """
              import java.util.Map;

              class Doubler {
                  static void doubleAll(Map<String, Integer> counts) {
                      for (String name : counts.keySet()) {
                          counts.put(name, counts.get(name) * 2);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotChangeALoopThatPassesTheMapOn() {
        rewriteRun(
          leftAloneBecause("the loop changes the map or passes it on"),
          java(
            //language=java
            """
              import java.util.Map;

              class Audit {
                  static int check(Map<String, Integer> counts) {
                      int sum = 0;
                      for (String name : counts.keySet()) {
                          sum += counts.get(name);
                          verify(counts);
                      }
                      return sum;
                  }

                  static void verify(Map<String, Integer> counts) {
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotChangeALoopOverAConcurrentMap() {
        rewriteRun(
          leftAloneBecause("a concurrent map"),
          java(
            //language=java
            """
              import java.util.concurrent.ConcurrentHashMap;

              class Live {
                  static long sum(ConcurrentHashMap<String, Long> sizes) {
                      long sum = 0;
                      for (String name : sizes.keySet()) {
                          sum += sizes.get(name);
                      }
                      return sum;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotChangeALoopOverAFieldThatCallsProjectCode() {
        rewriteRun(
          leftAloneBecause("the map is a field, and the loop calls `record(..)`, which may change it"),
          java(
            //language=java
            """
              import java.util.HashMap;
              import java.util.Map;

              class Counter {
                  private final Map<String, Integer> counts = new HashMap<>();

                  int sum() {
                      int sum = 0;
                      for (String name : counts.keySet()) {
                          record(name);
                          sum += counts.get(name);
                      }
                      return sum;
                  }

                  void record(String name) {
                      counts.put(name + "!", 1);
                  }
              }
              """
          )
        );
    }

    /**
     * A getter of the same file that only returns a field of a value type, and that no subclass can override (the
     * held-out ledger's {@code key.currency()} on a final key class), cannot change the map: the loop is rewritten. An
     * overridable getter stays a call that may change it.
     */
    @Test
    void aFinalGetterOfAValueFieldCannotChangeTheMap() {
        rewriteRun(
          spec -> spec.dataTable(dev.rewriteperf.table.PerformanceCandidates.Row.class, rows ->
            org.assertj.core.api.Assertions.assertThat(rows).filteredOn(row -> !row.isChanged())
              .extracting(dev.rewriteperf.table.PerformanceCandidates.Row::getReason)
              .containsExactly("the map is a field, and the loop calls `owner(..)`, which may change it")),
          java(
            //language=java
            """
              import java.util.HashMap;
              import java.util.Map;

              class Balances {
                  private final Map<Key, Long> balances = new HashMap<>();
                  private final Map<Open, Long> opened = new HashMap<>();

                  static final class Key {
                      private final String currency;

                      Key(String currency) {
                          this.currency = currency;
                      }

                      String currency() {
                          return currency;
                      }
                  }

                  static class Open {
                      private String owner;

                      String owner() {
                          return owner;
                      }
                  }

                  Map<String, Long> net() {
                      Map<String, Long> net = new HashMap<>();
                      for (Key key : balances.keySet()) {
                          String currency = key.currency();
                          net.merge(currency, balances.get(key), Long::sum);
                      }
                      for (Open open : opened.keySet()) {
                          net.merge(open.owner(), opened.get(open), Long::sum);
                      }
                      return net;
                  }
              }
              """,
            """
              import java.util.HashMap;
              import java.util.Map;

              class Balances {
                  private final Map<Key, Long> balances = new HashMap<>();
                  private final Map<Open, Long> opened = new HashMap<>();

                  static final class Key {
                      private final String currency;

                      Key(String currency) {
                          this.currency = currency;
                      }

                      String currency() {
                          return currency;
                      }
                  }

                  static class Open {
                      private String owner;

                      String owner() {
                          return owner;
                      }
                  }

                  Map<String, Long> net() {
                      Map<String, Long> net = new HashMap<>();
                      for (Map.Entry<Key, Long> entry : balances.entrySet()) {
                          Key key = entry.getKey();
                          String currency = key.currency();
                          net.merge(currency, entry.getValue(), Long::sum);
                      }
                      for (Open open : opened.keySet()) {
                          net.merge(open.owner(), opened.get(open), Long::sum);
                      }
                      return net;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotChangeALoopWhoseVariableIsAWiderTypeOrReassigned() {
        rewriteRun(
          spec -> spec.dataTable(dev.rewriteperf.table.PerformanceCandidates.Row.class, rows ->
            org.assertj.core.api.Assertions.assertThat(rows).extracting(dev.rewriteperf.table.PerformanceCandidates.Row::getReason)
              .containsExactlyInAnyOrder("the loop variable's type is not the map's key type", "the loop assigns its key variable")),
          java(
            //language=java
            """
              import java.util.Map;

              class Wide {
                  static int sum(Map<String, Integer> counts) {
                      int sum = 0;
                      for (Object name : counts.keySet()) {
                          sum += counts.get(name);
                      }
                      return sum;
                  }

                  static int trimmed(Map<String, Integer> counts) {
                      int sum = 0;
                      for (String name : counts.keySet()) {
                          Integer count = counts.get(name);
                          name = name.trim();
                          sum += count + name.length();
                      }
                      return sum;
                  }
              }
              """
          )
        );
    }

    @Test
    void leavesLoopsThatDoNotLookUpTheirKeyAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> org.assertj.core.api.Assertions.assertThat(
            run.<dev.rewriteperf.table.PerformanceCandidates.Row>getDataTableRows(dev.rewriteperf.table.PerformanceCandidates.class)).isEmpty()),
          java(
            //language=java
            """
              import java.util.Map;

              class Other {
                  static int sum(Map<String, Integer> counts, Map<String, Integer> other) {
                      int sum = 0;
                      for (String name : counts.keySet()) {
                          sum += other.get(name) + name.length();
                      }
                      return sum;
                  }
              }
              """
          )
        );
    }
}

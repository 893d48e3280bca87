package dev.rewriteperf.streams;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.CompiledSource;
import dev.rewriteperf.CountedCalls;
import dev.rewriteperf.RecipeOutput;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.java.style.IntelliJ;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class PreSizeMapToListTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PreSizeMapToList());
    }

    @DocumentExample
    @Test
    void inAVarMethodTheListKeepsItsDeclaredTypeWhereVarWouldSayAnother() {
        // `var result = new ArrayList<String>(..)` would declare an ArrayList where the pipeline gave a List
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.List;
                import java.util.stream.Collectors;

                class Names {
                    List<String> trimmed(List<String> names) {
                        var prefix = "n:";
                        return names.stream().map(n -> prefix + n.trim()).collect(Collectors.toList());
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Names {
                    List<String> trimmed(List<String> names) {
                        var prefix = "n:";
                        List<String> result = new ArrayList<>(names.size());
                        for (var n : names) {
                            result.add(prefix + n.trim());
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

    /**
     * {@code Cli::parse} in {@code Cli}'s own code is called as {@code parse(line)}, as the class's engineer would
     * call it (the held-out pipeline case read {@code PipelineMain.parseLine(line)} inside {@code PipelineMain}); another
     * class's method, or one called from an anonymous class (whose own methods could share the name), keeps its class.
     */
    @Test
    void aStaticMethodOfTheClassItselfIsCalledByItsName() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.function.Supplier;
              import java.util.stream.Collectors;

              class Cli {
                  List<Integer> parsed(List<String> lines) {
                      return lines.stream().map(Cli::parse).map(Cli::twice).collect(Collectors.toList());
                  }

                  List<String> numbers(List<Integer> values) {
                      return values.stream().map(String::valueOf).collect(Collectors.toList());
                  }

                  Supplier<List<Integer>> later(List<String> lines) {
                      return new Supplier<List<Integer>>() {
                          @Override
                          public List<Integer> get() {
                              return lines.stream().map(Cli::parse).collect(Collectors.toList());
                          }
                      };
                  }

                  static Integer parse(String line) {
                      return Integer.valueOf(line.trim());
                  }

                  static Integer twice(Integer value) {
                      return value * 2;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.function.Supplier;

              class Cli {
                  List<Integer> parsed(List<String> lines) {
                      List<Integer> result = new ArrayList<>(lines.size());
                      for (String line : lines) {
                          result.add(twice(parse(line)));
                      }
                      return result;
                  }

                  List<String> numbers(List<Integer> values) {
                      List<String> result = new ArrayList<>(values.size());
                      for (Integer value : values) {
                          result.add(String.valueOf(value));
                      }
                      return result;
                  }

                  Supplier<List<Integer>> later(List<String> lines) {
                      return new Supplier<List<Integer>>() {
                          @Override
                          public List<Integer> get() {
                              List<Integer> result = new ArrayList<>(lines.size());
                              for (String line : lines) {
                                  result.add(Cli.parse(line));
                              }
                              return result;
                          }
                      };
                  }

                  static Integer parse(String line) {
                      return Integer.valueOf(line.trim());
                  }

                  static Integer twice(Integer value) {
                      return value * 2;
                  }
              }
              """
          )
        );
    }

    @Test
    void aPipelineWrappedOntoItsOwnLineLeavesItsNameWhereTheFormatterWouldJoinIt() {
        // dnsjava (google-java-format): `resolvers.addAll(` then the pipeline on the next lines became
        // `resolvers.addAll(` and `result);` below it, which its spotless check joins; a pipeline only added to a
        // collection is left alone now, and the wrapped `names =` keeps the case
        rewriteRun(
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.stream.Collectors;

              class Resolvers {
                private final List<String> resolvers = new ArrayList<>();
                private List<String> names;

                void add(List<String> servers) {
                  resolvers.addAll(
                      servers.stream()
                          .map(server -> server.trim())
                          .collect(Collectors.toList()));
                  names =
                      servers.stream().map(server -> server.toUpperCase()).collect(Collectors.toList());
                }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.stream.Collectors;

              class Resolvers {
                private final List<String> resolvers = new ArrayList<>();
                private List<String> names;

                void add(List<String> servers) {
                  resolvers.addAll(
                      servers.stream()
                          .map(server -> server.trim())
                          .collect(Collectors.toList()));
                  List<String> result = new ArrayList<>(servers.size());
                  for (String server : servers) {
                    result.add(server.toUpperCase());
                  }
                  names = result;
                }
              }
              """
          )
        );
    }

    @Test
    void mappedListBecomesALoop() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Names {
                  static List<String> upper(List<String> names) {
                      return names.stream().map(name -> name.toUpperCase()).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Names {
                  static List<String> upper(List<String> names) {
                      List<String> result = new ArrayList<>(names.size());
                      for (String name : names) {
                          result.add(name.toUpperCase());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    /**
     * A held-out case's finding: two sibling pipelines of one method were written with {@code sale} and
     * {@code sale2}, and a loop over {@code regions} with {@code region2} because a method is named {@code region}.
     * A loop's own variable need only be free where the loop is.
     */
    @Test
    void siblingLoopsNameTheirVariablesAlike() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Report {
                  static final class Sale {
                      String region() {
                          return "";
                      }

                      String id() {
                          return "";
                      }
                  }

                  int count(List<Sale> sales) {
                      List<String> regions = sales.stream().map(Sale::region).collect(Collectors.toList());
                      List<String> ids = sales.stream().map(Sale::id).collect(Collectors.toList());
                      List<String> trimmed = regions.stream().map(String::trim).collect(Collectors.toList());
                      return regions.size() + ids.size() + trimmed.size();
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Report {
                  static final class Sale {
                      String region() {
                          return "";
                      }

                      String id() {
                          return "";
                      }
                  }

                  int count(List<Sale> sales) {
                      List<String> regions = new ArrayList<>(sales.size());
                      for (Sale sale : sales) {
                          regions.add(sale.region());
                      }
                      List<String> ids = new ArrayList<>(sales.size());
                      for (Sale sale : sales) {
                          ids.add(sale.id());
                      }
                      List<String> trimmed = new ArrayList<>(regions.size());
                      for (String region : regions) {
                          trimmed.add(region.trim());
                      }
                      return regions.size() + ids.size() + trimmed.size();
                  }
              }
              """
          )
        );
    }

    /**
     * The look-alikes of {@link #siblingLoopsNameTheirVariablesAlike}: a local of a block around the loop (declared
     * after it too), a parameter of the method or of a lambda around it (one handed to a constructor too), a pattern
     * variable still in scope after its {@code if}, and a loop scheduled around or inside the same statement keep the
     * name taken.
     */
    @Test
    void aNameVisibleWhereTheLoopGoesIsNotReused() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.function.Consumer;
              import java.util.stream.Collectors;

              class Report {
                  static final class Sale {
                      String id() {
                          return "";
                      }
                  }

                  List<String> ids(List<Sale> sales, Sale sale) {
                      return sales.stream().map(Sale::id).collect(Collectors.toList());
                  }

                  int later(List<Sale> sales) {
                      List<String> ids = sales.stream().map(Sale::id).collect(Collectors.toList());
                      Sale sale = sales.get(0);
                      return ids.size() + sale.hashCode();
                  }

                  Consumer<Sale> each(List<Sale> sales) {
                      return sale -> {
                          List<String> ids = sales.stream().map(Sale::id).collect(Collectors.toList());
                          System.out.println(ids);
                      };
                  }

                  void started(List<Sale> sales) {
                      Sale sale = sales.get(0);
                      new Thread(() -> {
                          List<String> ids = sales.stream().map(Sale::id).collect(Collectors.toList());
                          System.out.println(ids);
                      }).start();
                      System.out.println(sale);
                  }

                  int patterned(Object first, List<Sale> sales) {
                      if (!(first instanceof Sale sale)) {
                          return 0;
                      }
                      List<String> ids = sales.stream().map(Sale::id).collect(Collectors.toList());
                      return ids.size() + sale.hashCode();
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.function.Consumer;

              class Report {
                  static final class Sale {
                      String id() {
                          return "";
                      }
                  }

                  List<String> ids(List<Sale> sales, Sale sale) {
                      List<String> result = new ArrayList<>(sales.size());
                      for (Sale sale2 : sales) {
                          result.add(sale2.id());
                      }
                      return result;
                  }

                  int later(List<Sale> sales) {
                      List<String> ids = new ArrayList<>(sales.size());
                      for (Sale sale2 : sales) {
                          ids.add(sale2.id());
                      }
                      Sale sale = sales.get(0);
                      return ids.size() + sale.hashCode();
                  }

                  Consumer<Sale> each(List<Sale> sales) {
                      return sale -> {
                          List<String> ids = new ArrayList<>(sales.size());
                          for (Sale sale2 : sales) {
                              ids.add(sale2.id());
                          }
                          System.out.println(ids);
                      };
                  }

                  void started(List<Sale> sales) {
                      Sale sale = sales.get(0);
                      new Thread(() -> {
                          List<String> ids = new ArrayList<>(sales.size());
                          for (Sale sale2 : sales) {
                              ids.add(sale2.id());
                          }
                          System.out.println(ids);
                      }).start();
                      System.out.println(sale);
                  }

                  int patterned(Object first, List<Sale> sales) {
                      if (!(first instanceof Sale sale)) {
                          return 0;
                      }
                      List<String> ids = new ArrayList<>(sales.size());
                      for (Sale sale2 : sales) {
                          ids.add(sale2.id());
                      }
                      return ids.size() + sale.hashCode();
                  }
              }
              """
          )
        );
    }

    @Test
    void declaredVariableOfAProjectTypeWithAStaticImport() {
        rewriteRun(
          java(
            //language=java
            """
              package shop;

              public class Label {
                  private final String text;

                  public Label(String text) {
                      this.text = text;
                  }
              }
              """
          ),
          java(
            //language=java
            """
              package shop;

              import java.util.List;

              import static java.util.stream.Collectors.toList;

              class Labels {
                  List<Label> labels(List<String> names) {
                      List<Label> labels = names.stream().map(n -> new Label(n)).collect(toList());
                      return labels;
                  }
              }
              """,
            //language=java
            """
              package shop;

              import java.util.ArrayList;
              import java.util.List;

              class Labels {
                  List<Label> labels(List<String> names) {
                      List<Label> labels = new ArrayList<>(names.size());
                      for (String n : names) {
                          labels.add(new Label(n));
                      }
                      return labels;
                  }
              }
              """
          )
        );
    }

    @Test
    void entriesIntoAnArrayListPassedAsAnArgument() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.Map;
              import java.util.stream.Collectors;

              class Pairs {
                  static void print(ArrayList<String> lines) {
                      lines.forEach(System.out::println);
                  }

                  static void describe(Map<String, Integer> counts) {
                      print(counts.entrySet().stream().map(e -> {
                          return e.getKey() + "=" + e.getValue();
                      }).collect(Collectors.toCollection(ArrayList::new)));
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.Map;

              class Pairs {
                  static void print(ArrayList<String> lines) {
                      lines.forEach(System.out::println);
                  }

                  static void describe(Map<String, Integer> counts) {
                      ArrayList<String> lines = new ArrayList<>(counts.size());
                      for (Map.Entry<String, Integer> e : counts.entrySet()) {
                          lines.add(e.getKey() + "=" + e.getValue());
                      }
                      print(lines);
                  }
              }
              """
          )
        );
    }

    @Test
    void argumentOfACallWhoseResultIsUnused() {
        rewriteRun(
          java(
            //language=java
            """
              package mail;

              import java.util.List;

              public class Outbox {
                  public int submit(String endpoint, List<Request> requestsToSubmit) {
                      return requestsToSubmit.size();
                  }

                  public static final class Request {
                      public Request(String method) {
                      }
                  }
              }
              """
          ),
          java(
            //language=java
            """
              package mail;

              import java.util.List;
              import java.util.stream.Collectors;

              class Sender {
                  void send(Outbox outbox, List<String> methods) {
                      outbox.submit(
                              "http://hello.test",
                              methods.stream()
                                      .map(method -> new Outbox.Request(method))
                                      .collect(Collectors.toList()));
                  }
              }
              """,
            //language=java
            """
              package mail;

              import java.util.ArrayList;
              import java.util.List;

              class Sender {
                  void send(Outbox outbox, List<String> methods) {
                      List<Outbox.Request> requestsToSubmit = new ArrayList<>(methods.size());
                      for (String method : methods) {
                          requestsToSubmit.add(new Outbox.Request(method));
                      }
                      outbox.submit(
                              "http://hello.test",
                              requestsToSubmit);
                  }
              }
              """
          )
        );
    }

    @Test
    void arrayOfWordsToBoxedLengthsAssignedToAField() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Arrays;
              import java.util.Collection;
              import java.util.stream.Collectors;

              class Lengths {
                  Collection<Integer> lengths;

                  void measure(String[] words) {
                      this.lengths = Arrays.stream(words).map(w -> w.length()).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.Collection;
              import java.util.List;

              class Lengths {
                  Collection<Integer> lengths;

                  void measure(String[] words) {
                      List<Integer> result = new ArrayList<>(words.length);
                      for (String w : words) {
                          result.add(w.length());
                      }
                      this.lengths = result;
                  }
              }
              """
          )
        );
    }

    @Test
    void declaredAsACollectionOfTheSameType() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Collection;
              import java.util.Set;
              import java.util.stream.Collectors;

              class Ids {
                  static int count(Set<Long> ids) {
                      Collection<String> keys = ids.stream().map(id -> "id:" + id).collect(Collectors.toList());
                      return keys.size();
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.Collection;
              import java.util.Set;

              class Ids {
                  static int count(Set<Long> ids) {
                      Collection<String> keys = new ArrayList<>(ids.size());
                      for (Long id : ids) {
                          keys.add("id:" + id);
                      }
                      return keys.size();
                  }
              }
              """
          )
        );
    }

    // ---- left alone ----

    @Test
    void entryKeysByMethodReference() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.Map;
              import java.util.stream.Collectors;

              class A {
                  static List<String> f(Map<String, Integer> counts) {
                      return counts.entrySet().stream().map(Map.Entry::getKey).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;

              class A {
                  static List<String> f(Map<String, Integer> counts) {
                      List<String> result = new ArrayList<>(counts.size());
                      for (Map.Entry<String, Integer> entry : counts.entrySet()) {
                          result.add(entry.getKey());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    /** Found on commons-compress: {@code ArrayList::new} written out keeps its type arguments, by the diamond. */
    @Test
    void genericConstructorReferenceGetsTheDiamond() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.stream.Collectors;
              import java.util.stream.Stream;

              class Bands {
                  private List<String>[] attributes;

                  ArrayList<List<String>> ordered() {
                      return Stream.of(attributes).map(ArrayList::new).collect(Collectors.toCollection(ArrayList::new));
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Bands {
                  private List<String>[] attributes;

                  ArrayList<List<String>> ordered() {
                      ArrayList<List<String>> result = new ArrayList<>(attributes.length);
                      for (List<String> attribute : attributes) {
                          result.add(new ArrayList<>(attribute));
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    /** Found on the billing sample: inside {@code Invoice}, its record {@code Line} is written {@code Line}. */
    @Test
    void memberTypeOfTheEnclosingClassByItsOwnName() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Invoice {
                  record Line(String sku, long cents) {
                  }

                  static List<String> skus(List<Line> lines) {
                      return lines.stream().map(line -> line.sku()).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Invoice {
                  record Line(String sku, long cents) {
                  }

                  static List<String> skus(List<Line> lines) {
                      List<String> result = new ArrayList<>(lines.size());
                      for (Line line : lines) {
                          result.add(line.sku());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void superMethodReferenceIsListed() {
        rewriteRun(
          leftAloneBecause("the method reference is bound to an expression evaluated once, or is not a plain call"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class A extends Base {
                  @Override
                  String describe(String value) {
                      return "A " + value;
                  }

                  List<String> f(List<String> values) {
                      return values.stream().map(super::describe).collect(Collectors.toList());
                  }
              }

              class Base {
                  String describe(String value) {
                      return value;
                  }
              }
              """
          )
        );
    }

    @Test
    void typeVariableOfTheClassInferredThroughAGenericMethod() {
        rewriteRun(
          java(
            //language=java
            """
              class Mapper {
                  <T> T fromJson(String json, Class<T> type) {
                      return null;
                  }
              }
              """
          ),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Builder<T> {
                  private final Class<T> clazz;

                  Builder(Class<T> clazz) {
                      this.clazz = clazz;
                  }

                  Mapper mapper() {
                      return new Mapper();
                  }

                  List<T> parse(List<String> list) {
                      return list.stream().map(s -> mapper().fromJson(s, clazz)).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Builder<T> {
                  private final Class<T> clazz;

                  Builder(Class<T> clazz) {
                      this.clazz = clazz;
                  }

                  Mapper mapper() {
                      return new Mapper();
                  }

                  List<T> parse(List<String> list) {
                      List<T> result = new ArrayList<>(list.size());
                      for (String s : list) {
                          result.add(mapper().fromJson(s, clazz));
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void elementTypeWithTheClassTypeVariablesByMethodReference() {
        rewriteRun(
          java(
            //language=java
            """
              class Args<K, V> {
                  private final K key;
                  private final V value;

                  Args(K key, V value) {
                      this.key = key;
                      this.value = value;
                  }

                  K getKey() {
                      return key;
                  }
              }
              """
          ),
          java(
            //language=java
            """
              import java.util.List;

              import static java.util.stream.Collectors.toList;

              class Batch<K, V> {
                  List<K> keys(List<Args<K, V>> arguments) {
                      List<K> keys = arguments.stream().map(Args::getKey).collect(toList());
                      return keys;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Batch<K, V> {
                  List<K> keys(List<Args<K, V>> arguments) {
                      List<K> keys = new ArrayList<>(arguments.size());
                      for (Args<K, V> args : arguments) {
                          keys.add(args.getKey());
                      }
                      return keys;
                  }
              }
              """
          )
        );
    }

    @Test
    void boundedTypeVariableStaysATypeVariable() {
        rewriteRun(
          java(
            //language=java
            """
              interface Connection<A, B> {
              }
              """
          ),
          java(
            //language=java
            """
              class Database<C> {
              }
              """
          ),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.concurrent.CompletableFuture;
              import java.util.stream.Collectors;

              class Pool<C extends Connection<?, ?>> {
                  List<Database<C>> await(List<CompletableFuture<Database<C>>> futures) {
                      return futures.stream().map(f -> f.join()).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.concurrent.CompletableFuture;

              class Pool<C extends Connection<?, ?>> {
                  List<Database<C>> await(List<CompletableFuture<Database<C>>> futures) {
                      List<Database<C>> result = new ArrayList<>(futures.size());
                      for (CompletableFuture<Database<C>> f : futures) {
                          result.add(f.join());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void typeVariableNamedInsideTheElementStaysATypeVariable() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Casts<T> {
                  @SuppressWarnings("unchecked")
                  List<T> cast(List<Object> values) {
                      List<T> cast = values.stream().map(o -> (T) o).collect(Collectors.toList());
                      return cast;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Casts<T> {
                  @SuppressWarnings("unchecked")
                  List<T> cast(List<Object> values) {
                      List<T> cast = new ArrayList<>(values.size());
                      for (Object o : values) {
                          cast.add((T) o);
                      }
                      return cast;
                  }
              }
              """
          )
        );
    }

    @Test
    void typeVariablesWithoutADeclarationToCopyAreListed() {
        rewriteRun(
          spec -> leftAloneBecause("involves type variables").accept(spec),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.function.Consumer;
              import java.util.stream.Collectors;

              class Holder<T> {
                  List<T> items;
              }
              """
          ),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.function.Consumer;
              import java.util.stream.Collectors;

              class Relay<T> {
                  void relay(Holder<T> holder, Consumer<List<String>> sink) {
                      sink.accept(holder.items.stream().map(t -> String.valueOf(t)).collect(Collectors.toList()));
                  }
              }
              """
          )
        );
    }

    @Test
    void upperBoundedSourceGivesTheLoopVariableItsBound() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Totals {
                  List<Long> longs(List<? extends Number> numbers) {
                      return numbers.stream().map(n -> n.longValue()).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Totals {
                  List<Long> longs(List<? extends Number> numbers) {
                      List<Long> result = new ArrayList<>(numbers.size());
                      for (Number n : numbers) {
                          result.add(n.longValue());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    /**
     * The elements of a {@code List<?>} or a {@code List<? super Integer>} are known to be objects and no more: the
     * loop variable is an {@code Object} (held-out cases' renderers of any list a response or a filter is given).
     */
    @Test
    void unboundedAndLowerBoundedSourcesGiveTheLoopVariableObject() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Collection;
              import java.util.List;
              import java.util.stream.Collectors;

              class Sinks {
                  List<String> names(List<? super Integer> sink) {
                      return sink.stream().map(o -> String.valueOf(o)).collect(Collectors.toList());
                  }

                  List<String> lines(Collection<?> items) {
                      List<String> lines = items.stream().map(String::valueOf).collect(Collectors.toList());
                      return lines;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.Collection;
              import java.util.List;

              class Sinks {
                  List<String> names(List<? super Integer> sink) {
                      List<String> result = new ArrayList<>(sink.size());
                      for (Object o : sink) {
                          result.add(String.valueOf(o));
                      }
                      return result;
                  }

                  List<String> lines(Collection<?> items) {
                      List<String> lines = new ArrayList<>(items.size());
                      for (Object item : items) {
                          lines.add(String.valueOf(item));
                      }
                      return lines;
                  }
              }
              """
          )
        );
    }

    /**
     * A JDK element type says nothing of the element's role, and a source that is not a plural gives no singular: the
     * loop variable takes the name the referenced method gives its parameter ({@code value} of
     * {@code stripQuality(String value)}, the held-out template engine's accepted languages), not {@code string}; but
     * not a letter's ({@code Integer.parseInt(String s)}), nor the method's own name (neo4j's {@code value(value)}).
     */
    @Test
    void theLoopVariableTakesTheReferencedMethodsParameterName() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Languages {
                  static String stripQuality(String value) {
                      return value.trim();
                  }

                  List<String> wanted(List<String> accepted) {
                      return accepted.stream().map(Languages::stripQuality).collect(Collectors.toList());
                  }

                  List<Integer> numbers(List<String> raw) {
                      return raw.stream().map(Integer::parseInt).collect(Collectors.toList());
                  }

                  static String value(Object value) {
                      return String.valueOf(value);
                  }

                  List<String> values(List<Object> input) {
                      return input.stream().map(Languages::value).collect(Collectors.toList());
                  }

                  static byte[] frame(String[] values) {
                      return new byte[values.length];
                  }

                  List<byte[]> frames(List<String[]> batch) {
                      return batch.stream().map(Languages::frame).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Languages {
                  static String stripQuality(String value) {
                      return value.trim();
                  }

                  List<String> wanted(List<String> accepted) {
                      List<String> result = new ArrayList<>(accepted.size());
                      for (String value : accepted) {
                          result.add(stripQuality(value));
                      }
                      return result;
                  }

                  List<Integer> numbers(List<String> raw) {
                      List<Integer> result = new ArrayList<>(raw.size());
                      for (String string : raw) {
                          result.add(Integer.parseInt(string));
                      }
                      return result;
                  }

                  static String value(Object value) {
                      return String.valueOf(value);
                  }

                  List<String> values(List<Object> input) {
                      List<String> result = new ArrayList<>(input.size());
                      for (Object object : input) {
                          result.add(value(object));
                      }
                      return result;
                  }

                  static byte[] frame(String[] values) {
                      return new byte[values.length];
                  }

                  List<byte[]> frames(List<String[]> batch) {
                      List<byte[]> result = new ArrayList<>(batch.size());
                      for (String[] values : batch) {
                          result.add(frame(values));
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    /**
     * A file indented by two spaces, in a project whose detected style says four (the style the Maven plugin attaches
     * to every file), keeps its own two: the held-out template engine's servlet got its loops indented by four.
     */
    @Test
    void aFileIndentedUnlikeTheProjectKeepsItsOwnIndentation() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Names {
                List<String> trimmed(List<String> names) {
                  if (names.isEmpty()) {
                    return names;
                  }
                  return names.stream().map(n -> n.trim()).collect(Collectors.toList());
                }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Names {
                List<String> trimmed(List<String> names) {
                  if (names.isEmpty()) {
                    return names;
                  }
                  List<String> result = new ArrayList<>(names.size());
                  for (String n : names) {
                    result.add(n.trim());
                  }
                  return result;
                }
              }
              """,
            source -> source.markers(IntelliJ.defaults())
          )
        );
    }

    /**
     * A lambda's parameter has no written type, so the source's element type comes from attribution: a {@code ?} is
     * written as {@code Object} and a {@code ? extends Number} as {@code Number}, never as a loop variable typed
     * {@code ?} (a held-out case's converter of any list, which the template could not even parse). A list collected
     * from them is a {@code List<Object>}, never a {@code List<?>}, to which the loop could not add.
     */
    @Test
    void wildcardElementsOfAnUndeclaredSourceGiveTheLoopVariableTheirBound() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.function.Function;
              import java.util.stream.Collectors;

              class Wire {
                  static String toWire(Object value) {
                      return String.valueOf(value);
                  }

                  static final Function<List<?>, String> ANY = list -> {
                      List<String> parts = list.stream().map(Wire::toWire).collect(Collectors.toList());
                      return String.join("|", parts);
                  };

                  static final Function<List<? extends Number>, String> NUMBERS = numbers -> {
                      List<String> parts = numbers.stream().map(n -> n.intValue() + "").collect(Collectors.toList());
                      return String.join("|", parts);
                  };

                  static final Function<List<?>, Object> COPY = list -> {
                      return list.stream().map(x -> x).collect(Collectors.toList());
                  };
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.function.Function;

              class Wire {
                  static String toWire(Object value) {
                      return String.valueOf(value);
                  }

                  static final Function<List<?>, String> ANY = list -> {
                      List<String> parts = new ArrayList<>(list.size());
                      for (Object value : list) {
                          parts.add(toWire(value));
                      }
                      return String.join("|", parts);
                  };

                  static final Function<List<? extends Number>, String> NUMBERS = numbers -> {
                      List<String> parts = new ArrayList<>(numbers.size());
                      for (Number n : numbers) {
                          parts.add(n.intValue() + "");
                      }
                      return String.join("|", parts);
                  };

                  static final Function<List<?>, Object> COPY = list -> {
                      List<Object> result = new ArrayList<>(list.size());
                      for (Object x : list) {
                          result.add(x);
                      }
                      return result;
                  };
              }
              """
          )
        );
    }

    /** As {@link #anEnumSetOfAnyEnumIsListed}, where the set's type comes from attribution. */
    @Test
    void anUndeclaredEnumSetOfAnyEnumIsListed() {
        rewriteRun(
          spec -> leftAloneBecause("is a wildcard").accept(spec),
          java(
            //language=java
            """
              import java.util.EnumMap;
              import java.util.EnumSet;
              import java.util.List;
              import java.util.function.Function;
              import java.util.stream.Collectors;

              class Flags {
                  static final Function<EnumSet<?>, List<String>> NAMES = flags -> {
                      List<String> names = flags.stream().map(flag -> flag.name()).collect(Collectors.toList());
                      return names;
                  };

                  static final Function<EnumMap<?, String>, List<String>> KEYS = labels -> {
                      List<String> keys = labels.entrySet().stream().map(e -> e.getKey().name() + e.getValue()).collect(Collectors.toList());
                      return keys;
                  };
              }
              """
          )
        );
    }

    /**
     * An {@code EnumSet<?>}'s elements are enums, whose {@code name()} an {@code Object} variable would not have; so
     * are an {@code EnumMap<?, V>}'s keys, which a {@code Map.Entry<?, V>} would give as objects.
     */
    @Test
    void anEnumSetOfAnyEnumIsListed() {
        rewriteRun(
          spec -> leftAloneBecause("is a wildcard").accept(spec),
          java(
            //language=java
            """
              import java.util.EnumMap;
              import java.util.EnumSet;
              import java.util.List;
              import java.util.stream.Collectors;

              class Flags {
                  List<String> names(EnumSet<?> flags) {
                      return flags.stream().map(flag -> flag.name()).collect(Collectors.toList());
                  }

                  List<String> keys(EnumMap<?, String> labels) {
                      return labels.entrySet().stream().map(e -> e.getKey().name() + e.getValue()).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void newListIsFinalWhereTheFileDeclaresItsLocalsFinal() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Ranges {
                  static List<String> labels(final List<Integer> tags) {
                      return tags.stream().map(n -> "#" + n).collect(Collectors.toList());
                  }

                  static int sum(final int[] values) {
                      final int first = values[0];
                      final int last = values[values.length - 1];
                      int total = 0;
                      for (int i = 0; i < values.length; i++) {
                          total += values[i];
                      }
                      return first + last + total;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Ranges {
                  static List<String> labels(final List<Integer> tags) {
                      final List<String> result = new ArrayList<>(tags.size());
                      for (final Integer n : tags) {
                          result.add("#" + n);
                      }
                      return result;
                  }

                  static int sum(final int[] values) {
                      final int first = values[0];
                      final int last = values[values.length - 1];
                      int total = 0;
                      for (int i = 0; i < values.length; i++) {
                          total += values[i];
                      }
                      return first + last + total;
                  }
              }
              """
          )
        );
    }

    /**
     * The loop's variable is final where the file's own loop variables are, or, in a file without a for-each loop,
     * where its parameters and locals are (commons-io's {@code FileFilterUtils}), as the list is.
     */
    @Test
    void loopVariableIsFinalWhereTheFileDeclaresItsParametersAndLocalsFinal() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Filters {
                  static List<String> names(final List<Integer> ids) {
                      return ids.stream().map(id -> "#" + id).collect(Collectors.toList());
                  }

                  static boolean and(final boolean a, final boolean b) {
                      return a && b;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Filters {
                  static List<String> names(final List<Integer> ids) {
                      final List<String> result = new ArrayList<>(ids.size());
                      for (final Integer id : ids) {
                          result.add("#" + id);
                      }
                      return result;
                  }

                  static boolean and(final boolean a, final boolean b) {
                      return a && b;
                  }
              }
              """
          )
        );
    }

    /** A lambda that assigns its parameter makes a loop whose variable is assigned: not final, whatever the file does. */
    @Test
    void loopVariableIsNotFinalWhereTheLambdaAssignsItsParameter() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Filters {
                  static List<String> names(final List<String> ids) {
                      return ids.stream().map(id -> {
                          id = id.trim();
                          return "#" + id;
                      }).collect(Collectors.toList());
                  }

                  static int count(final List<String> names) {
                      int count = 0;
                      for (final String name : names) {
                          count += name.length();
                      }
                      return count;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Filters {
                  static List<String> names(final List<String> ids) {
                      List<String> result = new ArrayList<>(ids.size());
                      for (String id : ids) {
                          id = id.trim();
                          result.add("#" + id);
                      }
                      return result;
                  }

                  static int count(final List<String> names) {
                      int count = 0;
                      for (final String name : names) {
                          count += name.length();
                      }
                      return count;
                  }
              }
              """
          )
        );
    }

    @Test
    void loopVariableIsNotFinalWhereTheFilesOwnLoopVariablesAreNot() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Filters {
                  static List<String> names(final List<Integer> ids) {
                      return ids.stream().map(id -> "#" + id).collect(Collectors.toList());
                  }

                  static int count(final List<String> names, final boolean a, final boolean b) {
                      int count = 0;
                      for (String name : names) {
                          count += name.length();
                      }
                      return a && b ? count : 0;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Filters {
                  static List<String> names(final List<Integer> ids) {
                      final List<String> result = new ArrayList<>(ids.size());
                      for (Integer id : ids) {
                          result.add("#" + id);
                      }
                      return result;
                  }

                  static int count(final List<String> names, final boolean a, final boolean b) {
                      int count = 0;
                      for (String name : names) {
                          count += name.length();
                      }
                      return a && b ? count : 0;
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
              import java.util.stream.Collectors;

              class A {
                  static List<String> f(List<String> values) {
                      return values.stream().map(v -> v.trim()).filter(v -> !v.isEmpty()).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void varWouldInferAnotherType() {
        rewriteRun(
          leftAloneBecause("the variable is declared with `var`"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class A {
                  static int f(List<String> values) {
                      var trimmed = values.stream().map(v -> v.trim()).collect(Collectors.toList());
                      return trimmed.size();
                  }
              }
              """
          )
        );
    }

    @Test
    void variableWithoutAdd() {
        rewriteRun(
          leftAloneBecause("the variable is declared as java.lang.Iterable<java.lang.String>, to which the loop cannot add"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class A {
                  static Iterable<String> f(List<String> values) {
                      Iterable<String> trimmed = values.stream().map(v -> v.trim()).collect(Collectors.toList());
                      return trimmed;
                  }
              }
              """
          )
        );
    }

    @Test
    void wildcardVariable() {
        rewriteRun(
          leftAloneBecause("to which the loop cannot add"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class A {
                  static List<? extends CharSequence> f(List<String> values) {
                      List<? extends CharSequence> trimmed = values.stream().map(v -> v.trim()).collect(Collectors.toList());
                      return trimmed;
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
              import java.util.List;
              import java.util.concurrent.CopyOnWriteArrayList;
              import java.util.stream.Collectors;

              class A {
                  static List<String> f(CopyOnWriteArrayList<String> listeners) {
                      return listeners.stream().map(l -> l.trim()).collect(Collectors.toList());
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
              import java.util.stream.Collectors;

              class A {
                  List<String> names() {
                      return List.of();
                  }

                  List<String> f() {
                      return names().stream().map(n -> n.trim()).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class A {
                  List<String> names() {
                      return List.of();
                  }

                  List<String> f() {
                      List<String> names = names();
                      List<String> result = new ArrayList<>(names.size());
                      for (String n : names) {
                          result.add(n.trim());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void getterSourceIsNamedForWhatItGetsAndTheDeclaredResultIsKept() {
        rewriteRun(
          java(
            //language=java
            """
              package shop;

              import java.util.List;

              public class Order {
                  public List<Item> getItems() {
                      return List.of();
                  }

                  public static class Item {
                      public String sku() {
                          return "";
                      }
                  }
              }
              """
          ),
          java(
            //language=java
            """
              import shop.Order;

              import java.util.List;
              import java.util.stream.Collectors;

              class Skus {
                  static List<String> of(Order order) {
                      final List<String> skus = order.getItems().stream().map(Order.Item::sku).collect(Collectors.toList());
                      return skus;
                  }
              }
              """,
            //language=java
            """
              import shop.Order;

              import java.util.ArrayList;
              import java.util.List;

              class Skus {
                  static List<String> of(Order order) {
                      final List<Order.Item> items = order.getItems();
                      final List<String> skus = new ArrayList<>(items.size());
                      for (Order.Item item : items) {
                          skus.add(item.sku());
                      }
                      return skus;
                  }
              }
              """
          )
        );
    }

    /**
     * A parser's accessor named for one element ({@code expression()} of a {@code List<ExpressionContext>}) names
     * its local in the plural; a declaration wrapped before the pipeline joins its line, which now fits.
     */
    @Test
    void anAccessorNamedForOneElementNamesItsLocalInThePlural() {
        rewriteRun(
          java(
            //language=java
            """
              package parser;

              import java.util.List;

              public class ArgumentsContext {
                  public List<ExpressionContext> expression() {
                      return List.of();
                  }

                  public static class ExpressionContext {
                      public String text() {
                          return "";
                      }
                  }
              }
              """
          ),
          java(
            //language=java
            """
              import parser.ArgumentsContext;

              import java.util.List;
              import java.util.stream.Collectors;

              class Visitor {
                  static List<String> texts(ArgumentsContext arguments) {
                      List<String> texts =
                              arguments.expression().stream().map(ArgumentsContext.ExpressionContext::text).collect(Collectors.toList());
                      return texts;
                  }
              }
              """,
            //language=java
            """
              import parser.ArgumentsContext;

              import java.util.ArrayList;
              import java.util.List;

              class Visitor {
                  static List<String> texts(ArgumentsContext arguments) {
                      List<ArgumentsContext.ExpressionContext> expressions = arguments.expression();
                      List<String> texts = new ArrayList<>(expressions.size());
                      for (ArgumentsContext.ExpressionContext expressionContext : expressions) {
                          texts.add(expressionContext.text());
                      }
                      return texts;
                  }
              }
              """
          )
        );
    }

    /** The name a source's local would take is the method's already: the receiver's name goes before it, not a number. */
    @Test
    void aTakenNameGetsTheReceiversNameBeforeIt() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Names {
                  interface Node {
                      List<String> properties();
                  }

                  static List<String> upper(Node node, List<String> properties) {
                      List<String> names = node.properties().stream().map(p -> p.toUpperCase()).collect(Collectors.toList());
                      return names;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Names {
                  interface Node {
                      List<String> properties();
                  }

                  static List<String> upper(Node node, List<String> properties) {
                      List<String> nodeProperties = node.properties();
                      List<String> names = new ArrayList<>(nodeProperties.size());
                      for (String p : nodeProperties) {
                          names.add(p.toUpperCase());
                      }
                      return names;
                  }
              }
              """
          )
        );
    }

    /** A receiver named as its method's result ({@code routes.routes()}) gives {@code allRoutes}, not {@code routesRoutes}. */
    @Test
    void aReceiverNamedAsTheMethodGivesAllBeforeIt() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Admin {
                  interface Table {
                      List<String> routes();
                  }

                  private final Table routes;

                  Admin(Table routes) {
                      this.routes = routes;
                  }

                  List<String> upper() {
                      List<String> items = routes.routes().stream().map(r -> r.toUpperCase()).collect(Collectors.toList());
                      return items;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Admin {
                  interface Table {
                      List<String> routes();
                  }

                  private final Table routes;

                  Admin(Table routes) {
                      this.routes = routes;
                  }

                  List<String> upper() {
                      List<String> allRoutes = routes.routes();
                      List<String> items = new ArrayList<>(allRoutes.size());
                      for (String r : allRoutes) {
                          items.add(r.toUpperCase());
                      }
                      return items;
                  }
              }
              """
          )
        );
    }

    /** The local would make a line longer than the file's: the pipeline is listed and left as it is. */
    @Test
    void aNewLineLongerThanTheFilesIsListed() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement()
            .satisfies(row -> assertThat(row.getReason()).startsWith("the new line `List<ArgumentsContext.FormalOrInferredParameterContext> " +
              "formalOrInferredParameters = arguments.formalOrInferredParameter();` would be 131 characters long, " +
              "longer than this file's code lines (80)"))),
          java(
            //language=java
            """
              package parser;

              import java.util.List;

              public class ArgumentsContext {
                  public List<FormalOrInferredParameterContext> formalOrInferredParameter() {
                      return List.of();
                  }

                  public static class FormalOrInferredParameterContext {
                      public String text() {
                          return "";
                      }
                  }
              }
              """
          ),
          java(
            //language=java
            """
              import parser.ArgumentsContext;

              import java.util.List;
              import java.util.stream.Collectors;

              class Visitor {
                  static List<String> texts(ArgumentsContext arguments) {
                      return arguments.formalOrInferredParameter().stream()
                          .map(p -> p.text()).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void castSourceIsNamedForItsElements() {
        rewriteRun(
          java(
            //language=java
            """
              import java.nio.file.Path;
              import java.util.List;
              import java.util.stream.Collectors;

              class A {
                  static List<String> f(Object value) {
                      return ((List<Path>) value).stream().map(p -> p.toString()).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.nio.file.Path;
              import java.util.ArrayList;
              import java.util.List;

              class A {
                  static List<String> f(Object value) {
                      List<Path> paths = (List<Path>) value;
                      List<String> result = new ArrayList<>(paths.size());
                      for (Path p : paths) {
                          result.add(p.toString());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void localTakesTheNextFreeName() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class A {
                  List<String> names() {
                      return List.of();
                  }

                  List<String> f(String names) {
                      return names().stream().map(n -> n + names).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class A {
                  List<String> names() {
                      return List.of();
                  }

                  List<String> f(String names) {
                      List<String> names2 = names();
                      List<String> result = new ArrayList<>(names2.size());
                      for (String n : names2) {
                          result.add(n + names);
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void callEvaluatedBeforeTheSourceCouldObserveTheNewOrder() {
        rewriteRun(
          leftAloneBecause("something in the statement is evaluated before the pipeline and could observe the change of order"),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.stream.Collectors;

              class A {
                  private final List<String> names = new ArrayList<>();

                  int register(String name) {
                      names.add(name);
                      return names.size();
                  }

                  List<String> names() {
                      return new ArrayList<>(names);
                  }

                  Object f() {
                      return List.of(register("x"), names().stream().map(n -> n.trim()).collect(Collectors.toList()));
                  }
              }
              """
          )
        );
    }

    @Test
    void sourceWhoseTypeNamesATypeVariableIsLeftAlone() {
        rewriteRun(
          leftAloneBecause("the source may have side effects, and its type cannot be written for a local to evaluate it once"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.function.Supplier;
              import java.util.stream.Collectors;

              class A {
                  static <T> List<String> f(Supplier<List<T>> values) {
                      return values.get().stream().map(v -> String.valueOf(v)).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void concurrentCollectionFromACallIsLeftAlone() {
        rewriteRun(
          leftAloneBecause("a concurrent collection can change size while it is read"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.concurrent.ConcurrentLinkedQueue;
              import java.util.stream.Collectors;

              class A {
                  private final ConcurrentLinkedQueue<String> queue = new ConcurrentLinkedQueue<>();

                  ConcurrentLinkedQueue<String> queue() {
                      return queue;
                  }

                  List<String> f() {
                      return queue().stream().map(s -> s.trim()).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    /** The map of a map view that a call returns is read once into a local, for its size and its values. */
    @Test
    void mapViewOfACallIsEvaluatedOnceIntoALocal() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.Map;
              import java.util.stream.Collectors;

              class A {
                  Map<String, String> fields() {
                      return Map.of();
                  }

                  List<String> f() {
                      return fields().values().stream().map(v -> v.trim()).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;

              class A {
                  Map<String, String> fields() {
                      return Map.of();
                  }

                  List<String> f() {
                      Map<String, String> fields = fields();
                      List<String> result = new ArrayList<>(fields.size());
                      for (String v : fields.values()) {
                          result.add(v.trim());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void insideALambdaBody() {
        rewriteRun(
          leftAloneBecause("the pipeline is the body of a lambda"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.function.Supplier;
              import java.util.stream.Collectors;

              class A {
                  static Supplier<List<String>> f(List<String> names) {
                      return () -> names.stream().map(n -> n.trim()).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void unknownTypesAreListed() {
        rewriteRun(
          spec -> leftAloneBecause("the types are not fully known").accept(spec.typeValidationOptions(TypeValidation.none())),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class A {
                  static List<Object> f(List<String> names) {
                      return names.stream().map(n -> new Missing(n)).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void otherCollectorsAndToListAreNotCandidates() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          java(
            //language=java
            """
              import java.util.LinkedList;
              import java.util.List;
              import java.util.Set;
              import java.util.stream.Collectors;

              class A {
                  static List<String> f(List<String> names) {
                      return names.stream().map(n -> n.trim()).toList();
                  }

                  static Set<String> g(List<String> names) {
                      return names.stream().map(n -> n.trim()).collect(Collectors.toSet());
                  }

                  static List<String> h(List<String> names) {
                      return names.stream().map(n -> n.trim()).collect(Collectors.toCollection(LinkedList::new));
                  }

                  static List<String> i(List<String> names) {
                      return names.stream().map(n -> n.trim()).collect(Collectors.toUnmodifiableList());
                  }
              }
              """
          )
        );
    }

    @Test
    void chainedMethodReferencesBecomeOneCallChainPerElement() {
        rewriteRun(
          java(
            //language=java
            """
              import java.nio.file.Path;
              import java.util.List;
              import java.util.stream.Collectors;

              class Files {
                  static List<String> names(List<Path> paths) {
                      return paths.stream().map(Path::getFileName).map(Path::toString).map(String::toLowerCase).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.nio.file.Path;
              import java.util.ArrayList;
              import java.util.List;

              class Files {
                  static List<String> names(List<Path> paths) {
                      List<String> result = new ArrayList<>(paths.size());
                      for (Path path : paths) {
                          result.add(path.getFileName().toString().toLowerCase());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void loopVariableOfAnAcronymTypeIsNamedAsAJavaProgrammerWould() {
        rewriteRun(
          java(
            //language=java
            """
              import java.net.URI;
              import java.util.List;
              import java.util.stream.Collectors;

              class Links {
                  static List<String> hosts(List<URI> links) {
                      return links.stream().map(URI::getHost).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.net.URI;
              import java.util.ArrayList;
              import java.util.List;

              class Links {
                  static List<String> hosts(List<URI> links) {
                      List<String> result = new ArrayList<>(links.size());
                      for (URI uri : links) {
                          result.add(uri.getHost());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    /** Found on johnzon: a cast by class literal, then a getter. */
    @Test
    void classLiteralCastThenAGetterBecomeOneCallChain() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Required {
                  static List<String> names(List<Object> required) {
                      return required.stream().map(CharSequence.class::cast).map(CharSequence::toString).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Required {
                  static List<String> names(List<Object> required) {
                      List<String> result = new ArrayList<>(required.size());
                      for (Object object : required) {
                          result.add(CharSequence.class.cast(object).toString());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void chainedLambdasReadingTheirParameterFirstAreWrittenInline() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Csv {
                  static List<String> firstColumns(List<String> lines, String prefix) {
                      List<String> columns = lines.stream().map(line -> line.split(",")).map(parts -> parts[0])
                              .map(column -> prefix + column).collect(Collectors.toList());
                      return columns;
                  }

                  static List<Integer> widths(List<String> lines) {
                      return lines.stream().map(line -> line.trim()).map(t -> t.length()).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Csv {
                  static List<String> firstColumns(List<String> lines, String prefix) {
                      List<String> columns = new ArrayList<>(lines.size());
                      for (String line : lines) {
                          columns.add(prefix + line.split(",")[0]);
                      }
                      return columns;
                  }

                  static List<Integer> widths(List<String> lines) {
                      List<Integer> result = new ArrayList<>(lines.size());
                      for (String line : lines) {
                          result.add(line.trim().length());
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void anOperatorsValueGetsParenthesesAsAReceiverButNotAsAnArgument() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Marks {
                  static List<Integer> lengths(List<String> words) {
                      return words.stream().map(w -> w + "!").map(String::length).collect(Collectors.toList());
                  }

                  static List<String> quoted(List<String> words) {
                      return words.stream().map(w -> w + "!").map(String::valueOf).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Marks {
                  static List<Integer> lengths(List<String> words) {
                      List<Integer> result = new ArrayList<>(words.size());
                      for (String w : words) {
                          result.add((w + "!").length());
                      }
                      return result;
                  }

                  static List<String> quoted(List<String> words) {
                      List<String> result = new ArrayList<>(words.size());
                      for (String w : words) {
                          result.add(String.valueOf(w + "!"));
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void blockLambdaStatementsRunFirstInTheLoopsBody() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Labels {
                  static List<String> labels(List<String> names) {
                      return names.stream().map(name -> {
                          // trimmed once
                          String trimmed = name.trim();
                          if (trimmed.isEmpty()) {
                              trimmed = "?";
                          }
                          return String.join("-",
                                  trimmed.toUpperCase());
                      }).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;

              class Labels {
                  static List<String> labels(List<String> names) {
                      List<String> result = new ArrayList<>(names.size());
                      for (String name : names) {
                          // trimmed once
                          String trimmed = name.trim();
                          if (trimmed.isEmpty()) {
                              trimmed = "?";
                          }
                          result.add(String.join("-",
                                  trimmed.toUpperCase()));
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void blockLambdasWithAnEarlyReturnACommentedReturnOrALaterMapAreListed() {
        rewriteRun(
          leftAloneBecause("the map function is not a lambda returning one expression or ending in its only `return`"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Labels {
                  static List<String> early(List<String> names) {
                      return names.stream().map(name -> {
                          if (name == null) {
                              return "";
                          }
                          return name.trim();
                      }).collect(Collectors.toList());
                  }

                  static List<String> commented(List<String> names) {
                      return names.stream().map(name -> {
                          String trimmed = name.trim();
                          // the label
                          return trimmed.toUpperCase();
                      }).collect(Collectors.toList());
                  }

                  static List<Integer> chained(List<String> names) {
                      return names.stream().map(name -> {
                          String trimmed = name.trim();
                          return trimmed.toUpperCase();
                      }).map(String::length).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void aBoxedValuePassedBetweenMapsIsListed() {
        rewriteRun(
          leftAloneBecause("the value passed from one `map` to the next has another type"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Sizes {
                  static List<String> f(List<String> words) {
                      return words.stream().map(w -> w.length()).map(n -> n.toString()).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void aParameterDeclaredWiderThanTheValueIsListed() {
        rewriteRun(
          leftAloneBecause("declares its parameter as another type"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Chars {
                  static List<String> f(List<String> words) {
                      return words.stream().map(w -> w.toCharArray()).map((Object o) -> String.valueOf(o)).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void aLaterFunctionReadingItsParameterTwiceOrLateIsListed() {
        rewriteRun(
          leftAloneBecause("does not read its parameter exactly once, before anything else that could change"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Twice {
                  private int next;

                  int next() {
                      return next++;
                  }

                  List<String> doubled(List<String> words) {
                      return words.stream().map(w -> w.trim()).map(t -> t + t).collect(Collectors.toList());
                  }

                  List<String> numbered(List<String> words) {
                      return words.stream().map(w -> w.trim()).map(t -> next() + t).collect(Collectors.toList());
                  }

                  List<Long> matches(List<String> words) {
                      return words.stream().map(w -> w.trim()).map(t -> words.stream().filter(u -> u.equals(t)).count())
                              .collect(Collectors.toList());
                  }

                  List<Boolean> gated(List<String> words, boolean strict) {
                      return words.stream().map(w -> Boolean.valueOf(w.isEmpty())).map(empty -> strict && empty)
                              .collect(Collectors.toList());
                  }

                  List<String> afterAnotherClassIsInitialised(List<String> words) {
                      return words.stream().map(w -> w.trim()).map(t -> Limits.PREFIX + t).collect(Collectors.toList());
                  }
              }

              class Limits {
                  static final String PREFIX = System.getProperty("prefix", "");
              }
              """
          )
        );
    }

    @Test
    void aGenericCallPassedToALaterFunctionIsListed() {
        rewriteRun(
          leftAloneBecause("is a generic call or `new ..<>`, whose type Java infers from where it goes"),
          java(
            //language=java
            """
              import java.util.Collections;
              import java.util.List;
              import java.util.stream.Collectors;

              class Wrapped {
                  static List<Integer> sizes(List<String> words) {
                      return words.stream().map(w -> Collections.singletonList(w)).map(l -> l.size()).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void aLaterConstructorReferenceIsListed() {
        rewriteRun(
          leftAloneBecause("a later map function is a constructor reference"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Builders {
                  static List<StringBuilder> f(List<String> words) {
                      return words.stream().map(String::trim).map(StringBuilder::new).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void aLaterFunctionReadingAFieldNamedLikeTheLoopVariableIsListed() {
        rewriteRun(
          leftAloneBecause("refers to `s`, the name of the loop variable"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Suffix {
                  private String s = "!";

                  List<String> f(List<String> words) {
                      return words.stream().map(s -> s.trim()).map(t -> t + s).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void chainedMapsBehaveAlikeAndCallInTheSameOrder() throws Exception {
        //language=java
        String source = """
          import java.util.List;
          import java.util.stream.Collectors;

          public class Chains {
              static StringBuilder trace;

              static String first(String s) {
                  trace.append("first ").append(s).append(';');
                  return s.trim();
              }

              static String second(String s) {
                  trace.append("second ").append(s).append(';');
                  return s.isEmpty() ? null : s;
              }

              public static List<String> chained(List<String> names) {
                  trace = new StringBuilder();
                  List<String> result = names.stream().map(Chains::first).map(t -> second(t)).map(String::toUpperCase)
                          .collect(Collectors.toList());
                  result.add(trace.toString());
                  return result;
              }

              public static List<String> blocks(List<String> names) {
                  trace = new StringBuilder();
                  List<String> result = names.stream().map(n -> {
                      String once = first(n);
                      String twice = second(once);
                      return twice == null ? "-" : twice + trace.length();
                  }).collect(Collectors.toList());
                  result.add(trace.toString());
                  return result;
              }

              public static String traced(List<String> names) {
                  try {
                      chained(names);
                  } catch (RuntimeException e) {
                      return trace + " " + e.getClass().getName();
                  }
                  return trace.toString();
              }
          }
          """;
        String after = RecipeOutput.of(new PreSizeMapToList(), source, 17);
        assertThat(after).contains("result.add(second(first(name)).toUpperCase());").doesNotContain(".stream()");
        assertThat(after).contains("String once = first(n);");
        assertCompiledAlike("Chains", source, after, List.of("chained", "traced", "blocks"), List.of(" a ", "  ", "b"));
    }

    /** Each of {@code methods}, taking a list of names, compiled from {@code before} and {@code after}: alike on every name list. */
    private static void assertCompiledAlike(String className, String before, String after, List<String> methods,
                                            List<String> oneMoreInput) throws ReflectiveOperationException {
        List<List<String>> inputs = new ArrayList<>(NameLists.inputs());
        inputs.add(oneMoreInput);
        for (String method : methods) {
            Method original = CompiledSource.load(className, before, 17).getMethod(method, List.class);
            Method rewritten = CompiledSource.load(className, after, 17).getMethod(method, List.class);
            for (List<String> input : inputs) {
                CompiledBenchmark.assertSameOutcome(original, rewritten, input);
            }
        }
    }

    @Test
    void elementsGoStraightIntoALocalListWithNoListInBetween() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.HashSet;
              import java.util.List;
              import java.util.Set;
              import java.util.stream.Collectors;

              class Report {
                  List<String> lines() {
                      return List.of(" a ", " b ");
                  }

                  List<String> render(List<String> names) {
                      List<String> lines = new ArrayList<>();
                      lines.add("header");
                      // the names, trimmed
                      lines.addAll(names.stream().map(n -> n.trim()).collect(Collectors.toList()));
                      return lines;
                  }

                  Set<String> distinct() {
                      Set<String> seen = new HashSet<>();
                      seen.addAll(lines().stream().map(String::trim).collect(Collectors.toList()));
                      return seen;
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.HashSet;
              import java.util.List;
              import java.util.Set;

              class Report {
                  List<String> lines() {
                      return List.of(" a ", " b ");
                  }

                  List<String> render(List<String> names) {
                      List<String> lines = new ArrayList<>();
                      lines.add("header");
                      // the names, trimmed
                      for (String n : names) {
                          lines.add(n.trim());
                      }
                      return lines;
                  }

                  Set<String> distinct() {
                      Set<String> seen = new HashSet<>();
                      for (String line : lines()) {
                          seen.add(line.trim());
                      }
                      return seen;
                  }
              }
              """
          )
        );
    }

    @Test
    void aCollectionOthersCanSeeIsLeftAloneNotFilledThroughATemporaryList() {
        //language=java
        String source = """
          import java.util.ArrayList;
          import java.util.List;
          import java.util.Set;
          import java.util.TreeSet;
          import java.util.stream.Collectors;

          class Seen {
              final List<String> field = new ArrayList<>();

              static void register(List<String> lines) {
              }

              void parameter(List<String> lines, List<String> names) {
                  lines.addAll(names.stream().map(n -> n.trim()).collect(Collectors.toList()));
              }

              void fieldTarget(List<String> names) {
                  field.addAll(names.stream().map(n -> n.trim()).collect(Collectors.toList()));
              }

              List<String> escapedBefore(List<String> names) {
                  List<String> lines = new ArrayList<>();
                  register(lines);
                  lines.addAll(names.stream().map(n -> n.trim()).collect(Collectors.toList()));
                  return lines;
              }

              List<String> insideTry(List<String> names) {
                  List<String> lines = new ArrayList<>();
                  try {
                      lines.addAll(names.stream().map(n -> n.trim()).collect(Collectors.toList()));
                  } catch (NullPointerException e) {
                      lines.add("incomplete");
                  }
                  return lines;
              }

              List<String> insideLoop(List<List<String>> batches) {
                  List<String> lines = new ArrayList<>();
                  for (List<String> batch : batches) {
                      lines.addAll(batch.stream().map(n -> n.trim()).collect(Collectors.toList()));
                  }
                  return lines;
              }

              List<String> readByThePipeline(List<String> names) {
                  List<String> lines = new ArrayList<>(names);
                  lines.addAll(lines.stream().map(n -> n.trim()).collect(Collectors.toList()));
                  return lines;
              }

              Set<String> sortedBySomeoneElsesCode(List<String> names) {
                  Set<String> sorted = new TreeSet<>();
                  sorted.addAll(names.stream().map(n -> n.trim()).collect(Collectors.toList()));
                  return sorted;
              }

              List<String> capturedByAnAnonymousClass(List<String> names, List<Runnable> hooks) {
                  List<String> lines = new ArrayList<>();
                  hooks.add(new Runnable() {
                      @Override
                      public void run() {
                          lines.clear();
                      }
                  });
                  lines.addAll(names.stream().map(n -> n.trim()).collect(Collectors.toList()));
                  return lines;
              }

              List<String> viewTakenBefore(List<String> names) {
                  List<String> lines = new ArrayList<>();
                  List<String> view = lines.subList(0, 0);
                  lines.addAll(names.stream().map(n -> n.trim()).collect(Collectors.toList()));
                  return view;
              }
          }
          """;
        rewriteRun(leftAloneAsOnlyAdded(source, 9), version(java(source), 17));
    }

    @Test
    void aSetWhoseAddRunsProjectCodeOrATargetALambdaCapturesIsLeftAlone() {
        //language=java
        String source = """
          import java.util.ArrayList;
          import java.util.HashSet;
          import java.util.List;
          import java.util.Set;
          import java.util.function.IntSupplier;
          import java.util.stream.Collectors;

          class Seen {
              static final class Key {
                  final String name;

                  Key(String name) {
                      this.name = name;
                  }

                  @Override
                  public int hashCode() {
                      return name.hashCode();
                  }
              }

              Set<Key> projectKeys(List<String> names) {
                  Set<Key> keys = new HashSet<>();
                  keys.addAll(names.stream().map(n -> new Key(n)).collect(Collectors.toList()));
                  return keys;
              }

              List<String> capturedByALambda(List<String> names, List<IntSupplier> probes) {
                  List<String> lines = new ArrayList<>();
                  probes.add(() -> lines.size());
                  lines.addAll(names.stream().map(n -> n.trim()).collect(Collectors.toList()));
                  return lines;
              }
          }
          """;
        rewriteRun(leftAloneAsOnlyAdded(source, 2), version(java(source), 17));
    }

    /**
     * Each of the {@code pipelines} of {@code source} is only added to a collection other code can see: left alone,
     * not filled into a temporary list to be added (the third review of 50 called that form wrong).
     */
    private static Consumer<RecipeSpec> leftAloneAsOnlyAdded(String source, int pipelines) {
        assertThat(source.split("\\.collect\\(")).hasSize(pipelines + 1);
        return spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).hasSize(pipelines)
          .allSatisfy(row -> assertThat(row.getReason()).startsWith("the collection is only added to `")));
    }

    /**
     * {@code Arrays.asList(array)} is a view of the array: the loop goes over the array itself (json-schema-validator's
     * {@code Locales#of} read the list into a local {@code list} only to loop over it, which a reviewer called odd).
     */
    @Test
    void aListViewOfAnArrayIsLoopedOverAsTheArray() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Arrays;
              import java.util.List;
              import java.util.Locale;
              import java.util.stream.Collectors;

              class Locales {
                  static List<Locale> of(String... languageTags) {
                      return Arrays.asList(languageTags).stream().map(Locale::forLanguageTag).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Locale;

              class Locales {
                  static List<Locale> of(String... languageTags) {
                      List<Locale> result = new ArrayList<>(languageTags.length);
                      for (String languageTag : languageTags) {
                          result.add(Locale.forLanguageTag(languageTag));
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    /**
     * A list of another element type than its array is not looped over as the array: {@code Arrays.<CharSequence>asList}
     * picks {@code describe(CharSequence)} where a loop over the {@code String[]} would pick {@code describe(String)}, and
     * {@code Arrays.asList(ints)} is a list of one {@code int[]}.
     */
    @Test
    void aListOfAnotherTypeThanItsArrayIsNotLoopedOverAsTheArray() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Arrays;
              import java.util.List;
              import java.util.stream.Collectors;

              class Witness {
                  static String describe(CharSequence text) {
                      return "text";
                  }

                  static String describe(String text) {
                      return "string";
                  }

                  static List<String> described(String[] names) {
                      return Arrays.<CharSequence>asList(names).stream().map(Witness::describe).collect(Collectors.toList());
                  }

                  static List<Integer> lengths(int[] numbers) {
                      return Arrays.asList(numbers).stream().map(a -> a.length).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              import java.util.ArrayList;
              import java.util.Arrays;
              import java.util.List;

              class Witness {
                  static String describe(CharSequence text) {
                      return "text";
                  }

                  static String describe(String text) {
                      return "string";
                  }

                  static List<String> described(String[] names) {
                      List<CharSequence> list = Arrays.<CharSequence>asList(names);
                      List<String> result = new ArrayList<>(list.size());
                      for (CharSequence text : list) {
                          result.add(describe(text));
                      }
                      return result;
                  }

                  static List<Integer> lengths(int[] numbers) {
                      List<int[]> list = Arrays.asList(numbers);
                      List<Integer> result = new ArrayList<>(list.size());
                      for (int[] a : list) {
                          result.add(a.length);
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    /**
     * An added import that starts its group ({@code java.util.ArrayList} before {@code java.util.List}) takes the
     * group's blank line, and {@code List} follows it in the group: no blank line comes back between them.
     */
    @Test
    void anImportAddedFirstInItsGroupStartsTheGroup() {
        rewriteRun(
          java("package com.example.util; public class Names { public static String trim(String s) { return s.trim(); } }"),
          java(
            //language=java
            """
              package com.example;

              import com.example.util.Names;

              import java.util.List;
              import java.util.stream.Collectors;

              class Report {
                  static List<String> trimmed(List<String> names) {
                      return names.stream().map(Names::trim).collect(Collectors.toList());
                  }
              }
              """,
            //language=java
            """
              package com.example;

              import com.example.util.Names;

              import java.util.ArrayList;
              import java.util.List;

              class Report {
                  static List<String> trimmed(List<String> names) {
                      List<String> result = new ArrayList<>(names.size());
                      for (String name : names) {
                          result.add(Names.trim(name));
                      }
                      return result;
                  }
              }
              """
          )
        );
    }

    @Test
    void aBlockLambdaThatReadsTheSourceIsListed() {
        rewriteRun(
          leftAloneBecause("the lambda refers to the source `names`"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Collectors;

              class Ranks {
                  static List<String> ranked(List<String> names) {
                      return names.stream().map(n -> {
                          int rank = names.indexOf(n);
                          return rank + " " + n;
                      }).collect(Collectors.toList());
                  }
              }
              """
          )
        );
    }

    @Test
    void elementsAddedStraightIntoALocalListBehaveAlike() throws Exception {
        //language=java
        String source = """
          import java.util.ArrayList;
          import java.util.LinkedHashSet;
          import java.util.List;
          import java.util.Set;
          import java.util.stream.Collectors;

          public class Added {
              public static List<String> lines(List<String> names) {
                  List<String> lines = new ArrayList<>();
                  lines.add("header " + lines.size());
                  lines.addAll(names.stream().map(n -> n.trim()).map(String::toUpperCase).collect(Collectors.toList()));
                  return lines;
              }

              public static Set<String> distinct(List<String> names) {
                  Set<String> seen = new LinkedHashSet<>();
                  seen.addAll(names.stream().map(n -> n.substring(0, 2)).collect(Collectors.toList()));
                  return seen;
              }
          }
          """;
        String after = RecipeOutput.of(new PreSizeMapToList(), source, 17);
        assertThat(after).contains("lines.add(n.trim().toUpperCase());", "seen.add(n.substring(0, 2));").doesNotContain("addAll");
        assertCompiledAlike("Added", source, after, List.of("lines", "distinct"), List.of("aa", "ab", "aa", "b"));
    }

    @Test
    void sourcesEvaluatedOnceBehaveAlikeAndAreCalledOnce() throws Exception {
        String source = CountedCalls.source("""
          import java.util.Arrays;
          import java.util.List;
          import java.util.stream.Collectors;
          """, """
              static String[] latestArray() {
                  calls++;
                  return latest == null ? null : latest.toArray(new String[0]);
              }

              public static List<String> trimmed(List<String> names) {
                  give(names);
                  return latest().stream().map(n -> n.trim()).collect(Collectors.toList());
              }

              public static String[] upper(List<String> names) {
                  give(names);
                  return Arrays.stream(latestArray()).map(n -> n.toUpperCase()).toArray(String[]::new);
              }
          """);
        String after = RecipeOutput.of(new PreSizeMapToArray(), RecipeOutput.of(new PreSizeMapToList(), source, 17), 17);
        assertThat(after).contains("List<String> latest = latest();", "String[] latestArray = latestArray();")
          .doesNotContain(".stream()");
        List<List<String>> inputs = new ArrayList<>(NameLists.inputs());
        inputs.add(null);
        for (String name : List.of("trimmed", "upper")) {
            CountedCalls.assertAlikeAndCalledOnce(source, after, name, inputs);
        }
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(BenchmarkSources.beforeBecomes("streams/presizemaptolist", "After"));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("streams/presizemaptolist", "After"));
    }

    @Test
    void benchmarkBeforeAndAfterBehaveAlike() throws Exception {
        CompiledBenchmark compiled = CompiledBenchmark.of("streams/presizemaptolist");
        for (String method : List.of("trimmed", "appended")) {
            Method before = compiled.type("Before").getMethod(method, List.class);
            Method after = compiled.type("After").getMethod(method, List.class);
            for (List<String> input : NameLists.inputs()) {
                CompiledBenchmark.assertSameOutcome(before, after, input);
            }
        }
    }
}

package dev.rewriteperf.streams;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.openrewrite.java.Assertions.java;

/**
 * Where the loop that replaces a stream pipeline goes ({@link LoopSite}): in place of a declaration the pipeline
 * initialises, before the statement it is part of when everything evaluated before it is inert, and nowhere when
 * the pipeline might run in another order, more than once or not at all. Shown with {@link PreSizeFlatMapToArray};
 * every recipe that fills a loop at a {@code LoopSite} places it the same way.
 */
class LoopPlacementTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PreSizeFlatMapToArray());
    }

    // ---- in place of the statement: the declared variable is the array ----

    @Test
    void variableInitializerNamesTheArray() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Command {
                  static int send(Map<String, String> fields) {
                      // keys and values, interleaved
                      final String[] arguments = fields.entrySet().stream()
                              .flatMap(field -> Stream.of(field.getKey(), field.getValue()))
                              .toArray(String[]::new);
                      return arguments.length;
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Command {
                  static int send(Map<String, String> fields) {
                      // keys and values, interleaved
                      final String[] arguments = new String[fields.size() * 2];
                      int i = 0;
                      for (Map.Entry<String, String> field : fields.entrySet()) {
                          arguments[i++] = field.getKey();
                          arguments[i++] = field.getValue();
                      }
                      return arguments.length;
                  }
              }
              """
          )
        );
    }

    @Test
    void assignmentGetsTheArrayWhenItIsFull() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class Cached {
                  private String[] arguments;

                  void refresh(Map<String, String> fields) {
                      this.arguments = fields.entrySet().stream()
                              .flatMap(field -> Stream.of(field.getKey(), field.getValue()))
                              .toArray(String[]::new);
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;

              class Cached {
                  private String[] arguments;

                  void refresh(Map<String, String> fields) {
                      String[] result = new String[fields.size() * 2];
                      int i = 0;
                      for (Map.Entry<String, String> field : fields.entrySet()) {
                          result[i++] = field.getKey();
                          result[i++] = field.getValue();
                      }
                      this.arguments = result;
                  }
              }
              """
          )
        );
    }

    // ---- before the statement: what is evaluated before the pipeline ----

    @Test
    void argumentAfterInertValuesIsTakenOutFirst() {
        rewriteRun(
          java(
            //language=java
            """
              import java.net.URI;
              import java.net.http.HttpRequest;
              import java.util.Map;
              import java.util.stream.Stream;

              class Client {
                  HttpRequest request(URI uri, Map<String, String> localHeaders) {
                      HttpRequest.Builder requestBuilder = HttpRequest.newBuilder(uri);
                      // headers come last
                      requestBuilder = requestBuilder.headers(localHeaders.entrySet().stream()
                              .flatMap(entry -> Stream.of(entry.getKey(), entry.getValue()))
                              .toArray(String[]::new));
                      return requestBuilder.build();
                  }
              }
              """,
            //language=java
            """
              import java.net.URI;
              import java.net.http.HttpRequest;
              import java.util.Map;

              class Client {
                  HttpRequest request(URI uri, Map<String, String> localHeaders) {
                      HttpRequest.Builder requestBuilder = HttpRequest.newBuilder(uri);
                      // headers come last
                      String[] result = new String[localHeaders.size() * 2];
                      int i = 0;
                      for (Map.Entry<String, String> entry : localHeaders.entrySet()) {
                          result[i++] = entry.getKey();
                          result[i++] = entry.getValue();
                      }
                      requestBuilder = requestBuilder.headers(result);
                      return requestBuilder.build();
                  }
              }
              """
          )
        );
    }

    @Test
    void argumentOfAStaticCall() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Arrays;
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static int hash(Map<String, String> attributes) {
                      return Arrays.deepHashCode(attributes.entrySet().stream()
                              .flatMap(entry -> Stream.of(entry.getKey(), entry.getValue()))
                              .toArray(String[]::new));
                  }
              }
              """,
            //language=java
            """
              import java.util.Arrays;
              import java.util.Map;

              class A {
                  static int hash(Map<String, String> attributes) {
                      String[] result = new String[attributes.size() * 2];
                      int i = 0;
                      for (Map.Entry<String, String> entry : attributes.entrySet()) {
                          result[i++] = entry.getKey();
                          result[i++] = entry.getValue();
                      }
                      return Arrays.deepHashCode(result);
                  }
              }
              """
          )
        );
    }

    @Test
    void argumentAfterACallStaysInOrder() {
        rewriteRun(
          leftAloneBecause("something in the statement is evaluated before the pipeline"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String next() {
                      return "x";
                  }

                  static List<String> f(Map<String, String> m) {
                      return List.of(next(), m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new)[0]);
                  }
              }
              """
          )
        );
    }

    @Test
    void argumentOfACallOnACallStaysInOrder() {
        rewriteRun(
          leftAloneBecause("something in the statement is evaluated before the pipeline"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static StringBuilder log(Map<String, String> m) {
                      return new StringBuilder("headers: ").append(m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new).length);
                  }
              }
              """
          )
        );
    }

    @Test
    void argumentAfterAFieldThatMayChange() {
        rewriteRun(
          leftAloneBecause("something in the statement is evaluated before the pipeline"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.Objects;
              import java.util.stream.Stream;

              class A {
                  String prefix = "";

                  int f(Map<String, String> m) {
                      return Objects.hash(prefix, m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new));
                  }
              }
              """
          )
        );
    }

    // ---- nowhere: the pipeline might not run, or there is no block for a loop ----

    @Test
    void rightOfAConditionalAnd() {
        rewriteRun(
          leftAloneBecause("the pipeline is evaluated only on one side of `&&` or `||`"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static boolean f(Map<String, String> m) {
                      return !m.isEmpty() && m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new).length > 2;
                  }
              }
              """
          )
        );
    }

    @Test
    void branchOfAConditional() {
        rewriteRun(
          leftAloneBecause("the pipeline is evaluated only in one branch of `?:`"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> m) {
                      return m.isEmpty() ? null : m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void bodyOfALambda() {
        rewriteRun(
          leftAloneBecause("the pipeline is the body of a lambda"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.function.Supplier;
              import java.util.stream.Stream;

              class A {
                  static Supplier<String[]> f(Map<String, String> m) {
                      return () -> m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void fieldInitializerHasNoPlaceForALoop() {
        rewriteRun(
          leftAloneBecause("the statement is not in a method's block"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static final Map<String, String> DEFAULTS = Map.of("a", "b");
                  static final String[] ARGS = DEFAULTS.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
              }
              """
          )
        );
    }

    @Test
    void returnWithoutBracesHasNoPlaceForALoop() {
        rewriteRun(
          leftAloneBecause("the statement is not in a method's block"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.stream.Stream;

              class A {
                  static String[] f(Map<String, String> m) {
                      if (m.isEmpty()) return new String[0];
                      else return m.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void severalVariablesDeclaredTogether() {
        rewriteRun(
          leftAloneBecause("the pipeline initialises one of several variables declared together"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Stream;

              class A {
                  static int f(List<String> names) {
                      String[] none = {}, both = names.stream().flatMap(n -> Stream.of(n, n)).toArray(String[]::new);
                      return none.length + both.length;
                  }
              }
              """
          )
        );
    }

    @Test
    void arrayElementTargetIsLeftAlone() {
        rewriteRun(
          leftAloneBecause("the pipeline is assigned to an array element or another object's field"),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.stream.Stream;

              class A {
                  static void f(List<String> names, Object[][] out) {
                      out[0] = names.stream().flatMap(n -> Stream.of(n, n)).toArray(String[]::new);
                  }
              }
              """
          )
        );
    }
}

package dev.rewriteperf.profile;

import dev.rewriteperf.PerformanceBestPractices;
import dev.rewriteperf.hotpaths.HotPathIdioms;
import dev.rewriteperf.hotpaths.ReplaceStringFormatWithConcatenation;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;

/**
 * Without a profile, the umbrella and the families leave cold code alone (code that runs once, only when something
 * fails, or only to print) and list each spot with a {@code cold:} reason naming the context; the same idiom on a
 * per-call path is rewritten. {@code includeColdCode} rewrites both; a profile decides by itself (a hot
 * {@code toString} is hot); a recipe activated by its own name rewrites every spot.
 */
class ColdCodeTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PerformanceBestPractices());
    }

    //language=java
    private static final String COLD = """
      package com.example;

      import java.io.IOException;
      import java.util.Objects;
      import java.util.function.Function;

      class Orders {
          static final String BANNER = String.format("orders %s", Orders.class.getSimpleName());
          static final Function<String, String> LABEL = id -> String.format("order %s", id);
          static String header;
          String name;

          static {
              header = String.format("v%s", 2);
          }

          {
              name = String.format("orders-%s", 1);
          }

          public static void main(String[] args) {
              System.out.println(String.format("%s orders", args.length));
          }

          @Override
          public String toString() {
              return String.format("Orders[%s]", name);
          }

          String label(String id) {
              return String.format("order %s", id);
          }

          void check(String id) {
              if (id.isEmpty()) {
                  throw new IllegalArgumentException(String.format("no id for %s", name));
              }
              if (id.length() > 40) {
                  String message = String.format("id %s is too long", id);
                  throw new IllegalStateException(message);
              }
              if (id.startsWith("-")) {
                  fail(String.format("bad id %s", id));
              }
              assert id.trim().equals(id) : String.format("untrimmed %s", id);
              Objects.requireNonNull(name, () -> String.format("no name for %s", id));
              Objects.requireNonNull(id, String.format("no id for order %s", name));
          }

          void read(String id) {
              try {
                  load(id);
              } catch (IOException e) {
                  System.err.println(String.format("cannot read %s", id));
              }
          }

          String logged(String id) {
              String message = String.format("reading %s", id);
              if (id.isEmpty()) {
                  throw new IllegalArgumentException(message);
              }
              return message;
          }

          void load(String id) throws IOException {
          }

          private static void fail(String message) {
              throw new IllegalArgumentException(message);
          }
      }
      """;

    //language=java
    private static final String COLD_WITH_ONLY_PER_CALL_CODE_REWRITTEN = COLD
      .replace("id -> String.format(\"order %s\", id)", "id -> \"order \" + id")
      .replace("return String.format(\"order %s\", id);", "return \"order \" + id;")
      .replace("String message = String.format(\"reading %s\", id);", "String message = \"reading \" + id;")
      .replace("String.format(\"no id for order %s\", name)", "\"no id for order \" + name");

    @DocumentExample
    @Test
    void coldCodeIsLeftAloneAndListedWithItsContextAndPerCallCodeIsRewritten() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> {
              Map<String, String> reasons = rows.stream().filter(r -> !r.isChanged()).collect(Collectors.toMap(
                PerformanceCandidates.Row::getCandidate, PerformanceCandidates.Row::getReason, (a, b) -> a + " | " + b));
              assertThat(reasons).containsOnly(
                Map.entry("String.format(\"orders %s\", Orders.class.getSimpleName())", "cold: initialises a field, once"),
                Map.entry("String.format(\"v%s\", 2)", "cold: in a static initialiser, which runs once"),
                Map.entry("String.format(\"orders-%s\", 1)", "cold: in an instance initialiser, which runs once per object"),
                Map.entry("String.format(\"%s orders\", args.length)", "cold: in main, which runs once"),
                Map.entry("String.format(\"Orders[%s]\", name)", "cold: in toString(), which builds text to print"),
                Map.entry("String.format(\"no id for %s\", name)", "cold: builds the message of an exception"),
                Map.entry("String.format(\"id %s is too long\", id)", "cold: builds the message of a thrown exception"),
                Map.entry("String.format(\"bad id %s\", id)", "cold: builds the message of an error that fail(..) always throws"),
                Map.entry("String.format(\"untrimmed %s\", id)", "cold: in an assert statement, evaluated only with -ea"),
                Map.entry("String.format(\"cannot read %s\", id)", "cold: in a catch block, which runs only when something fails"),
                Map.entry("String.format(\"no name for %s\", id)", "cold: builds the message of a failed check (Objects.requireNonNull(..))"));
              assertThat(rows.stream().filter(PerformanceCandidates.Row::isChanged).map(PerformanceCandidates.Row::getLocation))
                .containsExactlyInAnyOrder("Orders", "Orders#label", "Orders#logged", "Orders#check");
          }),
          java(COLD, COLD_WITH_ONLY_PER_CALL_CODE_REWRITTEN)
        );
    }

    @Test
    void includeColdCodeRewritesEverySpot() {
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(null, null, true))
            .dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).allMatch(PerformanceCandidates.Row::isChanged)),
          java(
            """
              class Orders {
                  String name;

                  @Override
                  public String toString() {
                      return String.format("Orders[%s]", name);
                  }

                  void check(String id) {
                      if (id.isEmpty()) {
                          throw new IllegalArgumentException(String.format("no id for %s", name));
                      }
                  }
              }
              """,
            """
              class Orders {
                  String name;

                  @Override
                  public String toString() {
                      return "Orders[" + name + "]";
                  }

                  void check(String id) {
                      if (id.isEmpty()) {
                          throw new IllegalArgumentException("no id for " + name);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void aFamilyLeavesColdCodeAloneTooButARecipeActivatedByItsNameDoesNot() {
        //language=java
        String before = """
          class Orders {
              String name;

              @Override
              public String toString() {
                  return String.format("Orders[%s]", name);
              }
          }
          """;
        rewriteRun(spec -> spec.recipe(new HotPathIdioms()), java(before));
        rewriteRun(spec -> spec.recipe(new ReplaceStringFormatWithConcatenation()), java(before, before.replace(
          "String.format(\"Orders[%s]\", name)", "\"Orders[\" + name + \"]\"")));
    }

    /** Look-alikes of cold code that run per call: each is rewritten. */
    @Test
    void perCallCodeThatLooksColdIsRewritten() {
        rewriteRun(
          java(
            """
              import java.util.function.Supplier;

              class Orders {
                  String name;

                  String toString(int indent) {
                      return String.format("%s%s", indent, name);
                  }

                  static void main(String[] args, int times) {
                      System.out.println(String.format("%s orders", times));
                  }

                  void warn(String id) {
                      report(String.format("slow id %s", id));
                  }

                  void report(String message) {
                      if (message.isEmpty()) {
                          throw new IllegalArgumentException();
                      }
                      System.out.println(message);
                  }

                  Supplier<String> describe() {
                      return new Supplier<String>() {
                          @Override
                          public String get() {
                              return String.format("orders %s", name);
                          }
                      };
                  }
              }
              """,
            """
              import java.util.function.Supplier;

              class Orders {
                  String name;

                  String toString(int indent) {
                      return indent + name;
                  }

                  static void main(String[] args, int times) {
                      System.out.println(times + " orders");
                  }

                  void warn(String id) {
                      report("slow id " + id);
                  }

                  void report(String message) {
                      if (message.isEmpty()) {
                          throw new IllegalArgumentException();
                      }
                      System.out.println(message);
                  }

                  Supplier<String> describe() {
                      return new Supplier<String>() {
                          @Override
                          public String get() {
                              return "orders " + name;
                          }
                      };
                  }
              }
              """
          )
        );
    }

    /** A recording decides by itself: a hot toString is hot. */
    @Test
    void aProfileOverridesTheColdContexts(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("hot-methods.csv");
        Files.write(csv, ("class,method,descriptor,sampledBytes,share,cpuShare,topTypes\n" +
                          "Orders,toString,()Ljava/lang/String;,900000,0.9000,0.1000,\"byte[] 100%\"\n").getBytes(StandardCharsets.UTF_8));
        rewriteRun(
          spec -> spec.recipe(new PerformanceBestPractices(csv.toString(), 0.01)),
          java(
            """
              class Orders {
                  String name;

                  @Override
                  public String toString() {
                      return String.format("Orders[%s]", name);
                  }
              }
              """,
            """
              class Orders {
                  String name;

                  @Override
                  public String toString() {
                      return "Orders[" + name + "]";
                  }
              }
              """
          )
        );
    }
}

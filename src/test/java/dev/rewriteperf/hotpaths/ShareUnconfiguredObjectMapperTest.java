package dev.rewriteperf.hotpaths;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CandidateRows;
import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.java.JavaParser;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.maven.Assertions.pomXml;
import static org.openrewrite.test.SourceSpecs.text;

class ShareUnconfiguredObjectMapperTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new ShareUnconfiguredObjectMapper())
          .parser(JavaParser.fromJavaVersion().classpath("jackson-databind", "jackson-core"));
    }

    @DocumentExample
    @Test
    void aMapperBuiltForOneCallIsShared() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement().satisfies(row -> {
              assertThat(row.isChanged()).isTrue();
              assertThat(row.getLocation()).isEqualTo("Before#toJson");
          })),
          BenchmarkSources.beforeBecomes("hotpaths/shareunconfiguredobjectmapper", "After")
        );
    }

    @Test
    void keepsCrlfAndTabs() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("hotpaths/shareunconfiguredobjectmapper", "After"));
    }

    @Test
    void aLocalMapperOnlyReadFromGoesAndAnExistingSharedOneIsReused() {
        rewriteRun(
          //language=java
          java(
            """
              import com.fasterxml.jackson.databind.JsonNode;
              import com.fasterxml.jackson.databind.ObjectMapper;

              import java.io.IOException;
              import java.util.Map;

              class Events {
                  private static final ObjectMapper JSON = new ObjectMapper();

                  static String name(String json) throws IOException {
                      ObjectMapper mapper = new ObjectMapper();

                      JsonNode tree = mapper.readTree(json);
                      Map<?, ?> all = mapper.readValue(json, Map.class);
                      return tree.get("name").asText() + all.size() + JSON.writeValueAsString(all);
                  }

                  static String copy(Object event) throws IOException {
                      return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(event);
                  }
              }
              """,
            """
              import com.fasterxml.jackson.databind.JsonNode;
              import com.fasterxml.jackson.databind.ObjectMapper;

              import java.io.IOException;
              import java.util.Map;

              class Events {
                  private static final ObjectMapper JSON = new ObjectMapper();

                  static String name(String json) throws IOException {
                      JsonNode tree = JSON.readTree(json);
                      Map<?, ?> all = JSON.readValue(json, Map.class);
                      return tree.get("name").asText() + all.size() + JSON.writeValueAsString(all);
                  }

                  static String copy(Object event) throws IOException {
                      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(event);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotShareAMapperThatIsConfiguredOrEscapes() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly(
              "the new mapper is configured, passed on, stored or returned: `new ObjectMapper().findAndRegisterModules()`",
              "the new mapper is configured, passed on, stored or returned: `return new ObjectMapper()`",
              "the mapper `mapper` is configured, passed on, stored or returned: `mapper.configure(SerializationFeature.INDENT_OUTPUT, true)`",
              "the mapper `other` is configured, passed on, stored or returned: `write(other, event)`")),
          //language=java
          java(
            """
              import com.fasterxml.jackson.databind.ObjectMapper;
              import com.fasterxml.jackson.databind.SerializationFeature;

              import java.io.IOException;

              class Configured {
                  static ObjectMapper modules() {
                      return new ObjectMapper().findAndRegisterModules();
                  }

                  static ObjectMapper fresh() {
                      return new ObjectMapper();
                  }

                  static String indented(Object event) throws IOException {
                      ObjectMapper mapper = new ObjectMapper();
                      mapper.configure(SerializationFeature.INDENT_OUTPUT, true);
                      return mapper.writeValueAsString(event);
                  }

                  static String passed(Object event) throws IOException {
                      ObjectMapper other = new ObjectMapper();
                      return write(other, event);
                  }

                  static String write(ObjectMapper mapper, Object event) throws IOException {
                      return mapper.writeValueAsString(event);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotShareWhereJacksonIsOptional() {
        rewriteRun(
          CandidateRows.leftAloneBecause("this module declares jackson-databind optional or provided"),
          //language=xml
          pomXml(
            """
              <project>
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>com.example</groupId>
                  <artifactId>events</artifactId>
                  <version>1.0</version>
                  <dependencies>
                      <dependency>
                          <groupId>com.fasterxml.jackson.core</groupId>
                          <artifactId>jackson-databind</artifactId>
                          <version>2.21.3</version>
                          <optional>true</optional>
                      </dependency>
                  </dependencies>
              </project>
              """
          ),
          //language=java
          java(
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              import java.io.IOException;

              class Optional {
                  static String json(Object event) throws IOException {
                      return new ObjectMapper().writeValueAsString(event);
                  }
              }
              """,
            spec -> spec.path("src/main/java/Optional.java")
          )
        );
    }

    @Test
    void doesNotAddFieldsToAnInterface() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the top-level type is an interface"),
          //language=java
          java(
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              import java.io.IOException;

              interface Json {
                  default String json(Object event) throws IOException {
                      return new ObjectMapper().writeValueAsString(event);
                  }
              }
              """
          )
        );
    }

    @Test
    void aClassDeclaredInAnInterfaceHoldsTheMapperTheInterfaceCannot() {
        rewriteRun(
          //language=java
          java(
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              import java.io.IOException;

              interface Json {
                  String json(Object event) throws IOException;

                  class Jackson implements Json {
                      @Override
                      public String json(Object event) throws IOException {
                          return new ObjectMapper().writeValueAsString(event);
                      }
                  }
              }
              """,
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              import java.io.IOException;

              interface Json {
                  String json(Object event) throws IOException;

                  class Jackson implements Json {
                      private static final ObjectMapper OBJECT_MAPPER = new ObjectMapper();

                      @Override
                      public String json(Object event) throws IOException {
                          return OBJECT_MAPPER.writeValueAsString(event);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotAddAFieldToAClassWhoseFieldsAnotherFileLists() {
        rewriteRun(
          CandidateRows.leftAloneBecause("`Event.class.getDeclaredFields()` lists the class's declared fields"),
          //language=java
          java(
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              import java.io.IOException;

              class Event {
                  String name;

                  String json() throws IOException {
                      return new ObjectMapper().writeValueAsString(this);
                  }
              }
              """
          ),
          //language=java
          java(
            """
              class EventSchema {
                  static int columns() {
                      return Event.class.getDeclaredFields().length;
                  }
              }
              """
          )
        );
    }

    /**
     * The benchmark's {@code Before} (a mapper per call) and {@code After} (the recipe's shared mapper), compiled:
     * the same JSON, or the same exception, for generated events (strings with quotes, control characters and
     * surrogates, numbers, nulls, nested lists and maps, a value Jackson cannot write), also when eight threads
     * write through the shared mapper at once.
     */
    @Test
    void theSameJsonOnGeneratedEventsAlsoFromManyThreads() throws Exception {
        CompiledBenchmark compiled = CompiledBenchmark.of("hotpaths/shareunconfiguredobjectmapper");
        Method before = compiled.type("Before").getMethod("toJson", Map.class);
        Method after = compiled.type("After").getMethod("toJson", Map.class);
        Random random = new Random(19);
        List<Map<String, Object>> events = new ArrayList<>();
        for (int n = 0; n < 1_000; n++) {
            events.add(event(random, 2));
        }
        List<Object> expected = new ArrayList<>();
        for (Map<String, Object> event : events) {
            expected.add(outcome(before, event));
            assertThat(outcome(after, event)).as("event %s", event).isEqualTo(expected.get(expected.size() - 1));
        }
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Callable<List<Object>>> writers = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                writers.add(() -> {
                    List<Object> written = new ArrayList<>();
                    for (Map<String, Object> event : events) {
                        written.add(outcome(after, event));
                    }
                    return written;
                });
            }
            for (Future<List<Object>> written : threads.invokeAll(writers)) {
                assertThat(written.get()).isEqualTo(expected);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    private static Map<String, Object> event(Random random, int depth) {
        Map<String, Object> event = new LinkedHashMap<>();
        for (int i = random.nextInt(5); i > 0; i--) {
            event.put(randomText(random), value(random, depth));
        }
        return event;
    }

    private static Object value(Random random, int depth) {
        switch (random.nextInt(depth > 0 ? 9 : 7)) {
            case 0: return null;
            case 1: return random.nextInt();
            case 2: return random.nextLong();
            case 3: return random.nextDouble() * 1e6;
            case 4: return random.nextBoolean();
            case 5: return randomText(random);
            case 6: return random.nextInt(40) == 0 ? new Object() : (Object) new int[]{random.nextInt(), 7};
            case 7: return Arrays.asList(value(random, depth - 1), value(random, depth - 1));
            default: return event(random, depth - 1);
        }
    }

    private static String randomText(Random random) {
        String alphabet = "ab\"\\\n\t\u0001\u00e9\ud83d\ude00/<";
        StringBuilder text = new StringBuilder();
        for (int length = random.nextInt(8); text.length() < length; ) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    /** The JSON written, or the exception's class (its message names the mapper's own state). */
    private static Object outcome(Method method, Map<String, Object> event) {
        Object result = CompiledBenchmark.outcome(method, event);
        return result instanceof Throwable ? result.getClass() : result;
    }

    @Test
    void doesNotReuseAMapperFieldOtherClassesSeeAndListsInstanceFields() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.isChanged() + " " + row.getReason()).containsExactlyInAnyOrder(
              "false an instance field: each object builds its own mapper, which the class may configure after " +
              "construction; the recipe shares only mappers made for one call or one method", "true ")),
          //language=java
          java(
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              class Events {
                  static final ObjectMapper JSON = new ObjectMapper();

                  private final ObjectMapper mine = new ObjectMapper();

                  static String toJson(Object event) throws Exception {
                      return new ObjectMapper().writeValueAsString(event);
                  }
              }
              """,
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              class Events {
                  private static final ObjectMapper OBJECT_MAPPER = new ObjectMapper();

                  static final ObjectMapper JSON = new ObjectMapper();

                  private final ObjectMapper mine = new ObjectMapper();

                  static String toJson(Object event) throws Exception {
                      return OBJECT_MAPPER.writeValueAsString(event);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotShareWhereGradleBuildsTheModule() {
        rewriteRun(
          CandidateRows.leftAloneBecause("or Gradle builds it, whose scopes the recipe does not read"),
          text("dependencies { compileOnly 'com.fasterxml.jackson.core:jackson-databind:2.18.2' }",
            spec -> spec.path("build.gradle")),
          //language=java
          java(
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              class Events {
                  static String toJson(Object event) throws Exception {
                      return new ObjectMapper().writeValueAsString(event);
                  }
              }
              """
          )
        );
    }

    @Test
    void theFamilysFieldsDoNotMoveEachOtherSoASecondRunChangesNothing() {
        rewriteRun(
          spec -> spec.recipes(new ShareUnconfiguredObjectMapper(), new PrecompileConstantRegex()),
          //language=java
          java(
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              import java.util.regex.Pattern;

              class Events {
                  private static final Pattern WHITESPACE = Pattern.compile("\\\\s+");
                  private static final ObjectMapper JSON = new ObjectMapper();

                  static String toJson(Object event) throws Exception {
                      return new ObjectMapper().writeValueAsString(event);
                  }

                  static String[] words(String text) {
                      return text.split(",\\\\s*");
                  }
              }
              """,
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              import java.util.regex.Pattern;

              class Events {
                  private static final Pattern COMMA = Pattern.compile(",\\\\s*");

                  private static final Pattern WHITESPACE = Pattern.compile("\\\\s+");
                  private static final ObjectMapper JSON = new ObjectMapper();

                  static String toJson(Object event) throws Exception {
                      return JSON.writeValueAsString(event);
                  }

                  static String[] words(String text) {
                      return COMMA.split(text);
                  }
              }
              """
          )
        );
    }

    @Test
    void aGradleSubprojectOfAMavenBuildCountsAsPossiblyOptional() {
        rewriteRun(
          CandidateRows.leftAloneBecause("or Gradle builds it, whose scopes the recipe does not read"),
          //language=xml
          pomXml(
            """
              <project>
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>com.example</groupId>
                  <artifactId>root</artifactId>
                  <version>1</version>
              </project>
              """
          ),
          text("dependencies { compileOnly 'com.fasterxml.jackson.core:jackson-databind:2.18.2' }",
            spec -> spec.path("events/build.gradle")),
          //language=java
          java(
            """
              import com.fasterxml.jackson.databind.ObjectMapper;

              class Events {
                  static String toJson(Object event) throws Exception {
                      return new ObjectMapper().writeValueAsString(event);
                  }
              }
              """,
            spec -> spec.path("events/src/main/java/Events.java")
          )
        );
    }
}

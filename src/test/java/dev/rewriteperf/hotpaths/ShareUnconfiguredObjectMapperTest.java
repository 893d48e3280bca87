package dev.rewriteperf.hotpaths;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CandidateRows;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.java.JavaParser;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.maven.Assertions.pomXml;

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
          CandidateRows.refusedBecause("this module declares jackson-databind optional or provided"),
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
          CandidateRows.refusedBecause("the top-level type is an interface"),
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
    void doesNotAddAFieldToAClassWhoseFieldsAnotherFileLists() {
        rewriteRun(
          CandidateRows.refusedBecause("`Event.class.getDeclaredFields()` lists the class's declared fields"),
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
}

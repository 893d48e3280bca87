package dev.rewriteperf.table;

import dev.rewriteperf.hotpaths.InlineObjectsHash;
import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;

/** The data table's line column: where each spot starts in the file the recipe saw, for SARIF and IDEs. */
class SourceLinesTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new InlineObjectsHash());
    }

    @Test
    void eachRowHasTheLineItsSpotStartsOnAfterItsCommentsAndLineBreaks() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.getLocation() + ":" + row.getLine() + ":" + row.isChanged())
            .containsExactlyInAnyOrder("Key#hashCode:9:true", "Key#hashCode:13:true", "Key#slow:17:false",
              "Key.Inner#hashCode:24:true")),
          //language=java
          java(
            """
              import java.util.Objects;

              class Key {
                  String name;
                  long id;

                  @Override
                  public int hashCode() {
                      int first = Objects.hash(name, id);
                      /* a block comment
                         over two lines */
                      int second =
                          Objects.hash(id, name);
                      return first ^ second;
                  }

                  int slow() { return Objects.hash(name.trim(), id); }

                  static class Inner {
                      int size;

                      @Override
                      public int hashCode() {
                          return Objects.hash(size, size);
                      }
                  }
              }
              """,
            """
              import java.util.Objects;

              class Key {
                  String name;
                  long id;

                  @Override
                  public int hashCode() {
                      int first = 31 * (31 + Objects.hashCode(name)) + Long.hashCode(id);
                      /* a block comment
                         over two lines */
                      int second =
                          31 * (31 + Long.hashCode(id)) + Objects.hashCode(name);
                      return first ^ second;
                  }

                  int slow() { return Objects.hash(name.trim(), id); }

                  static class Inner {
                      int size;

                      @Override
                      public int hashCode() {
                          return 31 * (31 + Integer.hashCode(size)) + Integer.hashCode(size);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void aCrlfFileCountsItsLinesAlike() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::getLine).containsExactly(6)),
          java(
            "import java.util.Objects;\r\n\r\nclass Key {\r\n    String name;\r\n    public int hashCode() {\r\n" +
            "        return Objects.hash(name, name);\r\n    }\r\n}\r\n",
            "import java.util.Objects;\r\n\r\nclass Key {\r\n    String name;\r\n    public int hashCode() {\r\n" +
            "        return 31 * (31 + Objects.hashCode(name)) + Objects.hashCode(name);\r\n    }\r\n}\r\n"
          )
        );
    }
}

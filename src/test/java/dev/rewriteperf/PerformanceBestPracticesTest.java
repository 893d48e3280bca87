package dev.rewriteperf;

import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.ExecutionContext;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.SourceFile;
import org.openrewrite.config.Environment;
import org.openrewrite.config.RecipeDescriptor;
import org.openrewrite.internal.InMemoryLargeSourceSet;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.RemoveUnusedImports;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.srcMainJava;
import static org.openrewrite.java.Assertions.srcTestJava;
import static org.openrewrite.java.Assertions.version;
import static org.openrewrite.maven.Assertions.pomXml;

class PerformanceBestPracticesTest implements RewriteTest {

    private static final Environment ENVIRONMENT = Environment.builder()
      .scanRuntimeClasspath("dev.rewriteperf")
      .build();

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(ENVIRONMENT.activateRecipes("dev.rewriteperf.PerformanceBestPractices"));
    }

    /**
     * Issue 31's four shapes through the umbrella, in a Java 8 library whose profile for IDEs makes Maven on JDK 17
     * compile it for 17: the byte read keeps its Java 8 form, the map filled by two loops keeps its default table, the
     * regex used three times in a method is precompiled for none of them as one line would outgrow the file, and the
     * format appended to a builder becomes appends.
     */
    @Test
    void issue31sShapesInAJava8LibraryBuiltOnJdk17() {
        rewriteRun(
          //language=xml
          pomXml(
            """
              <project>
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>com.example</groupId>
                  <artifactId>library</artifactId>
                  <version>1.0</version>
                  <properties>
                      <javac.src.version>1.8</javac.src.version>
                  </properties>
                  <build>
                      <plugins>
                          <plugin>
                              <artifactId>maven-compiler-plugin</artifactId>
                              <configuration>
                                  <source>${javac.src.version}</source>
                                  <target>${javac.src.version}</target>
                              </configuration>
                          </plugin>
                      </plugins>
                  </build>
                  <profiles>
                      <profile>
                          <id>java17</id>
                          <activation>
                              <jdk>17</jdk>
                          </activation>
                          <build>
                              <plugins>
                                  <plugin>
                                      <artifactId>maven-compiler-plugin</artifactId>
                                      <configuration>
                                          <release>17</release>
                                      </configuration>
                                  </plugin>
                              </plugins>
                          </build>
                      </profile>
                  </profiles>
              </project>
              """
          ),
          srcMainJava(version(java(
            """
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;

              class Library {
                  static int readInt(byte[] b, int off) {
                      return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
                  }

                  static Map<String, String> merged(List<String> defaults, List<String> overrides) {
                      Map<String, String> merged = new HashMap<>();
                      for (String key : defaults) {
                          merged.put(key, key);
                      }
                      for (String key : overrides) {
                          merged.put(key, key);
                      }
                      return merged;
                  }

                  static String clean(String name, String value, String headerLineFromTheRemotePeerWithPadding) {
                      String a = name.replaceFirst("^\\s+", "");
                      String b = headerLineFromTheRemotePeerWithPadding.trim().toLowerCase().replaceFirst("^\\s+", "");
                      String c = value.trim().toLowerCase(java.util.Locale.ROOT).concat(name).replaceFirst("^\\s+", "");
                      return a + b + c;
                  }

                  static String row(List<String> keys) {
                      StringBuilder sb = new StringBuilder();
                      for (String key : keys) {
                          sb.append(String.format("%s;", key));
                      }
                      return sb.toString();
                  }
              }
              """,
            """
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;

              class Library {
                  static int readInt(byte[] b, int off) {
                      return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
                  }

                  static Map<String, String> merged(List<String> defaults, List<String> overrides) {
                      Map<String, String> merged = new HashMap<>();
                      for (String key : defaults) {
                          merged.put(key, key);
                      }
                      for (String key : overrides) {
                          merged.put(key, key);
                      }
                      return merged;
                  }

                  static String clean(String name, String value, String headerLineFromTheRemotePeerWithPadding) {
                      String a = name.replaceFirst("^\\s+", "");
                      String b = headerLineFromTheRemotePeerWithPadding.trim().toLowerCase().replaceFirst("^\\s+", "");
                      String c = value.trim().toLowerCase(java.util.Locale.ROOT).concat(name).replaceFirst("^\\s+", "");
                      return a + b + c;
                  }

                  static String row(List<String> keys) {
                      StringBuilder sb = new StringBuilder();
                      for (String key : keys) {
                          sb.append(key).append(';');
                      }
                      return sb.toString();
                  }
              }
              """,
            spec -> spec.path("src/main/java/Library.java")), 17))
        );
    }

    @Test
    void umbrellaIncludesEveryRecipeOfThePack() {
        List<String> included = new ArrayList<>();
        collectNames(ENVIRONMENT.activateRecipes("dev.rewriteperf.PerformanceBestPractices").getDescriptor(), included);
        List<String> declared = new ArrayList<>();
        for (RecipeDescriptor descriptor : ENVIRONMENT.listRecipeDescriptors()) {
            if (PackStructureTest.isPackRecipe(descriptor.getName()) && descriptor.getRecipeList().isEmpty()) {
                declared.add(descriptor.getName());
            }
        }
        assertThat(declared).isNotEmpty();
        assertThat(included).containsAll(declared);
    }

    @Test
    void umbrellaRunsTheFamiliesRecipesInTheirOrder() {
        List<String> families = new ArrayList<>();
        for (String family : new String[]{"collections.RightSizedCollections", "caches.ClassValueCaches",
          "streams.PreSizedLoops", "bytes.VarHandleByteAccess", "buffers.ReusableBuffers", "hotpaths.HotPathIdioms"}) {
            collectNames(ENVIRONMENT.activateRecipes("dev.rewriteperf." + family).getDescriptor(), families);
        }
        List<String> umbrella = new ArrayList<>();
        collectNames(ENVIRONMENT.activateRecipes("dev.rewriteperf.PerformanceBestPractices").getDescriptor(), umbrella);
        families.removeIf(name -> !isLeaf(name));
        umbrella.removeIf(name -> !isLeaf(name));
        assertThat(umbrella).isNotEmpty().containsExactlyElementsOf(families);
    }

    @Test
    void everyRecipeExplainsItselfForDiscover() {
        for (RecipeDescriptor descriptor : ENVIRONMENT.listRecipeDescriptors()) {
            if (!descriptor.getName().startsWith("dev.rewriteperf.")) {
                continue;
            }
            assertThat(descriptor.getDisplayName()).as(descriptor.getName()).isNotBlank().doesNotEndWith(".");
            assertThat(descriptor.getDescription()).as(descriptor.getName()).endsWith(".");
            assertThat(descriptor.getTags()).as(descriptor.getName()).contains("performance");
        }
    }

    @Test
    void imperativeRecipesShareTheCandidatesTable() {
        for (Recipe recipe : ENVIRONMENT.listRecipes()) {
            if (PackStructureTest.isPackRecipe(recipe.getName()) && recipe.getRecipeList().isEmpty()) {
                assertThat(recipe.getDataTableDescriptors()).as(recipe.getName())
                  .anyMatch(table -> table.getName().equals("dev.rewriteperf.table.PerformanceCandidates"));
            }
        }
    }

    @Test
    void umbrellaRewritesTheSampleShapesTogether() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Report {
                    List<String> names(Map<String, Integer> counts) {
                        Map<String, Integer> copy = new HashMap<>(counts.size());
                        copy.putAll(counts);
                        List<String> names = new ArrayList<>();
                        for (String name : copy.keySet()) {
                            names.add(name);
                        }
                        return names;
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Report {
                    List<String> names(Map<String, Integer> counts) {
                        Map<String, Integer> copy = HashMap.newHashMap(counts.size());
                        copy.putAll(counts);
                        List<String> names = new ArrayList<>(copy.size());
                        for (String name : copy.keySet()) {
                            names.add(name);
                        }
                        return names;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void onJava8EachSpotIsReportedOnceEvenWhenOneRecipeRewritesIntoAnothersPattern() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getRecipe)
              .containsExactly("dev.rewriteperf.collections.SizeHashCollectionsForElementCount")),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Positions {
                    Map<String, Integer> index(String[] ids, Map<String, Integer> previousPositionsOfTheSameIds) {
                        Map<String, Integer> positions = new HashMap<>(ids.length);
                        for (int i = 0; i < ids.length; i++) {
                            positions.put(ids[i], i);
                        }
                        return positions;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Positions {
                    Map<String, Integer> index(String[] ids, Map<String, Integer> previousPositionsOfTheSameIds) {
                        Map<String, Integer> positions = new HashMap<>((int) Math.ceil(ids.length / 0.75));
                        for (int i = 0; i < ids.length; i++) {
                            positions.put(ids[i], i);
                        }
                        return positions;
                    }
                }
                """
            ),
            8
          )
        );
    }

    /**
     * A row's line is the line in the file as the run found it, where a reviewer, a code-scanning tool and the report's
     * diff hunks look for it, though the recipes before it removed an import (the format's {@code Locale}) or added a
     * field (the regex's {@code Pattern}): a later recipe sees the file as they left it.
     */
    @Test
    void everyRowIsOnItsLineInTheFileAsTheRunFoundIt() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(row -> row.getLine() + " " + row.getRecipe().substring(row.getRecipe().lastIndexOf('.') + 1))
              .containsExactlyInAnyOrder("7 ReplaceStringFormatWithConcatenation", "11 PrecompileConstantRegex",
                "15 PreSizeCollectionFilledByLoop", "23 PreSizeCollectionFilledByLoop")),
          java(
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Locale;

              class Lines {
                  String cell(int n) {
                      return String.format(Locale.ROOT, "%d", n);
                  }

                  String[] cells(String line) {
                      return line.split("[;,]+");
                  }

                  List<String> names(List<String> ids) {
                      List<String> names = new ArrayList<>();
                      for (String id : ids) {
                          names.add(id.trim());
                      }
                      return names;
                  }

                  List<String> codes(List<String> ids) {
                      List<String> codes = new ArrayList<>();
                      for (String id : ids) {
                          codes.add(id.toUpperCase());
                      }
                      return codes;
                  }
              }
              """,
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.regex.Pattern;

              class Lines {
                  private static final Pattern SEMICOLON_OR_COMMA = Pattern.compile("[;,]+");

                  String cell(int n) {
                      return String.valueOf(n);
                  }

                  String[] cells(String line) {
                      return SEMICOLON_OR_COMMA.split(line);
                  }

                  List<String> names(List<String> ids) {
                      List<String> names = new ArrayList<>(ids.size());
                      for (String id : ids) {
                          names.add(id.trim());
                      }
                      return names;
                  }

                  List<String> codes(List<String> ids) {
                      List<String> codes = new ArrayList<>(ids.size());
                      for (String id : ids) {
                          codes.add(id.toUpperCase());
                      }
                      return codes;
                  }
              }
              """
          )
        );
    }

    /**
     * The same with a recipe of the user's run before the pack's ({@code RemoveUnusedImports} drops the first line):
     * the umbrella's scan keeps each file as the run found it, before any recipe, so its rows keep the lines the
     * reviewer's file has.
     */
    @Test
    void aRecipeBeforeThePacksDoesNotMoveItsRows() {
        rewriteRun(
          spec -> spec.recipes(new RemoveUnusedImports(), new PerformanceBestPractices())
            .dataTable(PerformanceCandidates.Row.class, rows ->
              assertThat(rows).extracting(row -> row.getLine() + " " + row.isChanged()).containsExactly("7 true")),
          java(
            """
              import java.util.Set;
              import java.util.List;
              import java.util.ArrayList;

              class Names {
                  List<String> names(List<String> ids) {
                      List<String> names = new ArrayList<>();
                      for (String id : ids) {
                          names.add(id.trim());
                      }
                      return names;
                  }
              }
              """,
            """
              import java.util.List;
              import java.util.ArrayList;

              class Names {
                  List<String> names(List<String> ids) {
                      List<String> names = new ArrayList<>(ids.size());
                      for (String id : ids) {
                          names.add(id.trim());
                      }
                      return names;
                  }
              }
              """
          )
        );
    }

    /**
     * kryo's three modules compile one {@code src/}, so a run parses each of its files three times, under one path:
     * each copy's rows are on the line of its own file as found (they were at line 0 for two of them).
     */
    @Test
    void aFileSeveralModulesParseHasEachCopysRowsOnTheirLines() {
        //language=java
        String source = """
          import java.util.ArrayList;
          import java.util.List;

          class Names {
              List<String> names(List<String> ids) {
                  List<String> names = new ArrayList<>();
                  for (String id : ids) {
                      names.add(id.trim());
                  }
                  return names;
              }
          }
          """;
        ExecutionContext ctx = new InMemoryExecutionContext(e -> {
            throw new AssertionError(e);
        });
        List<SourceFile> copies = Stream.concat(JavaParser.fromJavaVersion().build().parse(ctx, source),
          JavaParser.fromJavaVersion().build().parse(ctx, source)).collect(Collectors.toList());
        assertThat(copies).hasSize(2).extracting(SourceFile::getSourcePath).containsOnly(copies.get(0).getSourcePath());
        List<PerformanceCandidates.Row> rows = new PerformanceBestPractices().run(new InMemoryLargeSourceSet(copies), ctx)
          .getDataTableRows(PerformanceCandidates.class);
        assertThat(rows).extracting(PerformanceCandidates.Row::getLine).containsExactly(6, 6);
    }

    //language=java
    private static final String SIZED_BY_ARRAY_BEFORE = """
      import java.util.HashMap;
      import java.util.Map;

      class Positions {
          Map<String, Integer> index(String[] ids) {
              Map<String, Integer> positions = new HashMap<>(ids.length);
              for (int i = 0; i < ids.length; i++) {
                  positions.put(ids[i], i);
              }
              return positions;
          }
      }
      """;

    //language=java
    private static final String SIZED_BY_ARRAY_AFTER = """
      import java.util.HashMap;
      import java.util.Map;

      class Positions {
          Map<String, Integer> index(String[] ids) {
              Map<String, Integer> positions = HashMap.newHashMap(ids.length);
              for (int i = 0; i < ids.length; i++) {
                  positions.put(ids[i], i);
              }
              return positions;
          }
      }
      """;

    @Test
    void mainCodeIsRewrittenAndTestCodeLeftAloneAndUnlisted() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getSourcePath).containsExactly("src/main/java/Positions.java")),
          srcMainJava(version(java(SIZED_BY_ARRAY_BEFORE, SIZED_BY_ARRAY_AFTER), 21)),
          srcTestJava(version(java(SIZED_BY_ARRAY_BEFORE.replace("Positions", "PositionsTest")), 21))
        );
    }

    @Test
    void mainCodeThatUsesATestFrameworkIsLeftAlone() {
        rewriteRun(
          spec -> spec.parser(JavaParser.fromJavaVersion().classpath("junit-jupiter-api")),
          srcMainJava(version(java(
            //language=java
            """
              import java.util.HashMap;
              import java.util.Map;

              import org.junit.jupiter.api.Assertions;

              class Fixtures {
                  Map<String, Integer> index(String[] ids) {
                      Map<String, Integer> positions = new HashMap<>(ids.length);
                      Assertions.assertNotNull(ids);
                      return positions;
                  }
              }
              """), 21))
        );
    }

    @Test
    void testCodeIsRewrittenWhenOptedIn() {
        rewriteRun(
          spec -> spec.recipe(ENVIRONMENT.activateRecipes("dev.rewriteperf.PerformanceBestPracticesIncludingTests")),
          srcTestJava(version(java(SIZED_BY_ARRAY_BEFORE, SIZED_BY_ARRAY_AFTER), 21))
        );
    }

    @Test
    void optInCompositeHasExactlyTheUmbrellasRecipes() {
        List<String> umbrella = new ArrayList<>();
        collectNames(ENVIRONMENT.activateRecipes("dev.rewriteperf.PerformanceBestPractices").getDescriptor(), umbrella);
        List<String> includingTests = new ArrayList<>();
        collectNames(ENVIRONMENT.activateRecipes("dev.rewriteperf.PerformanceBestPracticesIncludingTests").getDescriptor(), includingTests);
        umbrella.removeIf(name -> !isLeaf(name));
        includingTests.removeIf(name -> !isLeaf(name));
        assertThat(includingTests).isNotEmpty().containsExactlyInAnyOrderElementsOf(umbrella);
    }

    /** The pack's recipes without a recipe list, listed once: listing every recipe of the classpath is costly. */
    private static final Set<String> LEAVES = ENVIRONMENT.listRecipeDescriptors().stream()
      .filter(descriptor -> PackStructureTest.isPackRecipe(descriptor.getName()) && descriptor.getRecipeList().isEmpty())
      .map(RecipeDescriptor::getName)
      .collect(Collectors.toSet());

    private static boolean isLeaf(String name) {
        return LEAVES.contains(name);
    }

    private static void collectNames(RecipeDescriptor descriptor, List<String> names) {
        names.add(descriptor.getName());
        for (RecipeDescriptor child : descriptor.getRecipeList()) {
            collectNames(child, names);
        }
    }
}

package dev.rewriteperf.hotpaths;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CandidateRows;
import dev.rewriteperf.CompiledBenchmark;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.profile.Spots;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;

class ReuseEnumValuesArrayTest implements RewriteTest {

    private static final String BENCHMARK = "dev.rewriteperf.benchmarks.hotpaths.reuseenumvaluesarray.Before";

    @TempDir
    Path dir;

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new ReuseEnumValuesArray());
    }

    /** A recipe whose profile marks {@code rows} (class,method,descriptor) hot: 20 % of the sampled allocation each. */
    private ReuseEnumValuesArray hot(String... methods) throws IOException {
        StringBuilder table = new StringBuilder("class,method,descriptor,sampledBytes,share,cpuShare,topTypes\n");
        for (String method : methods) {
            table.append(method).append(",8000,0.2000,0.0000,\"\"\n");
        }
        Path csv = dir.resolve("hot-methods.csv");
        Files.write(csv, table.toString().getBytes(StandardCharsets.UTF_8));
        return Spots.gated(new ReuseEnumValuesArray(), ProfileGate.of(csv.toString(), null));
    }

    @DocumentExample
    @Test
    void aLoopOverValuesInAHotMethodReadsOneArray() throws IOException {
        ReuseEnumValuesArray recipe = hot(BENCHMARK + ",of,(Ljava/lang/String;)L" + BENCHMARK.replace('.', '/') + ";");
        rewriteRun(
          spec -> spec.recipe(recipe).dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement()
            .satisfies(row -> assertThat(row.isChanged()).isTrue())),
          BenchmarkSources.beforeBecomes("hotpaths/reuseenumvaluesarray", "After")
        );
    }

    @Test
    void keepsCrlfAndTabs() throws IOException {
        ReuseEnumValuesArray recipe = hot(BENCHMARK + ",of,(Ljava/lang/String;)L" + BENCHMARK.replace('.', '/') + ";");
        rewriteRun(spec -> spec.recipe(recipe), BenchmarkSources.beforeBecomesWithCrlfAndTabs("hotpaths/reuseenumvaluesarray", "After"));
    }

    @Test
    void withoutAProfileTheCallsAreListedOnly() {
        rewriteRun(
          CandidateRows.leftAloneBecause("rewritten only in methods a profile marks hot (option hotMethods)"),
          BenchmarkSources.beforeIsLeftAlone("hotpaths/reuseenumvaluesarray")
        );
    }

    @Test
    void aLoopOutsideTheEnumReadsAFieldOfItsClass() throws IOException {
        ReuseEnumValuesArray recipe = hot("Palette,count,(Ljava/lang/String;)I");
        rewriteRun(
          spec -> spec.recipe(recipe),
          //language=java
          java(
            """
              class Palette {
                  enum Color { RED, GREEN, BLUE }

                  static int count(String prefix) {
                      int count = 0;
                      for (Color color : Color.values()) {
                          count += color.name().startsWith(prefix) ? 1 : 0;
                      }
                      return count + Color.values().length;
                  }
              }
              """,
            """
              class Palette {
                  private static final Color[] COLOR_VALUES = Color.values();

                  enum Color { RED, GREEN, BLUE }

                  static int count(String prefix) {
                      int count = 0;
                      for (Color color : COLOR_VALUES) {
                          count += color.name().startsWith(prefix) ? 1 : 0;
                      }
                      return count + COLOR_VALUES.length;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotShareAnArrayThatIsPassedOnReturnedOrWritten() throws IOException {
        ReuseEnumValuesArray recipe = hot("Level,sorted,()[LLevel;", "Level,all,()[LLevel;", "Level,first,()LLevel;");
        rewriteRun(
          spec -> spec.recipe(recipe).dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::getReason).containsOnly(
              "the array is passed on, returned, stored or written: a shared copy could be changed")
            .hasSize(3)),
          //language=java
          java(
            """
              import java.util.Arrays;

              enum Level {
                  LOW, HIGH;

                  static Level[] sorted() {
                      Level[] levels = values();
                      Arrays.sort(levels);
                      return levels;
                  }

                  static Level[] all() {
                      return values();
                  }

                  static Level first() {
                      values()[0] = HIGH;
                      return LOW;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotAddAFieldWhereCreatingTheConstantsCallsMethods() throws IOException {
        ReuseEnumValuesArray recipe = hot("Unit,of,(Ljava/lang/String;)LUnit;");
        rewriteRun(
          spec -> CandidateRows.leftAloneBecause("creating the enum's constants calls methods").accept(spec.recipe(recipe)),
          //language=java
          java(
            """
              enum Unit {
                  SECONDS("s"), MINUTES("m");

                  private final String symbol;

                  Unit(String symbol) {
                      this.symbol = symbol.trim();
                  }

                  static Unit of(String symbol) {
                      for (Unit unit : values()) {
                          if (unit.symbol.equals(symbol)) {
                              return unit;
                          }
                      }
                      return null;
                  }
              }
              """
          )
        );
    }

    @Test
    void leavesColdMethodsAlone() throws IOException {
        ReuseEnumValuesArray recipe = hot("Elsewhere,run,()V");
        rewriteRun(
          spec -> CandidateRows.leftAloneBecause("cold: ").accept(spec.recipe(recipe)),
          BenchmarkSources.beforeIsLeftAlone("hotpaths/reuseenumvaluesarray")
        );
    }

    @Test
    void doesNotAddAFieldToAClassWhoseSuperclassListsItsFields() throws IOException {
        ReuseEnumValuesArray recipe = hot("Report,total,()I");
        rewriteRun(
          spec -> CandidateRows.leftAloneBecause("`getClass().getDeclaredFields()` lists the class's declared fields")
            .accept(spec.recipe(recipe)),
          //language=java
          java(
            """
              abstract class Printable {
                  int fieldCount() {
                      return getClass().getDeclaredFields().length;
                  }
              }
              """
          ),
          //language=java
          java(
            """
              class Report extends Printable {
                  enum Level { LOW, HIGH }

                  int total() {
                      int total = 0;
                      for (Level level : Level.values()) {
                          total += level.ordinal();
                      }
                      return total;
                  }
              }
              """
          )
        );
    }

    /**
     * The benchmark's {@code Before} (the test input) and {@code After} (the recipe's output), compiled: the same
     * constant, or the same exception, for generated names (the constants, other cases, look-alikes, null), and the
     * shared array still holds every constant in order after many lookups.
     */
    @Test
    void theSameConstantOnGeneratedNames() throws Exception {
        CompiledBenchmark compiled = CompiledBenchmark.of("hotpaths/reuseenumvaluesarray");
        Method before = compiled.type("Before").getMethod("of", String.class);
        Method after = compiled.type("After").getMethod("of", String.class);
        String[] words = {"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get", "Post", "TRACE", "", " GET"};
        Random random = new Random(19);
        for (int n = 0; n < 2_000; n++) {
            String name = n == 0 ? null : random.nextInt(4) == 0
                    ? words[random.nextInt(words.length)] + words[random.nextInt(words.length)]
                    : new String(words[random.nextInt(words.length)]);
            assertThat(outcome(after, name)).as("name %s", name).isEqualTo(outcome(before, name));
        }
        Object[] constants = (Object[]) compiled.type("After").getMethod("values").invoke(null);
        for (int i = 0; i < constants.length; i++) {
            assertThat(after.invoke(null, ((Enum<?>) constants[i]).name())).isSameAs(constants[i]);
        }
    }

    /** A constant by its name and ordinal (the two enums are different classes), or the exception's class and message. */
    private static String outcome(Method method, String name) {
        Object result = CompiledBenchmark.outcome(method, name);
        if (result instanceof Throwable) {
            return result.getClass().getName() + ": " + ((Throwable) result).getMessage();
        }
        return ((Enum<?>) result).name() + "/" + ((Enum<?>) result).ordinal();
    }

    @Test
    void anEnumNestedInANestedClassIsNamedFromTheTopLevelClass() throws IOException {
        ReuseEnumValuesArray recipe = hot("Outer,count,()I");
        rewriteRun(
          spec -> spec.recipe(recipe),
          //language=java
          java(
            """
              class Outer {
                  static class Inner {
                      enum Mode { A, B }

                      static int count() {
                          int n = 0;
                          for (Mode m : Mode.values()) {
                              n += m.ordinal();
                          }
                          return n;
                      }
                  }
              }
              """,
            """
              class Outer {
                  private static final Inner.Mode[] MODE_VALUES = Inner.Mode.values();

                  static class Inner {
                      enum Mode { A, B }

                      static int count() {
                          int n = 0;
                          for (Mode m : MODE_VALUES) {
                              n += m.ordinal();
                          }
                          return n;
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void aJdkEnumsArrayIsAFieldOfTheTopLevelClass() throws IOException {
        ReuseEnumValuesArray recipe = hot("Units,shortest,()Ljava/util/concurrent/TimeUnit;");
        rewriteRun(
          spec -> spec.recipe(recipe),
          //language=java
          java(
            """
              import java.util.concurrent.TimeUnit;

              class Units {
                  static TimeUnit shortest() {
                      return TimeUnit.values()[0];
                  }
              }
              """,
            """
              import java.util.concurrent.TimeUnit;

              class Units {
                  private static final TimeUnit[] TIME_UNIT_VALUES = TimeUnit.values();

                  static TimeUnit shortest() {
                      return TIME_UNIT_VALUES[0];
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotShareAnArrayWhoseConstantsRunCodeOrThatIsCalledOnAnExpressionOrDeclaredElsewhere() throws IOException {
        ReuseEnumValuesArray recipe = hot("Settings,total,(LSettings$Size;)I", "Report,count,()I");
        rewriteRun(
          spec -> spec.recipe(recipe).dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::getReason).containsExactly(
              "creating the enum's constants runs code of its own (arguments, bodies, a constructor or field " +
              "initialisers), which could read fields of this class before they are set",
              "`values()` is called on an expression, not on the enum's name: the field could not be initialised so",
              "the enum is declared in another file: whether creating its constants reads fields of this class " +
              "(initialised later than the array) cannot be seen")),
          //language=java
          java(
            """
              class Settings {
                  static final int SCALE = Integer.getInteger("scale", 2);

                  enum Size {
                      SMALL(1), LARGE(10);

                      final int px;

                      Size(int n) {
                          px = n * SCALE;
                      }
                  }

                  static int total(Size any) {
                      int t = 0;
                      for (Size s : Size.values()) {
                          t += s.px;
                      }
                      return t + any.values().length;
                  }
              }
              """
          ),
          //language=java
          java(
            """
              enum Level { LOW, HIGH }
              """
          ),
          //language=java
          java(
            """
              class Report {
                  static int count() {
                      int n = 0;
                      for (Level level : Level.values()) {
                          n += level.ordinal();
                      }
                      return n;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotShareAnotherEnumsArrayWhoseStaticFieldsReadTheClass() throws IOException {
        ReuseEnumValuesArray recipe = hot("Outer,total,()I");
        rewriteRun(
          spec -> CandidateRows.leftAloneBecause("creating the enum's constants runs code of its own").accept(spec.recipe(recipe)),
          //language=java
          java(
            """
              class Outer {
                  static final int SCALE = Integer.getInteger("scale", 2);

                  enum Size {
                      SMALL, LARGE;

                      static final int FACTOR = SCALE * 10;
                  }

                  static int total() {
                      int t = 0;
                      for (Size s : Size.values()) {
                          t += s.ordinal() * Size.FACTOR;
                      }
                      return t;
                  }
              }
              """
          )
        );
    }

    @Test
    void theEnumsOwnQualifiedAndUnqualifiedCallsShareOneArray() throws IOException {
        ReuseEnumValuesArray recipe = hot("Mode,count,()I");
        rewriteRun(
          spec -> spec.recipe(recipe),
          //language=java
          java(
            """
              enum Mode {
                  A, B;

                  static int count() {
                      return values().length + Mode.values().length;
                  }
              }
              """,
            """
              enum Mode {
                  A, B;

                  private static final Mode[] VALUES = values();

                  static int count() {
                      return VALUES.length + VALUES.length;
                  }
              }
              """
          )
        );
    }
}

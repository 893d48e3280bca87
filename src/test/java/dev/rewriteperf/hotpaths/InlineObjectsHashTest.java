package dev.rewriteperf.hotpaths;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CandidateRows;
import dev.rewriteperf.Checkstyle;
import dev.rewriteperf.CompiledSource;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.java.JavaParser;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

import java.lang.reflect.Method;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class InlineObjectsHashTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new InlineObjectsHash());
    }

    @DocumentExample
    @Test
    void aHashCodeOfFieldsIsComputedWithoutTheArray() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement().satisfies(row -> {
              assertThat(row.isChanged()).isTrue();
              assertThat(row.getLocation()).isEqualTo("Before#hashCode");
          })),
          BenchmarkSources.beforeBecomes("hotpaths/inlineobjectshash", "After")
        );
    }

    @Test
    void keepsCrlfAndTabs() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("hotpaths/inlineobjectshash", "After"));
    }

    /** One field hashed in {@code hashCode()}: where Checkstyle's MagicNumber and its ignoreHashCodeMethod apply. */
    //language=java
    private static final String KEY_HASH = """
      import java.util.Objects;

      class Key {
          String name;

          @Override
          public int hashCode() {
              return Objects.hash(name);
          }
      }
      """;

    //language=java
    private static final String EVERY_TYPE_BEFORE = """
      import java.util.Objects;

      class Hashes {
          // Every primitive type and an object, hashed as Objects.hash hashes them: through their boxes, null as 0.
          static int of(boolean z, byte b, char c, short s, int i, long j, float f, double d, Object o, int unused) {
              int first = Objects.hash(z, b, c);
              int second = Objects.hash(s, i, j);
              int third = Objects.hash(f, d, o);
              return first ^ second * third + Objects.hash(o) * -1 + (int) (long) Objects.hash(j);
          }
      }
      """;

    //language=java
    private static final String EVERY_TYPE_AFTER = """
      import java.util.Objects;

      class Hashes {
          // Every primitive type and an object, hashed as Objects.hash hashes them: through their boxes, null as 0.
          static int of(boolean z, byte b, char c, short s, int i, long j, float f, double d, Object o, int unused) {
              int first = 31 * (31 * (31 + Boolean.hashCode(z)) + Byte.hashCode(b)) + Character.hashCode(c);
              int second = 31 * (31 * (31 + Short.hashCode(s)) + Integer.hashCode(i)) + Long.hashCode(j);
              int third = 31 * (31 * (31 + Float.hashCode(f)) + Double.hashCode(d)) + Objects.hashCode(o);
              return first ^ second * third + (31 + Objects.hashCode(o)) * -1 + (int) (long) (31 + Long.hashCode(j));
          }
      }
      """;

    @Test
    void primitivesHashAsTheirBoxesAndOperandsAreParenthesised() {
        rewriteRun(java(EVERY_TYPE_BEFORE, EVERY_TYPE_AFTER));
    }

    /** The written-out hash equals the call's for every input, nulls, NaN, -0.0 and extremes included. */
    @Test
    void theSameHashOnGeneratedInputs() throws Exception {
        Method before = CompiledSource.load("Hashes", EVERY_TYPE_BEFORE, 8).getDeclaredMethod("of", boolean.class, byte.class,
          char.class, short.class, int.class, long.class, float.class, double.class, Object.class, int.class);
        Method after = CompiledSource.load("Hashes", EVERY_TYPE_AFTER, 8).getDeclaredMethod("of", boolean.class, byte.class,
          char.class, short.class, int.class, long.class, float.class, double.class, Object.class, int.class);
        before.setAccessible(true);
        after.setAccessible(true);
        Random random = new Random(19);
        float[] floats = {Float.NaN, -0.0f, 0.0f, Float.MAX_VALUE, Float.NEGATIVE_INFINITY};
        double[] doubles = {Double.NaN, -0.0, 0.0, Double.MIN_VALUE, Double.POSITIVE_INFINITY};
        Object[] objects = {null, "", "sku-1", 42, java.util.Arrays.asList(1, 2), Thread.State.NEW};
        for (int n = 0; n < 2_000; n++) {
            Object[] args = {random.nextBoolean(), (byte) random.nextInt(), (char) random.nextInt(), (short) random.nextInt(),
              random.nextInt(), random.nextLong(), n < 500 ? floats[n % floats.length] : random.nextFloat() * 1e6f,
              n < 500 ? doubles[n % doubles.length] : random.nextGaussian() * 1e9, objects[n % objects.length], n};
            assertThat(after.invoke(null, args)).as("inputs %s", java.util.Arrays.toString(args)).isEqualTo(before.invoke(null, args));
        }
    }

    @Test
    void aNullValueIsHashedAsNull() {
        rewriteRun(
          //language=java
          java(
            """
              import java.util.Objects;

              class Nulls {
                  static int of(String a) {
                      return Objects.hash(null, a);
                  }
              }
              """,
            """
              import java.util.Objects;

              class Nulls {
                  static int of(String a) {
                      return 31 * (31 + Objects.hashCode(null)) + Objects.hashCode(a);
                  }
              }
              """
          )
        );
    }

    @Test
    void aStaticImportBecomesTheClassImport() {
        rewriteRun(
          //language=java
          java(
            """
              import static java.util.Objects.hash;

              class Key {
                  private final String a;
                  private final int b;

                  Key(String a, int b) {
                      this.a = a;
                      this.b = b;
                  }

                  @Override
                  public int hashCode() {
                      return hash(a, b);
                  }
              }
              """,
            """
              import java.util.Objects;

              class Key {
                  private final String a;
                  private final int b;

                  Key(String a, int b) {
                      this.a = a;
                      this.b = b;
                  }

                  @Override
                  public int hashCode() {
                      return 31 * (31 + Objects.hashCode(a)) + Integer.hashCode(b);
                  }
              }
              """
          )
        );
    }

    /** neo4j's spotless check rejected an import that only the call had used. */
    @Test
    void anImportNoLongerUsedIsRemoved() {
        rewriteRun(
          //language=java
          java(
            """
              import java.util.Objects;

              class Version {
                  private final int major;
                  private final int minor;

                  Version(int major, int minor) {
                      this.major = major;
                      this.minor = minor;
                  }

                  @Override
                  public int hashCode() {
                      return Objects.hash(minor, major);
                  }
              }
              """,
            """
              class Version {
                  private final int major;
                  private final int minor;

                  Version(int major, int minor) {
                      this.major = major;
                      this.minor = minor;
                  }

                  @Override
                  public int hashCode() {
                      return 31 * (31 + Integer.hashCode(minor)) + Integer.hashCode(major);
                  }
              }
              """
          )
        );
    }

    @Test
    void aProjectValueFollowedByFinalFieldsIsRewritten() {
        rewriteRun(
          //language=java
          java(
            """
              import java.util.Objects;

              class Line {
                  private final Line parent;
                  private final int number;

                  Line(Line parent, int number) {
                      this.parent = parent;
                      this.number = number;
                  }

                  @Override
                  public int hashCode() {
                      return Objects.hash(parent, number);
                  }
              }
              """,
            """
              import java.util.Objects;

              class Line {
                  private final Line parent;
                  private final int number;

                  Line(Line parent, int number) {
                      this.parent = parent;
                      this.number = number;
                  }

                  @Override
                  public int hashCode() {
                      return 31 * (31 + Objects.hashCode(parent)) + Integer.hashCode(number);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotRewriteCallsAsValues() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement().satisfies(row ->
            assertThat(row.getReason()).startsWith("`getName()` is not a variable, field or literal"))),
          //language=java
          java(
            """
              import java.util.Objects;

              class Person {
                  private String name;
                  private int age;

                  String getName() {
                      return name;
                  }

                  @Override
                  public int hashCode() {
                      return Objects.hash(getName(), age);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotRewriteASingleArrayWhichIsTheVarargsArrayItself() {
        rewriteRun(
          CandidateRows.leftAloneBecause("is the varargs array itself"),
          //language=java
          java(
            """
              import java.util.Objects;

              class Values {
                  static int of(Object[] values, String[] names) {
                      return Objects.hash(values) + Objects.hash(names) + Objects.hash((Object[]) null);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotRewriteMoreThanSixValuesOrNone() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactlyInAnyOrder("more than 6 values: written out, the hash would be harder to read than the call",
              "no values: the call returns 1 and allocates an empty array, a case too rare to rewrite")),
          //language=java
          java(
            """
              import java.util.Objects;

              class Wide {
                  static int of(int a, int b, int c, int d, int e, int f, int g) {
                      return Objects.hash(a, b, c, d, e, f, g) + Objects.hash();
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotRewriteAProjectValueBeforeAFieldItsHashCodeCouldChange() {
        rewriteRun(
          CandidateRows.leftAloneBecause("`owner` has a hashCode the project may define"),
          //language=java
          java(
            """
              import java.util.Objects;

              class Counter {
                  private final Counter owner;
                  private int count;

                  Counter(Counter owner) {
                      this.owner = owner;
                  }

                  @Override
                  public int hashCode() {
                      return Objects.hash(owner, count);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotRewriteVolatileFieldsOrAssignments() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).hasSize(2).allSatisfy(row ->
            assertThat(row.getReason()).contains("is not a variable, field or literal"))),
          //language=java
          java(
            """
              import java.util.Objects;

              class Flags {
                  private volatile int state;
                  private int calls;

                  int key(String name) {
                      return Objects.hash(name, state) + Objects.hash(name, calls++);
                  }
              }
              """
          )
        );
    }

    /** Guava's {@code Objects.hashCode(Object...)} is varargs: the written-out hash must not name it. */
    @Test
    void doesNotRewriteWhereObjectsNamesAnotherClass() {
        rewriteRun(
          spec -> CandidateRows.leftAloneBecause("`Objects` already names com.google.common.base.Objects in this file")
            .accept(spec.parser(JavaParser.fromJavaVersion().classpath("guava"))),
          //language=java
          java(
            """
              import com.google.common.base.Objects;

              import static java.util.Objects.hash;

              class Pair {
                  private final String a;
                  private final String b;

                  Pair(String a, String b) {
                      this.a = a;
                      this.b = b;
                  }

                  @Override
                  public int hashCode() {
                      return hash(a, b) + Objects.hashCode(a);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotImportObjectsWhereANestedClassHasItsName() {
        rewriteRun(
          CandidateRows.leftAloneBecause("`Objects` already names a class declared in this file"),
          //language=java
          java(
            """
              import static java.util.Objects.hash;

              class Pair {
                  private final String a;
                  private final String b;

                  Pair(String a, String b) {
                      this.a = a;
                      this.b = b;
                  }

                  @Override
                  public int hashCode() {
                      return hash(a, b);
                  }

                  static class Objects {
                      static int hashCode(Object value) {
                          return 7;
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotImportObjectsNextToOnDemandImports() {
        rewriteRun(
          CandidateRows.leftAloneBecause("could be shadowed through this file's on-demand imports"),
          //language=java
          java(
            """
              import java.util.*;

              import static java.util.Objects.hash;

              class Pair {
                  private final List<String> a;
                  private final String b;

                  Pair(List<String> a, String b) {
                      this.a = a;
                      this.b = b;
                  }

                  @Override
                  public int hashCode() {
                      return hash(a, b);
                  }
              }
              """
          )
        );
    }

    @Test
    void aFullyQualifiedCallStaysFullyQualified() {
        rewriteRun(
          //language=java
          java(
            """
              class Pair {
                  private final String a;
                  private final int b;

                  Pair(String a, int b) {
                      this.a = a;
                      this.b = b;
                  }

                  @Override
                  public int hashCode() {
                      return java.util.Objects.hash(a, b);
                  }
              }
              """,
            """
              class Pair {
                  private final String a;
                  private final int b;

                  Pair(String a, int b) {
                      this.a = a;
                      this.b = b;
                  }

                  @Override
                  public int hashCode() {
                      return 31 * (31 + java.util.Objects.hashCode(a)) + Integer.hashCode(b);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotWriteABoxANestedClassShadows() {
        rewriteRun(
          CandidateRows.leftAloneBecause("`Long` already names a class declared in this file"),
          //language=java
          java(
            """
              import java.util.Objects;

              class Account {
                  private String owner;
                  private long id;

                  @Override
                  public int hashCode() {
                      return Objects.hash(owner, id);
                  }

                  static class Long {
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotWriteBoxHashCodesForJava7() {
        rewriteRun(
          CandidateRows.leftAloneBecause("(Integer.hashCode(int)) needs Java 8, beyond Java 7: its build compiles it for Java 7"),
          //language=java
          version(java(
            """
              import java.util.Objects;

              class Account {
                  private String owner;
                  private long id;

                  @Override
                  public int hashCode() {
                      return Objects.hash(owner, id);
                  }
              }
              """
          ), 7)
        );
    }

    //language=java
    private static final String ROUTE_BEFORE = """
      import java.util.Objects;

      class Route {
          private String from;
          private String to;
          private long departure;
          private int platform;

          Route(String from, String to, long departure, int platform) {
              this.from = from;
              this.to = to;
              this.departure = departure;
              this.platform = platform;
          }

          @Override
          public int hashCode() {
              // every field equals() compares
              return Objects.hash(from, to, departure, platform);
          }
      }
      """;

    //language=java
    private static final String ROUTE_AFTER = """
      import java.util.Objects;

      class Route {
          private String from;
          private String to;
          private long departure;
          private int platform;

          Route(String from, String to, long departure, int platform) {
              this.from = from;
              this.to = to;
              this.departure = departure;
              this.platform = platform;
          }

          @Override
          public int hashCode() {
              // every field equals() compares
              int result = 31 + Objects.hashCode(from);
              result = 31 * result + Objects.hashCode(to);
              result = 31 * result + Long.hashCode(departure);
              result = 31 * result + Integer.hashCode(platform);
              return result;
          }
      }
      """;

    /** Written out on its line the hash would be 95 characters long, in a file of 80: one value a line instead. */
    @Test
    void aReturnedHashTooLongForItsLineIsWrittenOneValueALine() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).singleElement().satisfies(row -> {
              assertThat(row.isChanged()).isTrue();
              assertThat(row.getReplacement()).isEqualTo("int result = 31 + Objects.hashCode(from); " +
                "result = 31 * result + Objects.hashCode(to); result = 31 * result + Long.hashCode(departure); " +
                "result = 31 * result + Integer.hashCode(platform); return result;");
          })),
          java(ROUTE_BEFORE, ROUTE_AFTER)
        );
    }

    @Test
    void theSameHashOneValueALineOnGeneratedInputs() throws Exception {
        Class<?> before = CompiledSource.load("Route", ROUTE_BEFORE, 8);
        Class<?> after = CompiledSource.load("Route", ROUTE_AFTER, 8);
        java.lang.reflect.Constructor<?> beforeRoute = before.getDeclaredConstructor(String.class, String.class, long.class, int.class);
        java.lang.reflect.Constructor<?> afterRoute = after.getDeclaredConstructor(String.class, String.class, long.class, int.class);
        beforeRoute.setAccessible(true);
        afterRoute.setAccessible(true);
        Random random = new Random(23);
        String[] places = {null, "", "Basel SBB", "Zürich HB", "a\u0000b"};
        for (int n = 0; n < 2_000; n++) {
            Object[] args = {places[random.nextInt(places.length)], places[random.nextInt(places.length)],
              n % 7 == 0 ? Long.MIN_VALUE : random.nextLong(), n % 11 == 0 ? Integer.MAX_VALUE : random.nextInt()};
            assertThat(afterRoute.newInstance(args).hashCode()).as("inputs %s", java.util.Arrays.toString(args))
              .isEqualTo(beforeRoute.newInstance(args).hashCode());
        }
    }

    @Test
    void oneValueALineKeepsCrlfAndTabs() {
        rewriteRun(
          java(
            "import java.util.Objects;\r\n\r\nclass Route {\r\n\tprivate String from;\r\n\tprivate String to;\r\n" +
            "\tprivate long departure;\r\n\tprivate int platform;\r\n\r\n\t@Override\r\n\tpublic int hashCode() {\r\n" +
            "\t\treturn Objects.hash(from, to, departure, platform);\r\n\t}\r\n}\r\n",
            "import java.util.Objects;\r\n\r\nclass Route {\r\n\tprivate String from;\r\n\tprivate String to;\r\n" +
            "\tprivate long departure;\r\n\tprivate int platform;\r\n\r\n\t@Override\r\n\tpublic int hashCode() {\r\n" +
            "\t\tint result = 31 + Objects.hashCode(from);\r\n\t\tresult = 31 * result + Objects.hashCode(to);\r\n" +
            "\t\tresult = 31 * result + Long.hashCode(departure);\r\n\t\tresult = 31 * result + Integer.hashCode(platform);\r\n" +
            "\t\treturn result;\r\n\t}\r\n}\r\n"
          )
        );
    }

    /**
     * A field named {@code result} that the hash reads: a local of that name would hide it. A field of that name it
     * does not read, here the superclass's {@code result}: the local would still hide it, which Checkstyle's
     * HiddenField fails.
     */
    @Test
    void oneValueALineNamesTheHashWithAFreeName() {
        rewriteRun(
          //language=java
          java(
            """
              class Cached {
                  protected int result;
              }
              """
          ),
          //language=java
          java(
            """
              import java.util.Objects;

              class Reading extends Cached {
                  private String sensorName;
                  private String unitOfMeasure;
                  private long sampledAt;

                  @Override
                  public int hashCode() {
                      return Objects.hash(sensorName, unitOfMeasure, sampledAt);
                  }
              }
              """,
            """
              import java.util.Objects;

              class Reading extends Cached {
                  private String sensorName;
                  private String unitOfMeasure;
                  private long sampledAt;

                  @Override
                  public int hashCode() {
                      int hash = 31 + Objects.hashCode(sensorName);
                      hash = 31 * hash + Objects.hashCode(unitOfMeasure);
                      hash = 31 * hash + Long.hashCode(sampledAt);
                      return hash;
                  }
              }
              """
          ),
          //language=java
          java(
            """
              import java.util.Objects;

              class Outcome {
                  private String result;
                  private String reason;
                  private long decidedAt;

                  @Override
                  public int hashCode() {
                      return Objects.hash(result, reason, decidedAt);
                  }

                  int copy() {
                      return Objects.hash(reason, decidedAt);
                  }
              }
              """,
            """
              import java.util.Objects;

              class Outcome {
                  private String result;
                  private String reason;
                  private long decidedAt;

                  @Override
                  public int hashCode() {
                      int hash = 31 + Objects.hashCode(result);
                      hash = 31 * hash + Objects.hashCode(reason);
                      hash = 31 * hash + Long.hashCode(decidedAt);
                      return hash;
                  }

                  int copy() {
                      return 31 * (31 + Objects.hashCode(reason)) + Long.hashCode(decidedAt);
                  }
              }
              """
          )
        );
    }

    /** Only a returned hash becomes statements: one assigned or passed on is part of other code, and stays whole. */
    @Test
    void doesNotMakeALineLongerThanAnyOtherOfTheFile() {
        rewriteRun(
          CandidateRows.leftAloneBecause("longer than this file's code lines (80)"),
          //language=java
          java(
            """
              import java.util.Objects;

              class Route {
                  private String from;
                  private String to;
                  private long departure;
                  private int platform;
                  private int hash;

                  @Override
                  public int hashCode() {
                      hash = Objects.hash(from, to, departure, platform);
                      return hash;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotWriteOneValueALineWhereNoNameIsFreeOrALineWouldNotFit() {
        rewriteRun(
          CandidateRows.leftAloneBecause("longer than this file's code lines (80)"),
          //language=java
          java(
            """
              import java.util.Objects;

              class Route {
                  private String result;
                  private String hash;
                  private long departure;
                  private int platform;

                  @Override
                  public int hashCode() {
                      return Objects.hash(result, hash, departure, platform);
                  }

                  static int of(String theStationWhereTheNightTrainToViennaLeaves, int n) {
                      return Objects.hash(theStationWhereTheNightTrainToViennaLeaves, n);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotWriteOneValueALineForAReturnWrittenOverSeveralLines() {
        rewriteRun(
          CandidateRows.leftAloneBecause("longer than this file's code lines (80)"),
          //language=java
          java(
            """
              import java.util.Objects;

              class Route {
                  private String from;
                  private String to;
                  private long departure;
                  private int platform;

                  @Override
                  public int hashCode() {
                      return
                          Objects.hash(from, to, departure, platform);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotUnwrapACallWrittenOverSeveralLines() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the call is written over several lines"),
          //language=java
          java(
            """
              import java.util.Objects;

              class Route {
                  private String from;
                  private String to;

                  @Override
                  public int hashCode() {
                      return Objects.hash(
                          from,
                          to);
                  }
              }
              """
          )
        );
    }

    @Test
    void leavesOtherHashMethodsAlone() {
        rewriteRun(
          //language=java
          java(
            """
              import java.util.Arrays;
              import java.util.Objects;

              class Other {
                  static int hash(Object... values) {
                      return 0;
                  }

                  static int of(String a, int[] b) {
                      return hash(a, b) + Arrays.hashCode(b) + Objects.hashCode(a);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotRewriteArraysAmongTheValuesOrACapturedArrayType() {
        rewriteRun(
          CandidateRows.leftAloneBecause("is, or may be, an array"),
          //language=java
          java(
            """
              import java.util.Objects;

              class Values {
                  static class Holder<T> {
                      T value;
                  }

                  static int of(String name, int[] ids, Holder<? extends Object[]> holder) {
                      return Objects.hash(name, ids) ^ Objects.hash(holder.value);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotRewriteAHashThatIsNotUsedAsAValue() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the hash is not used as a value"),
          //language=java
          java(
            """
              import java.util.Objects;

              class Discarded {
                  static void of(String a, String b) {
                      Objects.hash(a, b);
                      Runnable warm = () -> Objects.hash(a, b);
                      for (int i = 0; i < 3; Objects.hash(a, b)) {
                          i++;
                      }
                  }
              }
              """
          )
        );
    }

    //language=java
    private static final String REQUEST = """
      import java.util.Objects;

      class Request {
          final String host;
          final Object factory;
          final int hash;

          Request(String host, Object factory) {
              this.host = host;
              this.factory = factory;
              int tableHash = Objects.hash(host);
              this.hash = tableHash;
          }

          String clientKey() {
              return host + ",-sf=" + Objects.hash(factory);
          }

          int computeHash() {
              return Objects.hash(host, factory);
          }
      }
      """;

    /**
     * forest's {@code ForestRequest#clientKey} appends {@code Objects.hash(factory)} to a cache key: written out,
     * {@code 31 + Objects.hashCode(factory)} reads as arithmetic on the key. A hash used as a number, in any method, is
     * written out (and one made text in a method named for a hash, as {@code hashLabel} below).
     */
    @Test
    void doesNotWriteOutAHashUsedForAKeyOrALabel() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.getLocation() + " " + row.isChanged() + " " + (row.getReason() == null || row.getReason().isEmpty() ? "" : row.getReason().substring(0, 30)))
            .containsExactlyInAnyOrder(
              "Request#clientKey false the hash becomes part of a tex",
              "Request#Request true ",
              "Request#computeHash true ")),
          java(REQUEST, REQUEST.replace("int tableHash = Objects.hash(host);", "int tableHash = 31 + Objects.hashCode(host);")
            .replace("return Objects.hash(host, factory);", "return 31 * (31 + Objects.hashCode(host)) + Objects.hashCode(factory);"))
        );
    }

    @Test
    void aHashAddedToAStringIsParenthesisedAndAssignmentsAreRewritten() {
        rewriteRun(
          //language=java
          java(
            """
              import java.util.Objects;

              class Label {
                  static String hashLabel(String a, String b) {
                      int h;
                      h = Objects.hash(a, b);
                      return "h" + Objects.hash(a, b);
                  }
              }
              """,
            """
              import java.util.Objects;

              class Label {
                  static String hashLabel(String a, String b) {
                      int h;
                      h = 31 * (31 + Objects.hashCode(a)) + Objects.hashCode(b);
                      return "h" + (31 * (31 + Objects.hashCode(a)) + Objects.hashCode(b));
                  }
              }
              """
          )
        );
    }

    @Test
    void twoHashesOnOneLineAreMeasuredTogether() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::isChanged).containsExactly(true, false)),
          //language=java
          java(
            """
              import java.util.Objects;

              class Both {
                  static final int[] PRIMES = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67};

                  static int of(String a, String b) {
                      return Objects.hash(a, b) ^ Objects.hash(b, a);
                  }
              }
              """,
            """
              import java.util.Objects;

              class Both {
                  static final int[] PRIMES = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67};

                  static int of(String a, String b) {
                      return (31 * (31 + Objects.hashCode(a)) + Objects.hashCode(b)) ^ Objects.hash(b, a);
                  }
              }
              """
          )
        );
    }

    @Test
    void measuresTheWholeLineOfAOneLineMethod() {
        rewriteRun(
          CandidateRows.leftAloneBecause("longer than this file's code lines (80)"),
          //language=java
          java(
            """
              import java.util.Objects;

              class Route {
                  private String from;
                  private String to;

                  @Override public int hashCode() { return Objects.hash(from, to); }
              }
              """
          )
        );
    }

    @Test
    void doesNotRewriteAValueOfUnknownType() {
        rewriteRun(
          spec -> spec.typeValidationOptions(TypeValidation.none()),
          //language=java
          java(
            """
              import java.util.Objects;

              class Unknown {
                  static int of(String a, Missing b) {
                      return Objects.hash(a, b);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotWrite31WhereTheProjectsCheckstyleForbidsMagicNumbers() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the project's Checkstyle (src/conf/checkstyle.xml) forbids magic numbers, and the rewrite would write 31"),
          Checkstyle.magicNumberCheck(""),
          //language=java
          java(
            KEY_HASH
          )
        );
    }

    @Test
    void writes31WhereTheCheckIgnoresHashCodeMethodsOrTheNumber() {
        rewriteRun(
          Checkstyle.magicNumberCheck("      <property name=\"ignoreHashCodeMethod\" value=\"true\"/>\n"),
          //language=java
          java(
            KEY_HASH,
            """
              import java.util.Objects;

              class Key {
                  String name;

                  @Override
                  public int hashCode() {
                      return 31 + Objects.hashCode(name);
                  }
              }
              """
          )
        );
    }
}

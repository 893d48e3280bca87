package dev.rewriteperf.hotpaths;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CandidateRows;
import dev.rewriteperf.CompiledSource;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.openrewrite.java.Assertions.java;

class ReplaceStringFormatWithConcatenationTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new ReplaceStringFormatWithConcatenation());
    }

    @DocumentExample
    @Test
    void aFormatOfValuesBetweenTextBecomesTheirConcatenation() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::getLocation, PerformanceCandidates.Row::getReplacement).containsExactly(
              tuple("Before#filePath", "partition + \"/\" + fileId + \".parquet\""),
              tuple("Before#keyRow", "row.append(key).append(';')"))),
          BenchmarkSources.beforeBecomes("hotpaths/replacestringformatwithconcatenation", "After")
        );
    }

    @Test
    void keepsCrlfAndTabs() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("hotpaths/replacestringformatwithconcatenation", "After"));
    }

    //language=java
    private static final String EVERY_FORM_BEFORE = """
      import java.util.Locale;

      class Messages {
          enum Level { LOW, HIGH }

          // Each form the recipe writes, on values of every kind it accepts.
          static String of(String s, int i, long j, char c, double d, Integer boxed, Level level, boolean flag) {
              String a = String.format("%s", s);
              String b = String.format("%s%s", i, c);
              String f = String.format("100%% of %s, %s%n", d, flag);
              String g = String.format(Locale.ROOT, "#%d: %s", j, level);
              String h = String.format("[%s]", i + j) + String.format("%s", boxed).length();
              String k = String.format("\\t\\"%s\\"", s == null ? "none" : s);
              String m = String.format(Locale.ROOT, "%d", 0xff & i);
              return a + b + f + g + h + k + m + String.format("done") + String.format(Locale.US, "%d", boxed);
          }
      }
      """;

    //language=java
    private static final String EVERY_FORM_AFTER = """
      class Messages {
          enum Level { LOW, HIGH }

          // Each form the recipe writes, on values of every kind it accepts.
          static String of(String s, int i, long j, char c, double d, Integer boxed, Level level, boolean flag) {
              String a = String.valueOf(s);
              String b = "" + i + c;
              String f = "100% of " + d + ", " + flag + System.lineSeparator();
              String g = "#" + j + ": " + level;
              String h = "[" + (i + j) + "]" + String.valueOf(boxed).length();
              String k = "\\t\\"" + (s == null ? "none" : s) + "\\"";
              String m = String.valueOf(0xff & i);
              return a + b + f + g + h + k + m + "done" + String.valueOf(boxed);
          }
      }
      """;

    @Test
    void everyFormOnEveryKindOfValue() {
        rewriteRun(java(EVERY_FORM_BEFORE, EVERY_FORM_AFTER));
    }

    /** The concatenation prints what the format printed, for nulls, extremes, NaN and -0.0, whatever the default locale. */
    @Test
    void theSameStringOnGeneratedInputs() throws Exception {
        Class<?>[] parameters = {String.class, int.class, long.class, char.class, double.class, Integer.class, null, boolean.class};
        Class<?> beforeClass = CompiledSource.load("Messages", EVERY_FORM_BEFORE, 8);
        Class<?> afterClass = CompiledSource.load("Messages", EVERY_FORM_AFTER, 8);
        Method before = method(beforeClass, parameters);
        Method after = method(afterClass, parameters);
        Object[] beforeLevels = beforeClass.getDeclaredClasses()[0].getEnumConstants();
        Object[] afterLevels = afterClass.getDeclaredClasses()[0].getEnumConstants();
        underOddLocales(19, (n, values) -> {
            Object[] args = {values[0], values[1], values[2], values[3], values[4], values[5], null, values[6]};
            Object[] beforeArgs = args.clone();
            beforeArgs[6] = beforeLevels[n % 2];
            args[6] = afterLevels[n % 2];
            assertThat(after.invoke(null, args)).as("inputs %s", Arrays.toString(args)).isEqualTo(before.invoke(null, beforeArgs));
        });
    }

    /** A check of generated inputs. */
    private interface InputCheck {
        /** The {@code n}th check, on a String, int, long, char, double, Integer and boolean. */
        void check(int n, Object[] values) throws Exception;
    }

    /**
     * {@code check} on 2,000 generated values (nulls, extremes, NaN, -0.0 among them), each under another default locale
     * of those whose digits or decimal marks differ: Arabic, Thai, German.
     */
    private static void underOddLocales(long seed, InputCheck check) throws Exception {
        Random random = new Random(seed);
        String[] strings = {null, "", "p=1", "\u00e9t\u00e9"};
        double[] doubles = {Double.NaN, -0.0, 1e-300, Double.NEGATIVE_INFINITY, 12345.678};
        Integer[] boxes = {null, Integer.MIN_VALUE, -7, 1_234_567};
        Locale defaultLocale = Locale.getDefault();
        try {
            for (int n = 0; n < 2_000; n++) {
                Locale.setDefault(n % 3 == 0 ? Locale.forLanguageTag("ar-EG") : n % 3 == 1 ? Locale.forLanguageTag("th-TH-u-nu-thai") : Locale.GERMANY);
                check.check(n, new Object[]{strings[n % strings.length], random.nextInt(), n % 7 == 0 ? Long.MIN_VALUE : random.nextLong(),
                  (char) random.nextInt(Character.MAX_VALUE), n < 500 ? doubles[n % doubles.length] : random.nextGaussian() * 1e9,
                  boxes[n % boxes.length], random.nextBoolean()});
            }
        } finally {
            Locale.setDefault(defaultLocale);
        }
    }

    //language=java
    private static final String APPENDED_BEFORE = """
      import java.util.Locale;

      class Rows {
          // Each form a format appended to a builder becomes: one append per piece of the format.
          static String of(String s, int i, long j, char c, double d, Integer boxed, boolean flag) {
              StringBuilder row = new StringBuilder();
              row.append(String.format("%s;", s));
              row.append(String.format("%s=%s, ", i, c));
              row.append(String.format(Locale.ROOT, "#%d%n", j)).append('|');
              row.append(String.format("\\t%s", d));
              StringBuffer quoted = new StringBuffer();
              quoted.append(String.format("'%s'", boxed));
              quoted.append(String.format("\\"%s\\"", flag));
              row.append(String.format("%s", s));
              row.append(String.format("[%s]", Integer.toHexString(i)));
              return row.append(quoted).toString();
          }
      }
      """;

    //language=java
    private static final String APPENDED_AFTER = """
      class Rows {
          // Each form a format appended to a builder becomes: one append per piece of the format.
          static String of(String s, int i, long j, char c, double d, Integer boxed, boolean flag) {
              StringBuilder row = new StringBuilder();
              row.append(s).append(';');
              row.append(i).append('=').append(c).append(", ");
              row.append('#').append(j).append(System.lineSeparator()).append('|');
              row.append('\\t').append(d);
              StringBuffer quoted = new StringBuffer();
              quoted.append("'").append(boxed).append("'");
              quoted.append('"').append(flag).append('"');
              row.append(s);
              row.append('[').append(Integer.toHexString(i)).append(']');
              return row.append(quoted).toString();
          }
      }
      """;

    @Test
    void aFormatAppendedToABuilderBecomesOneAppendPerPiece() {
        rewriteRun(java(APPENDED_BEFORE, APPENDED_AFTER));
    }

    /** The appends build what the appended format built, for nulls, extremes and NaN, whatever the default locale. */
    @Test
    void theSameRowOnGeneratedInputs() throws Exception {
        Class<?>[] parameters = {String.class, int.class, long.class, char.class, double.class, Integer.class, boolean.class};
        Method before = CompiledSource.load("Rows", APPENDED_BEFORE, 8).getDeclaredMethod("of", parameters);
        Method after = CompiledSource.load("Rows", APPENDED_AFTER, 8).getDeclaredMethod("of", parameters);
        before.setAccessible(true);
        after.setAccessible(true);
        underOddLocales(31, (n, args) ->
          assertThat(after.invoke(null, args)).as("inputs %s", Arrays.toString(args)).isEqualTo(before.invoke(null, args)));
    }

    @Test
    void aFormatAppendedWithValuesThatAreCallsOrToABuilderThatIsACallIsConcatenated() {
        rewriteRun(
          java(
            //language=java
            """
              class Rows {
                  private final StringBuilder out = new StringBuilder();

                  StringBuilder builder() {
                      return out;
                  }

                  void add(String key, Object value) {
                      out.append(String.format("%s=%s;", key.trim(), key.length()));
                      builder().append(String.format("%s;", key));
                      out.append(String.format("%s=%s;", key, value));
                  }
              }
              """,
            //language=java
            """
              class Rows {
                  private final StringBuilder out = new StringBuilder();

                  StringBuilder builder() {
                      return out;
                  }

                  void add(String key, Object value) {
                      out.append(key.trim() + "=" + key.length() + ";");
                      builder().append(key + ";");
                      out.append(String.format("%s=%s;", key, value));
                  }
              }
              """
          )
        );
    }

    private static Method method(Class<?> messages, Class<?>[] parameters) throws NoSuchMethodException {
        Class<?>[] types = parameters.clone();
        types[6] = messages.getDeclaredClasses()[0];
        Method method = messages.getDeclaredMethod("of", types);
        method.setAccessible(true);
        return method;
    }

    @Test
    void parenthesisesAConcatenationThatIsATargetOrAnOperand() {
        rewriteRun(
          //language=java
          java(
            """
              class Keys {
                  static int of(String a, int b) {
                      return String.format("%s-%s", a, b).length() + String.format("%s%s", b, b).hashCode();
                  }

                  static String label(int count, String name) {
                      return count + String.format(":%s", name);
                  }
              }
              """,
            """
              class Keys {
                  static int of(String a, int b) {
                      return (a + "-" + b).length() + ("" + b + b).hashCode();
                  }

                  static String label(int count, String name) {
                      return count + (":" + name);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConcatenateValuesThatMayBeFormattable() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly(
              "`o` may be a Formattable (its type is not a final class, or is an array or null): `%s` would call its formatTo, concatenation its toString",
              "`names` may be a Formattable (its type is not a final class, or is an array or null): `%s` would call its formatTo, concatenation its toString",
              "`ids` may be a Formattable (its type is not a final class, or is an array or null): `%s` would call its formatTo, concatenation its toString",
              "`money` is a Formattable: `%s` calls its formatTo, concatenation its toString")),
          //language=java
          java(
            """
              import java.util.Formattable;
              import java.util.Formatter;
              import java.util.List;

              class Values {
                  static final class Money implements Formattable {
                      @Override
                      public void formatTo(Formatter formatter, int flags, int width, int precision) {
                          formatter.format("EUR");
                      }
                  }

                  static String of(Object o, List<String> names, int[] ids, Money money) {
                      return String.format("%s", o) + String.format("%s;", names) + String.format("[%s]", ids) +
                             String.format("%s", money);
                  }
              }
              """
          )
        );
    }

    @Test
    void anOnDemandImportThatStillCoversOtherTypesIsKept() {
        // jackson-databind's gauntlet run: removing Locale unfolded `import java.util.*;` into `import java.util.Date;`.
        rewriteRun(
          java(
            //language=java
            """
              import java.util.*;

              class Stamps {
                  static String of(Date date, long id) {
                      return String.format(Locale.ROOT, "%d@%s", id, date.getTime());
                  }
              }
              """,
            //language=java
            """
              import java.util.*;

              class Stamps {
                  static String of(Date date, long id) {
                      return id + "@" + date.getTime();
                  }
              }
              """
          )
        );
    }

    @Test
    void identicalFormatsOfOneMethodAreConcatenatedAllOrNone() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.getLocation() + " " + row.isChanged()).containsExactly(
              "Messages#of false", "Messages#of false", "Messages#shortOnes true", "Messages#shortOnes true")),
          //language=java
          java(
            """
              class Messages {
                  static String of(String header, String body, String aLongerNameForTheFooterOfTheMessage) {
                      String top = String.format("%s%n%s%n", header, body);
                      String bottom = String.format("%s%n%s%n", aLongerNameForTheFooterOfTheMessage, header);
                      return top + bottom;
                  }

                  static String shortOnes(String header, String body) {
                      String top = String.format("%s%n%s%n", header, body);
                      return top + String.format("%s%n%s%n", body, header);
                  }
              }
              """,
            """
              class Messages {
                  static String of(String header, String body, String aLongerNameForTheFooterOfTheMessage) {
                      String top = String.format("%s%n%s%n", header, body);
                      String bottom = String.format("%s%n%s%n", aLongerNameForTheFooterOfTheMessage, header);
                      return top + bottom;
                  }

                  static String shortOnes(String header, String body) {
                      String top = header + System.lineSeparator() + body + System.lineSeparator();
                      return top + (body + System.lineSeparator() + header + System.lineSeparator());
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConcatenateDecimalsOfTheDefaultOrAnotherLocale() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly(
              "`%d` prints the digits of the default locale (Arabic or Thai ones, grouping aside): only with Locale.ROOT, US or ENGLISH does it print what concatenation does",
              "`%d` prints the digits of the default locale (Arabic or Thai ones, grouping aside): only with Locale.ROOT, US or ENGLISH does it print what concatenation does",
              "`%d` of `big`: only an int, long, short or byte prints as concatenation does",
              "the locale `locale()` is computed: concatenation would not evaluate it")),
          //language=java
          java(
            """
              import java.math.BigInteger;
              import java.util.Locale;

              class Counts {
                  static Locale locale() {
                      return Locale.ROOT;
                  }

                  static String of(int n, BigInteger big) {
                      return String.format("%d items", n) + String.format(Locale.GERMANY, "%d", n) +
                             String.format(Locale.ROOT, "%d", big) + String.format(locale(), "%s", n);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConcatenateWhenValuesAndSpecifiersDoNotMatch() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the call throws, or evaluates values it does not print"),
          //language=java
          java(
            """
              class Counts {
                  static String of(String a, String b, Object[] both) {
                      return String.format("%s and %s", a) + String.format("%s", a, b) + String.format("%s and %s", both);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotReorderAProjectToStringAndACall() {
        rewriteRun(
          CandidateRows.leftAloneBecause("has a toString the project may define, which concatenation could call before `next()` is evaluated"),
          //language=java
          java(
            """
              class Tickets {
                  static final class Ticket {
                      static int issued;

                      @Override
                      public String toString() {
                          return "ticket " + issued;
                      }
                  }

                  static int next() {
                      return ++Ticket.issued;
                  }

                  static String of(Ticket ticket) {
                      return String.format("%s then %s", ticket, next());
                  }
              }
              """
          )
        );
    }

    @Test
    void aProjectToStringBeforeLocalValuesIsConcatenated() {
        rewriteRun(
          //language=java
          java(
            """
              class Tickets {
                  enum Kind { ADULT, CHILD }

                  static String of(Kind kind, int seat) {
                      return String.format("%s in seat %s", kind, seat);
                  }
              }
              """,
            """
              class Tickets {
                  enum Kind { ADULT, CHILD }

                  static String of(Kind kind, int seat) {
                      return kind + " in seat " + seat;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConcatenateAFormatThatIsNotUsedOrWrappedOrTooLong() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly(
              "the formatted string is not used: a concatenation cannot stand as a statement",
              "the call is written over several lines: on one, concatenated, the string would not read as this file's code",
              "concatenated, the string would make its line 87 characters long, longer than this file's code lines (80)")),
          //language=java
          java(
            """
              class Lines {
                  static String of(String first, String second) {
                      String.format("%s", first);
                      String wrapped = String.format("%s and %s",
                          first, second);
                      String tail = String.format("%s%n%s%n", first, second);
                      return wrapped + tail;
                  }
              }
              """
          )
        );
    }

    /**
     * A lambda's body is a statement only when its function returns nothing: a {@code Function}'s format becomes the
     * concatenation, a {@code Consumer}'s stays (an operator expression cannot be a void lambda's body).
     */
    @Test
    void aLambdaBodyIsRewrittenWhereItsFunctionReturnsTheString() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::isChanged, PerformanceCandidates.Row::getReason).containsExactly(
              tuple(true, ""), tuple(true, ""),
              tuple(false, "the formatted string is not used: a concatenation cannot stand as a statement"))),
          //language=java
          java(
            """
              import java.util.function.Consumer;
              import java.util.function.Function;
              import java.util.function.UnaryOperator;

              class Labels {
                  static final Function<String, String> LABEL = id -> String.format("order %s", id);
                  static final UnaryOperator<String> QUOTED = s -> String.format("'%s'", s);
                  static final Consumer<String> IGNORED = id -> String.format("order %s", id);
              }
              """,
            """
              import java.util.function.Consumer;
              import java.util.function.Function;
              import java.util.function.UnaryOperator;

              class Labels {
                  static final Function<String, String> LABEL = id -> "order " + id;
                  static final UnaryOperator<String> QUOTED = s -> "'" + s + "'";
                  static final Consumer<String> IGNORED = id -> String.format("order %s", id);
              }
              """
          )
        );
    }

    @Test
    void leavesOtherFormatsAloneWithoutListingThem() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          //language=java
          java(
            """
              class Others {
                  static final String TEMPLATE = "%s";

                  static String of(String s, double d, int i) {
                      return String.format("%5s", s) + String.format("%1$s", s) + String.format("%S", s) +
                             String.format("%.2f", d) + String.format("%x", i) + String.format("%-10s|", s) +
                             String.format(TEMPLATE, s) + String.format("\\u0025s", s) + String.format("\\045s", s) + String.format("50%", s) +
                             String.format(\"""
                                 %s
                                 \""", s);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConcatenateAValueOfUnknownType() {
        rewriteRun(
          spec -> spec.typeValidationOptions(TypeValidation.none()),
          //language=java
          java(
            """
              class Unknown {
                  static String of(String a, Missing b) {
                      return String.format("%s:%s", a, b);
                  }
              }
              """
          )
        );
    }

    @Test
    void aStaticImportOnlyTheCallUsedIsRemoved() {
        rewriteRun(
          //language=java
          java(
            """
              import static java.lang.String.format;

              class Node {
                  private long id;

                  @Override
                  public String toString() {
                      return format("node<%s>", id);
                  }
              }
              """,
            """
              class Node {
                  private long id;

                  @Override
                  public String toString() {
                      return "node<" + id + ">";
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotShortenAWrappedStatementItsFormatterWouldJoin() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the statement is wrapped over several lines: shorter, it may fit on fewer"),
          //language=java
          java(
            """
              class Sessions {
                  static void check(Class<?> type) {
                      throw new IllegalArgumentException(
                              String.format("Unsupported session type '%s'", type.getCanonicalName()));
                  }
              }
              """
          )
        );
    }

    /**
     * A statement of a {@code case} is a statement of its own: the case's labels on the lines above it do not make it
     * a wrapped one (a held-out case's {@code switch} left both formats alone), in an old {@code case X:} and an arrow
     * {@code case X ->} alike. Look-alike: a statement wrapped in a case stays as it is.
     */
    @Test
    void aStatementOfACaseIsNotWrappedByTheCasesLabels() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.getLine() + " " + row.isChanged()).containsExactly("6 true", "8 true", "16 true", "18 false")),
          //language=java
          java(
            """
              class Units {
                  static String describe(int kind, long value, String symbol) {
                      switch (kind) {
                          case 1:
                          case 2:
                              return String.format("mass(%s %s)", value, symbol);
                          case 3:
                              return String.format("time(%s %s)", value, symbol);
                          default:
                              return value + " " + symbol;
                      }
                  }

                  static String label(int kind, long value, String symbol) {
                      return switch (kind) {
                          case 1 -> String.format("mass(%s %s)", value, symbol);
                          default -> {
                              String text = String.format("other(%s %s)",
                                      value, symbol);
                              yield text;
                          }
                      };
                  }
              }
              """,
            """
              class Units {
                  static String describe(int kind, long value, String symbol) {
                      switch (kind) {
                          case 1:
                          case 2:
                              return "mass(" + value + " " + symbol + ")";
                          case 3:
                              return "time(" + value + " " + symbol + ")";
                          default:
                              return value + " " + symbol;
                      }
                  }

                  static String label(int kind, long value, String symbol) {
                      return switch (kind) {
                          case 1 -> "mass(" + value + " " + symbol + ")";
                          default -> {
                              String text = String.format("other(%s %s)",
                                      value, symbol);
                              yield text;
                          }
                      };
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotWriteTextATemplateWouldMisreadOrASystemOfTheFilesOrAFinalConstant() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly(
              "every value is a constant: the final variable would become a compile-time constant (interned, inlined " +
              "into other classes) where the call made a new string",
              "the format holds `#{`, which a template reads as a placeholder",
              "`System` names another class in this file: `%n` cannot be written as `System.lineSeparator()`")),
          //language=java
          java(
            """
              class Templates {
                  static final String PREFIX = "app";
                  static final String KEY = String.format("%s-%s", PREFIX, "v1");

                  static String expression(String name) {
                      return String.format("#{%s}", name);
                  }

                  static String line(String name) {
                      return String.format("%s%n", name) + System.out();
                  }

                  static final class System {
                      static String out() {
                          return "";
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void aFinalVariableOfAValueThatIsNotConstantIsConcatenated() {
        rewriteRun(
          //language=java
          java(
            """
              class Keys {
                  static final String PREFIX = "app";

                  static String of(String user) {
                      final String key = String.format("%s-%s", PREFIX, user);
                      return key;
                  }
              }
              """,
            """
              class Keys {
                  static final String PREFIX = "app";

                  static String of(String user) {
                      final String key = PREFIX + "-" + user;
                      return key;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotMakeAFinalVariableAConstantThroughAConcatenationParenthesesOrAFinalLocal() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.isChanged() + " " + row.getReason()).containsExactly(
              "false every value is a constant: the final variable would become a compile-time constant (interned, " +
              "inlined into other classes) where the call made a new string",
              "false every value is a constant: the final variable would become a compile-time constant (interned, " +
              "inlined into other classes) where the call made a new string",
              "false every value is a constant: the final variable would become a compile-time constant (interned, " +
              "inlined into other classes) where the call made a new string",
              "true ")),
          //language=java
          java(
            """
              class Sql {
                  static final String TABLE = "orders";
                  static final String SELECT = String.format("SELECT * FROM %s", TABLE) + " WHERE id = ?";
                  static final String COUNT = (String.format("SELECT COUNT(*) FROM %s", TABLE));

                  static String key() {
                      final String ns = "x";
                      final String key = String.format("%s:", ns);
                      return key + String.format("%s", TABLE);
                  }
              }
              """,
            """
              class Sql {
                  static final String TABLE = "orders";
                  static final String SELECT = String.format("SELECT * FROM %s", TABLE) + " WHERE id = ?";
                  static final String COUNT = (String.format("SELECT COUNT(*) FROM %s", TABLE));

                  static String key() {
                      final String ns = "x";
                      final String key = String.format("%s:", ns);
                      return key + String.valueOf(TABLE);
                  }
              }
              """
          )
        );
    }

    /**
     * A lambda's expression body is the statement it runs: a field holding the lambda may be wrapped over two lines,
     * the body is not (held-out round twelve: an exec-id formatter, a PageListener, a flight key).
     */
    @Test
    void aLambdaBodyInAWrappedFieldIsALineOfItsOwn() {
        rewriteRun(
          java(
            """
              import java.util.function.BiFunction;

              class Fills {
                  private static final BiFunction<String, Long, String> EXEC_IDS =
                          (String symbol, Long seq) -> String.format("%s-%s", symbol, seq);
              }
              """,
            """
              import java.util.function.BiFunction;

              class Fills {
                  private static final BiFunction<String, Long, String> EXEC_IDS =
                          (String symbol, Long seq) -> symbol + "-" + seq;
              }
              """
          )
        );
    }
}

package dev.rewriteperf.hotpaths;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CandidateRows;
import dev.rewriteperf.CompiledSource;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.Tree;
import org.openrewrite.java.style.ImportLayoutStyle;
import org.openrewrite.style.NamedStyles;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collections;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class PrecompileConstantRegexTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PrecompileConstantRegex());
    }

    @DocumentExample
    @Test
    void aConstantRegexIsCompiledOnce() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).allSatisfy(row ->
              assertThat(row.isChanged()).isTrue())
            .extracting(PerformanceCandidates.Row::getLocation).containsExactly("Before#slug", "Before#column")),
          version(BenchmarkSources.beforeBecomes("hotpaths/precompileconstantregex", "After"), 21)
        );
    }

    /** Before Java 9 {@code String.replace} compiles a pattern itself: there a plain-text regex is compiled once too. */
    @Test
    void onJava8APlainTextReplaceAllIsCompiledOnceToo() {
        rewriteRun(version(BenchmarkSources.beforeBecomes("hotpaths/precompileconstantregex", "AfterJava8"), 8));
    }

    @Test
    void keepsCrlfAndTabs() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("hotpaths/precompileconstantregex", "After"), 21));
    }

    //language=java
    private static final String EVERY_FORM_BEFORE = """
      import java.util.List;

      class Lines {
          private static final String SEPARATOR = "\\\\s*;\\\\s*";
          static final List<String> DEFAULTS = List.of("a; b".split(SEPARATOR));

          // Each form: replaceAll, replaceFirst, matches, split with and without a limit, a constant, a repeat.
          static String read(String line, int limit) {
              String trimmed = line.replaceFirst("^\\\\s+", "");
              String[] words = trimmed.split("\\\\s+");
              String[] fields = trimmed.split(SEPARATOR, limit);
              boolean numeric = words[0].matches("\\\\d+");
              String spaced = (line + "!").replaceAll("\\\\s+", " ");
              return spaced + fields.length + numeric + DEFAULTS;
          }
      }
      """;

    //language=java
    private static final String EVERY_FORM_AFTER = """
      import java.util.List;
      import java.util.regex.Pattern;

      class Lines {
          private static final String SEPARATOR = "\\\\s*;\\\\s*";
          private static final Pattern SEMICOLON = Pattern.compile(SEPARATOR);
          private static final Pattern LEADING_WHITESPACE = Pattern.compile("^\\\\s+");
          private static final Pattern WHITESPACE = Pattern.compile("\\\\s+");
          private static final Pattern DIGITS = Pattern.compile("\\\\d+");
          static final List<String> DEFAULTS = List.of(SEMICOLON.split("a; b"));

          // Each form: replaceAll, replaceFirst, matches, split with and without a limit, a constant, a repeat.
          static String read(String line, int limit) {
              String trimmed = LEADING_WHITESPACE.matcher(line).replaceFirst("");
              String[] words = WHITESPACE.split(trimmed);
              String[] fields = SEMICOLON.split(trimmed, limit);
              boolean numeric = DIGITS.matcher(words[0]).matches();
              String spaced = WHITESPACE.matcher(line + "!").replaceAll(" ");
              return spaced + fields.length + numeric + DEFAULTS;
          }
      }
      """;

    @Test
    void everyForm() {
        rewriteRun(java(EVERY_FORM_BEFORE, EVERY_FORM_AFTER));
    }

    /** The same strings, arrays and booleans, and the same exceptions, on generated lines. */
    @Test
    void theSameResultsOnGeneratedInputs() throws Exception {
        Method before = CompiledSource.load("Lines", EVERY_FORM_BEFORE, 17).getDeclaredMethod("read", String.class, int.class);
        Method after = CompiledSource.load("Lines", EVERY_FORM_AFTER, 17).getDeclaredMethod("read", String.class, int.class);
        before.setAccessible(true);
        after.setAccessible(true);
        Random random = new Random(19);
        String alphabet = "ab12 ;\\t\\n";
        for (int n = 0; n < 3_000; n++) {
            StringBuilder line = new StringBuilder();
            for (int length = random.nextInt(14); line.length() < length; ) {
                line.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String input = n == 0 ? null : line.toString();
            int limit = random.nextInt(5) - 1;
            assertThat(outcome(after, input, limit)).as("input '%s', limit %s", input, limit).isEqualTo(outcome(before, input, limit));
        }
    }

    private static Object outcome(Method method, String input, int limit) throws IllegalAccessException {
        try {
            return method.invoke(null, input, limit);
        } catch (InvocationTargetException e) {
            return e.getCause().getClass();
        }
    }

    @Test
    void doesNotCompileARegexThatDoesNotCompileOrASplitOnOneCharacter() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly(
              "the regex does not compile (Unclosed group): the call throws each time, a static field would fail the class's initialisation",
              "`split` on one plain character does not compile a pattern: String.split is already fast there",
              "`split` on one plain character does not compile a pattern: String.split is already fast there")),
          //language=java
          java(
            """
              class Csv {
                  static String[] of(String line) {
                      if (line.isEmpty()) {
                          return line.split("(ab");
                      }
                      return line.split(",").length > 1 ? line.split("\\\\.") : null;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotAddFieldsToAnInterfaceOrAnEnum() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly(
              "the top-level type is an interface: its fields cannot be private",
              "the top-level type is an enum: its constants are created before the Pattern field would be")),
          //language=java
          java(
            """
              interface Parser {
                  default String[] words(String line) {
                      return line.split("\\\\s+");
                  }
              }
              """
          ),
          //language=java
          java(
            """
              enum Unit {
                  SECONDS("s"), MINUTES("m");

                  private final String[] names;

                  Unit(String names) {
                      this.names = names.split("\\\\s*,\\\\s*");
                  }
              }
              """
          )
        );
    }

    @Test
    void reusesAFieldDeclaredBeforeTheStaticInitialisersButNotOneAfter() {
        rewriteRun(
          //language=java
          java(
            """
              import java.util.regex.Pattern;

              class Words {
                  private static final Pattern SPACES = Pattern.compile("\\\\s+");
                  static final String[] STOP = "a an the".split("\\\\s+");
                  private static final Pattern DASHES = Pattern.compile("-+");

                  static String[] of(String line) {
                      return line.replaceAll("-+", " ").split("\\\\s+");
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Words {
                  private static final Pattern RUN_OF_DASH = Pattern.compile("-+");

                  private static final Pattern SPACES = Pattern.compile("\\\\s+");
                  static final String[] STOP = SPACES.split("a an the");
                  private static final Pattern DASHES = Pattern.compile("-+");

                  static String[] of(String line) {
                      return SPACES.split(RUN_OF_DASH.matcher(line).replaceAll(" "));
                  }
              }
              """
          )
        );
    }

    @Test
    void leavesComputedRegexesAloneWithoutListingThem() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          //language=java
          java(
            """
              import java.util.Arrays;

              class Dynamic {
                  static String of(String line, String separator) {
                      String local = ";";
                      return Arrays.toString(line.split(separator)) + line.replace(".", ",") + line.split(local + "+").length;
                  }
              }
              """
          )
        );
    }

    @Test
    void measuresACallWrappedOntoALineOfItsOwn() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the call would make its line 114 characters long, longer than this file's code lines (105)"),
          //language=java
          java(
            """
              import java.util.Base64;

              class CertificateTool {
                  static void print(byte[][] certificates, java.io.PrintStream out, boolean withLineBreaks, int from) {
                      for (byte[] certificate : certificates) {
                          var encoded =
                                  Base64.getEncoder().encodeToString(certificate).replaceAll("\\\\s{2,}", "\\n");
                          out.println(encoded + withLineBreaks + from + certificates.length + certificate.length);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void identicalRegexesOfOneMethodArePrecompiledAllOrNone() {
        // A held-out review: the same replaceFirst three times in one method, one line fitted and two did not, so one
        // call used the field and two compiled the regex on every call. In `clean` none is rewritten now; in `tidy`,
        // where every use fits, all are.
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.getLocation() + " " + row.isChanged() + " " + reasonStart(row.getReason())).containsExactly(
              "Headers#clean false an identical spot in this method is left alone",
              "Headers#clean false with the Pattern field, the call would make its line",
              "Headers#clean false with the Pattern field, the call would make its line",
              "Headers#tidy true ",
              "Headers#tidy true ")),
          //language=java
          java(
            """
              class Headers {
                  static String clean(String name, String value, String headerLineFromTheRemotePeerWithPadding) {
                      String a = name.replaceFirst("^\\\\s+", "");
                      String b = headerLineFromTheRemotePeerWithPadding.trim().toLowerCase().replaceFirst("^\\\\s+", "");
                      String c = value.trim().toLowerCase(java.util.Locale.ROOT).concat(name).replaceFirst("^\\\\s+", "");
                      return a + b + c;
                  }

                  static String tidy(String name) {
                      String trimmed = name.replaceFirst("^\\\\s+", "");
                      return trimmed + name.trim().replaceFirst("^\\\\s+", "");
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Headers {
                  private static final Pattern LEADING_WHITESPACE = Pattern.compile("^\\\\s+");

                  static String clean(String name, String value, String headerLineFromTheRemotePeerWithPadding) {
                      String a = name.replaceFirst("^\\\\s+", "");
                      String b = headerLineFromTheRemotePeerWithPadding.trim().toLowerCase().replaceFirst("^\\\\s+", "");
                      String c = value.trim().toLowerCase(java.util.Locale.ROOT).concat(name).replaceFirst("^\\\\s+", "");
                      return a + b + c;
                  }

                  static String tidy(String name) {
                      String trimmed = LEADING_WHITESPACE.matcher(name).replaceFirst("");
                      return trimmed + LEADING_WHITESPACE.matcher(name.trim()).replaceFirst("");
                  }
              }
              """
          )
        );
    }

    /**
     * A comment continued on the next line, aligned under the comment that ends the rewritten line, moves with it
     * (commons-codec's {@code Caverphone2}); a comment on its own line at the code's indentation stays.
     */
    @Test
    void aCommentAlignedUnderARewrittenLinesCommentMovesWithIt() {
        rewriteRun(
          java(
            """
              class Phonetic {
                  static String encode(String txt) {
                      txt = txt.replaceAll("^cough", "cou2f");
                      txt = txt.replaceAll("^enough", "enou2f"); // 2.0 only
                                                                 // note the spec says ^enough here again
                      txt = txt.replaceAll("^gn", "2n"); // keep
                      // an own line at the code's indentation, not under the comment above
                      return txt;
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Phonetic {
                  private static final Pattern LEADING_COUGH = Pattern.compile("^cough");
                  private static final Pattern LEADING_ENOUGH = Pattern.compile("^enough");
                  private static final Pattern LEADING_GN = Pattern.compile("^gn");

                  static String encode(String txt) {
                      txt = LEADING_COUGH.matcher(txt).replaceAll("cou2f");
                      txt = LEADING_ENOUGH.matcher(txt).replaceAll("enou2f"); // 2.0 only
                                                                              // note the spec says ^enough here again
                      txt = LEADING_GN.matcher(txt).replaceAll("2n"); // keep
                      // an own line at the code's indentation, not under the comment above
                      return txt;
                  }
              }
              """
          )
        );
    }

    private static String reasonStart(String reason) {
        int cut = reason.indexOf(" (");
        String start = cut < 0 ? reason : reason.substring(0, cut);
        return start.replaceAll(" \\d+ characters long.*", "");
    }

    @Test
    void theFirstUseOfARegexNamesItsFieldSoThatASecondRunDecidesAsTheFirst() {
        // mariadb-connector-j: the first split is too long with the name its method suggests; the second, with its own
        // shorter name, fitted, and a second run then rewrote the first with that shorter, existing name. (The file's
        // longest code line, 100 characters, lets the field's declaration fit, and not the first split.)
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).hasSize(2)),
          //language=java
          java(
            """
              class Tls {
                  interface Conf {
                      String enabledSslProtocolSuitesAsConfigured();

                      String ciphers();
                  }

                  static String enabledSslProtocolSuites(Conf conf) {
                      return conf.enabledSslProtocolSuitesAsConfigured().replaceAll("[,;:\\\\s]+", " ");
                  }

                  static String ciphers(Conf conf) {
                      return conf.ciphers().replaceAll("[,;:\\\\s]+", " ");
                  }

                  static String[] ciphersOrDefaults(Conf conf, String[] defaults, boolean trimmed, int maximums) {
                      return defaults;
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Tls {
                  private static final Pattern ENABLED_SSL_PROTOCOL_SUITES_PATTERN = Pattern.compile("[,;:\\\\s]+");

                  interface Conf {
                      String enabledSslProtocolSuitesAsConfigured();

                      String ciphers();
                  }

                  static String enabledSslProtocolSuites(Conf conf) {
                      return conf.enabledSslProtocolSuitesAsConfigured().replaceAll("[,;:\\\\s]+", " ");
                  }

                  static String ciphers(Conf conf) {
                      return ENABLED_SSL_PROTOCOL_SUITES_PATTERN.matcher(conf.ciphers()).replaceAll(" ");
                  }

                  static String[] ciphersOrDefaults(Conf conf, String[] defaults, boolean trimmed, int maximums) {
                      return defaults;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotReuseAFieldWhereTheNameMeansSomethingElse() {
        rewriteRun(
          CandidateRows.leftAloneBecause("no name is free for the Pattern field, or the class's type is unknown"),
          //language=java
          java(
            """
              import java.util.regex.Pattern;

              class Words {
                  private static final Pattern WORDS = Pattern.compile("\\\\s+");

                  static int count(String text) {
                      String WORDS = text.trim();
                      return WORDS.split("\\\\s+").length;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotAddAFieldToAClassWhoseDeclaredFieldsAreListed() {
        // mariadb-connector-j's Configuration prints its declared fields, and throws on one of a type it does not expect
        rewriteRun(
          CandidateRows.leftAloneBecause("`Configuration.class.getDeclaredFields()` lists the class's declared fields by " +
                                       "reflection: a new field would be among them"),
          //language=java
          java(
            """
              import java.lang.reflect.Field;

              class Configuration {
                  private String collation;

                  boolean valid() {
                      return collation.matches("\\\\w+$");
                  }

                  static int options() {
                      Field[] fields = Configuration.class.getDeclaredFields();
                      return fields.length;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotAddAFieldThatCodeOfAStaticNestedTypeWouldReadBeforeItsClassIsInitialised() {
        rewriteRun(
          CandidateRows.leftAloneBecause("read from Kind, a static nested type whose code can run before the top-level " +
                                       "class is initialised"),
          //language=java
          java(
            """
              class Outer {
                  static final Kind DEFAULT = Kind.A;

                  enum Kind {
                      A("a b");

                      final String[] words;

                      Kind(String text) {
                          words = text.split("\\\\s+");
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void aStaticNestedTypeMayReadTheFieldWhenItsClassInitialisesNothingElse() {
        rewriteRun(
          //language=java
          java(
            """
              class Outer {
                  static final int LIMIT = 3;

                  static final class Words {
                      static String[] of(String text) {
                          return text.split("\\\\s+", LIMIT);
                      }
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Outer {
                  private static final Pattern WHITESPACE = Pattern.compile("\\\\s+");

                  static final int LIMIT = 3;

                  static final class Words {
                      static String[] of(String text) {
                          return WHITESPACE.split(text, LIMIT);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotAddAFieldToASerializableClassWithoutItsVersion() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the class is Serializable without a serialVersionUID"),
          //language=java
          java(
            """
              import java.io.Serializable;

              class Event implements Serializable {
                  private String tags;

                  String[] tags() {
                      return tags.split("\\\\s*,\\\\s*");
                  }
              }
              """
          )
        );
    }

    /**
     * Below Java 11 an anonymous class's read of its outer class's private field goes through an accessor javac adds to
     * the outer class, which changes the serial version Java computes for it (a Serializable class without
     * {@code serialVersionUID}). Look-alike: a lambda's body is a method of the class itself, and is rewritten.
     */
    @Test
    void doesNotAddAFieldAnAnonymousClassOfASerializableClassWouldReadBelowJava11() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(row -> !row.isChanged()).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly("read from an anonymous class, the field would need an accessor method below Java 11, " +
                             "which changes the serial version Java computes for the Serializable class")),
          version(java(
            """
              import java.io.Serializable;
              import java.util.HashMap;
              import java.util.Map;

              class Job implements Serializable {
                  static final Map<String, Integer> COUNTS = new HashMap<String, Integer>();

                  Runnable task(final String s) {
                      return new Runnable() {
                          @Override
                          public void run() {
                              COUNTS.put(s, s.split("x+").length);
                          }
                      };
                  }

                  Runnable lambda(final String s) {
                      return () -> COUNTS.put(s, s.split("y+").length);
                  }
              }
              """,
            """
              import java.io.Serializable;
              import java.util.HashMap;
              import java.util.Map;
              import java.util.regex.Pattern;

              class Job implements Serializable {
                  private static final Pattern RUN_OF_Y = Pattern.compile("y+");

                  static final Map<String, Integer> COUNTS = new HashMap<String, Integer>();

                  Runnable task(final String s) {
                      return new Runnable() {
                          @Override
                          public void run() {
                              COUNTS.put(s, s.split("x+").length);
                          }
                      };
                  }

                  Runnable lambda(final String s) {
                      return () -> COUNTS.put(s, RUN_OF_Y.split(s).length);
                  }
              }
              """
          ), 8)
        );
    }

    @Test
    void aSerializableClassWithItsVersionGetsTheField() {
        rewriteRun(
          //language=java
          java(
            """
              import java.io.Serializable;

              class Event implements Serializable {
                  private static final long serialVersionUID = 1L;

                  private String tags;

                  String[] tags() {
                      return tags.split("\\\\s*,\\\\s*");
                  }
              }
              """,
            """
              import java.io.Serializable;
              import java.util.regex.Pattern;

              class Event implements Serializable {
                  private static final long serialVersionUID = 1L;
                  private static final Pattern COMMA = Pattern.compile("\\\\s*,\\\\s*");

                  private String tags;

                  String[] tags() {
                      return COMMA.split(tags);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotReuseAFieldCompiledByAnotherMethodNamedCompile() {
        rewriteRun(
          //language=java
          java(
            """
              import java.util.regex.Pattern;

              class Words {
                  private static final Pattern SPACES = compile("\\\\s+");

                  private static Pattern compile(String regex) {
                      return Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
                  }

                  static String[] of(String text) {
                      return text.split("\\\\s+");
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Words {
                  private static final Pattern WHITESPACE = Pattern.compile("\\\\s+");

                  private static final Pattern SPACES = compile("\\\\s+");

                  private static Pattern compile(String regex) {
                      return Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
                  }

                  static String[] of(String text) {
                      return WHITESPACE.split(text);
                  }
              }
              """
          )
        );
    }

    //language=java
    private static final String PLAIN_TEXT_BEFORE = """
      class Columns {
          private static final String SEPARATOR = "::";

          static String of(String property, String path) {
              String column = property.replaceAll("-", "_");
              String dotted = path.replaceAll(SEPARATOR, ".");
              String spaced = (property + "--" + path).replaceAll("--", "-");
              return column + dotted + spaced;
          }
      }
      """;

    //language=java
    private static final String PLAIN_TEXT_AFTER = """
      class Columns {
          private static final String SEPARATOR = "::";

          static String of(String property, String path) {
              String column = property.replace("-", "_");
              String dotted = path.replace(SEPARATOR, ".");
              String spaced = (property + "--" + path).replace("--", "-");
              return column + dotted + spaced;
          }
      }
      """;

    /** On Java 9+, {@code String.replace} needs no pattern: a plain-text {@code replaceAll} becomes it, with no field. */
    @Test
    void onJava9APlainTextReplaceAllBecomesReplace() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::getReplacement).containsExactly("property.replace(\"-\", \"_\")",
              "path.replace(SEPARATOR, \".\")", "(property + \"--\" + path).replace(\"--\", \"-\")")),
          version(java(PLAIN_TEXT_BEFORE, PLAIN_TEXT_AFTER), 9)
        );
    }

    /** The same strings, and the same exception for a null one, on generated inputs. */
    @Test
    void replaceGivesWhatAPlainTextReplaceAllGave() throws Exception {
        Method before = CompiledSource.load("Columns", PLAIN_TEXT_BEFORE, 17).getDeclaredMethod("of", String.class, String.class);
        Method after = CompiledSource.load("Columns", PLAIN_TEXT_AFTER, 17).getDeclaredMethod("of", String.class, String.class);
        before.setAccessible(true);
        after.setAccessible(true);
        Random random = new Random(23);
        String alphabet = "a-_: .";
        for (int n = 0; n < 3_000; n++) {
            String[] inputs = new String[2];
            for (int i = 0; i < 2; i++) {
                StringBuilder text = new StringBuilder();
                for (int length = random.nextInt(10); text.length() < length; ) {
                    text.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                inputs[i] = n == i ? null : text.toString();
            }
            assertThat(outcomeOf(after, inputs)).as("inputs %s", Arrays.toString(inputs)).isEqualTo(outcomeOf(before, inputs));
        }
    }

    private static Object outcomeOf(Method method, String[] inputs) throws IllegalAccessException {
        try {
            return method.invoke(null, (Object[]) inputs);
        } catch (InvocationTargetException e) {
            return e.getCause().getClass();
        }
    }

    /**
     * Look-alikes that stay patterns: a regex with an operator, a replacement that names a group or escapes, a
     * {@code replaceFirst} (no plain-text form), and any of them below Java 9.
     */
    @Test
    void aRegexOrAReplacementThatIsNotPlainTextStaysAPattern() {
        rewriteRun(
          version(java(
            """
              class Versions {
                  static String of(String version, String path) {
                      String dotted = version.replaceAll("-", ".");
                      String noDots = version.replaceAll(".", "");
                      String tagged = version.replaceAll("v", "\\\\$");
                      String grouped = path.replaceAll("/", "$0$0");
                      String first = path.replaceFirst("/", "_");
                      return dotted + noDots + tagged + grouped + first;
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Versions {
                  private static final Pattern DASH = Pattern.compile("-");
                  private static final Pattern ANY_CHARACTER = Pattern.compile(".");
                  private static final Pattern SLASH = Pattern.compile("/");

                  static String of(String version, String path) {
                      String dotted = DASH.matcher(version).replaceAll(".");
                      String noDots = ANY_CHARACTER.matcher(version).replaceAll("");
                      String tagged = version.replaceAll("v", "\\\\$");
                      String grouped = SLASH.matcher(path).replaceAll("$0$0");
                      String first = SLASH.matcher(path).replaceFirst("_");
                      return dotted + noDots + tagged + grouped + first;
                  }
              }
              """
          ), 8),
          version(java(
            """
              class Paths {
                  static String of(String path) {
                      String doubled = path.replaceAll("/", "$0$0");
                      String first = path.replaceFirst("/", "_");
                      return doubled + first + path.replaceAll("a+", "a");
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Paths {
                  private static final Pattern SLASH = Pattern.compile("/");
                  private static final Pattern RUN_OF_A = Pattern.compile("a+");

                  static String of(String path) {
                      String doubled = SLASH.matcher(path).replaceAll("$0$0");
                      String first = SLASH.matcher(path).replaceFirst("_");
                      return doubled + first + RUN_OF_A.matcher(path).replaceAll("a");
                  }
              }
              """
          ), 17)
        );
    }

    @Test
    void doesNotDelayAComputedReplacementPastANullString() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.isChanged() + " " + row.getReason()).containsExactly(
              "false the replacement is computed and the string may be null: it would no longer be computed before the " +
              "NullPointerException", "true ")),
          //language=java
          java(
            """
              import java.util.function.Supplier;

              class Slugs {
                  static String of(String title, Supplier<String> dash) {
                      String slug = title.replaceAll("[^a-z]+", dash.get());
                      return slug.trim().replaceAll("[^a-z]+", dash.get());
                  }
              }
              """,
            """
              import java.util.function.Supplier;
              import java.util.regex.Pattern;

              class Slugs {
                  private static final Pattern NON_LOWERCASE = Pattern.compile("[^a-z]+");

                  static String of(String title, Supplier<String> dash) {
                      String slug = title.replaceAll("[^a-z]+", dash.get());
                      return NON_LOWERCASE.matcher(slug.trim()).replaceAll(dash.get());
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotCompileRegexSyntaxTheFilesJavaMayNotHave() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly(
              "the regex uses syntax of Java 9 (\\X, \\b{g} or \\N{..}): on an older Java the class would fail to " +
              "initialise, where the call failed alone; needs Java 9, beyond Java 8: its build compiles it for Java 8",
              "the regex names a Unicode script, block or property by name, whose set grows with each Java: on the " +
              "file's older Java the class could fail to initialise, where the call failed alone",
              "the regex holds `#{`, which a template reads as a placeholder")),
          //language=java
          version(java(
            """
              class Text {
                  static boolean check(String s) {
                      return s.matches("\\\\X+") || s.matches("\\\\p{IsAdlam}+") || s.matches("#{2}");
                  }
              }
              """
          ), 8)
        );
    }

    //language=java
    private static final String MAP_HELPER = """
              import java.lang.reflect.Method;
              import java.lang.reflect.ParameterizedType;
              import java.util.Map;
              import java.util.Objects;
              import java.util.stream.Stream;

              class MapHelper {
                  private MapHelper() {
                      // no-op
                  }

                  static Method find(final FindMethod finder, final Class<?> type) {
                      return Stream.of(type.getGenericSuperclass())
                                   .filter(ParameterizedType.class::isInstance)
                                   .map(ParameterizedType.class::cast)
                                   .filter(it -> Class.class.isInstance(it.getRawType()) && Map.class.isAssignableFrom(Class.class.cast(it.getRawType())))
                                   .map(ParameterizedType::getActualTypeArguments)
                                   .filter(a -> a.length == 2)
                                   .map(a -> a[1])
                                   .filter(Class.class::isInstance)
                                   .map(Class.class::cast)
                                   .flatMap(param -> {
                                       final String simpleName = param.getSimpleName();
                                       return Stream.of( // direct name or if the pattern is FoosImpl try addFoo
                                               simpleName,
                                               simpleName.replaceAll("Impl$" ,""))
                                                    .map(it -> {
                                                        try {
                                                            return finder.get(it, type, param);
                                                        } catch (final NoSuchMethodException e) {
                                                            return null;
                                                        }
                                                    })
                                                    .filter(Objects::nonNull);
                                   })
                                   .findFirst()
                                   .orElse(null);
                  }
              }

              """;

    /**
     * A call that starts a line keeps its indentation when rewritten, here a nested pair inside a lambda of a chain
     * aligned on its dots (johnzon's {@code MapHelper}): the template alone would indent it as a continuation.
     */
    @Test
    void aCallThatStartsALineKeepsItsIndentation() {
        rewriteRun(
          java(
            """
              import java.lang.reflect.Method;

              interface FindMethod {
                  Method get(String name, Class<?> type, Class<?> param) throws NoSuchMethodException;
              }

              """
          ),
          java(MAP_HELPER, MAP_HELPER
            .replace("import java.util.Objects;\n", "import java.util.Objects;\nimport java.util.regex.Pattern;\n")
            .replace("class MapHelper {\n", "class MapHelper {\n" +
              "    private static final Pattern TRAILING_IMPL = Pattern.compile(\"Impl$\");\n\n")
            .replace("simpleName.replaceAll(\"Impl$\" ,\"\"))", "TRAILING_IMPL.matcher(simpleName).replaceAll(\"\"))"))
        );
    }

    /**
     * A method of many regexes (commons-codec's Caverphone compiles about thirty a call) gets a name for each: a word
     * or one letter anchored at an end ({@code LEADING_GN}, {@code TRAILING_S}), a run of one letter ({@code RUN_OF_S}),
     * the vowels; not the method's name, which only one of them could have.
     */
    @Test
    void aMethodOfManyRegexesNamesEachForWhatItMatches() {
        rewriteRun(
          java(
            """
              class Phonetic {
                  static String encode(String txt) {
                      txt = txt.replaceAll("^gn", "2n");
                      txt = txt.replaceAll("mb$", "m2");
                      txt = txt.replaceAll("^[aeiou]", "A");
                      txt = txt.replaceAll("[aeiou]", "3");
                      txt = txt.replaceAll("s+", "S");
                      txt = txt.replaceAll("^h", "A");
                      return txt.replaceAll("s$", "");
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Phonetic {
                  private static final Pattern LEADING_GN = Pattern.compile("^gn");
                  private static final Pattern TRAILING_MB = Pattern.compile("mb$");
                  private static final Pattern LEADING_VOWEL = Pattern.compile("^[aeiou]");
                  private static final Pattern VOWEL = Pattern.compile("[aeiou]");
                  private static final Pattern RUN_OF_S = Pattern.compile("s+");
                  private static final Pattern LEADING_H = Pattern.compile("^h");
                  private static final Pattern TRAILING_S = Pattern.compile("s$");

                  static String encode(String txt) {
                      txt = LEADING_GN.matcher(txt).replaceAll("2n");
                      txt = TRAILING_MB.matcher(txt).replaceAll("m2");
                      txt = LEADING_VOWEL.matcher(txt).replaceAll("A");
                      txt = VOWEL.matcher(txt).replaceAll("3");
                      txt = RUN_OF_S.matcher(txt).replaceAll("S");
                      txt = LEADING_H.matcher(txt).replaceAll("A");
                      return TRAILING_S.matcher(txt).replaceAll("");
                  }
              }
              """
          )
        );
    }

    /**
     * A field says what its regex matches where it can: a named character ({@code BACKSLASH}), a class of a few
     * ({@code DASH_OR_SPACE}, spaces around it allowed) or a named range ({@code NON_LOWERCASE_LETTER}), a few
     * characters and words in a row ({@code DOT_DOT}, {@code CHARSET_EQUALS}), anchored at one end
     * ({@code TRAILING_IMPL}) or both ({@code DIGITS}); else the words the names of the methods using it share, not
     * one method's name.
     */
    @Test
    void namesSayWhatTheRegexMatchesOrWhatItsMethodsShare() {
        rewriteRun(
          java(
            """
              class Paths {
                  static String toZip(String name) {
                      return name.replaceAll("\\\\\\\\", "/");
                  }

                  static String toWindows(String name) {
                      return name.replaceAll("/", "\\\\\\\\");
                  }

                  static String[] date(String text) {
                      return text.split("[- ]");
                  }

                  static String[] mapping(String line) {
                      return line.split("\\\\s*[;#]\\\\s*", 3)[0].split("\\\\.\\\\.");
                  }

                  static String enabledSslProtocolSuites(String suites) {
                      return suites.replaceAll("[,;:\\\\s]+", " ");
                  }

                  static String enabledSslCipherSuites(String suites) {
                      return suites.replaceAll("[,;:\\\\s]+", " ");
                  }

                  static String[] suitesOrDefaults(String suites, String[] defaults, boolean trimmed, int maximum) {
                      return defaults;
                  }

                  static String type(String simpleName) {
                      return simpleName.replaceAll("Impl$", "");
                  }

                  static String letters(String text) {
                      return text.replaceAll("[^a-z]", "");
                  }

                  static boolean number(String text) {
                      return text.matches("^\\\\d+$");
                  }

                  static String[] charset(String contentType) {
                      return contentType.split("charset=");
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Paths {
                  private static final Pattern BACKSLASH = Pattern.compile("\\\\\\\\");
                  private static final Pattern SLASH = Pattern.compile("/");
                  private static final Pattern DASH_OR_SPACE = Pattern.compile("[- ]");
                  private static final Pattern SEMICOLON_OR_HASH = Pattern.compile("\\\\s*[;#]\\\\s*");
                  private static final Pattern DOT_DOT = Pattern.compile("\\\\.\\\\.");
                  private static final Pattern ENABLED_SSL_SUITES_PATTERN = Pattern.compile("[,;:\\\\s]+");
                  private static final Pattern TRAILING_IMPL = Pattern.compile("Impl$");
                  private static final Pattern NON_LOWERCASE_LETTER = Pattern.compile("[^a-z]");
                  private static final Pattern DIGITS = Pattern.compile("^\\\\d+$");
                  private static final Pattern CHARSET_EQUALS = Pattern.compile("charset=");

                  static String toZip(String name) {
                      return BACKSLASH.matcher(name).replaceAll("/");
                  }

                  static String toWindows(String name) {
                      return SLASH.matcher(name).replaceAll("\\\\\\\\");
                  }

                  static String[] date(String text) {
                      return DASH_OR_SPACE.split(text);
                  }

                  static String[] mapping(String line) {
                      return DOT_DOT.split(SEMICOLON_OR_HASH.split(line, 3)[0]);
                  }

                  static String enabledSslProtocolSuites(String suites) {
                      return ENABLED_SSL_SUITES_PATTERN.matcher(suites).replaceAll(" ");
                  }

                  static String enabledSslCipherSuites(String suites) {
                      return ENABLED_SSL_SUITES_PATTERN.matcher(suites).replaceAll(" ");
                  }

                  static String[] suitesOrDefaults(String suites, String[] defaults, boolean trimmed, int maximum) {
                      return defaults;
                  }

                  static String type(String simpleName) {
                      return TRAILING_IMPL.matcher(simpleName).replaceAll("");
                  }

                  static String letters(String text) {
                      return NON_LOWERCASE_LETTER.matcher(text).replaceAll("");
                  }

                  static boolean number(String text) {
                      return DIGITS.matcher(text).matches();
                  }

                  static String[] charset(String contentType) {
                      return CHARSET_EQUALS.split(contentType);
                  }
              }
              """
          )
        );
    }

    /**
     * Held-out round eleven's names, as a reader would say them: trailing slashes and leading zeros (not a trailing run
     * of slash), a comma or a brace (not an opening brace or a closing brace), and a split's regex named for its pieces
     * (a {@code pair}) before its method ({@code READ_ROW_SEPARATOR}), and where a camel-case name's next word
     * starts (held-out round twelve). A split in a loop's header is on a line of its own: the loop's body below does
     * not wrap it.
     */
    @Test
    void namesRunsAtAnEndBracketsAndPiecesAsAReaderSaysThem() {
        rewriteRun(
          //language=java
          java(
            """
              import java.util.HashMap;
              import java.util.Map;

              class Payloads {
                  static String baseUrl(String url) {
                      return url.replaceAll("/+$", "");
                  }

                  static String unpadded(String number) {
                      return number.replaceFirst("^0+", "");
                  }

                  static String[] fields(String body) {
                      return body.split("[,{}]");
                  }

                  static Map<String, String> readRow(String body) {
                      Map<String, String> row = new HashMap<>();
                      for (String pair : body.split(",\\\\s*(?=\\")")) {
                          row.put(pair, pair);
                      }
                      return row;
                  }

                  static String column(String property) {
                      String column = property.replaceAll("([a-z0-9])([A-Z])", "$1_$2");
                      return column.toLowerCase();
                  }

                  static int count(String header, String body) {
                      String[] entries = header.split(";\\\\s*(?=[a-z])");
                      String[] others = body.split(";\\\\s*(?=[a-z])");
                      return entries.length + others.length;
                  }

                  static String longestLine(String first, String second, String third, String fourth, int count) {
                      return first;
                  }
              }
              """,
            """
              import java.util.HashMap;
              import java.util.Map;
              import java.util.regex.Pattern;

              class Payloads {
                  private static final Pattern TRAILING_SLASHES = Pattern.compile("/+$");
                  private static final Pattern LEADING_ZEROS = Pattern.compile("^0+");
                  private static final Pattern COMMA_OR_BRACE = Pattern.compile("[,{}]");
                  private static final Pattern SEPARATOR = Pattern.compile(",\\\\s*(?=\\")");
                  private static final Pattern CAMEL_CASE_BOUNDARY = Pattern.compile("([a-z0-9])([A-Z])");
                  private static final Pattern ENTRY_SEPARATOR = Pattern.compile(";\\\\s*(?=[a-z])");

                  static String baseUrl(String url) {
                      return TRAILING_SLASHES.matcher(url).replaceAll("");
                  }

                  static String unpadded(String number) {
                      return LEADING_ZEROS.matcher(number).replaceFirst("");
                  }

                  static String[] fields(String body) {
                      return COMMA_OR_BRACE.split(body);
                  }

                  static Map<String, String> readRow(String body) {
                      Map<String, String> row = new HashMap<>();
                      for (String pair : SEPARATOR.split(body)) {
                          row.put(pair, pair);
                      }
                      return row;
                  }

                  static String column(String property) {
                      String column = CAMEL_CASE_BOUNDARY.matcher(property).replaceAll("$1_$2");
                      return column.toLowerCase();
                  }

                  static int count(String header, String body) {
                      String[] entries = ENTRY_SEPARATOR.split(header);
                      String[] others = ENTRY_SEPARATOR.split(body);
                      return entries.length + others.length;
                  }

                  static String longestLine(String first, String second, String third, String fourth, int count) {
                      return first;
                  }
              }
              """
          )
        );
    }

    /**
     * Names the review of a737028 found wrong: base64 padding stripped is trailing equals signs (not EQUALSES);
     * {@code cookies} has no singular its ending tells (not COOKY_SEPARATOR), so the method names it; snake-case
     * methods share their words as words (READ_ROW_, not READROW_); and a {@code require} that throws when its regex
     * matches forbids what the regex matches, so its name is not the regex's (not NON_BLANK_PATTERN for blank text).
     */
    @Test
    void namesThatSayWhatTheRegexIsNotWhatItIsNot() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(row -> !row.isChanged()).extracting(PerformanceCandidates.Row::getLocation)
            .containsExactly("Headers#requireNonBlank")),
          //language=java
          java(
            """
              class Headers {
                  private static final String SEPARATOR = "; ";

                  static String unpadded(String base64) {
                      return base64.replaceAll("=+$", "");
                  }

                  static int cookieCount(String header) {
                      String[] cookies = header.split(";\\\\s*(?=[a-z])");
                      return cookies.length;
                  }

                  static String[] read_row_a(String row) {
                      return row.split(",\\\\s*(?=[a-z])");
                  }

                  static String[] read_row_b(String row) {
                      return row.split(",\\\\s*(?=[a-z])");
                  }

                  static String requireNonBlank(String text) {
                      if (text.matches("[ ]*")) {
                          throw new IllegalArgumentException("blank");
                      }
                      return text;
                  }

                  static String longestLine(String first, String second, String third, String fourth, int count) {
                      return first;
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Headers {
                  private static final Pattern TRAILING_EQUALS_SIGNS = Pattern.compile("=+$");
                  private static final Pattern COOKIE_COUNT_SEPARATOR = Pattern.compile(";\\\\s*(?=[a-z])");
                  private static final Pattern READ_ROW_SEPARATOR = Pattern.compile(",\\\\s*(?=[a-z])");

                  private static final String SEPARATOR = "; ";

                  static String unpadded(String base64) {
                      return TRAILING_EQUALS_SIGNS.matcher(base64).replaceAll("");
                  }

                  static int cookieCount(String header) {
                      String[] cookies = COOKIE_COUNT_SEPARATOR.split(header);
                      return cookies.length;
                  }

                  static String[] read_row_a(String row) {
                      return READ_ROW_SEPARATOR.split(row);
                  }

                  static String[] read_row_b(String row) {
                      return READ_ROW_SEPARATOR.split(row);
                  }

                  static String requireNonBlank(String text) {
                      if (text.matches("[ ]*")) {
                          throw new IllegalArgumentException("blank");
                      }
                      return text;
                  }

                  static String longestLine(String first, String second, String third, String fourth, int count) {
                      return first;
                  }
              }
              """
          )
        );
    }

    /**
     * The gauntlet's regexes a reviewer would not merge under their method's name, named for what they match: a run of
     * two or more ({@code REPEATED_WHITESPACE}, a word boundary at the end matches no character), the characters of a
     * number ({@code NON_NUMERIC}), a sequence with spaces allowed inside ({@code SEMICOLON_CHARSET_EQUALS}), a run of
     * a named character ({@code RUN_OF_DASH}), numbers' formats ({@code INTEGER}, {@code DECIMAL}); a split's regex is its {@code SEPARATOR}; a test method's regex is what
     * it tests for ({@code DURATION_PATTERN}).
     */
    @Test
    void namesTheGauntletsRegexesForWhatTheyMatch() {
        rewriteRun(
          //language=java
          java(
            """
              class Names {
                  static String removeVowels(String name) {
                      name = name.replace("A", "");
                      name = name.replaceAll("\\\\s{2,}\\\\b", " ");
                      return name.trim();
                  }

                  static double parseFormattedNumber(String value) {
                      String cleaned = value.replaceAll("[^\\\\d.eE\\\\-+]", "");
                      return Double.parseDouble(cleaned);
                  }

                  static String[] mimeContentType(String contentType) {
                      String[] parts = contentType.split(";[ \\\\t]*charset=");
                      return parts;
                  }

                  static String[] protocols(String protocols) {
                      String[] names = protocols.split("[ \\\\t]*,[ /]*");
                      return names;
                  }

                  static void checkDuration(String duration) {
                      if (!duration.matches("(\\\\d+[wdmhs])+|inf")) {
                          throw new IllegalArgumentException(duration);
                      }
                  }

                  static double parseFixedPoint(String s) {
                      if (s.matches("^-?\\\\d+$") || s.matches("^-?\\\\d+\\\\.\\\\d*$")) {
                          return Double.parseDouble(s);
                      }
                      return s.matches("^\\\\d+(\\\\.\\\\d+)?%$") ? 1 : 0;
                  }

                  static String encode(String txt) {
                      txt = txt.replaceAll("[^a-z]", "");
                      return txt.replaceAll("-+", "-");
                  }

                  static String longestLine(String first, String second, String third, String fourth, int count) {
                      return first;
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Names {
                  private static final Pattern REPEATED_WHITESPACE = Pattern.compile("\\\\s{2,}\\\\b");
                  private static final Pattern NON_NUMERIC = Pattern.compile("[^\\\\d.eE\\\\-+]");
                  private static final Pattern SEMICOLON_CHARSET_EQUALS = Pattern.compile(";[ \\\\t]*charset=");
                  private static final Pattern SEPARATOR = Pattern.compile("[ \\\\t]*,[ /]*");
                  private static final Pattern DURATION_PATTERN = Pattern.compile("(\\\\d+[wdmhs])+|inf");
                  private static final Pattern INTEGER = Pattern.compile("^-?\\\\d+$");
                  private static final Pattern DECIMAL = Pattern.compile("^-?\\\\d+\\\\.\\\\d*$");
                  private static final Pattern PERCENTAGE = Pattern.compile("^\\\\d+(\\\\.\\\\d+)?%$");
                  private static final Pattern NON_LOWERCASE_LETTER = Pattern.compile("[^a-z]");
                  private static final Pattern RUN_OF_DASH = Pattern.compile("-+");

                  static String removeVowels(String name) {
                      name = name.replace("A", "");
                      name = REPEATED_WHITESPACE.matcher(name).replaceAll(" ");
                      return name.trim();
                  }

                  static double parseFormattedNumber(String value) {
                      String cleaned = NON_NUMERIC.matcher(value).replaceAll("");
                      return Double.parseDouble(cleaned);
                  }

                  static String[] mimeContentType(String contentType) {
                      String[] parts = SEMICOLON_CHARSET_EQUALS.split(contentType);
                      return parts;
                  }

                  static String[] protocols(String protocols) {
                      String[] names = SEPARATOR.split(protocols);
                      return names;
                  }

                  static void checkDuration(String duration) {
                      if (!DURATION_PATTERN.matcher(duration).matches()) {
                          throw new IllegalArgumentException(duration);
                      }
                  }

                  static double parseFixedPoint(String s) {
                      if (INTEGER.matcher(s).matches() || DECIMAL.matcher(s).matches()) {
                          return Double.parseDouble(s);
                      }
                      return PERCENTAGE.matcher(s).matches() ? 1 : 0;
                  }

                  static String encode(String txt) {
                      txt = NON_LOWERCASE_LETTER.matcher(txt).replaceAll("");
                      return RUN_OF_DASH.matcher(txt).replaceAll("-");
                  }

                  static String longestLine(String first, String second, String third, String fourth, int count) {
                      return first;
                  }
              }
              """
          )
        );
    }

    /**
     * The held-out cases' regexes no name said before: two or three words either of which matches
     * ({@code SKIPPED_OR_IGNORED}, case-blind or not; {@code LEADING_} when a group of them is anchored at the start),
     * a set number of digits ({@code EIGHT_DIGITS}), and what is not printable ASCII. A split's regex is its separator
     * whatever it holds. A constant of the file is named for the constant ({@code IBAN_PATTERN}, {@code postCodeRegex}
     * too), not for the value it tests ({@code COMPACT_PATTERN} for {@code compact.matches(IBAN)}, the held-out
     * importer's). Words that differ only in case ({@code yes|YES}) are not two things either of which matches.
     */
    @Test
    void namesWordsEitherOfWhichMatchesCountedDigitsAndNonPrintableCharacters() {
        rewriteRun(
          //language=java
          java(
            """
              class Rows {
                  private static final String IBAN = "[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}";
                  private static final String postCodeRegex = "[0-9]{4} ?[A-Z]{2}";

                  static boolean postal(String zip) {
                      boolean valid = zip.matches(postCodeRegex);
                      return valid;
                  }

                  static boolean yes(String value) {
                      boolean yes = value.matches("yes|YES");
                      return yes;
                  }

                  static boolean account(String compact) {
                      boolean iban = compact.matches(IBAN);
                      return iban;
                  }

                  static boolean wanted(String status) {
                      boolean skipped = status.matches("(?i)skipped|ignored");
                      return !skipped;
                  }

                  static boolean valueDate(String text) {
                      boolean date = text.matches("[0-9]{8}");
                      return date;
                  }

                  static String clean(String line) {
                      String clean = line.replaceAll("[^\\\\x20-\\\\x7E]", " ");
                      return clean.trim();
                  }

                  static String path(String url) {
                      String rest = url.replaceFirst("^(http|https)", "");
                      return rest.trim();
                  }

                  static String[] either(String text) {
                      String[] parts = text.split("^and|or");
                      return parts;
                  }

                  static String longestLine(String first, String second, String third, String fourth, String fifth) {
                      return first;
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Rows {
                  private static final String IBAN = "[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}";
                  private static final String postCodeRegex = "[0-9]{4} ?[A-Z]{2}";
                  private static final Pattern POST_CODE_PATTERN = Pattern.compile(postCodeRegex);
                  private static final Pattern IBAN_PATTERN = Pattern.compile(IBAN);
                  private static final Pattern SKIPPED_OR_IGNORED = Pattern.compile("(?i)skipped|ignored");
                  private static final Pattern EIGHT_DIGITS = Pattern.compile("[0-9]{8}");
                  private static final Pattern NON_PRINTABLE_ASCII = Pattern.compile("[^\\\\x20-\\\\x7E]");
                  private static final Pattern LEADING_HTTP_OR_HTTPS = Pattern.compile("^(http|https)");
                  private static final Pattern SEPARATOR = Pattern.compile("^and|or");

                  static boolean postal(String zip) {
                      boolean valid = POST_CODE_PATTERN.matcher(zip).matches();
                      return valid;
                  }

                  static boolean yes(String value) {
                      boolean yes = value.matches("yes|YES");
                      return yes;
                  }

                  static boolean account(String compact) {
                      boolean iban = IBAN_PATTERN.matcher(compact).matches();
                      return iban;
                  }

                  static boolean wanted(String status) {
                      boolean skipped = SKIPPED_OR_IGNORED.matcher(status).matches();
                      return !skipped;
                  }

                  static boolean valueDate(String text) {
                      boolean date = EIGHT_DIGITS.matcher(text).matches();
                      return date;
                  }

                  static String clean(String line) {
                      String clean = NON_PRINTABLE_ASCII.matcher(line).replaceAll(" ");
                      return clean.trim();
                  }

                  static String path(String url) {
                      String rest = LEADING_HTTP_OR_HTTPS.matcher(url).replaceFirst("");
                      return rest.trim();
                  }

                  static String[] either(String text) {
                      String[] parts = SEPARATOR.split(text);
                      return parts;
                  }

                  static String longestLine(String first, String second, String third, String fourth, String fifth) {
                      return first;
                  }
              }
              """
          )
        );
    }

    /**
     * The held-out lexers', query builders' and template engines' identifiers: a letter, then letters, digits or
     * underscores ({@code UPPERCASE_IDENTIFIER} for a constant's {@code [A-Z][A-Z0-9_]*}), dotted
     * ({@code DOTTED_IDENTIFIER}) or after one sign ({@code COLON_IDENTIFIER}, a named parameter). Look-alikes keep no
     * name: a dash in the rest ({@code [a-z][a-z0-9-]*} is a slug), a first character the rest does not allow, a
     * counted length. Also the held-out ledger's and parsers': a {@code require} method throws when its match fails,
     * as a {@code check} does, and names what it requires; a line of spaces or a comment is {@code BLANK_OR_COMMENT}.
     */
    @Test
    void namesIdentifiersBlankOrCommentLinesAndWhatARequireTests() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(row -> !row.isChanged()).extracting(row -> reasonStart(row.getReason())).containsOnly(
              "no name says what the regex matches: a field named for the method that uses it would not say which " +
              "regex it holds")),
          //language=java
          java(
            """
              import java.util.List;

              class Lexer {
                  static void words(List<String> words, List<String> out) {
                      for (String word : words) {
                          if (word.matches("[A-Z][A-Z0-9_]*")) {
                              out.add(word);
                          }
                          if (word.matches("[a-z][a-z0-9]*(\\\\.[a-z][a-z0-9]*)*")) {
                              out.add(word.replaceAll(":[A-Za-z_][A-Za-z0-9_]*", "?"));
                          }
                          if (word.matches("[a-z][a-z0-9-]*") || word.matches("[a-z][A-Z0-9]*")) {
                              out.add(word.replaceAll("[A-Za-z][A-Za-z0-9]{2,8}", ""));
                          }
                      }
                  }

                  static String requireAccountCode(String value) {
                      if (!value.matches("[0-9]{4}-[0-9]{2}")) {
                          throw new IllegalArgumentException(value);
                      }
                      return value;
                  }

                  static int settings(List<String> lines) {
                      int count = 0;
                      for (String line : lines) {
                          if (!line.matches("\\\\s*(#.*)?")) {
                              count++;
                          }
                      }
                      return count;
                  }

                  static String longestLine(String first, String second, String third, String fourth, String fifth, String sixth) {
                      return first;
                  }
              }
              """,
            """
              import java.util.List;
              import java.util.regex.Pattern;

              class Lexer {
                  private static final Pattern UPPERCASE_IDENTIFIER = Pattern.compile("[A-Z][A-Z0-9_]*");
                  private static final Pattern DOTTED_LOWERCASE_IDENTIFIER = Pattern.compile("[a-z][a-z0-9]*(\\\\.[a-z][a-z0-9]*)*");
                  private static final Pattern COLON_IDENTIFIER = Pattern.compile(":[A-Za-z_][A-Za-z0-9_]*");
                  private static final Pattern ACCOUNT_CODE_PATTERN = Pattern.compile("[0-9]{4}-[0-9]{2}");
                  private static final Pattern BLANK_OR_COMMENT = Pattern.compile("\\\\s*(#.*)?");

                  static void words(List<String> words, List<String> out) {
                      for (String word : words) {
                          if (UPPERCASE_IDENTIFIER.matcher(word).matches()) {
                              out.add(word);
                          }
                          if (DOTTED_LOWERCASE_IDENTIFIER.matcher(word).matches()) {
                              out.add(COLON_IDENTIFIER.matcher(word).replaceAll("?"));
                          }
                          if (word.matches("[a-z][a-z0-9-]*") || word.matches("[a-z][A-Z0-9]*")) {
                              out.add(word.replaceAll("[A-Za-z][A-Za-z0-9]{2,8}", ""));
                          }
                      }
                  }

                  static String requireAccountCode(String value) {
                      if (!ACCOUNT_CODE_PATTERN.matcher(value).matches()) {
                          throw new IllegalArgumentException(value);
                      }
                      return value;
                  }

                  static int settings(List<String> lines) {
                      int count = 0;
                      for (String line : lines) {
                          if (!BLANK_OR_COMMENT.matcher(line).matches()) {
                              count++;
                          }
                      }
                      return count;
                  }

                  static String longestLine(String first, String second, String third, String fourth, String fifth, String sixth) {
                      return first;
                  }
              }
              """
          )
        );
    }

    /**
     * A regex no name says, in a method that does more than apply it: the method's name would say what the method
     * does, not what the regex matches ({@code REMOVE_VOWELS_PATTERN} for a run of spaces, {@code LOAD_PATTERN}),
     * and a reviewer reads it as wrong. Left alone, with the reason.
     */
    @Test
    void aRegexNoNameSaysIsLeftAloneOutsideAReturnOrATest() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.isChanged() + " " + reasonStart(row.getReason()))
            .containsExactly("false no name says what the regex matches: a field named for the method that uses it " +
                             "would not say which regex it holds", "false no name says what the regex matches: a " +
                             "field named for the method that uses it would not say which regex it holds")),
          //language=java
          java(
            """
              import java.util.List;

              class Config {
                  static void load(List<String> lines, List<String> values) {
                      for (String line : lines) {
                          if (!line.matches("^ *#.*|^ *[0-9]+.*")) {
                              values.add(line.replaceAll("[a-z]{2,19}:", ""));
                          }
                      }
                  }
              }
              """
          )
        );
    }

    /**
     * What a replacement commonly does has a name: a sanitiser's class of the characters it does not allow
     * ({@code [^A-Za-z0-9_.-]}: {@code DISALLOWED_CHARACTER}), a file name's extension ({@code \\.[^.]+$}, or a few
     * listed: {@code EXTENSION}) and what comes before it ({@code ^.*\\.}: {@code UP_TO_LAST_DOT}), everything up to
     * a character ({@code UP_TO_AT_SIGN}), a query string, a folded header's line break, a quoted whole.
     */
    @Test
    void theCommonJobsOfAReplacementAreNamedForWhatTheyMatch() {
        rewriteRun(
          java(
            """
              class Files {
                  static final String EXAMPLE = "Report 2026-11-28.csv.gz, sent by ops@example.com to /reports?day=28";

                  static String safe(String name) {
                      return name.replaceAll("[^A-Za-z0-9_.-]", "_");
                  }

                  static String extension(String fileName) {
                      return fileName.replaceFirst("^.*\\\\.", "");
                  }

                  static String domain(String address) {
                      return address.replaceFirst("^[^@]*@", "");
                  }

                  static String route(String path) {
                      return path.replaceFirst("\\\\?.*$", "");
                  }

                  static String unfolded(String header) {
                      return header.replaceAll("\\\\r?\\\\n[ \\\\t]+", " ");
                  }

                  static String unquoted(String field) {
                      return field.replaceFirst("^\\"(.*)\\"$", "$1");
                  }

                  static String base(String fileName) {
                      return fileName.replaceAll("\\\\.(csv|txt|jsonl?)(\\\\.gz)?$", "");
                  }
              }
""",
            """
              import java.util.regex.Pattern;

              class Files {
                  private static final Pattern DISALLOWED_CHARACTER = Pattern.compile("[^A-Za-z0-9_.-]");
                  private static final Pattern UP_TO_LAST_DOT = Pattern.compile("^.*\\\\.");
                  private static final Pattern UP_TO_AT_SIGN = Pattern.compile("^[^@]*@");
                  private static final Pattern QUERY_STRING = Pattern.compile("\\\\?.*$");
                  private static final Pattern FOLDED_LINE_BREAK = Pattern.compile("\\\\r?\\\\n[ \\\\t]+");
                  private static final Pattern QUOTED = Pattern.compile("^\\"(.*)\\"$");
                  private static final Pattern EXTENSION = Pattern.compile("\\\\.(csv|txt|jsonl?)(\\\\.gz)?$");

                  static final String EXAMPLE = "Report 2026-11-28.csv.gz, sent by ops@example.com to /reports?day=28";

                  static String safe(String name) {
                      return DISALLOWED_CHARACTER.matcher(name).replaceAll("_");
                  }

                  static String extension(String fileName) {
                      return UP_TO_LAST_DOT.matcher(fileName).replaceFirst("");
                  }

                  static String domain(String address) {
                      return UP_TO_AT_SIGN.matcher(address).replaceFirst("");
                  }

                  static String route(String path) {
                      return QUERY_STRING.matcher(path).replaceFirst("");
                  }

                  static String unfolded(String header) {
                      return FOLDED_LINE_BREAK.matcher(header).replaceAll(" ");
                  }

                  static String unquoted(String field) {
                      return QUOTED.matcher(field).replaceFirst("$1");
                  }

                  static String base(String fileName) {
                      return EXTENSION.matcher(fileName).replaceAll("");
                  }
              }
"""
          )
        );
    }

    /**
     * A negated class is named for what it does not allow only where a replacement removes or replaces it: chained,
     * the two replacements stay calls (their matchers would nest), and a match or a regex of other characters around
     * it ({@code ^[^@]*#}, {@code ^.*\\.\\.}) has no name.
     */
    @Test
    void aNegatedClassOrAPrefixIsNamedOnlyAsAReplacementOfItsOwnCharacter() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.isChanged() + " " + reasonStart(row.getReason()))
            .containsExactlyInAnyOrder(
              "false chained with another regex replacement on its result: with fields, the matchers would nest",
              "false chained with another regex replacement on its result: with fields, the matchers would nest",
              "false no name says what the regex matches: a field named for the method that uses it would not say which regex it holds",
              "false no name says what the regex matches: a field named for the method that uses it would not say which regex it holds",
              "false no name says what the regex matches: a field named for the method that uses it would not say which regex it holds")),
          java(
            """
              import java.util.List;

              class Names {
                  static void collect(List<String> names, List<String> out) {
                      for (String name : names) {
                          out.add(name.replaceAll("[^a-z0-9]+", "-").replaceFirst("\\\\.[^.]+$", ""));
                      }
                  }
              }
"""
          ),
          java(
            """
              import java.util.List;

              class Lookalikes {
                  static void collect(String raw, List<String> out) {
                      out.add(raw.replaceFirst("^[^@]*#", ""));
                      if (raw.matches("[^a-z]{3,}")) {
                          out.add(raw.replaceFirst("^.*\\\\.\\\\.", ""));
                      }
                  }
              }
"""
          )
        );
    }

    /**
     * A value whose name says nothing of its format ({@code name}, {@code id}) is named by the exception its failed
     * match throws: {@code "invalid metric name '.."} tests a {@code METRIC_NAME_PATTERN}, a format's
     * {@code "unprintable chunk id %s"} a {@code CHUNK_ID_PATTERN}.
     */
    @Test
    void aMatchIsNamedByWhatTheExceptionItsFailureThrowsCallsTheValue() {
        rewriteRun(
          java(
            """
              class MetricId {
                  private final String name;
                  private final String id;

                  MetricId(String name, String id) {
                      if (!name.matches("[a-zA-Z_:][a-zA-Z0-9_:]*")) {
                          throw new IllegalArgumentException(String.format("invalid metric name '%s': letters and digits only", name));
                      }
                      if (!id.matches("[\\\\x20-\\\\x7E]{4}")) {
                          throw new CorruptFile(name, 8, "unprintable chunk id");
                      }
                      this.name = name;
                      this.id = id;
                  }

                  static class CorruptFile extends RuntimeException {
                      CorruptFile(String file, long offset, String message) {
                          super(file + " at " + offset + ": " + message);
                      }
                  }
              }
""",
            """
              import java.util.regex.Pattern;

              class MetricId {
                  private static final Pattern METRIC_NAME_PATTERN = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
                  private static final Pattern CHUNK_ID_PATTERN = Pattern.compile("[\\\\x20-\\\\x7E]{4}");

                  private final String name;
                  private final String id;

                  MetricId(String name, String id) {
                      if (!METRIC_NAME_PATTERN.matcher(name).matches()) {
                          throw new IllegalArgumentException(String.format("invalid metric name '%s': letters and digits only", name));
                      }
                      if (!CHUNK_ID_PATTERN.matcher(id).matches()) {
                          throw new CorruptFile(name, 8, "unprintable chunk id");
                      }
                      this.name = name;
                      this.id = id;
                  }

                  static class CorruptFile extends RuntimeException {
                      CorruptFile(String file, long offset, String message) {
                          super(file + " at " + offset + ": " + message);
                      }
                  }
              }
"""
          )
        );
    }

    /**
     * Not where the message starts with the value's name ({@code "key .. must be printable"}), calls it only by how
     * it failed ({@code "bad name"}), or the failure prints instead of throwing.
     */
    @Test
    void aFailureThatDoesNotSayWhatTheValueIsNamesNothing() {
        String noName = "false no name says what the regex matches: a field named for the method that uses it would not " +
                        "say which regex it holds";
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.isChanged() + " " + reasonStart(row.getReason()))
            .containsExactly(noName, noName, noName)),
          java(
            """
              class Keys {
                  static void check(String key, String name, String id) {
                      if (!key.matches("[\\\\x21-\\\\x7e]{1,512}")) {
                          throw new IllegalArgumentException("key " + key + " must be printable");
                      }
                      if (!name.matches("[a-z]{3,16}")) {
                          throw new IllegalArgumentException("bad name: " + name);
                      }
                      if (!id.matches("[0-9A-Za-z_-]{1,64}")) {
                          System.out.println("unprintable client id " + id);
                      }
                  }
              }
"""
          )
        );
    }

    /**
     * johnzon's {@code simpleName.replaceAll("Impl$", "").replaceAll("s$", "")}: with fields, the matchers would nest,
     * {@code TRAILING_S.matcher(TRAILING_IMPL.matcher(simpleName).replaceAll("")).replaceAll("")}, which a reviewer read
     * as worse than the chain. Both calls are left alone; a chain whose first call becomes a plain-text
     * {@code replace} does not nest, and one regex call alone is rewritten, as is a split of a replacement
     * ({@code SPACES.split(RUN_OF_DASH.matcher(line).replaceAll(" "))}, in another test).
     */
    @Test
    void regexCallsChainedOnEachOthersResultAreLeftAlone() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.getLocation() + " " + row.isChanged() + " " + reasonStart(row.getReason()))
            .containsExactlyInAnyOrder(
              "Names#adder false chained with another regex replacement on its result: with fields, the matchers would nest",
              "Names#adder false chained with another regex replacement on its result: with fields, the matchers would nest",
              "Names#plain true ",
              "Names#plain true ",
              "Names#single true ")),
          version(
            java(
              """
                class Names {
                    static String adder(String simpleName) {
                        return "add" + simpleName.replaceAll("Impl$", "").replaceAll("s$", "");
                    }

                    static String plain(String name) {
                        return name.replaceAll("-", "").replaceAll("s$", "");
                    }

                    static String single(String name) {
                        return name.trim().replaceAll("s$", "");
                    }
                }
                """,
              """
                import java.util.regex.Pattern;

                class Names {
                    private static final Pattern TRAILING_S = Pattern.compile("s$");

                    static String adder(String simpleName) {
                        return "add" + simpleName.replaceAll("Impl$", "").replaceAll("s$", "");
                    }

                    static String plain(String name) {
                        return TRAILING_S.matcher(name.replace("-", "")).replaceAll("");
                    }

                    static String single(String name) {
                        return TRAILING_S.matcher(name.trim()).replaceAll("");
                    }
                }
                """
            ),
            11
          )
        );
    }

    /**
     * A test's name says what its regex matches only when it applies that one regex and says what it tests for:
     * {@code isInvalidName} returns a negated match of what a valid name is, {@code validateConfig} tests two regexes,
     * {@code matchesPattern} and {@code isValid} say nothing of what is tested. None gets a name from its method.
     */
    @Test
    void aTestsNameNamesItsRegexOnlyWhenItSaysWhatTheRegexMatches() {
        String noName = "false no name says what the regex matches: a field named for the method that uses it would " +
                        "not say which regex it holds";
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.getLocation() + " " + row.isChanged() + " " + reasonStart(row.getReason()))
            .containsExactly("Checks#isInvalidName " + noName, "Checks#validateConfig " + noName,
                             "Checks#validateConfig " + noName, "Checks#matchesPattern " + noName,
                             "Checks#isValid " + noName)),
          //language=java
          java(
            """
              class Checks {
                  static boolean isInvalidName(String s) {
                      return !s.matches("[a-z]{2,19}:");
                  }

                  static void validateConfig(String a, String b) {
                      if (!a.matches("[a-z]{2,19}:") || !b.matches("[a-z]{3,9}=")) {
                          throw new IllegalArgumentException(a + b);
                      }
                  }

                  static boolean matchesPattern(String value) {
                      return value.matches("[a-z]{4,7}@");
                  }

                  static boolean isValid(String value) {
                      return value.matches("[a-z]{5,8}#");
                  }
              }
              """
          )
        );
    }

    /**
     * A whole string matched is named for the value it holds, {@code sku.matches(..)} for a {@code SKU_PATTERN}, also
     * through {@code trim()} or a getter, in a method whose own name says nothing of the regex (a check before a
     * throw, a lambda, a test whose name says nothing of it: {@code isValid}). Look-alikes left alone: a value whose
     * name says nothing ({@code s}, {@code value}, {@code line}); a regex two uses match against differently named
     * values ({@code host} and {@code user}), or that is also used to replace ({@code coupon}); a regex that tests what
     * a string contains ({@code .*[.]java}); two regexes tested on values of one name (an old and a new order
     * number: the old one, eight digits, is named for what it matches, and the new one stays without a name in a
     * second run too).
     */
    @Test
    void aMatchIsNamedForTheValueItTestsWhenEveryUseTestsTheSame() {
        String noName = "false no name says what the regex matches: a field named for the method that uses it would " +
                        "not say which regex it holds";
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.getLocation() + " " + row.isChanged() + " " + reasonStart(row.getReason()))
            .containsExactly("Registry#register true ", "Registry#withoutMalformed true ", "Registry#codeOf true ",
                             "Registry#connect " + noName, "Registry#login " + noName, "Registry#strip " + noName,
                             "Registry#checkout " + noName, "Registry#couponFree " + noName, "Registry#addSource " + noName,
                             "Registry#legacy true ", "Registry#current " + noName, "Registry#isValid true ")),
          //language=java
          java(
            """
              import java.util.List;

              class Registry {
                  interface Item {
                      String getCountryCode();
                  }

                  void register(String sku) {
                      if (!sku.trim().matches("[A-Z]{3}-\\\\d{4}")) {
                          throw new IllegalArgumentException(sku);
                      }
                  }

                  void withoutMalformed(List<String> skus) {
                      skus.removeIf(s -> !s.matches("[A-Z]{3}-\\\\d{4}"));
                  }

                  boolean codeOf(Item item) {
                      return item.getCountryCode().matches("[A-Z]{2}");
                  }

                  void connect(String host) {
                      if (!host.matches("[a-z]{2,19}")) {
                          throw new IllegalArgumentException("not a host name: " + host + ", expected lower case letters");
                      }
                  }

                  void login(String user) {
                      if (!user.matches("[a-z]{2,19}")) {
                          throw new IllegalArgumentException(user);
                      }
                  }

                  void strip(String line, List<String> out) {
                      if (!line.matches("[a-z]{3,19}")) {
                          out.add(line);
                      }
                  }

                  void checkout(String coupon) {
                      if (!coupon.matches("[A-Z]{4}[0-9]{2}")) {
                          throw new IllegalArgumentException(coupon);
                      }
                  }

                  void couponFree(String coupon, List<String> out) {
                      out.add(coupon.replaceAll("[A-Z]{4}[0-9]{2}", ""));
                  }

                  void addSource(String fileName, List<String> out) {
                      if (fileName.matches(".*[.]java")) {
                          out.add(fileName);
                      }
                  }

                  boolean legacy(String order) {
                      return order.matches("[0-9]{8}") && order.length() > 1;
                  }

                  boolean current(String order) {
                      return order.matches("[A-Z][0-9]{7}") && order.length() > 1;
                  }

                  static boolean isValid(String batch) {
                      return batch.matches("B[0-9]{6}");
                  }
              }
              """,
            """
              import java.util.List;
              import java.util.regex.Pattern;

              class Registry {
                  private static final Pattern SKU_PATTERN = Pattern.compile("[A-Z]{3}-\\\\d{4}");
                  private static final Pattern COUNTRY_CODE_PATTERN = Pattern.compile("[A-Z]{2}");
                  private static final Pattern EIGHT_DIGITS = Pattern.compile("[0-9]{8}");
                  private static final Pattern BATCH_PATTERN = Pattern.compile("B[0-9]{6}");

                  interface Item {
                      String getCountryCode();
                  }

                  void register(String sku) {
                      if (!SKU_PATTERN.matcher(sku.trim()).matches()) {
                          throw new IllegalArgumentException(sku);
                      }
                  }

                  void withoutMalformed(List<String> skus) {
                      skus.removeIf(s -> !SKU_PATTERN.matcher(s).matches());
                  }

                  boolean codeOf(Item item) {
                      return COUNTRY_CODE_PATTERN.matcher(item.getCountryCode()).matches();
                  }

                  void connect(String host) {
                      if (!host.matches("[a-z]{2,19}")) {
                          throw new IllegalArgumentException("not a host name: " + host + ", expected lower case letters");
                      }
                  }

                  void login(String user) {
                      if (!user.matches("[a-z]{2,19}")) {
                          throw new IllegalArgumentException(user);
                      }
                  }

                  void strip(String line, List<String> out) {
                      if (!line.matches("[a-z]{3,19}")) {
                          out.add(line);
                      }
                  }

                  void checkout(String coupon) {
                      if (!coupon.matches("[A-Z]{4}[0-9]{2}")) {
                          throw new IllegalArgumentException(coupon);
                      }
                  }

                  void couponFree(String coupon, List<String> out) {
                      out.add(coupon.replaceAll("[A-Z]{4}[0-9]{2}", ""));
                  }

                  void addSource(String fileName, List<String> out) {
                      if (fileName.matches(".*[.]java")) {
                          out.add(fileName);
                      }
                  }

                  boolean legacy(String order) {
                      return EIGHT_DIGITS.matcher(order).matches() && order.length() > 1;
                  }

                  boolean current(String order) {
                      return order.matches("[A-Z][0-9]{7}") && order.length() > 1;
                  }

                  static boolean isValid(String batch) {
                      return BATCH_PATTERN.matcher(batch).matches();
                  }
              }
              """
          )
        );
    }

    /**
     * The POSIX classes and the diacritics of a normalised string have names ({@code CONTROL_CHARACTER},
     * {@code DIACRITICAL_MARKS}); the combining diacritical marks are a block every Java since 8 knows, so a Java 8
     * file gets its field too.
     */
    @Test
    void namesPosixClassesAndDiacritics() {
        rewriteRun(
          version(
            java(
              """
                import java.text.Normalizer;

                class Text {
                    String printable(String text) {
                        String shown = text.replaceAll("\\\\p{Cntrl}", "?");
                        return shown.trim();
                    }

                    String folded(String text) {
                        String decomposedIntoBaseLettersAndCombiningMarks = Normalizer.normalize(text, Normalizer.Form.NFD);
                        String folded = decomposedIntoBaseLettersAndCombiningMarks.replaceAll("\\\\p{InCombiningDiacriticalMarks}+", "");
                        return folded.toLowerCase();
                    }
                }
                """,
              """
                import java.text.Normalizer;
                import java.util.regex.Pattern;

                class Text {
                    private static final Pattern CONTROL_CHARACTER = Pattern.compile("\\\\p{Cntrl}");
                    private static final Pattern DIACRITICAL_MARKS = Pattern.compile("\\\\p{InCombiningDiacriticalMarks}+");

                    String printable(String text) {
                        String shown = CONTROL_CHARACTER.matcher(text).replaceAll("?");
                        return shown.trim();
                    }

                    String folded(String text) {
                        String decomposedIntoBaseLettersAndCombiningMarks = Normalizer.normalize(text, Normalizer.Form.NFD);
                        String folded = DIACRITICAL_MARKS.matcher(decomposedIntoBaseLettersAndCombiningMarks).replaceAll("");
                        return folded.toLowerCase();
                    }
                }
                """
            ),
            8
          )
        );
    }

    /**
     * Of a regex's names, the first whose call fits its line: {@code NON_LOWERCASE_LETTER_OR_DIGIT} would make the
     * call longer than the file's longest line, {@code NON_LOWERCASE_OR_DIGIT} does not, and the call is rewritten
     * rather than left alone for its length.
     */
    @Test
    void aShorterNameIsChosenWhereTheLongerWouldOutgrowTheCallsLine() {
        rewriteRun(
          java(
            """
              import java.util.List;
              import java.util.Locale;

              class Slugs {
                  void add(String title, List<String> out) {
                      out.add(title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
                  }

                  int describe(String title, int position) {
                      return title.length() + position * title.hashCode() + title.lastIndexOf(position, position);
                  }
              }
              """,
            """
              import java.util.List;
              import java.util.Locale;
              import java.util.regex.Pattern;

              class Slugs {
                  private static final Pattern NON_LOWERCASE_OR_DIGIT = Pattern.compile("[^a-z0-9]+");

                  void add(String title, List<String> out) {
                      out.add(NON_LOWERCASE_OR_DIGIT.matcher(title.toLowerCase(Locale.ROOT)).replaceAll("-"));
                  }

                  int describe(String title, int position) {
                      return title.length() + position * title.hashCode() + title.lastIndexOf(position, position);
                  }
              }
              """
          )
        );
    }

    /**
     * A regex no name says in one method takes the name another use of it in the file gives: had the first use been
     * left alone and the second added the field, a second run would have found the field and rewritten the first.
     */
    @Test
    void aRegexNamedByAnyOfItsUsesIsCompiledOnceForAllOfThemInOneRun() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.getLocation() + " " + row.isChanged())
            .containsExactly("Config#load true", "Config#strip true")),
          //language=java
          java(
            """
              import java.util.List;

              class Config {
                  static void load(List<String> configurationLines, List<String> configurationValues) {
                      for (String line : configurationLines) {
                          configurationValues.add(line.replaceAll("[a-z]{2,19}:", ""));
                      }
                  }

                  static String strip(String line) {
                      return line.replaceAll("[a-z]{2,19}:", "");
                  }
              }
              """,
            """
              import java.util.List;
              import java.util.regex.Pattern;

              class Config {
                  private static final Pattern STRIP_PATTERN = Pattern.compile("[a-z]{2,19}:");

                  static void load(List<String> configurationLines, List<String> configurationValues) {
                      for (String line : configurationLines) {
                          configurationValues.add(STRIP_PATTERN.matcher(line).replaceAll(""));
                      }
                  }

                  static String strip(String line) {
                      return STRIP_PATTERN.matcher(line).replaceAll("");
                  }
              }
              """
          )
        );
    }

    /**
     * javassist's {@code MemberResolver}: the added {@code java.util.regex.Pattern} went after
     * {@code java.util.WeakHashMap} and took the blank line that set the {@code javassist.*} imports apart.
     */
    @Test
    void anAddedImportKeepsTheBlankLineBetweenImportGroups() {
        rewriteRun(
          java("package javassist; public class ClassPool {}"),
          java(MEMBER_RESOLVER, MEMBER_RESOLVER_WITH_PATTERN, PrecompileConstantRegexTest::withOneImportGroup)
        );
    }

    /** A blank line of spaces sets the groups apart too, and is given back as it was. */
    @Test
    void anAddedImportKeepsABlankLineOfSpacesBetweenImportGroups() {
        rewriteRun(
          java("package javassist; public class ClassPool {}"),
          java(MEMBER_RESOLVER.replace("WeakHashMap;\n\n", "WeakHashMap;\n    \n"),
            MEMBER_RESOLVER_WITH_PATTERN.replace("Pattern;\n\n", "Pattern;\n    \n"), PrecompileConstantRegexTest::withOneImportGroup)
        );
    }

    //language=java
    private static final String MEMBER_RESOLVER = """
      package javassist.compiler;

      import java.util.List;
      import java.util.WeakHashMap;

      import javassist.ClassPool;

      class MemberResolver {
          ClassPool pool;
          WeakHashMap<String, List<String>> cache;

          String packageOf(String pac) {
              return pac.replaceAll("\\\\.$", "");
          }
      }
      """;

    //language=java
    private static final String MEMBER_RESOLVER_WITH_PATTERN = """
      package javassist.compiler;

      import java.util.List;
      import java.util.WeakHashMap;
      import java.util.regex.Pattern;

      import javassist.ClassPool;

      class MemberResolver {
          private static final Pattern TRAILING_DOT = Pattern.compile("\\\\.$");

          ClassPool pool;
          WeakHashMap<String, List<String>> cache;

          String packageOf(String pac) {
              return TRAILING_DOT.matcher(pac).replaceAll("");
          }
      }
      """;

    /** The layout detected over the project (its style) had no blank line between java.* and the others. */
    private static void withOneImportGroup(org.openrewrite.test.SourceSpec<?> spec) {
        spec.markers(new NamedStyles(Tree.randomId(), "project", "project", null, Collections.emptySet(),
          Collections.singletonList(ImportLayoutStyle.builder().importAllOthers().importStaticAllOthers().build())));
    }

    @Test
    void doesNotAddAFieldWhoseOwnLineWouldBeTooLongForTheFile() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the Pattern field's declaration would be 114 characters long, longer than " +
                                       "this file's code lines (80) and its lines with strings (51)"),
          //language=java
          java(
            """
              class Tls {
                  static String enabledSslProtocolSuitesOfTheServer(String suites) {
                      return suites.replaceAll("[,;:\\\\s]+", " ");
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotAddAFieldToAClassThatAWalkerOfItsClassesLists() {
        rewriteRun(
          CandidateRows.leftAloneBecause("`c.getDeclaredFields()` lists the class's declared fields by reflection"),
          //language=java
          java(
            """
              import java.lang.reflect.Field;

              abstract class Printable extends Root {
                  String describe() {
                      StringBuilder out = new StringBuilder();
                      for (Class<?> c = getClass(); c != null; c = c.getSuperclass()) {
                          for (Field field : c.getDeclaredFields()) {
                              out.append(field.getName());
                          }
                      }
                      return out.toString();
                  }
              }
              """
          ),
          //language=java
          java(
            """
              class Root {
                  static boolean word(String s) {
                      return s.matches("\\\\w+");
                  }
              }
              """
          ),
          //language=java
          java(
            """
              class Report extends Printable {
                  static boolean word(String s) {
                      return s.matches("\\\\w+");
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotAddAFieldToASuperclassThatAWalkerFromASubclassLists() {
        rewriteRun(
          CandidateRows.leftAloneBecause("lists the class's declared fields by reflection"),
          //language=java
          java(
            """
              class Base {
                  static boolean word(String s) {
                      return s.matches("\\\\w+");
                  }
              }
              """
          ),
          //language=java
          java(
            """
              class Report extends Base {
                  int fields() {
                      return getClass().getSuperclass().getDeclaredFields().length;
                  }
              }
              """
          )
        );
    }

    @Test
    void aClassWhoseSuperclassIsUnknownGetsNoFieldItsSuperclassCouldHide() {
        rewriteRun(
          spec -> spec.typeValidationOptions(TypeValidation.none()).dataTable(PerformanceCandidates.Row.class,
            rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason).containsExactly(
              "no name is free for the Pattern field, or the class's type is unknown")),
          //language=java
          java(
            """
              class Outer {
                  static class Inner extends Unknown {
                      boolean word(String s) {
                          return s.matches("\\\\w+");
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void aNestedTypeThatWouldInitialiseAProjectSuperclassSoonerHoldsTheFieldItself() {
        rewriteRun(
          //language=java
          java(
            """
              class Base {
                  static final java.util.List<String> LOADED = new java.util.ArrayList<>();

                  static {
                      LOADED.add("base");
                  }
              }
              """
          ),
          //language=java
          java(
            """
              class Outer extends Base {
                  static class Parser {
                      static String[] parts(String s) {
                          return s.split("\\\\s*,\\\\s*");
                      }
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Outer extends Base {
                  static class Parser {
                      private static final Pattern COMMA = Pattern.compile("\\\\s*,\\\\s*");

                      static String[] parts(String s) {
                          return COMMA.split(s);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void aStaticNestedClassWhoseOuterClassRunsCodeAtInitialisationHoldsTheFieldItself() {
        rewriteRun(
          //language=java
          java(
            """
              import java.util.HashMap;
              import java.util.Map;

              class Registry {
                  static final Map<String, String> ALIASES = new HashMap<>();

                  static {
                      ALIASES.put("id", "identifier");
                  }

                  String alias(String name) {
                      return ALIASES.get(name.replaceAll("\\\\s+", ""));
                  }

                  static final class Mapper {
                      private final String table;

                      Mapper(String table) {
                          this.table = table;
                      }

                      String[] columns(String row) {
                          return row.split("\\\\s*;\\\\s*");
                      }

                      boolean isNumber(String value) {
                          return value.matches("-?\\\\d+");
                      }
                  }
              }
              """,
            """
              import java.util.HashMap;
              import java.util.Map;
              import java.util.regex.Pattern;

              class Registry {
                  private static final Pattern WHITESPACE = Pattern.compile("\\\\s+");

                  static final Map<String, String> ALIASES = new HashMap<>();

                  static {
                      ALIASES.put("id", "identifier");
                  }

                  String alias(String name) {
                      return ALIASES.get(WHITESPACE.matcher(name).replaceAll(""));
                  }

                  static final class Mapper {
                      private static final Pattern SEMICOLON = Pattern.compile("\\\\s*;\\\\s*");
                      private static final Pattern INTEGER = Pattern.compile("-?\\\\d+");

                      private final String table;

                      Mapper(String table) {
                          this.table = table;
                      }

                      String[] columns(String row) {
                          return SEMICOLON.split(row);
                      }

                      boolean isNumber(String value) {
                          return INTEGER.matcher(value).matches();
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void aClassDeclaredInAnInterfaceHoldsTheFieldTheInterfaceCannot() {
        rewriteRun(
          //language=java
          java(
            """
              interface Codec {
                  String[] decode(String text);

                  class Csv implements Codec {
                      @Override
                      public String[] decode(String text) {
                          return text.split("\\\\s*,\\\\s*");
                      }
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              interface Codec {
                  String[] decode(String text);

                  class Csv implements Codec {
                      private static final Pattern COMMA = Pattern.compile("\\\\s*,\\\\s*");

                      @Override
                      public String[] decode(String text) {
                          return COMMA.split(text);
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void aRecordNestedInAClassThatRunsCodeAtInitialisationHoldsTheField() {
        rewriteRun(
          //language=java
          version(java(
            """
              import java.util.List;

              class Catalog {
                  static final List<String> NAMES = List.of("alpha", "beta", "gamma", "delta", "epsilon");

                  record Entry(String sku) {
                      boolean valid() {
                          return sku.matches("[A-Z]{3}-\\\\d{4}");
                      }
                  }
              }
              """,
            """
              import java.util.List;
              import java.util.regex.Pattern;

              class Catalog {
                  static final List<String> NAMES = List.of("alpha", "beta", "gamma", "delta", "epsilon");

                  record Entry(String sku) {
                      private static final Pattern SKU_PATTERN = Pattern.compile("[A-Z]{3}-\\\\d{4}");

                      boolean valid() {
                          return SKU_PATTERN.matcher(sku).matches();
                      }
                  }
              }
              """
          ), 17)
        );
    }

    @Test
    void anInnerClassReadsTheFieldOfTheStaticNestedClassAroundIt() {
        rewriteRun(
          //language=java
          java(
            """
              import java.util.ArrayList;
              import java.util.List;

              class Jobs {
                  static final List<String> QUEUE = new ArrayList<>();

                  static {
                      QUEUE.add("warm-up");
                  }

                  static final class Worker {
                      final class Step {
                          String name(String file) {
                              return file.replaceFirst("\\\\.csv$", "");
                          }
                      }
                  }
              }
              """,
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.regex.Pattern;

              class Jobs {
                  static final List<String> QUEUE = new ArrayList<>();

                  static {
                      QUEUE.add("warm-up");
                  }

                  static final class Worker {
                      private static final Pattern NAME_PATTERN = Pattern.compile("\\\\.csv$");

                      final class Step {
                          String name(String file) {
                              return NAME_PATTERN.matcher(file).replaceFirst("");
                          }
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void anEnumInANestedClassThatRunsCodeAtInitialisationIsLeftAlone() {
        rewriteRun(
          CandidateRows.leftAloneBecause("read from Kind, a static nested type whose code can run before the top-level class is initialised"),
          //language=java
          java(
            """
              import java.util.ArrayList;
              import java.util.List;

              class Jobs {
                  static final List<String> QUEUE = new ArrayList<>();

                  static final class Worker {
                      static final List<String> DONE = new ArrayList<>();

                      enum Kind {
                          CSV("a b");

                          final String[] words;

                          Kind(String text) {
                              words = text.split("x+");
                          }
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void anotherFilesEnumValuesInAFieldIsAStaticInitialiserAConstantsFieldMayNotFollow() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the constant `SEP` is declared after a static initialiser"),
          //language=java
          java(
            """
              enum Level {
                  LOW, HIGH;

                  final String[] parts = Outer.parse("a, b");
              }
              """
          ),
          //language=java
          java(
            """
              class Outer {
                  static final Level[] LEVELS = Level.values();
                  static final String SEP = ",\\\\s*";

                  static String[] parse(String s) {
                      return s.split(SEP);
                  }
              }
              """
          )
        );
    }

    @Test
    void aSerializableClassThatAlreadyInitialisesStaticallyKeepsItsVersionWithTheField() {
        rewriteRun(
          //language=java
          version(java(
            """
              import java.io.Serializable;
              import java.util.logging.Logger;

              class Event implements Serializable {
                  private static final Logger LOG = Logger.getLogger("events");

                  private String tags;

                  String[] tags() {
                      return tags.split("\\\\s*,\\\\s*");
                  }
              }
              """,
            """
              import java.io.Serializable;
              import java.util.logging.Logger;
              import java.util.regex.Pattern;

              class Event implements Serializable {
                  private static final Pattern COMMA = Pattern.compile("\\\\s*,\\\\s*");

                  private static final Logger LOG = Logger.getLogger("events");

                  private String tags;

                  String[] tags() {
                      return COMMA.split(tags);
                  }
              }
              """
          ), 17)
        );
    }

    @Test
    void belowJava11ANestedReadOfASerializableClassFieldWouldAddAnAccessor() {
        rewriteRun(
          CandidateRows.leftAloneBecause("the field would need an accessor method below Java 11"),
          //language=java
          version(java(
            """
              import java.io.Serializable;
              import java.util.logging.Logger;

              class Event implements Serializable {
                  private static final Logger LOG = Logger.getLogger("events");

                  class Tags {
                      String[] of(String tags) {
                          return tags.split("\\\\s*,\\\\s*");
                      }
                  }
              }
              """
          ), 8)
        );
    }

    @Test
    void unicodeNamesEveryJavaKnowsAreCompiledForAnOlderFile() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.isChanged() + " " + row.getReason()).containsExactly("true ",
              "false the regex names a Unicode script, block or property by name, whose set grows with each Java: on the " +
              "file's older Java the class could fail to initialise, where the call failed alone")),
          //language=java
          version(java(
            """
              class Text {
                  static boolean isWord(String s) {
                      return s.matches("\\\\p{IsAlphabetic}+");
                  }

                  static boolean b(String s) {
                      return s.matches("\\\\p{IsAdlam}+");
                  }

                  static int sum(int first, int second, int third, int fourth, int fifth, int sixth) {
                      return first + second + third + fourth + fifth + sixth;
                  }
              }
              """,
            """
              import java.util.regex.Pattern;

              class Text {
                  private static final Pattern WORD_PATTERN = Pattern.compile("\\\\p{IsAlphabetic}+");

                  static boolean isWord(String s) {
                      return WORD_PATTERN.matcher(s).matches();
                  }

                  static boolean b(String s) {
                      return s.matches("\\\\p{IsAdlam}+");
                  }

                  static int sum(int first, int second, int third, int fourth, int fifth, int sixth) {
                      return first + second + third + fourth + fifth + sixth;
                  }
              }
              """
          ), 17)
        );
    }

    @Test
    void anAnonymousClassListingItsFieldsCountsForTheTypeItCreates() {
        rewriteRun(
          CandidateRows.leftAloneBecause("lists the class's declared fields by reflection"),
          //language=java
          java(
            """
              class Base {
                  static boolean word(String s) {
                      return s.matches("\\\\w+");
                  }
              }
              """
          ),
          //language=java
          java(
            """
              import java.lang.reflect.Field;

              class Printer {
                  Object printer() {
                      return new Base() {
                          @Override
                          public String toString() {
                              StringBuilder out = new StringBuilder();
                              for (Class<?> c = getClass(); c != null; c = c.getSuperclass()) {
                                  for (Field field : c.getDeclaredFields()) {
                                      out.append(field.getName());
                                  }
                              }
                              return out.toString();
                          }
                      };
                  }
              }
              """
          )
        );
    }
}

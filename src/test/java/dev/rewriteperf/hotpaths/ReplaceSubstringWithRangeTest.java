package dev.rewriteperf.hotpaths;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CandidateRows;
import dev.rewriteperf.Checkstyle;
import dev.rewriteperf.CompiledSource;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class ReplaceSubstringWithRangeTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new ReplaceSubstringWithRange());
    }

    @DocumentExample
    @Test
    void anAppendedAndAParsedSubstringArePassedAsRanges() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .allSatisfy(row -> assertThat(row.isChanged()).isTrue()).hasSize(2)),
          version(BenchmarkSources.beforeBecomes("hotpaths/replacesubstringwithrange", "After"), 17)
        );
    }

    @Test
    void keepsCrlfAndTabs() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("hotpaths/replacesubstringwithrange", "After"), 17));
    }

    //language=java
    private static final String EVERY_FORM_BEFORE = """
      class Fields {
          // Each form the recipe writes: a builder, a buffer, a chain, a radix, a long, a String method's result.
          static long read(String line, StringBuilder out, StringBuffer log) {
              int comma = line.indexOf(',');
              out.append('[').append(line.substring(0, comma)).append(']');
              log.append(line.substring(comma + 1));
              log.append(line.trim().substring(1, 2));
              int hex = Integer.parseInt(line.substring(comma + 1, comma + 3), 16);
              return hex + Long.parseLong(line.substring(comma + 3, line.length()));
          }
      }
      """;

    //language=java
    private static final String EVERY_FORM_AFTER = """
      class Fields {
          // Each form the recipe writes: a builder, a buffer, a chain, a radix, a long, a String method's result.
          static long read(String line, StringBuilder out, StringBuffer log) {
              int comma = line.indexOf(',');
              out.append('[').append(line, 0, comma).append(']');
              log.append(line.substring(comma + 1));
              log.append(line.trim(), 1, 2);
              int hex = Integer.parseInt(line, comma + 1, comma + 3, 16);
              return hex + Long.parseLong(line, comma + 3, line.length(), 10);
          }
      }
      """;

    @Test
    void everyForm() {
        rewriteRun(version(java(EVERY_FORM_BEFORE, EVERY_FORM_AFTER), 17));
    }

    /** The same results, and an exception of the same kind (null, bad range, bad number), on generated lines. */
    @Test
    void theSameResultsOnGeneratedInputs() throws Exception {
        Method before = CompiledSource.load("Fields", EVERY_FORM_BEFORE, 17)
          .getDeclaredMethod("read", String.class, StringBuilder.class, StringBuffer.class);
        Method after = CompiledSource.load("Fields", EVERY_FORM_AFTER, 17)
          .getDeclaredMethod("read", String.class, StringBuilder.class, StringBuffer.class);
        before.setAccessible(true);
        after.setAccessible(true);
        Random random = new Random(19);
        String alphabet = "0123456789abcdefxyz ,-+";
        for (int n = 0; n < 3_000; n++) {
            StringBuilder line = new StringBuilder();
            for (int length = random.nextInt(12); line.length() < length; ) {
                line.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String input = n == 0 ? null : line.toString();
            StringBuilder beforeOut = new StringBuilder();
            StringBuffer beforeLog = new StringBuffer();
            StringBuilder afterOut = new StringBuilder();
            StringBuffer afterLog = new StringBuffer();
            Object expected = outcome(before, input, beforeOut, beforeLog);
            Object actual = outcome(after, input, afterOut, afterLog);
            assertThat(actual).as("input %s", input).isEqualTo(expected);
            assertThat(afterOut.toString()).as("input %s", input).isEqualTo(beforeOut.toString());
            assertThat(afterLog.toString()).as("input %s", input).isEqualTo(beforeLog.toString());
        }
    }

    /** The result, or the exception's kind: a bad range's exception is an IndexOutOfBoundsException either way. */
    private static Object outcome(Method method, String input, StringBuilder out, StringBuffer log) throws IllegalAccessException {
        try {
            return method.invoke(null, input, out, log);
        } catch (InvocationTargetException e) {
            Throwable thrown = e.getCause();
            return thrown instanceof IndexOutOfBoundsException ? IndexOutOfBoundsException.class : thrown.getClass();
        }
    }

    @Test
    void doesNotAppendAStringThatMayBeNull() {
        rewriteRun(
          CandidateRows.leftAloneBecause("may be null: `substring` threw a NullPointerException, `append` would write \"null\""),
          //language=java
          java(
            """
              class Names {
                  private String prefix;

                  String of(StringBuilder out, String name, int end) {
                      if (end > 0) {
                          name.length();
                      }
                      boolean empty = end == 0 && name.isEmpty();
                      Runnable later = () -> name.trim();
                      out.append(prefix.substring(0, end));
                      out.append(name.substring(0, end));
                      return out.toString();
                  }

                  String reassigned(StringBuilder out, String name, int end) {
                      name.length();
                      name = null;
                      return out.append(name.substring(0, end)).toString();
                  }
              }
              """
          )
        );
    }

    /** A local initialised with a string that cannot be null, and never assigned again, cannot be null either. */
    @Test
    void aLocalInitialisedWithAStringMethodsResultIsAppended() {
        rewriteRun(
          version(java(
            """
              class Keys {
                  String key(StringBuilder out, String key, int end) {
                      String trimmed = key.trim();
                      String same = trimmed;
                      out.append(trimmed.substring(0, end));
                      out.append(same.substring(1, end));
                      return out.toString();
                  }
              }
              """,
            """
              class Keys {
                  String key(StringBuilder out, String key, int end) {
                      String trimmed = key.trim();
                      String same = trimmed;
                      out.append(trimmed, 0, end);
                      out.append(same, 1, end);
                      return out.toString();
                  }
              }
              """
          ), 17)
        );
    }

    /**
     * In a lambda outside any method (a filter registered in a static or a field initialiser, the held-out template
     * engine's {@code truncate}), a local an earlier statement dereferenced cannot be null either; one the lambda
     * assigns again may be.
     */
    @Test
    void aStringDereferencedBeforeInALambdaOfAnInitialiserIsAppended() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(row -> !row.isChanged()).singleElement()
            .satisfies(row -> assertThat(row.getReason()).contains("may be null"))),
          version(java(
            """
              import java.util.HashMap;
              import java.util.Map;
              import java.util.function.BiFunction;

              class Filters {
                  static final Map<String, BiFunction<Object, Integer, String>> REGISTRY = new HashMap<>();

                  static String str(Object v) {
                      return v == null ? null : v.toString();
                  }

                  final BiFunction<Object, Integer, String> head = (v, limit) -> {
                      String s = str(v);
                      if (s.length() <= limit) {
                          return s;
                      }
                      return new StringBuilder().append(s.substring(0, limit)).toString();
                  };

                  static {
                      REGISTRY.put("truncate", (v, limit) -> {
                          String s = str(v);
                          if (s.length() <= limit) {
                              return s;
                          }
                          StringBuilder sb = new StringBuilder(limit + 1);
                          sb.append(s.substring(0, limit));
                          return sb.append('.').toString();
                      });
                      REGISTRY.put("tail", (v, limit) -> {
                          String s = str(v);
                          if (s.length() <= limit) {
                              s = v == null ? null : s;
                          }
                          return new StringBuilder().append(s.substring(0, limit)).toString();
                      });
                  }
              }
              """,
            """
              import java.util.HashMap;
              import java.util.Map;
              import java.util.function.BiFunction;

              class Filters {
                  static final Map<String, BiFunction<Object, Integer, String>> REGISTRY = new HashMap<>();

                  static String str(Object v) {
                      return v == null ? null : v.toString();
                  }

                  final BiFunction<Object, Integer, String> head = (v, limit) -> {
                      String s = str(v);
                      if (s.length() <= limit) {
                          return s;
                      }
                      return new StringBuilder().append(s, 0, limit).toString();
                  };

                  static {
                      REGISTRY.put("truncate", (v, limit) -> {
                          String s = str(v);
                          if (s.length() <= limit) {
                              return s;
                          }
                          StringBuilder sb = new StringBuilder(limit + 1);
                          sb.append(s, 0, limit);
                          return sb.append('.').toString();
                      });
                      REGISTRY.put("tail", (v, limit) -> {
                          String s = str(v);
                          if (s.length() <= limit) {
                              s = v == null ? null : s;
                          }
                          return new StringBuilder().append(s.substring(0, limit)).toString();
                      });
                  }
              }
              """
          ), 17)
        );
    }

    /**
     * A parameter an {@code if}'s or a {@code while}'s condition dereferences cannot be null in its branches or body
     * (a held-out server's truncation of long payloads), nor one a {@code for} loop's condition or a for-each loop's
     * source dereferences in its body (a time-series admin tool's hex dump, held-out round thirteen); one that only a
     * branch, a {@code &&}'s right side, another variable's condition or an earlier loop dereferences may be.
     */
    @Test
    void aStringTheConditionAroundDereferencesIsAppended() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(row -> !row.isChanged()).hasSize(4)
            .allSatisfy(row -> assertThat(row.getReason()).contains("may be null"))),
          version(java(
            """
              class Payloads {
                  static final int MAX = 64;

                  void truncated(String text, StringBuilder out) {
                      if (text.length() > MAX) {
                          out.append(text.substring(0, MAX)).append("...");
                      } else {
                          out.append(text.substring(1, 2));
                      }
                  }

                  void lines(String text, StringBuilder out, int end) {
                      while (text.indexOf(';') > end) {
                          out.append(text.substring(0, end));
                      }
                  }

                  void hex(String row, StringBuilder out) {
                      for (int i = 0; i < row.length(); i += 2) {
                          out.append(row.substring(i, i + 2)).append(' ');
                      }
                      for (String cell : row.split(",")) {
                          out.append(row.substring(0, 1)).append(cell);
                      }
                      for (int i = 0; i < 3; i++) {
                          out.append(row.substring(i, i + 1));
                      }
                  }

                  void lookAlikes(String text, String other, boolean check, StringBuilder out) {
                      if (other.length() > MAX) {
                          out.append(text.substring(0, MAX));
                      }
                      if (check && text.length() > MAX) {
                          out.append(text.substring(1, MAX));
                      }
                      if (check) {
                          text.length();
                      } else {
                          out.append(text.substring(2, MAX));
                      }
                  }
              }
              """,
            """
              class Payloads {
                  static final int MAX = 64;

                  void truncated(String text, StringBuilder out) {
                      if (text.length() > MAX) {
                          out.append(text, 0, MAX).append("...");
                      } else {
                          out.append(text, 1, 2);
                      }
                  }

                  void lines(String text, StringBuilder out, int end) {
                      while (text.indexOf(';') > end) {
                          out.append(text, 0, end);
                      }
                  }

                  void hex(String row, StringBuilder out) {
                      for (int i = 0; i < row.length(); i += 2) {
                          out.append(row, i, i + 2).append(' ');
                      }
                      for (String cell : row.split(",")) {
                          out.append(row, 0, 1).append(cell);
                      }
                      for (int i = 0; i < 3; i++) {
                          out.append(row.substring(i, i + 1));
                      }
                  }

                  void lookAlikes(String text, String other, boolean check, StringBuilder out) {
                      if (other.length() > MAX) {
                          out.append(text.substring(0, MAX));
                      }
                      if (check && text.length() > MAX) {
                          out.append(text.substring(1, MAX));
                      }
                      if (check) {
                          text.length();
                      } else {
                          out.append(text.substring(2, MAX));
                      }
                  }
              }
              """
          ), 17)
        );
    }

    /**
     * A final field read by the loop's condition holds an object in the loop's body, as a dereferenced local does: a
     * lexer's {@code source} (held-out round twelve). A field that is not final may be set to null in between, and is
     * left alone.
     */
    @Test
    void aFinalFieldDereferencedBeforeIsNotNull() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(row -> !row.isChanged()).extracting(PerformanceCandidates.Row::getLocation)
            .containsExactly("Lexer#readName")),
          version(java(
            """
              class Lexer {
                  private final String source;
                  private String pending;
                  private int pos;

                  Lexer(String source, String pending) {
                      this.source = source;
                      this.pending = pending;
                  }

                  String readString() {
                      StringBuilder value = new StringBuilder();
                      int start = pos;
                      while (pos < source.length()) {
                          if (source.charAt(pos) == '"') {
                              value.append(source.substring(start, pos));
                          }
                          pos++;
                      }
                      return value.toString();
                  }

                  String readName() {
                      StringBuilder value = new StringBuilder();
                      while (pos < pending.length()) {
                          value.append(pending.substring(0, pos));
                          pos++;
                      }
                      return value.toString();
                  }
              }
              """,
            """
              class Lexer {
                  private final String source;
                  private String pending;
                  private int pos;

                  Lexer(String source, String pending) {
                      this.source = source;
                      this.pending = pending;
                  }

                  String readString() {
                      StringBuilder value = new StringBuilder();
                      int start = pos;
                      while (pos < source.length()) {
                          if (source.charAt(pos) == '"') {
                              value.append(source, start, pos);
                          }
                          pos++;
                      }
                      return value.toString();
                  }

                  String readName() {
                      StringBuilder value = new StringBuilder();
                      while (pos < pending.length()) {
                          value.append(pending.substring(0, pos));
                          pos++;
                      }
                      return value.toString();
                  }
              }
              """
          ), 17)
        );
    }

    /** The look-alikes: a local that may be null from its start, or that is assigned again, is left alone. */
    @Test
    void aLocalThatMayBeNullOrIsAssignedAgainIsLeftAlone() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).hasSize(4)
            .allSatisfy(row -> assertThat(row.getReason()).contains("may be null"))),
          version(java(
            """
              import java.util.Map;

              class Keys {
                  String looked(StringBuilder out, Map<String, String> names, String id, int end) {
                      String name = names.get(id);
                      out.append(name.substring(0, end));
                      return out.toString();
                  }

                  String reassigned(StringBuilder out, String key, boolean none, int end) {
                      String trimmed = key.trim();
                      if (none) {
                          trimmed = null;
                      }
                      out.append(trimmed.substring(0, end));
                      return out.toString();
                  }

                  String fromAParameter(StringBuilder out, String key, int end) {
                      String copy = key;
                      out.append(copy.substring(0, end));
                      return out.toString();
                  }

                  String fromAField(StringBuilder out, int end) {
                      String copy = this.prefix;
                      out.append(copy.substring(0, end));
                      return out.toString();
                  }

                  private String prefix;
              }
              """
          ), 17)
        );
    }

    @Test
    void aStringTheBoundsDereferenceIsAppended() {
        rewriteRun(
          //language=java
          java(
            """
              class Keys {
                  static String of(StringBuilder out, String key) {
                      return out.append(key.substring(0, key.indexOf('='))).toString();
                  }
              }
              """,
            """
              class Keys {
                  static String of(StringBuilder out, String key) {
                      return out.append(key, 0, key.indexOf('=')).toString();
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotChangeTheExceptionACatchSees() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly(
              "a catch of java.lang.StringIndexOutOfBoundsException around the call would no longer catch what it throws (java.lang.IndexOutOfBoundsException)",
              "a catch of java.lang.NumberFormatException around the call reads the exception, whose type or message would change",
              "a catch of java.lang.RuntimeException around the call reads the exception, whose type or message would change")),
          //language=java
          version(java(
            """
              class Ports {
                  static int of(String address, int colon) {
                      try {
                          return Integer.parseInt(address.substring(colon + 1, address.length()));
                      } catch (StringIndexOutOfBoundsException e) {
                          return -1;
                      }
                  }

                  static int logged(String address, int colon) {
                      try {
                          return Integer.parseInt(address.substring(colon + 1, address.length()));
                      } catch (NumberFormatException e) {
                          throw new IllegalArgumentException("bad port: " + e.getMessage());
                      }
                  }

                  static String host(StringBuilder out, String address) {
                      int colon = address.indexOf(':');
                      try {
                          return out.append(address.substring(0, colon)).toString();
                      } catch (RuntimeException e) {
                          return e.toString();
                      }
                  }
              }
              """
          ), 17)
        );
    }

    @Test
    void aCatchThatDoesNotReadTheExceptionKeepsTheRewrite() {
        rewriteRun(
          //language=java
          version(java(
            """
              class Ports {
                  static int of(String address, int colon) {
                      try {
                          return Integer.parseInt(address.substring(colon + 1, address.length()));
                      } catch (NumberFormatException | IndexOutOfBoundsException e) {
                          return -1;
                      } finally {
                          address.substring(0, 1);
                      }
                  }
              }
              """,
            """
              class Ports {
                  static int of(String address, int colon) {
                      try {
                          return Integer.parseInt(address, colon + 1, address.length(), 10);
                      } catch (NumberFormatException | IndexOutOfBoundsException e) {
                          return -1;
                      } finally {
                          address.substring(0, 1);
                      }
                  }
              }
              """
          ), 17)
        );
    }

    @Test
    void doesNotParseARangeBeforeJava9() {
        rewriteRun(
          CandidateRows.leftAloneBecause("(Integer.parseInt(CharSequence, int, int, int)) needs Java 9, beyond Java 8"),
          //language=java
          version(java(
            """
              class Ports {
                  static int of(String address, int colon) {
                      return Integer.parseInt(address.substring(colon + 1, address.length()));
                  }
              }
              """
          ), 8)
        );
    }

    /**
     * javassist's {@code Descriptor.rename}: {@code if (head < len)} with {@code newdesc.append(desc.substring(head,
     * len));} on the next line is two statements, not one wrapped; the append was left alone as wrapped while its
     * siblings were rewritten. An else's and a loop's body without braces are statements of their own too.
     */
    @Test
    void aBodyWithoutBracesOnItsOwnLineIsNotAWrappedStatement() {
        rewriteRun(
          version(java(
            """
              class Descriptors {
                  static String rename(StringBuilder newdesc, String desc, int head, int n) {
                      int len = desc.length();
                      if (head < len)
                          newdesc.append(desc.substring(head, len));
                      else
                          newdesc.append(desc.substring(0, head));
                      for (int i = 0; i < n; i++)
                          newdesc.append(desc.substring(i, len));
                      return newdesc.toString();
                  }
              }
              """,
            """
              class Descriptors {
                  static String rename(StringBuilder newdesc, String desc, int head, int n) {
                      int len = desc.length();
                      if (head < len)
                          newdesc.append(desc, head, len);
                      else
                          newdesc.append(desc, 0, head);
                      for (int i = 0; i < n; i++)
                          newdesc.append(desc, i, len);
                      return newdesc.toString();
                  }
              }
              """
          ), 17)
        );
    }

    @Test
    void leavesOtherSubstringsAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          //language=java
          version(java(
            """
              class Others {
                  static String of(StringBuilder out, String s, int end) {
                      String head = s.substring(0, end);
                      out.append(head);
                      out.append(s.substring(1));
                      out.append(s.substring(0, end).trim());
                      out.insert(0, s.substring(0, end));
                      return out.append((Object) s.substring(0, end)).toString() + Integer.valueOf(s.substring(0, 1));
                  }
              }
              """
          ), 17)
        );
    }

    @Test
    void leavesAppendsAndParsesOfOtherTypesAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          //language=java
          version(java(
            """
              import java.io.IOException;
              import java.io.Writer;

              class Lookalikes {
                  static final class Line {
                      private final StringBuilder text = new StringBuilder();

                      Line append(String part) {
                          text.append(part);
                          return this;
                      }
                  }

                  static String of(Line line, Writer out, StringBuilder digits, String s) throws IOException {
                      line.append(s.substring(0, 2));
                      out.append(s.substring(0, 2));
                      out.write(s.substring(0, 2));
                      return line.text.toString() + Integer.parseInt(digits.substring(0, 2)) + Short.parseShort(s.substring(0, 2))
                          + Integer.valueOf(s.substring(0, 2)) + Double.parseDouble(s.substring(0, 2));
                  }
              }
              """
          ), 17)
        );
    }

    @Test
    void doesNotChangeTheExceptionACatchAroundALambdaSeesOrDelayAComputedRadix() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly(
              "a catch of java.lang.StringIndexOutOfBoundsException around the call would no longer catch what it throws " +
              "(java.lang.IndexOutOfBoundsException)",
              "the radix is computed: with a bad range it would now be computed before the exception, not after")),
          //language=java
          version(java(
            """
              import java.util.List;
              import java.util.function.IntSupplier;

              class Codes {
                  static int sum(List<String> ids) {
                      try {
                          return ids.stream().mapToInt(s -> Integer.parseInt(s.substring(1, 3))).sum();
                      } catch (StringIndexOutOfBoundsException e) {
                          return -1;
                      }
                  }

                  static int parsed(String id, IntSupplier radix) {
                      return Integer.parseInt(id.substring(1, 3), radix.getAsInt());
                  }
              }
              """
          ), 17)
        );
    }

    @Test
    void doesNotWriteTheRadixWhereTheProjectsCheckstyleForbidsMagicNumbers() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.isChanged() + " " + row.getReason()).containsExactly(
              "false the project's Checkstyle (src/conf/checkstyle.xml) forbids magic numbers, and the rewrite would write 10",
              "true ")),
          Checkstyle.magicNumberCheck("      <property name=\"ignoreNumbers\" value=\"-1, 0, 1, 2, 16\"/>\n"),
          //language=java
          version(java(
            """
              class Ports {
                  static int of(String address, int colon) {
                      return Integer.parseInt(address.substring(colon + 1, address.length()));
                  }

                  static int hex(String address, int colon) {
                      return Integer.parseInt(address.substring(colon + 1, address.length()), 16);
                  }
              }
              """,
            """
              class Ports {
                  static int of(String address, int colon) {
                      return Integer.parseInt(address.substring(colon + 1, address.length()));
                  }

                  static int hex(String address, int colon) {
                      return Integer.parseInt(address, colon + 1, address.length(), 16);
                  }
              }
              """
          ), 17)
        );
    }
}

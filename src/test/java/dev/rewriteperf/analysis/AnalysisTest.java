package dev.rewriteperf.analysis;

import dev.rewriteperf.analysis.evaluation.References;
import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import dev.rewriteperf.analysis.evaluation.SideEffectFreeCode;
import dev.rewriteperf.analysis.names.DeclaredTypes;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.collections.ElementCounts;
import org.junit.jupiter.api.Test;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.TypeTree;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiPredicate;

import static org.assertj.core.api.Assertions.assertThat;

/** The shared helpers, asked about the argument of each {@code use(..)} call in one small class. */
class AnalysisTest {

    //language=java
    private static final String SOURCE = """
      import java.util.*;

      class Shapes {
          int[] numbers;
          static void use(Object o) {}

          void f(List<String> list, Map<String, String> map, String[] array, Iterable<String> iterable, int parameter) {
              int count = list.size();
              int changed = map.size();
              changed++;
              use(list.size());
              use(map.size());
              use(map.keySet().size());
              use(array.length);
              use(this.numbers.length);
              use(count);
              use(changed);
              use(parameter);
              use(List.of(1).size());
              use(list.get(0).length());
          }
      }
      """;

    @Test
    void recognisesElementCounts() {
        Map<String, Boolean> counts = classify((argument, cursor) -> ElementCounts.isElementCount(argument, cursor));
        assertThat(counts).containsExactly(
          Map.entry("list.size()", true),
          Map.entry("map.size()", true),
          Map.entry("map.keySet().size()", true),
          Map.entry("array.length", true),
          Map.entry("this.numbers.length", true),
          Map.entry("count", true),
          Map.entry("changed", false),
          Map.entry("parameter", false),
          Map.entry("List.of(1).size()", true),
          Map.entry("list.get(0).length()", false));
    }

    @Test
    void sizesAndViewsOfReadOnlyTargetsHaveNoSideEffects() {
        Map<String, Boolean> pure = classify((argument, cursor) -> SafeToEvaluate.withoutSideEffects(argument));
        assertThat(pure).containsEntry("map.keySet().size()", true)
          .containsEntry("this.numbers.length", true)
          .containsEntry("List.of(1).size()", false)
          .containsEntry("list.get(0).length()", false);
    }

    /** The four rules of {@link SafeToEvaluate}, asked about the same expressions: each accepts what its table row says. */
    //language=java
    private static final String EVALUATION = """
      import java.util.*;

      class Reads {
          static final int LIMIT = 8;
          final int size = 4;
          int count;
          volatile int flag;
          int[] data;
          Reads other;
          static void use(Object o) {}
          int next() { return count++; }

          void f(List<String> list, int local) {
              use(1);
              use(local);
              use(this);
              use(LIMIT);
              use(this.size);
              use(count);
              use(flag);
              use(other.count);
              use(data.length);
              use(local * 4 + count);
              use(list.size());
              use(list.get(0));
              use(next());
          }
      }
      """;

    @Test
    void theFourEvaluationRulesAcceptWhatTheirTableSays() {
        Map<String, String> rules = new LinkedHashMap<>();
        visitUses(EVALUATION, (argument, cursor) -> {
            rules.put(argument.printTrimmed(cursor),
              (SafeToEvaluate.withoutSideEffects(argument) ? "E" : "-") +
              (SafeToEvaluate.sameValueEachRead(argument) ? "S" : "-") +
              (SafeToEvaluate.unchangedByOtherCode(argument) ? "U" : "-") +
              (SafeToEvaluate.variableOrFieldOfVariable(argument) ? "V" : "-"));
            return true;
        });
        // E: withoutSideEffects, S: sameValueEachRead, U: unchangedByOtherCode, V: variableOrFieldOfVariable
        assertThat(rules).containsExactly(
          Map.entry("1", "ESU-"),
          Map.entry("local", "ESUV"),
          Map.entry("this", "ESUV"),
          Map.entry("LIMIT", "ESUV"),
          Map.entry("this.size", "ESUV"),
          Map.entry("count", "ES-V"),
          Map.entry("flag", "E--V"),
          Map.entry("other.count", "ES-V"),
          Map.entry("data.length", "ES-V"),
          Map.entry("local * 4 + count", "-S--"),
          Map.entry("list.size()", "E---"),
          Map.entry("list.get(0)", "----"),
          Map.entry("next()", "----"));
    }

    @Test
    void earlyExitsAndReferences() {
        //language=java
        J.CompilationUnit cu = parse("""
          class Loops {
              void f(java.util.List<String> in, java.util.List<String> out) {
                  for (String s : in) { out.add(s); }
                  for (String s : in) { if (s.isEmpty()) continue; out.add(s); }
                  for (String s : in) { Runnable r = () -> { return; }; out.add(s); out.size(); }
              }
          }
          """);
        J.MethodDeclaration method = (J.MethodDeclaration) cu.getClasses().get(0).getBody().getStatements().get(0);
        var loops = method.getBody().getStatements();
        assertThat(loops).extracting(References::mayExitEarly).containsExactly(false, true, true);
        assertThat(loops).extracting(loop -> References.countNamed(((J.ForEachLoop) loop).getBody(), "out"))
          .containsExactly(1, 1, 2);
    }

    @Test
    void sideEffectFreeCodeIsJudgedThroughSameFileMethodsAndConstructors() {
        //language=java
        J.CompilationUnit cu = parse("""
          import java.lang.reflect.Field;
          import java.util.*;
          import java.util.function.Function;

          class Effects {
              static int counter;
              static final String PREFIX = "p";
              static final List<String> SHARED = new ArrayList<>();

              static void use(Function<Class<?>, Object> f) {}

              void f() {
                  use(t -> new Meta(t));
                  use(Meta::new);
                  use(t -> t.getDeclaredFields().length + PREFIX);
                  use(t -> { List<Field> l = new ArrayList<>(); l.addAll(Arrays.asList(t.getFields())); return l; });
                  use(t -> helper(t));
                  use(t -> { StringBuilder b = new StringBuilder(); b.append(t.getName()).append('!'); return b.toString(); });
                  use(t -> counter++);
                  use(t -> SHARED.size());
                  use(t -> { SHARED.add(t.getName()); return null; });
                  use(t -> Class.forName(t.getName()));
                  use(t -> new Thread());
                  use(t -> new Object() { });
                  use(t -> { synchronized (Effects.class) { return 1; } });
                  use(t -> new Leaky(t));
                  use(t -> { List<String> l = SHARED; l.add("x"); return l; });
                  use(t -> { Set<String> names = new TreeSet<>(); collect(t, names); return names; });
                  use(t -> { List<String> names = Arrays.asList("a"); collect(t, names); return names; });
                  use(t -> new Timer());
                  use(t -> new Scanner(t.getName()).next());
              }

              static void collect(Class<?> type, Collection<String> into) {
                  for (Field field : type.getDeclaredFields()) {
                      into.add(field.getName());
                  }
              }

              static Object helper(Class<?> t) {
                  return t.getSuperclass() == null ? PREFIX : helper(t.getSuperclass());
              }

              static final class Meta {
                  private final String name;
                  private final int size = 3;

                  Meta(Class<?> type) {
                      this.name = type.getName();
                  }
              }

              static final class Leaky {
                  Leaky(Class<?> type) {
                      counter = type.getModifiers();
                  }
              }
          }
          """);
        Map<String, String> reasons = new LinkedHashMap<>();
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, Integer p) {
                if (method.getSimpleName().equals("use")) {
                    Expression function = method.getArguments().get(0);
                    reasons.put(function.printTrimmed(getCursor()), String.valueOf(SideEffectFreeCode.reason(function, cu)));
                }
                return method;
            }
        }.visit(cu, 0);
        assertThat(reasons.values()).containsExactly(
          "null",
          "null",
          "null",
          "null",
          "null",
          "null",
          "writes the field `counter`",
          "reads `SHARED`, a field whose content may change",
          "calls `List.add`, which the recipe cannot show to be free of side effects",
          "calls `Class.forName`, which the recipe cannot show to be free of side effects",
          "creates a `Thread`, whose constructor the recipe cannot see",
          "creates an anonymous class",
          "synchronizes on a lock, so it shares state with other code",
          "writes the field `counter`",
          "reads `SHARED`, a field whose content may change",
          "null",
          "calls `Collection.add`, which the recipe cannot show to be free of side effects",
          "creates a `Timer`, whose constructor the recipe cannot see",
          "calls `Scanner.next`, which the recipe cannot show to be free of side effects");
    }

    @Test
    void findsTheDeclarationAVariableWasWrittenWith() {
        //language=java
        String source = """
          import java.util.*;

          class Base<T> {
              List<T> inherited;
          }

          class Shelf<T> extends Base<T> {
              static void use(Object o) {}
              List<T> items;
              Map<String, List<T>> byName;

              <T> void shadowing() {
                  use(items);
              }

              void f(T[] array, List<? extends T> wide, String... names) {
                  var inferred = new ArrayList<T>();
                  List<T> local = new ArrayList<>();
                  use(items);
                  use(this.byName);
                  use(array);
                  use(wide);
                  use(names);
                  use(inferred);
                  use(local);
                  use(inherited);
                  Runnable r = () -> { List<String> items = new ArrayList<>(); use(items); };
              }
          }
          """;
        Map<String, String> declared = new LinkedHashMap<>();
        visitUses(source, (argument, cursor) -> {
            J.VariableDeclarations declaration = DeclaredTypes.declarationOf(argument, cursor);
            TypeTree component = declaration == null ? null : DeclaredTypes.componentOf(declaration);
            declared.merge(argument.printTrimmed(cursor), declaration == null ? "none" :
              declaration.getTypeExpression().printTrimmed(cursor) + (component == null ? "" : " of " + component.printTrimmed(cursor)),
              (a, b) -> a + ", " + b);
            return true;
        });
        assertThat(declared).containsExactly(
          Map.entry("items", "none, List<T>, List<String>"),
          Map.entry("this.byName", "Map<String, List<T>>"),
          Map.entry("array", "T[] of T"),
          Map.entry("wide", "List<? extends T>"),
          Map.entry("names", "String of String"),
          Map.entry("inferred", "none"),
          Map.entry("local", "List<T>"),
          Map.entry("inherited", "none"));
    }

    @Test
    void aRewrittenFileKeepsItsOwnLineBreaks() {
        // Stands in for a recipe that writes a line break of its own: a blank line, as "\n", before each method.
        TreeVisitor<?, ExecutionContext> addsBlankLines = FileFormat.keptBy(new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J.MethodDeclaration visitMethodDeclaration(J.MethodDeclaration method, ExecutionContext ctx) {
                return method.withPrefix(method.getPrefix().withWhitespace("\n\n    "));
            }
        });
        String crlf = "class A {\r\n    void f() {\r\n    }\r\n}\r\n";
        String lf = crlf.replace("\r\n", "\n");
        String mixed = "class A {\r\n    void f() {\n    }\r\n}\n";

        assertThat(rewrite(addsBlankLines, crlf)).isEqualTo("class A {\r\n\r\n    void f() {\r\n    }\r\n}\r\n");
        assertThat(rewrite(addsBlankLines, lf)).isEqualTo("class A {\n\n    void f() {\n    }\n}\n");
        assertThat(rewrite(addsBlankLines, mixed)).isEqualTo("class A {\n\n    void f() {\n    }\r\n}\n");
    }

    private static String rewrite(TreeVisitor<?, ExecutionContext> visitor, String source) {
        J.CompilationUnit cu = parse(source);
        return ((J.CompilationUnit) visitor.visitNonNull(cu, new InMemoryExecutionContext())).printAll();
    }

    private static Map<String, Boolean> classify(BiPredicate<Expression, Cursor> question) {
        return visitUses(SOURCE, question);
    }

    private static Map<String, Boolean> visitUses(String source, BiPredicate<Expression, Cursor> question) {
        Map<String, Boolean> answers = new LinkedHashMap<>();
        new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
                J.MethodInvocation m = super.visitMethodInvocation(method, ctx);
                if (m.getSimpleName().equals("use")) {
                    Cursor argumentCursor = new Cursor(getCursor(), m.getArguments().get(0));
                    answers.put(m.getArguments().get(0).printTrimmed(getCursor()),
                      question.test(m.getArguments().get(0), argumentCursor));
                }
                return m;
            }
        }.visit(parse(source), new InMemoryExecutionContext());
        return answers;
    }

    private static J.CompilationUnit parse(String source) {
        return (J.CompilationUnit) JavaParser.fromJavaVersion().build()
          .parse(new InMemoryExecutionContext(Throwable::printStackTrace), source)
          .findFirst().orElseThrow();
    }
}

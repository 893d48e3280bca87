package dev.rewriteperf;

import java.lang.reflect.Method;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A class {@code Calls} whose {@code latest()} returns the list last given to {@code give(..)} and counts how often it
 * is called, with the methods under test: a rewrite that evaluates a source once must leave each method returning
 * (or throwing) the same and calling {@code latest()} exactly once.
 */
public final class CountedCalls {

    private CountedCalls() {
    }

    /** {@code Calls} with {@code imports} (lines of Java) and {@code methods} (members) added. */
    public static String source(String imports, String methods) {
        //language=java
        return imports + """

          public class Calls {
              public static int calls;
              private static java.util.List<String> latest;

              static void give(java.util.List<String> names) {
                  latest = names;
                  calls = 0;
              }

              static java.util.List<String> latest() {
                  calls++;
                  return latest;
              }
          """ + methods + "}\n";
    }

    /** {@code method(List)} of the compiled {@code before} and {@code after} alike on every input, {@code latest()} called once. */
    public static void assertAlikeAndCalledOnce(String before, String after, String method, List<List<String>> inputs)
      throws ReflectiveOperationException {
        Class<?> beforeType = CompiledSource.load("Calls", before, 17);
        Class<?> afterType = CompiledSource.load("Calls", after, 17);
        Method beforeMethod = beforeType.getMethod(method, List.class);
        Method afterMethod = afterType.getMethod(method, List.class);
        for (List<String> input : inputs) {
            CompiledBenchmark.assertSameOutcome(beforeMethod, afterMethod, input);
            assertThat(afterType.getField("calls").getInt(null)).as(method + " calls on " + input)
              .isEqualTo(beforeType.getField("calls").getInt(null)).isEqualTo(1);
        }
    }
}

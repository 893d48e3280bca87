package dev.rewriteperf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A benchmark's {@code Before} and {@code After} classes compiled from {@code benchmarks/} with the running JDK,
 * so that tests can call both on the same inputs: the code measured is the code the recipe writes, and the
 * same code is checked to behave the same.
 */
public final class CompiledBenchmark {

    private static final Path ROOT = Paths.get("benchmarks/src/main/java");
    private static final String PACKAGE = "dev.rewriteperf.benchmarks.";

    private final ClassLoader loader;
    private final String packageName;

    private CompiledBenchmark(ClassLoader loader, String packageName) {
        this.loader = loader;
        this.packageName = packageName;
    }

    /** Compiles every source in {@code benchmarks/.../<benchmark>/} except the JMH class itself. */
    public static CompiledBenchmark of(String benchmark) {
        String packageName = PACKAGE + benchmark.replace('/', '.');
        Path dir = ROOT.resolve(packageName.replace('.', '/'));
        try (Stream<Path> files = Files.list(dir)) {
            List<String> arguments = new ArrayList<>();
            Path out = Files.createTempDirectory("benchmark-classes");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteRecursively(out)));
            arguments.add("-d");
            arguments.add(out.toString());
            arguments.addAll(files.filter(f -> f.toString().endsWith(".java") && !f.toString().endsWith("Benchmark.java"))
                    .map(Path::toString).collect(Collectors.toList()));
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            if (compiler.run(null, null, null, arguments.toArray(new String[0])) != 0) {
                throw new IllegalStateException("could not compile " + dir);
            }
            return new CompiledBenchmark(new URLClassLoader(new URL[]{out.toUri().toURL()}, CompiledBenchmark.class.getClassLoader()), packageName);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind is harmless
        }
    }

    public Class<?> type(String simpleName) {
        try {
            return Class.forName(packageName + "." + simpleName, true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The value the static method returns, or the exception it throws. */
    public static Object outcome(Method method, Object... arguments) {
        try {
            return method.invoke(null, arguments);
        } catch (InvocationTargetException e) {
            return e.getCause();
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@code before} and {@code after} given {@code input} return equal values (arrays element by element) or
     * throw exceptions of the same class.
     */
    public static void assertSameOutcome(Method before, Method after, Object input) {
        Object expected = outcome(before, input);
        Object actual = outcome(after, input);
        String description = before.getName() + " on " + input;
        assertThat(actual.getClass()).as(description).isEqualTo(expected.getClass());
        if (expected instanceof Object[]) {
            assertThat((Object[]) actual).as(description).containsExactly((Object[]) expected);
        } else if (!(expected instanceof Throwable)) {
            assertThat(actual).as(description).isEqualTo(expected);
        }
    }

    /**
     * For code rewritten to a {@code VarHandle} view: when {@code before} threw {@code ArrayIndexOutOfBoundsException},
     * {@code after} threw an {@code IndexOutOfBoundsException}; when it threw anything else, {@code after} threw the
     * same class. True when both returned, for the caller to compare what they returned or left.
     */
    public static boolean bothReturnedOrThrewAlike(Object before, Object after, String description) {
        if (before instanceof ArrayIndexOutOfBoundsException) {
            assertThat(after).as(description).isInstanceOf(IndexOutOfBoundsException.class);
            return false;
        }
        if (before instanceof Throwable) {
            assertThat(after).as(description).isExactlyInstanceOf(before.getClass());
            return false;
        }
        assertThat(after instanceof Throwable).as(description + " threw " + after).isFalse();
        return true;
    }
}

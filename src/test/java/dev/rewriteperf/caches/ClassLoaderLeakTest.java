package dev.rewriteperf.caches;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The leak a class-keyed map causes and a {@code ClassValue} cures, shown on the recipe's own input and output (the
 * benchmark's {@code Before} and {@code After}, which {@code UseClassValueForClassKeyedCacheTest} ties to the
 * recipe): a class from a throwaway class loader is looked up once, every reference to it and its loader is
 * dropped, and the loader is collected only after the rewrite.
 */
class ClassLoaderLeakTest {

    private static final Path BENCHMARK = Paths.get("benchmarks/src/main/java/dev/rewriteperf/benchmarks/caches/useclassvalueforclasskeyedcache");
    private static final String PACKAGE = "dev.rewriteperf.benchmarks.caches.useclassvalueforclasskeyedcache";

    @Test
    void theMapPinsAThrowawayLoaderAndTheClassValueLetsItGo(@TempDir Path dir) throws Exception {
        Path caches = compile(dir.resolve("caches"), BENCHMARK.resolve("Before.java"), BENCHMARK.resolve("After.java"));
        Path plugin = dir.resolve("plugin-src");
        Files.createDirectories(plugin);
        Files.write(plugin.resolve("Plugin.java"), "public class Plugin { int a; String b; }".getBytes());
        Path plugins = compile(dir.resolve("plugins"), plugin.resolve("Plugin.java"));

        try (URLClassLoader application = new URLClassLoader(new URL[]{caches.toUri().toURL()}, null)) {
            assertThat(loaderCollectedAfterLookup(application.loadClass(PACKAGE + ".Before"), plugins))
                    .as("a static Map<Class<?>, V> keeps the class, and so its loader, for as long as the map lives").isFalse();
            assertThat(loaderCollectedAfterLookup(application.loadClass(PACKAGE + ".After"), plugins))
                    .as("a ClassValue keeps its value on the class, which goes with its loader").isTrue();
        }
    }

    /** Looks up a class of a new loader in {@code cache}'s {@code shape(Class)}, drops both, and collects garbage. */
    private static boolean loaderCollectedAfterLookup(Class<?> cache, Path plugins) throws Exception {
        WeakReference<ClassLoader> loader = lookUpFromThrowawayLoader(cache, plugins);
        for (int i = 0; i < 50 && loader.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        return loader.get() == null;
    }

    private static WeakReference<ClassLoader> lookUpFromThrowawayLoader(Class<?> cache, Path plugins) throws Exception {
        URLClassLoader throwaway = new URLClassLoader(new URL[]{plugins.toUri().toURL()}, null);
        Class<?> plugin = throwaway.loadClass("Plugin");
        Object shape = cache.getMethod("shape", Class.class).invoke(null, plugin);
        assertThat(shape).isNotNull();
        throwaway.close();
        return new WeakReference<>(throwaway);
    }

    private static Path compile(Path out, Path... sources) throws IOException {
        Files.createDirectories(out);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        String[] arguments = new String[sources.length + 2];
        arguments[0] = "-d";
        arguments[1] = out.toString();
        for (int i = 0; i < sources.length; i++) {
            arguments[i + 2] = sources[i].toString();
        }
        assertThat(javac.run(null, null, null, arguments)).as("javac exit code").isZero();
        return out;
    }
}

package dev.rewriteperf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * One top-level class in the default package, compiled from source text with the running JDK against the test
 * classpath, and loaded.
 */
public final class CompiledSource {

    private CompiledSource() {
    }

    /** The loaded class; fails with javac's messages when {@code source} does not compile for {@code release}. */
    public static Class<?> load(String className, String source, int release) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("compiled-source");
            Path file = dir.resolve(className + ".java");
            Files.write(file, source.getBytes(StandardCharsets.UTF_8));
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream messages = new ByteArrayOutputStream();
            int status = compiler.run(null, messages, messages, "-proc:none", "--release", Integer.toString(release),
                    "-classpath", System.getProperty("java.class.path"), "-d", dir.toString(), file.toString());
            if (status != 0) {
                throw new AssertionError("does not compile:\n" + source + "\n" + messages.toString(StandardCharsets.UTF_8));
            }
            try (URLClassLoader loader = new URLClassLoader(new URL[]{dir.toUri().toURL()}, CompiledSource.class.getClassLoader())) {
                Class<?> type = Class.forName(className, true, loader);
                type.getDeclaredMethods();
                return type;
            }
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        } finally {
            if (dir != null) {
                CompiledBenchmark.deleteRecursively(dir);
            }
        }
    }
}

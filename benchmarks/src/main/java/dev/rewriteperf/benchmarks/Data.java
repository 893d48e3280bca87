package dev.rewriteperf.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Inputs shared by the benchmarks: distinct keys that look like ids, built once per trial. */
public final class Data {

    private Data() {
    }

    /** {@code size} bytes of ASCII lines that look like an order export: compressible, like real text. */
    public static byte[] exportText(int size) {
        StringBuilder text = new StringBuilder(size);
        for (int i = 0; text.length() < size; i++) {
            text.append("order-").append(Integer.toHexString(i * 0x9E3779B1)).append(",quantity=").append(i % 97).append('\n');
        }
        return text.substring(0, size).getBytes(StandardCharsets.US_ASCII);
    }

    public static List<String> keys(int size) {
        List<String> keys = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            keys.add("order-" + Integer.toHexString(i * 0x9E3779B1));
        }
        return keys;
    }

    public static Map<String, Integer> map(int size) {
        Map<String, Integer> map = new LinkedHashMap<>();
        List<String> keys = keys(size);
        for (int i = 0; i < size; i++) {
            map.put(keys.get(i), i);
        }
        return map;
    }

    /** {@code size} distinct JDK classes, loaded but not initialised, in name order (java.base has ~7,000). */
    public static List<Class<?>> classes(int size) {
        Path base = FileSystems.getFileSystem(URI.create("jrt:/")).getPath("/modules/java.base/java");
        try (Stream<Path> files = Files.walk(base)) {
            List<String> names = files.map(Path::toString)
                    .filter(name -> name.endsWith(".class"))
                    .map(name -> name.substring("/modules/java.base/".length(), name.length() - ".class".length())
                            .replace('/', '.'))
                    .sorted()
                    .limit(size)
                    .collect(Collectors.toList());
            List<Class<?>> classes = new ArrayList<>(names.size());
            for (String name : names) {
                classes.add(Class.forName(name, false, null));
            }
            return classes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}

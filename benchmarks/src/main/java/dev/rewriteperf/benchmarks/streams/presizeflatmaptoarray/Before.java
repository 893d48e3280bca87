package dev.rewriteperf.benchmarks.streams.presizeflatmaptoarray;

import java.util.Map;
import java.util.stream.Stream;

import static dev.rewriteperf.benchmarks.streams.presizeflatmaptoarray.GlideString.gs;

/** Six methods of valkey-glide's ArrayTransformUtils as they were before its PR #5631 (see the benchmark). */
public class Before {

    public static String[] convertMapToKeyValueStringArray(Map<String, String> args) {
        return args.entrySet().stream()
                .flatMap(entry -> Stream.of(entry.getKey(), entry.getValue()))
                .toArray(String[]::new);
    }

    public static GlideString[] convertMapToKeyValueGlideStringArray(Map<GlideString, GlideString> args) {
        return args.entrySet().stream()
                .flatMap(entry -> Stream.of(entry.getKey(), entry.getValue()))
                .toArray(GlideString[]::new);
    }

    public static String[] convertMapToValueKeyStringArray(Map<String, Double> args) {
        return args.entrySet().stream()
                .flatMap(entry -> Stream.of(entry.getValue().toString(), entry.getKey()))
                .toArray(String[]::new);
    }

    public static GlideString[] convertMapToValueKeyStringArrayBinary(Map<GlideString, Double> args) {
        return args.entrySet().stream()
                .flatMap(entry -> Stream.of(gs(entry.getValue().toString()), entry.getKey()))
                .toArray(GlideString[]::new);
    }

    public static GlideString[] flattenMapToGlideStringArray(Map<?, ?> args) {
        return args.entrySet().stream()
                .flatMap(entry -> Stream.of(GlideString.of(entry.getKey()), GlideString.of(entry.getValue())))
                .toArray(GlideString[]::new);
    }

    public static GlideString[] flattenMapToGlideStringArrayValueFirst(Map<?, ?> args) {
        return args.entrySet().stream()
                .flatMap(entry -> Stream.of(GlideString.of(entry.getValue()), GlideString.of(entry.getKey())))
                .toArray(GlideString[]::new);
    }
}

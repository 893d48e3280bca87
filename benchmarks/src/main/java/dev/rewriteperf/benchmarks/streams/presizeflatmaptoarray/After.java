package dev.rewriteperf.benchmarks.streams.presizeflatmaptoarray;

import java.util.Map;

import static dev.rewriteperf.benchmarks.streams.presizeflatmaptoarray.GlideString.gs;

/** Six methods of valkey-glide's ArrayTransformUtils as they were before its PR #5631 (see the benchmark). */
public class After {

    public static String[] convertMapToKeyValueStringArray(Map<String, String> args) {
        String[] result = new String[args.size() * 2];
        int i = 0;
        for (Map.Entry<String, String> entry : args.entrySet()) {
            result[i++] = entry.getKey();
            result[i++] = entry.getValue();
        }
        return result;
    }

    public static GlideString[] convertMapToKeyValueGlideStringArray(Map<GlideString, GlideString> args) {
        GlideString[] result = new GlideString[args.size() * 2];
        int i = 0;
        for (Map.Entry<GlideString, GlideString> entry : args.entrySet()) {
            result[i++] = entry.getKey();
            result[i++] = entry.getValue();
        }
        return result;
    }

    public static String[] convertMapToValueKeyStringArray(Map<String, Double> args) {
        String[] result = new String[args.size() * 2];
        int i = 0;
        for (Map.Entry<String, Double> entry : args.entrySet()) {
            result[i++] = entry.getValue().toString();
            result[i++] = entry.getKey();
        }
        return result;
    }

    public static GlideString[] convertMapToValueKeyStringArrayBinary(Map<GlideString, Double> args) {
        GlideString[] result = new GlideString[args.size() * 2];
        int i = 0;
        for (Map.Entry<GlideString, Double> entry : args.entrySet()) {
            result[i++] = gs(entry.getValue().toString());
            result[i++] = entry.getKey();
        }
        return result;
    }

    public static GlideString[] flattenMapToGlideStringArray(Map<?, ?> args) {
        GlideString[] result = new GlideString[args.size() * 2];
        int i = 0;
        for (Map.Entry<?, ?> entry : args.entrySet()) {
            result[i++] = GlideString.of(entry.getKey());
            result[i++] = GlideString.of(entry.getValue());
        }
        return result;
    }

    public static GlideString[] flattenMapToGlideStringArrayValueFirst(Map<?, ?> args) {
        GlideString[] result = new GlideString[args.size() * 2];
        int i = 0;
        for (Map.Entry<?, ?> entry : args.entrySet()) {
            result[i++] = GlideString.of(entry.getValue());
            result[i++] = GlideString.of(entry.getKey());
        }
        return result;
    }
}

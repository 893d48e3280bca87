package com.acme.imageio.detect;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The formats the library knows, each registered once when the class loads, and detection of the
 * format of an input file from its first bytes (or, failing that, from its name).
 */
public final class FormatRegistry {

    public enum Kind { IMAGE, AUDIO }

    /** Put on a writer or reader class to say which registered format it produces. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    public @interface Codec {
        String value();
    }

    public static final class ImageFormat {
        private final String name;
        private final String extension;
        private final String mime;
        private final Kind kind;
        private final byte[] magic;
        private final String description;

        ImageFormat(String name, String extension, String mime, Kind kind, byte[] magic, String description) {
            this.name = name;
            this.extension = extension;
            this.mime = mime;
            this.kind = kind;
            this.magic = magic;
            this.description = description;
        }

        public String name() {
            return name;
        }

        public String extension() {
            return extension;
        }

        public String mime() {
            return mime;
        }

        public Kind kind() {
            return kind;
        }

        boolean matches(byte[] head) {
            if (head.length < magic.length) {
                return false;
            }
            for (int i = 0; i < magic.length; i++) {
                if (head[i] != magic[i]) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return description;
        }
    }

    private static final int MAJOR = 2;
    private static final int MINOR = 3;

    /** Printed in the batch banner so logs from runs with different registries can be told apart. */
    public static final int REGISTRY_HASH = Objects.hash(MAJOR, MINOR, "imageio");

    private static final Map<String, ImageFormat> BY_NAME = new LinkedHashMap<>();
    private static final Map<String, String> MIME_BY_EXT = new LinkedHashMap<>();
    private static final Map<Class<?>, ImageFormat> FORMAT_BY_CODEC = new ConcurrentHashMap<>();

    /** Lower-cased extension of a file name; applied to every input whose magic bytes are unknown. */
    private static final Function<String, String> EXTENSION_OF =
            name -> name.replaceFirst("^.*\\.", "").toLowerCase(Locale.ROOT);

    static final String[] ALL_EXTENSIONS;
    static final String[] CONTENT_TOKENS;

    static {
        register("png", "png", "image/png", Kind.IMAGE, 0x89, 'P', 'N', 'G');
        register("bmp", "bmp", "image/bmp", Kind.IMAGE, 'B', 'M');
        register("wav", "wav", "audio/wav", Kind.AUDIO, 'R', 'I', 'F', 'F');
        ALL_EXTENSIONS = BY_NAME.values().stream().map(f -> f.extension).toArray(String[]::new);
        CONTENT_TOKENS = Stream.concat(MIME_BY_EXT.keySet().stream(), MIME_BY_EXT.values().stream()).toArray(String[]::new);
    }

    private FormatRegistry() {
    }

    private static void register(String name, String ext, String mime, Kind kind, int... magic) {
        if (!ext.matches("[a-z0-9]{2,5}")) {
            throw new IllegalArgumentException("bad extension: " + ext);
        }
        if (BY_NAME.containsKey(name)) {
            throw new IllegalStateException("format " + name + " registered twice");
        }
        byte[] sig = new byte[magic.length];
        for (int i = 0; i < magic.length; i++) {
            sig[i] = (byte) magic[i];
        }
        String description = String.format("%s %s (*.%s, %s)", name, kind, ext, mime);
        BY_NAME.put(name, new ImageFormat(name, ext, mime, kind, sig, description));
        MIME_BY_EXT.put(ext, mime);
    }

    /** Detects the format of one input file; null when nothing matches. */
    public static ImageFormat detect(byte[] head, String fileName) {
        for (String name : BY_NAME.keySet()) {
            ImageFormat f = BY_NAME.get(name);
            if (f.matches(head)) {
                return f;
            }
        }
        String ext = EXTENSION_OF.apply(fileName);
        for (ImageFormat f : BY_NAME.values()) {
            if (f.extension.equals(ext)) {
                return f;
            }
        }
        return null;
    }

    /** The format a codec class writes, from its {@link Codec} annotation; asked once per output file. */
    public static ImageFormat formatOf(Class<?> codecType) {
        return FORMAT_BY_CODEC.computeIfAbsent(codecType, FormatRegistry::introspect);
    }

    private static ImageFormat introspect(Class<?> type) {
        Codec codec = type.getAnnotation(Codec.class);
        if (codec == null) {
            throw new IllegalArgumentException(type.getName() + " has no @Codec annotation");
        }
        ImageFormat f = BY_NAME.get(codec.value());
        if (f == null) {
            throw new IllegalArgumentException(type.getName() + " names unknown format " + codec.value());
        }
        return f;
    }

    public static String mimeOf(String extension) {
        return MIME_BY_EXT.getOrDefault(extension, "application/octet-stream");
    }

    public static boolean isContentToken(String token) {
        for (String t : CONTENT_TOKENS) {
            if (t.equals(token)) {
                return true;
            }
        }
        return false;
    }
}

package com.acme.render;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code render <templates-dir> <out-dir> [--strict] [--dump-tree] [--verbose] [--shard=i/n] [--locale=tag]
 * [--define=k=v]...}
 *
 * <p>Renders every {@code .tmpl} file of a directory into {@code <name>.html}. The model is read from stdin as
 * {@code key=value} lines when stdin is not a terminal, then overridden by the {@code --define} options.
 */
public final class RenderCli {

    private RenderCli() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: render <templates-dir> <out-dir> [--strict] [--dump-tree] [--locale=tag] ...");
            System.exit(2);
        }
        Path inDir = Paths.get(args[0]);
        Path outDir = Paths.get(args[1]);
        boolean strict = false;
        boolean dumpTree = false;
        boolean verbose = false;
        int shard = 0;
        int shards = 1;
        Locale locale = Locale.getDefault();
        Map<String, String> defines = new LinkedHashMap<>();
        for (int i = 2; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--strict")) {
                strict = true;
            } else if (arg.equals("--dump-tree")) {
                dumpTree = true;
            } else if (arg.equals("--verbose")) {
                verbose = true;
            } else if (arg.startsWith("--shard=")) {
                // --shard=2/8: this CI runner renders every 8th file, starting with the third
                int slash = arg.indexOf('/');
                shard = Integer.parseInt(arg.substring("--shard=".length(), slash));
                shards = Integer.parseInt(arg.substring(slash + 1));
            } else if (arg.startsWith("--locale=")) {
                locale = Locale.forLanguageTag(arg.substring("--locale=".length()));
            } else if (arg.matches("--define=[A-Za-z_][A-Za-z0-9_.]*=.*")) {
                int eq = arg.indexOf('=', "--define=".length());
                defines.put(arg.substring("--define=".length(), eq), arg.substring(eq + 1));
            } else {
                System.err.println("unknown option: " + arg);
                System.exit(2);
            }
        }

        Map<String, Object> model = new HashMap<>();
        if (System.console() == null) {
            InputStream stdin = System.in;
            ByteArrayOutputStream modelBytes = new ByteArrayOutputStream();
            while (true) {
                byte[] chunk = new byte[4096];
                int n = stdin.read(chunk);
                if (n < 0) {
                    break;
                }
                modelBytes.write(chunk, 0, n);
            }
            modelBytes.toString(StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .forEach(line -> {
                        int eq = line.indexOf('=');
                        model.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
                    });
        }
        model.putAll(defines);
        if (verbose && !defines.isEmpty()) {
            String[] shown = Stream.concat(defines.keySet().stream(), defines.values().stream()).toArray(String[]::new);
            System.err.println("defines (names, then values): " + Arrays.toString(shown));
        }

        List<Path> files;
        try (Stream<Path> listing = Files.list(inDir)) {
            files = listing.filter(p -> p.toString().endsWith(".tmpl")).sorted().collect(Collectors.toList());
        }
        Files.createDirectories(outDir);

        Path css = inDir.resolve("site.css");
        if (Files.exists(css)) {
            try (InputStream in = new FileInputStream(css.toFile());
                 OutputStream out = new FileOutputStream(outDir.resolve("site.css").toFile())) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
        }

        TemplateEngine engine = TemplateEngine.forDirectory(inDir, strict);
        List<String> failures = new ArrayList<>();
        int rendered = 0;
        int total = files.size();
        long started = System.nanoTime();
        for (int i = 0; i < total; i++) {
            if (i % shards != shard) {
                continue;
            }
            Path file = files.get(i);
            String fileName = file.getFileName().toString();
            int position = i + 1;
            System.out.println(String.format("[%s/%s] %s", position, total, fileName));
            try {
                if (dumpTree) {
                    System.out.println(engine.dump(file));
                } else {
                    renderOne(engine, file, outDir, model, locale);
                }
                rendered++;
            } catch (TemplateSyntaxException e) {
                String excerpt = e.excerpt();
                failures.add(String.format("%s: %s", fileName, excerpt));
            }
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.println("rendered " + rendered + " of " + total + " templates in " + millis + " ms");

        List<String> pages = files.stream().map(RenderCli::baseName).collect(Collectors.toList());
        Files.write(outDir.resolve("index.txt"), pages, StandardCharsets.UTF_8);

        if (!failures.isEmpty()) {
            failures.forEach(System.err::println);
            System.exit(1);
        }
    }

    /** Renders one template file; {@code main} calls it for every file of the directory. */
    static void renderOne(TemplateEngine engine, Path file, Path outDir, Map<String, Object> model, Locale locale)
            throws IOException {
        String base = baseName(file);
        String html = engine.renderFile(file, model, locale);
        Files.writeString(outDir.resolve(String.format("%s.html", base)), html, StandardCharsets.UTF_8);
    }

    static String baseName(Path file) {
        String fileName = file.getFileName().toString();
        return fileName.replaceFirst("\\.tmpl$", "");
    }
}

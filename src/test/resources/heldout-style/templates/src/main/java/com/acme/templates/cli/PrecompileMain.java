package com.acme.templates.cli;

import com.acme.templates.engine.Template;
import com.acme.templates.engine.TemplateCache;
import com.acme.templates.engine.TemplateEngine;
import com.acme.templates.engine.TemplateException;
import com.acme.templates.engine.TemplateParser;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Build-time precompiler: parses every template under the source directories, reports all broken templates at
 * once, and writes one {@code .ctpl} file per template plus a manifest the deployment checks. The build runs
 * {@code java com.acme.templates.cli.PrecompileMain [--strict] <out-dir> <src-dir>...} on a few thousand files.
 */
public final class PrecompileMain {

    private static final String MAGIC = "CTPL";
    private static final int FORMAT_VERSION = 3;
    private static final List<String> DEFAULT_SKIP = Arrays.asList("node_modules", ".git", "drafts");

    /** Written first in every output file; the runtime loader refuses files with another value. */
    static final int FORMAT_HASH = Objects.hash(MAGIC, FORMAT_VERSION);

    private final Path outDir;
    private final boolean strict;
    private final Set<String> skipDirs;
    private final TemplateParser parser = new TemplateParser("build");
    private final List<String> manifest = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();

    PrecompileMain(Path outDir, boolean strict, Set<String> skipDirs) {
        this.outDir = outDir;
        this.strict = strict;
        this.skipDirs = skipDirs;
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            String program = PrecompileMain.class.getSimpleName();
            System.err.println(String.format("usage: %s [--strict] <out-dir> <src-dir>...", program));
            System.exit(2);
        }
        boolean strict = "--strict".equals(args[0]);
        int first = strict ? 1 : 0;
        String outName = args[first];
        List<String> sourceArgs = Arrays.asList(args).subList(first + 1, args.length);
        List<Path> roots = sourceArgs.stream().map(Paths::get).collect(Collectors.toList());

        Set<String> skipDirs = new HashSet<>();
        skipDirs.addAll(DEFAULT_SKIP);
        String extraSkip = System.getProperty("precompile.skip");
        if (extraSkip != null) {
            skipDirs.add(extraSkip.toLowerCase(Locale.ROOT));
        }

        int configHash = Objects.hash(outName, strict);
        List<String> rootNames = new ArrayList<>();
        for (Path root : roots) {
            rootNames.add(root.toAbsolutePath().toString());
        }
        System.out.println("precompiling " + rootNames + " into " + outName
                + " (config " + Integer.toHexString(configHash) + ")");

        PrecompileMain compiler = new PrecompileMain(Paths.get(outName), strict, skipDirs);
        for (Path root : roots) {
            compiler.compileTree(root);
        }
        compiler.writeManifest();
        if (!compiler.errors.isEmpty()) {
            for (String error : compiler.errors) {
                System.err.println(error);
            }
            System.exit(1);
        }
    }

    void compileTree(Path root) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(f -> TemplateEngine.isTemplateFile(f.getFileName().toString()))
                    .filter(f -> !isSkipped(root.relativize(f)))
                    .sorted()
                    .collect(Collectors.toList());
        }
        for (Path file : files) {
            compileOne(root, file);
        }
    }

    private boolean isSkipped(Path relative) {
        for (Path part : relative) {
            if (skipDirs.contains(part.toString().toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** Compiles one template file; called for every file of the tree. */
    void compileOne(Path root, Path file) {
        String relative = root.relativize(file).toString();
        String unixPath = relative.replaceAll("[\\\\/]+", "/");
        int dot = unixPath.lastIndexOf('.');
        StringBuilder target = new StringBuilder(unixPath.length() + 5);
        target.append(unixPath.substring(0, dot)).append(".ctpl");
        String templateName = unixPath.substring(0, dot);
        try (InputStream in = Files.newInputStream(file)) {
            String source = TemplateCache.readSource(in);
            Template template = parser.parse(templateName, source);
            if (strict && template.rootVariables().isEmpty() && template.includes().isEmpty()) {
                errors.add(templateName + ": static template, move it to /static");
                return;
            }
            write(template, outDir.resolve(target.toString()));
            String digest = sha256(source);
            manifest.add(String.format("%s=%s", templateName, digest));
        } catch (TemplateException e) {
            String where = e.getTemplateName();
            int line = e.getLine();
            String detail = e.getMessage();
            errors.add(String.format("%s:%s: %s", where, line, detail));
        } catch (IOException e) {
            errors.add(relative + ": " + e);
        }
    }

    private static void write(Template template, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        String[] table = stringTable(template.frontMatter());
        String[] dependencies = template.includes().stream().map(PrecompileMain::normalize).toArray(String[]::new);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(target)))) {
            out.writeInt(FORMAT_HASH);
            out.writeUTF(template.name());
            out.writeShort(table.length / 2);
            for (String s : table) {
                out.writeUTF(s);
            }
            out.writeShort(dependencies.length);
            for (String d : dependencies) {
                out.writeUTF(d);
            }
            byte[] body = template.source().getBytes(StandardCharsets.UTF_8);
            out.writeInt(body.length);
            out.write(body);
        }
    }

    /** Front matter as one string table: every key, then every value in the same order. */
    static String[] stringTable(Map<String, String> frontMatter) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> entry : frontMatter.entrySet()) {
            keys.add(entry.getKey());
            values.add(entry.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    private static String normalize(String include) {
        return include.startsWith("/") ? include.substring(1) : include;
    }

    private static String sha256(String source) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(source.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder(hash.length * 2);
            for (byte b : hash) {
                hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    void writeManifest() throws IOException {
        Files.createDirectories(outDir);
        Files.write(outDir.resolve("manifest.txt"), manifest, StandardCharsets.UTF_8);
    }
}

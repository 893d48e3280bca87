package com.acme.sitegen.output;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Copies {@code static/} into the output. CSS and JS get a content hash in their name; PNG sizes go into
 * {@code .assets.bin} (name length, name, width, height) so layouts can emit width and height attributes.
 */
public final class AssetCopier {

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    public int copyAll(Path staticDir, Path outDir) throws IOException {
        if (!Files.isDirectory(staticDir)) {
            return 0;
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(staticDir)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        ByteArrayOutputStream manifest = new ByteArrayOutputStream();
        byte[] size = new byte[8];
        for (Path file : files) {
            String rel = staticDir.relativize(file).toString().replace('\\', '/');
            Path target = outDir.resolve(rel);
            try {
                Files.createDirectories(target.getParent());
                if (rel.endsWith(".css") || rel.endsWith(".js")) {
                    copyFingerprinted(file, target.getParent(), target.getFileName().toString());
                } else {
                    copy(file, target);
                }
                if (rel.endsWith(".png")) {
                    int[] dims = pngSize(file);
                    writeInt(size, 0, dims[0]);
                    writeInt(size, 4, dims[1]);
                    byte[] name = rel.getBytes(StandardCharsets.UTF_8);
                    manifest.write(name.length);
                    manifest.write(name);
                    manifest.write(size);
                }
            } catch (IOException e) {
                String reason = e.getMessage();
                throw new UncheckedIOException(String.format("cannot copy asset %s: %s", rel, reason), e);
            }
        }
        Files.write(outDir.resolve(".assets.bin"), manifest.toByteArray());
        return files.size();
    }

    static void copy(Path source, Path target) throws IOException {
        try (FileInputStream in = new FileInputStream(source.toFile());
             FileOutputStream out = new FileOutputStream(target.toFile())) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
            }
        }
    }

    /** Copies {@code app.css} to {@code app.3f2a9c0d11e4.css}; returns the new name. */
    static String copyFingerprinted(Path source, Path targetDir, String name) throws IOException {
        MessageDigest sha = sha256();
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(source))) {
            while (true) {
                byte[] chunk = new byte[16 * 1024];
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                sha.update(chunk, 0, n);
                content.write(chunk, 0, n);
            }
        }
        String hash = HexFormat.of().formatHex(sha.digest(), 0, 6);
        int dot = name.lastIndexOf('.');
        String fingerprinted = name.substring(0, dot) + "." + hash + name.substring(dot);
        Files.write(targetDir.resolve(fingerprinted), content.toByteArray());
        return fingerprinted;
    }

    /** Width and height from the IHDR chunk, which a valid PNG has right after its signature. */
    static int[] pngSize(Path png) throws IOException {
        byte[] head = new byte[24];
        try (InputStream in = Files.newInputStream(png)) {
            if (in.readNBytes(head, 0, head.length) < head.length) {
                return new int[] {0, 0};
            }
        }
        for (int i = 0; i < PNG_SIGNATURE.length; i++) {
            if (head[i] != PNG_SIGNATURE[i]) {
                return new int[] {0, 0};
            }
        }
        return new int[] {readInt(head, 16), readInt(head, 20)};
    }

    static int readInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
    }

    static void writeInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}

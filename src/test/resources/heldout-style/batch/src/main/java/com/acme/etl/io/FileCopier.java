package com.acme.etl.io;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.Checksum;

/**
 * Byte-level file moves used while staging and archiving input files.
 */
public final class FileCopier {

    private static final int BUFFER_SIZE = 64 * 1024;

    private FileCopier() {
    }

    /**
     * Copies one input file into the staging area. Called for every file of a run.
     *
     * @return the number of bytes copied
     */
    public static long stage(Path source, Path target) throws IOException {
        Files.createDirectories(target.toAbsolutePath().getParent());
        long total = 0;
        try (InputStream in = Files.newInputStream(source);
             OutputStream out = Files.newOutputStream(target)) {
            byte[] buffer = new byte[BUFFER_SIZE];
            int n;
            while ((n = in.read(buffer)) != -1) {
                out.write(buffer, 0, n);
                total += n;
            }
        }
        return total;
    }

    /** Copies between two streams the caller opened and will close. */
    public static long copy(InputStream in, OutputStream out) throws IOException {
        byte[] buffer = new byte[BUFFER_SIZE];
        long total = 0;
        int n;
        while ((n = in.read(buffer)) != -1) { out.write(buffer, 0, n); total += n; }
        return total;
    }

    /** Copies and checksums in one pass; the archive job calls this for every file. */
    public static long copyWithChecksum(InputStream in, OutputStream out, Checksum checksum) throws IOException {
        long total = 0;
        while (true) {
            byte[] chunk = new byte[BUFFER_SIZE];
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            checksum.update(chunk, 0, n);
            out.write(chunk, 0, n);
            total += n;
        }
        return total;
    }

    /** Moves a processed file into the archive directory. */
    public static void archive(Path file, Path archiveDir) throws IOException {
        Files.createDirectories(archiveDir);
        Path target = archiveDir.resolve(file.getFileName());
        try {
            Files.move(file, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException otherVolume) {
            try (InputStream in = new FileInputStream(file.toFile());
                 OutputStream out = new FileOutputStream(target.toFile())) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
            Files.delete(file);
        }
    }
}

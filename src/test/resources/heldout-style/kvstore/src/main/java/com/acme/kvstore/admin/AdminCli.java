package com.acme.kvstore.admin;

import com.acme.kvstore.Manifest;
import com.acme.kvstore.sstable.SSTableReader;
import com.acme.kvstore.sstable.SSTableWriter;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Operator tool, run against a stopped store's directory.
 *
 * <pre>
 * kvstore-admin levels &lt;dir&gt;
 * kvstore-admin dump &lt;dir&gt; &lt;table&gt;...
 * kvstore-admin range &lt;dir&gt; &lt;from&gt;..&lt;to&gt;
 * kvstore-admin cat &lt;dir&gt; &lt;file&gt;
 * kvstore-admin footer &lt;dir&gt; &lt;file&gt;
 * kvstore-admin stamp-magic &lt;dir&gt; &lt;file&gt;
 * </pre>
 */
public final class AdminCli {

    private static final int TABLE_MAGIC = 0x4B565354; // "KVST"

    private AdminCli() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: kvstore-admin <levels|dump|range|cat|footer|stamp-magic> <dir> [args]");
            System.exit(2);
        }
        String command = args[0];
        Path dir = Paths.get(args[1]);
        switch (command) {
            case "levels": {
                Manifest manifest = Manifest.load(dir.resolve("MANIFEST"));
                List<Manifest.FileMeta> files = manifest.allFiles();
                Map<String, Long> bytesPerLevel = new TreeMap<>();
                for (Manifest.FileMeta f : files) {
                    bytesPerLevel.merge("L" + f.level, f.size, Long::sum);
                }
                for (String level : bytesPerLevel.keySet()) {
                    System.out.println(level + "\t" + bytesPerLevel.get(level) + " bytes");
                }
                for (Manifest.FileMeta f : files) {
                    System.out.print(f.fileName() + " ");
                }
                System.out.println();
                System.out.printf("%s: %s tables%n", dir, files.size());
                manifest.close();
                break;
            }
            case "dump": {
                Manifest manifest = Manifest.load(dir.resolve("MANIFEST"));
                List<Manifest.FileMeta> files = manifest.allFiles();
                Map<Long, Manifest.FileMeta> byNumber = new HashMap<>(files.size());
                for (Manifest.FileMeta f : files) {
                    byNumber.put(f.number, f);
                }
                for (int i = 2; i < args.length; i++) {
                    String arg = args[i];
                    int dot = arg.indexOf('.');
                    int end = dot < 0 ? arg.length() : dot;
                    long number = Long.parseLong(arg.substring(0, end));
                    Manifest.FileMeta meta = byNumber.get(number);
                    if (meta == null) {
                        System.err.println("no live table " + arg);
                        continue;
                    }
                    System.out.println("# " + meta);
                    try (SSTableReader reader = new SSTableReader(dir.resolve(meta.fileName()), number)) {
                        reader.scan((key, seq, kind, value) ->
                                System.out.println(SSTableReader.describeEntry(key, seq, kind, value.length)));
                    }
                }
                manifest.close();
                break;
            }
            case "range": {
                String[] bounds = args[2].split("\\.\\.");
                String from = bounds[0];
                String to = bounds.length > 1 ? bounds[1] : from;
                Manifest manifest = Manifest.load(dir.resolve("MANIFEST"));
                for (Manifest.FileMeta f : manifest.allFiles()) {
                    String table = f.fileName();
                    try (SSTableReader reader = new SSTableReader(dir.resolve(table), f.number)) {
                        reader.scan((key, seq, kind, value) -> {
                            if (key.compareTo(from) >= 0 && key.compareTo(to) <= 0) {
                                System.out.println(String.format("%s\t%s\t%s", table, key, seq));
                            }
                        });
                    }
                }
                manifest.close();
                break;
            }
            case "cat": {
                Path file = dir.resolve(args[2]);
                long remaining = Files.size(file);
                try (InputStream in = Files.newInputStream(file)) {
                    while (remaining > 0) {
                        byte[] chunk = new byte[8192];
                        int n = in.read(chunk);
                        if (n < 0) {
                            break;
                        }
                        System.out.write(chunk, 0, n);
                        remaining -= n;
                    }
                }
                System.out.flush();
                break;
            }
            case "footer": {
                byte[] footer = new byte[SSTableWriter.FOOTER_SIZE];
                try (RandomAccessFile raf = new RandomAccessFile(dir.resolve(args[2]).toFile(), "r")) {
                    raf.seek(raf.length() - footer.length);
                    raf.readFully(footer);
                }
                int m = SSTableWriter.FOOTER_SIZE - 4;
                int magic = (footer[m] & 0xFF) << 24 | (footer[m + 1] & 0xFF) << 16 | (footer[m + 2] & 0xFF) << 8
                        | (footer[m + 3] & 0xFF);
                System.out.println("magic 0x" + Integer.toHexString(magic) + (magic == TABLE_MAGIC ? " (ok)" : " (BAD)"));
                break;
            }
            case "stamp-magic": {
                byte[] word = new byte[4];
                int at = 0;
                word[at] = (byte) (TABLE_MAGIC >>> 24);
                word[at + 1] = (byte) (TABLE_MAGIC >>> 16);
                word[at + 2] = (byte) (TABLE_MAGIC >>> 8);
                word[at + 3] = (byte) TABLE_MAGIC;
                try (RandomAccessFile raf = new RandomAccessFile(dir.resolve(args[2]).toFile(), "rw")) {
                    raf.seek(raf.length() - word.length);
                    raf.write(word);
                }
                break;
            }
            default:
                System.err.println("unknown command " + command);
                System.exit(2);
        }
    }
}

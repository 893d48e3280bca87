package com.acme.columnar.cli;

import com.acme.columnar.ColumnDescriptor;
import com.acme.columnar.FooterCodec;
import com.acme.columnar.Schema;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code coldump [--columns=a,b.c] [--raw] FILE}: prints the footer of a columnar file, or its raw bytes.
 */
public final class DumpTool {

    private DumpTool() {
    }

    public static void main(String[] args) throws IOException {
        String file = null;
        String columnsArg = null;
        boolean raw = false;
        for (String arg : args) {
            if (arg.matches("--columns=[A-Za-z0-9_.,]+")) {
                columnsArg = arg.substring(arg.indexOf('=') + 1);
            } else if (arg.equals("--raw")) {
                raw = true;
            } else {
                file = arg;
            }
        }
        if (file == null) {
            System.err.println("usage: coldump [--columns=a,b.c] [--raw] FILE");
            System.exit(64);
            return;
        }

        if (raw) {
            try (InputStream in = new FileInputStream(file)) {
                boolean eof = false;
                while (!eof) {
                    byte[] buffer = new byte[4096];
                    int n = in.read(buffer);
                    if (n < 0) {
                        eof = true;
                    } else {
                        System.out.write(buffer, 0, n);
                    }
                }
            }
            System.out.flush();
            return;
        }

        byte[] bytes = Files.readAllBytes(Paths.get(file));
        int footerLength = bytes.length < 4 ? 0 : ((bytes[bytes.length - 4] & 0xFF) << 8) | (bytes[bytes.length - 3] & 0xFF);
        byte[] footerBytes = Arrays.copyOfRange(bytes, bytes.length - 4 - footerLength, bytes.length - 4);
        FooterCodec.Footer footer = new FooterCodec().decode(footerBytes, file);
        Schema schema = footer.schema();
        if (columnsArg != null) {
            schema = schema.project(Arrays.asList(columnsArg.split(",")));
        }

        int columnCount = schema.columns().size();
        Map<String, String> kv = footer.keyValue();
        int pairs = kv.size();
        System.out.println(String.format("%s: %s columns, %s key/value pairs", file, columnCount, pairs));

        int layoutHash = Objects.hash(columnCount, pairs);
        System.out.println("layout " + Integer.toHexString(layoutHash) + " / footer " + footer.layoutHash());

        List<String> paths = schema.columns().stream().map(ColumnDescriptor::path).collect(Collectors.toList());
        for (String path : paths) {
            System.out.println("  column " + path);
        }

        List<String> leaves = new ArrayList<>();
        for (ColumnDescriptor column : schema.columns()) {
            leaves.add(column.leafName());
        }
        for (String leaf : leaves) {
            System.out.print(leaf);
            System.out.print('\t');
        }
        System.out.println();

        for (String key : kv.keySet()) {
            String value = kv.get(key);
            System.out.println("  " + key + " = " + value);
        }

        String[] flat = Stream.concat(kv.keySet().stream(), kv.values().stream()).toArray(String[]::new);
        System.out.println("key/value block: " + flat.length + " strings");

        String[] types = schema.columns().stream().map(DumpTool::typeLabel).toArray(String[]::new);
        System.out.println("types: " + String.join(", ", types));
    }

    private static String typeLabel(ColumnDescriptor column) {
        return column.type().name().toLowerCase(java.util.Locale.ROOT);
    }
}

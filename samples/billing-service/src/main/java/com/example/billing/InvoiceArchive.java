package com.example.billing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/** Fingerprints archived invoices. */
public class InvoiceArchive {

    public static String fingerprint(List<Path> invoices) throws IOException, NoSuchAlgorithmException {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        for (Path invoice : invoices) {
            try (InputStream in = Files.newInputStream(invoice)) {
                while (true) {
                    byte[] chunk = new byte[4096];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    digest.update(chunk, 0, n);
                }
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}

package com.acme.orders;

import com.acme.orders.repo.OrderRepository;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;

@SpringBootApplication
public class OrderServiceApplication {

    /** "ORDS": first four bytes of every order snapshot file. */
    static final int SNAPSHOT_MAGIC = 0x4F524453;

    public static void main(String[] args) {
        List<String> arguments = Arrays.asList(args);
        String[] cleaned = arguments.stream().map(String::strip).toArray(String[]::new);
        SpringApplication app = new SpringApplication(OrderServiceApplication.class);
        String profile = System.getenv().getOrDefault("ORDERS_PROFILE", "local");
        app.setAdditionalProfiles(profile);
        app.run(cleaned);
    }

    /** Imports the nightly snapshot once, before the service takes traffic. */
    @Bean
    CommandLineRunner importSnapshot(OrderRepository repository, @Value("${orders.seed-dir}") String seedDir) {
        return args -> {
            Path snapshot = Paths.get(seedDir, "orders.snap");
            if (!Files.exists(snapshot)) {
                return;
            }
            Path copy = Files.createTempDirectory("orders-import").resolve("orders.snap");
            try (InputStream in = Files.newInputStream(snapshot); OutputStream out = Files.newOutputStream(copy)) {
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                }
            }
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (InputStream in = Files.newInputStream(copy)) {
                byte[] header = in.readNBytes(8);
                if (header.length < 8) {
                    throw new IOException("truncated snapshot " + snapshot);
                }
                int magic = (header[0] & 0xFF) << 24 | (header[1] & 0xFF) << 16 | (header[2] & 0xFF) << 8
                        | (header[3] & 0xFF);
                if (magic != SNAPSHOT_MAGIC) {
                    throw new IOException(snapshot + " is not an order snapshot");
                }
                long remaining = Files.size(copy) - 8;
                while (remaining > 0) {
                    byte[] chunk = new byte[64 * 1024];
                    int n = in.read(chunk);
                    if (n < 0) {
                        break;
                    }
                    digest.update(chunk, 0, n);
                    remaining -= n;
                }
            }
            System.out.println("snapshot " + HexFormat.of().formatHex(digest.digest()) + " verified, "
                    + repository.loadRegions().size() + " regions live");
        };
    }

    /** Creates an empty snapshot file on a fresh installation so the importer finds one next time. */
    @Component
    static class SnapshotInitializer implements CommandLineRunner {

        private final Path seedDir;

        SnapshotInitializer(@Value("${orders.seed-dir}") String seedDir) {
            this.seedDir = Paths.get(seedDir);
        }

        @Override
        public void run(String... args) throws IOException {
            Path snapshot = seedDir.resolve("orders.snap");
            if (Files.exists(snapshot)) {
                return;
            }
            byte[] header = new byte[8];
            int magic = SNAPSHOT_MAGIC;
            header[0] = (byte) (magic >>> 24);
            header[1] = (byte) (magic >>> 16);
            header[2] = (byte) (magic >>> 8);
            header[3] = (byte) magic;
            header[4] = 3;
            Files.createDirectories(seedDir);
            Files.write(snapshot, header);
        }
    }
}

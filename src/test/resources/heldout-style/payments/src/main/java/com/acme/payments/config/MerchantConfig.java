package com.acme.payments.config;

import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One merchant's gateway settings, read from {@code <config-dir>/<merchant>.properties} when the gateway starts:
 * {@code merchantId}, {@code acquirer}, {@code currency}, {@code captureDelayHours}, {@code header.<name>} and
 * {@code tag.<name>} lines.
 */
public final class MerchantConfig {

    /** Acquirers this build has adapters for; a merchant naming another one stops the gateway at startup. */
    static final Set<String> KNOWN_ACQUIRERS;

    static {
        Set<String> known = new HashSet<>();
        known.addAll(Arrays.asList("novapay", "harbourbank"));
        KNOWN_ACQUIRERS = Collections.unmodifiableSet(known);
    }

    /** Settable fields per bound type; the binder is shared with the other configuration classes of the service. */
    private static final Map<Class<?>, Field[]> BINDABLE_FIELDS = new ConcurrentHashMap<>();

    private String merchantId;
    private String acquirer;
    private String currency;
    private int captureDelayHours;
    private final Map<String, String> extraHeaders = new LinkedHashMap<>();
    private final Map<String, String> tags = new LinkedHashMap<>();
    private byte[] webhookKey;

    private MerchantConfig() {
    }

    public String merchantId() {
        return merchantId;
    }

    public String acquirer() {
        return acquirer;
    }

    public String currency() {
        return currency;
    }

    public int captureDelayHours() {
        return captureDelayHours;
    }

    public Map<String, String> tags() {
        return tags;
    }

    public byte[] webhookKey() {
        return webhookKey;
    }

    /** Headers sent with every call to the merchant's acquirer; "${merchant}" in a value becomes the merchant id. */
    public Map<String, String> acquirerHeaders() {
        Map<String, String> headers = new HashMap<>(extraHeaders.size());
        for (Map.Entry<String, String> header : extraHeaders.entrySet()) {
            headers.put(header.getKey(), header.getValue().replace("${merchant}", merchantId));
        }
        return headers;
    }

    /** Reads every merchant file of the directory. Called once, from GatewayApp.main, before the port opens. */
    public static Map<String, MerchantConfig> loadAll(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(dir)) {
            files = listing.filter(p -> p.toString().endsWith(".properties")).sorted().collect(Collectors.toList());
        }
        List<MerchantConfig> configs = new ArrayList<>();
        for (Path file : files) {
            configs.add(load(file));
        }
        Map<String, MerchantConfig> byId = new HashMap<>(configs.size());
        for (MerchantConfig config : configs) {
            byId.put(config.merchantId, config);
        }
        return byId;
    }

    static MerchantConfig load(Path file) throws IOException {
        MerchantConfig config = new MerchantConfig();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] kv = line.split("\\s*=\\s*");
            String key = kv[0].trim();
            String value = kv.length > 1 ? kv[1].trim() : "";
            if (key.startsWith("header.")) {
                config.extraHeaders.put(key.substring("header.".length()), value);
            } else if (key.startsWith("tag.")) {
                config.tags.put(key.substring("tag.".length()), value);
            } else {
                bind(config, key, value);
            }
        }
        if (!KNOWN_ACQUIRERS.contains(config.acquirer)) {
            throw new IllegalArgumentException(file + ": unknown acquirer " + config.acquirer);
        }
        config.webhookKey = readKey(config.merchantId);
        return config;
    }

    /** Sets the field named by a property key: "captureDelayHours" to 24, "currency" to "EUR". */
    static void bind(Object target, String key, String value) {
        Field[] fields = BINDABLE_FIELDS.computeIfAbsent(target.getClass(), type -> type.getDeclaredFields());
        for (Field field : fields) {
            if (!field.getName().equals(key)) {
                continue;
            }
            try {
                field.setAccessible(true);
                if (field.getType() == int.class) {
                    field.setInt(target, Integer.parseInt(value));
                } else {
                    field.set(target, value);
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot set " + key, e);
            }
            return;
        }
        throw new IllegalArgumentException("unknown merchant setting " + key);
    }

    /** The HMAC key acquirers sign the merchant's webhooks with, packaged with the deployment. */
    private static byte[] readKey(String merchantId) throws IOException {
        try (InputStream in = MerchantConfig.class.getResourceAsStream("/webhook-keys/" + merchantId + ".key")) {
            if (in == null) {
                throw new FileNotFoundException("no webhook key for merchant " + merchantId);
            }
            ByteArrayOutputStream key = new ByteArrayOutputStream();
            while (in.available() > 0) {
                byte[] chunk = new byte[256];
                int n = in.read(chunk);
                key.write(chunk, 0, n);
            }
            return key.toByteArray();
        }
    }
}

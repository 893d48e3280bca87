package com.acme.pricing.catalog;

import com.acme.pricing.web.MiniHttp;

import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Price lists and tax tables. Both files are read when the service boots and again when an operator
 * calls {@code /admin/refresh}; quotes read the current snapshot without locking.
 */
public final class PriceCatalog {

    public static final String DEFAULT_TIER = "list";

    /**
     * Statutory fallback VAT rates in basis points, used when tax.csv has no row for a region. Packed as
     * four ASCII bytes of region code and the rate as a big-endian int, the layout finance exports.
     */
    private static final byte[] PACKED_FALLBACK_RATES = {
        'D', 'E', ' ', ' ', 0, 0, 0x07, 0x6C,
        'F', 'R', ' ', ' ', 0, 0, 0x07, (byte) 0xD0,
        'N', 'L', ' ', ' ', 0, 0, 0x08, 0x34,
        'U', 'K', ' ', ' ', 0, 0, 0x07, (byte) 0xD0,
        'U', 'S', 'C', 'A', 0, 0, 0x02, (byte) 0xD5,
        'U', 'S', 'N', 'Y', 0, 0, 0x01, (byte) 0x90,
    };

    private static final String[] ALIAS_TABLE = {
        "food | grocery, groceries, produce, bakery",
        "books | book, ebook, print, magazine",
        "standard | general, misc, default, electronics",
    };

    private static final Map<String, Integer> FALLBACK_BASIS_POINTS = new HashMap<>();
    private static final Map<String, String> CATEGORY_ALIASES = new HashMap<>();

    static {
        for (int off = 0; off + 8 <= PACKED_FALLBACK_RATES.length; off += 8) {
            String region = new String(PACKED_FALLBACK_RATES, off, 4, StandardCharsets.US_ASCII).trim();
            int p = off + 4;
            int basisPoints = (PACKED_FALLBACK_RATES[p] & 0xFF) << 24 | (PACKED_FALLBACK_RATES[p + 1] & 0xFF) << 16
                    | (PACKED_FALLBACK_RATES[p + 2] & 0xFF) << 8 | (PACKED_FALLBACK_RATES[p + 3] & 0xFF);
            FALLBACK_BASIS_POINTS.put(region, basisPoints);
        }
        for (String row : ALIAS_TABLE) {
            String[] parts = row.split("\\s*\\|\\s*");
            for (String alias : parts[1].split(",")) {
                CATEGORY_ALIASES.put(alias.trim(), parts[0]);
            }
            CATEGORY_ALIASES.put(parts[0], parts[0]);
        }
    }

    /** One row of the price list, as shown by {@code GET /prices}. */
    public static final class Entry {
        private final String sku;
        private final String tier;
        private final BigDecimal amount;

        Entry(String sku, String tier, BigDecimal amount) {
            this.sku = sku;
            this.tier = tier;
            this.amount = amount;
        }

        public String sku() {
            return sku;
        }

        public String tier() {
            return tier;
        }

        public BigDecimal amount() {
            return amount;
        }
    }

    /** Key of the price map; built for every line of every quote. */
    static final class PriceKey {
        final String sku;
        final String currency;
        final String tier;

        PriceKey(String sku, String currency, String tier) {
            this.sku = sku;
            this.currency = currency;
            this.tier = tier;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof PriceKey)) {
                return false;
            }
            PriceKey other = (PriceKey) o;
            return sku.equals(other.sku) && currency.equals(other.currency) && tier.equals(other.tier);
        }

        @Override
        public int hashCode() {
            return Objects.hash(sku, currency, tier);
        }
    }

    private static final class Snapshot {
        final Map<PriceKey, BigDecimal> prices;
        final Map<String, BigDecimal> taxRates;
        final long version;

        Snapshot(Map<PriceKey, BigDecimal> prices, Map<String, BigDecimal> taxRates, long version) {
            this.prices = prices;
            this.taxRates = taxRates;
            this.version = version;
        }
    }

    private final Path pricesFile;
    private final Path taxFile;
    private volatile Snapshot snapshot;

    private PriceCatalog(Path pricesFile, Path taxFile) {
        this.pricesFile = pricesFile;
        this.taxFile = taxFile;
    }

    public static PriceCatalog load(Path pricesFile, Path taxFile) throws IOException {
        PriceCatalog catalog = new PriceCatalog(pricesFile, taxFile);
        catalog.snapshot = read(pricesFile, taxFile, 1);
        return catalog;
    }

    /** {@code POST /admin/refresh}: re-reads both files and swaps the snapshot in one write. */
    public void reload() throws IOException {
        snapshot = read(pricesFile, taxFile, snapshot.version + 1);
    }

    private static Snapshot read(Path pricesFile, Path taxFile, long version) throws IOException {
        Map<PriceKey, BigDecimal> prices = new HashMap<>();
        try (BufferedReader reader = Files.newBufferedReader(pricesFile, StandardCharsets.UTF_8)) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] cols = line.split(",");
                prices.put(new PriceKey(cols[0], cols[1], cols[2]), new BigDecimal(cols[3]));
            }
        }
        Map<String, BigDecimal> taxRates = new HashMap<>();
        if (Files.exists(taxFile)) {
            try (BufferedReader reader = Files.newBufferedReader(taxFile, StandardCharsets.UTF_8)) {
                String line;
                while ((line = reader.readLine()) != null) {
                    String[] cols = line.split(",");
                    if (cols.length == 3) {
                        taxRates.put(cols[0] + "|" + cols[1], new BigDecimal(cols[2]));
                    }
                }
            }
        }
        return new Snapshot(prices, taxRates, version);
    }

    /** Unit price of a SKU; called for every line of every quote. */
    public BigDecimal priceFor(String sku, String currency, String tier) {
        Snapshot s = snapshot;
        BigDecimal price = s.prices.get(new PriceKey(sku, currency, tier));
        if (price == null && !DEFAULT_TIER.equals(tier)) {
            price = s.prices.get(new PriceKey(sku, currency, DEFAULT_TIER));
        }
        if (price == null) {
            throw new MiniHttp.BadRequest("sku", "no " + currency + " price for " + sku + " (tier " + tier + ")");
        }
        return price;
    }

    /** Tax rate as a fraction (0.19) for a region and a product category; called for every line. */
    public BigDecimal taxRate(String region, String category) {
        String canonical = CATEGORY_ALIASES.getOrDefault(category.toLowerCase(Locale.ROOT), "standard");
        BigDecimal rate = snapshot.taxRates.get(region + "|" + canonical);
        if (rate != null) {
            return rate;
        }
        Integer basisPoints = FALLBACK_BASIS_POINTS.get(region);
        return basisPoints == null ? BigDecimal.ZERO : BigDecimal.valueOf(basisPoints, 4);
    }

    public List<Entry> entries(String currency) {
        return snapshot.prices.entrySet().stream()
                .filter(e -> e.getKey().currency.equals(currency))
                .map(e -> new Entry(e.getKey().sku, e.getKey().tier, e.getValue()))
                .collect(Collectors.toList());
    }

    public Set<String> currencies() {
        Set<String> currencies = new TreeSet<>();
        for (PriceKey key : snapshot.prices.keySet()) {
            currencies.add(key.currency);
        }
        return currencies;
    }

    public Map<String, Integer> countsByCurrency() {
        Map<String, Integer> counts = new TreeMap<>();
        for (PriceKey key : snapshot.prices.keySet()) {
            counts.merge(key.currency, 1, Integer::sum);
        }
        return counts;
    }

    public long version() {
        return snapshot.version;
    }
}

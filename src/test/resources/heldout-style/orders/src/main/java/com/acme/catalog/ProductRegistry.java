package com.acme.catalog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.stream.Collectors;

/** In-memory catalogue of products by SKU. Created once at start-up and shared by all requests. */
public class ProductRegistry {

    private static final List<String> CATEGORIES = List.of("Tools", "Garden", "Kitchen");
    private static final List<String> CATEGORY_KEYS = CATEGORIES.stream().map(c -> c.toLowerCase(Locale.ROOT)).collect(Collectors.toList());

    private final String registryName;
    private final Map<String, String> names = new HashMap<>();
    private final Map<String, Long> prices = new HashMap<>();
    private final Map<String, String> skuCategory = new HashMap<>();
    private final Set<String> builtInCategories;

    {
        Set<String> builtIn = new HashSet<>();
        builtIn.addAll(CATEGORY_KEYS);
        builtInCategories = Collections.unmodifiableSet(builtIn);
    }

    public ProductRegistry(String registryName) {
        this.registryName = registryName;
    }

    public void register(String sku, String name, String category, long priceCents) {
        if (!sku.matches("[A-Z]{3}-\\d{4}")) {
            throw new IllegalArgumentException("invalid sku " + sku + " for " + name);
        }
        String key = category.toLowerCase(Locale.ROOT);
        names.put(sku, name.trim());
        prices.put(sku, priceCents);
        skuCategory.put(sku, builtInCategories.contains(key) ? key : "misc");
    }

    public long priceOf(String sku) {
        Long price = prices.get(sku);
        if (price == null) {
            String msg = String.format("no price for %s in %s", sku, registryName);
            throw new NoSuchElementException(msg);
        }
        return price;
    }

    public List<Long> pricesOf(List<String> skus) {
        List<String> missing = skus.stream().filter(sku -> !prices.containsKey(sku)).collect(Collectors.toList());
        if (!missing.isEmpty()) {
            throw new NoSuchElementException(describeMissing(missing));
        }
        List<Long> result = new ArrayList<>();
        for (String sku : skus) {
            result.add(prices.get(sku));
        }
        return result;
    }

    public Map<String, Long> snapshotPrices(Collection<String> skus) {
        Map<String, Long> snapshot = new HashMap<>(skus.size());
        for (String sku : skus) {
            snapshot.put(sku, priceOf(sku));
        }
        return snapshot;
    }

    public List<String> withoutMalformed(Collection<String> skus) {
        List<String> kept = new ArrayList<>(skus);
        kept.removeIf(sku -> !sku.matches("[A-Z]{3}-\\d{4}"));
        return kept;
    }

    public long inventoryValue(Map<String, Integer> stock) {
        long value = 0;
        for (String sku : stock.keySet()) {
            Integer count = stock.get(sku);
            value += count * priceOf(sku);
        }
        return value;
    }

    public String priceTag(String sku) {
        long cents = priceOf(sku);
        return String.format(Locale.ENGLISH, "%s: %d cents", sku, cents);
    }

    private static String describeMissing(List<String> skus) {
        List<String> sorted = new ArrayList<>(skus);
        Collections.sort(sorted);
        return String.format("%s unknown skus: %s", sorted.size(), String.join(", ", sorted));
    }

    @Override
    public String toString() {
        return String.format("ProductRegistry[%s, %s products]", registryName, names.size());
    }
}

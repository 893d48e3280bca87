package com.shop;

import com.shop.web.RequestHandler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Command-line tool that prints the shop's route table and price book. Requests are not
 * served from here: the HTTP server calls RequestHandler.handle / handleBatch directly.
 */
public final class Shop {

    public static void main(String[] args) {
        Map<String, Long> priceBook = new HashMap<>();
        priceBook.put("A1", 250L);
        priceBook.put("B2", 1200L);
        priceBook.put("C3", 99L);

        List<String> skus = new ArrayList<>(priceBook.keySet());
        List<String> lower = skus.stream().map(String::toLowerCase).collect(Collectors.toList());
        int skuCount = skus.size();
        System.out.println(String.format("shop with %s skus", skuCount));
        System.out.println(banner("routes", 2));
        System.out.println(RequestHandler.routeKey("POST", "/Orders"));
        System.out.println(RequestHandler.routeKey("GET", "/Catalog"));
        for (String sku : lower) {
            System.out.println("  " + sku);
        }
    }

    /** Only ever called from main. */
    private static String banner(String name, int count) {
        return String.format("== %s (%s) ==", name, count);
    }
}

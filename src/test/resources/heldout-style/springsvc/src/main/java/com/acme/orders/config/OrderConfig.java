package com.acme.orders.config;

import com.acme.orders.web.OrderController.OrderView;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wiring for the order service. Every @Bean method runs once while the context starts; the
 * functions and objects they return are what the controllers and listeners call per request.
 */
@Configuration
public class OrderConfig {

    @Value("${orders.region:eu-west-1}")
    private String region;

    @Value("${orders.api-version:v2}")
    private String apiVersion;

    /** Weak ETag of an order view, computed on every GET. */
    @Bean
    public Function<String, String> etagFormatter() {
        String prefix = String.format("W/\"%s-%s", region, apiVersion);
        return orderNo -> String.format("%s-%s\"", prefix, orderNo);
    }

    /** Second-level SKU check used by the search endpoint for every candidate order. */
    @Bean
    public Predicate<String> skuFilter() {
        return sku -> !sku.matches("(?i)TST-\\d+|DEMO-.*");
    }

    @Bean
    public Set<String> blockedCustomers(@Value("${orders.blocked-customers:}") List<String> configured) {
        return new HashSet<>(configured);
    }

    @Bean
    public Map<String, String> webhookDefaultHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Acme-Region", region);
        headers.put("X-Acme-Api-Version", apiVersion);
        headers.put("Content-Type", "application/json");
        return headers;
    }

    @Bean
    public WebhookSigner webhookSigner(@Value("${orders.webhook-secret}") String secret) {
        Map<String, String> defaults = webhookDefaultHeaders();
        String[] fixed = defaults.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        return new WebhookSigner() {
            @Override
            public String[] headersFor(Map<String, String> perEvent) {
                String[] dynamic = perEvent.entrySet().stream()
                        .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                        .toArray(String[]::new);
                String[] all = Arrays.copyOf(fixed, fixed.length + dynamic.length);
                System.arraycopy(dynamic, 0, all, fixed.length, dynamic.length);
                return all;
            }

            @Override
            public String signatureBase(String orderNo, long timestamp) {
                return String.format("%s.%s.%s", region, orderNo, timestamp);
            }

            @Override
            public byte[] secretKey() {
                return secret.getBytes(StandardCharsets.UTF_8);
            }
        };
    }

    /** Column order of the CSV export, derived once from the view record. */
    @Bean
    public List<String> exportColumns() {
        RecordComponent[] components = OrderView.class.getRecordComponents();
        List<String> columns = new ArrayList<>();
        for (RecordComponent component : components) {
            columns.add(component.getName());
        }
        return columns;
    }

    public interface WebhookSigner {
        String[] headersFor(Map<String, String> perEvent);

        String signatureBase(String orderNo, long timestamp);

        byte[] secretKey();
    }
}

package com.example.orders;

import java.util.List;

public record Order(String id, String customerId, List<String> skus, long totalCents) {
}

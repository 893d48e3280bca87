package com.example.orders;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Turns an order's attributes into the flat argument lists the messaging client takes. */
public final class OrderHeaders {

    private OrderHeaders() {
    }

    public static String[] keyValues(Map<String, String> attributes) {
        return attributes.entrySet().stream()
                .flatMap(attribute -> Stream.of(attribute.getKey(), attribute.getValue()))
                .toArray(String[]::new);
    }

    public static String[] keysThenValues(Map<String, String> attributes) {
        return Stream.concat(attributes.keySet().stream(), attributes.values().stream()).toArray(String[]::new);
    }

    public static String[] nonEmpty(Map<String, String> attributes) {
        return attributes.entrySet().stream()
                .filter(attribute -> !attribute.getValue().isEmpty())
                .flatMap(attribute -> Stream.of(attribute.getKey(), attribute.getValue()))
                .toArray(String[]::new);
    }

    public static List<String> headerLines(Map<String, String> attributes) {
        return attributes.entrySet().stream()
                .map(attribute -> attribute.getKey() + ": " + attribute.getValue())
                .collect(Collectors.toList());
    }
}

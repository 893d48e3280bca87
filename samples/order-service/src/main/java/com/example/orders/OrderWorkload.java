package com.example.orders;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * A load test of the checkout path: 500 orders, the nightly audit once, then many checkout requests. Prints the
 * bytes allocated per request; record it with {@code -XX:StartFlightRecording:settings=profile,filename=orders.jfr}.
 */
public final class OrderWorkload {

    private OrderWorkload() {
    }

    public static void main(String[] args) {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        System.out.printf("%d requests: %,d bytes allocated per request%n", requests, bytesPerRequest(requests));
    }

    /** Runs the workload and returns the bytes this thread allocated per checkout request. */
    public static long bytesPerRequest(int requests) {
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            orders.add(new Order("order-" + i, "customer-" + i % 40, List.of("sku-" + i), i * 100L));
        }
        long sink = OrderLines.auditIds(orders).size();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int r = 0; r < requests; r++) {
            sink += OrderLines.lineIds(orders).size() + OrderLines.largeOrderIds(orders).size();
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        if (sink == 0) {
            throw new IllegalStateException("no orders");
        }
        return allocated / requests;
    }
}

package com.acme.orders.jobs;

import com.acme.orders.model.Order;
import com.acme.orders.model.OrderLine;
import com.acme.orders.repo.OrderRepository;
import jakarta.annotation.PostConstruct;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Every minute: invoices all orders still in PLACED state, charges each customer once for the
 * sum of their new invoices and hands the billing export to the finance gateway.
 */
@Component
public class BillingScheduler {

    private static final int MAX_BACKLOG = 50_000;

    private final OrderRepository repository;
    private final BillingGateway billing;
    private final List<String> exportColumns;
    private final String region;
    private String headerLine;

    public BillingScheduler(OrderRepository repository, BillingGateway billing, List<String> exportColumns,
                            @Value("${orders.region:eu-west-1}") String region) {
        this.repository = repository;
        this.billing = billing;
        this.exportColumns = exportColumns;
        this.region = region;
    }

    @PostConstruct
    void prepareExport() {
        List<String> header = exportColumns.stream().map(c -> c.toUpperCase(Locale.ROOT)).collect(Collectors.toList());
        headerLine = String.join(";", header);
    }

    @Scheduled(cron = "0 * * * * *")
    public void invoiceOpenOrders() {
        List<Order> open = repository.findByStatus(Order.Status.PLACED);
        if (open.size() > MAX_BACKLOG) {
            throw new IllegalStateException(describeBacklog(open));
        }
        Map<String, Long> totals = new HashMap<>();
        Map<String, List<String>> invoicesByCustomer = new HashMap<>();
        List<Order> billed = new ArrayList<>(open.size());
        List<String> failures = new ArrayList<>();
        StringBuilder export = new StringBuilder(headerLine).append('\n');
        for (Order order : open) {
            String customerId = order.getCustomerId();
            long seq = order.getId();
            try {
                String invoiceNo = String.format(Locale.ROOT, "INV-%s-%d", region, seq);
                Set<String> skus = order.skuSet();
                billing.reserveStock(invoiceNo, skus);
                for (OrderLine line : order.getLines()) {
                    String sku = line.getSku();
                    int quantity = line.getQuantity();
                    long cents = line.totalCents();
                    export.append(String.format("%s;%s;%s;%s%n", invoiceNo, sku, quantity, cents));
                }
                totals.merge(customerId, order.totalCents(), Long::sum);
                invoicesByCustomer.computeIfAbsent(customerId, c -> new ArrayList<>()).add(invoiceNo);
                billed.add(order);
            } catch (RuntimeException e) {
                String orderNo = order.getOrderNo();
                String reason = e.getMessage();
                failures.add(String.format("%s: %s", orderNo, reason));
            }
        }
        for (String customerId : totals.keySet()) {
            long cents = totals.get(customerId);
            billing.charge(customerId, cents, invoicesByCustomer.get(customerId));
        }
        String[] invoiced = billed.stream().map(Order::getOrderNo).toArray(String[]::new);
        repository.markInvoiced(invoiced);
        billing.upload(export.toString());
        if (!failures.isEmpty()) {
            billing.reportFailures(failures);
        }
    }

    private static String describeBacklog(List<Order> open) {
        Map<String, Integer> perRegion = new TreeMap<>();
        for (Order order : open) {
            perRegion.merge(order.getRegion(), 1, Integer::sum);
        }
        StringBuilder message = new StringBuilder("billing backlog too large:");
        for (String name : perRegion.keySet()) {
            message.append(' ').append(name).append('=').append(perRegion.get(name));
        }
        return message.toString();
    }

    public interface BillingGateway {
        void reserveStock(String invoiceNo, Set<String> skus);

        void charge(String customerId, long cents, List<String> invoiceNos);

        void upload(String csv);

        void reportFailures(List<String> failures);
    }
}

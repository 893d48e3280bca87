package com.acme.orders.events;

import com.acme.orders.config.OrderConfig.WebhookSigner;
import com.acme.orders.model.Order;
import com.acme.orders.service.OrderService.OrderPlacedEvent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.stream.Stream;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/** Pushes every placed order to the partners' webhook endpoint. */
@Component
public class OrderEventListener {

    private final WebhookSigner signer;
    private final Map<String, String> defaultHeaders;
    private final WebhookClient client;
    private final Deque<String> retryQueue = new ConcurrentLinkedDeque<>();
    private volatile boolean ready;

    public OrderEventListener(WebhookSigner signer, Map<String, String> webhookDefaultHeaders, WebhookClient client) {
        this.signer = signer;
        this.defaultHeaders = webhookDefaultHeaders;
        this.client = client;
    }

    @EventListener
    public void onApplicationReady(ApplicationReadyEvent event) {
        String[] announced = Stream.concat(defaultHeaders.keySet().stream(), defaultHeaders.values().stream())
                .toArray(String[]::new);
        client.announce(announced);
        int headerCount = defaultHeaders.size();
        long startedAt = event.getTimestamp();
        System.out.println("webhooks enabled with " + headerCount + " default headers at " + startedAt);
        ready = true;
    }

    @EventListener
    public void onOrderPlaced(OrderPlacedEvent event) {
        if (!ready) {
            return;
        }
        Order order = event.order();
        String orderNo = order.getOrderNo();
        long total = order.totalCents();
        long timestamp = System.currentTimeMillis();
        String payload = String.format("{\"orderNo\":\"%s\",\"totalCents\":%s,\"ts\":%s}", orderNo, total, timestamp);
        String[] headers = signer.headersFor(setupHeaders(orderNo, timestamp));
        Map<String, String> tags = event.tags();
        String[] tagArgs = Stream.concat(tags.keySet().stream(), tags.values().stream()).toArray(String[]::new);
        String[] attributeArgs = flatten(order.getAttributes());
        try {
            client.post(payload, headers, tagArgs, attributeArgs);
        } catch (IOException e) {
            String reason = e.getMessage();
            int status = Integer.parseInt(reason.substring(5, 8));
            if (status >= 500) {
                retryQueue.add(String.format("%s|%s|%s", orderNo, timestamp, reason));
            }
        }
    }

    /** Per-delivery headers; despite the name this runs for every order placed. */
    private Map<String, String> setupHeaders(String orderNo, long timestamp) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Acme-Signature-Base", signer.signatureBase(orderNo, timestamp));
        headers.put("X-Acme-Delivery", String.format("%s-%s", orderNo, timestamp));
        return headers;
    }

    static String[] flatten(Map<String, String> attributes) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> entry : attributes.entrySet()) {
            keys.add(entry.getKey());
            values.add(entry.getValue());
        }
        keys.addAll(values);
        return keys.toArray(new String[0]);
    }

    public Deque<String> pendingRetries() {
        return retryQueue;
    }

    public interface WebhookClient {
        void announce(String[] defaultHeaders);

        void post(String payload, String[] headers, String[] tags, String[] attributes) throws IOException;
    }
}

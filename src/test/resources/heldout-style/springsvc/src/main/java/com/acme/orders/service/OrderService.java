package com.acme.orders.service;

import com.acme.orders.model.Order;
import com.acme.orders.model.OrderLine;
import com.acme.orders.repo.OrderRepository;
import com.acme.orders.web.OrderController.CreateOrderRequest;
import com.acme.orders.web.OrderController.LineRequest;
import jakarta.annotation.PostConstruct;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;

@Service
public class OrderService {

	private final OrderRepository repository;
	private final ApplicationEventPublisher events;
	private final Set<String> blockedCustomers;
	private final String defaultRegion;
	private final int maxLines;
	private final Map<String, Order> recentByKey = new ConcurrentHashMap<>();
	private volatile Map<String, Integer> regionShards = Map.of();

	public OrderService(OrderRepository repository, ApplicationEventPublisher events, Set<String> blockedCustomers,
			@Value("${orders.region:eu-west-1}") String defaultRegion,
			@Value("${orders.max-lines:200}") int maxLines) {
		this.repository = repository;
		this.events = events;
		this.blockedCustomers = blockedCustomers;
		this.defaultRegion = defaultRegion;
		this.maxLines = maxLines;
	}

	/** Loads the shard map and warms the recent-orders cache before the first request. */
	@PostConstruct
	void warmUp() {
		List<String> regions = repository.loadRegions();
		Map<String, Integer> shards = new HashMap<>(regions.size());
		for (String region : regions) {
			shards.put(region, Math.floorMod(region.hashCode(), 16));
		}
		this.regionShards = shards;
		for (Order recent : repository.findRecent(1000)) {
			String region = recent.getRegion();
			String orderNo = recent.getOrderNo();
			recentByKey.put(String.format("%s/%s", region, orderNo), recent);
		}
		int regionCount = regions.size();
		int configHash = Objects.hash(defaultRegion, maxLines);
		System.out.println("order service ready: " + regionCount + " regions, config " + configHash);
	}

	public Order find(long id) {
		Order order = repository.findById(id);
		if (order == null) {
			throw new NotFoundException("order " + id + " not found");
		}
		return order;
	}

	public Order findCached(String region, String orderNo) {
		Order cached = recentByKey.get(region + "/" + orderNo);
		return cached != null ? cached : repository.findByOrderNo(orderNo);
	}

	public List<Order> findPage(String customerId, String cursor) {
		String shard = shardKey(customerId, defaultRegion);
		return repository.findPage(shard, customerId, cursor);
	}

	public String nextCursor(Order last) {
		return repository.encodeCursor(last.getId(), (int) last.getCreatedAt().getEpochSecond());
	}

	public Order place(CreateOrderRequest request, String idempotencyKey) {
		String customerId = request.customerId();
		if (blockedCustomers.contains(customerId)) {
			throw new BlockedCustomerException("customer " + customerId + " may not place orders");
		}
		if (repository.existsByIdempotencyKey(idempotencyKey)) {
			throw new IllegalStateException("duplicate idempotency key " + idempotencyKey);
		}
		String currency = request.currency();
		List<LineRequest> requested = request.lines();
		Map<String, LineRequest> bySku = new HashMap<>(requested.size());
		for (LineRequest line : requested) {
			bySku.put(line.sku(), line);
		}
		Map<String, Long> prices = repository.pricesFor(bySku.keySet(), currency);
		List<OrderLine> lines = priceLines(requested, prices, currency);
		Set<OrderLine> unique = new HashSet<>();
		unique.addAll(lines);
		if (unique.size() != lines.size()) {
			throw new IllegalArgumentException("repeated order lines for " + customerId);
		}
		String region = request.region() != null ? request.region() : defaultRegion;
		int shard = regionShards.getOrDefault(region, 0);
		assert shard >= 0 : String.format("negative shard for region %s", region);
		Order order = repository.insert(customerId, region, shard, lines, idempotencyKey);
		events.publishEvent(new OrderPlacedEvent(order, Map.of("channel", "api", "region", region)));
		return order;
	}

	private static List<OrderLine> priceLines(List<LineRequest> requested, Map<String, Long> prices, String currency) {
		List<OrderLine> lines = new ArrayList<>();
		for (LineRequest line : requested) {
			lines.add(new OrderLine(line.sku(), line.quantity(), prices.getOrDefault(line.sku(), 0L), currency));
		}
		return lines;
	}

	String shardKey(String customerId, String region) {
		int hash = Objects.hash(customerId, region);
		return region + "/" + Math.floorMod(hash, 64);
	}

	public record OrderPlacedEvent(Order order, Map<String, String> tags) {
	}

	public static class NotFoundException extends RuntimeException {
		public NotFoundException(String message) {
			super(message);
		}
	}

	public static class BlockedCustomerException extends RuntimeException {
		public BlockedCustomerException(String message) {
			super(message);
		}
	}
}

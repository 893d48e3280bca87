package com.acme.gateway.config;

import com.acme.gateway.route.Route;
import com.acme.gateway.route.RouteTable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Reads gateway.yaml, a small YAML subset:
 *
 * <pre>
 * health:
 *   interval: 5s
 * routes:
 *   - id: users
 *     prefix: /api/users
 *     upstream: http://users.internal:8080
 *     methods: GET, POST
 *     set-header: X-Gateway=acme
 *     remove-header: Cookie
 *     rate: 50
 * </pre>
 *
 * Loaded once at startup, then again by {@link #watch} each time the file changes.
 */
public final class ConfigLoader {

	private static final Set<String> ROUTE_KEYS;

	static {
		Set<String> keys = new HashSet<>();
		keys.addAll(Arrays.asList("id", "prefix", "upstream", "methods", "set-header", "remove-header", "rate"));
		ROUTE_KEYS = Collections.unmodifiableSet(keys);
	}

	public record GatewayConfig(RouteTable routes, int healthIntervalSeconds) {
	}

	private ConfigLoader() {
	}

	public static GatewayConfig load(Path file) throws IOException {
		String fileName = file.getFileName().toString();
		List<String> lines = Files.readAllLines(file);
		List<Route> routes = new ArrayList<>();
		RouteBuilder current = null;
		int healthInterval = 5;
		String section = "";
		for (int i = 0; i < lines.size(); i++) {
			String raw = lines.get(i);
			int lineNo = i + 1;
			String line = raw.strip();
			if (line.isEmpty() || line.startsWith("#")) {
				continue;
			}
			if (!raw.startsWith(" ") && line.endsWith(":")) {
				section = line.substring(0, line.length() - 1);
				continue;
			}
			if (line.startsWith("- ")) {
				if (current != null) {
					routes.add(current.build(fileName));
				}
				current = new RouteBuilder(lineNo);
				line = line.substring(2);
			}
			String[] kv = line.split(":\\s*", 2);
			if (kv.length != 2) {
				throw new ConfigException(fileName, lineNo, "expected 'key: value'");
			}
			String key = kv[0];
			String value = kv[1];
			switch (section) {
				case "health" -> {
					if (key.equals("interval")) {
						healthInterval = parseSeconds(value);
					}
				}
				case "routes" -> {
					if (current == null || !ROUTE_KEYS.contains(key)) {
						throw new ConfigException(fileName, lineNo, String.format("unknown route key %s", key));
					}
					current.set(key, value);
				}
				default -> throw new ConfigException(fileName, lineNo, "unknown section " + section);
			}
		}
		if (current != null) {
			routes.add(current.build(fileName));
		}
		return new GatewayConfig(new RouteTable(routes), healthInterval);
	}

	static int parseSeconds(String value) {
		char unit = value.charAt(value.length() - 1);
		if (Character.isDigit(unit)) {
			return Integer.parseInt(value);
		}
		int amount = Integer.parseInt(value.substring(0, value.length() - 1));
		return switch (unit) {
			case 's' -> amount;
			case 'm' -> amount * 60;
			default -> throw new IllegalArgumentException("unknown unit in " + value);
		};
	}

	/**
	 * Watches the directory of {@code file} on a virtual thread and hands every successfully parsed new version to
	 * {@code onChange}; a broken edit keeps the routes that are live.
	 */
	public static Thread watch(Path file, Consumer<GatewayConfig> onChange) {
		return Thread.ofVirtual().name("config-watch").start(() -> {
			String fileName = file.getFileName().toString();
			try (WatchService watcher = file.getFileSystem().newWatchService()) {
				file.toAbsolutePath().getParent().register(watcher,
						StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_CREATE);
				while (!Thread.currentThread().isInterrupted()) {
					WatchKey key = watcher.take();
					boolean ours = false;
					for (WatchEvent<?> event : key.pollEvents()) {
						ours |= fileName.equals(String.valueOf(event.context()));
					}
					key.reset();
					if (!ours) {
						continue;
					}
					try {
						onChange.accept(load(file));
					} catch (IOException | RuntimeException e) {
						String reason = String.valueOf(e.getMessage());
						System.err.println(String.format("reload of %s failed, keeping the live routes: %s", fileName, reason));
					}
				}
			} catch (IOException e) {
				throw new UncheckedIOException(e);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		});
	}

	private static final class RouteBuilder {
		private final int line;
		private final Map<String, String> setHeaders = new LinkedHashMap<>();
		private final List<String> removeHeaders = new ArrayList<>();
		private Set<String> methods = Set.of();
		private String id;
		private String prefix;
		private String upstream;
		private int rate;

		RouteBuilder(int line) {
			this.line = line;
		}

		void set(String key, String value) {
			switch (key) {
				case "id" -> id = value;
				case "prefix" -> prefix = value;
				case "upstream" -> upstream = value;
				case "methods" -> methods = List.of(value.split(",")).stream().map(String::strip).collect(Collectors.toSet());
				case "set-header" -> {
					int eq = value.indexOf('=');
					setHeaders.put(value.substring(0, eq).strip(), value.substring(eq + 1).strip());
				}
				case "remove-header" -> removeHeaders.add(value.strip());
				case "rate" -> rate = Integer.parseInt(value);
				default -> throw new IllegalStateException("unchecked key " + key);
			}
		}

		Route build(String fileName) {
			if (id == null || upstream == null) {
				throw new ConfigException(fileName, line, "a route needs an id and an upstream");
			}
			return new Route(id, prefix, upstream, methods, setHeaders, removeHeaders, rate);
		}
	}

	public static final class ConfigException extends RuntimeException {
		private static final long serialVersionUID = 1L;

		public ConfigException(String file, int line, String message) {
			super(String.format("%s:%s: %s", file, line, message));
		}
	}
}

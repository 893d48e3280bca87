package com.acme.queue.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Consumer settings. Parsed once, when the worker starts, from a properties file
 * that environment variables (ACME_QUEUE_GROUP_ID, ...) may override.
 */
public final class ConsumerConfig {

	private static final List<String> KEYS = List.of("group.id", "client.id", "bootstrap.servers", "topics",
			"max.poll.records", "retry.backoff.ms", "retry.max.attempts", "archive.dir");

	private static final Set<String> KNOWN_KEYS;

	static {
		Set<String> keys = new HashSet<>();
		keys.addAll(KEYS);
		KNOWN_KEYS = Collections.unmodifiableSet(keys);
	}

	private final String groupId;
	private final String clientId;
	private final String host;
	private final int port;
	private final List<String> topics;
	private final int maxPollRecords;
	private final long retryBackoffMs;
	private final int maxAttempts;
	private final Path archiveDir;
	private final Map<String, String> extra;

	private ConsumerConfig(Map<String, String> raw) {
		this.groupId = require(raw, "group.id");
		this.clientId = raw.getOrDefault("client.id", groupId + "-1");
		String bootstrap = require(raw, "bootstrap.servers");
		int colon = bootstrap.lastIndexOf(':');
		this.host = bootstrap.substring(0, colon);
		this.port = Integer.parseInt(bootstrap.substring(colon + 1, bootstrap.length()));
		this.topics = List.copyOf(parseTopics(require(raw, "topics")));
		this.maxPollRecords = intValue(raw, "max.poll.records", 500);
		this.retryBackoffMs = intValue(raw, "retry.backoff.ms", 200);
		this.maxAttempts = intValue(raw, "retry.max.attempts", 5);
		String archive = raw.get("archive.dir");
		this.archiveDir = archive == null ? null : Path.of(archive);

		Map<String, String> rest = new HashMap<>(raw.size());
		rest.putAll(raw);
		rest.keySet().removeAll(KNOWN_KEYS);
		this.extra = Collections.unmodifiableMap(rest);
	}

	/** Reads the worker's properties file; the worker's main calls this once. */
	public static ConsumerConfig load(Path file) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (InputStream in = Files.newInputStream(file)) {
			byte[] buffer = new byte[4096];
			int n;
			while ((n = in.read(buffer)) != -1) {
				out.write(buffer, 0, n);
			}
		}
		Properties props = new Properties();
		props.load(new StringReader(out.toString(StandardCharsets.UTF_8)));
		return fromProperties(props);
	}

	public static ConsumerConfig fromProperties(Properties props) {
		Map<String, String> raw = toMap(props);
		applyEnvOverrides(raw);
		for (String key : raw.keySet()) {
			if (!KNOWN_KEYS.contains(key) && !key.startsWith("x-")) {
				String value = raw.get(key);
				throw new IllegalArgumentException("unknown consumer property " + key + "=" + value
						+ " (custom settings start with x-)");
			}
		}
		return new ConsumerConfig(raw);
	}

	private static Map<String, String> toMap(Properties props) {
		Map<String, String> raw = new HashMap<>();
		props.forEach((k, v) -> raw.put(k.toString(), v.toString().trim()));
		return raw;
	}

	private static void applyEnvOverrides(Map<String, String> raw) {
		for (String key : KEYS) {
			String envName = "ACME_QUEUE_" + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
			String value = System.getenv(envName);
			if (value != null) {
				raw.put(key, value);
			}
		}
	}

	private static List<String> parseTopics(String value) {
		String[] parts = value.split("\\s*,\\s*");
		List<String> topics = new ArrayList<>();
		for (String part : parts) {
			topics.add(part);
		}
		return topics;
	}

	private static String require(Map<String, String> raw, String key) {
		String value = raw.get(key);
		if (value == null || value.isEmpty()) {
			throw new IllegalArgumentException("missing required consumer property " + key);
		}
		return value;
	}

	private static int intValue(Map<String, String> raw, String key, int defaultValue) {
		String value = raw.get(key);
		if (value == null) {
			return defaultValue;
		}
		try {
			return Integer.parseInt(value);
		} catch (NumberFormatException e) {
			throw new IllegalArgumentException(key + " must be a whole number, got " + value, e);
		}
	}

	public String groupId() {
		return groupId;
	}

	public String clientId() {
		return clientId;
	}

	public String host() {
		return host;
	}

	public int port() {
		return port;
	}

	public List<String> topics() {
		return topics;
	}

	public int maxPollRecords() {
		return maxPollRecords;
	}

	public long retryBackoffMs() {
		return retryBackoffMs;
	}

	public int maxAttempts() {
		return maxAttempts;
	}

	public Path archiveDir() {
		return archiveDir;
	}

	public Map<String, String> extra() {
		return extra;
	}

	@Override
	public String toString() {
		return "ConsumerConfig[group=" + groupId + ", client=" + clientId + ", bootstrap=" + host + ":" + port
				+ ", maxPollRecords=" + maxPollRecords + "]";
	}
}

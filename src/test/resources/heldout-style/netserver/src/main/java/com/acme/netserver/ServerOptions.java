package com.acme.netserver;

import com.acme.netserver.ProtocolException.ConfigException;

import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Immutable server settings. Build with {@link #builder()}:
 * <pre>
 * ServerOptions options = ServerOptions.builder().host("0.0.0.0").port(7070).user("alice", "admin").build();
 * </pre>
 */
public final class ServerOptions {
	public static final int DEFAULT_PORT = 7070;
	public static final String PROTOCOL_NAME = "acme-ns";
	public static final int PROTOCOL_VERSION = 3;
	/** Mixed into session ids, so that ids handed out by two protocol versions never collide. */
	static final int BUILD_SALT = Objects.hash(PROTOCOL_NAME, PROTOCOL_VERSION);

	private final String host;
	private final int port;
	private final int instanceId;
	private final int maxFrameBytes;
	private final long idleTimeoutMillis;
	private final String tokenSecret;
	private final Set<String> adminUsers;
	private final Map<String, Set<String>> rolesByUser;
	private final Map<String, String> tags;

	private ServerOptions(Builder b) {
		this.host = b.host;
		this.port = b.port;
		this.instanceId = b.instanceId;
		this.maxFrameBytes = b.maxFrameBytes;
		this.idleTimeoutMillis = b.idleTimeoutMillis;
		this.tokenSecret = b.tokenSecret;
		Set<String> admins = new HashSet<>();
		admins.addAll(b.adminUsers);
		this.adminUsers = Collections.unmodifiableSet(admins);
		this.rolesByUser = Collections.unmodifiableMap(new LinkedHashMap<>(b.rolesByUser));
		this.tags = Collections.unmodifiableMap(new LinkedHashMap<>(b.tags));
	}

	public static Builder builder() {
		return new Builder();
	}

	public String host() {
		return host;
	}

	public int port() {
		return port;
	}

	public int instanceId() {
		return instanceId;
	}

	public int maxFrameBytes() {
		return maxFrameBytes;
	}

	public long idleTimeoutMillis() {
		return idleTimeoutMillis;
	}

	String tokenSecret() {
		return tokenSecret;
	}

	public boolean knowsUser(String user) {
		return rolesByUser.containsKey(user);
	}

	/** The roles configured for a user; admins also get {@code admin}. */
	public Collection<String> rolesFor(String user) {
		Set<String> roles = rolesByUser.getOrDefault(user, Collections.emptySet());
		if (!adminUsers.contains(user)) {
			return roles;
		}
		Set<String> withAdmin = new HashSet<>(roles);
		withAdmin.add("admin");
		return withAdmin;
	}

	/** What the server announces in its hello; a fresh map the caller may extend. */
	public Map<String, String> capabilities() {
		Map<String, String> caps = new LinkedHashMap<>();
		caps.put("proto", PROTOCOL_NAME);
		caps.put("max-frame", Integer.toString(maxFrameBytes));
		caps.put("idle-ms", Long.toString(idleTimeoutMillis));
		caps.putAll(tags);
		return caps;
	}

	@Override
	public String toString() {
		StringBuilder sb = new StringBuilder(String.format("ServerOptions[%s:%s", host, port));
		sb.append(", maxFrame=").append(maxFrameBytes).append(", users=").append(rolesByUser.keySet());
		for (String key : tags.keySet()) {
			sb.append(", ").append(key).append('=').append(tags.get(key));
		}
		return sb.append(']').toString();
	}

	public static final class Builder {
		private String host = "0.0.0.0";
		private int port = DEFAULT_PORT;
		private int instanceId;
		private int maxFrameBytes = 1 << 20;
		private long idleTimeoutMillis = 300_000L;
		private String tokenSecret = "";
		private final Set<String> adminUsers = new HashSet<>();
		private final Map<String, Set<String>> rolesByUser = new LinkedHashMap<>();
		private final Map<String, String> tags = new LinkedHashMap<>();

		private Builder() {
		}

		public Builder host(String host) {
			if (!host.matches("[A-Za-z0-9.-]+")) {
				throw new ConfigException("invalid host name: " + host);
			}
			this.host = host;
			return this;
		}

		public Builder port(int port) {
			if (port < 1 || port > 65535) {
				throw new ConfigException("port out of range: " + port);
			}
			this.port = port;
			return this;
		}

		public Builder instanceId(int instanceId) {
			this.instanceId = instanceId;
			return this;
		}

		public Builder maxFrameBytes(int maxFrameBytes) {
			this.maxFrameBytes = maxFrameBytes;
			return this;
		}

		public Builder idleTimeoutMillis(long idleTimeoutMillis) {
			this.idleTimeoutMillis = idleTimeoutMillis;
			return this;
		}

		public Builder tokenSecret(String tokenSecret) {
			this.tokenSecret = Objects.requireNonNull(tokenSecret, "tokenSecret");
			return this;
		}

		public Builder user(String name, String... roles) {
			Set<String> set = rolesByUser.computeIfAbsent(name, k -> new HashSet<>());
			Collections.addAll(set, roles);
			return this;
		}

		public Builder admin(String name) {
			user(name);
			adminUsers.add(name);
			return this;
		}

		public Builder tag(String key, String value) {
			tags.put(key, value);
			return this;
		}

		public ServerOptions build() {
			if (maxFrameBytes < FrameCodec.HEADER_SIZE) {
				throw new ConfigException("maxFrameBytes must be at least " + FrameCodec.HEADER_SIZE);
			}
			return new ServerOptions(this);
		}
	}
}

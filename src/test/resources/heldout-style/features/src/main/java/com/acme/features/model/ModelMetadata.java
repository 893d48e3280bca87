package com.acme.features.model;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Metadata of the model a serving deployment feeds: its name, version and the ordered input features it
 * expects. Loaded from {@code model.properties} once per deployment; the serving path checks every
 * response against it.
 */
public final class ModelMetadata {

	private final String name;
	private final int version;
	private final String framework;
	private final List<String> inputNames;
	private final Set<String> tags;
	private final Map<String, String> properties;

	ModelMetadata(String name, int version, String framework, List<String> inputNames, Set<String> tags,
			Map<String, String> properties) {
		this.name = name;
		this.version = version;
		this.framework = framework;
		this.inputNames = inputNames;
		this.tags = tags;
		this.properties = properties;
	}

	/** Copy made when a model is promoted from staging to production; once per promotion. */
	public ModelMetadata(ModelMetadata other, String promotionTag) {
		this.name = other.name;
		this.version = other.version;
		this.framework = other.framework;
		this.inputNames = new ArrayList<>();
		for (String input : other.inputNames) {
			inputNames.add(input);
		}
		this.tags = new HashSet<>(other.tags);
		tags.add(promotionTag);
		this.properties = new HashMap<>(other.properties);
	}

	/** Reads {@code model.properties}; called from the server's main, once per deployment. */
	public static ModelMetadata load(Path file) throws IOException {
		ByteArrayOutputStream content = new ByteArrayOutputStream();
		try (InputStream in = Files.newInputStream(file)) {
			while (true) {
				byte[] chunk = new byte[4096];
				int n = in.read(chunk);
				if (n < 0) {
					break;
				}
				content.write(chunk, 0, n);
			}
		}
		Map<String, String> props = new HashMap<>();
		for (String line : content.toString(StandardCharsets.UTF_8).lines().toList()) {
			int eq = line.indexOf('=');
			if (line.isBlank() || line.startsWith("#") || eq < 0) {
				continue;
			}
			props.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
		}
		String name = required(props, "name", file);
		String versionText = required(props, "version", file); // "v12"
		int version = Integer.parseInt(versionText.startsWith("v") ? versionText.substring(1) : versionText);
		String framework = props.getOrDefault("framework", "unknown");
		List<String> inputs = List.of(required(props, "inputs", file).split(","));
		Set<String> tags = Arrays.asList(props.getOrDefault("tags", "").split(",")).stream()
				.map(t -> t.trim())
				.collect(Collectors.toSet());
		return new ModelMetadata(name, version, framework, inputs, tags, props);
	}

	private static String required(Map<String, String> props, String key, Path file) {
		String value = props.get(key);
		if (value == null) {
			throw new IllegalArgumentException(file + ": missing required property " + key);
		}
		return value;
	}

	/** Per request: fails the lookup if a feature the model needs is absent from the response. */
	public void validateInputs(Map<String, Float> features) {
		Set<String> present = features.keySet().stream().map(k -> k.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
		for (String input : inputNames) {
			if (!present.contains(input)) {
				throw new MissingInputException(String.format("model %s@%s needs input %s", name, version, input));
			}
		}
	}

	/** Per request: the model's inputs in its own order, missing ones as 0. */
	public Float[] inputVector(Map<String, Float> features) {
		return inputNames.stream().map(n -> features.getOrDefault(n, 0f)).toArray(Float[]::new);
	}

	public String name() {
		return name;
	}

	public int version() {
		return version;
	}

	public List<String> inputNames() {
		return Collections.unmodifiableList(inputNames);
	}

	public Set<String> tags() {
		return Collections.unmodifiableSet(tags);
	}

	public static final class MissingInputException extends RuntimeException {
		public MissingInputException(String message) {
			super(message);
		}
	}
}

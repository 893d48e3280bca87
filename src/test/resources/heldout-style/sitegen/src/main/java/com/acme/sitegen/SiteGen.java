package com.acme.sitegen;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Command line entry point: {@code sitegen [--config site.conf] [--watch] [-q] [-Dkey=value...]}. */
public final class SiteGen {

	static final String PROG = "sitegen";
	static final String VERSION = "1.4.2";
	private static final String JAVA_VERSION = System.getProperty("java.version");
	private static final String BANNER = String.format("%s %s (Java %s)", PROG, VERSION, JAVA_VERSION);

	private SiteGen() {
	}

	public static void main(String[] args) throws Exception {
		String configPath = "site.conf";
		boolean watch = false;
		boolean quiet = false;
		Map<String, String> defines = new TreeMap<>();
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			if (arg.equals("-h") || arg.equals("--help")) {
				System.out.println(usage());
				return;
			} else if (arg.equals("--version")) {
				System.out.println(BANNER);
				return;
			} else if (arg.equals("--watch")) {
				watch = true;
			} else if (arg.equals("-q") || arg.equals("--quiet")) {
				quiet = true;
			} else if (arg.equals("--config") && i + 1 < args.length) {
				configPath = args[++i];
			} else if (arg.matches("-D[\\w.]+=.*")) {
				int eq = arg.indexOf('=');
				defines.put(arg.substring(2, eq), arg.substring(eq + 1));
			} else {
				System.err.println("unknown option " + arg);
				System.err.println(usage());
				System.exit(2);
			}
		}

		SiteConfig config;
		if (configPath.equals("-")) {
			ByteArrayOutputStream stdin = new ByteArrayOutputStream();
			while (true) {
				byte[] chunk = new byte[4096];
				int n = System.in.read(chunk);
				if (n < 0) {
					break;
				}
				stdin.write(chunk, 0, n);
			}
			List<String> lines = stdin.toString(StandardCharsets.UTF_8).lines().toList();
			config = SiteConfig.parse("<stdin>", lines, Path.of("").toAbsolutePath());
		} else {
			config = SiteConfig.load(Path.of(configPath));
		}
		String[] overrides = defines.entrySet().stream()
				.flatMap(e -> Stream.of(e.getKey(), e.getValue()))
				.toArray(String[]::new);
		config = config.withOverrides(overrides);

		String outDir = config.outputDir().toString();
		String baseUrl = config.baseUrl();
		int configHash = Objects.hash(outDir, baseUrl, SiteConfig.SCHEMA_HASH);
		Path marker = config.outputDir().resolve(".sitegen-config");
		if (Files.exists(marker) && !Files.readString(marker).strip().equals(Integer.toString(configHash))) {
			cleanOutput(config.outputDir());
		}

		PluginRegistry plugins = new PluginRegistry();
		plugins.registerBuiltins(config);
		if (!quiet) {
			System.out.println(BANNER);
			System.out.println("plugins: " + plugins);
		}

		SiteBuilder builder = new SiteBuilder(config, plugins);
		try {
			SiteBuilder.BuildResult result = builder.build();
			if (!quiet) {
				for (String page : result.written()) {
					System.out.println(String.format("  wrote %s", page));
				}
				System.out.println(result.written().size() + " pages, " + result.assetsCopied() + " assets in "
						+ result.millis() + " ms");
			}
			for (String failure : result.failures()) {
				System.err.println("warning: " + failure);
			}
		} catch (SiteBuilder.BuildException e) {
			System.err.println("build failed: " + e.getMessage());
			System.exit(1);
		}
		Files.createDirectories(marker.getParent());
		Files.writeString(marker, Integer.toString(configHash));

		if (watch) {
			FileWatcher watcher = new FileWatcher(config.contentDir(), config.stateFile(), 500);
			boolean verbose = !quiet;
			watcher.addListener(changed -> {
				Set<String> dirty = changed.stream().map(p -> p.replace('\\', '/')).collect(Collectors.toSet());
				SiteBuilder.BuildResult result = builder.rebuild(dirty);
				if (verbose) {
					System.out.println("rebuilt " + result.written().size() + " pages in " + result.millis() + " ms");
				}
			});
			System.out.println("watching " + config.contentDir() + " (Ctrl-C to stop)");
			watcher.run();
		}
	}

	private static void cleanOutput(Path outDir) throws java.io.IOException {
		try (Stream<Path> walk = Files.walk(outDir)) {
			for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
				if (!p.equals(outDir)) {
					Files.delete(p);
				}
			}
		}
	}

	static String usage() {
		String header = String.format("Usage: %s [options]%n", PROG);
		return header + """

				Options:
				  --config FILE   site configuration, or - to read it from standard input (default: site.conf)
				  --watch         rebuild whenever a file under the content directory changes
				  -q, --quiet     print only warnings and errors
				  -Dkey=value     override a key of the site configuration
				  --version       print the version and exit
				  -h, --help      print this help and exit
				""";
	}
}

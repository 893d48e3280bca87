package com.acme.tsdb.cli;

import com.acme.tsdb.TsdbException;
import com.acme.tsdb.index.SeriesIndex;
import com.acme.tsdb.ingest.IngestConfig;
import com.acme.tsdb.model.SeriesKey;
import com.acme.tsdb.query.QueryEngine;
import com.acme.tsdb.storage.BlockReader;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The operator's command line, {@code tsdb-admin <command> [args]}. Each invocation runs one command once and
 * exits; none of this is on the server's request path.
 */
public final class AdminCli {

	private static final String VERSION = "1.4.2";
	private static final Map<Class<?>, String> HELP = new ConcurrentHashMap<>();
	private static final Map<String, Command> COMMANDS = new LinkedHashMap<>();

	static {
		COMMANDS.put("inspect", new Inspect());
		COMMANDS.put("series", new Series());
		COMMANDS.put("tags", new Tags());
		COMMANDS.put("config", new Config());
		COMMANDS.put("explain", new Explain());
		COMMANDS.put("backup", new Backup());
		COMMANDS.put("dump", new Dump());
	}

	private AdminCli() {
	}

	@Retention(RetentionPolicy.RUNTIME)
	@Target(ElementType.TYPE)
	@interface Help {
		String value();
	}

	interface Command {
		int run(String[] args) throws IOException;
	}

	public static void main(String[] args) throws IOException {
		String java = System.getProperty("java.version");
		System.err.println(String.format("tsdb-admin %s (java %s)", VERSION, java));
		if (args.length == 0) {
			usage();
			System.exit(2);
		}
		String name = args[0].replaceFirst("^--?", "");
		Command command = COMMANDS.get(name);
		if (command == null) {
			System.err.println("unknown command: " + name);
			usage();
			System.exit(2);
		}
		try {
			System.exit(command.run(Arrays.copyOfRange(args, 1, args.length)));
		} catch (TsdbException | UncheckedIOException e) {
			System.err.println("error: " + e.getMessage());
			System.exit(1);
		}
	}

	static void usage() {
		System.err.println("usage: tsdb-admin <command> [args]");
		for (Map.Entry<String, Command> e : COMMANDS.entrySet()) {
			String help = HELP.computeIfAbsent(e.getValue().getClass(), AdminCli::helpOf);
			System.err.println("  " + e.getKey() + "\t" + help);
		}
	}

	private static String helpOf(Class<?> type) {
		Help help = type.getAnnotation(Help.class);
		return help == null ? "" : help.value();
	}

	@Help("inspect <block-file>: point and series counts of one block file")
	static final class Inspect implements Command {
		@Override
		public int run(String[] args) throws IOException {
			Path file = Path.of(args[0]);
			List<BlockReader.Sample> samples = BlockReader.open(file).scan(Long.MIN_VALUE, Long.MAX_VALUE);
			Set<Long> series = new HashSet<>(samples.size());
			for (BlockReader.Sample s : samples) {
				series.add(s.seriesId());
			}
			String[] ids = series.stream().map(id -> "#" + id).toArray(String[]::new);
			Arrays.sort(ids);
			System.out.println(file.getFileName() + ": " + samples.size() + " points in " + series.size() + " series");
			System.out.println(String.join(" ", ids));
			return 0;
		}
	}

	@Help("series <index-file> [measurement]: the series of an index file, one per line")
	static final class Series implements Command {
		@Override
		public int run(String[] args) throws IOException {
			SeriesIndex index = SeriesIndex.load(Path.of(args[0]));
			Collection<SeriesKey> keys = index.allKeys();
			List<String> lines = new ArrayList<>();
			for (SeriesKey key : keys) {
				lines.add(key.canonical());
			}
			Collections.sort(lines);
			for (String line : lines) {
				if (args.length < 2 || line.equals(args[1]) || line.startsWith(args[1] + ",")) {
					System.out.println(line);
				}
			}
			Set<String> measurements = new HashSet<>();
			measurements.addAll(index.cardinality().keySet());
			System.out.println(measurements.size() + " measurements, " + keys.size() + " series");
			return 0;
		}
	}

	@Help("tags <series> [--pairs]: the tags of a series as a table row, or as key value pairs")
	static final class Tags implements Command {
		@Override
		public int run(String[] args) {
			Map<String, String> tags = SeriesKey.parse(args[0]).tags();
			if (args.length > 1 && args[1].equals("--pairs")) {
				String[] pairs = tags.entrySet().stream()
						.flatMap(e -> Stream.of(e.getKey(), e.getValue()))
						.toArray(String[]::new);
				System.out.println(String.join(" ", pairs));
			} else {
				String[] row = Stream.concat(tags.keySet().stream(), tags.values().stream()).toArray(String[]::new);
				System.out.println(String.join("\t", row));
			}
			return 0;
		}
	}

	@Help("config <tsdb.properties>: the effective configuration")
	static final class Config implements Command {
		@Override
		public int run(String[] args) throws IOException {
			IngestConfig config = IngestConfig.load(Path.of(args[0]));
			String[] row = columns(config.asMap());
			int half = row.length / 2;
			for (int i = 0; i < half; i++) {
				System.out.println(row[i] + " = " + row[half + i]);
			}
			return 0;
		}
	}

	/** Keys then values of a settings map, for the config command's two-column listing. */
	static String[] columns(Map<String, String> settings) {
		List<String> keys = new ArrayList<>();
		List<String> values = new ArrayList<>();
		for (Map.Entry<String, String> e : settings.entrySet()) {
			keys.add(e.getKey());
			values.add(e.getValue());
		}
		keys.addAll(values);
		return keys.toArray(new String[0]);
	}

	@Help("explain <index-file> <data-dir> <query>: the plan of a query, without running it")
	static final class Explain implements Command {
		@Override
		public int run(String[] args) throws IOException {
			SeriesIndex index = SeriesIndex.load(Path.of(args[0]));
			QueryEngine engine = new QueryEngine(index, Path.of(args[1]));
			String query = String.join(" ", Arrays.copyOfRange(args, 2, args.length));
			System.out.println(engine.explain(QueryEngine.parse(query)));
			return 0;
		}
	}

	@Help("backup <block-file> <target-dir>: copies one block file")
	static final class Backup implements Command {
		@Override
		public int run(String[] args) throws IOException {
			Path source = Path.of(args[0]);
			Path target = Path.of(args[1]).resolve(source.getFileName());
			try (InputStream in = new FileInputStream(source.toFile());
				 OutputStream out = new FileOutputStream(target.toFile())) {
				byte[] buf = new byte[8192];
				int n;
				while ((n = in.read(buf)) != -1) {
					out.write(buf, 0, n);
				}
			}
			System.out.println("copied " + source + " to " + target);
			return 0;
		}
	}

	@Help("dump <file>: hex dump of a WAL segment or block file")
	static final class Dump implements Command {
		@Override
		public int run(String[] args) throws IOException {
			ByteArrayOutputStream all = new ByteArrayOutputStream();
			try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
				while (true) {
					byte[] chunk = new byte[4096];
					int n = in.read(chunk);
					if (n < 0) {
						break;
					}
					all.write(chunk, 0, n);
				}
			}
			hexdump(all.toByteArray(), System.out);
			return 0;
		}
	}

	static void hexdump(byte[] data, PrintStream out) {
		HexFormat hex = HexFormat.of();
		StringBuilder sb = new StringBuilder();
		for (int off = 0; off < data.length; off += 16) {
			String row = hex.formatHex(data, off, Math.min(off + 16, data.length));
			sb.setLength(0);
			sb.append(String.format(Locale.ROOT, "%08x  ", off));
			for (int i = 0; i < row.length(); i += 2) {
				sb.append(row.substring(i, i + 2)).append(' ');
			}
			out.println(sb);
		}
	}
}

package dev.rewriteperf.report.model;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One service of a bulk run, as a services list names it: {@code [NAME=]LOCATION [jdk=N]}, the location a project
 * directory or a git URL. The JDK is the one its build runs on in a generated CI workflow: given, or for a local project
 * read from its pom's Java release (the next LTS at or above it, 17 at least), or the run's default.
 */
public record Service(String name, String location, boolean remote, String jdk) {

    private static final Pattern RELEASE = Pattern.compile(
            "<(maven\\.compiler\\.release|maven\\.compiler\\.source|maven\\.compiler\\.target|java\\.version|release)>" +
            "\\s*(?:1\\.)?(\\d+)\\s*</");
    private static final int[] LTS = {17, 21, 25};

    /** Names two services share (case aside: they would share a clone, a log and an artifact), or an empty list. */
    public static List<String> sharedNames(List<Service> services) {
        Map<String, String> seen = new HashMap<>();
        List<String> shared = new ArrayList<>();
        for (Service service : services) {
            String other = seen.putIfAbsent(service.name().toLowerCase(Locale.ROOT), service.name());
            if (other != null) {
                shared.add(other.equals(service.name()) ? other : other + "/" + service.name());
            }
        }
        return shared;
    }

    /**
     * Every service of the arguments and of the list file (one per line, {@code #} starts a comment), in order. A
     * relative directory in the list is read from the list's own directory, one among the arguments from the current one.
     */
    public static List<Service> all(List<String> arguments, Path list, String defaultJdk) throws IOException {
        List<Service> services = new ArrayList<>();
        for (String argument : arguments) {
            services.add(of(List.of(argument), argument, Path.of(""), defaultJdk)); // one argument, spaces and all
        }
        if (list != null) {
            if (!Files.isReadable(list) || Files.isDirectory(list)) {
                throw new IllegalArgumentException("--list " + list + ": no such file, or not readable");
            }
            Path base = list.toAbsolutePath().getParent();
            List<String> lines = Files.readAllLines(list, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                List<String> words = words(lines.get(i), list + ":" + (i + 1));
                if (!words.isEmpty()) {
                    services.add(of(words, list + ":" + (i + 1), base, defaultJdk));
                }
            }
        }
        return services;
    }

    /**
     * A list line's words: split at spaces, except within double or single quotes ({@code "my services/orders" jdk=21},
     * {@code orders='/srv/a b'}); {@code #} outside quotes starts a comment.
     */
    static List<String> words(String line, String where) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (c == '#') {
                break;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException(where + ": a quote (" + quote + ") is not closed");
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    /** {@code orders=https://git.example.com/orders.git jdk=21}, {@code ../billing}, {@code git@host:team/stock.git}. */
    public static Service parse(String line, Path base, String defaultJdk) {
        return of(words(line, "'" + line + "'"), "'" + line + "'", base, defaultJdk);
    }

    private static Service of(List<String> words, String where, Path base, String defaultJdk) {
        String jdk = "";
        for (String word : words.subList(1, words.size())) {
            if (!word.matches("jdk=\\d+")) {
                throw new IllegalArgumentException("'" + word + "' in " + where + ": after the service a line takes only " +
                                                   "jdk=N (a JDK's major version); quote a path with spaces");
            }
            jdk = word.substring("jdk=".length());
        }
        String service = words.get(0);
        int equals = service.indexOf('=');
        String given = equals >= 0 ? service.substring(equals + 1) : service;
        boolean remote = given.contains("://") || given.startsWith("git@");
        String location = remote || Path.of(given).isAbsolute() ? given : base.resolve(given).toString();
        String name = equals >= 0 ? service.substring(0, equals) :
                remote ? location.replaceFirst("/+$", "").replaceFirst("\\.git$", "").replaceFirst(".*[/:]", "") :
                        nameOf(Path.of(location));
        if (name.isEmpty() || name.equals(".") || name.equals("..") || !name.matches("[^/\\\\\\p{Cntrl}]+")) {
            throw new IllegalArgumentException("service name '" + name + "' in " + where + ": a name goes into file names " +
                                               "(its log, its clone): no '/', '\\' or control characters; name it with NAME=");
        }
        if (jdk.isEmpty()) {
            jdk = remote ? defaultJdk : jdkOf(Path.of(location).resolve("pom.xml"), defaultJdk);
        }
        return new Service(name, location, remote, jdk);
    }

    /** The JDK a project's build needs: the next LTS at or above its pom's Java release, 17 at least. */
    static String jdkOf(Path pom, String fallback) {
        if (!Files.isRegularFile(pom)) {
            return fallback;
        }
        try {
            // Latin-1 reads any pom's bytes (the release is ASCII), whatever encoding its text is in.
            Matcher release = RELEASE.matcher(Files.readString(pom, StandardCharsets.ISO_8859_1));
            int needed = 0;
            while (release.find()) {
                needed = Math.max(needed, release.group(2).length() > 3 ? 0 : Integer.parseInt(release.group(2)));
            }
            if (needed == 0) {
                return fallback;
            }
            for (int lts : LTS) {
                if (lts >= needed) {
                    return Integer.toString(lts);
                }
            }
            return Integer.toString(needed);
        } catch (IOException e) {
            return fallback; // unreadable here: the build itself will say so when it runs
        }
    }

    /** Where the service is on this machine: its own directory, or its clone in the workspace. */
    public Path directory(Path workspace) {
        return remote ? workspace.resolve("clones").resolve(name) : Path.of(location);
    }

    /** {@code orders} for {@code ../orders}, {@code ../orders/} or {@code ../orders/target/rewrite}. */
    public static String nameOf(Path dir) {
        Path p = dir.toAbsolutePath().normalize();
        if (p.endsWith("target/rewrite") && p.getParent() != null && p.getParent().getParent() != null) {
            p = p.getParent().getParent();
        }
        return p.getFileName() == null ? dir.toString() : p.getFileName().toString();
    }
}

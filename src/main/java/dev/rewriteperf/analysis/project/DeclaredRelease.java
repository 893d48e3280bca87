package dev.rewriteperf.analysis.project;

import com.fasterxml.jackson.databind.JsonNode;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.maven.internal.MavenPomDownloader;
import org.openrewrite.maven.tree.MavenResolutionResult;
import org.openrewrite.maven.tree.Parent;
import org.openrewrite.maven.tree.Plugin;
import org.openrewrite.maven.tree.Pom;
import org.openrewrite.maven.tree.Profile;
import org.openrewrite.maven.tree.ProfileActivation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lowest Java release a Maven module's default build promises, read from its pom and its parents' as written,
 * not from the model Maven resolved on the JDK it runs on: a profile activated only by the running JDK (a library's
 * "{@code <jdk>[17,)</jdk>}: release 17 so that IDEs pick it up") is not counted, since the library's releases are
 * built without it. The statements read, the lowest winning:
 * <ul>
 *   <li>the compiler's {@code release}, else the lower of its {@code source} and {@code target}, from the
 *   {@code maven-compiler-plugin} configuration or the {@code maven.compiler.*} properties, placeholders resolved
 *   with the default build's properties;</li>
 *   <li>an animal-sniffer signature ({@code java18}: the Java 8 API);</li>
 *   <li>the enforcer's {@code enforceBytecodeVersion} {@code maxJdkVersion};</li>
 *   <li>an OSGi bundle's {@code Bundle-RequiredExecutionEnvironment}.</li>
 * </ul>
 * Profiles counted are those of the default build: active by default, activated by a property's absence, or by the
 * run's own {@code -P} and {@code -D}; never one activated by a JDK (the plugin lists those among the run's active
 * profiles too). Of a counted profile its properties are read, not its plugins: OpenRewrite's model of a pom as written
 * gives every profile the base build's plugins, so a profile's own cannot be told from them. Which JDK-activated
 * profiles set the compiler is read from the poms' text instead ({@link JdkProfiles}).
 */
final class DeclaredRelease {

    /** What a compiler given no release, source or target compiles for since maven-compiler-plugin 3.8 (and lower before). */
    private static final int COMPILER_DEFAULT = 8;
    private static final List<String> COMPILER_KEYS = Arrays.asList("release", "source", "target");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]+)}");
    private static final Pattern SIGNATURE = Pattern.compile("java1?(\\d)(\\d)?");
    private static final Pattern ANDROID_SIGNATURE = Pattern.compile("(?:android-api-level|gummy-bears-api)-(\\d+)");
    private static final int ANDROID_JAVA_8_LEVEL = 24;
    private static final Pattern EXECUTION_ENVIRONMENT = Pattern.compile("JavaSE-(?:1\\.)?(\\d+)");
    private static final int MAX_PARENTS = 12;

    /** A module's promise: its release and where it was read; null major when the pom states none. */
    static final class Promise {
        final @Nullable Integer major;
        final String why;

        Promise(@Nullable Integer major, String why) {
            this.major = major;
            this.why = why;
        }
    }

    private final MavenResolutionResult maven;
    /** The module's pom first, then each parent's, as written. */
    private final List<Pom> chain = new ArrayList<>();
    private final Map<String, String> properties = new HashMap<>();
    /** The JDK-activated profiles of the module's poms that set the compiler: {@code `java17` (JDK 17)}. */
    private final List<String> jdkProfilesNotCounted;
    private @Nullable String unreadParent;

    private DeclaredRelease(MavenResolutionResult maven, List<String> jdkProfiles) {
        this.maven = maven;
        this.jdkProfilesNotCounted = jdkProfiles;
    }

    /** {@code jdkProfiles}: the JDK-activated profiles of the module's poms that set the compiler, as {@link JdkProfiles} names them. */
    static Promise of(MavenResolutionResult maven, ExecutionContext ctx, List<String> jdkProfiles) {
        DeclaredRelease declared = new DeclaredRelease(maven, jdkProfiles);
        declared.readChain(ctx);
        declared.readProperties();
        return declared.promise();
    }

    private void readChain(ExecutionContext ctx) {
        Pom pom = maven.getPom().getRequested();
        MavenPomDownloader downloader = null;
        while (pom != null && chain.size() < MAX_PARENTS) {
            chain.add(pom);
            Parent parent = pom.getParent();
            if (parent == null) {
                return;
            }
            try {
                if (downloader == null) {
                    downloader = new MavenPomDownloader(maven.getProjectPoms(), ctx, maven.getMavenSettings(),
                            maven.getActiveProfiles());
                }
                pom = downloader.download(parent.getGav(), parent.getRelativePath(), maven.getPom(),
                        maven.getPom().getRepositories());
            } catch (Exception e) { // an unreachable or unresolvable parent: what the poms read so far say stands
                unreadParent = parent.getGav().toString();
                return;
            }
        }
    }

    /** The default build's properties: each pom's, a child's over its parent's, its counted profiles' over its own, -D over all. */
    private void readProperties() {
        for (int i = chain.size() - 1; i >= 0; i--) {
            Pom pom = chain.get(i);
            properties.putAll(pom.getProperties());
            for (Profile profile : countedProfiles(pom)) {
                properties.putAll(profile.getProperties());
            }
        }
        properties.putAll(maven.getUserProperties());
    }

    private Promise promise() {
        List<Promise> statements = new ArrayList<>();
        Promise compiler = compilerPromise();
        if (compiler != null) {
            statements.add(compiler);
        }
        statements.addAll(pluginPromises());
        Promise lowest = null;
        for (Promise statement : statements) {
            if (statement.major != null && (lowest == null || statement.major < lowest.major)) {
                lowest = statement;
            }
        }
        String notes = notes();
        if (lowest == null) {
            return new Promise(null, notes);
        }
        return new Promise(lowest.major, lowest.why + notes);
    }

    private String notes() {
        StringBuilder notes = new StringBuilder();
        for (String profile : jdkProfilesNotCounted) {
            notes.append("; profile ").append(profile).append(", activated by the running JDK, not counted");
        }
        if (unreadParent != null) {
            notes.append("; parent ").append(unreadParent).append(" not read");
        }
        return notes.toString();
    }

    /** The compiler's release, else the lower of source and target; the plugin's default when only a JDK profile sets one. */
    private @Nullable Promise compilerPromise() {
        Map<String, String> written = new HashMap<>();
        for (String key : COMPILER_KEYS) {
            String value = compilerSetting(key);
            if (value != null) {
                written.put(key, value);
            }
        }
        if (written.containsKey("release")) {
            Integer release = JavaVersions.major(resolve(written.get("release")));
            if (release != null) {
                String as = written.get("release");
                return new Promise(release, "the default build compiles with release " + release +
                                            (as.contains("${") ? " (" + as + ")" : ""));
            }
        }
        Promise lowest = null;
        for (String key : Arrays.asList("source", "target")) {
            String value = written.get(key);
            Integer major = value == null ? null : JavaVersions.major(resolve(value));
            if (major != null && (lowest == null || major < lowest.major)) {
                lowest = new Promise(major, "the default build's " + key + " is " + resolve(value) +
                                            (value.contains("${") ? " (" + value + ")" : ""));
            }
        }
        if (lowest == null && written.isEmpty() && !jdkProfilesNotCounted.isEmpty()) {
            return new Promise(COMPILER_DEFAULT, "the default build sets no release, and the compiler's default is " +
                                                 COMPILER_DEFAULT + " or lower");
        }
        return lowest;
    }

    /** {@code key}'s value for the compiler, as written: the nearest pom's configuration, else the {@code maven.compiler} property. */
    private @Nullable String compilerSetting(String key) {
        for (Pom pom : chain) {
            for (Plugin plugin : plugins(pom)) {
                if (plugin.getArtifactId().equals("maven-compiler-plugin")) {
                    String value = configured(plugin, key);
                    if (value != null) {
                        return value;
                    }
                }
            }
        }
        return properties.get("maven.compiler." + key);
    }

    /** Animal-sniffer signatures, the enforcer's bytecode rule and an OSGi bundle's execution environment. */
    private List<Promise> pluginPromises() {
        List<Promise> promises = new ArrayList<>();
        for (Pom pom : chain) {
            for (Plugin plugin : plugins(pom)) {
                for (JsonNode configuration : configurations(plugin)) {
                    Promise promise = pluginPromise(plugin.getArtifactId(), configuration);
                    if (promise != null) {
                        promises.add(promise);
                    }
                }
            }
        }
        return promises;
    }

    private @Nullable Promise pluginPromise(String artifactId, JsonNode configuration) {
        if (artifactId.equals("animal-sniffer-maven-plugin")) {
            JsonNode signature = configuration.get("signature");
            String name = signature == null ? null : signature.isObject() && signature.get("artifactId") != null ?
                    signature.get("artifactId").asText() : signature.isTextual() ? signatureArtifact(signature.asText()) : null;
            return name == null ? null : signaturePromise(resolve(name));
        }
        if (artifactId.equals("maven-enforcer-plugin")) {
            JsonNode max = configuration.findValue("maxJdkVersion");
            Integer major = max == null ? null : JavaVersions.major(resolve(max.asText()));
            return major == null ? null : new Promise(major, "the enforcer's enforceBytecodeVersion allows Java " + major +
                                                             " bytecode at most");
        }
        if (artifactId.equals("maven-bundle-plugin")) {
            JsonNode environment = configuration.findValue("Bundle-RequiredExecutionEnvironment");
            Matcher matcher = environment == null ? null : EXECUTION_ENVIRONMENT.matcher(resolve(environment.asText()));
            return matcher == null || !matcher.find() ? null : new Promise(Integer.parseInt(matcher.group(1)),
                    "the OSGi bundle requires " + matcher.group());
        }
        return null;
    }

    private static @Nullable String signatureArtifact(String coordinates) {
        String[] parts = coordinates.trim().split(":");
        return parts.length >= 2 ? parts[1] : null;
    }

    private static @Nullable Promise signaturePromise(String artifactId) {
        Matcher java = SIGNATURE.matcher(artifactId);
        if (java.matches()) {
            int major = java.group(2) == null ? Integer.parseInt(java.group(1)) : Integer.parseInt(java.group(2));
            return new Promise(major, "the animal-sniffer signature " + artifactId + " checks the Java " + major + " API");
        }
        Matcher android = ANDROID_SIGNATURE.matcher(artifactId);
        if (android.find() || artifactId.contains("android") || artifactId.contains("gummy-bears")) {
            // Android 7.0 (API 24) brought Java 8's library (java.util.function, Integer.hashCode(int)); no level has
            // all of Java 9's (VarHandle byte views came with API 33)
            int major = android.find(0) && Integer.parseInt(android.group(1)) >= ANDROID_JAVA_8_LEVEL ? 8 : 7;
            return new Promise(major, "the animal-sniffer signature " + artifactId + " checks an Android API (Java " + major +
                                      " at most assumed)");
        }
        return null;
    }

    /** The build plugins of {@code pom}, then its managed ones. */
    private static List<Plugin> plugins(Pom pom) {
        List<Plugin> plugins = new ArrayList<>(pom.getPlugins());
        plugins.addAll(pom.getPluginManagement());
        return plugins;
    }

    /** The plugin's configuration, then each of its executions'. */
    private static List<JsonNode> configurations(Plugin plugin) {
        List<JsonNode> configurations = new ArrayList<>();
        if (plugin.getConfiguration() != null) {
            configurations.add(plugin.getConfiguration());
        }
        for (Plugin.Execution execution : plugin.getExecutions()) {
            if (execution.getConfiguration() != null) {
                configurations.add(execution.getConfiguration());
            }
        }
        return configurations;
    }

    private static @Nullable String configured(Plugin plugin, String key) {
        for (JsonNode configuration : configurations(plugin)) {
            JsonNode value = configuration.get(key);
            if (value != null && value.isValueNode() && !value.asText().trim().isEmpty()) {
                return value.asText().trim();
            }
        }
        return null;
    }

    /** The profiles of {@code pom} that its default build runs with. */
    private List<Profile> countedProfiles(Pom pom) {
        List<Profile> counted = new ArrayList<>();
        for (Profile profile : pom.getProfiles()) {
            if (isCounted(profile)) {
                counted.add(profile);
            }
        }
        return counted;
    }

    private boolean isCounted(Profile profile) {
        ProfileActivation activation = profile.getActivation();
        if (activation != null && activation.getJdk() != null) {
            return false;
        }
        if (profile.getId() != null && maven.getActiveProfiles().contains(profile.getId())) {
            return true;
        }
        if (activation == null) {
            return false;
        }
        if (Boolean.TRUE.equals(activation.getActiveByDefault())) {
            return true;
        }
        ProfileActivation.Property property = activation.getProperty();
        if (property == null || property.getName() == null) {
            return false;
        }
        String name = property.getName();
        if (name.startsWith("!")) {
            return !maven.getUserProperties().containsKey(name.substring(1));
        }
        String given = maven.getUserProperties().get(name);
        return given != null && (property.getValue() == null || property.getValue().equals(given));
    }

    /** {@code value} with its placeholders replaced by the default build's properties, those it cannot left as written. */
    private String resolve(String value) {
        String resolved = value;
        for (int depth = 0; depth < 8 && resolved.contains("${"); depth++) {
            Matcher placeholder = PLACEHOLDER.matcher(resolved);
            StringBuffer out = new StringBuffer();
            boolean replaced = false;
            while (placeholder.find()) {
                String property = properties.get(placeholder.group(1));
                replaced |= property != null;
                placeholder.appendReplacement(out, Matcher.quoteReplacement(property == null ? placeholder.group() : property));
            }
            placeholder.appendTail(out);
            resolved = out.toString();
            if (!replaced) {
                break;
            }
        }
        return resolved;
    }
}

package dev.rewriteperf.analysis;

import org.openrewrite.SourceFile;
import org.openrewrite.maven.tree.Dependency;
import org.openrewrite.maven.tree.MavenResolutionResult;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which Maven modules declare one dependency optional or provided: code of theirs may run where the dependency is
 * absent, so a rewrite must not make a class need it sooner (when it is initialised rather than when a method runs).
 * A scanning recipe's accumulator: it reads every pom, then answers for any source file by its nearest module.
 */
public final class OptionalDependencies {

    private static final Path ROOT = Paths.get("");

    private final String groupId;
    private final String artifactId;
    /** Each module's directory, and whether its pom declares the dependency optional or provided. */
    private final Map<Path, Boolean> modules = new HashMap<>();

    public OptionalDependencies(String groupId, String artifactId) {
        this.groupId = groupId;
        this.artifactId = artifactId;
    }

    /** The directories of Gradle builds, whose dependency scopes this class does not read. */
    private final Set<Path> gradleBuilds = new HashSet<>();

    /**
     * Notes {@code source}'s module when it is a pom read by the Maven parser (it carries the resolved model), and
     * whether the project is built with Gradle.
     */
    public void scan(SourceFile source) {
        String file = source.getSourcePath().getFileName() == null ? "" : source.getSourcePath().getFileName().toString();
        if (file.equals("build.gradle") || file.equals("build.gradle.kts")) {
            Path directory = source.getSourcePath().getParent();
            gradleBuilds.add(directory == null ? ROOT : directory);
        }
        source.getMarkers().findFirst(MavenResolutionResult.class).ifPresent(maven -> {
            boolean optional = false;
            for (Dependency dependency : maven.getPom().getRequestedDependencies()) {
                optional |= groupId.equals(dependency.getGroupId()) && artifactId.equals(dependency.getArtifactId()) &&
                            ("true".equals(dependency.getOptional()) || "provided".equals(dependency.getScope()));
            }
            Path directory = source.getSourcePath().getParent();
            modules.put(directory == null ? ROOT : directory, optional);
        });
    }

    /**
     * Whether the module holding {@code sourcePath} (its nearest pom above it) declares the dependency optional or
     * provided; a file whose nearest build is Gradle's may be in a compileOnly one, and counts as such.
     */
    public boolean isOptional(Path sourcePath) {
        for (Path directory = sourcePath.getParent(); directory != null; directory = directory.getParent()) {
            if (gradleBuilds.contains(directory)) {
                return true;
            }
            Boolean optional = modules.get(directory);
            if (optional != null) {
                return optional;
            }
        }
        return gradleBuilds.contains(ROOT) || modules.getOrDefault(ROOT, false);
    }
}

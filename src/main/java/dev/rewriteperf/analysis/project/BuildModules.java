package dev.rewriteperf.analysis.project;

import org.jspecify.annotations.Nullable;
import org.openrewrite.SourceFile;
import org.openrewrite.maven.tree.MavenResolutionResult;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * One fact per Maven module, read from each pom's resolved model while scanning, and answered for any source file by
 * the nearest build file above it. A Gradle build's model is not read, nor is a pom's that did not resolve (it has no
 * model): a file whose nearest build is one of these gets the caller's answer for an unknown module.
 */
public final class BuildModules<T> {

    private static final Path ROOT = Paths.get("");

    private final Function<MavenResolutionResult, T> fact;
    private final Map<Path, T> modules = new HashMap<>();
    /** Gradle builds and poms without a resolved model. */
    private final Set<Path> unreadBuilds = new HashSet<>();

    public BuildModules(Function<MavenResolutionResult, T> fact) {
        this.fact = fact;
    }

    /**
     * Notes {@code source}'s module when it is a pom read by the Maven parser (once: a later cycle's scan of the same
     * pom keeps the first reading), and whether it is a build not read.
     */
    public void scan(SourceFile source) {
        String file = source.getSourcePath().getFileName() == null ? "" : source.getSourcePath().getFileName().toString();
        MavenResolutionResult maven = source.getMarkers().findFirst(MavenResolutionResult.class).orElse(null);
        if (maven != null) {
            modules.computeIfAbsent(directoryOf(source.getSourcePath()), directory -> fact.apply(maven));
        } else if (file.equals("build.gradle") || file.equals("build.gradle.kts") || file.equals("pom.xml")) {
            unreadBuilds.add(directoryOf(source.getSourcePath()));
        }
    }

    /**
     * The fact of the module holding {@code sourcePath}; {@code unread} under a Gradle build or a pom without a model,
     * {@code none} without a build.
     */
    public T nearest(Path sourcePath, T unread, T none) {
        for (Path directory = sourcePath.getParent(); directory != null; directory = directory.getParent()) {
            if (unreadBuilds.contains(directory)) {
                return unread;
            }
            T value = modules.get(directory);
            if (value != null) {
                return value;
            }
        }
        if (unreadBuilds.contains(ROOT)) {
            return unread;
        }
        T value = modules.get(ROOT);
        return value != null ? value : none;
    }

    /**
     * The folder of the outermost build scanned that holds {@code sourcePath} (a pom, read or not, or a Gradle
     * script): where the project the run was started on begins. Null when no build above it was scanned.
     */
    public @Nullable Path outermost(Path sourcePath) {
        if (modules.containsKey(ROOT) || unreadBuilds.contains(ROOT)) {
            return ROOT; // a relative path's parents never reach the empty path
        }
        Path outermost = null;
        for (Path directory = sourcePath.getParent(); directory != null; directory = directory.getParent()) {
            outermost = modules.containsKey(directory) || unreadBuilds.contains(directory) ? directory : outermost;
        }
        return outermost;
    }

    private static Path directoryOf(Path file) {
        Path directory = file.getParent();
        return directory == null ? ROOT : directory;
    }
}

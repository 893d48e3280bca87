package dev.rewriteperf.collections;

import dev.rewriteperf.analysis.project.BuildModules;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.maven.tree.ResolvedDependency;
import org.openrewrite.maven.tree.Scope;

import java.nio.file.Path;
import java.util.List;

/**
 * The version of one dependency that each Maven module resolves (declared or transitive, compile or provided, else
 * test), for a rewrite whose gain depends on it. A scanning recipe's accumulator: it reads every pom, then answers for
 * any source file by its nearest module, or says why it cannot.
 */
public final class DependencyVersions {

    /** What {@link BuildModules} answers for a file whose version no pom gives; never a version. */
    private static final String UNREAD = "(unread build)";
    private static final String NO_BUILD = "(no build)";
    private static final String ABSENT = "";

    private final String artifactId;
    private final BuildModules<String> modules;

    public DependencyVersions(String groupId, String artifactId) {
        this.artifactId = artifactId;
        this.modules = new BuildModules<>(maven -> {
            // Provided holds compile and provided: what main code compiles against; Test what test code does
            List<ResolvedDependency> found = maven.findDependencies(groupId, artifactId, Scope.Provided);
            if (found.isEmpty()) {
                found = maven.findDependencies(groupId, artifactId, Scope.Test);
            }
            return found.isEmpty() ? ABSENT : found.get(0).getVersion();
        });
    }

    /** A scanning recipe's scanner: notes every pom's module. */
    public TreeVisitor<?, ExecutionContext> scanner() {
        return new TreeVisitor<Tree, ExecutionContext>() {
            @Override
            public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
                if (tree instanceof SourceFile) {
                    modules.scan((SourceFile) tree);
                }
                return tree;
            }
        };
    }

    /** The version the module holding {@code sourcePath} resolves, or null when no pom gives it ({@link #whyUnknown}). */
    public @Nullable String versionFor(Path sourcePath) {
        String version = modules.nearest(sourcePath, UNREAD, NO_BUILD);
        return version.equals(UNREAD) || version.equals(NO_BUILD) || version.equals(ABSENT) ? null : version;
    }

    /** Why {@link #versionFor} gives no version for {@code sourcePath}. */
    public String whyUnknown(Path sourcePath) {
        String version = modules.nearest(sourcePath, UNREAD, NO_BUILD);
        if (version.equals(UNREAD)) {
            return "its build is Gradle's or a pom that did not resolve, whose dependencies are not read";
        }
        return version.equals(NO_BUILD) ? "no pom.xml above the file" : "its pom resolves no " + artifactId;
    }

    /** Whether {@code version} ("31.1-jre", "32.0.0-android") is older than {@code major}.{@code minor}; false when unreadable. */
    public static boolean isBefore(String version, int major, int minor) {
        String[] parts = version.split("[.-]");
        try {
            int actualMajor = Integer.parseInt(parts[0]);
            int actualMinor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return actualMajor < major || actualMajor == major && actualMinor < minor;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}

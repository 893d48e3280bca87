package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.project.BuildModules;
import org.openrewrite.SourceFile;
import org.openrewrite.maven.tree.Dependency;

import java.nio.file.Path;

/**
 * Which Maven modules declare one dependency optional or provided: code of theirs may run where the dependency is
 * absent, so a rewrite must not make a class need it sooner (when it is initialised rather than when a method runs).
 * A scanning recipe's accumulator: it reads every pom, then answers for any source file by its nearest module.
 */
public final class OptionalDependencies {

    private final BuildModules<Boolean> modules;

    public OptionalDependencies(String groupId, String artifactId) {
        this.modules = new BuildModules<>(maven -> {
            boolean optional = false;
            for (Dependency dependency : maven.getPom().getRequestedDependencies()) {
                optional |= groupId.equals(dependency.getGroupId()) && artifactId.equals(dependency.getArtifactId()) &&
                            ("true".equals(dependency.getOptional()) || "provided".equals(dependency.getScope()));
            }
            return optional;
        });
    }

    /**
     * Notes {@code source}'s module when it is a pom read by the Maven parser (it carries the resolved model), and
     * whether the project is built with Gradle.
     */
    public void scan(SourceFile source) {
        modules.scan(source);
    }

    /**
     * Whether the module holding {@code sourcePath} (its nearest pom above it) declares the dependency optional or
     * provided; a file whose nearest build is Gradle's may be in a compileOnly one, and counts as such, as does one whose
     * pom did not resolve.
     */
    public boolean isOptional(Path sourcePath) {
        return modules.nearest(sourcePath, true, false);
    }
}

package dev.rewriteperf;

import dev.rewriteperf.profile.ProfileGuidedComposite;
import dev.rewriteperf.profile.ReadProjectForColdCode;
import org.junit.jupiter.api.Test;
import org.openrewrite.config.Environment;
import org.openrewrite.config.RecipeDescriptor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Everything about a recipe can be found from its name {@code dev.rewriteperf.<family>.<Recipe>}: its test
 * {@code src/test/java/dev/rewriteperf/<family>/<Recipe>Test.java}, its benchmark
 * {@code benchmarks/.../benchmarks/<family>/<recipe in lower case>/<Recipe>Benchmark.java} with the results in
 * {@code benchmarks/results/<Recipe>-<jdk>.json}, and its entry in the family's composite, a Java class in the
 * family's package (Java, not YAML: a composite takes the profile options, which YAML composites cannot).
 */
class PackStructureTest {

    private static final Environment ENVIRONMENT = Environment.builder().scanRuntimeClasspath("dev.rewriteperf").build();

    /** The descriptors of every recipe the classpath offers, listed once: each listing builds them all anew. */
    static final Collection<RecipeDescriptor> DESCRIPTORS = ENVIRONMENT.listRecipeDescriptors();
    private static final Path BENCHMARKS = Paths.get("benchmarks/src/main/java/dev/rewriteperf/benchmarks");

    /**
     * Whether {@code name} is one of the pack's rewriting recipes: not a composite (checked by the caller), and not
     * the scan a composite runs first to read the project for its cold-code rules, which rewrites nothing.
     */
    static boolean isPackRecipe(String name) {
        return name.startsWith("dev.rewriteperf.") && !name.equals(ReadProjectForColdCode.class.getName());
    }

    /** The imperative recipes of the pack (not the composites), by fully qualified name. */
    static List<String> leafRecipes() {
        List<String> names = new ArrayList<>();
        for (RecipeDescriptor descriptor : DESCRIPTORS) {
            if (isPackRecipe(descriptor.getName()) && descriptor.getRecipeList().isEmpty()) {
                names.add(descriptor.getName());
            }
        }
        return names;
    }

    @Test
    void thePackHasItsTwentyTwoRecipes() {
        assertThat(leafRecipes()).hasSize(22);
    }

    @Test
    void everyRecipeHasItsTestClass() {
        for (String recipe : leafRecipes()) {
            assertThat(Paths.get("src/test/java", recipe.replace('.', '/') + "Test.java")).as(recipe).isRegularFile();
        }
    }

    @Test
    void everyRecipeHasItsBenchmarkFolderAndResults() throws IOException {
        for (String recipe : leafRecipes()) {
            String family = family(recipe);
            String simpleName = simpleName(recipe);
            Path folder = BENCHMARKS.resolve(family).resolve(simpleName.toLowerCase(Locale.ROOT));
            assertThat(folder.resolve(simpleName + "Benchmark.java")).as(recipe).isRegularFile();
            assertThat(folder.resolve("Before.java")).as(recipe).isRegularFile();
            try (Stream<Path> results = Files.list(Paths.get("benchmarks/results"))) {
                assertThat(results.map(p -> p.getFileName().toString()))
                  .as(recipe).anyMatch(name -> name.matches(simpleName + "-jdk\\d+\\.json"));
            }
        }
    }

    @Test
    void everyRecipeIsInItsFamilysCompositeNamedInItsPackage() throws ClassNotFoundException {
        for (String recipe : leafRecipes()) {
            String family = family(recipe);
            List<String> composites = new ArrayList<>();
            for (RecipeDescriptor descriptor : DESCRIPTORS) {
                boolean inFamilyPackage = descriptor.getName().startsWith("dev.rewriteperf." + family + ".");
                if (inFamilyPackage && !descriptor.getRecipeList().isEmpty() && leavesOf(descriptor).contains(recipe)) {
                    composites.add(descriptor.getName());
                }
            }
            assertThat(composites).as(recipe).hasSize(1);
            assertThat(ProfileGuidedComposite.class.isAssignableFrom(Class.forName(composites.get(0)))).as(recipe).isTrue();
        }
    }

    private static List<String> leavesOf(RecipeDescriptor descriptor) {
        List<String> leaves = new ArrayList<>();
        for (RecipeDescriptor child : descriptor.getRecipeList()) {
            if (child.getRecipeList().isEmpty()) {
                leaves.add(child.getName());
            } else {
                leaves.addAll(leavesOf(child));
            }
        }
        return leaves;
    }

    private static String family(String recipe) {
        return recipe.split("\\.")[2];
    }

    private static String simpleName(String recipe) {
        return recipe.substring(recipe.lastIndexOf('.') + 1);
    }
}

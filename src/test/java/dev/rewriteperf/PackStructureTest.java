package dev.rewriteperf;

import dev.rewriteperf.profile.ProfileGuidedComposite;
import dev.rewriteperf.profile.ReadProjectForColdCode;
import org.junit.jupiter.api.Test;
import org.openrewrite.Recipe;
import org.openrewrite.config.Environment;
import org.openrewrite.config.RecipeDescriptor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
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

    /**
     * The count is not typed anywhere: the recipes OpenRewrite finds are exactly the public recipe classes of the family
     * packages, so a new recipe is found by adding its file and its entry in the family's list.
     */
    @Test
    void discoverFindsEveryRecipeClassOfTheFamilies() throws IOException, ClassNotFoundException {
        List<String> classes = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Paths.get("src/main/java/dev/rewriteperf"))) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.getFileName().toString().endsWith(".java") && !f.endsWith("package-info.java"))::iterator) {
                String name = Paths.get("src/main/java").relativize(file).toString().replace('/', '.').replaceAll("\\.java$", "");
                Class<?> type = Class.forName(name);
                boolean recipe = Recipe.class.isAssignableFrom(type) && Modifier.isPublic(type.getModifiers()) &&
                                 !Modifier.isAbstract(type.getModifiers()) && !ProfileGuidedComposite.class.isAssignableFrom(type);
                if (recipe && isPackRecipe(name)) {
                    classes.add(name);
                }
            }
        }
        assertThat(leafRecipes()).isNotEmpty().containsExactlyInAnyOrderElementsOf(classes);
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

    /**
     * Descriptions say what a recipe does and, in one sentence, when it leaves code alone; the catalogue of every case
     * is docs/recipes.md. A median of at most 400 characters, as OpenRewrite's own recipes keep theirs short.
     */
    @Test
    void descriptionsAreShortAndSayWhenCodeIsLeftAlone() {
        List<Integer> lengths = new ArrayList<>();
        for (RecipeDescriptor descriptor : DESCRIPTORS) {
            if (descriptor.getName().startsWith("dev.rewriteperf.")) {
                lengths.add(descriptor.getDescription().length());
            }
        }
        lengths.sort(null);
        assertThat(lengths.get(lengths.size() / 2)).as("median description length").isLessThanOrEqualTo(400);
        for (String recipe : leafRecipes()) {
            String description = DESCRIPTORS.stream().filter(d -> d.getName().equals(recipe)).findFirst()
              .orElseThrow(AssertionError::new).getDescription();
            assertThat(description).as(recipe).contains("left alone");
        }
    }

    /**
     * ARCHITECTURE.md's table of packages is the rule: every package of the jar is on it, and imports only the packages
     * its row allows (or its own).
     */
    @Test
    void everyImportIsOneTheArchitectureAllows() throws IOException {
        Map<String, Set<String>> allowed = allowedImports();
        List<String> violations = new ArrayList<>();
        for (Path file : mainSources()) {
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            Matcher pkg = Pattern.compile("(?m)^package ([\\w.]+);").matcher(text);
            assertThat(pkg.find()).as(file.toString()).isTrue();
            String own = pkg.group(1);
            assertThat(allowed).as("ARCHITECTURE.md names the package of " + file).containsKey(own);
            Matcher imports = Pattern.compile("(?m)^import (?:static )?(dev\\.rewriteperf\\.[\\w.]+?)\\.[A-Z]").matcher(text);
            while (imports.find()) {
                String imported = imports.group(1);
                if (!imported.equals(own) && !allowed.get(own).contains(imported)) {
                    violations.add(file + " imports " + imported);
                }
            }
        }
        assertThat(violations).isEmpty();
    }

    @Test
    void analysisIsSplitByJobIntoSmallPackages() throws IOException {
        try (Stream<Path> entries = Files.list(Paths.get("src/main/java/dev/rewriteperf/analysis"))) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                if (Files.isDirectory(entry)) {
                    try (Stream<Path> classes = Files.list(entry)) {
                        assertThat(classes.filter(f -> !f.endsWith("package-info.java")).count()).as(entry.toString())
                          .isLessThanOrEqualTo(12);
                    }
                } else {
                    assertThat(entry.getFileName().toString()).as("analysis holds subpackages only").isEqualTo("package-info.java");
                }
            }
        }
    }

    /** Package, by its full name, to the packages of the jar it may import, from ARCHITECTURE.md's table. */
    private static Map<String, Set<String>> allowedImports() throws IOException {
        Map<String, Set<String>> allowed = new HashMap<>();
        boolean inTable = false;
        for (String line : Files.readAllLines(Paths.get("ARCHITECTURE.md"), StandardCharsets.UTF_8)) {
            if (line.startsWith("| package | what it holds | may import")) {
                inTable = true;
            } else if (inTable && !line.startsWith("|")) {
                break;
            } else if (inTable && !line.startsWith("| ---")) {
                String[] cells = line.split("\\|", -1);
                Set<String> imports = packagesIn(cells[3]);
                for (String pkg : packagesIn(cells[1])) {
                    allowed.put(pkg, imports);
                }
            }
        }
        assertThat(allowed).as("ARCHITECTURE.md's table of packages").isNotEmpty();
        return allowed;
    }

    private static Set<String> packagesIn(String cell) {
        Set<String> packages = new HashSet<>();
        Matcher name = Pattern.compile("`([\\w.]+)`").matcher(cell);
        while (name.find()) {
            packages.add(name.group(1).startsWith("dev.rewriteperf") ? name.group(1) : "dev.rewriteperf." + name.group(1));
        }
        return packages;
    }

    private static List<Path> mainSources() throws IOException {
        try (Stream<Path> files = Files.walk(Paths.get("src/main/java"))) {
            return files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList());
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

package dev.rewriteperf.report.proc;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The Maven command lines of a bulk run: the stock plugin's goal with the pack, and the service's own build. One place
 * writes them, so the command a generated CI workflow runs for a service is the command {@code bulk} runs for it here.
 */
public record PluginRun(String maven, String plugin, String pack, String recipe, List<String> mavenArgs) {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    /** {@code mvn -B -ntp <plugin>:dryRun -Drewrite.recipeArtifactCoordinates=... ...}, for {@code dryRun} or {@code run}. */
    public List<String> rewrite(String goal) {
        return withArgs(List.of(maven, "-B", "-ntp", plugin + ":" + goal, "-Drewrite.recipeArtifactCoordinates=" + pack,
                "-Drewrite.activeRecipes=" + recipe, "-Drewrite.exportDatatables=true"));
    }

    /** The service's own build with the run's extra arguments: {@code mvn -B -ntp verify}. */
    public List<String> build(String... goals) {
        List<String> command = new ArrayList<>(List.of(maven, "-B", "-ntp"));
        command.addAll(List.of(goals));
        return withArgs(command);
    }

    /** The same run with another Maven command (the CI runner's {@code mvn} rather than this machine's). */
    public PluginRun withMaven(String otherMaven) {
        return new PluginRun(otherMaven, plugin, pack, recipe, mavenArgs);
    }

    private List<String> withArgs(List<String> command) {
        List<String> all = new ArrayList<>(command);
        all.addAll(mavenArgs);
        return all;
    }

    /** The command as one POSIX shell line: arguments that are not plain words are single-quoted. */
    public static String shellLine(List<String> command) {
        List<String> words = new ArrayList<>();
        for (String word : command) {
            words.add(PLAIN.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'");
        }
        return String.join(" ", words);
    }
}

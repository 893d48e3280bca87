package dev.rewriteperf.report.render;

import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.FileDiff;
import dev.rewriteperf.report.model.Gains;
import dev.rewriteperf.report.model.ServiceResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The words that go with a service's branch: the commit message, and a pull-request body in Markdown with the diff
 * summary, each recipe's measured gain, the spots left alone worth a look and the checks that ran. Nothing is pushed;
 * a person reads these and opens the pull request.
 */
public final class PullRequest {

    /** How many reasons, and places per reason, the body lists of the spots left alone. */
    private static final int REASONS = 8;
    private static final int PLACES = 3;

    private PullRequest() {
    }

    public static String commitMessage(ServiceResult service, String recipe) {
        StringBuilder message = new StringBuilder(String.format(Locale.ROOT,
                "Allocate less on hot paths: %d rewrite(s) in %d file(s)%n%n", service.changes(), service.filesChanged()));
        changesByRecipe(service).forEach((name, count) -> message.append("- ").append(name).append(": ").append(count).append('\n'));
        message.append("\nWritten by the rewrite-performance pack (").append(recipe)
                .append(") with the stock rewrite-maven-plugin; each rewrite is measured in the pack's benchmarks.\n");
        return message.toString();
    }

    public static String body(ServiceResult service, Gains gains, String recipe, List<String> checks) {
        StringBuilder md = new StringBuilder("## Allocate less on hot paths\n\n");
        md.append(String.format(Locale.ROOT, "%d rewrite(s) in %d file(s) by `%s`; %d spot(s) examined and left alone.%n%n",
                service.changes(), service.filesChanged(), recipe, service.leftAlone()));
        md.append("| recipe | rewrites | measured (the pack's benchmarks) |\n| --- | ---: | --- |\n");
        Map<String, String> fullNames = new LinkedHashMap<>();
        service.candidates().stream().filter(Candidate::changed).forEach(c -> fullNames.put(c.recipeSimpleName(), c.recipe()));
        changesByRecipe(service).forEach((name, count) -> {
            String measured = gains.headlineText(fullNames.get(name));
            md.append("| `").append(name).append("` | ").append(count).append(" | ")
                    .append(measured.isEmpty() ? "not measured here" : measured).append(" |\n");
        });
        md.append("\n### Files\n\n| file | + | − |\n| --- | ---: | ---: |\n");
        for (FileDiff diff : service.diffs()) {
            md.append("| `").append(diff.path()).append("` | ").append(diff.binary() ? "binary" : count(diff, '+'))
                    .append(" | ").append(diff.binary() ? "" : count(diff, '-')).append(" |\n");
        }
        worthALook(service, md);
        md.append("\n### Checks\n\n");
        checks.forEach(check -> md.append("- ").append(check).append('\n'));
        md.append("\nThe diff is this branch's only commit; nothing was pushed.\n");
        return md.toString();
    }

    /** The reasons spots were left alone, most frequent first, each with a few of its places (file:line). */
    private static void worthALook(ServiceResult service, StringBuilder md) {
        Map<String, List<Candidate>> byReason = new LinkedHashMap<>();
        service.candidates().stream().filter(c -> !c.changed() && !c.reason().startsWith("cold:"))
                .forEach(c -> byReason.computeIfAbsent(c.reason(), r -> new ArrayList<>()).add(c));
        if (byReason.isEmpty()) {
            return;
        }
        md.append("\n### Left alone, worth a look\n\nThe pack could not show these rewrites safe; each may still be one " +
                  "a person can make.\n\n| reason | spots | where |\n| --- | ---: | --- |\n");
        byReason.entrySet().stream().sorted((a, b) -> b.getValue().size() - a.getValue().size()).limit(REASONS).forEach(e -> {
            List<String> places = new ArrayList<>();
            e.getValue().stream().limit(PLACES).forEach(c -> places.add("`" + c.sourcePath() + (c.line() > 0 ? ":" + c.line() : "") + "`"));
            md.append("| ").append(e.getKey().replace("|", "\\|").replace("\n", " ")).append(" | ").append(e.getValue().size())
                    .append(" | ").append(String.join(", ", places)).append(e.getValue().size() > PLACES ? ", …" : "").append(" |\n");
        });
        if (byReason.size() > REASONS) {
            md.append("\n").append(byReason.size() - REASONS).append(" more reason(s) in the report's table.\n");
        }
    }

    private static Map<String, Long> changesByRecipe(ServiceResult service) {
        Map<String, Long> counts = new TreeMap<>();
        service.candidates().stream().filter(Candidate::changed).forEach(c -> counts.merge(c.recipeSimpleName(), 1L, Long::sum));
        return counts;
    }

    private static long count(FileDiff diff, char kind) {
        return diff.hunks().stream().flatMap(h -> h.lines().stream())
                .filter(line -> line.kind() == kind).count();
    }
}

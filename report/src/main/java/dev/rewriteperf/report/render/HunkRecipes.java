package dev.rewriteperf.report.render;

import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.FileDiff;
import dev.rewriteperf.report.model.ServiceResult;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which recipes made a hunk of a file's diff: those whose rewritten spots in the file start on a line the hunk
 * replaces (the table's line is the file's before the run, the hunk's {@code -start,count} too); for a hunk that
 * holds no spot (an added field or import), every recipe that changed the file.
 */
final class HunkRecipes {

    private static final Pattern OLD_RANGE = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? ");

    private HunkRecipes() {
    }

    static List<String> of(ServiceResult service, FileDiff diff, FileDiff.Hunk hunk) {
        List<Candidate> rewritten = service.candidates().stream()
                .filter(c -> c.changed() && samePath(c.sourcePath(), diff.path())).toList();
        Matcher range = OLD_RANGE.matcher(hunk.header());
        if (range.find()) {
            int start = Integer.parseInt(range.group(1));
            int end = start + (range.group(2) == null ? 1 : Integer.parseInt(range.group(2)));
            List<String> inHunk = rewritten.stream().filter(c -> c.line() >= start && c.line() < end)
                    .map(Candidate::recipe).distinct().toList();
            if (!inHunk.isEmpty()) {
                return inHunk;
            }
        }
        return rewritten.stream().map(Candidate::recipe).distinct().toList();
    }

    /** The table names a file from the plugin's base directory, the patch too; either may carry a prefix the other lacks. */
    private static boolean samePath(String table, String patch) {
        String a = table.replace('\\', '/');
        String b = patch.replace('\\', '/');
        return a.equals(b) || a.endsWith("/" + b) || b.endsWith("/" + a);
    }
}

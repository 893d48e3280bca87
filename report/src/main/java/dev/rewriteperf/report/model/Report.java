package dev.rewriteperf.report.model;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every service's run and the measured gains, with the totals the report shows: of dry runs (what the pack would
 * change) or of an applied run (what it changed), and the bulk run they are from ({@code runId}, empty for
 * {@code report}, which reads output it did not make).
 */
public record Report(List<ServiceResult> services, Gains gains, List<String> problems, Kind kind, String runId) {

    public enum Kind {
        DRY_RUN("dry-run report"),
        APPLIED("run report (changes applied)");

        private final String title;

        Kind(String title) {
            this.title = title;
        }

        /** {@code rewrite-performance dry-run report}. */
        public String title() {
            return "rewrite-performance " + title;
        }
    }

    /** A report over dry runs it did not make. */
    public Report(List<ServiceResult> services, Gains gains, List<String> problems) {
        this(services, gains, problems, Kind.DRY_RUN, "");
    }

    public List<Candidate> candidates() {
        return services.stream().flatMap(s -> s.candidates().stream()).toList();
    }

    public long changes() {
        return candidates().stream().filter(Candidate::changed).count();
    }

    public long leftAlone() {
        return candidates().size() - changes();
    }

    public long filesChanged() {
        return services.stream().mapToLong(s -> s.filesChanged()).sum();
    }

    /** Changed and left-alone counts per family, per recipe or per any other key, in name order. */
    public Map<String, long[]> countsBy(Function<Candidate, String> key) {
        return candidates().stream().collect(Collectors.groupingBy(key, TreeMap::new, Collectors.collectingAndThen(
                Collectors.toList(), rows -> new long[]{rows.stream().filter(Candidate::changed).count(),
                        rows.stream().filter(c -> !c.changed()).count()})));
    }

    /** Whether any candidate has a profile's figures: the report then ranks by them. */
    public boolean profiled() {
        return candidates().stream().anyMatch(c -> c.heat() != null);
    }

    /** A left-alone spot is a hot spot when its method has this share of the recording (the pack's default gate). */
    public static final double HOT_SHARE = 0.01;

    /** The changed spots whose method a recording sampled, the largest share (of allocation or CPU) first. */
    public List<Candidate> rankedChanges() {
        return ranked(c -> c.changed() && c.heat().sampled());
    }

    /**
     * The spots left alone in a method with at least {@link #HOT_SHARE} of the allocation or CPU samples, ranked;
     * not those a profile-guided run left alone for being below its own minimum share.
     */
    public List<Candidate> hotSpotsLeftAlone() {
        return ranked(c -> !c.changed() && c.heat().peak() >= HOT_SHARE && !c.reason().startsWith("cold:")
                           && !c.reason().startsWith("profile-guided run,"));
    }

    private List<Candidate> ranked(Predicate<Candidate> which) {
        return candidates().stream().filter(c -> c.heat() != null && which.test(c))
                .sorted(Comparator.comparingDouble((Candidate c) -> c.heat().peak()).reversed()
                        .thenComparing(Comparator.comparingLong((Candidate c) -> c.heat().sampledBytes()).reversed()))
                .toList();
    }

    /** What the runs did besides the recipes (a service's own formatter, a branch's checks), each with its service. */
    public List<String> allNotes() {
        return services.stream().flatMap(s -> s.notes().stream().map(n -> s.name() + ": " + n)).toList();
    }

    public List<String> allProblems() {
        return Stream.concat(problems.stream(),
                services.stream().flatMap(s -> s.problems().stream().map(p -> s.name() + ": " + p))).toList();
    }
}

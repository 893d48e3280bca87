package dev.rewriteperf.report;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Every service's dry run and the measured gains, with the totals the report shows. */
public record Report(List<ServiceResult> services, Gains gains, List<String> problems) {

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
        return services.stream().mapToLong(s -> s.diffs().size()).sum();
    }

    /** Changed and left-alone counts per family, per recipe or per any other key, in name order. */
    public Map<String, long[]> countsBy(Function<Candidate, String> key) {
        return candidates().stream().collect(Collectors.groupingBy(key, TreeMap::new, Collectors.collectingAndThen(
                Collectors.toList(), rows -> new long[]{rows.stream().filter(Candidate::changed).count(),
                        rows.stream().filter(c -> !c.changed()).count()})));
    }

    public List<String> allProblems() {
        return Stream.concat(problems.stream(),
                services.stream().flatMap(s -> s.problems().stream().map(p -> s.name() + ": " + p))).toList();
    }
}

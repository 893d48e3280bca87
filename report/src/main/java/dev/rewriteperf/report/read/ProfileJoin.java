package dev.rewriteperf.report.read;

import dev.rewriteperf.profile.HotMethods;
import dev.rewriteperf.profile.MethodHeat;
import dev.rewriteperf.profile.MethodKey;
import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.ServiceResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Gives each of a service's candidates the figures its recording sampled in the candidate's method, by the pack's own
 * rule: the data table names the method as a recording does ({@code method}, a {@link MethodKey}), and
 * {@link HotMethods#heatOf} matches it to the recording's rows, as the pack's gate does in a profile-guided run.
 */
public final class ProfileJoin {

    private ProfileJoin() {
    }

    public static ServiceResult withProfile(ServiceResult service, AllocationProfile profile) {
        HotMethods methods = hotMethods(profile);
        List<Candidate> joined = new ArrayList<>();
        for (Candidate candidate : service.candidates()) {
            // A profile-guided run's own figures came from the same rule: they are kept.
            joined.add(candidate.heat() != null ? candidate : candidate.withHeat(heatOf(candidate, methods)));
        }
        return new ServiceResult(service.name(), service.status(), joined, service.diffs(), service.problems(), service.notes(), service.repositoryPath());
    }

    /** The recording's methods as the pack's hot-methods table. */
    static HotMethods hotMethods(AllocationProfile profile) {
        HotMethods.Builder table = new HotMethods.Builder();
        for (AllocationProfile.HotMethod method : profile.methods()) {
            table.add(method.className(), method.method(), method.descriptor(), method.bytes(), method.share(), method.cpuShare());
        }
        return table.build();
    }

    /**
     * The candidate's figures; null, unranked, for a row without a method key (a table written by a pack older than
     * the column, or a spot outside any class).
     */
    static Candidate.Heat heatOf(Candidate candidate, HotMethods methods) {
        if (candidate.method().isEmpty()) {
            return null;
        }
        MethodHeat heat = methods.heatOf(MethodKey.parse(candidate.method()));
        return new Candidate.Heat(heat.getSampledBytes(), heat.getShare(), heat.getCpuShare());
    }

    /**
     * Each service with a recording in {@code profiles} (by service name), its candidates given their methods'
     * figures. A recording that cannot be read is the service's problem; its candidates stay unranked.
     */
    public static List<ServiceResult> withProfiles(List<ServiceResult> results, Map<String, Path> profiles, List<String> packages) {
        Predicate<String> isProjectCode = packages.isEmpty() ? type -> true : type -> packages.stream().anyMatch(type::startsWith);
        List<ServiceResult> ranked = new ArrayList<>();
        for (ServiceResult result : results) {
            Path recording = profiles.get(result.name());
            if (recording == null) {
                ranked.add(result);
                continue;
            }
            try {
                ranked.add(ProfileJoin.withProfile(result, AllocationProfile.read(recording, isProjectCode)));
            } catch (IllegalArgumentException e) {
                ranked.add(result.withStatus(result.status(), List.of("profile not used: " + e.getMessage())));
            }
        }
        return ranked;
    }
}

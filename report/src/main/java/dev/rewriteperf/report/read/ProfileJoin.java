package dev.rewriteperf.report.read;

import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.ServiceResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Gives each of a service's candidates the figures its recording sampled in the candidate's method: the data table
 * names a spot by source path and {@code Outer.Inner#method}, the profile by top-level class and JVM method name.
 * Overloads are added together (the table has no descriptor); a spot outside any method (a field's initialiser) gets
 * the class's {@code <init>} and {@code <clinit>}.
 */
public final class ProfileJoin {

    private ProfileJoin() {
    }

    public static ServiceResult withProfile(ServiceResult service, AllocationProfile profile) {
        List<Candidate> joined = new ArrayList<>();
        for (Candidate candidate : service.candidates()) {
            // A profile-guided run's own figures matched the method by its descriptor: they are kept.
            joined.add(candidate.heat() != null ? candidate : candidate.withHeat(heatOf(candidate, profile)));
        }
        return new ServiceResult(service.name(), service.status(), joined, service.diffs(), service.problems(), service.notes(), service.repositoryPath());
    }

    public static Candidate.Heat heatOf(Candidate candidate, AllocationProfile profile) {
        String[] where = candidate.location().split("#", 2);
        String[] classes = where[0].split("\\.");
        String topLevel = classes[0];
        List<String> names = where.length < 2 ? List.of("<init>", "<clinit>")
                : where[1].equals(classes[classes.length - 1]) ? List.of("<init>") : List.of(where[1]);
        long bytes = 0;
        double share = 0;
        double cpuShare = 0;
        for (AllocationProfile.HotMethod method : profile.methods()) {
            if (names.contains(method.method()) && isClass(method.className(), topLevel, candidate.sourcePath())) {
                bytes += method.bytes();
                share += method.share();
                cpuShare += method.cpuShare();
            }
        }
        return new Candidate.Heat(bytes, share, cpuShare);
    }

    /** Whether {@code className} is the top-level class {@code simpleName} of the file at {@code sourcePath}. */
    private static boolean isClass(String className, String simpleName, String sourcePath) {
        int dot = className.lastIndexOf('.');
        if (!className.substring(dot + 1).equals(simpleName)) {
            return false;
        }
        String path = "/" + sourcePath.replace('\\', '/');
        String directory = path.substring(0, path.lastIndexOf('/') + 1);
        return dot < 0 || directory.endsWith("/" + className.substring(0, dot).replace('.', '/') + "/");
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

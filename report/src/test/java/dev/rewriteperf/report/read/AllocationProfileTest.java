package dev.rewriteperf.report.read;

import dev.rewriteperf.report.cli.ProfileCommand;
import dev.rewriteperf.report.profiled.Workload;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Real recordings: the workload runs under JFR in this JVM, sampling raised so that the ranking is stable. */
class AllocationProfileTest {

    private static final String PROJECT = "dev.rewriteperf.report.profiled";

    @TempDir
    static Path dir;
    private static Path recording;

    @BeforeAll
    static void record() throws IOException {
        recording = dir.resolve("workload.jfr");
        try (Recording r = new Recording()) {
            r.enable(AllocationProfile.SAMPLE).with("throttle", "100000/s").withStackTrace();
            r.enable(AllocationProfile.EXECUTION).withPeriod(Duration.ofMillis(1)).withStackTrace();
            r.start();
            int sink = 0;
            for (int i = 0; i < 20; i++) {
                sink += Workload.hot(50) + Workload.cold(50) + Workload.nested(600) + Workload.referenced(50);
            }
            sink += (int) Workload.spin(System.nanoTime() + 400_000_000L);
            r.stop();
            r.dump(recording);
            assertThat(sink).isNotZero();
        }
    }

    @Test
    void theHotMethodRanksFirstWithWhatTheJdkAllocatedForItAndItsLambda() {
        AllocationProfile profile = AllocationProfile.read(recording, type -> type.startsWith(PROJECT));

        List<AllocationProfile.HotMethod> methods = profile.methods();
        assertThat(methods).isNotEmpty();
        AllocationProfile.HotMethod first = methods.get(0);
        assertThat(first.className()).isEqualTo(PROJECT + ".Workload");
        assertThat(first.method()).isEqualTo("hot");
        assertThat(first.descriptor()).isEqualTo("(I)I");
        // Sampling weights vary from run to run: hot ranks first, with the largest share (asserted below), not a set share.
        assertThat(first.share()).isGreaterThan(methods.get(1).share());
        // byte[] from the lambda (lambda$hot$0), Object[] from ArrayList.grow, Integer from boxing: all charged to hot
        assertThat(first.bytesByType()).containsKeys("byte[]", "java.lang.Object[]");
        assertThat(methods).noneMatch(m -> m.method().startsWith("lambda$") || m.className().contains("$"));
        assertThat(methods).anySatisfy(m -> assertThat(m.method()).isEqualTo("helper"))
                .allSatisfy(m -> assertThat(m.className()).isEqualTo(PROJECT + ".Workload"));
        long cold = methods.stream().filter(m -> m.method().equals("cold")).mapToLong(AllocationProfile.HotMethod::bytes).sum();
        assertThat(cold).isLessThan(first.bytes() / 10);
        assertThat(profile.csv()).startsWith("class,method,descriptor,sampledBytes,share,cpuSamples,cpuShare,topTypes\n" +
                                             PROJECT + ".Workload,hot,(I)I,");
    }

    /** A lambda's samples are its method's, never the interface method's its proxy class implements ({@code apply}). */
    @Test
    void aMethodReferenceIsChargedToTheMethodItIsWrittenIn() {
        AllocationProfile profile = AllocationProfile.read(recording, type -> type.startsWith(PROJECT));

        assertThat(profile.methods()).extracting(AllocationProfile.HotMethod::method)
                .contains("referenced").doesNotContain("apply", "applyAsInt", "accept", "test");
        AllocationProfile.HotMethod referenced = profile.methods().stream().filter(m -> m.method().equals("referenced"))
                .findFirst().orElseThrow();
        assertThat(referenced.descriptor()).isEqualTo("(I)I");
        assertThat(referenced.bytesByType()).containsKey("byte[]");
    }

    /** Execution samples give the methods that take time without allocating a CPU share of their own. */
    @Test
    void aBusyMethodThatAllocatesNothingHasACpuShare() {
        AllocationProfile profile = AllocationProfile.read(recording, type -> type.startsWith(PROJECT));

        AllocationProfile.HotMethod spin = profile.methods().stream().filter(m -> m.method().equals("spin")).findFirst().orElseThrow();
        assertThat(spin.descriptor()).isEqualTo("(J)J");
        assertThat(spin.bytes()).isZero();
        assertThat(spin.cpuSamples()).isGreaterThan(50);
        assertThat(spin.cpuShare()).isGreaterThan(profile.methods().stream().filter(m -> m.method().equals("cold"))
                .mapToDouble(AllocationProfile.HotMethod::cpuShare).sum());
    }

    /** JDK 11-15 and async-profiler record new TLABs and objects outside them instead of samples. */
    @Test
    void tlabEventsRankTheSameWay(@TempDir Path out) throws IOException {
        Path tlabs = out.resolve("tlabs.jfr");
        try (Recording r = new Recording()) {
            r.enable(AllocationProfile.IN_NEW_TLAB).withStackTrace();
            r.enable(AllocationProfile.OUTSIDE_TLAB).withStackTrace();
            r.start();
            for (int i = 0; i < 20; i++) {
                Workload.hot(50);
                Workload.cold(50);
            }
            r.stop();
            r.dump(tlabs);
        }
        AllocationProfile profile = AllocationProfile.read(tlabs, type -> type.startsWith(PROJECT));
        assertThat(profile.methods().get(0).method()).isEqualTo("hot");
    }

    /**
     * A recording of a program that never ran its own code (a JVM that failed to start on a class file too new for
     * it still records its start-up) is an error, not an empty table that would gate every spot as cold.
     */
    @Test
    void aRecordingWithNoSampleInTheProjectsCodeWritesNoTable(@TempDir Path out) {
        Path csv = out.resolve("hot.csv");
        int exit = new CommandLine(new ProfileCommand()).execute(recording.toString(), "--package", "com.example.absent",
                "--out", csv.toString());
        assertThat(exit).isEqualTo(2);
        assertThat(csv).doesNotExist();
    }

    @Test
    void theCommandWritesTheTable(@TempDir Path out) {
        Path csv = out.resolve("hot.csv");
        int exit = new CommandLine(new ProfileCommand()).execute(recording.toString(), "--package", PROJECT, "--out", csv.toString());
        assertThat(exit).isZero();
        assertThat(csv).content().contains(PROJECT + ".Workload,hot,(I)I,");
    }

    /**
     * JMH records each fork, one benchmark a JVM, into a file of its own: read together they are the workload's heat,
     * each method with the bytes of the file it ran in (files joined end to end were read as the first alone).
     */
    @Test
    void severalRecordingsAreReadAsOne(@TempDir Path out) throws IOException {
        Path onlyHot = recordingOf(out.resolve("fork-1.jfr"), () -> Workload.hot(1000));
        Path onlyReferenced = recordingOf(out.resolve("fork-2.jfr"), () -> Workload.referenced(1000));
        AllocationProfile first = AllocationProfile.read(onlyHot, type -> type.startsWith(PROJECT));
        AllocationProfile second = AllocationProfile.read(onlyReferenced, type -> type.startsWith(PROJECT));

        AllocationProfile both = AllocationProfile.read(List.of(onlyHot, onlyReferenced), type -> type.startsWith(PROJECT));

        assertThat(first.methods()).extracting(AllocationProfile.HotMethod::method).contains("hot").doesNotContain("referenced");
        assertThat(both.methods()).extracting(AllocationProfile.HotMethod::method).contains("hot", "referenced");
        assertThat(both.totalBytes()).isEqualTo(first.totalBytes() + second.totalBytes());
        assertThat(bytesOf(both, "referenced")).isEqualTo(bytesOf(second, "referenced"));
        assertThat(bytesOf(both, "hot")).isEqualTo(bytesOf(first, "hot"));
        Path csv = out.resolve("hot.csv");
        int exit = new CommandLine(new ProfileCommand()).execute(onlyHot.toString(), onlyReferenced.toString(),
                "--package", PROJECT, "--out", csv.toString());
        assertThat(exit).isZero();
        assertThat(csv).content().contains(PROJECT + ".Workload,hot,", PROJECT + ".Workload,referenced,");
    }

    /** One file that is not a recording among several: said so, and nothing is written. */
    @Test
    void aBadFileAmongSeveralRecordingsIsSaidSo(@TempDir Path out) throws IOException {
        Path text = Files.writeString(out.resolve("notes.jfr"), "not a recording", StandardCharsets.UTF_8);
        Path csv = out.resolve("hot.csv");
        assertThat(new CommandLine(new ProfileCommand()).execute(recording.toString(), text.toString(), "--out", csv.toString()))
                .isEqualTo(2);
        assertThat(csv).doesNotExist();
    }

    private static Path recordingOf(Path file, Runnable work) throws IOException {
        try (Recording r = new Recording()) {
            r.enable(AllocationProfile.SAMPLE).with("throttle", "100000/s").withStackTrace();
            r.start();
            work.run();
            r.stop();
            r.dump(file);
        }
        return file;
    }

    private static long bytesOf(AllocationProfile profile, String method) {
        return profile.methods().stream().filter(m -> m.method().equals(method)).mapToLong(AllocationProfile.HotMethod::bytes).sum();
    }

    @Test
    void aFileThatIsNotARecordingIsSaidSoAndNothingIsWritten(@TempDir Path out) throws IOException {
        Path text = Files.writeString(out.resolve("notes.jfr"), "not a recording", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> AllocationProfile.read(text, type -> true))
                .hasMessageContaining("is not a Java Flight Recorder recording");
        Path csv = out.resolve("hot.csv");
        assertThat(new CommandLine(new ProfileCommand()).execute(text.toString(), "--out", csv.toString())).isEqualTo(2);
        assertThat(csv).doesNotExist();
    }

    @Test
    void aTruncatedRecordingIsSaidSo(@TempDir Path out) throws IOException {
        byte[] whole = Files.readAllBytes(recording);
        Path truncated = Files.write(out.resolve("cut.jfr"), Arrays.copyOf(whole, whole.length / 2));
        assertThatThrownBy(() -> AllocationProfile.read(truncated, type -> true)).hasMessageContaining("truncated or damaged");
    }

    @Test
    void aRecordingWithoutAllocationEventsSaysWhichSettingRecordsThem(@TempDir Path out) throws IOException {
        Path quiet = out.resolve("cpu.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.CPULoad");
            r.start();
            Workload.cold(10);
            r.stop();
            r.dump(quiet);
        }
        assertThatThrownBy(() -> AllocationProfile.read(quiet, type -> true))
                .hasMessageContaining("has no allocation events").hasMessageContaining("settings=profile");
    }
}

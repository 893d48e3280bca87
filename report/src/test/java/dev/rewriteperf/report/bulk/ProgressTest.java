package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.model.Candidate;
import dev.rewriteperf.report.model.RunStatus;
import dev.rewriteperf.report.model.ServiceResult;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** What a bulk run shows as it goes: plain lines for a CI log, one redrawn status line on a terminal. */
class ProgressTest {

    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong clock = new AtomicLong();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    @Test
    void plainLinesSayWhatStartedAndFinishedWithTheTimeLeft() {
        try (Progress progress = new Progress(out, false, 3, clock::get)) {
            progress.started("orders");
            progress.started("billing");
            clock.set(60 * SECOND);
            progress.finished(service("orders", RunStatus.of(RunStatus.Kind.OK)), false, false);
            clock.set(90 * SECOND);
            progress.finished(service("billing", RunStatus.of(RunStatus.Kind.TIMED_OUT, "dry run timed out")), true, false);
        }
        List<String> lines = text().lines().toList();
        assertThat(lines).hasSize(5).noneMatch(line -> line.contains("\033"));
        assertThat(lines.get(0)).endsWith("orders: started (1 running)");
        assertThat(lines.get(1)).endsWith("billing: started (2 running)");
        assertThat(lines.get(2)).endsWith("[1/3] orders: ok (2 change(s), 1 left alone); "
                                          + "1/3 done, 1 running, 0 failed, 01:00 elapsed, about 02:00 left");
        assertThat(lines.get(3)).endsWith("[2/3] billing: dry run timed out (2 change(s), 1 left alone); "
                                          + "2/3 done, 0 running, 1 failed, 01:30 elapsed, about 00:45 left");
        assertThat(lines.get(4)).endsWith("2/3 done, 0 running, 1 failed, 01:30 elapsed, about 00:45 left");
    }

    @Test
    void onATerminalOneStatusLineIsRedrawnBelowTheFinishedServices() {
        try (Progress progress = new Progress(out, true, 2, clock::get, false)) {
            progress.started("orders");
            assertThat(text()).isEqualTo("\r\033[2K0/2 done, 1 running, 0 failed, 00:00 elapsed, time left not known yet (orders)");
            clock.set(3_700 * SECOND);
            progress.finished(service("orders", RunStatus.of(RunStatus.Kind.OK)), false, false);
        }
        assertThat(text()).contains("\r\033[2K[1/2] orders: ok (2 change(s), 1 left alone)\n")
                .endsWith("\r\033[2K1/2 done, 0 running, 0 failed, 1:01:40 elapsed, about 1:01:40 left\n");
    }

    @Test
    void theModeIsForcedByTheOption() {
        assertThat(Progress.live("live")).isTrue();
        assertThat(Progress.live("plain")).isFalse();
    }

    private static ServiceResult service(String name, RunStatus status) {
        Candidate changed = new Candidate(name, "A.java", 3, "A#m", "A#m()V", "dev.rewriteperf.buffers.UseTransferToForCopyLoops", "loop",
                true, "transfer", "", null);
        Candidate other = new Candidate(name, "A.java", 9, "A#n", "A#n()V", "dev.rewriteperf.buffers.UseTransferToForCopyLoops", "loop",
                true, "transfer", "", null);
        Candidate left = new Candidate(name, "A.java", 12, "A#o", "A#o()V", "dev.rewriteperf.buffers.UseTransferToForCopyLoops", "loop",
                false, "", "no", null);
        return new ServiceResult(name, status, List.of(changed, other, left), List.of(), List.of());
    }

    private String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void servicesAnEarlierRunFinishedDoNotCountTowardsTheTimeLeft() {
        try (Progress progress = new Progress(out, false, 4, clock::get)) {
            progress.finished(service("orders", RunStatus.of(RunStatus.Kind.OK).fromEarlierRun("r1")), false, true);
            progress.finished(service("billing", RunStatus.of(RunStatus.Kind.OK).fromEarlierRun("r1")), false, true);
            progress.started("stock");
            clock.set(100 * SECOND);
            progress.finished(service("stock", RunStatus.of(RunStatus.Kind.OK)), false, false);
            assertThat(progress.status()).isEqualTo("3/4 done, 0 running, 0 failed, 01:40 elapsed, about 01:40 left");
        }
    }
}

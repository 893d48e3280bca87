package dev.rewriteperf.report.proc;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Every process the tool starts, so that it owns them: a SIGINT or SIGTERM to the tool's pid runs {@link #stopAll} (a
 * shutdown hook), which ends each of them and everything they started (Maven's forked test JVMs, a shell's commands)
 * before the tool exits, and refuses to start any more. Under {@code --apply} nothing changes a service's files after
 * the tool has gone.
 */
public final class ChildProcesses {

    private static final Set<Process> LIVE = new LinkedHashSet<>();
    private static boolean stopping;
    private static boolean hooked;

    private ChildProcesses() {
    }

    /** Starts {@code builder}'s process, or refuses once the tool is stopping. */
    static Process start(ProcessBuilder builder) throws IOException {
        synchronized (LIVE) {
            if (stopping) {
                throw new InterruptedIOException("the run is stopping: " + String.join(" ", builder.command()) + " not started");
            }
            if (!hooked) {
                Runtime.getRuntime().addShutdownHook(new Thread(ChildProcesses::stopAll, "stop-child-processes"));
                hooked = true;
            }
            Process process = builder.start();
            LIVE.add(process);
            return process;
        }
    }

    /** The process has ended: it is no longer the tool's to stop. */
    static void ended(Process process) {
        synchronized (LIVE) {
            LIVE.remove(process);
        }
    }

    /** Whether a signal is stopping the tool: a service whose command ended now was stopped, not failed. */
    public static boolean stopping() {
        synchronized (LIVE) {
            return stopping;
        }
    }

    /**
     * Ends every live process and its descendants and waits for them, then refuses new ones. The parent first: killed
     * after its children, a shell would go on to its next command in the moment between; its children are listed
     * before, while they are still its.
     */
    public static void stopAll() {
        List<ProcessHandle> all = new ArrayList<>();
        synchronized (LIVE) {
            stopping = true;
            for (Process process : LIVE) {
                List<ProcessHandle> descendants = process.descendants().toList();
                process.destroyForcibly();
                descendants.forEach(ProcessHandle::destroyForcibly);
                all.add(process.toHandle());
                all.addAll(descendants);
            }
        }
        for (ProcessHandle handle : all) {
            try {
                handle.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // gone already, or deaf to SIGKILL (a process in uninterruptible I/O): nothing more can be done
            }
        }
    }
}

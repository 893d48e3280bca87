package dev.rewriteperf.report.bulk;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One bulk run per workspace: two runs on one workspace would run the same services at once, share their logs and
 * count each other's results. The lock is the operating system's on {@code WORKSPACE/.lock}, so it goes with the process
 * that held it however that process ended; the file also says which run holds it. A lock file whose process is gone
 * (killed, the machine restarted) is taken over, and that is said.
 */
public final class WorkspaceLock implements AutoCloseable {

    /** The workspace is another run's: its message names that run. */
    public static final class Busy extends Exception {
        Busy(Path workspace, String holder) {
            super("the workspace " + workspace + " is in use by another bulk run (" + holder + "): wait for it to end, " +
                  "or give another --workspace");
        }
    }

    /**
     * The lock files this JVM holds, with what each says. A second run in the same JVM must not even open one: POSIX
     * locks belong to the process, and closing any descriptor of the file would release the first run's lock.
     */
    private static final Map<Path, String> HELD = new ConcurrentHashMap<>();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    /** What the lock file said when this run took it over from a run that had not let it go, or empty. */
    private final String takenOver;

    private WorkspaceLock(Path file, FileChannel channel, FileLock lock, String takenOver) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.takenOver = takenOver;
    }

    /** Takes the workspace for the run {@code runId}, or says which run has it. */
    public static WorkspaceLock take(Path workspace, String runId) throws IOException, Busy {
        Files.createDirectories(workspace);
        Path file = workspace.resolve(".lock").toAbsolutePath().normalize();
        String ours = HELD.putIfAbsent(file, "a run starting in this process");
        if (ours != null) {
            throw new Busy(workspace, ours);
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            String holder = contents(channel);
            if (lock == null) {
                throw new Busy(workspace, holder.isEmpty() ? "starting" : holder);
            }
            String line = "run " + runId + ", pid " + ProcessHandle.current().pid() + ", started " + Instant.now();
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            HELD.put(file, line);
            return new WorkspaceLock(file, channel, lock, holder);
        } catch (IOException | Busy | RuntimeException e) {
            if (channel != null) {
                channel.close();
            }
            HELD.remove(file);
            throw e;
        }
    }

    /**
     * The lock file's text, read through the channel that holds the lock: opening and closing the file another way
     * would release the lock.
     */
    private static String contents(FileChannel channel) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate((int) Math.min(channel.size(), 4096));
        channel.read(bytes, 0);
        return new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8).trim();
    }

    /** What the lock file said of a run that ended without letting the workspace go, or empty. */
    public String takenOver() {
        return takenOver;
    }

    @Override
    public void close() throws IOException {
        try {
            channel.truncate(0); // an empty lock file: the last run let it go
            lock.release();
            channel.close();
        } finally {
            HELD.remove(file);
        }
    }
}

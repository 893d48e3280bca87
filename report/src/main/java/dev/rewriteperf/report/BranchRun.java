package dev.rewriteperf.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code bulk --apply --branch NAME} for one service: the pack applied in a new git worktree of the service's repository
 * on a new branch (the checkout the service is in is not touched), formatted by the service's own formatter, verified
 * when asked, and committed, with the commit message and a pull-request body written beside it. Nothing is pushed. A
 * service without changes, whose run fails or whose verifying build is red gets no branch; its worktree is kept,
 * detached, for a person to look at.
 */
final class BranchRun {

    /** How the service's branch went: the status the report shows, where its output is, and what the run noted. */
    record Outcome(String status, Path project, List<String> problems, List<String> checks) {
    }

    private final String branch;
    private final Path workspace;
    private final PluginRun run;
    private final Exec exec;
    private final boolean verify;
    private final Gains gains;

    BranchRun(String branch, Path workspace, PluginRun run, Exec exec, boolean verify, Gains gains) {
        this.branch = branch;
        this.workspace = workspace.toAbsolutePath();
        this.run = run;
        this.exec = exec;
        this.verify = verify;
        this.gains = gains;
    }

    Outcome apply(String name, Path dir, Path log) throws IOException {
        if (!Git.isWorkTree(dir)) {
            return failed(dir, "--branch needs the service in a git repository: " + dir + " is not in one");
        }
        Path top = Git.topLevel(dir);
        Path worktree = workspace.resolve("branches").resolve(name);
        if (exists(top, "refs/heads/" + branch)) {
            return failed(dir, "the branch " + branch + " exists already in " + top + ": delete it or give another --branch");
        }
        removeWorktree(top, worktree);
        Exec.output(top, "git", "worktree", "add", "--quiet", "-b", branch, worktree.toString(), "HEAD");
        Path project = worktree.resolve(top.relativize(dir.toRealPath()).toString());
        Exec.Outcome applied = exec.run(run.rewrite("run"), project, log);
        if (!applied.ok()) {
            return noBranch(top, worktree, project, "run " + applied, List.of("the run " + applied + "; see " + log));
        }
        Map<Path, Boolean> changed = Git.changedFiles(project);
        if (changed.isEmpty()) {
            return noBranch(top, worktree, project, "no change", List.of());
        }
        List<String> checks = new ArrayList<>();
        String formatted = Formatter.format(project, run, exec, log);
        checks.add(formatted != null ? formatted : "the build declares no formatter (spotless, formatter-maven-plugin, fmt)");
        List<Path> added = changed.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).toList();
        writePatch(project, Git.diff(project, added));
        if (verify) {
            Exec.Outcome build = exec.run(run.build("verify"), project, log);
            if (!build.ok()) {
                return noBranch(top, worktree, project, "verify: red (" + build + ")", List.of());
            }
            checks.add("verify: green (mvn verify with the change applied)");
        } else {
            checks.add("not verified here: bulk --verify builds and tests each service with the change");
        }
        commit(name, worktree, project, changed, checks);
        return new Outcome("branch " + branch + (verify ? ", verify: green" : ""), project, List.of(), checks);
    }

    private void commit(String name, Path worktree, Path project, Map<Path, Boolean> changed, List<String> checks) throws IOException {
        ServiceResult result = DryRunReader.read(name, project);
        Path words = workspace.resolve("pull-requests").resolve(name);
        Files.createDirectories(words);
        Path message = words.resolve("commit-message.txt");
        Files.writeString(message, PullRequest.commitMessage(result, run.recipe()), StandardCharsets.UTF_8);
        Files.writeString(words.resolve("pull-request.md"), PullRequest.body(result, gains, run.recipe(), checks), StandardCharsets.UTF_8);
        List<String> add = new ArrayList<>(List.of("git", "add", "--"));
        changed.keySet().forEach(file -> add.add(file.toString()));
        Exec.output(worktree, add.toArray(new String[0]));
        List<String> commit = new ArrayList<>(List.of("git"));
        if (Exec.output(worktree, "git", "config", "--default", "", "user.email").isBlank()) {
            commit.addAll(List.of("-c", "user.name=rewrite-performance", "-c", "user.email=rewrite-performance@localhost"));
        }
        commit.addAll(List.of("commit", "--quiet", "-F", message.toString()));
        Exec.output(worktree, commit.toArray(new String[0]));
    }

    /** The worktree kept with its changes, detached, and the branch deleted: a red or empty service gets none. */
    private Outcome noBranch(Path top, Path worktree, Path project, String why, List<String> problems) throws IOException {
        Exec.output(worktree, "git", "checkout", "--quiet", "--detach");
        Exec.output(top, "git", "branch", "-D", branch);
        return new Outcome(why + ": no branch", project, problems, List.of());
    }

    private static Outcome failed(Path dir, String why) {
        return new Outcome("failed", dir, List.of(why), List.of());
    }

    private static void writePatch(Path project, String patch) throws IOException {
        Path file = project.resolve("target/rewrite/rewrite.patch");
        Files.createDirectories(file.getParent());
        Files.writeString(file, patch, StandardCharsets.UTF_8);
    }

    private static boolean exists(Path top, String ref) {
        try {
            Exec.output(top, "git", "rev-parse", "--verify", "--quiet", ref);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** An earlier run's worktree of this service, gone before the new one is made. */
    private static void removeWorktree(Path top, Path worktree) throws IOException {
        if (Files.exists(worktree)) {
            try {
                Exec.output(top, "git", "worktree", "remove", "--force", worktree.toString());
            } catch (IOException e) {
                Directories.deleteRecursively(worktree);
            }
        }
        Exec.output(top, "git", "worktree", "prune");
    }
}

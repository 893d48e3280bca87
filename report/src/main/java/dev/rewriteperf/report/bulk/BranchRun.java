package dev.rewriteperf.report.bulk;

import dev.rewriteperf.report.model.Gains;
import dev.rewriteperf.report.model.RunStatus;
import dev.rewriteperf.report.model.Service;
import dev.rewriteperf.report.model.ServiceResult;
import dev.rewriteperf.report.proc.Directories;
import dev.rewriteperf.report.proc.Exec;
import dev.rewriteperf.report.proc.Git;
import dev.rewriteperf.report.proc.PluginRun;
import dev.rewriteperf.report.read.DryRunReader;
import dev.rewriteperf.report.render.PullRequest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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

    /**
     * How the service's branch went: the status the report shows, where its output is, what the run noted, whether
     * it finished (a rerun leaves it alone: a branch made, nothing to change, or red) or failed (tried again), and the
     * commit a branch was made with (a {@code --rerun} may replace a branch only while it still points there).
     */
    record Outcome(RunStatus status, Path project, List<String> problems, List<String> checks, boolean finished, String commit) {
    }

    private final String branch;
    private final Path workspace;
    private final PluginRun run;
    private final Exec exec;
    private final boolean verify;
    private final Gains gains;
    /** With {@code --rerun}: the commit this tool made the service's branch with last time, which it may replace; or empty. */
    private final String replaceable;
    /**
     * Whether an earlier bulk run tried this service's branch: a branch it left where it started (a run stopped by a
     * signal before its commit) holds nothing of anyone's, and is made again.
     */
    private final boolean triedBefore;

    BranchRun(String branch, Path workspace, PluginRun run, Exec exec, boolean verify, Gains gains, String replaceable,
              boolean triedBefore) {
        this.branch = branch;
        this.workspace = workspace.toAbsolutePath();
        this.run = run;
        this.exec = exec;
        this.verify = verify;
        this.gains = gains;
        this.replaceable = replaceable;
        this.triedBefore = triedBefore;
    }

    /**
     * Each service's branch: {@code branch}, or {@code branch-SERVICE} for services that share a git repository with
     * another of the list (a monorepo), whose branches would otherwise clash.
     */
    static Map<String, String> names(String branch, List<Service> services, Path workspace) {
        Map<String, List<String>> byRepository = new HashMap<>();
        for (Service service : services) {
            String repository = service.remote() ? service.location() : repositoryOf(service.directory(workspace));
            byRepository.computeIfAbsent(repository, r -> new ArrayList<>()).add(service.name());
        }
        Map<String, String> names = new HashMap<>();
        for (List<String> sharing : byRepository.values()) {
            // A service's name may hold what a branch name may not (a space): such characters become '-'.
            sharing.forEach(name -> names.put(name, sharing.size() > 1 ? branch + "-" + name.replaceAll("[^A-Za-z0-9._-]", "-") : branch));
        }
        return names;
    }

    private static String repositoryOf(Path dir) {
        try {
            return Git.topLevel(dir).toString();
        } catch (IOException e) {
            return dir.toAbsolutePath().toString(); // not in git: apply says so for this service alone
        }
    }

    Outcome apply(String name, Path dir, Path log) throws IOException {
        if (!Git.isWorkTree(dir)) {
            return failed(dir, "--branch needs the service in a git repository: " + dir + " is not in one");
        }
        Path top = Git.topLevel(dir);
        Path worktree = workspace.resolve("branches").resolve(name);
        String tip = tip(top, "refs/heads/" + branch);
        boolean leftWhereItStarted = triedBefore && !tip.isEmpty() && tip.equals(tip(top, "HEAD"));
        if (!tip.isEmpty() && !tip.equals(replaceable) && !leftWhereItStarted) {
            String remove = Files.exists(worktree) ? "git -C " + quoted(top) + " worktree remove --force " + quoted(worktree) + " && " : "";
            return failed(dir, "the branch " + branch + " exists already in " + top + (replaceable.isEmpty() ? "" :
                    ", with commits this tool did not make (--rerun replaces only a branch it made, unchanged since)") +
                    ": delete it (" + remove + "git -C " + quoted(top) + " branch -D " + branch + ") or give another --branch");
        }
        removeWorktree(top, worktree);
        if (!tip.isEmpty()) {
            Exec.output(top, "git", "branch", "-D", branch); // --rerun: the branch this tool made last time, as it made it
        }
        Exec.output(top, "git", "worktree", "add", "--quiet", "-b", branch, worktree.toString(), "HEAD");
        Path project = worktree.resolve(top.relativize(dir.toRealPath()).toString());
        try {
            return applyInWorktree(name, top, worktree, project, log);
        } catch (IOException | RuntimeException e) {
            // A failed hook, a signing agent, a git error: the branch goes, so that a rerun can make it anew.
            noBranch(top, worktree, project, RunStatus.of(RunStatus.Kind.FAILED), List.of());
            return new Outcome(RunStatus.of(RunStatus.Kind.FAILED, e.getMessage()), project,
                    List.of(e.getMessage() + "; see " + log), List.of(), false, "");
        }
    }

    private Outcome applyInWorktree(String name, Path top, Path worktree, Path project, Path log) throws IOException {
        Exec.Outcome applied = exec.run(run.rewrite("run"), project, log);
        if (!applied.ok()) {
            RunStatus status = applied.interrupted() ? RunStatus.of(RunStatus.Kind.INTERRUPTED) :
                    RunStatus.of(applied.timedOut() ? RunStatus.Kind.TIMED_OUT : RunStatus.Kind.RUN_FAILED, "run " + applied);
            Outcome outcome = noBranch(top, worktree, project, status, List.of("the run " + applied.withErrors() + "; see " + log));
            return new Outcome(outcome.status(), project, outcome.problems(), List.of(), false, "");
        }
        Map<Path, Boolean> changed = PackChanges.of(project, false);
        if (changed.isEmpty()) {
            return noBranch(top, worktree, project, RunStatus.of(RunStatus.Kind.NO_CHANGE), List.of());
        }
        List<String> checks = new ArrayList<>();
        String formatted = Formatter.format(project, run, exec, log);
        checks.add(formatted != null ? formatted : "its poms declare no formatter (spotless, formatter-maven-plugin, fmt)");
        List<Path> added = changed.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).toList();
        writePatch(project, Git.diff(project, added));
        if (verify) {
            Exec.Outcome build = exec.run(run.build("verify"), project, log);
            RunStatus verdict = ScratchVerify.verdict(build);
            if (verdict.kind() != RunStatus.Kind.VERIFY_GREEN && verdict.kind() != RunStatus.Kind.VERIFY_NO_TESTS) {
                return noBranch(top, worktree, project, verdict, List.of());
            }
            checks.add(verdict.kind() == RunStatus.Kind.VERIFY_GREEN ? "verify: green (mvn verify with the change applied, " +
                    build.testsRun() + " test(s) run)" : "verify: it builds, but no test ran (mvn verify with the change applied)");
        } else {
            checks.add("not verified here: bulk --verify builds and tests each service with the change");
        }
        String commit = commit(name, worktree, project, changed, checks);
        String verified = !verify ? "" : checks.get(checks.size() - 1).startsWith("verify: green") ? ", verify: green" :
                ", verify: no tests";
        return new Outcome(RunStatus.of(RunStatus.Kind.BRANCH, branch + verified), project, List.of(), checks, true, commit);
    }

    /** Commits the change on the branch and returns the commit. */
    private String commit(String name, Path worktree, Path project, Map<Path, Boolean> changed, List<String> checks) throws IOException {
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
        // No hooks and no signing: a hook or a key agent waiting for a person would stall the whole run; the person
        // who pushes the branch has both.
        commit.addAll(List.of("-c", "commit.gpgsign=false", "commit", "--quiet", "--no-verify", "-F", message.toString()));
        Exec.output(worktree, commit.toArray(new String[0]));
        return Exec.output(worktree, "git", "rev-parse", "HEAD").trim();
    }

    /** The worktree kept with its changes, detached, and the branch deleted: a red or empty service gets none. */
    private Outcome noBranch(Path top, Path worktree, Path project, RunStatus why, List<String> problems) throws IOException {
        Exec.output(worktree, "git", "checkout", "--quiet", "--detach");
        Exec.output(top, "git", "branch", "-D", branch);
        List<String> all = new ArrayList<>(problems);
        if (why.kind() != RunStatus.Kind.NO_CHANGE) {
            all.add("no branch: " + why.text() + "; the change is kept in " + worktree + ", detached, to look at");
        }
        return new Outcome(why, project, all, List.of(), true, "");
    }

    private static Outcome failed(Path dir, String why) {
        return new Outcome(RunStatus.of(RunStatus.Kind.FAILED), dir, List.of(why), List.of(), false, "");
    }

    /** A path as one shell word, for a command a person copies. */
    private static String quoted(Path path) {
        return PluginRun.shellLine(List.of(path.toString()));
    }

    private static void writePatch(Path project, String patch) throws IOException {
        Path file = project.resolve("target/rewrite/rewrite.patch");
        Files.createDirectories(file.getParent());
        Files.writeString(file, patch, StandardCharsets.UTF_8);
    }

    /** The commit {@code ref} points at, or empty when there is no such ref. */
    private static String tip(Path top, String ref) {
        try {
            return Exec.output(top, "git", "rev-parse", "--verify", "--quiet", ref).trim();
        } catch (IOException e) {
            return "";
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

package dev.rewriteperf.report;

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
     * How the service's branch went: the status the report shows, where its output is, what the run noted, and
     * whether it finished (a rerun leaves it alone: a branch made, nothing to change, or red) or failed (tried again).
     */
    record Outcome(String status, Path project, List<String> problems, List<String> checks, boolean finished) {
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
            sharing.forEach(name -> names.put(name, sharing.size() > 1 ? branch + "-" + name : branch));
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
        if (exists(top, "refs/heads/" + branch)) {
            return failed(dir, "the branch " + branch + " exists already in " + top + ": delete it (git branch -D " + branch +
                               "; git worktree remove " + worktree + ") or give another --branch");
        }
        removeWorktree(top, worktree);
        Exec.output(top, "git", "worktree", "add", "--quiet", "-b", branch, worktree.toString(), "HEAD");
        Path project = worktree.resolve(top.relativize(dir.toRealPath()).toString());
        try {
            return applyInWorktree(name, top, worktree, project, log);
        } catch (IOException | RuntimeException e) {
            // A failed hook, a signing agent, a git error: the branch goes, so that a rerun can make it anew.
            Outcome failed = noBranch(top, worktree, project, "failed", List.of(e.getMessage() + "; see " + log));
            return new Outcome("failed: " + e.getMessage(), project, failed.problems(), List.of(), false);
        }
    }

    private Outcome applyInWorktree(String name, Path top, Path worktree, Path project, Path log) throws IOException {
        Exec.Outcome applied = exec.run(run.rewrite("run"), project, log);
        if (!applied.ok()) {
            Outcome outcome = noBranch(top, worktree, project, "run " + applied, List.of("the run " + applied + "; see " + log));
            return new Outcome(outcome.status(), project, outcome.problems(), List.of(), false);
        }
        Map<Path, Boolean> changed = Git.packChanges(project, false);
        if (changed.isEmpty()) {
            return noBranch(top, worktree, project, "no change", List.of());
        }
        List<String> checks = new ArrayList<>();
        String formatted = Formatter.format(project, run, exec, log);
        checks.add(formatted != null ? formatted : "its poms declare no formatter (spotless, formatter-maven-plugin, fmt)");
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
        return new Outcome("branch " + branch + (verify ? ", verify: green" : ""), project, List.of(), checks, true);
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
        // No hooks and no signing: a hook or a key agent waiting for a person would stall the whole run; the person
        // who pushes the branch has both.
        commit.addAll(List.of("-c", "commit.gpgsign=false", "commit", "--quiet", "--no-verify", "-F", message.toString()));
        Exec.output(worktree, commit.toArray(new String[0]));
    }

    /** The worktree kept with its changes, detached, and the branch deleted: a red or empty service gets none. */
    private Outcome noBranch(Path top, Path worktree, Path project, String why, List<String> problems) throws IOException {
        Exec.output(worktree, "git", "checkout", "--quiet", "--detach");
        Exec.output(top, "git", "branch", "-D", branch);
        return new Outcome(why + ": no branch", project, problems, List.of(), true);
    }

    private static Outcome failed(Path dir, String why) {
        return new Outcome("failed", dir, List.of(why), List.of(), false);
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

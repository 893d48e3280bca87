package dev.rewriteperf.profile;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.SourceFile;
import org.openrewrite.Validated;
import org.openrewrite.java.tree.J;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * Which spots a run may rewrite. With a hot-methods table: those in methods whose share of the recording's sampled
 * allocation or CPU samples reaches {@code minimumShare}, wherever in the method (a hot {@code toString} is hot). A
 * composite still leaves alone a hot method's cold paths ({@link ColdCode#pathReason}): its asserts and debug-logging
 * blocks always, its failure paths unless the recording allocated an exception in that method. Without a table, for
 * the umbrella and the family composites: every spot but those in cold code ({@link ColdCode}: building a thrown
 * exception, a catch block, an assert, debug logging, an initialiser, {@code main}, {@code toString()}, ...), unless
 * the run asks for cold code too. A recipe activated by its own name rewrites every spot ({@link #NONE}). The table is
 * read once, on first use; a table that cannot be read lets nothing be rewritten, each spot saying why.
 */
public final class ProfileGate {

    /** No profile and no cold-code rule: every spot may be rewritten, rows carry no figures. */
    public static final ProfileGate NONE = new ProfileGate(null, null, false, false);

    /** A method below 1 % of the recording is rarely worth a reviewer's time. */
    public static final double DEFAULT_MINIMUM_SHARE = 0.01;

    private final @Nullable String hotMethods;
    private final double minimumShare;
    /** Without a table: whether spots in cold code are left alone. */
    private final boolean leavesColdCode;
    /**
     * With a table: whether spots on a hot method's cold paths (failures, asserts, debug logging) are left alone. A
     * recording samples methods, not the paths in them: that a method is hot does not say its throw runs.
     */
    private final boolean leavesColdPaths;
    /** The composite's scan of the project for the cold-code rules; null until the composite adds it. */
    private volatile @Nullable ReadProjectForColdCode project;
    private volatile @Nullable HotMethods table;
    private volatile @Nullable String unreadable;

    private ProfileGate(@Nullable String hotMethods, @Nullable Double minimumShare, boolean leavesColdCode,
                        boolean leavesColdPaths) {
        this.hotMethods = hotMethods;
        this.minimumShare = minimumShare == null ? DEFAULT_MINIMUM_SHARE : minimumShare;
        this.leavesColdCode = leavesColdCode;
        this.leavesColdPaths = leavesColdPaths;
    }

    /** The gate for a recipe's options, cold code rewritten: {@link #NONE} when no table is given. */
    public static ProfileGate of(@Nullable String hotMethods, @Nullable Double minimumShare) {
        return of(hotMethods, minimumShare, true);
    }

    /**
     * The gate of a composite's options: a table, its minimum share, and whether spots in cold code are rewritten
     * ({@code includeColdCode}). With a table, the recording decides for whole methods (a hot {@code toString} is
     * rewritten), and cold code is only a hot method's cold paths (failures, asserts, debug logging).
     */
    public static ProfileGate of(@Nullable String hotMethods, @Nullable Double minimumShare, boolean includeColdCode) {
        boolean noTable = hotMethods == null || hotMethods.trim().isEmpty();
        if (noTable && minimumShare == null && includeColdCode) {
            return NONE;
        }
        return new ProfileGate(noTable ? null : hotMethods.trim(), minimumShare, noTable && !includeColdCode,
                !noTable && !includeColdCode);
    }

    /**
     * Checks the options the way {@code Recipe.validate()} reports them: the share, and that the table reads
     * (read once: the run then uses what this read).
     */
    public Validated<Object> validate() {
        Validated<Object> valid = Validated.none();
        if (minimumShare < 0 || minimumShare > 1 || Double.isNaN(minimumShare)) {
            valid = valid.and(Validated.invalid("minimumShare", minimumShare,
                    "a share of the recording, from 0 to 1 (0.01 is 1 %)"));
        }
        if (isActive() && load() == null) {
            valid = valid.and(Validated.invalid("hotMethods", hotMethods, String.valueOf(unreadable)));
        }
        return valid;
    }

    /**
     * The scan to run before the composite's recipes: it reads the project for the cold-code rules when the composite
     * leaves cold code alone (a composite that rewrites main code only needs main code read), and keeps the files as
     * found for the rows' lines. Null for {@link #NONE}, which composites share. Made once: its accumulator is found
     * by the instance.
     */
    public synchronized @Nullable ReadProjectForColdCode projectScan(boolean mainCodeOnly) {
        if (this != NONE && project == null) {
            project = new ReadProjectForColdCode(mainCodeOnly, leavesColdCode);
        }
        return project;
    }

    /**
     * {@code file} as the composite's scan found it, before any recipe of the run changed it; null without a scan (a
     * recipe activated by its own name) or for a file it did not read.
     */
    public J.@Nullable CompilationUnit asFound(SourceFile file) {
        ReadProjectForColdCode scan = project;
        ProjectFacts facts = scan == null ? null : scan.facts();
        return facts == null ? null : facts.asFound(file);
    }

    /** Whether a hot-methods table was given (a minimum share alone gates nothing). */
    public boolean isActive() {
        return hotMethods != null;
    }

    /** The figures of the hottest method among {@code uses}, or of {@code cursor}'s without uses; see {@link #heat(Cursor)}. */
    public @Nullable MethodHeat heat(Cursor cursor, List<Cursor> uses) {
        MethodHeat hottest = uses.isEmpty() ? heat(cursor) : null;
        for (Cursor use : uses) {
            MethodHeat heat = heat(use);
            if (heat != null && (hottest == null || heat.peak() > hottest.peak())) {
                hottest = heat;
            }
        }
        return hottest;
    }

    /** The figures of the method {@code cursor} is in; null without a profile (or an unreadable one). */
    public @Nullable MethodHeat heat(Cursor cursor) {
        HotMethods methods = isActive() ? load() : null;
        MethodKey method = methods == null ? null : EnclosingMethod.of(cursor);
        return method == null ? null : methods.heatOf(method);
    }

    /** Why the spot at {@code cursor} may not be rewritten under this profile, or as cold code; null when it may. */
    public @Nullable String reasonToLeaveAlone(Cursor cursor) {
        if (!isActive()) {
            return leavesColdCode ? ColdCode.reason(cursor, project == null ? null : project.facts()) : null;
        }
        if (load() == null) {
            return "profile-guided run, but the hot-methods table could not be read: " + unreadable;
        }
        MethodHeat heat = heat(cursor);
        if (heat == null) {
            return null;
        }
        if (heat.reaches(minimumShare)) {
            return leavesColdPaths ? coldPathInAHotMethod(cursor, heat) : null;
        }
        return !heat.sampled()
                ? "cold: the recording sampled no allocation or CPU time in this method"
                : "cold: " + heat.describe() + ", below minimumShare " + MethodHeat.percent(minimumShare);
    }

    /**
     * Why the spot is cold code, in a run without a profile that leaves cold code alone; null otherwise (with a
     * profile, or cold code included, or not cold). Asked for a spot a recipe cannot rewrite, to name its context.
     */
    public @Nullable String coldCodeReason(Cursor cursor, List<Cursor> uses) {
        return !isActive() && leavesColdCode ? reasonToLeaveAlone(cursor, uses) : null;
    }

    /** Failures count as run when the method's most allocated types name an exception. */
    private static @Nullable String coldPathInAHotMethod(Cursor cursor, MethodHeat heat) {
        String path = ColdCode.pathReason(cursor, heat.allocatesExceptions());
        return path == null ? null : path + ", in a hot method (" + heat.describe() + "): a recording samples " +
                                     "methods, not the paths in them";
    }

    /**
     * For a change made in one place whose effect is where {@code uses} are (a field and the calls on it): null
     * when any use is in a hot method, else why not, from the first use.
     */
    public @Nullable String reasonToLeaveAlone(Cursor cursor, List<Cursor> uses) {
        if (uses.isEmpty()) {
            return reasonToLeaveAlone(cursor);
        }
        String first = null;
        for (Cursor use : uses) {
            String reason = reasonToLeaveAlone(use);
            if (reason == null) {
                return null;
            }
            first = first == null ? reason : first;
        }
        return uses.size() == 1 ? first + " (where it is used)" : first + " (the first of " + uses.size() + " methods that use it; none is hot)";
    }

    private @Nullable HotMethods load() {
        if (table == null && unreadable == null && hotMethods != null) {
            synchronized (this) {
                if (table == null && unreadable == null) {
                    try {
                        table = HotMethods.read(path(hotMethods));
                    } catch (IllegalArgumentException e) {
                        unreadable = e.getMessage();
                    }
                }
            }
        }
        return table;
    }

    private static Path path(String hotMethods) {
        try {
            return Paths.get(hotMethods);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("`" + hotMethods + "` is not a path (" + e.getMessage() + ")", e);
        }
    }
}

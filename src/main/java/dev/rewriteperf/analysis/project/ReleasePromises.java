package dev.rewriteperf.analysis.project;

import dev.rewriteperf.analysis.writing.Templates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.marker.JavaVersion;
import org.openrewrite.java.tree.JavaSourceFile;
import org.openrewrite.maven.tree.MavenResolutionResult;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Java release a rewrite may assume for each file: the lowest of what its build compiles it for (OpenRewrite's
 * {@link JavaVersion} marker, which follows the JDK Maven runs on through JDK-activated profiles) and what its module's
 * default build promises ({@link DeclaredRelease}). A library whose releases target Java 8 gets no Java 9 API because
 * Maven happened to run on 17.
 * <p>
 * Every recipe that needs a release scans with {@link #scanner()}; the poms are read once per recipe run, into one
 * table kept in the run's {@link ExecutionContext} (as {@link Templates} keeps its types), whichever recipe reads them.
 */
public final class ReleasePromises {

    private static final Path ROOT = Paths.get("");

    private static final String KEY = ReleasePromises.class.getName();
    private static final DeclaredRelease.Promise NONE = new DeclaredRelease.Promise(null, "");

    private final ExecutionContext ctx;
    private final BuildModules<Module> modules;
    /** Per pom's folder, its JDK-activated profiles that set the compiler, read from its text. */
    private final Map<Path, List<String>> jdkProfiles = new HashMap<>();
    /** An Android app's manifest in the project (jeromq keeps a test app in its repository), or null. */
    private @Nullable Path androidManifest;

    /** A module's pom as scanned, its promise read when first asked: after the scan, every pom's text is known. */
    private final class Module {
        private final MavenResolutionResult maven;
        private DeclaredRelease.@Nullable Promise promise;

        Module(MavenResolutionResult maven) {
            this.maven = maven;
        }

        DeclaredRelease.Promise promise() {
            if (promise == null) {
                promise = DeclaredRelease.of(maven, ctx, jdkProfilesAbove(maven.getPom().getRequested().getSourcePath()));
            }
            return promise;
        }
    }

    private ReleasePromises(ExecutionContext ctx) {
        this.ctx = ctx;
        this.modules = new BuildModules<>(Module::new);
    }

    /** The JDK profiles that set the compiler in the pom at {@code pomPath} and the poms of the folders above it. */
    private List<String> jdkProfilesAbove(@Nullable Path pomPath) {
        List<String> profiles = new ArrayList<>();
        for (Path folder = pomPath == null ? null : pomPath.getParent(); ; folder = folder.getParent()) {
            profiles.addAll(jdkProfiles.getOrDefault(folder == null ? ROOT : folder, Collections.<String>emptyList()));
            if (folder == null) {
                return profiles;
            }
        }
    }

    private static ReleasePromises of(ExecutionContext ctx) {
        return ctx.computeMessageIfAbsent(KEY, key -> new ReleasePromises(ctx));
    }

    /** A scanning recipe's scanner (or part of one): reads the release each pom's default build promises. */
    public static TreeVisitor<?, ExecutionContext> scanner() {
        return new TreeVisitor<Tree, ExecutionContext>() {
            @Override
            public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
                if (tree instanceof SourceFile) {
                    of(ctx).scan((SourceFile) tree);
                }
                return tree;
            }
        };
    }

    /** {@code scanner} and {@link #scanner()} in one: for a recipe that scans for something else too. */
    public static TreeVisitor<?, ExecutionContext> scannerWith(TreeVisitor<?, ExecutionContext> scanner) {
        TreeVisitor<?, ExecutionContext> releases = scanner();
        return new TreeVisitor<Tree, ExecutionContext>() {
            @Override
            public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
                releases.visit(tree, ctx);
                return scanner.visit(tree, ctx);
            }
        };
    }

    /**
     * The release the file at {@code cursor} may use, and why; the data table's rows for spots in the file then say it
     * ({@link #assumedAt}).
     */
    public static Release at(Cursor cursor, ExecutionContext ctx) {
        Release release = lookUp(cursor, ctx);
        if (cursor.firstEnclosing(JavaSourceFile.class) != null) {
            cursor.putMessageOnFirstEnclosing(JavaSourceFile.class, KEY, release.describe());
        }
        return release;
    }

    /** The release a recipe assumed for the file at {@code cursor}, as it reads in the data table; null when it needed none. */
    public static @Nullable String assumedAt(Cursor cursor) {
        return cursor.getNearestMessage(KEY);
    }

    /**
     * {@link #releaseOf}, at most Java 8 in a project that also builds for Android: an Android device has the Java 9+
     * methods only from some API level on ({@code MethodHandles.byteArrayViewVarHandle} from 33), which the pom does not say,
     * as an Android API signature checked by animal-sniffer does ({@link DeclaredRelease}).
     */
    private static Release lookUp(Cursor cursor, ExecutionContext ctx) {
        Release release = releaseOf(cursor, ctx);
        Path android = of(ctx).androidManifest;
        if (android == null || release.major() <= 8) {
            return release;
        }
        return new Release(8, "the project also builds for Android (" + android + "), whose API level may lack what " +
                              "Java 9 and later added (Java 8 at most assumed)");
    }

    private static Release releaseOf(Cursor cursor, ExecutionContext ctx) {
        JavaSourceFile file = cursor.firstEnclosing(JavaSourceFile.class);
        JavaVersion marker = file == null ? null : file.getMarkers().findFirst(JavaVersion.class).orElse(null);
        Module module = file == null ? null : of(ctx).modules.nearest(file.getSourcePath(), null, null);
        DeclaredRelease.Promise promise = module == null ? NONE : module.promise();
        if (marker == null) {
            return promise.major != null ? new Release(promise.major, promise.why) :
                    new Release(JavaVersions.UNKNOWN, "no Java version known, the oldest the pack supports assumed");
        }
        int compiled = Math.min(marker.getMajorVersion(), marker.getMajorReleaseVersion());
        if (promise.major != null && promise.major <= compiled) {
            return new Release(promise.major, promise.why);
        }
        // The promise's notes (a JDK profile not counted, a parent not read) still explain a pom that states no release
        return new Release(compiled, "its build compiles it for Java " + compiled + (promise.major == null ? promise.why : ""));
    }

    private synchronized void scan(SourceFile source) {
        modules.scan(source);
        Path name = source.getSourcePath().getFileName();
        if (androidManifest == null && name != null && name.toString().equals("AndroidManifest.xml")) {
            androidManifest = source.getSourcePath();
        }
        if (source.getMarkers().findFirst(MavenResolutionResult.class).isPresent()) {
            Path folder = source.getSourcePath().getParent();
            jdkProfiles.computeIfAbsent(folder == null ? ROOT : folder, f -> JdkProfiles.settingTheCompiler(source.printAll()));
        }
    }
}

package dev.rewriteperf.profile;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Loop;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Calls that cost more than any per-call rewrite saves: a file-system call ({@code File.getCanonicalPath()}, any of
 * {@code Files}), opening a file, a socket or a database statement, a name or class looked up ({@code Class.forName},
 * a resource, DNS), a reflective member lookup, starting or sleeping a thread. A spot its method reaches only after
 * one of them (zip4j's {@code FileUtils.getRelativeFileName}: {@code getCanonicalPath()}, then a regex) saves a
 * fraction of a microsecond next to a system call: no profile would show it. Reading or writing an open stream is not
 * one: that is the data path, where the rewrites' gains add up per byte or per line.
 */
final class OutweighingCalls {

    private static final String ANY = "*";

    /** Declaring type to the methods of it that outweigh a rewrite, {@link #ANY} for all of them. */
    private static final Map<String, List<String>> METHODS = new HashMap<>();
    /** What each declaring type's calls do, for the reason. */
    private static final Map<String, String> KINDS = new HashMap<>();

    /** Types whose constructor opens a file or a socket. */
    private static final List<String> OPENED = Arrays.asList("java.io.FileInputStream", "java.io.FileOutputStream",
            "java.io.RandomAccessFile", "java.io.FileReader", "java.io.FileWriter", "java.util.zip.ZipFile",
            "java.util.jar.JarFile", "java.net.Socket", "java.net.ServerSocket", "java.net.DatagramSocket");

    static {
        calls("a file-system call", "java.io.File", "exists", "isFile", "isDirectory", "isHidden", "length", "lastModified",
                "list", "listFiles", "getCanonicalPath", "getCanonicalFile", "mkdir", "mkdirs", "delete", "renameTo",
                "createNewFile", "canRead", "canWrite", "canExecute", "setLastModified", "getFreeSpace", "getUsableSpace",
                "getTotalSpace");
        calls("a file-system call", "java.nio.file.Files", ANY);
        calls("a file-system call", "java.nio.file.Path", "toRealPath");
        calls("opens a channel", "java.nio.channels.FileChannel", "open");
        calls("opens a channel", "java.nio.channels.AsynchronousFileChannel", "open");
        calls("opens a channel", "java.nio.channels.SocketChannel", "open");
        calls("opens a channel", "java.nio.channels.ServerSocketChannel", "open");
        calls("waits on the network", "java.nio.channels.Selector", "open", "select", "selectNow");
        calls("a network call", "java.net.URL", "openConnection", "openStream");
        calls("a network call", "java.net.InetAddress", "getByName", "getAllByName", "getLocalHost");
        calls("a network call", "java.net.http.HttpClient", "send");
        calls("a database call", "java.sql.DriverManager", "getConnection");
        calls("a database call", "java.sql.Connection", "prepareStatement", "prepareCall", "createStatement", "commit",
                "rollback");
        calls("a database call", "java.sql.Statement", "execute", "executeQuery", "executeUpdate", "executeBatch",
                "executeLargeUpdate");
        calls("looks up a class or a resource", "java.lang.Class", "forName", "getResource", "getResourceAsStream",
                "getDeclaredMethod", "getMethod", "getDeclaredField", "getField", "getDeclaredConstructor",
                "getConstructor");
        calls("looks up a class or a resource", "java.lang.ClassLoader", "loadClass", "getResource", "getResources",
                "getResourceAsStream", "getSystemResource", "getSystemResourceAsStream");
        calls("starts or parks a thread", "java.lang.Thread", "start", "sleep", "join");
        calls("starts a process", "java.lang.ProcessBuilder", "start");
        calls("starts a process", "java.lang.Runtime", "exec");
    }

    private OutweighingCalls() {
    }

    private static void calls(String kind, String type, String... names) {
        METHODS.put(type, Arrays.asList(names));
        KINDS.put(type, kind);
    }

    /**
     * The reason to leave the spot at {@code spot} alone when its method (at {@code method}) always makes one of these
     * calls where the spot runs, else null. Always: the call is under no branch, loop or function the spot is not
     * under, and in every loop or function the spot is in (the spot and the call repeat together); one after the spot
     * counts only with no {@code return}, {@code throw}, {@code break} or {@code continue} between them (apollo's
     * {@code loadFromResource} names a resource, then loads it: both its names are left alone, not one).
     */
    static @Nullable String reason(Cursor spot, Cursor method) {
        J.MethodDeclaration declaration = method.getValue();
        Object spotValue = spot.getValue();
        if (spotValue instanceof Loop) {
            return null; // a loop's work grows with the data it goes through, not with calls: opening a file does not outweigh it
        }
        List<Object> spotScopes = scopes(spot, declaration);
        List<Object> spotLoops = new ArrayList<>();
        for (Object scope : spotScopes) {
            if (repeats(scope) && !leavesAfter(spot, scope)) {
                spotLoops.add(scope);
            }
        }
        AtomicReference<String> found = new AtomicReference<>();
        AtomicBoolean pastSpot = new AtomicBoolean();
        AtomicBoolean mayLeave = new AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
            @Override
            public @Nullable J visit(@Nullable Tree tree, Integer p) {
                if (found.get() != null && pastSpot.get() || mayLeave.get()) {
                    return (J) tree;
                }
                if (pastSpot.get() && (tree instanceof J.Return || tree instanceof J.Throw || tree instanceof J.Break
                                       || tree instanceof J.Continue)) {
                    mayLeave.set(true); // a way out after the spot: what follows it may not run when the spot does
                    return (J) tree;
                }
                J visited = super.visit(tree, p);
                if (tree == spotValue) {
                    pastSpot.set(true);
                }
                return visited;
            }

            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation call, Integer p) {
                J.MethodInvocation visited = super.visitMethodInvocation(call, p);
                String outweighing = describe(call.getMethodType());
                if (found.get() == null && outweighing != null && runsWithTheSpot(getCursor(), declaration, spotScopes, spotLoops)) {
                    found.set(outweighing);
                }
                return visited;
            }

            @Override
            public J.NewClass visitNewClass(J.NewClass creation, Integer p) {
                J.NewClass visited = super.visitNewClass(creation, p);
                JavaType.FullyQualified type = TypeUtils.asFullyQualified(creation.getType());
                if (found.get() == null && type != null && OPENED.contains(type.getFullyQualifiedName())
                    && runsWithTheSpot(getCursor(), declaration, spotScopes, spotLoops)) {
                    found.set("new " + type.getClassName() + "(..), which opens a file or a socket");
                }
                return visited;
            }
        }.visit(declaration, 0, method.getParentOrThrow());
        if (found.get() == null || !pastSpot.get()) {
            return null; // the spot was not met as the method was read: which calls go with it is not known
        }
        return "cold: its method always calls " + found.get() + ", which costs more than the rewrite saves";
    }

    private static @Nullable String describe(JavaType.@Nullable Method type) {
        if (type == null) {
            return null;
        }
        for (Map.Entry<String, List<String>> calls : METHODS.entrySet()) {
            boolean named = calls.getValue().contains(ANY) || calls.getValue().contains(type.getName());
            if (named && TypeUtils.isAssignableTo(calls.getKey(), type.getDeclaringType())) {
                return type.getDeclaringType().getClassName() + "." + type.getName() + "(..), " + KINDS.get(calls.getKey());
            }
        }
        return null;
    }

    private static boolean runsWithTheSpot(Cursor call, J.MethodDeclaration method, List<Object> spotScopes, List<Object> spotLoops) {
        List<Object> callScopes = scopes(call, method);
        return containsAll(spotScopes, callScopes) && containsAll(callScopes, spotLoops);
    }

    private static boolean containsAll(List<Object> outer, List<Object> inner) {
        for (Object scope : inner) {
            boolean in = false;
            for (Object candidate : outer) {
                in |= candidate == scope;
            }
            if (!in) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the spot's run of {@code loop} ends in a {@code break} or a {@code return} after it, in its block or one
     * around it inside the loop (verifyica's {@code if (line.startsWith("cpu ")) { ..split..; break; }}): the loop runs
     * the spot once.
     */
    private static boolean leavesAfter(Cursor spot, Object loop) {
        for (Cursor c = spot.getParent(); c != null && c.getValue() != loop; c = c.getParent()) {
            if (c.getValue() instanceof J.Lambda || c.getValue() instanceof Loop || c.getValue() instanceof J.Switch
                || c.getValue() instanceof J.SwitchExpression) {
                return false; // a break there leaves an inner loop or a switch, or nothing
            }
        }
        Object child = spot.getValue();
        for (Cursor c = spot.getParent(); c != null && c.getValue() != loop; c = c.getParent()) {
            Object value = c.getValue();
            if (!(value instanceof Tree)) {
                continue;
            }
            if (value instanceof J.Block) {
                boolean after = false;
                for (Statement statement : ((J.Block) value).getStatements()) {
                    if (after && (statement instanceof J.Break && ((J.Break) statement).getLabel() == null
                                  || statement instanceof J.Return)) {
                        return true;
                    }
                    after |= statement == child;
                }
            }
            child = value;
        }
        return false;
    }

    /**
     * Whether {@code child} of {@code loop} runs on every round: its body, a condition, a for loop's update
     * ({@code header = reader.next()}); not a for loop's first clause, nor the collection a for-each loop goes over.
     */
    private static boolean repeatsInLoop(Loop loop, Object child, @Nullable Object grandchild) {
        if (child == loop.getBody()) {
            return true;
        }
        if (loop instanceof J.ForEachLoop) {
            return false;
        }
        return !(loop instanceof J.ForLoop) || !((J.ForLoop) loop).getControl().getInit().contains(grandchild);
    }

    private static boolean repeats(Object scope) {
        return scope instanceof Loop || scope instanceof J.Lambda;
    }

    /**
     * The trees between {@code at} and its method that decide whether or how often it runs: a loop or function it is
     * in the body, condition or update of, and the branch it is on (a then- or else-part, a case, a catch, one side
     * of a ternary, the right side of {@code &&} or {@code ||}), and a nested class, whose code runs when called.
     */
    private static List<Object> scopes(Cursor at, J.MethodDeclaration method) {
        List<Object> scopes = new ArrayList<>();
        Object child = at.getValue();
        Object grandchild = null;
        for (Cursor c = at.getParent(); c != null && c.getValue() != method; c = c.getParent()) {
            Object parent = c.getValue();
            if (!(parent instanceof Tree)) {
                continue; // padding and containers: their tree is the next one up
            }
            Object scope = scope(parent, child, grandchild);
            if (scope != null) {
                scopes.add(scope);
            }
            grandchild = child;
            child = parent;
        }
        return scopes;
    }

    private static @Nullable Object scope(Object parent, Object child, @Nullable Object grandchild) {
        if (parent instanceof Loop && repeatsInLoop((Loop) parent, child, grandchild)
            || parent instanceof J.Lambda || parent instanceof J.ClassDeclaration || parent instanceof J.MethodDeclaration) {
            return parent;
        }
        if (parent instanceof J.If && child == ((J.If) parent).getThenPart() || child instanceof J.If.Else
            || child instanceof J.Case || child instanceof J.Try.Catch
            || parent instanceof J.Ternary && child != ((J.Ternary) parent).getCondition()
            || parent instanceof J.NewClass && child == ((J.NewClass) parent).getBody()) {
            return child;
        }
        if (parent instanceof J.Binary && child == ((J.Binary) parent).getRight()) {
            J.Binary.Type operator = ((J.Binary) parent).getOperator();
            return operator == J.Binary.Type.And || operator == J.Binary.Type.Or ? child : null;
        }
        return null;
    }
}

package dev.rewriteperf.analysis.project;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.tree.J;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether the project's Checkstyle forbids the numbers a rewrite writes ({@code 31} in a hash written out, the radix
 * {@code 10}, the load factor {@code 0.75}): its {@code MagicNumber} check fails the build on any number but those it
 * ignores ({@code -1, 0, 1, 2} unless configured), and an Apache Commons build runs it (commons-text's gauntlet run
 * failed on a {@code 31}). A scanning recipe's accumulator: the scanner reads every XML file of the project for a
 * {@code MagicNumber} module and its {@code ignoreNumbers}, {@code ignoreHashCodeMethod} and
 * {@code ignoreFieldDeclaration}, and a pom that names Checkstyle's {@code sun_checks.xml}, which has one.
 */
public final class MagicNumbers {

    private static final Pattern MODULE = Pattern.compile("<module\\s+name\\s*=\\s*\"(?:[\\w.]*\\.)?MagicNumber(?:Check)?\"\\s*(/>|>(.*?)</module>)",
            Pattern.DOTALL);
    private static final Pattern PROPERTY = Pattern.compile("<property\\s+name\\s*=\\s*\"(\\w+)\"\\s+value\\s*=\\s*\"([^\"]*)\"");
    private static final List<String> DEFAULT_IGNORED = Arrays.asList("-1", "0", "1", "2");

    /** One MagicNumber module of the project's Checkstyle configurations. */
    private static final class Check {
        final String file;
        List<String> ignored = DEFAULT_IGNORED;
        boolean ignoreHashCodeMethod;
        boolean ignoreFieldDeclaration;

        Check(String file) {
            this.file = file;
        }
    }

    private final List<Check> checks = new ArrayList<>();

    /** A project without any MagicNumber check, for recipes that write no number it could forbid. */
    public static MagicNumbers none() {
        return new MagicNumbers();
    }

    /** Notes each MagicNumber module of the XML files (Checkstyle configurations, poms) it is handed. */
    public TreeVisitor<?, ExecutionContext> scanner() {
        return new TreeVisitor<Tree, ExecutionContext>() {
            @Override
            public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
                boolean xml = tree instanceof SourceFile && (tree.getClass().getName().startsWith("org.openrewrite.xml.") ||
                        ((SourceFile) tree).getSourcePath().toString().endsWith(".xml"));
                if (xml) {
                    scan((SourceFile) tree);
                }
                return tree;
            }
        };
    }

    private synchronized void scan(SourceFile file) {
        String text = file.printAll();
        String path = file.getSourcePath().toString();
        if (path.endsWith("pom.xml") && text.contains("sun_checks.xml")) { // a build that checks with Checkstyle's own
            checks.add(new Check(path));
        }
        Matcher module = MODULE.matcher(text);
        while (module.find()) {
            Check check = new Check(path);
            Matcher property = PROPERTY.matcher(module.group(2) == null ? "" : module.group(2));
            while (property.find()) {
                String value = property.group(2).trim();
                if (property.group(1).equals("ignoreNumbers")) {
                    check.ignored = Arrays.asList(value.split("\\s*,\\s*"));
                } else if (property.group(1).equals("ignoreHashCodeMethod")) {
                    check.ignoreHashCodeMethod = Boolean.parseBoolean(value);
                } else if (property.group(1).equals("ignoreFieldDeclaration")) {
                    check.ignoreFieldDeclaration = Boolean.parseBoolean(value);
                }
            }
            checks.add(check);
        }
    }

    /**
     * Why {@code number} written at {@code site} would fail the project's Checkstyle, or null when no MagicNumber
     * check of it forbids the number there.
     */
    public synchronized @Nullable String reason(String number, Cursor site) {
        for (Check check : checks) {
            if (!ignores(check, number, site)) {
                return "the project's Checkstyle (" + check.file + ") forbids magic numbers, and the rewrite would write " +
                       number;
            }
        }
        return null;
    }

    private static boolean ignores(Check check, String number, Cursor site) {
        if (check.ignored.stream().anyMatch(ignored -> sameNumber(ignored, number))) {
            return true;
        }
        J.MethodDeclaration method = site.firstEnclosing(J.MethodDeclaration.class);
        if (check.ignoreHashCodeMethod && method != null && method.getSimpleName().equals("hashCode") &&
            method.getParameters().stream().allMatch(p -> p instanceof J.Empty)) {
            return true;
        }
        return check.ignoreFieldDeclaration && method == null && site.firstEnclosing(J.VariableDeclarations.class) != null;
    }

    private static boolean sameNumber(String a, String b) {
        try {
            return Double.parseDouble(a) == Double.parseDouble(b);
        } catch (NumberFormatException e) {
            return a.equals(b);
        }
    }
}

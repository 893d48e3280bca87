package dev.rewriteperf.analysis.writing;

import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.format.NormalizeLineBreaksVisitor;
import org.openrewrite.java.style.Autodetect;
import org.openrewrite.java.style.TabsAndIndentsStyle;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;
import org.openrewrite.marker.Marker;
import org.openrewrite.marker.Markers;
import org.openrewrite.style.GeneralFormatStyle;
import org.openrewrite.style.NamedStyles;
import org.openrewrite.style.Style;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.WeakHashMap;

/**
 * Keeps a rewritten file in its own format. Code a recipe adds is formatted by OpenRewrite with the styles
 * attached to the file: the Maven and Gradle plugins attach the styles they detect over the whole project, but
 * a file parsed on its own (a test, an IDE run) has none, and then OpenRewrite indents with four spaces. And
 * some whitespace a recipe writes itself ({@code "\n"} before an added member or import) is never formatted.
 * So, around a recipe's visitor: a file without styles, or indented with tabs where the project's style says
 * spaces (or the other way round), or by two spaces where it says four, gets those detected in the file itself
 * while the recipe runs; and a changed file whose line breaks were all CRLF, or all LF, has every line break made so
 * again. A file that mixed them is left as the recipe wrote it, since no single separator is its own.
 */
public final class FileFormat {

    /**
     * {@link #ownStyles} by file id, which every version of a file shares; weak keys, so a file's entry goes with
     * the file.
     */
    private static final Map<UUID, Optional<NamedStyles>> OWN_STYLES = Collections.synchronizedMap(new WeakHashMap<>());

    private FileFormat() {
    }

    /** {@code visitor}, keeping the format of each file it changes. Put it inside the recipe's preconditions. */
    public static TreeVisitor<?, ExecutionContext> keptBy(TreeVisitor<?, ExecutionContext> visitor) {
        return new TreeVisitor<Tree, ExecutionContext>() {
            @Override
            public boolean isAcceptable(SourceFile sourceFile, ExecutionContext ctx) {
                return visitor.isAcceptable(sourceFile, ctx);
            }

            @Override
            public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
                if (!(tree instanceof J.CompilationUnit)) {
                    return visitor.visit(tree, ctx);
                }
                J.CompilationUnit original = (J.CompilationUnit) tree;
                NamedStyles detected = ownStyles(original);
                J.CompilationUnit styled = detected == null ? original : original.withMarkers(original.getMarkers().add(detected));
                Tree visited = visitor.visit(styled, ctx);
                if (visited == styled || !(visited instanceof J.CompilationUnit)) {
                    return visited == styled ? original : visited;
                }
                J.CompilationUnit rewritten = (J.CompilationUnit) visited;
                if (detected != null) {
                    rewritten = rewritten.withMarkers(without(rewritten.getMarkers(), detected));
                }
                return withLineBreaksOf(original, AlignedComments.keptFrom(original, withImportGroupsOf(original, rewritten)), ctx);
            }
        };
    }

    /**
     * {@code rewritten} with the blank line back before each import that had one: an added import
     * ({@code java.util.regex.Pattern} after {@code java.util.WeakHashMap}) may take the blank line that set the next
     * group apart (javassist's {@code MemberResolver}: its {@code javassist.*} imports joined the {@code java.util} ones).
     * Not after an added import that starts the group itself: {@code java.util.ArrayList} added before
     * {@code java.util.List} takes the group's blank line, and {@code List} follows it in the group.
     */
    private static J.CompilationUnit withImportGroupsOf(J.CompilationUnit original, J.CompilationUnit rewritten) {
        Map<String, Space> groupStarts = new HashMap<>();
        for (J.Import anImport : original.getImports()) {
            if (startsAGroup(anImport.getPrefix())) {
                groupStarts.put(Imports.importedName(anImport), anImport.getPrefix());
            }
        }
        if (groupStarts.isEmpty()) {
            return rewritten;
        }
        Set<String> originals = new HashSet<>();
        for (J.Import anImport : original.getImports()) {
            originals.add(Imports.importedName(anImport));
        }
        boolean restored = false;
        List<J.Import> imports = new ArrayList<>(rewritten.getImports());
        for (int i = 1; i < imports.size(); i++) {
            J.Import anImport = imports.get(i);
            Space groupStart = groupStarts.get(Imports.importedName(anImport));
            // an added import that starts the group itself (java.util.ArrayList before java.util.List) keeps its start,
            // and so does the first of several added at the start (MethodHandles and VarHandle before java.nio.ByteBuffer)
            // where it is of the group's root (java, not jakarta before javax)
            int first = i - 1;
            while (first > 0 && !originals.contains(Imports.importedName(imports.get(first - 1)))
                   && !originals.contains(Imports.importedName(imports.get(first)))) {
                first--;
            }
            boolean addedFirstInGroup = !originals.contains(Imports.importedName(imports.get(first)))
                                        && startsAGroup(imports.get(first).getPrefix())
                                        && root(imports.get(first)).equals(root(anImport));
            if (groupStart != null && !startsAGroup(anImport.getPrefix()) && !addedFirstInGroup) {
                imports.set(i, anImport.withPrefix(groupStart));
                restored = true;
            }
        }
        return restored ? rewritten.withImports(imports) : rewritten;
    }

    /** {@code java} of {@code java.nio.ByteBuffer}: imports of one root belong to one group in every usual layout. */
    private static String root(J.Import anImport) {
        String name = Imports.importedName(anImport);
        return name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
    }

    private static boolean startsAGroup(Space prefix) {
        return BlankLines.startsWithBlankLine(prefix);
    }

    /**
     * The styles detected in the file itself, when it has none attached or indents unlike them; null when the
     * attached styles are its own. Learnt once a file: every recipe of a run asks, a file's indentation is the same
     * in each version of it, and printing the file to learn it costs about as much as a recipe's visit.
     */
    private static @Nullable NamedStyles ownStyles(J.CompilationUnit cu) {
        // learnt outside the map's lock, which computeIfAbsent would hold while the file is printed and sampled
        Optional<NamedStyles> known = OWN_STYLES.get(cu.getId());
        if (known == null) {
            boolean styled = hasIndentStyle(cu);
            String text = styled ? cu.printAll() : "";
            known = Optional.ofNullable(!styled || indentsUnlikeItsStyle(cu, text) ? detectedIn(cu) : ownIfIndentedBy(cu, text));
            OWN_STYLES.putIfAbsent(cu.getId(), known);
        }
        return known.orElse(null);
    }

    /**
     * The styles detected in a file that indents with spaces, as its attached style says, but by another count: a
     * two-space file in a project of four-space ones. Null when it indents by the attached style's count.
     */
    private static @Nullable NamedStyles ownIfIndentedBy(J.CompilationUnit cu, String text) {
        TabsAndIndentsStyle attached = Objects.requireNonNull(Style.from(TabsAndIndentsStyle.class, cu));
        if (Boolean.TRUE.equals(attached.getUseTabCharacter()) || attached.getIndentSize() == null
            || !indentsOtherThanBy(text, attached.getIndentSize())) {
            return null;
        }
        NamedStyles detected = detectedIn(cu);
        TabsAndIndentsStyle own = NamedStyles.merge(TabsAndIndentsStyle.class, Collections.singletonList(detected));
        return own != null && !Boolean.TRUE.equals(own.getUseTabCharacter()) && !Objects.equals(own.getIndentSize(), attached.getIndentSize())
                ? detected : null;
    }

    /**
     * Whether a file may indent by another count than {@code size}: the least indentation of its code (a class's
     * members, in a file indented by {@code size}) is another. Cheap, so that only such a file is sampled; and a file
     * with nothing indented (the detector would answer its default) keeps the attached style.
     */
    private static boolean indentsOtherThanBy(String text, int size) {
        int least = Integer.MAX_VALUE;
        for (String line : text.split("\n")) {
            int spaces = 0;
            while (spaces < line.length() && line.charAt(spaces) == ' ') {
                spaces++;
            }
            if (spaces > 0 && spaces < line.length() && line.charAt(spaces) != '*' && !Character.isWhitespace(line.charAt(spaces))) {
                least = Math.min(least, spaces); // indented code, not a blank line or a comment's continuation
            }
        }
        return least != Integer.MAX_VALUE && least != size;
    }

    /**
     * The indentation and line breaks detected in the file, as a style marker. Only those: with no evidence in the
     * file, the detector's other styles would differ from the defaults a project without styles gets.
     */
    private static NamedStyles detectedIn(J.CompilationUnit cu) {
        Autodetect.Detector detector = Autodetect.detector();
        detector.sample(cu);
        Autodetect detected = detector.build();
        List<Style> styles = new ArrayList<>();
        styles.add(detected.getStyle(TabsAndIndentsStyle.class));
        styles.add(detected.getStyle(GeneralFormatStyle.class));
        styles.removeIf(Objects::isNull);
        return new NamedStyles(Tree.randomId(), FileFormat.class.getName(), "File format", "Detected in the file itself.",
                Collections.emptySet(), styles);
    }

    private static Markers without(Markers markers, Marker marker) {
        List<Marker> kept = new ArrayList<>(markers.getMarkers());
        kept.removeIf(m -> m.getId().equals(marker.getId()));
        return markers.withMarkers(kept);
    }

    private static boolean hasIndentStyle(J.CompilationUnit cu) {
        return Style.from(TabsAndIndentsStyle.class, cu) != null;
    }

    /**
     * The file indents its lines with tabs where the attached style, detected over the whole project, says spaces,
     * or the other way round: a tab-indented file in a project of space-indented ones. Its own style then wins.
     */
    private static boolean indentsUnlikeItsStyle(J.CompilationUnit cu, String text) {
        TabsAndIndentsStyle style = Objects.requireNonNull(Style.from(TabsAndIndentsStyle.class, cu));
        int tabs = 0;
        int spaces = 0;
        for (String line : text.split("\n")) {
            if (line.startsWith("\t")) {
                tabs++;
            } else if (line.startsWith("  ")) {
                spaces++;
            }
        }
        boolean fileUsesTabs = tabs > spaces;
        return tabs + spaces > 0 && fileUsesTabs != Boolean.TRUE.equals(style.getUseTabCharacter());
    }

    /** {@code rewritten} with every line break as in {@code original}, when the original used one kind only. */
    private static J.CompilationUnit withLineBreaksOf(J.CompilationUnit original, J.CompilationUnit rewritten, ExecutionContext ctx) {
        LineBreaks before = LineBreaks.in(original.printAll());
        if (before == LineBreaks.MIXED || before == LineBreaks.NONE || LineBreaks.in(rewritten.printAll()) == before) {
            return rewritten;
        }
        GeneralFormatStyle style = new GeneralFormatStyle(before == LineBreaks.CRLF);
        return (J.CompilationUnit) new NormalizeLineBreaksVisitor<ExecutionContext>(style, null).visitNonNull(rewritten, ctx);
    }

    enum LineBreaks {
        NONE, LF, CRLF, MIXED;

        static LineBreaks in(String text) {
            boolean crlf = false;
            boolean lf = false;
            for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
                if (i > 0 && text.charAt(i - 1) == '\r') {
                    crlf = true;
                } else {
                    lf = true;
                }
                if (crlf && lf) {
                    return MIXED;
                }
            }
            return crlf ? CRLF : lf ? LF : NONE;
        }
    }
}

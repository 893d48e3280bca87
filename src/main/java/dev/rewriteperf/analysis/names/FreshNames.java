package dev.rewriteperf.analysis.names;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * Local variable names that clash with nothing in the enclosing method: no local declared anywhere in it
 * (before or after, in any nested scope), no field or method it names, no lambda parameter. A new loop's own
 * variable ({@link #takeInLoop}) need only be free where that loop is, so sibling loops of one method are named alike.
 */
public final class FreshNames {

    private static final String TAKEN = FreshNames.class.getName();
    private static final String LOOPS_TAKEN = FreshNames.class.getName() + ".loops";
    /**
     * Last words of names that end as plurals do but are not plain ones: singular nouns and acronyms ({@code alias},
     * {@code dns}), and plurals whose singular their ending does not tell ({@code movies}, {@code indices}).
     */
    private static final Set<String> NOT_PLURAL_OR_UNCLEAR = new HashSet<>(Arrays.asList("alias", "canvas", "atlas",
            "bias", "gas", "news", "lens", "means", "series", "species", "dns", "https", "aws", "sms", "gps", "jms", "kms",
            "cors", "movies", "cookies", "zombies", "calories", "rookies", "pies", "ties", "lies", "dies", "indices",
            "vertices", "matrices", "appendices", "apices", "vortices"));
    /** Keywords and literals, and {@code var}: not names for a variable. */
    private static final Set<String> RESERVED = new HashSet<>(Arrays.asList(
            "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
            "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
            "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
            "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
            "throw", "throws", "transient", "try", "void", "volatile", "while", "var", "record", "yield", "true",
            "false", "null"));

    private final Set<String> taken;
    /** The names written in the scope other than as the name of a method called, declared or referenced. */
    private final Set<String> takenOtherThanByMethods;
    /** The names taken for code not yet in the tree, shared by every {@code FreshNames} of the same scope. */
    private final Set<String> pending;
    /** The statement of a block the names are for, with what encloses it; null outside a block. */
    private final @Nullable LoopNames here;
    /** The loop variables taken for loops not yet in the tree, shared by every {@code FreshNames} of the scope. */
    private final List<LoopNames> pendingLoops;
    /** The names {@link #takeInLoop} must avoid at {@link #here}, computed when first asked. */
    private @Nullable Set<String> takenInLoop;

    private FreshNames(Set<String> taken, Set<String> takenOtherThanByMethods, Set<String> pending,
                       @Nullable LoopNames here, List<LoopNames> pendingLoops) {
        this.taken = taken;
        this.takenOtherThanByMethods = takenOtherThanByMethods;
        this.pending = pending;
        this.here = here;
        this.pendingLoops = pendingLoops;
        taken.addAll(pending);
        takenOtherThanByMethods.addAll(pending);
        // a new declaration here must differ from the variables of loops scheduled around it or inside it
        Set<String> loopNames = namesOfLoopsAroundOrInside();
        taken.addAll(loopNames);
        takenOtherThanByMethods.addAll(loopNames);
    }

    /** The variables of the loops scheduled around or inside {@link #here}; of every scheduled loop outside a block. */
    private Set<String> namesOfLoopsAroundOrInside() {
        Set<String> names = new HashSet<>();
        for (LoopNames loop : pendingLoops) {
            if (here == null || loop.overlaps(here)) {
                names.addAll(loop.names);
            }
        }
        return names;
    }

    /**
     * The names free in the method (or class) around {@code cursor}, leaving out those that earlier calls for
     * the same method took for code that is scheduled but not yet written.
     */
    public static FreshNames near(Cursor cursor) {
        Cursor scope = cursor.dropParentUntil(v -> v instanceof J.MethodDeclaration || v instanceof J.ClassDeclaration ||
                                                   v instanceof J.CompilationUnit);
        J tree = scope.getValue();
        return new FreshNames(identifiersIn(tree), identifiersOtherThanMethodNamesIn(tree),
                scope.computeMessageIfAbsent(TAKEN, k -> new HashSet<>()), LoopNames.at(cursor, scope),
                scope.computeMessageIfAbsent(LOOPS_TAKEN, k -> new ArrayList<>()));
    }

    /**
     * A name for a variable declared only in a new loop that takes the place of the statement around the cursor
     * (its loop variable): free of the names the statement writes, of those declared in the blocks around it and of
     * the parameters and conditions that enclose it, and of the names taken for new code around or inside it. A
     * sibling statement's own locals and loops do not count, nor method names, since a variable never hides a
     * method. Outside a block's statement, as {@link #take}.
     */
    public String takeInLoop(String base) {
        if (here == null) {
            return take(base);
        }
        String name = base;
        for (int n = 2; !isFreeInLoop(name); n++) {
            name = base + n;
        }
        takenInLoop.add(name);
        // this rewrite's own later names avoid it; other statements' do only where their statements overlap this one
        // (pendingLoops), since a statement that does not declares nothing in the loop's scope
        taken.add(name);
        takenOtherThanByMethods.add(name);
        if (!pendingLoops.contains(here)) {
            pendingLoops.add(here);
        }
        here.names.add(name);
        return name;
    }

    /** Whether {@link #takeInLoop} would take {@code name} as it is, without a number. */
    public boolean isFreeInLoop(String name) {
        if (here == null) {
            return !taken.contains(name);
        }
        if (takenInLoop == null) {
            takenInLoop = here.visibleNames();
            takenInLoop.addAll(pending);
            takenInLoop.addAll(namesOfLoopsAroundOrInside());
        }
        return !takenInLoop.contains(name);
    }

    private static Set<String> identifiersOtherThanMethodNamesIn(J tree) {
        return identifiersOtherThanMethodNamesIn(tree, null);
    }

    /** The names written in {@code tree} other than as a method's, leaving out those inside {@code skipped}. */
    private static Set<String> identifiersOtherThanMethodNamesIn(J tree, @Nullable J skipped) {
        Set<String> names = new HashSet<>();
        new JavaIsoVisitor<Set<String>>() {
            @Override
            public @Nullable J visit(@Nullable Tree t, Set<String> found) {
                return t != null && t == skipped ? (J) t : super.visit(t, found);
            }

            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, Set<String> found) {
                Object parent = getCursor().getParentTreeCursor().getValue();
                boolean methodName = parent instanceof J.MethodInvocation && ((J.MethodInvocation) parent).getName() == identifier ||
                                     parent instanceof J.MethodDeclaration && ((J.MethodDeclaration) parent).getName() == identifier ||
                                     parent instanceof J.MemberReference && ((J.MemberReference) parent).getReference() == identifier;
                if (!methodName) {
                    found.add(identifier.getSimpleName());
                }
                return identifier;
            }
        }.visit(tree, names);
        return names;
    }

    /** Every simple name written in {@code tree}: variables, fields, methods, types, labels. */
    public static Set<String> identifiersIn(J tree) {
        Set<String> names = new HashSet<>();
        new JavaIsoVisitor<Set<String>>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, Set<String> found) {
                found.add(identifier.getSimpleName());
                return identifier;
            }
        }.visit(tree, names);
        return names;
    }

    /** A loop counter: {@code i}, {@code j} or {@code k} if one is free, else {@code index}, {@code index2}, ... */
    public String takeIndex() {
        for (String name : new String[]{"i", "j", "k"}) {
            if (taken.add(name)) {
                takenOtherThanByMethods.add(name);
                pending.add(name);
                return name;
            }
        }
        return take("index");
    }

    /**
     * Like {@link #take}, but {@code base} may also be the name of a method: for a local holding what that method
     * returns ({@code List<Item> items = items();}). Variables and methods have separate names in Java, so the
     * local hides nothing and no call changes meaning.
     */
    public String takeBesideMethods(String base) {
        if (!takenOtherThanByMethods.contains(base) && !pending.contains(base)) {
            taken.add(base);
            takenOtherThanByMethods.add(base);
            pending.add(base);
            return base;
        }
        return take(base);
    }

    /** Whether {@link #takeBesideMethods} would give {@code name} itself. */
    public boolean isFreeBesideMethods(String name) {
        return !takenOtherThanByMethods.contains(name) && !pending.contains(name);
    }

    /** {@code base} if it is free, else the first free of {@code base2}, {@code base3}, ...; then taken. */
    public String take(String base) {
        String name = base;
        for (int n = 2; taken.contains(name); n++) {
            name = base + n;
        }
        taken.add(name);
        takenOtherThanByMethods.add(name);
        pending.add(name);
        return name;
    }

    /**
     * One of what a plural name holds: {@code languageTags} -> {@code languageTag}, {@code entries} -> {@code entry},
     * {@code boxes} -> {@code box}; null for a name that is not a plain English plural ({@code status}, {@code class},
     * {@code data}, {@code dns}), whose singular its ending does not tell ({@code aliases}, {@code cases},
     * {@code movies}, {@code indices}) or is not a usable name.
     */
    public static @Nullable String singular(String plural) {
        List<String> words = ConstantNames.words(plural);
        String last = words.get(words.size() - 1).toLowerCase(Locale.ROOT);
        if (NOT_PLURAL_OR_UNCLEAR.contains(last) || last.endsWith("ses") && !last.endsWith("sses")) {
            return null; // alias-es or case-s, status-es or cause-s
        }
        String one;
        if (plural.endsWith("ies") && plural.length() > 4) {
            one = plural.substring(0, plural.length() - 3) + "y";
        } else if (plural.endsWith("sses") || plural.endsWith("xes") || plural.endsWith("ches") || plural.endsWith("shes")) {
            one = plural.substring(0, plural.length() - 2);
        } else if (plural.endsWith("s") && !plural.endsWith("ss") && !plural.endsWith("us") && !plural.endsWith("is") &&
                   plural.length() > 2) {
            one = plural.substring(0, plural.length() - 1);
        } else {
            return null;
        }
        return isUsableName(one) ? one : null;
    }

    /** {@code Order} -> {@code order}, {@code URLConnection} -> {@code urlConnection}, {@code ID} -> {@code id}. */
    public static String decapitalized(String name) {
        if (name.isEmpty()) {
            return name;
        }
        int upper = 0;
        while (upper < name.length() && Character.isUpperCase(name.charAt(upper))) {
            upper++;
        }
        // "URLConnection" -> "urlConnection", "ID" -> "id"
        int lower = upper > 1 && upper < name.length() ? upper - 1 : Math.max(upper, 1);
        return name.substring(0, lower).toLowerCase(Locale.ROOT) + name.substring(lower);
    }

    /** A Java identifier that is not a keyword, a literal or {@code var}, and has no {@code $}. */
    public static boolean isUsableName(String name) {
        return !name.isEmpty() && Character.isJavaIdentifierStart(name.charAt(0)) &&
               name.chars().allMatch(Character::isJavaIdentifierPart) && !RESERVED.contains(name) && !name.contains("$");
    }

    /** A statement of a block that new code takes the place of, the trees around it, and its loops' variables. */
    private static final class LoopNames {

        private final Cursor statement;
        private final UUID id;
        /** The ids of the statement and of every tree around it. */
        private final Set<UUID> around = new HashSet<>();
        private final Set<String> names = new HashSet<>();

        private LoopNames(Cursor statement) {
            this.statement = statement;
            this.id = ((Tree) statement.getValue()).getId();
        }

        /** The statement of a block at or around {@code cursor}, inside {@code scope}; null when there is none. */
        static @Nullable LoopNames at(Cursor cursor, Cursor scope) {
            for (Cursor c = cursor; c != null && c.getValue() != scope.getValue(); c = c.getParent()) {
                if (c.getValue() instanceof Statement) {
                    Object parent = c.getParentTreeCursor().getValue();
                    if (parent instanceof J.Block || parent instanceof J.Case) {
                        LoopNames names = new LoopNames(c);
                        for (Cursor up = c; up != null; up = up.getParent()) {
                            if (up.getValue() instanceof Tree) {
                                names.around.add(((Tree) up.getValue()).getId());
                            }
                        }
                        return names;
                    }
                }
            }
            return null;
        }

        /** Whether one of the two statements is, or is inside, the other. */
        boolean overlaps(LoopNames other) {
            return around.contains(other.id) || other.around.contains(id);
        }

        /**
         * The names a variable declared only inside this statement could clash with: every name the statement
         * writes but those of methods, the locals of the blocks around it (of any case of a switch around it), and
         * the names written in what else encloses it up to the method: its parameters, a lambda's, a loop's
         * variable, a try's resources, a condition's pattern.
         */
        Set<String> visibleNames() {
            Set<String> names = identifiersOtherThanMethodNamesIn(statement.getValue());
            J inner = statement.getValue();
            for (Cursor c = statement.getParentTreeCursor(); c.getValue() instanceof J; c = c.getParentTreeCursor()) {
                J tree = c.getValue();
                if (tree instanceof J.Block) {
                    for (Statement s : ((J.Block) tree).getStatements()) {
                        declaredBy(s, names);
                        if (s instanceof J.Case) {
                            ((J.Case) s).getStatements().forEach(caseStatement -> declaredBy(caseStatement, names));
                        }
                    }
                } else if (tree instanceof J.Case) {
                    // a case's pattern (case Order order ->) is in scope in its body
                    ((J.Case) tree).getCaseLabels().forEach(label -> names.addAll(identifiersOtherThanMethodNamesIn(label)));
                } else {
                    names.addAll(identifiersOtherThanMethodNamesIn(tree, inner));
                }
                // an anonymous class's body starts a scope of its own; a lambda handed to a constructor does not
                if (tree instanceof J.MethodDeclaration || tree instanceof J.ClassDeclaration
                    || tree instanceof J.NewClass && inner == ((J.NewClass) tree).getBody()) {
                    break;
                }
                inner = tree;
            }
            return names;
        }

        /**
         * The locals a statement of a block around declares: a declaration's, and the pattern variables of its
         * conditions, which may stay in scope after it ({@code if (!(msg instanceof Order order)) return;}).
         */
        private static void declaredBy(Statement statement, Set<String> names) {
            if (statement instanceof J.VariableDeclarations) {
                ((J.VariableDeclarations) statement).getVariables().forEach(v -> names.add(v.getSimpleName()));
            }
            new JavaIsoVisitor<Set<String>>() {
                @Override
                public J.InstanceOf visitInstanceOf(J.InstanceOf instanceOf, Set<String> found) {
                    if (instanceOf.getPattern() != null) {
                        found.addAll(identifiersOtherThanMethodNamesIn(instanceOf.getPattern()));
                    }
                    return super.visitInstanceOf(instanceOf, found);
                }
            }.visit(statement, names);
        }
    }
}

package dev.rewriteperf.analysis.names;

import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Local variable names that clash with nothing in the enclosing method: no local declared anywhere in it
 * (before or after, in any nested scope), no field or method it names, no lambda parameter.
 */
public final class FreshNames {

    private static final String TAKEN = FreshNames.class.getName();
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

    private FreshNames(Set<String> taken, Set<String> takenOtherThanByMethods, Set<String> pending) {
        this.taken = taken;
        this.takenOtherThanByMethods = takenOtherThanByMethods;
        this.pending = pending;
        taken.addAll(pending);
        takenOtherThanByMethods.addAll(pending);
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
                scope.computeMessageIfAbsent(TAKEN, k -> new HashSet<>()));
    }

    private static Set<String> identifiersOtherThanMethodNamesIn(J tree) {
        Set<String> names = new HashSet<>();
        new JavaIsoVisitor<Set<String>>() {
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
}

package dev.rewriteperf.analysis.names;

import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How a file names its own {@code static final} fields, so that a field a recipe adds is named alike: {@code INT_BE},
 * Java's convention and the default, or {@code intBe} in a file whose constants are all camelCase.
 */
public final class ConstantNames {

    /** Named by their own conventions whatever a file's constants are: they say nothing of its style. */
    private static final Set<String> CONVENTIONAL = new HashSet<>(Arrays.asList("serialVersionUID", "log", "logger", "LOG",
            "LOGGER"));

    private ConstantNames() {
    }

    /** Whether every {@code static final} field of {@code cu} (two at least, loggers aside) is named in camelCase. */
    public static boolean camelCaseIn(J.CompilationUnit cu) {
        int[] camel = {0};
        boolean[] upper = {false};
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.VariableDeclarations visitVariableDeclarations(J.VariableDeclarations declarations, Integer p) {
                boolean constant = declarations.hasModifier(J.Modifier.Type.Static) && declarations.hasModifier(J.Modifier.Type.Final);
                for (J.VariableDeclarations.NamedVariable variable : constant ? declarations.getVariables() :
                        Collections.<J.VariableDeclarations.NamedVariable>emptyList()) {
                    String name = variable.getSimpleName();
                    if (CONVENTIONAL.contains(name)) {
                        continue;
                    }
                    if (Character.isLowerCase(name.charAt(0))) {
                        camel[0]++;
                    } else {
                        upper[0] = true;
                    }
                }
                return super.visitVariableDeclarations(declarations, p); // an anonymous class may declare more
            }
        }.visit(cu, 0);
        return !upper[0] && camel[0] >= 2;
    }

    /**
     * The words of a camel-case name: {@code [create, SSL, Key, Store]} for {@code createSSLKeyStore}, a capital before
     * a small letter starting a word; {@code [get, URLs]} for {@code getURLs}, an acronym's plural {@code s} staying
     * with it.
     */
    public static List<String> words(String camelCase) {
        // a name already in snake case (TIMESTAMP_PREFIX, max_size) has its words between the underscores
        List<String> words = new ArrayList<>();
        for (String part : camelCase.split("_")) {
            if (!part.isEmpty()) {
                words.addAll(camelCaseWords(part));
            }
        }
        return words.isEmpty() ? camelCaseWords(camelCase) : words;
    }

    private static List<String> camelCaseWords(String camelCase) {
        List<String> words = new ArrayList<>();
        int start = 0;
        for (int i = 1; i < camelCase.length(); i++) {
            if (Character.isUpperCase(camelCase.charAt(i)) && startsWord(camelCase, i)) {
                words.add(camelCase.substring(start, i));
                start = i;
            }
        }
        words.add(camelCase.substring(start));
        return words;
    }

    private static boolean startsWord(String camelCase, int capital) {
        if (!Character.isUpperCase(camelCase.charAt(capital - 1))) {
            return true;
        }
        int next = capital + 1;
        boolean acronymPlural = next < camelCase.length() && camelCase.charAt(next) == 's' &&
                                (next + 1 == camelCase.length() || Character.isUpperCase(camelCase.charAt(next + 1)));
        return next < camelCase.length() && Character.isLowerCase(camelCase.charAt(next)) && !acronymPlural;
    }

    /** {@code CREATE_SSL_KEY_STORE} for {@code createSSLKeyStore}: the {@link #words}, upper case, joined by underscores. */
    public static String upperSnake(String camelCase) {
        return String.join("_", words(camelCase)).toUpperCase(Locale.ROOT);
    }

    /** {@code upperSnake} ({@code INT_BE_VIEW}) in the file's style: itself, or {@code intBeView} where constants are camelCase. */
    public static String styled(String upperSnake, boolean camelCase) {
        if (!camelCase) {
            return upperSnake;
        }
        StringBuilder name = new StringBuilder();
        for (String word : upperSnake.toLowerCase(Locale.ROOT).split("_")) {
            if (word.isEmpty()) {
                continue;
            }
            name.append(name.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return name.toString();
    }
}

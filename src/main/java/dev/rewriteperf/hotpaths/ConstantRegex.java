package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.EnclosingClasses;
import dev.rewriteperf.analysis.JavaVersions;
import dev.rewriteperf.analysis.Release;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A regex known while rewriting: a string literal, or a constant of the top-level class initialised with one. Its
 * {@link #source} is how a field initialiser in that class writes it.
 */
final class ConstantRegex {

    /** Names that say what the common regexes match; any other is named for the method that uses it. */
    private static final Map<String, String> NAMES = new HashMap<>();

    static {
        for (String whitespace : new String[]{"\\s+", "\\s", " +"}) {
            NAMES.put(whitespace, "WHITESPACE");
        }
        for (String comma : new String[]{",", ",\\s*", "\\s*,\\s*", " *, *"}) {
            NAMES.put(comma, "COMMA");
        }
        for (String lineBreak : new String[]{"\n", "\\n", "\r?\n", "\\r?\\n", "\\R"}) {
            NAMES.put(lineBreak, "LINE_BREAK");
        }
        NAMES.put("\\.", "DOT");
        NAMES.put("\\|", "PIPE");
        NAMES.put("\\s*;\\s*", "SEMICOLON");
        NAMES.put("\\s*=\\s*", "EQUALS");
        NAMES.put("\\d+", "DIGITS");
        NAMES.put("[0-9]+", "DIGITS");
        NAMES.put("\\D", "NON_DIGIT");
        NAMES.put("\\D+", "NON_DIGITS");
        NAMES.put("\\W+", "NON_WORD");
    }

    static final String PATTERN = "java.util.regex.Pattern";
    /** {@code \p{IsThaana}}, {@code \p{InKaktovikNumerals}}, {@code \p{sc=Latn}}: names Unicode's newer versions add to. */
    private static final Pattern UNICODE_PROPERTY = Pattern.compile("\\\\[pP]\\{(Is|In|[A-Za-z_]+=)([A-Za-z_-]*)");
    /** Names every Java since 8 knows: the binary properties, the general categories, the long-standing scripts and blocks. */
    private static final Set<String> ALWAYS_KNOWN = new HashSet<>(Arrays.asList("Alphabetic", "Ideographic", "Letter",
            "Lowercase", "Uppercase", "Titlecase", "Punctuation", "Control", "White_Space", "WhiteSpace", "Digit",
            "Hex_Digit", "HexDigit", "Join_Control", "JoinControl", "Noncharacter_Code_Point", "NoncharacterCodePoint",
            "Assigned", "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Ps",
            "Pe", "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So", "Z", "Zs", "Zl", "Zp", "C", "Cc", "Cf", "Co", "Cs", "Cn",
            "Latin", "Greek", "Cyrillic", "Armenian", "Hebrew", "Arabic", "Han", "Hiragana", "Katakana", "Hangul", "Thai",
            "Common", "Inherited", "BasicLatin", "Latin-1Supplement", "Latin_1_Supplement", "LatinExtended-A",
            "LatinExtendedA", "Latin_Extended_A", "GreekandCoptic", "Greek_and_Coptic"));
    private static final MethodMatcher COMPILE = new MethodMatcher(PATTERN + " compile(java.lang.String)");

    /** {@code private static final Pattern NAME = Pattern.compile(REGEX);}, keyed by the regex as written. */
    static final SharedFields.Kind FIELDS = new SharedFields.Kind() {
        @Override
        public String type() {
            return PATTERN;
        }

        @Override
        public @Nullable String keyOf(J.VariableDeclarations field) {
            return compiledRegex(field);
        }

        @Override
        public String declaration(String regex, String name) {
            return "private static final Pattern " + name + " = Pattern.compile(" + regex + ");";
        }
    };

    final String source;
    private final String value;

    private ConstantRegex(String source, String value) {
        this.source = source;
        this.value = value;
    }

    /** The regex {@code argument} is, when it is known while rewriting; null otherwise. */
    static @Nullable ConstantRegex of(Expression argument, Cursor cursor) {
        if (argument instanceof J.Literal) {
            J.Literal literal = (J.Literal) argument;
            String source = literal.getValueSource();
            boolean oneLine = source != null && source.startsWith("\"") && !source.startsWith("\"\"\"");
            return oneLine && literal.getValue() instanceof String ? new ConstantRegex(source, (String) literal.getValue()) : null;
        }
        if (!(argument instanceof J.Identifier)) {
            return null;
        }
        J.Identifier name = (J.Identifier) argument;
        J.ClassDeclaration topLevel = EnclosingClasses.topLevel(cursor);
        JavaType.Variable field = name.getFieldType();
        if (topLevel == null || topLevel.getType() == null || field == null ||
            !TypeUtils.isOfClassType(field.getOwner(), topLevel.getType().getFullyQualifiedName())) {
            return null;
        }
        String value = constantValue(topLevel, name.getSimpleName());
        return value == null ? null : new ConstantRegex(name.getSimpleName(), value);
    }

    /** The literal a {@code static final String} of {@code topLevel} named {@code name} is initialised with. */
    private static @Nullable String constantValue(J.ClassDeclaration topLevel, String name) {
        for (Statement member : topLevel.getBody().getStatements()) {
            if (!(member instanceof J.VariableDeclarations)) {
                continue;
            }
            J.VariableDeclarations declarations = (J.VariableDeclarations) member;
            boolean constant = declarations.hasModifier(J.Modifier.Type.Static) && declarations.hasModifier(J.Modifier.Type.Final);
            for (J.VariableDeclarations.NamedVariable variable : declarations.getVariables()) {
                if (constant && variable.getSimpleName().equals(name) && variable.getInitializer() instanceof J.Literal &&
                    ((J.Literal) variable.getInitializer()).getValue() instanceof String) {
                    return (String) ((J.Literal) variable.getInitializer()).getValue();
                }
            }
        }
        return null;
    }

    /** The regex (as written) of {@code static final Pattern X = Pattern.compile("...")}, or null. */
    private static @Nullable String compiledRegex(J.VariableDeclarations field) {
        if (field.getVariables().size() != 1 || !field.hasModifier(J.Modifier.Type.Static) ||
            !field.hasModifier(J.Modifier.Type.Final) || !TypeUtils.isOfClassType(field.getType(), PATTERN)) {
            return null;
        }
        Expression initializer = field.getVariables().get(0).getInitializer();
        if (!(initializer instanceof J.MethodInvocation) || !COMPILE.matches((J.MethodInvocation) initializer)) {
            return null; // a method of the class's own named compile may add flags
        }
        List<Expression> arguments = ((J.MethodInvocation) initializer).getArguments();
        boolean plain = arguments.size() == 1 && (arguments.get(0) instanceof J.Literal || arguments.get(0) instanceof J.Identifier);
        return plain ? arguments.get(0).printTrimmed() : null;
    }

    /** Whether the regex is a constant's name, not a literal. */
    boolean isConstant() {
        return !source.startsWith("\"");
    }

    /**
     * Why the call with this regex is left alone, in a file for Java {@code release}; null when its pattern can be
     * compiled once.
     */
    @Nullable String refusal(boolean split, Release release) {
        if (source.contains("#{")) {
            return "the regex holds `#{`, which a template reads as a placeholder";
        }
        if (!release.has(9) && (value.contains("\\X") || value.contains("\\b{") || value.contains("\\N{"))) {
            return "the regex uses syntax of Java 9 (\\X, \\b{g} or \\N{..}): on an older Java the class would fail " +
                   "to initialise, where the call failed alone; " + release.refusal(9);
        }
        if (release.major() < JavaVersions.running() && namesANewerUnicodeSet()) {
            return "the regex names a Unicode script, block or property by name, whose set grows with each Java: on the " +
                   "file's older Java the class could fail to initialise, where the call failed alone";
        }
        try {
            Pattern.compile(value);
        } catch (PatternSyntaxException e) {
            return "the regex does not compile (" + e.getDescription() + "): the call throws each time, a static " +
                   "field would fail the class's initialisation";
        }
        if (split && isSplitFastPath(value)) {
            return "`split` on one plain character does not compile a pattern: String.split is already fast there";
        }
        return null;
    }

    /** Whether the regex names a Unicode script, block or property that not every Java since 8 knows. */
    private boolean namesANewerUnicodeSet() {
        Matcher property = UNICODE_PROPERTY.matcher(value);
        while (property.find()) {
            if (property.group(1).endsWith("=") || !ALWAYS_KNOWN.contains(property.group(2))) {
                return true;
            }
        }
        return false;
    }

    /** {@code String.split}'s own test for the regexes it splits on without a {@code Pattern}. */
    private static boolean isSplitFastPath(String regex) {
        char ch;
        if (regex.length() == 1) {
            ch = regex.charAt(0);
            if (".$|()[{^?*+\\".indexOf(ch) >= 0) {
                return false;
            }
        } else if (regex.length() == 2 && regex.charAt(0) == '\\') {
            ch = regex.charAt(1);
            if (ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z') {
                return false;
            }
        } else {
            return false;
        }
        return ch < Character.MIN_HIGH_SURROGATE || ch > Character.MAX_LOW_SURROGATE;
    }

    /** Names for the field, best first: what the regex matches, else the method (or field) that uses it. */
    List<String> names(Cursor site) {
        List<String> names = new ArrayList<>();
        if (NAMES.containsKey(value)) {
            names.add(NAMES.get(value));
        }
        J.MethodDeclaration method = site.firstEnclosing(J.MethodDeclaration.class);
        String user = method == null || method.isConstructor() ? "REGEX" : constantCase(method.getSimpleName());
        names.add(user.endsWith("PATTERN") ? user : user + "_PATTERN");
        names.add(user + "_REGEX");
        return names;
    }

    /** {@code splitPath} as {@code SPLIT_PATH}. */
    private static String constantCase(String camelCase) {
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < camelCase.length(); i++) {
            char c = camelCase.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(camelCase.charAt(i - 1))) {
                name.append('_');
            }
            name.append(c);
        }
        return name.toString().toUpperCase(Locale.ROOT);
    }
}

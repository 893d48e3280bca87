package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.names.ConstantNames;
import dev.rewriteperf.analysis.names.EnclosingClasses;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.project.JavaVersions;
import dev.rewriteperf.analysis.project.Release;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import static java.util.Objects.requireNonNull;

/**
 * A regex known while rewriting: a string literal, or a constant of the top-level class initialised with one. Its
 * {@link #source} is how a field initialiser in that class writes it.
 */
final class ConstantRegex {

    /** Names that say what the common regexes match; {@link #names} says what others are named, if anything. */
    private static final Map<String, String> NAMES = new HashMap<>();
    /** Names of single characters, and of the escapes a character class holds ({@code \\s}). */
    private static final Map<String, String> CHARACTER_NAMES = new HashMap<>();
    /** A class of a few characters, once or repeated: {@code [- ]}, {@code [,;\\s]+}. */
    private static final Pattern CHARACTER_CLASS = Pattern.compile("\\[(\\^?)((?:\\\\.|[^\\\\\\]\\[^])+)]\\+?");
    /** The ranges a class may hold that have a name, longest first: {@code [a-z]}, {@code [^A-Za-z]}. */
    private static final String[][] RANGE_NAMES = {{"a-zA-Z0-9", "LETTER_OR_DIGIT"}, {"A-Za-z0-9", "LETTER_OR_DIGIT"},
        {"a-zA-Z", "LETTER"}, {"A-Za-z", "LETTER"}, {"a-z", "LOWERCASE_LETTER"}, {"A-Z", "UPPERCASE_LETTER"}, {"0-9", "DIGIT"},
        {"aeiouAEIOU", "VOWEL"}, {"AEIOUaeiou", "VOWEL"}, {"aeiou", "VOWEL"}, {"AEIOU", "UPPERCASE_VOWEL"},
        {"\\x20-\\x7E", "PRINTABLE_ASCII"}, {"\\x20-\\x7e", "PRINTABLE_ASCII"}};
    /** Two or three words, either of them, case-blind or not: {@code (?i)skipped|ignored}, {@code ^(http|https)}. */
    private static final Pattern WORDS = Pattern.compile("(?:\\(\\?i\\))?(\\^)?(\\((?:\\?:)?)?([A-Za-z][A-Za-z0-9]+(?:\\|[A-Za-z][A-Za-z0-9]+){1,2})\\)?(\\$)?");
    /** A set number of digits: {@code \\d{8}}, {@code [0-9]{4}}. */
    private static final Pattern COUNTED_DIGITS = Pattern.compile("(?:\\\\d|\\[0-9])\\{([2-9])}");
    private static final String[] COUNTS = {"", "", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"};
    /** A letter, then letters, digits or underscores: {@code [A-Za-z_][A-Za-z0-9_]*}, dotted or not, after a sign or not. */
    private static final Pattern IDENTIFIER = Pattern.compile("(\\\\?[:@#$])?(\\[([^\\]]+)]\\[([^\\]]+)]\\*)(?:\\((?:\\?:)?\\\\\\.\\2\\)\\*)?");
    /** The members an identifier's classes may hold: a range of letters, the digits, an underscore, a dollar. */
    private static final Pattern IDENTIFIER_MEMBERS = Pattern.compile("(?:a-z|A-Z|0-9|\\\\d|_|\\$)+");
    /** One letter or digit, repeated or not: {@code s+}. */
    private static final Pattern ONE_CHARACTER = Pattern.compile("([A-Za-z0-9])(\\+?)");
    private static final int MAX_NAMED_MEMBERS = 3;
    private static final String RUN_OF = "RUN_OF_";
    /** Characters named as a sign, whose name has no plural of its own: {@code =+$} is {@code TRAILING_EQUALS_SIGNS}. */
    private static final Set<String> SIGNS = new HashSet<>(Arrays.asList("EQUALS", "PLUS", "LESS_THAN", "GREATER_THAN",
            "PERCENT", "DOLLAR"));
    /** A method named {@code of} or {@code get} says nothing of what it returns; {@code slug} does. */
    private static final int MIN_JOB_NAME = 4;
    /** Spaces a separator's regex allows around it: {@code \\s*} or {@code " *"} at either end. */
    private static final Pattern SPACES_AROUND = Pattern.compile("^(?:\\\\s\\*| \\*|\\[ \\\\t]\\*)|(?:\\\\s\\*| \\*|\\[ \\\\t]\\*)$");
    /** Spaces a sequence allows between its parts: {@code ;[ \\t]*charset=} is {@code SEMICOLON_CHARSET_EQUALS}. */
    private static final Pattern OPTIONAL_SPACES = Pattern.compile("\\\\s\\*| \\*|\\[ \\\\t]\\*");
    /** Two or more of one named thing: {@code \\s{2,}}. */
    private static final Pattern REPEATED = Pattern.compile("(.+)\\{2,}");
    /** A class of the characters a number is written with, or of all others: {@code [^\\d.eE\\-+]}. */
    private static final Pattern NUMBER_CHARACTERS = Pattern.compile("\\[(\\^?)(?=[^\\]]*(?:\\\\d|0-9))(?:\\\\d|0-9|\\\\?[.eE+-])+]\\+?");
    /** Calls that tidy a string before it is matched ({@code sku.trim().matches(..)}): the value is still the string's. */
    private static final Set<String> TIDYING = new HashSet<>(Arrays.asList("trim", "strip", "toLowerCase", "toUpperCase"));
    /** A getter's name: {@code getSku} gives {@code Sku}. */
    private static final Pattern GETTER = Pattern.compile("get([A-Z]\\w*)");
    /** Names of values that say nothing of what they hold: {@code s.matches(..)} has no name for its regex. */
    private static final Set<String> VAGUE_VALUES = new HashSet<>(Arrays.asList("str", "string", "value", "val", "text",
            "input", "arg", "param", "tmp", "temp", "result", "res", "obj", "line", "token", "part", "data", "content",
            "raw", "source", "target", "current", "next", "prev", "each", "item", "element", "it", "name", "key", "path",
            "type", "id", "field", "entry", "word", "candidate"));
    /** Names of a split's pieces that say nothing of what they are: {@code for (String part : ..)}. */
    private static final Set<String> VAGUE_PIECES = new HashSet<>(Arrays.asList("str", "string", "tmp", "temp", "each",
            "element", "item", "obj", "value", "val", "result", "res", "arr", "array", "split", "splitted", "part", "piece",
            "chunk", "elem", "word", "arg"));
    /** A regex that tests what a string contains, not its format: {@code .*\\.java}, {@code .+@.+}. */
    private static final Pattern CONTAINS = Pattern.compile("^\\^?\\.[*+]|\\.[*+]\\$?$");
    /**
     * Everything up to a character: its first ({@code ^[^@]*@}: {@code UP_TO_AT_SIGN}) or its last ({@code ^.*\\.}:
     * {@code UP_TO_LAST_DOT}, what comes before a file name's extension).
     */
    private static final Pattern UP_TO = Pattern.compile("\\^(?:\\[\\^(\\\\?.)]\\*|\\.\\*)(\\\\?.)");
    /** A file name's extension among a few at its end, a compressed one after it or not: {@code \\.(csv|txt)(\\.gz)?$}. */
    private static final Pattern LISTED_EXTENSIONS = Pattern.compile(
            "\\\\\\.\\((?:\\?:)?[A-Za-z0-9]+\\??(?:\\|[A-Za-z0-9]+\\??)+\\)(?:\\(\\\\\\.[A-Za-z0-9]+\\)\\?)?\\$");
    /** A class of the characters not listed, once or repeated: {@code [^A-Za-z0-9_.-]}, {@code [^a-z0-9]+}. */
    private static final Pattern NEGATED_CLASS = Pattern.compile("\\[\\^(?:\\\\.|[^\\\\\\]\\[])+](\\+?)");
    /** The calls that replace what a regex matches. */
    private static final Set<String> REPLACING = new HashSet<>(Arrays.asList("replaceAll", "replaceFirst"));
    /** A method named as a test: {@code isEmpty}, {@code hasJarFileInPath}, {@code checkDuration}, {@code requireAccountCode}. */
    private static final Pattern TEST_METHOD = Pattern.compile("(is|has|check|validate|require|ensure|matches|looksLike|accepts)([A-Z].*)");
    /** Tests that throw when their match is negated: {@code checkDuration}, {@code requireAccountCode}. */
    private static final Set<String> ASSERTING_TESTS = new HashSet<>(Arrays.asList("check", "validate", "require", "ensure"));
    /** Words of a test's name that say nothing of what it tests for: {@code isValid}, {@code matchesPattern}. */
    private static final Set<String> VAGUE_TEST_WORDS = new HashSet<>(Arrays.asList("Valid", "Invalid", "Ok", "Correct",
            "Legal", "Illegal", "Allowed", "Supported", "Accepted", "Acceptable", "Well", "Formed", "Match", "Matching",
            "Matches", "Pattern", "Regex", "Format", "Input", "Value", "String", "Text"));

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
        NAMES.put(".", "ANY_CHARACTER");
        NAMES.put("\\|", "PIPE");
        NAMES.put("\\s*;\\s*", "SEMICOLON");
        NAMES.put("\\s*=\\s*", "EQUALS");
        NAMES.put("\\d+", "DIGITS");
        NAMES.put("[0-9]+", "DIGITS");
        for (String integer : new String[]{"-?\\d+", "[-+]?\\d+", "-?[0-9]+"}) {
            NAMES.put(integer, "INTEGER");
        }
        for (String decimal : new String[]{"\\d+(\\.\\d+)?", "-?\\d+(\\.\\d+)?", "-?\\d+\\.\\d*", "\\d+\\.\\d+", "-?\\d+\\.\\d+"}) {
            NAMES.put(decimal, "DECIMAL");
        }
        NAMES.put("\\d+(\\.\\d+)?%", "PERCENTAGE");
        // a line of a configuration or data file that holds nothing: spaces, or a comment after them
        NAMES.put("\\s*(#.*)?", "BLANK_OR_COMMENT");
        NAMES.put("\\s*(?:#.*)?", "BLANK_OR_COMMENT");
        // where a camel-case name's next word starts: a lower-case letter or digit, then a capital
        for (String boundary : new String[]{"([a-z])([A-Z])", "([a-z0-9])([A-Z])", "([a-z\\d])([A-Z])", "(?<=[a-z])(?=[A-Z])"}) {
            NAMES.put(boundary, "CAMEL_CASE_BOUNDARY");
        }
        // a file name's extension at its end
        for (String extension : new String[]{"\\.[^.]+$", "\\.[^.]*$", "\\.\\w+$"}) {
            NAMES.put(extension, "EXTENSION");
        }
        NAMES.put("\\?.*$", "QUERY_STRING");
        NAMES.put("\\?.*", "QUERY_STRING");
        // a line break and the spaces or tabs that continue a folded header line on the next (RFC 5322)
        for (String folded : new String[]{"\\r?\\n[ \\t]+", "\\r?\\n\\s+", "\\r\\n[ \\t]+", "\\n[ \\t]+"}) {
            NAMES.put(folded, "FOLDED_LINE_BREAK");
        }
        // a whole string in quotes or parentheses, what is inside captured: replaced by "$1", it is unwrapped
        NAMES.put("^\"(.*)\"$", "QUOTED");
        NAMES.put("^'(.*)'$", "QUOTED");
        NAMES.put("^\\((.*)\\)$", "IN_PARENTHESES");
        for (String email : new String[]{"[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}", "[^@\\s]+@[^@\\s]+\\.[^@\\s]+",
            "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", "[^@]+@[^@]+\\.[^@]+"}) {
            NAMES.put(email, "EMAIL_ADDRESS");
        }
        // a number as JSON writes it, and a decimal with a fraction and an exponent or not
        NAMES.put("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][-+]?\\d+)?", "NUMBER");
        NAMES.put("[-+]?\\d*\\.\\d+([eE][-+]?\\d+)?", "DECIMAL");
        for (String letterOrDigit : new String[]{"\\p{L}\\p{Nd}", "\\p{L}\\p{N}", "\\p{L}\\d"}) {
            NAMES.put("[^" + letterOrDigit + "]", "NON_LETTER_OR_DIGIT");
            NAMES.put("[^" + letterOrDigit + "]+", "NON_LETTERS_OR_DIGITS");
        }
        NAMES.put("\\D", "NON_DIGIT");
        NAMES.put("\\D+", "NON_DIGITS");
        NAMES.put("\\W+", "NON_WORD");
        // the POSIX classes and the diacritics a normalised string's accents become: one, or a run of them
        String[][] properties = {{"Cntrl", "CONTROL_CHARACTER"}, {"Punct", "PUNCTUATION"}, {"Alpha", "LETTER"},
            {"L", "LETTER"}, {"Digit", "DIGIT"}, {"Alnum", "LETTER_OR_DIGIT"}, {"Space", "WHITESPACE"},
            {"Upper", "UPPERCASE_LETTER"}, {"Lower", "LOWERCASE_LETTER"}, {"M", "DIACRITICAL_MARK"},
            {"Mn", "DIACRITICAL_MARK"}, {"InCombiningDiacriticalMarks", "DIACRITICAL_MARK"}};
        for (String[] property : properties) {
            String plural = property[1].endsWith("WHITESPACE") || property[1].endsWith("PUNCTUATION") ? property[1]
                    : property[1].equals("LETTER_OR_DIGIT") ? "LETTERS_OR_DIGITS" : property[1] + "S";
            NAMES.put("\\p{" + property[0] + "}", property[1]);
            NAMES.put("\\p{" + property[0] + "}+", plural);
            NAMES.put("\\P{" + property[0] + "}", "NON_" + property[1]);
            NAMES.put("\\P{" + property[0] + "}+", "NON_" + plural);
        }
        String[][] characters = {{"\\", "BACKSLASH"}, {"/", "SLASH"}, {":", "COLON"}, {";", "SEMICOLON"}, {"=", "EQUALS"},
            {"-", "DASH"}, {"_", "UNDERSCORE"}, {" ", "SPACE"}, {"\t", "TAB"}, {"#", "HASH"}, {"&", "AMPERSAND"},
            {"+", "PLUS"}, {"*", "ASTERISK"}, {"?", "QUESTION_MARK"}, {"$", "DOLLAR"}, {"^", "CARET"}, {"@", "AT_SIGN"},
            {"%", "PERCENT"}, {"~", "TILDE"}, {"`", "BACKTICK"}, {"\"", "QUOTE"}, {"'", "APOSTROPHE"}, {",", "COMMA"},
            {".", "DOT"}, {"|", "PIPE"}, {"!", "EXCLAMATION_MARK"}, {"(", "OPENING_PARENTHESIS"},
            {")", "CLOSING_PARENTHESIS"}, {"[", "OPENING_BRACKET"}, {"]", "CLOSING_BRACKET"}, {"{", "OPENING_BRACE"},
            {"}", "CLOSING_BRACE"}, {"<", "LESS_THAN"}, {">", "GREATER_THAN"}};
        for (String[] character : characters) {
            CHARACTER_NAMES.put(character[0], character[1]);
            // the character as a regex matching it alone: escaped where it is an operator, as written where not
            String literal = character[0];
            String regex = ".$|()[{^?*+\\".contains(literal) ? "\\" + literal : literal;
            NAMES.putIfAbsent(regex, character[1]);
        }
        CHARACTER_NAMES.put("\\s", "WHITESPACE");
        CHARACTER_NAMES.put("\\d", "DIGIT");
        CHARACTER_NAMES.put("\\t", "TAB");
        CHARACTER_NAMES.put("\\n", "LINE_FEED");
        CHARACTER_NAMES.put("\\r", "CARRIAGE_RETURN");
    }

    /**
     * A name for what {@code regex} matches, spaces allowed around it ({@code \\s*[;#]\\s*}): a common regex, a class
     * of a few named characters ({@code SEMICOLON_OR_HASH}), or a few named characters in a row ({@code \\.\\.}:
     * {@code DOT_DOT}); null for any other.
     */
    static @Nullable String contentName(String regex) {
        String either = eitherWordName(regex);
        if (either != null) {
            return either;
        }
        String upTo = upToName(regex);
        if (upTo != null) {
            return upTo;
        }
        if (LISTED_EXTENSIONS.matcher(regex).matches()) {
            return "EXTENSION";
        }
        regex = withoutWordBoundaries(regex);
        String name = unanchoredName(regex);
        boolean leading = regex.startsWith("^");
        boolean trailing = regex.endsWith("$") && !regex.endsWith("\\$");
        if (name != null || !leading && !trailing || regex.length() < 2) {
            return name;
        }
        String core = regex.substring(leading ? 1 : 0, regex.length() - (trailing ? 1 : 0));
        String content = unanchoredName(core);
        if (content != null && content.startsWith(RUN_OF)) {
            // at an end a run is the characters there: trailing slashes, leading zeros, not a trailing run of slash
            content = pluralRun(core, content);
        }
        if (content == null && ONE_CHARACTER.matcher(core).matches()) {
            // "v" alone says nothing of what it is for, but a leading "h" or a trailing "s" does (a run is named already)
            content = core.toUpperCase(Locale.ROOT);
        }
        if (content == null) {
            return null;
        }
        // anchored at both ends it matches a whole string, which is named as what it holds
        return leading && trailing ? content : (leading ? "LEADING_" : "TRAILING_") + content;
    }

    /**
     * {@code SKIPPED_OR_IGNORED} for {@code (?i)skipped|ignored}, {@code LEADING_HTTP_OR_HTTPS} for {@code ^(http|https)};
     * null for any other regex, for an anchor outside a group ({@code ^a|b} is {@code ^a} or {@code b}), and for words
     * that differ only in case ({@code true|TRUE} is not two things either of which matches).
     */
    private static @Nullable String eitherWordName(String regex) {
        Matcher words = WORDS.matcher(regex);
        if (!words.matches()) {
            return null;
        }
        boolean leading = words.group(1) != null;
        boolean trailing = words.group(4) != null;
        List<String> alternatives = Arrays.asList(words.group(3).toUpperCase(Locale.ROOT).split("\\|"));
        if (new HashSet<>(alternatives).size() < alternatives.size() || words.group(2) == null && (leading || trailing)) {
            return null;
        }
        String either = String.join("_OR_", alternatives);
        return leading == trailing ? either : (leading ? "LEADING_" : "TRAILING_") + either;
    }

    /**
     * {@code UP_TO_AT_SIGN} for {@code ^[^@]*@}, {@code UP_TO_LAST_DOT} for {@code ^.*\\.}: everything up to a named
     * character, its first or its last; null for any other regex.
     */
    private static @Nullable String upToName(String regex) {
        Matcher upTo = UP_TO.matcher(regex);
        if (!upTo.matches() || upTo.group(1) != null && !upTo.group(1).equals(upTo.group(2))) {
            return null;
        }
        String character = oneCharacterName(upTo.group(2));
        return character == null ? null : (upTo.group(1) == null ? "UP_TO_LAST_" : "UP_TO_") + character;
    }

    /** The regex without a {@code \\b} at either end: it matches no character, and a name says what is matched. */
    private static String withoutWordBoundaries(String regex) {
        String inner = regex.startsWith("\\b") ? regex.substring(2) : regex;
        inner = inner.endsWith("\\b") && !inner.endsWith("\\\\b") ? inner.substring(0, inner.length() - 2) : inner;
        return inner.isEmpty() ? regex : inner;
    }

    private static @Nullable String unanchoredName(String regex) {
        if (NAMES.containsKey(regex)) {
            return NAMES.get(regex);
        }
        Matcher digits = COUNTED_DIGITS.matcher(regex);
        if (digits.matches()) {
            return COUNTS[Integer.parseInt(digits.group(1))] + "_DIGITS";
        }
        Matcher repeated = REPEATED.matcher(regex);
        if (repeated.matches()) {
            String one = oneCharacterName(repeated.group(1));
            return one == null ? null : "REPEATED_" + one;
        }
        Matcher number = NUMBER_CHARACTERS.matcher(regex);
        if (number.matches() && number.group().replace("\\d", "").replace("0-9", "").matches(".*[.eE+-].*")) {
            return number.group(1).isEmpty() ? "NUMERIC" : "NON_NUMERIC";
        }
        Matcher letter = ONE_CHARACTER.matcher(regex);
        if (letter.matches() && !letter.group(2).isEmpty()) {
            return runOf(letter.group(1));
        }
        // a class's run is named as the class ([^a-z]+: NON_LOWERCASE_LETTER), a character's as a run (-+: RUN_OF_DASH)
        boolean characterRun = regex.endsWith("+") && regex.length() > 1 && !regex.startsWith("[");
        String runOf = characterRun ? oneCharacterName(regex.substring(0, regex.length() - 1)) : null;
        if (runOf != null) {
            return runOf(runOf);
        }
        String core = SPACES_AROUND.matcher(regex).replaceAll("");
        if (NAMES.containsKey(core)) {
            return NAMES.get(core);
        }
        String characterClass = characterClassName(core);
        if (characterClass != null) {
            return characterClass;
        }
        String identifier = identifierName(core);
        return identifier != null ? identifier : sequenceName(core);
    }

    /**
     * {@code IDENTIFIER} for {@code [A-Za-z_][A-Za-z0-9_]*}, {@code UPPERCASE_IDENTIFIER} for {@code [A-Z][A-Z0-9_]*},
     * {@code LOWERCASE_IDENTIFIER} for {@code [a-z_][a-z0-9_]*}; {@code DOTTED_} when it repeats after dots
     * ({@code x(\\.x)*}), {@code COLON_} and the like after one sign ({@code :name}). Null unless the first character's
     * letters are the rest's, and the rest adds only digits, underscores or dollars: {@code [a-z][a-z0-9-]*} is another name.
     */
    private static @Nullable String identifierName(String regex) {
        Matcher identifier = IDENTIFIER.matcher(regex);
        if (!identifier.matches()) {
            return null;
        }
        String first = identifier.group(3);
        String rest = identifier.group(4);
        if (!IDENTIFIER_MEMBERS.matcher(first).matches() || !IDENTIFIER_MEMBERS.matcher(rest).matches()) {
            return null;
        }
        boolean lower = first.contains("a-z");
        boolean upper = first.contains("A-Z");
        if (!lower && !upper || lower != rest.contains("a-z") || upper != rest.contains("A-Z")
            || first.contains("0-9") || first.contains("\\d") || !rest.contains("0-9") && !rest.contains("\\d")) {
            return null;
        }
        for (String sign : new String[]{"_", "$"}) {
            if (first.contains(sign) && !rest.contains(sign)) {
                return null;
            }
        }
        String name = (lower && upper ? "" : lower ? "LOWERCASE_" : "UPPERCASE_") + "IDENTIFIER";
        name = identifier.group().endsWith(")*") ? "DOTTED_" + name : name;
        String sign = identifier.group(1);
        if (sign == null) {
            return name;
        }
        // an unescaped $ is the end of the input, which no character follows
        return sign.equals("$") ? null : CHARACTER_NAMES.get(sign.substring(sign.length() - 1)) + "_" + name;
    }

    /**
     * {@code DOT_DOT} for {@code \\.\\.}, {@code COLON_SLASH_SLASH} for {@code ://}, {@code CHARSET_EQUALS} for
     * {@code charset=}: up to three words and named characters, with at least two named characters if no word.
     */
    private static @Nullable String sequenceName(String spaced) {
        String regex = OPTIONAL_SPACES.matcher(spaced).replaceAll("");
        List<String> names = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean words = false;
        for (int i = 0; i < regex.length(); i++) {
            boolean escape = regex.charAt(i) == '\\' && i + 1 < regex.length();
            String character = regex.substring(escape ? i + 1 : i, escape ? i + 2 : i + 1);
            char c = character.charAt(0);
            i += escape ? 1 : 0;
            if (!escape && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')) {
                word.append(c);
                continue;
            }
            words |= flush(word, names);
            boolean literal = escape ? !Character.isLetterOrDigit(c) : ".$|()[{^?*+\\".indexOf(c) < 0;
            String name = CHARACTER_NAMES.get(character);
            if (!literal || name == null) {
                return null;
            }
            names.add(name);
        }
        words |= flush(word, names);
        // one letter alone ("v") says nothing of what it is for
        boolean tooFew = names.isEmpty() || !words && names.size() < 2 || names.size() == 1 && names.get(0).length() < 2;
        // a constant's name cannot start with a digit
        return tooFew || names.size() > MAX_NAMED_MEMBERS || Character.isDigit(names.get(0).charAt(0)) ? null : String.join("_", names);
    }

    /** The name of a regex that matches one character ({@code \\s}, {@code [,;]}, {@code -}); null if it has none. */
    private static @Nullable String oneCharacterName(String regex) {
        if (CHARACTER_NAMES.containsKey(regex) && regex.startsWith("\\")) {
            return CHARACTER_NAMES.get(regex);
        }
        String literal = regex.startsWith("\\") && regex.length() == 2 ? regex.substring(1) : regex;
        boolean escapedIfNeeded = regex.startsWith("\\") || ".$|()[{^?*+\\".indexOf(literal.charAt(0)) < 0;
        if (literal.length() == 1 && escapedIfNeeded && CHARACTER_NAMES.containsKey(literal)) {
            return CHARACTER_NAMES.get(literal);
        }
        return regex.startsWith("[") && !regex.endsWith("+") ? characterClassName(regex) : null;
    }

    /** {@code RUN_OF_S} for {@code s+}: one or more of the character, which a replacement squeezes to one. */
    private static String runOf(String character) {
        return RUN_OF + character.toUpperCase(Locale.ROOT);
    }

    /**
     * {@code SLASHES} for the run {@code /+}, {@code ZEROS} for {@code 0+}: the characters of a run at an end of the
     * string, named as many; {@code run} (the run's name) for a letter's run, which has no plural to read.
     */
    private static String pluralRun(String core, String run) {
        String one = core.substring(0, core.length() - 1);
        if (one.equals("0")) {
            return "ZEROS";
        }
        String name = one.length() == 1 && Character.isLetterOrDigit(one.charAt(0)) ? null : oneCharacterName(one);
        if (name == null) {
            return run;
        }
        if (SIGNS.contains(name)) {
            return name + "_SIGNS"; // trailing equals signs, not EQUALSES
        }
        if (name.endsWith("SIS")) {
            return name.substring(0, name.length() - 2) + "ES"; // OPENING_PARENTHESES
        }
        return name.endsWith("SH") ? name + "ES" : name + "S";
    }

    /** Adds the word read so far to {@code names}, upper case; whether there was one. */
    private static boolean flush(StringBuilder word, List<String> names) {
        if (word.length() == 0) {
            return false;
        }
        names.add(word.toString().toUpperCase(Locale.ROOT));
        word.setLength(0);
        return true;
    }

    /**
     * A name for a class of up to three characters, each named ({@code [,;\\s]+}: {@code COMMA_SEMICOLON_OR_WHITESPACE}),
     * or of a named range ({@code [a-z]}: {@code LOWERCASE_LETTER}), a negated one with {@code NON_}
     * ({@code [^a-z]}: {@code NON_LOWERCASE_LETTER}); null for other ranges or more members.
     */
    static @Nullable String characterClassName(String regex) {
        Matcher matcher = CHARACTER_CLASS.matcher(regex);
        if (!matcher.matches()) {
            return null;
        }
        boolean negated = !matcher.group(1).isEmpty();
        String members = matcher.group(2);
        List<String> names = new ArrayList<>();
        boolean ranges = false;
        for (int i = 0; i < members.length(); i++) {
            String[] namedRange = rangeAt(members, i);
            if (namedRange != null) {
                if (names.contains(namedRange[1])) {
                    return null;
                }
                names.add(namedRange[1]);
                ranges = true;
                i += namedRange[0].length() - 1;
                continue;
            }
            boolean escape = members.charAt(i) == '\\';
            String member = members.substring(i, escape ? i + 2 : i + 1);
            i += escape ? 1 : 0;
            boolean range = member.equals("-") && i > 0 && i < members.length() - 1;
            String name = CHARACTER_NAMES.containsKey(member) ? CHARACTER_NAMES.get(member)
                    : escape ? CHARACTER_NAMES.get(member.substring(1)) : null;
            if (name == null || range || names.contains(name)) {
                return null;
            }
            names.add(name);
        }
        boolean paired = pairBrackets(names);
        if (names.isEmpty() || names.size() < 2 && !ranges && !negated && !paired
            || names.size() > (negated ? 2 : MAX_NAMED_MEMBERS)) {
            return null;
        }
        String either = names.size() == 1 ? names.get(0)
                : String.join("_", names.subList(0, names.size() - 1)) + "_OR_" + names.get(names.size() - 1);
        return negated ? "NON_" + either : either;
    }

    /**
     * Names an opening and a closing bracket of one kind as that kind ({@code [,{}]} is {@code COMMA_OR_BRACE}, not
     * {@code COMMA_OPENING_BRACE_OR_CLOSING_BRACE}), in place; whether it did.
     */
    private static boolean pairBrackets(List<String> names) {
        boolean paired = false;
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            String kind = name.startsWith("OPENING_") ? name.substring("OPENING_".length())
                    : name.startsWith("CLOSING_") ? name.substring("CLOSING_".length()) : null;
            String other = kind == null ? null : (name.startsWith("OPENING_") ? "CLOSING_" : "OPENING_") + kind;
            if (other != null && names.remove(other)) {
                names.set(names.indexOf(name), kind);
                paired = true;
            }
        }
        return paired;
    }

    /** The named range at {@code i} of a class's members, as {key, name}, else null. */
    private static String @Nullable [] rangeAt(String members, int i) {
        for (String[] range : RANGE_NAMES) {
            if (members.startsWith(range[0], i)) {
                return range;
            }
        }
        return null;
    }

    static final String PATTERN = "java.util.regex.Pattern";
    /** The characters that mean more than themselves somewhere in a regex (without flags). */
    private static final String OPERATORS = ".$|()[]{}^?*+\\";
    /** The methods whose string argument is a regex. */
    private static final Set<String> REGEX_TAKING = new HashSet<>(Arrays.asList("split", "replaceAll", "replaceFirst",
            "matches", "compile"));
    /** {@code \p{IsThaana}}, {@code \p{InKaktovikNumerals}}, {@code \p{sc=Latn}}: names Unicode's newer versions add to. */
    private static final Pattern UNICODE_PROPERTY = Pattern.compile("\\\\[pP]\\{(Is|In|[A-Za-z_]+=)([A-Za-z_-]*)");
    /** Names every Java since 8 knows: the binary properties, the general categories, the long-standing scripts and blocks. */
    private static final Set<String> ALWAYS_KNOWN = new HashSet<>(Arrays.asList("Alphabetic", "Ideographic", "Letter",
            "Lowercase", "Uppercase", "Titlecase", "Punctuation", "Control", "White_Space", "WhiteSpace", "Digit",
            "Hex_Digit", "HexDigit", "Join_Control", "JoinControl", "Noncharacter_Code_Point", "NoncharacterCodePoint",
            "Assigned", "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Ps",
            "Pe", "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So", "Z", "Zs", "Zl", "Zp", "C", "Cc", "Cf", "Co", "Cs", "Cn",
            "CombiningDiacriticalMarks", "Latin", "Greek", "Cyrillic", "Armenian", "Hebrew", "Arabic", "Han", "Hiragana",
            "Katakana", "Hangul", "Thai",
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

    /** Whether the regex is text with no operator in it: it matches that text and nothing else. */
    boolean isPlainText() {
        if (value.isEmpty()) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            if (OPERATORS.indexOf(value.charAt(i)) >= 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether the regex is a constant's name, not a literal. */
    boolean isConstant() {
        return !source.startsWith("\"");
    }

    /**
     * Why the call with this regex is left alone, in a file for Java {@code release}; null when its pattern can be
     * compiled once.
     */
    @Nullable String reason(boolean split, Release release) {
        if (source.contains("#{")) {
            return "the regex holds `#{`, which a template reads as a placeholder";
        }
        if (!release.has(9) && (value.contains("\\X") || value.contains("\\b{") || value.contains("\\N{"))) {
            return "the regex uses syntax of Java 9 (\\X, \\b{g} or \\N{..}): on an older Java the class would fail " +
                   "to initialise, where the call failed alone; " + release.reason(9);
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

    /**
     * Names for the field, best first: what the regex matches ({@code NON_LOWERCASE_LETTER}, then a shorter
     * {@code NON_LOWERCASE} for a file of short lines); for a {@code split}, {@code SEPARATOR}, which is what a split's
     * regex is; for a {@code matches} in a method that tests for something ({@code checkDuration},
     * {@code hasJarFileInPath}), what it tests for ({@code DURATION_PATTERN}); for a call whose result the method
     * returns, the method's name ({@code SLUG_PATTERN}), unless it is a {@code matches} of a value with a name,
     * {@code matched}, which says more ({@code SKU_PATTERN} for {@code sku.matches(..)}). Empty when none of these says
     * what the regex is for: the name of a method that does more would not ({@code REMOVE_VOWELS_PATTERN} for {@code \\s{2,}}), and the call is
     * then left alone.
     */
    private List<String> names(Cursor site, String call, @Nullable String matched) {
        List<String> names = new ArrayList<>();
        String content = contentName(value);
        if (content != null) {
            names.add(content);
            String shorter = shorterName(content);
            if (!shorter.equals(content)) {
                names.add(shorter);
            }
        }
        Matcher negated = content == null && REPLACING.contains(call) ? NEGATED_CLASS.matcher(value) : null;
        if (negated != null && negated.matches()) {
            // replaced, the characters not listed are those a sanitiser does not allow: [^A-Za-z0-9_.-] in a file name
            names.add(negated.group(1).isEmpty() ? "DISALLOWED_CHARACTER" : "DISALLOWED_CHARACTERS");
        }
        if (!source.startsWith("\"")) {
            // a constant of the file: its name says what it holds (IBAN gives IBAN_PATTERN, IBAN_REGEX too), more
            // than the name of the value it tests (COMPACT_PATTERN for compact.matches(IBAN))
            String upper = ConstantNames.upperSnake(source);
            String constant = upper.endsWith("_REGEX") ? upper.substring(0, upper.length() - "_REGEX".length()) : upper;
            if (!constant.endsWith("PATTERN")) {
                names.add(constant + "_PATTERN");
            }
        }
        J.MethodDeclaration method = site.firstEnclosing(J.MethodDeclaration.class);
        String user = method == null || method.isConstructor() ? null : sharedWords(method.getSimpleName(), site);
        if ("split".equals(call)) {
            names.add("SEPARATOR");
            String piece = pieceName(site);
            if (piece != null) {
                names.add(ConstantNames.upperSnake(piece) + "_SEPARATOR");
            }
            if (user != null) {
                names.add(ConstantNames.upperSnake(user) + "_SEPARATOR");
            }
        }
        Matcher test = user == null || !"matches".equals(call) ? null : TEST_METHOD.matcher(user);
        boolean testNamed = test != null && test.matches();
        // a test's name, or nothing: a returned match is what the test tests for, not what the method is named
        String tested = testNamed ? testedFor(test, site, requireNonNull(method)) : null;
        if (tested != null) {
            names.add(tested.endsWith("_PATTERN") ? tested : tested + "_PATTERN");
        }
        if (matched != null && "matches".equals(call)) {
            // a whole string matched is the format of what the string holds: sku.matches(..) tests a SKU_PATTERN
            names.add(matched.endsWith("_PATTERN") ? matched : matched + "_PATTERN");
        } else if (!testNamed && user != null && user.length() >= MIN_JOB_NAME
                   && site.getParentTreeCursor().getValue() instanceof J.Return) {
            // the method returns what the call makes: named for what it returns, it names the regex's job ("slug")
            String job = ConstantNames.upperSnake(user);
            names.add(job.endsWith("PATTERN") ? job : job + "_PATTERN");
            names.add(job + "_REGEX");
        }
        if (names.isEmpty() && "matches".equals(call) && site.getValue() instanceof J.MethodInvocation) {
            // name.matches(..) says nothing of the format; "invalid metric name" thrown when it fails does
            String described = FailureMessages.valueNamedByFailure(site, simpleNameOf(((J.MethodInvocation) site.getValue()).getSelect()));
            if (described != null) {
                names.add(described + "_PATTERN");
            }
        }
        return names;
    }

    /**
     * What a split's pieces are called, which names what it splits between: {@code pair} for
     * {@code for (String pair : body.split(..))} or {@code String[] pairs = body.split(..)} ({@code PAIR_SEPARATOR}),
     * before the name of the method, which says what it does, not what the regex is. Null for a name that says
     * nothing ({@code parts}, {@code tmp}) or a plural whose singular its ending does not tell ({@code cookies}).
     */
    private static @Nullable String pieceName(Cursor site) {
        Object parent = site.getParentTreeCursor().getValue();
        String name = null;
        if (parent instanceof J.ForEachLoop.Control && ((J.ForEachLoop.Control) parent).getIterable() == site.getValue()) {
            Statement variable = ((J.ForEachLoop.Control) parent).getVariable();
            name = variable instanceof J.VariableDeclarations
                    ? ((J.VariableDeclarations) variable).getVariables().get(0).getSimpleName() : null;
        } else if (parent instanceof J.VariableDeclarations.NamedVariable) {
            name = FreshNames.singular(((J.VariableDeclarations.NamedVariable) parent).getSimpleName());
        }
        return name == null || name.length() < 3 || VAGUE_PIECES.contains(name.toLowerCase(Locale.ROOT)) ? null : name;
    }

    /**
     * The name of the value this regex tests the whole of wherever the file uses it ({@code SKU}): every use a
     * {@code matches}, none of a value named otherwise ({@code HOST_PATTERN} would misname it where it tests a
     * {@code name}), and no other regex of the file matched against a value of that name (an old and a new SKU format
     * would share it). Null otherwise, and for a regex that tests what a string contains ({@code .*\\.java},
     * {@code .*[A-Z].*}), which says nothing of the value's format.
     */
    private @Nullable String matchedByEveryUse(List<Cursor> uses, Cursor site) {
        if (CONTAINS.matcher(value).find()) {
            return null;
        }
        String matched = null;
        for (Cursor use : uses) {
            if (!"matches".equals(((J.MethodInvocation) use.getValue()).getSimpleName())) {
                return null;
            }
            String name = matchedValue(use.getValue());
            if (name != null && matched != null && !name.equals(matched)) {
                return null;
            }
            matched = name == null ? matched : name;
        }
        return matched == null || anotherRegexMatches(matched, site) ? null : matched;
    }

    /** Whether the file matches a regex other than this one against a value named {@code matched}. */
    private boolean anotherRegexMatches(String matched, Cursor site) {
        J.CompilationUnit file = site.firstEnclosing(J.CompilationUnit.class);
        boolean[] another = {false};
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation call, Integer p) {
                if ("matches".equals(call.getSimpleName()) && call.getArguments().size() == 1
                    && !source.equals(printedRegex(call.getArguments().get(0)))
                    && matched.equals(matchedValue(call))) {
                    another[0] = true;
                }
                // one compiled already (an earlier run named it for what it matches): PATTERN.matcher(order)
                if ("matches".equals(call.getSimpleName()) && call.getSelect() instanceof J.MethodInvocation) {
                    J.MethodInvocation matcher = (J.MethodInvocation) call.getSelect();
                    if ("matcher".equals(matcher.getSimpleName()) && matcher.getArguments().size() == 1 && matcher.getSelect() != null
                        && TypeUtils.isOfClassType(matcher.getSelect().getType(), PATTERN)
                        && matched.equals(valueName(matcher.getArguments().get(0)))) {
                        another[0] = true;
                    }
                }
                return super.visitMethodInvocation(call, p);
            }
        }.visit(file, 0);
        return another[0];
    }

    /**
     * {@code SKU} for {@code sku.matches(..)}, {@code sku.trim().matches(..)}, {@code line.getSku().matches(..)} or
     * {@code this.sku.matches(..)}: the name of the value a {@code matches} tests, as a constant's; null when it has
     * none or one that says nothing of what it holds ({@code s}, {@code value}, {@code input}).
     */
    private static @Nullable String matchedValue(J.MethodInvocation matches) {
        return valueName(matches.getSelect());
    }

    /** {@link #matchedValue}'s name of a value, wherever it is tested: {@code SKU} for {@code sku.trim()}. */
    private static @Nullable String valueName(@Nullable Expression value) {
        String name = simpleNameOf(value);
        if (name == null || name.length() < 2 || VAGUE_VALUES.contains(name.toLowerCase(Locale.ROOT))) {
            return null;
        }
        return ConstantNames.upperSnake(name);
    }

    /** The name a value is read by, whatever it says: {@code sku} for {@code sku.trim()}, {@code Key} for {@code getKey()}. */
    private static @Nullable String simpleNameOf(@Nullable Expression value) {
        while (value instanceof J.MethodInvocation && hasNoArguments((J.MethodInvocation) value)
               && TIDYING.contains(((J.MethodInvocation) value).getSimpleName())) {
            value = ((J.MethodInvocation) value).getSelect();
        }
        if (value instanceof J.Identifier) {
            return ((J.Identifier) value).getSimpleName();
        }
        if (value instanceof J.FieldAccess) {
            return ((J.FieldAccess) value).getSimpleName();
        }
        if (value instanceof J.MethodInvocation && hasNoArguments((J.MethodInvocation) value)) {
            Matcher getter = GETTER.matcher(((J.MethodInvocation) value).getSimpleName());
            return getter.matches() ? getter.group(1) : null;
        }
        return null;
    }

    private static boolean hasNoArguments(J.MethodInvocation call) {
        return call.getArguments().stream().allMatch(a -> a instanceof J.Empty);
    }

    /** {@code NON_LOWERCASE} for {@code NON_LOWERCASE_LETTER}: the same, where a file's short lines want it shorter. */
    private static String shorterName(String name) {
        return name.replace("LOWERCASE_LETTER", "LOWERCASE").replace("UPPERCASE_LETTER", "UPPERCASE")
                .replace("LETTER_OR_DIGIT", "ALPHANUMERIC");
    }

    /**
     * What a method named as a test tests for, as a constant's name: {@code DURATION} for {@code checkDuration},
     * {@code JAR_FILE_IN_PATH} for {@code hasJarFileInPath}. Null when that is not what the regex matches: a negated
     * match in a method that answers a question ({@code isInvalidName} returns {@code !name.matches(VALID)}), a
     * method that applies another regex too, or a name that says nothing of what is tested ({@code isValid},
     * {@code matchesPattern}). A {@code check}, {@code validate}, {@code require} or {@code ensure} throws when its
     * match is negated: it still names it ({@code ACCOUNT_CODE_PATTERN} for {@code requireAccountCode}); a match it is
     * not negated in is what it forbids ({@code requireNonBlank} throwing when {@code s.matches("\\s*")}), and is not.
     */
    private @Nullable String testedFor(Matcher test, Cursor site, J.MethodDeclaration method) {
        boolean asserts = ASSERTING_TESTS.contains(test.group(1));
        Object parent = site.getParentTreeCursor().getValue();
        // a check throws when its match is negated, and names what it requires; one it throws on is what it forbids
        boolean namesWhatItRequires = asserts ? parent instanceof J.Unary || parent instanceof J.Return : !(parent instanceof J.Unary);
        if (!namesWhatItRequires ||
            ConstantNames.words(test.group(2)).stream().allMatch(VAGUE_TEST_WORDS::contains) ||
            appliesAnotherRegex(method)) {
            return null;
        }
        return ConstantNames.upperSnake(test.group(2));
    }

    /** Whether {@code method} passes a regex other than this one to a call that takes one. */
    private boolean appliesAnotherRegex(J.MethodDeclaration method) {
        boolean[] another = {false};
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.MethodInvocation visitMethodInvocation(J.MethodInvocation call, Integer p) {
                if (REGEX_TAKING.contains(call.getSimpleName()) && !call.getArguments().isEmpty() &&
                    !source.equals(printedRegex(call.getArguments().get(0)))) {
                    another[0] = true;
                }
                return super.visitMethodInvocation(call, p);
            }
        }.visit(method.getBody(), 0);
        return another[0];
    }

    /** A regex argument as {@link #source} would hold it: a literal as written, a constant by its name. */
    private static @Nullable String printedRegex(Expression regex) {
        if (regex instanceof J.Literal) {
            return ((J.Literal) regex).getValueSource();
        }
        return regex instanceof J.Identifier ? ((J.Identifier) regex).getSimpleName() : null;
    }

    /**
     * {@link #names} of the first of the file's uses of this regex that has any, starting with the use at
     * {@code site}: one use's name is every use's, so a run compiles the regex for all its uses at once, as a second
     * run finding the field declared would.
     */
    List<String> namesOfAnyUse(Cursor site, String call) {
        List<Cursor> uses = uses(site);
        String matched = matchedByEveryUse(uses, site);
        List<String> names = names(site, call, matched);
        if (!names.isEmpty()) {
            return names;
        }
        for (Cursor use : uses) {
            names = names(use, ((J.MethodInvocation) use.getValue()).getSimpleName(), matched);
            if (!names.isEmpty()) {
                return names;
            }
        }
        return names;
    }

    /** The calls of the file around {@code site} that take this regex, by its value or its constant, in file order. */
    private List<Cursor> uses(Cursor site) {
        J.CompilationUnit file = site.firstEnclosing(J.CompilationUnit.class);
        List<Cursor> uses = new ArrayList<>();
        if (file == null) {
            return uses;
        }
        new JavaIsoVisitor<Integer>() {
            @Override
            public J.Literal visitLiteral(J.Literal literal, Integer p) {
                if (source.equals(literal.getValueSource())) {
                    addUse(getCursor());
                }
                return literal;
            }

            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
                if (source.equals(identifier.getSimpleName()) && identifier.getFieldType() != null) {
                    addUse(getCursor());
                }
                return identifier;
            }

            /** A use as a regex: the argument of a call that takes one. */
            private void addUse(Cursor argument) {
                Cursor call = argument.getParentTreeCursor();
                J.MethodInvocation invocation = call.getValue() instanceof J.MethodInvocation ? call.getValue() : null;
                if (invocation != null && REGEX_TAKING.contains(invocation.getSimpleName()) &&
                    invocation.getArguments().get(0) == argument.getValue()) {
                    uses.add(call);
                }
            }
        }.visit(file, 0);
        return uses;
    }

    /**
     * The leading and trailing camel-case words the names of the file's methods that write this regex share, or
     * {@code method} when it is the only one or they share none.
     */
    private String sharedWords(String method, Cursor site) {
        Set<String> users = new LinkedHashSet<>();
        for (Cursor use : uses(site)) {
            J.MethodDeclaration user = use.firstEnclosing(J.MethodDeclaration.class);
            if (user != null && !user.isConstructor()) {
                users.add(user.getSimpleName());
            }
        }
        if (users.size() < 2) {
            return method;
        }
        List<List<String>> words = new ArrayList<>();
        for (String user : users) {
            words.add(ConstantNames.words(user));
        }
        int shortest = Integer.MAX_VALUE;
        for (List<String> w : words) {
            shortest = Math.min(shortest, w.size());
        }
        int leading = 0;
        while (leading < shortest && sameWordAt(words, leading, false)) {
            leading++;
        }
        int trailing = 0;
        while (leading + trailing < shortest && sameWordAt(words, trailing, true)) {
            trailing++;
        }
        List<String> first = words.get(0);
        if (leading + trailing == 0) {
            return method;
        }
        List<String> sharedWords = new ArrayList<>(first.subList(0, leading));
        sharedWords.addAll(first.subList(first.size() - trailing, first.size()));
        StringBuilder shared = new StringBuilder();
        for (String word : sharedWords) {
            // each word capitalised, as a snake-case name's are not (read_row_a and read_row_b share readRow)
            shared.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
        }
        return Character.toLowerCase(shared.charAt(0)) + shared.substring(1);
    }

    private static boolean sameWordAt(List<List<String>> words, int index, boolean fromEnd) {
        String word = null;
        for (List<String> w : words) {
            String here = w.get(fromEnd ? w.size() - 1 - index : index);
            if (word != null && !word.equalsIgnoreCase(here)) {
                return false;
            }
            word = here;
        }
        return true;
    }
}

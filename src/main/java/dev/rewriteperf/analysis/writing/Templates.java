package dev.rewriteperf.analysis.writing;

import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.internal.DefaultJavaTypeFactory;
import org.openrewrite.java.internal.JavaTypeCache;
import org.openrewrite.java.internal.JavaTypeFactory;
import org.openrewrite.java.tree.Expression;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way the pack builds a {@link JavaTemplate}: its stub is compiled against a type table that every
 * template of the recipe run shares.
 * <p>
 * Compiling a template turns the types its stub uses into OpenRewrite types: for {@code new HashMap<>(..)} that is
 * {@code HashMap} with its supertypes and every member's signature, transitively, a few hundred classes. With
 * {@link JavaTemplate}'s default parser each template starts from an empty table (the plugin's source sets carry
 * none to share), so every rewritten site paid for that again: on commons-compress about 0.35 s a site, half of the
 * pack's run time. With one table per run a type is turned once; the rest of a template's compilation is a few
 * milliseconds. The table is kept in the run's {@link ExecutionContext}, so it ends with the run, as the tables of
 * the parser that read the project do; like theirs, it assumes one recipe run edits on one thread at a time.
 */
public final class Templates {

    private static final String TYPE_TABLE = Templates.class.getName() + ".typeTable";

    /** A value's place in a template: {@code #{any()}}, {@code #{any(int)}}, {@code #{any(java.lang.String)}}. */
    private static final Pattern SLOT = Pattern.compile("#\\{any\\([^)]*\\)}");

    private Templates() {
    }

    /** {@link JavaTemplate#builder(String)} for {@code code}, compiled with {@link #parser(ExecutionContext)}. */
    public static JavaTemplate.Builder builder(String code, ExecutionContext ctx) {
        return JavaTemplate.builder(code).javaParser(parser(ctx));
    }

    /** {@link #builder(String, ExecutionContext)} for a template that also needs the classes {@code stubs} declare. */
    public static JavaTemplate.Builder builder(String code, ExecutionContext ctx, String... stubs) {
        return JavaTemplate.builder(code).javaParser(parser(ctx).dependsOn(stubs));
    }

    /** {@code code} as it will read once applied: each template slot holds its value's text, in order. */
    public static String withValues(String code, List<Expression> values, Cursor cursor) {
        String written = code;
        for (Expression value : values) {
            written = SLOT.matcher(written).replaceFirst(Matcher.quoteReplacement(value.printTrimmed(cursor)));
        }
        return written;
    }

    /** The parser of the JDK running the recipes, as {@link JavaTemplate}'s default, with the run's type table. */
    private static JavaParser.Builder<?, ?> parser(ExecutionContext ctx) {
        JavaTypeFactory table = ctx.computeMessageIfAbsent(TYPE_TABLE, key -> new DefaultJavaTypeFactory(new JavaTypeCache()));
        return JavaParser.fromJavaVersion().typeFactory(table);
    }
}

package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.LineLengths;
import dev.rewriteperf.analysis.SafeToEvaluate;
import dev.rewriteperf.analysis.SimpleNames;
import dev.rewriteperf.analysis.Templates;
import dev.rewriteperf.profile.ProfileGate;
import dev.rewriteperf.table.PerformanceCandidates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class InlineObjectsHash extends Recipe {

    private static final MethodMatcher OBJECTS_HASH = new MethodMatcher("java.util.Objects hash(..)");

    /** A value's place in the template, where the value's own text goes to measure the line. */
    private static final Pattern SLOT = Pattern.compile("#\\{any\\([a-z]*\\)}");

    /** Beyond this the nested form is harder to read than the call it replaces. */
    private static final int MAX_VALUES = 6;

    /** Types whose {@code hashCode} reads only the value's own state and writes nothing the code can see. */
    private static final Set<String> PURE_HASH_CODE = new HashSet<>(Arrays.asList("java.lang.String", "java.lang.Integer",
            "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Character", "java.lang.Boolean",
            "java.lang.Double", "java.lang.Float", "java.lang.Class"));

    private static final Set<JavaType.Primitive> PRIMITIVES = EnumSet.of(JavaType.Primitive.Boolean, JavaType.Primitive.Byte,
            JavaType.Primitive.Char, JavaType.Primitive.Short, JavaType.Primitive.Int, JavaType.Primitive.Long,
            JavaType.Primitive.Float, JavaType.Primitive.Double);

    private final transient PerformanceCandidates candidates;

    public InlineObjectsHash() {
        this(ProfileGate.NONE);
    }

    /** In a profile-guided composite: rewrites only the hot methods {@code gate} lets through. */
    public InlineObjectsHash(ProfileGate gate) {
        this.candidates = new PerformanceCandidates(this, gate);
    }

    @Override
    public String getDisplayName() {
        return "Compute `Objects.hash` without its varargs array";
    }

    @Override
    public String getDescription() {
        return "`Objects.hash(a, b, c)` allocates an `Object[]` per call, and a box for each primitive. It becomes " +
               "the value it computes, written out: `31 * (31 * (31 + Objects.hashCode(a)) + Integer.hashCode(b)) + " +
               "Objects.hashCode(c)`, which is the same `int` for every input (the JDK's `Arrays.hashCode` formula). " +
               "Only where the values are variables, fields or literals: inline, each value's `hashCode` runs before " +
               "the next value is read, so a call, or a field that a project type's `hashCode` could change, is " +
               "left alone and listed, as is a single array (it is the varargs array itself), more than six " +
               "values, and a hash that would make its line longer than the file's code lines (at least 80 and at " +
               "most 120 characters), or a call the author wrapped over several lines. Measured (a String and a " +
               "long, one hash): 48 -> 0 B/op; paired runs, JDK 25: 3.32x faster (95 % interval 2.53-4.35x), " +
               "JDK 17: 2.23x faster (95 % interval 1.86-2.68x).";
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "allocation", "hashCode"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        return Preconditions.check(new UsesMethod<>(OBJECTS_HASH), FileFormat.keptBy(new HashVisitor()));
    }

    /** Writes out each {@code Objects.hash} call it may, and records why not for the others. */
    private final class HashVisitor extends JavaVisitor<ExecutionContext> {
        private int lineBudget;

        @Override
        public J visitCompilationUnit(J.CompilationUnit cu, ExecutionContext ctx) {
            lineBudget = LineLengths.lineBudget(cu);
            return super.visitCompilationUnit(cu, ctx);
        }

        @Override
        public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
            J visited = super.visitMethodInvocation(method, ctx);
            if (!(visited instanceof J.MethodInvocation) || !OBJECTS_HASH.matches((J.MethodInvocation) visited)) {
                return visited;
            }
            J.MethodInvocation call = (J.MethodInvocation) visited;
            String refusal = refusal(call.getArguments());
            if (refusal == null) {
                // The hash is written with java.util.Objects by its simple name (Guava's Objects.hashCode is varargs).
                refusal = SimpleNames.importRefusal(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class),
                        Collections.singletonList("java.util.Objects"));
            }
            String code = needsParentheses(getCursor().getParentTreeCursor().getValue()) ? "(" + formula(call.getArguments()) + ")"
                    : formula(call.getArguments());
            if (refusal == null) {
                refusal = lengthRefusal(call, code);
            }
            if (refusal != null) {
                candidates.recordSkip(ctx, getCursor(), call, refusal);
                return call;
            }
            if (!candidates.mayChange(ctx, getCursor(), call)) {
                return call;
            }
            J replaced = Templates.builder(code, ctx).imports("java.util.Objects").build()
                    .apply(getCursor(), call.getCoordinates().replace(), call.getArguments().toArray());
            if (code.contains("Objects.hashCode(")) {
                maybeAddImport("java.util.Objects");
            } else {
                maybeRemoveImport("java.util.Objects"); // only primitives: the import may now be unused
            }
            maybeRemoveImport("java.util.Objects.hash");
            candidates.recordChange(ctx, getCursor(), call, replaced);
            return replaced;
        }

        /** Why the written-out hash would not fit the file's lines; null when it fits. */
        private @Nullable String lengthRefusal(J.MethodInvocation call, String code) {
            String written = code;
            for (Expression value : call.getArguments()) {
                written = SLOT.matcher(written).replaceFirst(Matcher.quoteReplacement(value.printTrimmed(getCursor())));
            }
            int length = LineLengths.lineLengthWith(getCursor(), call, written);
            if (length < 0) {
                return "the call is written over several lines: written out on one, the hash would not read as this file's code";
            }
            return length <= lineBudget ? null : "written out, the hash would make its line " + length +
                    " characters long, longer than this file's code lines (" + lineBudget + ")";
        }
    }

    /** Why {@code Objects.hash(values)} is left alone; null when it can be written out. */
    static @Nullable String refusal(List<Expression> values) {
        if (values.isEmpty() || values.size() == 1 && values.get(0) instanceof J.Empty) {
            return "no values: the call returns 1 and allocates an empty array, a case too rare to rewrite";
        }
        if (values.size() == 1 && mayBeTheArray(values.get(0).getType())) {
            return "a single array (or null) is the varargs array itself: the hash of its elements, not of the array";
        }
        if (values.size() > MAX_VALUES) {
            return "more than " + MAX_VALUES + " values: written out, the hash would be harder to read than the call";
        }
        for (Expression value : values) {
            JavaType type = value.getType();
            if (type == null || type instanceof JavaType.Unknown) {
                return "the type of `" + value.printTrimmed() + "` is unknown: its hashCode cannot be chosen";
            }
            if (!SafeToEvaluate.sameValueEachRead(value)) {
                return "`" + value.printTrimmed() + "` is not a variable, field or literal: written out, it would be " +
                       "evaluated after the earlier values' hashCode instead of before";
            }
        }
        for (int i = 0; i + 1 < values.size(); i++) {
            if (!hasPureHashCode(values.get(i).getType()) && !laterValuesUnchangeable(values, i + 1)) {
                return "`" + values.get(i).printTrimmed() + "` has a hashCode the project may define, which would run " +
                       "before a later value that it could change (a non-final field) is read";
            }
        }
        return null;
    }

    /**
     * An array or null: Java passes it as the varargs array itself (a type variable is never one: its bounds
     * cannot be arrays).
     */
    private static boolean mayBeTheArray(@Nullable JavaType type) {
        return type instanceof JavaType.Array || type == JavaType.Primitive.Null;
    }

    /** The eight primitive types (not OpenRewrite's {@code String}, {@code null} or {@code void} "primitives"). */
    private static boolean isPrimitive(@Nullable JavaType type) {
        return PRIMITIVES.contains(type);
    }

    private static boolean hasPureHashCode(@Nullable JavaType type) {
        if (isPrimitive(type)) {
            return true;
        }
        JavaType.FullyQualified fq = TypeUtils.asFullyQualified(type);
        return fq != null && (PURE_HASH_CODE.contains(fq.getFullyQualifiedName()) || fq.getKind() == JavaType.FullyQualified.Kind.Enum);
    }

    private static boolean laterValuesUnchangeable(List<Expression> values, int from) {
        for (int i = from; i < values.size(); i++) {
            if (!SafeToEvaluate.unchangedByOtherCode(values.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** {@code 31 * (31 + h(a)) + h(b)}: {@code Arrays.hashCode}'s loop, unrolled, with one template slot per value. */
    static String formula(List<Expression> values) {
        StringBuilder code = new StringBuilder("31 + ").append(term(values.get(0)));
        for (int i = 1; i < values.size(); i++) {
            code.insert(0, "31 * (").append(") + ").append(term(values.get(i)));
        }
        return code.toString();
    }

    /** The value's hash as {@code Objects.hash} computes it: of the box, for a primitive. */
    private static String term(Expression value) {
        JavaType type = value.getType();
        if (isPrimitive(type)) {
            JavaType.Primitive primitive = (JavaType.Primitive) type;
            return box(primitive) + ".hashCode(#{any(" + primitive.getKeyword() + ")})";
        }
        return "Objects.hashCode(#{any()})";
    }

    private static String box(JavaType.Primitive primitive) {
        switch (primitive) {
            case Int: return "Integer";
            case Char: return "Character";
            default: return primitive.getKeyword().substring(0, 1).toUpperCase() + primitive.getKeyword().substring(1);
        }
    }

    /** Whether the sum replacing the call must be parenthesised there: an operand of another operator or a cast. */
    private static boolean needsParentheses(Object parent) {
        return parent instanceof J.Binary || parent instanceof J.Unary || parent instanceof J.TypeCast;
    }
}

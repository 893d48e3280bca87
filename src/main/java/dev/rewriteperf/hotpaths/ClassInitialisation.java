package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.names.EnclosingClasses;
import dev.rewriteperf.analysis.project.Release;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.util.HashSet;
import java.util.Set;

/**
 * What initialising a class runs, for a recipe that adds a {@code private static final} field to it: the field is
 * set in the class's initialiser, and reading it from elsewhere initialises the class. Static blocks and static field
 * initialisers run code, except the inert ones this family writes (a literal, {@code Pattern.compile} of constants,
 * {@code new ObjectMapper()}, the {@code values()} of a plain enum of the file); so does a project superclass, which is
 * initialised first.
 */
final class ClassInitialisation {

    private static final MethodMatcher COMPILE = new MethodMatcher("java.util.regex.Pattern compile(..)");

    private final J.ClassDeclaration declaration;
    private final J.CompilationUnit cu;
    /** The release the class is compiled for: below 11, a nested type's read of a private field needs an accessor. */
    private final Release release;
    /** Static final fields of the class initialised with a literal: compile-time constants, inlined where read. */
    private final Set<String> constants = new HashSet<>();

    ClassInitialisation(J.ClassDeclaration declaration, J.CompilationUnit cu, Release release) {
        this.release = release;
        this.declaration = declaration;
        this.cu = cu;
        for (Statement member : declaration.getBody().getStatements()) {
            if (member instanceof J.VariableDeclarations && ((J.VariableDeclarations) member).hasModifier(J.Modifier.Type.Static) &&
                ((J.VariableDeclarations) member).hasModifier(J.Modifier.Type.Final)) {
                for (J.VariableDeclarations.NamedVariable variable : ((J.VariableDeclarations) member).getVariables()) {
                    if (variable.getInitializer() instanceof J.Literal) {
                        constants.add(variable.getSimpleName());
                    }
                }
            }
        }
    }

    /** A static block, or a static field whose initialiser is not inert: code that could read other fields. */
    boolean runsCode(Statement member) {
        if (member instanceof J.Block) {
            return ((J.Block) member).isStatic();
        }
        if (!(member instanceof J.VariableDeclarations) || !((J.VariableDeclarations) member).hasModifier(J.Modifier.Type.Static)) {
            return false;
        }
        for (J.VariableDeclarations.NamedVariable variable : ((J.VariableDeclarations) member).getVariables()) {
            if (variable.getInitializer() != null && !isInert(variable.getInitializer())) {
                return true;
            }
        }
        return false;
    }

    private boolean isInert(Expression initializer) {
        if (initializer instanceof J.Literal) {
            return true;
        }
        if (initializer instanceof J.MethodInvocation) {
            J.MethodInvocation call = (J.MethodInvocation) initializer;
            if (COMPILE.matches(call)) {
                return call.getArguments().stream().allMatch(a -> a instanceof J.Literal ||
                        a instanceof J.Identifier && constants.contains(((J.Identifier) a).getSimpleName()));
            }
            EnumValuesCall values = EnumValuesCall.of(call);
            if (values != null) {
                J.ClassDeclaration anEnum = EnumValuesCall.declarationIn(cu, values.enumType);
                return anEnum != null && EnumValuesCall.isPlain(anEnum);
            }
            return false;
        }
        return MapperUses.isPlainNew(initializer);
    }

    /** Whether initialising the class runs code: a static initialiser that is not inert, or a project superclass's. */
    boolean runsCode() {
        for (Statement member : declaration.getBody().getStatements()) {
            if (runsCode(member)) {
                return true;
            }
        }
        JavaType.FullyQualified type = declaration.getType();
        JavaType.FullyQualified supertype = type == null ? null : type.getSupertype();
        boolean projectSuperclass = declaration.getExtends() != null &&
                (supertype == null || !supertype.getFullyQualifiedName().startsWith("java."));
        return projectSuperclass;
    }

    /** Whether the class has a class initialiser at all ({@code <clinit>}): a static block or a static field set by code. */
    private boolean hasClassInitialiser() {
        for (Statement member : declaration.getBody().getStatements()) {
            if (member instanceof J.Block && ((J.Block) member).isStatic()) {
                return true;
            }
            if (member instanceof J.VariableDeclarations && ((J.VariableDeclarations) member).hasModifier(J.Modifier.Type.Static) &&
                ((J.VariableDeclarations) member).getVariables().stream()
                        .anyMatch(v -> v.getInitializer() != null && !(v.getInitializer() instanceof J.Literal))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Why a new field would change the serial version Java computes for the class (a {@code Serializable} class
     * without {@code serialVersionUID}): the class had no class initialiser, and a field set by code gives it one.
     * (A private static field is not itself part of the version.) Null when neither applies.
     */
    @Nullable String serialVersionReason() {
        if (hasClassInitialiser()) {
            return null;
        }
        switch (EnclosingClasses.computedSerialVersion(declaration)) {
            case SERIALIZABLE:
                return "the class is Serializable without a serialVersionUID and has no static initialiser: the field " +
                       "would give it one, which changes the version Java computes, and objects serialized before would " +
                       "no longer read";
            case UNKNOWN:
                return "a supertype of the class is unknown: it may be Serializable without a serialVersionUID, whose " +
                       "computed version a static initialiser would change";
            default:
                return null;
        }
    }

    /**
     * Whether another class's read of the class's private field would change its computed serial version: below Java 11
     * javac gives the class an accessor method for it, and the class is (or may be) Serializable without a version.
     */
    private boolean needsAccessor() {
        return !release.has(11) &&
               EnclosingClasses.computedSerialVersion(declaration) != EnclosingClasses.SerialVersion.NOT_COMPUTED;
    }

    /**
     * Why reading the field at {@code site} would change the class's initialisation: the site is in a static nested
     * type (an enum, record or interface among them) whose code can run before the class is initialised, and reading
     * the field there would run the class's initialisation sooner; or, below Java 11, javac would give a Serializable
     * class an accessor for the read of a nested or anonymous class, which changes its computed serial version. Null
     * otherwise.
     */
    @Nullable String readReason(Cursor site) {
        for (Cursor c = site; c != null; c = c.getParent()) {
            if (c.getValue() instanceof J.NewClass && ((J.NewClass) c.getValue()).getBody() != null && needsAccessor()) {
                return "read from an anonymous class, the field would need an accessor method below Java 11, which " +
                       "changes the serial version Java computes for the Serializable class";
            }
            if (!(c.getValue() instanceof J.ClassDeclaration)) {
                continue;
            }
            J.ClassDeclaration nested = c.getValue();
            if (TypeUtils.isOfType(nested.getType(), declaration.getType())) {
                return null; // the class that holds the field: its own code runs after it is initialised
            }
            if (needsAccessor()) {
                return "read from " + nested.getSimpleName() + ", the field would need an accessor method below Java 11, " +
                       "which changes the serial version Java computes for the Serializable class";
            }
            boolean isStatic = nested.hasModifier(J.Modifier.Type.Static) || nested.getKind() != J.ClassDeclaration.Kind.Type.Class;
            if (isStatic && runsCode()) {
                return "read from " + nested.getSimpleName() + ", a static nested type whose code can run before the " +
                       "top-level class is initialised, the field would run that class's static initialisers sooner";
            }
        }
        return null;
    }
}

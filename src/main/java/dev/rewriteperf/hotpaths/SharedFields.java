package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.names.ConstantNames;
import dev.rewriteperf.analysis.names.EnclosingClasses;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.project.ReflectedFields;
import dev.rewriteperf.analysis.project.Release;
import dev.rewriteperf.analysis.writing.ClassMembers;
import dev.rewriteperf.analysis.writing.Templates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.marker.Markers;

import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

import static org.openrewrite.Tree.randomId;

/**
 * The {@code private static final} fields of one kind (compiled patterns, a shared mapper) of one class (a top-level
 * class, or a static nested one), keyed by their initialiser: those it already declares are reused, missing ones are
 * named and added as the class's first members, so that they are initialised before any static initialiser could use
 * them.
 */
final class SharedFields {

    /** What the fields hold, and how they are declared. */
    interface Kind {
        String type();

        /** The key of an existing field of this kind whose value can be shared, or null. */
        @Nullable String keyOf(J.VariableDeclarations field);

        /** The declaration of the field {@code name} for {@code key}, the type by its simple name. */
        String declaration(String key, String name);

        /** Whether the declaration names types of the file itself, which a template sees only in its context. */
        default boolean namesTheFilesTypes() {
            return false;
        }

        /** Sources of the library classes the declaration uses, for a template that cannot see the project's classpath. */
        default String[] stubs() {
            return new String[0];
        }
    }

    private final Kind kind;
    /** The class that holds the fields, as it was before any was added. */
    private final J.ClassDeclaration holder;
    private final JavaType.FullyQualified owner;
    private final J.CompilationUnit cu;
    /** Why no field may be added to the class: code lists its declared fields, or Java computes its serial version. */
    private final @Nullable String additionReason;
    private final ClassInitialisation initialisation;
    private final Map<String, String> existing = new HashMap<>();
    private final Map<String, String> added = new LinkedHashMap<>();
    /** The name each key's field has or will have once a use of it is rewritten. */
    private final Map<String, String> named = new HashMap<>();
    /** Where each member that names a static field stands, and where the first member that runs code at class initialisation does. */
    private final Map<String, Integer> memberIndexes = new HashMap<>();
    private int firstStaticInitialiser;
    /** Where the added fields go: first, or after the last constant one of them compiles. */
    private int insertAt;
    /** Every name written in the file, collected the first time a field must be named. */
    private @Nullable Set<String> namesInUse;
    /** The fields of the top-level class around a nested holder, whose names in use the holder's share. */
    private @Nullable SharedFields enclosing;
    /** Whether the file names its constants in camelCase, as new fields then are; read the first time a field is named. */
    private @Nullable Boolean camelCaseConstants;
    /** Names that more than one variable, field or parameter of the file declares. */
    private @Nullable Set<String> declaredMoreThanOnce;

    private SharedFields(Kind kind, J.ClassDeclaration holder, JavaType.FullyQualified owner, J.CompilationUnit cu,
                         @Nullable String additionReason, ClassInitialisation initialisation) {
        this.kind = kind;
        this.holder = holder;
        this.owner = owner;
        this.cu = cu;
        this.additionReason = additionReason;
        this.initialisation = initialisation;
    }

    static @Nullable SharedFields of(Kind kind, J.ClassDeclaration holder, J.CompilationUnit cu, ReflectedFields reflected,
                                     Release release) {
        if (holder.getType() == null) {
            return null;
        }
        ClassInitialisation initialisation = new ClassInitialisation(holder, cu, release);
        String reason = reflected.reason(holder.getType());
        if (reason == null) {
            reason = initialisation.serialVersionReason();
        }
        SharedFields fields = new SharedFields(kind, holder, holder.getType(), cu, reason, initialisation);
        // A field declared after a static initialiser may still be null when that initialiser uses it.
        List<Statement> members = holder.getBody().getStatements();
        fields.firstStaticInitialiser = members.size();
        // An enum's constants come first: its fields follow them.
        fields.insertAt = !members.isEmpty() && members.get(0) instanceof J.EnumValueSet ? 1 : 0;
        for (int i = members.size() - 1; i >= 0; i--) {
            Statement member = members.get(i);
            if (member instanceof J.VariableDeclarations) {
                for (J.VariableDeclarations.NamedVariable variable : ((J.VariableDeclarations) member).getVariables()) {
                    fields.memberIndexes.put(variable.getSimpleName(), i);
                }
            }
            String key = member instanceof J.VariableDeclarations ? kind.keyOf((J.VariableDeclarations) member) : null;
            if (key == null && initialisation.runsCode(member)) {
                fields.firstStaticInitialiser = i;
            }
        }
        for (int i = 0; i < fields.firstStaticInitialiser; i++) {
            String key = members.get(i) instanceof J.VariableDeclarations ? kind.keyOf((J.VariableDeclarations) members.get(i)) : null;
            if (key != null) {
                fields.existing.putIfAbsent(key, ((J.VariableDeclarations) members.get(i)).getVariables().get(0).getSimpleName());
            }
        }
        return fields;
    }

    /**
     * The fields of a static nested class inside the class of {@code enclosing}: names added to either are in use in
     * both, so that neither hides the other's.
     */
    static @Nullable SharedFields nested(Kind kind, J.ClassDeclaration nested, SharedFields enclosing, ReflectedFields reflected,
                                         Release release) {
        SharedFields fields = of(kind, nested, enclosing.cu, reflected, release);
        if (fields != null) {
            fields.enclosing = enclosing;
        }
        return fields;
    }

    J.ClassDeclaration holder() {
        return holder;
    }

    /**
     * Whether the code at {@code site} may read a field of the class: the class can hold a private field set by code
     * (not an interface's, nor an enum's, whose constants are created first), and reading it there does not change
     * when the class is initialised.
     */
    boolean mayBeReadAt(Cursor site) {
        return !EnclosingClasses.isInterface(holder) && holder.getKind() != J.ClassDeclaration.Kind.Type.Enum &&
               initialisation.readReason(site) == null;
    }

    /**
     * Why reading the field at {@code site} would change the class's initialisation (see
     * {@link ClassInitialisation#readReason}); null when it would not.
     */
    @Nullable String initialisationReason(Cursor site) {
        return initialisation.readReason(site);
    }

    /**
     * A reference to the field for {@code key} (for a pattern, its regex literal as written), declared or to be added, or null when
     * none of the names {@code suggested} is free in the file and the classes around {@code site}. A new field is
     * added only once {@link #use} says the reference is written.
     */
    J.@Nullable Identifier reference(String key, List<String> suggested, Cursor site) {
        return reference(key, suggested, site, JavaType.ShallowClass.build(kind.type()));
    }

    /** {@link #reference(String, List, Cursor)} for a field of {@code type}. */
    J.@Nullable Identifier reference(String key, List<String> suggested, Cursor site, JavaType type) {
        String name = existing.containsKey(key) ? existing.get(key) : named.get(key);
        if (name == null) {
            name = freeName(suggested, site);
            if (name == null) {
                return null;
            }
            // The first use of a key names its field, rewritten or not: a later use writes that name, as a second run
            // finding the field declared would; its line is measured with it, so the second run decides as the first.
            named.put(key, name);
            namesInUse().add(name);
        } else if (!EnclosingClasses.isFreeName(name, declaredMoreThanOnce(), site, true)) {
            return null; // here the name means a variable of its own, or a field the class around the use inherits
        }
        JavaType.Variable field = new JavaType.Variable(null, Flag.flagsToBitMap(EnumSet.of(Flag.Private, Flag.Static, Flag.Final)),
                name, owner, type, Collections.emptyList());
        return new J.Identifier(randomId(), Space.EMPTY, Markers.EMPTY, Collections.emptyList(), name, type, field);
    }

    /**
     * Why no field for {@code key} may be added, when the class does not declare one: code lists its fields, or Java
     * computes its serial version; or null.
     */
    @Nullable String additionReason(String key) {
        return existing.containsKey(key) ? null : additionReason;
    }

    /** The line that would declare the field {@code name} for {@code key}, indented as the class's members; null when one does. */
    @Nullable String newDeclarationLine(String key, String name) {
        return existing.containsKey(key) || added.containsKey(key) ? null :
                ClassMembers.indent(holder.getBody()) + kind.declaration(key, name);
    }

    /** The code now uses {@code field} for {@code key}: a field not declared yet will be. */
    void use(String key, J.Identifier field) {
        if (existing.containsKey(key) || added.containsKey(key)) {
            return;
        }
        added.put(key, field.getSimpleName());
        namesInUse().add(field.getSimpleName());
        Integer constant = memberIndexes.get(key);
        insertAt = Math.max(insertAt, constant == null ? 0 : constant + 1);
    }

    /**
     * Whether a field compiling the constant {@code name} can be declared after it (a field initialiser cannot name a
     * field declared below it) and still before every static initialiser; such a field is then declared there.
     */
    boolean canFollow(String name) {
        Integer index = memberIndexes.get(name);
        return index != null && index < firstStaticInitialiser;
    }

    boolean addsFields() {
        return !added.isEmpty();
    }

    /** {@code declaration} (the holder, visited) with the added fields as its first members (or after the constants they compile). */
    J.ClassDeclaration declare(J.ClassDeclaration declaration, Cursor classCursor, ExecutionContext ctx) {
        StringJoiner code = new StringJoiner("\n");
        for (Map.Entry<String, String> field : added.entrySet()) {
            code.add(kind.declaration(field.getKey(), field.getValue()));
        }
        J.Block body = declaration.getBody();
        List<Statement> before = body.getStatements();
        JavaTemplate.Builder template = Templates.builder(code.toString(), ctx, kind.stubs()).imports(kind.type());
        if (insertAt > 0 || kind.namesTheFilesTypes()) {
            template = template.contextSensitive(); // a field names a constant or type of the file: its type comes from there
        }
        return declaration.withBody(ClassMembers.placeGenerated(ClassMembers.generate(template.build(), body, classCursor),
                before, insertAt, ClassMembers.indent(body)));
    }

    private @Nullable String freeName(List<String> suggested, Cursor site) {
        if (camelCaseConstants == null) {
            camelCaseConstants = ConstantNames.camelCaseIn(cu);
        }
        for (String suggestion : suggested) {
            String candidate = ConstantNames.styled(suggestion, camelCaseConstants);
            if (EnclosingClasses.isFreeName(candidate, namesInUse(), site, true)) {
                return candidate;
            }
        }
        return null;
    }

    private Set<String> declaredMoreThanOnce() {
        if (declaredMoreThanOnce == null) {
            Set<String> declared = new HashSet<>();
            Set<String> twice = new HashSet<>();
            new JavaIsoVisitor<Integer>() {
                @Override
                public J.VariableDeclarations.NamedVariable visitVariable(J.VariableDeclarations.NamedVariable variable, Integer p) {
                    if (!declared.add(variable.getSimpleName())) {
                        twice.add(variable.getSimpleName());
                    }
                    return super.visitVariable(variable, p);
                }
            }.visit(cu, 0);
            declaredMoreThanOnce = twice;
        }
        return declaredMoreThanOnce;
    }

    private Set<String> namesInUse() {
        if (enclosing != null) {
            return enclosing.namesInUse();
        }
        if (namesInUse == null) {
            namesInUse = FreshNames.identifiersIn(cu);
        }
        return namesInUse;
    }
}

package dev.rewriteperf.bytes;

import dev.rewriteperf.analysis.names.ConstantNames;
import dev.rewriteperf.analysis.names.EnclosingClasses;
import dev.rewriteperf.analysis.names.FreshNames;
import dev.rewriteperf.analysis.writing.ClassMembers;
import dev.rewriteperf.analysis.writing.Templates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.marker.Markers;

import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;

import static org.openrewrite.Tree.randomId;

/**
 * The {@code private static final VarHandle} fields of one top-level class: those it already declares are
 * reused, missing ones are named and added as the class's first members, so that they are initialised before
 * any static initialiser could read bytes through them.
 */
final class ViewFields {

    static final String[] IMPORTS = {"java.lang.invoke.MethodHandles", ByteView.VAR_HANDLE, "java.nio.ByteOrder"};

    private final JavaType.FullyQualified owner;
    private final Map<ByteView, String> existing = new HashMap<>();
    private final Map<ByteView, String> added = new TreeMap<>();
    private final J.CompilationUnit cu;
    /** Whether the file names its constants in camelCase, as the views' fields then are; read when first needed. */
    private @Nullable Boolean camelCaseConstants;
    /** Every name written in the file, collected the first time a field must be named. */
    private @Nullable Set<String> namesInUse;

    private ViewFields(JavaType.FullyQualified owner, J.CompilationUnit cu) {
        this.owner = owner;
        this.cu = cu;
    }

    static @Nullable ViewFields of(J.ClassDeclaration topLevel, J.CompilationUnit cu) {
        JavaType.FullyQualified owner = topLevel.getType();
        if (owner == null) {
            return null;
        }
        ViewFields fields = new ViewFields(owner, cu);
        for (Statement member : topLevel.getBody().getStatements()) {
            if (member instanceof J.VariableDeclarations) {
                ByteView view = ByteView.declaredBy((J.VariableDeclarations) member);
                if (view != null) {
                    fields.existing.putIfAbsent(view, ((J.VariableDeclarations) member).getVariables().get(0).getSimpleName());
                }
            }
        }
        return fields;
    }

    /**
     * A reference to the field for {@code view}, declared or to be added, or null when no name is free: the
     * name must not be used anywhere in the file or be a member of a class the site is in or inherits from.
     */
    J.@Nullable Identifier reference(ByteView view, Cursor site) {
        String name = existing.containsKey(view) ? existing.get(view) : added.get(view);
        if (name == null) {
            name = freeName(view, site);
            if (name == null) {
                return null;
            }
            added.put(view, name);
        }
        JavaType.FullyQualified varHandle = JavaType.ShallowClass.build(ByteView.VAR_HANDLE);
        JavaType.Variable field = new JavaType.Variable(null,
                Flag.flagsToBitMap(EnumSet.of(Flag.Private, Flag.Static, Flag.Final)),
                name, owner, varHandle, Collections.emptyList());
        return new J.Identifier(randomId(), Space.EMPTY, Markers.EMPTY, Collections.emptyList(), name, varHandle, field);
    }

    boolean addsFields() {
        return !added.isEmpty();
    }

    /**
     * {@code topLevel} with the added fields as its first members, followed by a blank line; or, where the class
     * already starts with view fields, right after them. Both byte view recipes ({@code UseVarHandleForByteReads}
     * and {@code UseVarHandleForByteWrites}) add fields, so the second to run finds those of the first there.
     */
    J.ClassDeclaration declare(J.ClassDeclaration topLevel, Cursor classCursor, ExecutionContext ctx) {
        StringJoiner code = new StringJoiner("\n");
        for (Map.Entry<ByteView, String> field : added.entrySet()) {
            code.add(field.getKey().declaration(field.getValue()));
        }
        J.Block body = topLevel.getBody();
        List<Statement> before = body.getStatements();
        J.Block withFields = ClassMembers.generate(Templates.builder(code.toString(), ctx).imports(IMPORTS).build(), body, classCursor);
        return topLevel.withBody(ClassMembers.placeGenerated(withFields, before, leadingViewFields(before),
                ClassMembers.indent(body)));
    }

    /** How many of {@code members}, counted from the first, are view fields. */
    private static int leadingViewFields(List<Statement> members) {
        int leading = 0;
        while (leading < members.size() && members.get(leading) instanceof J.VariableDeclarations &&
               ByteView.declaredBy((J.VariableDeclarations) members.get(leading)) != null) {
            leading++;
        }
        return leading;
    }

    /**
     * The first of {@code INT_BE}, {@code INT_BE_VIEW} (for example) that no identifier in the file spells and no class
     * around {@code site} inherits; null when both are taken.
     */
    private @Nullable String freeName(ByteView view, Cursor site) {
        if (namesInUse == null) {
            namesInUse = FreshNames.identifiersIn(cu);
        }
        if (camelCaseConstants == null) {
            camelCaseConstants = ConstantNames.camelCaseIn(cu);
        }
        for (String suggestion : new String[]{view.fieldName(), view.fieldName() + "_VIEW"}) {
            String candidate = ConstantNames.styled(suggestion, camelCaseConstants);
            if (EnclosingClasses.isFreeName(candidate, namesInUse, site, true)) {
                namesInUse.add(candidate);
                return candidate;
            }
        }
        return null;
    }
}

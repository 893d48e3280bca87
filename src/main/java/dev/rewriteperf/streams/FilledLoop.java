package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.names.TypeText;
import dev.rewriteperf.analysis.writing.SourceLocal;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The statements a pipeline becomes: a new array or list, for an array an index, and a for-each loop filling
 * it. The code is a template whose expressions are the pipeline's own trees; the template parser does not know
 * the project's types, so the type trees and the new variables are then given the pipeline's types
 * ({@link #retype}).
 */
final class FilledLoop {

    private static final Pattern PLACEHOLDER = Pattern.compile("#\\{[^}]*}");

    final String code;
    final List<J> parameters;
    final Set<String> imports;
    /** The new array's or list's name. */
    final String filled;
    /** The loop variable's name. */
    final String variable;
    /** The new array's type, or the list's ({@code List<R>} or {@code ArrayList<R>}). */
    final JavaType filledType;
    /** As the pipeline spelled the array's component type; null for {@code toArray()}'s {@code Object} and for lists. */
    private final @Nullable TypeTree component;
    /** The lambda's declared parameter type, reused as the loop variable's; else {@link #elementType} is spelled out. */
    private final @Nullable TypeTree declaredElementType;
    final JavaType elementType;
    /** The local declared first, holding the source the loop reads, when the source is evaluated once into one. */
    private final @Nullable SourceLocal local;
    /** The collection the loop adds to when it fills one that exists ({@link AddAllTarget}); null when it declares one. */
    private final JavaType.@Nullable Variable existing;
    /** A block lambda's statements, which the loop's body runs before it stores the element. */
    final List<Statement> loopBodyFirst;

    private FilledLoop(String code, List<J> parameters, Set<String> imports, String filled, String variable,
                       JavaType filledType, @Nullable TypeTree component, @Nullable TypeTree declaredElementType,
                       JavaType elementType, @Nullable SourceLocal local, JavaType.@Nullable Variable existing,
                       List<Statement> loopBodyFirst) {
        this.code = code;
        this.parameters = parameters;
        this.imports = imports;
        this.filled = filled;
        this.variable = variable;
        this.filledType = filledType;
        this.component = component;
        this.declaredElementType = declaredElementType;
        this.elementType = elementType;
        this.local = local;
        this.existing = existing;
        this.loopBodyFirst = loopBodyFirst;
    }

    static FilledLoop array(String code, List<J> parameters, Set<String> imports, String array, String variable,
                            JavaType.Array arrayType, @Nullable TypeTree component, @Nullable TypeTree declaredElementType,
                            JavaType elementType) {
        return new FilledLoop(code, parameters, imports, array, variable, arrayType, component, declaredElementType, elementType,
                null, null, Collections.emptyList());
    }

    static FilledLoop list(String code, List<J> parameters, Set<String> imports, String list, String variable,
                           JavaType.Parameterized listType, @Nullable TypeTree declaredElementType, JavaType elementType) {
        return new FilledLoop(code, parameters, imports, list, variable, listType, null, declaredElementType, elementType,
                null, null, Collections.emptyList());
    }

    /** A loop that adds to {@code collection}, a local that exists, rather than to a new list. */
    static FilledLoop into(String code, List<J> parameters, Set<String> imports, J.Identifier collection, String variable,
                           @Nullable TypeTree declaredElementType, JavaType elementType) {
        return new FilledLoop(code, parameters, imports, collection.getSimpleName(), variable, collection.getType(), null,
                declaredElementType, elementType, null, collection.getFieldType(), Collections.emptyList());
    }

    /** Whether the loop adds to a collection that exists, and so takes the place of the statement that added to it. */
    boolean fillsExisting() {
        return existing != null;
    }

    /** These statements after a declaration of {@code local}, the source they read, evaluated once. */
    FilledLoop afterLocal(SourceLocal local, String modifier) {
        List<J> withValue = new ArrayList<>(parameters.size() + 1);
        withValue.add(local.value);
        withValue.addAll(parameters);
        return new FilledLoop(local.declarationCode(modifier) + code, withValue, imports, filled, variable, filledType,
                component, declaredElementType, elementType, local, existing, loopBodyFirst);
    }

    /** These statements, the loop's body running {@code statements} (a block lambda's) before it stores the element. */
    FilledLoop withLoopBodyFirst(List<Statement> statements) {
        return new FilledLoop(code, parameters, imports, filled, variable, filledType, component, declaredElementType,
                elementType, local, existing, statements);
    }

    /**
     * The new lines up to the loop's header (the source's local, the array's or list's declaration, the loop's
     * first line) as they will read, each parameter printed in its place; a parameter over several lines counts
     * its first.
     */
    List<String> headLines(Cursor cursor) {
        Matcher placeholder = PLACEHOLDER.matcher(code);
        StringBuilder text = new StringBuilder();
        int parameter = 0;
        int end = 0;
        while (placeholder.find()) {
            text.append(code, end, placeholder.start());
            J value = parameter < parameters.size() ? parameters.get(parameter++) : null;
            String printed = value == null ? "" : value.printTrimmed(cursor);
            int lineBreak = printed.indexOf('\n');
            text.append(lineBreak < 0 ? printed : printed.substring(0, lineBreak).trim());
            end = placeholder.end();
        }
        text.append(code.substring(end));
        List<String> lines = new ArrayList<>();
        for (String line : text.toString().split("\n")) {
            lines.add(line.trim());
            if (line.trim().startsWith("for (")) {
                break;
            }
        }
        return lines;
    }

    /** How many generated statements come before the declaration of the array or list: the source's local, if any. */
    int leadingStatements() {
        return local == null ? 0 : 1;
    }

    /**
     * Attributes the generated statements; the first declares the array or list, or the source's local and then
     * the array or list, unless the loop fills a collection that exists. When the pipeline initialised
     * a declared variable, that declaration, with the new array or list as its initializer, takes the place of
     * the generated one.
     */
    List<Statement> retype(List<Statement> generated, J.@Nullable VariableDeclarations declared, JavaType.@Nullable Method owner) {
        List<Statement> statements = new ArrayList<>(generated);
        if (local != null) {
            statements.set(0, local.attributed((J.VariableDeclarations) statements.get(0)));
        }
        int first = leadingStatements();
        GeneratedReferences references;
        if (existing != null) {
            references = new GeneratedReferences(this, filledType, existing);
        } else {
            J.VariableDeclarations declaration = declaration((J.VariableDeclarations) statements.get(first), declared);
            statements.set(first++, declaration);
            J.VariableDeclarations.NamedVariable variable = declaration.getVariables().get(0);
            references = new GeneratedReferences(this, variable.getType() == null ? filledType : variable.getType(),
                    variable.getVariableType());
        }
        for (int i = first; i < statements.size(); i++) {
            statements.set(i, (Statement) references.visitNonNull(statements.get(i), 0));
        }
        if (owner != null) {
            TemplateLocalsOwner reowned = new TemplateLocalsOwner(owner);
            for (int i = 0; i < statements.size(); i++) {
                statements.set(i, (Statement) reowned.visitNonNull(statements.get(i), 0));
            }
        }
        return statements;
    }

    private J.VariableDeclarations declaration(J.VariableDeclarations generated, J.@Nullable VariableDeclarations declared) {
        J.VariableDeclarations.NamedVariable variable = generated.getVariables().get(0);
        Expression generatedInitializer = variable.getInitializer();
        Expression initializer = filledType instanceof JavaType.Array ? newArray((J.NewArray) generatedInitializer) :
                generatedInitializer instanceof J.MethodInvocation ? byFactory((J.MethodInvocation) generatedInitializer) :
                newList((J.NewClass) generatedInitializer);
        if (declared != null) {
            J.VariableDeclarations.NamedVariable own = declared.getVariables().get(0);
            // `new ArrayList<>(n)` is short: it joins its declaration's line where the pipeline was wrapped below it
            Space prefix = own.getInitializer().getPrefix().getWhitespace().contains("\n") ? Space.SINGLE_SPACE
                    : own.getInitializer().getPrefix();
            return declared.withVariables(Collections.singletonList(own.withInitializer(initializer.withPrefix(prefix))));
        }
        TypeTree typeExpression = generated.getTypeExpression();
        if (component != null && typeExpression instanceof J.ArrayType) {
            typeExpression = ((J.ArrayType) typeExpression).withElementType(component.withPrefix(Space.EMPTY)).withType(filledType);
        } else if (filledType instanceof JavaType.Parameterized) {
            typeExpression = TypeText.attribute(typeExpression, filledType);
        }
        variable = typed(variable.withInitializer(initializer), filledType);
        return generated.withTypeExpression(typeExpression).withVariables(Collections.singletonList(variable));
    }

    private J.NewArray newArray(J.NewArray generated) {
        J.NewArray newArray = generated;
        if (component != null) {
            newArray = newArray.withTypeExpression(innermost(component).withPrefix(newArray.getTypeExpression().getPrefix()));
        }
        return newArray.withType(filledType);
    }

    /** {@code new ArrayList<>(n)} or {@code new HashSet<>(capacity)}, of the collection's element type. */
    private J.NewClass newList(J.NewClass generated) {
        JavaType.FullyQualified arrayList = TypeUtils.asFullyQualified(generated.getType());
        JavaType.Method constructor = generated.getConstructorType();
        if (arrayList == null || constructor == null) {
            return generated;
        }
        if (arrayList instanceof JavaType.Parameterized) {
            arrayList = ((JavaType.Parameterized) arrayList).getType();
        }
        JavaType.Parameterized type = new JavaType.Parameterized(null, arrayList, ((JavaType.Parameterized) filledType).getTypeParameters());
        return generated.withClazz(generated.getClazz() == null ? null : TypeText.attribute(generated.getClazz(), type))
                .withConstructorType(constructor.withDeclaringType(type).withReturnType(type));
    }

    /** {@code HashSet.newHashSet(n)}, returning a set of the collection's element type. */
    private J.MethodInvocation byFactory(J.MethodInvocation generated) {
        JavaType.Method factory = generated.getMethodType();
        JavaType.FullyQualified returned = TypeUtils.asFullyQualified(generated.getType());
        if (factory == null || returned == null) {
            return generated;
        }
        if (returned instanceof JavaType.Parameterized) {
            returned = ((JavaType.Parameterized) returned).getType();
        }
        JavaType.Parameterized type = new JavaType.Parameterized(null, returned, ((JavaType.Parameterized) filledType).getTypeParameters());
        JavaType.Method typed = factory.withReturnType(type);
        return generated.withMethodType(typed).withName(generated.getName().withType(typed));
    }

    /** The variable with {@code type}; a new variable type when the template parser could not make one. */
    private static J.VariableDeclarations.NamedVariable typed(J.VariableDeclarations.NamedVariable variable, JavaType type) {
        JavaType.Variable variableType = variable.getVariableType() != null ? variable.getVariableType().withType(type) :
                new JavaType.Variable(null, 0, variable.getSimpleName(), null, type, Collections.emptyList());
        return variable.withVariableType(variableType).withName(variable.getName().withType(type).withFieldType(variableType));
    }

    private static TypeTree innermost(TypeTree type) {
        return type instanceof J.ArrayType ? innermost(((J.ArrayType) type).getElementType()) : type;
    }

    /** The loop variable's declaration with the pipeline's element type, as the pipeline's lambda wrote it if it did. */
    J.VariableDeclarations loopVariable(J.VariableDeclarations generated) {
        TypeTree typeExpression = declaredElementType != null ?
                withFreshIds(declaredElementType).withPrefix(generated.getTypeExpression().getPrefix()) :
                TypeText.attribute(generated.getTypeExpression(), elementType);
        J.VariableDeclarations.NamedVariable variable = typed(generated.getVariables().get(0), elementType);
        return generated.withTypeExpression(typeExpression).withVariables(Collections.singletonList(variable));
    }

    /** A copy of a tree taken from elsewhere in the file, so that no two trees of the file share an id. */
    @SuppressWarnings("unchecked")
    private static <T extends J> T withFreshIds(T tree) {
        return (T) new JavaVisitor<Integer>() {
            @Override
            public J preVisit(J t, Integer p) {
                return t.withId(Tree.randomId());
            }
        }.visitNonNull(tree, 0);
    }

}

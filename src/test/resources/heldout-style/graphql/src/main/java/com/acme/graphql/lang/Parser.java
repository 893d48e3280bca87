package com.acme.graphql.lang;

import com.acme.graphql.lang.Lexer.Kind;
import com.acme.graphql.lang.Lexer.Token;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Recursive-descent parser for executable documents (operations and fragments, no type system definitions).
 */
public final class Parser {

    public enum OperationType {
        QUERY("query"), MUTATION("mutation"), SUBSCRIPTION("subscription");

        public final String keyword;

        OperationType(String keyword) {
            this.keyword = keyword;
        }
    }

    private static final Map<String, OperationType> OPERATION_TYPES;

    static {
        Map<String, OperationType> byKeyword = new HashMap<>();
        for (OperationType type : OperationType.values()) {
            byKeyword.put(type.keyword, type);
        }
        OPERATION_TYPES = byKeyword;
    }

    // ---------------------------------------------------------------- AST

    public sealed interface Selection permits Field, FragmentSpread, InlineFragment {
    }

    public static final class Field implements Selection {
        public final String alias;
        public final String name;
        public final Map<String, Object> arguments;
        public final List<Directive> directives;
        public final List<Selection> selectionSet;

        Field(String alias, String name, Map<String, Object> arguments, List<Directive> directives,
              List<Selection> selectionSet) {
            this.alias = alias;
            this.name = name;
            this.arguments = arguments;
            this.directives = directives;
            this.selectionSet = selectionSet;
        }

        public String responseKey() {
            return alias != null ? alias : name;
        }
    }

    public record FragmentSpread(String name, List<Directive> directives) implements Selection {
    }

    public record InlineFragment(String typeCondition, List<Directive> directives, List<Selection> selectionSet)
            implements Selection {
    }

    public record Directive(String name, Map<String, Object> arguments) {
    }

    /** A {@code $name} reference inside an argument value, replaced by the variable's value at execution. */
    public record VariableRef(String name) {
    }

    public record VariableDefinition(String name, String typeRef, Object defaultValue) {
    }

    public static final class Operation {
        public final OperationType type;
        public final String name;
        public final List<VariableDefinition> variables;
        public final List<Selection> selectionSet;

        Operation(OperationType type, String name, List<VariableDefinition> variables, List<Selection> selectionSet) {
            this.type = type;
            this.name = name;
            this.variables = variables;
            this.selectionSet = selectionSet;
        }
    }

    public record Fragment(String name, String typeCondition, List<Selection> selectionSet) {
    }

    public static final class Document {
        public final String source;
        public final List<Operation> operations;
        public final Map<String, Fragment> fragments;

        Document(String source, List<Operation> operations, Map<String, Fragment> fragments) {
            this.source = source;
            this.operations = operations;
            this.fragments = fragments;
        }

        public Operation operation(String name) {
            if (name == null && operations.size() == 1) {
                return operations.get(0);
            }
            for (Operation op : operations) {
                if (op.name != null && op.name.equals(name)) {
                    return op;
                }
            }
            throw new IllegalArgumentException(name == null
                    ? "Must provide operation name if query contains multiple operations."
                    : "Unknown operation named \"" + name + "\".");
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("Document[");
            sb.append(source.substring(0, Math.min(source.length(), 60)));
            return sb.append("..., ").append(operations.size()).append(" operation(s)]").toString();
        }
    }

    // ---------------------------------------------------------------- parsing

    private final String source;
    private final List<Token> tokens;
    private int index;

    private Parser(String source, List<Token> tokens) {
        this.source = source;
        this.tokens = tokens;
    }

    /** Parses one request's query text. Throws {@link Lexer.SyntaxError} for invalid documents. */
    public static Document parse(String source) {
        return new Parser(source, new Lexer(source).tokenize()).document();
    }

    private Token peek() {
        return tokens.get(index);
    }

    private boolean peek(String punctuator) {
        Token t = tokens.get(index);
        return t.kind == Kind.PUNCTUATOR && t.text.equals(punctuator);
    }

    private Token expect(Kind kind, String text) {
        Token t = tokens.get(index);
        if (t.kind != kind || (text != null && !text.equals(t.text))) {
            String expected = text != null ? text : kind.name();
            throw new Lexer.SyntaxError("Syntax Error: Expected " + expected + ", found \"" + t.text + "\".",
                    t.line, t.column);
        }
        index++;
        return t;
    }

    private boolean skip(String punctuator) {
        if (peek(punctuator)) {
            index++;
            return true;
        }
        return false;
    }

    private Document document() {
        List<Operation> operations = new ArrayList<>();
        Map<String, Fragment> fragments = new LinkedHashMap<>();
        while (peek().kind != Kind.EOF) {
            Token t = peek();
            if (t.kind == Kind.NAME && t.text.equals("fragment")) {
                index++;
                String name = expect(Kind.NAME, null).text;
                expect(Kind.NAME, "on");
                String typeCondition = expect(Kind.NAME, null).text;
                fragments.put(name, new Fragment(name, typeCondition, selectionSet()));
            } else if (peek("{")) {
                operations.add(new Operation(OperationType.QUERY, null, List.of(), selectionSet()));
            } else {
                OperationType type = OPERATION_TYPES.get(expect(Kind.NAME, null).text);
                if (type == null) {
                    throw new Lexer.SyntaxError("Syntax Error: Unexpected \"" + t.text + "\".", t.line, t.column);
                }
                String name = peek().kind == Kind.NAME ? expect(Kind.NAME, null).text : null;
                List<VariableDefinition> variables = variableDefinitions();
                directives();
                operations.add(new Operation(type, name, variables, selectionSet()));
            }
        }
        return new Document(source, operations, fragments);
    }

    private List<VariableDefinition> variableDefinitions() {
        List<VariableDefinition> definitions = new ArrayList<>();
        if (skip("(")) {
            while (!skip(")")) {
                expect(Kind.PUNCTUATOR, "$");
                String name = expect(Kind.NAME, null).text;
                expect(Kind.PUNCTUATOR, ":");
                String typeRef = typeReference();
                Object defaultValue = skip("=") ? value() : null;
                definitions.add(new VariableDefinition(name, typeRef, defaultValue));
            }
        }
        return definitions;
    }

    private String typeReference() {
        String ref;
        if (skip("[")) {
            ref = "[" + typeReference() + "]";
            expect(Kind.PUNCTUATOR, "]");
        } else {
            ref = expect(Kind.NAME, null).text;
        }
        return skip("!") ? ref + "!" : ref;
    }

    private List<Selection> selectionSet() {
        expect(Kind.PUNCTUATOR, "{");
        List<Selection> selections = new ArrayList<>();
        while (!skip("}")) {
            if (skip("...")) {
                if (peek().kind == Kind.NAME && !peek().text.equals("on")) {
                    selections.add(new FragmentSpread(expect(Kind.NAME, null).text, directives()));
                } else {
                    String typeCondition = null;
                    if (peek().kind == Kind.NAME) {
                        index++;
                        typeCondition = expect(Kind.NAME, null).text;
                    }
                    selections.add(new InlineFragment(typeCondition, directives(), selectionSet()));
                }
            } else {
                selections.add(field());
            }
        }
        return selections;
    }

    private Field field() {
        String first = expect(Kind.NAME, null).text;
        String alias = null;
        String name = first;
        if (skip(":")) {
            alias = first;
            name = expect(Kind.NAME, null).text;
        }
        Map<String, Object> arguments = arguments();
        List<Directive> directives = directives();
        List<Selection> selections = peek("{") ? selectionSet() : List.of();
        return new Field(alias, name, arguments, directives, selections);
    }

    private Map<String, Object> arguments() {
        if (!skip("(")) {
            return Map.of();
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        while (!skip(")")) {
            String name = expect(Kind.NAME, null).text;
            expect(Kind.PUNCTUATOR, ":");
            arguments.put(name, value());
        }
        return arguments;
    }

    private List<Directive> directives() {
        List<Directive> directives = new ArrayList<>();
        while (skip("@")) {
            directives.add(new Directive(expect(Kind.NAME, null).text, arguments()));
        }
        return directives;
    }

    private Object value() {
        Token t = tokens.get(index++);
        switch (t.kind) {
            case INT:
                return Long.valueOf(t.text);
            case FLOAT:
                return Double.valueOf(t.text);
            case STRING:
            case BLOCK_STRING:
                return t.text;
            case NAME:
                return switch (t.text) {
                    case "true" -> Boolean.TRUE;
                    case "false" -> Boolean.FALSE;
                    case "null" -> null;
                    default -> t.text; // enum value
                };
            default:
                break;
        }
        if (t.text.equals("$")) {
            return new VariableRef(expect(Kind.NAME, null).text);
        }
        if (t.text.equals("[")) {
            List<Object> list = new ArrayList<>();
            while (!skip("]")) {
                list.add(value());
            }
            return list;
        }
        if (t.text.equals("{")) {
            Map<String, Object> object = new LinkedHashMap<>();
            while (!skip("}")) {
                String name = expect(Kind.NAME, null).text;
                expect(Kind.PUNCTUATOR, ":");
                object.put(name, value());
            }
            return object;
        }
        throw new Lexer.SyntaxError("Syntax Error: Unexpected \"" + t.text + "\".", t.line, t.column);
    }
}

package com.acme.graphql.validation;

import com.acme.graphql.lang.Parser.Directive;
import com.acme.graphql.lang.Parser.Document;
import com.acme.graphql.lang.Parser.Field;
import com.acme.graphql.lang.Parser.Fragment;
import com.acme.graphql.lang.Parser.FragmentSpread;
import com.acme.graphql.lang.Parser.InlineFragment;
import com.acme.graphql.lang.Parser.Operation;
import com.acme.graphql.lang.Parser.OperationType;
import com.acme.graphql.lang.Parser.Selection;
import com.acme.graphql.schema.SchemaRegistry;
import com.acme.graphql.schema.SchemaRegistry.FieldDefinition;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Validates a parsed document against the schema before it runs, with the rules of the spec's "Validation"
 * section the server enforces.
 */
public final class Validator {

    /** One validation failure. Rules report them in a list; the server returns them all in one response. */
    public static final class ValidationError extends RuntimeException {
        public ValidationError(String message) {
            super(message, null, false, false);
        }
    }

    /** A validation rule; the validator runs every rule on every document a request sends. */
    public interface ValidationRule {
        void check(Document document, SchemaRegistry schema, List<ValidationError> errors);
    }

    static final List<String> SPEC_DIRECTIVE_NAMES = List.of("skip", "include", "deprecated", "specifiedBy");

    /** The directives a query may use: the spec's, except those only the type system uses. */
    private static final Set<String> EXECUTABLE_DIRECTIVES;

    static {
        Set<String> directives = new HashSet<>();
        directives.addAll(SPEC_DIRECTIVE_NAMES);
        directives.remove("deprecated");
        directives.remove("specifiedBy");
        EXECUTABLE_DIRECTIVES = directives;
    }

    static final ValidationRule UNIQUE_OPERATION_NAMES = (document, schema, errors) -> {
        Set<String> names = document.operations.stream().map(op -> op.name).collect(Collectors.toSet());
        if (names.size() < document.operations.size()) {
            errors.add(new ValidationError("There can be only one operation with each name."));
        }
    };

    /** Every argument must be defined on its field, and required arguments must not be null. */
    static final class KnownArgumentNames implements ValidationRule {
        @Override
        public void check(Document document, SchemaRegistry schema, List<ValidationError> errors) {
            for (Operation operation : document.operations) {
                String root = operation.type == OperationType.MUTATION
                        ? schema.mutationTypeName() : schema.queryTypeName();
                visit(document, schema, root, operation.selectionSet, errors, new HashSet<>());
            }
        }

        private void visit(Document document, SchemaRegistry schema, String typeName, List<Selection> selections,
                           List<ValidationError> errors, Set<String> visitedFragments) {
            for (Selection selection : selections) {
                if (selection instanceof FragmentSpread spread) {
                    Fragment fragment = document.fragments.get(spread.name());
                    if (fragment != null && visitedFragments.add(fragment.name())) {
                        visit(document, schema, fragment.typeCondition(), fragment.selectionSet(), errors,
                                visitedFragments);
                    }
                    continue;
                }
                if (selection instanceof InlineFragment inline) {
                    String on = inline.typeCondition() != null ? inline.typeCondition() : typeName;
                    visit(document, schema, on, inline.selectionSet(), errors, visitedFragments);
                    continue;
                }
                Field field = (Field) selection;
                FieldDefinition definition = schema.field(typeName, field.name);
                if (definition == null) {
                    if (!field.name.startsWith("__")) {
                        errors.add(new ValidationError(String.format("Cannot query field \"%s\" on type \"%s\".", field.name, typeName)));
                    }
                    continue;
                }
                for (String argument : field.arguments.keySet()) {
                    String argumentType = definition.argumentTypes.get(argument);
                    if (argumentType == null) {
                        errors.add(new ValidationError("Unknown argument \"" + argument + "\" on field \""
                                + typeName + "." + field.name + "\"."));
                    } else if (field.arguments.get(argument) == null && argumentType.endsWith("!")) {
                        errors.add(new ValidationError("Argument \"" + argument + "\" of non-null type \""
                                + argumentType + "\" must not be null."));
                    }
                }
                String named = definition.typeRef.replace("[", "").replace("]", "").replace("!", "");
                visit(document, schema, named, field.selectionSet, errors, visitedFragments);
            }
        }
    }

    /** Two fields with the same response key in one selection set must be the same field. */
    static final class OverlappingFieldsCanBeMerged implements ValidationRule {

        /** Two fields already compared; the rule meets the same pair again through every fragment spread. */
        static final class FieldPair {
            final String first;
            final String second;

            FieldPair(String first, String second) {
                this.first = first;
                this.second = second;
            }

            @Override
            public boolean equals(Object o) {
                return o instanceof FieldPair p && first.equals(p.first) && second.equals(p.second);
            }

            @Override
            public int hashCode() {
                return Objects.hash(first, second);
            }
        }

        @Override
        public void check(Document document, SchemaRegistry schema, List<ValidationError> errors) {
            Set<FieldPair> compared = new HashSet<>();
            for (Operation operation : document.operations) {
                checkSelectionSet(operation.selectionSet, compared, errors);
            }
            for (Fragment fragment : document.fragments.values()) {
                checkSelectionSet(fragment.selectionSet(), compared, errors);
            }
        }

        private void checkSelectionSet(List<Selection> selections, Set<FieldPair> compared,
                                       List<ValidationError> errors) {
            Map<String, Field> byResponseKey = new TreeMap<>();
            for (Selection selection : selections) {
                if (!(selection instanceof Field field)) {
                    continue;
                }
                Field previous = byResponseKey.putIfAbsent(field.responseKey(), field);
                if (previous != null && compared.add(new FieldPair(previous.name, field.name))
                        && !previous.name.equals(field.name)) {
                    errors.add(new ValidationError("Fields \"" + field.responseKey() + "\" conflict because "
                            + previous.name + " and " + field.name + " are different fields."));
                }
                checkSelectionSet(field.selectionSet, compared, errors);
            }
        }
    }

    /** Fragments must not spread themselves, directly or through other fragments. */
    static final class NoFragmentCycles implements ValidationRule {
        @Override
        public void check(Document document, SchemaRegistry schema, List<ValidationError> errors) {
            Set<String> edges = new HashSet<>();
            for (Fragment fragment : document.fragments.values()) {
                follow(document, fragment.name(), fragment.selectionSet(), edges, errors, new ArrayList<>());
            }
        }

        private void follow(Document document, String from, List<Selection> selections, Set<String> edges,
                            List<ValidationError> errors, List<String> trail) {
            for (Selection selection : selections) {
                if (selection instanceof FragmentSpread spread) {
                    String to = spread.name();
                    String edge = String.format("%s->%s", from, to);
                    if (trail.contains(to) || to.equals(from)) {
                        errors.add(new ValidationError("Cannot spread fragment \"" + to + "\" within itself."));
                    } else if (edges.add(edge) && document.fragments.containsKey(to)) {
                        trail.add(from);
                        follow(document, to, document.fragments.get(to).selectionSet(), edges, errors, trail);
                        trail.remove(trail.size() - 1);
                    }
                } else if (selection instanceof Field field) {
                    follow(document, from, field.selectionSet, edges, errors, trail);
                } else if (selection instanceof InlineFragment inline) {
                    follow(document, from, inline.selectionSet(), edges, errors, trail);
                }
            }
        }
    }

    /** Only the executable directives may appear in a query. */
    static final class KnownDirectives implements ValidationRule {
        @Override
        public void check(Document document, SchemaRegistry schema, List<ValidationError> errors) {
            for (Operation operation : document.operations) {
                checkDirectives(operation.selectionSet, errors);
            }
        }

        private void checkDirectives(List<Selection> selections, List<ValidationError> errors) {
            for (Selection selection : selections) {
                List<Directive> directives;
                List<Selection> nested;
                if (selection instanceof Field field) {
                    directives = field.directives;
                    nested = field.selectionSet;
                } else if (selection instanceof InlineFragment inline) {
                    directives = inline.directives();
                    nested = inline.selectionSet();
                } else {
                    directives = ((FragmentSpread) selection).directives();
                    nested = List.of();
                }
                for (Directive directive : directives) {
                    if (!EXECUTABLE_DIRECTIVES.contains(directive.name())) {
                        errors.add(unknownDirective(directive.name()));
                    }
                }
                checkDirectives(nested, errors);
            }
        }

        private static ValidationError unknownDirective(String name) {
            List<String> known = EXECUTABLE_DIRECTIVES.stream().map(d -> "@" + d).collect(Collectors.toList());
            return new ValidationError("Unknown directive \"@" + name + "\". Known directives: " + known + ".");
        }
    }

    static final List<ValidationRule> DEFAULT_RULES = List.of(UNIQUE_OPERATION_NAMES, new KnownArgumentNames(),
            new OverlappingFieldsCanBeMerged(), new NoFragmentCycles(), new KnownDirectives());

    private final SchemaRegistry schema;
    private final List<ValidationRule> rules;

    public Validator(SchemaRegistry schema) {
        this(schema, DEFAULT_RULES);
    }

    public Validator(SchemaRegistry schema, List<ValidationRule> rules) {
        this.schema = schema;
        this.rules = List.copyOf(rules);
    }

    /** Runs every rule on a request's document; an empty list means the document may execute. */
    public List<ValidationError> validate(Document document) {
        List<ValidationError> errors = new ArrayList<>();
        for (ValidationRule rule : rules) {
            rule.check(document, schema, errors);
        }
        return errors;
    }
}

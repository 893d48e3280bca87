package com.acme.graphql.execution;

import com.acme.graphql.lang.Parser;
import com.acme.graphql.lang.Parser.Document;
import com.acme.graphql.lang.Parser.Field;
import com.acme.graphql.lang.Parser.FragmentSpread;
import com.acme.graphql.lang.Parser.InlineFragment;
import com.acme.graphql.lang.Parser.Operation;
import com.acme.graphql.lang.Parser.Selection;
import com.acme.graphql.schema.SchemaRegistry;
import com.acme.graphql.schema.SchemaRegistry.FieldDefinition;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Executes one operation of a validated document against the schema: walks the selection sets, calls the
 * data fetcher of every selected field and completes the values into maps, lists and scalars.
 */
public final class ExecutionEngine {

    public static final class GraphQLError {
        public final String message;
        public final String path;

        public GraphQLError(String message, String path) {
            this.message = message;
            this.path = path;
        }
    }

    public static final class ExecutionResult {
        public final Map<String, Object> data;
        public final List<GraphQLError> errors;
        public final List<Field> rootFields;
        public final Map<FieldCoordinate, Long> timings;

        ExecutionResult(Map<String, Object> data, List<GraphQLError> errors, List<Field> rootFields,
                        Map<FieldCoordinate, Long> timings) {
            this.data = data;
            this.errors = errors;
            this.rootFields = rootFields;
            this.timings = timings;
        }
    }

    public static final class QueryTooComplexException extends RuntimeException {
        public QueryTooComplexException(String message) {
            super(message);
        }
    }

    /** Key of the per-field timings the tracing extension reports. */
    public static final class FieldCoordinate {
        final String typeName;
        final String fieldName;

        FieldCoordinate(String typeName, String fieldName) {
            this.typeName = typeName;
            this.fieldName = fieldName;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof FieldCoordinate other
                    && typeName.equals(other.typeName) && fieldName.equals(other.fieldName);
        }

        @Override
        public int hashCode() {
            return Objects.hash(typeName, fieldName);
        }

        @Override
        public String toString() {
            return typeName + "." + fieldName;
        }
    }

    /**
     * Batches the keys data fetchers ask for while one level of the query runs, and loads them with one call
     * of the batch function when the engine finishes that level.
     */
    public static final class DataLoader {
        private record Pending(String key, CompletableFuture<Object> future) {
        }

        private final Function<List<String>, List<Object>> batchFunction;
        private final List<Pending> batch = new ArrayList<>();

        public DataLoader(Function<List<String>, List<Object>> batchFunction) {
            this.batchFunction = batchFunction;
        }

        public CompletableFuture<Object> load(String key) {
            CompletableFuture<Object> future = new CompletableFuture<>();
            batch.add(new Pending(key, future));
            return future;
        }

        void dispatch() {
            if (batch.isEmpty()) {
                return;
            }
            List<String> keys = batch.stream().map(p -> p.key()).collect(Collectors.toList());
            List<Object> values = batchFunction.apply(keys);
            for (int i = 0; i < values.size(); i++) {
                batch.get(i).future().complete(values.get(i));
            }
            batch.clear();
        }
    }

    /** Everything one request's execution needs; created by {@link #execute} for every request. */
    static final class ExecutionContext {
        final Document document;
        final Map<String, Object> variables;
        final Set<String> disabledFeatures;
        final List<GraphQLError> errors = new ArrayList<>();
        final Map<FieldCoordinate, Long> timings = new HashMap<>();
        final DataLoader loader;
        final long deadlineNanos;
        int resolvedFields;

        ExecutionContext(Document document, Map<String, Object> variables, Collection<String> disabledFeatures,
                         DataLoader loader, long deadlineNanos) {
            this.document = document;
            this.variables = variables;
            Set<String> disabled = new HashSet<>();
            disabled.addAll(disabledFeatures);
            this.disabledFeatures = disabled;
            this.loader = loader;
            this.deadlineNanos = deadlineNanos;
        }
    }

    private final SchemaRegistry schema;
    private final int maxFields;
    private final int maxDepth;
    private final Function<List<String>, List<Object>> batchFunction;

    public ExecutionEngine(SchemaRegistry schema, int maxFields, int maxDepth,
                           Function<List<String>, List<Object>> batchFunction) {
        this.schema = schema;
        this.maxFields = maxFields;
        this.maxDepth = maxDepth;
        this.batchFunction = batchFunction;
    }

    public ExecutionResult execute(Document document, String operationName, Map<String, Object> variables,
                                   Collection<String> disabledFeatures, long timeoutMillis) {
        Operation operation = document.operation(operationName);
        ExecutionContext ctx = new ExecutionContext(document, variables, disabledFeatures,
                new DataLoader(batchFunction), System.nanoTime() + timeoutMillis * 1_000_000L);
        String rootType = operation.type == Parser.OperationType.MUTATION
                ? schema.mutationTypeName() : schema.queryTypeName();
        List<Field> rootFields = new ArrayList<>();
        collectFields(ctx, rootType, operation.selectionSet, rootFields);
        Map<String, Object> data = executeFields(ctx, rootType, null, rootFields, "", 1);
        ctx.loader.dispatch();
        return new ExecutionResult(data, ctx.errors, rootFields, ctx.timings);
    }

    private Map<String, Object> executeFields(ExecutionContext ctx, String typeName, Object source,
                                              List<Field> fields, String parentPath, int depth) {
        Map<String, Object> result = new HashMap<>(fields.size());
        for (Field field : fields) {
            result.put(field.responseKey(), resolveField(ctx, typeName, source, field, parentPath, depth));
        }
        return result;
    }

    private void collectFields(ExecutionContext ctx, String typeName, List<Selection> selections, List<Field> into) {
        for (Selection selection : selections) {
            if (selection instanceof Field field) {
                if (!ctx.disabledFeatures.contains(field.name)) {
                    into.add(field);
                }
            } else if (selection instanceof InlineFragment fragment) {
                if (fragment.typeCondition() == null || applies(typeName, fragment.typeCondition())) {
                    collectFields(ctx, typeName, fragment.selectionSet(), into);
                }
            } else if (selection instanceof FragmentSpread spread) {
                Parser.Fragment fragment = ctx.document.fragments.get(spread.name());
                if (fragment != null && applies(typeName, fragment.typeCondition())) {
                    collectFields(ctx, typeName, fragment.selectionSet(), into);
                }
            }
        }
    }

    private boolean applies(String typeName, String typeCondition) {
        return typeName.equals(typeCondition) || schema.possibleTypes(typeCondition).contains(typeName);
    }

    private Object resolveField(ExecutionContext ctx, String typeName, Object source, Field field,
                                String parentPath, int depth) {
        String key = field.responseKey();
        String path = String.format("%s/%s", parentPath, key);
        assert depth <= maxDepth : String.format("depth %s exceeds the validated limit %s at %s", depth, maxDepth, path);
        if (++ctx.resolvedFields > maxFields || System.nanoTime() > ctx.deadlineNanos) {
            throw new QueryTooComplexException(String.format("Query stopped after %s fields at %s", maxFields, path));
        }
        FieldDefinition definition = schema.field(typeName, field.name);
        if (definition == null) {
            return "__typename".equals(field.name) ? typeName : null;
        }
        List<Field> subFields = new ArrayList<>();
        collectFields(ctx, unwrap(definition.typeRef), field.selectionSet, subFields);
        Set<String> lookahead = subFields.stream().map(f -> f.name).collect(Collectors.toSet());
        Map<String, Object> arguments = coerceArguments(ctx, definition, field.arguments);
        FieldCoordinate coordinate = new FieldCoordinate(typeName, field.name);
        long start = System.nanoTime();
        Object value;
        try {
            value = definition.fetcher.get(new SchemaRegistry.Env(source, arguments, typeName, field.name,
                    lookahead, ctx.loader));
            if (value instanceof CompletableFuture<?> future) {
                ctx.loader.dispatch();
                value = future.join();
            }
        } catch (Exception e) {
            String reason = e.getMessage();
            ctx.errors.add(new GraphQLError(String.format("Exception while fetching data (%s) : %s", path, reason), path));
            return null;
        } finally {
            ctx.timings.merge(coordinate, System.nanoTime() - start, Long::sum);
        }
        return completeValue(ctx, definition.typeRef, subFields, value, path, depth);
    }

    private Object completeValue(ExecutionContext ctx, String typeRef, List<Field> subFields, Object value,
                                 String path, int depth) {
        if (value == null) {
            return null;
        }
        String nullable = typeRef.endsWith("!") ? typeRef.substring(0, typeRef.length() - 1) : typeRef;
        if (nullable.startsWith("[")) {
            String itemType = nullable.substring(1, nullable.length() - 1);
            Collection<?> items = (Collection<?>) value;
            List<Object> completed = new ArrayList<>();
            for (Object item : items) {
                completed.add(completeValue(ctx, itemType, subFields, item, path, depth));
            }
            return completed;
        }
        SchemaRegistry.ObjectType type = schema.type(nullable);
        if (type == null) {
            return PropertyDataFetcher.Coercions.INSTANCE.forType(value.getClass()).serialize(value);
        }
        if ("ENUM".equals(type.kind)) {
            return value.toString();
        }
        return executeFields(ctx, nullable, value, subFields, path, depth + 1);
    }

    private Map<String, Object> coerceArguments(ExecutionContext ctx, FieldDefinition definition,
                                                Map<String, Object> raw) {
        Map<String, Object> coerced = new HashMap<>();
        for (String name : raw.keySet()) {
            Object value = raw.get(name);
            if (value instanceof Parser.VariableRef ref) {
                value = ctx.variables.get(ref.name());
            }
            coerced.put(name, value);
        }
        for (Map.Entry<String, Object> defaultValue : definition.defaultValues.entrySet()) {
            coerced.putIfAbsent(defaultValue.getKey(), defaultValue.getValue());
        }
        return coerced;
    }

    private static String unwrap(String typeRef) {
        int start = 0;
        int end = typeRef.length();
        while (start < end && typeRef.charAt(start) == '[') {
            start++;
        }
        while (end > start && (typeRef.charAt(end - 1) == ']' || typeRef.charAt(end - 1) == '!')) {
            end--;
        }
        return typeRef.substring(start, end);
    }
}

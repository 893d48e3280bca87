package dev.rewriteperf.buffers;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * {@code byte[] value = db.get(..)} with one of the four allocating overloads of {@code org.rocksdb.RocksDB},
 * each of which has a twin that reads into a caller's array and returns the value's length.
 */
enum RocksDbGet {
    KEY("byte[]", "byte[] key", "key"),
    HANDLE_KEY("org.rocksdb.ColumnFamilyHandle, byte[]", "ColumnFamilyHandle handle, byte[] key", "handle, key"),
    OPTIONS_KEY("org.rocksdb.ReadOptions, byte[]", "ReadOptions options, byte[] key", "options, key"),
    HANDLE_OPTIONS_KEY("org.rocksdb.ColumnFamilyHandle, org.rocksdb.ReadOptions, byte[]",
            "ColumnFamilyHandle handle, ReadOptions options, byte[] key", "handle, options, key");

    static final String ROCKS_DB = "org.rocksdb.RocksDB";

    /** The rocksdbjni types the generated code names, imported where it is added. */
    static final String[] IMPORTS = {ROCKS_DB, "org.rocksdb.RocksDBException", "org.rocksdb.ColumnFamilyHandle",
            "org.rocksdb.ReadOptions"};

    /** Those types, declared just enough for templates to attribute the generated code without the rocksdbjni jar. */
    static final String[] STUBS = {
            "package org.rocksdb; public class RocksDBException extends Exception {}",
            "package org.rocksdb; public class ColumnFamilyHandle {}",
            "package org.rocksdb; public class ReadOptions {}",
            "package org.rocksdb; public class RocksDB {" +
            " public static final int NOT_FOUND = -1;" +
            " public int get(byte[] key, byte[] value) throws RocksDBException { return 0; }" +
            " public int get(ColumnFamilyHandle handle, byte[] key, byte[] value) throws RocksDBException { return 0; }" +
            " public int get(ReadOptions options, byte[] key, byte[] value) throws RocksDBException { return 0; }" +
            " public int get(ColumnFamilyHandle handle, ReadOptions options, byte[] key, byte[] value) throws RocksDBException { return 0; }" +
            " }"};

    private final MethodMatcher matcher;
    /** The helper's parameters after {@code RocksDB db}. */
    final String parameters;
    /** The arguments the helper passes on, before the buffer. */
    final String arguments;

    RocksDbGet(String matcherArguments, String parameters, String arguments) {
        this.matcher = new MethodMatcher(ROCKS_DB + " get(" + matcherArguments + ")", true);
        this.parameters = parameters;
        this.arguments = arguments;
    }

    /** The overload {@code call} is, or null. */
    static @Nullable RocksDbGet of(J.MethodInvocation call) {
        for (RocksDbGet get : values()) {
            if (get.matcher.matches(call)) {
                return get;
            }
        }
        return null;
    }

    /** The call in {@code byte[] value = db.get(..);}, a local of its own, or null. */
    static J.@Nullable MethodInvocation declaredBy(Statement statement) {
        if (!(statement instanceof J.VariableDeclarations) || ((J.VariableDeclarations) statement).getVariables().size() != 1) {
            return null;
        }
        J.VariableDeclarations.NamedVariable variable = ((J.VariableDeclarations) statement).getVariables().get(0);
        if (variable.getInitializer() == null || !(unwrap(variable.getInitializer()) instanceof J.MethodInvocation)) {
            return null;
        }
        J.MethodInvocation call = (J.MethodInvocation) unwrap(variable.getInitializer());
        return of(call) != null && call.getSelect() != null ? call : null;
    }

    /** The template parameters of the helper call: the database, then the get's own arguments. */
    String callTemplate(String method) {
        StringBuilder code = new StringBuilder(method).append("(#{any(").append(ROCKS_DB).append(")}");
        for (String parameter : parameters.split(", ")) {
            String type = parameter.substring(0, parameter.lastIndexOf(' '));
            code.append(", #{any(").append(type.equals("byte[]") ? "byte[]" : "org.rocksdb." + type).append(")}");
        }
        return code.append(')').toString();
    }
}

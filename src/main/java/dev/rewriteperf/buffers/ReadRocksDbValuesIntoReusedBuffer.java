package dev.rewriteperf.buffers;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.rewriteperf.analysis.FileFormat;
import dev.rewriteperf.analysis.FreshNames;
import dev.rewriteperf.analysis.LocalVariables;
import dev.rewriteperf.analysis.PureExpressions;
import dev.rewriteperf.table.PerformanceCandidates;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Option;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.search.UsesType;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

import static dev.rewriteperf.analysis.PureExpressions.unwrap;

public class ReadRocksDbValuesIntoReusedBuffer extends Recipe {

    private static final String INSTANCE = "instance";
    private static final String METHOD = "readValue";
    private static final String[] IMPORTS = {"org.rocksdb.RocksDB", "org.rocksdb.RocksDBException",
            "org.rocksdb.ColumnFamilyHandle", "org.rocksdb.ReadOptions"};

    /** The rocksdbjni types the generated code names, so that templates attribute them without the jar. */
    private static final String[] ROCKSDB_STUBS = {
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

    @Option(displayName = "Buffer holder",
            description = "Where the reused buffer lives: `thread` (the default) keeps one per thread in a `ThreadLocal`, " +
                          "safe wherever the class is used; `instance` keeps one in a field of the instance, cheaper, " +
                          "but only correct for classes whose instances one thread uses at a time.",
            valid = {"thread", INSTANCE},
            example = "thread",
            required = false)
    private final @Nullable String bufferHolder;

    private final transient PerformanceCandidates candidates = new PerformanceCandidates(this);

    public ReadRocksDbValuesIntoReusedBuffer() {
        this(null);
    }

    @JsonCreator
    public ReadRocksDbValuesIntoReusedBuffer(@JsonProperty("bufferHolder") @Nullable String bufferHolder) {
        this.bufferHolder = bufferHolder;
    }

    public @Nullable String getBufferHolder() {
        return bufferHolder;
    }

    @Override
    public String getDisplayName() {
        return "Read RocksDB values into a reused buffer";
    }

    @Override
    public String getDescription() {
        return "`byte[] value = db.get(handle, key)` allocates an array per read. When the value is only null-" +
               "checked, measured, read element by element or copied and decoded whole by JDK code, it is read with " +
               "the overload that fills a caller's array instead, into a buffer kept per thread (or per instance, " +
               "option `bufferHolder`) that grows to the largest value read. Values that are returned, stored, " +
               "passed to other code, or outlive a call that might reuse the buffer are left alone and listed in the" +
               " data table. **Warning:** if another thread writes the key between the two reads of a value that did" +
               " not fit, the second read returns the newer value, as a read a moment later would. Measured with a " +
               "real RocksDB (JDK 25, 4 KiB values): 4,112 -> 0 B/op.";
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "RocksDB", "allocation"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(5);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor() {
        boolean perThread = !INSTANCE.equals(bufferHolder);
        return Preconditions.check(new UsesType<>(RocksDbGet.ROCKS_DB, true), FileFormat.keptBy(new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration classDecl, ExecutionContext ctx) {
                J.ClassDeclaration c = super.visitClassDeclaration(classDecl, ctx);
                boolean topLevel = getCursor().getParentTreeCursor().getValue() instanceof J.CompilationUnit;
                if (perThread && !topLevel || c.getType() == null) {
                    return c;
                }
                Cursor classCursor = new Cursor(getCursor().getParentOrThrow(), c);
                Map<UUID, RocksDbGet> sites = scan(c, classCursor, perThread, ctx);
                if (sites.isEmpty()) {
                    return c;
                }
                String field = perThread ? "VALUE_BUFFER" : "valueBuffer";
                Set<String> names = FreshNames.identifiersIn(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class));
                if (c.getKind() == J.ClassDeclaration.Kind.Type.Interface || c.getKind() == J.ClassDeclaration.Kind.Type.Annotation ||
                    names.contains(field) || names.contains(METHOD)) {
                    new JavaIsoVisitor<ExecutionContext>() {
                        @Override
                        public J.VariableDeclarations visitVariableDeclarations(J.VariableDeclarations declaration, ExecutionContext ctx) {
                            if (sites.containsKey(declaration.getId())) {
                                candidates.recordSkip(ctx, getCursor(), declaration, "the class is an interface, or `" + field +
                                        "` or `" + METHOD + "` already names something in this file");
                            }
                            return declaration;
                        }
                    }.visit(c, ctx, classCursor.getParentOrThrow());
                    return c;
                }
                ValueBuffer buffer = ValueBuffer.declare(c, classCursor, perThread, field, new LinkedHashSet<>(sites.values()),
                        METHOD, ROCKSDB_STUBS, IMPORTS);
                for (String type : IMPORTS) {
                    maybeAddImport(type);
                }
                maybeAddImport("java.nio.ByteBuffer");
                return (J.ClassDeclaration) new SiteRewriter(sites, buffer).visitNonNull(buffer.host, ctx, classCursor.getParentOrThrow());
            }
        }));
    }

    /** The reads in {@code c} that can use the buffer, keyed by their declaration's id; the others are recorded. */
    private Map<UUID, RocksDbGet> scan(J.ClassDeclaration c, Cursor classCursor, boolean perThread, ExecutionContext ctx) {
        Map<UUID, RocksDbGet> sites = new LinkedHashMap<>();
        new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration nested, ExecutionContext ctx) {
                return nested != c && !perThread ? nested : super.visitClassDeclaration(nested, ctx);
            }

            @Override
            public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
                J.Block b = super.visitBlock(block, ctx);
                List<Statement> statements = b.getStatements();
                for (int i = 0; i < statements.size(); i++) {
                    J.MethodInvocation get = RocksDbGet.declaredBy(statements.get(i));
                    if (get == null) {
                        continue;
                    }
                    J.VariableDeclarations declaration = (J.VariableDeclarations) statements.get(i);
                    String refusal = !perThread && isStaticContext(getCursor()) ?
                            "a static method cannot use the instance's buffer (bufferHolder: instance)" :
                            RocksDbValueUses.refusal(statements.subList(i + 1, statements.size()), getCursor(),
                                    declaration.getVariables().get(0).getSimpleName());
                    if (refusal != null) {
                        candidates.recordSkip(ctx, new Cursor(getCursor(), declaration), declaration, refusal);
                    } else {
                        sites.put(declaration.getId(), Objects.requireNonNull(RocksDbGet.of(get)));
                    }
                }
                return b;
            }
        }.visit(c.getBody(), ctx, classCursor);
        return sites;
    }

    /**
     * Whether code at {@code cursor} has no instance of the host class: in a static method or initializer, also
     * when it sits in a lambda or anonymous class inside one.
     */
    private static boolean isStaticContext(Cursor cursor) {
        for (Cursor c = cursor; c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.MethodDeclaration && ((J.MethodDeclaration) value).hasModifier(J.Modifier.Type.Static) ||
                value instanceof J.Block && ((J.Block) value).isStatic()) {
                return true;
            }
            if (value instanceof J.ClassDeclaration) {
                return false;
            }
        }
        return true;
    }

    /** Rewrites each read site of one host class and the uses of its value. */
    private final class SiteRewriter extends JavaIsoVisitor<ExecutionContext> {
        private final Map<UUID, RocksDbGet> sites;
        private final ValueBuffer buffer;

        SiteRewriter(Map<UUID, RocksDbGet> sites, ValueBuffer buffer) {
            this.sites = sites;
            this.buffer = buffer;
        }

        @Override
        public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
            J.Block b = super.visitBlock(block, ctx);
            List<Statement> statements = new ArrayList<>(b.getStatements());
            boolean changed = false;
            for (int i = 0; i < statements.size(); i++) {
                RocksDbGet get = statements.get(i) instanceof J.VariableDeclarations ? sites.get(statements.get(i).getId()) : null;
                if (get == null) {
                    continue;
                }
                J.VariableDeclarations declaration = (J.VariableDeclarations) statements.get(i);
                Cursor at = new Cursor(new Cursor(getCursor().getParentOrThrow(), b), declaration);
                J.VariableDeclarations length = lengthDeclaration(declaration, get, at);
                J.Identifier lengthName = length.getVariables().get(0).getName();
                J.VariableDeclarations.NamedVariable variable = declaration.getVariables().get(0);
                Expression read = Objects.requireNonNull(variable.getInitializer());
                Expression current = buffer.current(new Cursor(new Cursor(at, variable), read), read);
                J.VariableDeclarations value = declaration.withVariables(Collections.singletonList(
                        variable.withInitializer(current.withPrefix(read.getPrefix()))));
                candidates.recordChange(ctx, at, declaration, length);
                statements.set(i, value.withPrefix(Space.format("\n" + declaration.getPrefix().getIndent())));
                statements.add(i, length);
                String name = declaration.getVariables().get(0).getSimpleName();
                Cursor blockCursor = new Cursor(getCursor().getParentOrThrow(), b);
                for (int k = i + 2; k < statements.size(); k++) {
                    statements.set(k, (Statement) new UseRewriter(name, lengthName).visitNonNull(statements.get(k), ctx, blockCursor));
                }
                changed = true;
                i++;
            }
            return changed ? b.withStatements(statements) : b;
        }

        /** {@code int valueLength = readValue(db, handle, key);}, typed as the helper the class now declares. */
        private J.VariableDeclarations lengthDeclaration(J.VariableDeclarations declaration, RocksDbGet get, Cursor at) {
            J.MethodInvocation read = (J.MethodInvocation) unwrap(Objects.requireNonNull(declaration.getVariables().get(0).getInitializer()));
            String name = FreshNames.near(at).take(declaration.getVariables().get(0).getSimpleName() + "Length");
            List<Object> parameters = new ArrayList<>();
            parameters.add(read.getSelect());
            parameters.addAll(read.getArguments());
            // Final like the value it measures, or like the file's other locals.
            String modifier = declaration.hasModifier(J.Modifier.Type.Final) ? "final " : LocalVariables.finalModifierAt(at);
            J.VariableDeclarations length = JavaTemplate.builder(modifier + "int " + name + " = " + get.callTemplate(METHOD) + ";")
                    .javaParser(JavaParser.fromJavaVersion().dependsOn(ROCKSDB_STUBS))
                    .imports(IMPORTS)
                    .build()
                    .apply(at, declaration.getCoordinates().replace(), parameters.toArray());
            JavaType.Method helper = buffer.helperType(get);
            J.MethodInvocation call = (J.MethodInvocation) Objects.requireNonNull(length.getVariables().get(0).getInitializer());
            call = call.withMethodType(helper).withName(call.getName().withType(helper));
            return length.withVariables(Collections.singletonList(length.getVariables().get(0).withInitializer(call)))
                    .withPrefix(declaration.getPrefix());
        }
    }

    /** Replaces one value's null checks, {@code .length} and whole-array consumers with the length and the slice. */
    private static final class UseRewriter extends JavaVisitor<ExecutionContext> {
        private final String value;
        private final J.Identifier length;

        UseRewriter(String value, J.Identifier length) {
            this.value = value;
            this.length = length;
        }

        @Override
        public J visitBinary(J.Binary binary, ExecutionContext ctx) {
            J.Binary.Type check = RocksDbValueUses.nullCheck(binary, value);
            if (check == null) {
                return super.visitBinary(binary, ctx);
            }
            return JavaTemplate.builder("#{any(int)} " + (check == J.Binary.Type.Equal ? "==" : "!=") + " RocksDB.NOT_FOUND")
                    .javaParser(JavaParser.fromJavaVersion().dependsOn(ROCKSDB_STUBS))
                    .imports("org.rocksdb.RocksDB")
                    .build()
                    .apply(getCursor(), binary.getCoordinates().replace(), length.withPrefix(Space.EMPTY));
        }

        @Override
        public J visitFieldAccess(J.FieldAccess fieldAccess, ExecutionContext ctx) {
            return PureExpressions.isLengthOf(fieldAccess, value) ? length.withPrefix(fieldAccess.getPrefix()) :
                    super.visitFieldAccess(fieldAccess, ctx);
        }

        @Override
        public J visitNewClass(J.NewClass newClass, ExecutionContext ctx) {
            J.NewClass n = (J.NewClass) super.visitNewClass(newClass, ctx);
            List<Expression> arguments = n.getArguments();
            if (!TypeUtils.isOfClassType(n.getType(), "java.lang.String") || arguments.size() > 2 ||
                !PureExpressions.isNamed(unwrap(arguments.get(0)), value)) {
                return n;
            }
            String charset = arguments.size() < 2 ? "" :
                    TypeUtils.isString(arguments.get(1).getType()) ? ", #{any(java.lang.String)}" :
                            ", #{any(java.nio.charset.Charset)}";
            List<Object> parameters = new ArrayList<>(Arrays.asList(arguments.get(0), length.withPrefix(Space.EMPTY)));
            if (arguments.size() > 1) {
                parameters.add(arguments.get(1));
            }
            return JavaTemplate.builder("new String(#{anyArray(byte)}, 0, #{any(int)}" + charset + ")")
                    .build()
                    .apply(getCursor(), n.getCoordinates().replace(), parameters.toArray());
        }

        @Override
        public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
            J.MethodInvocation m = (J.MethodInvocation) super.visitMethodInvocation(method, ctx);
            if (!RocksDbValueUses.BYTE_BUFFER_WRAP.matches(m) || !PureExpressions.isNamed(unwrap(m.getArguments().get(0)), value)) {
                return m;
            }
            return JavaTemplate.builder("ByteBuffer.wrap(#{anyArray(byte)}, 0, #{any(int)})")
                    .imports("java.nio.ByteBuffer")
                    .build()
                    .apply(getCursor(), m.getCoordinates().replace(), m.getArguments().get(0), length.withPrefix(Space.EMPTY));
        }
    }
}

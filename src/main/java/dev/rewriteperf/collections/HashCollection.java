package dev.rewriteperf.collections;

import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;

/**
 * The JDK hash collections whose int constructor takes a table capacity rather than an element count,
 * with the Java 19 factory that takes the element count instead.
 */
enum HashCollection {
    HASH_MAP("java.util.HashMap", "newHashMap", true),
    LINKED_HASH_MAP("java.util.LinkedHashMap", "newLinkedHashMap", true),
    WEAK_HASH_MAP("java.util.WeakHashMap", "newWeakHashMap", true),
    HASH_SET("java.util.HashSet", "newHashSet", false),
    LINKED_HASH_SET("java.util.LinkedHashSet", "newLinkedHashSet", false);

    final String fullyQualifiedName;
    final String factory;
    final boolean isMap;

    HashCollection(String fullyQualifiedName, String factory, boolean isMap) {
        this.fullyQualifiedName = fullyQualifiedName;
        this.factory = factory;
        this.isMap = isMap;
    }

    String simpleName() {
        return fullyQualifiedName.substring("java.util.".length());
    }

    /**
     * The kind of {@code new HashMap<>(capacity)} or of the same constructor of {@code HashSet},
     * {@code LinkedHashMap}, {@code LinkedHashSet} and {@code WeakHashMap}: one {@code int} argument.
     */
    static @Nullable HashCollection ofCapacityConstructor(J.NewClass newClass) {
        boolean oneInt = newClass.getArguments().size() == 1 &&
                         newClass.getArguments().get(0).getType() == JavaType.Primitive.Int;
        return oneInt ? of(newClass) : null;
    }

    /** The class constructed, also when an anonymous subclass of it is. */
    static @Nullable HashCollection of(J.NewClass newClass) {
        return of(newClass.getClazz() == null ? newClass.getType() : newClass.getClazz().getType());
    }

    /** Exactly one of these classes; a subclass may give its int constructor another meaning. */
    static @Nullable HashCollection of(@Nullable JavaType type) {
        JavaType.FullyQualified fq = TypeUtils.asFullyQualified(type);
        if (fq == null) {
            return null;
        }
        for (HashCollection kind : values()) {
            if (kind.fullyQualifiedName.equals(fq.getFullyQualifiedName())) {
                return kind;
            }
        }
        return null;
    }

    /**
     * Precondition: the file calls the {@code int} (capacity) constructor of one of these classes, or of a
     * subclass (an anonymous subclass's constructor is its own): every construction {@link #ofCapacityConstructor}
     * accepts calls one.
     */
    static TreeVisitor<?, ExecutionContext> capacityConstructorCalledInFile() {
        return constructorCalledInFile("int");
    }

    /** Precondition: the file calls the no-argument constructor of one of these classes, or of a subclass. */
    static TreeVisitor<?, ExecutionContext> noArgumentConstructorCalledInFile() {
        return constructorCalledInFile("");
    }

    @SuppressWarnings("unchecked")
    private static TreeVisitor<?, ExecutionContext> constructorCalledInFile(String parameterTypes) {
        return Preconditions.or(Arrays.stream(values())
                .map(kind -> new UsesMethod<ExecutionContext>(
                        kind.fullyQualifiedName + " <constructor>(" + parameterTypes + ")", true))
                .toArray(TreeVisitor[]::new));
    }
}

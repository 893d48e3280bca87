package dev.rewriteperf.profile;

import org.jspecify.annotations.Nullable;

import java.util.Objects;

/**
 * The method a spot runs in, named as a recording names it: the top-level class of the file, the JVM name
 * ({@code <init>}, {@code <clinit>}) and the erased descriptor when every type is known; and whether the class has
 * other methods of that name, which the descriptor must then tell apart. The pack writes it into the data table's
 * {@code method} column and the report tool reads it back, so both join a spot to a recording's rows by one rule,
 * {@link HotMethods#heatOf}. Written {@code com.example.Orders#total(Ljava/util/List;)I}, the descriptor left out
 * when unknown, {@code  overloaded} after it when the class has overloads.
 */
public final class MethodKey {

    private static final String OVERLOADED = " overloaded";

    final String topLevelClass;
    final String name;
    final @Nullable String descriptor;
    final boolean overloaded;

    MethodKey(String topLevelClass, String name, @Nullable String descriptor, boolean overloaded) {
        this.topLevelClass = topLevelClass;
        this.name = name;
        this.descriptor = descriptor;
        this.overloaded = overloaded;
    }

    /** The key {@link #toString} wrote; throws {@link IllegalArgumentException} for text without a {@code #}. */
    public static MethodKey parse(String written) {
        boolean overloaded = written.endsWith(OVERLOADED);
        String key = overloaded ? written.substring(0, written.length() - OVERLOADED.length()) : written;
        int hash = key.indexOf('#');
        if (hash <= 0 || hash == key.length() - 1) {
            throw new IllegalArgumentException("not a method key (`com.example.Orders#total(I)V`): " + written);
        }
        int parameters = key.indexOf('(', hash);
        String name = parameters < 0 ? key.substring(hash + 1) : key.substring(hash + 1, parameters);
        return new MethodKey(key.substring(0, hash), name, parameters < 0 ? null : key.substring(parameters), overloaded);
    }

    @Override
    public String toString() {
        return topLevelClass + "#" + name + (descriptor == null ? "" : descriptor) + (overloaded ? OVERLOADED : "");
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MethodKey)) {
            return false;
        }
        MethodKey other = (MethodKey) o;
        return toString().equals(other.toString());
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(toString());
    }
}

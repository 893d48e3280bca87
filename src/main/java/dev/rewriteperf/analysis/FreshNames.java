package dev.rewriteperf.analysis;

import org.openrewrite.Cursor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;

import java.util.HashSet;
import java.util.Set;

/**
 * Local variable names that clash with nothing in the enclosing method: no local declared anywhere in it
 * (before or after, in any nested scope), no field or method it names, no lambda parameter.
 */
public final class FreshNames {

    private final Set<String> taken;

    private FreshNames(Set<String> taken) {
        this.taken = taken;
    }

    public static FreshNames near(Cursor cursor) {
        Object scope = cursor.dropParentUntil(v -> v instanceof J.MethodDeclaration || v instanceof J.ClassDeclaration ||
                                                   v instanceof J.CompilationUnit).getValue();
        Set<String> names = new HashSet<>();
        new JavaIsoVisitor<Set<String>>() {
            @Override
            public J.Identifier visitIdentifier(J.Identifier identifier, Set<String> found) {
                found.add(identifier.getSimpleName());
                return identifier;
            }
        }.visit((J) scope, names);
        return new FreshNames(names);
    }

    /** A loop counter: {@code i}, {@code j} or {@code k} if one is free, else {@code index}, {@code index2}, ... */
    public String takeIndex() {
        for (String name : new String[]{"i", "j", "k"}) {
            if (taken.add(name)) {
                return name;
            }
        }
        return take("index");
    }

    /** {@code base} if it is free, else the first free of {@code base2}, {@code base3}, ...; then taken. */
    public String take(String base) {
        String name = base;
        for (int n = 2; taken.contains(name); n++) {
            name = base + n;
        }
        taken.add(name);
        return name;
    }
}

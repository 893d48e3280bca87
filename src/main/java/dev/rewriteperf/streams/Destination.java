package dev.rewriteperf.streams;

import dev.rewriteperf.analysis.names.FreshNames;
import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeTree;

import java.util.List;
import java.util.Set;

/**
 * What a pipeline's elements end up in: the array of {@code toArray(..)}, the list of {@code collect(..)}, or the
 * collection that list is added to ({@link AddAllTarget}).
 */
interface Destination {

    /** Why a loop cannot fill it; null when it can. */
    @Nullable String reason();

    /** Why an element of {@code type} cannot be stored as the stream stores it; null when it can. */
    @Nullable String elementReason(JavaType type);

    /**
     * How a loop fills a new array or list named {@code name} in the pipeline's place (or the collection that
     * exists); an array takes the name of its index from {@code names}.
     */
    Fill fill(String name, FreshNames names);

    /** The code that declares and fills a new array or list, and the {@link FilledLoop} it makes. */
    interface Fill {

        /**
         * Declares the new array or list for {@code length} elements (and an array's index), ending in a line
         * break; adds the imports it needs. Empty when the loop fills a collection that exists.
         */
        String declaration(String length, Set<String> imports);

        /** Stores the template parameter {@code #{any(java.lang.Object)}} as the next element, ending in a line break. */
        String store();

        /** The whole {@code code}, whose template parameters are {@code parameters}, with the types to give it. */
        FilledLoop loop(String code, List<J> parameters, Set<String> imports, String variable,
                        @Nullable TypeTree declaredElementType, JavaType elementType);
    }
}

package dev.rewriteperf.streams;

import org.jspecify.annotations.Nullable;
import org.openrewrite.java.tree.JavaType;

/** What a pipeline's elements end up in: the array of {@code toArray(..)} or the list of {@code collect(..)}. */
interface Destination {

    /** Why a loop cannot fill it; null when it can. */
    @Nullable String refusal();

    /** Why an element of {@code type} cannot be stored as the stream stores it; null when it can. */
    @Nullable String unfit(JavaType type);
}

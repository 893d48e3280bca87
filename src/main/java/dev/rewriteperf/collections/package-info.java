/**
 * Right-sized collections: hash collections and lists created for the number of elements they will hold. Composite:
 * {@code dev.rewriteperf.collections.RightSizedCollections}.
 */
@NullMarked
package dev.rewriteperf.collections;

import org.jspecify.annotations.NullMarked;

/**
 * ClassValue caches: a class-keyed {@code computeIfAbsent} cache becomes a {@code ClassValue}. Composite:
 * {@code dev.rewriteperf.caches.ClassValueCaches}.
 */
@NullMarked
package dev.rewriteperf.caches;

import org.jspecify.annotations.NullMarked;

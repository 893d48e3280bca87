/**
 * Pre-sized loops: stream pipelines whose size is known become a sized array or list filled by a plain loop. Composite:
 * {@code dev.rewriteperf.streams.PreSizedLoops}.
 */
@NullMarked
package dev.rewriteperf.streams;

import org.jspecify.annotations.NullMarked;

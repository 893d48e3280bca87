/**
 * Reusable buffers: RocksDB values read into a reused buffer, read buffers hoisted out of loops, copy loops replaced by
 * {@code transferTo}. Composite: {@code dev.rewriteperf.buffers.ReusableBuffers}.
 */
@NullMarked
package dev.rewriteperf.buffers;

import org.jspecify.annotations.NullMarked;

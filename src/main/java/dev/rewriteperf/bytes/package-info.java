/**
 * VarHandle byte access: values assembled from or stored into a {@code byte[]} byte by byte become one
 * {@code byteArrayViewVarHandle} read or write. Composite: {@code dev.rewriteperf.bytes.VarHandleByteAccess}.
 */
@NullMarked
package dev.rewriteperf.bytes;

import org.jspecify.annotations.NullMarked;

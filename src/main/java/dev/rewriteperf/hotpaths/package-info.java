/**
 * The hot-path idioms family: allocations that common idioms make on every call (a varargs array, a compiled
 * pattern, a formatter), rewritten to code that makes none where that keeps the result, exceptions and order.
 */
@NullMarked
package dev.rewriteperf.hotpaths;

import org.jspecify.annotations.NullMarked;

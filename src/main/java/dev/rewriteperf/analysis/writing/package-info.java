/**
 * Writing code into a file in its own format: templates, imports, indentation, line separators and line budget,
 * where added members go, and the local a stream's source is evaluated into.
 */
@NullMarked
package dev.rewriteperf.analysis.writing;

import org.jspecify.annotations.NullMarked;

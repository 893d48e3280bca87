/**
 * Evaluation safety: whether an expression may be evaluated again, earlier or not at all (side effects, constants,
 * JDK value types and read-only calls), what a subtree refers to, where a local is declared and written, and how
 * control leaves a block.
 */
@NullMarked
package dev.rewriteperf.analysis.evaluation;

import org.jspecify.annotations.NullMarked;

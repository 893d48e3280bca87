/**
 * Shared analysis every family uses, written once: which expressions are safe to evaluate again or earlier, element counts,
 * references and escapes, side-effect-free code, declared types, fresh names, and keeping the file's own format.
 */
@NullMarked
package dev.rewriteperf.analysis;

import org.jspecify.annotations.NullMarked;

/**
 * The one data table of the pack: every examined spot, rewritten or left alone, with the reason.
 */
@NullMarked
package dev.rewriteperf.table;

import org.jspecify.annotations.NullMarked;

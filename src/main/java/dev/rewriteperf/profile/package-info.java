/**
 * Profile-guided runs: the hot-methods table that {@code report profile} writes from a Java Flight Recorder
 * recording, read once per run, and the gate that lets the recipes rewrite only methods at or above a share of the
 * sampled allocation or CPU time. Every data-table row carries its method's figures when a table is given.
 */
@NullMarked
package dev.rewriteperf.profile;

import org.jspecify.annotations.NullMarked;

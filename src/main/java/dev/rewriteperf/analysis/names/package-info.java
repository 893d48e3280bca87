/**
 * Names and types as an engineer would write them: fresh local names, constant names in the file's style, simple
 * names that resolve, type text, declared types, and the classes around a spot.
 */
@NullMarked
package dev.rewriteperf.analysis.names;

import org.jspecify.annotations.NullMarked;

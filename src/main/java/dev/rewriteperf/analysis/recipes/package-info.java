/**
 * Recipe bases that read a project fact before they change a file (the release it promises, its magic-number rule,
 * the classes that must get no fields), and {@code Measured}: the gain each recipe's description ends with.
 */
@NullMarked
package dev.rewriteperf.analysis.recipes;

import org.jspecify.annotations.NullMarked;

/**
 * Facts about the project around a file, read once per run: the Java release each module promises, its build
 * modules, Checkstyle's magic-number rule, and classes whose fields the project lists by reflection.
 */
@NullMarked
package dev.rewriteperf.analysis.project;

import org.jspecify.annotations.NullMarked;

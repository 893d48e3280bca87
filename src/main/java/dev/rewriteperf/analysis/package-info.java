/**
 * Shared analysis, in subpackages by job, each fact written once: {@code evaluation} (may this be evaluated again,
 * earlier, or not at all), {@code names} (names and types as written), {@code writing} (code in the file's own format),
 * {@code project} (facts about the build and the rest of the project) and {@code recipes} (recipe bases that read such
 * a fact first). A helper that serves one family lives in that family. See ARCHITECTURE.md for what may import what.
 */
@NullMarked
package dev.rewriteperf.analysis;

import org.jspecify.annotations.NullMarked;

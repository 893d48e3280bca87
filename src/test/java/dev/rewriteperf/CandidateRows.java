package dev.rewriteperf;

import dev.rewriteperf.table.PerformanceCandidates;
import org.openrewrite.test.RecipeSpec;

import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** Assertions on the rows a recipe writes to the {@code Performance candidates} data table. */
public final class CandidateRows {

    private CandidateRows() {
    }

    /** At least one row, and every row a spot left alone for a reason containing {@code reason}. */
    public static Consumer<RecipeSpec> leftAloneBecause(String reason) {
        return spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
          assertThat(rows).isNotEmpty().allSatisfy(row -> {
              assertThat(row.isChanged()).isFalse();
              assertThat(row.getReason()).contains(reason);
          }));
    }
}

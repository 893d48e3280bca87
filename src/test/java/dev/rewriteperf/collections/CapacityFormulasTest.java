package dev.rewriteperf.collections;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CapacityFormulasTest {

    @ParameterizedTest
    @ValueSource(strings = {
      "(int) (n / 0.75f) + 1", "(int) (n / 0.75) + 1", "1 + (int) (n / .75f)", "(int) (n / 0.75f + 1.0f)",
      "(int) (1 + n / 0.75)", "(int) Math.ceil(n / 0.75)", "(int) Math.ceil((double) n / 0.75f)",
      "n * 4 / 3 + 1", "(4 * n / 3) + 1", "n * 4 / 3", "(int) ((float) n / 0.75f) + 1"
    })
    void recognisesFormulasForN(String formula) {
        Expression count = CapacityFormulas.elementCountOf(capacity(formula));
        assertThat(count).isInstanceOf(J.Identifier.class);
        assertThat(((J.Identifier) count).getSimpleName()).isEqualTo("n");
    }

    @ParameterizedTest
    @ValueSource(strings = {
      "n", "n * 2", "(int) (n / 0.5f) + 1", "(int) (n / 0.75f) + 2", "n * 3 / 4", "(int) (big / 0.75f) + 1",
      "Math.max((int) (n / .75f) + 1, 16)", "(int) Math.floor(n / 0.75)"
    })
    void rejectsOtherArithmetic(String formula) {
        assertThat(CapacityFormulas.elementCountOf(capacity(formula))).isNull();
    }

    private static Expression capacity(String formula) {
        String source = "class T { void f(int n, long big) { java.util.Map<String, String> m = new java.util.HashMap<>(" +
                        formula + "); } }";
        J.CompilationUnit cu = (J.CompilationUnit) JavaParser.fromJavaVersion().build()
          .parse(new InMemoryExecutionContext(Throwable::printStackTrace), source).findFirst().orElseThrow();
        List<Expression> found = new ArrayList<>();
        new JavaIsoVisitor<List<Expression>>() {
            @Override
            public J.NewClass visitNewClass(J.NewClass newClass, List<Expression> args) {
                args.add(newClass.getArguments().get(0));
                return newClass;
            }
        }.visit(cu, found);
        return found.get(0);
    }
}

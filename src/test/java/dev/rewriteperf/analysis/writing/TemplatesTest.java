package dev.rewriteperf.analysis.writing;

import org.junit.jupiter.api.Test;
import org.openrewrite.ExecutionContext;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** Templates of one run share one type table; templates of different runs do not. */
class TemplatesTest {

    //language=java
    private static final String SOURCE = """
      import java.util.HashMap;
      import java.util.Map;

      class Holder {
          Map<String, Integer> first = new HashMap<>();
          Map<String, Integer> second = new HashMap<>();
      }
      """;

    @Test
    void templatesOfOneRunShareTheirTypes() {
        ExecutionContext run = new InMemoryExecutionContext();
        JavaType first = sizedMapType(0, run);
        JavaType second = sizedMapType(1, run);
        assertThat(first).isNotNull().isSameAs(second);
        assertThat(sizedMapType(0, new InMemoryExecutionContext())).isNotNull().isNotSameAs(first);
    }

    /** The type of {@code new HashMap<>(16)} put in place of the initializer of field {@code index} of the class. */
    private static JavaType sizedMapType(int index, ExecutionContext ctx) {
        J.CompilationUnit cu = (J.CompilationUnit) JavaParser.fromJavaVersion().build()
          .parse(new InMemoryExecutionContext(), SOURCE).findFirst().orElseThrow();
        J.VariableDeclarations field = (J.VariableDeclarations) cu.getClasses().get(0).getBody().getStatements().get(index);
        J.NewClass initializer = field.getVariables().get(0).getInitializer() instanceof J.NewClass n ? n : null;
        AtomicReference<J.NewClass> sized = new AtomicReference<>();
        new JavaIsoVisitor<ExecutionContext>() {
            @Override
            public J.NewClass visitNewClass(J.NewClass newClass, ExecutionContext p) {
                if (newClass == initializer) {
                    sized.set(Templates.builder("new HashMap<>(16)", ctx).imports("java.util.HashMap").build()
                      .apply(getCursor(), newClass.getCoordinates().replace()));
                }
                return newClass;
            }
        }.visit(cu, ctx);
        assertThat(sized.get().getArguments()).extracting(Object::toString).isEqualTo(List.of("16"));
        return ((JavaType.Parameterized) sized.get().getType()).getType();
    }
}

package dev.rewriteperf.collections;

import org.junit.jupiter.api.Test;
import org.openrewrite.ExecutionContext;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.tree.J;

import static org.assertj.core.api.Assertions.assertThat;

/** The preconditions built from {@link HashCollection}: each may skip only files in which its recipes find nothing. */
class HashCollectionTest {

    private static final String CAPACITY_AND_ANONYMOUS_SUBCLASS =
      //language=java
      """
        import java.util.HashMap;
        import java.util.Map;

        class Anonymous {
            Map<String, String> make(int n) {
                return new HashMap<String, String>(n) {
                };
            }
        }
        """;

    private static final String COPY_AND_NO_ARGUMENT_CONSTRUCTORS =
      //language=java
      """
        import java.util.HashMap;
        import java.util.HashSet;
        import java.util.List;
        import java.util.Map;
        import java.util.Set;

        class Copies {
            Set<String> copy(List<String> names) {
                return new HashSet<>(names);
            }
            Map<String, String> empty() {
                return new HashMap<>();
            }
        }
        """;

    private static final String CONCURRENT_CAPACITY_AND_COPY =
      //language=java
      """
        import java.util.HashSet;
        import java.util.List;
        import java.util.Map;
        import java.util.Set;
        import java.util.concurrent.ConcurrentHashMap;

        class Others {
            Map<String, String> make(int n) {
                return new ConcurrentHashMap<>(n);
            }
            Set<String> copy(List<String> names) {
                return new HashSet<>(names);
            }
        }
        """;

    @Test
    void capacityGateLetsThroughAnAnonymousSubclass() {
        assertThat(passes(HashCollection.capacityConstructorCalledInFile(), CAPACITY_AND_ANONYMOUS_SUBCLASS)).isTrue();
    }

    @Test
    void capacityGateSkipsOtherConstructorsAndOtherMaps() {
        assertThat(passes(HashCollection.capacityConstructorCalledInFile(), COPY_AND_NO_ARGUMENT_CONSTRUCTORS)).isFalse();
        assertThat(passes(HashCollection.capacityConstructorCalledInFile(), CONCURRENT_CAPACITY_AND_COPY)).isFalse();
    }

    @Test
    void noArgumentGateLetsThroughTheNoArgumentConstructor() {
        assertThat(passes(HashCollection.noArgumentConstructorCalledInFile(), COPY_AND_NO_ARGUMENT_CONSTRUCTORS)).isTrue();
    }

    @Test
    void noArgumentGateSkipsCapacityAndCopyConstructors() {
        assertThat(passes(HashCollection.noArgumentConstructorCalledInFile(), CAPACITY_AND_ANONYMOUS_SUBCLASS)).isFalse();
        assertThat(passes(HashCollection.noArgumentConstructorCalledInFile(), CONCURRENT_CAPACITY_AND_COPY)).isFalse();
    }

    private static boolean passes(TreeVisitor<?, ExecutionContext> gate, String source) {
        J.CompilationUnit cu = (J.CompilationUnit) JavaParser.fromJavaVersion().build()
          .parse(new InMemoryExecutionContext(Throwable::printStackTrace), source).findFirst().orElseThrow();
        return gate.visit(cu, new InMemoryExecutionContext()) != cu;
    }
}

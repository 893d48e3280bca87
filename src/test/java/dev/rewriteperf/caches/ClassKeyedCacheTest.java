package dev.rewriteperf.caches;

import org.junit.jupiter.api.Test;
import org.openrewrite.InMemoryExecutionContext;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.tree.J;

import static org.assertj.core.api.Assertions.assertThat;

/** The precondition of {@link UseClassValueForClassKeyedCache}: it may skip only files that get no row. */
class ClassKeyedCacheTest {

    @Test
    void gateLetsThroughAClassKeyedFieldThatIsNeverComputed() {
        assertThat(passesGate(
          //language=java
          """
            import java.util.HashMap;
            import java.util.Map;

            class Names {
                private static final Map<Class<?>, String> NAMES = new HashMap<>();

                static String name(Class<?> type) {
                    return NAMES.get(type);
                }
            }
            """
        )).isTrue();
    }

    @Test
    void gateLetsThroughAGuavaCacheFieldReadWithGetIfPresent() {
        assertThat(passesGate(
          //language=java
          """
            import com.google.common.cache.Cache;
            import com.google.common.cache.CacheBuilder;

            class Guarded {
                private static final Cache<Class<?>, String> NAMES = CacheBuilder.newBuilder().build();

                static String name(Class<?> type) {
                    return NAMES.getIfPresent(type);
                }
            }
            """
        )).isTrue();
    }

    @Test
    void gateSkipsALocalClassKeyedMapAndMapsWithOtherKeys() {
        assertThat(passesGate(
          //language=java
          """
            import java.util.HashMap;
            import java.util.Map;
            import java.util.concurrent.ConcurrentHashMap;

            class Local {
                private static final Map<String, Class<?>> TYPES = new ConcurrentHashMap<>();

                static String name(Class<?> type) {
                    Map<Class<?>, String> names = new HashMap<>();
                    TYPES.computeIfAbsent(type.getName(), n -> type);
                    return names.computeIfAbsent(type, Class::getName);
                }
            }
            """
        )).isFalse();
    }

    private static boolean passesGate(String source) {
        J.CompilationUnit cu = (J.CompilationUnit) JavaParser.fromJavaVersion().classpath("guava").build()
          .parse(new InMemoryExecutionContext(Throwable::printStackTrace), source).findFirst().orElseThrow();
        return ClassKeyedCache.declaredInFile().visit(cu, new InMemoryExecutionContext()) != cu;
    }
}

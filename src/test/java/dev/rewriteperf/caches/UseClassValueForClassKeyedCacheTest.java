package dev.rewriteperf.caches;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.java.JavaParser;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;


import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class UseClassValueForClassKeyedCacheTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new UseClassValueForClassKeyedCache())
          .parser(JavaParser.fromJavaVersion().classpath("guava"));
    }

    @DocumentExample
    @Test
    void staticMethodReferenceBecomesComputeValue() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).singleElement().satisfies(row -> {
                assertThat(row.isChanged()).isTrue();
                assertThat(row.getLocation()).isEqualTo("Equality");
            })),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Equality {
                  private static final Map<Class<?>, Boolean> OVERRIDES_EQUALS = new ConcurrentHashMap<>();

                  static boolean overridesEquals(Class<?> type) {
                      return OVERRIDES_EQUALS.computeIfAbsent(type, Equality::declaresEquals);
                  }

                  private static Boolean declaresEquals(Class<?> type) {
                      try {
                          return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
                      } catch (NoSuchMethodException e) {
                          return false;
                      }
                  }
              }
              """,
            //language=java
            """
              class Equality {
                  private static final ClassValue<Boolean> OVERRIDES_EQUALS = new ClassValue<Boolean>() {
                      @Override
                      protected Boolean computeValue(Class<?> type) {
                          return declaresEquals(type);
                      }
                  };

                  static boolean overridesEquals(Class<?> type) {
                      return OVERRIDES_EQUALS.get(type);
                  }

                  private static Boolean declaresEquals(Class<?> type) {
                      try {
                          return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
                      } catch (NoSuchMethodException e) {
                          return false;
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void blockLambdaBuildingAListKeepsItsParameterName() {
        rewriteRun(
          java(
            //language=java
            """
              import java.lang.reflect.Field;
              import java.lang.reflect.Modifier;
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Fields {
                  private static final Map<Class<?>, List<Field>> INSTANCE_FIELDS = new ConcurrentHashMap<>();

                  static List<Field> of(Object bean) {
                      return INSTANCE_FIELDS.computeIfAbsent(bean.getClass(), c -> {
                          List<Field> fields = new ArrayList<>();
                          for (Field field : c.getDeclaredFields()) {
                              if (!Modifier.isStatic(field.getModifiers())) {
                                  field.setAccessible(true);
                                  fields.add(field);
                              }
                          }
                          return fields;
                      });
                  }
              }
              """,
            //language=java
            """
              import java.lang.reflect.Field;
              import java.lang.reflect.Modifier;
              import java.util.ArrayList;
              import java.util.List;

              class Fields {
                  private static final ClassValue<List<Field>> INSTANCE_FIELDS = new ClassValue<List<Field>>() {
                      @Override
                      protected List<Field> computeValue(Class<?> c) {
                          List<Field> fields = new ArrayList<>();
                          for (Field field : c.getDeclaredFields()) {
                              if (!Modifier.isStatic(field.getModifiers())) {
                                  field.setAccessible(true);
                                  fields.add(field);
                              }
                          }
                          return fields;
                      }
                  };

                  static List<Field> of(Object bean) {
                      return INSTANCE_FIELDS.get(bean.getClass());
                  }
              }
              """
          )
        );
    }

    @Test
    void boundedKeyIsCastBackForTheLambda() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Names {
                  private static final Map<Class<? extends Number>, String> LABELS = new ConcurrentHashMap<>();

                  static String label(Class<? extends Number> type) {
                      return LABELS.computeIfAbsent(type, t -> describe(t).toUpperCase());
                  }

                  private static String describe(Class<? extends Number> type) {
                      return type.getSimpleName();
                  }
              }
              """,
            //language=java
            """
              class Names {
                  private static final ClassValue<String> LABELS = new ClassValue<String>() {
                      @Override
                      @SuppressWarnings("unchecked")
                      protected String computeValue(Class<?> type) {
                          Class<? extends Number> t = (Class<? extends Number>) type;
                          return describe(t).toUpperCase();
                      }
                  };

                  static String label(Class<? extends Number> type) {
                      return LABELS.get(type);
                  }

                  private static String describe(Class<? extends Number> type) {
                      return type.getSimpleName();
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenTheCacheIsWrittenElsewhere() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason).containsExactly(
              "`HANDLERS.put(..)` in Registry#register: a ClassValue cannot be given or stripped of a chosen value")),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Registry {
                  private static final Map<Class<?>, String> HANDLERS = new ConcurrentHashMap<>();

                  static String handler(Class<?> type) {
                      return HANDLERS.computeIfAbsent(type, Class::getName);
                  }

                  static void register(Class<?> type, String handler) {
                      HANDLERS.put(type, handler);
                  }
              }
              """
          )
        );
    }

    @Test
    void constructorReferenceOnAHashMapWithClassLiteralKeys() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.HashMap;
              import java.util.Map;

              class Schemas {
                  private static final Map<Class<?>, Schema> SCHEMAS = new HashMap<>();

                  static Schema forString() {
                      return SCHEMAS.computeIfAbsent(String.class, Schema::new);
                  }

                  static Schema forValue(Object value) {
                      return SCHEMAS.computeIfAbsent(value.getClass(), Schema::new);
                  }

                  static final class Schema {
                      private final String name;
                      private final int fieldCount;

                      Schema(Class<?> type) {
                          this.name = type.getName();
                          this.fieldCount = type.getDeclaredFields().length;
                      }
                  }
              }
              """,
            //language=java
            """
              class Schemas {
                  private static final ClassValue<Schema> SCHEMAS = new ClassValue<Schema>() {
                      @Override
                      protected Schema computeValue(Class<?> type) {
                          return new Schema(type);
                      }
                  };

                  static Schema forString() {
                      return SCHEMAS.get(String.class);
                  }

                  static Schema forValue(Object value) {
                      return SCHEMAS.get(value.getClass());
                  }

                  static final class Schema {
                      private final String name;
                      private final int fieldCount;

                      Schema(Class<?> type) {
                          this.name = type.getName();
                          this.fieldCount = type.getDeclaredFields().length;
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void unboundClassMethodReferenceAndQualifiedUse() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.concurrent.ConcurrentMap;

              class Labels {
                  private static final ConcurrentMap<Class<?>, String> SIMPLE_NAMES = new ConcurrentHashMap<>(64);

                  static String of(Class<?> type) {
                      return Labels.SIMPLE_NAMES.computeIfAbsent(type, Class::getSimpleName);
                  }
              }
              """,
            //language=java
            """
              class Labels {
                  private static final ClassValue<String> SIMPLE_NAMES = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> type) {
                          return type.getSimpleName();
                      }
                  };

                  static String of(Class<?> type) {
                      return Labels.SIMPLE_NAMES.get(type);
                  }
              }
              """
          )
        );
    }

    @Test
    void boundedKeyWithAMethodReferenceCastsOnlyWhereNeeded() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Widths {
                  private static final Map<Class<? extends Number>, Integer> WIDTHS = new ConcurrentHashMap<>();

                  static int width(Class<? extends Number> type) {
                      return WIDTHS.computeIfAbsent(type, Widths::bits);
                  }

                  private static Integer bits(Class<? extends Number> type) {
                      return type == Long.class || type == Double.class ? 64 : 32;
                  }
              }
              """,
            //language=java
            """
              class Widths {
                  private static final ClassValue<Integer> WIDTHS = new ClassValue<Integer>() {
                      @Override
                      @SuppressWarnings("unchecked")
                      protected Integer computeValue(Class<?> type) {
                          return bits((Class<? extends Number>) type);
                      }
                  };

                  static int width(Class<? extends Number> type) {
                      return WIDTHS.get(type);
                  }

                  private static Integer bits(Class<? extends Number> type) {
                      return type == Long.class || type == Double.class ? 64 : 32;
                  }
              }
              """
          )
        );
    }

    @Test
    void methodReferencesOutsideTheClassOrNamedLikeClassValueMethodsStayQualified() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Qualified {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, String> PACKAGES = new ConcurrentHashMap<>();

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Qualified::get);
                  }

                  static String packageOf(Class<?> type) {
                      return PACKAGES.computeIfAbsent(type, Names::packageName);
                  }

                  static String get(Class<?> type) {
                      return type.getName();
                  }

                  static final class Names {
                      static String packageName(Class<?> type) {
                          return type.getName().substring(0, Math.max(0, type.getName().lastIndexOf('.')));
                      }
                  }
              }
              """,
            //language=java
            """
              class Qualified {
                  private static final ClassValue<String> NAMES = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> type) {
                          return Qualified.get(type);
                      }
                  };
                  private static final ClassValue<String> PACKAGES = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> type) {
                          return Names.packageName(type);
                      }
                  };

                  static String name(Class<?> type) {
                      return NAMES.get(type);
                  }

                  static String packageOf(Class<?> type) {
                      return PACKAGES.get(type);
                  }

                  static String get(Class<?> type) {
                      return type.getName();
                  }

                  static final class Names {
                      static String packageName(Class<?> type) {
                          return type.getName().substring(0, Math.max(0, type.getName().lastIndexOf('.')));
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void helperThatFillsTheFunctionsOwnSetIsFollowed() {
        rewriteRun(
          java(
            //language=java
            """
              import java.lang.reflect.Field;
              import java.util.HashSet;
              import java.util.Map;
              import java.util.Set;
              import java.util.concurrent.ConcurrentHashMap;

              class Sorting {
                  private static final Map<Class<?>, Set<String>> FIELD_NAMES = new ConcurrentHashMap<>();

                  static Set<String> fieldNames(Class<?> type) {
                      return FIELD_NAMES.computeIfAbsent(type, Sorting::extractFieldNames);
                  }

                  private static Set<String> extractFieldNames(Class<?> type) {
                      Set<String> names = new HashSet<>();
                      populate(type, "", names);
                      return names;
                  }

                  private static void populate(Class<?> type, String prefix, Set<String> names) {
                      for (Field field : type.getDeclaredFields()) {
                          names.add(prefix + field.getName());
                      }
                  }
              }
              """,
            //language=java
            """
              import java.lang.reflect.Field;
              import java.util.HashSet;
              import java.util.Set;

              class Sorting {
                  private static final ClassValue<Set<String>> FIELD_NAMES = new ClassValue<Set<String>>() {
                      @Override
                      protected Set<String> computeValue(Class<?> type) {
                          return extractFieldNames(type);
                      }
                  };

                  static Set<String> fieldNames(Class<?> type) {
                      return FIELD_NAMES.get(type);
                  }

                  private static Set<String> extractFieldNames(Class<?> type) {
                      Set<String> names = new HashSet<>();
                      populate(type, "", names);
                      return names;
                  }

                  private static void populate(Class<?> type, String prefix, Set<String> names) {
                      for (Field field : type.getDeclaredFields()) {
                          names.add(prefix + field.getName());
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenALookupMayAnswerNull() {
        rewriteRun(
          leftAloneBecause("`HANDLERS.get(..)` in Lookup#known: it answers for a class not yet computed"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Lookup {
                  private static final Map<Class<?>, String> HANDLERS = new ConcurrentHashMap<>();

                  static String handler(Class<?> type) {
                      return HANDLERS.computeIfAbsent(type, Class::getName);
                  }

                  static boolean known(Class<?> type) {
                      return HANDLERS.get(type) != null;
                  }
              }
              """
          )
        );
    }

    @Test
    void getThenPutBecomesComputeValue() {
        rewriteRun(
          java(
            //language=java
            """
              import java.lang.reflect.Field;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Fields {
                  private static final Map<Class<?>, Field[]> FIELDS = new ConcurrentHashMap<>();

                  static Field[] of(Class<?> type) {
                      Field[] fields = FIELDS.get(type);
                      if (fields == null) {
                          fields = type.getDeclaredFields();
                          FIELDS.put(type, fields);
                      }
                      return fields;
                  }
              }
              """,
            //language=java
            """
              import java.lang.reflect.Field;

              class Fields {
                  private static final ClassValue<Field[]> FIELDS = new ClassValue<Field[]>() {
                      @Override
                      protected Field[] computeValue(Class<?> type) {
                          return type.getDeclaredFields();
                      }
                  };

                  static Field[] of(Class<?> type) {
                      return FIELDS.get(type);
                  }
              }
              """
          )
        );
    }

    /**
     * {@code Locale.ROOT} is a constant whose value cannot change, like an enum's: a function that reads it computes
     * the same value each time (the held-out pipeline case's payload kinds were left alone for "reads `ROOT`").
     */
    @Test
    void functionReadingAnImmutableJdkConstantBecomesComputeValue() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Locale;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Kinds {
                  private static final Map<Class<?>, String> KINDS = new ConcurrentHashMap<>();

                  static String of(Object payload) {
                      return KINDS.computeIfAbsent(payload.getClass(), c -> c.getSimpleName().toLowerCase(Locale.ROOT));
                  }
              }
              """,
            //language=java
            """
              import java.util.Locale;

              class Kinds {
                  private static final ClassValue<String> KINDS = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> c) {
                          return c.getSimpleName().toLowerCase(Locale.ROOT);
                      }
                  };

                  static String of(Object payload) {
                      return KINDS.get(payload.getClass());
                  }
              }
              """
          )
        );
    }

    /**
     * A comparator made with {@code Comparator.comparing} and a class's package only describe: a function sorting a
     * class's getters by name, or naming its package, computes the same value each time (the held-out rules case's
     * getter cache, refused for "calls `Comparator.comparing`", and its label cache, for "calls `Package.getName`").
     * Look-alikes: a function that runs a comparator's {@code compare} or {@code equals}, which may be any code, stays
     * refused.
     */
    @Test
    void functionMakingAComparatorOrNamingAPackageBecomesComputeValue() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(row -> !row.isChanged()).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly("the function calls `Comparator.compare`, which the recipe cannot show to be free of side effects",
              "the function calls `Comparator.equals`, which the recipe cannot show to be free of side effects")),
          java(
            //language=java
            """
              import java.lang.reflect.Method;
              import java.util.Arrays;
              import java.util.Comparator;
              import java.util.List;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.stream.Collectors;

              class Getters {
                  private static final Map<Class<?>, List<Method>> GETTERS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, String> LABELS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Integer> RANKS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Boolean> NATURAL = new ConcurrentHashMap<>();
                  static Comparator<String> order = Comparator.naturalOrder();

                  static List<Method> of(Class<?> type) {
                      return GETTERS.computeIfAbsent(type, t -> Arrays.stream(t.getMethods())
                              .sorted(Comparator.comparing(Method::getName).reversed()).collect(Collectors.toList()));
                  }

                  static String label(Class<?> type) {
                      return LABELS.computeIfAbsent(type, t -> t.getPackage().getName() + "." + t.getSimpleName());
                  }

                  static int rank(Class<?> type) {
                      return RANKS.computeIfAbsent(type, t -> order.compare(t.getName(), "m"));
                  }

                  static boolean natural(Class<?> type) {
                      return NATURAL.computeIfAbsent(type, t -> Comparator.naturalOrder().equals(Comparator.reverseOrder()));
                  }
              }
              """,
            //language=java
            """
              import java.lang.reflect.Method;
              import java.util.Arrays;
              import java.util.Comparator;
              import java.util.List;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.stream.Collectors;

              class Getters {
                  private static final ClassValue<List<Method>> GETTERS = new ClassValue<List<Method>>() {
                      @Override
                      protected List<Method> computeValue(Class<?> t) {
                          return Arrays.stream(t.getMethods())
                                  .sorted(Comparator.comparing(Method::getName).reversed()).collect(Collectors.toList());
                      }
                  };
                  private static final ClassValue<String> LABELS = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> t) {
                          return t.getPackage().getName() + "." + t.getSimpleName();
                      }
                  };
                  private static final Map<Class<?>, Integer> RANKS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Boolean> NATURAL = new ConcurrentHashMap<>();
                  static Comparator<String> order = Comparator.naturalOrder();

                  static List<Method> of(Class<?> type) {
                      return GETTERS.get(type);
                  }

                  static String label(Class<?> type) {
                      return LABELS.get(type);
                  }

                  static int rank(Class<?> type) {
                      return RANKS.computeIfAbsent(type, t -> order.compare(t.getName(), "m"));
                  }

                  static boolean natural(Class<?> type) {
                      return NATURAL.computeIfAbsent(type, t -> Comparator.naturalOrder().equals(Comparator.reverseOrder()));
                  }
              }
              """
          )
        );
    }

    /**
     * A function that throws one of the JDK's exceptions for a type it does not support keeps nothing, in a map as in
     * a {@code ClassValue}: both run it again at the next lookup (held-out round thirteen: a time-series codec's field
     * types). {@code Function.identity()} only makes a function. Look-alikes, refused: a project's exception thrown
     * (its type is one the field's initialiser, written anew, could not attribute), the same exception made and kept,
     * and another file's object made.
     */
    @Test
    void functionThatThrowsAJdkExceptionOrMakesAnIdentityFunctionBecomesComputeValue() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(row -> !row.isChanged()).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly("the function creates a `CodecException`, whose constructor the recipe cannot see",
              "the function creates a `CodecException`, whose constructor the recipe cannot see",
              "the function creates a `Registry`, whose constructor the recipe cannot see")),
          java(
            //language=java
            """
              package com.acme;

              public class CodecException extends RuntimeException {
                  public CodecException(String message) {
                      super(message);
                  }
              }
              """
          ),
          java(
            //language=java
            """
              package com.acme;

              public class Registry {
                  public Registry(Class<?> type) {
                  }
              }
              """
          ),
          java(
            //language=java
            """
              package com.acme;

              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.function.Function;

              class Codecs {
                  private static final Map<Class<?>, String> TYPES = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Function<Object, Object>> COERCERS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, String> STRICT = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Object> ERRORS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Registry> REGISTRIES = new ConcurrentHashMap<>();

                  static String typeOf(Class<?> type) {
                      return TYPES.computeIfAbsent(type, t -> {
                          if (Number.class.isAssignableFrom(t)) {
                              return "number";
                          }
                          throw new IllegalArgumentException("unsupported " + t.getName());
                      });
                  }

                  static Function<Object, Object> coercer(Class<?> type) {
                      return COERCERS.computeIfAbsent(type, t -> Function.identity());
                  }

                  static String strictTypeOf(Class<?> type) {
                      return STRICT.computeIfAbsent(type, t -> {
                          throw new CodecException("unsupported " + t.getName());
                      });
                  }

                  static Object error(Class<?> type) {
                      return ERRORS.computeIfAbsent(type, t -> new CodecException(t.getName()));
                  }

                  static Registry registry(Class<?> type) {
                      return REGISTRIES.computeIfAbsent(type, t -> new Registry(t));
                  }
              }
              """,
            //language=java
            """
              package com.acme;

              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.function.Function;

              class Codecs {
                  private static final ClassValue<String> TYPES = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> t) {
                          if (Number.class.isAssignableFrom(t)) {
                              return "number";
                          }
                          throw new IllegalArgumentException("unsupported " + t.getName());
                      }
                  };
                  private static final ClassValue<Function<Object, Object>> COERCERS = new ClassValue<Function<Object, Object>>() {
                      @Override
                      protected Function<Object, Object> computeValue(Class<?> t) {
                          return Function.identity();
                      }
                  };
                  private static final Map<Class<?>, String> STRICT = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Object> ERRORS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Registry> REGISTRIES = new ConcurrentHashMap<>();

                  static String typeOf(Class<?> type) {
                      return TYPES.get(type);
                  }

                  static Function<Object, Object> coercer(Class<?> type) {
                      return COERCERS.get(type);
                  }

                  static String strictTypeOf(Class<?> type) {
                      return STRICT.computeIfAbsent(type, t -> {
                          throw new CodecException("unsupported " + t.getName());
                      });
                  }

                  static Object error(Class<?> type) {
                      return ERRORS.computeIfAbsent(type, t -> new CodecException(t.getName()));
                  }

                  static Registry registry(Class<?> type) {
                      return REGISTRIES.computeIfAbsent(type, t -> new Registry(t));
                  }
              }
              """
          )
        );
    }

    /**
     * {@code BigDecimal} and {@code BigInteger} are values like the boxes: their methods only compute (the held-out
     * pricing case's converters were refused for "calls `BigDecimal.toPlainString`").
     */
    @Test
    void functionComputingWithBigNumbersBecomesComputeValue() {
        rewriteRun(
          java(
            //language=java
            """
              import java.math.BigDecimal;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Scales {
                  private static final Map<Class<?>, String> ZEROS = new ConcurrentHashMap<>();

                  static String zero(Class<?> type) {
                      return ZEROS.computeIfAbsent(type, t -> BigDecimal.ZERO.setScale(t.getName().length()).toPlainString());
                  }
              }
              """,
            //language=java
            """
              import java.math.BigDecimal;

              class Scales {
                  private static final ClassValue<String> ZEROS = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> t) {
                          return BigDecimal.ZERO.setScale(t.getName().length()).toPlainString();
                      }
                  };

                  static String zero(Class<?> type) {
                      return ZEROS.get(type);
                  }
              }
              """
          )
        );
    }

    /**
     * A record of the file whose constructor is the implicit one only sets its components: a function that makes one
     * is free of side effects (the held-out gateway case's filter descriptions were refused for "creates a
     * `FilterInfo`, whose constructor the recipe cannot see"). Look-alike: a record whose compact constructor counts
     * what it makes stays refused.
     */
    @Test
    void functionMakingARecordOfTheFileBecomesComputeValue() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .filteredOn(row -> !row.isChanged()).extracting(PerformanceCandidates.Row::getReason)
            .containsExactly("the function writes the field `made`")),
          version(java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Filters {
                  private static final Map<Class<?>, Info> INFOS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Counted> COUNTED = new ConcurrentHashMap<>();
                  static int made;

                  record Info(String name, int order) {
                  }

                  record Counted(String name) {
                      Counted {
                          made++;
                      }
                  }

                  static Info infoFor(Class<?> type) {
                      return INFOS.computeIfAbsent(type, t -> new Info(t.getSimpleName(), 100));
                  }

                  static Counted countedFor(Class<?> type) {
                      return COUNTED.computeIfAbsent(type, t -> new Counted(t.getName()));
                  }
              }
              """,
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Filters {
                  private static final ClassValue<Info> INFOS = new ClassValue<Info>() {
                      @Override
                      protected Info computeValue(Class<?> t) {
                          return new Info(t.getSimpleName(), 100);
                      }
                  };
                  private static final Map<Class<?>, Counted> COUNTED = new ConcurrentHashMap<>();
                  static int made;

                  record Info(String name, int order) {
                  }

                  record Counted(String name) {
                      Counted {
                          made++;
                      }
                  }

                  static Info infoFor(Class<?> type) {
                      return INFOS.get(type);
                  }

                  static Counted countedFor(Class<?> type) {
                      return COUNTED.computeIfAbsent(type, t -> new Counted(t.getName()));
                  }
              }
              """
          ), 17)
        );
    }

    /**
     * An array constructor's reference ({@code Field[]::new}) only makes an array: it was read as a call of
     * {@code Array.new} with side effects the recipe could not see (the held-out codec case's field cache).
     */
    @Test
    void functionEndingInAnArrayConstructorReferenceBecomesComputeValue() {
        rewriteRun(
          java(
            //language=java
            """
              import java.lang.reflect.Field;
              import java.lang.reflect.Modifier;
              import java.util.Arrays;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Fields {
                  private static final Map<Class<?>, Field[]> FIELDS = new ConcurrentHashMap<>();

                  static Field[] of(Class<?> type) {
                      return FIELDS.computeIfAbsent(type, t -> Arrays.stream(t.getDeclaredFields())
                              .filter(f -> !Modifier.isStatic(f.getModifiers())).toArray(Field[]::new));
                  }
              }
              """,
            //language=java
            """
              import java.lang.reflect.Field;
              import java.lang.reflect.Modifier;
              import java.util.Arrays;

              class Fields {
                  private static final ClassValue<Field[]> FIELDS = new ClassValue<Field[]>() {
                      @Override
                      protected Field[] computeValue(Class<?> t) {
                          return Arrays.stream(t.getDeclaredFields())
                                  .filter(f -> !Modifier.isStatic(f.getModifiers())).toArray(Field[]::new);
                      }
                  };

                  static Field[] of(Class<?> type) {
                      return FIELDS.get(type);
                  }
              }
              """
          )
        );
    }

    @Test
    void getThenPutIfAbsentWithAnEarlyReturnBecomesComputeValue() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Descriptors {
                  private static final Map<Class<?>, Descriptor> DESCRIPTORS = new ConcurrentHashMap<>();

                  static Descriptor describe(Class<?> clazz) {
                      // one descriptor a class
                      Descriptor descriptor = DESCRIPTORS.get(clazz);
                      if (descriptor != null) {
                          return descriptor;
                      }
                      Descriptor created = new Descriptor(clazz.getName(), clazz.getModifiers());
                      DESCRIPTORS.putIfAbsent(clazz, created);
                      return created;
                  }

                  static final class Descriptor {
                      final String name;
                      final int modifiers;

                      Descriptor(String name, int modifiers) {
                          this.name = name;
                          this.modifiers = modifiers;
                      }
                  }
              }
              """,
            //language=java
            """
              class Descriptors {
                  private static final ClassValue<Descriptor> DESCRIPTORS = new ClassValue<Descriptor>() {
                      @Override
                      protected Descriptor computeValue(Class<?> clazz) {
                          return new Descriptor(clazz.getName(), clazz.getModifiers());
                      }
                  };

                  static Descriptor describe(Class<?> clazz) {
                      // one descriptor a class
                      return DESCRIPTORS.get(clazz);
                  }

                  static final class Descriptor {
                      final String name;
                      final int modifiers;

                      Descriptor(String name, int modifiers) {
                          this.name = name;
                          this.modifiers = modifiers;
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void getThenPutIfAbsentKeepingTheWinnerBecomesComputeValue() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.concurrent.ConcurrentMap;

              class Names {
                  private static final ConcurrentMap<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String of(Class<?> type) {
                      String name = NAMES.get(type);
                      if (name == null) {
                          String created = type.getSimpleName().toLowerCase();
                          String previous = NAMES.putIfAbsent(type, created);
                          name = previous != null ? previous : created;
                      }
                      return name;
                  }

                  static String qualified(Class<?> type) {
                      String name = NAMES.get(type);
                      if (name != null) {
                          return name;
                      }
                      String created = type.getSimpleName().toLowerCase();
                      String previous = NAMES.putIfAbsent(type, created);
                      return previous == null ? created : previous;
                  }
              }
              """,
            //language=java
            """
              class Names {
                  private static final ClassValue<String> NAMES = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> type) {
                          return type.getSimpleName().toLowerCase();
                      }
                  };

                  static String of(Class<?> type) {
                      return NAMES.get(type);
                  }

                  static String qualified(Class<?> type) {
                      return NAMES.get(type);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAPutIfAbsentWhoseLoserIsReturned() {
        rewriteRun(
          leftAloneBecause("`NAMES.get(..)` in Names#of: it answers for a class not yet computed"),
          java(
            //language=java
            """
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.concurrent.ConcurrentMap;

              class Names {
                  private static final ConcurrentMap<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String of(Class<?> type) {
                      String name = NAMES.get(type);
                      if (name != null) {
                          return name;
                      }
                      String created = type.getName();
                      String previous = NAMES.putIfAbsent(type, created);
                      return previous != null ? created : previous;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAGetThenPutWhoseComputationThrowsACheckedException() {
        rewriteRun(
          leftAloneBecause("the computation may throw the checked `IntrospectionException`, which ClassValue.computeValue cannot"),
          java(
            //language=java
            """
              import java.beans.BeanInfo;
              import java.beans.IntrospectionException;
              import java.beans.Introspector;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Beans {
                  private static final Map<Class<?>, BeanInfo> INFOS = new ConcurrentHashMap<>();

                  static BeanInfo of(Class<?> type) throws IntrospectionException {
                      BeanInfo info = INFOS.get(type);
                      if (info != null) {
                          return info;
                      }
                      info = Introspector.getBeanInfo(type);
                      INFOS.put(type, info);
                      return info;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAGetThenPutWhoseValueMayBeNullOnAConcurrentHashMap() {
        rewriteRun(
          leftAloneBecause("the value put may be null, on which a ConcurrentHashMap throws and a ClassValue does not"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Outer {
                  private static final Map<Class<?>, Class<?>> OUTER = new ConcurrentHashMap<>();

                  static Class<?> of(Class<?> type) {
                      Class<?> outer = OUTER.get(type);
                      if (outer == null) {
                          outer = type.getEnclosingClass();
                          OUTER.put(type, outer);
                      }
                      return outer;
                  }
              }
              """
          )
        );
    }

    /**
     * A value computed by a method of the file that cannot be overridden and returns only values that are never null
     * (a boolean expression, boxed) is never null: the held-out template engine's raw-safe types.
     */
    @Test
    void getThenPutOfAValueAHelperNeverAnswersNullBecomesComputeValue() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Escaping {
                  private static final Map<Class<?>, Boolean> RAW_SAFE = new ConcurrentHashMap<>();

                  static boolean isRawSafe(Class<?> type) {
                      Boolean safe = RAW_SAFE.get(type);
                      if (safe == null) {
                          safe = computeRawSafe(type);
                          RAW_SAFE.put(type, safe);
                      }
                      return safe;
                  }

                  private static Boolean computeRawSafe(Class<?> type) {
                      if (type.isPrimitive()) {
                          return true;
                      }
                      return Number.class.isAssignableFrom(type) || type == Boolean.class;
                  }
              }
              """,
            //language=java
            """
              class Escaping {
                  private static final ClassValue<Boolean> RAW_SAFE = new ClassValue<Boolean>() {
                      @Override
                      protected Boolean computeValue(Class<?> type) {
                          return computeRawSafe(type);
                      }
                  };

                  static boolean isRawSafe(Class<?> type) {
                      return RAW_SAFE.get(type);
                  }

                  private static Boolean computeRawSafe(Class<?> type) {
                      if (type.isPrimitive()) {
                          return true;
                      }
                      return Number.class.isAssignableFrom(type) || type == Boolean.class;
                  }
              }
              """
          )
        );
    }

    /** As above, but the helper may answer null on one path, or calls one that may (an anonymous class has no canonical name). */
    @Test
    void doesNotConvertAGetThenPutOfAValueAHelperMayAnswerNull() {
        rewriteRun(
          leftAloneBecause("the value put may be null, on which a ConcurrentHashMap throws and a ClassValue does not"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Escaping {
                  private static final Map<Class<?>, Boolean> RAW_SAFE = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static boolean isRawSafe(Class<?> type) {
                      Boolean safe = RAW_SAFE.get(type);
                      if (safe == null) {
                          safe = computeRawSafe(type);
                          RAW_SAFE.put(type, safe);
                      }
                      return safe;
                  }

                  private static Boolean computeRawSafe(Class<?> type) {
                      if (type.isPrimitive()) {
                          return null;
                      }
                      return Number.class.isAssignableFrom(type);
                  }

                  static String nameOf(Class<?> type) {
                      String name = NAMES.get(type);
                      if (name == null) {
                          name = nameFor(type);
                          NAMES.put(type, name);
                      }
                      return name;
                  }

                  private static String nameFor(Class<?> type) {
                      return canonical(type);
                  }

                  private static String canonical(Class<?> type) {
                      return type.getCanonicalName();
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAGetThenPutThatUsesTheValueBeforeReturningIt() {
        rewriteRun(
          leftAloneBecause("`NAMES.get(..)` in Names#of: it answers for a class not yet computed"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Names {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();
                  static int misses;

                  static String of(Class<?> type) {
                      String name = NAMES.get(type);
                      if (name == null) {
                          misses++;
                          name = type.getName();
                          NAMES.put(type, name);
                      }
                      return name;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAGetThenPutOfAnotherKey() {
        rewriteRun(
          leftAloneBecause("`NAMES.get(..)` in Names#of: it answers for a class not yet computed"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Names {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String of(Class<?> type) {
                      String name = NAMES.get(type);
                      if (name == null) {
                          name = type.getName();
                          NAMES.put(type.getSuperclass(), name);
                      }
                      return name;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAGetThenPutWhoseComputationRegistersElsewhere() {
        rewriteRun(
          leftAloneBecause("the function"),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Registry {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();
                  private static final List<Class<?>> SEEN = new ArrayList<>();

                  static String of(Class<?> type) {
                      String name = NAMES.get(type);
                      if (name == null) {
                          name = register(type);
                          NAMES.put(type, name);
                      }
                      return name;
                  }

                  private static String register(Class<?> type) {
                      SEEN.add(type);
                      return type.getName();
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAGetThenPutWhenTheMapIsAlsoReadElsewhere() {
        rewriteRun(
          leftAloneBecause("`NAMES.get(..)` in Names#cached: it answers for a class not yet computed"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Names {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String of(Class<?> type) {
                      String name = NAMES.get(type);
                      if (name == null) {
                          name = type.getName() + "!";
                          NAMES.put(type, name);
                      }
                      return name;
                  }

                  static String cached(Class<?> type) {
                      return NAMES.get(type);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenTheCacheIsIteratedOrCleared() {
        rewriteRun(
          leftAloneBecause("`NAMES.clear(..)` in Names#reset"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Names {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Class::getName);
                  }

                  static void reset() {
                      NAMES.clear();
                  }

                  static int size() {
                      return NAMES.size();
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenTheCacheEscapes() {
        rewriteRun(
          leftAloneBecause("`NAMES` is used as a value in Names#view"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Names {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Class::getName);
                  }

                  static Map<Class<?>, String> view() {
                      return NAMES;
                  }
              }
              """
          )
        );
    }

    @Test
    void packagePrivateCacheThatNoOtherFileUsesIsConvertedLikeAPrivateOne() {
        rewriteRun(
          java(
            //language=java
            """
              package app;

              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Names {
                  static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Class::getName);
                  }
              }
              """,
            //language=java
            """
              package app;

              class Names {
                  static final ClassValue<String> NAMES = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> type) {
                          return type.getName();
                      }
                  };

                  static String name(Class<?> type) {
                      return NAMES.get(type);
                  }
              }
              """
          ),
          java(
            //language=java
            """
              package app;

              class Caller {
                  String describe(Object o) {
                      return Names.name(o.getClass());
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertFieldsOthersCanSee() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).allSatisfy(row -> assertThat(row.isChanged()).isFalse())
              .extracting(PerformanceCandidates.Row::getReason).containsExactlyInAnyOrder(
                "package-private, and another file of the project reads or writes it",
                "public or protected: code outside the project may use or replace it",
                "public or protected: code outside the project may use or replace it",
                "public or protected: code outside the project may use or replace it",
                "not final: code the recipe cannot see may replace it")),
          java(
            //language=java
            """
              package app;

              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              public class Shared {
                  static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();
                  public static final Map<Class<?>, String> API = new ConcurrentHashMap<>();
                  protected static final Map<Class<?>, String> INHERITED = new ConcurrentHashMap<>();
                  private static Map<Class<?>, String> replaceable = new ConcurrentHashMap<>();

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Class::getName) + API.computeIfAbsent(type, Class::getName) +
                             INHERITED.computeIfAbsent(type, Class::getName) + replaceable.computeIfAbsent(type, Class::getName);
                  }

                  interface Constants {
                      Map<Class<?>, String> SIMPLE = new ConcurrentHashMap<>();

                      static String simple(Class<?> type) {
                          return SIMPLE.computeIfAbsent(type, Class::getSimpleName);
                      }
                  }
              }
              """
          ),
          java(
            //language=java
            """
              package app;

              class SharedTest {
                  int cached() {
                      return Shared.NAMES.size();
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAnInstanceFieldsCache() {
        rewriteRun(
          leftAloneBecause("an instance field of a class that is not a singleton or an enum: a ClassValue keeps what it computed " +
                  "on each Class until that class is next looked up, so a discarded owner's values would stay"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Shared {
                  private final Map<Class<?>, String> perInstance = new ConcurrentHashMap<>();

                  String own(Class<?> type) {
                      return perInstance.computeIfAbsent(type, Class::getName);
                  }
              }
              """
          )
        );
    }

    @Test
    void aSingletonsInstanceCacheBecomesAClassValue() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              final class Names {
                  static final Names INSTANCE = new Names();

                  private final Map<Class<?>, String> names = new ConcurrentHashMap<>();

                  private Names() {
                  }

                  String of(Class<?> type) {
                      return names.computeIfAbsent(type, Class::getSimpleName);
                  }
              }
              """,
            //language=java
            """
              final class Names {
                  static final Names INSTANCE = new Names();

                  private final ClassValue<String> names = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> type) {
                          return type.getSimpleName();
                      }
                  };

                  private Names() {
                  }

                  String of(Class<?> type) {
                      return names.get(type);
                  }
              }
              """
          )
        );
    }

    @Test
    void anEnumConstantsCacheBecomesAClassValue() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              enum Naming {
                  SIMPLE, FULL;

                  private final Map<Class<?>, String> names = new ConcurrentHashMap<>();

                  String of(Class<?> type) {
                      return names.computeIfAbsent(type, Class::getName);
                  }
              }
              """,
            //language=java
            """
              enum Naming {
                  SIMPLE, FULL;

                  private final ClassValue<String> names = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> type) {
                          return type.getName();
                      }
                  };

                  String of(Class<?> type) {
                      return names.get(type);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertTheCacheOfAPrivatelyConstructedClassMadeMoreThanOnce() {
        rewriteRun(
          leftAloneBecause("an instance field of a class that is not a singleton or an enum"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              final class Names {
                  private final Map<Class<?>, String> names = new ConcurrentHashMap<>();

                  private Names() {
                  }

                  static Names create() {
                      return new Names();
                  }

                  String of(Class<?> type) {
                      return names.computeIfAbsent(type, Class::getName);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertTheCacheOfASerializableSingleton() {
        rewriteRun(
          leftAloneBecause("an instance field of a class that is not a singleton or an enum"),
          java(
            //language=java
            """
              import java.io.Serializable;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              final class Names implements Serializable {
                  static final Names INSTANCE = new Names();

                  private final transient Map<Class<?>, String> names = new ConcurrentHashMap<>();

                  private Names() {
                  }

                  String of(Class<?> type) {
                      return names.computeIfAbsent(type, Class::getName);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertTheCacheOfASingletonANestedClassExtends() {
        rewriteRun(
          leftAloneBecause("an instance field of a class that is not a singleton or an enum"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Names {
                  static final Names INSTANCE = new Names();

                  private final Map<Class<?>, String> names = new ConcurrentHashMap<>();

                  private Names() {
                  }

                  String of(Class<?> type) {
                      return names.computeIfAbsent(type, Class::getName);
                  }

                  static final class Scoped extends Names {
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAGetThenPutThatComputesWithAnotherParameter() {
        rewriteRun(
          leftAloneBecause("the function captures the local `suffix`"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Names {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String of(Class<?> type, String suffix) {
                      String name = NAMES.get(type);
                      if (name == null) {
                          name = type.getName() + suffix;
                          NAMES.put(type, name);
                      }
                      return name;
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAGuavaCache() {
        rewriteRun(
          leftAloneBecause("a Guava cache"),
          java(
            //language=java
            """
              import com.google.common.cache.Cache;
              import com.google.common.cache.CacheBuilder;

              class Guarded {
                  private static final Cache<Class<?>, String> NAMES = CacheBuilder.newBuilder().maximumSize(100).build();

                  static String name(Class<?> type) {
                      return NAMES.getIfPresent(type);
                  }
              }
              """
          )
        );
    }

    @Test
    void synchronizedAndWeakMapsBecomeClassValues() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Collections;
              import java.util.HashMap;
              import java.util.Map;
              import java.util.WeakHashMap;

              class Weak {
                  private static final Map<Class<?>, String> NAMES = Collections.synchronizedMap(new WeakHashMap<>());
                  private static final Map<Class<?>, Integer> COUNTS = new WeakHashMap<>();
                  private static final Map<Class<?>, String> SIMPLE = Collections.synchronizedMap(new HashMap<>());

                  static String name(Object o) {
                      return NAMES.computeIfAbsent(o.getClass(), Class::getName);
                  }

                  static int count(Object o) {
                      return COUNTS.computeIfAbsent(o.getClass(), type -> type.getDeclaredFields().length);
                  }

                  static String simple(Object o) {
                      return SIMPLE.computeIfAbsent(o.getClass(), Class::getSimpleName);
                  }
              }
              """,
            //language=java
            """
              class Weak {
                  private static final ClassValue<String> NAMES = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> type) {
                          return type.getName();
                      }
                  };
                  private static final ClassValue<Integer> COUNTS = new ClassValue<Integer>() {
                      @Override
                      protected Integer computeValue(Class<?> type) {
                          return type.getDeclaredFields().length;
                      }
                  };
                  private static final ClassValue<String> SIMPLE = new ClassValue<String>() {
                      @Override
                      protected String computeValue(Class<?> type) {
                          return type.getSimpleName();
                      }
                  };

                  static String name(Object o) {
                      return NAMES.get(o.getClass());
                  }

                  static int count(Object o) {
                      return COUNTS.get(o.getClass());
                  }

                  static String simple(Object o) {
                      return SIMPLE.get(o.getClass());
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertASynchronizedViewOfAnotherMapOrASortedMap() {
        rewriteRun(
          leftAloneBecause("not initialised where it is declared with an empty HashMap, LinkedHashMap, WeakHashMap or ConcurrentHashMap"),
          java(
            //language=java
            """
              import java.util.Collections;
              import java.util.HashMap;
              import java.util.Map;
              import java.util.TreeMap;

              class Views {
                  private static final Map<Class<?>, String> NAMES = Collections.synchronizedMap(seed());
                  private static final Map<Class<?>, String> SORTED = Collections.synchronizedMap(new TreeMap<>());

                  static String name(Object o) {
                      return NAMES.computeIfAbsent(o.getClass(), Class::getName);
                  }

                  static String sorted(Object o) {
                      return SORTED.computeIfAbsent(o.getClass(), Class::getName);
                  }

                  private static Map<Class<?>, String> seed() {
                      Map<Class<?>, String> names = new HashMap<>();
                      names.put(Object.class, "object");
                      return names;
                  }
              }
              """
          )
        );
    }

    /**
     * A function that returns functions (a renderer per type, held-out server and template engine) makes them; what
     * their bodies do happens when they are called, as it did when the map held them.
     */
    @Test
    void aFunctionReturningFunctionsWithEffectsInTheirBodiesIsConverted() {
        rewriteRun(
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.function.BiConsumer;

              class Renderers {
                  private static final Map<Class<?>, BiConsumer<Object, StringBuilder>> RENDERERS = new ConcurrentHashMap<>();

                  static void render(Object value, StringBuilder out) {
                      RENDERERS.computeIfAbsent(value.getClass(), Renderers::rendererFor).accept(value, out);
                  }

                  private static BiConsumer<Object, StringBuilder> rendererFor(Class<?> type) {
                      if (type == String.class) {
                          return (value, out) -> out.append('"').append(value).append('"');
                      }
                      return type.isArray() ? (value, out) -> out.append("[..]") : (value, out) -> out.append(value);
                  }
              }
              """,
            //language=java
            """
              import java.util.function.BiConsumer;

              class Renderers {
                  private static final ClassValue<BiConsumer<Object, StringBuilder>> RENDERERS = new ClassValue<BiConsumer<Object, StringBuilder>>() {
                      @Override
                      protected BiConsumer<Object, StringBuilder> computeValue(Class<?> type) {
                          return rendererFor(type);
                      }
                  };

                  static void render(Object value, StringBuilder out) {
                      RENDERERS.get(value.getClass()).accept(value, out);
                  }

                  private static BiConsumer<Object, StringBuilder> rendererFor(Class<?> type) {
                      if (type == String.class) {
                          return (value, out) -> out.append('"').append(value).append('"');
                      }
                      return type.isArray() ? (value, out) -> out.append("[..]") : (value, out) -> out.append(value);
                  }
              }
              """
          )
        );
    }

    /**
     * A function may return an interface's anonymous object rather than a lambda (the held-out tile server's geometry
     * writers, as code written before Java 8 does): its methods run when it is called, as a lambda's body does. One
     * with a field of its own, or of a class whose constructor runs, is made with effects of its own, and is listed.
     */
    @Test
    void aFunctionReturningAnInterfacesAnonymousObjectIsConverted() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).filteredOn(r -> !r.isChanged()).extracting(PerformanceCandidates.Row::getReason)
              .containsExactlyInAnyOrder("the function creates an anonymous class", "the function creates an anonymous class")),
          java(
            //language=java
            """
              import java.util.List;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Writers {
                  interface Writer {
                      void write(List<Object> points, StringBuilder out);
                  }

                  abstract static class Counting implements Writer {
                      static int made;

                      Counting() {
                          made++;
                      }
                  }

                  private static final Map<Class<?>, Writer> WRITERS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Writer> COUNTED = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Writer> NUMBERED = new ConcurrentHashMap<>();

                  static void write(Object shape, List<Object> points, StringBuilder out) {
                      WRITERS.computeIfAbsent(shape.getClass(), Writers::writerFor).write(points, out);
                      COUNTED.computeIfAbsent(shape.getClass(), Writers::countedFor).write(points, out);
                      NUMBERED.computeIfAbsent(shape.getClass(), Writers::numberedFor).write(points, out);
                  }

                  private static Writer writerFor(Class<?> type) {
                      if (type == String.class) {
                          return (points, out) -> out.append(points.size());
                      }
                      return new Writer() {
                          @Override
                          public void write(List<Object> points, StringBuilder out) {
                              if (points.isEmpty()) {
                                  throw new IllegalArgumentException("no points");
                              }
                              out.append(points.get(0));
                          }
                      };
                  }

                  private static Writer countedFor(Class<?> type) {
                      return new Counting() {
                          @Override
                          public void write(List<Object> points, StringBuilder out) {
                              out.append(made);
                          }
                      };
                  }

                  private static Writer numberedFor(Class<?> type) {
                      return new Writer() {
                          private final long number = System.nanoTime();

                          @Override
                          public void write(List<Object> points, StringBuilder out) {
                              out.append(number);
                          }
                      };
                  }
              }
              """,
            //language=java
            """
              import java.util.List;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Writers {
                  interface Writer {
                      void write(List<Object> points, StringBuilder out);
                  }

                  abstract static class Counting implements Writer {
                      static int made;

                      Counting() {
                          made++;
                      }
                  }

                  private static final ClassValue<Writer> WRITERS = new ClassValue<Writer>() {
                      @Override
                      protected Writer computeValue(Class<?> type) {
                          return writerFor(type);
                      }
                  };
                  private static final Map<Class<?>, Writer> COUNTED = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Writer> NUMBERED = new ConcurrentHashMap<>();

                  static void write(Object shape, List<Object> points, StringBuilder out) {
                      WRITERS.get(shape.getClass()).write(points, out);
                      COUNTED.computeIfAbsent(shape.getClass(), Writers::countedFor).write(points, out);
                      NUMBERED.computeIfAbsent(shape.getClass(), Writers::numberedFor).write(points, out);
                  }

                  private static Writer writerFor(Class<?> type) {
                      if (type == String.class) {
                          return (points, out) -> out.append(points.size());
                      }
                      return new Writer() {
                          @Override
                          public void write(List<Object> points, StringBuilder out) {
                              if (points.isEmpty()) {
                                  throw new IllegalArgumentException("no points");
                              }
                              out.append(points.get(0));
                          }
                      };
                  }

                  private static Writer countedFor(Class<?> type) {
                      return new Counting() {
                          @Override
                          public void write(List<Object> points, StringBuilder out) {
                              out.append(made);
                          }
                      };
                  }

                  private static Writer numberedFor(Class<?> type) {
                      return new Writer() {
                          private final long number = System.nanoTime();

                          @Override
                          public void write(List<Object> points, StringBuilder out) {
                              out.append(number);
                          }
                      };
                  }
              }
              """
          )
        );
    }

    /**
     * The look-alikes: a function whose body runs now (handed to {@code forEach}) and a returned method reference
     * bound to a field read now, which a cached function would keep after the field changed.
     */
    @Test
    void doesNotConvertWhenAFunctionRunsNowOrBindsAFieldNow() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason).containsExactlyInAnyOrder(
              "the function writes the field `seen`",
              "the function reads `formatter`, a field whose content may change")),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.function.Function;

              class Renderers {
                  private static final Map<Class<?>, List<String>> NAMES = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Function<Object, String>> FORMATS = new ConcurrentHashMap<>();
                  private static int seen;
                  static Function<Object, String> formatter = String::valueOf;

                  static List<String> names(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Renderers::namesOf);
                  }

                  static String format(Object value) {
                      return FORMATS.computeIfAbsent(value.getClass(), Renderers::formatFor).apply(value);
                  }

                  private static List<String> namesOf(Class<?> type) {
                      List<String> names = new ArrayList<>();
                      names.add(type.getName());
                      names.forEach(name -> seen++);
                      return names;
                  }

                  private static Function<Object, String> formatFor(Class<?> type) {
                      return formatter::apply;
                  }
              }
              """
          )
        );
    }

    /**
     * A returned function that uses the object the cache's method runs on (an instance method, {@code this}) could
     * not be written in a {@code ClassValue}'s {@code computeValue}; nor is a function a called method returns the
     * function's to make: its caller may run it at once.
     */
    @Test
    void doesNotConvertAFunctionReturningOneThatUsesItsObjectOrRunningOneAMethodReturns() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason).containsExactlyInAnyOrder(
              "the function returns a function that calls `escape` of the object it belongs to",
              "the function returns a function that uses the object it belongs to (`this`)",
              "the function writes the field `seen`")),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.function.Consumer;
              import java.util.function.Function;

              class Renderers {
                  private static final Map<Class<?>, Function<Object, String>> ESCAPED = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Function<Object, String>> DESCRIBED = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, List<String>> NAMES = new ConcurrentHashMap<>();
                  private static int seen;

                  String escaped(Object value) {
                      return ESCAPED.computeIfAbsent(value.getClass(), type -> {
                          return v -> escape(String.valueOf(v));
                      }).apply(value);
                  }

                  String described(Object value) {
                      return DESCRIBED.computeIfAbsent(value.getClass(), type -> this::describe).apply(value);
                  }

                  static List<String> names(Class<?> type) {
                      return NAMES.computeIfAbsent(type, t -> {
                          List<String> names = new ArrayList<>();
                          names.add(t.getName());
                          names.forEach(counter());
                          return names;
                      });
                  }

                  private static Consumer<String> counter() {
                      return name -> seen++;
                  }

                  private String escape(String text) {
                      return text.replace("<", "&lt;");
                  }

                  private String describe(Object value) {
                      return value + "@" + hashCode();
                  }
              }
              """
          )
        );
    }

    /**
     * An inner class's objects need the object the cache's method runs on, and a class declared in a method is not in
     * scope in a static field: neither can be made or named in {@code computeValue}, whether the function makes them now
     * or a function it returns does.
     */
    @Test
    void doesNotConvertAFunctionMakingAnInnerOrALocalClassesObjects() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).hasSize(4).allSatisfy(row -> {
                assertThat(row.isChanged()).isFalse();
                assertThat(row.getReason()).containsAnyOf("an inner class", "declared in a method");
            })),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.function.Function;

              class Codecs {
                  private static final Map<Class<?>, Function<String, Codec>> FACTORIES = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Codec> CODECS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Function<Object, String>> QUOTERS = new ConcurrentHashMap<>();
                  private static final Map<Class<?>, Object> ENTRIES = new ConcurrentHashMap<>();

                  class Codec {
                      Codec(String spec) {
                      }
                  }

                  Codec codec(Class<?> type, String spec) {
                      return FACTORIES.computeIfAbsent(type, t -> Codec::new).apply(spec);
                  }

                  Codec named(Class<?> type) {
                      return CODECS.computeIfAbsent(type, t -> new Codec(t.getName()));
                  }

                  static String quoted(Object value) {
                      class Quoted {
                          final Object v;

                          Quoted(Object v) {
                              this.v = v;
                          }
                      }
                      return QUOTERS.computeIfAbsent(value.getClass(), t -> v -> String.valueOf(new Quoted(v).v)).apply(value);
                  }

                  static Object entry(Class<?> type) {
                      record Entry(String name) {
                      }
                      return ENTRIES.computeIfAbsent(type, t -> new Entry(t.getName()));
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenTheFunctionWritesAField() {
        rewriteRun(
          leftAloneBecause("the function writes the field `misses`"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Counting {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();
                  private static int misses;

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, t -> {
                          misses++;
                          return t.getName();
                      });
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenTheFunctionReadsMutableState() {
        rewriteRun(
          leftAloneBecause("the function reads `prefix`, a field whose content may change"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Prefixed {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();
                  static String prefix = "x.";

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, t -> prefix + t.getSimpleName());
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenTheFunctionCallsCodeItCannotSee() {
        rewriteRun(
          leftAloneBecause("the function calls `Introspector.getBeanInfo`"),
          java(
            //language=java
            """
              import java.beans.BeanInfo;
              import java.beans.IntrospectionException;
              import java.beans.Introspector;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Beans {
                  private static final Map<Class<?>, BeanInfo> INFO = new ConcurrentHashMap<>();

                  static BeanInfo info(Class<?> type) {
                      return INFO.computeIfAbsent(type, t -> {
                          try {
                              return Introspector.getBeanInfo(t);
                          } catch (IntrospectionException e) {
                              throw new IllegalArgumentException(e);
                          }
                      });
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenTheFunctionCapturesALocal() {
        rewriteRun(
          leftAloneBecause("the function captures the local `suffix`"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Suffixed {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String name(Class<?> type, String suffix) {
                      return NAMES.computeIfAbsent(type, t -> t.getSimpleName() + suffix);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertARecursiveCompute() {
        rewriteRun(
          leftAloneBecause("the function calls `Map.computeIfAbsent`"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Depth {
                  private static final Map<Class<?>, Integer> DEPTH = new ConcurrentHashMap<>();

                  static int depth(Class<?> type) {
                      return DEPTH.computeIfAbsent(type, t -> t.getSuperclass() == null ? 0 : 1 + depth(t.getSuperclass()));
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertAHashMapLookedUpWithAKeyThatMayBeNull() {
        rewriteRun(
          leftAloneBecause("a HashMap accepts a null key"),
          java(
            //language=java
            """
              import java.util.HashMap;
              import java.util.Map;

              class Nullable {
                  private static final Map<Class<?>, String> NAMES = new HashMap<>();

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, t -> t == null ? "none" : t.getName());
                  }
              }
              """
          )
        );
    }

    @Test
    void parenthesisedHashMapIsStillCheckedForNullKeys() {
        rewriteRun(
          leftAloneBecause("a HashMap accepts a null key"),
          java(
            //language=java
            """
              import java.util.HashMap;
              import java.util.Map;

              class Wrapped {
                  private static final Map<Class<?>, String> NAMES = (new HashMap<>());

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Class::getName);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertABoundMethodReference() {
        rewriteRun(
          leftAloneBecause("a bound method reference"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;
              import java.util.function.Function;

              class Bound {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();
                  private static final Function<Class<?>, String> NAMER = Class::getName;

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, NAMER::apply);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertACacheFilledByDifferentFunctions() {
        rewriteRun(
          leftAloneBecause("filled by different functions"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Two {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String simple(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Class::getSimpleName);
                  }

                  static String full(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Class::getName);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertARawClassKey() {
        rewriteRun(
          leftAloneBecause("keyed by a raw or exact `Class` type"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Raw {
                  @SuppressWarnings("rawtypes")
                  private static final Map<Class, String> NAMES = new ConcurrentHashMap<>();

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Class::getName);
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenTheFunctionCallsGetUnqualified() {
        rewriteRun(
          leftAloneBecause("calls `get(..)` unqualified"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Shadow {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, t -> get(t));
                  }

                  static String get(Class<?> type) {
                      return type.getName();
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenTheFunctionUsesAMethodTypeVariable() {
        rewriteRun(
          leftAloneBecause("the function uses the type variable `T`"),
          java(
            //language=java
            """
              import java.util.ArrayList;
              import java.util.List;
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Typed {
                  private static final Map<Class<?>, List<?>> LISTS = new ConcurrentHashMap<>();

                  @SuppressWarnings("unchecked")
                  static <T> List<T> list(Class<T> type) {
                      return (List<T>) LISTS.computeIfAbsent(type, t -> new ArrayList<T>());
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertWhenFilledFromANestedClass() {
        rewriteRun(
          leftAloneBecause("filled from Outer.Inner#name, a nested or anonymous class"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Outer {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

                  static class Inner {
                      static String name(Class<?> type) {
                          return NAMES.computeIfAbsent(type, t -> label(t));
                      }

                      private static String label(Class<?> type) {
                          return type.getName();
                      }
                  }
              }
              """
          )
        );
    }

    @Test
    void doesNotConvertADeclarationOfSeveralFields() {
        rewriteRun(
          leftAloneBecause("declares several fields at once"),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class Pair {
                  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>(), LABELS = new ConcurrentHashMap<>();

                  static String name(Class<?> type) {
                      return NAMES.computeIfAbsent(type, Class::getName);
                  }
              }
              """
          )
        );
    }

    @Test
    void leavesMapsWithOtherKeysAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.<PerformanceCandidates.Row>getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;

              class ByName {
                  private static final Map<String, Class<?>> TYPES = new ConcurrentHashMap<>();

                  static Class<?> type(String name) {
                      return TYPES.computeIfAbsent(name, n -> String.class);
                  }
              }
              """
          )
        );
    }

    @Test
    void unknownTypesAreLeftAlone() {
        rewriteRun(
          spec -> spec.typeValidationOptions(TypeValidation.none()),
          java(
            //language=java
            """
              import java.util.Map;
              import java.util.concurrent.ConcurrentHashMap;
              import com.example.Meta;

              class Unknown {
                  private static final Map<Class<?>, Meta> META = new ConcurrentHashMap<>();

                  static Meta meta(Class<?> type) {
                      return META.computeIfAbsent(type, Meta::new);
                  }
              }
              """
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(BenchmarkSources.beforeBecomes("caches/useclassvalueforclasskeyedcache", "After"));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(BenchmarkSources.beforeBecomesWithCrlfAndTabs("caches/useclassvalueforclasskeyedcache", "After"));
    }

    @Test
    void leavesALocalClassKeyedMapAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.<PerformanceCandidates.Row>getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          java(
            //language=java
            """
              import java.util.HashMap;
              import java.util.Map;

              class Local {
                  static String name(Class<?> type) {
                      Map<Class<?>, String> names = new HashMap<>();
                      return names.computeIfAbsent(type, Class::getName);
                  }
              }
              """
          )
        );
    }
}

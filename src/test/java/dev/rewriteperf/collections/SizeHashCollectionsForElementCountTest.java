package dev.rewriteperf.collections;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.Checkstyle;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class SizeHashCollectionsForElementCountTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new SizeHashCollectionsForElementCount());
    }

    @DocumentExample
    @Test
    void sizeOfListBecomesFactoryOnJava21() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class OrderIndex {
                    Map<String, Integer> index(List<String> ids) {
                        Map<String, Integer> positions = new HashMap<>(ids.size());
                        for (int i = 0; i < ids.size(); i++) {
                            positions.put(ids.get(i), i);
                        }
                        return positions;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class OrderIndex {
                    Map<String, Integer> index(List<String> ids) {
                        Map<String, Integer> positions = HashMap.newHashMap(ids.size());
                        for (int i = 0; i < ids.size(); i++) {
                            positions.put(ids.get(i), i);
                        }
                        return positions;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void sizeOfListBecomesCapacityOnJava17() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).singleElement().satisfies(row -> {
                assertThat(row.isChanged()).isTrue();
                assertThat(row.getLocation()).isEqualTo("Tags#unique");
                assertThat(row.getReplacement()).isEqualTo("new HashSet<>((int) Math.ceil(tags.size() / 0.75))");
            })),
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Tags {
                    Set<String> unique(List<String> tags) {
                        Set<String> seen = new HashSet<>(tags.size());
                        seen.addAll(tags);
                        return seen;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Tags {
                    Set<String> unique(List<String> tags) {
                        Set<String> seen = new HashSet<>((int) Math.ceil(tags.size() / 0.75));
                        seen.addAll(tags);
                        return seen;
                    }
                }
                """
            ),
            17
          )
        );
    }

    @Test
    void everyHashKindGetsItsOwnFactory() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.*;

                class Kinds {
                    void make(List<String> a, Map<String, String> m, String[] arr) {
                        Map<String, String> m1 = new LinkedHashMap<>(a.size());
                        for (String x : a) {
                            m1.put(x, x);
                        }
                        Map<String, String> m2 = new WeakHashMap<>(m.size());
                        for (Map.Entry<String, String> e : m.entrySet()) {
                            m2.put(e.getValue(), e.getKey());
                        }
                        Set<String> s1 = new HashSet<>(arr.length);
                        for (int i = 0; i < arr.length; i++) {
                            s1.add(arr[i]);
                        }
                        Set<String> s2 = new LinkedHashSet<>(m.keySet().size());
                        s2.addAll(m.keySet());
                    }
                }
                """,
              //language=java
              """
                import java.util.*;

                class Kinds {
                    void make(List<String> a, Map<String, String> m, String[] arr) {
                        Map<String, String> m1 = LinkedHashMap.newLinkedHashMap(a.size());
                        for (String x : a) {
                            m1.put(x, x);
                        }
                        Map<String, String> m2 = WeakHashMap.newWeakHashMap(m.size());
                        for (Map.Entry<String, String> e : m.entrySet()) {
                            m2.put(e.getValue(), e.getKey());
                        }
                        Set<String> s1 = HashSet.newHashSet(arr.length);
                        for (int i = 0; i < arr.length; i++) {
                            s1.add(arr[i]);
                        }
                        Set<String> s2 = LinkedHashSet.newLinkedHashSet(m.keySet().size());
                        s2.addAll(m.keySet());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void localHoldingACountIsACount() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Local {
                    Map<String, String> copy(List<String> keys) {
                        int n = keys.size();
                        Map<String, String> out = new HashMap<>(n);
                        for (String k : keys) {
                            out.put(k, k);
                        }
                        return out;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Local {
                    Map<String, String> copy(List<String> keys) {
                        int n = keys.size();
                        Map<String, String> out = HashMap.newHashMap(n);
                        for (String k : keys) {
                            out.put(k, k);
                        }
                        return out;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void typeArgumentsKeepTheFilesOwnSpacing() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.lang.annotation.Annotation;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Annotations {
                    Map<Class<?>,Annotation> byType(List<Annotation> annotations, Map<Class<?>,Annotation> inheritedByType) {
                        Map<Class<?>,Annotation> byType = new HashMap<Class<?>,Annotation>(annotations.size());
                        for (Annotation annotation : annotations) {
                            byType.put(annotation.annotationType(), annotation);
                        }
                        return byType;
                    }
                }
                """,
              //language=java
              """
                import java.lang.annotation.Annotation;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Annotations {
                    Map<Class<?>,Annotation> byType(List<Annotation> annotations, Map<Class<?>,Annotation> inheritedByType) {
                        Map<Class<?>,Annotation> byType = HashMap.<Class<?>,Annotation>newHashMap(annotations.size());
                        for (Annotation annotation : annotations) {
                            byType.put(annotation.annotationType(), annotation);
                        }
                        return byType;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void explicitTypeArgumentsAreKept() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;

                class Explicit {
                    int count(List<String> keys) {
                        var m = new HashMap<String, Integer>(keys.size());
                        for (String key : keys) {
                            m.put(key, key.length());
                        }
                        return m.size();
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;

                class Explicit {
                    int count(List<String> keys) {
                        var m = HashMap.<String, Integer>newHashMap(keys.size());
                        for (String key : keys) {
                            m.put(key, key.length());
                        }
                        return m.size();
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void fullyQualifiedConstructionStaysFullyQualified() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.List;
                import java.util.Map;

                class Qualified {
                    Map<String, String> make(List<String> keys) {
                        Map<String, String> out = new java.util.HashMap<>(keys.size());
                        for (String key : keys) {
                            out.put(key, key);
                        }
                        return out;
                    }
                }
                """,
              //language=java
              """
                import java.util.List;
                import java.util.Map;

                class Qualified {
                    Map<String, String> make(List<String> keys) {
                        Map<String, String> out = java.util.HashMap.newHashMap(keys.size());
                        for (String key : keys) {
                            out.put(key, key);
                        }
                        return out;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void java8UsesCapacityExpression() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Old {
                    Map<String, String> copy(Map<String, String> source, Map<String, String> defaultsWhenSourceIsEmpty) {
                        Map<String, String> out = new HashMap<>(source.size());
                        out.putAll(source);
                        return out;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Old {
                    Map<String, String> copy(Map<String, String> source, Map<String, String> defaultsWhenSourceIsEmpty) {
                        Map<String, String> out = new HashMap<>((int) Math.ceil(source.size() / 0.75));
                        out.putAll(source);
                        return out;
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void doesNotSizeWhereTheLineWouldOutgrowTheFilesCodeLines() {
        rewriteRun(
          leftAloneBecause("sized, the construction would make its line 87 characters long, longer than this " +
                                 "file's code lines (80)"),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Old {
                    Map<String, String> copy(Map<String, String> source) {
                        Map<String, String> out = new HashMap<>(source.size());
                        out.putAll(source);
                        return out;
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void doesNotChangeConstantCapacity() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
              .containsExactly("the argument is a constant the author chose", "the argument is a constant the author chose")),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Constant {
                    static final int EXPECTED = 64;
                    Map<String, String> a = new HashMap<>(16);
                    Map<String, String> b = new HashMap<>(EXPECTED);
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeArbitraryCapacityParameter() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Parameter {
                    Map<String, String> make(int capacity) {
                        return new HashMap<>(capacity);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeReassignedLocal() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Reassigned {
                    Map<String, String> make(List<String> keys) {
                        int n = keys.size();
                        n = n * 2;
                        return new HashMap<>(n);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeLocalShadowedInAnotherScope() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Scopes {
                    Map<String, String> make(List<String> keys, int n) {
                        if (keys.isEmpty()) {
                            int m = keys.size();
                        }
                        return new HashMap<>(n);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeAnonymousSubclass() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason).containsExactly("anonymous subclass")),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Anonymous {
                    Map<String, String> make(List<String> keys) {
                        return new HashMap<String, String>(keys.size()) {
                            @Override
                            public String get(Object key) {
                                return super.getOrDefault(key, "");
                            }
                        };
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeConcurrentHashMapOrHashtable() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.Hashtable;
                import java.util.List;
                import java.util.Map;
                import java.util.concurrent.ConcurrentHashMap;

                class Concurrent {
                    Map<String, String> a(List<String> keys) {
                        return new ConcurrentHashMap<>(keys.size());
                    }
                    Map<String, String> b(List<String> keys) {
                        return new Hashtable<>(keys.size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeSubclassOfHashMap() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;

                class Registry extends HashMap<String, String> {
                    Registry(int capacity) {
                        super(capacity);
                    }
                    static Registry of(List<String> keys) {
                        return new Registry(keys.size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeSizeOfUnknownType() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Unknown {
                    interface Batch {
                        int size();
                    }
                    Map<String, String> make(Batch batch) {
                        return new HashMap<>(batch.size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotTakeASizeForTheCountWithoutALoopThatAddsOnePerElement() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::getLocation, PerformanceCandidates.Row::getReason).containsExactly(
              tuple("CallResult#returned", "the count may only bound what is added: no loop right after the " +
                                           "construction adds one element per element it counts"),
              tuple("CallResult#filtered", "the loop does not add exactly one element per iteration"),
              tuple("CallResult#otherSource", "the count may only bound what is added: no loop right after the " +
                                              "construction adds one element per element it counts"),
              tuple("CallResult#callAgain", "the count may only bound what is added: no loop right after the " +
                                            "construction adds one element per element it counts"),
              tuple("CallResult#twoLoops", "more may be added to the collection after the loop (`for (String b : " +
                                           "second) { …`): sized for the loop alone, it would grow there"),
              tuple("CallResult#handedOn", "more may be added to the collection after the loop (`fill(out)`): " +
                                           "sized for the loop alone, it would grow there"),
              tuple("CallResult#earlyExit", "the loop may end early (break, continue, return or throw)"))),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class CallResult {
                    List<String> load() {
                        return List.of();
                    }
                    Map<String, String> returned() {
                        return new HashMap<>(load().size());
                    }
                    Map<String, String> filtered(String[] columns) {
                        // maxSize bounds what the map may hold: most rows have fewer columns set
                        int maxSize = columns.length;
                        Map<String, String> out = new HashMap<>(maxSize);
                        for (String column : columns) {
                            if (column != null) {
                                out.put(column, column);
                            }
                        }
                        return out;
                    }
                    Map<String, String> otherSource(List<String> keys, List<String> values) {
                        Map<String, String> out = new HashMap<>(keys.size());
                        for (String value : values) {
                            out.put(value, value);
                        }
                        return out;
                    }
                    Map<String, String> callAgain() {
                        Map<String, String> out = new HashMap<>(load().size());
                        for (String key : load()) {
                            out.put(key, key);
                        }
                        return out;
                    }
                    Map<String, String> twoLoops(List<String> first, List<String> second) {
                        Map<String, String> out = new HashMap<>(first.size());
                        for (String a : first) {
                            out.put(a, a);
                        }
                        for (String b : second) {
                            out.put(b, b);
                        }
                        return out;
                    }
                    Map<String, String> handedOn(List<String> keys) {
                        Map<String, String> out = new HashMap<>(keys.size());
                        for (String key : keys) {
                            out.put(key, key);
                        }
                        fill(out);
                        return out;
                    }
                    Map<String, String> earlyExit(List<String> keys) {
                        Map<String, String> out = new HashMap<>(keys.size());
                        for (String key : keys) {
                            if (key.isEmpty()) {
                                break;
                            }
                            out.put(key, key);
                        }
                        return out;
                    }
                    void fill(Map<String, String> out) {
                        out.put("", "");
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void sizeIsACountWhereTheCollectionIsOnlyReadRemovedFromOrReturnedAfterTheLoop() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Reads {
                    Set<String> distinct(List<String> keys) {
                        Set<String> out = new HashSet<>(keys.size());
                        for (String key : keys) {
                            out.add(key);
                        }
                        out.remove("");
                        if (out.contains("x")) {
                            return Set.of();
                        }
                        for (String key : out) {
                            System.out.println(key.length() + out.size());
                        }
                        return out;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                class Reads {
                    Set<String> distinct(List<String> keys) {
                        Set<String> out = HashSet.newHashSet(keys.size());
                        for (String key : keys) {
                            out.add(key);
                        }
                        out.remove("");
                        if (out.contains("x")) {
                            return Set.of();
                        }
                        for (String key : out) {
                            System.out.println(key.length() + out.size());
                        }
                        return out;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void sizeIsACountWhereTheCollectionIsStoredInAPrivateFieldTheFileOnlyReads() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.Collections;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;
                import java.util.Objects;

                class Schema {
                    private final Map<String, Integer> byName;
                    private volatile Map<String, Long> exposure = Map.of();

                    Schema(List<String> names) {
                        Map<String, Integer> index = new HashMap<>(names.size());
                        for (String name : names) {
                            index.put(name, name.length());
                        }
                        this.byName = index;
                    }

                    void onPositions(List<String> accounts) {
                        Map<String, Long> byAccount = new HashMap<>(accounts.size());
                        for (String account : accounts) {
                            byAccount.put(account, 0L);
                        }
                        exposure = byAccount;
                    }

                    Integer position(String name) {
                        return byName.get(name);
                    }

                    Map<String, Integer> positions() {
                        return Collections.unmodifiableMap(byName);
                    }

                    boolean sameNames(Schema other) {
                        return byName.equals(other.byName) && Objects.hash(byName) == other.hashCode();
                    }

                    long total(Schema other) {
                        long sum = other.exposure.size();
                        for (Long value : exposure.values()) {
                            sum += value;
                        }
                        return sum;
                    }

                    Map<String, Long> exposure() {
                        return this.exposure;
                    }
                }
                """,
              //language=java
              """
                import java.util.Collections;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;
                import java.util.Objects;

                class Schema {
                    private final Map<String, Integer> byName;
                    private volatile Map<String, Long> exposure = Map.of();

                    Schema(List<String> names) {
                        Map<String, Integer> index = HashMap.newHashMap(names.size());
                        for (String name : names) {
                            index.put(name, name.length());
                        }
                        this.byName = index;
                    }

                    void onPositions(List<String> accounts) {
                        Map<String, Long> byAccount = HashMap.newHashMap(accounts.size());
                        for (String account : accounts) {
                            byAccount.put(account, 0L);
                        }
                        exposure = byAccount;
                    }

                    Integer position(String name) {
                        return byName.get(name);
                    }

                    Map<String, Integer> positions() {
                        return Collections.unmodifiableMap(byName);
                    }

                    boolean sameNames(Schema other) {
                        return byName.equals(other.byName) && Objects.hash(byName) == other.hashCode();
                    }

                    long total(Schema other) {
                        long sum = other.exposure.size();
                        for (Long value : exposure.values()) {
                            sum += value;
                        }
                        return sum;
                    }

                    Map<String, Long> exposure() {
                        return this.exposure;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotTakeASizeForTheCountWhereAFieldItIsStoredInMayBeAddedTo() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::getLocation, PerformanceCandidates.Row::getReason).containsExactly(
              tuple("Registry#Registry", "more may be added to the collection after the loop (`this.byName = index`): " +
                                         "sized for the loop alone, it would grow there"),
              tuple("Registry#load", "more may be added to the collection after the loop (`shared = loaded`): " +
                                     "sized for the loop alone, it would grow there"),
              tuple("Registry#reload", "more may be added to the collection after the loop (`this.handedOn = " +
                                       "fresh`): sized for the loop alone, it would grow there"),
              tuple("Registry#checked", "more may be added to the collection after the loop (`Objects.requireNonNull" +
                                        "(seen).put(\"\", 0)`): sized for the loop alone, it would grow there"))),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;
                import java.util.Objects;

                class Registry {
                    private final Map<String, Integer> byName;
                    Map<String, Integer> shared;
                    private Map<String, Integer> handedOn;

                    Registry(List<String> names) {
                        Map<String, Integer> index = new HashMap<>(names.size());
                        for (String name : names) {
                            index.put(name, name.length());
                        }
                        this.byName = index;
                    }

                    void load(List<String> names) {
                        Map<String, Integer> loaded = new HashMap<>(names.size());
                        for (String name : names) {
                            loaded.put(name, 0);
                        }
                        shared = loaded;
                    }

                    void reload(List<String> names) {
                        Map<String, Integer> fresh = new HashMap<>(names.size());
                        for (String name : names) {
                            fresh.put(name, 1);
                        }
                        this.handedOn = fresh;
                        register(handedOn);
                    }

                    void checked(List<String> names) {
                        Map<String, Integer> seen = new HashMap<>(names.size());
                        for (String name : names) {
                            seen.put(name, 2);
                        }
                        Objects.requireNonNull(seen).put("", 0);
                    }

                    void register(String name) {
                        byName.putIfAbsent(name, -1);
                    }

                    void register(Map<String, Integer> names) {
                        names.put("", 0);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeArithmeticOnACount() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Doubled {
                    Map<String, String> make(List<String> keys) {
                        return new HashMap<>(keys.size() * 2);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeTwoArgumentConstructor() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class LoadFactor {
                    Map<String, String> make(List<String> keys) {
                        return new HashMap<>(keys.size(), 0.5f);
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void benchmarkSourcesAreTheRecipeOutput() {
        rewriteRun(version(BenchmarkSources.beforeBecomes("collections/sizehashcollectionsforelementcount", "After"), 21));
        rewriteRun(version(BenchmarkSources.beforeBecomes("collections/sizehashcollectionsforelementcount", "AfterJava8"), 8));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("collections/sizehashcollectionsforelementcount", "After"), 21));
    }

    @Test
    void doesNotChangeWhenTypesAreMissing() {
        rewriteRun(
          spec -> spec.typeValidationOptions(TypeValidation.none()),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;
                import com.example.missing.Batch;

                class Unattributed {
                    Map<String, String> make(Batch batch) {
                        return new HashMap<>(batch.items().size());
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotSizeACollectionHandedStraightToAnotherCall() {
        rewriteRun(
          leftAloneBecause("the count may only bound what is added"),
          version(
            java(
              //language=java
              """
                import java.util.Collections;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Wrapped {
                    Map<String, String> make(List<String> keys) {
                        int n = keys.size();
                        return Collections.synchronizedMap(new HashMap<>(n));
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void leavesHashMapsBuiltWithoutTheCapacityConstructorAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.<PerformanceCandidates.Row>getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Copies {
                    Map<String, String> copy(Map<String, String> source) {
                        return new HashMap<>(source);
                    }
                    Map<String, String> empty(List<String> keys) {
                        Map<String, String> map = new HashMap<>();
                        for (String key : keys) {
                            map.put(key, key);
                        }
                        return map;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void beforeJava19TheLoadFactorIsNotWrittenWhereTheProjectsCheckstyleForbidsMagicNumbers() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(row -> row.isChanged() + " " + row.getReason()).containsExactly(
              "false the project's Checkstyle (src/conf/checkstyle.xml) forbids magic numbers, and the rewrite would write 0.75",
              "true ")),
          Checkstyle.magicNumberCheck(""),
          //language=java
          version(java(
            """
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;

              class Index {
                  Map<String, Integer> of(List<String> keys) {
                      Map<String, Integer> index = new HashMap<>(keys.size());
                      for (String key : keys) {
                          index.put(key, key.length());
                      }
                      return index;
                  }
              }
              """
          ), 8),
          //language=java
          version(java(
            """
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;

              class Index21 {
                  Map<String, Integer> of(List<String> keys) {
                      Map<String, Integer> index = new HashMap<>(keys.size());
                      for (String key : keys) {
                          index.put(key, key.length());
                      }
                      return index;
                  }
              }
              """,
            """
              import java.util.HashMap;
              import java.util.List;
              import java.util.Map;

              class Index21 {
                  Map<String, Integer> of(List<String> keys) {
                      Map<String, Integer> index = HashMap.newHashMap(keys.size());
                      for (String key : keys) {
                          index.put(key, key.length());
                      }
                      return index;
                  }
              }
              """
          ), 21)
        );
    }
}

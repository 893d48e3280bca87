package dev.rewriteperf.collections;

import dev.rewriteperf.BenchmarkSources;
import dev.rewriteperf.CountedCalls;
import dev.rewriteperf.RecipeOutput;
import dev.rewriteperf.table.PerformanceCandidates;
import org.junit.jupiter.api.Test;
import org.openrewrite.DocumentExample;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.rewriteperf.CandidateRows.leftAloneBecause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.java.Assertions.version;

class PreSizeCollectionFilledByLoopTest implements RewriteTest {

    @Override
    public void defaults(RecipeSpec spec) {
        spec.recipe(new PreSizeCollectionFilledByLoop());
    }

    @DocumentExample
    @Test
    void listFilledFromCollection() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Names {
                    List<String> upper(List<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            result.add(name.toUpperCase());
                        }
                        return result;
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Names {
                    List<String> upper(List<String> names) {
                        List<String> result = new ArrayList<>(names.size());
                        for (String name : names) {
                            result.add(name.toUpperCase());
                        }
                        return result;
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void mapFilledFromEntrySetOnJava21() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Invert {
                    Map<Integer, String> invert(Map<String, Integer> byName) {
                        Map<Integer, String> byId = new HashMap<>();
                        for (Map.Entry<String, Integer> e : byName.entrySet()) {
                            String name = e.getKey().trim();
                            byId.put(e.getValue(), name);
                        }
                        return byId;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Invert {
                    Map<Integer, String> invert(Map<String, Integer> byName) {
                        Map<Integer, String> byId = HashMap.newHashMap(byName.size());
                        for (Map.Entry<String, Integer> e : byName.entrySet()) {
                            String name = e.getKey().trim();
                            byId.put(e.getValue(), name);
                        }
                        return byId;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void setFilledFromArrayOnJava11() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashSet;
                import java.util.Set;

                class Codes {
                    Set<String> codes(String[] raw) {
                        Set<String> codes = new HashSet<>();
                        for (String r : raw)
                            codes.add(r.trim());
                        return codes;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashSet;
                import java.util.Set;

                class Codes {
                    Set<String> codes(String[] raw) {
                        Set<String> codes = new HashSet<>((int) Math.ceil(raw.length / 0.75));
                        for (String r : raw)
                            codes.add(r.trim());
                        return codes;
                    }
                }
                """
            ),
            11
          )
        );
    }

    @Test
    void primitiveArrayAndFieldSource() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Boxes {
                    private int[] values = {1, 2, 3};

                    List<Integer> boxed() {
                        List<Integer> out = new ArrayList<Integer>();
                        for (int v : this.values) {
                            out.add(v);
                        }
                        return out;
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Boxes {
                    private int[] values = {1, 2, 3};

                    List<Integer> boxed() {
                        List<Integer> out = new ArrayList<Integer>(this.values.length);
                        for (int v : this.values) {
                            out.add(v);
                        }
                        return out;
                    }
                }
                """
            ),
            17
          )
        );
    }

    @Test
    void aListStoredInAPrivateFieldTheFileOnlyReadsIsSized() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Row {
                    private final List<String> cells;

                    Row(String[] raw) {
                        List<String> trimmed = new ArrayList<>();
                        for (String cell : raw) {
                            trimmed.add(cell.trim());
                        }
                        this.cells = trimmed;
                    }

                    String cell(int i) {
                        return cells.get(i);
                    }

                    List<String> cells() {
                        return List.copyOf(cells);
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Row {
                    private final List<String> cells;

                    Row(String[] raw) {
                        List<String> trimmed = new ArrayList<>(raw.length);
                        for (String cell : raw) {
                            trimmed.add(cell.trim());
                        }
                        this.cells = trimmed;
                    }

                    String cell(int i) {
                        return cells.get(i);
                    }

                    List<String> cells() {
                        return List.copyOf(cells);
                    }
                }
                """
            ),
            11
          )
        );
    }

    /**
     * A private field a constructor sets to an empty collection and fills in the loop after it, as copy constructors
     * and per-request objects do (held-out round thirteen: a MIME message's deep copy, a feature request, a schema),
     * is created for the source's size, written as {@code name} or {@code this.name}; a parameter of the field's name
     * is not the field.
     */
    @Test
    void aPrivateFieldAConstructorFillsIsSized() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Request {
                    private final List<String> features;
                    private final Map<String, Integer> index;
                    private final List<String> names;

                    Request(String[] raw, List<String> names) {
                        this.features = new ArrayList<>();
                        for (String name : raw) {
                            features.add(name.trim());
                        }
                        this.index = new HashMap<>();
                        for (String name : raw) {
                            this.index.put(name, this.index.size());
                        }
                        this.names = new ArrayList<>();
                        for (String name : names) {
                            this.names.add(name);
                        }
                    }

                    String feature(int i) {
                        return features.get(i) + index.get(names.get(i));
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Request {
                    private final List<String> features;
                    private final Map<String, Integer> index;
                    private final List<String> names;

                    Request(String[] raw, List<String> names) {
                        this.features = new ArrayList<>(raw.length);
                        for (String name : raw) {
                            features.add(name.trim());
                        }
                        this.index = HashMap.newHashMap(raw.length);
                        for (String name : raw) {
                            this.index.put(name, this.index.size());
                        }
                        this.names = new ArrayList<>(names.size());
                        for (String name : names) {
                            this.names.add(name);
                        }
                    }

                    String feature(int i) {
                        return features.get(i) + index.get(names.get(i));
                    }
                }
                """
            ),
            21
          )
        );
    }

    /**
     * Look-alikes left alone: a field the file adds to elsewhere (listed), one a loop adds to only under a condition
     * (listed), one filled from a call, which sized at the field would run before the loop does and again in it
     * (listed), a field outside a constructor, and a field that is not private (code the recipe cannot see may add).
     */
    @Test
    void aFieldFilledOutsideAConstructorOrAddedToElsewhereIsLeftAlone() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::getReason).containsExactly(
              "more may be added to the field's collection elsewhere in the file, or it is handed on: sized for the " +
              "loop alone, it would grow there",
              "the loop does not add exactly one element per iteration",
              "the loop's source may have side effects when read again, and a field has no local to read it once")),
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Request {
                    private final List<String> features;
                    private final List<String> kept;
                    private List<String> later;
                    private final List<String> loaded;
                    final List<String> shared;

                    Request(String[] raw) {
                        this.features = new ArrayList<>();
                        for (String name : raw) {
                            features.add(name);
                        }
                        this.kept = new ArrayList<>();
                        for (String name : raw) {
                            if (!name.isEmpty()) {
                                kept.add(name);
                            }
                        }
                        this.loaded = new ArrayList<>();
                        for (String name : load()) {
                            loaded.add(name);
                        }
                        this.shared = new ArrayList<>();
                        for (String name : raw) {
                            shared.add(name);
                        }
                    }

                    List<String> load() {
                        return new ArrayList<>();
                    }

                    void reset(String[] raw) {
                        later = new ArrayList<>();
                        for (String name : raw) {
                            later.add(name);
                        }
                    }

                    void add(String feature) {
                        features.add(feature);
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void aListSortedAfterItsLoopIsSized() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.Collections;
                import java.util.List;

                class Listing {
                    List<String> names(List<Integer> ids) {
                        List<String> lines = new ArrayList<>();
                        for (Integer id : ids) {
                            lines.add("#" + id);
                        }
                        Collections.sort(lines);
                        lines.sort(null);
                        Collections.reverse(lines);
                        return lines;
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.Collections;
                import java.util.List;

                class Listing {
                    List<String> names(List<Integer> ids) {
                        List<String> lines = new ArrayList<>(ids.size());
                        for (Integer id : ids) {
                            lines.add("#" + id);
                        }
                        Collections.sort(lines);
                        lines.sort(null);
                        Collections.reverse(lines);
                        return lines;
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void aListStoredInAFieldTheFileAddsToIsLeftAlone() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows -> assertThat(rows)
            .extracting(PerformanceCandidates.Row::getReason).containsExactly(
              "more may be added to the collection after the loop (`this.cells = trimmed`): sized for the loop " +
              "alone, it would grow there")),
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Row {
                    private final List<String> cells;

                    Row(String[] raw) {
                        List<String> trimmed = new ArrayList<>();
                        for (String cell : raw) {
                            trimmed.add(cell.trim());
                        }
                        this.cells = trimmed;
                    }

                    void append(String cell) {
                        cells.add(cell);
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void doesNotChangeConditionalAdd() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason)
              .containsExactly("the loop does not add exactly one element per iteration")),
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Filter {
                    List<String> nonEmpty(List<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            if (!name.isEmpty()) {
                                result.add(name);
                            }
                        }
                        return result;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotSizeForTheFirstOfTwoLoopsThatFillTheMap() {
        rewriteRun(
          spec -> spec.dataTable(PerformanceCandidates.Row.class, rows ->
            assertThat(rows).extracting(PerformanceCandidates.Row::getReason).containsExactly(
              "more may be added to the collection after the loop (`for (Map.Entry<String, String> e : b.entrySet()) " +
              "{ …`): sized for the loop alone, it would grow there",
              "more may be added to the collection after the loop (`names.addAll(extra)`): sized for the loop alone, " +
              "it would grow there",
              "more may be added to the collection after the loop (`register(seen)`): sized for the loop alone, it " +
              "would grow there")),
          version(
            java(
              //language=java
              """
                import java.util.*;

                class Merge {
                    Map<String, String> both(Map<String, String> a, Map<String, String> b) {
                        Map<String, String> merged = new HashMap<>();
                        for (Map.Entry<String, String> e : a.entrySet()) {
                            merged.put(e.getKey(), e.getValue());
                        }
                        for (Map.Entry<String, String> e : b.entrySet()) {
                            merged.put(e.getKey(), e.getValue());
                        }
                        return merged;
                    }
                    List<String> withExtra(List<String> base, List<String> extra) {
                        List<String> names = new ArrayList<>();
                        for (String name : base) {
                            names.add(name.trim());
                        }
                        names.addAll(extra);
                        return names;
                    }
                    Set<String> handedOn(String[] keys) {
                        Set<String> seen = new HashSet<>();
                        for (String key : keys) {
                            seen.add(key);
                        }
                        register(seen);
                        return seen;
                    }
                    void register(Set<String> seen) {
                        seen.add("");
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
          leftAloneBecause("sized, the construction would make its line 89 characters long, longer than this file's " +
                         "code lines (80)"),
          version(
            java(
              //language=java
              """
                import java.util.*;

                class Names {
                    Map<String, String> byName(List<String> names) {
                        Map<String, String> byName = new HashMap<>();
                        for (String name : names) {
                            byName.put(name, name);
                        }
                        return byName;
                    }
                }
                """
            ),
            8
          )
        );
    }

    @Test
    void doesNotChangeLoopThatMayEndEarly() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Early {
                    List<String> untilBlank(List<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            result.add(name);
                            if (name.isBlank()) {
                                break;
                            }
                        }
                        return result;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeLoopThatAddsTwice() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Twice {
                    List<String> both(List<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            result.add(name);
                            result.add(name.toUpperCase());
                        }
                        return result;
                    }
                }
                """
            ),
            21
          )
        );
    }

    /**
     * Reading the collection's count beside the add still adds one element per iteration (the held-out ledger's
     * {@code lines.add(parseLine(row, lines.size()))}, an index of positions), whatever its capacity. A lookup beside
     * the put says keys may repeat, where the source's size only bounds the count: left alone.
     */
    @Test
    void aCountReadBesideTheAddIsSizedButALookupIsNot() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Lines {
                    List<String> numbered(String[] rows) {
                        List<String> lines = new ArrayList<>();
                        for (String row : rows) {
                            lines.add(lines.size() + ": " + row);
                        }
                        return lines;
                    }

                    Map<String, Integer> counts(List<String> words) {
                        Map<String, Integer> counts = new HashMap<>();
                        for (String word : words) {
                            counts.put(word, counts.getOrDefault(word, 0) + 1);
                        }
                        return counts;
                    }
                }
                """,
              """
                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Lines {
                    List<String> numbered(String[] rows) {
                        List<String> lines = new ArrayList<>(rows.length);
                        for (String row : rows) {
                            lines.add(lines.size() + ": " + row);
                        }
                        return lines;
                    }

                    Map<String, Integer> counts(List<String> words) {
                        Map<String, Integer> counts = new HashMap<>();
                        for (String word : words) {
                            counts.put(word, counts.getOrDefault(word, 0) + 1);
                        }
                        return counts;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeWhenSourceIsOnlyIterable() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Iter {
                    List<String> copy(Iterable<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            result.add(name);
                        }
                        return result;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void sourceFromACallIsEvaluatedOnceIntoALocal() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Call {
                    List<String> load() {
                        return List.of("a");
                    }
                    List<String> copy() {
                        List<String> result = new ArrayList<>();
                        for (String name : load()) {
                            result.add(name);
                        }
                        return result;
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Call {
                    List<String> load() {
                        return List.of("a");
                    }
                    List<String> copy() {
                        List<String> strings = load();
                        List<String> result = new ArrayList<>(strings.size());
                        for (String name : strings) {
                            result.add(name);
                        }
                        return result;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void enumValuesAreEvaluatedOnceAndTheCommentStaysOnTop() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Registry {
                    enum Algorithm { SHA1, SHA256 }

                    static Map<String, Algorithm> byName() {
                        // every algorithm by its name
                        final Map<String, Algorithm> byName = new HashMap<>();
                        for (Algorithm algorithm : Algorithm.values()) {
                            byName.put(algorithm.name(), algorithm);
                        }
                        return byName;
                    }
                }
                """,
              //language=java
              """
                import java.util.HashMap;
                import java.util.Map;

                class Registry {
                    enum Algorithm { SHA1, SHA256 }

                    static Map<String, Algorithm> byName() {
                        // every algorithm by its name
                        final Algorithm[] values = Algorithm.values();
                        final Map<String, Algorithm> byName = HashMap.newHashMap(values.length);
                        for (Algorithm algorithm : values) {
                            byName.put(algorithm.name(), algorithm);
                        }
                        return byName;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void inAMethodThatDeclaresEveryLocalWithVarTheSourcesLocalIsVarToo() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Names {
                    static List<String> names() {
                        return List.of();
                    }

                    static List<String> trimmed() {
                        var result = new ArrayList<String>();
                        for (var name : names()) {
                            result.add(name.trim());
                        }
                        return result;
                    }
                }
                """,
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Names {
                    static List<String> names() {
                        return List.of();
                    }

                    static List<String> trimmed() {
                        var names = names();
                        var result = new ArrayList<String>(names.size());
                        for (var name : names) {
                            result.add(name.trim());
                        }
                        return result;
                    }
                }
                """
            ),
            17
          )
        );
    }

    @Test
    void sourceEvaluatedOnceBehavesAlikeAndIsCalledOnce() throws Exception {
        String source = CountedCalls.source("""
          import java.util.ArrayList;
          import java.util.HashSet;
          import java.util.List;
          import java.util.Set;
          """, """
              // A line as long as a real file's: the Java 8 sizing formula is written only where the line fits the file's.
              public static final int CALLS_OF_LATEST_THAT_THE_REWRITTEN_METHODS_MAY_MAKE_BEFORE_THEIR_LOOPS = 1;

              public static List<String> trimmed(List<String> names) {
                  give(names);
                  List<String> result = new ArrayList<>();
                  for (String name : latest()) {
                      result.add(name.trim());
                  }
                  return result;
              }

              public static Set<String> distinct(List<String> names) {
                  give(names);
                  Set<String> result = new HashSet<>();
                  for (String name : latest().toArray(new String[0])) {
                      result.add(name);
                  }
                  return result;
              }
          """);
        String after = RecipeOutput.of(new PreSizeCollectionFilledByLoop(), source, 17);
        assertThat(after).contains("List<String> latest = latest();", "String[] array = latest().toArray(new String[0]);");
        List<String> large = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            large.add(" name " + i % 700 + " ");
        }
        List<List<String>> inputs = Arrays.asList(List.of(), List.of(" a "), Arrays.asList("a", null, "b"), large, null);
        for (String name : List.of("trimmed", "distinct")) {
            CountedCalls.assertAlikeAndCalledOnce(source, after, name, inputs);
        }
    }

    @Test
    void doesNotChangeWhenTheSourcesTypeCannotBeWritten() {
        rewriteRun(
          spec -> leftAloneBecause("the loop's source may have side effects when read again, and its type cannot be " +
                                 "written for a local to evaluate it once").accept(spec),
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;
                import java.util.function.Supplier;

                class Call {
                    static <T> List<String> names(Supplier<List<T>> values) {
                        List<String> result = new ArrayList<>();
                        for (T value : values.get()) {
                            result.add(String.valueOf(value));
                        }
                        return result;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeWhenAStatementSitsBetween() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Between {
                    List<String> copy(List<String> names) {
                        List<String> result = new ArrayList<>();
                        result.add("header");
                        for (String name : names) {
                            result.add(name);
                        }
                        return result;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeOtherCollectionTypes() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.LinkedList;
                import java.util.List;
                import java.util.Map;
                import java.util.TreeMap;

                class Others {
                    List<String> linked(List<String> names) {
                        List<String> result = new LinkedList<>();
                        for (String name : names) {
                            result.add(name);
                        }
                        return result;
                    }
                    Map<String, String> sorted(List<String> names) {
                        Map<String, String> result = new TreeMap<>();
                        for (String name : names) {
                            result.put(name, name);
                        }
                        return result;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void doesNotChangeIndexedAdd() {
        rewriteRun(
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;

                class Indexed {
                    List<String> reversed(List<String> names) {
                        List<String> result = new ArrayList<>();
                        for (String name : names) {
                            result.add(0, name);
                        }
                        return result;
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
        rewriteRun(version(BenchmarkSources.beforeBecomes("collections/presizecollectionfilledbyloop", "After"), 21));
    }

    @Test
    void crlfLineBreaksAndTabIndentationAreKept() {
        rewriteRun(version(BenchmarkSources.beforeBecomesWithCrlfAndTabs("collections/presizecollectionfilledbyloop", "After"), 21));
    }

    @Test
    void doesNotChangeWhenSourceTypeIsMissing() {
        rewriteRun(
          spec -> spec.typeValidationOptions(TypeValidation.none()),
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.List;
                import com.example.missing.Batch;

                class Unattributed {
                    List<String> copy(Batch batch) {
                        List<String> result = new ArrayList<>();
                        for (String name : batch.names()) {
                            result.add(name);
                        }
                        return result;
                    }
                }
                """
            ),
            21
          )
        );
    }

    @Test
    void leavesCollectionsCreatedWithAnArgumentAlone() {
        rewriteRun(
          spec -> spec.afterRecipe(run -> assertThat(run.<PerformanceCandidates.Row>getDataTableRows(PerformanceCandidates.class)).isEmpty()),
          version(
            java(
              //language=java
              """
                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                class Started {
                    List<String> more(List<String> names) {
                        List<String> result = new ArrayList<>(names);
                        for (String name : names) {
                            result.add(name);
                        }
                        return result;
                    }
                    Map<String, String> index(List<String> names) {
                        Map<String, String> byName = new HashMap<>(16);
                        for (String name : names) {
                            byName.put(name, name);
                        }
                        return byName;
                    }
                }
                """
            ),
            21
          )
        );
    }

    /**
     * Locals declared between the collection and its loop from variables or literals run no code: the collection is
     * still sized for the loop (held-out round twelve's Relay connection, whose cursor offset starts from a parameter).
     */
    @Test
    void aLocalDeclaredBetweenTheCollectionAndItsLoopDoesNotHideTheLoop() {
        rewriteRun(
          version(java(
            """
              import java.util.ArrayList;
              import java.util.List;

              class Connections {
                  record Edge(Object node, long offset) {
                  }

                  static List<Edge> edges(List<?> page, long firstOffset) {
                      List<Edge> edges = new ArrayList<>();
                      long offset = firstOffset;
                      for (Object node : page) {
                          edges.add(new Edge(node, offset++));
                      }
                      return edges;
                  }
              }
              """,
            """
              import java.util.ArrayList;
              import java.util.List;

              class Connections {
                  record Edge(Object node, long offset) {
                  }

                  static List<Edge> edges(List<?> page, long firstOffset) {
                      List<Edge> edges = new ArrayList<>(page.size());
                      long offset = firstOffset;
                      for (Object node : page) {
                          edges.add(new Edge(node, offset++));
                      }
                      return edges;
                  }
              }
              """
          ), 17)
        );
    }

    /** A source that names a local declared between would be read before the local exists: left alone. */
    @Test
    void aSourceNamingALocalDeclaredBetweenIsLeftAlone() {
        rewriteRun(
          leftAloneBecause("locals are declared between the collection and the loop"),
          java(
            """
              import java.util.ArrayList;
              import java.util.List;

              class Names {
                  static List<String> upper(List<String> all) {
                      List<String> names = new ArrayList<>();
                      List<String> page = all;
                      for (String name : page) {
                          names.add(name.toUpperCase());
                      }
                      return names;
                  }
              }
              """
          )
        );
    }

    /**
     * A source declared before the collection is in scope where it is made, locals between or not; a local between
     * that calls a method (its call would run after the size is read) hides the loop, and the code stays as it is.
     */
    @Test
    void aSourceDeclaredBeforeIsSizedAndACallBetweenHidesTheLoop() {
        rewriteRun(
          java(
            """
              import java.util.ArrayList;
              import java.util.List;

              class Names {
                  static List<String> upper(List<String> all, String prefix) {
                      List<String> page = all;
                      List<String> names = new ArrayList<>();
                      String first = prefix;
                      for (String name : page) {
                          names.add(first + name);
                      }
                      return names;
                  }

                  static List<String> timed(List<String> all) {
                      List<String> names = new ArrayList<>();
                      long start = System.nanoTime();
                      for (String name : all) {
                          names.add(name + start);
                      }
                      return names;
                  }
              }
              """,
            """
              import java.util.ArrayList;
              import java.util.List;

              class Names {
                  static List<String> upper(List<String> all, String prefix) {
                      List<String> page = all;
                      List<String> names = new ArrayList<>(page.size());
                      String first = prefix;
                      for (String name : page) {
                          names.add(first + name);
                      }
                      return names;
                  }

                  static List<String> timed(List<String> all) {
                      List<String> names = new ArrayList<>();
                      long start = System.nanoTime();
                      for (String name : all) {
                          names.add(name + start);
                      }
                      return names;
                  }
              }
              """
          )
        );
    }
}

#!/usr/bin/env python3
"""Writes REFUSALS.md: why spots were left alone on the gauntlet, before and after the reach work, each reason classified.

Reads results/<project>.json of every project's latest run and refusals-before.md (the counts at the start of
the reach work). Every reason is classified: a true hazard or limit the pack must keep refusing, a refusal by design,
or reach still to win. The share of provable spots that are rewritten is changed / (changed + reach).

    gauntlet/refusals.py            # then gauntlet/run --only <any project> copies it into RESULTS.md
"""
import collections
import glob
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))

# (pattern, kind, what it guards and a sample); the first pattern that matches a reason classifies it.
VERDICTS = [
    (r"^the loop does not add exactly one element per iteration", "by design",
     "a conditional or skipped add: a collection sized for the source would be larger than what the loop puts in (`for (..) if (x.ok()) list.add(x)`)"),
    (r"^the count may only bound what is added", "true hazard",
     "`new HashMap<>(maxSize)` filled by a filtering loop, or not filled where it is made: a bound sized as a count makes "
     "the table larger than what goes in"),
    (r"^more may be added to the collection after the loop", "true hazard",
     "a collection filled by a second loop or a call after the first: sized for the first, it would grow in the second"),
    (r"^the argument is not a known element count", "true hazard",
     "`new HashMap<>(n)` where `n` may be a capacity the author chose: resizing it to `n / 0.75` could double memory"),
    (r"sizes the same table as the JDK factory \(since 32\.0\)", "by design",
     "Guava 32.0 and later compute the JDK factories' capacity: the rewrite would save nothing"),
    (r"^the module's Guava version is unknown", "true limit",
     "a Gradle build or a pom that did not resolve: the Guava version, and so the gain, cannot be read"),
    (r"^the argument is a constant the author chose", "by design", "`new HashMap<>(16)`: a literal capacity is the author's decision"),
    (r"^an instance field: a ClassValue", "true hazard",
     "per-instance caches (johnzon's `MapperConfig`, json-io's options): a ClassValue would share one value across instances"),
    (r"^the loop may end early", "by design", "pre-sizing for the whole source over-allocates when the loop stops early"),
    (r"^3 bytes", "true limit", "there is no 3-byte view"),
    (r"^the bytes are not|^the shifts follow neither|^a signed 2-byte value", "true hazard",
     "not one value's bytes in one place and order: a view would read or write other bytes"),
    (r"^not initialised with an empty HashMap", "true hazard",
     "a map filled where it is declared (json-io's `ClassValueMap`s): a ClassValue cannot take over contents it did not compute"),
    (r"^the loop body uses the collection more than once", "true hazard",
     "`if (!list.contains(x)) list.add(x)`: the adds depend on what is already there"),
    (r"^the stream does not come from|^the loop's source has no size|makes the number of elements unknown", "true limit",
     "no size is known before the first element (`Stream.iterate`, `lines()`, a filter)"),
    (r"^public or protected|^package-private, and another file|^not final|^not private static final", "true hazard",
     "a cache other code can read, write or replace: API of the project, or used by another of its files"),
    (r"cannot be given or stripped of a chosen value|so the recipe cannot see every use|which the recipe cannot show to be free of side effects",
     "true hazard", "a map filled with chosen values, or whose function runs code that may have effects (`Constructor.newInstance`)"),
    (r"^the value is used other than by a null check", "true hazard", "a RocksDB value handed to project code that may keep it"),
    (r"^the loop stops at a read of zero bytes", "true hazard", "a stream that returns 0 would make `transferTo` read on: left to a person"),
    (r"^Reader\.transferTo runs the same loop", "by design", "`Reader.transferTo` copies with a buffer of its own: nothing to gain"),
    (r"^the input stream is not created in this method", "true hazard",
     "a stream of any class: its `transferTo` may be no faster, or may itself call the copy being replaced"),
    (r"^the size is not a constant", "true hazard", "a size computed before the loop runs, even when it runs no iteration"),
    (r"^something in the statement is evaluated before the pipeline", "true hazard",
     "an operand evaluated earlier could observe the loop running before it"),
    (r"^the types are not fully known|^raw type|^its type is not written as|its type cannot be written|^the flatMap function does not return",
     "true limit", "nothing the recipe can write or prove: unattributed or raw types, a variable number of elements"),
    (r"^the pipeline is evaluated only in one branch of `\?:`", "reach",
     "the loop could go into an `if`/`else` in the conditional's place (neo4j, QLExpress)"),
    (r"^the map function is not a lambda returning one expression", "reach", "a block lambda with an early or commented `return` could become `if`/`else` in the loop; a function held in a variable cannot be inlined"),
    (r"^the variable is declared with `var`", "reach", "`var` could keep its type as `new ArrayList<R>(..)`"),
    (r"^the list's element type involves type variables", "reach", "the type could be spelled from the method's own type variables"),
    (r"^the pipeline is the body of a lambda", "reach", "an expression lambda could become a block"),
    (r"^the pipeline has more than one `map`", "reach", "chained `map` calls (now composed: a remaining row is a run with an older pack)"),
    (r"evaluated twice|may have side effects when read again", "reach",
     "a map view of a call (`schema.getJsonObject(..).keySet()`, johnzon) could read the map once into a local; that site also maps with a function held in a variable"),
    (r"is a raw generic type: declaring the array adds a rawtypes warning", "reach",
     "the array could be declared with a wildcard (`CompletableFuture<?>[]`), which needs no raw type (neo4j, johnzon)"),
    (r"^the source's element type cannot be written in source", "true limit", "an anonymous or capture type the loop variable cannot be declared as"),
    (r"^a later method reference is bound to an expression|^the method reference is bound to an expression", "true hazard",
     "a receiver the stream evaluates once (and that throws if null even for no elements)"),
    (r"^the buffer is used other than|^an element is written, or read at an index", "true hazard",
     "a scratch array read where this iteration has not written: the hoisted array would show the previous iteration's bytes"),
    # The hot-path idioms (issue 19)
    (r"^the statement is wrapped over several lines|^the call is written over several lines|would make its line \d+ "
     r"characters long|^the Pattern field's declaration would be", "by design",
     "the file's format: a rewrite that changes a line's length where the project's formatter would wrap or join it anew"),
    (r"prints the digits of the default locale|may be a Formattable|has a (hashCode|toString) the project may define|"
     r"is not a variable, field or literal: written out", "true hazard",
     "`%d` under a default locale with other digits, a value whose `formatTo` or `toString`/`hashCode` could run in another order"),
    (r"^`split` on one plain character", "by design", "`String.split` already splits on one character without a pattern: no gain"),
    (r"^rewritten only in methods a profile marks hot", "by design",
     "`values()` copies the JIT often removes: rewritten only where a profile (`hotMethods`) shows the method hot"),
    (r"^no name is free for the Pattern field", "reach",
     "a method with many regexes (commons-codec's `Caverphone2#encode`, 38): fields could be named from what their regex matches"),
    (r"^more than 6 values", "by design", "a hash of many values is easier to read as the call"),
    (r"^a single value that is, or may be, an array", "true hazard", "`Objects.hash(array)` hashes the elements: the varargs array itself"),
    (r"needs Java \d+, beyond Java|^parsing a range .* is Java 9|^the boxes' static hashCode methods .* are Java 8|"
     r"syntax of Java 9|whose set grows with each Java|^Java \d+ target: ", "true limit",
     "an API or a regex syntax the release the project promises (its default build's, issue 31) does not have"),
    (r"^an identical spot in this method is left alone", "by design",
     "the same regex, format or call elsewhere in the method would not fit its line: its spots are rewritten all or none"),
    (r"^the replacement is computed and the string may be null|^a catch of .* around the call|may be null: `substring` threw|"
     r"^the radix is computed", "true hazard", "an exception whose type, message or moment would change"),
    (r"^the regex does not compile", "true hazard", "a static field compiling it would fail the class's initialisation"),
    (r"lists the class's declared fields by reflection|Serializable without a serialVersionUID|may be Serializable|"
     r"a static nested type whose code can run before|would need an accessor method below Java 11|"
     r"is declared after a static initialiser", "true hazard",
     "a field the class cannot take: reflection over its fields, its serial version, or when its initialisers run"),
    (r"^the top-level type is an (enum|interface)|^the call is outside its enum, in a top-level", "true limit",
     "a top-level interface (no private fields) or enum (constants first) cannot hold the field first"),
    (r"^the mapper .* is configured|^the new mapper is configured|^an instance field: each object builds|"
     r"declares jackson-databind optional", "true hazard", "a mapper that is not the same unconfigured one everywhere, or "
     "Jackson that may be absent"),
    (r"^the array is passed on|creating the enum's constants|^`values\(\)` is called on an expression|"
     r"^the enum is declared in another file|does not name it in the top-level class", "true hazard",
     "a shared array someone could change, or an enum whose initialisation could read what is not set yet"),
    (r"^every value is a constant|`System` names another class|holds `#\{`", "true hazard",
     "a constant the compiler would inline, a `System` of the file's, a template placeholder"),
    (r"^the (formatted string|hash) is not used", "true limit", "an expression that cannot stand as a statement"),
    (r"forbids magic numbers", "by design", "the project's Checkstyle would fail on the number the rewrite writes"),
]


def reason_shape(reason):
    """The kind of a reason: the names and widths it quotes for its spot become placeholders."""
    shape = re.sub(r"`[^`]*`", "`…`", reason)
    return re.sub(r"\d+ characters long, longer than this file's code lines \(\d+\)",
                  "N characters long, longer than this file's code lines (M)", shape)


def grouped_reasons(reasons):
    """Rows of (reason, count): reasons that differ only in the names or widths they quote are one row, the
    placeholders standing for them, with one of them as an example; a reason alone of its kind stays as it is."""
    groups = {}
    for reason, n in reasons.items():
        groups.setdefault(reason_shape(reason), []).append((reason, n))
    rows = []
    for shape, members in groups.items():
        if len(members) == 1:
            rows.append(members[0])
        else:
            example = max(members, key=lambda m: m[1])[0]
            rows.append((f"{shape} ({len(members)} variants, e.g. {example})", sum(n for _, n in members)))
    return sorted(rows, key=lambda row: (-row[1], row[0]))


def verdict(reason):
    for pattern, kind, what in VERDICTS:
        if re.search(pattern, reason):
            return kind, what
    return "unclassified", ""


def main():
    before = {}
    for line in open(os.path.join(HERE, "refusals-before.md")):
        m = re.match(r"^\| (.+) \| (\d+) \|$", line.strip())
        if m and m.group(1) != "reason":
            before[m.group(1)] = int(m.group(2))
    after, changed, packs = collections.Counter(), 0, set()
    for path in glob.glob(os.path.join(HERE, "results", "*.json")):
        result = json.load(open(path))
        packs.add(result.get("pack", "?"))
        for reason, count in (result.get("refusal_reasons") or {}).items():
            after[reason] += count
        changed += sum(f.get("changed", 0) for f in (result.get("families") or {}).values())
    reach = sum(count for reason, count in after.items() if verdict(reason)[0] == "reach")
    lines = ["## Why spots were left alone: before and after the reach work (issue 17)", "",
             "Counts over all projects, from the `PerformanceCandidates` table of each project's latest run (packs "
             + ", ".join(f"`{p}`" for p in sorted(packs)) + "); \"before\" is `refusals-before.md`, the counts at the start "
             "of the work. Those reasons whose count changed (the reasons of the families added since are in the tables below):", "", "| reason | before | after |", "| --- | ---: | ---: |"]
    for reason in sorted(before, key=lambda r: (-(before[r] - after.get(r, 0)), r)):
        if before[reason] != after.get(reason, 0):
            lines.append(f"| {reason} | {before[reason]} | {after.get(reason, 0)} |")
    lines += ["", f"Rewritten: {changed} spots. Left alone: {sum(after.values())}, of which {reach} are reach still to win "
              f"(kind \"reach\" below) and the rest true hazards, limits or refusals by design. Of the spots the pack could "
              f"prove safe, {changed} of {changed + reach} ({100 * changed / max(1, changed + reach):.0f} %) are rewritten.",
              "", "The ten commonest reasons now, and what each is:", "", "| reason | count | kind | what it guards |",
              "| --- | ---: | --- | --- |"]
    grouped = grouped_reasons(after)
    for reason, count in grouped[:10]:
        kind, what = verdict(reason)
        lines.append(f"| {reason} | {count} | {kind} | {what} |")
    lines += ["", "Every reason left as reach:", "", "| reason | count | what could win it |", "| --- | ---: | --- |"]
    for reason, count in grouped:
        kind, what = verdict(reason)
        if kind in ("reach", "unclassified"):
            lines.append(f"| {reason} | {count} | {what or kind} |")
    with open(os.path.join(HERE, "REFUSALS.md"), "w") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()

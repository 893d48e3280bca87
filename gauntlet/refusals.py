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
    (r"^the argument is not a known element count", "true hazard",
     "`new HashMap<>(n)` where `n` may be a capacity the author chose: resizing it to `n / 0.75` could double memory"),
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
]


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
             "of the work. Reasons whose count changed:", "", "| reason | before | after |", "| --- | ---: | ---: |"]
    for reason in sorted(set(before) | set(after), key=lambda r: (-(before.get(r, 0) - after.get(r, 0)), r)):
        if before.get(reason, 0) != after.get(reason, 0):
            lines.append(f"| {reason} | {before.get(reason, 0)} | {after.get(reason, 0)} |")
    lines += ["", f"Rewritten: {changed} spots. Left alone: {sum(after.values())}, of which {reach} are reach still to win "
              f"(kind \"reach\" below) and the rest true hazards, limits or refusals by design. Of the spots the pack could "
              f"prove safe, {changed} of {changed + reach} ({100 * changed / max(1, changed + reach):.0f} %) are rewritten.",
              "", "The ten commonest reasons now, and what each is:", "", "| reason | count | kind | what it guards |",
              "| --- | ---: | --- | --- |"]
    for reason, count in after.most_common(10):
        kind, what = verdict(reason)
        lines.append(f"| {reason} | {count} | {kind} | {what} |")
    lines += ["", "Every reason left as reach:", "", "| reason | count | what could win it |", "| --- | ---: | --- |"]
    for reason, count in after.most_common():
        kind, what = verdict(reason)
        if kind in ("reach", "unclassified"):
            lines.append(f"| {reason} | {count} | {what or kind} |")
    with open(os.path.join(HERE, "REFUSALS.md"), "w") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Runs each before/after pair of a family's benchmarks interleaved, so that the machine's drift cancels out.

A shared two-core machine drifts by 2-3x between iterations, which makes two means measured minutes apart
useless as a ratio. Here every round runs the baseline and the variant back to back, one short JMH fork each,
for every @Param, and the next round runs them in the other order (ABBA...). The time ratio is then taken per
round, within a pair that saw the same machine, and summarize.py gives its geometric mean with a 95 %
confidence interval over the rounds (see ratio_interval there).

    ./paired.py collections --jdk 25 --headlines     # each recipe's headline pair and size (headlines.tsv), 8 rounds
    ./paired.py collections --jdk 25                 # every pair of the family, 12 rounds
    ./paired.py streams --recipe PreSizeMapToList --rounds 4 --jdk 17
    ./paired.py bytes --recipe UseVarHandleForByteReads --pair readLongBigEndianAfter   # one pair
    ./paired.py streams --recipe PreSizeMapToArray --param size=1000                    # one size

Writes results/paired/<family>-jdk<N>.json (with --recipe, <family>-<Recipe>-jdk<N>.json): for each pair and
@Param, each round's median time per operation and gc.alloc.rate.norm (B/op) of both methods, and which ran first.
With --headlines it runs, for every recipe of the family, the pair and size its description quotes on that JDK
(headlines.tsv): the one command whose file the descriptions, RecipeFiguresTest and the report read.
The benchmark jar is built with `../scripts/mvn21 -B package` (target/benchmarks.jar).
"""

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

import summarize  # the statistics, in one place

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from summarize import baseline_of  # noqa: E402  the one naming rule for which method is whose baseline

JDKS = {"25": "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java", "17": "/usr/lib/jvm/java-17-openjdk-amd64/bin/java"}
PACKAGE = "dev.rewriteperf.benchmarks."


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("family", help="collections, caches, streams, bytes, buffers or hotpaths")
    parser.add_argument("--recipe", help="only this recipe's benchmark (its class name without 'Benchmark')")
    parser.add_argument("--pair", action="append", default=[],
                        help="only the pair whose variant is this method (e.g. readLongBigEndianAfter); repeatable")
    parser.add_argument("--param", action="append", default=[], help="only this @Param value, as JMH's -p takes it (size=1000)")
    parser.add_argument("--jdk", choices=sorted(JDKS), default="25")
    parser.add_argument("--headlines", action="store_true",
                        help="only each recipe's headline pair and size on this JDK, as headlines.tsv lists them")
    parser.add_argument("--rounds", type=int, default=None, help="default 12, or 8 with --headlines")
    parser.add_argument("--warmup", default="3x300ms", help="warm-up iterations x time, per fork")
    parser.add_argument("--measure", default="5x300ms", help="measured iterations x time, per fork")
    parser.add_argument("--jar", help="default: target/benchmarks.jar (release 21) for JDK 25, "
                                      "target/jdk17/benchmarks-jdk17.jar (mvn package -Pjdk17) for JDK 17")
    parser.add_argument("--out", default=os.path.join(HERE, "results", "paired"))
    args = parser.parse_args()
    if args.jar is None:
        args.jar = os.path.join(HERE, "target", *(("jdk17", "benchmarks-jdk17.jar") if args.jdk == "17" else ("benchmarks.jar",)))
    if not os.path.exists(args.jar):
        sys.exit(f"paired: {args.jar} is missing; build it with ../scripts/mvn21 -B package" + (" -Pjdk17" if args.jdk == "17" else ""))
    java = JDKS[args.jdk]
    if args.rounds is None:
        args.rounds = 8 if args.headlines else 12
    if args.headlines:
        pairs = headline_pairs(listed(java, args.jar), args.family, args.jdk)
    else:
        pairs = [(b, a, args.param) for b, a in pairs_of(listed(java, args.jar), args.family, args.recipe)
                 if not args.pair or a.rsplit(".", 1)[1] in args.pair]
    if not pairs:
        sys.exit(f"paired: no before/after pair in family {args.family}" + (f" for {args.recipe}" if args.recipe else ""))
    records = {}
    for round_ in range(args.rounds):
        for n, (before, after, params) in enumerate(pairs):
            order = [before, after] if (round_ + n) % 2 == 0 else [after, before]
            scores = {method: run(java, args, method, params) for method in order}
            for params in scores[before]:
                if params not in scores[after]:
                    continue
                key = (before, after, params)
                record = records.setdefault(key, {"before": before, "after": after, "params": params, "rounds": []})
                (b_time, b_bytes), (a_time, a_bytes) = scores[before][params], scores[after][params]
                record["rounds"].append({"before": b_time, "after": a_time, "beforeBytes": b_bytes, "afterBytes": a_bytes,
                                         "first": "before" if order[0] == before else "after"})
            print(f"round {round_ + 1}/{args.rounds}: {short(before)} / {short(after)}", file=sys.stderr)
    write(args, java, list(records.values()))


def listed(java, jar):
    out = subprocess.run([java, "-jar", jar, "-l"], capture_output=True, text=True, check=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip().startswith(PACKAGE)]


def pairs_of(benchmarks, family, recipe):
    """(baseline, variant) by fully qualified method, for the family's benchmark classes (and the recipe's only)."""
    by_class = {}
    for name in benchmarks:
        klass, method = name.rsplit(".", 1)
        if not klass.startswith(PACKAGE + family + "."):
            continue
        if recipe and klass.rsplit(".", 1)[1] != recipe + "Benchmark":
            continue
        by_class.setdefault(klass, set()).add(method)
    pairs = []
    for klass, methods in sorted(by_class.items()):
        for method in sorted(methods):
            base = baseline_of(method)
            if base in methods:
                pairs.append((f"{klass}.{base}", f"{klass}.{method}"))
    return pairs


def headline_pairs(benchmarks, family, jdk):
    """(baseline, variant, [param]) for each headline of the family on this JDK, by headlines.tsv."""
    classes = {name.rsplit(".", 1)[0] for name in benchmarks}
    pairs = []
    with open(os.path.join(HERE, "headlines.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            recipe, row_jdk, before, after, params = (line.rstrip("\n").split("\t") + [""])[:5]
            if not recipe.startswith(family + ".") or row_jdk != jdk:
                continue
            simple = recipe.split(".", 1)[1]
            klass = next((c for c in classes if c.endswith("." + simple + "Benchmark")), None)
            if klass is None:
                sys.exit(f"paired: headlines.tsv names {recipe}, whose benchmark is not in the jar")
            pairs.append((f"{klass}.{before}", f"{klass}.{after}", [params] if params else []))
    return pairs


def run(java, args, method, params):
    """{params: (median time per operation, B/op)} of one fork of {@code method} for each of its @Param values."""
    warmups, warmup_time = args.warmup.split("x")
    iterations, measure_time = args.measure.split("x")
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    try:
        subprocess.run([java, "-jar", args.jar, "^" + re.escape(method) + "$", "-f", "1", "-wi", warmups, "-w",
                        warmup_time, "-i", iterations, "-r", measure_time, "-prof", "gc", "-rf", "json", "-rff", path]
                       + [arg for param in params for arg in ("-p", param)],
                       capture_output=True, text=True, check=True)
        with open(path) as f:
            results = json.load(f)
    finally:
        os.unlink(path)
    scores = {}
    for r in results:
        params = ",".join(f"{k}={v}" for k, v in sorted(r.get("params", {}).items()))
        raw = [x for fork in r["primaryMetric"]["rawData"] for x in fork]
        alloc = r["secondaryMetrics"].get("gc.alloc.rate.norm") or r["secondaryMetrics"].get("·gc.alloc.rate.norm")
        scores[params] = (statistics.median(raw), alloc["score"] if alloc else None)
    return scores


def short(method):
    return method[len(PACKAGE):]


def write(args, java, records):
    version = subprocess.run([java, "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    os.makedirs(args.out, exist_ok=True)
    name = f"{args.family}-{args.recipe}-jdk{args.jdk}.json" if args.recipe else f"{args.family}-jdk{args.jdk}.json"
    if args.headlines:
        name = f"{args.family}-jdk{args.jdk}.json"
    path = os.path.join(args.out, name)
    for record in records:
        record["summary"] = summarize.summary(record["rounds"])
    with open(path, "w") as f:
        json.dump({"family": args.family, "jdk": version, "date": datetime.date.today().isoformat(),
                   "rounds": args.rounds, "warmup": args.warmup, "measure": args.measure,
                   "pairs": records}, f, indent=1)
    print(path)


if __name__ == "__main__":
    main()

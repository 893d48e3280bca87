#!/usr/bin/env python3
"""Turns JMH JSON result files (run with -prof gc) into the Markdown table of benchmarks/README.md.

Files written by paired.py (results/paired/*.json) get their own table: per pair and @Param, B/op before and after,
and the time ratio with its 95 % confidence interval over the rounds (ratio_interval), "resolved" only where the interval
excludes 1. The other files are single JMH runs:

Each row compares a variant with its baseline in the same run and the same @Param: the method named
`before` (or `<prefix>Before`, or `putAll`) is the baseline of every other method with the same prefix.
Ratios are baseline / variant, so above 1 means the variant is faster or allocates less. Time is the median of
all measured iterations (every fork), which a noisy shared machine disturbs less than the mean; JMH's mean and
its 99.9% error follow in brackets. The speed-up is the ratio of the medians.

    python3 summarize.py results/paired/streams-jdk25.json     # the paired table of one file
    python3 summarize.py --headlines                           # each recipe's headline on JDK 25 and 17 (headlines.tsv)
    python3 summarize.py --readme [--check]                    # that table written into README.md (or checked)
    python3 summarize.py --descriptions                        # the same as the descriptions word it
"""
import json
import math
import os
import re
import statistics
import sys
from collections import defaultdict


def baseline_of(method):
    m = re.match(r'^(.*?)(After\w*|after\w*)$', method)
    if m:
        prefix = m.group(1)
        return prefix + ('Before' if prefix else 'before')
    if method == 'copyConstructor':
        return 'putAll'
    return None


# Two-sided 95 % quantiles of Student's t by degrees of freedom (1-30); beyond, the normal's 1.96 is within 2 %.
T_975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def ratio_interval(before, after):
    """The speed-up before/after of paired rounds: its geometric mean and a 95 % confidence interval.

    Each round's ratio comes from two forks run back to back (paired.py), so drift that is slow against a round
    cancels out of it. The interval is the paired t-interval of the rounds' log ratios, exponentiated: a
    geometric mean, so that 2x faster and 2x slower balance, and an interval that is exact when the noise on a
    ratio is log-normal and widens honestly with few rounds (with two it is 13 standard errors wide, where a
    bootstrap of two rounds would claim to be sure). The machine's outliers widen it: "resolved" is conservative.
    """
    logs = [math.log(b / a) for b, a in zip(before, after)]
    if len(logs) < 2:
        return math.exp(logs[0]) if logs else float('nan'), 0.0, math.inf
    mean, error = statistics.fmean(logs), statistics.stdev(logs) / math.sqrt(len(logs))
    t = T_975[len(logs) - 2] if len(logs) - 1 <= len(T_975) else 1.96
    return math.exp(mean), math.exp(mean - t * error), math.exp(mean + t * error)


def pair_figures(rounds):
    """(ratio, low, high, median B/op before, median B/op after) of a pair's rounds: ratio_interval and the medians."""
    ratio, low, high = ratio_interval([r['before'] for r in rounds], [r['after'] for r in rounds])
    return (ratio, low, high, statistics.median(r.get('beforeBytes', float('nan')) for r in rounds),
            statistics.median(r.get('afterBytes', float('nan')) for r in rounds))


def summary(rounds):
    """What the Java side reads of a pair instead of computing it again (RecipeFiguresTest, the report's Gains): the
    time ratio with its 95 % interval (ratio_interval; null where a bound is not finite) and the median B/op of each
    side. paired.py writes it with the rounds; `summarize.py --write-summaries FILE...` adds it to older files."""
    ratio, low, high, before, after = pair_figures(rounds)
    finite = lambda x: x if math.isfinite(x) else None
    return {'ratio': finite(ratio), 'low': finite(low), 'high': finite(high), 'bytesBefore': before, 'bytesAfter': after}


def write_summaries(paths):
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        for record in data['pairs']:
            record['summary'] = summary(record['rounds'])
        with open(path, 'w') as f:
            json.dump(data, f, indent=1)


def paired_rows(data):
    """One Markdown row per pair and @Param of a paired.py file."""
    jdk = re.search(r'"(\d+)', data['jdk'])
    for record in data['pairs']:
        rounds = record['rounds']
        ratio, low, high, before_bytes, after_bytes = pair_figures(rounds)
        verdict = 'resolved' if low > 1 or high < 1 else 'within noise'
        klass, before = record['before'].rsplit('.', 1)
        after = record['after'].rsplit('.', 1)[1]
        yield (f"| {klass.rsplit('.', 1)[1].replace('Benchmark', '')} | {record['params']} | {before} → {after} "
               f"| {jdk.group(1) if jdk else data['jdk']} | {len(rounds)} | {before_bytes:,.0f} → {after_bytes:,.0f} "
               f"| {ratio:.2f}x [{low:.2f}, {high:.2f}] | {verdict} |")


def main(paths):
    loaded = [json.load(open(path)) for path in paths]
    paired = [data for data in loaded if isinstance(data, dict) and 'pairs' in data]
    if paired:
        print('| benchmark | params | variant | JDK | rounds | B/op (before → after) | speed-up [95 % interval] | time |')
        print('| --- | --- | --- | --- | --- | --- | --- | --- |')
        for data in paired:
            for row in paired_rows(data):
                print(row)
    results = [r for data in loaded if isinstance(data, list) for r in data]
    if not results:
        return
    table = defaultdict(dict)
    units = {r['primaryMetric']['scoreUnit'] for r in results}
    unit = units.pop() if len(units) == 1 else 'time/op'
    for r in results:
        klass, method = r['benchmark'].rsplit('.', 1)
        params = ','.join(f'{k}={v}' for k, v in sorted(r.get('params', {}).items()))
        primary = r['primaryMetric']
        alloc = r['secondaryMetrics'].get('·gc.alloc.rate.norm') or r['secondaryMetrics'].get('gc.alloc.rate.norm')
        median = statistics.median(x for fork in primary['rawData'] for x in fork)
        table[(klass.rsplit('.', 1)[1], params)][method] = (median, primary['score'], primary['scoreError'],
                                                             alloc['score'] if alloc else float('nan'))
    print(f'| benchmark | params | variant | {unit} median [mean ± error] (before → after) | B/op (before → after) '
          '| speed-up | allocation |')
    print('| --- | --- | --- | --- | --- | --- | --- |')
    for (klass, params), methods in sorted(table.items(), key=lambda kv: (kv[0][0], int(re.sub(r'\D', '', kv[0][1]) or 0))):
        for method, (ns, mean, err, b) in sorted(methods.items()):
            base = baseline_of(method)
            if base is None or base not in methods:
                continue
            bns, bmean, berr, bb = methods[base]
            allocation = f'{bb / b:.2f}x' if b >= 1 else 'none'
            print(f'| {klass.replace("Benchmark", "")} | {params} | {base} → {method} '
                  f'| {bns:,.1f} [{bmean:,.1f} ± {berr:,.1f}] → {ns:,.1f} [{mean:,.1f} ± {err:,.1f}] '
                  f'| {bb:,.0f} → {b:,.0f} | {bns / ns:.2f}x | {allocation} |')


def headline_figures(here, recipe, jdk, before, after, params):
    """(B/op before, B/op after, ratio, low, high, rounds) of a headline in results/paired/<family>-jdk<N>.json, or None."""
    family, simple = recipe.split('.', 1)
    path = f'{here}/results/paired/{family}-jdk{jdk}.json'
    try:
        data = json.load(open(path))
    except FileNotFoundError:
        return None
    for record in data['pairs']:
        klass_before, method_before = record['before'].rsplit('.', 1)
        if (klass_before.endswith('.' + simple + 'Benchmark') and method_before == before and
                record['after'].rsplit('.', 1)[1] == after and record['params'] == params):
            rounds = record['rounds']
            ratio, low, high, before, after = pair_figures(rounds)
            return before, after, ratio, low, high, len(rounds)
    return None


def time_text(ratio, low, high):
    """What a description says of the time: the ratio where its interval excludes 1, else "within noise"."""
    if low > 1 or high < 1:
        return f'{ratio:.2f}x faster (95 % interval {low:.2f}-{high:.2f}x)'
    return f'within noise (95 % interval {low:.2f}-{high:.2f}x)'


def headlines(here):
    """The README's table: each recipe's headline pair and size on JDK 25 and 17, its B/op and time ratio."""
    print(headline_table(here), end='')


README_TABLE = re.compile(r'(<!-- headlines: .*? -->\n)(.*?)(<!-- /headlines -->)', re.S)


def readme(here, check):
    """Writes the headline table into benchmarks/README.md between its markers; with check, only says whether it is
    what the results give (exit status 1 when not), for CI."""
    path = f'{here}/README.md'
    with open(path, encoding='utf-8') as f:
        text = f.read()
    if not README_TABLE.search(text):
        sys.exit(f'{path} has no <!-- headlines: ... --> ... <!-- /headlines --> block')
    written = README_TABLE.sub(lambda m: m.group(1) + headline_table(here) + m.group(3), text, count=1)
    if check:
        if written != text:
            sys.exit(f'{path}: the headline table is not what headlines.tsv and the results give; '
                     'run `python3 benchmarks/summarize.py --readme`')
        return
    with open(path, 'w', encoding='utf-8') as f:
        f.write(written)


def headline_table(here):
    lines = ['| recipe | JDK | pair, size | B/op (before → after) | time [95 % interval] | rounds |',
             '| --- | --- | --- | --- | --- | --- |']
    with open(f'{here}/headlines.tsv') as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            recipe, jdk, before, after, params = (line.rstrip('\n').split('\t') + [''])[:5]
            figures = headline_figures(here, recipe, jdk, before, after, params)
            pair = f'{before} → {after}' + (f', {params}' if params else '')
            if figures is None:
                lines.append(f'| {recipe.split(".", 1)[1]} | {jdk} | {pair} | — | not measured | — |')
                continue
            b, a, ratio, low, high, rounds = figures
            resolved = low > 1 or high < 1
            text = f'**{ratio:.2f}x** [{low:.2f}, {high:.2f}]' if resolved else f'within noise [{low:.2f}, {high:.2f}]'
            lines.append(f'| {recipe.split(".", 1)[1]} | {jdk} | {pair} | {b:,.0f} → {a:,.0f} | {text} | {rounds} |')
    return '\n'.join(lines) + '\n'


def descriptions(here):
    """What each recipe's description says of its headlines: the exact B/op change and the time on each JDK."""
    with open(f'{here}/headlines.tsv') as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            recipe, jdk, before, after, params = (line.rstrip('\n').split('\t') + [''])[:5]
            figures = headline_figures(here, recipe, jdk, before, after, params)
            if figures is not None:
                b, a, ratio, low, high, _ = figures
                print(f'{recipe} {after} {params} JDK {jdk}: {b:,.0f} -> {a:,.0f} B/op; {time_text(ratio, low, high)}')


MEASURED_HEADER = """# What each recipe's description says it gains: one sentence a recipe, appended by `Measured.sentence`.
# Written by `benchmarks/summarize.py --measured` from the claims in benchmarks/headlines.tsv and the summaries in
# benchmarks/results/paired: do not edit; RecipeFiguresTest fails when it is not what the results say.
# recipe\tsentence
"""


def measured(here):
    """Writes the pack's measured.tsv: each recipe's claim with its rows' figures filled in."""
    claims, rows = {}, {}
    with open(f'{here}/headlines.tsv') as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            recipe, jdk, before, after, params, claim = (line.rstrip('\n').split('\t') + ['', ''])[:6]
            rows.setdefault(recipe, []).append((jdk, before, after, params))
            if claim:
                claims[recipe] = claim
    lines = []
    for recipe, claim in claims.items():
        sentence = claim
        for i, (jdk, before, after, params) in enumerate(rows[recipe]):
            b, a, ratio, low, high, _ = headline_figures(here, recipe, jdk, before, after, params)
            sentence = sentence.replace(f'{{time:{i}}}', time_text(ratio, low, high)).replace(
                f'{{bytes:{i}}}', f'{b:,.0f} -> {a:,.0f} B/op')
        lines.append(f'{recipe}\t{sentence}\n')
    with open(f'{here}/../src/main/resources/dev/rewriteperf/measured.tsv', 'w') as f:
        f.write(MEASURED_HEADER + ''.join(lines))


if __name__ == '__main__':
    here = os.path.dirname(os.path.abspath(__file__))
    if sys.argv[1:] == ['--headlines']:
        headlines(here)
    elif sys.argv[1:2] == ['--readme']:
        readme(here, sys.argv[2:] == ['--check'])
    elif sys.argv[1:] == ['--descriptions']:
        descriptions(here)
    elif sys.argv[1:] == ['--measured']:
        measured(here)
    elif sys.argv[1:2] == ['--write-summaries']:
        write_summaries(sys.argv[2:])
    else:
        main(sys.argv[1:] or ['results/SizeHashCollectionsForElementCount-jdk25.json'])

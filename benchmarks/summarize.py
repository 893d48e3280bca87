#!/usr/bin/env python3
"""Turns JMH JSON result files (run with -prof gc) into the Markdown table of benchmarks/README.md.

Each row compares a variant with its baseline in the same run and the same @Param: the method named
`before` (or `<prefix>Before`, or `putAll`) is the baseline of every other method with the same prefix.
Ratios are baseline / variant, so above 1 means the variant is faster or allocates less. Time is the median of
all measured iterations (every fork), which a noisy shared machine disturbs less than the mean; JMH's mean and
its 99.9% error follow in brackets. The speed-up is the ratio of the medians.
"""
import json
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


def main(paths):
    results = [r for path in paths for r in json.load(open(path))]
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


if __name__ == '__main__':
    main(sys.argv[1:] or ['results/SizeHashCollectionsForElementCount-jdk25.json'])

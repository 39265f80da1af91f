#!/usr/bin/env python3
"""Ratios of shea's renders/sec to the peers', from one benchmark run.
usage: python3 bench_ratios.py RUN.jsonl
Prints, per shea engine, mode and fixture, shea/LiquidJS, shea/Shopify
Liquid and shea/(Shopify Liquid + liquid-c) (the ratio of median renders
per second), and strict/compat."""
import json
import sys

rates, match = {}, {}
for line in open(sys.argv[1]):
    if not line.strip():
        continue
    r = json.loads(line)
    if "error" in r:
        continue
    rates[(r["engine"], r["fixture"], r["mode"])] = r["median_per_s"]
    match[(r["engine"], r["fixture"])] = r["output_matches"]

engines = sorted({k[0] for k in rates})
fixtures = sorted({k[1] for k in rates})
modes = ["render-only", "parse+render"]
shea = [e for e in engines if e.startswith("shea ")]
js = next((e for e in engines if e.startswith("liquidjs")), None)
rb = next((e for e in engines if e.startswith("ruby-liquid") and "+liquid-c" not in e), None)
rbc = next((e for e in engines if e.startswith("ruby-liquid") and "+liquid-c" in e), None)

print("| engine | mode | vs | " + " | ".join(fixtures) + " |")
print("|---|---|---|" + "---|" * len(fixtures))
for e in shea:
    for m in modes:
        for name, peer in (("LiquidJS", js), ("Shopify Liquid", rb), ("Shopify Liquid + liquid-c", rbc)):
            if peer is None:
                continue
            cells = []
            for f in fixtures:
                a, b = rates.get((e, f, m)), rates.get((peer, f, m))
                cell = f"{a / b:.1f}x" if a and b else "-"
                if not match.get((e, f), True):
                    cell += " (output differs)"
                cells.append(cell)
            print(f"| {e} | {m} | {name} | " + " | ".join(cells) + " |")
strict = next((e for e in shea if e.endswith(" strict")), None)
compat = next((e for e in shea if e.endswith(" compat")), None)
if strict and compat:
    for m in modes:
        cells = []
        for f in fixtures:
            a, b = rates.get((strict, f, m)), rates.get((compat, f, m))
            cells.append(f"{(b / a - 1) * 100:+.0f}%" if a and b else "-")
        print(f"| strict cost over compat | {m} | time | " + " | ".join(cells) + " |")

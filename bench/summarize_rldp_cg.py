#!/usr/bin/env python3
"""Summarises `privlab bench` output of rldp's column-generation entries (bench/make_rldp_cg_seeds.py,
bench/rldp.json): per mechanism and |X|, the median and worst over the instances of wall time, CPU
time, rounds, columns and proven gap, and how many stopped on their budget. Prints Markdown.

Usage: python3 bench/summarize_rldp_cg.py docs/results/bench-rldp-cg-seeds.json [more.json ...]
"""
import json
import re
import statistics
import sys


def main():
    rows = {}
    for path in sys.argv[1:]:
        for entry in json.load(open(path))["results"]:
            m = re.match(r"rldp/(\w+) column generation \|X\|=(\d+)", entry["name"])
            if not m:
                continue
            rows.setdefault((m.group(1), int(m.group(2))), []).append(entry)
    print("| mechanism | \\|X\\| | instances | wall s median / worst | CPU s median / worst | rounds median / worst"
          " | columns median / worst | gap median / worst | stopped | method |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (mech, size), entries in sorted(rows.items()):
        opt = [e.get("optimality", {}) for e in entries]

        def pair(values, fmt):
            values = [v for v in values if v is not None]
            if not values:
                return "-"
            return f"{fmt(statistics.median(values))} / {fmt(max(values))}"

        wall = [e["median_ms"] / 1000 for e in entries]
        cpu = [e["cpu_ms_per_solve"] / 1000 for e in entries]
        gaps = [o.get("gap") for o in opt]
        methods = sorted({o.get("method", "?") for o in opt})
        bad = sum(e["exit_code"] != 0 for e in entries)
        print(f"| {mech} | {size} | {len(entries)}{f' ({bad} failed)' if bad else ''} | {pair(wall, lambda v: f'{v:.2f}')}"
              f" | {pair(cpu, lambda v: f'{v:.2f}')} | {pair([o.get('rounds') for o in opt], lambda v: f'{v:.0f}')}"
              f" | {pair([o.get('columns') for o in opt], lambda v: f'{v:.0f}')} | {pair(gaps, lambda v: f'{v:.2g}')}"
              f" | {sum(bool(o.get('stopped')) for o in opt)} | {', '.join(methods)} |")


if __name__ == "__main__":
    main()

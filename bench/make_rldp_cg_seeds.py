#!/usr/bin/env python3
"""Writes the seeded benchmark set of rldp's column generation (issue 26, point 4): PolyOpt and NR
at |X| = 12, 30, 60, 120, 240 on three Jeffreys tables per size.

Usage: mkdir -p build/bench && python3 bench/make_rldp_cg_seeds.py build/bin/privlab > build/bench/rldp-cg-seeds.json
       build/bin/privlab bench --set build/bench/rldp-cg-seeds.json --repeat 1 --progress --out docs/results/bench-rldp-cg-seeds.json
       python3 bench/summarize_rldp_cg.py docs/results/bench-rldp-cg-seeds.json

The set lives outside bench/ so that a plain `privlab bench` does not run its hour of 100 CPU-second
budgets (PolyOpt at |X| = 240 uses all of it). The tables are drawn by privlab itself (a sample
request: P* ~ Dirichlet(1/2), then n = 32561 records, the size of Adult; seeds 1, 2, 3), so the file
is the same on every run and machine (core/common/random.h). The shapes are those of
bench/rldp.json's column-generation entries (3x4, 5x6, 6x10, 8x15, 15x16); eps 1, a Renyi ball of
alpha 2 at confidence 0.95, `allow_large` (CLI only). Each entry's result carries
`details.optimality` (method, status, upper_bound, gap, columns, rounds, stopped).
"""
import json
import subprocess
import sys

SHAPES = [(3, 4), (5, 6), (6, 10), (8, 15), (15, 16)]
SEEDS = [1, 2, 3]
N = 32561


def sample(privlab, ns, nu, seed):
    request = {"family": "rldp", "sample": {"prior": 0.5, "shape": [ns, nu], "n": N, "seed": seed}}
    out = subprocess.run([privlab, "solve", "-"], input=json.dumps(request), capture_output=True, text=True, check=True)
    return [[int(c) for c in row] for row in json.loads(out.stdout)["counts"]]


def main():
    privlab = sys.argv[1] if len(sys.argv) > 1 else "build/bin/privlab"
    requests = []
    for ns, nu in SHAPES:
        for seed in SEEDS:
            counts = sample(privlab, ns, nu, seed)
            for mechanism in ("polyopt", "nr"):
                requests.append({
                    "name": f"rldp/{mechanism} column generation |X|={ns * nu} ({ns}x{nu}, seed {seed}, eps 1, allow_large)",
                    "request": {"family": "rldp", "mechanism": mechanism, "joint": counts, "epsilon": 1.0,
                                "uncertainty": {"alpha": 2, "confidence": 0.95}, "allow_large": True},
                    "max_repeat": 1,
                })
    json.dump({"about": "Seeded column-generation set of rldp (bench/make_rldp_cg_seeds.py); not run by a plain privlab bench.",
               "requests": requests}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

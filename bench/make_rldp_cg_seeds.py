#!/usr/bin/env python3
"""Writes the seeded benchmark set of rldp's column generation (issue 26, point 4): PolyOpt and NR
at |X| = 12, 30, 60, 120, 240 on three Jeffreys tables per size. With --page: the page's PolyOpt
sizes instead (issue 26, point 3: up to which |X| PolyOpt answers within about 5 s in WASM),
|X| = 12, 16, 20, 24, 30 at eps 0.5, 1 and 2, as the page sends them (no `allow_large`: the
page's limit |X| <= 30 and its 10-second budget), for scripts/bench-wasm.mjs --set.

Usage: mkdir -p build/bench && python3 bench/make_rldp_cg_seeds.py build/bin/privlab > build/bench/rldp-cg-seeds.json
       python3 bench/make_rldp_cg_seeds.py build/bin/privlab --page > build/bench/rldp-page-sizes.json
       node scripts/bench-wasm.mjs --set build/bench/rldp-page-sizes.json --repeat 1 --warmup 0
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
PAGE_SHAPES = [(3, 4), (4, 4), (4, 5), (4, 6), (5, 6)]
PAGE_EPSILONS = [0.5, 1.0, 2.0]
N = 32561


def sample(privlab, ns, nu, seed):
    request = {"family": "rldp", "sample": {"prior": 0.5, "shape": [ns, nu], "n": N, "seed": seed}}
    out = subprocess.run([privlab, "solve", "-"], input=json.dumps(request), capture_output=True, text=True, check=True)
    return [[int(c) for c in row] for row in json.loads(out.stdout)["counts"]]


def page_sizes(privlab):
    requests = []
    for ns, nu in PAGE_SHAPES:
        for seed in SEEDS:
            counts = sample(privlab, ns, nu, seed)
            for eps in PAGE_EPSILONS:
                requests.append({
                    "name": f"rldp/polyopt page |X|={ns * nu} ({ns}x{nu}, seed {seed}, eps {eps})",
                    "request": {"family": "rldp", "mechanism": "polyopt", "joint": counts, "epsilon": eps,
                                "uncertainty": {"alpha": 2, "confidence": 0.95}},
                    "max_repeat": 1,
                })
    return {"about": "The page's PolyOpt sizes (bench/make_rldp_cg_seeds.py --page); not run by a plain privlab bench.",
            "requests": requests}


def main():
    privlab = next((a for a in sys.argv[1:] if not a.startswith("--")), "build/bin/privlab")
    if "--page" in sys.argv[1:]:
        json.dump(page_sizes(privlab), sys.stdout, indent=1)
        sys.stdout.write("\n")
        return
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

#!/usr/bin/python3
"""Checks bench/game_flow_dual.py's bound against the full DP LP (22) (Hamming loss) on a small
grid: solves the full LP with scipy's HiGHS (every ordered pair's DP row), reads its multipliers
lambda of the rows (16), and solves the flow dual with N = the cells where lambda > pi and no payer
limit. The two must agree (the flow dual is then the exact dual); the packing bound is printed
beside them. Issue 27; results in core/game/README.md ("A lead that works").

Usage: /usr/bin/python3 bench/game_flow_dual_check.py ROWS COLS EPS SEED
Cells 0.75 x 0.5333 km (the paper's map), prior: 3 Gaussian places (sigma 0.5 km, Dirichlet
weights, numpy seeded by SEED) with 5 % background.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import game_flow_dual as flow  # noqa: E402 (exits 0 without scipy)
import numpy as np  # noqa: E402


def main():
    rows, cols, eps, seed = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    rng = np.random.default_rng(seed)
    D = flow.grid_distances({"rows": rows, "cols": cols, "cell_km": [0.75, 0.5333]})
    n = rows * cols
    places = rng.choice(n, 3, replace=False)
    weights = rng.dirichlet(np.ones(3))
    pi = sum(w * np.exp(-(D[c] / 0.5) ** 2) for c, w in zip(places, weights))
    pi = pi / pi.sum() * 0.95 + 0.05 / n
    F = np.exp(np.minimum(eps * D, 30.0))
    start = time.time()
    full = flow.full_dp_lp(pi, F)
    seconds = time.time() - start
    lam = full.eqlin.marginals
    negative = [int(i) for i in range(n) if pi[i] - lam[i] < -1e-9]
    packing, _, _ = flow.packing(pi, 1 / F)
    bound = flow.flow_bound(pi, F, negative, 1e300)
    print(f"full LP {full.fun:.12f} ({seconds:.1f} s), packing bound {packing:.12f}, cells with lambda > pi "
          f"{negative}, flow dual {bound.get('bound', float('nan')):.12f}")
    sys.exit(0 if abs(bound.get("bound", -1) - full.fun) <= 1e-9 else 1)


if __name__ == "__main__":
    main()

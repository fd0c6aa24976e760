#!/usr/bin/python3
"""A prototype, not in core: the pricing LP of the DP cone solved over the cells where the
reduced cost is negative only (issue 27, "the pricing problem ... may admit a much smaller LP";
findings in core/game/README.md).

Pricing an observable asks for min r.x over {x in C, sum x <= 1}, C = {x >= 0 : x_s <= F_st x_t},
F = e^{eps d}. Let N = {s : r_s < 0}. Every x in C satisfies x_s >= x_k / F_sk for k in N, so a
cell with r_s >= 0 can sit at the lower envelope max_{k in N} x_k / F_sk: that lowers the
objective and the sum, and the envelope of points that satisfy C among themselves satisfies C
everywhere (F obeys the triangle inequality). So the minimum, where it is negative, is that of an
LP in the values at N and an epigraph variable per other cell: (n - |N|) |N| + |N|^2 rows of two
entries, against the n^2 DP rows (or the cuts that stand for them) of the whole pricing LP.
Where the minimum is >= 0 both say so (0 at x = 0).

This script compares the two with scipy's HiGHS on a grid of the paper's cells (0.75 x 0.5333
km), at multipliers lambda taken from the packing bound's dual (lambda >= pi nearly everywhere,
the easy case) and that dual with 4 cells raised by half the largest pi (4 negative cells, as the
restricted LPs' duals have), for observables o drawn by numpy seeded by SEED:
r = pi - lambda, r_o = -lambda_o (the Hamming loss).

Usage: /usr/bin/python3 bench/game_reduced_pricing.py ROWS COLS EPS SEED [OBSERVABLES]
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402
import scipy.optimize as so  # noqa: E402
import scipy.sparse as sp  # noqa: E402
import game_block_ipm as g  # noqa: E402 (its instance generator)



def pricing_lp(c, rows, n, F_rows):
    """min c.x over x >= 0, the rows (i, j, f): x_i - f x_j <= 0, and sum x <= 1 (scipy's HiGHS)."""
    k = len(rows)
    r_idx = np.repeat(np.arange(k), 2)
    c_idx = np.array([[i, j] for i, j in rows]).ravel() if k else np.zeros(0, dtype=int)
    vals = np.array([[1.0, -f] for f in F_rows]).ravel() if k else np.zeros(0)
    A = sp.vstack([sp.csr_matrix((vals, (r_idx, c_idx)), shape=(k, n)), sp.csr_matrix(np.ones((1, n)))])
    res = so.linprog(c, A_ub=A, b_ub=np.r_[np.zeros(k), 1.0], bounds=(0, None), method="highs")
    return res.fun, res.x


def full_pricing(r, F):
    n = len(r)
    rows = [(s, t) for s in range(n) for t in range(n) if s != t]
    value, x = pricing_lp(r, rows, n, [F[s, t] for s, t in rows])
    return value, x, len(rows)


def reduced_pricing(r, F):
    n = len(r)
    N, P = np.flatnonzero(r < 0), np.flatnonzero(r >= 0)
    if len(N) == 0:
        return 0.0, np.zeros(n), 0
    # Variables: x at N, then t at the other cells. Rows: x_k / F_sk - t_s <= 0 (t_s at or above
    # the envelope), scaled as x_k - F_sk t_s <= 0; and C's rows among the cells of N.
    at = np.empty(n, dtype=int)
    at[N], at[P] = np.arange(len(N)), len(N) + np.arange(len(P))
    rows, factors = [], []
    for s in P:
        for k in N:
            rows.append((at[k], at[s]))
            factors.append(F[s, k])
    for a in N:
        for b in N:
            if a != b:
                rows.append((at[a], at[b]))
                factors.append(F[a, b])
    c = np.empty(n)
    c[at] = r
    value, y = pricing_lp(c, rows, n, factors)
    x = y[at]
    for s in P:  # the lifted point: every other cell at its envelope
        x[s] = max(x[k] / F[s, k] for k in N)
    return value, x, len(rows)


def packing_dual(pi, E):
    """min sum b over b >= 0 with sum_s b(s) e^{-eps d(o,s)} >= pi(o) for every o."""
    return so.linprog(np.ones(len(pi)), A_ub=-E.T, b_ub=-pi, bounds=(0, None), method="highs").x


def main():
    rows, cols, eps, seed = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    count = int(sys.argv[5]) if len(sys.argv) > 5 else 12
    D, pi = g.instance(rows, cols, seed)
    n = len(pi)
    F = np.exp(eps * D)
    rng = np.random.default_rng(seed)
    packing = packing_dual(pi, 1 / F)
    raised = packing.copy()
    raised[rng.choice(n, 4, replace=False)] += 0.5 * pi.max()
    for name, lam in (("packing dual", packing), ("packing dual, 4 cells raised", raised)):
        worst = violation = full_s = reduced_s = 0.0
        sizes = []
        for o in rng.choice(n, min(n, count), replace=False):
            r = pi - lam
            r[o] = -lam[o]
            t0 = time.time()
            full, _, full_rows = full_pricing(r, F)
            t1 = time.time()
            reduced, x, reduced_rows = reduced_pricing(r, F)
            t2 = time.time()
            full_s, reduced_s = full_s + t1 - t0, reduced_s + t2 - t1
            sizes.append((int((r < 0).sum()), full_rows, reduced_rows))
            worst = max(worst, abs(min(full, 0) - min(reduced, 0)))
            violation = max(violation, float(np.max(x[:, None] - F * x[None, :])))
        print(f"{rows}x{cols} eps {eps}, {name}: max |full - reduced| {worst:.1e}; (|N|, rows full, rows reduced) "
              f"{sizes[0]}; {len(sizes)} observables: full {full_s:.2f} s, reduced {reduced_s:.2f} s; the lifted "
              f"points' worst DP violation {violation:.1e}")
        if worst > 1e-9 or violation > 1e-12:
            sys.exit(1)


if __name__ == "__main__":
    main()

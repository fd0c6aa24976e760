#!/usr/bin/python3
"""A lower bound for the DP LP (22) with the Hamming loss that lets the dual go negative on a few
cells: the prototype of core/game/flow_dual_bound.h (issue 27), solved with scipy's HiGHS.

The dual of (22) (Hamming loss, O = S) is: minimise sum_s b(s) subject to, for every observable
o, b - pi(o) e_o in C*, the dual cone of C = {v >= 0 : v(s) <= F(s,t) v(t)}, F = e^{eps d}.
Then cost >= 1 - sum_s b(s). y is in C* iff a generalised flow covers y's negative cells: a
cell k receives mu_{k,u} at the price F(k,u) mu_{k,u} paid by cell u (the multiplier of the DP
row v(k) <= F(k,u) v(u)); direct flows suffice because eps d is a metric. With b >= 0 only o is
short, every cell pays o at rate e^{-eps d}, and the dual is the packing bound
(core/game/packing_bound.h). Here b may be negative on a set N of cells; per observable o:
  r_o(u) = b(u) - pi(o)[u = o] + (flows into u if u in N) - sum_{k in N} F(k,u) mu^o_{k,u} >= 0
  for every payer u of a cell of N (payers: F(k,u) <= --cap), and
  r_o(o) + sum_{u != o} e^{-eps d(o,u)} r_o(u) >= 0   (o collects from every residual).
Any feasible point gives a lower bound (a restriction of the dual); N = {} gives the packing bound.
A prototype: the point is HiGHS's, feasible to its tolerance, not certified outside the solver
(core's bounds are; core/game/packing_bound.cpp shows how).

Usage: /usr/bin/python3 bench/game_flow_dual.py RESPONSE.json EPS --cells 26,67,... [--cap 50]
       /usr/bin/python3 bench/game_flow_dual.py RESPONSE.json EPS --top 10 [--cap 50]
RESPONSE.json: a `privlab solve` response of a game request on a grid (its `prior`, `grid`).
--top K takes N as the K cells of largest pi(s) x (1 - the packing primal's column sum at s).
Prints the packing bound, the bound with N, the cells where b < 0, and the LP's size and time.
"""
import argparse
import json
import sys
import time

try:
    import numpy as np
    import scipy.optimize as so
    import scipy.sparse as sp
except ImportError:
    print(json.dumps({"skipped": "python3-scipy is not installed (scripts/setup installs it)"}))
    sys.exit(0)


def grid_distances(grid):
    rows, cols = grid["rows"], grid["cols"]
    km = grid.get("cell_km", 1.0)
    width, height = (km, km) if isinstance(km, (int, float)) else km
    ys, xs = np.divmod(np.arange(rows * cols), cols)
    x, y = xs * width, ys * height
    return np.sqrt((x[:, None] - x[None, :]) ** 2 + (y[:, None] - y[None, :]) ** 2)


def full_dp_lp(pi, F):
    """The whole DP LP (22) with the Hamming loss, every ordered pair's DP row, by scipy's HiGHS:
    variables p(o|s) at o * n + s, cost sum_s pi(s) sum_{o != s} p(o|s). Returns linprog's result."""
    n = len(pi)
    cost = np.array([pi[s] * (o != s) for o in range(n) for s in range(n)])
    r_idx, c_idx, vals = [], [], []
    r = 0
    for o in range(n):
        for s in range(n):
            for t in range(n):
                if s != t:
                    r_idx += [r, r]
                    c_idx += [o * n + s, o * n + t]
                    vals += [1.0, -F[s, t]]
                    r += 1
    A_ub = sp.csr_matrix((vals, (r_idx, c_idx)), shape=(r, n * n))
    A_eq = sp.csr_matrix((np.ones(n * n), ([s for o in range(n) for s in range(n)], range(n * n))), shape=(n, n * n))
    return so.linprog(cost, A_ub=A_ub, b_ub=np.zeros(r), A_eq=A_eq, b_eq=np.ones(n), bounds=(0, None), method="highs")


def packing(pi, E):
    """min sum b s.t. E b >= pi, b >= 0; returns (bound, b, column sums of the primal a)."""
    res = so.linprog(np.ones(len(pi)), A_ub=-E, b_ub=-pi, bounds=(0, None), method="highs")
    a = -res.ineqlin.marginals
    return 1 - res.fun, res.x, (a[:, None] * E).sum(0)


def flow_bound(pi, F, N, cap):
    n = len(pi)
    E = 1 / F
    in_n = set(N)
    payers = {k: [u for u in range(n) if u != k and F[k, u] <= cap] for k in N}
    involved = sorted(set(u for k in N for u in payers[k]) | in_n)
    rows, cols, vals, rhs = [], [], [], []
    r, nv = 0, n
    for o in range(n):
        var = {}
        for k in N:
            for u in payers[k]:
                var[(k, u)] = nv
                nv += 1

        def residual(u):  # r_o(u) as ({column: coefficient}, constant)
            e = {u: 1.0}
            if u in in_n:
                for t in payers[u]:
                    e[var[(u, t)]] = e.get(var[(u, t)], 0.0) + 1.0
            for k in N:
                if (k, u) in var:
                    e[var[(k, u)]] = e.get(var[(k, u)], 0.0) - F[k, u]
            return e, -(pi[o] if u == o else 0.0)

        for u in involved:
            if u == o:
                continue
            e, c = residual(u)
            for j, v in e.items():
                rows.append(r), cols.append(j), vals.append(v)
            rhs.append(-c)
            r += 1
        total, const = residual(o)
        total = dict(total)
        for u in range(n):
            if u == o:
                continue
            if u in involved:
                e, c = residual(u)
                for j, v in e.items():
                    total[j] = total.get(j, 0.0) + v * E[o, u]
                const += c * E[o, u]
            else:
                total[u] = total.get(u, 0.0) + E[o, u]
        for j, v in total.items():
            rows.append(r), cols.append(j), vals.append(v)
        rhs.append(-const)
        r += 1
    A = sp.csr_matrix((vals, (rows, cols)), shape=(r, nv))
    c = np.zeros(nv)
    c[:n] = 1
    bounds = [(None, None) if u in in_n else (0, None) for u in range(n)] + [(0, None)] * (nv - n)
    start = time.time()
    res = so.linprog(c, A_ub=-A, b_ub=-np.array(rhs), bounds=bounds, method="highs")
    seconds = time.time() - start
    if res.status != 0:
        return {"status": res.message, "variables": nv, "rows": r, "seconds": seconds}
    b = res.x[:n]
    return {"bound": 1 - res.fun, "negative_cells": {int(i): float(b[i]) for i in range(n) if b[i] < -1e-10},
            "variables": nv, "rows": r, "nonzeros": int(A.nnz), "seconds": round(seconds, 1)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("response")
    ap.add_argument("eps", type=float)
    ap.add_argument("--cells", default="")
    ap.add_argument("--top", type=int, default=0)
    ap.add_argument("--cap", type=float, default=50.0)
    args = ap.parse_args()
    resp = json.load(open(args.response))
    pi = np.array(resp["prior"])
    D = grid_distances(resp["grid"])
    F = np.exp(np.minimum(args.eps * D, 30.0))
    bound0, _, column_sums = packing(pi, 1 / F)
    if args.cells:
        N = [int(x) for x in args.cells.split(",")]
    else:
        N = [int(i) for i in np.argsort(-(pi * (1 - column_sums)))[: args.top]]
    out = {"packing_bound": bound0, "cells": N, "cap": args.cap}
    out.update(flow_bound(pi, F, N, args.cap))
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

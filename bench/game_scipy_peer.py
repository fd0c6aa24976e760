#!/usr/bin/python3
"""Peer baseline for the game family's LPs: the plain full LP (22) or (24) of a grid request,
built here from the paper (every ordered pair's DP rows, every (24b) row) and solved with scipy's
HiGHS, against `privlab solve` on the same request. Checks that both optima agree to 1e-6 and
records both times in one JSON report, so the ratio to the peer is measured in one run.

Usage: /usr/bin/python3 bench/game_scipy_peer.py [--privlab build/bin/privlab]
           [--sizes 4x4,6x6,8x8] [--mechanisms dp,joint] [--dp-rows all|lazy] [--out FILE]
Needs Debian's python3-scipy (scripts/setup installs it); without it, it says so and exits 0.
The prior comes from privlab's response (its seeded generator); the LP is built independently.
"""
import argparse
import json
import math
import os
import resource
import subprocess
import sys
import time

try:
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix
except ImportError:
    print(json.dumps({"skipped": "python3-scipy is not installed (scripts/setup installs it)"}))
    sys.exit(0)

MAX_LOG_FACTOR = 30.0  # privlab caps e^{eps d} at e^30 (stricter than the target), so does the peer


def grid_distances(rows, cols, cell):
    w, h = (cell, cell) if not isinstance(cell, list) else cell
    n = rows * cols
    r = np.arange(n) // cols
    c = np.arange(n) % cols
    dy = h * (r[:, None] - r[None, :])
    dx = w * (c[:, None] - c[None, :])
    return np.sqrt(dx * dx + dy * dy)


def run_privlab(binary, request):
    """Runs `privlab solve -`; returns (response, wall seconds, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run([binary, "solve", "-"], input=json.dumps(request), capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return json.loads(out.stdout), wall, cpu


def peer_lp(mechanism, prior, dist, eps, d_m):
    """The plain LP: min sum_s pi(s) sum_o p(o|s) [o != s] (Hamming loss) over p(o|s) >= 0 and,
    for joint, x(o) free; rows (16), (24b), (24c), and every DP row p(o|s) <= e^{eps d} p(o|t)."""
    n = len(prior)
    m = n
    joint = mechanism == "joint"
    nv = m * n + (m if joint else 0)
    pv = lambda o, s: s * m + o
    c = np.zeros(nv)
    for s in range(n):
        for o in range(m):
            c[pv(o, s)] = prior[s] * (0.0 if o == s else 1.0)
    rows, cols, vals, b_ub = [], [], [], []
    r = 0
    # DP rows, vectorised per ordered pair (s, t): one row per observable o.
    f = np.exp(np.minimum(eps * dist, MAX_LOG_FACTOR))
    o_idx = np.arange(m)
    for s in range(n):
        for t in range(n):
            if s == t:
                continue
            rr = r + o_idx
            rows += [rr, rr]
            cols += [s * m + o_idx, t * m + o_idx]
            vals += [np.ones(m), -f[s, t] * np.ones(m)]
            b_ub.append(np.zeros(m))
            r += m
    if joint:
        # (24b): x(o) - sum_s pi(s) d(g,s) p(o|s) <= 0 for every (o, g); (24c): -sum_o x(o) <= -d_m.
        w = prior[None, :] * dist  # w[g, s]
        for o in range(m):
            for g in range(n):
                nz = np.nonzero(w[g])[0]
                rows += [np.full(len(nz) + 1, r)]
                cols += [np.concatenate([nz * m + o, [m * n + o]])]
                vals += [np.concatenate([-w[g, nz], [1.0]])]
                b_ub.append(np.zeros(1))
                r += 1
        rows += [np.full(m, r)]
        cols += [m * n + o_idx]
        vals += [-np.ones(m)]
        b_ub.append(np.array([-d_m]))
        r += 1
    A_ub = coo_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(r, nv)).tocsr()
    eq_rows = np.repeat(np.arange(n), m)
    eq_cols = np.arange(m * n)
    A_eq = coo_matrix((np.ones(m * n), (eq_rows, eq_cols)), shape=(n, nv)).tocsr()
    bounds = [(0, None)] * (m * n) + [(None, None)] * (nv - m * n)
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    res = linprog(c, A_ub=A_ub, b_ub=np.concatenate(b_ub), A_eq=A_eq, b_eq=np.ones(n), bounds=bounds, method="highs")
    return res, time.perf_counter() - t0, time.process_time() - cpu0, r + n


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--privlab", default=os.path.join(here, "..", "build", "bin", "privlab"))
    ap.add_argument("--sizes", default="4x4,6x6")
    ap.add_argument("--mechanisms", default="dp,joint")
    ap.add_argument("--dp-rows", default="all")
    ap.add_argument("--cell", default="1", help="km, or width,height")
    ap.add_argument("--out")
    a = ap.parse_args()
    cell = [float(v) for v in a.cell.split(",")]
    cell = cell[0] if len(cell) == 1 else cell
    report = {"about": "privlab vs scipy HiGHS on the plain full LP; times in seconds (wall, CPU)", "results": []}
    for size in a.sizes.split(","):
        rows, cols = (int(v) for v in size.split("x"))
        dist = grid_distances(rows, cols, cell)
        for mech in a.mechanisms.split(","):
            req = {"family": "game", "mechanism": mech, "grid": {"rows": rows, "cols": cols, "cell_km": cell},
                   "prior": {"hot_cells": 3, "seed": 1}, "utility_loss": "hamming", "epsilon": 0.5,
                   "allow_large": True, "dp_rows": a.dp_rows}
            if mech == "joint":
                est = dict(req, estimate_only=True, min_distortion=0)
                req["min_distortion"] = 0.5 * run_privlab(a.privlab, est)[0]["feasibility_threshold"]
            resp, wall, cpu = run_privlab(a.privlab, req)
            if "error" in resp:
                report["results"].append({"size": size, "mechanism": mech, "privlab_error": resp["error"]})
                continue
            prior = np.array(resp["prior"])
            res, pwall, pcpu, prow = peer_lp(mech, prior, dist, 0.5, req.get("min_distortion", 0.0))
            ours = resp["lp"]["objective"]
            entry = {"size": size, "mechanism": mech, "dp_rows": a.dp_rows,
                     "privlab": {"objective": ours, "cost": resp["cost"], "lower_bound": resp["lp"].get("lower_bound"),
                                 "gap": resp["lp"].get("gap"), "constraints": resp["lp"]["constraints"],
                                 "rounds": resp["lp"].get("rounds"), "wall_s": wall, "cpu_s": cpu},
                     "highs": {"status": res.status, "objective": float(res.fun) if res.status == 0 else None,
                               "constraints": prow, "wall_s": pwall, "cpu_s": pcpu}}
            if res.status == 0:
                entry["difference"] = abs(float(res.fun) - resp["cost"])
                entry["agree_1e-6"] = entry["difference"] <= 1e-6
                entry["cpu_ratio_privlab_over_highs"] = cpu / pcpu if pcpu > 0 else None
            report["results"].append(entry)
            print(json.dumps(entry), file=sys.stderr)
    text = json.dumps(report, indent=1)
    if a.out:
        with open(a.out, "w") as fh:
            fh.write(text + "\n")
    else:
        print(text)
    return 0 if all(r.get("agree_1e-6", True) for r in report["results"]) else 1


if __name__ == "__main__":
    sys.exit(main())

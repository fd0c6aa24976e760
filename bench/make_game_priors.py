#!/usr/bin/env python3
"""Writes build/bench/game-priors.json: the user-like prior family of issue 27 on the paper's map.

Usage: mkdir -p build/bench && /usr/bin/python3 bench/make_game_priors.py build/bin/privlab > build/bench/game-priors.json
       build/bin/privlab bench --set build/bench/game-priors.json --isolate --progress --out docs/results/bench-game-priors.json
       /usr/bin/python3 bench/make_game_priors.py build/bin/privlab --distortion > build/bench/game-distortion.json
         (the distortion LP (21) alone: 12 priors of the same family, d_m at 0.3, 0.7 and 0.95 of
         the threshold, for its target of 10 s on the map)

The set is generated, not committed (9 MB: the explicit instances carry 300 x 300 distance
matrices), and it lives outside bench/ so that a plain `privlab bench` does not run its
hour of 120 s budgets. The numpy generator is seeded per instance, so the file is the same on
every run.

The family (documented in core/game/README.md, "Priors that look like users"):
- generated priors {"hot_cells": k, "weights": "dirichlet", "spread_km": s, "background": b,
  "seed": i}: k places (2-6) with Dirichlet(1) weights, each blurred by a Gaussian of s km
  (0.3-1), and a uniform background share b (1-20 %), all drawn from a numpy generator seeded
  with the instance number;
- explicit priors, the form a user with real traces sends: a 300-entry vector (Gaussian blobs
  around 3-5 places with Dirichlet weights, sigma 0.4-0.8 km, background 2-10 %) with the map's
  300 x 300 Euclidean distance matrix written out.
Each instance gets a mechanism and eps from the issue's grid: eps 0.15, 0.3, 0.6, 0.9 and 1.5 per
km; (22) dp, (24) joint with d_m at 0.3, 0.7 and 0.95 of the feasibility threshold, and (21)
distortion. The threshold is asked from privlab itself (estimate_only), so d_m is exact for the
prior privlab generates.
"""
import json
import subprocess
import sys

import numpy as np

MAP = {"rows": 15, "cols": 20, "cell_km": [0.75, 0.5333]}
EPS = [0.15, 0.3, 0.6, 0.9, 1.5]


def centres():
    rows, cols, (w, h) = MAP["rows"], MAP["cols"], MAP["cell_km"]
    return np.array([(r * h, c * w) for r in range(rows) for c in range(cols)])


def distances():
    p = centres()
    return np.sqrt(((p[:, None, :] - p[None, :, :]) ** 2).sum(-1))


def blob_prior(rng, d):
    n = d.shape[0]
    k = int(rng.integers(3, 6))
    places = rng.choice(n, size=k, replace=False)
    weights = rng.dirichlet(np.ones(k))
    sigma = rng.uniform(0.4, 0.8)
    background = rng.uniform(0.02, 0.10)
    prior = np.zeros(n)
    for c, w in zip(places, weights):
        blob = np.exp(-0.5 * (d[c] / sigma) ** 2)
        prior += w * blob / blob.sum()
    prior = (1 - background) * prior + background / n
    return prior / prior.sum(), dict(places=k, sigma_km=round(sigma, 3), background=round(background, 4))


def threshold(privlab, request):
    probe = dict(request, mechanism="joint", epsilon=1, min_distortion=0, estimate_only=True)
    out = subprocess.run([privlab, "solve", "-"], input=json.dumps(probe), capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["feasibility_threshold"]


def instance_base(seed, explicit, d):
    """The request's prior part for instance `seed` (generated, or explicit with the distance matrix)."""
    rng = np.random.default_rng(seed)
    base = {"family": "game", "utility_loss": "hamming", "allow_large": True}
    if explicit:
        prior, shape = blob_prior(rng, d)
        base.update(prior=[float(x) for x in prior], distance=[[float(x) for x in row] for row in d])
        label = "explicit, %d blobs sigma %.2f bg %.2f" % (shape["places"], shape["sigma_km"], shape["background"])
    else:
        shape = {"hot_cells": int(rng.integers(2, 7)), "weights": "dirichlet",
                 "spread_km": round(float(rng.uniform(0.3, 1.0)), 3),
                 "background": round(float(rng.uniform(0.01, 0.20)), 4), "seed": seed}
        base.update(grid=MAP, prior=shape)
        label = "%d places spread %.2f bg %.2f" % (shape["hot_cells"], shape["spread_km"], shape["background"])
    return base, label


def distortion_family(privlab, d):
    """(21) alone: 4 priors (seeds 3000-3003, the last explicit) x d_m at 0.3, 0.7, 0.95."""
    items = []
    for i in range(4):
        base, label = instance_base(3000 + i, i == 3, d)
        t = threshold(privlab, base)
        for frac in (0.3, 0.7, 0.95):
            request = dict(base, mechanism="distortion", min_distortion=frac * t, budget={"seconds": 120})
            items.append({"name": "game-distortion/%d d_m %.2f, %s" % (i, frac, label), "max_repeat": 1, "request": request})
    about = ("Issue 27: the distortion LP (21) on the paper's map for 4 user-like priors x 3 d_m "
             "(bench/make_game_priors.py --distortion); every answer must be exact (lp.gap <= 1e-6).")
    return {"about": about, "requests": items}


def main():
    privlab = sys.argv[1]
    d = distances()
    if "--distortion" in sys.argv[2:]:
        json.dump(distortion_family(privlab, d), sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
        return
    items = []
    # Every (mechanism, d_m fraction) meets every eps; one instance in four is explicit.
    kinds = [("dp", None), ("joint", 0.3), ("joint", 0.7), ("joint", 0.95)]
    plan = [(EPS[i % 5], kinds[i // 5]) for i in range(20)] + [(None, ("distortion", 0.7))] * 4
    for i, (eps, (kind, frac)) in enumerate(plan):
        base, label = instance_base(1000 + i, i % 4 == 3, d)
        budget = {"seconds": 120}  # the per-instance target: a miss shows as stopped_early
        request = dict(base, mechanism=kind, budget=budget)
        if eps is not None:
            request["epsilon"] = eps
        if frac is not None:
            request["min_distortion"] = frac * threshold(privlab, base)
        what = kind if frac is None else "%s d_m %.2f" % (kind, frac)
        name = "game-priors/%02d %s%s, %s" % (i, what, "" if eps is None else " eps %g" % eps, label)
        items.append({"name": name, "max_repeat": 1, "request": request})
    # Beyond the paper: 30 x 30 and 50 x 50 grids of 0.3 km cells, joint at eps 0.5.
    for side, seed in [(30, 2001), (50, 2002)]:
        grid = {"rows": side, "cols": side, "cell_km": 0.3}
        shape = {"hot_cells": 4, "weights": "dirichlet", "spread_km": 0.6, "background": 0.05, "seed": seed}
        base = {"family": "game", "utility_loss": "hamming", "allow_large": True, "grid": grid, "prior": shape}
        request = dict(base, mechanism="joint", epsilon=0.5, min_distortion=0.5 * threshold(privlab, base),
                       budget={"seconds": 600})
        items.append({"name": "game-priors/%dx%d joint d_m 0.50 eps 0.5, 4 places spread 0.6 bg 0.05" % (side, side),
                      "max_repeat": 1, "request": request})
    about = ("Issue 27: the user-like prior family on the paper's 15 x 20 map (bench/make_game_priors.py "
             "writes this file; see its docstring and core/game/README.md). One solve each "
             "(--only game-priors); every answer must be exact (lp.gap <= 1e-6).")
    json.dump({"about": about, "requests": items}, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

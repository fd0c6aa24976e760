#!/usr/bin/python3
"""A prototype, not in core: the whole DP LP (22) (Hamming loss, observables = cells, every DP row
that is not implied) solved by a primal-dual interior-point method that uses the LP's block
structure (issue 27, "an interior-point solve"; findings in core/game/README.md).

The LP: min sum_{o,s} c(o,s) x(o,s), c(o,s) = pi(s) [o != s], subject to
  sum_o x(o,s) = 1 for every s                          (16)
  x(o,s) / F(s,t) - x(o,t) <= 0 for every o, kept (s,t)  (22), F = e^{eps d}, written divided by F
  x >= 0.
Pairs (s,t) with a cell u on the segment (d(s,u) + d(u,t) = d(s,t)) are implied and left out.
Newton's system reduces to one n x n block H_o per observable (the DP rows touch one row of the
mechanism each) and an n x n Schur complement sum_o H_o^-1 for the rows (16): O(n^4) a step,
with no cutting planes. Mehrotra's predictor-corrector with up to 3 of Gondzio's centrality
correctors; each Newton solve is refined twice against the whole linearised system (without that,
the dual residual grows once mu < 1e-9 and the bound falls back).

The bound printed beside the primal is a certificate for any z >= 0 (weak duality, the rows (16)
kept as simplices): cost >= sum_s min_o (c + G^T z)(o,s). It does not need dual feasibility.

Usage: /usr/bin/python3 bench/game_block_ipm.py ROWS COLS EPS SEED [--highs]
Cells 0.75 x 0.5333 km (the paper's map); prior: 4 Gaussian places (sigma 0.6 km, Dirichlet
weights, numpy seeded by SEED) with 7 % background. --highs also solves the LP with scipy's HiGHS
(every ordered pair's row; small grids only).
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import game_flow_dual as flow  # noqa: E402 (exits 0 without scipy)
import numpy as np  # noqa: E402
import scipy.linalg as sl  # noqa: E402


def instance(rows, cols, seed, places=4):
    rng = np.random.default_rng(seed)
    D = flow.grid_distances({"rows": rows, "cols": cols, "cell_km": [0.75, 0.5333]})
    n = rows * cols
    centres = rng.choice(n, places, replace=False)
    weights = rng.dirichlet(np.ones(places))
    pi = sum(w * np.exp(-(D[k] / 0.6) ** 2) for k, w in zip(centres, weights))
    return D, pi / pi.sum() * 0.93 + 0.07 / n


def kept_pairs(D):
    n = len(D)
    implied = np.zeros((n, n), dtype=bool)
    cells = np.arange(n)
    for u in range(n):
        via = D[:, u][:, None] + D[u, :][None, :]
        implied |= (np.abs(via - D) <= 1e-12 * D) & (cells[:, None] != u) & (cells[None, :] != u)
    return ~np.eye(n, dtype=bool) & ~implied


def block_ipm(D, pi, eps, iterations=80, report=print):
    n = len(pi)
    Fi = np.exp(-eps * D)
    keep = kept_pairs(D)
    mask = np.broadcast_to(keep, (n, n, n))
    c = np.tile(pi, (n, 1))
    np.fill_diagonal(c, 0.0)

    def G(x):  # (o,s,t) -> x(o,s)/F(s,t) - x(o,t)
        return x[:, :, None] * Fi[None, :, :] - x[:, None, :]

    def GT(z):  # adjoint of G
        return np.einsum("ost,st->os", z, Fi) - z.sum(axis=1)

    x = np.full((n, n), 1.0 / n)  # the uniform mechanism: feasible
    w = np.where(mask, -G(x), 1.0)
    mu0 = 1.0 / n**2
    z = np.where(mask, mu0 / w, 0.0)
    v = mu0 / x
    y = np.zeros(n)
    pairs = mask.sum() + n * n
    best_bound = -np.inf
    start = time.time()
    for it in range(iterations):
        rd = c - y[None, :] + GT(z) - v
        rp = x.sum(axis=0) - 1.0
        rw = np.where(mask, G(x) + w, 0.0)
        mu = (np.sum(z * w * mask) + np.sum(x * v)) / pairs
        primal = float(np.sum(c * x))
        bound = float((c + GT(np.maximum(z, 0) * mask)).min(axis=0).sum())
        best_bound = max(best_bound, bound)
        report(f"{it:3d} primal {primal:.12f} bound {bound:.12f} mu {mu:.1e} |rp| {np.abs(rp).max():.0e} "
               f"|rd| {np.abs(rd).max():.0e} {time.time() - start:.1f} s")
        if primal - best_bound <= 1e-9 * max(1.0, primal):
            break
        d = np.where(mask, z / w, 0.0)
        Hinv = np.empty((n, n, n))
        for o in range(n):
            H = -(d[o] * Fi)
            H = H + H.T
            H[np.diag_indices(n)] += (d[o] * Fi * Fi).sum(axis=1) + d[o].sum(axis=0) + v[o] / x[o]
            H[np.diag_indices(n)] += 1e-13 * np.abs(H.diagonal()).max()
            Hinv[o] = sl.cho_solve(sl.cho_factor(H, check_finite=False), np.eye(n), check_finite=False)
        S = Hinv.sum(axis=0)
        S[np.diag_indices(n)] += 1e-14 * np.abs(S.diagonal()).max()
        Sc = sl.cho_factor(S)

        def solve(rd_, rp_, rw_, tz, tv):
            tz = np.where(mask, tz, 0.0)
            rhs = -rd_ - GT(np.where(mask, (tz + z * rw_) / w, 0.0)) + tv / x
            Hr = np.einsum("oij,oj->oi", Hinv, rhs)
            dy = sl.cho_solve(Sc, -rp_ - Hr.sum(axis=0))
            dx = Hr + np.einsum("oij,j->oi", Hinv, dy)
            for _ in range(3):  # refine the Schur solve: sum_o dx(o,.) = -rp
                ddy = sl.cho_solve(Sc, -rp_ - dx.sum(axis=0))
                dy, dx = dy + ddy, dx + np.einsum("oij,j->oi", Hinv, ddy)
            dw = np.where(mask, -G(dx) - rw_, 0.0)
            dz = np.where(mask, (tz - z * dw) / w, 0.0)
            dv = (tv - v * dx) / x
            return [dx, dy, dw, dz, dv]

        def refined(rd_, rp_, rw_, tz, tv, rounds=2):
            d = solve(rd_, rp_, rw_, tz, tv)
            for _ in range(rounds):
                R1 = rd_ + (-d[1][None, :] + GT(d[3]) - d[4])
                R2 = rp_ + d[0].sum(axis=0)
                d = [a + b for a, b in zip(d, solve(R1, R2, 0 * rw, 0 * tz, 0 * tv))]
            return d

        def longest(a, da):
            neg = da < 0
            return 1.0 if not neg.any() else min(1.0, float(np.min(-a[neg] / da[neg])))

        def steps(d):
            dx, dy, dw, dz, dv = d
            return (min(longest(x, dx), longest(np.where(mask, w, 1), dw)),
                    min(longest(np.where(mask, z, 1), dz), longest(v, dv)))

        aff = refined(rd, rp, rw, -w * z, -x * v)
        ap, ad = steps(aff)
        mu_aff = (np.sum((w + ap * aff[2]) * (z + ad * aff[3]) * mask)
                  + np.sum((x + ap * aff[0]) * (v + ad * aff[4]))) / pairs
        sigma = (mu_aff / mu) ** 3
        d = refined(rd, rp, rw, sigma * mu - w * z - aff[2] * aff[3], sigma * mu - x * v - aff[0] * aff[4])
        ap, ad = steps(d)
        for _ in range(3):  # Gondzio's centrality correctors
            tp, td = min(1.0, 1.3 * ap + 0.1), min(1.0, 1.3 * ad + 0.1)
            pw = (w + tp * d[2]) * (z + td * d[3])
            px = (x + tp * d[0]) * (v + td * d[4])
            lo, hi = 0.1 * sigma * mu, 10 * sigma * mu
            cw = np.where(mask, np.clip(pw, lo, hi) - pw, 0.0)
            cw = np.maximum(cw, -hi)
            cx = np.maximum(np.clip(px, lo, hi) - px, -hi)
            corr = refined(0 * rd, 0 * rp, 0 * rw, cw, cx)
            trial = [a + b for a, b in zip(d, corr)]
            ap2, ad2 = steps(trial)
            if min(ap2, ad2) < min(ap, ad) + 0.02:
                break
            d, ap, ad = trial, ap2, ad2
        dx, dy, dw, dz, dv = d
        ap, ad = 0.99 * ap, 0.99 * ad
        x, w = x + ap * dx, np.where(mask, w + ap * dw, 1.0)
        y, z, v = y + ad * dy, np.where(mask, z + ad * dz, 0.0), v + ad * dv
    return primal, best_bound


def highs_optimum(D, pi, eps):
    return flow.full_dp_lp(pi, np.exp(eps * D)).fun


def main():
    rows, cols, eps, seed = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    D, pi = instance(rows, cols, seed)
    primal, bound = block_ipm(D, pi, eps)
    print(f"block IPM: primal {primal:.12f}, best bound {bound:.12f}")
    if "--highs" in sys.argv:
        print(f"HiGHS, every pair's row: {highs_optimum(D, pi, eps):.12f}")


if __name__ == "__main__":
    main()

"""The RLDP paper's Example 3 with privlab's Python module, notebook style.

Example 1's estimate P-hat from n = 100 samples, the 95% Renyi-2 confidence ball around it
(Example 2: B = 0.0752) and eps = ln 2 (Example 3). PolyOpt (the paper's Definition 3) gives
I_P-hat(X;Y) = 0.4228; its "true utility 0.2804" is the realized eps* under P* (docs/errata.md).
Section 6 continues the example with GRR (I = 0.0419 under P-hat, 0.0412 under P*) and SRR
(0.1005, 0.0942). This script prints privlab's numbers beside the printed ones, exits 1 if one
differs, and draws one figure: Q_PolyOpt as a heatmap, and I_P-hat(X;Y) against eps for the
five mechanisms.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/rldp_example3.py example3.png
    (or, after `pip install --no-build-isolation .`: python3 examples/python/rldp_example3.py out.png)
"""
import math
import sys
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import privlab  # noqa: E402

P_HAT = np.array([[0.07, 0.10], [0.26, 0.57]])  # Example 1, [s][u]
P_TRUE = np.array([[0.10, 0.10], [0.20, 0.60]])
N = 100
EPS = math.log(2)
BALL = {"alpha": 2, "confidence": 0.95, "n": N}


def true_utility(q: Any) -> float:
    return privlab.metrics.mutual_information(P_TRUE.flatten(), q)


def main(out_file: str) -> int:
    designs = {m: privlab.rldp.design(P_HAT, m, EPS, BALL) for m in privlab.rldp.mechanism_names()}
    po = designs["polyopt"]
    rows: list[tuple[str, float, float]] = [  # (what, privlab's value, printed value)
        ("radius B of the 95% ball (Example 2)", po["uncertainty"].radius, 0.0752),
        ("I_P-hat(X;Y), PolyOpt (Example 3)", po["mutual_information"], 0.4228),
        ("eps* under P*, PolyOpt (printed as 'true utility')",
         privlab.metrics.realized_epsilon(po["mechanism"], P_TRUE), 0.2804),
        ("I_P-hat(X;Y), GRR (Section 6)", designs["grr"]["mutual_information"], 0.0419),
        ("I_P*(X;Y), GRR", true_utility(designs["grr"]["mechanism"]), 0.0412),
        ("I_P-hat(X;Y), SRR", designs["srr"]["mutual_information"], 0.1005),
        ("I_P*(X;Y), SRR", true_utility(designs["srr"]["mechanism"]), 0.0942),
    ]
    ok = True
    for what, value, printed in rows:
        same = abs(value - printed) <= 0.5e-4 + 1e-12
        ok &= same
        print(f"{what:55s} privlab {value:.4f}  paper {printed:.4f}  {'ok' if same else 'DIFFERS'}")
    print("Q_PolyOpt [y][x], x = s*|U| + u:")
    print(np.array2string(po["mechanism"], precision=4, suppress_small=True))
    print(f"robust epsilon over the ball: {po['robust_epsilon']:.4f} <= ln 2 = {EPS:.4f}, "
          f"audit {po['audit']['guarantee']} verified: {po['audit']['verified']}")

    eps_grid = np.linspace(0.1, 2.0, 12)
    fig, (ax_q, ax_i) = plt.subplots(1, 2, figsize=(10, 4), gridspec_kw={"width_ratios": [1, 1.4]})
    image = ax_q.imshow(po["mechanism"], cmap="viridis", vmin=0, vmax=1)
    labels = [f"({s},{u})" for s in range(2) for u in range(2)]
    ax_q.set_xticks(range(4), labels)
    ax_q.set_yticks(range(po["mechanism"].shape[0]))
    ax_q.set_xlabel("input x = (s, u)")
    ax_q.set_ylabel("output y")
    ax_q.set_title("Q_PolyOpt, eps = ln 2 (Example 3)")
    fig.colorbar(image, ax=ax_q, fraction=0.046)
    styles: dict[str, Any] = {"polyopt": "-", "nr": "--", "ir": "-.", "srr": ":", "grr": (0, (5, 1, 1, 1))}
    colours = {"polyopt": "#0072B2", "nr": "#E69F00", "ir": "#009E73", "srr": "#CC79A7", "grr": "#D55E00"}
    for m in privlab.rldp.mechanism_names():
        utility = [privlab.rldp.design(P_HAT, m, e, BALL)["mutual_information"] for e in eps_grid]
        label = "nr (private for P-hat only)" if m == "nr" else m
        ax_i.plot(eps_grid, utility, linestyle=styles[m], color=colours[m], label=label)
    ax_i.axvline(EPS, color="grey", linewidth=0.8)
    ax_i.set_xlabel("eps")
    ax_i.set_ylabel("I_P-hat(X;Y), nats")
    ax_i.set_title("Utility over the 95% Renyi-2 ball")
    ax_i.legend()
    fig.tight_layout()
    fig.savefig(out_file, dpi=100)
    print(f"figure written to {out_file}")
    return 0 if ok else 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: rldp_example3.py OUT.png")
    sys.exit(main(sys.argv[1]))

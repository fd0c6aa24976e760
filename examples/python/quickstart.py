"""privlab from Python in a few lines (docs/python.md): a typed design, a curve over epsilon, the
JSON API with numpy arrays, an experiment with progress, and what a refusal looks like.
Exits 1 if a number is not the paper's or a hostile input is not refused.

    python3 examples/python/quickstart.py [OUT.png]    (after pip install --no-build-isolation .)
"""
import math
import sys

import numpy as np

import privlab


def main() -> int:
    ok = True
    p_hat = np.array([[0.07, 0.10], [0.26, 0.57]])  # the RLDP paper's Example 1, [s][u]
    ball = {"alpha": 2, "confidence": 0.95, "n": 100}
    d = privlab.rldp.design(p_hat, "polyopt", math.log(2), ball)
    print(f"privlab {privlab.__version__}: PolyOpt I = {d.mutual_information:.4f} (Example 3: 0.4228), "
          f"audit {d.audit.guarantee} verified {d.audit.verified}")
    ok &= abs(d.mutual_information - 0.4228) <= 0.5e-4 and bool(d.audit.verified)

    curve = privlab.rldp.sweep(p_hat, "polyopt", np.linspace(0.2, 2.0, 4), ball)
    print("I(X;Y) over eps:", np.array2string(curve.mutual_information, precision=4))
    ok &= bool(np.all(np.diff(curve.mutual_information) >= -1e-12))

    r = privlab.solve({"family": "funnel", "mechanism": "opt-lip", "epsilon": np.float64(0.5),
                       "joint": np.array([[0.3, 0.15, 0.05], [0.1, 0.15, 0.25]])}, numpy=True)
    print(f"funnel opt-lip: mechanism {r.mechanism.shape}, I(X;Y) = {r.mutual_information:.4f}")

    stages: list[float] = []
    privlab.experiment("rldp-mse", "figure2a", K=2, progress=lambda f, s: stages.append(f))
    print(f"experiment figure2a: {len(stages)} progress reports")

    try:
        privlab.rldp.measure(np.full((2, 4), np.nan), p_hat)
        ok = False
    except privlab.PrivlabError as e:
        print(f"refused: {e.code} at {e.field}: {e}")
        ok &= e.field == "/q/0/0"
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

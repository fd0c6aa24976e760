"""The privacy funnel with LDP/LIP guarantees [funnel] (privlab/funnel.h): the joint p(s,x)
[s][x]; protocols q [y][x] (or [y][s*|X|+x] when they read the secret)."""
from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from . import _core
from ._convert import each_epsilon, guarded, integers, matrix, number, string
from .result import Result, wrap


def mechanism_names() -> list[str]:
    return list(_core.funnel.mechanism_names())


def design(joint: Any, mechanism: str, epsilon: Any, metric: str = "lip",
           attributes: Optional[Sequence[int]] = None) -> Result:
    """Designs 'opt-lip' (Theorem 3), 'opt-ldp' (Theorem 2), 'grr' | 'oue' | 'cr' (calibrated to
    metric 'lip' or 'ldp') or 'srlip-product' (Section VI, needs attributes). Fields: mechanism,
    audit, mutual_information, nmi, entropy_x, leakage, lip, ldp, ldp_input, and srlip, polytope,
    alpha, output_sets, per_attribute where they apply."""
    j, m, e = matrix(joint, "joint"), string(mechanism, "mechanism"), number(epsilon, "epsilon")
    mt, a = string(metric, "metric"), integers(attributes, "attributes")
    return wrap(guarded(lambda: _core.funnel.design(j, m, e, mt, a)))  # type: ignore[no-any-return]


def measure(q: Any, joint: Any, attributes: Optional[Sequence[int]] = None) -> Result:
    """Utility I(X;Y), leakage I(S;Y), LIP (27), LDP (1), LDP of the input (2) and, with
    attributes, SRLIP (22) of a protocol q under the joint [s][x]."""
    qm, j, a = matrix(q, "q"), matrix(joint, "joint"), integers(attributes, "attributes")
    return wrap(guarded(lambda: _core.funnel.measure(qm, j, a)))  # type: ignore[no-any-return]


def sweep(joint: Any, mechanism: str, epsilons: Any, metric: str = "lip") -> Result:
    """design() at every epsilon of an array. Fields: epsilon, mutual_information, leakage, lip,
    ldp (arrays) and designs."""
    eps, designs = each_epsilon(epsilons, lambda e: design(joint, mechanism, e, metric))
    return Result(epsilon=eps, designs=designs,
                  **{k: np.array([float(d[k]) for d in designs]) for k in ("mutual_information", "leakage", "lip", "ldp")})

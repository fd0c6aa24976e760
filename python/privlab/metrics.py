"""Measurements that read a mechanism's matrix only (privlab/metrics.h). Nats; epsilons are
natural-log ratios (inf allowed)."""
from __future__ import annotations

from typing import Any

from . import _core
from ._convert import guarded, integer, matrix, vector


def entropy(p: Any) -> float:
    """H(P) in nats of a probability vector p."""
    pv = vector(p, "p")
    return guarded(lambda: float(_core.metrics.entropy(pv)))


def mutual_information(px: Any, q: Any) -> float:
    """I(X;Y) for X ~ px and the mechanism q [y][x] (rldp eq. (44)-(45)). The one function whose
    distribution comes first (as in C++, where the types differ)."""
    pxv, qm = vector(px, "px"), matrix(q, "q")
    return guarded(lambda: float(_core.metrics.mutual_information(pxv, qm)))


def realized_epsilon(q: Any, joint: Any) -> float:
    """Realized epsilon w.r.t. S under the joint [s][u] (rldp Section 8.3)."""
    qm, j = matrix(q, "q"), matrix(joint, "joint")
    return guarded(lambda: float(_core.metrics.realized_epsilon(qm, j)))


def ldp_epsilon(q: Any) -> float:
    """LDP level of q (rldp Definition 2)."""
    qm = matrix(q, "q")
    return guarded(lambda: float(_core.metrics.ldp_epsilon(qm)))


def simplex_rldp_epsilon(q: Any, num_s: Any, num_u: Any) -> float:
    """(eps, simplex)-RLDP level (rldp Proposition 3); q has num_s * num_u columns."""
    qm, ns, nu = matrix(q, "q"), integer(num_s, "num_s"), integer(num_u, "num_u")
    return guarded(lambda: float(_core.metrics.simplex_rldp_epsilon(qm, ns, nu)))

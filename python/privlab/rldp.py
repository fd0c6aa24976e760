"""Robust local differential privacy [rldp] (privlab/rldp.h): design and measure mechanisms Q
[y][x] (x = s*|U| + u) for an estimate P-hat = joint [s][u] over an uncertainty set F."""
from __future__ import annotations

from typing import Any, Union

import numpy as np

from . import _core
from ._convert import each_epsilon, guarded, integer, matrix, number, options, string
from .result import Result, wrap

UncertaintySet = _core.rldp.UncertaintySet
Uncertainty = Union[None, str, dict[str, Any], "UncertaintySet"]


def point() -> UncertaintySet:
    """F = {P-hat}."""
    return _core.rldp.point()


def simplex() -> UncertaintySet:
    """F = the whole simplex."""
    return _core.rldp.simplex()


def renyi_ball(alpha: Any, radius: Any) -> UncertaintySet:
    """F = {P : D_alpha(P-hat || P) <= radius} (eq. 8)."""
    a, r = number(alpha, "alpha"), number(radius, "radius")
    return guarded(lambda: _core.rldp.renyi_ball(a, r))


def renyi_ball_confidence(alpha: Any, confidence: Any, n: Any, num_x: Any) -> UncertaintySet:
    """The Renyi ball of confidence `confidence` from n samples (eq. 9 for alpha = 2)."""
    a, c, nn, nx = number(alpha, "alpha"), number(confidence, "confidence"), integer(n, "n"), integer(num_x, "num_x")
    return guarded(lambda: _core.rldp.renyi_ball_confidence(a, c, nn, nx))


def mechanism_names() -> list[str]:
    return list(_core.rldp.mechanism_names())


def _uncertainty(value: Any) -> Any:
    """None, "point", "simplex", an UncertaintySet, or {"alpha", "radius"} / {"alpha", "confidence", "n"}."""
    if value is None or isinstance(value, (str, UncertaintySet)):
        return value
    if isinstance(value, Result) and "kind" in value:  # the "uncertainty" of a design's result
        return value["kind"] if value["kind"] != "renyi" else {"alpha": value["alpha"], "radius": value["radius"]}
    u = options(value, "uncertainty", ["alpha", "radius", "confidence", "n"])
    return {k: integer(v, f"uncertainty/{k}") if k == "n" else number(v, f"uncertainty/{k}") for k, v in u.items()}


def design(joint: Any, mechanism: str, epsilon: Any, uncertainty: Uncertainty = None,
           same_s_rows: bool = True) -> Result:
    """Designs 'grr' | 'srr' | 'ir' | 'nr' | 'polyopt' for P-hat = joint [s][u] at epsilon over F.
    Fields: those of the JSON response (mechanism [y][x], audit, mutual_information, nmi, epsilon
    (under P-hat), robust_epsilon, robust_epsilon_exact, uncertainty, details, ...) plus
    ldp_epsilon and simplex_epsilon."""
    j, m, e, u = matrix(joint, "joint"), string(mechanism, "mechanism"), number(epsilon, "epsilon"), _uncertainty(uncertainty)
    if not isinstance(same_s_rows, bool):
        from ._convert import error
        raise error("not_a_boolean", "/same_s_rows", "same_s_rows must be True or False")
    return wrap(guarded(lambda: _core.rldp.design(j, m, e, u, same_s_rows)))  # type: ignore[no-any-return]


def measure(q: Any, joint: Any, uncertainty: Uncertainty = None) -> Result:
    """The metrics of a given mechanism q [y][x] for P-hat = joint [s][u] over F."""
    qm, j, u = matrix(q, "q"), matrix(joint, "joint"), _uncertainty(uncertainty)
    return wrap(guarded(lambda: _core.rldp.measure(qm, j, u)))  # type: ignore[no-any-return]


def sweep(joint: Any, mechanism: str, epsilons: Any, uncertainty: Uncertainty = None) -> Result:
    """design() at every epsilon of an array (instead of a Python loop). Fields: epsilon,
    mutual_information, robust_epsilon, ldp_epsilon (arrays, one entry per epsilon) and
    designs (the list of design() results)."""
    eps, designs = each_epsilon(epsilons, lambda e: design(joint, mechanism, e, uncertainty))
    return Result(epsilon=eps, designs=designs,
                  mutual_information=np.array([d.mutual_information for d in designs]),
                  robust_epsilon=np.array([float(d.robust_epsilon) for d in designs]),
                  ldp_epsilon=np.array([float(d.ldp_epsilon) for d in designs]))

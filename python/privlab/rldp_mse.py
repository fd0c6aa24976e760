"""Mean-squared-error release under robust privacy [mse] (privlab/rldp_mse.h): P-hat = joint
[s][u]; mechanisms q [y][x] with outputs the values of U."""
from __future__ import annotations

from typing import Any

from . import _core
from ._convert import guarded, integer, matrix, number, optional_matrix, optional_vector, options, string
from .result import Result, wrap


def problem_names() -> list[str]:
    return list(_core.rldp_mse.problem_names())


def radius_from_confidence(confidence: Any, n: Any, num_x: Any) -> float:
    """B of eq. (3): the chi-square quantile with num_x - 1 degrees of freedom, / n."""
    c, nn, nx = number(confidence, "confidence"), integer(n, "n"), integer(num_x, "num_x")
    return guarded(lambda: float(_core.rldp_mse.radius_from_confidence(c, nn, nx)))


def _uncertainty(value: Any) -> dict[str, Any]:
    u = options(value, "uncertainty", ["radius", "confidence", "n"])
    return {k: integer(v, f"uncertainty/{k}") if k == "n" else number(v, f"uncertainty/{k}") for k, v in u.items()}


def design(joint: Any, problem: str, epsilon: Any, uncertainty: dict[str, Any], values: Any = None,
           true_joint: Any = None, gap_tolerance: float = 1e-4, max_rounds: int = 150) -> Result:
    """Solves 'nunp' (7), 'nurp' (8), 'runp' (9) or 'rurp' (10) over F = {'radius': B} or
    {'confidence': c, 'n': n} (eq. (2)-(3))."""
    j, p, e, u = matrix(joint, "joint"), string(problem, "problem"), number(epsilon, "epsilon"), _uncertainty(uncertainty)
    v, t = optional_vector(values, "values"), optional_matrix(true_joint, "true_joint")
    g, r = number(gap_tolerance, "gap_tolerance"), integer(max_rounds, "max_rounds")
    return wrap(guarded(lambda: _core.rldp_mse.design(j, p, e, u, v, t, g, r)))  # type: ignore[no-any-return]


def measure(q: Any, joint: Any, uncertainty: dict[str, Any], values: Any = None, true_joint: Any = None) -> Result:
    """Distortion and privacy of q [y][x] under P-hat, over F (certified) and under the true joint."""
    qm, j, u = matrix(q, "q"), matrix(joint, "joint"), _uncertainty(uncertainty)
    v, t = optional_vector(values, "values"), optional_matrix(true_joint, "true_joint")
    return wrap(guarded(lambda: _core.rldp_mse.measure(qm, j, u, v, t)))  # type: ignore[no-any-return]

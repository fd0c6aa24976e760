"""Privacy with estimation guarantees [estimation] (privlab/estimation.h): the joint P(S,X)
[s][x]; mappings q [y][x]."""
from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import numpy as np

from . import _core
from ._convert import error, guarded, integers, matrix, number, string, vector
from .result import Result, wrap


def analyze(joint: Any) -> Result:
    """The chi-square summary of P(S,X): pics, chi2, upper_bound / lower_bound / simple_bound
    (breakpoints [eps, F] as rows), maximal_correlation, delta, marginals, principal_functions,
    theorem3 (or None)."""
    j = matrix(joint, "joint")
    return wrap(guarded(lambda: _core.estimation.analyze(j)))  # type: ignore[no-any-return]


def _functions(value: Any, name: str) -> list[Any]:
    if value is None or isinstance(value, (str, bytes, dict)):
        raise error("invalid_type", "/" + name, "expected a list of functions (1-D arrays)")
    try:
        items = list(value)
    except TypeError:
        raise error("invalid_type", "/" + name, "expected a list of functions (1-D arrays)") from None
    return [vector(f, f"{name}/{i}") for i, f in enumerate(items)]


def design(joint: Any, private_functions: Any, useful_functions: Any, theta: Union[float, Sequence[float]],
           objective: str = "min", order: Optional[Sequence[int]] = None, weights: Optional[Sequence[float]] = None,
           tolerance: float = 1e-6) -> Result:
    """Formulation 1 (20)-(25): private functions of S, useful functions of X, theta (one number
    or one per private function) with mmse(s_i(S)|Y) >= theta_i."""
    j = matrix(joint, "joint")
    priv, use = _functions(private_functions, "private_functions"), _functions(useful_functions, "useful_functions")
    th: Union[float, list[float]]
    if isinstance(theta, (int, float, np.integer, np.floating)):
        th = number(theta, "theta")
    elif isinstance(theta, (str, bytes, dict)) or theta is None:
        raise error("invalid_type", "/theta", "theta must be a number or one number per private function")
    else:
        try:
            items = list(theta)
        except TypeError:
            raise error("invalid_type", "/theta", "theta must be a number or one number per private function") from None
        th = [number(t, f"theta/{i}") for i, t in enumerate(items)]
    ob, od = string(objective, "objective"), integers(order, "order")
    w = [] if weights is None else [number(x, f"weights/{i}") for i, x in enumerate(weights)]
    tol = number(tolerance, "tolerance")
    return wrap(guarded(lambda: _core.estimation.design(j, priv, use, th, ob, od, w, tol)))  # type: ignore[no-any-return]


def measure(q: Any, joint: Any) -> Result:
    """chi^2(S;Y), chi^2(X;Y) (eq. (1)) and the PICs of P_{S,Y} and P_{X,Y} for a mapping q [y][x]
    under P(S,X). The mechanism comes first, as in every family."""
    qm, j = matrix(q, "q"), matrix(joint, "joint")
    return wrap(guarded(lambda: _core.estimation.measure(qm, j)))  # type: ignore[no-any-return]


def chi_square_information(joint: Any) -> float:
    """chi^2(U;V) of a joint [u][v] from eq. (1)."""
    j = matrix(joint, "joint")
    return guarded(lambda: float(_core.estimation.chi_square_information(j)))

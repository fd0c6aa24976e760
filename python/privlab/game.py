"""Stackelberg privacy games [game] (privlab/game.h): mechanisms p [o][s] (column s is p(.|s)),
attacks [shat][o], a prior over the secrets and a distance d(shat, s)."""
from __future__ import annotations

from typing import Any, Optional

from . import _core
from ._convert import FloatArray, guarded, matrix, optional_matrix, optional_number, string, vector
from .result import Result, wrap


def optimal_attack(p: Any, prior: Any, distance: Any) -> tuple[list[int], float]:
    """The optimal attack (19) on p [o][s]: (guess per observation, expected error (7))."""
    pm, pr, d = matrix(p, "p"), vector(prior, "prior"), matrix(distance, "distance")
    guess, err = guarded(lambda: _core.game.optimal_attack(pm, pr, d))
    return list(guess), float(err)


def bayes_attack(p: Any, prior: Any) -> FloatArray:
    """The Bayesian attack (25), [shat][o]."""
    pm, pr = matrix(p, "p"), vector(prior, "prior")
    return guarded(lambda: _core.game.bayes_attack(pm, pr))


def design(prior: Any, distance: Any, mechanism: str, epsilon: Optional[float] = None,
           min_distortion: Optional[float] = None, loss: Any = None, dp_distance: Any = None) -> Result:
    """The optimal mechanism 'distortion' (21, needs min_distortion), 'dp' (22, needs epsilon) or
    'joint' (24, needs both) for the prior and distance d(shat,s) (O = S; Hamming utility loss
    unless loss [o][s] is given). Fields: mechanism [o][s], cost, worst_cost, attack,
    adversary_error, bayes_error, epsilon, lower_bound, gap, exact, audit(, audit_distortion)."""
    pr, d, m = vector(prior, "prior"), matrix(distance, "distance"), string(mechanism, "mechanism")
    e, dm = optional_number(epsilon, "epsilon"), optional_number(min_distortion, "min_distortion")
    lo, dd = optional_matrix(loss, "loss"), optional_matrix(dp_distance, "dp_distance")
    return wrap(guarded(lambda: _core.game.design(pr, d, m, e, dm, lo, dd)))  # type: ignore[no-any-return]

"""privlab: privacy mechanisms of five papers (RLDP, robust MSE release, the privacy funnel,
privacy with estimation guarantees, Stackelberg privacy games) as a Python module.

    privlab.solve(request)                the JSON API (docs/api.md) with dicts, numpy arrays allowed
    privlab.experiment(family, name, ...) a whole experiment, with progress and Ctrl-C
    privlab.rldp, rldp_mse, funnel, estimation, game, metrics   typed functions over numpy arrays
    privlab.PrivlabError                  every refusal: .code, .field (JSON pointer), .kind, .exit_code

Conventions: a mechanism is [output][input] (columns are distributions); a joint table is [s][u]
with the flat input x = s*|U| + u. Arguments: the mechanism first, then the distribution it acts
on, then options (docs/python.md).
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from . import _core
from ._convert import PrivlabError, error, named, string
from .result import Result, wrap

__version__: str = _core.version()

ProgressCallback = Callable[[float, str], None]


def solve(request: dict[str, Any], progress: Optional[ProgressCallback] = None, numpy: bool = False) -> Result:
    """Answers one request (a dict as in docs/api.md; numpy arrays and scalars may stand for
    lists and numbers). Returns the response as a Result; with numpy=True every rectangular
    array of numbers in it is a float64 numpy array ("Infinity" becomes inf). progress(fraction,
    stage) is called during long requests; Ctrl-C raises KeyboardInterrupt within 0.1 s and
    cancels the request. Every refusal is a PrivlabError."""
    if not isinstance(request, dict):
        raise error("not_an_object", "", f"the request must be a dict, got {type(request).__name__}")
    if progress is not None and not callable(progress):
        raise error("invalid_type", "/progress", "progress must be callable(fraction, stage)")
    try:
        response = _core.solve(request, progress, bool(numpy))
    except PrivlabError as err:  # an exception of the progress callback passes unchanged
        raise named(err) from None
    return wrap(response)  # type: ignore[no-any-return]


def experiment(family: str, name: str, progress: Optional[ProgressCallback] = None, numpy: bool = False,
               **parameters: Any) -> Result:
    """Runs experiment `name` of `family` (the families' READMEs list them and their parameters):
    solve({"family": family, "experiment": name, **parameters}, progress, numpy)."""
    request = {"family": string(family, "family"), "experiment": string(name, "experiment"), **parameters}
    return solve(request, progress, numpy)


def version() -> str:
    return __version__


from . import estimation, funnel, game, metrics, rldp, rldp_mse  # noqa: E402

__all__ = ["PrivlabError", "Result", "solve", "experiment", "version", "__version__", "estimation", "funnel",
           "game", "metrics", "rldp", "rldp_mse"]

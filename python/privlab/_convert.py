"""Argument conversion shared by the typed wrappers: numpy arrays, lists and scalars in, float64
arrays out; anything of the wrong type, rank or emptiness is a PrivlabError naming the argument.
Values (NaN, infinity, signs, sums, shapes against each other) are checked by the C++ core, which
names the argument and cell ("/joint/0/1" is joint[0][1]) the same way."""
from __future__ import annotations

import math
from typing import Any, Callable, Optional, Sequence, TypeVar

import numpy as np
import numpy.typing as npt

from . import _core

PrivlabError = _core.PrivlabError

FloatArray = npt.NDArray[np.float64]
T = TypeVar("T")


def label(field: str) -> str:
    """A JSON pointer as Python reads it: "/joint/0/1" -> "joint[0][1]", "/uncertainty/alpha" ->
    "uncertainty['alpha']"; "" -> "request"."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in field.split("/")[1:]]
    if not parts:
        return "request"
    return parts[0] + "".join(f"[{p}]" if p.isdigit() else f"[{p!r}]" for p in parts[1:])


def named(err: PrivlabError) -> PrivlabError:
    """The core's message prefixed with the argument and cell it names ("joint[0][1]: ...")."""
    prefix = label(getattr(err, "field", "") or "") + ": "
    if err.args and not str(err.args[0]).startswith(prefix):
        err.args = (prefix + str(err.args[0]),) + tuple(err.args[1:])
    return err


def error(code: str, field: str, message: str) -> PrivlabError:
    """A PrivlabError like the core's: .code, .field (JSON pointer), .kind, .exit_code."""
    err = PrivlabError(f"{label(field)}: {message}")
    err.code = code
    err.field = field
    err.kind = "bad_request"
    err.exit_code = 2
    return err


def _array(value: Any, name: str, ndim: int) -> FloatArray:
    what = "matrix (2-D array)" if ndim == 2 else "vector (1-D array)"
    if value is None or isinstance(value, (str, bytes, dict, bool)):
        raise error("invalid_type", "/" + name, f"expected a {what} of numbers, got {type(value).__name__}")
    try:
        arr = np.asarray(value)
    except (ValueError, TypeError) as e:  # ragged nested lists
        raise error("not_a_matrix" if ndim == 2 else "not_a_vector", "/" + name, f"expected a {what}: {e}") from None
    if arr.dtype.kind not in "iuf":
        raise error("not_a_number", "/" + name, f"expected a {what} of numbers, got dtype {arr.dtype}")
    if arr.ndim != ndim:
        raise error("not_a_matrix" if ndim == 2 else "not_a_vector", "/" + name,
                    f"expected a {what}, got {arr.ndim} dimension(s) of shape {arr.shape}")
    if arr.size == 0:
        raise error("not_a_matrix" if ndim == 2 else "not_a_vector", "/" + name, f"expected a non-empty {what}")
    return np.ascontiguousarray(arr, dtype=np.float64)


def matrix(value: Any, name: str) -> FloatArray:
    """A 2-D float64 array (a 1-D array is refused, never taken as a column)."""
    return _array(value, name, 2)


def vector(value: Any, name: str) -> FloatArray:
    return _array(value, name, 1)


def optional_matrix(value: Any, name: str) -> Optional[FloatArray]:
    return None if value is None else matrix(value, name)


def optional_vector(value: Any, name: str) -> Optional[FloatArray]:
    return None if value is None else vector(value, name)


def number(value: Any, name: str) -> float:
    """A finite real number (bool, None, strings and arrays refused)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise error("not_a_number", "/" + name, f"expected a number, got {type(value).__name__}")
    x = float(value)
    if not math.isfinite(x):
        raise error("not_finite", "/" + name, "expected a finite number (NaN and infinity are refused)")
    return x


def optional_number(value: Any, name: str) -> Optional[float]:
    return None if value is None else number(value, name)


def integer(value: Any, name: str) -> int:
    x = number(value, name)
    if x != math.floor(x):
        raise error("out_of_range", "/" + name, f"expected a whole number, got {x}")
    return int(x)


def string(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise error("not_a_string", "/" + name, f"expected a string, got {type(value).__name__}")
    return value


def integers(value: Any, name: str) -> list[int]:
    if value is None:
        return []
    if isinstance(value, (str, bytes, dict)):
        raise error("invalid_type", "/" + name, f"expected a list of whole numbers, got {type(value).__name__}")
    try:
        items = list(value)
    except TypeError:
        raise error("invalid_type", "/" + name, f"expected a list of whole numbers, got {type(value).__name__}") from None
    return [integer(v, f"{name}/{i}") for i, v in enumerate(items)]


def options(value: Any, name: str, known: Sequence[str]) -> dict[str, Any]:
    """A typed option dict: unknown keys are refused like unknown request fields ("unknown_field"
    naming the key and the nearest known one, by the core's json_read::nearest)."""
    if not isinstance(value, dict):
        raise error("invalid_type", "/" + name, f"expected a dict, got {type(value).__name__}")
    _core._check_keys(value, "/" + name, list(known))
    return dict(value)


def each_epsilon(epsilons: Any, design: Callable[[float], T]) -> tuple[FloatArray, list[T]]:
    """design(eps) for every entry of the array `epsilons` (the sweeps); a refused level names
    its entry ("/epsilons/3")."""
    eps = vector(epsilons, "epsilons")
    out = []
    for i, e in enumerate(eps):
        try:
            out.append(design(float(e)))
        except PrivlabError as err:
            if err.field == "/epsilon":
                err.field = f"/epsilons/{i}"
            raise
    return eps, out


def guarded(call: Callable[[], T]) -> T:
    """Runs a call into the extension: its PrivlabError's message names the argument and cell
    (named); a TypeError of its argument casting (which the checks above should make impossible)
    still leaves as a PrivlabError, never as another exception type."""
    try:
        return call()
    except PrivlabError as e:
        raise named(e) from None
    except TypeError as e:
        raise error("invalid_type", "", str(e)) from None

"""Typed results: a dict with attribute access, numpy fields, a readable repr, and pickling."""
from __future__ import annotations

from typing import Any

import numpy as np


class Result(dict):  # type: ignore[type-arg]
    """A privlab result. Fields read as attributes (r.mechanism) or keys (r["mechanism"]);
    matrices are numpy arrays; nested objects are Results too. Pickles as a plain dict subclass."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"this result has no field '{name}' (fields: {', '.join(self)})") from None

    def __dir__(self) -> list[str]:
        return list(super().__dir__()) + [str(k) for k in self]

    def __repr__(self) -> str:
        parts = []
        for key, value in self.items():
            if isinstance(value, np.ndarray):
                text = f"array{value.shape}" if value.size > 8 else np.array2string(value, precision=4, separator=", ")
            elif isinstance(value, float):
                text = f"{value:.6g}"
            elif isinstance(value, Result):
                text = "{" + ", ".join(map(str, value)) + "}"
            elif isinstance(value, list) and len(value) > 4:
                text = f"[{len(value)} items]"
            else:
                text = repr(value)
            parts.append(f"{key}={text}")
        return "Result(" + ", ".join(parts) + ")"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Result, (dict(self),))


def wrap(value: Any) -> Any:
    """Dicts (also inside lists) become Results."""
    if isinstance(value, dict):
        return Result({k: wrap(v) for k, v in value.items()})
    if isinstance(value, list):
        return [wrap(v) for v in value]
    return value

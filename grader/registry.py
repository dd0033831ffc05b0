"""Looking alternatives up by name: the clause strategies, the money conclusions.

Where the grader has alternatives, they are registered by name (lm-evaluation-harness's
`Registry`); an unknown name is a `GraderConfigError` that suggests the closest registered one
("did you mean") and lists them all. On the ground floor, beside `grader.errors`: the rules'
registries call it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from grader.errors import GraderConfigError

T = TypeVar("T")
SIMILAR = 60  # a rapidfuzz score: below it, no name is suggested


def lookup(registry: Mapping[str, T], name: str, what: str) -> T:
    """``registry[name]``.

    Args:
        registry: The alternatives, by name.
        name: The name asked for.
        what: What the alternatives are, for the message ("clause strategy").

    Raises:
        GraderConfigError: for an unknown name, suggesting the closest registered one.
    """
    found = registry.get(name)
    if found is not None:
        return found
    from rapidfuzz import process  # only an unknown name needs it

    best = process.extractOne(name, list(registry))
    hint = f"; did you mean {best[0]!r}?" if best and best[1] >= SIMILAR else ""
    raise GraderConfigError(f"unknown {what} {name!r}{hint} (known: {', '.join(registry)})")

"""Parameter ids that read like the case: ``ids=case_id`` names each parameter by what it holds
(text as written, a number or a flag as printed, a collection as its items, a gold record by
its key) where pytest would number it (``amounts0``, ``gold3``)."""

from __future__ import annotations

from typing import Any


def case_id(value: Any) -> str:
    """The parameter as a case's id shows it."""
    if isinstance(value, str):
        return value
    key = getattr(value, "key", None)
    if isinstance(key, str):
        return f"key {key}"
    if isinstance(value, (set, frozenset)):
        return ", ".join(sorted(_item(item) for item in value)) or "nothing"
    if isinstance(value, (list, tuple)):
        return ", ".join(_item(item) for item in value) or "nothing"
    return str(value)


def _item(value: Any) -> str:
    """An item of a collection: a collection inside one is shown in brackets."""
    shown = case_id(value)
    return f"({shown})" if isinstance(value, (list, tuple, set, frozenset)) else shown

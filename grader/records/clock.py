"""When a record was written: the one form of every record's time (``created``, ``replaced``),
UTC to the second, as ``2026-12-06T10:17:24Z``."""

from __future__ import annotations

from datetime import UTC, datetime

STAMP_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def stamp(when: datetime) -> str:
    """``when`` in the records' form (an aware time, in any zone)."""
    return when.astimezone(UTC).strftime(STAMP_FORMAT)


def now() -> str:
    """The time now, in the records' form."""
    return stamp(datetime.now(UTC))

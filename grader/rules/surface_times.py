"""Times of day (DESIGN 4.6, grader v4): a clock time in one written form, for the surface forms
(`grader.rules.surface`).

- On the 24-hour clock without a leading zero: "08:00", "8:00", "8 am", "8am", "8 a.m.",
  "8:00 am", "8 o'clock" are "8:00"; "8 pm", "8:00 p.m.", "20:00" are "20:00"; "12 am" is
  "0:00", "12 pm" "12:00"; "9:30 am" is "9:30".
- Never one half of the day for the other: "8 pm" is not "8:00" nor "8 am"; "18:00" is not
  "8:00". "8 o'clock" says no half of the day and is read as the morning's (the plain reading
  of "8:00"). Never a figure that is not a time: a ratio "3:1", a score "2:10" stays as
  written but for a leading zero ("02:10" is "2:10"), a decimal "8.00", an hour out of range
  ("13 pm", "25:00"), a time with seconds ("08:00:30") is left as written.

The text is normalised (lower case) and its initials joined ("a.m." is "am") before this step.
"""

from __future__ import annotations

import re

# the words a time of day is written with beside its figure: what the surface forms' guard
# looks for (with ":")
CLOCK_WORDS = frozenset(("am", "pm", "clock"))

_HALF = re.compile(r"(?<![\w:.,])(\d{1,2})(?::([0-5]\d))? ?(am|pm|o'clock)(?![\w'])")
_LEADING_ZERO = re.compile(r"(?<![\w:.,])0(\d):([0-5]\d)(?![\w:])")


def _half(match: re.Match[str]) -> str:
    hour, minutes, half = int(match.group(1)), match.group(2) or "00", match.group(3)
    if not 1 <= hour <= 12 or (half == "o'clock" and match.group(2)):
        return match.group(0)
    if half == "pm":
        hour = hour % 12 + 12
    elif half == "am":
        hour = hour % 12
    return f"{hour}:{minutes}"


def clock_times(text: str) -> str:
    """``text`` with its times of day in one form (the module's definition)."""
    text = _HALF.sub(_half, text)
    return _LEADING_ZERO.sub(r"\1:\2", text)

"""Dates, in the canonical form (`grader.rules.surface.surface`, DESIGN 4.6):

- **dates** in any common order are one form, year-month-day: "14 july 1789", "july 14, 1789",
  "the 14th of july 1789" are "1789-07-14"; "july 1789" is "1789-07"; "july 14" and "14 july"
  are "07-14" ("may" and "march" only with a year: they are also words; without one they stay
  as written, a day's ordinal ending dropped: "march 17th" is "march 17"). A key's date is
  matched at its own granularity: "july 1789" is said by "14 july 1789", "1789" by any date in
  it, "december" by "december 7, 1941" (the answer is also read with its dates as written).
  Never: another day, month or year; a coarser date than the key's.

A date in figures ("01/09/2024", "22.04.2025") is read both ways when both are dates, one way
when the other is no date; never a fraction or a version ("1/2", "3.10.2").
"""

from __future__ import annotations

import re

# Runs of letters: the words a step's guard looks for (a superset of what its pattern reads).
LETTERS = re.compile(r"[a-z]+")

_MONTHS = (
    "january february march april may june july august september october november december"
).split()
MONTH_NUMBER = {name: number for number, name in enumerate(_MONTHS, start=1)}
MONTH_NUMBER.update(
    {name[:3]: number for number, name in enumerate(_MONTHS, start=1) if name != "may"}
)
MONTH_NUMBER["sept"] = 9
_MONTH_ALT = "|".join(sorted(MONTH_NUMBER, key=len, reverse=True))
_DAY = r"(?P<{}>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?P<{}>\d{{4}})(?!\d)"
_MONTH = rf"(?P<{{}}>{_MONTH_ALT})\.?"
_DATES = (
    # 14 july 1789, 14th of july, 1789, the 14th of july 1789
    re.compile(
        rf"(?<![\w.,])(?:the )?{_DAY.format('d')} (?:of )?{_MONTH.format('m')},? "
        rf"{_YEAR.format('y')}"
    ),
    # july 14, 1789; july 14th 1789
    re.compile(rf"(?<![\w.])\b{_MONTH.format('m')} {_DAY.format('d')},? {_YEAR.format('y')}"),
    # july 1789, july of 1789
    re.compile(rf"(?<![\w.])\b{_MONTH.format('m')},? (?:of )?{_YEAR.format('y')}"),
    # 14 july, july 14 (no year): not for "may" and "march", which are also words
    re.compile(rf"(?<![\w.,])(?:the )?{_DAY.format('d')} (?:of )?{_MONTH.format('m')}(?![\w])"),
    re.compile(rf"(?<![\w.])\b{_MONTH.format('m')} {_DAY.format('d')}(?![\w]|,? \d)"),
)


# A date in figures, day and month either way round ("01/09/2024", "22.04.2025"): read both ways
# when both are dates ("2024-09-01/2024-01-09", either said by it), one way when the other is
# no date ("22/04/2025" is "2025-04-22"). Never a fraction or a version ("1/2", "3.10.2").
_NUMERIC_DATE = re.compile(r"(?<![\d/.-])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\w/]|\.\d)")


def _numeric_date(match: re.Match[str]) -> str:
    first, second, year = int(match.group(1)), int(match.group(3)), match.group(4)
    readings = []
    if 1 <= second <= 12 and 1 <= first <= 31:
        readings.append(f"{year}-{second:02d}-{first:02d}")  # day first
    if 1 <= first <= 12 and 1 <= second <= 31:
        readings.append(f"{year}-{first:02d}-{second:02d}")  # month first
    return "/".join(dict.fromkeys(readings)) or match.group(0)


def _date(match: re.Match[str]) -> str:
    found = match.groupdict()
    month_name = found["m"]
    year = found.get("y")
    day = found.get("d")
    if year is None and month_name in ("may", "march", "mar"):
        # (also words: left as written, the day's ordinal ending dropped: "march 17th" is
        # "march 17", as a key writes it)
        return _ORDINAL_DAY.sub(r"\1", match.group(0))
    month = MONTH_NUMBER[month_name]
    if day is not None and year is not None:
        return f"{year}-{month:02d}-{int(day):02d}"
    if year is not None:
        return f"{year}-{month:02d}"
    return f"{month:02d}-{int(day or 0):02d}"


_ORDINAL_DAY = re.compile(r"(\d)(?:st|nd|rd|th)\b")


# What every numeric date holds: a slash or a point, one or two digits, a slash or a point again
# and a digit ("14/07/1789", "14.7.1789"; never an amount's decimals alone, "$1,250.75").
_SEPARATED_DIGITS = re.compile(r"[/.]\d{1,2}[/.]\d")
# What every month's name and abbreviation opens with (a month's first three letters): a text
# holding none of them holds no word a date pattern reads.
_MONTH_OPENINGS = tuple(sorted({name[:3] for name in MONTH_NUMBER}))


def dated(text: str) -> str:
    """The dates of a canonical text in one form (the last steps of `surface`: ``surface(t)`` is
    ``dated(surface(t, dates=False))``).

    Each step runs only where the text holds what it reads: the numeric dates where a slash or
    a point and one or two digits stand before another and a digit, the named ones where a
    month's name or abbreviation is a word of the text (looked for first as a month's opening
    letters anywhere in it, found without splitting the text into words);
    `dated_by_definition` runs every step."""
    if ("/" in text or "." in text) and _SEPARATED_DIGITS.search(text) is not None:
        text = _NUMERIC_DATE.sub(_numeric_date, text)
    if any(opening in text for opening in _MONTH_OPENINGS) and not frozenset(
        LETTERS.findall(text)
    ).isdisjoint(MONTH_NUMBER):
        for pattern in _DATES:
            text = pattern.sub(_date, text)
    return text


def dated_by_definition(text: str) -> str:
    """`dated` with every step run on every text: the definition its guards must equal."""
    text = _NUMERIC_DATE.sub(_numeric_date, text)
    for pattern in _DATES:
        text = pattern.sub(_date, text)
    return text

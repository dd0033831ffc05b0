"""A year in the key's period (DESIGN 4.6, v4: dates at the key's granularity).

A key that names a century ("17th century", "the seventeenth century"), its hundreds ("the
1600s") or a decade ("the 1930s", "1890-1899") is said by an answer that gives a year in it:
"It was published in 1651" says "17th century"; "born in 1931" says "the 1930s"; so does a
period inside it ("the 1300s" says "the 14th century", "the 1930s" "the 20th century"). A year is
finer than its period, as "14 july 1789" is finer than "1789" (`grader.rules.surface_dates`).

The span of each: the Nth century from year (N-1)*100 to N*100 (both ends: "1700" is read as the
17th century by the count from year 1 and as the 18th by the hundreds, and either is said by
it); "the 1600s" from 1600 to 1699; "the 1930s" from 1930 to 1939; a range of years ("1723-1792")
as written, when the question asks for a year of it ("Give a year in the life of ..."):
otherwise a range is the answer, and only the range says it (`grader.rules.surface_units`).

Never: a year outside the span; an answer that also gives a year outside it or a decade or a
century apart from it, or one that shares only part of it ("1920s (1931)" commits to the 1920s;
"either the 1700s or the 1800s" names the 1800s, which share only the year 1800 with the 18th
century read from both ends; "built in 1651 and rebuilt in
1702"; a century that holds the key's decade is no other period: "in 1931, the third decade of
the 20th century" says "the 1930s"); a period alone, coarser than the key's ("the 20th century"
does not say "the 1930s": no year); a figure of four digits that is no year (before 1000 or
after 2099).

**A decade for a year** (`decade_for_year`, K007 less specific than the key): a key that is a
year, or a date in it ("1990", "April 1990", "24 April 1990"), answered by the decade that holds
that year and no year ("in the early 1990s", "the 1990's", "mid-1990s" for 1995) names a span
of ten years, not the year: partial, as the key's kind alone is. A decade is never the year it
opens with: "1990s" does not say "1990" (`grader.rules.surface_match.form_pattern`). "early",
"mid" and "late" narrow the decade to its years 0-3, 3-7 and 6-9. Never: a year said ("in 1990,
early in the 1990s" says the key); another year or a decade that does not hold the key's ("the
1980s", "the late 1990s" for 1990: another time); a key that is itself a decade ("the 1990s" is
said by "the 1990s"); a century ("the 20th century" for 1990 is no decade of it: another rule).
"""

from __future__ import annotations

import re

# (all read on canonical text: "seventeenth" is "17th", "1930s" is "1930 s")
_CENTURY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)[- ]century")
_DECADE = re.compile(r"(\d{2,3})0 ?['’]?s")
_RANGE = re.compile(r"(\d{4}) ?[-–] ?(\d{4})")
_A_YEAR = re.compile(r"(?<!\w)(?:a|one|any) year(?!\w)")
_YEAR = re.compile(r"(?<![\w.,-])(1\d{3}|20\d{2})(?![\w]|[.,]\d| ?['’]?s\b)")


# A decade an answer names in place of a year: "1990 s", "1990's", "mid-1990 s", "the early
# 1990 s" (canonical: the plural's "s" stands apart).
_DECADE_NAMED = re.compile(
    r"(?<![\w.,-])(?:(?P<third>early|mid|late)[- ](?:the )?)?(?P<decade>1\d{2}0|20\d0) ?'?s(?!\w)"
)
_THIRDS: dict[str | None, tuple[int, int]] = {
    "early": (0, 3),
    "mid": (3, 7),
    "late": (6, 9),
    None: (0, 9),
}
# A key that is a year, or a date in it (canonical: "1990", "1990-04", "1990-04-24").
_KEY_YEAR = re.compile(r"(1\d{3}|20\d{2})(?:-\d{2}(?:-\d{2})?)?")


def period_of(form_text: str) -> tuple[int, int] | None:
    """The first and last year of a key that names a century, its hundreds or a decade (its
    canonical form alone), or None."""
    found = _CENTURY.fullmatch(form_text)
    if found is not None:
        century = int(found.group(1))
        return (century - 1) * 100, century * 100
    found = _DECADE.fullmatch(form_text)
    if found is not None:
        start = int(found.group(1)) * 10
        if start < 1000:
            return None
        return start, start + (99 if start % 100 == 0 else 9)
    found = _RANGE.fullmatch(form_text)
    if found is not None and int(found.group(1)) < int(found.group(2)):
        return int(found.group(1)), int(found.group(2))
    return None


def says_period(form_text: str, answer_surface: str, question_surface: str = "") -> bool:
    """Whether the answer (its canonical asserted text) gives a year in the period the key
    names, and no year, decade or century outside it (see the module); a range of years only
    when the question asks for a year of it."""
    period = period_of(form_text)
    if period is None:
        return False
    if _RANGE.fullmatch(form_text) and _A_YEAR.search(question_surface) is None:
        return False
    first, last = period
    inside = False
    for year in (int(year) for year in _YEAR.findall(answer_surface)):
        if not first <= year <= last:
            return False
        inside = True
    for named in (*_CENTURY.finditer(answer_surface), *_DECADE.finditer(answer_surface)):
        span = period_of(named.group(0))
        if span is None:
            continue
        within = first <= span[0] and span[1] <= last
        if not within and not (span[0] <= first and last <= span[1]):
            return False  # another period ("1920s (1931)" for "the 1930s"; "the 1800s" shares
            # only the year 1800 with "the 18th century")
        inside = inside or within
    return inside


def decade_for_year(form_text: str, answer_surface: str) -> str:
    """The decade the answer (its canonical asserted text) names in place of the key's year
    ("early 1990s"), when the key (a canonical form) is a year or a date in it, the
    decade holds that year and the answer gives no year; "" otherwise (see the module)."""
    key = _KEY_YEAR.fullmatch(form_text)
    if key is None or _YEAR.search(answer_surface) is not None:
        return ""
    year = int(key.group(1))
    named = ""
    for found in _DECADE_NAMED.finditer(answer_surface):
        start = int(found.group("decade"))
        first, last = _THIRDS[found.group("third")]
        if not start + first <= year <= start + last:
            return ""  # another time ("the 1980s", "the late 1990s" for 1990)
        third = found.group("third")
        opening = {"mid": "mid-", None: ""}.get(third, f"{third} ")
        named = named or opening + found.group("decade") + "s"
    return named

"""A number written the European way (DESIGN 4.3 and 4.6, grader v4): dots between groups of
three digits and a decimal comma. Read here once for the three families that meet one: a key's
figure said in an answer (`grader.rules.surface.figure_forms`), an answer's figures
(`grader.rules.figures`) and money (`grader.rules.currencies.read_number`).

**Definition.** A number whose whole part has dots between groups of exactly three digits
("1.500", "4.900.000") or none ("3"), then its decimals after a comma ("3,5", "0,25",
"1.500,5"). A comma is a decimal comma before one, two, or four or more digits (`DECIMALS`,
`decimal_comma`: "3,14159"). The reading is the number in the English form, its marks swapped
(`in_english`): "1.500,5" is "1,500.5", "4.900.000" "4,900,000", "3,5" "3.5". "1.500" alone may
be read either way (`ambiguous`): 1.5, or 1,500 the European way; each reader says which it
takes.

**Never:** a comma before exactly three digits as a decimal comma ("3,500" is three thousand
five hundred, not 3.5; "42,195 km" is no 42.195 km), a point between groups of other than three
digits ("2.0.1", "1.50.000"), a point before fewer than three ("1.5" is not 1,500), a figure of
a list ("1,2,3" holds no 1.2 and no 2.3), a comma and a space ("3, 5 and 7"), fewer than four
digits grouped ("0.500" is no 500), a date ("14.07.1789", `grader.rules.surface_dates`). The
cases are tests/rules/test_european_numbers.py's, money's tests/rules/test_money.py's.

**What each reader keeps of its own.** A key's figure is written in every way this reading
reads it, to be found in an answer's text (`grader.rules.surface.figure_forms`, its groups by
`grader.rules.surface_units.groups_of_three`). An answer's figure reads "1.500" alone with a
decimal point, and by its groups where the key's figure is 1,500
(`grader.rules.figures.KeyFigure.matches`); it asks only `ambiguous` there, which never takes a
whole part of 0 for a group ("0.500" beside a key of 500 is no 500). Money reads what an amount's
own separators show (DESIGN 4.3), and reads more and less than a figure does:

- after points between groups, a comma before any number of digits ("1.450,000 €" is
  €1,450.000: a comma after points can be no group); alone, a comma only before cents, one or
  two digits ("45,99 €"; "3,14159 €" is no amount);
- commas between groups before a decimal comma ("1,450,00 €": a French space between groups
  is a comma once cleaned, `grader.rules.normalize.clean`);
- in dollars, never a decimal comma alone ("$1,20" is no amount) and "1.450" only with a
  decimal point; in other currencies "1.450" alone by the key's form.

Money builds its patterns from `DOT_GROUPS` and `TWO_DOTS_OR_MORE`, and keeps its cents.
"""

from __future__ import annotations

import re

# Dots between groups of exactly three digits: "1.500", "4.900.000".
DOT_GROUPS = r"\d{1,3}(?:\.\d{3})+"
# Two dots or more: only the European way reads it ("4.900.000"; "1.500" may be read either way).
TWO_DOTS_OR_MORE = r"\d{1,3}(?:\.\d{3}){2,}"
# What a decimal comma stands before: one, two, or four or more digits ("3,500" is grouped).
DECIMALS = r"(?:\d{4,}|\d{1,2})"
# A number that only the European way reads: points between groups and a decimal comma
# ("1.500,5"), two points or more ("4.900.000"), a decimal comma alone ("3,5", "1500,25").
EUROPEAN = DOT_GROUPS + "," + DECIMALS + "|" + TWO_DOTS_OR_MORE + r"|\d+," + DECIMALS

_DECIMALS = re.compile(DECIMALS)
_AMBIGUOUS = re.compile(r"[1-9]\d{0,2}\.\d{3}")  # (a group never opens with 0)


def decimal_comma(decimals: str) -> bool:
    """Whether a comma before these digits is a decimal comma: "3,5" and "3,14159" hold one,
    "3,500" a comma between groups."""
    return _DECIMALS.fullmatch(decimals) is not None


def ambiguous(number: str) -> bool:
    """Whether a number may be read either way: one point before a group of three ("1.500" is
    1.5, and 1,500 the European way); never a whole part of 0 ("0.500" is only 0.5)."""
    return _AMBIGUOUS.fullmatch(number) is not None


def in_english(number: str) -> str:
    """A number written the European way (`EUROPEAN`, or one of money's forms) in the English
    form, its groups kept: the last comma is the decimal point, and the points, or commas,
    before it separate groups ("1.500,5" is "1,500.5", "4.900.000" "4,900,000", "3,5" "3.5",
    "1.500" "1,500", money's "1,450,00" "1,450.00")."""
    whole, comma, decimals = number.rpartition(",")
    if not comma:
        return number.replace(".", ",")
    return whole.replace(".", ",") + "." + decimals

"""Figures with their units, scales and ranges, in the canonical form
(`grader.rules.surface.surface`, DESIGN 4.6):

- **units** after a figure in one written form each ("1500 meters", "1500 metres" and "1500m"
  are "1500 m"; "48 hrs" is "48 h"); a scale after a currency amount ("£50m" is "£50
  million"). Never: another unit ("5 m" is not "5 mi"), another scale ("£50 thousand").
- (v4) **"in" after a figure** is the inch ("30 inch") only where it cannot be the
  preposition: touching the figure ("30in"), or spaced with no word after it in its clause (the
  end, a full stop, a comma, a bracket: "a 6 in. pan", "6 in, 8 in or 10 in", "a 30 in"), an
  adjective of extent after it ("30 in long", "wide", "tall", "deep", "thick", "across") or a
  second figure of a size or a range ("30 in x 20 in", "6 in by 4 in", "6 in or 8 in", "6 in
  to 8 in"). Never before a noun, an article, a number or a year: "30 in length", "5 in
  total", "3 in the morning", "12 in 1990", "a 1 in 10 chance", "finished 3 in France", "a 7 in
  maths"; "a 30 in screen" is left as written (a noun after it cannot be told from "a 7 in
  maths" without a list of what inches measure).
- **ranges**: "from 1723 to 1792", "between 1723 and 1792" and "1723 - 1792" are "1723-1792".
  Never: two figures that are no range ("born in 1723 ... until 1790").
- **minus in words**: "minus 40" is "-40".
- (v4) **the multiplication sign of a size**: "×", "x" and "by" between two figures are one
  sign, written " x " ("36 × 24 mm", "36x24mm" and "36 x 24 mm" are "36 x 24 mm"; "24 by 36
  mm", "6 by 4 ft"), and a unit written after both sides is written once, after the second
  ("36 mm × 24 mm" is "36 x 24 mm"). "by" only with a unit after the second figure (else "up
  10 by 2020", "divide 12 by 4" would be read as sizes). The sides keep their order: "36 × 24"
  is not "24 × 36" (rows by columns, a grid, a matrix are not the same the other way round; a
  key that accepts both orders lists both). Never: "x" as a word or a letter ("Malcolm X",
  "x-ray", "x = 4"), a hexadecimal figure ("0x1f"), arithmetic ("3 × 4" is not 12).
- **a figure times a number word**: "1 thousand" (from "one thousand") is "1000", "2.5 million"
  is "2500000"; not after a currency sign (a scaled amount stays as the money parser reads it).

(v4) **A measurement more precise than the key** (`finer_figure`, read where a key is matched,
`grader.rules.surface_match.form_pattern`): a figure with more decimals than the key's, before
the key's unit, says the key when it rounds (half up) to the key's figure at the key's last
digit: "116.07 m" says "116 m", "42.195 km" "42.2 km", "8,848.86 m" "8,849 m", "99.97 °C" "100
°C", "115.92 m" "115.9 m". Only a key of three significant digits or more (a rounded key of
fewer is no measurement to a precision: "7.4 km" is not "7 km", "2.3 h" not "2 h"). Never: a
figure that rounds elsewhere ("116.6 m" rounds to 117, "380.8 ft" to 381: cutting the digits
off is no rounding), another unit or none ("116.07" alone, "116.07 ft"), a count ("7.4
seasons"), a share ("12.4%" is not "12%": `%` is no measurement here), a year, money (exact),
a figure with fewer digits than the key ("116 m" for "115.9 m"), a decimal comma (read only to
the key's own precision, `grader.rules.surface.figure_forms`).

(v4) **The same quantity in another metric prefix** (`other_prefixes`, read as a key's forms,
`grader.rules.surface_forms.forms`): a key that is one figure and a metric unit of the table
(`grader.rules.units.PREFIXED`: length m, km, cm, mm, μm, nm; mass g, kg, mg, mcg; volume l, cl,
ml; power W, kW, MW, GW; frequency Hz, kHz, MHz, GHz; each by its symbol or its name) is said by
the same quantity in each other prefix of its unit, its figure scaled by the power of ten
between them: "185 cm" and "1,850 mm" say "1.85 m", "8.8 km" says "8,800 metres", "0.5 mg"
says "500 mcg", "2,400 MHz" says "2.4 GHz": a person reads the same quantity. The value is equal
exactly (scaling by ten writes it); a figure more precise than a scaled form rounds to it as to
the key's own (`finer_figure`: "185.3 cm" says "1.85 m" as "1.853 m" does). Never: another value
("186 cm" for "1.85 m"), a rounded one ("1.8 m" and "180 cm" for "1.85 m": fewer digits than
the key say no key, in its prefix as in another), another kind of unit ("185 cm" for "1.85
kg"), another system ("5 mi" for "8.05 km", "8 oz" for "227 g", "212 °F" for "100 °C"), a
figure with no unit ("185" for "1.85 m"), the second's prefixes ("1500 ms" for "1.5 s": a
decade is "1990 s" in the canonical form), a key with words beside its quantity ("85 m tall"
is matched as written), an area or a volume ("2,000 m²" for "2 km²", "300 cm³" for "3 m³": the
unit's power is written as a superscript, which cleaning drops as a footnote's marker, so a key
holding one has no other prefix; "km2", "sq km" and "square kilometres" are no unit of the
table). "m" after a figure is the metre, as before: a key's "5 m" is said by
"500 cm", never by "5 miles" or "5 minutes" ("5 mi", "5 min"), and an answer's "5 m" never says
"5 miles". Left as before: a key of one text with no list of accepted answers, checked through
its figures (`grader.rules.figures`, FinanceBench's kind of key): an answer in another prefix
states no figure of the key's kind there, and a reader decides.

Each step runs only where the text holds what it reads (`canonical_figures` with the text's
words); with no words given, every step runs (the definition the guards must equal).
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from grader.rules.currencies import significant_digits
from grader.rules.units import PREFIXED, UNIT_OF

# Units after a figure, one written form each ("1500 meters", "1500 metres", "1500m" are
# "1500 m"); a scale after a currency amount ("£50m", "£50 million" are "£50 million"). Never a
# unit of another quantity ("5 m" is not "5 mi"; "m" after a currency sign is a million, after
# a bare figure a metre). The unit table is grader/rules/units.py.
_UNIT_OF = UNIT_OF
_UNIT_ALT = "|".join(sorted((re.escape(word) for word in _UNIT_OF), key=len, reverse=True))
# What a text holds where `_FIGURE_UNIT` may match: a unit's first run of letters as a word
# of its own (a unit stands after a figure and before no letter: "5 km", "8.8km", "60 miles
# per hour"), or the first character of a unit that opens with no letter ("%").
_UNIT_RUNS = frozenset(
    found.group(0) for unit in _UNIT_OF if (found := re.match(r"[a-z]+", unit)) is not None
)
_UNIT_SIGNS = tuple(sorted({unit[0] for unit in _UNIT_OF if re.match(r"[a-z]", unit) is None}))
_FIGURE_UNIT = re.compile(r"(?<![\w£$€¥])(\d+(?:\.\d+)?) ?(" + _UNIT_ALT + r")(?![\w/])")
_CURRENCY_SCALE = re.compile(r"([£$€¥]\d+(?:\.\d+)?) ?(million|mn|m|billion|bn|thousand|k)(?!\w)")
_SCALE_OF = {"m": "million", "mn": "million", "bn": "billion", "k": "thousand"}
# "in" after a figure where it cannot be the preposition (the module's docstring): touching the
# figure, or spaced before the clause's end, an adjective of extent or a second figure.
_INCH = re.compile(
    r"(?<![\w£$€¥])(\d+(?:\.\d+)?)(?:in|( )in(?=[.,;:)\]]|$"
    r"| (?:long|wide|tall|deep|thick|across)\b| (?:x|by|or|to) \d))(?![\w/])"
)
# A range of figures in words: "from 1723 to 1792", "between 1723 and 1792", "1723 - 1792" are
# "1723-1792". Never two figures that are no range ("1723 and 1792" alone).
_RANGE = re.compile(
    r"\bfrom (\d+) (?:to|until|till) (\d+)"
    r"|\bbetween (\d+) and (\d+)"
    r"|(?<![\w.,-])(\d+) ?(?:-|to) ?(\d+)(?![\w.,])"
)
# The multiplication sign of a size (the module's docstring): "×", "x" between two figures,
# spaced or glued ("36 × 24", "36x24"), "by" with a unit after the second figure; a unit after
# both sides written once ("36 mm x 24 mm" is "36 x 24 mm").
_TIMES = re.compile(
    r"(?<![\w£$€¥.])(?!0x)(\d+(?:\.\d+)?)(?: ?(" + _UNIT_ALT + r"))? ?(?:×|x(?=\d| )|(by)(?= ))"
    r" ?(\d+(?:\.\d+)?)(?![\w.]\d)(?: ?(" + _UNIT_ALT + r")(?![\w/]))?"
)
# What every match of `_TIMES` holds: "×", "x" or "by" after a figure, a space or a unit.
_TIMES_WORDS = frozenset(("x", "by"))
# A minus in words: "minus 40" is "-40".
_MINUS = re.compile(r"\bminus (?=\d)")


# A figure times a number word: "1 thousand" (from "one thousand") is "1000", "2.5 million" is
# "2500000" (not after a currency sign: a scaled amount stays as the money parser reads it).
_MULTIPLIERS = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
_MULTIPLIED = re.compile(r"(?<![£$€¥\d.,])(\d+(?:\.\d+)?) (hundred|thousand|million|billion)\b")


def _multiplied(match: re.Match[str]) -> str:
    number = match.group(1)
    whole, _, fraction = number.partition(".")
    scale = _MULTIPLIERS[match.group(2)]
    places = len(fraction)
    if scale < 10**places:
        return match.group(0)
    return str(int(whole + fraction) * (scale // 10**places))


def _times(match: re.Match[str]) -> str:
    first, first_unit, by, second, second_unit = match.groups()
    if by is not None and second_unit is None:
        return match.group(0)
    if first_unit is not None and first_unit != second_unit:
        return match.group(0)
    unit = "" if second_unit is None else " " + second_unit
    return f"{first} x {second}{unit}"


def _unit(match: re.Match[str]) -> str:
    return f"{match.group(1)} {_UNIT_OF[match.group(2)]}"


def _inch(match: re.Match[str]) -> str:
    return f"{match.group(1)} inch"


def _range(match: re.Match[str]) -> str:
    numbers = [group for group in match.groups() if group is not None]
    return f"{numbers[0]}-{numbers[1]}"


def canonical_figures(text: str, words: frozenset[str] | None) -> str:
    """Units, currency scales, multipliers, ranges and minus in words, each step where the
    text holds what it reads (every step when ``words`` is None)."""
    if words is None or any(sign in text for sign in "£$€¥"):
        text = _CURRENCY_SCALE.sub(_scaled, text)
    if words is None or not words.isdisjoint(_MULTIPLIERS):
        text = _MULTIPLIED.sub(_multiplied, text)
    if words is None or "×" in text or not words.isdisjoint(_TIMES_WORDS):
        text = _TIMES.sub(_times, text)
    if (
        words is None
        or not words.isdisjoint(_UNIT_RUNS)
        or any(sign in text for sign in _UNIT_SIGNS)
    ):
        text = _FIGURE_UNIT.sub(_unit, text)
    if words is None or "in" in words:
        text = _INCH.sub(_inch, text)
    if words is None or "-" in text or _range_words(words):
        text = _RANGE.sub(_range, text)
    if words is None or "minus" in words:
        text = _MINUS.sub("-", text)
    return text


def _range_words(words: frozenset[str]) -> bool:
    """Whether the words of a text may make a range without a dash: "to" ("1723 to 1792", "from
    1723 to 1792"), "from" with "until" or "till", "between" with "and"."""
    return (
        "to" in words
        or ("from" in words and not words.isdisjoint(("until", "till")))
        or ("between" in words and "and" in words)
    )


def _scaled(found: re.Match[str]) -> str:
    return f"{found.group(1)} {_SCALE_OF.get(found.group(2), found.group(2))}"


# --- a measurement more precise than the key ------------------------------------------------

# The units of a measurement, as the canonical form writes them (a share, "%", is none).
MEASURES = frozenset(UNIT_OF.values()) - {"%"}
_KEY_FIGURE = re.compile(r"(\d+)(?:\.(\d+))?")


def groups_of_three(digits: str) -> list[str]:
    """The digits of a whole number in groups of three from the right ("4900000" is "4", "900",
    "000"), as a separator between groups writes them."""
    head = len(digits) % 3 or 3
    return [digits[:head]] + [digits[at : at + 3] for at in range(head, len(digits), 3)]


def whole_before_decimals(digits: str) -> str:
    """A regular expression for an integer part before a decimal point as the canonical form
    may hold it: bare, or with commas between groups ("8,848.86" keeps them)."""
    if len(digits) <= 3:
        return re.escape(digits)
    return f"(?:{digits}|{','.join(groups_of_three(digits))})"


@lru_cache(maxsize=4096)
def finer_figure(figure: str) -> str | None:
    """A regular expression for the figures with more decimals than a key's figure (as its
    canonical form writes it: "116", "115.9") that round half up to it at its last digit (the
    module's docstring): "116" is said by 115.5 up to 116.4999...; None for a figure of fewer
    than three significant digits, or no figure."""
    found = _KEY_FIGURE.fullmatch(figure)
    if found is None or significant_digits(figure) < 3:
        return None
    decimals = found.group(2) or ""
    step = Decimal(1).scaleb(-len(decimals))
    alternatives = [_finer(found.group(1), decimals, "[0-4]")]
    below = Decimal(figure) - step
    if below >= 0:  # the figure a step below, then a half step or more: "115.5" for 116
        whole, _, places = f"{below:.{len(decimals)}f}".partition(".")
        alternatives.append(_finer(whole, places, "[5-9]"))
    return "(?:" + "|".join(alternatives) + ")"


def _finer(whole: str, places: str, next_digit: str) -> str:
    return whole_before_decimals(whole) + r"\." + places + next_digit + r"\d*"


def rounds_to(number: str, figure: str) -> bool:
    """The definition `finer_figure` is held to: ``number`` (a decimal point, no grouping)
    has more decimals than ``figure`` and rounds half up to it at its last digit."""
    places = len(figure.partition(".")[2])
    if len(number.partition(".")[2]) <= places or significant_digits(figure) < 3:
        return False
    step = Decimal(1).scaleb(-places)
    return Decimal(number).quantize(step, rounding=ROUND_HALF_UP) == Decimal(figure)


# --- the same quantity in another metric prefix ------------------------------------------------

_QUANTITY = re.compile(r"(\d+(?:\.\d+)?) (\S+)")


@lru_cache(maxsize=4096)
def other_prefixes(text: str) -> tuple[str, ...]:
    """The same quantity in each other prefix of its unit, for a key's canonical form that is one
    figure and a metric unit (the module's docstring): "1.85 m" is "0.00185 km", "185 cm", "1850
    mm", ...; () for any other form."""
    found = _QUANTITY.fullmatch(text)
    if found is None or found.group(2) not in PREFIXED:
        return ()
    figure, unit = found.groups()
    base, power = PREFIXED[unit]
    return tuple(
        f"{_in_prefix(figure, power - other_power)} {other}"
        for other, (other_base, other_power) in PREFIXED.items()
        if other_base == base and other != unit
    )


def _in_prefix(figure: str, places: int) -> str:
    """The figure times ten to the ``places``, written plainly ("1.85", 2: "185"; "8800", -3:
    "8.8")."""
    written = format(Decimal(figure).scaleb(places), "f")
    return written.rstrip("0").rstrip(".") if "." in written else written

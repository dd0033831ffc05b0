"""Money in any currency: one parser for keys and answers, compared as numbers within their
currency (DESIGN 4.3).

An amount is a number with a currency, read as a whole token:

- the currency before it: a sign ("$42.99", "$ 42.99", "€1,450", "£500", "¥120,000", "₹900",
  "US$42.99", "C$", "A$", "HK$", "S$", "NZ$", "CN¥") or a code ("USD 42.99", "EUR 1,450",
  "CHF 8,500"); or after it: a code, a sign or a word ("42.99 USD", "1.450,00 €", "8'500
  CHF", "120,000円", "42.99 dollars", "1,450 euros", "500 pounds", "120,000 yen", "Swiss
  francs"). Codes other than USD are read in capitals only ("EUR", never "eur");
- its currency (`Amount.currency`, an ISO code): a bare "$" and the word "dollars" are the
  dollar of the text's own country ("$", matched by any dollar: "US$", "USD", "C$"); "US$",
  "USD" and "US dollars" are US dollars; "£" and "pounds" pounds sterling, "¥" and "yen" yen
  ("CN¥", "yuan" and "renminbi" are the yuan), "francs" Swiss francs. An amount matches only
  an amount in its own currency: "€1,450" is not "$1,450";
- the number with or without thousands separators or cents, as its own form shows them
  (`Amount.form`): commas between groups and a decimal point ("$44,322", "€1,450.00", "$.99"),
  apostrophes between groups ("CHF 8'500.00"), points between groups and a decimal comma
  ("1.450,00 €", "€1.234.567"); a comma before one or two last digits is a decimal comma
  ("45,99 €", "£12,50"), except in dollars ("$1,20" is no amount, as the dollar has always been
  read); "1.450" alone may be either (it is "ambiguous"; not in dollars, where it is $1.45 as
  the dollar has always been read, nor before a scale word: "€1.450 billion" is €1.45 billion):
  a key reads it by the key's own form
  (that of its other amounts; else its currency's: points between groups in euros and in yen,
  which has no cents, a decimal point in every other), and an answer's amount is read by the
  key's form (`MoneyKey.matches_amount`);
- a sign before the currency or after it ("-$10,020.00", "$-20.00", "−$20.00" once cleaned),
  or accounting brackets ("($1,200.00)", "$(1,577)");
- a scale word after it: thousand, million, billion, trillion, mm, mn, bn, tn in any case, or
  k, m, b touching the number ("$1.2 million" is $1,200,000, "$2.5bn" and "$2.5B" are
  $2,500,000,000; in "$425,000 B - Other structures" the B is a label);
- a unit note in the same text applies to amounts without a scale word of their own
  ("$845 (in millions)", "dollars in thousands").

Never money: a number without a currency (`bare_figures` reads the figure a form prints), a
percentage, a count, "500 pounds of flour" and "weighs 150 pounds" (a weight), a year
before a singular word ("the 2023 euro area"), and cents ("5 euro cents"). No digit, letter or
separator may touch the token: "$20.00" does not occur in "-$10,020.00", and "$1,20" is no
amount.

A key is matched (`MoneyKey.matches_amount`) in its currency, within half its step; an answer
that writes a scale word rounds, and matches when the key rounded to the answer's last digit is
the answer and the answer keeps at least three significant digits ("$4.31 billion" for "$4,308
million", not "$4 billion"). Signs are compared one way: a negative key ("-$3.2 million",
"($3.2 million)", "a net loss of $3.2 million") is matched only by a negative amount or one
worded as a loss, decrease or outflow, an overdrawn balance or a shortfall ("overdrawn by
$85.10", "a negative balance of $85.10", "short by $85.10"), or a refund (a negative charge:
"a refund of $20.00"); a positive key is matched by its magnitude (a cash-flow statement prints
an outflow in brackets). A $0 key is matched by "$0" (or "€0", "£0") and by "nothing", "no
fee", "free", "none".

Amounts are read from `grader.rules.normalize.clean` text (a minus sign or a dash is then "-",
a thin or no-break space between digit groups a comma).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from grader.rules.normalize import clean
from grader.schema import UNITS, WRITTEN

SCALES = {
    "thousand": Decimal(1_000),
    "k": Decimal(1_000),
    "million": Decimal(1_000_000),
    "m": Decimal(1_000_000),
    "mm": Decimal(1_000_000),
    "mn": Decimal(1_000_000),
    "billion": Decimal(1_000_000_000),
    "b": Decimal(1_000_000_000),
    "bn": Decimal(1_000_000_000),
    "trillion": Decimal(1_000_000_000_000),
    "tn": Decimal(1_000_000_000_000),
}

# --- currencies -------------------------------------------------------------------------------

# The dollar of the text's own country: a bare "$" or "dollars". It matches any dollar.
DOLLAR = "$"
USD, EUR, GBP, JPY, CHF = "USD", "EUR", "GBP", "JPY", "CHF"
# The dollars: written, as the dollar has always been read, with a decimal point only.
DOLLARS = frozenset((DOLLAR, USD, "CAD", "AUD", "NZD", "HKD", "SGD"))
# Currencies in which "1.450" alone, in a key that shows no other form, is grouped (1,450): the
# euro, written with a decimal comma as often as not, and the yen, which has no cents.
GROUPED_BY_POINTS = frozenset((EUR, JPY))
# Signs and codes written before the number, as they are written (longest first where one
# holds another), and what each is.
_SIGNS = {
    "US$": USD,
    "CA$": "CAD",
    "C$": "CAD",
    "AU$": "AUD",
    "A$": "AUD",
    "NZ$": "NZD",
    "HK$": "HKD",
    "S$": "SGD",
    "CN¥": "CNY",
    "$": DOLLAR,
    "€": EUR,
    "£": GBP,
    "¥": JPY,
    "₹": "INR",
    "円": JPY,
}
CODES = ("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "NZD", "CNY", "HKD", "SGD", "INR")
# Words written after the number (in any case), and what each is.
_WORDS = {
    "us dollars": USD,
    "canadian dollars": "CAD",
    "australian dollars": "AUD",
    "dollars": DOLLAR,
    "euros": EUR,
    "euro": EUR,
    "pounds sterling": GBP,
    "pounds": GBP,
    "pound": GBP,
    "yen": JPY,
    "swiss francs": CHF,
    "francs": CHF,
    "franc": CHF,
    "yuan": "CNY",
    "renminbi": "CNY",
    "rupees": "INR",
    "rupee": "INR",
}
# Words that are money only after an amount that is no year, and not before cents: "2023 euro
# area" is no €2,023, "5 euro cents" no €5.
_SINGULAR_WORDS = frozenset(("euro", "pound", "yen", "franc", "yuan", "renminbi", "rupee"))
_POUND_WORDS = frozenset(("pounds sterling", "pounds", "pound"))
# A weight, not money: "500 pounds of flour", "it weighs 150 pounds".
_WEIGHT_WORDS = frozenset(
    "weigh weighs weighed weighing weight weights heavy heavier lighter payload load lift lifts "
    "lifted lbs".split()
)


def _alternatives(written: Iterable[str]) -> str:
    """A regular expression for any of ``written``, the longest first."""
    return "|".join(re.escape(text) for text in sorted(written, key=len, reverse=True))


_CODES = r"(?-i:" + "|".join(code for code in CODES if code != USD) + r")|USD"
_BEFORE = (
    r"(?P<before>"
    + _alternatives([sign for sign in _SIGNS if sign != "円"])
    + r"|(?:"
    + _CODES
    + r")(?![a-z])\s?)"
)
_AFTER = r"\s?(?P<after>(?:" + _CODES + r"|" + _alternatives(_WORDS) + r")(?![\w])|[€£¥₹円])"

# The number, as one token: digits, and the separators between them ("1,450.00", "1.450,00",
# "8'500", "1.450"); what it is, `_read_number` decides. No separator and digit may follow it.
# Digit groups may stand between single spaces too ("1 450 €", "CHF 12 500", "1 450,50 €"),
# every group after the first of three digits.
_NUMBER = r"(?P<number>\d{1,3}(?: \d{3})+(?:[.,]\d+)?|\d[\d.,']*\d|\d|\.\d+)(?![.,']?\d)"
# A scale word after the number; a one-letter scale only touching it ("$5m", "$2.5B"): after a
# space, "B" or "M" is more often a label ("Dwelling $425,000 B - Other structures").
_SCALE = (
    r"(?:(?:\s?(?P<scale>thousand|million|billion|trillion|mm|mn|bn|tn)s?"
    r"|(?P<letter>[kmb]))(?![a-z]))?"
)
# Currency first: [sign or "("] currency [sign or "("] number [")"] [scale] [")"] [code] (a
# closing bracket only where one was opened).
_CURRENCY_FIRST = (
    r"(?<![\w$€£¥₹.])(?:(?P<open>\(\s?)|(?P<sign>-\s?))?"
    + _BEFORE
    + r"\s?(?:(?P<inner_open>\(\s?)|(?P<inner>-\s?))?"
    + _NUMBER
    + r"(?(inner_open)\)?)"
    + _SCALE
    + r"(?(open)\)?)"
    + r"(?:\s?(?:"
    + _CODES
    + r")\b)?"
)
# Currency after: [sign] number [scale] (code | word | sign).
_CURRENCY_AFTER = (
    r"(?<![\w$€£¥₹.,'])(?P<sign2>-\s?)?"
    + _NUMBER.replace("number", "number2")
    + _SCALE.replace("scale", "scale2").replace("letter", "letter2")
    + _AFTER
)
_AMOUNT = re.compile(_CURRENCY_FIRST + "|" + _CURRENCY_AFTER, re.IGNORECASE)
# `_AMOUNT` for a text in which no currency is written after a number (`_written_after`): there
# its second half matches nowhere, so it is not tried (half the time `_AMOUNT` takes).
_AMOUNT_CURRENCY_FIRST = re.compile(_CURRENCY_FIRST, re.IGNORECASE)

# What the currency of `_CURRENCY_AFTER` holds: a code, a word, or a sign other than "$".
_WRITTEN_AFTER = re.compile(
    r"(?-i:" + "|".join(CODES) + r")|usd|" + _alternatives(_WORDS) + r"|[€£¥₹円]", re.IGNORECASE
)
# The same for an ASCII text, in two searches that ignore no case, the second over the text in
# lower case (for ASCII text the same as ignoring case; four times as fast): the codes, and the
# words' stems (each word holds one).
_CODES_WRITTEN = re.compile("|".join(CODES))
_WORD_STEMS = re.compile(r"usd|dollar|euro|pound|yen|franc|yuan|renminbi|rupee")


def _written_after(cleaned: str) -> bool:
    """Whether ``cleaned`` may hold a currency written after a number (a code, a word, a sign
    other than "$": what `_CURRENCY_AFTER` needs); every sign holds "$" or one of these, so a
    text with neither holds no amount at all."""
    if cleaned.isascii():
        return (
            _CODES_WRITTEN.search(cleaned) is not None
            or _WORD_STEMS.search(cleaned.lower()) is not None
        )
    return _WRITTEN_AFTER.search(cleaned) is not None


def currency_of(written: str) -> str:
    """The currency a sign, a code or a word stands for ("€" EUR, "pounds" GBP, "$" the
    dollar); "" for none."""
    stripped = " ".join(written.split())
    if stripped in _SIGNS:
        return _SIGNS[stripped]
    if stripped in CODES or stripped.upper() == USD:
        return stripped.upper()
    return _WORDS.get(stripped.lower(), "")


def same_currency(one: str, other: str) -> bool:
    """Whether amounts in these currencies may be compared: the same currency, or a bare dollar
    ("$", "dollars") and any dollar."""
    if one == other:
        return True
    return (one == DOLLAR and other in DOLLARS) or (other == DOLLAR and one in DOLLARS)


# --- numbers ----------------------------------------------------------------------------------

POINT, COMMA = "point", "comma"  # the two forms a number's separators may show
_POINT_FORM = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\.\d+")
_APOSTROPHE_FORM = re.compile(r"\d{1,3}(?:'\d{3})+(?:\.\d+)?")
_COMMA_FORM = re.compile(r"\d{1,3}(?:\.\d{3})+,\d+|\d{1,3}(?:\.\d{3}){2,}")
_DECIMAL_COMMA = re.compile(r"\d{1,3}(?:,\d{3})*,\d{1,2}|\d+,\d{1,2}")
_AMBIGUOUS = re.compile(r"\d{1,3}\.\d{3}")


def read_number(token: str, currency: str) -> tuple[str, str, bool] | None:
    """A number as written, in the form the rest of the parser reads (commas between groups, a
    decimal point: "1.450,00" is "1,450.00"), the form its separators show (`POINT`, `COMMA`,
    or "" when they show none), and whether it is ambiguous ("1.450": a decimal point or points
    between groups, read here with a decimal point; never in dollars). None when it is no number
    in ``currency`` ("$1,20", "1,2,3")."""
    if token.isdigit():
        return token, "", False
    if " " in token:  # groups between spaces: the one mark left is the decimal one
        digits = token.replace(" ", "")
        whole, mark, decimals = digits.rpartition("," if "," in digits else ".")
        if not mark:
            return f"{int(decimals):,}", "", False
        if mark == "," and currency in DOLLARS:
            return None  # (a dollar amount has a decimal point)
        return f"{int(whole):,}.{decimals}", COMMA if mark == "," else POINT, False
    if _AMBIGUOUS.fullmatch(token):
        # (the dollar has always been read with a decimal point: "$1.450" is $1.45)
        return token, "", currency not in DOLLARS
    if _POINT_FORM.fullmatch(token):
        return token, POINT, False
    if _APOSTROPHE_FORM.fullmatch(token):
        return token.replace("'", ","), POINT, False
    if _COMMA_FORM.fullmatch(token) or (
        currency not in DOLLARS and _DECIMAL_COMMA.fullmatch(token)
    ):
        whole, _, decimals = token.partition(",") if "." in token else token.rpartition(",")
        whole = whole.replace(".", ",")
        return whole + ("." + decimals if decimals else ""), COMMA, False
    return None


def _other_reading(number: str) -> str:
    """The other reading of an ambiguous number: "1.450" is "1,450", and "1,450" "1.450"."""
    return number.replace(".", ",") if "." in number else number.replace(",", ".")


@dataclass(frozen=True, slots=True, init=False)
class Amount:
    """One amount as written (``text``), its currency (an ISO code, or "$" for a bare dollar)
    and its value in that currency (``value``, >= 0).

    ``negative``: written with a minus sign or in accounting brackets. ``number`` is the number
    as the parser reads it ("1,577"; "1.450,00" is read "1,450.00"), ``scale`` what it was
    multiplied by (a scale word or a unit note), ``scale_word`` whether the amount itself
    writes a scale word (then it rounds); ``start`` and ``end`` are where it stands in the
    cleaned text it was found in. ``form`` is what its separators show (`POINT`, `COMMA`, or
    ""), and ``ambiguous`` whether they may be read either way ("1.450"): it is then read as its
    currency reads a key that shows no form (`reading` gives the other).
    """

    text: str
    value: Decimal
    negative: bool
    number: str
    scale: Decimal
    scale_word: bool
    start: int
    end: int
    currency: str
    form: str
    ambiguous: bool

    def __init__(
        self,
        text: str,
        value: Decimal,
        negative: bool,
        number: str,
        scale: Decimal,
        scale_word: bool,
        start: int,
        end: int,
        currency: str,
        form: str,
        ambiguous: bool,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "negative", negative)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "scale", scale)
        object.__setattr__(self, "scale_word", scale_word)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "currency", currency)
        object.__setattr__(self, "form", form)
        object.__setattr__(self, "ambiguous", ambiguous)

    def read_as(self, form: str) -> Amount:
        """The amount read in ``form`` (`POINT` or `COMMA`): itself, unless it is ambiguous and
        read the other way ("1.450" read with points between groups is 1,450)."""
        if not self.ambiguous or form == _form_of_reading(self.number):
            return self
        number = _other_reading(self.number)
        return Amount(
            self.text,
            _number(number) * self.scale,
            self.negative,
            number,
            self.scale,
            self.scale_word,
            self.start,
            self.end,
            self.currency,
            self.form,
            True,
        )


def _form_of_reading(number: str) -> str:
    """How an ambiguous number is read now: "1.450" with a decimal point, "1,450" grouped."""
    return POINT if "." in number else COMMA


def convention(currency: str) -> str:
    """How a key in ``currency`` that shows no form of its own reads "1.450": grouped in euros
    and yen (`COMMA`), with a decimal point in every other currency (`POINT`)."""
    return COMMA if currency in GROUPED_BY_POINTS else POINT


def _number(digits: str) -> Decimal:
    return Decimal(digits.replace(",", ""))


# A note that says in what unit a text's amounts are written: "(in millions)", "dollars in
# thousands", "in millions of dollars", "amounts in billions", "In millions:". Its letters are
# matched in ASCII, in any case (so `unit_note`'s shortcut, in lower case, is exact).
_UNIT_NOTE = re.compile(
    r"\bin\s+(?P<unit>thousands|millions|billions)\b(?!\s+of\s+(?!dollars\b|usd\b|us\s+dollars\b))",
    re.IGNORECASE | re.ASCII,
)
_UNIT_OF_NOTE = {"thousands": "thousand", "millions": "million", "billions": "billion"}


def unit_note(text: str) -> Decimal | None:
    """The scale a unit note in ``text`` gives its amounts ("(in millions)" is 1,000,000), or
    None when it holds none."""
    lowered = text.lower()
    if "illions" not in lowered and "thousands" not in lowered:
        return None  # (every unit note names one of its units, in some case)
    found = _UNIT_NOTE.search(text)
    return UNITS[_UNIT_OF_NOTE[found.group("unit").lower()]] if found else None


def find_amounts(text: str, note: Decimal | None = None) -> list[Amount]:
    """Every amount of money in ``text``, in any currency, in order.

    Args:
        text: Any text; it is cleaned first (`grader.rules.normalize.clean`).
        note: The scale of a unit note that applies to the text (its sentence's, say); by
            default the text's own unit note, if it has one.
    """
    cleaned = clean(text)
    written_after = _written_after(cleaned)
    if not written_after and "$" not in cleaned:
        return []  # no currency, no amount
    return _amounts(cleaned, note, _AMOUNT if written_after else _AMOUNT_CURRENCY_FIRST)


def amounts_by_definition(text: str, note: Decimal | None = None) -> list[Amount]:
    """`find_amounts` without its two shortcuts (no currency, no amount; no currency written
    after a number, no second half of `_AMOUNT`): the definition, which tests hold it to."""
    return _amounts(clean(text), note, _AMOUNT)


def _amounts(cleaned: str, note: Decimal | None, pattern: re.Pattern[str]) -> list[Amount]:
    """The amounts `pattern` (`_AMOUNT`, or its first half) finds in ``cleaned``."""
    if note is None:
        note = unit_note(cleaned)
    found = []
    for match in pattern.finditer(cleaned):
        first = match.group("before") is not None
        if first:  # currency first
            written = match.group("before")
            token = match.group("number")
            word = match.group("scale") or match.group("letter")
            signs = "".join(match.group(name) or "" for name in ("sign", "inner_open", "inner"))
        else:  # currency after (only `_AMOUNT` has these groups)
            written = match.group("after")
            token = match.group("number2")
            word = match.group("scale2") or match.group("letter2")
            signs = match.group("sign2") or ""
        currency = currency_of(written)
        read = read_number(token, currency)
        if read is None:
            continue  # "$1,20": no number in its currency
        number, form, ambiguous = read
        if not first and _not_money_after(cleaned, match, written, token):
            continue
        scale = SCALES[word.lower()] if word else (note or Decimal(1))
        if word is not None:
            ambiguous = False  # an English scale word: "€1.450 billion" has a decimal point
        if ambiguous and convention(currency) == COMMA:
            number = _other_reading(number)
        if first and match.group("open") and _stands_as_a_value(cleaned[: match.start()]):
            signs += "("
        text_of = match.group(0).strip()
        start = match.start() + (len(match.group(0)) - len(match.group(0).lstrip()))
        found.append(
            Amount(
                text_of,
                _number(number) * scale,
                bool(signs.strip()),
                number,
                scale,
                word is not None,
                start,
                start + len(text_of),
                currency,
                form,
                ambiguous,
            )
        )
    return found


_YEAR = re.compile(r"(?:19|20)\d\d")
_CENTS_AFTER = re.compile(r"\s?cents?\b", re.IGNORECASE)


def _not_money_after(cleaned: str, match: re.Match[str], written: str, token: str) -> bool:
    """Whether a word after a number names no money there: a weight ("500 pounds of flour",
    "weighs 150 pounds"), a singular word after a year ("the 2023 euro area"), or before cents
    ("5 euro cents" are cents, not euros)."""
    word = " ".join(written.lower().split())
    if word in _SINGULAR_WORDS and (
        _YEAR.fullmatch(token) or _CENTS_AFTER.match(cleaned, match.end()) is not None
    ):
        return True
    if word in _POUND_WORDS:
        after = cleaned[match.end() : match.end() + 4].lower()
        before = _WORD_RUN.findall(cleaned[max(0, match.start() - 40) : match.start()].lower())
        return after.startswith(" of") or any(w in _WEIGHT_WORDS for w in before[-4:])
    return False


# Words after which a bracketed amount is a value, written in accounting brackets ("a net loss
# of ($3.2 million)"); after other words it is an aside ("cash from operations in FY 2023 ($1.8
# bn)").
_VALUE_WORDS = frozenset(
    "was is were are be been being of at to totaled totalled totaling totalling reported "
    "recorded shows showed shown equals equal equaled amounted loss losses deficit".split()
)


def _stands_as_a_value(before: str) -> bool:
    """Whether a bracket opened after ``before`` holds a value, not an aside: nothing before it,
    a punctuation mark, or a word such as "was" or "of"."""
    stripped = before.rstrip()
    if not stripped or not (stripped[-1].isalnum()):
        return True
    return stripped.rsplit(None, 1)[-1].lower() in _VALUE_WORDS


def significant_digits(number: str) -> int:
    """How many significant digits a number as written keeps ("4.31" 3, "1,577" 4, "0.05" 1;
    the zeros a number ends with count: "12.0" and "1,500" are written to their last digit)."""
    digits = number.replace(",", "").replace(".", "").lstrip("0")
    return len(digits)


def last_place(number: str) -> Decimal:
    """The place of a number's last written digit: "4.31" 0.01, "4.30" 0.01, "1,577" 1."""
    if "." not in number:
        return Decimal(1)
    return Decimal(1).scaleb(-len(number.split(".")[1]))


def rounds_to(value: Decimal, number: str, scale: Decimal) -> bool:
    """Whether ``value`` rounded to the last digit of ``number`` (times ``scale``) is that
    number, the number keeping at least three significant digits: an answer that writes a
    scale word rounds ("$4.31 billion" is $4,308 million rounded to ten million)."""
    if significant_digits(number) < 3:
        return False
    step = last_place(number) * scale
    rounded = (value / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step
    return rounded == _number(number) * scale


# Words that make an amount negative when they stand just before it, or right after it ("$3.2
# million loss"): a loss, a decrease or an outflow; and words that make it a rise.
LOSS_WORDS = frozenset("loss losses lost deficit negative shortfall deficiency".split())
DECREASE_WORDS = LOSS_WORDS | frozenset(
    "decrease decreased decreasing decline declined declining outflow outflows reduction "
    "reduced drop dropped fell".split()
)
INCREASE_WORDS = frozenset(
    "increase increased increasing rise rose risen grew grow growth gain gained up higher".split()
)
_WORD_RUN = re.compile(r"[a-z]+")
_LOSS_WINDOW = 6  # words before the amount


def worded_as_loss(text: str, start: int, end: int, words: frozenset[str] = DECREASE_WORDS) -> bool:
    """Whether the amount at ``text[start:end]`` is worded as a loss, decrease or outflow: one
    of ``words`` among the few words before it, or the word right after it."""
    before = _WORD_RUN.findall(text[max(0, start - 80) : start].lower())[-_LOSS_WINDOW:]
    after = _WORD_RUN.findall(text[end : end + 20].lower())[:1]
    return any(word in words for word in (*before, *after))


# A balance below zero or a negative charge, said in words right before the amount: "overdrawn
# by $85.10", "short by $85.10", "in the red by $85.10", "a refund of $20.00", "refunded
# $20.00", "the refund is $20.00"; or right after it: "$85.10 short", "$20.00 refund", "$20.00
# was refunded". Not "short-term debt of $5 million", "falls short of $1 million", "the refund
# policy charges a $25.00 fee", "a non-refundable $25.00 fee": "short" and "refund" make an
# amount negative only beside it.
_NEGATIVE_BEFORE = re.compile(
    r"(?<![\w-])(?:overdrawn(?:\s+by)?|short\s+by|in\s+the\s+red\s+by"
    r"|refund(?:ed|s)?(?:\s+(?:amount|total))?(?:\s+(?:of|is|was|will\s+be))?)\s*:?\s*$",
    re.IGNORECASE,
)
_NEGATIVE_AFTER = re.compile(
    r"\s*(?:(?:is|was|were|will\s+be|has\s+been|have\s+been)\s+)?"
    r"(?:short|overdrawn|refunded|refund)(?![\w-])",
    re.IGNORECASE,
)


def worded_as_negative(text: str, start: int, end: int) -> bool:
    """Whether the amount at ``text[start:end]`` is worded as negative: as a loss, decrease or
    outflow (`worded_as_loss`), or as a balance below zero or a negative charge beside it
    ("overdrawn by $85.10", "a negative balance of $85.10", "short by $85.10", "a refund of
    $20.00")."""
    if worded_as_loss(text, start, end, DECREASE_WORDS):
        return True
    folded = text.casefold()
    if not any(word in folded for word in _NEGATIVE_PIECES):
        return False  # (every match of the two patterns holds one of these)
    return (
        _NEGATIVE_BEFORE.search(text, max(0, start - 40), start) is not None
        or _NEGATIVE_AFTER.match(text, end) is not None
    )


# What every match of `_NEGATIVE_BEFORE` and `_NEGATIVE_AFTER` holds, case folded (the patterns
# ignore case, and case folding is what they ignore: "ſhort" is "short").
_NEGATIVE_PIECES = ("overdrawn", "short", "red", "refund")


# What says "no money at all": the words that match a $0 key; a zero amount in any currency.
_ZERO = re.compile(
    r"(?<![\w$€£¥])(?:nothing|none|free|zero|no\s+(?:fee|fees|charge|charges|cost|costs|amount)"
    r"|not\s+charged|[$€£¥]0(?:[.,]00?)?(?![\d.,]))(?!\w)",
    re.IGNORECASE,
)


def names_zero(text: str) -> bool:
    """Whether ``text`` says no money at all: "$0", "€0", "nothing", "no fee", "free", "none"."""
    return _ZERO.search(text) is not None


# --- keys -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, init=False)
class MoneyKey:
    """A money key: its amounts as written, their values in their currencies
    (``currencies``), how closely an answer's amount must match each (``steps``: an amount
    matches when it lies within half a step), its numbers as written (before unit or scale),
    which of its amounts are negative (written with a sign or brackets, or worded as negative:
    `worded_as_negative`) and which are worded as a rise; and the form its numbers are written
    in (``form``: `POINT` or `COMMA`, what an ambiguous "1.450" is read by)."""

    texts: tuple[str, ...]
    values: tuple[Decimal, ...]
    steps: tuple[Decimal, ...]
    written: tuple[Decimal, ...]
    negatives: tuple[bool, ...]
    rises: tuple[bool, ...]
    currencies: tuple[str, ...]
    form: str

    def __init__(
        self,
        texts: tuple[str, ...],
        values: tuple[Decimal, ...],
        steps: tuple[Decimal, ...],
        written: tuple[Decimal, ...],
        negatives: tuple[bool, ...],
        rises: tuple[bool, ...],
        currencies: tuple[str, ...],
        form: str,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "texts", texts)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "steps", steps)
        object.__setattr__(self, "written", written)
        object.__setattr__(self, "negatives", negatives)
        object.__setattr__(self, "rises", rises)
        object.__setattr__(self, "currencies", currencies)
        object.__setattr__(self, "form", form)

    @classmethod
    def of(cls, key: str, unit: str = "", precision: str = "") -> MoneyKey | None:
        """The key's amounts; None when it names none (not a money question).

        Args:
            key: The gold key.
            unit: The unit the key is written in ("", thousand, million, billion, trillion):
                an amount of the key without a scale word of its own is in that unit.
            precision: The step the key is rounded to, in the key's unit ("1" on a millions
                key accepts $381.6 million for $382 million); or ``written``: each amount is
                rounded to its last significant digit, in its own scale ("$1.8 bn" accepts
                $1,824 million, "$1577.00" in millions is exact to the million); default
                exact to the cent.
        """
        cleaned = clean(key)
        amounts = find_amounts(cleaned)
        if not amounts:
            return None
        form = next((amount.form for amount in amounts if amount.form), "")
        form = form or convention(amounts[0].currency)
        values: list[Decimal] = []
        steps: list[Decimal] = []
        written: list[Decimal] = []
        negatives: list[bool] = []
        rises: list[bool] = []
        currencies: list[str] = []
        for amount in amounts:
            amount = amount.read_as(form)
            number = _number(amount.number)
            in_units = amount.scale if amount.scale != 1 else UNITS[unit]
            value = number * in_units
            if precision == WRITTEN:
                step = _last_digit(amount.number) * in_units
            elif precision:
                step = Decimal(precision) * UNITS[unit]
            else:
                step = Decimal("0.01")
            if not any(
                value == seen and amount.currency == currency
                for seen, currency in zip(values, currencies, strict=True)
            ):
                values.append(value)
                steps.append(step)
                written.append(number)
                negatives.append(
                    amount.negative or worded_as_negative(cleaned, amount.start, amount.end)
                )
                rises.append(worded_as_loss(cleaned, amount.start, amount.end, INCREASE_WORDS))
                currencies.append(amount.currency)
        texts = tuple(amount.text for amount in amounts)
        return cls(
            texts,
            tuple(values),
            tuple(steps),
            tuple(written),
            tuple(negatives),
            tuple(rises),
            tuple(currencies),
            form,
        )

    def matches(self, value: Decimal, currency: str = "") -> bool:
        """Whether an amount of ``value`` is one of the key's (within half its step), by
        magnitude; in ``currency`` when one is given (a bare figure has none)."""
        return any(
            abs(value - key) * 2 <= step and (not currency or same_currency(currency, of_key))
            for key, step, of_key in zip(self.values, self.steps, self.currencies, strict=True)
        )

    def matches_amount(self, amount: Amount, negative: bool) -> bool:
        """Whether an answer's amount is one of the key's: in the key's currency, and within
        half the key's step or, when the answer writes a scale word, the key rounded to the
        answer's last digit (at least three significant digits kept); a negative key only by an
        amount that is ``negative`` (signed, bracketed, or worded as negative), a key worded as
        a rise never by a negative one. An ambiguous amount ("1.450") is read by the key's
        form."""
        amount = amount.read_as(self.form)
        for key, step, key_negative, rise, currency in zip(
            self.values, self.steps, self.negatives, self.rises, self.currencies, strict=True
        ):
            if (key_negative and not negative) or (rise and not key_negative and negative):
                continue
            if not same_currency(amount.currency, currency):
                continue
            if abs(amount.value - key) * 2 <= step:
                return True
            if amount.scale_word and rounds_to(key, amount.number, amount.scale):
                return True
        return False

    @property
    def has_zero(self) -> bool:
        """A key (or a reading of an ambiguous key) of no money at all ("$0", "$0.00")."""
        return any(value == 0 for value in self.values)


def _last_digit(number: str) -> Decimal:
    """The place of a key number's last significant digit: "8.70" -> 0.1, "1,577.00" -> 1,
    "42.99" -> 0.01 (trailing zeros after the point are not significant)."""
    if "." not in number:
        return Decimal(1)
    decimals = number.split(".")[1].rstrip("0")
    return Decimal(1).scaleb(-len(decimals))


# --- the bare figure a form prints ---------------------------------------------------------------

# A number written without a currency ("44,322", "1,284.00", "1,577 million"), as a whole token,
# with commas between groups and a decimal point.
_BARE_NUMBER = r"(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?![\d,]*\d)"
_BARE = re.compile(
    r"(?<![\w$.,\[/-])" + _BARE_NUMBER + _SCALE + r"(?!\s?[\]/%])(?!\s?(?:percent|per cent)\b)",
    re.IGNORECASE,
)
_CENTS = re.compile(r"\.\d\d$")
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
_COUNTED = r"(?:day|week|month|quarter|year|hour|minute|time)s?\b"
_NOT_A_FIGURE_AFTER = re.compile(r"\s?(?:" + _COUNTED + r"|-\w)", re.IGNORECASE)
_REFERENCE_WORDS = (
    "source sources doc docs document documents line lines item items page pages note notes "
    "part section table exhibit figure schedule step question no. number #"
).split()


def bare_figures(text: str) -> list[Decimal]:
    """The numbers in ``text`` that may be the figure a form prints, as values: written as
    forms print money, with digit grouping or cents ("44,322", "1,186.40"), so never a small
    count ("4 late payments"), a citation marker ("[2]", "Source 2"), a percentage ("50%"), a
    date ("03/10/2024", "March 10"), a day count ("25 days"), a list number ("1. ..."), a
    reference ("line 37") or a year ("2024"). A scale word applies ("1,577 million").
    """
    cleaned = clean(text)
    figures = []
    for match in _BARE.finditer(cleaned):
        number = match.group("number")
        if "," not in number and _CENTS.search(number) is None:
            continue  # not written as a form prints money
        before = cleaned[: match.start()].rstrip().split(" ")[-1].lower()
        after = cleaned[match.end() :]
        if before in _MONTHS or before in _REFERENCE_WORDS or before.endswith("#"):
            continue
        if after.lstrip(" ,").split(" ")[0].lower().strip(".,;:") in _MONTHS:
            continue
        if _NOT_A_FIGURE_AFTER.match(after):
            continue
        scale = match.group("scale") or match.group("letter")
        figures.append(_number(number) * (SCALES[scale.lower()] if scale else 1))
    return figures


def names_key_figure(text: str, key: MoneyKey) -> bool:
    """Whether ``text`` names the key as the bare figure a form prints: a number that is one of
    the key's values, or one of its numbers as written (a form in thousands prints "44,322")."""
    return any(key.matches(figure) or figure in key.written for figure in bare_figures(text))

"""Money (M001-M006, DESIGN 4.3, 4.5): one parser for keys and answers, amounts compared as
numbers in their own currency; unit notes, signs (in symbols and in words) and digit groups; the
key's unit and precision; grounding an amount in a source; the shortcuts each equal to their rule
on drawn input; and whole answers graded in several registers (rent in euros, a UK invoice in
pounds, a Japanese price in yen, a Swiss salary in francs), each rule with the cases it must
never match, what supersedes the key, and the alternative an answer rejects.

The cases of signs, digit groups, a key's precision and grounding were found by mutation testing
(`bench/mutate.py`): each is one a reader can check against DESIGN 4.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.rules.context import digits_in, held_in, significant_digits_of
from grader.rules.currencies import CODES
from grader.rules.key import money_key
from grader.rules.minor_units import _UNIT, MINOR_STRINGS, may_hold_minor
from grader.rules.money import (
    _CODE,
    _UNIT_NOTE,
    _WRITTEN_AFTER,
    _written_after,
    amounts_by_definition,
    find_amounts,
    unit_note,
)
from grader.rules.money_keys import MoneyKey, bare_figures, names_key_figure
from grader.rules.money_wording import worded_as_negative
from grader.rules.normalize import clean
from grader.rules.reading import Context
from grader.rules.verdict import CORRECT, WRONG
from tests.caseids import case_id
from tests.conftest import make_answer
from tests.rules.shipped import GRADER

D = Decimal


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("$44,322", [("$44,322", "44322")]),
        ("$42.99", [("$42.99", "42.99")]),
        ("$.99", [("$.99", ".99")]),
        ("$ 42.99", [("$ 42.99", "42.99")]),
        ("$-20.00", [("$-20.00", "20.00")]),
        ("\u2212$20.00", [("-$20.00", "20.00")]),
        ("-$10,020.00", [("-$10,020.00", "10020.00")]),
        ("($1,200.00)", [("($1,200.00)", "1200.00")]),
        ("$(1,577) million", [("$(1,577) million", "1577000000")]),
        ("USD 42.99", [("USD 42.99", "42.99")]),
        ("42.99 USD", [("42.99 USD", "42.99")]),
        ("US$42.99", [("US$42.99", "42.99")]),
        ("42.99 dollars", [("42.99 dollars", "42.99")]),
        ("$1.2 million", [("$1.2 million", "1200000")]),
        ("1.2 million dollars", [("1.2 million dollars", "1200000")]),
        ("$2.5bn", [("$2.5bn", "2500000000")]),
        ("$2.5B", [("$2.5B", "2500000000")]),
        ("$3.4 billion", [("$3.4 billion", "3400000000")]),
        ("$1,561M", [("$1,561M", "1561000000")]),
        ("$7 MM", [("$7 MM", "7000000")]),
        ("$4 mn", [("$4 mn", "4000000")]),
        ("$12k", [("$12k", "12000")]),
        ("$12K", [("$12K", "12000")]),
        ("$1 thousand", [("$1 thousand", "1000")]),
        ("$2 trillion", [("$2 trillion", "2000000000000")]),
        ("(Generated $1.8 bn)", [("$1.8 bn", "1800000000")]),
        ("($1.8 bn)", [("($1.8 bn)", "1800000000")]),
    ],
    ids=case_id,
)
def test_every_written_form_is_read(text, amounts):
    assert [(a.text, a.value) for a in find_amounts(text)] == [(t, D(v)) for t, v in amounts]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("a transfer of -$10,020.00 [1]", ["10020.00"]),
        ("x$5 and $$5", []),
        ("$1,20 is malformed", []),
        ("between $40-$50", ["40", "50"]),
        ("$20 by March", ["20"]),
        ("$5 Monthly", ["5"]),
        ("Dwelling $425,000 B - Other structures $42,500", ["425000", "42500"]),
        ("no dollars here: 42.99", []),
        ("50% of 42.99", []),
    ],
    ids=[
        "twenty-is-not-inside-ten-thousand-and-twenty",
        "touching-signs-are-no-amount",
        "broken-separators",
        "a-range",
        "by-is-no-billion",
        "monthly-is-no-million",
        "a-letter-after-a-space-is-a-label",
        "a-bare-number-is-no-dollar-amount",
        "a-percentage-is-no-dollar-amount",
    ],
)
def test_amounts_are_whole_tokens(text, values):
    assert [a.value for a in find_amounts(text)] == [D(v) for v in values]


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("$44,322", True),
        ("$.99", True),
        ("USD 1,577", True),
        ("$1.2 million", True),
        ("($1,200.00)", True),
        ("44,322", False),
        ("March 15, 2024", False),
        ("", False),
        ("$", False),
    ],
    ids=lambda v: repr(v),
)
def test_a_money_question_is_one_whose_key_holds_a_dollar_amount(key, expected):
    assert (money_key(key) is not None) is expected  # the grader's own definition


@pytest.mark.parametrize(
    ("key", "unit", "precision", "answer", "matches"),
    [
        ("$44,322", "", "", "44322.00", True),
        ("$1.2 million", "", "", "1200000", True),
        ("$42.99", "", "", "42.98", False),
        ("$1577.00", "million", "", "1577000000", True),
        ("$1577.00", "million", "", "1577.00", False),
        ("$382", "million", "1", "381600000", True),
        ("$382", "million", "1", "381400000", False),
        ("$8.70", "billion", "written", "8738000000", True),
        ("$8.70", "billion", "written", "8800000000", False),
        ("$1577.00", "million", "written", "1577400000", True),
        ("about $1.8 bn", "", "written", "1824000000", True),
        ("$42.99", "", "written", "42.98", False),
    ],
    ids=[
        "whole-dollars-equal-cents",
        "scale-word-in-the-key",
        "default-exact-to-the-cent",
        "key-in-millions",
        "a-millions-key-is-not-its-bare-number-in-dollars",
        "rounded-to-the-million-accepts-381.6",
        "rounded-to-the-million-refuses-381.4",
        "written-8.70-billion-accepts-8738-million",
        "written-8.70-billion-refuses-8.8-billion",
        "written-1577.00-millions-is-exact-to-the-million",
        "written-1.8-bn-accepts-1824-million",
        "written-cents-stay-exact",
    ],
)
def test_key_unit_and_precision(key, unit, precision, answer, matches):
    money_key = MoneyKey.of(key, unit, precision)
    assert money_key is not None
    assert money_key.matches(D(answer)) is matches


@pytest.mark.parametrize(
    ("text", "figures"),
    [
        ("Line 37 shows the amount you owe: 44,322 [1].", ["44322"]),
        ("The fee appears on the statement [2].", []),
        ("A 50% match.", []),
        ("Due 03/10/2024.", []),
        ("Due March 10.", []),
        ("Due 10 March.", []),
        ("Pay within 25 days.", []),
        ("1. The first item", []),
        ("In 2024 the total was 1,284.", ["1284"]),
        ("Form 10-K, Source 3", []),
        ("It was 1,577 million.", ["1577000000"]),
    ],
    ids=[
        "a-form-prints-the-bare-figure",
        "a-citation-marker-is-no-figure",
        "a-percentage-is-no-figure",
        "a-date-is-no-figure",
        "a-month-and-day-is-no-figure",
        "a-day-and-month-is-no-figure",
        "a-day-count-is-no-figure",
        "a-list-number-is-no-figure",
        "a-year-is-no-figure",
        "a-form-name-and-a-source-number-are-no-figures",
        "a-scale-word-applies",
    ],
)
def test_the_bare_figure_a_form_prints(text, figures):
    assert bare_figures(text) == [D(f) for f in figures]


def test_a_bare_figure_names_the_key_in_its_own_digits():
    key = MoneyKey.of("$1577.00", "million")
    assert names_key_figure("The capital expenditure was 1,577.", key)
    assert names_key_figure("The capital expenditure was 1,577 million.", key)
    assert not names_key_figure("The capital expenditure was 1,578.", key)
    assert not names_key_figure("See [2] and [1577].", MoneyKey.of("$1577"))


# --- unit notes --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "scale"),
    [
        ("In millions: net income was $212.", "1000000"),
        ("Figures in millions: net income was $212.", "1000000"),
        ("IN THOUSANDS", "1000"),
        ("(in billions of dollars)", "1000000000"),
        ("dollars in\tthousands", "1000"),
        ("in millions of shares", None),
        ("net income was $212", None),
        ("In 2023 it rose by millions", None),
    ],
    ids=[
        "capital-in-opens-a-note",
        "lower-case-in",
        "in-capitals",
        "of-dollars",
        "a-tab-between",
        "of-shares-is-no-money-note",
        "income-is-no-in",
        "millions-without-in-before-it",
    ],
)
def test_a_unit_note(text, scale):
    assert unit_note(text) == (None if scale is None else D(scale))


NOTE_WORDS = st.sampled_from(
    [
        "in",
        "In",
        "IN",
        "iN",
        "\u0131n",
        "millions",
        "MILLIONS",
        "Millions",
        "m\u0130llions",
        "thou\u017fands",
        "thousands",
        "Billions",
        "of",
        "dollars",
        "shares",
        "USD",
        "$212",
        "(",
        ")",
        ":",
        " ",
        "\t",
        "\n",
        "income",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(NOTE_WORDS, max_size=8).map(" ".join))
def test_the_unit_note_shortcut_is_its_rule(text):
    """The shortcut (no unit word in lower case, no note) never hides a note the rule reads."""
    found = _UNIT_NOTE.search(text)
    assert unit_note(text) == (None if found is None else unit_note(found.group(0)))
    assert (unit_note(text) is None) is (found is None)


# The pieces amounts are made of, in every currency and case, and what sits beside them.
AMOUNT_PIECES = st.sampled_from(
    (
        "$|€|£|¥|₹|円|US$|C$|CN¥|USD|usd|Usd|EUR|eur|GBP|CHF|chf|dollars|DOLLARS|euro|"
        "Euros|pounds|pound|yen|Swiss francs|yuan|rupees|1,450|1.450,00|1.450|42.99|5|"
        "2023|8'500|.99|-|(|)|million|m|bn|k|cents|of flour|weighs|not|rather than|"
        "In millions:|Europe|compound|the|is|,|.| |ſ|ı|cent|Cents|pence|¢|centimes|five|"
        "twenty-five|and|my|percent|centimetres|euro cents|dollar|one|the|hundred|thousand|"
        "point|stone|Twenty|zero|a"
    ).split("|")
)


@settings(max_examples=800, deadline=None)
@given(
    st.lists(AMOUNT_PIECES, max_size=10).map(" ".join),
    st.lists(AMOUNT_PIECES, max_size=10).map("".join),
)
def test_find_amounts_shortcuts_are_its_rule(spaced, glued):
    """No currency, no amount; no currency written after a number, no second half of the
    pattern: `find_amounts` equals its definition on any text."""
    for text in (spaced, glued):
        assert find_amounts(text) == amounts_by_definition(text)


@settings(max_examples=800, deadline=None)
@given(
    st.lists(AMOUNT_PIECES, max_size=10).map(" ".join),
    st.lists(AMOUNT_PIECES, max_size=10).map("".join),
)
def test_written_after_is_its_pattern(spaced, glued):
    """The currency written after a number is looked for, in ASCII text, as the codes and the
    words' stems written (the stems in lower case): wherever the pattern that ignores case finds
    one, so is one of them (a stem alone, "dollar", may be found where the pattern finds none:
    `find_amounts` then tries the whole pattern, as its rule does)."""
    for text in (spaced, glued, spaced.upper(), glued.title()):
        if _WRITTEN_AFTER.search(text) is not None:
            assert _written_after(text, text.lower()), text


@settings(max_examples=800, deadline=None)
@given(
    st.lists(AMOUNT_PIECES, max_size=10).map(" ".join),
    st.lists(AMOUNT_PIECES, max_size=10).map("".join),
)
def test_the_codes_pattern_finds_a_code_where_one_is_written(spaced, glued):
    """`_written_after` looks for the codes with one pattern that keeps case: it finds one
    exactly where one of them is written as a substring (`CODES`)."""
    for text in (spaced, glued, spaced.upper(), glued.title(), glued.upper()):
        assert (_CODE.search(text) is not None) == any(code in text for code in CODES), text


@pytest.mark.parametrize("code", CODES)
def test_the_codes_pattern_finds_each_code_in_capitals_only(code):
    assert _CODE.search(f"Paid: 1,450{code}.") is not None
    assert _CODE.search(f"Paid: 1,450 {code.lower()}, {code.title()}.") is None


def test_find_amounts_shortcuts_are_its_rule_on_written_answers():
    cases = Path(__file__).parents[1] / "cases"
    for path in sorted(cases.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            for text in (case.get("answer", ""), case.get("question", "")):
                assert find_amounts(text) == amounts_by_definition(text), text


# --- money in any currency (DESIGN 4.3, v4) ----------------------------------------------------

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        # rent in euros
        ("€1,450", [("€1,450", "EUR", "1450")]),
        ("€1,450.00", [("€1,450.00", "EUR", "1450.00")]),
        ("€ 1,450", [("€ 1,450", "EUR", "1450")]),
        ("1.450,00 €", [("1.450,00 €", "EUR", "1450.00")]),
        (f"1{NBSP}450,00{NBSP}€", [("1,450,00 €", "EUR", "1450.00")]),
        ("€1.234.567", [("€1.234.567", "EUR", "1234567")]),
        ("45,99 €", [("45,99 €", "EUR", "45.99")]),
        ("1,450 euros", [("1,450 euros", "EUR", "1450")]),
        ("1 euro", [("1 euro", "EUR", "1")]),
        ("EUR 1,450", [("EUR 1,450", "EUR", "1450")]),
        ("1,450 EUR", [("1,450 EUR", "EUR", "1450")]),
        ("€2.5bn", [("€2.5bn", "EUR", "2500000000")]),
        ("€1.450 billion", [("€1.450 billion", "EUR", "1450000000")]),
        ("€1.450", [("€1.450", "EUR", "1450")]),
        ("-€20.00", [("-€20.00", "EUR", "20.00")]),
        # a UK invoice in pounds
        ("£2,340.00", [("£2,340.00", "GBP", "2340.00")]),
        ("500 pounds", [("500 pounds", "GBP", "500")]),
        ("2,340 pounds sterling", [("2,340 pounds sterling", "GBP", "2340")]),
        ("GBP 2,340.00", [("GBP 2,340.00", "GBP", "2340.00")]),
        ("£3m", [("£3m", "GBP", "3000000")]),
        ("(£1,200.00)", [("(£1,200.00)", "GBP", "1200.00")]),
        # a Japanese price in yen
        ("¥128,000", [("¥128,000", "JPY", "128000")]),
        ("128,000 yen", [("128,000 yen", "JPY", "128000")]),
        ("128,000円", [("128,000円", "JPY", "128000")]),
        ("JPY 1.2 billion", [("JPY 1.2 billion", "JPY", "1200000000")]),
        # a Swiss salary in francs
        ("CHF 8'500.00", [("CHF 8'500.00", "CHF", "8500.00")]),
        (f"CHF{NBSP}8{NBSP}500", [("CHF 8,500", "CHF", "8500")]),
        ("8,500 Swiss francs", [("8,500 Swiss francs", "CHF", "8500")]),
        ("8'500 CHF", [("8'500 CHF", "CHF", "8500")]),
        # dollars of other countries, and the dollar as it has always been read
        ("US$42.99", [("US$42.99", "USD", "42.99")]),
        ("C$1,200", [("C$1,200", "CAD", "1200")]),
        ("A$99", [("A$99", "AUD", "99")]),
        ("1,200 Canadian dollars", [("1,200 Canadian dollars", "CAD", "1200")]),
        ("$42.99", [("$42.99", "$", "42.99")]),
        ("42.99 dollars", [("42.99 dollars", "$", "42.99")]),
        ("₹900", [("₹900", "INR", "900")]),
    ],
    ids=case_id,
)
def test_an_amount_in_any_currency_is_read_with_its_currency(text, amounts):
    found = [(a.text, a.currency, a.value) for a in find_amounts(text)]
    assert found == [(t, c, D(v)) for t, c, v in amounts]


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        # digit groups between plain spaces, as much of Europe writes them
        ("The locker costs 1 450 € per year.", [("1 450 €", "EUR", "1450")]),
        ("€ 1 450", [("€ 1 450", "EUR", "1450")]),
        ("1 450,50 €", [("1 450,50 €", "EUR", "1450.50")]),
        ("CHF 12 500", [("CHF 12 500", "CHF", "12500")]),
        ("1 450 euros", [("1 450 euros", "EUR", "1450")]),
        ("USD 10 000 000", [("USD 10 000 000", "USD", "10000000")]),
        # never: a group of other than three digits, a year before an amount, a dollar with a
        # decimal comma, a comma-grouped number followed by another
        ("12 34 €", [("34 €", "EUR", "34")]),
        ("1 4500 €", [("4500 €", "EUR", "4500")]),
        ("In 1990 450 € was paid.", [("450 €", "EUR", "450")]),
        ("$1,234 567 units", [("$1,234", "$", "1234")]),
        ("$1 450,50", []),
    ],
    ids=case_id,
)
def test_digit_groups_between_spaces(text, amounts):
    found = [(a.text, a.currency, a.value) for a in find_amounts(text)]
    assert found == [(t, c, D(v)) for t, c, v in amounts]


@pytest.mark.parametrize(
    "text",
    [
        "The lease runs 1,450 days.",
        "They made 4 late payments.",
        "Rent rose 12.5% in 2023.",
        "The pallet holds 500 pounds of flour.",
        "The crate weighs 150 pounds.",
        "Growth in the 2023 euro area slowed.",
        "eur 1,450 and gbp 500",
        "$1,20",
        "€1,2,3",
        "EUROSTOXX 50",
        "1.450",
    ],
    ids=[
        "a-count-with-no-currency",
        "a-small-count",
        "a-percentage-and-a-year",
        "pounds-of-something-is-a-weight",
        "weighs-pounds-is-a-weight",
        "a-year-before-a-singular-word",
        "codes-other-than-usd-in-capitals-only",
        "no-decimal-comma-in-dollars",
        "broken-separators",
        "a-code-inside-a-word",
        "an-ambiguous-number-with-no-currency",
    ],
)
def test_what_is_never_money(text):
    assert find_amounts(text) == []


@pytest.mark.parametrize(
    ("key", "answer", "matches"),
    [
        # the same currency, written any way
        ("€1,450", "€1,450", True),
        ("€1,450", "1,450 euros", True),
        ("€1,450", "EUR 1,450.00", True),
        ("€1,450", "1.450,00 €", True),
        ("€1,450", "1 450 €", True),
        ("1 450 €", "€1,450", True),
        ("1 450 €", "450 €", False),
        ("£2,340.00", "2,340 pounds", True),
        ("£2,340.00", "GBP 2,340", True),
        ("¥128,000", "128,000 yen", True),
        ("¥128,000", "JPY 128,000", True),
        ("CHF 8'500", "CHF 8,500.00", True),
        ("CHF 8'500", "8 500 CHF", True),
        ("$42.99", "US$42.99", True),
        ("$42.99", "42.99 dollars", True),
        ("C$1,200", "$1,200", True),
        # another amount, or another currency, is not the key
        ("€1,450", "€1,540", False),
        ("€1,450", "$1,450", False),
        ("€1,450", "£1,450", False),
        ("£2,340.00", "€2,340.00", False),
        ("¥128,000", "$128,000", False),
        ("CHF 8'500", "€8,500", False),
        ("US$42.99", "C$42.99", False),
        ("C$1,200", "A$1,200", False),
        # "1.450" alone, read by the key's form
        ("1.450,00 €", "€1.450", True),
        ("€1,450.00", "€1.450", False),
        ("€1.45", "€1.450", True),
        ("€1.450", "€1,450", True),
        ("€1.450", "€1.45", False),
        ("€1.450", "€1.450", True),
        ("¥128,000", "¥128.000", False),
        ("¥128.000", "128,000 yen", True),
        ("$1.450", "$1.45", True),
        ("$1.450", "$1,450", False),
        ("€1,450 billion", "€1.450 billion", False),
        ("€1.45 billion", "€1.450 billion", True),
        # a decimal comma where the form shows one
        ("€45.99", "45,99 €", True),
        ("£12.50", "£12,50", True),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_an_amount_matches_the_key_only_in_its_currency(key, answer, matches):
    money_key = MoneyKey.of(key)
    assert money_key is not None
    (amount,) = find_amounts(answer.replace("8 500", f"8{NBSP}500"))
    assert money_key.matches_amount(amount, negative=False) is matches


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("€1,450", True),
        ("1,450 euros", True),
        ("£2,340.00 including VAT", True),
        ("¥128,000", True),
        ("CHF 8'500 a month", True),
        ("1.450", False),
        ("1,450", False),
        ("500 pounds of flour", False),
        ("the 2023 euro area", False),
        ("12.5%", False),
    ],
    ids=lambda v: repr(v),
)
def test_a_money_question_is_one_whose_key_holds_an_amount_in_any_currency(key, expected):
    assert (money_key(key) is not None) is expected  # the grader's own definition


def test_the_key_shows_its_currency_as_written():
    key = MoneyKey.of("€1,450.00 per month")
    assert key is not None
    assert (key.texts, key.currencies, key.values) == (("€1,450.00",), ("EUR",), (D("1450.00"),))
    assert MoneyKey.of("1.450,00 € per month").texts == ("1.450,00 €",)


def test_a_key_with_amounts_in_two_currencies_matches_each_in_its_own():
    key = MoneyKey.of("€1,450 (about $1,560)")
    assert key is not None
    (euros,) = find_amounts("€1,450")
    (dollars,) = find_amounts("$1,560")
    (wrong,) = find_amounts("€1,560")
    assert key.matches_amount(euros, False) and key.matches_amount(dollars, False)
    assert not key.matches_amount(wrong, False)
    assert key.matches(D("1560"), "$") and not key.matches(D("1560"), "EUR")
    assert key.matches(D("1560"))  # a bare figure has no currency


# --- amounts in a minor unit (DESIGN 4.3, v4) -------------------------------------------------

# (text, [(amount as written, value, currency)]): what the family reads, in several registers.
MINOR_UNITS = {
    "cents in digits (finance)": (
        "The board declared a dividend of 5 cents per share.",
        [("5 cents", "0.05", "$")],
    ),
    "cents in words (sport)": (
        "Tickets to the 1920 final cost twenty-five cents.",
        [("twenty-five cents", "0.25", "$")],
    ),
    "a hyphenated cent (politics)": (
        "The levy added a 3-cent tax on each gallon.",
        [("3-cent", "0.03", "$")],
    ),
    "the cent sign (science)": ("Each sample vial cost 40¢ in 1970.", [("40¢", "0.40", "$")]),
    "pence (music)": ("The single sold for 50 pence in 1964.", [("50 pence", "0.50", "GBP")]),
    "euro cents (business)": (
        "A 5 euro cent coin and 50 euro cents.",
        [("5 euro cent", "0.05", "EUR"), ("50 euro cents", "0.50", "EUR")],
    ),
    "centimes (law)": ("The stamp duty was 80 centimes a page.", [("80 centimes", "0.80", "CHF")]),
    "rappen (trade)": ("A bread roll cost 90 rappen in Zurich.", [("90 rappen", "0.90", "CHF")]),
    "paise (history)": ("A postcard stamp cost 15 paise in 1970.", [("15 paise", "0.15", "INR")]),
    "every minor unit in one text (the guard's edge)": (
        "The smallest coins: 5 cents, 20 pence, 10 rappen, 50 paise and 9¢.",
        [
            ("5 cents", "0.05", "$"),
            ("20 pence", "0.20", "GBP"),
            ("10 rappen", "0.10", "CHF"),
            ("50 paise", "0.50", "INR"),
            ("9¢", "0.09", "$"),
        ],
    ),
    "one cent (literature)": (
        "The first edition was priced at one cent.",
        [("one cent", "0.01", "$")],
    ),
    "a fraction of a cent": ("The fee is 2.5 cents a trade.", [("2.5 cents", "0.025", "$")]),
    "dollars and cents are one amount": (
        "The fare was $5 and 50 cents.",
        [("$5 and 50 cents", "5.50", "$")],
    ),
    "dollars in words and cents": (
        "The fare was 5 dollars and 50 cents.",
        [("5 dollars and 50 cents", "5.50", "$")],
    ),
    "pounds and pence": ("It cost £2 and 20 pence.", [("£2 and 20 pence", "2.20", "GBP")]),
    "euros and cents": ("It cost €3 and 10 cents.", [("€3 and 10 cents", "3.10", "EUR")]),
    "an amount and cents of another currency stay apart": (
        "It cost £2 and 20 cents.",
        [("£2", "2", "GBP"), ("20 cents", "0.20", "$")],
    ),
    "an amount and a list of cents stay apart": (
        "The price was $0.55, or 55 cents per share.",
        [("$0.55", "0.55", "$"), ("55 cents", "0.55", "$")],
    ),
}


@pytest.mark.parametrize(
    ("text", "amounts"), list(MINOR_UNITS.values()), ids=list(MINOR_UNITS.keys())
)
def test_an_amount_in_a_minor_unit(text, amounts):
    """ "five cents" was no amount: a key of "5 cents / five cents / $0.05" asked for $0.05."""
    found = find_amounts(text)
    assert [(a.text, str(a.value), a.currency) for a in found] == amounts
    assert [a.value for a in found] == [D(value) for _, value, _ in amounts]


@pytest.mark.parametrize(
    "text",
    [
        "Turnout rose 5 percent.",
        "Turnout rose 5 per cent.",
        "The beetle is 12 centimetres long.",
        "The cathedral dates from the 12th century.",
        "It was not worth a cent.",
        "Pennies and cents are coins.",
        "They paid a few cents on the dollar.",
        "Here is my two cents on the verdict.",
        "She added her two cents' worth.",
        "The electron sits in the 2p orbital.",
        "The trailer streams in 1080p.",
        "It was 5c outside.",
        "He kept 3 pennies.",
        "The rouble fell to 90 kopecks.",
        "Step 3. Cents are rounded to the nearest nickel.",
    ],
    ids=[
        "percent",
        "per-cent",
        "centimetres",
        "century",
        "a-cent-is-a-figure-of-speech",
        "cents-without-a-number",
        "a-few-cents",
        "my-two-cents-is-an-opinion",
        "her-two-cents-worth",
        "an-orbital-is-no-pence",
        "a-resolution-is-no-pence",
        "a-letter-touching-a-number",
        "pennies-are-a-count-of-coins",
        "no-rouble-is-read",
        "a-list-number-before-a-sentence-on-cents",
    ],
)
def test_what_is_never_an_amount_in_a_minor_unit(text):
    assert find_amounts(text) == []


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("1.450centſ", [("1.450cent", "0.01450")]),
        ("ſix centſ", []),
        ("Five paıse", []),
        ("Five PAİSE", []),
        ("FIVE CENTS", [("FIVE CENTS", "0.05")]),
    ],
    ids=["long-s-after-cent", "long-s-in-the-number", "dotless-i", "dotted-capital-i", "capitals"],
)
def test_a_minor_unit_is_read_in_ascii_letters(text, amounts):
    """A letter outside ASCII that Unicode's case folding reads as "s" or "i" ("ſ", "ı", "İ")
    is no letter of a unit's or a number's word: the text was a KeyError ("centſ" is no unit of
    the table), and the guard, which looks for the words in lower case, missed it."""
    found = find_amounts(text)
    assert [(a.text, str(a.value)) for a in found] == amounts
    assert found == amounts_by_definition(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(AMOUNT_PIECES, max_size=10).map(" ".join))
def test_the_minor_unit_guard_is_its_pattern(text):
    """Every minor unit the pattern finds holds one of the strings the guard looks for."""
    if _UNIT.search(text) is not None:
        assert may_hold_minor(text.lower()), (text, MINOR_STRINGS)


# --- amounts in words (DESIGN 4.3, v4) ---------------------------------------------------------

# (text, [(amount as written, value, currency)]): a number in words before a currency's name.
AMOUNTS_IN_WORDS = {
    "dollars (business)": (
        "The founders sold the first shares for five dollars each.",
        [("five dollars", "5", "$")],
    ),
    "dollars and cents are one amount (sport)": (
        "A bleacher seat at the 1951 final cost five dollars and fifty cents.",
        [("five dollars and fifty cents", "5.50", "$")],
    ),
    "a compound number (music)": (
        "The first pressing sold for twenty-five euros.",
        [("twenty-five euros", "25", "EUR")],
    ),
    "hundreds and 'and' (law)": (
        "The court fined the publisher three hundred and fifty pounds.",
        [("three hundred and fifty pounds", "350", "GBP")],
    ),
    "hundreds of a teen (literature)": (
        "Dickens was paid fifteen hundred pounds for the serial.",
        [("fifteen hundred pounds", "1500", "GBP")],
    ),
    "thousands (science)": (
        "The grant was two thousand five hundred Swiss francs.",
        [("two thousand five hundred Swiss francs", "2500", "CHF")],
    ),
    "a scale word after the number (politics)": (
        "The campaign raised five million US dollars.",
        [("five million US dollars", "5000000", "USD")],
    ),
    "yen (finance)": (
        "A share of the fund cost ten thousand yen at launch.",
        [("ten thousand yen", "10000", "JPY")],
    ),
    "one dollar, singular (business)": (
        "Each ticket cost one dollar.",
        [("one dollar", "1", "$")],
    ),
    "one euro (politics)": ("The toll is one euro per car.", [("one euro", "1", "EUR")]),
    "1 dollar in digits, singular": ("Each ticket cost 1 dollar.", [("1 dollar", "1", "$")]),
    "zero dollars (finance)": ("The fee is zero dollars.", [("zero dollars", "0", "$")]),
    "what it buys: dollars' worth (sport)": (
        "The club bought five dollars' worth of chalk.",
        [("five dollars", "5", "$")],
    ),
    "an ordinal before the number (law)": (
        "The first five dollars of interest are exempt.",
        [("five dollars", "5", "$")],
    ),
    "capitals (music)": ("Tickets: Twenty Dollars.", [("Twenty Dollars", "20", "$")]),
}


@pytest.mark.parametrize(
    ("text", "amounts"), list(AMOUNTS_IN_WORDS.values()), ids=list(AMOUNTS_IN_WORDS.keys())
)
def test_an_amount_in_words(text, amounts):
    """ "five dollars" was no amount, so "five dollars and fifty cents" was read as $0.50 (only
    its minor unit): a key of $0.50 was matched by an answer of $5.50."""
    found = find_amounts(text)
    assert [(a.text, str(a.value), a.currency) for a in found] == amounts
    assert [a.value for a in found] == [D(value) for _, value, _ in amounts]
    assert found == amounts_by_definition(text)


@pytest.mark.parametrize(
    "text",
    [
        "The shop sold it for a few dollars.",
        "The lesson covered dollars and cents.",
        "Billions of dollars were wagered on the final.",
        "The campaign spent millions of dollars.",
        "He paid with a five-dollar bill.",
        "The band sold twenty-euro tickets.",
        "The novel was sold in the one dollar store.",
        "It cost a dollar.",
        "He looks like a million dollars.",
        "The senator was paid six-figure sums.",
        "She bought three pounds of flour.",
        "The trophy weighs two pounds.",
        "The boxer weighed twelve stone four pounds.",
        "The boxer weighed 12 stone 4 pounds.",
        "Prices were quoted in nineteen eighty-nine dollars.",
        "The stock rose from one point five million dollars.",
        "The bet was between two and five dollars.",
        "A hundred and five dollars was the fine.",
        "The project cost two billion five hundred million dollars.",
        "The debt stood at one trillion two hundred billion dollars.",
        "A five dollar bill has Lincoln on it.",
        "A 5 dollar bill has Lincoln on it.",
        "The vending machine took five euro cents.",
    ],
    ids=[
        "a-few-dollars",
        "dollars-and-cents",
        "billions-of-dollars",
        "millions-of-dollars",
        "a-hyphenated-note",
        "a-hyphenated-ticket",
        "the-one-dollar-store",
        "a-dollar-is-no-number",
        "a-million-dollars-is-a-figure-of-speech",
        "six-figure-sums",
        "pounds-of-flour",
        "weighs-two-pounds",
        "stone-and-pounds",
        "stone-and-pounds-in-digits",
        "a-year-in-words-is-no-sum",
        "the-end-of-a-decimal-in-words",
        "the-end-of-a-range",
        "the-end-of-a-hundred",
        "the-end-of-a-billion",
        "the-end-of-a-trillion",
        "a-singular-dollar-after-five-names-a-note",
        "a-singular-dollar-after-5-names-a-note",
        "euro-cents-are-cents",
    ],
)
def test_what_is_never_an_amount_in_words(text):
    found = find_amounts(text)
    assert [a.text for a in found if a.value >= 1] == []
    assert found == amounts_by_definition(text)


@pytest.mark.parametrize(
    ("key", "answer", "verdict"),
    [
        ("$5.50", "The fare was five dollars and fifty cents.", CORRECT),
        ("$0.50", "The fare was five dollars and fifty cents.", WRONG),
        ("$5", "The entry fee was five dollars.", CORRECT),
        ("$5", "The entry fee was fifty dollars.", WRONG),
        ("£350", "The court fined him three hundred and fifty pounds.", CORRECT),
        ("£350", "The court fined him three hundred pounds.", WRONG),
        ("€1", "The toll is one euro.", CORRECT),
    ],
    ids=[
        "whole-and-cents",
        "only-the-cents-is-not-the-key",
        "dollars",
        "another-number",
        "pounds",
        "a-part-of-the-number",
        "one-euro",
    ],
)
def test_an_amount_in_words_is_graded_as_the_amount(key, answer, verdict):
    graded = grade_of("What was the amount?", key, answer.replace(".", " [1]."))
    assert graded.verdict == verdict, graded.labels
    assert graded.money.violation is (verdict == WRONG)


# --- signs in words (DESIGN 4.3, v4) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "negative"),
    [
        ("The account is overdrawn by $85.10.", True),
        ("The account has a negative balance of $85.10.", True),
        ("The account is short by $85.10.", True),
        ("The account is $85.10 short.", True),
        ("The account is in the red by €85.10.", True),
        ("The statement shows a refund of $20.00.", True),
        ("Your card was refunded £20.00.", True),
        ("The refund is ¥2,000.", True),
        ("$20.00 was refunded to your card.", True),
        ("A $20.00 refund appears on the statement.", True),
        ("The balance is $85.10.", False),
        ("The short-term balance is $85.10.", False),
        ("Sales came up short of the $1 million target.", False),
        ("The refund policy charges a $20.00 restocking fee.", False),
        ("A non-refundable $20.00 fee applies.", False),
        ("The $85.10 is short-term debt.", False),
        ("An overdraft fee of $35.00 applies.", False),
    ],
    ids=[
        "overdrawn-by",
        "a-negative-balance-of",
        "short-by",
        "short-after-the-amount",
        "in-the-red-by",
        "a-refund-of",
        "refunded-before-the-amount",
        "the-refund-is",
        "was-refunded-after-the-amount",
        "a-refund-after-the-amount",
        "a-balance-is-no-sign",
        "short-term-is-no-shortfall",
        "short-of-a-target-is-no-shortfall",
        "a-refund-policy-is-no-refund",
        "non-refundable-is-no-refund",
        "short-term-after-the-amount",
        "an-overdraft-fee-is-a-charge",
    ],
)
def test_an_amount_worded_as_negative(text, negative):
    (amount,) = find_amounts(text)
    assert worded_as_negative(clean(text), amount.start, amount.end) is negative


@pytest.mark.parametrize(
    ("key", "answer", "negative", "matches"),
    [
        ("-$85.10", "overdrawn by $85.10", True, True),
        ("-$85.10", "a balance of $85.10", False, False),
        ("$85.10", "overdrawn by $85.10", True, True),
        ("a refund of $20.00", "$20.00 was refunded", True, True),
        ("a refund of $20.00", "a charge of $20.00", False, False),
    ],
    ids=[
        "a-negative-key-by-an-overdrawn-balance",
        "a-negative-key-never-by-a-plain-balance",
        "a-positive-key-by-its-magnitude",
        "a-refund-key-is-negative",
        "a-refund-key-never-by-a-charge",
    ],
)
def test_signs_are_compared_one_way(key, answer, negative, matches):
    money_key = MoneyKey.of(key)
    (amount,) = find_amounts(answer)
    assert worded_as_negative(answer, amount.start, amount.end) is negative
    assert money_key.matches_amount(amount, negative) is matches


# --- signs, digit groups, precision, grounding ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "negative"),
    [
        ("-$10,020.00", True),
        ("$-20.00", True),
        ("$(1,577) million", True),
        ("-20.00 dollars", True),
        ("($1,200.00)", True),
        ("Net: ($3.2 million)", True),
        ("a net loss of ($3.2 million)", True),
        ("cash from operations in FY 2023 ($1.8 bn)", False),
        ("$20.00", False),
    ],
    ids=[
        "minus before the currency",
        "minus after the currency",
        "brackets after the currency",
        "minus before a currency written after",
        "brackets opening the text",
        "brackets after a colon",
        "brackets after 'of'",
        "brackets after a word are an aside",
        "no sign",
    ],
)
def test_an_amount_is_negative_by_its_sign_or_its_brackets(text, negative):
    (amount,) = find_amounts(text)
    assert amount.negative is negative


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("$1234,567", []),
        ("$1,234,567", ["1234567"]),
        ("$1234567", ["1234567"]),
    ],
    ids=["$1234,567 is no amount", "$1,234,567", "$1234567"],
)
def test_digit_groups_are_read_whole_or_not_at_all(text, values):
    assert [amount.value for amount in find_amounts(text)] == [D(v) for v in values]


@pytest.mark.parametrize(
    ("answer", "unit", "matches"),
    [
        ("$381.50", "", True),
        ("$381.49", "", False),
        ("$382.50", "", True),
        ("$382.51", "", False),
        ("$381.5 million", "million", True),
        ("$381.4 million", "million", False),
        ("$382.5 million", "million", True),
        ("$382.6 million", "million", False),
    ],
    ids=[
        "half a step below matches",
        "past half a step below",
        "half a step above matches",
        "past half a step above",
        "in millions: half a step below",
        "in millions: past half a step below",
        "in millions: half a step above",
        "in millions: past half a step above",
    ],
)
def test_a_key_of_precision_1_matches_within_half_a_step(answer, unit, matches):
    """Gold precision "1": the key is rounded to the unit, so half a unit either way matches."""
    key = MoneyKey.of("$382", unit=unit, precision="1")
    (amount,) = find_amounts(answer)
    assert key.matches_amount(amount, False) is matches
    assert key.matches(amount.value) is matches


@pytest.mark.parametrize(
    "text",
    ["a rise of 1,250%", "1,250]", "1,250/", "1,250 /", "44,322 percent", "44,322 per cent"],
    ids=["a percentage", "a bracket", "a slash", "a slash after a space", "percent", "per cent"],
)
def test_a_number_before_a_percent_sign_a_bracket_or_a_slash_is_no_figure(text):
    assert bare_figures(text) == []


@pytest.mark.parametrize(
    ("amount", "grounded"),
    [
        ("$42.99", True),
        ("$1,577 million", True),
        ("$4.31 billion", True),
        ("$43.00", False),
        ("$4.3 billion", False),
    ],
    ids=[
        "the same amount",
        "the number a table in millions prints",
        "a scale word rounding a source's amount",
        "another amount",
        "rounded to fewer than three digits",
    ],
)
def test_a_source_grounds_an_amount(amount, grounded):
    context = Context.of(
        "", ["Amount due $42.99", "Capex (in millions) 1,577", "Total $4,308 million"]
    )
    (found,) = find_amounts(amount)
    assert context.grounds(found) is grounded


# --- grounding: a source's digits -------------------------------------------------------------


# Grounding skips a source whose digits cannot hold an amount (`digits_in`). The texts below
# write numbers the ways sources and answers do: grouped, with cents, with a leading point,
# with scale words and unit notes, beside one another.
NUMBERS = st.builds(
    lambda whole, cents, form: form.format(whole=whole, grouped=f"{whole:,}", cents=cents),
    st.integers(min_value=0, max_value=5_000_000),
    st.integers(min_value=0, max_value=99).map(lambda cents: f"{cents:02d}"),
    st.sampled_from(
        ["{whole}", "{grouped}", "{grouped}.{cents}", "{whole}.{cents}", ".{cents}", "0.{cents}"]
    ),
)


SOURCE_WORDS = st.sampled_from(
    ["$", "(in millions)", "in thousands", "million", "billion", "USD", "dollars", "total", ","]
)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.one_of(NUMBERS, SOURCE_WORDS, NUMBERS.map(lambda n: "$" + n)), max_size=12),
    NUMBERS,
    st.sampled_from(["", " million", " billion", " thousand"]),
)
def test_a_source_skipped_by_its_digits_cannot_ground_the_amount(source, number, scale):
    text = " ".join(source)
    for amount in find_amounts(f"The total is ${number}{scale}.", note=None):
        if amount.scale_word or significant_digits_of(amount.value) in digits_in(text):
            continue
        held = held_in(text)
        assert amount.value not in held.amounts
        assert Decimal(amount.number.replace(",", "")) not in held.numbers


# `digits_in` leaves an ASCII text uncleaned: its runs of digits must be the cleaned text's.
ASCII_PIECES = st.sampled_from(
    [
        "1",
        "23",
        "4,5",
        "6.7",
        ",",
        ".",
        " ",
        "  ",
        "\t",
        "\n",
        "\r\n",
        "\x0b",
        "\x1c",
        "\x00",
        "- ",
        "-",
        "* ",
        "*",
        ":",
        "$",
        "a",
        "(in millions)",
        "\n- ",
        "\n-",
        "\n  * ",
    ]
)


def digit_runs(text: str) -> list[str]:
    return re.findall(r"\d+", text)


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ASCII_PIECES, max_size=20).map("".join))
def test_an_ascii_source_has_the_runs_of_digits_of_its_cleaned_text(text):
    cleaned = clean(text).replace(",", "").replace(".", "")
    assert digit_runs(digits_in(text)) == digit_runs(cleaned)


def test_a_source_that_is_not_ascii_is_cleaned_for_its_digits():
    # a thin space between digit groups is a thousands separator; a superscript is a footnote
    assert digits_in("total 1\u2009204.50\u00b9 due") == "total 120450 due"


# --- the money rule's guard on words of a negative amount equals its patterns ----------------

_MONEY_PIECES = [
    "overdrawn by",
    "short by",
    "in the red by",
    "a refund of",
    "refunded",
    "short",
    "ſhort",
    "SHORT BY",
    "Refund",
    "red",
    "credit",
    "$85.10",
    "€20.00",
    "is",
    "was",
    ":",
    " ",
    "fee",
]


@given(st.lists(st.sampled_from(_MONEY_PIECES), max_size=10))
@settings(max_examples=500, deadline=None)
def test_worded_as_negative_equals_its_patterns(pieces: list[str]) -> None:
    from grader.rules import money, money_wording

    text = " ".join(pieces)
    for amount in money.find_amounts(text):
        by_patterns = (
            money_wording.worded_as_loss(
                text, amount.start, amount.end, money_wording.DECREASE_WORDS
            )
            or money_wording._NEGATIVE_BEFORE.search(text, max(0, amount.start - 40), amount.start)
            is not None
            or money_wording._NEGATIVE_AFTER.match(text, amount.end) is not None
        )
        assert money_wording.worded_as_negative(text, amount.start, amount.end) == by_patterns


_LOSS_PIECES = [
    *_MONEY_PIECES,
    "loss",
    "Losses",
    "declined",
    "fell",
    "fellow",
    "rose",
    "up",
    "setup",
]


@given(st.lists(st.sampled_from(_LOSS_PIECES), max_size=10), st.booleans())
@settings(max_examples=500, deadline=None)
def test_worded_as_loss_equals_its_definition(pieces: list[str], rising: bool) -> None:
    """The words before and after an amount are split out only where one of the words looked
    for is written there: the same answer as splitting them always."""
    from grader.rules import money, money_wording

    words = money_wording.INCREASE_WORDS if rising else money_wording.DECREASE_WORDS
    text = " ".join(pieces)
    for amount in money.find_amounts(text):
        assert money_wording.worded_as_loss(
            text, amount.start, amount.end, words
        ) == money_wording.worded_as_loss_by_definition(text, amount.start, amount.end, words)


_WORD_PIECES = ["loss", "es", "drop", "ped", "grow", "th", "up", "set", "a", " ", "\0", "fell"]


@given(
    st.lists(st.sampled_from(_WORD_PIECES), max_size=6).map("".join),
    st.lists(st.sampled_from(_WORD_PIECES), max_size=6).map("".join),
    st.frozensets(
        st.lists(st.sampled_from(_WORD_PIECES[:-3]), min_size=1, max_size=3).map("".join)
    ),
)
@settings(max_examples=1000, deadline=None)
def test_the_needles_are_found_where_a_word_is(before: str, after: str, words) -> None:
    """A text before and a text after an amount hold one of the words looked for exactly where
    the two joined by a character no word holds hold one of the words that hold no other
    (`money_wording.needles`), for the shipped words and drawn ones."""
    from grader.rules import money_wording

    for each in (words, money_wording.DECREASE_WORDS, money_wording.INCREASE_WORDS):
        joined = before + "\0" + after
        assert any(needle in joined for needle in money_wording.needles(each)) == any(
            word in before or word in after for word in each
        )


# --- whole answers in any currency (DESIGN 4.3, 4.5, v4) --------------------------------------


CITED = ("cited golden document: doc-a",)


RENT = "What is the monthly rent for the flat on Rue Garibaldi in Lyon?"


INVOICE = "What is the total due on invoice INV-2291?"


PRICE = "What does the rice cooker cost at the Osaka store?"


SALARY = "What is the gross monthly salary in the offer letter?"


FEE = "What is the fee for a replacement card?"


def grade_of(question: str, key: str, answer: str, kind: str = "answerable"):
    return GRADER.grade(make_answer(answer, key=key, question=question, kind=kind))


@pytest.mark.parametrize(
    ("question", "key", "answer", "verdict", "labels", "violation"),
    [
        # rent in euros
        pytest.param(
            RENT, "€1,450", "The rent is €1,540 per month [1].", WRONG,
            ("wrong money: asserted €1,540, key €1,450",), True,
            id="rent: another amount in euros is wrong money",
        ),
        pytest.param(
            RENT, "€1,450", "The rent is €1,450 per month [1].", CORRECT, CITED, False,
            id="rent: the key in euros",
        ),
        pytest.param(
            RENT, "€1,450", "Le loyer est de 1.450,00 € par mois [1].", CORRECT, CITED, False,
            id="rent: the key with points between groups and a decimal comma",
        ),
        pytest.param(
            RENT, "€1,450", "The rent is 1,450 euros a month [1].", CORRECT, CITED, False,
            id="rent: the key in words",
        ),
        pytest.param(
            RENT, "€1,450", "The rent is $1,450 per month [1].", WRONG,
            ("wrong money: asserted $1,450, key €1,450",), True,
            id="rent: the key's number in dollars is not the key",
        ),
        pytest.param(
            RENT, "1.450,00 €", "The rent is €1.450 a month [1].", CORRECT, CITED, False,
            id="rent: 1.450 read by the key's form, points between groups",
        ),
        pytest.param(
            RENT, "€1,450.00", "The rent is €1.450 a month [1].", WRONG,
            ("wrong money: asserted €1.450, key €1,450.00",), True,
            id="rent: 1.450 read by the key's form, a decimal point",
        ),
        # a UK invoice in pounds
        pytest.param(
            INVOICE, "£2,340.00", "The total due is £2,340.00 including VAT [1].", CORRECT,
            CITED, False, id="invoice: the key in pounds",
        ),
        pytest.param(
            INVOICE, "£2,340.00", "You owe 2,340 pounds [1].", CORRECT, CITED, False,
            id="invoice: the key in words",
        ),
        pytest.param(
            INVOICE, "£2,340.00", "The total due is £2,430.00 [1].", WRONG,
            ("wrong money: asserted £2,430.00, key £2,340.00",), True,
            id="invoice: digits swapped is wrong money",
        ),
        pytest.param(
            INVOICE, "£2,340.00", "The total due is €2,340.00 [1].", WRONG,
            ("wrong money: asserted €2,340.00, key £2,340.00",), True,
            id="invoice: the key's number in euros is not the key",
        ),
        # a Japanese price in yen
        pytest.param(
            PRICE, "¥12,800", "It costs 12,800 yen including tax [1].", CORRECT, CITED, False,
            id="price: the key in words",
        ),
        pytest.param(
            PRICE, "¥12,800", "The rice cooker is JPY 12,800 [1].", CORRECT, CITED, False,
            id="price: the key by its code",
        ),
        pytest.param(
            PRICE, "¥12,800", "It costs $12,800 [1].", WRONG,
            ("wrong money: asserted $12,800, key ¥12,800",), True,
            id="price: the key's number in dollars is not the key",
        ),
        pytest.param(
            PRICE, "¥12,800", "It costs ¥12.800 [1].", WRONG,
            ("wrong money: asserted ¥12.800, key ¥12,800",), True,
            id="price: 12.800 read by the key's form is twelve yen eighty",
        ),
        # a Swiss salary in francs
        pytest.param(
            SALARY, "CHF 8'500", "The gross monthly salary is CHF 8,500 [1].", CORRECT, CITED,
            False, id="salary: the key with a comma between groups",
        ),
        pytest.param(
            SALARY, "CHF 8'500", f"The salary is 8{NBSP}500 CHF gross per month [1].", CORRECT,
            CITED, False, id="salary: the key with a no-break space between groups",
        ),
        pytest.param(
            SALARY, "CHF 8'500", "The salary is CHF 8'500.- a month [1].", CORRECT, CITED, False,
            id="salary: the key as a Swiss payslip prints it",
        ),
        pytest.param(
            SALARY, "CHF 8'500", "The salary is €8,500 a month [1].", WRONG,
            ("wrong money: asserted €8,500, key CHF 8'500",), True,
            id="salary: the key's number in euros is not the key",
        ),
        pytest.param(
            SALARY, "CHF 8'500", "The salary is CHF 5,800 [1].", WRONG,
            ("wrong money: asserted CHF 5,800, key CHF 8'500",), True,
            id="salary: another amount in francs is wrong money",
        ),
        # the dollar as it has always been read
        pytest.param(
            FEE, "$25.00", "The replacement card fee is US$25.00 [1].", CORRECT, CITED, False,
            id="fee: US$ is the dollar",
        ),
        pytest.param(
            FEE, "$25.00", "The replacement card fee is €25.00 [1].", WRONG,
            ("wrong money: asserted €25.00, key $25.00",), True,
            id="fee: euros are not the dollar key",
        ),
    ],
)  # fmt: skip
def test_money_in_any_currency(question, key, answer, verdict, labels, violation):
    grade = grade_of(question, key, answer)
    assert (grade.verdict, grade.labels, grade.money.violation) == (verdict, labels, violation)


def test_a_bare_figure_in_the_keys_form_is_the_key_in_any_currency():
    """The figure a form prints, without its currency, counts as the key."""
    grade = grade_of(RENT, "€1,450", "The monthly rent is 1,450 [1].")
    assert (grade.verdict, grade.money.violation) == (CORRECT, False)


def test_an_amount_in_euros_on_a_question_with_no_answer_is_invented():
    grade = grade_of("What is the pet deposit?", "", "The pet deposit is €500 [1].", "negative")
    assert (grade.verdict, grade.labels, grade.violation) == (
        WRONG,
        ("did not decline", "invented amount: €500"),
        True,
    )


BALANCE = "What is the balance of the checking account?"


RETURN = "What is the charge for the returned jacket on the statement?"


WIRE = "What is the fee for an incoming domestic wire?"


@pytest.mark.parametrize(
    ("question", "key", "answer", "verdict", "labels", "violation"),
    [
        # a negative key, worded as a balance below zero or a negative charge
        pytest.param(
            BALANCE, "-$85.10", "The account is overdrawn by $85.10 [1].", CORRECT, CITED, False,
            id="overdrawn by",
        ),
        pytest.param(
            BALANCE, "-$85.10", "The account has a negative balance of $85.10 [1].", CORRECT,
            CITED, False, id="a negative balance of",
        ),
        pytest.param(
            BALANCE, "-$85.10", "The account is short by $85.10 [1].", CORRECT, CITED, False,
            id="short by",
        ),
        pytest.param(
            BALANCE, "-€85.10", "The account is €85.10 short [1].", CORRECT, CITED, False,
            id="short after the amount, in euros",
        ),
        pytest.param(
            BALANCE, "-$85.10", "The balance is $85.10 [1].", WRONG,
            ("wrong money: asserted $85.10, key -$85.10",), True,
            id="a plain balance is not a negative key",
        ),
        pytest.param(
            BALANCE, "-$85.10", "The short-term balance is $85.10 [1].", WRONG,
            ("wrong money: asserted $85.10, key -$85.10",), True,
            id="short-term is no shortfall",
        ),
        pytest.param(
            RETURN, "-$20.00", "The statement shows a refund of $20.00 for the jacket [1].",
            CORRECT, CITED, False, id="a refund is a negative charge",
        ),
        pytest.param(
            RETURN, "-£20.00", "£20.00 was refunded for the jacket [1].", CORRECT, CITED, False,
            id="refunded after the amount, in pounds",
        ),
        pytest.param(
            RETURN, "-$20.00", "The refund policy charges a $20.00 restocking fee [1].", WRONG,
            ("wrong money: asserted $20.00, key -$20.00",), True,
            id="a refund policy's fee is a charge",
        ),
        pytest.param(
            "How much was refunded for the jacket?", "$20.00",
            "The statement shows a refund of $20.00 [1].", CORRECT, CITED, False,
            id="a positive key is matched by a refund's magnitude",
        ),
        # a $0 key
        pytest.param(
            WIRE, "$0", "No fee applies: the bank waived the $35.00 charge [1].", CORRECT, CITED,
            False, id="no fee beside another quantity",
        ),
        pytest.param(
            WIRE, "$0", "The bank waived the $35.00 charge, so no fee applies [1].", CORRECT,
            CITED, False, id="no fee after another quantity",
        ),
        pytest.param(
            WIRE, "$0", "Incoming domestic wires are free; outgoing wires cost $35.00 [1].",
            CORRECT, CITED, False, id="free beside another fee",
        ),
        pytest.param(
            WIRE, "€0", "The incoming wire fee is €0 [1].", CORRECT, CITED, False,
            id="zero in euros",
        ),
        pytest.param(
            WIRE, "$0", "The incoming domestic wire fee is $35.00 [1].", WRONG,
            ("wrong money: asserted $35.00, key $0",), True,
            id="a fee is not the zero key",
        ),
        pytest.param(
            WIRE, "$0", "Incoming wires cost $35.00 [1].", WRONG,
            ("wrong money: asserted $35.00, key $0",), True,
            id="no word for nothing, no zero",
        ),
    ],
)  # fmt: skip
def test_signs_and_zero_in_words(question, key, answer, verdict, labels, violation):
    grade = grade_of(question, key, answer)
    assert (grade.verdict, grade.labels, grade.money.violation) == (verdict, labels, violation)


LIST_PRICE = "What is the list price of the laptop?"


YOU_PAY = "How much do I pay for the laptop after the trade-in?"


TOTAL = "What is the total of the invoice?"


AMOUNT_DUE = "What is the amount due on invoice INV-2291?"


INVOICE_TOTAL = "What is the invoice total on INV-2291?"


TRADE_IN = "The list price is $1,249.00, but after the trade-in you pay $899.00 [1]."


CORRECTED = "The total is $521.40, sorry, $512.40: the $480.00 base plus $32.40 tax [1]."


DEPOSIT = "The invoice shows £2,340.00 [1]. Net of the £340.00 deposit, you owe £2,000.00."


CREDIT = (
    "The statement shows $118.40 in purchases, but after a credit the new balance is $68.40 [1]."
)


@pytest.mark.parametrize(
    ("question", "key", "answer", "verdict", "labels", "violation"),
    [
        # the components of a correction do not supersede it
        pytest.param(TOTAL, "$512.40", CORRECTED, CORRECT, CITED, False,
                     id="a correction concludes, its components do not"),
        pytest.param(
            "What is the total on the Lisbon hotel invoice?", "€512.40",
            "The total is €521,40, sorry, €512,40: the €480,00 room plus €32,40 city tax [1].",
            CORRECT, CITED, False, id="a correction and its components in euros",
        ),
        pytest.param(TOTAL, "$521.40", CORRECTED, WRONG,
                     ("wrong money: $512.40 supersedes the key $521.40",), True,
                     id="the correction supersedes what it corrects"),
        pytest.param(
            TOTAL, "$512.40", "The total is $512.40, sorry, $521.40: the $480.00 base plus "
            "$41.40 tax [1].", WRONG, ("wrong money: $521.40 supersedes the key $512.40",), True,
            id="a wrong correction with its components still supersedes",
        ),
        # after "after", "net of", "so": only when the words leading to it name what is asked
        pytest.param(LIST_PRICE, "$1,249.00", TRADE_IN, CORRECT, CITED, False,
                     id="asked the list price, what you pay after the trade-in keeps the key"),
        pytest.param(
            LIST_PRICE, "$1,249.00",
            "The list price is $1,249.00, so after the $350.00 trade-in you pay $899.00 [1].",
            CORRECT, CITED, False, id="the same after so, in one part",
        ),
        pytest.param(YOU_PAY, "$899.00", TRADE_IN, CORRECT, CITED, False,
                     id="asked what you pay, the result is the key"),
        pytest.param(YOU_PAY, "$1,249.00", TRADE_IN, WRONG,
                     ("wrong money: $899.00 supersedes the key $1,249.00",), True,
                     id="asked what you pay, the result supersedes"),
        pytest.param(
            "How much do I pay for the auto policy each month?", "$96.00",
            "The premium is $96.00, but after the multi-policy discount you pay $81.60 [1].",
            WRONG, ("wrong money: $81.60 supersedes the key $96.00",), True,
            id="asked what you pay for the policy, the discounted premium supersedes",
        ),
        pytest.param(AMOUNT_DUE, "£2,340.00", DEPOSIT, WRONG,
                     ("wrong money: £2,000.00 supersedes the key £2,340.00",), True,
                     id="asked the amount due, what you owe net of a deposit supersedes"),
        pytest.param(INVOICE_TOTAL, "£2,340.00", DEPOSIT, CORRECT, CITED, False,
                     id="asked the invoice total, what you owe net of a deposit keeps the key"),
        pytest.param("What is the new balance on the card?", "$118.40", CREDIT, WRONG,
                     ("wrong money: $68.40 supersedes the key $118.40",), True,
                     id="asked the new balance, the part names it"),
        pytest.param("What were the purchases on the statement?", "$118.40", CREDIT, CORRECT,
                     CITED, False, id="asked the purchases, the new balance keeps the key"),
    ],
)  # fmt: skip
def test_what_supersedes_the_key(question, key, answer, verdict, labels, violation):
    grade = grade_of(question, key, answer)
    assert (grade.verdict, grade.labels, grade.money.violation) == (verdict, labels, violation)


# Another amount given first as the answer's lead, the key after it in another role (DESIGN 4.5:
# the amounts that answer the question do not include the key; K006's lead, read for money by
# `grader.rules.conclusion.given_first`): wrong money. Never a key given first, a lead taken
# back by a correction or a "no", a lead that opens rather than answers.
TICKET = "What does an off-peak day ticket cost?"
TUITION = "How much is tuition per term for in-state students?"


@pytest.mark.parametrize(
    ("question", "key", "answer", "verdict", "labels"),
    [
        pytest.param(RENT, "€1,450", "€1,650 (€1,450 was last year's rent) [1].", WRONG,
                     ("wrong money: €1,650 given first, the key €1,450 after it",),
                     id="a lead and the key in a parenthesis"),
        pytest.param(TICKET, "£12.50", "£15.00. £12.50 is the anytime fare [1].", WRONG,
                     ("wrong money: £15.00 given first, the key £12.50 after it",),
                     id="a lead of its own sentence"),
        pytest.param(TUITION, "$4,200", "$4,800 - the $4,200 figure is for part-time students [1].",
                     WRONG, ("wrong money: $4,800 given first, the key $4,200 after it",),
                     id="a lead and a dash"),
        pytest.param(RENT, "€1,450", "€1,450 (€1,650 from next year) [1].", CORRECT, (),
                     id="the key given first"),
        pytest.param(TICKET, "£12.50", "£15.00, sorry, £12.50 [1].", CORRECT, (),
                     id="a lead corrected to the key"),
        pytest.param(TICKET, "£12.50", "£15.00 - no wait, it is £12.50 [1].", CORRECT, (),
                     id="a lead taken back"),
        pytest.param("What was the rent in 2023?", "€1,450",
                     "In 2023, €1,450; it rose to €1,650 in 2024 [1].", CORRECT, (),
                     id="a lead that opens rather than answers"),
    ],
)  # fmt: skip
def test_another_amount_given_first(question, key, answer, verdict, labels):
    grade = grade_of(question, key, answer)
    assert (grade.verdict, grade.money.violation) == (verdict, verdict == WRONG)
    assert tuple(label for label in grade.labels if label.startswith("wrong money")) == labels


def test_a_question_that_says_nothing_a_rule_reads_keeps_v3s_arithmetic():
    """With no words to name, every arithmetic result after the key supersedes it, as in v3."""
    grade = grade_of("?", "$1,249.00", TRADE_IN)
    assert grade.labels == ("wrong money: $899.00 supersedes the key $1,249.00",)


@pytest.mark.parametrize(
    ("attributed", "suspicious"),
    [
        ("Source 2 lists €1,450", ("the key also sits in an attributed clause",)),
        ("Source 2 lists $1,450", ()),
    ],
    ids=["the-key-in-its-currency", "the-keys-number-in-another-currency"],
)
def test_the_key_in_an_attributed_clause_is_read_in_its_currency(attributed, suspicious):
    grade = grade_of(RENT, "€1,450", f"{attributed}, but the rent is €1,450 [1].")
    assert (grade.verdict, grade.suspicious) == (CORRECT, suspicious)


# The same quantity said again after a contrast, by a pronoun, the amount closing its part,
# supersedes the key (DESIGN 4.5, v4); an amount that more words follow, or another quantity
# named, does not.
SIM = "How much does a new SIM card cost?"


@pytest.mark.parametrize(
    ("answer", "superseded"),
    [
        ("According to the contract a new SIM card costs €10, but in practice it is €15.", True),
        ('The document says "A new SIM card costs €10", but in practice it is €15.', True),
        ("A new SIM card costs €10, but it's really €15 [2].", True),
        ("A new SIM card costs €10; however, it actually comes to €15.", True),
        ("According to Source 1, a new SIM card costs €10, but in practice it is €15.", True),
        ("A new SIM card costs €10, but it is €5 for students.", False),
        ("A new SIM card costs €10, but the deposit is €15.", False),
        ("A new SIM card costs €10, but it is refundable.", False),
        ("A new SIM card costs €10, but that is €15 less than last year.", False),
        ("A new SIM card costs €10. It was €15 last year, but now it is €10.", False),
    ],
)
def test_the_same_quantity_said_again_after_a_contrast_supersedes(answer, superseded):
    grade = grade_of(SIM, "€10", answer)
    assert (grade.verdict == WRONG) is superseded
    assert any("€15 supersedes the key €10" in label for label in grade.labels) is superseded


# --- the alternative rejected -----------------------------------------------------------------


# The alternative rejected is not the answer: an amount right after "not", "rather than",
# "instead of" is not asserted; a bound ("not more than", "does not exceed") still is.
@pytest.mark.parametrize(
    ("key", "answer", "verdict"),
    [
        ("£1,050", "The rent is £950 per month, not £1,050 as previously quoted.", "wrong"),
        ("£950", "The rent is £950 per month, not £1,050 as previously quoted.", "correct"),
        ("$26.99", "It is not $26.99 but $42.99.", "wrong"),
        ("$42.99", "The amount due is $42.99 rather than $26.99.", "correct"),
        ("€80", "You pay €80 instead of €95.", "correct"),
        ("$500", "The cap is not more than $500.", "correct"),
        ("$500", "It does not exceed $500.", "correct"),
    ],
)
def test_the_alternative_rejected_is_not_the_answer(key: str, answer: str, verdict: str) -> None:
    from grader.rules.verdict import Grader
    from grader.schema import Answer, Gold

    graded = Grader(citations=False).grade(
        Answer(qid="q", kind="answerable", question="How much?", gold=Gold(key=key), answer=answer)
    )
    assert graded.verdict == verdict, graded.labels


# --- whole answers in a minor unit (DESIGN 4.3, v4) ------------------------------------------

NICKEL = "How much is a US nickel worth?"


@pytest.mark.parametrize(
    ("question", "key", "answer", "verdict", "labels"),
    [
        pytest.param(
            NICKEL, "5 cents / five cents / $0.05", "five cents [1].", CORRECT, CITED,
            id="an accepted answer in cents, in words",
        ),
        pytest.param(
            NICKEL, "$0.05", "A nickel is worth 5¢ [1].", CORRECT, CITED,
            id="the cent sign for a key in dollars",
        ),
        pytest.param(
            NICKEL, "5 cents", "It is worth $0.05 [1].", CORRECT, CITED,
            id="dollars for a key in cents",
        ),
        pytest.param(
            "What was the dividend per share?", "$0.55", "55 cents per share [1].", CORRECT,
            CITED, id="cents per share are an amount",
        ),
        pytest.param(
            NICKEL, "5 cents / five cents / $0.05", "ten cents [1].", WRONG,
            ("wrong money: asserted ten cents, key 5 cents or five cents or $0.05",),
            id="another number of cents is wrong money",
        ),
        pytest.param(
            NICKEL, "$0.05", "5 percent [1].", WRONG, ("missing key amount: $0.05",),
            id="percent is never cents",
        ),
        pytest.param(
            "What was the bus fare?", "$5.50", "The fare was $5 and 50 cents [1].", CORRECT,
            CITED, id="dollars and cents are the key",
        ),
        pytest.param(
            "What was the bus fare?", "$5.50", "The fare was 50 cents [1].", WRONG,
            ("wrong money: asserted 50 cents, key $5.50",),
            id="cents alone are not dollars and cents",
        ),
        pytest.param(
            "What does a first-class stamp cost?", "£0.85", "85 pence [1].", CORRECT, CITED,
            id="pence for a key in pounds",
        ),
        pytest.param(
            "What does a first-class stamp cost?", "£0.85", "85 cents [1].", WRONG,
            ("wrong money: asserted 85 cents, key £0.85",),
            id="cents are not pence",
        ),
    ],
)  # fmt: skip
def test_a_key_in_a_minor_unit(question, key, answer, verdict, labels):
    grade = grade_of(question, key, answer)
    assert (grade.verdict, grade.labels) == (verdict, labels)


@pytest.mark.parametrize(
    ("value", "digits"),
    [
        ("1577000000", "1577"),
        ("1577.00", "1577"),
        ("467487.64", "46748764"),
        ("0.05", "5"),
        ("0", ""),
        ("0.00", ""),
        ("1E+2", "1"),
        ("1.5770E+9", "1577"),
        ("1.23E-7", "123"),
        ("-5.50", "55"),
        ("100.001", "100001"),
    ],
)
def test_significant_digits_of_a_value(value, digits):
    assert significant_digits_of(Decimal(value)) == digits


@settings(max_examples=500)
@given(st.decimals(allow_nan=False, allow_infinity=False))
def test_significant_digits_are_the_digits_of_the_values_tuple(value):
    """`significant_digits_of` reads the value as printed: the digits `Decimal.as_tuple` gives."""
    expected = "".join(str(digit) for digit in value.as_tuple().digits).rstrip("0")
    assert significant_digits_of(value) == expected

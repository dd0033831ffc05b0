"""Money rules (DESIGN 4.3): one parser for keys and answers, amounts compared as numbers."""

import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.money import _UNIT_NOTE, amounts_by_definition, find_amounts, unit_note
from grader.rules.money_keys import MoneyKey, bare_figures, names_key_figure
from grader.rules.money_wording import worded_as_negative
from grader.rules.normalize import clean
from grader.rules.verdict import money_key

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
    ids=lambda value: value if isinstance(value, str) else None,
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
        "In millions:|Europe|compound|the|is|,|.| |ſ|ı"
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


def test_find_amounts_shortcuts_are_its_rule_on_written_answers():
    cases = Path(__file__).parent / "cases"
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
    ids=lambda value: value if isinstance(value, str) else None,
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
    ids=lambda value: value if isinstance(value, str) else None,
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
        "A 5 euro cent coin and 50 euro cents.",
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
        "euro-cents-are-cents",
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

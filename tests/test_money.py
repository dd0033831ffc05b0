"""Money rules (DESIGN 4.3): amounts at token boundaries, compared as numbers."""

from decimal import Decimal

import pytest

from grader.money import amount_values, find_amounts, is_money_key


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("$44,322", True),
        ("$42.99", True),
        ("-$10,020.00", True),
        ("($1,200.00)", True),
        ("$1200", True),
        ("The amount due is $42.99", True),
        ("March 15, 2024", False),
        ("44,322", False),
        ("", False),
        ("$", False),
    ],
    ids=lambda v: repr(v),
)
def test_is_money_key(key, expected):
    assert is_money_key(key) is expected


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("$44,322", {Decimal("44322")}),
        ("$44,322.00", {Decimal("44322")}),
        ("$1200 and $1,200", {Decimal("1200")}),
        ("-$10,020.00", {Decimal("10020")}),
        ("($1,200.00)", {Decimal("1200")}),
        ("$ 42.99.", {Decimal("42.99")}),
        ("owed $450,658 [1].", {Decimal("450658")}),
        ("between $40-$50", {Decimal("40"), Decimal("50")}),
        ("no dollars here: 42.99", set()),
        ("$1,20 is malformed", set()),
    ],
    ids=lambda v: repr(v),
)
def test_amount_values(text, values):
    assert amount_values(text) == values


def test_twenty_dollars_is_not_inside_ten_thousand_and_twenty():
    """$20.00 must not be found inside -$10,020.00 (the banking false pass)."""
    found = find_amounts("The statement lists a transfer of -$10,020.00 [1].")
    assert [a.text for a in found] == ["-$10,020.00"]
    assert Decimal("20.00") not in {a.value for a in found}


def test_whole_dollars_equal_cents():
    assert amount_values("$44,322") == amount_values("$44,322.00")

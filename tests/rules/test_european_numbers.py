"""A figure written the European way (DESIGN 4.6, grader v4: the reading is
`grader.rules.european_numbers`', called where a key is matched,
`grader.rules.surface.figure_forms`, and where a key's figures are, `grader.rules.figures`): a
decimal comma before one, two, or four or more digits, dots between groups of exactly three,
said for a key whose figure is that number; what the family matches and must never match, in
cases written for this project in several registers (science, sport, geography, engineering,
history, finance), graded through accepted answers and through a plain key; and the pattern
equal to the family's definition on drawn numbers.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.european_numbers import ambiguous, decimal_comma, in_english
from grader.rules.figures import find_figures
from grader.rules.money import find_amounts
from grader.rules.normalize import normalize
from grader.rules.surface import figure_forms, surface
from grader.rules.verdict import Grader
from grader.schema import Answer, Gold
from tests.caseids import case_id
from tests.rules.shipped import said

# (register, key, answer): the answer says the key.
MATCHES = [
    ("science", "0.25 mol", "The solution holds 0,25 mol of salt."),
    ("science", "3.14159", "Pi is about 3,14159."),
    ("science", "1,085 °C", "Copper melts at 1.085 °C."),
    ("sport", "42.2 km", "A marathon is 42,2 km long."),
    ("sport", "9.58 seconds", "He ran the 100 m in 9,58 seconds."),
    ("sport", "80,000", "The stadium holds 80.000 spectators."),
    ("geography", "8,849 m", "Everest is 8.849 m high."),
    ("geography", "3.5 km", "It is 3,5 km long."),
    ("geography", "3.5 km", "3,5km"),
    ("geography", "4,900,000", "About 4.900.000 people live in the region."),
    ("engineering", "2.5 mm", "Use a cable of 2,5 mm."),
    ("engineering", "12,000 tonnes", "The bridge weighs 12.000 tonnes."),
    ("engineering", "1,234.5 kN", "The load is 1.234,5 kN."),
    ("engineering", "1234.75", "It reads 1234,75 on the gauge."),
    ("history", "1,500", "About 1.500 soldiers fell at the ford."),
    ("history", "300,000", "The army counted 300.000 men."),
    ("finance", "2.5%", "Inflation was 2,5% last year."),
    ("finance", "1.8x", "Leverage is 1,8x."),
    ("finance", "12,000 shares", "She holds 12.000 shares."),
]

# (register, key, answer, why): the answer must not say the key.
MUST_NOT = [
    ("science", "3.5", "The plot is 3,500 square metres.", "a comma before three digits groups"),
    ("engineering", "42.195 km", "The course is 42,195 km.", "42,195 is a number of thousands"),
    ("geography", "1,500", "The lake is 1.5 km away.", "a decimal point is no group"),
    ("sport", "1.2", "Seeds 1,2,3 went through.", "a figure of a list"),
    ("sport", "2.3", "Seeds 1,2,3 went through.", "a figure of a list"),
    ("sport", "3.5", "Pick 3, 5 and 7.", "a comma and a space: a list"),
    ("engineering", "2.1", "Version 2.0.1 fixed the fault.", "a version number"),
    ("history", "1500", "About 1.500.000 people fled.", "part of a larger number"),
    ("history", "1500", "A force of 21.500 men.", "the end of a larger number"),
    ("finance", "500", "The yield is 0.500 per share.", "three decimals of a small number"),
    ("geography", "1,500", "It is 1.50.000 people.", "a group of two digits"),
    ("finance", "1,500.5", "It closed at 1,500,5.", "commas between groups and no decimal"),
]


@pytest.mark.parametrize(("register", "key", "answer"), MATCHES, ids=case_id)
def test_a_figure_written_the_european_way_says_the_key(register: str, key: str, answer: str):
    assert said(key, answer), register


@pytest.mark.parametrize(("register", "key", "answer", "why"), MUST_NOT, ids=case_id)
def test_never_said_the_european_way(register: str, key: str, answer: str, why: str):
    assert not said(key, answer), why


def test_a_range_of_figures_with_decimal_commas_holds_its_ends() -> None:
    """ "from 3,5 to 4,5" names 3.5 as the range's start: the range family decides it (said, as
    "from 3.5 to 4.5" is), not this one."""
    assert said("3.5", "The pH went from 3,5 to 4,5.") == said(
        "3.5", "The pH went from 3.5 to 4.5."
    )


def _graded(key: str, text: str, accepted: bool, question: str = "How much?") -> str:
    gold = Gold(key=key, accepted=(key,)) if accepted else Gold(key=key)
    answer = Answer(qid="q", kind="answerable", question=question, gold=gold, answer=text)
    return Grader(citations=False).grade(answer).verdict


GRADED = [
    ("3.5 km", "3,5 km", "correct"),
    ("3.5 km", "It is 3,5 km long.", "correct"),
    ("1,500", "1.500 steps", "correct"),
    ("1,500", "1.500", "correct"),
    ("12,000 tonnes", "12.000 tonnes", "correct"),
    ("12,000 tonnes", "It weighs 12.000 tonnes.", "correct"),
    ("0.83", "0,83", "correct"),
    ("2.5%", "The margin was 2,5% in 2022.", "correct"),
    ("4,900,000", "4.900.000", "correct"),
    ("1,500.5", "1.500,5", "correct"),
    ("3.5", "3,500", "wrong"),
    ("1,500", "1.5", "wrong"),
    ("1.2", "1,2,3", "wrong"),
    ("3.5", "3, 5 and 7", "wrong"),
    ("0.5", "Seeds 3 ,5 and 7 went through.", "wrong"),  # a list's comma before its space
    ("1,500", "1.500.000", "wrong"),
    ("1,500,000", "About 1500.000 people fled.", "wrong"),  # a first group of four digits
    ("3.5", "2.0.1", "wrong"),
    ("1,234,567.5", "The counter read 1234.567,5 at noon.", "wrong"),  # a first group of four
    ("1,234,567,890", "The counter read 1234.567.890 at noon.", "wrong"),  # and two dots
    ("500", "The yield is 0.500 per share.", "wrong"),  # a whole part of 0 is no group
    ("12", "It rose by 0.012 points.", "wrong"),
]


@pytest.mark.parametrize(("key", "text", "verdict"), GRADED, ids=case_id)
@pytest.mark.parametrize("accepted", [True, False], ids=["accepted answers", "a plain key"])
def test_graded_through_either_reader(key: str, text: str, verdict: str, accepted: bool):
    """The same verdict whether the key is matched as an accepted answer (`says`) or through
    its figures (`grader.rules.figures`): one family, read the same by both."""
    assert _graded(key, text, accepted) == verdict


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It is 3,5 km long.", ["3.5"]),
        ("About 4.900.000 people.", ["4900000"]),
        ("It closed at 1.500,25 points.", ["1500.25"]),
        ("Leverage is 1,8x.", ["1.8"]),
        ("Pi is 3,14159.", ["3.14159"]),
        ("It weighs 1.500 kg.", ["1.500"]),  # either way: read with a decimal point here
        ("The plot is 3,500 square metres.", ["3,500"]),  # grouped
        ("Seeds 1,2,3 went through.", []),  # a list
        ("Version 2.0.1 fixed it.", []),  # a version number
        ("It fell on 14.07.1789.", []),  # a date
    ],
    ids=case_id,
)
def test_figures_read_the_european_way(text: str, expected: list[str]) -> None:
    assert [figure.number for figure in find_figures(text)] == expected


@pytest.mark.parametrize(
    ("number", "english"),
    [
        ("3,5", "3.5"),
        ("0,25", "0.25"),
        ("1500,25", "1500.25"),
        ("4.900.000", "4,900,000"),
        ("1.500,5", "1,500.5"),
        ("1.500", "1,500"),  # its European reading (a figure reads it with a decimal point)
        ("1.450,000", "1,450.000"),  # money's: any decimals after points between groups
        ("1,450,00", "1,450.00"),  # money's: a French space between groups, cleaned to a comma
    ],
)
def test_in_english(number: str, english: str) -> None:
    assert in_english(number) == english


@pytest.mark.parametrize(
    ("decimals", "expected"),
    [("5", True), ("25", True), ("14159", True), ("0000", True), ("500", False), ("195", False)],
)
def test_a_decimal_comma_stands_before_other_than_three_digits(decimals: str, expected: bool):
    assert decimal_comma(decimals) is expected


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        ("1.500", True),
        ("12.000", True),
        ("1.5", False),  # a point before fewer than three digits is no group
        ("1.5000", False),
        ("1.500.000", False),  # two points: only the European way reads it
        ("1,500", False),
        ("1500", False),
        ("0.500", False),  # a group never opens with 0: only 0.5
        ("0.012", False),
        ("1500.000", False),  # a first group of four digits: only 1500
    ],
)
def test_ambiguous_is_one_point_before_a_group_of_three(number: str, expected: bool):
    assert ambiguous(number) is expected


# (number, an amount of it, the amount money reads, the figures read of it): where money reads
# otherwise than a figure, as `grader.rules.european_numbers` lists (DESIGN 4.3), and alike.
MONEY_AND_FIGURES = [
    ("1.450,000", "1.450,000 €", "1450.000", []),  # after points, any decimals: money only
    ("3,14159", "3,14159 €", None, ["3.14159"]),  # alone, money's decimal comma is cents
    ("1,450,00", "1,450,00 €", "1450.00", []),  # a French space between groups, cleaned
    ("1,20", "$1,20", None, ["1.20"]),  # in dollars, no decimal comma alone
    ("1.450,00", "1.450,00 €", "1450.00", ["1450.00"]),
    ("4.900.000", "€4.900.000", "4900000", ["4900000"]),
    ("45,99", "45,99 €", "45.99", ["45.99"]),
    ("1450.000,00", "1450.000,00 €", None, []),  # a first group of four digits is no group
    ("1450.000.000", "1450.000.000 €", None, []),  # nor before two dots
]


@pytest.mark.parametrize(("number", "amount", "money", "figures"), MONEY_AND_FIGURES, ids=case_id)
def test_money_reads_its_own_way_only_where_the_reading_says(
    number: str, amount: str, money: str | None, figures: list[str]
) -> None:
    assert [str(found.value) for found in find_amounts(amount)] == ([money] if money else [])
    assert [figure.number for figure in find_figures(f"It reads {number} here.")] == figures


# --- the pattern equals the family's definition ---------------------------------------------


def _readings(text: str) -> set[tuple[str, str]]:
    """The definition, read off a number as written: its whole part and its decimals (as
    written), read the English way (commas between groups, a decimal point) and the European
    way (dots between groups of exactly three, a decimal comma before one, two, or four or
    more digits); "1.500" has both readings, "1,2,3" none."""
    found = set()
    english = re.fullmatch(r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", text)
    if english:
        found.add((english.group(1).replace(",", ""), english.group(2) or ""))
    european = re.fullmatch(r"(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?", text)
    if european and (european.group(2) is None or len(european.group(2)) != 3):
        found.add((european.group(1).replace(".", ""), european.group(2) or ""))
    return found


def _written(whole: str, decimals: str, grouping: str, mark: str) -> str:
    groups = []
    while len(whole) > 3:
        whole, groups = whole[:-3], [whole[-3:], *groups]
    head = grouping.join([whole, *groups]) if grouping else whole + "".join(groups)
    return head + (mark + decimals if decimals else "")


_WHOLES = st.integers(min_value=0, max_value=99_999_999).map(str)
_DECIMALS = st.one_of(st.just(""), st.from_regex(r"[0-9]{1,5}", fullmatch=True))


@given(_WHOLES, _DECIMALS, _WHOLES, _DECIMALS, st.sampled_from(["", ",", "."]))
@settings(max_examples=400, deadline=None)
def test_figure_forms_equal_the_definition(
    key_whole: str, key_decimals: str, whole: str, decimals: str, grouping: str
) -> None:
    """A key's figure (canonical: no grouping) is said by a number as written exactly when the
    definition reads that number as the key's figure (the same whole part and decimals);
    drawn near the key's own writings too."""
    key = key_whole + ("." + key_decimals if key_decimals else "")
    pattern = re.compile(figure_forms(key) or re.escape(key))
    for mark in (".", ","):
        for number, places in ((whole, decimals), (key_whole, key_decimals)):
            text = _written(number, places, grouping, mark)
            expected = (key_whole, key_decimals) in _readings(text)
            said = pattern.fullmatch(surface(normalize(text))) is not None
            assert said is expected, (key, text)


@pytest.mark.parametrize("word", ["-40", "1723-1792", "8.8km", "x"])
def test_figure_forms_read_only_a_figure(word: str) -> None:
    assert figure_forms(word) is None


def test_a_european_figure_compares_by_value_in_the_figure_reader() -> None:
    """The figure reader reads the value the definition reads ("1.500,5" is 1500.5)."""
    [figure] = find_figures("It closed at 1.500,5 points.")
    assert figure.value == Decimal("1500.5")

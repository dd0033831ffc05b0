"""Figures (F001-F003, DESIGN 4.6): what is a figure of a text key or of an answer, of which
kind (a count, a percent, a ratio), with its value, unit and sign; what only looks like one (a
reference, a day of a month, a list number); the figures of a key and when an answer's figure is
the key's; a key that is its figure; figures joined as alternatives or a range; and whole answers
to a figure key.

Found by mutation testing (`bench/mutate.py --module figures`, and `--module verdict` and
`--module reading` for the key's and the reading's cases): each case is one a reader can check
against the modules' docstrings, and each word of the lists of references and months gets a case
of its own. The words are written out here, not read from the module. A figure is shown as its
text and kind (and, where it matters, its value, its unit and its sign), as `find_figures`
returns it.
"""

from decimal import Decimal

import pytest

from grader.rules.clauses import get_strategy
from grader.rules.figures import COUNT, PERCENT, RATIO, find_figures, key_figures
from grader.rules.key import is_figure_key
from grader.rules.reading import Context, read_answer
from grader.rules.verdict import CORRECT, UNJUDGED, WRONG, Grader
from tests.conftest import make_answer
from tests.rules.shipped import DECLINES, GRADER

D = Decimal


def figures_in(text: str) -> list[tuple[str, str]]:
    """The figures of ``text``, each as (text, kind)."""
    return [(figure.text, figure.kind) for figure in find_figures(text)]


def one_figure(text: str):
    """The one figure of ``text``."""
    [figure] = find_figures(text)
    return figure


# --- kinds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Margin was 16%.", [("16%", PERCENT)], id="16% is a percent"),
        pytest.param("Margin was 16 percent.", [("16 percent", PERCENT)], id="16 percent"),
        pytest.param("Margin was 16 per cent.", [("16 per cent", PERCENT)], id="16 per cent"),
        pytest.param(
            "Margin rose 2.2 percentage points.",
            [("2.2 percentage points", PERCENT)],
            id="2.2 percentage points is a percent",
        ),
        pytest.param(
            "Margin rose 1 percentage point.",
            [("1 percentage point", PERCENT)],
            id="1 percentage point (singular) is a percent",
        ),
        pytest.param("Margin rose 12 pp.", [("12 pp", PERCENT)], id="12 pp is a percent"),
        pytest.param("The multiple is 1.8x.", [("1.8x", RATIO)], id="1.8x is a multiple"),
        pytest.param(
            "The multiple is 1.8X.", [("1.8X", RATIO)], id="1.8X, in capitals, is a multiple"
        ),
        pytest.param("Sales were 2.7 times costs.", [("2.7 times", RATIO)], id="2.7 times"),
        pytest.param(
            "Sales were 2.7times costs.",
            [("2.7times", RATIO)],
            id="2.7times, without a space, is a multiple",
        ),
        pytest.param("Sales were 2 times costs.", [("2 times", RATIO)], id="2 times (whole)"),
        pytest.param("Sales grew 3-fold.", [("3-fold", RATIO)], id="3-fold is a multiple"),
        pytest.param("Sales grew 3fold.", [("3fold", RATIO)], id="3fold is a multiple"),
        pytest.param("The quick ratio is 0.83.", [("0.83", RATIO)], id="0.83 is a ratio"),
        pytest.param("The ratio is .5 now.", [(".5", RATIO)], id=".5 is a ratio"),
        pytest.param(
            "Inventory lasts 93.86 days.",
            [("93.86", RATIO)],
            id="93.86 days is a ratio (a fraction), not a count of days",
        ),
        pytest.param("It has 982 stores.", [("982 stores", COUNT)], id="982 stores is a count"),
        pytest.param(
            "It issued 1,234,567 shares.",
            [("1,234,567 shares", COUNT)],
            id="1,234,567 shares is a count",
        ),
        pytest.param("The answer is 42.", [("42", RATIO)], id="a bare 42 is a ratio"),
        pytest.param(
            "It failed in 3 of the 4 cases.",
            [("3", RATIO), ("4 cases", COUNT)],
            id="in 3 of the 4 cases: 'of' is no unit, 'cases' is",
        ),
        pytest.param(
            "Pick 42 and 43.", [("42", RATIO), ("43", RATIO)], id="42 and 43: 'and' is no unit"
        ),
    ],
)
def test_the_kind_of_a_figure(text: str, expected: list[tuple[str, str]]) -> None:
    assert figures_in(text) == expected


# Words after a whole number that it does not count. A unit has at least three letters, so the
# list's shorter words ("of", "in", "a") could never be read as one; "percent" makes a percent.
NOT_UNITS = (
    "and the for from with than are was were been this that these those its per versus which "
    "who million billion thousand trillion".split()
)


def test_a_word_after_a_whole_number_is_what_it_counts() -> None:
    assert figures_in("It came to 12 stores more.") == [("12 stores", COUNT)]


@pytest.mark.parametrize(
    "word", [pytest.param(word, id=f"'12 {word}' counts no {word}") for word in NOT_UNITS]
)
def test_a_word_that_is_no_unit(word: str) -> None:
    assert figures_in(f"It came to 12 {word} more.") == [("12", RATIO)]


@pytest.mark.parametrize(
    ("text", "value", "unit", "negative"),
    [
        pytest.param("It has 982 stores.", D(982), "stores", False, id="982 stores"),
        pytest.param(
            "It issued 1,234,567 shares.", D(1234567), "shares", False, id="digit groups read"
        ),
        pytest.param("EPS was -0.02.", D("0.02"), "", True, id="-0.02 is 0.02 with a minus"),
        pytest.param("It fell -14.76%.", D("14.76"), "", True, id="-14.76% is negative"),
        pytest.param("It rose +5%.", D(5), "", False, id="+5% is not negative"),
    ],
)
def test_the_value_unit_and_sign_of_a_figure(
    text: str, value: Decimal, unit: str, negative: bool
) -> None:
    figure = one_figure(text)
    assert (figure.value, figure.unit, figure.negative) == (value, unit, negative)


# --- what only looks like a figure ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Revenue was $5 million.", [], id="$5 million is money"),
        pytest.param("The fee is 20 dollars.", [], id="20 dollars is money"),
        pytest.param(
            "Margin was 16% on revenue of $5 million.",
            [("16%", PERCENT)],
            id="a percent before a dollar amount is still a figure",
        ),
        pytest.param(
            "Revenue of $5 million gave a margin of 16%.",
            [("16%", PERCENT)],
            id="a percent after a dollar amount is still a figure",
        ),
        pytest.param("Sales rose in 2022.", [], id="2022 is a year"),
        pytest.param("Sales rose in FY2022.", [], id="FY2022 is a fiscal label"),
        pytest.param("Sales rose in Q2.", [], id="Q2 is a fiscal label"),
        pytest.param("See the 10-K.", [], id="10-K is a name"),
        pytest.param("The ticker is MMM26.", [], id="MMM26 is a name"),
        pytest.param("Boeing built the 777X.", [], id="777X is a name"),
        pytest.param("It says so [2].", [], id="[2] is a citation marker"),
        pytest.param("It says so in Source 2.", [], id="Source 2 is a citation"),
        pytest.param("See item #5.", [], id="#5 is a reference"),
        pytest.param("It is a 5-year plan.", [], id="5-year is a word with a digit in it"),
    ],
)
def test_what_is_not_a_figure(text: str, expected: list[tuple[str, str]]) -> None:
    assert figures_in(text) == expected


REFERENCE_WORDS = (
    "source sources doc docs document documents line lines item items page pages note notes "
    "part section sections table tables exhibit figure schedule step question no number "
    "rule article chapter form fy q quarter phase tier level class series version".split()
)


def test_the_reference_cases_stand_for_a_figure_without_their_word() -> None:
    assert figures_in("The figure is in 12 of the report.") == [("12", RATIO)]


@pytest.mark.parametrize(
    "word", [pytest.param(word, id=f"'{word} 12' is a reference") for word in REFERENCE_WORDS]
)
def test_a_number_after_a_reference_word_is_no_figure(word: str) -> None:
    assert figures_in(f"The figure is in {word} 12 of the report.") == []


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("As Note 11 says, it is 0.83.", id="'Note 11' in capitals"),
        pytest.param("As (note 11) says, it is 0.83.", id="'(note 11)' in brackets"),
        pytest.param("As note: 11 says, it is 0.83.", id="'note: 11' with a colon"),
    ],
)
def test_a_reference_word_in_capitals_or_punctuated(text: str) -> None:
    assert figures_in(text) == [("0.83", RATIO)]


MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)


def test_the_date_cases_stand_for_a_figure_without_their_month() -> None:
    assert figures_in("It was paid on 15, as agreed.") == [("15", RATIO)]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(text.format(month=month), id=text.format(month=month))
        for month in MONTHS
        for text in (
            "It was paid on {month} 15, as agreed.",
            "It was paid on 15 {month}, as agreed.",
        )
    ]
    + [pytest.param("It was paid on March 15, as agreed.", id="March 15 in capitals")],
)
def test_a_day_of_a_month_is_no_figure(text: str) -> None:
    assert figures_in(text) == []


# --- list numbers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "1. Revenue rose 16%.", [("16%", PERCENT)], id="'1.' opening the text is a list number"
        ),
        pytest.param(
            "Two parts: 1. revenue is booked; 2. costs are matched.",
            [],
            id="'1.' after a colon and '2.' after a semicolon are list numbers",
        ),
        pytest.param(
            "Two parts: 1) revenue is booked. 2) costs are matched.",
            [],
            id="'1)' and '2)' where a clause or a sentence starts are list numbers",
        ),
        pytest.param(
            "The two lines are 1. Revenue and 2. Cost.",
            [],
            id="'1.' before a word in capitals is a list number",
        ),
        pytest.param(
            "The store count was 12.",
            [("12", RATIO)],
            id="a number ending the text is no list number",
        ),
        pytest.param(
            "The store count rose from 9.The rest closed.",
            [("9", RATIO)],
            id="a sentence end run into the next ('9.The') is no list number",
        ),
        pytest.param(
            "The store count was 125. Most are in Texas.",
            [("125", RATIO)],
            id="a three-digit number is never a list number",
        ),
        pytest.param(
            "The quick ratio was 0.83. It fell.",
            [("0.83", RATIO)],
            id="a fraction is never a list number",
        ),
    ],
)
def test_list_numbers(text: str, expected: list[tuple[str, str]]) -> None:
    assert figures_in(text) == expected


# --- the figures of a key ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        pytest.param("0.83", [("0.83", D("0.01"))], id="0.83 is written to 0.01"),
        pytest.param("1.500", [("1.500", D("0.1"))], id="1.500 is written to 0.1"),
        pytest.param("36", [("36", D(1))], id="36 alone is a figure, written to 1"),
        pytest.param("0", [("0", D(1))], id="0 alone is a figure"),
        pytest.param("16%", [("16%", D(1))], id="16% is written to 1"),
        pytest.param(
            "Boeing's 737, up 16%",
            [("16%", D(1))],
            id="a bare whole number in a sentence is a name ('737'), not a figure",
        ),
        pytest.param("the 737", [], id="a key with only a bare whole number in words holds none"),
        pytest.param(
            "It has 982 stores",
            [("982 stores", D(1))],
            id="a count in a sentence is a figure",
        ),
        pytest.param("Yes", [], id="a key without digits holds none"),
    ],
)
def test_the_figures_of_a_key(key: str, expected: list[tuple[str, Decimal]]) -> None:
    assert [(figure.figure.text, figure.step) for figure in key_figures(key)] == expected


# --- matching ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "answer", "negative", "expected"),
    [
        pytest.param("0.83", "0.83", False, True, id="0.83 is 0.83"),
        pytest.param("0.83", "0.834", False, True, id="0.834 is within half a step of 0.83"),
        pytest.param("0.83", "0.836", False, False, id="0.836 is not within half a step of 0.83"),
        pytest.param("0.83", "0.84", False, False, id="0.84 is not 0.83"),
        pytest.param("0.8", "80%", False, True, id="80% is a ratio of 0.8"),
        pytest.param("80%", "0.8", False, True, id="0.8 is 80%"),
        pytest.param("1.8x", "1.8", False, True, id="a multiple of 1.8 is the ratio 1.8"),
        pytest.param("24.26", "24.3", False, True, id="24.3 rounds 24.26 to three digits"),
        pytest.param("24.26", "24", False, False, id="24 keeps only two digits of 24.26"),
        pytest.param("982 stores", "982 stores", False, True, id="982 stores is 982 stores"),
        pytest.param(
            "982 stores", "982 employees", False, False, id="982 employees are not 982 stores"
        ),
        pytest.param("982 stores", "982", False, False, id="a bare 982 is no count of stores"),
        pytest.param("3 segments", "3 segment", False, True, id="a plural counts the singular"),
        pytest.param("1 segment", "1 segments", False, True, id="a singular counts the plural"),
        pytest.param("5 stores", "5 stories", False, False, id="stories are not stores"),
        pytest.param("-0.02", "-0.02", False, True, id="-0.02 is -0.02"),
        pytest.param("-0.02", "0.02", False, False, id="0.02 is not -0.02"),
        pytest.param("-0.02", "0.02", True, True, id="0.02 worded as a decline is -0.02"),
    ],
)
def test_an_answer_figure_against_a_key_figure(
    key: str, answer: str, negative: bool, expected: bool
) -> None:
    [key_figure] = key_figures(key)
    figure = one_figure(answer)
    assert key_figure.matches(figure, negative or figure.negative) is expected


# --- a key that is its figure -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        pytest.param("0.83", True, id="0.83"),
        pytest.param("7.9%.", True, id="7.9% with a full stop"),
        pytest.param("~7.9%", True, id="~7.9% with a tilde"),
        pytest.param("2.7 times", True, id="2.7 times"),
        pytest.param(
            "Las Vegas resorts contributed ~90%", False, id="a key that says more than its figure"
        ),
        pytest.param("Yes. 0.83", False, id="a Yes answers with Yes, not its figure"),
        pytest.param("0.83 and 16%", False, id="a key of two figures"),
    ],
)
def test_a_key_that_is_its_figure(key: str, expected: bool) -> None:
    assert is_figure_key(key) is expected


@pytest.mark.parametrize(
    ("answer", "label"),
    [
        pytest.param(
            "The quick ratio is healthy [1].",
            "missing key figure: 0.83",
            id="a key that is its figure, answered without a figure, misses it",
        ),
        pytest.param(
            "The quick ratio is 0.84 [1].",
            "wrong figure: asserted 0.84, key 0.83",
            id="another ratio is the wrong figure",
        ),
    ],
)
def test_a_figure_key_answered_otherwise_is_wrong(answer: str, label: str) -> None:
    grade = GRADER.grade(make_answer(answer, key="0.83"))
    assert (grade.verdict, grade.labels) == (WRONG, (label,))


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        pytest.param(
            "Las Vegas resorts contributed most of it [1].",
            UNJUDGED,
            id="a short key's figure answered in words: a reader decides, no word-for-word miss",
        ),
        pytest.param("Las Vegas resorts contributed about 90% [1].", CORRECT, id="its figure"),
        pytest.param("They contributed 75% [1].", WRONG, id="another figure of its kind"),
    ],
)
def test_a_short_key_that_holds_a_figure_is_checked_through_it(answer: str, verdict: str) -> None:
    grade = Grader(citations=False).grade(
        make_answer(answer, key="Las Vegas resorts contributed ~90%")
    )
    assert grade.verdict == verdict, grade.labels


# --- figures joined as alternatives or a range ------------------------------------------------


@pytest.mark.parametrize(
    ("figures", "alternative"),
    [
        ("either $18.00 or $24.00", True),
        ("$18 or $24", True),
        ("$40-$50", True),
        ("between $18 and $24", True),
        ("$18 to $24", True),
        ("$18 and $24", False),
        ("from $18 to $24", False),
        ("$5 or $5.00", False),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_figures_joined_as_alternatives_or_a_range(figures, alternative):
    reading = read_answer(f"The fee is {figures}.", get_strategy(), DECLINES)
    assert [item.alternative for item in reading.amounts] == [alternative, alternative]


# --- figures in the reading -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "negative"),
    [
        pytest.param("Operating margin declined 5% [1].", True, id="'declined 5%' is negative"),
        pytest.param("Operating margin was -5% [1].", True, id="'-5%' is negative"),
        pytest.param("Operating margin was 5% [1].", False, id="'was 5%' is not negative"),
    ],
)
def test_a_figure_is_negative_by_its_sign_or_its_wording(answer, negative):
    [figure] = read_answer(answer, get_strategy(), DECLINES).figures
    assert figure.negative is negative


def test_figures_are_not_looked_up_in_the_sources_amounts_are():
    context = Context.of("What was the operating margin?", ["Operating margin 12%, fee $42.99"])
    reading = read_answer(
        "The operating margin was 12% and the fee $42.99 [1].", get_strategy(), DECLINES, context
    )
    assert [(item.text, item.grounded) for item in reading.figures] == [("12%", False)]
    assert [(item.text, item.grounded) for item in reading.amounts] == [("$42.99", True)]


# --- figures joined as alternatives -------------------------------------------------------------


def alternatives(answer: str) -> list[tuple[str, bool]]:
    """Each figure (not money) an answer asserts, and whether it is one of two alternatives."""
    reading = read_answer(answer, get_strategy(), DECLINES)
    return [(item.text, item.alternative) for item in reading.figures]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        pytest.param(
            "The company closed 40 stores or 12% of its stores.",
            [("40 stores", False), ("12%", False)],
            id="'40 stores or 12%': a count and a percent are no alternatives",
        ),
        pytest.param(
            "The company closed 12% of its stores or 40 stores.",
            [("12%", False), ("40 stores", False)],
            id="'12% ... or 40 stores': a percent and a count are no alternatives",
        ),
        pytest.param(
            "It has 40 stores or 45 stores.",
            [("40 stores", True), ("45 stores", True)],
            id="'40 stores or 45 stores' are alternatives",
        ),
        pytest.param(
            "It has 40 stores or 40 stores.",
            [("40 stores", False), ("40 stores", False)],
            id="'40 stores or 40 stores' is one count written twice",
        ),
        pytest.param(
            "Margin was 12% or 15%.",
            [("12%", True), ("15%", True)],
            id="'12% or 15%' are alternatives",
        ),
        pytest.param(
            "Margin was 12% or 0.12.",
            [("12%", False), ("0.12", False)],
            id="'12% or 0.12' is one figure written twice",
        ),
    ],
)
def test_figures_joined_by_or(answer, expected):
    assert alternatives(answer) == expected

"""Properties: widening the decline list only moves verdicts up and only removes violations,
sentence by sentence (but for one way down, grader v4: an answer it newly reads as declining an
answerable question is wrong); scorecards of parts add up to the whole."""

import itertools
import re
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.records.scorecard import Scorecard, scorecard
from grader.rules.context import digits_in, held_in, significant_digits_of
from grader.rules.declines import DeclinePhrase
from grader.rules.facts import _ABSENCE, says_none
from grader.rules.money import find_amounts
from grader.rules.normalize import clean, normalize
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG, Grade, Grader, MoneyCheck
from grader.schema import Source
from tests.conftest import make_answer

BASE = Grader()
RANK = {WRONG: 0, PARTIAL: 1, UNJUDGED: 1, CORRECT: 2}

CLAUSES = st.sampled_from(
    [
        "The amount due is $42.99",
        "the ending balance is $26.99",
        "According to Source 2, the fee is $20.00",
        "as indicated in Source 1, the total is $44,322",
        "This is listed in Source 3, where the balance is $42.99",
        "Source 1 lists $42.99",
        "not covered by insurance",
        "the figure is not stated",
        "I could not find it",
        "the provided context does not include the fee",
        "a transfer of -$10,020.00",
        "$450,658",
        "flood",
        "per claim",
        "beyond the scope of the documents",
        "hmm",
    ]
)
JOINS = st.sampled_from([". ", "; ", ", but ", " [1]. ", " [2]; ", "\n", " and ", ", however, "])


@st.composite
def answers(draw) -> str:
    pieces = draw(st.lists(CLAUSES, min_size=1, max_size=6))
    text = pieces[0]
    for piece in pieces[1:]:
        text += draw(JOINS) + piece
    return text + draw(st.sampled_from([".", " [1].", "", "!"]))


PHRASES = st.one_of(
    CLAUSES,
    st.sampled_from(["is $", "balance", "fee", "the", "source*", "{fee|total}", "no*"]),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,.0123456789", min_size=1, max_size=16),
).filter(lambda p: p.strip() and p.strip()[0] not in "*,.")


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answer=answers(),
    phrase=PHRASES,
    requires=st.sampled_from(["", "sources"]),
    kind=st.sampled_from(["answerable", "negative", "ambiguous"]),
    key=st.sampled_from(["", "$42.99", "$44,322", "$20.00", "No"]),
    must=st.sampled_from([(), ("flood",), ("not covered",)]),
    forbidden=st.sampled_from([(), ("flood",)]),
)
def test_adding_a_decline_phrase_is_one_directional(
    answer, phrase, requires, kind, key, must, forbidden
):
    record = make_answer(
        answer,
        kind=kind,
        key=key,
        must_contain=must,
        must_not_contain=forbidden,
        sources=[Source(1, "doc-a"), Source(2, "doc-b"), Source(3, "doc-a")],
    )
    added = DeclinePhrase(phrase.strip(), "property", "test", requires=requires)
    wider = BASE.variant(declines=BASE.declines.with_phrase(added))
    before, after = BASE.grade(record), wider.grade(record)
    if not before.money.violation:
        assert not after.money.violation
    if (
        kind == "answerable"
        and after.declined
        and not before.declined
        and after.labels[:1] == ("declined an answerable question",)
    ):
        # (v4, DESIGN 4.2) the one way down: an answer the wider list reads as withholding the
        # answer to an answerable question is wrong whatever the key holds, never unjudged
        assert after.verdict == WRONG
        return
    assert RANK[after.verdict] >= RANK[before.verdict]
    if before.verdict == CORRECT:
        assert after.verdict == CORRECT
    if kind == "answerable" and after.verdict != before.verdict:
        # on an answerable question declines reach the verdict only through the money guard
        assert before.money.violation and not after.money.violation


GRADES = st.lists(
    st.builds(
        Grade,
        qid=st.sampled_from(["a", "b", "c"]),
        kind=st.sampled_from(["answerable", "negative", "ambiguous"]),
        verdict=st.sampled_from([CORRECT, PARTIAL, WRONG, UNJUDGED]),
        labels=st.sampled_from([(), ("engine error",), ("declined",)]),
        declined=st.booleans(),
        decline_phrase=st.none(),
        money=st.builds(MoneyCheck, st.booleans(), st.just(()), st.just(()), st.booleans()),
        cited=st.just(()),
        latency_ms=st.one_of(st.none(), st.integers(0, 10**6), st.floats(0, 1e6)),
    ),
    max_size=30,
)


@settings(max_examples=300, deadline=None)
@given(GRADES, st.integers(min_value=0, max_value=30))
def test_the_scorecards_of_two_parts_add_up_to_the_whole(grades, cut):
    # What a parallel regrade relies on: each process counts its own part.
    card = Scorecard.of(grades[:cut])
    card.add(Scorecard.of(grades[cut:]))
    assert card == scorecard(grades)


@settings(max_examples=300, deadline=None)
@given(GRADES, st.lists(st.integers(min_value=0, max_value=30), max_size=6))
def test_the_scorecards_of_many_parts_join_into_the_whole(grades, cuts):
    edges = [0, *sorted(min(cut, len(grades)) for cut in cuts), len(grades)]
    parts = [Scorecard.of(grades[low:high]) for low, high in itertools.pairwise(edges)]
    assert Scorecard.joined(parts) == scorecard(grades)


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


# `says_none` looks for its pattern only in text that holds "no": every way of saying a thing does
# not exist holds it. Drawn from the pattern's own words and their neighbours.
ABSENCE_WORDS = st.sampled_from(
    "there is are was were no not any none such fee fees charged listed does do did allow has "
    "have had the pets deposit . , [1] nothing non-refundable know".split()
)


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ABSENCE_WORDS, max_size=10).map(" ".join))
def test_says_none_is_its_pattern_on_normalised_text(text):
    text_norm = normalize(text)
    assert says_none(text_norm) == (_ABSENCE.search(text_norm) is not None)

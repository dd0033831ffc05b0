"""A measurement more precise than the key (DESIGN 4.6, grader v4:
`grader.rules.surface_units.finer_figure`, read where a key is matched): a figure with more
decimals than the key's, before the key's unit, rounding half up to the key's figure at its last
digit, for a key of three significant digits or more; what it matches and must never match, in
cases written for this project in several registers, and the pattern equal to its definition
(`rounds_to`) on drawn figures.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.surface_units import finer_figure, rounds_to
from tests.caseids import case_id
from tests.rules.shipped import said_with_dates as said

# (register, key, answer): said.
MATCHES = [
    ("geography", "116 m", "The tree was measured at 116.07 m."),
    ("geography", "8,849 m", "Everest is 8,848.86 metres high."),
    ("sport", "42.2 km", "A marathon is 42.195 km."),
    ("sport", "9.58 seconds", "He ran it in 9.581 s."),
    ("science", "100 °C", "Water boils at 99.97 °C at sea level."),
    ("science", "115.9 m", "It reached 115.92 m."),
    ("engineering", "1,500 mm", "The beam is 1,500.4 mm long."),
    ("engineering", "116 m", "The mast is 115.5 m tall."),  # half a step below rounds up to it
    ("history", "330 m", "The tower stood 330.2 m high in 1889."),
]

# (register, key, answer, why): not said.
MUST_NOT = [
    ("geography", "116 m", "It was 116.6 m.", "rounds to 117"),
    ("geography", "380 ft", "It was 380.8 ft.", "rounds to 381: cutting digits is no rounding"),
    ("geography", "116 m", "It was 116.5 m.", "half up: 117"),
    ("sport", "7 km", "The loop is 7.4 km.", "a key of one significant digit"),
    ("sport", "2 hours", "The match lasted 2.3 hours.", "a key of one significant digit"),
    ("geography", "116 m", "Its index is 116.07.", "no unit"),
    ("geography", "116 m", "It was 116.07 ft.", "another unit"),
    ("finance", "12%", "Margins were 12.4%.", "a share is no measurement"),
    ("television", "7 seasons", "It averaged 7.4 seasons.", "a count, no unit"),
    ("history", "1789", "It was 1789.4.", "a year, no unit"),
    ("science", "115.9 m", "It is 116 m.", "fewer digits than the key"),
    ("science", "115.9 m", "It is 115.97 m.", "rounds to 116.0"),
]


@pytest.mark.parametrize(("register", "key", "answer"), MATCHES, ids=case_id)
def test_a_finer_measurement_says_the_key(register: str, key: str, answer: str) -> None:
    assert said(key, answer), register


@pytest.mark.parametrize(("register", "key", "answer", "why"), MUST_NOT, ids=case_id)
def test_never_a_finer_measurement(register: str, key: str, answer: str, why: str) -> None:
    assert not said(key, answer), why


def test_a_key_of_several_accepted_answers_said_by_one_rounded() -> None:
    """ "116.07 m (380.8 ft)" says "116 m", not "380 ft": one accepted answer is enough."""
    answer = "It was measured at 116.07 m (380.8 ft)."
    assert said("116 m", answer)
    assert not said("380 ft", answer)


_FIGURES = st.builds(
    lambda whole, places: f"{whole}.{places}" if places else str(whole),
    st.integers(min_value=0, max_value=20_000),
    st.one_of(st.just(""), st.from_regex(r"[0-9]{1,2}", fullmatch=True)),
)
_NUMBERS = st.builds(
    lambda whole, places: f"{whole}.{places}" if places else str(whole),
    st.integers(min_value=0, max_value=20_000),
    st.one_of(st.just(""), st.from_regex(r"[0-9]{1,5}", fullmatch=True)),
)


@given(_FIGURES, _NUMBERS, st.integers(min_value=-1, max_value=1))
@settings(max_examples=500, deadline=None)
def test_finer_figure_equals_its_definition(figure: str, number: str, nudge: int) -> None:
    """The pattern holds exactly the numbers `rounds_to` reads as the figure; drawn near the
    figure too (its own digits with one more, nudged)."""
    pattern = finer_figure(figure)
    places = len(figure.partition(".")[2])
    near = f"{float(figure) + nudge * 0.4 * 10**-places:.{places + 2}f}"
    for each in (number, near):
        if each.startswith("-"):
            continue
        found = pattern is not None and re.fullmatch(pattern, each) is not None
        assert found is rounds_to(each, figure), (figure, each)


def test_finer_figure_reads_a_grouped_whole() -> None:
    """The canonical form keeps the commas of "8,848.86" (grouped before a decimal part)."""
    pattern = finer_figure("8849")
    assert pattern is not None and re.fullmatch(pattern, "8,848.86")
    assert not re.fullmatch(pattern, "8,84.886")

"""The same quantity in another metric prefix (DESIGN 4.6, grader v4:
`grader.rules.surface_units.other_prefixes`, read as a key's forms): a key that is one figure and
a metric unit is said by the same quantity in another prefix of its unit, the value equal
exactly; what it matches and must never match, in cases written for this project in several
registers, some graded whole; and the forms equal to their definition on drawn figures.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.surface_units import other_prefixes
from grader.rules.units import PREFIXED
from grader.rules.verdict import CORRECT
from tests.caseids import case_id
from tests.rules import shipped
from tests.rules.shipped import said

# (register, key, answer): said.
MATCHES = [
    ("geography", "8.8 km", "The tunnel is 8,800 metres long."),
    ("athletics", "1500 m", "She won the 1.5 km final in Rome."),
    ("athletics", "1.5 km", "She won the 1500m final in Rome."),
    ("medicine", "0.25 mg", "The usual starting dose is 250 micrograms."),
    ("medicine", "500 mcg", "Give 0.5 mg by injection."),
    ("medicine", "1 g", "Take 1000 mg of paracetamol at most every four hours."),
    ("medicine", "4 g", "Do not exceed 4,000 mg in a day."),
    ("cooking", "500 ml", "Add 0.5 litres of milk."),
    ("cooking", "1.5 l", "Pour in 150 cl of stock."),
    ("cooking", "250 g", "It needs 0.25 kg of butter."),
    ("zoology", "3.2 kg", "A grown male weighs about 3,200 grams."),
    ("engineering", "2.5 cm", "Drill a 25 mm hole."),
    ("engineering", "12 mm", "The pipe is 1.2 cm across."),
    ("science", "550 nm", "Green light has a wavelength of 0.55 μm."),
    ("energy", "1.2 MW", "The turbine is rated at 1,200 kilowatts."),
    ("energy", "3 kW", "The heater draws 3000 W."),
    ("radio", "2.4 GHz", "The router uses the 2,400 MHz band."),
    ("radio", "198 kHz", "The longwave service is on 198,000 Hz."),
    # a figure more precise than a scaled form rounds to it as to the key's own
    ("engineering", "1.85 m", "The doorway is 185.3 cm high."),
    # the unit's name and its symbol, as the units family reads them
    ("energy", "60 watts", "A 60 W bulb."),
]

# (register, key, answer, why): not said.
MUST_NOT = [
    ("geography", "8.8 km", "The tunnel is 8,900 metres long.", "another value"),
    ("medicine", "0.25 mg", "The usual starting dose is 25 micrograms.", "scaled by ten too few"),
    ("medicine", "5 mg", "Take 5000 g of it.", "scaled the wrong way round"),
    ("engineering", "1.85 m", "The doorway is 180 cm high.", "a rounded value"),
    ("engineering", "1.85 m", "The doorway is 1.8 m high.", "rounded in its own prefix, as before"),
    ("engineering", "1.85 m", "The doorway is 185 high.", "a figure with no unit"),
    ("cooking", "1.5 kg", "The tray is 150 cm wide.", "a length for a mass"),
    ("cooking", "1.5 l", "Use 1,500 g of flour.", "a mass for a volume"),
    ("cooking", "227 g", "Use 8 oz of butter.", "another system"),
    ("athletics", "8.05 km", "The race is 5 miles.", "another system"),
    ("athletics", "5 miles", "The race is 5 m.", "m is the metre"),
    ("athletics", "5 m", "The race took 5 min.", "a minute is no metre"),
    ("athletics", "1.5 s", "The gap was 1500 ms.", "the second's prefixes are not read"),
    ("radio", "2.4 GHz", "The router uses the 2,400 kHz band.", "scaled by the wrong power"),
    ("science", "100 °C", "It boils at 373 K.", "no prefix: another scale"),
    ("architecture", "85 m tall", "The tower is 8,500 cm tall.", "a key with words: as written"),
    # an area or a volume: its power is a superscript, which cleaning drops as a footnote's
    ("parks", "2 km²", "The park covers 2,000 m².", "an area scales by a million"),
    ("chemistry", "3 m³", "The tank holds 300 cm³.", "a volume scales by a billion"),
    ("farming", "5 km²", "The farm is 5,000 m² in all.", "an area, thousands written"),
]


@pytest.mark.parametrize(("register", "key", "answer"), MATCHES, ids=case_id)
def test_the_same_quantity_in_another_prefix_says_the_key(
    register: str, key: str, answer: str
) -> None:
    assert said(key, answer), register


@pytest.mark.parametrize(("register", "key", "answer", "why"), MUST_NOT, ids=case_id)
def test_never_another_quantity(register: str, key: str, answer: str, why: str) -> None:
    assert not said(key, answer), why


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "correct"),
    [
        ("How long is the bridge's main span?", ("1.28 km",), "Its main span is 1,280 m.", True),
        ("How much caffeine may an adult take a day?", ("0.4 g",), "Up to 400 mg.", True),
        ("How long is the bridge's main span?", ("1.28 km",), "Not 1,280 m; it is 1.3 km.", False),
        (
            "How much caffeine may an adult take a day?",
            ("0.4 g",),
            "Either 400 mg or 200 mg, I am not sure.",
            False,
        ),
    ],
    ids=case_id,
)
def test_graded_whole(question: str, accepted: tuple[str, ...], answer: str, correct: bool):
    """A scaled form is a form of the key: rejected or left among candidates, it is not said."""
    found = shipped.grade(question, accepted, answer)
    assert (found.verdict == CORRECT) is correct, found.labels


def test_a_key_in_no_metric_unit_has_no_other_prefix() -> None:
    for text in ("5 mi", "8 oz", "100 °c", "1990 s", "1.85 m high", "185", "7 seasons"):
        assert other_prefixes(text) == (), text


_FIGURES = st.builds(
    lambda whole, places: f"{whole}.{places}" if places else str(whole),
    st.integers(min_value=0, max_value=20_000),
    st.one_of(st.just(""), st.from_regex(r"[0-9]{1,3}", fullmatch=True)),
)


@given(_FIGURES, st.sampled_from(sorted(PREFIXED)))
@settings(max_examples=300, deadline=None)
def test_each_other_prefix_writes_the_same_quantity(figure: str, unit: str) -> None:
    """Every other prefix of the unit, once, its figure the same quantity exactly and written
    plainly (no exponent, no zero after the decimal point's last digit)."""
    base, power = PREFIXED[unit]
    found = other_prefixes(f"{figure} {unit}")
    units = [text.split(" ")[1] for text in found]
    assert sorted(units) == sorted(u for u, (b, _) in PREFIXED.items() if b == base and u != unit)
    for text in found:
        scaled, other = text.split(" ")
        assert "e" not in scaled.lower() and not ("." in scaled and scaled.endswith("0"))
        assert Decimal(scaled).scaleb(PREFIXED[other][1]) == Decimal(figure).scaleb(power)

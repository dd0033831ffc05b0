"""Normalisation (DESIGN 4.0) and matching as words (DESIGN 4.5), with the phrase notation."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.match import PhraseSyntaxError, occurs, phrase_match, phrase_regex
from grader.rules.normalize import clean, cleaned, normalize

SPACES = {
    "em-space": "\u2003",
    "en-space": "\u2002",
    "thin-space": "\u2009",
    "narrow-no-break-space": "\u202f",
    "no-break-space": "\u00a0",
    "ideographic-space": "\u3000",
    "tab": "\t",
    "newline": "\n",
    "two-spaces": "  ",
}


@pytest.mark.parametrize("space", SPACES.values(), ids=SPACES.keys())
def test_every_unicode_space_is_one_space(space):
    assert normalize(f"I could not{space}find it") == "i could not find it"
    assert clean(f" a{space}{space}b ") == "a b"


DASHES = {
    "hyphen": "\u2010",
    "non-breaking-hyphen": "\u2011",
    "figure-dash": "\u2012",
    "en-dash": "\u2013",
    "em-dash": "\u2014",
    "horizontal-bar": "\u2015",
    "minus-sign": "\u2212",
}


@pytest.mark.parametrize("dash", DASHES.values(), ids=DASHES.keys())
def test_every_dash_is_a_hyphen(dash):
    assert clean(f"W{dash}2") == "W-2"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("doesn\u2019t", "does not"),
        ("doesn't", "does not"),
        ("can't", "cannot"),
        ("Can\u2019t", "cannot"),
        ("can not", "cannot"),
        ("won't", "will not"),
        ("isn't", "is not"),
        ("haven't", "have not"),
        ("couldn't", "could not"),
        ("I'm", "i am"),
        ("you've", "you have"),
        ("they're", "they are"),
        ("I'd", "i would"),
        ("there's", "there is"),
        ("it's", "it is"),
        ("the company's", "the company's"),
        ("\u201cquoted\u201d", '"quoted"'),
    ],
    ids=lambda value: value,
)
def test_contractions_are_expanded_and_quotes_straightened(text, expected):
    assert normalize(text) == expected


@pytest.mark.parametrize(
    ("needle", "text", "found"),
    [
        ("No", "The claim was noted [1].", False),
        ("No", "No, the claim was denied [1].", True),
        ("APR", "Due in April.", False),
        ("APR", "The APR is 24.99%.", True),
        ("RNA", "mRNA vaccines", False),
        ("10", "in 2010", False),
        ("10", "in 10 days", True),
        ("W-2", "the W2 form", True),
        ("W2", "the W-2 form", True),
        ("W-2", "the W 2 form", True),
        ("1099-INT", "the 1099INT", True),
        ("not covered", "Flood damage is NOT\u2003covered.", True),
        ("0.96", "a ratio of 0.965", False),
        ("24.26", "the answer is 24.26.", True),
        ("doesn't mention", "the source does not mention it", True),
        ("gold ppo", "the GOLD-PPO plan", True),
        ("year-over-year", "revenue grew year over year", True),
        ("non-GAAP", "a non\u2011GAAP measure", True),
        ("non-GAAP", "a nonGAAP measure", False),
        ("gold ppo", "the goldppo plan", False),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_needles_match_as_words(needle, text, found):
    assert occurs(needle, normalize(text)) is found


@pytest.mark.parametrize(
    ("phrase", "text", "matched"),
    [
        ("not mention*", "it is not mentioned here", "not mentioned"),
        ("not mention*", "it is not mentioned here", "not mentioned"),
        ("{i|we} cannot find*", "we cannot find it", "we cannot find"),
        ("not {explicitly |}stated", "it is not stated", "not stated"),
        ("not {explicitly |}stated", "it is not explicitly stated", "not explicitly stated"),
        (
            "we do not have {access|the {necessary|relevant} data}",
            "we do not have the relevant data",
            "we do not have the relevant data",
        ),
        ("no", "it was noted", None),
        ("isn't stated", "the fee is not stated", "is not stated"),
    ],
    ids=[
        "star-ends-a-word",
        "star-again",
        "alternatives",
        "optional-group-absent",
        "optional-group-present",
        "nested-groups",
        "whole-words-only",
        "phrase-normalised-like-the-text",
    ],
)
def test_the_phrase_notation(phrase, text, matched):
    found = phrase_match(phrase, normalize(text))
    assert (found.group(0) if found else None) == matched


@pytest.mark.parametrize(
    "phrase", ["{a|b", "a}b", "{a|{b}", "not *stated", ""], ids=lambda p: p or "empty"
)
def test_a_phrase_that_cannot_be_read_is_refused(phrase):
    with pytest.raises(PhraseSyntaxError):
        phrase_regex(phrase)


@settings(max_examples=400, deadline=None)
@given(
    st.text(
        alphabet=" \t\n\r\x0b\x0c\x1c\x00\x7f\u00a0\u2003\u2013\u2019\"'-*abcAB.,$1:", max_size=30
    )
)
def test_clean_is_its_definition_with_or_without_the_shortcut(text):
    # the shortcut returns text that has nothing to clean; the definition must agree
    assert clean(text) == cleaned(text)
    assert clean(clean(text)) == clean(text)

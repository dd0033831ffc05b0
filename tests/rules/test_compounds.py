"""Compounds written apart or together (DESIGN 4.6, `grader.rules.surface_match`): a key's word
said as two words that join to it, each of at least three letters, and a key's hyphenated word
said without its hyphen; and what must stay apart. Cases written here, in several registers.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.surface_match import compound_joined
from tests.caseids import case_id
from tests.rules.shipped import said_with_dates as said

# (register, accepted answer, answer): each says it
SAID = [
    ("engineering", "Coathanger", "It is nicknamed the Coat Hanger."),
    ("engineering", "Coathanger", "Locals call it the coat-hanger."),
    ("engineering", "coat-hanger", "Locals call it the coathanger."),
    ("music", "Blackbird", "McCartney wrote Black Bird in 1968."),
    ("science", "firefly", "The glow comes from a fire fly."),
    ("science", "fireflies", "They are fire flies."),  # the second part inflected
    ("sport", "Goalkeeper", "He played as a goal keeper."),
    ("literature", "Lighthouse", "Woolf's To the Light House."),
    ("literature", "Lighthouse", "The light houses were lit."),  # the key inflected
    ("business", "Pay-wall", "The paper put up a paywall."),
    ("law", "Grandfather clause", "It is a grand father clause."),
    ("politics", "Whistleblower", "A whistle-blower leaked it."),
    # decided: said the same (a key is read by its letters)
    ("decided", "everyone", "It was every one of them."),
    ("decided", "greenhouse", "A green house effect."),
    ("decided", "Newcastle", "They play in New Castle."),
]

# (register, accepted answer, answer): none says it
NEVER = [
    ("a part of one letter", "apart", "It is a part of the set."),
    ("a part of two letters", "nobody", "There was no body found."),
    ("a part of two letters", "another", "It is an other matter."),
    ("one part only", "Coathanger", "It looks like a coat."),
    ("one part only", "Blackbird", "It was a black cat."),
    ("a third word between", "Coathanger", "A coat rack hanger."),
    ("a part inside a longer word", "Coathanger", "The raincoat hanger broke."),
    ("parts joined to another word", "Lighthouse", "It needs light housekeeping."),
    ("a rejected mention", "Blackbird", "It was not Black Bird but Yesterday."),
    ("a hyphen between short parts", "jack-o-lantern", "A jacko lantern."),
    ("a different name", "Goalkeeper", "He played as a goal scorer."),
]


@pytest.mark.parametrize(("register", "accepted", "answer"), SAID, ids=case_id)
def test_a_compound_is_said_apart_or_together(register: str, accepted: str, answer: str) -> None:
    assert said(accepted, answer), register


@pytest.mark.parametrize(("register", "accepted", "answer"), NEVER, ids=case_id)
def test_what_stays_apart(register: str, accepted: str, answer: str) -> None:
    assert not said(accepted, answer), register


def test_an_answer_without_the_parts_is_not_rewritten() -> None:
    assert compound_joined("coathanger", "the bridge is tall") is None
    assert compound_joined("coathanger", "the coat hanger") == "the coathanger"
    assert compound_joined("ant", "an t") is None  # a word of fewer than six letters


def _joined_by_definition(text: str, answer_surface: str) -> str | None:
    """`compound_joined` without its guard (the word's first three letters in the answer)."""
    joined = answer_surface
    for word in text.split(" "):
        if len(word) >= 6 and word.isalpha():
            for cut in range(3, len(word) - 2):
                for between in " -":
                    if word[:cut] + between + word[cut:] in joined:
                        joined = joined.replace(word[:cut] + between + word[cut:], word)
    return None if joined == answer_surface else joined


ANSWER_PIECES = st.sampled_from(
    ["coat", "hanger", "coa", "thanger", " ", "-", "black", "bird", "s"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(ANSWER_PIECES, max_size=8).map("".join))
def test_compound_joined_equals_its_definition(answer: str) -> None:
    for key in ("coathanger", "blackbird", "coat hanger", "the blackbirds"):
        assert compound_joined(key, answer) == _joined_by_definition(key, answer)

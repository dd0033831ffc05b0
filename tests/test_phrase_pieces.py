"""`phrase_match` skips the search of a text that lacks one of the phrase's literal pieces; it
must find exactly what the phrase's pattern finds, for every phrase and every text."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.records.runfile import is_run_file, read_run
from grader.rules.declines import load_declines
from grader.rules.match import phrase_match, phrase_pattern, phrase_pieces
from grader.rules.normalize import normalize
from grader.rules.sentences import answer_sentences

ROOT = Path(__file__).resolve().parent.parent

WORDS = [
    "not",
    "no",
    "stat",
    "stated",
    "state",
    "w",
    "2",
    "w2",
    "12",
    "un",
    "able",
    "unable",
    "to",
    "locate",
    "find",
    "the",
    "sources",
    "do",
    "does",
    "explicitly",
    "é",
    "été",
]


def _span(found):
    return None if found is None else found.span()


@st.composite
def phrases(draw, depth=0):
    """A phrase in the decline notation: words, stars ending words, groups (nested, with an
    empty alternative, glued to the next word or not)."""
    pieces = []
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        if depth < 2 and draw(st.booleans()) and draw(st.booleans()):
            alternatives = draw(st.lists(phrases(depth + 1), min_size=1, max_size=3))
            if draw(st.booleans()):
                alternatives.append("")
            glue = draw(st.sampled_from(["", " "]))
            pieces.append("{" + "|".join(a + glue for a in alternatives) + "}")
        else:
            word = draw(st.sampled_from(WORDS))
            pieces.append(word + ("*" if draw(st.booleans()) and word.isalpha() else ""))
    return " ".join(pieces).strip() or "not"


TEXTS = st.lists(
    st.tuples(st.sampled_from(WORDS), st.sampled_from([" ", "-", "", ", ", " the "])),
    max_size=12,
).map(lambda words: "".join(word + join for word, join in words))


@pytest.mark.slow  # 1,500 drawn cases: left out of `make test-fast`
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phrases(), TEXTS)
def test_phrase_match_finds_what_the_pattern_finds(phrase, text):
    text_norm = normalize(text)
    assert _span(phrase_match(phrase, text_norm)) == _span(phrase_pattern(phrase).search(text_norm))


@pytest.mark.parametrize(
    ("phrase", "pieces"),
    [
        ("not explicitly", ("not", "explicitly")),
        ("not {explicitly |}stat*", ("not", "stat")),  # a group's words are not required
        ("{un|}able to locate*", ("able", "to", "locate")),  # a group glued to its word
        ("W-2 box 12", ("w", "2", "box", "12")),  # "W2", "W 2" and "W-2" all hold w and 2
        ("can't find", ("cannot", "find")),  # normalised as the text is
    ],
)
def test_the_pieces_of_a_phrase(phrase, pieces):
    assert phrase_pieces(phrase) == pieces


def test_every_shipped_phrase_on_every_committed_sentence():
    """Every phrase of the shipped list against every sentence of the committed runs (and the
    same sentences with the phrase's own words in them, so that matches are among them)."""
    declines = load_declines()
    sentences = {
        normalize(sentence)
        for path in sorted((ROOT / "runs").glob("*.jsonl"))
        if is_run_file(path)  # (not the marks, grades or judgements a user's review left)
        for answer in read_run(path, lean=True).answers
        for sentence in answer_sentences(answer.answer)[0]
    }
    assert len(sentences) > 100
    matched = 0
    for phrase in declines.texts():
        for text in (
            *sentences,
            normalize(phrase.replace("{", "").replace("}", "").replace("*", "")),
        ):
            found = _span(phrase_match(phrase, text))
            assert found == _span(phrase_pattern(phrase).search(text)), (phrase, text)
            matched += found is not None
    assert matched > 50  # the comparison saw matches, not only texts skipped

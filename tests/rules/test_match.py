"""Matching as words (DESIGN 4.5) and the phrase notation of the decline list: where a letter
meets a digit, a phrase's whole-word edges and its star, the first words of a phrase (the index
the fast decline search reads), and `phrase_match`'s skip of a text that lacks one of the
phrase's literal pieces, which must find exactly what the phrase's pattern finds.

The pinned cases were found by mutation testing (`bench/mutate.py --module match`): each join and
each edge has a case where it alone decides, and each kind of place a phrase's first word can end
(a space, the end, the end of an alternative, a group glued to it, a star) has its own case.
"""

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.records.runfile import is_run_file, read_run
from grader.rules.declines import decline_list_from_dict, load_declines
from grader.rules.match import (
    PhraseSyntaxError,
    none_before,
    occurs,
    phrase_choices,
    phrase_first_words,
    phrase_match,
    phrase_pattern,
    phrase_pieces,
    phrase_regex,
)
from grader.rules.normalize import normalize
from grader.rules.reading import answer_sentences
from tests.caseids import case_id

# --- the phrase notation ----------------------------------------------------------------------


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


# --- where a letter meets a digit ------------------------------------------------------------


@pytest.mark.parametrize(
    ("needle", "text", "found"),
    [
        # a letter, then a digit
        pytest.param("W2", "the W-2 form", True, id="W2 is in 'W-2'"),
        pytest.param("W2", "the W 2 form", True, id="W2 is in 'W 2'"),
        pytest.param("W-2", "the W2 form", True, id="W-2 is in 'W2'"),
        # a digit, then a letter
        pytest.param("10K", "the annual 10-K filing", True, id="10K is in '10-K'"),
        pytest.param("1099INT", "Form 1099 INT", True, id="1099INT is in '1099 INT'"),
        pytest.param("10-K", "the annual 10K filing", True, id="10-K is in '10K'"),
        pytest.param("Q4", "in Q-4 2023", True, id="Q4 is in 'Q-4'"),
        # only one hyphen or space: the join is not any gap
        pytest.param("10K", "the 10 - K", False, id="10K is not in '10 - K'"),
        pytest.param("W2", "a W--2", False, id="W2 is not in 'W--2'"),
        # between two digits, or two letters, nothing is optional
        pytest.param("1099", "10-99", False, id="1099 is not in '10-99'"),
        pytest.param("non-GAAP", "a nonGAAP measure", False, id="non-GAAP is not in 'nonGAAP'"),
    ],
)
def test_a_hyphen_or_space_where_a_letter_meets_a_digit_is_optional(
    needle: str, text: str, found: bool
) -> None:
    assert occurs(needle, normalize(text)) is found


# --- decline phrases -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "text", "matched"),
    [
        pytest.param(
            "stated", "the figures were restated", None, id="'stated' is not in 'restated'"
        ),
        pytest.param("stated", "it is not stated", "stated", id="'stated' is a word of its own"),
        pytest.param(
            "not stated", "not statedly", None, id="'not stated' is not in 'not statedly'"
        ),
        pytest.param(
            "{it|this} is not stated",
            "the profit is not stated",
            None,
            id="a phrase opening with a group starts at a word: not in 'profit is not stated'",
        ),
        pytest.param(
            "{it|this} is not stated",
            "here it is not stated",
            "it is not stated",
            id="a phrase opening with a group matches at a word's start",
        ),
        pytest.param(
            "mention*",
            "the source commentioned it",
            None,
            id="a starred word starts at a word: 'mention*' is not in 'commentioned'",
        ),
        pytest.param(
            "not mention*",
            "it does not mentions it",
            "not mentions",
            id="a starred word takes the rest of its word",
        ),
        pytest.param(
            "not mention*",
            "it does not mention it",
            "not mention",
            id="a starred word may end where it is written",
        ),
    ],
)
def test_a_phrase_matches_whole_words(phrase: str, text: str, matched: str | None) -> None:
    found = phrase_match(phrase, normalize(text))
    assert (found.group(0) if found else None) == matched


@pytest.mark.parametrize(
    "phrase",
    [
        pytest.param("not *stated", id="a star opening a word"),
        pytest.param("not sta*ted", id="a star inside a word"),
        pytest.param("not *_stated", id="a star before an underscore"),
    ],
)
def test_a_star_may_only_end_a_word(phrase: str) -> None:
    with pytest.raises(PhraseSyntaxError, match="a star may only end a word"):
        phrase_regex(phrase)


@pytest.mark.parametrize(
    "phrase",
    [
        pytest.param("not stated*", id="a star ending the phrase"),
        pytest.param("not mention*, sorry", id="a star before a comma"),
        pytest.param("{find*|locate*} it", id="stars ending alternatives"),
    ],
)
def test_a_star_ending_a_word_reads(phrase: str) -> None:
    assert phrase_regex(phrase)


# The words a phrase can start with: one of them (or, for "word*", a word it begins) opens every
# text the phrase matches, so the fast search looks only at phrases whose first word is there.
@pytest.mark.parametrize(
    ("phrase", "first_words"),
    [
        pytest.param("not stated", {"not"}, id="the word before a space"),
        pytest.param("insufficient", {"insufficient"}, id="the phrase's only word"),
        pytest.param("mention*", {"mention*"}, id="a starred word keeps its star"),
        pytest.param(
            "{explicitly|} not stated",
            {"explicitly", "not"},
            id="the space after an optional group is skipped",
        ),
        pytest.param("{i|we} cannot find*", {"i", "we"}, id="each alternative's first word"),
        pytest.param("{i |we }cannot", {"i", "we"}, id="alternatives ending in a space"),
        pytest.param(
            "{explicitly |}not stated",
            {"explicitly", "not"},
            id="an optional group: its word, or the word after it",
        ),
        pytest.param(
            "{we do not have|{no|not any} data}",
            {"we", "no", "not"},
            id="groups nested in an alternative",
        ),
        pytest.param(
            "{{a|the} source|none} says",
            {"a", "the", "none"},
            id="a group opening an alternative",
        ),
        pytest.param(
            "mention{ed|s} nothing",
            {"mention*"},
            id="a word glued to a group goes on: 'mention*'",
        ),
        pytest.param(
            "find*{|s} it", {"find*"}, id="a starred word glued to a group keeps one star"
        ),
        pytest.param(
            "{find*|locate*} it", {"find*", "locate*"}, id="starred words ending alternatives"
        ),
        pytest.param("Can't Find", {"cannot"}, id="read normalised: 'Can't' is 'cannot'"),
        pytest.param(
            "{un|}able to locate*",
            {"unable", "able"},
            id="a group glued to the word after it runs on into it: 'unable' or 'able'",
        ),
        pytest.param(
            "{un|in}avail*",
            {"unavail*", "inavail*"},
            id="a group glued to a starred word: each alternative starred",
        ),
    ],
)
def test_the_first_words_of_a_phrase(phrase: str, first_words: set[str]) -> None:
    assert phrase_first_words(phrase) == first_words


def test_the_fast_search_finds_a_phrase_whose_group_is_glued_to_a_word() -> None:
    """`find_fast` searches only the phrases whose first words occur; it equals `find`."""
    declines = decline_list_from_dict(
        {"version": 2, "phrases": [{"phrase": "{un|}able to locate*"}]}
    )
    for text in ("We were unable to locate the figure.", "We were able to locate it."):
        parts = [normalize(text)]
        assert declines.find_fast(parts, 0) == declines.find(parts, 0) is not None


def test_the_fast_search_finds_a_phrase_whose_first_word_is_starred() -> None:
    """A starred first word ("unabl*") is searched by every word it begins ("unable"), also in
    a part of no other word."""
    declines = decline_list_from_dict(
        {"version": 2, "phrases": [{"phrase": "unabl* to locate"}, {"phrase": "unsur*"}]}
    )
    for text in ("We were unable to locate the figure.", "Unsure."):
        parts = [normalize(text)]
        assert declines.find_fast(parts, 0) == declines.find(parts, 0) is not None


# --- a phrase's literal pieces: the skip equals the pattern -----------------------------------


ROOT = Path(__file__).resolve().parents[2]


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
    ids=case_id,
)
def test_the_pieces_of_a_phrase(phrase, pieces):
    assert phrase_pieces(phrase) == pieces


@pytest.mark.parametrize(
    ("phrase", "choices"),
    [
        ("{is|are} {missing|absent}", ((("is",), ("are",)), (("missing",), ("absent",)))),
        ("{cannot|could not} find*", ((("cannot",), ("could", "not")),)),
        ("{un|}able to locate*", ()),  # an empty alternative: the group requires nothing
        ("{{a|b}|c} d", ()),  # an alternative made of a group alone
        ("not {publicly {disclosed|known}|undisclosed}", ((("publicly",), ("undisclosed",)),)),
    ],
    ids=case_id,
)
def test_the_choices_of_a_phrase(phrase, choices):
    assert phrase_choices(phrase) == choices


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


# --- a pattern's start: its lookbehinds after its first character -------------------------------

# Bodies of patterns as the rules build them (a needle's, a key's form, its inflections, a
# figure's forms) and at the edges of `none_before`: a first character a quantifier follows, one
# that is no letter or digit, an alternation at the top.
BODIES = st.sampled_from(
    [
        "cat",
        "cats?(?:'s?)?",
        r"3[- ]?km",
        r"1\.5",
        r"(?:1500|1\.500)",
        "w[- ]2",
        "a",
        "a?b",
        "a+",
        "ab*",
        "a{2}",
        "a|b",
        "_a",
        "é",
        r"\.x",
        "x(?:y|)z",
    ]
)
LOOKBEHINDS = st.sampled_from([(r"\w",), (r"\w", r"\d[.,]")])
START_TEXTS = st.lists(
    st.sampled_from([*"a b c x y z s ' é _ 1 2 3 5 0 . , - \n".split(" "), " ", "cat", "km", "w"]),
    max_size=10,
).map("".join)


@settings(max_examples=1000, deadline=None)
@given(BODIES, LOOKBEHINDS, START_TEXTS)
def test_lookbehinds_after_the_first_character_find_what_they_find_first(body, behind, text):
    """`none_before` writes a pattern's lookbehinds after its first letter or digit (so the
    engine looks for that character first): the same matches as the lookbehinds first."""
    first = re.compile("".join(f"(?<!{each})" for each in behind) + body)
    after = re.compile(none_before(body, behind))
    assert [m.span() for m in after.finditer(text)] == [m.span() for m in first.finditer(text)]

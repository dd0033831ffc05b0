"""Matching pinned case by case (`grader.rules.match`, DESIGN 4.5): where a letter meets a digit,
where a needle's or phrase's whole-word edges are, and the first words of a decline phrase (the
index the fast decline search reads). Found by mutation testing (`bench/mutate.py --module
match`): each join and each edge has a case where it alone decides, and each kind of place a
phrase's first word can end (a space, the end, the end of an alternative, a group glued to it, a
star) has its own case.
"""

import pytest

from grader.rules.declines import decline_list_from_dict
from grader.rules.match import (
    PhraseSyntaxError,
    occurs,
    phrase_first_words,
    phrase_match,
    phrase_regex,
)
from grader.rules.normalize import normalize

# --- needles ---------------------------------------------------------------------------------


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


@pytest.mark.parametrize(
    ("needle", "text", "found"),
    [
        pytest.param("No", "No.5 is listed", True, id="'No' is a word before a dot"),
        pytest.param("No", "Notes are listed", False, id="'No' is not in 'Notes'"),
        pytest.param("5", "US$5 is listed", True, id="'5' is a word after a dollar sign"),
        pytest.param("5", "$15 is listed", False, id="'5' is not in '15'"),
        # a needle that ends with no word character has no edge to keep there
        pytest.param("No.", "Note No.5 lists it", True, id="'No.' is in 'No.5'"),
        pytest.param("U.S.", "a U.S.A. subsidiary", True, id="'U.S.' is in 'U.S.A.'"),
        # ... nor where it starts with none
        pytest.param("$5", "it is US$5", True, id="'$5' is in 'US$5'"),
        pytest.param("(a)", "clause b(a) applies", True, id="'(a)' is in 'b(a)'"),
        # ... but a word character on the needle's side keeps its edge
        pytest.param("$5", "it is $55", False, id="'$5' is not in '$55'"),
    ],
)
def test_a_needle_is_bounded_only_where_it_starts_or_ends_with_a_word_character(
    needle: str, text: str, found: bool
) -> None:
    assert occurs(needle, normalize(text)) is found


@pytest.mark.parametrize(
    "needle", [pytest.param("", id="empty"), pytest.param("  \u2003", id="spaces only")]
)
def test_a_blank_needle_occurs_nowhere(needle: str) -> None:
    assert not occurs(needle, normalize("anything at all"))
    assert not occurs(needle, "")


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

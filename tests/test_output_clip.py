"""`clip`: text cut to a width says it was cut."""

from __future__ import annotations

import pytest

from tui.output import clip


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        ("How long is the main pool?", 70, "How long is the main pool?"),
        ("abcdef", 6, "abcdef"),
        ("abcdefg", 6, "abcde\u2026"),
        ("the main pool is", 9, "the main\u2026"),  # no space left before the ellipsis
    ],
    ids=["short", "exactly-the-limit", "one-over", "cut-at-a-space"],
)
def test_clip_says_where_it_cut(text: str, limit: int, expected: str) -> None:
    assert clip(text, limit) == expected
    assert len(clip(text, limit)) <= limit


@pytest.mark.parametrize(
    "plain", ["How long is the main pool?", "abcdefg", "the main pool is", "5 graders, 1 disagrees"]
)
def test_a_line_of_text_is_cut_as_clip_cuts_its_words_and_keeps_its_styles(plain: str) -> None:
    """`cut` (a Rich line kept to a row of the verdict panel) is `clip` of its text."""
    from rich.text import Span, Text

    from tui.widgets.render import cut

    for width in range(1, len(plain) + 3):
        line = Text.assemble((plain[:4], "bold"), plain[4:])
        assert cut(line, width).plain == clip(plain, width), width
        if width > 5:  # the first four characters kept, bold
            assert line.spans[0] == Span(0, 4, "bold")
    assert cut(Text(plain), 0).plain == plain  # 0: no limit


def test_the_header_counts_group_their_digits_as_the_grading_count_does() -> None:
    """A 200,000-answer run's header read ``140000 correct of 200000 judged`` beside
    ``grading 35,840/200,000``."""
    from grader.records.scorecard import Completion, Scorecard
    from tui.widgets.render import scorecard_parts

    card = Scorecard(total=200_000, correct=140_000, answerable=190_000, negatives=10_000)
    card.answerable_correct, card.negatives_declined = 135_000, 5_000
    assert scorecard_parts(card) == [
        "140,000 correct of 200,000 judged (70.0%)",
        "answerable 135,000/190,000",
        "honesty 5,000/10,000",
    ]
    assert Completion(200_000, 35_840, 35_840).describe() == "incomplete: 35,840 of 200,000 planned"


def test_a_run_with_no_negative_question_shows_no_honesty_score():
    """An imported run with no negative question showed "honesty 0/0" in the header and
    "0/0 negatives declined" on the scorecard, which read as a score."""
    from grader.records.scorecard import format_scorecard, scorecard
    from grader.rules.verdict import NOT_MONEY, Grade
    from tui.widgets.render import scorecard_parts

    graded = [
        Grade(f"q{i}", "answerable", "correct", (), False, None, NOT_MONEY, ()) for i in range(3)
    ]
    card = scorecard(graded)
    assert not any(part.startswith("honesty") for part in scorecard_parts(card))
    lines = format_scorecard(card)
    assert "honesty           n/a: no negative question" in lines
    assert "ambiguous         n/a: no ambiguous question" in lines
    negative = Grade("n1", "negative", "correct", (), True, None, NOT_MONEY, ())
    with_one = scorecard([*graded, negative])
    assert "honesty 1/1" in scorecard_parts(with_one)
    assert "honesty           1/1 negatives declined" in format_scorecard(with_one)

"""A belief set aside as someone else's (`grader.rules.beliefs.set_aside_beliefs`, DESIGN 4.1):
the belief a sentence contradicts is not asserted; a belief it agrees with, a fact others know,
a belief put to the reader that is the answer offered, are. Cases in several registers, and the
guard tested equal to the rule on drawn sentences."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.beliefs import AS_VIEW, beliefs_set_aside, opens_with_view, set_aside_beliefs
from grader.rules.clauses import DEFAULT_STRATEGY, Clause, Span, get_strategy
from grader.rules.normalize import lowered_as_matched
from grader.rules.verdict import CORRECT
from tests.caseids import case_id
from tests.rules.shipped import grade

DEFAULT = get_strategy(DEFAULT_STRATEGY)

# (sentence, what is asserted): the belief the sentence contradicts is not asserted; a belief
# it agrees with, or a fact others know, is. Cases in several registers.
BELIEFS = [
    # set aside: a belief confused or thought by others, up to the contrast
    (
        "Many people confuse the two cities, but the capital is Canberra.",
        ", but the capital is Canberra.",
    ),
    (
        "It is widely thought that the Great Wall is visible from orbit, but it is not.",
        ", but it is not.",
    ),
    # never: the holder's words glued to the next (no holder, as a reader reads it)
    (
        "It is popularlythought that bats are blind, but they can see.",
        "It is popularlythought that bats are blind, but they can see.",
    ),
    (
        "Youmight be thinking of 435, but the Senate has 100 members.",
        "Youmight be thinking of 435, but the Senate has 100 members.",
    ),
    # set aside: opening with a concession, up to its comma
    (
        "Although many think the Great Wall is visible from orbit, it is not.",
        ", it is not.",
    ),
    (
        "While most patients assume antibiotics treat colds, colds are viral.",
        ", colds are viral.",
    ),
    # set aside: opening belief up to a contrast or a correction
    (
        "Many fans think Pele scored the goal, but it was Jairzinho.",
        ", but it was Jairzinho.",
    ),
    (
        "Many cooks assume searing seals in juices; it actually does not.",
        "; it actually does not.",
    ),
    (
        "It is often said that goldfish forget in seconds, yet they remember for months.",
        ", yet they remember for months.",
    ),
    (
        "A common misconception is that bulls hate red; they react to movement.",
        "; they react to movement.",
    ),
    (
        "You might think the deadline is Friday, but the statute says Monday.",
        ", but the statute says Monday.",
    ),
    # set aside: a closing belief
    (
        "The limit is 2%, although some sources wrongly claim 4%.",
        "The limit is 2%",
    ),
    # never: a belief agreed with, a fact known, a belief with nothing that contradicts it
    (
        "Many think the answer is Canberra, and they are right.",
        "Many think the answer is Canberra, and they are right.",
    ),
    (
        "As most people know, the capital is Canberra.",
        "As most people know, the capital is Canberra.",
    ),
    ("Many people believe in fair play.", "Many people believe in fair play."),
    ("I think it is Canberra, but I am not sure.", "I think it is Canberra, but I am not sure."),
    ("Some say it rains, so bring a coat.", "Some say it rains, so bring a coat."),
]


@pytest.mark.parametrize(("sentence", "asserted"), BELIEFS, ids=case_id)
def test_a_belief_set_aside_is_not_asserted(sentence: str, asserted: str) -> None:
    """'Many people assume Canberra, but it's actually Sydney' was graded as saying Canberra."""
    assert set_aside_beliefs(Clause.whole(sentence)).asserted == asserted


# (v4) A belief about a name written with its initials or its title's abbreviation, then
# contradicted with another answer: the sentence is the belief's whole (its periods end no
# sentence, `grader.rules.sentences`), and the name it holds is set aside, not said. Cases
# written for this project: (register, question, the belief's name as the key, answer).
BELIEFS_ABOUT_A_NAME = [
    (
        "literature",
        "Who wrote The Hobbit?",
        "C. S. Lewis",
        "Many readers think C. S. Lewis, but that is a mix-up. It was J. R. R. Tolkien.",
    ),
    (
        "cricket",
        "Who scored the first Test century in England?",
        "W. G. Grace",
        "Many fans assume W. G. Grace, but the record belongs to another batsman.",
    ),
    (
        "military history",
        "Who commanded the Third Army in 1944?",
        "Omar Bradley",
        "Many people say Gen. Omar Bradley, but that is a mix-up. It was Gen. George S. Patton.",
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "key", "answer"), BELIEFS_ABOUT_A_NAME, ids=case_id
)
def test_a_belief_about_a_name_with_initials_is_set_aside(register, question, key, answer):
    """'Many people say H. G. Wells, but ...' was cut at the initials and read as saying Wells."""
    assert grade(question, (key,), answer).verdict != CORRECT, register


def test_the_name_a_belief_is_contradicted_with_is_said():
    answer = "Many readers think C. S. Lewis, but that is a mix-up. It was J. R. R. Tolkien."
    assert grade("Who wrote The Hobbit?", ("J. R. R. Tolkien",), answer).verdict == CORRECT


def test_a_sentence_cut_at_a_source_is_left_as_cut() -> None:
    clause = Clause(
        "Although many think X, Source 2 lists Y.", (Span(0, 23, True), Span(23, 41, False))
    )
    assert set_aside_beliefs(clause) is clause
    assert beliefs_set_aside(clause) is clause, "the definition leaves it as cut too"


def test_a_sentence_read_alone_is_the_answers_first() -> None:
    """Without ``answered``, a belief put to the reader with no contrast is the answer offered
    (the answer's first sentence), not set aside."""
    sentence = "You may be thinking of 435; the Senate has 100 members."
    assert set_aside_beliefs(Clause.whole(sentence)).asserted == sentence
    assert set_aside_beliefs(Clause.whole(sentence), answered=True).asserted == (
        "; the Senate has 100 members."
    )


# (sentence, what is asserted when an earlier sentence answered, what is asserted otherwise):
# a source the answer dismisses, or a belief put to the reader (v4). Cases in several registers.
DISMISSED = [
    # a few sources, dismissed by a contrast: set aside whatever came before
    (
        "Some older reports mention, quote, cite, give, list, state, suggest and repeat 1200 mg, "
        "but that is only the starting dose.",
        ", but that is only the starting dose.",
        ", but that is only the starting dose.",
    ),
    (
        "Some older textbooks mention 1066, but that is the Norman landing, not the coronation.",
        ", but that is the Norman landing, not the coronation.",
        ", but that is the Norman landing, not the coronation.",
    ),
    (
        "A few analysts cite $4.5 billion, but that includes the one-off sale.",
        ", but that includes the one-off sale.",
        ", but that includes the one-off sale.",
    ),
    (
        "(Some leaflets give 8 hours, but the statute says 12.)",
        ", but the statute says 12.)",
        ", but the statute says 12.)",
    ),
    # what is said of it, dismissed by a contrast
    (
        "The 100 metre record of 9.69 is often quoted, but Bolt lowered it to 9.58.",
        ", but Bolt lowered it to 9.58.",
        ", but Bolt lowered it to 9.58.",
    ),
    # a belief put to the reader: up to a contrast, always
    (
        "You may be thinking of the Senate, but the House has 435 members.",
        ", but the House has 435 members.",
        ", but the House has 435 members.",
    ),
    # ... and whole beside an answer already given, never as the answer's first sentence
    (
        "(You may be thinking of the Grammy, which the band won in 1985.)",
        "",
        "(You may be thinking of the Grammy, which the band won in 1985.)",
    ),
    (
        "You might have seen $9.99, which was the launch price.",
        "",
        "You might have seen $9.99, which was the launch price.",
    ),
    (
        "You may be confusing it with the Court of Appeal, which hears civil cases.",
        "",
        "You may be confusing it with the Court of Appeal, which hears civil cases.",
    ),
    (
        "You've probably read 3.2%, the figure before revision; the final figure is 2.9%.",
        "; the final figure is 2.9%.",
        "You've probably read 3.2%, the figure before revision; the final figure is 2.9%.",
    ),
    (
        "You are probably remembering the 1992 result, when the Conservatives won.",
        "",
        "You are probably remembering the 1992 result, when the Conservatives won.",
    ),
    # never: asserted, known, told, agreed with, a majority, no contrast, heard of, a decline
    ("You will pay $9.99 per month.", None, None),
    ("As you may know, the House has 435 members.", None, None),
    ("You may be surprised: the House has 435 members.", None, None),
    ("You may want to check the contract for the deposit.", None, None),
    ("Some sources mention 1200 mg, and they are right.", None, None),
    ("1200 mg is often quoted as the limit, and rightly so.", None, None),
    ("Most sources give 8,849 m, but some older ones say 8,848 m.", None, None),
    ("You may have seen $9.99, which is the right price for students.", None, None),
    ("You may have heard of the Louvre, where the painting has hung since 1797.", None, None),
    ("You may have seen it at the Louvre, which holds it today.", None, None),
    # set aside beside an answer; the answer offered when it opens the answer
    ("You may be thinking of Heat.", "", None),
]


@pytest.mark.parametrize(("sentence", "answered", "first"), DISMISSED, ids=case_id)
def test_a_dismissed_source_or_a_belief_put_to_the_reader_is_not_asserted(
    sentence: str, answered: str | None, first: str | None
) -> None:
    """'There are 100. (You may be thinking of 435, which is the size of the Senate.)' and
    'The maximum is 3,200 mg. (Some leaflets mention 1200 mg, but that is just the starting
    dose.)' were graded as saying 435 and 1200 mg. A belief put to the reader is the answer
    offered when nothing was answered before it ("I found no such film. You may be thinking of
    Heat.") unless a contrast follows it."""
    clause = Clause.whole(sentence)
    beside = sentence if answered is None else answered
    opening = sentence if first is None else first
    assert set_aside_beliefs(clause, answered=True).asserted == beside.strip()
    assert set_aside_beliefs(clause, answered=False).asserted == opening.strip()


def test_a_belief_put_to_the_reader_after_a_decline_is_the_answer_offered() -> None:
    """Read whole: beside an answer given it is set aside, after a decline (or opening the
    answer) it is what the answer offers."""
    from grader.rules.declines import load_declines
    from grader.rules.reading import read_answer

    def said(answer: str) -> str:
        return read_answer(answer, DEFAULT, load_declines()).asserted_text

    beside = "The Senate has 100 members. (You may be thinking of 435, the size of the House.)"
    assert said(beside) == "The Senate has 100 members."
    offered = "I could not find that film. You may be thinking of Heat, directed by Michael Mann."
    assert "Heat" in said(offered)
    assert "Heat" in said("You may be thinking of Heat, directed by Michael Mann.")


@pytest.mark.parametrize(("sentence", "asserted"), BELIEFS, ids=case_id)
def test_the_belief_guard_holds_every_belief_the_patterns_read(sentence: str, asserted: str):
    """The guard of `set_aside_beliefs` (a stem every holder holds) never skips a sentence its
    patterns would cut."""
    from grader.rules.beliefs import _BELIEF_FIRST, _BELIEF_LAST, _BELIEF_WORD

    if _BELIEF_FIRST.match(sentence) or _BELIEF_LAST.search(sentence):
        assert _BELIEF_WORD.search(sentence.lower()) is not None


@pytest.mark.parametrize(("sentence", "answered", "first"), DISMISSED, ids=case_id)
def test_the_guard_holds_every_dismissal_the_patterns_read(sentence, answered, first):
    """`may_set_aside` (the guard) passes every sentence the patterns set something aside in."""
    from grader.rules.beliefs import beliefs_set_aside, may_set_aside

    clause = Clause.whole(sentence)
    if beliefs_set_aside(clause, True) != clause:
        assert may_set_aside(lowered_as_matched(sentence))


# (sentence, whether it opens with others' view): the view read in a sentence of its own, its
# contrast opening the next (`grader.rules.taken_back.view_rejected`).
VIEW_OPENINGS = [
    ("Many patients assume it is a virus.", True),
    ("Most people would say Augustus.", True),
    ("A common myth is that bulls hate red.", True),
    ("1200 mg is often quoted for adults.", True),
    ("You may be thinking of the Charter of the Forest.", True),
    # never: a concession, what the reader may have heard of, a belief agreed with, a fact
    ("Although many think it is Ottawa.", False),
    ("You may have heard of the Louvre.", False),
    ("You might have seen $9.99, which is the right price.", False),
    ("As most people know, it is Canberra.", False),
    ("The court ruled in 1954.", False),
]


@pytest.mark.parametrize(("sentence", "opens"), VIEW_OPENINGS, ids=case_id)
def test_a_view_opening_a_sentence_of_its_own(sentence: str, opens: bool) -> None:
    assert opens_with_view(sentence) is opens


@pytest.mark.parametrize(
    ("clause", "found"),
    [
        ("not Milan as is often claimed", True),
        ("not Augustus, as many people think", True),
        ("not the Lords as some sources state", True),
        ("not Milan as a club", False),
        ("not Milan, as is well known", False),
    ],
    ids=case_id,
)
def test_others_view_after_as(clause: str, found: bool) -> None:
    assert (AS_VIEW.search(clause) is not None) is found


_BELIEF_PIECES = [
    "Many people",
    "most",
    "It is",
    "it is often",
    "a common",
    "A popular",
    "Although",
    "while",
    "think",
    "THOUGHT",
    "believe",
    "belief",
    "Belief is",
    "misconception is",
    "myth",
    "assumption",
    "assume",
    "ſay",
    "said",
    "claim",
    "guess",
    "expect",
    "confuse",
    "mistake",
    "know",
    "it's Canberra",
    "Sydney",
    ",",
    ";",
    "but",
    "actually",
    "in fact",
    " - ",
    "and they are right",
    "(",
    "You",
    "you may be thinking of",
    "You might have seen",
    "you've probably read",
    "heard of",
    "confusing it with",
    "which was",
    "right",
    "Some leaflets mention",
    "a few sources cite",
    "Most sources give",
    "is often quoted",
    "is sometimes given",
    "1200 mg",
]


@given(st.lists(st.sampled_from(_BELIEF_PIECES), min_size=1, max_size=9), st.booleans())
@settings(max_examples=800, deadline=None)
def test_set_aside_beliefs_equals_its_definition(pieces: list[str], answered: bool):
    """The guard of `set_aside_beliefs` (a stem every holder holds, looked for in the sentence
    as its case-blind patterns read it) changes nothing: on drawn sentences it gives what
    `beliefs_set_aside`, the rule without the guard, gives."""
    from grader.rules.beliefs import beliefs_set_aside

    sentence = " ".join(pieces) + "."
    clause = Clause(sentence, (Span(0, len(sentence), True),))
    assert set_aside_beliefs(clause, answered) == beliefs_set_aside(clause, answered)


# A sentence holding every stem of the guard (and no source dismissed), which a drawn list of
# pieces seldom holds whole: the guard must still let the patterns read it.
@pytest.mark.parametrize(
    "sentence",
    [
        "Many people think, as was long thought, believed, assumed, supposed, said and guessed,"
        " and as you'd say, claim and expect by confusion or by mistake (a misconception, a"
        " myth), that it's Sydney, but it's actually Canberra."
    ],
    ids=["every stem of the guard"],
)
def test_set_aside_beliefs_equals_its_definition_at_its_guards_edge(sentence: str):
    from grader.rules.beliefs import BELIEF_STEMS

    lowered = lowered_as_matched(sentence)
    assert all(stem in lowered for stem in BELIEF_STEMS)
    clause = Clause.whole(sentence)
    assert set_aside_beliefs(clause) == beliefs_set_aside(clause) != clause

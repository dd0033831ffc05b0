"""Marks (agree, disagree, label, undo per qid) and agreement over reviewed answers only."""

import orjson
import pytest

from grader.audit.against_marks import agreement, cohen_kappa
from grader.errors import RunFileError
from grader.records.marks import (
    Mark,
    Picked,
    append_mark,
    append_undo,
    make_mark,
    marks_path,
    picked_browsing,
    picked_in_audit,
    picked_in_queue,
    read_marks,
    read_reviews,
)
from grader.rules.verdict import Grader
from tests.conftest import make_answer

GRADER = Grader()


def grade(text: str, qid: str, **kwargs):
    return GRADER.grade(make_answer(text, qid=qid, **kwargs))


@pytest.fixture
def run(tmp_path):
    return tmp_path / "r.jsonl"


def test_agree_takes_the_graders_verdict_and_records_who_and_against_what(run):
    right = grade("The amount due is $42.99 [1].", "q1", key="$42.99")
    mark = make_mark(right, "agree", GRADER.fingerprint, by="ana")
    append_mark(run, mark)
    (read,) = read_marks(run)[0].values()
    assert (read.says, read.verdict, read.by, read.grader_fingerprint) == (
        "agree",
        "correct",
        "ana",
        GRADER.fingerprint,
    )
    assert read.declined is False  # an agree mark agrees with the decline flag shown too


def test_a_disagreement_needs_a_verdict(run):
    wrong = grade("The amount due is $1 [1].", "q1", key="$42.99")
    with pytest.raises(RunFileError):
        make_mark(wrong, "disagree", GRADER.fingerprint)
    with pytest.raises(RunFileError):
        make_mark(wrong, "shrug", GRADER.fingerprint, verdict="wrong")


def test_undo_takes_back_the_mark_on_its_own_qid(run):
    for qid, says in (("q1", "agree"), ("q2", "agree"), ("q1", "disagree")):
        graded = grade("The fee is $5 [1].", qid, key="$5")
        verdict = "wrong" if says == "disagree" else None
        append_mark(run, make_mark(graded, says, "f", verdict=verdict, note="x"))
    append_undo(run, "q2")
    marks, _ = read_marks(run)
    assert set(marks) == {"q1"} and marks["q1"].says == "disagree"
    append_undo(run, "q1")  # the latest mark on q1 goes; the older one is in force again
    assert read_marks(run)[0]["q1"].says == "agree"


def test_a_version_one_undo_takes_back_the_newest_mark(run):
    lines = [
        {"type": "mark", "qid": "q1", "verdict": "wrong", "note": ""},
        {"type": "mark", "qid": "q2", "verdict": "correct", "note": ""},
        {"type": "undo"},
    ]
    marks_path(run).write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    marks, problems = read_marks(run)
    assert set(marks) == {"q1"} and marks["q1"].says == "disagree" and not problems


def test_a_bad_mark_line_is_skipped_and_named(run):
    marks_path(run).write_bytes(b'{"type": "mark", "qid": "q1", "verdict": "maybe"}\nnot json\n')
    marks, problems = read_marks(run)
    assert marks == {} and [p.split(": ")[-1] for p in problems] == [
        "line 1 is not a mark (skipped)",
        "line 2 is not a mark (skipped)",
    ]


def test_agreement_counts_reviewed_answers_only():
    """An unmarked answer once counted as agreement: 100% with no mark at all."""
    graded = [("r", grade("The fee is $5 [1].", f"q{i}", key="$5")) for i in range(10)]
    assert agreement(graded, {}).reviewed == 0
    assert agreement(graded, {}).agreement is None and agreement(graded, {}).kappa is None
    one = make_mark(graded[0][1], "disagree", "f", verdict="wrong", note="the fee is $6")
    result = agreement(graded, {"r": {"q0": one}})
    assert (result.answers, result.reviewed, result.agreement) == (10, 1, 0.0)
    assert result.disagreements[0].note == "the fee is $6"
    assert result.per_rule == [("citations", 1)]


def test_decline_scores_count_the_marks_that_say():
    graded = [
        ("r", grade("I could not find it.", "a", kind="negative")),
        ("r", grade("It is $5 [1].", "b", kind="negative")),
        ("r", grade("I could not find it.", "c", key="$5")),
    ]
    marks = {
        "r": {
            "a": make_mark(graded[0][1], "agree", "f"),  # declined, and the grader says so
            "b": make_mark(graded[1][1], "disagree", "f", verdict="wrong", declined=True),
            "c": make_mark(graded[2][1], "disagree", "f", verdict="wrong", declined=False),
        }
    }
    result = agreement(graded, marks)
    assert result.declines == {"tp": 1, "fn": 1, "fp": 1}
    scores = result.decline_scores()
    assert scores["precision"] == scores["recall"] == scores["f1"] == 0.5


@pytest.mark.parametrize(
    ("matrix", "kappa"),
    [
        ({("correct", "correct"): 5, ("wrong", "wrong"): 5}, 1.0),
        ({("correct", "wrong"): 5, ("wrong", "correct"): 5}, -1.0),
        ({("correct", "correct"): 10}, None),
        ({}, None),
        (
            {
                ("correct", "correct"): 20,
                ("correct", "wrong"): 5,
                ("wrong", "correct"): 10,
                ("wrong", "wrong"): 15,
            },
            0.4,
        ),
    ],
    ids=["perfect", "opposite", "chance-is-certain", "nothing-reviewed", "worked-example"],
)
def test_cohen_kappa(matrix, kappa):
    result = cohen_kappa(matrix)
    assert result == kappa if kappa is None else result == pytest.approx(kappa)


# --- several reviewers: the latest mark of each counts (DESIGN 2) ---------------------------------


def household_marks(run):
    """Ana reads the deductible answer twice (agrees, then disagrees); a colleague's label set
    says it is right; Ana agrees with the flood answer."""
    deductible = grade("The deductible is $500 per claim [1].", "house-deductible", key="$500")
    flood = grade("No, flood damage is excluded [1].", "house-flood", key="No")
    append_mark(run, make_mark(deductible, "agree", "f", by="ana"))
    append_mark(
        run,
        make_mark(
            deductible, "disagree", "f", verdict="partial", note="only water damage", by="ana"
        ),
    )
    append_mark(
        run,
        Mark(
            qid="house-deductible",
            says="label",
            verdict="correct",
            note="",
            created="2026-12-06T08:00:00Z",
            by="bea",
            grader_fingerprint="",
            grader_verdict="",
            source="bea.csv:2",
        ),
    )
    append_mark(run, make_mark(flood, "agree", "f", by="ana"))
    return deductible, flood


def test_each_reviewer_keeps_their_latest_mark(run):
    """A colleague's imported label replaced mine: one mark per answer, whoever came last."""
    household_marks(run)
    reviews, _ = read_reviews(run)
    assert [(m.by, m.verdict) for m in reviews["house-deductible"]] == [
        ("ana", "partial"),
        ("bea", "correct"),
    ]
    assert [(m.by, m.verdict) for m in reviews["house-flood"]] == [("ana", "correct")]


def test_an_undo_takes_back_only_its_authors_mark(run):
    """`u` took back the colleague's mark: an undo took back the latest mark on the answer."""
    household_marks(run)
    append_undo(run, "house-deductible", by="ana")  # ana's disagreement; her agree is back
    reviews, _ = read_reviews(run)
    assert [(m.by, m.says) for m in reviews["house-deductible"]] == [
        ("ana", "agree"),
        ("bea", "label"),
    ]
    append_undo(run, "house-flood", by="bea")  # bea has no mark there: nothing is taken back
    assert [m.by for m in read_reviews(run)[0]["house-flood"]] == ["ana"]


def test_agreement_counts_every_reviewers_mark_and_says_whose(run):
    deductible, flood = household_marks(run)
    reviews, _ = read_reviews(run)
    result = agreement([("r", deductible), ("r", flood)], {"r": reviews})
    assert result.reviewed == 3 and result.matrix[("correct", "partial")] == 1
    assert result.per_reviewer == {"ana": (2, 1), "bea": (1, 1)}
    (disagreement,) = result.disagreements
    assert (disagreement.by, disagreement.reviewer_verdict) == ("ana", "partial")
    assert result.to_dict()["reviewers"] == [
        {"by": "ana", "marks": 2, "agreement": 0.5},
        {"by": "bea", "marks": 1, "agreement": 1.0},
    ]


# --- how each mark was picked (DESIGN 2, v4) -------------------------------------------------


def test_a_mark_records_how_its_answer_was_picked_and_whether_blind(run):
    graded = grade("The fee is $5 [1].", "q1", key="$5")
    append_mark(run, make_mark(graded, "agree", "f", picked=picked_in_audit(7), blind=True))
    append_mark(run, make_mark(graded, "agree", "f", picked=picked_in_queue(3, 40), by="bea"))
    records = [orjson.loads(line) for line in marks_path(run).read_bytes().splitlines()]
    assert records[0]["picked"] == {"how": "audit", "seed": 7} and records[0]["blind"] is True
    assert records[1]["picked"] == {"how": "queue", "rank": 3, "size": 40}
    mine, hers = read_reviews(run)[0]["q1"]
    assert (mine.picked, mine.blind) == (Picked("audit", seed=7), True)
    assert (hers.picked.how, hers.picked.rank, hers.picked.size, hers.blind) == (
        "queue",
        3,
        40,
        False,
    )
    assert make_mark(graded, "agree", "f").picked == picked_browsing() == Picked("browse")


def test_a_browse_mark_keeps_the_filter_or_search_that_picked_it(run):
    graded = grade("The fee is $5 [1].", "q1", key="$5")
    append_mark(run, make_mark(graded, "agree", "f", picked=picked_browsing("wrong")))
    append_mark(run, make_mark(graded, "agree", "f", picked=picked_browsing(search="fee"), by="b"))
    records = [orjson.loads(line) for line in marks_path(run).read_bytes().splitlines()]
    assert records[0]["picked"] == {"how": "browse", "filter": "wrong"}
    assert records[1]["picked"] == {"how": "browse", "search": "fee"}
    mine, hers = read_reviews(run)[0]["q1"]
    assert (mine.picked.filter, mine.picked.chosen) == ("wrong", True)
    assert (hers.picked.search, hers.picked.chosen) == ("fee", True)
    assert not picked_browsing().chosen and picked_browsing() == Picked("browse")


def test_an_old_mark_without_picked_reads_as_browsed_not_blind(run):
    marks_path(run).write_bytes(
        b'{"type": "mark", "qid": "q1", "says": "agree", "verdict": "correct"}\n'
    )
    (mark,) = read_marks(run)[0].values()
    assert (mark.picked.how, mark.blind) == ("browse", False)


@pytest.mark.parametrize(
    "line",
    [
        b'{"type": "mark", "qid": "q1", "verdict": "correct", "picked": {"how": "luck"}}',
        b'{"type": "mark", "qid": "q1", "verdict": "correct", '
        b'"picked": {"how": "audit", "seed": "x"}}',
        b'{"type": "mark", "qid": "q1", "verdict": "correct", "blind": "yes"}',
        b'{"type": "mark", "qid": "q1", "verdict": "correct", '
        b'"picked": {"how": "browse", "filter": 3}}',
    ],
    ids=["unknown-how", "seed-not-a-number", "blind-not-a-boolean", "filter-not-text"],
)
def test_a_mark_with_bad_provenance_is_skipped_and_named(run, line):
    marks_path(run).write_bytes(line + b"\n")
    marks, problems = read_marks(run)
    assert marks == {} and problems[0].endswith("line 1 is not a mark (skipped)")


def test_a_queue_rank_lies_within_the_queue():
    with pytest.raises(RunFileError):
        picked_in_queue(0, 10)
    with pytest.raises(RunFileError):
        picked_in_queue(11, 10)

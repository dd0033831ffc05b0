"""What makes two grades of one answer differ (`grader.audit.flips`), and the one registry lookup
of the grader's alternatives (`grader.registry`)."""

import pytest

from grader.audit.flips import Flip, Outcome, differs, verdict_changed
from grader.audit.rebaseline import rebaseline
from grader.audit.scan import judged_by_reviewers
from grader.audit.strategies import StrategyRow
from grader.errors import GraderConfigError
from grader.records.grades import RecordedGrade, recorded
from grader.records.marks import Mark
from grader.registry import lookup
from grader.rules.clauses import DEFAULT_STRATEGY, get_strategy
from grader.rules.conclusion import CONCLUSIONS, DEFAULT_CONCLUSION, get_conclusion
from grader.rules.verdict import Grader
from tests.conftest import make_answer

WRONG_A = Outcome("wrong", ("missing key",), False)

PAIRS = [
    # (id, old, new, differs, verdict changed)
    ("same", WRONG_A, WRONG_A, False, False),
    ("a label only", WRONG_A, Outcome("wrong", ("cited nothing",), False), True, False),
    (
        "labels reordered",
        Outcome("wrong", ("a", "b"), False),
        Outcome("wrong", ("b", "a"), False),
        True,
        False,
    ),
    ("the verdict", WRONG_A, Outcome("correct", ("missing key",), False), True, True),
    ("the violation only", WRONG_A, Outcome("wrong", ("missing key",), True), True, True),
    ("labels as a list", Outcome("wrong", ["missing key"], False), WRONG_A, False, False),
]


@pytest.mark.parametrize(
    ("old", "new", "expected_differs", "expected_changed"),
    [pair[1:] for pair in PAIRS],
    ids=[pair[0] for pair in PAIRS],
)
def test_what_makes_two_grades_differ(old, new, expected_differs, expected_changed):
    assert differs(old, new) is expected_differs
    assert verdict_changed(old, new) is expected_changed
    assert Flip.between("r", "q", old, new).verdict_changed is expected_changed


def test_a_grade_and_its_record_compare_alike():
    """A grade of record and today's grade are compared on the same fields, either way round."""
    grade = Grader().grade(make_answer("It is $42.99 [1].", key="$42.99"))
    record = recorded(grade)
    assert not differs(record, grade) and not differs(grade, record)
    relabelled = RecordedGrade(grade.qid, grade.verdict, ("other",), grade.declined, False)
    flip = Flip.between("r", grade.qid, relabelled, grade)
    assert differs(relabelled, grade) and not flip.verdict_changed
    assert (flip.old, flip.new) == (
        Outcome(grade.verdict, ("other",), False),
        Outcome(grade.verdict, grade.labels, grade.violation),
    )
    assert flip.describe() == f"labels changed (still {grade.verdict})"


def test_rebaseline_builds_its_flips_as_the_preview_does():
    answer = make_answer("It is $42.99 [1].", key="$42.99")
    today = Grader()
    grade = today.grade(answer)
    stale = RecordedGrade(answer.qid, "wrong", ("missing key",), False, True)
    (flip,) = rebaseline("r", [answer], {answer.qid: stale}, today)
    assert flip == Flip.between("r", answer.qid, stale, grade)
    assert flip.describe() == "wrong -> correct, money violation REMOVED"


def test_a_label_only_flip_is_not_a_verdict_changed_nor_a_reviewer_fix():
    label_only = Flip.between("r", "q", WRONG_A, Outcome("wrong", ("x",), False))
    fixed = Flip.between("r", "q2", WRONG_A, Outcome("correct", (), False))
    row = StrategyRow("clause", "s", "", other_flips=[label_only, fixed])
    assert row.verdicts_changed == 1
    marks = {
        "r": {
            qid: reader_says(qid, verdict) for qid, verdict in (("q", "wrong"), ("q2", "correct"))
        }
    }
    assert judged_by_reviewers([label_only, fixed], marks) == ([fixed], [])


def reader_says(qid: str, verdict: str) -> Mark:
    return Mark(qid, "disagree", verdict, "", "2026-12-01T00:00:00Z", "ana", "f", "wrong")


@pytest.mark.parametrize(
    ("find", "name", "message"),
    [
        (
            get_strategy,
            "first-reprot",
            "unknown clause strategy 'first-reprot'; did you mean 'first-report'?",
        ),
        (
            get_conclusion,
            "concludin",
            "unknown money strategy 'concludin'; did you mean 'concluding'?",
        ),
        (
            get_conclusion,
            "zzzz",
            f"unknown money strategy 'zzzz' (known: {', '.join(CONCLUSIONS)})",
        ),
    ],
    ids=["a clause strategy misspelt", "a money strategy misspelt", "nothing close"],
)
def test_an_unknown_name_is_refused_with_the_closest(find, name, message):
    with pytest.raises(GraderConfigError) as caught:
        find(name)
    assert message in str(caught.value)


def test_the_lookup_finds_and_defaults():
    assert get_strategy().name == DEFAULT_STRATEGY and get_conclusion().name == DEFAULT_CONCLUSION
    assert lookup({"a": 1}, "a", "thing") == 1
    with pytest.raises(GraderConfigError, match=r"unknown thing 'b' \(known: a\)"):
        lookup({"a": 1}, "b", "thing")

"""The rebaseline: the answers whose grade of record today's grader no longer gives.

After a change is made, `ragtriage rebaseline` regrades each run with today's grader and lists
what differs from its grades of record (`grader.records.grades`): the flips the change's
preview (`grader.audit.preview`) announced, and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from grader.audit.flips import Flip, Graded, differs
from grader.rules.verdict import Grader
from grader.schema import Answer


def rebaseline(
    run_id: str,
    answers: Sequence[Answer],
    recorded: Mapping[str, Graded],
    today: Grader,
) -> list[Flip]:
    """Regrade with today's grader and list the answers whose grade of record differs.

    Args:
        recorded: qid -> the grade of record (anything with ``verdict``, ``labels`` and
            ``violation``, as `grader.records.grades.RecordedGrade`).
    """
    flips: list[Flip] = []
    for answer in answers:
        old = recorded.get(answer.qid)
        if old is None:
            continue
        new = today.grade(answer)
        if differs(old, new):
            flips.append(Flip.between(run_id, answer.qid, old, new))
    return flips

"""What the rule tests grade and read with, made once for all of them: the shipped decline list
and the default grader (a file that needs another grader makes its own)."""

from grader.rules.declines import load_declines
from grader.rules.verdict import Grade, Grader
from grader.schema import Answer, Gold

DECLINES = load_declines()
GRADER = Grader()
TEXT_GRADER = Grader(citations=False)


def grade(question: str, accepted: tuple[str, ...], answer: str) -> Grade:
    """A short answer graded against its accepted answers (the key shows them joined with " / "),
    citations not graded: the text-key families' table tests."""
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    return TEXT_GRADER.grade(
        Answer(qid="q", kind="answerable", question=question, gold=gold, answer=answer)
    )

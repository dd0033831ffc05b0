"""What the rule tests grade and read with, made once for all of them: the shipped decline list
and the default grader (a file that needs another grader makes its own)."""

from grader.rules.declines import load_declines
from grader.rules.normalize import normalize
from grader.rules.surface import surface
from grader.rules.surface_forms import without_nickname_quotes
from grader.rules.surface_match import says
from grader.rules.verdict import Grade, Grader
from grader.schema import Answer, Gold

DECLINES = load_declines()
GRADER = Grader()
TEXT_GRADER = Grader(citations=False)


def grade(question: str, accepted: tuple[str, ...], answer: str, *, listed: bool = True) -> Grade:
    """A short answer graded against its accepted answers (the key shows them joined with " / "),
    citations not graded: the text-key families' table tests. Not ``listed``: one accepted
    answer is the key alone, as a key that is no list is imported."""
    gold = Gold(key=" / ".join(accepted), accepted=accepted if listed else ())
    return TEXT_GRADER.grade(
        Answer(qid="q", kind="answerable", question=question, gold=gold, answer=answer)
    )


def said(accepted: str, answer: str) -> bool:
    """Whether the answer says the accepted answer as the content check reads it: in its
    canonical form with dates read, or without, a nickname's quotes inside a name dropped
    (the text-key families' table tests)."""
    answer = without_nickname_quotes(answer)
    normal = normalize(answer)
    return says(accepted, surface(normal), answer) or says(
        accepted, surface(normal, dates=False), answer
    )


def said_with_dates(accepted: str, answer: str) -> bool:
    """Whether the answer says the accepted answer in its canonical form with dates read only."""
    return says(accepted, surface(normalize(answer)), answer)

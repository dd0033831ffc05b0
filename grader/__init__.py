"""Pure, deterministic grading of RAG answers. Imports no UI code (a test proves it).

Where each rule lives (DESIGN 4):

| rule | module |
|---|---|
| normalisation | `grader.normalize` |
| matching needles, keys and phrases as words | `grader.match` |
| sentences, parts, what each asserts, declines, cites | `grader.reading` |
| asserted versus attributed (clause strategies) | `grader.clauses` |
| decline phrases and their conditions | `grader.declines` (data: `grader/needles/declines.json`) |
| dollar amounts, keys, the bare figure | `grader.money` |
| citations, source mentions, invented source blocks | `grader.citations` |
| verdicts and labels, money-conclusion strategies | `grader.verdict` |
| scorecard | `grader.scorecard` |
"""

from grader.clauses import DEFAULT_STRATEGY, STRATEGIES, Clause, get_strategy
from grader.declines import DeclineList, load_declines
from grader.errors import CorpusError, GraderConfigError, RagtriageError, RunFileError
from grader.money import find_amounts, is_money_key
from grader.reading import Reading, read_answer
from grader.runfile import Answer, Gold, LineProblem, Run, append_answer, read_run
from grader.scorecard import Scorecard, scorecard
from grader.verdict import CORRECT, PARTIAL, WRONG, Grade, Grader

__all__ = [
    "CORRECT",
    "DEFAULT_STRATEGY",
    "PARTIAL",
    "STRATEGIES",
    "WRONG",
    "Answer",
    "Clause",
    "CorpusError",
    "DeclineList",
    "Gold",
    "Grade",
    "Grader",
    "GraderConfigError",
    "LineProblem",
    "RagtriageError",
    "Reading",
    "Run",
    "RunFileError",
    "Scorecard",
    "append_answer",
    "find_amounts",
    "get_strategy",
    "is_money_key",
    "load_declines",
    "read_answer",
    "read_run",
    "scorecard",
]

"""Pure, deterministic grading of RAG answers. Imports no UI code (a test proves it)."""

from grader.clauses import DEFAULT_STRATEGY, STRATEGIES, Clause, get_strategy, split_clauses
from grader.declines import DeclineList, load_declines
from grader.errors import CorpusError, GraderConfigError, RagtriageError, RunFileError
from grader.money import find_amounts, is_money_key
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
    "Run",
    "RunFileError",
    "Scorecard",
    "append_answer",
    "find_amounts",
    "get_strategy",
    "is_money_key",
    "load_declines",
    "read_run",
    "scorecard",
    "split_clauses",
]

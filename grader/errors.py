"""The error hierarchy shared by every part of ragtriage.

The grader, the engine and the corpus code raise these; the command line and the review app
catch them at the boundary and show one clear line. Each error carries a short title and the
exit status the command line uses for it.
"""

from __future__ import annotations


class RagtriageError(Exception):
    """Base class: a problem the user can fix, reported as one line."""

    title = "error"
    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class RunFileError(RagtriageError):
    """A run file (or one of its sidecars) cannot be read or written at all."""

    title = "run file"


class CorpusError(RagtriageError):
    """A corpus folder, its corpus.toml, its documents or its questions are invalid."""

    title = "corpus"


class GraderConfigError(RagtriageError):
    """The needle lists or a grader option (such as a strategy name) are invalid."""

    title = "grader"

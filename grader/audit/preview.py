"""The flip preview: what a proposed change would flip among the answers on disk, before it is
made.

Two graders grade each answer the change can reach, today's and the proposed one; an answer
whose grade differs is a flip (`grader.audit.flips`). The preview is incremental: a
decline-phrase change can only move answers whose text contains the phrase (and of those, only
where the phrase wins a part), and a needle change only answers to that question, so only those
are regraded. A property test checks that the incremental preview equals a full regrade. Over
answers in memory (`flip_preview`), or over run files on disk (`preview_files`), read as a
regrade does, shared out among processes (`grader.audit.regrade.map_parts`). The rebaseline
(`grader.audit.rebaseline`) must later find the flips this one found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from grader.audit.change import Change
from grader.audit.flips import Flip, differs
from grader.audit.regrade import map_parts
from grader.records.runfile import (
    LineProblem,
    Skimmed,
    first_of_each_qid,
    iter_lines,
    read_lines,
)
from grader.rules.context import asked_in
from grader.rules.match import phrase_match
from grader.rules.normalize import normalize, normalize_phrase
from grader.rules.reading import declines_of_parts
from grader.rules.sentences import answer_sentences, split_sentences
from grader.rules.verdict import Grader
from grader.schema import Answer


def _sentence_with(text: str, phrase: str) -> str:
    for sentence in split_sentences(text):
        if phrase_match(phrase, normalize(sentence)):
            return sentence
    return ""


def affected(change: Change, answer: Answer) -> bool:
    """Could the change move this answer's grade at all? (The incremental preview's filter.)"""
    return reaches(change, answer.qid, answer.answer)


def reaches(change: Change, qid: str, text: str) -> bool:
    """Could the change move the grade of an answer to ``qid`` that says ``text``?

    A needle change reaches only the answers to its question. A decline-phrase change reaches
    an answer only through the parts of its sentences that hold the phrase, so only answers in
    which the phrase matches can move. (What a preview of the runs on disk reads in full.)
    """
    if not change.is_decline:
        return qid == change.qid
    return phrase_match(change.phrase, normalize(text)) is not None


def flip_preview(
    change: Change,
    runs: Sequence[tuple[str, Sequence[Answer]]],
    graders: Mapping[str, tuple[Grader, Grader]],
    incremental: bool = True,
    reached: Sequence[Sequence[bool]] | None = None,
) -> tuple[list[Flip], int]:
    """Grade answers on disk with today's grader and the proposed one; list what flips.

    Args:
        change: The proposed change.
        runs: (run id, answers) of every run on disk.
        graders: run id -> (today's grader, the proposed grader) for that run.
        incremental: Regrade only the answers the change can reach (see `affected`).
        reached: `affected` of every answer of every run, when the caller has asked already.

    Returns:
        The flips, and how many answers the change could reach (with ``incremental``, those
        holding the phrase, or the question's answers; each is read again).
    """
    flips: list[Flip] = []
    regraded = 0
    for number, (run_id, answers) in enumerate(runs):
        today, proposed = graders[run_id]
        can_reach = reached[number] if reached is not None else None
        for place, answer in enumerate(answers):
            if incremental and not (
                can_reach[place] if can_reach is not None else affected(change, answer)
            ):
                continue
            regraded += 1
            flip = _flip_of(change, run_id, answer, today, proposed, incremental)
            if flip is not None:
                flips.append(flip)
    return flips, regraded


def _flip_of(
    change: Change,
    run_id: str,
    answer: Answer,
    today: Grader,
    proposed: Grader,
    incremental: bool = True,
) -> Flip | None:
    """How one answer the change reaches flips, or None when its grade stays."""
    if incremental and change.is_decline:
        longer = proposed if change.action == "add-decline" else today
        if not _phrase_wins_a_part(change, answer, longer):
            return None  # it reads, and grades, the same under both lists
    old, new = today.grade(answer), proposed.grade(answer)
    if not differs(old, new):
        return None
    sentence = _sentence_with(answer.answer, change.phrase) if change.is_decline else ""
    return Flip.between(run_id, answer.qid, old, new, sentence)


def _phrase_wins_a_part(change: Change, answer: Answer, longer: Grader) -> bool:
    """Whether the changed phrase is the decline of some part of the answer under the longer
    of the two lists (the proposed one for an addition, today's for a removal).

    A phrase added (or removed) changes a reading only in a part whose decline it is under the
    longer list: elsewhere the phrase that wins is the same under both. So an answer where it
    wins no part reads, and grades, the same under both lists. Only a sentence that holds the
    phrase can have such a part, so only those are read."""
    target = normalize_phrase(change.phrase)
    asked = asked_in(answer.question)  # (read as the grader reads it)
    sentences, _invented, _working = answer_sentences(
        answer.answer, question=answer.question, asked=asked.question_words
    )
    for sentence in sentences:
        if phrase_match(change.phrase, normalize(sentence)) is None:
            continue
        for decline in declines_of_parts(sentence, longer.declines):
            if decline is not None and normalize_phrase(decline.phrase.phrase) == target:
                return True
    return False


class PreviewPart(NamedTuple):
    """A part of a run file previewed (`Previewing`): the lines read; the line number (from
    the part's first) and qid of each answer; the places among them of those the change
    reaches (read in full and regraded); the flips among those, by place; the lines skipped."""

    lines: int
    numbers: list[int]
    qids: list[str]
    reached: list[int]
    flips: list[tuple[int, Flip]]
    problems: list[tuple[int, str]]


@dataclass(frozen=True, slots=True)
class Previewing:
    """The flip preview's job in each process (`grader.audit.regrade.map_parts`): every answer
    of a part read for its qid and text, those the change reaches read in full and regraded
    under today's grader and the proposed one, as `flip_preview` does."""

    change: Change
    run_id: str
    today: Grader
    proposed: Grader
    PART: ClassVar[type] = PreviewPart

    def part(
        self, path: Path, start: int, stop: int | None, expect_header: bool = False
    ) -> tuple[dict[str, Any] | None, PreviewPart]:
        numbers: list[int] = []
        lines = iter_lines(path, start, stop)
        header, items, problems = read_lines(
            lines, path, True, expect_header, numbers=numbers, wanted=self.wanted
        )
        reached, flips = [], []
        for place, item in enumerate(items):
            if isinstance(item, Skimmed):  # (one the change cannot reach)
                continue
            reached.append(place)
            flip = _flip_of(self.change, self.run_id, item, self.today, self.proposed)
            if flip is not None:
                flips.append((place, flip))
        qids = [item.qid for item in items]
        problem_lines = [(problem.line, problem.reason) for problem in problems]
        return header, PreviewPart(lines.count, numbers, qids, reached, flips, problem_lines)

    def wanted(self, skimmed: Skimmed) -> bool:
        return reaches(self.change, skimmed.qid, skimmed.answer)


class _Place(NamedTuple):
    qid: str
    place: int


def preview_file(
    change: Change,
    path: Path,
    run_id: str,
    graders: tuple[Grader, Grader],
    workers: int | None = None,
) -> tuple[Preview, list[LineProblem]]:
    """`flip_preview` of one run file on disk, read and regraded in ``workers`` processes (one
    per core by default; see `grader.audit.regrade.map_parts`): the answers the change cannot
    reach are read for their qid and text only. Equals `flip_preview` over
    `read_run(path, lean=True)` (a test compares them), but for a line broken where the skim
    does not look, counted as an answer (`grader.records.runfile.read_run`'s ``wanted``).

    Returns:
        The preview, and the lines skipped.

    Raises:
        RunFileError: when the file cannot be read, or a worker failed.
    """
    mapped = map_parts(path, Previewing(change, run_id, *graders), workers)
    parts, first_line = mapped.parts, mapped.first_line
    qids: list[str] = []
    lines: list[int] = []
    reached: set[int] = set()
    flips: dict[int, Flip] = {}
    problems: list[LineProblem] = []
    offset = first_line - 1
    for part in parts:
        first = len(qids)
        qids += part.qids
        lines += [offset + number for number in part.numbers]
        reached.update(first + place for place in part.reached)
        flips.update((first + place, flip) for place, flip in part.flips)
        problems += [LineProblem(offset + line, reason) for line, reason in part.problems]
        offset += part.lines
    kept = set(range(len(qids)))
    if len(set(qids)) < len(qids):  # a repeated qid: its first answer wins, as on reading
        places = [_Place(qid, place) for place, qid in enumerate(qids)]
        kept = {item.place for item in first_of_each_qid(places, lines, problems)}
    regraded = len(reached & kept)
    preview = Preview(
        [flips[place] for place in sorted(flips) if place in kept],
        len(kept),
        regraded if change.is_decline else 0,
        regraded,
    )
    return preview, problems


def preview_files(
    change: Change,
    files: Sequence[tuple[Path, str, tuple[Grader, Grader]]],
    workers: int | None = None,
) -> tuple[Preview, list[LineProblem]]:
    """`preview_file` of every run file: (path, run id, (today's grader, the proposed one))."""
    total = Preview([], 0, 0, 0)
    problems: list[LineProblem] = []
    for path, run_id, graders in files:
        preview, skipped = preview_file(change, path, run_id, graders, workers)
        total.flips += preview.flips
        total.scanned += preview.scanned
        total.containing += preview.containing
        total.regraded += preview.regraded
        problems += skipped
    return total, problems


@dataclass(slots=True)
class Preview:
    """What a flip preview found: the flips, the answers on disk, how many of them hold a
    decline phrase (0 for a needle change), and how many the change could reach."""

    flips: list[Flip]
    scanned: int
    containing: int
    regraded: int

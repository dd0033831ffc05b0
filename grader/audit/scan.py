"""Grader audit: collision scan, flip preview, rebaseline and strategy comparison.

Changing what counts as a correct answer is a scoring change, so every change is made visible
before it is made (the collision scan and the flip preview) and provable after (a rebaseline
whose flips equal the preview). Nothing is written: callers pass the questions, the graders, and
the answers on disk, or the paths of run files (`preview_files`, which reads them as a regrade
does, shared out among processes).

The flip preview is incremental: a decline-phrase change can only move answers whose text
contains the phrase, and a needle change only answers to that question, so only those are
regraded. A property test checks that the incremental preview equals a full regrade. What
counts as a flip is `grader.audit.flips`'s to say.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, Literal, NamedTuple

import msgspec
from rapidfuzz import fuzz

from grader.audit.flips import Flip, Graded, differs
from grader.audit.regrade import map_parts
from grader.errors import GraderConfigError
from grader.records.marks import Agreement, Mark, agreement, marks_on
from grader.records.runfile import (
    LineProblem,
    Skimmed,
    first_of_each_qid,
    iter_lines,
    read_lines,
)
from grader.rules import codes
from grader.rules.clauses import STRATEGIES
from grader.rules.conclusion import CONCLUSIONS
from grader.rules.declines import DeclineList, DeclinePhrase, validate_phrase
from grader.rules.match import phrase_match, phrase_pattern
from grader.rules.normalize import normalize, normalize_phrase
from grader.rules.reading import declines_of_parts
from grader.rules.sentences import answer_sentences, split_sentences
from grader.rules.verdict import CORRECT, UNJUDGED, WRONG, Grade, Grader
from grader.schema import NEEDLE_KINDS, Answer, Gold

Action = Literal["add-decline", "remove-decline", "add-needle", "remove-needle"]


NEAR_DUPLICATE_SCORE = 85.0
BROAD_SHARE = 0.2


@dataclass(frozen=True, slots=True)
class QuestionRef:
    """A question of some corpus, as the scan sees it."""

    corpus: str
    qid: str
    question: str
    gold: Gold


@dataclass(frozen=True, slots=True)
class Change:
    """One proposed change to the needle lists."""

    action: Action
    phrase: str
    qid: str | None = None
    needle_kind: str | None = None
    why: str = ""
    requires: str = ""  # a condition of the decline list the phrase needs (add-decline)

    def __post_init__(self) -> None:
        object.__setattr__(self, "phrase", validate_phrase(self.phrase))
        if self.action in ("add-needle", "remove-needle"):
            if not self.qid:
                raise GraderConfigError(f"{self.action} needs a question id")
            if self.needle_kind not in NEEDLE_KINDS:
                raise GraderConfigError(
                    f"needle kind must be one of {', '.join(NEEDLE_KINDS)}, "
                    f"got {self.needle_kind!r}"
                )

    @property
    def is_decline(self) -> bool:
        return self.action in ("add-decline", "remove-decline")

    def describe(self) -> str:
        if self.is_decline:
            return f"{self.action} {self.phrase!r}"
        return f"{self.action} {self.needle_kind} {self.phrase!r} on {self.qid}"

    def apply_declines(self, declines: DeclineList) -> DeclineList:
        """The decline list after the change."""
        if self.action == "add-decline":
            if normalize_phrase(self.phrase) in {normalize_phrase(p) for p in declines.texts()}:
                raise GraderConfigError(f"{self.phrase!r} is already on the decline list")
            return declines.with_phrase(
                DeclinePhrase(self.phrase, self.why or "proposed", requires=self.requires)
            )
        if self.action == "remove-decline":
            smaller = declines.without_phrase(self.phrase)
            if smaller.phrases == declines.phrases:
                raise GraderConfigError(f"{self.phrase!r} is not on the decline list")
            return smaller
        return declines

    def apply_gold(self, gold: Gold) -> Gold:
        """A question's gold after the change (unchanged for decline changes)."""
        if self.is_decline:
            return gold
        assert self.needle_kind is not None
        current: tuple[str, ...] = getattr(gold, self.needle_kind)
        target = normalize_phrase(self.phrase)
        if self.action == "add-needle":
            if target in {normalize_phrase(n) for n in current}:
                raise GraderConfigError(
                    f"{self.qid} already has {self.needle_kind} {self.phrase!r}"
                )
            return msgspec.structs.replace(gold, **{self.needle_kind: (*current, self.phrase)})
        kept = tuple(n for n in current if normalize_phrase(n) != target)
        if kept == current:
            raise GraderConfigError(f"{self.qid} has no {self.needle_kind} {self.phrase!r}")
        return msgspec.structs.replace(gold, **{self.needle_kind: kept})


@dataclass(frozen=True, slots=True)
class Collision:
    """One place the proposed phrase collides with what the grader already holds."""

    kind: str
    where: str
    detail: str


@dataclass
class ScanReport:
    """Everything `ragtriage scan` reports for one change."""

    change: Change
    collisions: list[Collision] = field(default_factory=list)
    flips: list[Flip] = field(default_factory=list)
    answers_scanned: int = 0
    answers_regraded: int = 0
    answers_containing: int = 0
    direction: str = ""
    agrees: bool = True
    warnings: list[str] = field(default_factory=list)
    toward_reviewers: list[Flip] = field(default_factory=list)
    away_from_reviewers: list[Flip] = field(default_factory=list)

    @property
    def violations_removed(self) -> list[Flip]:
        return [f for f in self.flips if f.old_violation and not f.new_violation]

    @property
    def clean(self) -> bool:
        return not self.collisions and not self.flips

    def summary(self) -> str:
        if self.clean:
            return f"clean: no collisions, no flips among {self.answers_scanned} answers on disk"
        parts = [f"{len(self.collisions)} collision(s)", f"{len(self.flips)} flip(s)"]
        if self.violations_removed:
            parts.append(f"{len(self.violations_removed)} money violation(s) REMOVED")
        return ", ".join(parts) + f" among {self.answers_scanned} answers on disk"


def _excerpt(text: str, phrase: str, width: int = 60) -> str:
    """The normalised text around the first place the phrase matches (its start, else)."""
    norm = normalize(text)
    found = phrase_match(phrase, norm)
    if found is None:
        return norm[: width * 2]
    start = max(0, found.start() - width)
    return (
        ("…" if start else "")
        + norm[start : found.end() + width]
        + ("…" if found.end() + width < len(norm) else "")
    )


def collisions(
    change: Change, declines: DeclineList, questions: Iterable[QuestionRef]
) -> list[Collision]:
    """Where the proposed phrase meets existing needles, phrases, exclusions, keys, questions."""
    phrase = normalize_phrase(change.phrase)
    found: list[Collision] = []

    def compare(existing: str, where: str) -> None:
        other = normalize_phrase(existing)
        if other == phrase:
            found.append(Collision("equal", where, f"{existing!r} is the same phrase"))
        elif phrase in other:
            found.append(Collision("inside", where, f"occurs inside {existing!r}"))
        elif other in phrase:
            found.append(Collision("contains", where, f"contains {existing!r}"))
        else:
            score = fuzz.ratio(phrase, other)
            if score >= NEAR_DUPLICATE_SCORE:
                found.append(
                    Collision("near-duplicate", where, f"similar to {existing!r} ({score:.0f})")
                )

    for item in declines.phrases:
        if change.action == "remove-decline" and normalize_phrase(item.phrase) == phrase:
            continue
        compare(item.phrase, "decline list")
    for exclusion in declines.exclusions:
        other = normalize_phrase(exclusion.phrase)
        if other == phrase or other in phrase or phrase in other:
            examples = "; ".join(repr(c) for c in exclusion.counterexamples) or "none recorded"
            found.append(
                Collision(
                    "exclusion",
                    "recorded exclusions",
                    f"{exclusion.phrase!r} was deliberately excluded: {exclusion.why} "
                    f"(counter-examples: {examples})",
                )
            )
    for ref in questions:
        where = f"{ref.corpus}/{ref.qid}"
        for kind in NEEDLE_KINDS:
            for needle in getattr(ref.gold, kind):
                if (
                    not change.is_decline
                    and ref.qid == change.qid
                    and kind == change.needle_kind
                    and normalize_phrase(needle) == phrase
                ):
                    continue  # the needle being removed or re-added is not its own collision
                compare(needle, f"{where} {kind}")
        if ref.gold.key and phrase_match(change.phrase, normalize(ref.gold.key)):
            found.append(
                Collision("in-key", where, f"key: {_excerpt(ref.gold.key, change.phrase)}")
            )
        if phrase_match(change.phrase, normalize(ref.question)):
            found.append(
                Collision(
                    "in-question", where, f"question: {_excerpt(ref.question, change.phrase)}"
                )
            )
    return found


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
    sentences, _invented = answer_sentences(answer.answer)
    for sentence in sentences:
        if phrase_match(change.phrase, normalize(sentence)) is None:
            continue
        for decline in declines_of_parts(sentence, longer.declines):
            if decline is not None and normalize_phrase(decline.phrase.phrase) == target:
                return True
    return False


def expected_direction(change: Change) -> str:
    """What the grader's structure allows this change to do."""
    if change.action == "add-decline":
        return (
            "one direction only, but for one way down: a decline phrase reaches only the "
            "negative and ambiguous accept paths, the money guard and the refusal of an "
            "answerable question, so adding one can turn wrong into correct and remove money "
            "violations, and turn an answer no rule judged into wrong when it withholds the "
            "answer to an answerable question (D004)"
        )
    if change.action == "remove-decline":
        return (
            "one direction only, but for one way up: removing a decline phrase can turn "
            "correct into wrong on negative and ambiguous questions and add money violations, "
            "and turn a refusal of an answerable question (D004) back into an answer no rule "
            "judges"
        )
    if change.needle_kind == "must_not_contain":
        return (
            "one direction only on this question: a forbidden needle can only make "
            f"answers to {change.qid} worse when added, better when removed"
        )
    return (
        f"both directions on {change.qid}: a content needle changes which answers pass "
        "the content checks"
    )


def _refusal_between(unjudged: Graded, refused: Graded) -> bool:
    """Whether two grades of one answer differ as a refusal of an answerable question does from
    the answer read without it (DESIGN 4, rule 2): unjudged on one side, wrong by D004 on the
    other, with the same money violation."""
    return (
        unjudged.verdict == UNJUDGED
        and refused.verdict == WRONG
        and codes.codes_of(tuple(refused.labels))[:1] == (codes.DECLINED_ANSWERABLE.code,)
        and unjudged.violation == refused.violation
    )


def observed_agrees(change: Change, flips: Sequence[Flip]) -> bool:
    """Do the observed flips move the way `expected_direction` says they can? A decline
    phrase moves answers one way, but for the refusal of an answerable question, which moves
    them the other way between unjudged and wrong (`_refusal_between`)."""
    if change.action == "add-decline":
        return all(
            flip.direction in ("up", "labels") or _refusal_between(flip.old, flip.new)
            for flip in flips
        )
    if change.action == "remove-decline":
        return all(
            flip.direction in ("down", "labels") or _refusal_between(flip.new, flip.old)
            for flip in flips
        )
    ups = {f.direction for f in flips} - {"labels"}
    if change.action == "remove-needle" and change.needle_kind == "must_not_contain":
        return ups <= {"up"}
    if change.action == "add-needle" and change.needle_kind == "must_not_contain":
        return ups <= {"down"}
    return True


def scan(
    change: Change,
    declines: DeclineList,
    questions: Sequence[QuestionRef],
    runs: Sequence[tuple[str, Sequence[Answer]]],
    graders: Mapping[str, tuple[Grader, Grader]],
    marks: Mapping[str, Mapping[str, Mark | Sequence[Mark]]] | None = None,
    passed_over: int = 0,
) -> ScanReport:
    """Collision scan, flip preview and direction for one change (nothing is written); with the
    reviewers' marks (run id -> qid -> mark), which flips move the grader toward the people and
    which away from them. ``passed_over`` counts the answers on disk the change cannot reach
    that are not in ``runs`` (read for their qid and text only: `reaches` refused them)."""
    scanned = sum(len(answers) for _, answers in runs) + passed_over
    reached = None
    containing = 0
    if change.is_decline:  # (each answer normalised once: the preview reads only these)
        reached = [[affected(change, answer) for answer in answers] for _, answers in runs]
        containing = sum(map(sum, reached))
    flips, regraded = flip_preview(change, runs, graders, reached=reached)
    return scan_report(
        change, declines, questions, Preview(flips, scanned, containing, regraded), marks
    )


# --- the flip preview of run files on disk, shared out among processes ------------------------


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


def scan_report(
    change: Change,
    declines: DeclineList,
    questions: Sequence[QuestionRef],
    preview: Preview,
    marks: Mapping[str, Mapping[str, Mark | Sequence[Mark]]] | None = None,
) -> ScanReport:
    """The report of one change from its flip preview: the collisions, the direction, the
    warnings, and which flips move the grader toward the reviewers or away from them."""
    report = ScanReport(change)
    report.collisions = collisions(change, declines, questions)
    report.answers_scanned = preview.scanned
    if change.is_decline:
        report.answers_containing = preview.containing
        if report.answers_scanned and (
            report.answers_containing / report.answers_scanned >= BROAD_SHARE
        ):
            report.collisions.append(
                Collision(
                    "broad",
                    "answers on disk",
                    f"{change.phrase!r} occurs in {report.answers_containing} of "
                    f"{report.answers_scanned} answers: far too common to mean a decline",
                )
            )
    report.flips, report.answers_regraded = preview.flips, preview.regraded
    report.direction = expected_direction(change)
    report.agrees = observed_agrees(change, report.flips)
    if report.violations_removed:
        report.warnings.append(
            f"this change REMOVES {len(report.violations_removed)} money violation(s): it "
            "weakens the ZERO-WRONG-MONEY bar; read each one before accepting"
        )
    if not report.agrees:
        report.warnings.append("observed flips move in a direction this change should not allow")
    report.toward_reviewers, report.away_from_reviewers = judged_by_reviewers(
        report.flips, marks or {}
    )
    if report.away_from_reviewers:
        report.warnings.append(
            f"this change BREAKS {len(report.away_from_reviewers)} agreement(s) with reviewers: "
            "answers a person marked would be graded against their reading"
        )
    return report


def judged_by_reviewers(
    flips: Sequence[Flip], marks: Mapping[str, Mapping[str, Mark | Sequence[Mark]]]
) -> tuple[list[Flip], list[Flip]]:
    """The flips that fix a disagreement with a reviewer (the new verdict is the reviewer's,
    the old one was not) and those that break an agreement (the reverse). With several
    reviewers on one answer, each reviewer's mark counts: a flip toward one and away from
    another is listed in both."""
    toward, away = [], []
    for flip in flips:
        said = {mark.verdict for mark in marks_on(marks.get(flip.run, {}).get(flip.qid))}
        if flip.new_verdict in said and flip.old_verdict != flip.new_verdict:
            toward.append(flip)
        if flip.old_verdict in said and flip.old_verdict != flip.new_verdict:
            away.append(flip)
    return toward, away


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


@dataclass
class StrategyRow:
    """How one strategy (a clause split or a money conclusion) would grade the answers on
    disk, against the default grader: what flips, and how it agrees with the reviewers."""

    kind: str  # "clause" or "money"
    name: str
    summary: str
    money_flips: list[Flip] = field(default_factory=list)
    other_flips: list[Flip] = field(default_factory=list)
    money_correct_flipped: int = 0
    agreement: Agreement | None = None

    @property
    def verdicts_changed(self) -> int:
        """Flips that change a verdict or a money violation (not only a label)."""
        return sum(flip.verdict_changed for flip in (*self.money_flips, *self.other_flips))


def compare_strategies(
    runs: Sequence[tuple[str, Sequence[Answer]]],
    graders: Mapping[str, Grader],
    marks: Mapping[str, Mapping[str, Mark | Sequence[Mark]]] | None = None,
) -> tuple[list[StrategyRow], int, int]:
    """Regrade every answer on disk under every registered clause strategy and every money
    strategy, each against today's grader of its run (the defaults).

    Args:
        runs: (run id, answers) of every run on disk.
        graders: run id -> today's grader for that run.
        marks: run id -> the reviewers' effective marks on that run, for each strategy's
            agreement with them.

    Returns:
        One row per strategy, the number of answers, and the number of currently-correct money
        answers (the denominator the essay used).
    """
    baseline: dict[tuple[str, str], Grade] = {}
    for run_id, answers in runs:
        for answer in answers:
            baseline[(run_id, answer.qid)] = graders[run_id].grade(answer)
    correct_money = sum(
        1 for grade in baseline.values() if grade.verdict == CORRECT and grade.money.is_money
    )
    variants = [("clause", name, s.summary, {"strategy": name}) for name, s in STRATEGIES.items()]
    variants += [("money", name, c.summary, {"money": name}) for name, c in CONCLUSIONS.items()]
    rows = []
    for kind, name, summary, change in variants:
        row = StrategyRow(kind, name, summary)
        graded: list[tuple[str, Grade]] = []
        for run_id, answers in runs:
            grader = graders[run_id].variant(**change)
            for answer in answers:
                old, new = baseline[(run_id, answer.qid)], grader.grade(answer)
                graded.append((run_id, new))
                if not differs(old, new):
                    continue
                flip = Flip.between(run_id, answer.qid, old, new)
                (row.money_flips if old.money.is_money else row.other_flips).append(flip)
                row.money_correct_flipped += old.money.is_money and old.verdict == CORRECT
        if marks is not None:
            row.agreement = agreement(graded, marks)
        rows.append(row)
    return rows, len(baseline), correct_money


@dataclass(frozen=True, slots=True)
class Finding:
    """One place a listed decline phrase occurs where it may be misread."""

    phrase: str
    place: str
    where: str
    excerpt: str


def audit_declines(
    declines: DeclineList,
    questions: Sequence[QuestionRef],
    documents: Sequence[tuple[str, str, str]],
    runs: Sequence[tuple[str, Sequence[Answer]]],
    graders: Mapping[str, Grader],
) -> list[Finding]:
    """Audit every listed phrase against documents, keys, questions, needles and answers.

    Args:
        documents: (corpus, doc id, extracted text) of every corpus document.
        runs: answers on disk per run id.
        graders: run id -> today's grader for that run.

    Returns:
        Findings: a phrase in a document's own text (the register of substantive answers), in
        a key, question or needle; in an answer graded correct on an answerable question; in an
        answer the money guard excused from a violation.
    """
    findings: list[Finding] = []
    for item in declines.phrases:
        pattern = phrase_pattern(item.phrase)
        for corpus, doc_id, text in documents:
            hits = len(pattern.findall(normalize(text)))
            if hits:
                findings.append(
                    Finding(
                        item.phrase,
                        "document",
                        f"{corpus}/{doc_id} ({hits}x)",
                        _excerpt(text, item.phrase),
                    )
                )
        for ref in questions:
            where = f"{ref.corpus}/{ref.qid}"
            if pattern.search(normalize(ref.gold.key)):
                findings.append(
                    Finding(item.phrase, "key", where, _excerpt(ref.gold.key, item.phrase))
                )
            if pattern.search(normalize(ref.question)):
                findings.append(
                    Finding(item.phrase, "question", where, _excerpt(ref.question, item.phrase))
                )
            for kind in NEEDLE_KINDS:
                for needle in getattr(ref.gold, kind):
                    if pattern.search(normalize_phrase(needle)):
                        findings.append(Finding(item.phrase, "needle", f"{where} {kind}", needle))
        for run_id, answers in runs:
            today = graders[run_id]
            without_declines = today.variant(declines=replace(declines, phrases=()))
            for answer in answers:
                if not pattern.search(normalize(answer.answer)):
                    continue
                grade = today.grade(answer)
                if answer.kind == "answerable" and grade.verdict == CORRECT:
                    place = "correct answer"
                elif (
                    grade.money.is_money
                    and not grade.violation
                    and (without_declines.grade(answer).violation)
                ):
                    place = "money guard excused"
                else:
                    continue
                findings.append(
                    Finding(
                        item.phrase,
                        place,
                        f"{run_id}/{answer.qid}",
                        _excerpt(answer.answer, item.phrase),
                    )
                )
    return findings

"""The collision scan of one proposed change, and its report.

Changing what counts as a correct answer is a scoring change, so every change is made visible
before it is made (the collision scan here, and the flip preview: `grader.audit.preview`) and
provable after (a rebaseline whose flips equal the preview: `grader.audit.rebaseline`). Nothing
is written: callers pass the questions, the graders, and the answers on disk, or the preview of
the run files (`grader.audit.preview.preview_files`). The report says where the phrase meets
what the grader already holds, which way the change may move grades and whether the preview's
flips do, and which flips move the grader toward the reviewers or away from them. The decline
audit (`audit_declines`) asks the same of every phrase already listed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from rapidfuzz import fuzz

from grader.audit.change import Change
from grader.audit.flips import Flip, Graded
from grader.audit.preview import Preview, affected, flip_preview
from grader.records.marks import Mark, marks_on
from grader.rules import codes
from grader.rules.declines import DeclineList
from grader.rules.match import phrase_match, phrase_pattern
from grader.rules.normalize import normalize, normalize_phrase
from grader.rules.verdict import CORRECT, UNJUDGED, WRONG, Grader
from grader.schema import NEEDLE_KINDS, Answer, Gold

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

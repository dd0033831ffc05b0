"""A/B: two runs compared question by question, and whether the difference is real.

The essay's harness ran every change as an A/B: same stores, same knobs, same model, one thing
changed. Two runs are compared over the questions both answered, each graded by today's grader:

- comparability first: the same corpus, the questions in one run only, the graders, whether each
  run finished its plan, and the knobs that differ between the two headers (a comparison where
  more than one changed says so; a field one header does not record, an older run's, is
  unknown, not a change);
- every question whose verdict differs (A's verdict -> B's, with the labels of each), the money
  violations added and removed, the declines gained and lost;
- paired statistics: the discordant pairs for "correct" and for "money violation", each with an
  exact two-sided McNemar p-value (a binomial test over the discordant pairs), and latency.

With 71 questions, two more correct answers is usually noise; `Comparison.sentence` says which.
Pure: callers pass the headers and the grades (`engine.workspace` and `grader.audit.regrade` make
them).

Why one file: the A/B comparison is one report: `compare` pairs the answers, `Comparison` holds the
paired counts, the exact McNemar test over them (`mcnemar_exact`, read nowhere else) and the knobs
that changed, and `Comparison.sentence` says what they mean together.
"""

from __future__ import annotations

import statistics
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from math import exp, lgamma, log
from typing import Any

import msgspec

from grader.audit.flips import verdict_changed
from grader.records.scorecard import Completion
from grader.rules.verdict import Grade
from grader.text import clip

SIGNIFICANT = 0.05

# The header fields that make two runs differ, as (name, path into the header).
KNOB_PATHS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("model", ("model", "name")),
    ("model sha256", ("model", "sha256")),
    ("backend", ("model", "backend")),
    ("api", ("model", "api")),
    ("prompt", ("model", "prompt")),
    ("prompt sha256", ("prompt", "sha256")),
    ("engine version", ("engine", "version")),
)


def mcnemar_exact(a_only: int, b_only: int) -> float:
    """The exact two-sided McNemar p-value: under "no difference" each discordant pair is a
    fair coin, so the chance of a split at least this uneven, both ways, capped at 1.

    The binomial tail is summed from its largest term down, each term got from the one before
    (C(n, i-1) = C(n, i) * i / (n - i + 1)), in floating point: exact to the last digit shown,
    and as quick for 80,000 discordant pairs as for 8.
    """
    n = a_only + b_only
    if abs(a_only - b_only) <= 1:  # the smaller tail holds half the chance or more
        return 1.0
    k = min(a_only, b_only)
    term = exp(lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) - n * log(2))  # P(X = k)
    tail = 0.0
    for i in range(k, -1, -1):
        tail += term
        if term < tail * 1e-17:  # the rest cannot change the sum
            break
        term *= i / (n - i + 1)
    return min(1.0, 2 * tail)


@dataclass(frozen=True, slots=True)
class Paired:
    """Discordant pairs of one yes-or-no outcome: in A only, in B only, and their p-value."""

    a_only: int
    b_only: int
    p_value: float = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "p_value", mcnemar_exact(self.a_only, self.b_only))

    @property
    def discordant(self) -> int:
        return self.a_only + self.b_only

    def to_dict(self) -> dict[str, Any]:
        return {"a_only": self.a_only, "b_only": self.b_only, "p_value": round(self.p_value, 4)}


class Side(msgspec.Struct, frozen=True, gc=False):
    """One run's grade of a question, as a difference shows it. Made for every question of both
    runs, so neither it nor `Difference` is tracked by the cycle collector (they hold no cycle):
    with a few hundred thousand grades in memory, every collection they set off walks them all.
    """

    verdict: str
    labels: tuple[str, ...]
    declined: bool
    violation: bool

    @classmethod
    def of(cls, grade: Grade) -> Side:
        return cls(grade.verdict, grade.labels, grade.declined, grade.money.violation)

    def to_dict(self) -> dict[str, Any]:
        # The labels stay the grade's own tuple (JSON writes it as a list): a new list for each
        # side of each difference would set the collector off, walking every grade in memory.
        return {
            "verdict": self.verdict,
            "labels": self.labels,
            "declined": self.declined,
            "violation": self.violation,
        }


class Difference(msgspec.Struct, frozen=True, gc=False):
    """A question both runs answered whose verdict, decline or violation differs.

    Not a flip (`grader.audit.flips.differs`): a flip is two grades of one answer, where a
    changed label is a change in grading; here A and B are two answers, whose labels differ
    whenever their wording does ("wrong money: asserted $12.00" against "... $14.00"). So the
    labels do not count: what the grade says does (`verdict_changed`), and, since an A/B
    reports declines gained and lost, whether the answer declined.
    """

    qid: str
    a: Side
    b: Side

    @property
    def change(self) -> str:
        """``gained`` (correct in B only), ``lost`` (correct in A only), or ``changed``."""
        if (self.a.verdict == "correct") != (self.b.verdict == "correct"):
            return "gained" if self.b.verdict == "correct" else "lost"
        return "changed"

    def to_dict(self) -> dict[str, Any]:
        return {
            "qid": self.qid,
            "change": self.change,
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
        }


@dataclass
class Comparison:
    """Everything ``ragtriage compare`` says about two runs (DESIGN 5: `to_dict`)."""

    a_run: str
    b_run: str
    comparable: bool
    reasons: list[str]
    knobs: list[dict[str, Any]]
    common: int
    only_in_a: list[str]
    only_in_b: list[str]
    differences: list[Difference]
    correct: Paired
    money: Paired
    correct_a: int
    correct_b: int
    latency: dict[str, Any] = field(default_factory=dict)
    completion_a: Completion | None = None  # None: not known (a comparison made by hand)
    completion_b: Completion | None = None
    unknown: list[dict[str, Any]] = field(default_factory=list)  # knobs one header lacks
    # The people's estimate of each run's accuracy from its marks picked at random
    # (`grader.audit.corrected.PeopleEstimate.to_dict`), None where a run holds none.
    people: dict[str, dict[str, Any] | None] = field(default_factory=dict)

    @property
    def violations_added(self) -> list[str]:
        return [d.qid for d in self.differences if d.b.violation and not d.a.violation]

    @property
    def violations_removed(self) -> list[str]:
        return [d.qid for d in self.differences if d.a.violation and not d.b.violation]

    @property
    def declines_gained(self) -> list[str]:
        return [d.qid for d in self.differences if d.b.declined and not d.a.declined]

    @property
    def declines_lost(self) -> list[str]:
        return [d.qid for d in self.differences if d.a.declined and not d.b.declined]

    @property
    def b_significantly_worse(self) -> bool:
        """B loses correct answers or gains money violations, at the 0.05 level."""
        worse_correct = self.correct.a_only > self.correct.b_only
        worse_money = self.money.b_only > self.money.a_only
        return (worse_correct and self.correct.p_value < SIGNIFICANT) or (
            worse_money and self.money.p_value < SIGNIFICANT
        )

    def gate(self, allow_incomplete: bool = False, allow_not_comparable: bool = False) -> list[str]:
        """Why ``--fail-if-worse`` fails: B significantly worse; and, unless allowed, a run
        that did not finish or two runs that are not comparable. Empty when it passes."""
        reasons = []
        if self.b_significantly_worse:
            reasons.append(
                "B is worse at the 0.05 level (correct answers lost or money violations gained)"
            )
        if not allow_incomplete:
            for side, completion in (("A", self.completion_a), ("B", self.completion_b)):
                if completion is not None and not completion.complete:
                    reasons.append(
                        f"{side} did not finish ({completion.describe()}; --allow-incomplete: "
                        "compare what it answered)"
                    )
        if not allow_not_comparable and not self.comparable:
            reasons.append("the runs are NOT COMPARABLE (--allow-not-comparable: compare anyway)")
        return reasons

    def sentence(self) -> str:
        """The comparison in one plain sentence."""
        gained, lost = self.correct.b_only, self.correct.a_only
        net = gained - lost
        if net:
            lead = (
                f"B answers {abs(net)} {'more' if net > 0 else 'fewer'} "
                f"question{'s' if abs(net) != 1 else ''} correctly ({gained} gained, {lost} lost)"
            )
        elif gained:
            lead = f"B answers as many questions correctly ({gained} gained, {lost} lost)"
        else:
            lead = "A and B are correct on the same questions"
        if not self.correct.discordant:
            return f"{lead}: there is no difference to test."
        p = format_p(self.correct.p_value)
        discordant = self.correct.discordant
        noun = f"discordant question{'s' if discordant != 1 else ''}"
        if self.correct.p_value < SIGNIFICANT:
            return f"{lead}; with {discordant} {noun} this is evidence of a difference (p = {p})."
        return f"{lead}; with {discordant} {noun} this is not evidence of a difference (p = {p})."

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a_run,
            "b": self.b_run,
            "comparable": self.comparable,
            "reasons": self.reasons,
            "knobs": self.knobs,
            "unknown": self.unknown,
            "completion": {
                side: completion.to_dict() if completion else None
                for side, completion in (("a", self.completion_a), ("b", self.completion_b))
            },
            "questions": {
                "common": self.common,
                "only_in_a": self.only_in_a,
                "only_in_b": self.only_in_b,
            },
            "correct": {"a": self.correct_a, "b": self.correct_b},
            "differences": [d.to_dict() for d in self.differences],
            "money": {
                "violations_added": self.violations_added,
                "violations_removed": self.violations_removed,
            },
            "declines": {"gained": self.declines_gained, "lost": self.declines_lost},
            "paired": {"correct": self.correct.to_dict(), "money": self.money.to_dict()},
            "latency": self.latency,
            "b_significantly_worse": self.b_significantly_worse,
            "sentence": self.sentence(),
            "people": {side: self.people.get(side) for side in ("a", "b")},
        }


def format_p(value: float) -> str:
    """Two decimals, or two significant digits under 0.1 (0.45, 0.039, 0.0061)."""
    return f"{value:.2g}" if value < 0.1 else f"{value:.2f}".rstrip("0").rstrip(".")


def _get(header: dict[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = header
    for step in path:
        value = value.get(step) if isinstance(value, dict) else None
    return value


def knobs_changed(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """The knobs that differ between two run headers: every configuration value (its name
    aside), then the model, backend, API, prompt kind, prompt hash and engine version. A knob
    one header does not record is not counted (`knobs_unknown` lists those)."""
    return [k for k in _knobs(a, b) if k["a"] is not None and k["b"] is not None]


def knobs_unknown(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """The knobs one header records and the other does not (an older run's header lacks the
    fields added since): unknown, not changed."""
    return [k for k in _knobs(a, b) if (k["a"] is None) != (k["b"] is None)]


def _knobs(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """Every knob whose value differs between two headers, a missing one read as None."""
    config_a = {k: v for k, v in (a.get("config") or {}).items() if k != "name"}
    config_b = {k: v for k, v in (b.get("config") or {}).items() if k != "name"}
    changed = [
        {"knob": key, "a": config_a.get(key), "b": config_b.get(key)}
        for key in sorted(config_a.keys() | config_b.keys())
        if config_a.get(key) != config_b.get(key)
    ]
    for name, path in KNOB_PATHS:
        if _get(a, path) != _get(b, path):
            changed.append({"knob": name, "a": _get(a, path), "b": _get(b, path)})
    return changed


def compare(
    a_header: dict[str, Any],
    a_grades: Sequence[Grade],
    b_header: dict[str, Any],
    b_grades: Sequence[Grade],
    graders: tuple[str, str] = ("", ""),
    recorded: tuple[str | None, str | None] = (None, None),
    questions: tuple[Mapping[str, str], Mapping[str, str]] | None = None,
) -> Comparison:
    """Compare run B against run A over the questions both answered.

    Args:
        a_header, b_header: The run headers.
        a_grades, b_grades: Each run graded by today's grader (one grade per qid).
        graders: The fingerprints of the graders that made the grades.
        recorded: The fingerprints of each run's grades of record, if it has them.
        questions: Each run's question text per qid, when known: a qid that asks different
            questions in A and B makes the two runs not comparable (their ids do not name the
            same questions: an import that numbered rows, a reordered file).
    """
    a_by = {g.qid: g for g in a_grades}
    b_by = {g.qid: g for g in b_grades}
    common = [qid for qid in a_by if qid in b_by]
    only_a = [qid for qid in a_by if qid not in b_by]
    only_b = [qid for qid in b_by if qid not in a_by]
    reasons: list[str] = []
    comparable = True
    if a_header.get("corpus") != b_header.get("corpus"):
        comparable = False
        reasons.append(
            f"different corpora: A is {a_header.get('corpus')!r}, B is {b_header.get('corpus')!r}"
        )
    if not common:
        comparable = False
        reasons.append("no question is answered in both runs")
    asked_apart = _asked_apart(common, questions) if questions else []
    if asked_apart:
        comparable = False
        qid = asked_apart[0]
        assert questions is not None
        reasons.append(
            f"{len(asked_apart)} qid(s) hold different questions in A and B, e.g. {qid}: "
            f"{clip(questions[0][qid], 60)!r} in A, {clip(questions[1][qid], 60)!r} in B; the "
            "ids do not name the same questions, so the pairs below are not the same question"
        )
    if only_a or only_b:
        reasons.append(
            f"compared over the {len(common)} questions both answered ({len(only_a)} in A only, "
            f"{len(only_b)} in B only)"
        )
    completions = (
        Completion.of(a_header, a_by),
        Completion.of(b_header, b_by),
    )
    for side, completion in zip("AB", completions, strict=True):
        if not completion.complete:
            reasons.append(
                f"{side} did not finish: {completion.describe()}; a difference may be "
                "the questions it did not answer"
            )
    if graders[0] != graders[1]:
        reasons.append(
            "the two runs are graded by different graders today (their needles or citation rules "
            "differ)"
        )
    for side, fingerprint in zip("AB", recorded, strict=True):
        if fingerprint is not None and fingerprint not in graders:
            reasons.append(
                f"{side}'s grades of record are from another grader; both are graded with today's"
            )
    knobs = knobs_changed(a_header, b_header)
    unknown = knobs_unknown(a_header, b_header)
    if unknown:
        missing = ", ".join(f"{k['knob']} ({'A' if k['a'] is None else 'B'})" for k in unknown)
        reasons.append(f"not recorded in one header, so unknown rather than changed: {missing}")
    if len(knobs) > 1:
        reasons.insert(
            0,
            f"more than one thing changed ({', '.join(k['knob'] for k in knobs)}): a difference "
            "cannot be put down to any one of them",
        )
    differences = []
    a_correct = b_correct = a_violation = b_violation = 0
    for qid in common:
        a, b = Side.of(a_by[qid]), Side.of(b_by[qid])
        a_correct += a.verdict == "correct" and b.verdict != "correct"
        b_correct += b.verdict == "correct" and a.verdict != "correct"
        a_violation += a.violation and not b.violation
        b_violation += b.violation and not a.violation
        if verdict_changed(a, b) or a.declined != b.declined:
            differences.append(Difference(qid, a, b))
    return Comparison(
        a_run=str(a_header.get("run_id", "")),
        b_run=str(b_header.get("run_id", "")),
        comparable=comparable,
        reasons=reasons,
        knobs=knobs,
        common=len(common),
        only_in_a=only_a,
        only_in_b=only_b,
        differences=differences,
        correct=Paired(a_correct, b_correct),
        money=Paired(a_violation, b_violation),
        correct_a=sum(a_by[q].verdict == "correct" for q in common),
        correct_b=sum(b_by[q].verdict == "correct" for q in common),
        latency=_latency(common, a_by, b_by),
        completion_a=completions[0],
        completion_b=completions[1],
        unknown=unknown,
    )


def _same_question(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _asked_apart(
    common: list[str], questions: tuple[Mapping[str, str], Mapping[str, str]]
) -> list[str]:
    """The qids of both runs whose question texts differ (case and spacing aside)."""
    a_asks, b_asks = questions
    return [
        qid
        for qid in common
        if qid in a_asks
        and qid in b_asks
        and _same_question(a_asks[qid]) != _same_question(b_asks[qid])
    ]


def _latency(common: list[str], a_by: dict[str, Grade], b_by: dict[str, Grade]) -> dict[str, Any]:
    """Median latency of each run over the questions both timed, and how often B was faster."""
    timed = [
        (a, b)
        for q in common
        if (a := a_by[q].latency_ms) is not None and (b := b_by[q].latency_ms) is not None
    ]
    if not timed:
        return {"timed": 0}
    median_a = statistics.median(a for a, _ in timed)
    median_b = statistics.median(b for _, b in timed)
    return {
        "timed": len(timed),
        "median_ms_a": median_a,
        "median_ms_b": median_b,
        "median_difference_ms": median_b - median_a,
        "b_faster_share": round(sum(b < a for a, b in timed) / len(timed), 4),
    }

"""The grader against people on open-domain questions: EVOUNA's TriviaQA answers (DESIGN 4 rule 6).

Reads ``../shared/evouna-tq/TQ.json`` (beside the checkout; ``--data`` for another folder): 1,938
proper TriviaQA questions, each answered by five systems (FiD, GPT-3.5, ChatGPT-3.5, GPT-4 and
Bing Chat), each answer judged correct or not by a person. The questions the authors set aside
(``improper``) are left out. Each answer becomes an answer record (`answer_records`):

- ``qid`` from the question's place in the file (``tq-0000``: the file is pinned to one upstream
  commit, so the place is stable); kind ``answerable``; no sources;
- ``gold.accepted``: the golden answer split on ``/`` (each stripped, empties and exact
  duplicates dropped: TriviaQA's aliases); ``gold.key``: those aliases joined with `` / ``;
- graded with citations not graded (``Grader(citations=False)``): the systems were given no
  numbered sources.

Every answer is graded, in the same run, by

- **v3**: the grader at ``67bf43e`` (the last commit of grader version 3; ``--against REV`` for
  another), from a copy of that revision (``git archive`` into ``bench/out/against-<commit>/``,
  `revisions.revision`), pure, in a subprocess. Version 3 knows no ``gold.accepted``: it gets
  the key alone, the aliases joined with `` / ``, as its importer would have given it;
- **today**: today's grader (version 4 as it grows);
- **exact match**: SQuAD's normalisation (lower case, punctuation and the articles a, an, the
  dropped, spaces collapsed) of the answer equal to that of any alias;
- **key contained**: any normalised alias a substring of the normalised answer.

For each, overall and per system: n, coverage (the share judged: correct, partial and wrong are
judged, unjudged is not; exact match and key contained judge everything), agreement and Cohen's
kappa with the people over the judged answers (the rules' correct against the person's true;
partial and wrong count as not correct), and the precision and recall of ``correct`` over the
judged answers. Then today's grader against the targets: kappa at least key contained's + 0.15,
coverage at least 95%, precision at least 0.93.

``--disagreements FILE`` writes every judged answer where today's grader and the person differ,
one JSON object a line (system, qid, question, aliases, answer, verdict, labels, person), for
reading. ``--sample N --seed S`` grades a random sample of N answers (a quick run); progress goes
to stderr; ``--json`` prints the report as JSON.

Usage: ``python bench/bench_openqa.py [--data DIR] [--against REV] [--sample N --seed S]
[--disagreements FILE] [--json]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import string
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from revisions import revision  # noqa: E402

from grader.audit.against_marks import Agreement  # noqa: E402
from grader.rules.verdict import CORRECT, GRADER_VERSION, UNJUDGED, WRONG, Grader  # noqa: E402
from grader.schema import Answer, Gold, Source  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "evouna-tq"
FILE = "TQ.json"
V3 = "67bf43e"  # the last commit of grader version 3
SYSTEMS = ("fid", "gpt35", "chatgpt", "gpt4", "newbing")
ANSWERS_IN_FILE = 9_690  # 1,938 proper questions x 5 systems

V3_NAME, TODAY, EXACT, CONTAINED = "v3", "today", "exact match", "key contained"
GRADERS = (V3_NAME, TODAY, EXACT, CONTAINED)

# The targets for today's grader, over every answer.
KAPPA_OVER_CONTAINED = 0.15
COVERAGE_TARGET = 0.95
PRECISION_TARGET = 0.93


# --- the data as answer records ------------------------------------------------------------------


@dataclass(frozen=True)
class JudgedAnswer:
    """One system's answer to one question, as an answer record, with the person's verdict."""

    system: str
    answer: Answer[Source]
    person: bool  # the person's verdict: correct or not

    @property
    def aliases(self) -> tuple[str, ...]:
        return self.answer.gold.answers


def split_aliases(golden: str) -> tuple[str, ...]:
    """TriviaQA's accepted answers, joined with ``/`` in EVOUNA's ``golden_answer``: each
    stripped, the empty ones and exact duplicates dropped, in their order."""
    return tuple(dict.fromkeys(alias.strip() for alias in golden.split("/") if alias.strip()))


def qid_of(index: int) -> str:
    """A question's id from its place in the file (the file is pinned: the place is stable)."""
    return f"tq-{index:04d}"


def answer_records(rows: Sequence[Mapping[str, Any]]) -> list[JudgedAnswer]:
    """Every system's answer to every proper question of EVOUNA's rows, in file order (question
    by question, the systems in `SYSTEMS` order)."""
    found = []
    for index, row in enumerate(rows):
        if row.get("improper"):
            continue
        aliases = split_aliases(str(row["golden_answer"]))
        gold = Gold(key=" / ".join(aliases), accepted=aliases)
        for system in SYSTEMS:
            answer: Answer[Source] = Answer(
                qid=qid_of(index),
                kind="answerable",
                question=str(row["question"]),
                gold=gold,
                answer=str(row[f"answer_{system}"]),
            )
            found.append(JudgedAnswer(system, answer, bool(row[f"judge_{system}"])))
    return found


def load(data: Path) -> list[JudgedAnswer]:
    """The answer records of ``data/TQ.json``."""
    return answer_records(json.loads((data / FILE).read_text(encoding="utf-8")))


def v3_record(judged: JudgedAnswer) -> dict[str, Any]:
    """The answer line grader version 3 reads: the key alone (v3 knows no ``gold.accepted``),
    the aliases joined with `` / ``, as its importer would have given it."""
    answer = judged.answer
    return {
        "type": "answer",
        "qid": answer.qid,
        "kind": answer.kind,
        "question": answer.question,
        "gold": {"key": answer.gold.key},
        "answer": answer.answer,
        "sources": [],
        "error": None,
    }


# --- lexical baselines ---------------------------------------------------------------------------

_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCTUATION = str.maketrans("", "", string.punctuation)


def squad_normalize(text: str) -> str:
    """SQuAD's answer normalisation: lower case, punctuation removed, the articles a, an and
    the removed, white space collapsed."""
    return " ".join(_ARTICLES.sub(" ", text.lower().translate(_PUNCTUATION)).split())


def _normalized_aliases(aliases: Iterable[str]) -> list[str]:
    """The aliases normalised, those that normalise to nothing left out (``+-*``)."""
    return [found for found in map(squad_normalize, aliases) if found]


def exact_match(answer: str, aliases: Iterable[str]) -> bool:
    """Whether the normalised answer equals a normalised alias."""
    normalized = squad_normalize(answer)
    return normalized in _normalized_aliases(aliases)


def key_contained(answer: str, aliases: Iterable[str]) -> bool:
    """Whether a normalised alias is a substring of the normalised answer."""
    normalized = squad_normalize(answer)
    return any(alias in normalized for alias in _normalized_aliases(aliases))


# --- agreement with the people -------------------------------------------------------------------


def as_binary(verdict: str) -> str | None:
    """A verdict as the people's kind: correct, or not (partial and wrong); None for unjudged."""
    if verdict == UNJUDGED:
        return None
    return CORRECT if verdict == CORRECT else WRONG


def scores(verdicts: Sequence[str], people: Sequence[bool]) -> dict[str, Any]:
    """One grader's verdicts against the people's over the same answers: n, judged, coverage,
    agreement and Cohen's kappa over the judged answers (through the project's `Agreement`),
    the precision and recall of ``correct`` over them, and the count of each verdict."""
    matrix: dict[tuple[str, str], int] = {}
    counts: dict[str, int] = {}
    for verdict, person in zip(verdicts, people, strict=True):
        counts[verdict] = counts.get(verdict, 0) + 1
        mine = as_binary(verdict)
        if mine is not None:
            cell = (mine, CORRECT if person else WRONG)
            matrix[cell] = matrix.get(cell, 0) + 1
    judged = sum(matrix.values())
    result = Agreement(len(verdicts), judged, matrix)
    hits = matrix.get((CORRECT, CORRECT), 0)
    said_correct = hits + matrix.get((CORRECT, WRONG), 0)
    people_correct = hits + matrix.get((WRONG, CORRECT), 0)
    return {
        "n": len(verdicts),
        "judged": judged,
        "coverage": judged / len(verdicts) if verdicts else None,
        "agreement": result.agreement,
        "kappa": result.kappa,
        "precision": hits / said_correct if said_correct else None,
        "recall": hits / people_correct if people_correct else None,
        "verdicts": dict(sorted(counts.items())),
        "matrix": {f"{mine} / person {person}": n for (mine, person), n in sorted(matrix.items())},
    }


def targets(overall: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Today's grader against the targets, over every answer."""
    today, contained = overall[TODAY], overall[CONTAINED]
    bar = None if contained["kappa"] is None else contained["kappa"] + KAPPA_OVER_CONTAINED
    found = {
        "kappa": (today["kappa"], bar, f"kappa >= key contained's + {KAPPA_OVER_CONTAINED}"),
        "coverage": (today["coverage"], COVERAGE_TARGET, f"coverage >= {COVERAGE_TARGET:.0%}"),
        "precision": (today["precision"], PRECISION_TARGET, f"precision >= {PRECISION_TARGET}"),
    }
    return {
        name: {
            "value": value,
            "target": target,
            "what": what,
            "met": value is not None and target is not None and value >= target,
        }
        for name, (value, target, what) in found.items()
    }


def report(
    answers: Sequence[JudgedAnswer], verdicts: Mapping[str, Sequence[str]]
) -> dict[str, Any]:
    """Every grader's scores overall and per system, and the targets."""
    people = [judged.person for judged in answers]
    overall = {name: scores(given, people) for name, given in verdicts.items()}
    per_system = {}
    for system in SYSTEMS:
        picked = [i for i, judged in enumerate(answers) if judged.system == system]
        if picked:
            per_system[system] = {
                name: scores([given[i] for i in picked], [people[i] for i in picked])
                for name, given in verdicts.items()
            }
    return {
        "answers": len(answers),
        "questions": len({judged.answer.qid for judged in answers}),
        "people_correct": sum(people),
        "overall": overall,
        "per_system": per_system,
        "targets": targets(overall) if TODAY in overall and CONTAINED in overall else {},
    }


# --- grading -------------------------------------------------------------------------------------


def progress(what: str, done: int, total: int, started: float) -> None:
    print(
        f"  {what}: {done:,} of {total:,} graded ({time.perf_counter() - started:.1f} s)",
        file=sys.stderr,
        flush=True,
    )


def grade_today(answers: Sequence[JudgedAnswer]) -> list[tuple[str, tuple[str, ...]]]:
    """Today's verdict and labels of every answer, citations not graded."""
    grader = Grader(citations=False)
    found = []
    started = time.perf_counter()
    for number, judged in enumerate(answers, 1):
        grade = grader.grade(judged.answer)
        found.append((grade.verdict, tuple(grade.labels)))
        if number % 1000 == 0 or number == len(answers):
            progress("today", number, len(answers), started)
    return found


def lexical(
    answers: Sequence[JudgedAnswer], match: Callable[[str, Iterable[str]], bool]
) -> list[str]:
    return [CORRECT if match(judged.answer.answer, judged.aliases) else WRONG for judged in answers]


# Grades the answer lines on stdin with the grader of another revision's tree (argv[1]), citations
# not graded; one JSON line [verdict, labels] per answer, in order; progress on stderr.
_OLD_GRADER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
try:
    from grader.rules.verdict import Grader
except ImportError:  # the layout before grader/ had wings
    from grader.verdict import Grader
from grader.schema import answer_from_dict
grader = Grader(citations=False)
lines = sys.stdin.read().splitlines()
started = time.perf_counter()
out = []
for number, line in enumerate(lines, 1):
    grade = grader.grade(answer_from_dict(json.loads(line)))
    out.append(json.dumps([grade.verdict, list(grade.labels)]))
    if number % 1000 == 0 or number == len(lines):
        print(f"  {sys.argv[2]}: {number:,} of {len(lines):,} graded "
              f"({time.perf_counter() - started:.1f} s)", file=sys.stderr, flush=True)
sys.stdout.write("\\n".join(out) + "\\n")
"""


def grade_at(name: str, answers: Sequence[JudgedAnswer]) -> tuple[list[str], str, str]:
    """The verdict of every answer by the grader at revision ``name`` (pure, in a subprocess
    over a copy of that revision's files), given the key alone (`v3_record`); with the commit
    and the grader version it reports.

    Raises:
        SystemExit: when the revision cannot be had or its grader fails.
    """
    tree = revision(name, compiled=False)
    env = {**os.environ, "PYTHONPATH": str(tree.folder), "RAGTRIAGE_PURE": "1"}
    version = subprocess.run(
        [sys.executable, "-c", "from grader.rules.verdict import GRADER_VERSION as v; print(v)"],
        cwd=tree.folder,
        env=env,
        capture_output=True,
        text=True,
    ).stdout.strip()
    lines = "".join(json.dumps(v3_record(judged)) + "\n" for judged in answers)
    done = subprocess.run(
        [sys.executable, "-c", _OLD_GRADER, str(tree.folder), f"{name} ({tree.commit[:7]})"],
        cwd=tree.folder,
        env=env,
        input=lines,
        stdout=subprocess.PIPE,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"bench_openqa: the grader at {name} failed (exit {done.returncode})")
    verdicts = [json.loads(line)[0] for line in done.stdout.splitlines()]
    if len(verdicts) != len(answers):
        raise SystemExit(f"bench_openqa: the grader at {name} graded {len(verdicts)} answers")
    return verdicts, tree.commit, version or "?"


def head() -> dict[str, Any]:
    """Today's commit, and whether the checkout has changes not committed."""
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    changed = subprocess.run(
        ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return {"commit": commit or "unknown", "changed": bool(changed)}


def disagreements(
    answers: Sequence[JudgedAnswer], today: Sequence[tuple[str, tuple[str, ...]]]
) -> list[dict[str, Any]]:
    """Every judged answer where today's grader and the person differ."""
    found = []
    for judged, (verdict, labels) in zip(answers, today, strict=True):
        mine = as_binary(verdict)
        if mine is not None and (mine == CORRECT) != judged.person:
            answer = judged.answer
            found.append(
                {
                    "system": judged.system,
                    "qid": answer.qid,
                    "question": answer.question,
                    "aliases": list(judged.aliases),
                    "answer": answer.answer,
                    "verdict": verdict,
                    "labels": list(labels),
                    "person": judged.person,
                }
            )
    return found


# --- printing ------------------------------------------------------------------------------------


def _f(value: float | None, digits: int = 3) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def table(rows: Mapping[str, Mapping[str, Any]], names: Mapping[str, str]) -> list[str]:
    lines = [
        f"  {'':<22} {'n':>6} {'coverage':>9} {'agreement':>10} {'kappa':>6} "
        f"{'precision':>9} {'recall':>6}"
    ]
    for name, figures in rows.items():
        lines.append(
            f"  {names.get(name, name):<22} {figures['n']:>6,} {_pct(figures['coverage']):>9} "
            f"{_pct(figures['agreement']):>10} {_f(figures['kappa']):>6} "
            f"{_f(figures['precision']):>9} {_f(figures['recall']):>6}"
        )
    return lines


def printed(found: Mapping[str, Any]) -> str:
    names = {
        V3_NAME: f"v{found['against']['version']} at {found['against']['commit'][:7]}",
        TODAY: f"today at {found['today']['commit'][:7]}"
        + ("+" if found["today"]["changed"] else ""),
    }
    people = found["people_correct"] / found["answers"] if found["answers"] else None
    lines = [
        f"EVOUNA TriviaQA: {found['answers']:,} answers to {found['questions']:,} questions"
        + (
            f" (a sample of {found['sample']['n']:,}, seed {found['sample']['seed']})"
            if found.get("sample")
            else ""
        )
        + f"; the people accept {found['people_correct']:,} ({_pct(people)})",
        f"grader version {found['against']['version']} at {found['against']['commit'][:7]} "
        f"(--against {found['against']['revision']}, pure, the key alone) and today's "
        f"(version {found['today']['version']}, gold.accepted), citations not graded",
        "agreement, kappa, precision and recall of `correct` over the judged answers "
        "(partial and wrong as not correct)",
        "",
        "overall",
        *table(found["overall"], names),
    ]
    today = found["overall"][TODAY]["verdicts"]
    lines.append(
        "  today's verdicts: "
        + ", ".join(f"{verdict} {count:,}" for verdict, count in today.items())
    )
    for system, rows in found["per_system"].items():
        lines += ["", system, *table(rows, names)]
    lines += ["", f"targets (today's grader, over all {found['answers']:,} answers):"]
    for name, target in found["targets"].items():
        value = target["value"]
        shown = _pct(value) if name == "coverage" else _f(value)
        bar = _pct(target["target"]) if name == "coverage" else _f(target["target"])
        lines.append(
            f"  {target['what']:<36} {shown:>7} against {bar:>7}: "
            + ("met" if target["met"] else "NOT met")
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the folder of TQ.json")
    parser.add_argument(
        "--against", default=V3, metavar="REV", help=f"the older grader's revision ({V3}: v3)"
    )
    parser.add_argument("--sample", type=int, metavar="N", help="grade N answers drawn at random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--disagreements", type=Path, metavar="FILE")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not (args.data / FILE).is_file():
        print(
            f"bench_openqa: skipped: no EVOUNA TriviaQA data ({FILE}) in {args.data} "
            "(see ../shared/evouna-tq/README.md; --data DIR for another folder)",
            file=sys.stderr,
        )
        return 0
    answers = load(args.data)
    if args.sample is not None and args.sample < len(answers):
        picked = sorted(random.Random(args.seed).sample(range(len(answers)), args.sample))
        answers = [answers[i] for i in picked]
    print(f"grading {len(answers):,} answers ...", file=sys.stderr, flush=True)
    old, commit, version = grade_at(args.against, answers)
    today = grade_today(answers)
    verdicts = {
        V3_NAME: old,
        TODAY: [verdict for verdict, _labels in today],
        EXACT: lexical(answers, exact_match),
        CONTAINED: lexical(answers, key_contained),
    }
    found = report(answers, verdicts)
    found["against"] = {"revision": args.against, "commit": commit, "version": version}
    found["today"] = {"version": GRADER_VERSION, **head()}
    if args.sample is not None:
        found["sample"] = {"n": len(answers), "seed": args.seed}
    if args.disagreements:
        rows = disagreements(answers, today)
        with open(args.disagreements, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
        print(f"{len(rows):,} disagreements in {args.disagreements}", file=sys.stderr)
    print(json.dumps(found, indent=2) if args.json else printed(found))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

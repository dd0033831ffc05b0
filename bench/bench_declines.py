"""The grader against people: FinanceBench's labelled answers (DESIGN 6, trust).

Reads ``../shared/financebench`` (or ``$FINANCEBENCH``): every results file's answers, each
labelled by a person Correct, Incorrect or Refusal. Grades them with today's grader, citations
not graded (FinanceBench's models were not asked to cite numbered sources), and prints, for
today's grader and for a baseline grader measured in the same run (default ``41f0ae0``, grader
version 2, from a copy of that revision, with that revision's own FinanceBench importer):

- decline precision, recall and F1 of the grader's ``declined`` against the people's Refusal;
- on money questions: Cohen's kappa of the verdict against the people's, the money violations
  and how many of them the person accepted;
- over the answers the grader judges (all but ``unjudged``): kappa, with the coverage (the share
  judged), overall and per kind of key (a dollar amount, figures, Yes or No, needles, a name,
  nothing a rule can check);
- the same for every clause strategy and money-conclusion strategy, and per set-up.

Grounding. An amount is grounded when a retrieved source holds it. FinanceBench does not keep
what its models retrieved, only the evidence pages, so the answers carry those pages as their
sources; with ``--filings`` (the default when the filings' PDFs are there) each answer also
carries the figures of its whole filing (every amount and number PDFium reads in it, cached
under ``$RAGTRIAGE_CACHE``), the best stand-in for chunks retrieved from that filing. Both are
printed.

Usage: ``python bench/bench_declines.py [--baseline REV] [--no-baseline] [--no-filings] [--json]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from corpora.financebench import (  # noqa: E402
    LabelledAnswer,
    find_root,
    label_mark,
    load_questions,
    read_results,
)
from grader.audit.against_marks import agreement  # noqa: E402
from grader.rules.clauses import STRATEGIES  # noqa: E402
from grader.rules.conclusion import CONCLUSIONS  # noqa: E402
from grader.rules.key import figures_of_key, is_short_key, money_key, polarity_of_key  # noqa: E402
from grader.rules.verdict import UNJUDGED, Grade, Grader, MoneyCheck  # noqa: E402
from grader.schema import Source  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "financebench"
BASELINE = "41f0ae0"  # grader version 2, the last commit before version 3

# Grades every labelled answer with the grader of an older tree (its own FinanceBench reader,
# its own importer's gold), one JSON line per answer, in file order.
_OLD_GRADER = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from corpora.financebench import find_root, load_questions, read_results
try:  # the layout before grader/ had wings first: the installed package maps the new one
    from grader.verdict import Grader
except ImportError:
    from grader.rules.verdict import Grader
grader = Grader(citations=False)
root = find_root(Path(sys.argv[2]))
questions = load_questions(root)
for path in sorted((root / "results").glob("*.jsonl")):
    for row in read_results(path, questions):
        grade = grader.grade(row.answer)
        print(json.dumps([path.name, row.line, grade.verdict, grade.declined,
                          grade.money.is_money, grade.money.violation]))
"""


def rows(data: Path) -> list[tuple[str, LabelledAnswer]]:
    """Every labelled answer of every results file, with its set-up."""
    root = find_root(data)
    questions = load_questions(root)
    found = []
    for path in sorted((root / "results").glob("*.jsonl")):
        mode = path.stem.split("_", 1)[-1]
        found += [(mode, labelled) for labelled in read_results(path, questions)]
    return found


def kind_of_key(labelled: LabelledAnswer) -> str:
    """What a rule checks a key by (the first that applies)."""
    gold = labelled.answer.gold
    if money_key(gold.key, gold.unit, gold.precision) is not None:
        return "dollar amount"
    if figures_of_key(gold.key):
        return "figures"
    if polarity_of_key(gold.key):
        return "yes or no"
    if gold.must_contain or gold.must_contain_any:
        return "needles"
    if is_short_key(gold.key):
        return "a name"
    return "nothing to check"


def measure(grades: list[Grade], labelled: list[tuple[str, LabelledAnswer]]) -> dict[str, object]:
    """Decline scores over every answer, verdict agreement on money questions and over judged
    answers, through the same `agreement` the review app and ``ragtriage agreement`` use (each
    label a mark)."""
    marks = {
        f"{mode}:{row.answer.qid}": {row.answer.qid: label_mark(row, mode)}
        for mode, row in labelled
    }
    graded = [
        (f"{mode}:{row.answer.qid}", grade)
        for (mode, row), grade in zip(labelled, grades, strict=True)
    ]
    everything = agreement(graded, marks)
    money = agreement([(run, g) for run, g in graded if g.money.is_money], marks)
    judged = [(run, g) for run, g in graded if g.verdict != UNJUDGED]
    over_judged = agreement(judged, marks)
    violations = [(run, g) for run, g in graded if g.violation]
    accepted = sum(marks[run][g.qid].verdict == "correct" for run, g in violations)
    kinds: dict[str, dict[str, object]] = {}
    for kind in sorted({kind_of_key(row) for _mode, row in labelled}):
        picked = [
            item
            for item, (_mode, row) in zip(graded, labelled, strict=True)
            if kind_of_key(row) == kind
        ]
        judged_here = [(run, g) for run, g in picked if g.verdict != UNJUDGED]
        result = agreement(judged_here, marks)
        kinds[kind] = {
            "answers": len(picked),
            "judged": len(judged_here),
            "coverage": len(judged_here) / len(picked) if picked else None,
            "kappa": result.kappa,
        }
    # every key that opens with Yes or No, whatever else it holds (a figure, an amount)
    yes_no = [
        item
        for item, (_mode, row) in zip(graded, labelled, strict=True)
        if polarity_of_key(row.answer.gold.key)
    ]
    yes_no_judged = [(run, g) for run, g in yes_no if g.verdict != UNJUDGED]
    return {
        "declines": {**everything.decline_scores(), **everything.declines},
        "money": {
            "answers": money.reviewed,
            "kappa": money.kappa,
            "violations": len(violations),
            "violations_the_person_accepted": accepted,
        },
        "judged": {
            "answers": len(judged),
            "coverage": len(judged) / len(graded) if graded else None,
            "kappa": over_judged.kappa,
        },
        "per_kind_of_key": kinds,
        "yes_no_keys": {
            "answers": len(yes_no),
            "judged": len(yes_no_judged),
            "coverage": len(yes_no_judged) / len(yes_no) if yes_no else None,
            "kappa": agreement(yes_no_judged, marks).kappa,
        },
        "all": {"answers": everything.reviewed, "kappa": everything.kappa},
    }


def grade_rows(grader: Grader, labelled: list) -> list[Grade]:
    return [grader.grade(row.answer) for _mode, row in labelled]


def baseline(revision: str, data: Path, labelled: list) -> list[Grade] | None:
    """The rows graded by the grader at ``revision`` (None when git cannot provide it), as
    today's `Grade` records (verdict, declined and the money line: what is measured)."""
    with tempfile.TemporaryDirectory() as tree:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", revision, "grader", "corpora"],
            capture_output=True,
        )
        if archive.returncode != 0:
            print(f"(no baseline: git archive {revision} failed)", file=sys.stderr)
            return None
        subprocess.run(["tar", "-x", "-C", tree], input=archive.stdout, check=True)
        env = {**os.environ, "PYTHONPATH": tree}
        done = subprocess.run(
            [sys.executable, "-c", _OLD_GRADER, tree, str(data)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
    lines = done.stdout.splitlines()
    if len(lines) != len(labelled):
        print(f"(no baseline: {revision} read {len(lines)} answers)", file=sys.stderr)
        return None
    grades = []
    for (_mode, row), line in zip(labelled, lines, strict=True):
        _file, _line, verdict, declined, is_money, violation = json.loads(line)
        money = MoneyCheck(is_money, (), (), violation)
        grades.append(Grade(row.answer.qid, "answerable", verdict, (), declined, None, money, ()))
    return grades


# --- grounding in the whole filing ---------------------------------------------------------------

_NUMBER = re.compile(
    r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]*\d)|(?<![\w.,])\d+(?:\.\d+)?(?![\d,]*\d)"
)


def filing_figures(pdfs: Path) -> dict[str, str]:
    """Each filing's figures as one text a source can carry: every amount PDFium reads in it
    (a page's unit note applied), then every number, each once. Cached by the PDFs' contents."""
    from corpora.loader import Document
    from engine.ingest import extract_all
    from grader.rules.money import find_amounts, unit_note
    from grader.rules.normalize import clean

    paths = sorted(pdfs.glob("*.pdf"))
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + str(path.stat().st_size).encode())
    cache_root = Path(os.environ.get("RAGTRIAGE_CACHE") or Path.home() / ".cache" / "ragtriage")
    cache = cache_root / "bench" / f"financebench-filing-figures-{digest.hexdigest()[:16]}.json"
    if cache.exists():
        return json.loads(cache.read_text())
    print(f"reading the figures of {len(paths)} filings (once; cached) ...", file=sys.stderr)
    documents = [Document(path.stem, path, path.stem) for path in paths]
    found: dict[str, str] = {}
    for document, pages in zip(documents, extract_all(documents), strict=True):
        if not isinstance(pages, list):
            continue
        values: set[Decimal] = set()
        numbers: set[str] = set()
        for page in pages:
            text = clean(page)
            values.update(amount.value for amount in find_amounts(text))
            note = unit_note(text)
            for number in _NUMBER.findall(text):
                numbers.add(number.replace(",", ""))
                if note is not None:
                    values.add(Decimal(number.replace(",", "")) * note)
        amounts = " ".join(f"${value:f}" for value in sorted(values))
        found[document.id] = amounts + " " + " ".join(sorted(numbers))
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(found))
    return found


def with_filings(labelled: list, data: Path) -> list:
    """The same rows, each answer also carrying its filing's figures as a source."""
    import msgspec

    root = find_root(data)
    figures = filing_figures(root / "pdfs")
    questions = load_questions(root)
    carried = []
    for mode, row in labelled:
        doc = str(questions[row.answer.qid].get("doc_name", ""))
        if doc in figures:
            extra = Source(0, doc, figures[doc])
            answer = msgspec.structs.replace(row.answer, sources=[*row.answer.sources, extra])
            row = LabelledAnswer(answer, row.label, row.verdict, row.declined, row.line)
        carried.append((mode, row))
    return carried


# --- printing ------------------------------------------------------------------------------------


def _f(value: object) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def line(name: str, figures: dict) -> str:
    d, m, j = figures["declines"], figures["money"], figures["judged"]
    return (
        f"{name:<30} declines P {_f(d['precision'])} R {_f(d['recall'])} F1 {_f(d['f1'])} · "
        f"money kappa {_f(m['kappa'])} ({m['answers']}), violations {m['violations']} "
        f"(accepted {m['violations_the_person_accepted']}) · judged kappa {_f(j['kappa'])} "
        f"coverage {_f(j['coverage'])}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=Path(os.environ.get("FINANCEBENCH", DEFAULT_DATA))
    )
    parser.add_argument("--baseline", default=BASELINE, help="git revision of the baseline grader")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--no-filings", action="store_true", help="ground in evidence pages only")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.data.exists():
        print(f"no FinanceBench data at {args.data}; set $FINANCEBENCH", file=sys.stderr)
        return 2
    labelled = rows(args.data)
    today = Grader(citations=False)
    report: dict[str, object] = {
        "answers": len(labelled),
        "refusals": sum(r.declined for _, r in labelled),
        "grader": {"strategy": today.strategy, "money": today.money},
    }
    report["evidence pages"] = measure(grade_rows(today, labelled), labelled)
    pdfs = find_root(args.data) / "pdfs"
    grounded = labelled
    if not args.no_filings and pdfs.is_dir() and any(pdfs.glob("*.pdf")):
        grounded = with_filings(labelled, args.data)
        report["evidence pages and filings"] = measure(grade_rows(today, grounded), grounded)
    today_grades = grade_rows(today, grounded)
    modes = sorted({mode for mode, _ in grounded})
    report["per_setup"] = {}
    for mode in modes:
        picked = [i for i, (m, _) in enumerate(grounded) if m == mode]
        report["per_setup"][mode] = measure(
            [today_grades[i] for i in picked], [grounded[i] for i in picked]
        )
    report["strategies"] = {}
    for name in STRATEGIES:
        grader = today.variant(strategy=name)
        report["strategies"][f"clause {name}"] = measure(grade_rows(grader, grounded), grounded)
    for name in CONCLUSIONS:
        grader = today.variant(money=name)
        report["strategies"][f"money {name}"] = measure(grade_rows(grader, grounded), grounded)
    if not args.no_baseline:
        old = baseline(args.baseline, args.data, labelled)
        if old is not None:
            report["baseline"] = {"revision": args.baseline, **measure(old, labelled)}
            # over the very answers the baseline called money questions: nothing worse on money
            picked = [i for i, grade in enumerate(old) if grade.money.is_money]
            same = [grounded[i] for i in picked]
            marks = {
                f"{mode}:{row.answer.qid}": {row.answer.qid: label_mark(row, mode)}
                for mode, row in same
            }
            graded = [
                (f"{mode}:{row.answer.qid}", today_grades[i])
                for i, (mode, row) in zip(picked, same, strict=True)
            ]
            judged = [(run, grade) for run, grade in graded if grade.verdict != UNJUDGED]
            report["baseline_money_answers_today"] = {
                "answers": len(picked),
                "judged": len(judged),
                "kappa": agreement(judged, marks).kappa,
            }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"FinanceBench: {report['answers']} labelled answers, {report['refusals']} refusals")
    if "baseline" in report:
        print(line(f"baseline {args.baseline} (v2)", report["baseline"]))
        same = report["baseline_money_answers_today"]
        print(
            f"{'':<30} (today over the {same['answers']} answers the baseline called money "  # type: ignore[index]
            f"questions: judged {same['judged']}, kappa {_f(same['kappa'])})"  # type: ignore[index]
        )
    print(line("today, evidence pages", report["evidence pages"]))
    if "evidence pages and filings" in report:
        print(line("today, + filings", report["evidence pages and filings"]))
    main_figures = report.get("evidence pages and filings") or report["evidence pages"]
    print("\nper kind of key (today, judged answers):")
    for kind, figures in main_figures["per_kind_of_key"].items():  # type: ignore[union-attr]
        print(
            f"  {kind:<18} {figures['answers']:>4} answers, judged {figures['judged']:>4} "
            f"(coverage {_f(figures['coverage'])}), kappa {_f(figures['kappa'])}"
        )
    yes_no = main_figures["yes_no_keys"]  # type: ignore[index]
    print(
        f"  {'yes/no keys (all)':<18} {yes_no['answers']:>4} answers, judged "
        f"{yes_no['judged']:>4} (coverage {_f(yes_no['coverage'])}), kappa {_f(yes_no['kappa'])}"
    )
    print("\nper set-up (today):")
    for mode, figures in report["per_setup"].items():  # type: ignore[union-attr]
        print(line(f"  {mode}", figures))
    print("\nstrategies (each with the other defaults):")
    for name, figures in report["strategies"].items():  # type: ignore[union-attr]
        print(line(f"  {name}", figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

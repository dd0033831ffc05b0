"""FinanceBench (Patronus AI): questions over real 10-K filings, and labelled model answers.

The data is third party and is never shipped here: point the functions at a download (the
folder holding ``financebench_open_source.jsonl``, ``results/`` and ``pdfs/``). This module reads
it into the project's own records; `tui.commands` builds corpora and runs from them, and
``bench/bench_declines.py`` measures the grader against the people's labels.

How a FinanceBench question becomes a gold record (DESIGN 2):

- the key is the gold answer as written, except that a bare number asked "in USD millions"
  (or thousands, billions) becomes a dollar amount ("77.78" -> "$77.78"): the question states
  the currency;
- when the question states a unit and the key has no scale word of its own, the unit is
  recorded (``"$1577.00"`` asked in USD millions is $1,577,000,000);
- a money key's precision is ``written``: each amount is rounded to its last significant digit
  (FinanceBench writes figures with two decimals, so "$8.70" asked in USD billions is 8.7
  billion and "$8,738 million" matches it; "$1577.00" in millions is exact to the million;
  "$1.8 bn" accepts "$1,824 million");
- the golden documents are the filings the evidence comes from.

A label becomes a mark: ``Correct Answer`` is correct, ``Incorrect Answer`` is wrong,
``Refusal`` is wrong and declined. Every question is answerable: FinanceBench has no
negatives, and a refusal is a model declining.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from corpora.needles import mine_needles
from corpora.places import IMPORTED_CONFIGS
from grader.errors import CorpusError
from grader.records.marks import ALL, LABEL, Mark, Picked
from grader.rules.money import find_amounts
from grader.schema import WRITTEN, Answer, Gold, Source, gold_from_dict

QUESTIONS_FILE = "financebench_open_source.jsonl"
LABELS = {
    "Correct Answer": ("correct", False),
    "Incorrect Answer": ("wrong", False),
    "Refusal": ("wrong", True),
}
_UNIT = re.compile(r"\b(thousand|million|billion)s?\b", re.IGNORECASE)
_USD = re.compile(r"\b(?:USD|US\$|dollars?)\b|\$", re.IGNORECASE)
_BARE_NUMBER = re.compile(r"-?\$?-?\d[\d,]*(?:\.\d+)?")


def read_jsonl(path: Path) -> Iterator[tuple[int, Any]]:
    """The records of a JSONL file with their line numbers.

    Raises:
        CorpusError: naming the file and line of a record that is not valid JSON, or a file
            that cannot be read.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise CorpusError(f"cannot read {path}: {exc.strerror or exc}") from exc
    for number, raw in enumerate(data.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            yield number, orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise CorpusError(f"{path}: line {number} is not valid JSON ({exc})") from exc


def find_root(folder: Path) -> Path:
    """The FinanceBench folder at or below ``folder`` (the one holding the questions file).

    Raises:
        CorpusError: when there is none.
    """
    folder = Path(folder)
    if (folder / QUESTIONS_FILE).is_file():
        return folder
    for found in sorted(folder.rglob(QUESTIONS_FILE)):
        return found.parent
    raise CorpusError(f"{folder}: no {QUESTIONS_FILE} here or below (is it a FinanceBench copy?)")


def load_questions(root: Path) -> dict[str, dict[str, Any]]:
    """The questions by ``financebench_id``.

    Raises:
        CorpusError: for a file that cannot be read, or a record without an id, a question or
            an answer (named by line).
    """
    path = Path(root) / QUESTIONS_FILE
    questions: dict[str, dict[str, Any]] = {}
    for number, record in read_jsonl(path):
        if not isinstance(record, dict) or not all(
            isinstance(record.get(name), str) for name in ("financebench_id", "question", "answer")
        ):
            raise CorpusError(f"{path}: line {number}: needs financebench_id, question and answer")
        questions[record["financebench_id"]] = record
    return questions


def gold_for(record: dict[str, Any]) -> Gold:
    """The gold of one FinanceBench question (see the module docstring)."""
    key = record["answer"].strip()
    question = record["question"]
    unit_match = _UNIT.search(question)
    unit = unit_match.group(1).lower() if unit_match else ""
    unit_field = ""
    if unit and _BARE_NUMBER.fullmatch(key):
        if "$" not in key and _USD.search(question):
            key = f"-${key[1:]}" if key.startswith("-") else f"${key}"
        amounts = find_amounts(key)
        if len(amounts) == 1 and amounts[0].text == key:
            unit_field = unit
    docs = tuple(
        dict.fromkeys(e["doc_name"] for e in record.get("evidence", []) if "doc_name" in e)
    )
    return Gold(
        key=key,
        golden_docs=docs or (record.get("doc_name", ""),),
        unit=unit_field,
        precision=WRITTEN if find_amounts(key) else "",
    )


@dataclass(frozen=True, slots=True)
class LabelledAnswer:
    """One labelled model answer: the answer record, the person's verdict, and where it came
    from."""

    answer: Answer
    label: str
    verdict: str
    declined: bool
    line: int


def evidence_sources(record: dict[str, Any]) -> list[Source]:
    """A question's evidence pages as numbered sources (what the model was shown in the
    oracle set-up)."""
    sources = []
    for n, evidence in enumerate(record.get("evidence", []), start=1):
        doc = str(evidence.get("doc_name", ""))
        page = int(evidence.get("evidence_page_num", 0)) + 1  # 0-based upstream
        sources.append(
            Source(
                n=n,
                doc=doc,
                page=page,
                chunk=f"{doc}#p{page}",
                # the whole page when the release has it (what an amount is grounded in)
                text=evidence.get("evidence_text_full_page") or evidence.get("evidence_text", ""),
            )
        )
    return sources


def read_results(path: Path, questions: dict[str, dict[str, Any]]) -> list[LabelledAnswer]:
    """One results file of labelled answers, as answer records with the people's labels.

    Raises:
        CorpusError: naming the line of a record with an unknown question, an unknown label or
            a missing answer.
    """
    labelled = []
    golds: dict[str, Gold] = {}
    documents: list[str] | None = None
    for number, record in read_jsonl(path):
        where = f"{path}: line {number}"
        if not isinstance(record, dict):
            raise CorpusError(f"{where}: expected a JSON object")
        qid = record.get("financebench_id")
        if qid not in questions:
            raise CorpusError(f"{where}: unknown financebench_id {qid!r}")
        label = record.get("label")
        if label not in LABELS:
            raise CorpusError(f"{where}: unknown label {label!r} (known: {', '.join(LABELS)})")
        text = record.get("model_answer")
        if isinstance(text, int | float) and not isinstance(text, bool):
            text = str(text)  # a bare figure, written as a JSON number (seen once upstream)
        if text is not None and not isinstance(text, str):
            raise CorpusError(f"{where}: model_answer must be a string or a number")
        question = questions[qid]
        verdict, declined = LABELS[label]
        if qid not in golds:
            documents = evidence_documents(questions) if documents is None else documents
            golds[qid] = gold_from_dict(question_record(question, documents)["gold"])
        answer = Answer(
            qid=qid,
            kind="answerable",
            question=question["question"],
            gold=golds[qid],
            answer=text or "",
            sources=evidence_sources(question),
            latency_ms=None,
            error=None,
            line=number,
        )
        labelled.append(LabelledAnswer(answer, label, verdict, declined, number))
    return labelled


ANNOTATORS = "FinanceBench annotators"


def label_mark(labelled: LabelledAnswer, source: str, created: str = "") -> Mark:
    """A person's label as a mark: Correct is correct; Incorrect is wrong; Refusal is wrong,
    declined. The grader fields are empty: the label was made against no grader of ours.
    FinanceBench labels every answer of a results file: picked ``all``."""
    return Mark(
        qid=labelled.answer.qid,
        says=LABEL,
        verdict=labelled.verdict,
        note=labelled.label,
        created=created,
        by=ANNOTATORS,
        grader_fingerprint="",
        grader_verdict="",
        declined=labelled.declined,
        source=f"{source}:{labelled.line}",
        picked=Picked(ALL),
    )


# --- a corpus from the questions and the filings present -------------------------------------


@dataclass
class CorpusReport:
    """What ``corpus import-financebench`` did, for the user and for tests."""

    out: Path
    documents: list[str]
    questions: int = 0
    money_keys: int = 0
    text_keys: int = 0
    needles_kept: int = 0
    without_filing: list[tuple[str, str]] | None = None  # (qid, the filing that is absent)

    def to_dict(self) -> dict[str, Any]:
        return {
            "out": str(self.out),
            "documents": self.documents,
            "questions": self.questions,
            "money_keys": self.money_keys,
            "text_keys": self.text_keys,
            "needles_kept": self.needles_kept,
            "without_filing": [
                {"qid": qid, "filing": doc} for qid, doc in self.without_filing or []
            ],
        }


def question_record(record: dict[str, Any], documents: Sequence[str] = ()) -> dict[str, Any]:
    """One FinanceBench question as a corpus question (DESIGN 3).

    A money key is graded as an amount, a key's figures as figures. A text key keeps the gold
    answer as its key; when it is longer than a figure, needles are mined from it
    (`corpora.needles`: names, acronyms and the figures it answers with, never a bare word),
    kept only where they occur in the evidence, not in the question and not in most of the
    filings (``documents``: their evidence pages, `evidence_documents`); any one of them must be
    asserted. The justification is the annotator's working, and no needle is mined from it.
    """
    gold = gold_for(record)
    needles: list[str] = []
    if not find_amounts(gold.key) and len(gold.key.split()) > 3:
        evidence = " ".join(
            e.get("evidence_text_full_page") or e.get("evidence_text", "")
            for e in record.get("evidence", [])
        )
        needles, _dropped = mine_needles(record["answer"], record["question"], evidence, documents)
    return {
        "qid": record["financebench_id"],
        "kind": "answerable",
        "question": record["question"],
        "gold": {**gold.to_dict(), "must_contain_any": needles},
        "company": record.get("company", ""),
        "question_type": record.get("question_type", ""),
    }


def evidence_documents(questions: dict[str, dict[str, Any]]) -> list[str]:
    """The text FinanceBench holds of each filing: its evidence pages, joined (how common a
    mined needle is among the filings is counted in these)."""
    pages: dict[str, list[str]] = {}
    for record in questions.values():
        for evidence in record.get("evidence", []):
            text = evidence.get("evidence_text_full_page") or evidence.get("evidence_text", "")
            pages.setdefault(str(evidence.get("doc_name", "")), []).append(text)
    return [" ".join(texts) for _doc, texts in sorted(pages.items())]


def import_corpus(source: Path, out: Path, pdfs: Path | None = None) -> CorpusReport:
    """Build a corpus folder at ``out`` from a FinanceBench copy: the filings present in
    ``pdfs`` (default ``<source>/pdfs``) and the questions about them. A question whose filing
    is absent is left out and reported; answers to it, imported as runs, are still graded
    against the gold they carry.

    Raises:
        CorpusError: for an unreadable questions file or an ``out`` that exists.
    """
    import json
    import shutil

    root = find_root(source)
    questions = load_questions(root)
    pdfs = Path(pdfs) if pdfs else root / "pdfs"
    out = Path(out)
    if out.exists() and any(out.iterdir()):
        raise CorpusError(f"{out}: already exists and is not empty; choose a new --out folder")
    present = {path.stem: path for path in sorted(pdfs.glob("*.pdf"))} if pdfs.is_dir() else {}
    report = CorpusReport(out=out, documents=[], without_filing=[])
    rows = []
    documents = evidence_documents(questions)
    for qid, record in questions.items():
        filing = str(record.get("doc_name", ""))
        if filing not in present:
            report.without_filing.append((qid, filing))  # type: ignore[union-attr]
            continue
        row = question_record(record, documents)
        row["gold"]["golden_docs"] = [filing]
        rows.append(row)
        report.questions += 1
        if find_amounts(row["gold"]["key"]):
            report.money_keys += 1
        else:
            report.text_keys += 1
        report.needles_kept += len(row["gold"]["must_contain_any"])
    used = sorted({row["gold"]["golden_docs"][0] for row in rows})
    (out / "docs").mkdir(parents=True, exist_ok=True)
    toml = [
        f"name = {json.dumps(out.name)}",
        'title = "FinanceBench (Patronus AI) open sample, imported by ragtriage"',
        "# third-party data, CC-BY-NC-4.0: for testing and measuring",
        "",
        *IMPORTED_CONFIGS,
    ]
    for filing in used:
        shutil.copyfile(present[filing], out / "docs" / f"{filing}.pdf")
        toml += [
            "[[documents]]",
            f"id = {json.dumps(filing)}",
            f"file = {json.dumps(f'docs/{filing}.pdf')}",
            f"title = {json.dumps(filing.replace('_', ' '))}",
            "",
        ]
        report.documents.append(filing)
    (out / "corpus.toml").write_text("\n".join(toml), encoding="utf-8")
    (out / "questions.jsonl").write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))
    return report

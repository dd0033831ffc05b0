"""Importers of labelled answers: FinanceBench, labels, answers made elsewhere; bad rows named,
nothing half-written."""

import csv
import json
import shutil

import orjson
import pytest

from grader.records.marks import marks_path, read_marks
from grader.records.runfile import read_run
from tests.conftest import ROOT
from tui.cli import main

SHARED = ROOT.parent / "shared" / "financebench"
EXAMPLE = ROOT / "runs" / "example-essay-cases.jsonl"


def fake_financebench(folder):
    """A FinanceBench-shaped folder of our own: two questions, one filing, one results file."""
    folder.mkdir()
    questions = [
        {
            "financebench_id": "fb-capex",
            "doc_name": "ACME_2022_10K",
            "question": "What is the FY2022 capital expenditure (in USD millions) for Acme?",
            "answer": "$1577.00",
            "justification": "",
            "evidence": [
                {
                    "evidence_text": "Purchases of PP&E (1,577)",
                    "doc_name": "ACME_2022_10K",
                    "evidence_page_num": 4,
                }
            ],
        },
        {
            "financebench_id": "fb-missing",
            "doc_name": "GONE_2022_10K",
            "question": "Is Gone Inc. capital intensive?",
            "answer": "Yes, its capex ratio is 12.5% of revenue.",
            "justification": "",
            "evidence": [
                {
                    "evidence_text": "capex ratio 12.5%",
                    "doc_name": "GONE_2022_10K",
                    "evidence_page_num": 0,
                }
            ],
        },
    ]
    (folder / "financebench_open_source.jsonl").write_text(
        "".join(json.dumps(q) + "\n" for q in questions)
    )
    (folder / "pdfs").mkdir()
    shutil.copyfile(
        ROOT / "corpora" / "finance" / "docs" / "w2-2023.pdf", folder / "pdfs" / "ACME_2022_10K.pdf"
    )
    (folder / "results").mkdir()
    results = [
        {
            "financebench_id": "fb-capex",
            "model_name": "m",
            "eval_mode": "oracle",
            "model_answer": "Capex was $1,577 million.",
            "label": "Correct Answer",
        },
        {
            "financebench_id": "fb-missing",
            "model_name": "m",
            "eval_mode": "oracle",
            "model_answer": "I'm sorry, but the provided context does not include it.",
            "label": "Refusal",
        },
    ]
    (folder / "results" / "m_oracle.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in results)
    )
    return folder


def test_financebench_corpus_runs_and_marks(tmp_path, capsys):
    source = fake_financebench(tmp_path / "fb")
    corpus = tmp_path / "corpora" / "financebench"
    assert main(["corpus", "import-financebench", str(source), "--out", str(corpus), "--json"]) == 0
    report = orjson.loads(capsys.readouterr().out)
    assert report["questions"] == 1 and report["without_filing"] == [
        {"qid": "fb-missing", "filing": "GONE_2022_10K"}
    ]
    gold = orjson.loads((corpus / "questions.jsonl").read_bytes())["gold"]
    assert (gold["key"], gold["unit"], gold["precision"]) == ("$1577.00", "million", "written")
    runs = tmp_path / "runs"
    results = source / "results" / "m_oracle.jsonl"
    assert (
        main(["import", "financebench", str(results), "--corpus", str(corpus), "--runs", str(runs)])
        == 0
    )
    run = read_run(runs / "m_oracle.jsonl")
    assert run.header["grading"] == {"citations": False}
    assert run.answers[0].sources[0].page == 5  # evidence pages are 0-based upstream
    marks, _ = read_marks(run.path)
    assert (marks["fb-missing"].verdict, marks["fb-missing"].declined) == ("wrong", True)
    assert marks["fb-capex"].source.endswith("m_oracle.jsonl:1")
    capsys.readouterr()
    assert (
        main(["agreement", "--runs", str(runs), "--corpora", str(tmp_path / "corpora"), "--json"])
        == 0
    )
    result = orjson.loads(capsys.readouterr().out)
    assert result["marks"] == 2 and result["agreement"] == 1.0
    # importing again refuses, and changes nothing
    before = run.path.read_bytes()
    assert (
        main(["import", "financebench", str(results), "--corpus", str(corpus), "--runs", str(runs)])
        == 2
    )
    assert run.path.read_bytes() == before


def test_a_bad_results_row_is_named_and_nothing_is_written(tmp_path, capsys):
    source = fake_financebench(tmp_path / "fb")
    corpus = tmp_path / "corpora" / "financebench"
    assert main(["corpus", "import-financebench", str(source), "--out", str(corpus)]) == 0
    results = source / "results" / "m_oracle.jsonl"
    with open(results, "a") as handle:
        handle.write(
            json.dumps({"financebench_id": "fb-capex", "label": "Maybe", "model_answer": "x"})
            + "\n"
        )
    runs = tmp_path / "runs"
    assert (
        main(["import", "financebench", str(results), "--corpus", str(corpus), "--runs", str(runs)])
        == 2
    )
    assert "line 3: unknown label 'Maybe'" in capsys.readouterr().err
    assert not runs.exists() or not any(runs.iterdir())


@pytest.fixture
def run_copy(tmp_path):
    path = tmp_path / "runs" / "example-essay-cases.jsonl"
    path.parent.mkdir()
    shutil.copyfile(EXAMPLE, path)
    return path


def test_labels_from_a_spreadsheet_export(run_copy, tmp_path):
    labels = tmp_path / "labels.csv"
    labels.write_text(
        "qid,verdict,declined,note\n"
        "fin-adt-amount-due,correct,,right\n"
        "openrag-neg-0035bbca,Correct,yes,a clean decline\n"
        "fin-1040-amount-owed,Incorrect Answer,no,\n"
    )
    assert main(["import", "labels", str(labels), "--run", str(run_copy), "--by", "ana"]) == 0
    marks, _ = read_marks(run_copy)
    assert {q: (m.verdict, m.declined, m.says, m.by) for q, m in marks.items()} == {
        "fin-adt-amount-due": ("correct", None, "label", "ana"),
        "openrag-neg-0035bbca": ("correct", True, "label", "ana"),
        "fin-1040-amount-owed": ("wrong", False, "label", "ana"),
    }
    assert marks["fin-adt-amount-due"].source == f"{labels}:2"


def test_labels_from_an_annotation_queue_jsonl(run_copy, tmp_path):
    labels = tmp_path / "queue.jsonl"
    labels.write_text(
        json.dumps({"qid": "fin-ins-flood", "verdict": "partial", "note": "thin"}) + "\n"
    )
    assert main(["import", "labels", str(labels), "--run", str(run_copy)]) == 0
    mark = read_marks(run_copy)[0]["fin-ins-flood"]
    assert (mark.verdict, mark.note, mark.by) == ("partial", "thin", "labels from queue.jsonl")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (  # the header (line 1) lacks the column, not the row after it
            "qid,note\nfin-ins-flood,x\n",
            "line 1 (the header): labels need the columns qid (or question) and verdict",
        ),
        ("qid,verdict\nfin-ins-flood,great\n", "line 2: unknown verdict 'great'"),
        ("qid,verdict\nnot-a-qid,correct\n", "line 2: no answer 'not-a-qid'"),
        ("qid,verdict,declined\nfin-ins-flood,correct,perhaps\n", "declined must be true or false"),
        (b"qid,verdict\nfin-ins-flood,caf\xe9\n", "line 2: not valid UTF-8"),
    ],
    ids=[
        "a-missing-column",
        "an-unknown-verdict",
        "a-qid-not-in-the-run",
        "a-bad-declined",
        "not-utf-8",
    ],
)
def test_bad_labels_are_named_and_nothing_is_written(run_copy, tmp_path, capsys, content, message):
    labels = tmp_path / "labels.csv"
    if isinstance(content, bytes):
        labels.write_bytes(content)
    else:
        labels.write_text(content)
    assert main(["import", "labels", str(labels), "--run", str(run_copy)]) == 2
    assert message in capsys.readouterr().err
    assert read_marks(run_copy)[0] == {}


RAGAS = [
    {
        "user_input": "How much is due?",
        "response": "The amount due is $42.99 [1].",
        "retrieved_contexts": ["Amount due $42.99"],
        "reference": "$42.99",
    },
    {
        "user_input": "What is the late fee?",
        "response": "I could not find it.",
        "retrieved_contexts": [],
        "reference": "",
        "kind": "negative",
    },
]


def test_answers_with_ragas_field_names(tmp_path, capsys):
    path = tmp_path / "eval.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in RAGAS))
    runs = tmp_path / "runs"
    assert main(["import", "answers", str(path), "--runs", str(runs), "--name", "mine"]) == 0
    run = read_run(runs / "mine.jsonl")
    assert [a.kind for a in run.answers] == ["answerable", "negative"]
    assert run.answers[0].sources[0].text == "Amount due $42.99"
    assert run.answers[0].gold.key == "$42.99"
    capsys.readouterr()
    assert main(["grade", str(runs / "mine.jsonl"), "--json"]) == 0
    graded = orjson.loads(capsys.readouterr().out)
    assert [a["verdict"] for a in graded["answers"]] == ["correct", "correct"]


def test_a_free_text_reference_is_checked_by_the_facts_mined_from_it(tmp_path, capsys):
    """A free-text Ragas reference was matched word for word, so every answer to it was
    "wrong: missing key"; its names are facts a rule can check, its topic words are not."""
    rows = [
        {
            "user_input": "Why did the council create the stormwater fund?",
            "response": "Because the Stormwater Enterprise Fund lets user fees pay for it [1].",
            "retrieved_contexts": [
                "Resolution 2024-31 creates the Stormwater Enterprise Fund, paid by user fees."
            ],
            "reference": "To have the Stormwater Enterprise Fund financed by user fees.",
        },
        {
            "user_input": "Why was the library renovated?",
            "response": "The council wanted more study rooms [1].",
            "retrieved_contexts": ["The council renovated the library for its accessibility."],
            "reference": "The renovation brought the library up to accessibility standards.",
        },
    ]
    path = tmp_path / "eval.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    runs = tmp_path / "runs"
    assert main(["import", "answers", str(path), "--runs", str(runs), "--name", "why"]) == 0
    fund, library = read_run(runs / "why.jsonl").answers
    assert fund.gold.must_contain_any == ("Stormwater Enterprise Fund",)
    assert library.gold.must_contain_any == ()  # only topic words: nothing to check
    capsys.readouterr()
    assert main(["grade", str(runs / "why.jsonl"), "--json"]) == 0
    graded = orjson.loads(capsys.readouterr().out)
    assert [a["verdict"] for a in graded["answers"]] == ["correct", "unjudged"]


def test_answers_with_plain_field_names_in_csv(tmp_path):
    path = tmp_path / "eval.csv"
    path.write_text(
        "question,answer,contexts,ground_truth\n"
        'How much is due?,The amount due is $42.99.,"[""Amount due $42.99""]",$42.99\n'
    )
    runs = tmp_path / "runs"
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 0
    (answer,) = read_run(runs / "eval.jsonl").answers
    assert (answer.question, answer.gold.key, answer.sources[0].text) == (
        "How much is due?",
        "$42.99",
        "Amount due $42.99",
    )


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"response": "x"}, "line 2: no question"),
        (
            {"question": "q", "answer": "a", "contexts": [1, 2]},
            "line 2: contexts must be a list of strings",
        ),
        ({"question": "q", "answer": "a", "kind": "rhetorical"}, "line 2: kind must be one of"),
        ({"question": "q", "answer": 42}, "line 2: the answer must be text"),
    ],
    ids=["no-question", "bad-contexts", "bad-kind", "bad-answer"],
)
def test_bad_answer_rows_are_named_and_nothing_is_written(tmp_path, capsys, row, message):
    path = tmp_path / "eval.jsonl"
    path.write_text(json.dumps(RAGAS[0]) + "\n" + json.dumps(row) + "\n")
    runs = tmp_path / "runs"
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 2
    assert message in capsys.readouterr().err
    assert not (runs / "eval.jsonl").exists()


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/financebench is absent")
def test_the_real_financebench_imports(tmp_path, capsys):
    corpus = tmp_path / "corpora" / "financebench"
    assert main(["corpus", "import-financebench", str(SHARED), "--out", str(corpus), "--json"]) == 0
    report = orjson.loads(capsys.readouterr().out)
    assert report["questions"] == 129 and len(report["documents"]) == 74
    runs = tmp_path / "runs"
    results = sorted((SHARED / "results").glob("*.jsonl"))
    assert (
        main(
            [
                "import",
                "financebench",
                *map(str, results),
                "--corpus",
                str(corpus),
                "--runs",
                str(runs),
            ]
        )
        == 0
    )
    assert len(list(runs.glob("*.marks.jsonl"))) == 7


# --- issue: imports that grade nothing, pandas lists, semicolons, the same file twice ----------


def write_rows(tmp_path, rows, name="eval.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


EMPTY = "line 2: empty reference: give a key, or kind negative"
NO_REFERENCE = "line 2: no reference (reference or ground_truth or ground_truths or key or gold"


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            {"user_input": "How much is due?", "response": "It is $99.00 [1].", "reference": ""},
            EMPTY,
        ),
        ({"user_input": "How much is due?", "response": "It is $99.00 [1]."}, NO_REFERENCE),
        (
            {"user_input": "How much?", "response": "$99.00 [1].", "referense": "$99.00"},
            NO_REFERENCE + "; or kind negative); unknown field(s) referense",
        ),
        ({"question": "Q?", "answer": "x", "ground_truth": "   ", "kind": "ambiguous"}, EMPTY),
    ],
    ids=[
        "empty-reference",
        "no-reference-at-all",
        "a-misspelled-reference",
        "blank-key-on-an-ambiguous-question",
    ],
)
def test_an_answerable_question_without_a_key_is_refused(tmp_path, capsys, row, message):
    """An empty Ragas reference once made a question no answer could fail: an invented amount
    was graded correct. A misspelled reference field was reported as "empty reference"."""
    path = write_rows(tmp_path, [RAGAS[0], row])
    runs = tmp_path / "runs"
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 2
    assert message in capsys.readouterr().err
    assert not (runs / "eval.jsonl").exists()


@pytest.mark.parametrize(
    ("row", "kind"),
    [
        (
            {"question": "Q?", "answer": "I cannot say.", "reference": "", "kind": "negative"},
            "negative",
        ),
        (
            {"question": "Q?", "answer": "Yes, GPS.", "reference": "", "must_contain": ["GPS"]},
            "answerable",
        ),
    ],
    ids=["a-negative-needs-no-key", "a-needle-is-a-checkable-fact"],
)
def test_a_question_without_a_key_is_accepted_when_it_can_be_graded(tmp_path, row, kind):
    path = write_rows(tmp_path, [row])
    runs = tmp_path / "runs"
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 0
    assert [a.kind for a in read_run(runs / "eval.jsonl").answers] == [kind]


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("['Amount due $42.99', 'Late fee $5.00']", ["Amount due $42.99", "Late fee $5.00"]),
        ('["Amount due $42.99"]', ["Amount due $42.99"]),
        ("['it\\'s $42.99', \"quoted 'one'\"]", ["it's $42.99", "quoted 'one'"]),
        ("[]", []),
        ("Amount due $42.99", ["Amount due $42.99"]),
        ("[1] Amount due $42.99", ["[1] Amount due $42.99"]),
    ],
    ids=[
        "pandas-python-list",
        "json-list",
        "python-list-with-quotes-inside",
        "empty-list",
        "one-plain-string",
        "a-string-that-opens-with-a-bracket",
    ],
)
def test_list_cells_as_pandas_writes_them(tmp_path, cell, expected):
    path = tmp_path / "eval.csv"
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["question", "answer", "contexts", "ground_truth"])
        writer.writerow(["How much is due?", "It is $42.99 [1].", cell, "$42.99"])
    runs = tmp_path / "runs"
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 0
    (answer,) = read_run(runs / "eval.jsonl").answers
    assert [s.text for s in answer.sources] == expected


@pytest.mark.parametrize(
    "cell",
    [
        "[__import__('os').system('touch pwned')]",
        "[open('pwned', 'w')]",
        "['a', 1]",
        "['unclosed]",
    ],
    ids=["a-call", "another-call", "not-all-strings", "not-a-literal"],
)
def test_a_list_cell_is_a_literal_never_code(tmp_path, capsys, monkeypatch, cell):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "eval.csv"
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["question", "answer", "contexts", "ground_truth"])
        writer.writerow(["Q?", "A.", cell, "$1.00"])
    assert main(["import", "answers", str(path), "--runs", str(tmp_path / "runs")]) == 2
    assert "line 2: contexts must be a list of strings" in capsys.readouterr().err
    assert not (tmp_path / "pwned").exists()


def test_a_semicolon_separated_file_is_read(run_copy, tmp_path):
    """A spreadsheet saved in a locale that writes decimal commas separates with semicolons."""
    labels = tmp_path / "labels.csv"
    labels.write_text('qid;verdict;note\nfin-ins-flood;wrong;"a note; with a semicolon"\n')
    assert main(["import", "labels", str(labels), "--run", str(run_copy)]) == 0
    mark = read_marks(run_copy)[0]["fin-ins-flood"]
    assert (mark.verdict, mark.note) == ("wrong", "a note; with a semicolon")
    answers = tmp_path / "eval.csv"
    answers.write_text(
        "question;answer;ground_truth\nHow much is due?;It is $42.99, I think.;$42.99\n"
    )
    assert main(["import", "answers", str(answers), "--runs", str(tmp_path / "runs")]) == 0
    (answer,) = read_run(tmp_path / "runs" / "eval.jsonl").answers
    assert answer.answer == "It is $42.99, I think."


def test_a_header_that_names_no_known_column_says_how_it_was_split(run_copy, tmp_path, capsys):
    labels = tmp_path / "labels.csv"
    labels.write_text("qid|verdict\nfin-ins-flood|wrong\n")
    assert main(["import", "labels", str(labels), "--run", str(run_copy)]) == 2
    assert "split at commas, names: qid|verdict" in capsys.readouterr().err


def test_the_same_labels_twice_add_nothing_the_second_time(run_copy, tmp_path, capsys):
    labels = tmp_path / "labels.csv"
    labels.write_text("qid,verdict,note\nfin-ins-flood,wrong,thin\nfin-adt-amount-due,correct,\n")
    assert main(["import", "labels", str(labels), "--run", str(run_copy)]) == 0
    first = marks_path(run_copy).read_bytes()
    capsys.readouterr()
    assert main(["import", "labels", str(labels), "--run", str(run_copy)]) == 0
    out = capsys.readouterr().out
    assert "nothing new" in out and "2 label(s) were there already" in out
    assert marks_path(run_copy).read_bytes() == first
    moved = tmp_path / "elsewhere" / "labels.csv"  # the same file, from another folder
    moved.parent.mkdir()
    shutil.copyfile(labels, moved)
    assert (
        main(
            [
                "import",
                "labels",
                str(moved),
                "--run",
                "example-essay-cases",
                "--runs",
                str(run_copy.parent),
                "--json",
            ]
        )
        == 0
    )
    (item,) = orjson.loads(capsys.readouterr().out)["imported"]
    assert (item["marks"], item["already"]) == (0, 2)
    labels.write_text("qid,verdict,note\nfin-ins-flood,partial,thin\nfin-adt-amount-due,correct,\n")
    assert main(["import", "labels", str(labels), "--run", str(run_copy), "--json"]) == 0
    (item,) = orjson.loads(capsys.readouterr().out)["imported"]
    assert (item["marks"], item["already"]) == (1, 1)  # the changed row only
    assert read_marks(run_copy)[0]["fin-ins-flood"].verdict == "partial"


def test_a_label_undone_by_a_reviewer_is_not_brought_back_by_importing_again(run_copy, tmp_path):
    from grader.records.marks import append_undo

    labels = tmp_path / "labels.csv"
    labels.write_text("qid,verdict\nfin-ins-flood,wrong\n")
    assert main(["import", "labels", str(labels), "--run", str(run_copy), "--by", "ana"]) == 0
    append_undo(run_copy, "fin-ins-flood", by="ana")
    assert main(["import", "labels", str(labels), "--run", str(run_copy), "--by", "ana"]) == 0
    assert read_marks(run_copy)[0] == {}


def test_the_hint_after_importing_answers_points_to_review(tmp_path, capsys):
    path = write_rows(tmp_path, RAGAS)
    assert main(["import", "answers", str(path), "--runs", str(tmp_path / "runs")]) == 0
    assert f"next: `ragtriage review {tmp_path / 'runs' / 'eval.jsonl'}`" in capsys.readouterr().out


# --- export marks: what import labels reads ------------------------------------------------------


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_exported_marks_import_back_as_the_same_marks(run_copy, tmp_path, capsys, fmt):
    from grader.records.marks import append_mark, append_undo, make_mark
    from grader.rules.verdict import Grader

    grader = Grader()
    run = read_run(run_copy)
    by_qid = {answer.qid: grader.grade(answer) for answer in run.answers}
    append_mark(run_copy, make_mark(by_qid["fin-ins-flood"], "agree", "fp", by="ana"))
    append_mark(
        run_copy,
        make_mark(
            by_qid["fin-adt-amount-due-essay"],
            "disagree",
            "fp",
            verdict="partial",
            note='quotes the key, "then" asserts, another; with a comma, and\na line break',
            declined=False,
            by="bo",
        ),
    )
    append_mark(run_copy, make_mark(by_qid["fin-1040-amount-owed"], "agree", "fp", by="ana"))
    append_undo(run_copy, "fin-1040-amount-owed", by="ana")
    out = tmp_path / f"marks.{fmt}"
    assert main(["export", "marks", str(run_copy), "--format", fmt, "--out", str(out)]) == 0
    assert "wrote 2 mark(s)" in capsys.readouterr().err
    fresh = tmp_path / "fresh" / run_copy.name
    fresh.parent.mkdir()
    shutil.copyfile(EXAMPLE, fresh)
    assert main(["import", "labels", str(out), "--run", str(fresh)]) == 0
    exported = read_marks(run_copy)[0]
    imported = read_marks(fresh)[0]
    assert set(imported) == set(exported) == {"fin-ins-flood", "fin-adt-amount-due-essay"}
    for qid, mark in exported.items():
        again = imported[qid]
        assert (again.verdict, again.declined, again.note, again.by) == (
            mark.verdict,
            mark.declined,
            mark.note,
            mark.by,
        )


def test_export_writes_to_standard_output_by_default(run_copy, capsys):
    assert main(["export", "marks", str(run_copy)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "qid,verdict,declined,note,by,says,created,source,grader_verdict,grader_fingerprint,"
        "picked,blind"
    ]

"""A new user's afternoon (issue 47): ten answers of their own about a flat's lease, a coffee
machine and a household insurance policy, in Ragas' field names, with a colleague's labels.
Each test is a wrong result that once happened on such data."""

import csv
import json
import shutil

import orjson
import pytest

from engine.imports.answers import import_answers
from engine.imports.fields import question_qid
from grader.records.marks import marks_path, read_marks
from grader.records.runfile import read_run
from tests.conftest import ROOT
from tui.cli import main

EXAMPLE = ROOT / "runs" / "example-essay-cases.jsonl"

LEASE = (
    "Section 3. Rent. The Tenant shall pay a monthly rent of $1,450, due on the first day of "
    "each month. A late fee of $75 applies to rent received after the fifth day."
)
NOTICE = (
    "Section 14. Termination. Either party may end this lease with at least 60 days' written "
    "notice to the other party."
)
REPAIRS = (
    "Section 9. Repairs. The Landlord is responsible for repairs to the heating, the plumbing "
    "and the water heater. The Tenant repairs damage caused by the Tenant's guests."
)
PETS = "Section 11. Pets. No pets may be kept on the premises without the Landlord's consent."
DESCALE = (
    "Maintenance. Descale the machine every 3 months, or sooner when the descale light "
    "flashes orange. Use only the descaling liquid supplied."
)
HARDNESS = "Water hardness. For hard water, set the hardness to level 4 in the settings menu."
WARRANTY = "Warranty. The manufacturer warrants the machine for 2 years from the date of purchase."
DEDUCTIBLE = (
    "Part B, Water damage. The deductible for each claim of water damage is $500. Burst pipes "
    "are covered; seepage over time is not."
)
FLOOD = "Exclusions. This policy does not cover loss caused by flood or surface water."
BICYCLE = "Part C, Theft. Theft from the dwelling is covered after forced entry."

# (question, answer, contexts, reference): the afternoon's ten answers.
AFTERNOON = [
    (
        "How much is the monthly rent under the lease?",
        "The monthly rent is $1,450 [1].",
        [LEASE],
        "$1,450",
    ),
    (
        "How many days' notice must the tenant give before moving out?",
        "The tenant must give at least 60 days' written notice [1].",
        [NOTICE],
        "60 days",
    ),
    (
        "Who pays for repairs to the water heater?",
        "The landlord pays for repairs to the water heater [1].",
        [REPAIRS],
        "The Landlord",
    ),
    (
        "Are pets allowed in the flat?",
        "No, pets need the landlord's consent [1].",
        [PETS],
        "No",
    ),
    (
        "How often should the coffee machine be descaled?",
        "Descale it every 3 months [1].",
        [DESCALE],
        "Every 3 months",
    ),
    (
        "Which hardness level should be set for hard water?",
        "Set the hardness to level 4 [1].",
        [HARDNESS],
        "Level 4",
    ),
    (
        "How long is the coffee machine's warranty?",
        "The warranty lasts 2 years from purchase [1].",
        [WARRANTY],
        "2 years",
    ),
    (
        "What is the deductible for water damage under the household policy?",
        "The deductible is $500 per claim [1].",
        [DEDUCTIBLE],
        "$500",
    ),
    (
        "Does the household policy cover flood damage?",
        "No, flood damage is excluded [1].",
        [FLOOD],
        "No",
    ),
    (
        "Does the policy cover a bicycle stolen while left unlocked in the street?",
        "I could not find anything about bicycles left unlocked in the policy.",
        [BICYCLE],
        "The documents do not say.",
    ),
]


def ragas_rows(order=None):
    rows = [
        {"user_input": q, "response": a, "retrieved_contexts": c, "reference": r}
        for q, a, c, r in AFTERNOON
    ]
    return [rows[i] for i in order] if order else rows


def write_jsonl(path, rows):
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def write_csv(path, rows):
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            cells = dict(row)
            if "retrieved_contexts" in cells:
                cells["retrieved_contexts"] = json.dumps(cells["retrieved_contexts"])
            writer.writerow(cells)
    return path


@pytest.fixture
def runs(tmp_path):
    folder = tmp_path / "runs"
    folder.mkdir()
    return folder


def imported(tmp_path, runs, name="afternoon", rows=None):
    path = write_jsonl(tmp_path / f"{name}.jsonl", rows or ragas_rows())
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 0
    return runs / f"{name}.jsonl"


# --- 1. queue and judge take a run id -----------------------------------------------------------


def test_queue_and_judge_take_a_run_id_with_did_you_mean(tmp_path, runs, capsys):
    """`queue RUN_ID` and `judge RUN_ID` said "cannot read run file": they built the path
    themselves instead of resolving the run as every other command does."""
    imported(tmp_path, runs)
    capsys.readouterr()
    assert main(["queue", "afternoon", "--runs", str(runs), "--json"]) == 0
    assert len(orjson.loads(capsys.readouterr().out)["queue"]) == 10
    for command in (["queue", "aftrenoon"], ["judge", "aftrenoon", "--only", "all"]):
        assert main([*command, "--runs", str(runs)]) == 2
        err = capsys.readouterr().err
        assert "no run 'aftrenoon'" in err and "did you mean afternoon?" in err
    shutil.copyfile(EXAMPLE, runs / EXAMPLE.name)
    absent = str(tmp_path / "absent.gguf")
    assert main(["judge", "example-essay-cases", "--runs", str(runs), "--model", absent]) == 0
    assert "nothing to judge" in capsys.readouterr().out


# --- 2. a misspelled or missing answer field is refused -----------------------------------------


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_a_misspelled_answer_field_is_refused_naming_it(tmp_path, runs, capsys, fmt):
    """`answer_text` for `response` imported with exit 0 as ten blank answers, all graded
    wrong."""
    rows = [
        {"user_input": q, "answer_text": a, "retrieved_contexts": c, "reference": r}
        for q, a, c, r in AFTERNOON
    ]
    path = tmp_path / f"afternoon.{fmt}"
    (write_jsonl if fmt == "jsonl" else write_csv)(path, rows)
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "no answer field (unknown field(s) answer_text)" in err
    assert "the answer is read from response or answer" in err
    assert list(runs.iterdir()) == []


def test_a_csv_without_an_answer_column_is_refused(tmp_path, runs, capsys):
    path = tmp_path / "questions.csv"
    path.write_text(
        "question,ground_truth\n"
        'How much is the monthly rent under the lease?,"$1,450"\n'
        "How long is the coffee machine's warranty?,2 years\n"
    )
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 2
    err = capsys.readouterr().err
    assert "no answer field (its fields: question, ground_truth)" in err
    assert list(runs.iterdir()) == []


def test_one_row_without_its_answer_is_named_with_its_line(tmp_path, runs, capsys):
    rows = ragas_rows()
    rows[3] = {k: v for k, v in rows[3].items() if k != "response"} | {"reply": "No."}
    path = write_jsonl(tmp_path / "afternoon.jsonl", rows)
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 2
    err = capsys.readouterr().err
    assert "line 4: no answer (response or answer); unknown field(s) reply" in err
    assert list(runs.iterdir()) == []


# --- 3. stable ids ------------------------------------------------------------------------------


def test_an_answer_without_an_id_gets_one_from_its_question_never_a_row_number(tmp_path, runs):
    run = read_run(imported(tmp_path, runs))
    assert [a.qid for a in run.answers] == [question_qid(q) for q, *_ in AFTERNOON]
    assert all(a.qid.startswith("q-") and not a.qid.startswith("row-") for a in run.answers)
    assert question_qid("how much is the  monthly rent under the lease?") == run.answers[0].qid


@pytest.mark.parametrize(
    "field", ["qid", "id", "question_id", "sample_id"], ids=lambda f: f"source-{f}"
)
def test_an_answer_keeps_its_sources_id(tmp_path, runs, field):
    rows = [dict(row, **{field: f"lease-{n:02}"}) for n, row in enumerate(ragas_rows(), 1)]
    run = read_run(imported(tmp_path, runs, rows=rows))
    assert [a.qid for a in run.answers] == [f"lease-{n:02}" for n in range(1, 11)]


def test_a_question_asked_twice_in_one_file_gets_a_suffix_in_order(tmp_path, runs):
    rows = ragas_rows()[:2]
    again = dict(rows[0], response="It is $1,450 a month [1].")
    run = read_run(imported(tmp_path, runs, rows=[rows[0], rows[1], again]))
    made = question_qid(AFTERNOON[0][0])
    assert [a.qid for a in run.answers] == [made, question_qid(AFTERNOON[1][0]), f"{made}-2"]


def test_the_same_answers_reordered_or_as_csv_compare_as_identical(tmp_path, runs, capsys):
    """The same answers in another order or as CSV got other `row-N` ids, and `compare`
    paired different questions: "8 of 10 differ" on identical data."""
    imported(tmp_path, runs, "monday")
    reordered = write_jsonl(tmp_path / "tuesday.jsonl", ragas_rows([9, 3, 0, 7, 1, 5, 2, 8, 4, 6]))
    as_csv = write_csv(tmp_path / "wednesday.csv", ragas_rows())
    for path in (reordered, as_csv):
        assert main(["import", "answers", str(path), "--runs", str(runs)]) == 0
    for other in ("tuesday", "wednesday"):
        capsys.readouterr()
        assert main(["compare", "monday", other, "--runs", str(runs), "--json"]) == 0
        comparison = orjson.loads(capsys.readouterr().out)
        assert comparison["comparable"] is True
        assert comparison["questions"]["common"] == 10 and comparison["differences"] == []


def test_compare_says_when_one_qid_holds_different_questions(tmp_path, runs, capsys):
    numbered = [dict(row, id=f"row-{n}") for n, row in enumerate(ragas_rows(), 1)]
    imported(tmp_path, runs, "monday", rows=numbered)
    swapped = [
        dict(row, id=f"row-{n}") for n, row in enumerate(ragas_rows([1, 0, *range(2, 10)]), 1)
    ]
    imported(tmp_path, runs, "tuesday", rows=swapped)
    capsys.readouterr()
    assert main(["compare", "monday", "tuesday", "--runs", str(runs)]) == 0
    out = capsys.readouterr().out
    assert "NOT COMPARABLE" in out
    assert "2 qid(s) hold different questions in A and B, e.g. row-1" in out
    assert main(["compare", "monday", "tuesday", "--runs", str(runs), "--fail-if-worse"]) == 1


def test_a_colleagues_labels_are_matched_by_question_text(tmp_path, runs, capsys):
    run = imported(tmp_path, runs)
    labels = tmp_path / "bea.csv"
    with open(labels, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["question", "verdict", "note"])
        for question, *_ in AFTERNOON:
            writer.writerow([question.upper(), "correct", "checked against the lease"])
    assert main(["import", "labels", str(labels), "--run", "afternoon", "--runs", str(runs)]) == 0
    marks, _ = read_marks(run)
    assert set(marks) == {question_qid(q) for q, *_ in AFTERNOON}
    labels.write_text("question,verdict\nIs the balcony included in the rent?,correct\n")
    assert main(["import", "labels", str(labels), "--run", str(run)]) == 2
    assert "line 2: no answer to the question 'Is the balcony" in capsys.readouterr().err


def test_a_label_for_a_question_asked_twice_needs_its_qid(tmp_path, runs, capsys):
    rows = ragas_rows()[:2]
    run = imported(tmp_path, runs, rows=[*rows, dict(rows[0], response="It is $1,450 [1].")])
    labels = tmp_path / "bea.csv"
    labels.write_text(f"question,verdict\n{AFTERNOON[0][0]},correct\n")
    before = marks_path(run).exists()
    assert main(["import", "labels", str(labels), "--run", str(run)]) == 2
    assert "is asked 2 times" in capsys.readouterr().err
    assert marks_path(run).exists() == before


# --- 4. a reference that declines makes a negative question --------------------------------------


def test_a_reference_that_declines_is_imported_as_a_negative(tmp_path, runs, capsys):
    """ "The documents do not say." was imported as the key of an answerable question, and the
    honest "I could not find anything about it" was graded wrong for declining."""
    path = write_jsonl(tmp_path / "afternoon.jsonl", ragas_rows())
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 0
    out = capsys.readouterr().out
    assert "1 reference(s) read as a decline" in out and "imported as negative" in out
    answers = read_run(runs / "afternoon.jsonl").answers
    assert [a.kind for a in answers] == ["answerable"] * 9 + ["negative"]
    assert answers[-1].gold.key == ""
    assert main(["grade", "afternoon", "--runs", str(runs), "--json"]) == 0
    graded = orjson.loads(capsys.readouterr().out)["answers"]
    assert (graded[-1]["verdict"], graded[-1]["declined"]) == ("correct", True)


def test_a_kind_column_overrides_the_reading_of_the_reference(tmp_path, runs):
    rows = ragas_rows()
    rows[-1] = dict(rows[-1], kind="ambiguous")
    answers = read_run(imported(tmp_path, runs, rows=rows)).answers
    assert answers[-1].kind == "ambiguous"


# --- 5. a gate never passes on a run that lost lines ----------------------------------------------


def test_the_gate_fails_an_imported_run_that_lost_lines(tmp_path, runs, capsys):
    """An imported run with `2 line(s) skipped` passed `grade --gate` (exit 0): it had no plan
    to be incomplete against."""
    run = imported(tmp_path, runs)
    assert read_run(run).header["plan"]["qids"] == [question_qid(q) for q, *_ in AFTERNOON]
    capsys.readouterr()
    assert main(["grade", "afternoon", "--runs", str(runs), "--gate", "--no-record"]) == 0
    lines = run.read_bytes().splitlines(keepends=True)
    lines[3] = lines[3][:40] + b"\n"  # two answers torn by a bad copy
    lines[6] = b"not json\n"
    run.write_bytes(b"".join(lines))
    capsys.readouterr()
    assert main(["grade", "afternoon", "--runs", str(runs), "--gate", "--no-record"]) == 1
    err = capsys.readouterr().err
    assert "gate: 2 line(s) of the run could not be read" in err
    assert "gate: incomplete: 8 of 10 planned" in err
    assert main(["grade", str(run), "--gate", "--allow-incomplete", "--no-record"]) == 1


def engine_run(path, rows):
    """A run as `ragtriage run` writes it: a header with its plan, one line per answer."""
    header = {
        "type": "run",
        "schema": 1,
        "run_id": path.stem,
        "created": "2026-12-06T09:00:00Z",
        "corpus": "household",
        "config": {"name": "k3", "top_k": 3},
        "model": {"name": "gemma-3-270m-q4_k_m"},
        "engine": {"version": "0.1.0"},
        "plan": {"limit": None, "qids": [f"house-{n}" for n in range(len(rows))]},
    }
    lines = [header] + [
        {
            "type": "answer",
            "qid": f"house-{n}",
            "kind": "answerable",
            "question": question,
            "gold": {"key": key},
            "answer": answer,
            "sources": [{"n": 1, "doc": "policy", "page": 1, "text": contexts[0]}],
            "latency_ms": 900,
            "error": None,
        }
        for n, (question, answer, contexts, key) in enumerate(rows)
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_the_gate_fails_a_normal_run_with_a_skipped_line(tmp_path, capsys):
    run = engine_run(tmp_path / "20261206-090000-household-k3.jsonl", AFTERNOON[:8])
    assert main(["grade", str(run), "--gate", "--no-record"]) == 0
    with open(run, "ab") as handle:
        handle.write(b'{"type": "answer", "qid": "torn"\n')
    capsys.readouterr()
    assert main(["grade", str(run), "--gate", "--no-record"]) == 1
    assert "1 line(s) of the run could not be read" in capsys.readouterr().err


# --- 8. grade on an answers file ----------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_grade_on_an_answers_file_says_to_import_it(tmp_path, capsys, fmt):
    """`ragtriage grade` on a Ragas file said "no header (line 1 is unknown record type None)"."""
    path = tmp_path / f"afternoon.{fmt}"
    (write_jsonl if fmt == "jsonl" else write_csv)(path, ragas_rows())
    assert main(["grade", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"this looks like answers, not a run file: `ragtriage import answers {path}`" in err
    assert "unknown record type" not in err


LABELS = [
    {"question": q, "verdict": "correct", "note": "read it"} for q, _a, _c, _r in AFTERNOON[:3]
]


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_grade_on_a_labels_file_says_to_import_the_labels(tmp_path, capsys, fmt):
    """`ragtriage grade` on a colleague's labels CSV suggested `import answers`."""
    path = tmp_path / f"labels.{fmt}"
    (write_jsonl if fmt == "jsonl" else write_csv)(path, LABELS)
    assert main(["grade", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert (
        f"this looks like labels (verdicts), not a run file: `ragtriage import labels {path}" in err
    )
    assert "import answers" not in err


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_import_answers_on_a_labels_file_says_to_import_the_labels(tmp_path, runs, capsys, fmt):
    path = tmp_path / f"labels.{fmt}"
    (write_jsonl if fmt == "jsonl" else write_csv)(path, LABELS)
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    # (a verdict column is a label an answers file may carry: no unknown field, every field named)
    assert "no answer field (its fields: question, verdict, note)" in err
    assert f"this looks like labels: `ragtriage import labels {path} --run RUN`" in err
    assert list(runs.iterdir()) == []


@pytest.mark.parametrize(
    ("field", "wanted"),
    [
        ("referenc", "no reference field (unknown field(s) referenc); the key is read from "),
        ("usr_input", "no question field (unknown field(s) usr_input); the question is read "),
    ],
)
@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_a_misspelled_reference_or_question_field_is_named(
    tmp_path, runs, capsys, fmt, field, wanted
):
    """A misspelled `reference` was reported as "empty reference" on every row."""
    name = {"referenc": "reference", "usr_input": "user_input"}[field]
    rows = [{(field if k == name else k): v for k, v in row.items()} for row in ragas_rows()]
    path = tmp_path / f"afternoon.{fmt}"
    (write_jsonl if fmt == "jsonl" else write_csv)(path, rows)
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert wanted in err and "empty reference" not in err
    assert ("line 1 (the header): " in err) is (fmt == "csv")  # a CSV names its fields there
    assert list(runs.iterdir()) == []


def test_import_answers_api_reads_the_shipped_decline_list_by_default(tmp_path, runs):
    path = write_jsonl(tmp_path / "afternoon.jsonl", ragas_rows())
    assert import_answers(path, runs).negatives == 1


# --- 6. marks of several reviewers -----------------------------------------------------------


def my_marks(run, qids, by="ana"):
    """Ana's marks, made in the app: she agrees with the grader on each answer."""
    from grader.records.marks import append_mark, make_mark
    from grader.rules.verdict import Grader

    grader = Grader(citations=False)
    answers = {answer.qid: answer for answer in read_run(run).answers}
    for qid in qids:
        append_mark(run, make_mark(grader.grade(answers[qid]), "agree", "f", by=by))


def colleagues_labels(tmp_path):
    """Bea's labels, keyed by question text, written yes/no as her spreadsheet does."""
    path = tmp_path / "bea.csv"
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["question", "verdict", "note"])
        for n, (question, *_rest) in enumerate(AFTERNOON):
            writer.writerow([question, "no" if n == 1 else "yes", "notice is 60 days" * (n == 1)])
    return path


def test_a_colleagues_labels_are_kept_beside_mine_and_say_whose(tmp_path, runs, capsys):
    """Importing a colleague's labels silently replaced mine in `agreement`, `export marks`
    and the app."""
    run = imported(tmp_path, runs)
    qids = [a.qid for a in read_run(run).answers]
    my_marks(run, qids[:3])
    capsys.readouterr()
    labels = colleagues_labels(tmp_path)
    assert main(["import", "labels", str(labels), "--run", str(run), "--by", "bea", "--json"]) == 0
    (item,) = orjson.loads(capsys.readouterr().out)["imported"]
    assert (item["marks"], item["others"]) == (10, 3)
    assert "3 answer(s) already hold another reviewer's mark (ana): both are kept" in " ".join(
        item["notes"]
    )
    assert main(["agreement", "--runs", str(runs), "--json"]) == 0
    result = orjson.loads(capsys.readouterr().out)
    assert (result["answers_reviewed"], result["marks"]) == (10, 13)
    assert "reviewed" not in result, "marks under a name the text uses for answers"
    assert {r["by"]: r["marks"] for r in result["reviewers"]} == {"ana": 3, "bea": 10}
    (disagreement,) = result["disagreements"]
    assert (disagreement["qid"], disagreement["reviewer"]["by"]) == (qids[1], "bea")
    assert main(["agreement", "--runs", str(runs)]) == 0
    out = capsys.readouterr().out
    assert "reviewed 10 of 10 answers (13 marks by 2 reviewers)" in out
    assert "per reviewer: ana 100.0% of 3, bea 90.0% of 10" in out
    assert f"{qids[1]}: grader correct" in out and "bea wrong: notice is 60 days" in out
    # `strategies` says the same: answers and marks each named (it said "13 answer(s)").
    assert main(["strategies", "--runs", str(runs)]) == 0
    assert "reviewed 10 of 10 answers (13 marks by 2 reviewers)" in capsys.readouterr().out
    assert main(["export", "marks", str(run), "--format", "jsonl"]) == 0
    rows = [orjson.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(row["qid"], row["by"]) for row in rows[:4]] == [
        (qids[0], "ana"),
        (qids[0], "bea"),
        (qids[1], "ana"),
        (qids[1], "bea"),
    ]
    assert len(rows) == 13


def test_labels_from_the_same_reviewer_again_do_not_warn(tmp_path, runs, capsys):
    run = imported(tmp_path, runs)
    labels = colleagues_labels(tmp_path)
    assert main(["import", "labels", str(labels), "--run", str(run), "--by", "bea"]) == 0
    labels.write_text(f"question,verdict\n{AFTERNOON[1][0]},yes\n")
    capsys.readouterr()
    assert main(["import", "labels", str(labels), "--run", str(run), "--by", "bea"]) == 0
    assert "another reviewer" not in capsys.readouterr().out


# --- 7. lists of accepted answers, labels in any common form ------------------------------

WHO = "Who is named as the landlord's agent in the lease?"
AGENT = "Section 1. Parties. The Landlord acts through its agent, Robert Moore (Bobby Moore)."


@pytest.mark.parametrize(
    ("field", "cell", "fmt"),
    [
        ("reference", ["Bobby Moore", "Robert Moore"], "jsonl"),
        ("ground_truths", ["Bobby Moore", "Robert Moore"], "jsonl"),
        ("reference", '["Bobby Moore", "Robert Moore"]', "csv"),
        ("reference", "['Bobby Moore', 'Robert Moore']", "csv"),
        ("ground_truths", "['Bobby Moore', 'Robert Moore']", "csv"),
    ],
    ids=[
        "a-json-list",
        "ragas-older-ground-truths",
        "a-json-list-in-a-csv-cell",
        "a-python-repr-list-cell",
        "ground-truths-as-pandas-writes-them",
    ],
)
def test_a_list_reference_is_kept_as_a_list(tmp_path, runs, field, cell, fmt):
    """`"reference": ["Bobby Moore", "Robert Moore"]` was graded against the text
    `['Bobby Moore', ...]`, and `ground_truths` was ignored ("empty reference")."""
    row = {
        "user_input": WHO,
        "response": "The agent is Robert Moore [1].",
        "retrieved_contexts": [AGENT],
        field: cell,
    }
    path = tmp_path / f"agent.{fmt}"
    if fmt == "jsonl":
        write_jsonl(path, [row])
    else:
        with open(path, "w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(row))
            writer.writeheader()
            writer.writerow({**row, "retrieved_contexts": json.dumps(row["retrieved_contexts"])})
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 0
    (answer,) = read_run(runs / "agent.jsonl").answers
    assert answer.gold.accepted == ("Bobby Moore", "Robert Moore")
    assert answer.gold.key == "Bobby Moore / Robert Moore"
    assert answer.gold.answers == ("Bobby Moore", "Robert Moore")


def test_a_reference_list_of_other_things_is_refused(tmp_path, runs, capsys):
    row = {"user_input": WHO, "response": "Robert Moore.", "reference": ["Robert Moore", 2]}
    path = write_jsonl(tmp_path / "agent.jsonl", [row])
    assert main(["import", "answers", str(path), "--runs", str(runs)]) == 2
    assert (
        "line 1: the reference must be text or a list of strings (the accepted answers)"
        in capsys.readouterr().err
    )
    assert list(runs.iterdir()) == []


@pytest.mark.parametrize(
    ("written", "verdict"),
    [
        ("yes", "correct"),
        ("No", "wrong"),
        ("TRUE", "correct"),
        ("false", "wrong"),
        ("1", "correct"),
        ("0", "wrong"),
        ("Pass", "correct"),
        ("FAIL", "wrong"),
        ("Correct", "correct"),
        ("incorrect", "wrong"),
        ("Acceptable", "correct"),
        ("unacceptable", "wrong"),
        ("partial", "partial"),
    ],
)
def test_labels_written_as_most_label_sets_write_them(tmp_path, runs, written, verdict):
    run = imported(tmp_path, runs)
    labels = tmp_path / "bea.csv"
    labels.write_text(f"question,verdict\n{AFTERNOON[6][0]},{written}\n")
    assert main(["import", "labels", str(labels), "--run", str(run)]) == 0
    (mark,) = read_marks(run)[0].values()
    assert mark.verdict == verdict


def test_an_unknown_label_is_refused_naming_exactly_the_accepted_forms(tmp_path, runs, capsys):
    """The refusal said `(use correct, partial, wrong, unjudged)`, offering `unjudged`, which it
    refused."""
    run = imported(tmp_path, runs)
    labels = tmp_path / "bea.csv"
    labels.write_text(f"question,verdict\n{AFTERNOON[6][0]},unjudged\n")
    assert main(["import", "labels", str(labels), "--run", str(run)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    accepted = err.split("accepted, in any case: ", 1)[1].rstrip(")").split(", ")
    assert "unjudged" not in accepted
    for form in ("correct", "partial", "wrong", "yes", "no", "true", "false", "1", "0"):
        assert form in accepted
    for form in ("pass", "fail", "incorrect", "acceptable", "unacceptable"):
        assert form in accepted
    assert not marks_path(run).exists()


def test_import_answers_help_describes_runs(capsys):
    assert main(["import", "answers", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--runs DIR the folder the run file is written to" in out


def test_a_text_reference_that_only_looks_like_a_list_is_text(tmp_path, runs):
    row = {
        "user_input": "Which clause of the lease sets the rent?",
        "response": "The rent is set in clause [3] of the lease [1].",
        "retrieved_contexts": [LEASE],
        "reference": "[3]",
    }
    (answer,) = read_run(imported(tmp_path, runs, rows=[row])).answers
    assert (answer.gold.key, answer.gold.accepted) == ("[3]", ())


def test_a_long_question_in_a_label_error_is_cut_with_an_ellipsis(tmp_path, runs, capsys):
    """A label error cut the question at 60 characters with nothing to say so ("...Advance
    tike")."""
    run = imported(tmp_path, runs)
    labels = tmp_path / "bea.csv"
    question = "How many days in advance must the tenant give notice before moving out, and how?"
    labels.write_text(f"question,verdict\n{question},correct\n")
    capsys.readouterr()
    assert main(["import", "labels", str(labels), "--run", str(run)]) == 2
    err = capsys.readouterr().err
    assert f"'{question[:59].rstrip()}\u2026'" in err


def test_a_run_file_given_as_labels_is_named_a_run_file_once(tmp_path, runs, capsys):
    """A run file given to `import labels` printed "bad row(s) ... needs the columns qid (or
    question) and verdict" for every answer."""
    run = imported(tmp_path, runs)
    capsys.readouterr()
    assert main(["import", "labels", str(run), "--run", str(run)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert "this is a run file, not labels" in err and "needs the columns" not in err


def test_a_marks_file_given_as_a_run_names_its_run(tmp_path, runs, capsys):
    """`grade runs/X.marks.jsonl` said "no header (line 1 is unknown record type 'mark')"."""
    run = imported(tmp_path, runs)
    labels = tmp_path / "bea.csv"
    labels.write_text(f"question,verdict\n{AFTERNOON[0][0]},correct\n")
    assert main(["import", "labels", str(labels), "--run", str(run)]) == 0
    capsys.readouterr()
    assert main(["grade", str(marks_path(run)), "--no-record"]) == 2
    err = capsys.readouterr().err.strip()
    assert "this is a marks file" in err and f"give its run, {run} (or its id afternoon)" in err
    assert len(err.splitlines()) == 1, err

"""`ragtriage import FILE` of Ragas results, read from the files Ragas itself wrote
(tests/fixtures/imports/ragas-*, made by tools/make_import_fixtures.py: its non-LLM metrics
computed by its own evaluate, written by its result's to_pandas().to_csv and .to_json). The
bad inputs are those files broken as files break, or edited as people edit them."""

from __future__ import annotations

import csv
import io
import json
import shutil

import pytest

from engine.importers import import_file, recognise
from engine.imports.rows import BadRows
from grader.records.runfile import read_run
from tests.test_importers import FIXTURES, answers_of, graders_of, import_at_once

CSV = FIXTURES / "ragas-0.4.3-results.csv"
JSONL = FIXTURES / "ragas-0.4.3-results.jsonl"


def csv_rows(path=CSV):
    return list(csv.DictReader(io.StringIO(path.read_text(), newline="")))


def csv_written(tmp_path, rows, delimiter=",", name="results.csv"):
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), delimiter=delimiter)
    writer.writeheader()
    writer.writerows(rows)
    path = tmp_path / name
    path.write_text(out.getvalue())
    return path


def jsonl_rows():
    return [json.loads(line) for line in JSONL.read_text().splitlines()]


def jsonl_written(tmp_path, rows, name="results.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


@pytest.mark.parametrize("path", [CSV, JSONL], ids=["csv", "jsonl"])
def test_each_metric_is_a_grader_with_its_threshold(tmp_path, path):
    fmt, [imported] = import_file(path, tmp_path)
    assert fmt.name == "ragas" and imported.answers == 5
    answers = answers_of(imported.run)
    assert set(answers) == {"capital-fr", "moore", "spider-legs", "rent", "lease-end"}
    moore = answers["moore"]
    assert moore.gold.golden_docs == ("wc-1966",)  # reference_context_ids
    assert [(s.n, s.doc) for s in moore.sources] == [(1, "wc-1966"), (2, "wc-1970")]
    assert moore.sources[0].text == "Bobby Moore captained England to the 1966 title."
    graded = graders_of(moore)
    assert set(graded) == {
        "ragas:exact_match@0.5",
        "ragas:string_present@0.5",
        "ragas:non_llm_string_similarity@0.5",
        "ragas:id_based_context_recall",
    }
    similar = graded["ragas:non_llm_string_similarity@0.5"]
    assert similar.verdict == "correct" and similar.threshold == 0.5
    assert similar.score == pytest.approx(0.6153846154)
    assert graded["ragas:exact_match@0.5"].verdict == "wrong"
    # a retrieval metric's figure is kept, with no verdict on the answer
    recall = graded["ragas:id_based_context_recall"]
    assert (recall.verdict, recall.score) == (None, 1.0)
    # Ragas wrote NaN (an empty cell, a null) where its metric failed: no verdict, never wrong
    ended = answers["lease-end"]
    assert ended.answer == ""
    for name in ("ragas:string_present@0.5", "ragas:non_llm_string_similarity@0.5"):
        assert graders_of(ended)[name].verdict is None
        assert graders_of(ended)[name].score is None
    assert graders_of(ended)["ragas:exact_match@0.5"].verdict == "wrong"


@pytest.mark.parametrize("path", [CSV, JSONL], ids=["csv", "jsonl"])
def test_the_results_are_recognised_by_content(tmp_path, path):
    renamed = tmp_path / "results.dat"
    shutil.copyfile(path, renamed)
    assert recognise(renamed).name == "ragas"


def test_answers_without_metric_columns_stay_the_answers_format(tmp_path):
    rows = [
        {k: v for k, v in row.items() if k in ("user_input", "response", "reference")}
        for row in csv_rows()
    ]
    assert recognise(csv_written(tmp_path, rows)).name == "answers"


@pytest.mark.parametrize(
    ("column", "cell"),
    [
        ("reference", "['Bobby Moore', 'Robert Moore']"),  # as pandas writes a list cell
        ("reference", '["Bobby Moore", "Robert Moore"]'),
        ("ground_truths", "['Bobby Moore', 'Robert Moore']"),  # Ragas' older name
    ],
    ids=["python-repr", "json", "ground-truths"],
)
def test_a_list_of_accepted_answers_stays_a_list(tmp_path, column, cell):
    rows = csv_rows()
    for row in rows:
        row[column] = row.pop("reference")
    rows[1][column] = cell
    _fmt, [imported] = import_file(csv_written(tmp_path, rows), tmp_path / "runs")
    assert answers_of(imported.run)["moore"].gold.accepted == ("Bobby Moore", "Robert Moore")


def test_a_jsonl_reference_list_stays_a_list(tmp_path):
    rows = jsonl_rows()
    rows[1]["reference"] = ["Bobby Moore", "Robert Moore"]
    _fmt, [imported] = import_file(jsonl_written(tmp_path, rows), tmp_path / "runs")
    assert answers_of(imported.run)["moore"].gold.accepted == ("Bobby Moore", "Robert Moore")


@pytest.mark.parametrize("delimiter", [";", "\t"], ids=["semicolons", "tabs"])
def test_semicolon_and_tab_separated_results_read_the_same(tmp_path, delimiter):
    path = csv_written(tmp_path, csv_rows(), delimiter, "results.tsv")
    assert recognise(path).name == "ragas"
    _fmt, [imported] = import_file(path, tmp_path / "runs")
    _fmt, [plain] = import_file(CSV, tmp_path / "plain")
    assert answers_of(imported.run) == answers_of(plain.run)


def test_a_truncated_jsonl_names_its_last_line_and_writes_nothing(tmp_path):
    data = JSONL.read_bytes()
    path = tmp_path / "cut.jsonl"
    path.write_bytes(data[: len(data) - 100])
    with pytest.raises(BadRows, match=r"line 5: not valid JSON \(the file ends there"):
        import_file(path, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_row_without_its_question_or_reference_is_named(tmp_path):
    rows = csv_rows()
    rows[1]["user_input"] = ""
    rows[3]["reference"] = ""
    with pytest.raises(BadRows) as refused:
        import_file(csv_written(tmp_path, rows), tmp_path / "runs")
    said = str(refused.value)
    assert "line 3: no question" in said and "line 5: empty reference" in said
    assert "\n" not in said and not (tmp_path / "runs").exists()


def test_a_contexts_cell_that_is_no_list_of_strings_is_named(tmp_path):
    rows = jsonl_rows()
    rows[2]["retrieved_contexts"] = [1, 2]
    with pytest.raises(BadRows, match="line 3: retrieved_contexts/contexts must be a list"):
        import_file(jsonl_written(tmp_path, rows), tmp_path / "runs")


@pytest.mark.parametrize("cell", ["nan", "NaN", ""], ids=["nan", "NaN", "empty"])
def test_a_nan_score_in_csv_is_no_verdict(tmp_path, cell):
    rows = csv_rows()
    rows[0]["exact_match"] = cell
    _fmt, [imported] = import_file(csv_written(tmp_path, rows), tmp_path / "runs")
    exact = graders_of(answers_of(imported.run)["capital-fr"])["ragas:exact_match@0.5"]
    assert (exact.verdict, exact.score) == (None, None)


def test_a_bare_nan_in_jsonl_is_no_verdict_and_infinity_is_refused(tmp_path):
    rows = jsonl_rows()
    rows[0]["exact_match"] = float("nan")  # json.dumps writes a bare NaN
    _fmt, [imported] = import_file(jsonl_written(tmp_path, rows), tmp_path / "runs")
    exact = graders_of(answers_of(imported.run)["capital-fr"])["ragas:exact_match@0.5"]
    assert (exact.verdict, exact.score) == (None, None)
    rows[2]["string_present"] = float("inf")
    with pytest.raises(BadRows, match="line 3: a metric must be a finite number"):
        import_file(jsonl_written(tmp_path, rows, "inf.jsonl"), tmp_path / "runs2")
    assert not (tmp_path / "runs2").exists()


def test_two_writers_importing_at_once_lose_nothing(tmp_path):
    runs = tmp_path / "runs"
    other = tmp_path / "ragas-other.jsonl"
    shutil.copyfile(JSONL, other)
    outcomes = import_at_once((CSV, CSV, other), runs)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and "already exists" in str(errors[0])
    for name in ("ragas-0.4.3-results", "ragas-other"):
        run = read_run(runs / f"{name}.jsonl")
        assert not run.problems and len(run.answers) == 5


def test_versions_json_says_ragas_wrote_them():
    versions = json.loads((FIXTURES / "VERSIONS.json").read_text())
    for path in (CSV, JSONL):
        assert (versions[path.name]["tool"], versions[path.name]["version"]) == ("ragas", "0.4.3")


def test_results_whose_first_row_has_every_metric_empty_are_still_ragas(tmp_path):
    """Every metric failed on the first row (pandas writes empty cells): still Ragas' results,
    never read as a plain answers file with its metric columns dropped."""
    rows = csv_rows()
    for metric in ("exact_match", "string_present", "non_llm_string_similarity"):
        rows[0][metric] = ""
    rows[0]["id_based_context_recall"] = ""
    path = csv_written(tmp_path, rows)
    assert recognise(path).name == "ragas"
    _fmt, [imported] = import_file(path, tmp_path / "runs")
    capital = graders_of(answers_of(imported.run)["capital-fr"])
    assert capital["ragas:exact_match@0.5"].verdict is None


def test_a_plain_answers_file_with_needle_columns_stays_the_answers_format(tmp_path):
    rows = [
        {"user_input": r["user_input"], "response": r["response"], "reference": r["reference"]}
        | {"must_contain": "[]", "kind": "answerable"}
        for r in csv_rows()
    ]
    assert recognise(csv_written(tmp_path, rows)).name == "answers"


def test_a_column_of_figures_outside_0_to_1_is_no_metric(tmp_path):
    """Ragas' metrics are scores from 0 to 1: a latency (or token count) column beside them is
    no grader, and the import says so."""
    rows = csv_rows()
    for number, row in enumerate(rows):
        row["latency_ms"] = str(800 + 37 * number)
        row["tokens"] = "0" if number == 0 else str(120 + number)  # 0 alone would be a score
    path = csv_written(tmp_path, rows)
    _fmt, [imported] = import_file(path, tmp_path / "runs")
    names = {name for answer in answers_of(imported.run).values() for name in graders_of(answer)}
    assert not any("latency" in name or "tokens" in name for name in names)
    assert "ragas:exact_match@0.5" in names
    assert "not metrics (figures outside 0 to 1): latency_ms, tokens" in imported.notes

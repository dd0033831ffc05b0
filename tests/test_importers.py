"""`ragtriage import FILE`: promptfoo results and Inspect AI logs, read from files the real
tools wrote (tests/fixtures/imports/, made by tools/make_import_fixtures.py; VERSIONS.json there
says which version made each). The bad inputs are those real files broken as files break."""

from __future__ import annotations

import io
import json
import shutil
import threading
import zipfile

import orjson
import pytest

from engine.importers import FORMATS, import_file, recognise
from engine.imports.rows import BadRows
from grader.errors import RunFileError
from grader.records.marks import marks_path, read_marks
from grader.records.runfile import read_run
from tests.conftest import ROOT
from tui.cli import main

FIXTURES = ROOT / "tests" / "fixtures" / "imports"
PROMPTFOO_3 = FIXTURES / "promptfoo-0.121.20-results.json"
PROMPTFOO_2 = FIXTURES / "promptfoo-0.55.0-results.json"
INSPECT_JSON = FIXTURES / "inspect-0.3.285-lease.json"
INSPECT_EVAL = FIXTURES / "inspect-0.3.150-lease.eval"  # deflate: read by the standard library
INSPECT_EVAL_ZSTD = FIXTURES / "inspect-0.3.285-lease.eval"  # zstd, as Inspect writes today


def answers_of(run_path):
    run = read_run(run_path)
    assert not run.problems
    return {answer.qid: answer for answer in run.answers}


def graders_of(answer):
    return {grader.name: grader for grader in answer.graders}


def test_the_fixtures_say_which_tool_made_them():
    versions = orjson.loads((FIXTURES / "VERSIONS.json").read_bytes())
    for path in (PROMPTFOO_3, PROMPTFOO_2, INSPECT_JSON, INSPECT_EVAL, INSPECT_EVAL_ZSTD):
        assert versions[path.name]["tool"] in ("promptfoo", "inspect_ai")
    assert versions[PROMPTFOO_3.name]["results version"] == "3"
    assert versions[PROMPTFOO_2.name]["results version"] == "2"


# --- promptfoo --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "stand_in"),
    [(PROMPTFOO_3, "lookup-model"), (PROMPTFOO_2, "lookup-provider-js")],
    ids=["results-version-3", "results-version-2"],
)
def test_promptfoo_one_run_per_provider_with_each_assertion_as_a_grader(tmp_path, path, stand_in):
    fmt, imported = import_file(path, tmp_path)
    assert fmt.name == "promptfoo"
    runs = {item.run.stem.removeprefix(path.stem + "-"): item for item in imported}
    assert set(runs) == {"echo", stand_in}
    assert all(item.answers == 5 for item in imported)
    model = answers_of(runs[stand_in].run)
    assert set(model) == {"capital-fr", "moore", "spider-legs", "rent", "lease-end"}
    # a list of references stays a list: the accepted answers
    assert model["moore"].gold.accepted == ("Bobby Moore", "Robert Moore")
    capital = graders_of(model["capital-fr"])
    assert capital["promptfoo"].verdict == "correct"
    assert capital["promptfoo:icontains"].verdict == "correct"
    assert capital["promptfoo:javascript"].threshold == 0.5
    rent = graders_of(model["rent"])
    assert rent["promptfoo:contains"].verdict == "wrong"
    assert rent["promptfoo:contains"].reason == 'Expected output to contain "$1,450"'
    assert rent["promptfoo"].score == pytest.approx(2 / 3)
    # a provider error is an engine error, with no grader's verdict: not a wrong answer
    assert isinstance(model["capital-fr"].latency_ms, float)  # promptfoo's latencyMs
    failed = model["lease-end"]
    assert failed.error.startswith("API error: 503") and failed.graders == ()
    echo = answers_of(runs["echo"].run)
    assert echo["lease-end"].error is None
    assert graders_of(echo["lease-end"])["promptfoo:contains"].verdict == "wrong"


def test_promptfoo_runs_are_graded_by_the_rules_beside_their_graders(tmp_path, capsys):
    import_file(PROMPTFOO_3, tmp_path)
    run = tmp_path / "promptfoo-0.121.20-results-lookup-model.jsonl"
    assert main(["grade", str(run), "--json", "--no-record"]) == 0
    answers = {a["qid"]: a for a in orjson.loads(capsys.readouterr().out)["answers"]}
    assert answers["lease-end"]["verdict"] == "wrong"
    assert "engine error" in answers["lease-end"]["labels"]
    assert answers["lease-end"]["graders"] == []
    rent = {g["name"]: g for g in answers["rent"]["graders"]}
    assert rent["promptfoo:contains"]["verdict"] == "wrong"  # beside the rules' own verdict
    assert answers["rent"]["verdict"] in ("correct", "partial", "wrong", "unjudged")


# --- Inspect ----------------------------------------------------------------------------------


def test_inspect_json_log_scorers_as_graders_and_score_edits_as_marks(tmp_path):
    fmt, [imported] = import_file(INSPECT_JSON, tmp_path)
    assert fmt.name == "inspect" and imported.answers == 5 and imported.marks == 1
    answers = answers_of(imported.run)
    assert set(answers) == {"3", "capital-fr", "moore", "rent", "lease-end"}
    assert answers["moore"].gold.accepted == ("Bobby Moore", "Robert Moore")
    assert answers["3"].question == "How many legs does a spider have?"
    assert answers["3"].answer == "A spider has six legs."
    spider = graders_of(answers["3"])
    assert spider["inspect:match"].verdict == "wrong"
    assert (spider["inspect:f1"].score, spider["inspect:f1"].threshold) == (0.0, 0.5)
    # Inspect recorded the model grader's unparsed reply as unscored (NaN, grader_failed):
    # no verdict, never wrong, its explanation kept
    unscored = spider["inspect:model_graded_fact"]
    assert unscored.verdict is None and unscored.score is None
    assert unscored.reason.startswith("Grade not found")
    assert graders_of(answers["rent"])["inspect:model_graded_fact"].verdict == "partial"
    # the scorer's own verdict stays the grader's; the person's edit is their mark
    assert graders_of(answers["rent"])["inspect:match"].verdict == "wrong"
    [mark] = read_marks(imported.run)[0].values()
    assert (mark.qid, mark.verdict, mark.by) == ("rent", "correct", "dana")
    assert "match misses the comma" in mark.note
    assert answers["lease-end"].error == "RuntimeError('upstream model timed out after 3 retries')"
    assert answers["lease-end"].graders == ()
    assert answers["moore"].latency_ms > 0  # the sample's working time, in milliseconds


def test_inspect_eval_log_with_epochs(tmp_path):
    fmt, [imported] = import_file(INSPECT_EVAL, tmp_path)
    assert fmt.name == "inspect" and imported.answers == 10 and imported.marks == 0
    answers = answers_of(imported.run)
    assert {"moore-epoch1", "moore-epoch2", "3-epoch1", "lease-end-epoch2"} <= set(answers)
    assert answers["moore-epoch2"].gold.accepted == ("Bobby Moore", "Robert Moore")
    assert graders_of(answers["capital-fr-epoch1"])["inspect:model_graded_fact"].verdict == (
        "correct"
    )
    assert answers["lease-end-epoch1"].error.startswith("RuntimeError")


def test_inspect_eval_log_compressed_with_zstd(tmp_path):
    """Inspect 0.3.285 writes .eval members with zstd: read where a decoder is installed,
    else refused in one line that says how to read it, nothing written."""
    from engine.importers.inspect import _zstd

    if _zstd() is None:
        with pytest.raises(RunFileError, match=r"compressed with zstd.*inspect log convert"):
            import_file(INSPECT_EVAL_ZSTD, tmp_path)
        assert not list(tmp_path.iterdir())
        return
    _fmt, [imported] = import_file(INSPECT_EVAL_ZSTD, tmp_path)
    assert imported.answers == 10 and imported.marks == 1


# --- recognised by content ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "name"),
    [
        (PROMPTFOO_3, "promptfoo"),
        (PROMPTFOO_2, "promptfoo"),
        (INSPECT_JSON, "inspect"),
        (INSPECT_EVAL, "inspect"),
        (INSPECT_EVAL_ZSTD, "inspect"),
    ],
    ids=["promptfoo-3", "promptfoo-2", "inspect-json", "inspect-eval", "inspect-eval-zstd"],
)
def test_the_format_is_recognised_by_content_not_name(tmp_path, path, name):
    renamed = tmp_path / "results.dat"
    shutil.copyfile(path, renamed)
    assert recognise(renamed).name == name


def test_a_csv_of_answers_is_the_answers_format(tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text('question,answer,reference\nWhat is the rent?,$1450,"$1,450"\n')
    fmt, [imported] = import_file(path, tmp_path / "runs")
    assert fmt.name == "answers" and imported.answers == 1


def test_a_file_of_no_known_format_is_refused_in_one_line(tmp_path):
    with pytest.raises(RunFileError) as refused:
        import_file(FIXTURES / "VERSIONS.json", tmp_path)
    said = str(refused.value)
    assert "\n" not in said and "not a format this imports" in said
    assert all(fmt.describe in said for fmt in FORMATS.values())


def test_format_overrides_and_an_unknown_one_is_named(tmp_path):
    with pytest.raises(RunFileError, match="not a promptfoo results file"):
        import_file(INSPECT_JSON, tmp_path, fmt="promptfoo")
    with pytest.raises(RunFileError, match="did you mean inspect"):
        import_file(INSPECT_JSON, tmp_path, fmt="inspec")


def test_the_command_says_which_format_it_took(tmp_path, capsys):
    assert main(["import", str(INSPECT_JSON), "--runs", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "read as inspect, recognised by its content" in out
    assert "1 mark(s)" in out
    assert main(["import", str(PROMPTFOO_2), "--runs", str(tmp_path / "b"), "--json"]) == 0
    document = orjson.loads(capsys.readouterr().out)
    assert document["format"] == "promptfoo" and len(document["imported"]) == 2
    assert main(["import", str(PROMPTFOO_2), "--runs", str(tmp_path / "b")]) == 2
    assert "already exists" in capsys.readouterr().err


# --- broken files: one line naming what was expected, nothing written --------------------------


def broken(tmp_path, source, change, suffix=None):
    path = tmp_path / ("broken" + (suffix or source.suffix))
    path.write_bytes(change(source.read_bytes()))
    return path


def edited_json(edit):
    def change(data):
        document = json.loads(data)
        edit(document)
        return json.dumps(document).encode()

    return change


def refused(tmp_path, path, match, fmt=None):
    runs = tmp_path / "runs"
    with pytest.raises(RunFileError) as caught:
        import_file(path, runs, fmt=fmt)
    assert "\n" not in str(caught.value)
    assert match in str(caught.value), str(caught.value)
    assert not runs.exists() or not list(runs.iterdir())
    return str(caught.value)


def test_a_corrupt_zip_is_refused(tmp_path):
    data = INSPECT_EVAL.read_bytes()
    path = broken(tmp_path, INSPECT_EVAL, lambda d: d[: len(d) // 2])
    refused(tmp_path, path, "a corrupt zip", fmt="inspect")
    # the zip whole, a member's bytes damaged: named, with what was expected
    archive = zipfile.ZipFile(io.BytesIO(data))
    info = next(i for i in archive.infolist() if i.filename.startswith("samples/"))
    start = info.header_offset + 30 + len(info.filename) + len(info.extra) + 10
    damaged = data[:start] + bytes(b ^ 0xFF for b in data[start : start + 40]) + data[start + 40 :]
    path = broken(tmp_path, INSPECT_EVAL, lambda _d: damaged)
    said = refused(tmp_path, path, "cannot be read from the zip")
    assert "expected an Inspect .eval log" in said


@pytest.mark.parametrize(
    ("source", "expected"),
    [(PROMPTFOO_3, "promptfoo results file"), (INSPECT_JSON, "Inspect JSON log")],
    ids=["promptfoo", "inspect"],
)
def test_a_truncated_json_is_refused(tmp_path, source, expected):
    path = broken(tmp_path, source, lambda d: d[: len(d) * 2 // 3])
    fmt = "promptfoo" if source is PROMPTFOO_3 else "inspect"
    said = refused(tmp_path, path, "not valid JSON", fmt=fmt)
    assert "truncated" in said and expected in said


def test_a_promptfoo_result_without_its_reference_is_named(tmp_path):
    def drop(document):
        del document["results"]["results"][3]["vars"]["reference"]

    path = broken(tmp_path, PROMPTFOO_3, edited_json(drop))
    with pytest.raises(BadRows, match=r"result 4 \(.*\): no reference among the test's vars"):
        import_file(path, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_an_inspect_sample_without_its_target_is_named(tmp_path):
    def drop(document):
        del document["samples"][1]["target"]

    path = broken(tmp_path, INSPECT_JSON, edited_json(drop))
    with pytest.raises(BadRows, match="sample capital-fr: no target"):
        import_file(path, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_an_inspect_eval_sample_without_its_input_is_named(tmp_path):
    source = zipfile.ZipFile(INSPECT_EVAL)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy:
        for name in source.namelist():
            data = source.read(name)
            if name == "samples/moore_epoch_2.json":
                sample = json.loads(data)
                del sample["input"]
                data = json.dumps(sample).encode()
            copy.writestr(name, data)
    path = tmp_path / "broken.eval"
    path.write_bytes(out.getvalue())
    with pytest.raises(BadRows, match="sample moore epoch 2: no input"):
        import_file(path, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_a_nan_score_is_refused(tmp_path):
    """promptfoo never writes NaN (JavaScript writes null); a file that does is refused,
    naming the result, never read as a verdict."""

    def nan(document):
        document["results"]["results"][0]["gradingResult"]["componentResults"][1]["score"] = float(
            "nan"
        )

    path = broken(tmp_path, PROMPTFOO_3, edited_json(nan))
    with pytest.raises(BadRows, match=r"result 1 .*a score must be a finite number"):
        import_file(path, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


def test_an_inspect_nan_without_a_reason_is_refused(tmp_path):
    """Inspect writes NaN for an unscored sample with the reason (grader_failed): no verdict.
    A NaN with no reason says nothing: refused, naming the sample and what was expected."""

    def no_reason(document):
        spider = next(s for s in document["samples"] if s["id"] == 3)
        del spider["scores"]["model_graded_fact"]["reason"]

    path = broken(tmp_path, INSPECT_JSON, edited_json(no_reason))
    with pytest.raises(BadRows, match="sample 3: the score of model_graded_fact is NaN"):
        import_file(path, tmp_path / "runs")
    assert not (tmp_path / "runs").exists()


# --- two writers at once ------------------------------------------------------------------------


def import_at_once(paths, runs) -> list[object]:
    """Each of ``paths`` imported into ``runs`` on its own thread, all started together: what
    each import returned, or the RunFileError it raised."""
    outcomes: list[object] = []
    start = threading.Barrier(len(paths))

    def one(path):
        start.wait()
        try:
            outcomes.append(import_file(path, runs))
        except RunFileError as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=one, args=(path,)) for path in paths]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_two_writers_importing_at_once_lose_nothing(tmp_path):
    """Four imports at once into one folder: the two different files are both written whole;
    of the same file imported twice, one is written and the other refused, nothing torn."""
    runs = tmp_path / "runs"
    outcomes = import_at_once((PROMPTFOO_3, PROMPTFOO_3, INSPECT_JSON, INSPECT_EVAL), runs)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and "already exists" in str(errors[0])
    written = sorted(p.name for p in runs.glob("*.jsonl") if ".marks." not in p.name)
    assert written == [
        "inspect-0.3.150-lease.jsonl",
        "inspect-0.3.285-lease.jsonl",
        "promptfoo-0.121.20-results-echo.jsonl",
        "promptfoo-0.121.20-results-lookup-model.jsonl",
    ]
    for name in written:
        run = read_run(runs / name)
        assert not run.problems and len(run.answers) == len(run.header["plan"]["qids"])
    assert len(read_marks(runs / "inspect-0.3.285-lease.jsonl")[0]) == 1
    assert not marks_path(runs / "inspect-0.3.150-lease.jsonl").exists()


def test_agreement_measures_every_imported_grader_against_the_people(tmp_path, capsys):
    """Dana's score edit (the rent is $1,450, written without its comma) is her mark: the
    rules agree with her, Inspect's match and includes do not; each grader with coverage."""
    _fmt, [imported] = import_file(INSPECT_JSON, tmp_path)
    argv = ["agreement", str(imported.run), "--runs", str(tmp_path)]
    assert main([*argv, "--json"]) == 0
    document = orjson.loads(capsys.readouterr().out)
    graders = {g["grader"]: g for g in document["graders"]}
    assert {"rules", "inspect:match", "inspect:includes", "inspect:model_graded_fact"} <= set(
        graders
    )
    assert graders["inspect:match"]["covered"] == 1 and graders["inspect:match"]["coverage"] == 1
    assert graders["inspect:match"]["agreement"] == 0.0
    assert graders["rules"]["agreement"] == 1.0
    quoted = {g["grader"] for g in document["quoted"]["graders"]}
    assert "inspect:model_graded_fact" in quoted
    assert main(argv) == 0
    assert "  inspect:model_graded_fact " in capsys.readouterr().out  # the name whole


@pytest.mark.parametrize(
    ("document", "read"),
    [
        (b'{"value": NaN, "n": [1, NaN]}', {"value": "NaN", "n": [1, "NaN"]}),
        (b'{"explanation": "score: NaN, so none"}', {"explanation": "score: NaN, so none"}),
        (b'{"a": "x [NaN]", "value": NaN}', {"a": "x [NaN]", "value": float("nan")}),
    ],
    ids=["bare-values", "inside-a-string-untouched", "both-by-the-standard-library"],
)
def test_a_bare_nan_is_read_and_text_is_never_changed(tmp_path, document, read):
    """Inspect writes bare NaN, which orjson refuses: read as NaN, text never rewritten."""
    from engine.importers.reading import is_nan, load_json

    found = load_json(tmp_path / "log.json", document, "a log")
    assert found.keys() == read.keys()
    for name, value in read.items():
        assert is_nan(found[name]) if is_nan(value) else found[name] == value

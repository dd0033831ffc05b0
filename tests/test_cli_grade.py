"""`ragtriage grade`: scorecard, --json shape, --gate, bad input, grades of record."""

import orjson
import pytest

from grader.errors import RunFileError
from grader.records.grades import grades_path, read_grades
from tests.conftest import ROOT
from tui.cli import main

EXAMPLE = ROOT / "runs" / "example-essay-cases.jsonl"


@pytest.fixture
def example_run(tmp_path):
    path = tmp_path / "example-essay-cases.jsonl"
    path.write_bytes(EXAMPLE.read_bytes())
    return path


def test_json_has_the_documented_shape(example_run, capsys):
    assert main(["grade", str(example_run), "--json"]) == 0
    document = orjson.loads(capsys.readouterr().out)
    card = document["scorecard"]
    assert card["zero_wrong_money"] == "FAIL"
    # grader v2: the bank answer names -$10,020.00 in a part that does not decline ("...lists
    # an outgoing transfer of -$10,020.00 [1]; the fee itself is not specified.")
    assert set(card["violations"]) == {
        "fin-adt-amount-due-essay",
        "fin-1040-amount-owed",
        "fin-bank-overdraft-fee",
    }
    by_qid = {a["qid"]: a for a in document["answers"]}
    alarm = by_qid["fin-adt-amount-due-essay"]
    assert set(alarm) >= {"qid", "verdict", "labels", "declined", "money", "clauses"}
    assert alarm["verdict"] == "wrong"
    assert alarm["money"] == {
        "is_money": True,
        "key": ["$42.99"],
        "asserted": ["$26.99"],
        "violation": True,
    }
    assert alarm["clauses"][1]["asserted"].startswith("This is")
    assert alarm["clauses"][1]["attributed"].startswith("indicated in Source 3")
    assert by_qid["openrag-neg-0035bbca"]["verdict"] == "correct"
    assert by_qid["fin-engine-error"]["labels"] == ["engine error"]
    assert by_qid["fin-engine-error"]["codes"] == ["E001"]
    assert alarm["codes"][0] == "M001" and alarm["labels"][0].startswith("wrong money: ")
    assert all(len(a["codes"]) == len(a["labels"]) and all(a["codes"]) for a in by_qid.values())
    assert card["honesty"] == {"declined": 2, "of": 2}


def test_human_scorecard_and_gate(example_run, capsys):
    assert main(["grade", str(example_run)]) == 0
    out = capsys.readouterr().out
    assert "ZERO-WRONG-MONEY  FAIL  3 violation(s)" in out
    assert "wrong money: asserted $450,658, key $44,322" in out
    assert main(["grade", str(example_run), "--gate"]) == 1


def test_gate_passes_on_a_clean_run(tmp_path, capsys):
    lines = EXAMPLE.read_bytes().splitlines()
    clean = [
        line
        for line in lines
        if not any(qid in line for qid in (b"amount-due-essay", b"1040", b"overdraft"))
    ]
    path = tmp_path / "clean.jsonl"
    path.write_bytes(b"\n".join(clean) + b"\n")
    assert main(["grade", str(path), "--gate"]) == 0
    assert "ZERO-WRONG-MONEY  PASS" in capsys.readouterr().out


def test_bad_lines_go_to_stderr_and_grading_goes_on(example_run, capsys):
    with open(example_run, "ab") as handle:
        handle.write(b"{broken\n" + b'{"type": "answer", "qid": "\xff"}\n')
    assert main(["grade", str(example_run), "--json"]) == 0
    captured = capsys.readouterr()
    assert "line 12: not valid JSON (skipped)" in captured.err
    assert "line 13: invalid UTF-8 (skipped)" in captured.err
    document = orjson.loads(captured.out)
    assert len(document["answers"]) == 10
    assert [p["line"] for p in document["problems"]] == [12, 13]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read run file"),
        (b'{"type": "run", "schema": 99}\n', "schema 99 is not supported"),
    ],
    ids=["missing-file", "unknown-schema"],
)
def test_unreadable_run_exits_2_with_one_line(tmp_path, capsys, content, message):
    path = tmp_path / "r.jsonl"
    if content is not None:
        path.write_bytes(content)
    assert main(["grade", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_unknown_strategy_exits_2(example_run, capsys):
    assert main(["grade", str(example_run), "--strategy", "mention"]) == 2
    assert "did you mean 'mentions'" in capsys.readouterr().err


def test_first_grading_records_grades_of_record(example_run, capsys):
    assert read_grades(example_run) is None
    main(["grade", str(example_run)])
    record = read_grades(example_run)
    assert record is not None
    assert record.grades["fin-1040-amount-owed"].verdict == "wrong"
    assert record.grades["fin-1040-amount-owed"].violation
    before = example_run.read_bytes()
    main(["grade", str(example_run), "--strategy", "mentions"])
    assert "rebaseline" in capsys.readouterr().err
    assert example_run.read_bytes() == before, "grading never rewrites the run file"


def test_empty_run_says_so(tmp_path, capsys):
    """A run just started: a header and no answer yet."""
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b'{"type": "run", "schema": 1, "run_id": "empty", "corpus": "finance"}\n')
    assert main(["grade", str(path)]) == 0
    assert "holds no answers" in capsys.readouterr().out


NOT_RUNS = {
    "empty": b"",
    "random-bytes": bytes(range(256)) * 4,
    "json-without-a-header": b'{"type": "answer", "qid": "q", "kind": "negative"}\n',
    "a-json-list": b"[1, 2, 3]\n",
}
COMMANDS = {
    "grade": ["grade"],
    "grade-gate": ["grade", "--gate"],
    "grade-json": ["grade", "--json"],
    "review": ["review"],
    "rebaseline": ["rebaseline"],
}


@pytest.mark.parametrize("content", NOT_RUNS.values(), ids=NOT_RUNS.keys())
@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_a_file_that_is_not_a_run_exits_2_with_one_line(tmp_path, capsys, content, command):
    """These once exited 0 with ZERO-WRONG-MONEY PASS: a CI gate passed on garbage."""
    path = tmp_path / "not-a-run.jsonl"
    path.write_bytes(content)
    assert main([*command, str(path)]) == 2
    captured = capsys.readouterr()
    (line,) = captured.err.strip().splitlines()
    assert "not a run file: no header" in line
    assert "PASS" not in captured.out


@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_dev_null_is_not_a_run(capsys, command):
    assert main([*command, "/dev/null"]) == 2
    assert "not a run file: no header" in capsys.readouterr().err


def test_control_characters_are_shown_not_obeyed(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    record = {
        "type": "answer",
        "qid": "q\x1b[2Jx",
        "kind": "negative",
        "question": "?",
        "gold": {"key": ""},
        "answer": "yes",
        "sources": [],
    }
    path.write_bytes(orjson.dumps({"type": "run", "schema": 1}) + b"\n" + orjson.dumps(record))
    main(["grade", str(path)])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "q\\x1b[2Jx" in out


def test_a_run_read_through_a_pipe(tmp_path, capsys):
    # `ragtriage grade <(zcat run.jsonl.gz)`: a pipe can be read only once.
    import os
    import threading

    fifo = tmp_path / "run.jsonl"
    os.mkfifo(fifo)

    def write():
        with open(fifo, "wb") as out:
            out.write(EXAMPLE.read_bytes())

    writer = threading.Thread(target=write)
    writer.start()
    main(["grade", str(fifo)])
    writer.join(timeout=10)
    out = capsys.readouterr().out
    assert "run example-essay-cases" in out
    assert "10 answers" in out
    assert "60.00%" in out


def test_the_grader_of_record_is_read_without_its_grades(example_run, capsys):
    # `grade` and the review app compare fingerprints only: a 100,000-line sidecar is not read.
    main(["grade", str(example_run)])
    sidecar = grades_path(example_run)
    header, *rest = sidecar.read_bytes().splitlines()
    sidecar.write_bytes(header + b"\n{broken\n")
    assert read_grades(example_run, grades=False).fingerprint == orjson.loads(header)["fingerprint"]
    assert read_grades(example_run, grades=False).grades == {}
    with pytest.raises(RunFileError, match="line 2 is not valid JSON"):
        read_grades(example_run)
    assert main(["grade", str(example_run)]) == 0
    assert len(rest) > 5


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("missing.jsonl", None, "cannot read run file"),
        ("future.jsonl", b'{"type": "run", "schema": 99}\n', "schema 99 is not supported"),
        ("folder", "folder", "is a folder, not a run file"),
    ],
)
def test_review_refuses_an_unreadable_run_before_the_screen_opens(
    tmp_path, capsys, name, content, message
):
    path = tmp_path / name
    if content == "folder":
        path.mkdir()
    elif content is not None:
        path.write_bytes(content)
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


HOSTILE = "\x1b[2J\x1b]0;owned\x07\x9b31m"


def test_hostile_text_is_escaped_in_every_commands_human_output(tmp_path, capsys):
    """The ZERO-WRONG-MONEY line once printed a qid's raw ESC bytes (and cleared the screen)."""
    runs = tmp_path / "runs"
    runs.mkdir()
    header = {
        "type": "run",
        "schema": 1,
        "run_id": f"r{HOSTILE}",
        "corpus": f"c{HOSTILE}",
        "model": {"name": f"m{HOSTILE}"},
        "config": {"name": f"k{HOSTILE}"},
    }
    answer = {
        "type": "answer",
        "qid": f"q{HOSTILE}",
        "kind": "answerable",
        "question": f"?{HOSTILE}",
        "gold": {"key": f"$5.00 {HOSTILE}", "must_contain": [f"n{HOSTILE}"]},
        "answer": f"It is $7.00 [1]. I could not find {HOSTILE}.",
        "sources": [{"n": 1, "doc": f"d{HOSTILE}"}],
    }
    run = runs / "hostile.jsonl"
    run.write_bytes(orjson.dumps(header) + b"\n" + orjson.dumps(answer) + b"\n")
    labels = tmp_path / "labels.jsonl"
    labels.write_bytes(orjson.dumps({"qid": f"q{HOSTILE}", "verdict": "correct", "note": HOSTILE}))
    workspace = ["--runs", str(runs), "--corpora", str(tmp_path), "--needles", str(tmp_path / "n")]
    commands = [  # (command, whether its output shows the run's own text)
        (["grade", str(run)], True),
        (["grade", str(run), "--gate"], True),
        (["import", "labels", str(labels), "--run", str(run)], False),
        (["rebaseline", "--all", *workspace], True),
        (["strategies", "--verbose", *workspace], False),
        (["agreement", *workspace], True),
        (["scan", "--add-decline", "could not find", *workspace], False),
    ]
    for command, shows in commands:
        main(command)
        captured = capsys.readouterr()
        for stream in (captured.out, captured.err):
            assert "\x1b" not in stream and "\x07" not in stream and "\x9b" not in stream, command
        if shows:
            assert "\\x1b" in captured.out + captured.err, command  # shown, escaped


def test_the_grades_sidecar_is_written_like_a_run_file(example_run):
    """Written through a temporary file, it once came out 0600 where run files are 0644."""
    import os
    import stat

    previous = os.umask(0o022)
    try:
        grades_path(example_run).unlink(missing_ok=True)
        assert main(["grade", str(example_run)]) == 0
    finally:
        os.umask(previous)
    assert stat.S_IMODE(grades_path(example_run).stat().st_mode) == 0o644


def test_no_record_writes_no_sidecar(example_run):
    grades_path(example_run).unlink(missing_ok=True)
    assert main(["grade", str(example_run), "--no-record"]) == 0
    assert not grades_path(example_run).exists()


def test_a_run_whose_corpus_is_absent_says_it_used_the_stored_gold(example_run, capsys):
    assert main(["grade", str(example_run)]) == 0
    assert "graded against the gold stored in the run" in capsys.readouterr().err


def test_a_grade_is_written_in_one_shape_by_the_sidecar_its_history_and_the_json(
    example_run, capsys
):
    """The grades of record, their history and `grade --json` each wrote a grade's dict."""
    from grader.records.grades import history_path, write_history

    assert main(["grade", str(example_run), "--json"]) == 0
    answers = orjson.loads(capsys.readouterr().out)["answers"]
    sidecar = [orjson.loads(line) for line in grades_path(example_run).read_bytes().splitlines()]
    write_history(example_run, read_grades(example_run))
    (history,) = [
        orjson.loads(line) for line in history_path(example_run).read_bytes().splitlines()
    ]
    assert sidecar[1:] == history["grades"]
    shape = list(sidecar[1])
    assert shape == ["qid", "verdict", "labels", "declined", "money_violation"]
    assert [{k: answer[k] for k in shape} for answer in answers] == sidecar[1:]
    assert all(a["money_violation"] == a["money"]["violation"] for a in answers)

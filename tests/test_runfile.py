"""The run file reader: tolerant of every bad line, refusing only what it cannot read."""

import os

import orjson
import pytest

from grader.errors import RunFileError
from grader.records.runfile import (
    append_answer,
    ensure_line_boundary,
    first_of_each_qid,
    index_run,
    load_entry,
    read_header,
    read_run,
    sidecar_path,
    write_header,
)
from grader.rules.verdict import Grader
from grader.schema import Source, SourceRef
from tests.conftest import ANSWER_LINE, make_answer

HEADER = {"type": "run", "schema": 1, "run_id": "r1", "corpus": "finance"}
GRADER = Grader()
GOOD = {**ANSWER_LINE, "future_field": {"kept": True}}


def write_lines(path, *lines):
    path.write_bytes(
        b"".join(line if isinstance(line, bytes) else orjson.dumps(line) + b"\n" for line in lines)
    )
    return path


def test_reads_header_and_answers_keeping_unknown_fields(tmp_path):
    run = read_run(write_lines(tmp_path / "r1.jsonl", HEADER, GOOD))
    assert run.header["corpus"] == "finance"
    assert run.problems == []
    (answer,) = run.answers
    assert answer.gold.key == "$42.99"
    assert answer.extra == {"future_field": {"kept": True}}
    assert answer.to_dict()["future_field"] == {"kept": True}
    assert answer.line == 2


BAD_LINES = [
    (b"{not json\n", "not valid JSON"),
    (b'{"type": "answer", "qid": "x\xff\xfe"}\n', "invalid UTF-8"),
    (orjson.dumps([1, 2]) + b"\n", "expected a JSON object, got list"),
    (orjson.dumps({**GOOD, "qid": 7}) + b"\n", "qid must be a non-empty string"),
    (orjson.dumps({**GOOD, "kind": "maybe"}) + b"\n", "kind must be one of"),
    (orjson.dumps({**GOOD, "answer": 42}) + b"\n", "answer must be a string, got int"),
    (orjson.dumps({**GOOD, "gold": "x"}) + b"\n", "gold must be an object, got string"),
    (orjson.dumps({**GOOD, "gold": {"key": 5}}) + b"\n", "gold.key must be a string"),
    (
        orjson.dumps({**GOOD, "gold": {"must_contain": "x"}}) + b"\n",
        "gold.must_contain must be a list",
    ),
    (orjson.dumps({**GOOD, "sources": [{"n": "1", "doc": "a"}]}) + b"\n", "sources[0] needs"),
    (orjson.dumps({**GOOD, "latency_ms": "fast"}) + b"\n", "latency_ms must be a number"),
    (orjson.dumps({**GOOD, "error": 1}) + b"\n", "error must be a string or null"),
    (orjson.dumps({**GOOD, "type": "comment"}) + b"\n", "unknown record type"),
    (b'{"type": "answer", "qid": "torn", "kind": "answ', "not valid JSON"),
]


@pytest.mark.parametrize(("line", "reason"), BAD_LINES, ids=[r for _, r in BAD_LINES])
def test_bad_line_is_reported_with_its_number_and_skipped(tmp_path, line, reason):
    second = {**GOOD, "qid": "q2"}
    if line.endswith(b"\n"):
        path = write_lines(tmp_path / "r.jsonl", HEADER, GOOD, line, second)
        expected_qids = ["q1", "q2"]
    else:  # a torn last line
        path = write_lines(tmp_path / "r.jsonl", HEADER, GOOD, line)
        expected_qids = ["q1"]
    run = read_run(path)
    assert [a.qid for a in run.answers] == expected_qids
    (problem,) = run.problems
    assert problem.line == 3
    assert reason in problem.reason


@pytest.mark.parametrize(
    "content",
    [b"", b"\n\n", b"\x00\xff\x13binary", b'{"type": "answer", "qid": "q1"}\n', b"[1, 2]\n"],
    ids=["empty", "blank-lines", "random-bytes", "an-answer-first", "json-but-not-an-object"],
)
def test_a_file_without_a_header_is_not_a_run(tmp_path, content):
    path = tmp_path / "r.jsonl"
    path.write_bytes(content)
    for read in (read_run, index_run, read_header):
        with pytest.raises(RunFileError, match="not a run file: no header"):
            read(path)


def test_a_header_without_a_schema_says_so(tmp_path):
    path = write_lines(tmp_path / "r.jsonl", {"type": "run", "run_id": "r"}, GOOD)
    with pytest.raises(RunFileError, match="names no schema"):
        read_run(path)


def test_unknown_schema_is_refused(tmp_path):
    with pytest.raises(RunFileError, match="schema 2 is not supported"):
        read_run(write_lines(tmp_path / "r.jsonl", {**HEADER, "schema": 2}, GOOD))


def test_duplicate_qid_keeps_the_first(tmp_path):
    run = read_run(write_lines(tmp_path / "r.jsonl", HEADER, GOOD, {**GOOD, "answer": "again"}))
    assert [a.answer for a in run.answers] == ["It is $42.99 [1]."]
    assert "duplicate qid 'q1' (first on line 2)" in run.problems[0].reason


def test_blank_lines_are_skipped_silently(tmp_path):
    run = read_run(write_lines(tmp_path / "b.jsonl", HEADER, b"\n", b"   \n", GOOD))
    assert run.problems == [] and len(run.answers) == 1


def test_huge_field_and_escape_sequences_are_read_as_text(tmp_path):
    weird = "\x1b[31mred\x1b[0m [bold]markup[/] " + "x" * 2_000_000
    run = read_run(write_lines(tmp_path / "r.jsonl", HEADER, {**GOOD, "answer": weird}))
    assert run.answers[0].answer == weird


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p, "cannot read run file"),
        (lambda p: (p.mkdir(), p)[1], "is a folder"),
    ],
    ids=["missing", "folder"],
)
def test_unreadable_file_is_a_run_file_error(tmp_path, make, message):
    with pytest.raises(RunFileError, match=message):
        read_run(make(tmp_path / "r.jsonl"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files regardless of permissions")
def test_permission_denied_is_a_run_file_error(tmp_path):
    path = write_lines(tmp_path / "r.jsonl", HEADER)
    path.chmod(0)
    with pytest.raises(RunFileError, match="cannot read run file"):
        read_run(path)


def test_write_header_append_and_read_back(tmp_path):
    path = tmp_path / "runs" / "r9.jsonl"
    write_header(path, {"run_id": "r9", "corpus": "finance"})
    append_answer(path, make_answer("It is $1 [1].", key="$1", qid="a"))
    append_answer(path, make_answer("It is $2 [1].", key="$2", qid="b"))
    run = read_run(path)
    assert run.header["schema"] == 1 and run.run_id == "r9"
    assert [a.qid for a in run.answers] == ["a", "b"]
    with pytest.raises(RunFileError, match="already exists"):
        write_header(path, {"run_id": "r9"})


def test_torn_tail_is_kept_and_later_answers_survive(tmp_path):
    """A run killed mid-write leaves a torn line; appending after it must not merge lines."""
    path = tmp_path / "r.jsonl"
    write_header(path, {"run_id": "r"})
    with open(path, "ab") as handle:
        handle.write(b'{"type": "answer", "qid": "half')
    assert ensure_line_boundary(path) is True
    assert ensure_line_boundary(path) is False
    append_answer(path, make_answer("It is $1 [1].", qid="next"))
    run = read_run(path)
    assert [a.qid for a in run.answers] == ["next"]
    assert [p.line for p in run.problems] == [2]


def test_sidecar_paths():
    assert sidecar_path("runs/abc.jsonl", "grades").as_posix() == "runs/abc.grades.jsonl"
    assert sidecar_path("runs/abc.jsonl", "marks").name == "abc.marks.jsonl"


def test_a_lean_answers_sources_are_refs_and_a_plain_ones_whole(tmp_path):
    """On a lean run, run.answers[0].sources[0]["doc"] once raised TypeError: a lean answer's
    sources are now typed as what they are (`SourceRef`), a plain answer's as `Source`."""
    path = write_lines(tmp_path / "r.jsonl", HEADER, GOOD)
    lean, plain = read_run(path, lean=True).answers[0], read_run(path).answers[0]
    assert [type(lean.sources[0]), type(plain.sources[0])] == [SourceRef, Source]
    assert lean.sources[0] == SourceRef(1, "adt", "Amount due $42.99")  # what grounding reads
    assert (plain.sources[0].n, plain.sources[0].doc, plain.sources[0].page) == (1, "adt", 1)
    assert plain.sources[0].text == lean.sources[0].text


def answer_line(qid: str, end: bytes = b"\n", lead: bytes = b"") -> bytes:
    return lead + orjson.dumps({**GOOD, "qid": qid}) + end


ODD_LINES = [
    ("an empty line", b"\n"),
    ("a short blank line", b"   \n"),
    ("a long blank line", b" " * 40 + b"\n"),
    ("form feed and tab", b"\t\x0c \r\n"),
    ("a lone CRLF", b"\r\n"),
    ("an answer ending in CRLF", answer_line("crlf", b"\r\n")),
    ("an answer after white space", answer_line("indented", lead=b" " * 20)),
    ("two answers split by a CR", answer_line("cr-1", b"\r") + answer_line("cr-2")),
    ("a repeated qid", answer_line("q1")),
]


def through_the_index(path):
    """What the review app reads: the index, then each entry loaded, repeats reported."""
    index = index_run(path)
    answers, problems = [], []
    with open(path, "rb") as handle:
        for entry in index.entries:
            kind, value = load_entry(handle, entry)
            (answers if kind == "answer" else problems).append(value)
    numbers = [entry[0] for entry in index.entries if entry[0] not in {p.line for p in problems}]
    return first_of_each_qid(answers, numbers, problems), sorted(problems, key=lambda p: p.line)


@pytest.mark.parametrize("odd", [o[1] for o in ODD_LINES], ids=[o[0] for o in ODD_LINES])
def test_every_reader_finds_the_same_lines(tmp_path, monkeypatch, odd):
    """The index once counted a blank line of more than 16 spaces as an answer line (a bad
    one), the plain reader skipped it, and the regrade cut its parts by a third rule."""
    import grader.audit.regrade as regrade_module

    monkeypatch.setattr(regrade_module, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(regrade_module, "_CHUNK_BYTES", (64, 128))
    body = [answer_line(f"q{i}") for i in range(1, 4)]
    path = tmp_path / "odd.jsonl"
    path.write_bytes(orjson.dumps(HEADER) + b"\n" + b"".join([body[0], odd, *body[1:], odd]))
    plain, lean = read_run(path), read_run(path, lean=True)
    indexed, indexed_problems = through_the_index(path)
    shared = regrade_module.regrade(path, GRADER, workers=2)
    lines = [(a.qid, a.line) for a in plain.answers]
    assert [(a.qid, a.line) for a in lean.answers] == lines
    assert [(a.qid, a.line) for a in indexed] == lines
    assert plain.problems == lean.problems == indexed_problems == shared.problems
    assert shared.grades == GRADER.grade_all(plain.answers)


def test_a_repeated_qid_is_reported_in_one_wording_everywhere(tmp_path):
    """A repeated qid was reported four ways in three wordings: "(kept line 2)" by the run
    reader, "(first on line 2)" by the corpus loader, bare by the review app, "repeats line 2"
    by the answers import."""
    from corpora.loader import CorpusInvalid, load_corpus
    from engine.imports.answers import import_answers
    from engine.imports.rows import BadRows
    from tui.session.review import ReviewSession

    said = "line 3: duplicate qid 'q1' (first on line 2)"
    run = write_lines(tmp_path / "r1.jsonl", HEADER, GOOD, {**GOOD, "answer": "again"})
    assert [str(p) for p in read_run(run).problems] == [said]
    session = ReviewSession(run)
    session.run.grade_everything()
    assert [str(p) for p in session.run.problems] == [said]
    session.close()

    corpus = tmp_path / "c1"
    (corpus / "docs").mkdir(parents=True)
    (corpus / "docs" / "adt.txt").write_text("Amount due $42.99.", encoding="utf-8")
    (corpus / "corpus.toml").write_text(
        'name = "c1"\n[[documents]]\nid = "adt"\nfile = "docs/adt.txt"\n', encoding="utf-8"
    )
    question = {name: GOOD[name] for name in ("qid", "kind", "question", "gold")}
    write_lines(corpus / "questions.jsonl", b"\n", question, question)
    with pytest.raises(CorpusInvalid) as caught:
        load_corpus(corpus)
    assert [str(p) for p in caught.value.problems] == [f"{corpus}/questions.jsonl:{said[5:]}"]

    rows = write_lines(
        tmp_path / "rows.jsonl",
        b"\n",
        *[{"qid": "q1", "question": "?", "response": "$5", "reference": "$5"}] * 2,
    )
    with pytest.raises(BadRows) as refused:
        import_answers(rows, tmp_path / "runs")
    assert refused.value.problems == [said]


def test_the_newest_run_is_found_by_the_header_reader(tmp_path):
    """`ragtriage review` once read the header line itself: a run whose first line was blank
    counted as the oldest, whatever its header said."""
    from tui.commands.review import newest_run

    write_lines(tmp_path / "older.jsonl", {**HEADER, "created": "2026-12-01T10:00:00Z"})
    write_lines(tmp_path / "newer.jsonl", b"\n", {**HEADER, "created": "2026-12-01T11:00:00Z"})
    write_lines(tmp_path / "broken.jsonl", {**HEADER, "schema": 9, "created": "2027"})
    (tmp_path / "newer.grades.jsonl").write_bytes(b"{}\n")  # a sidecar is never a run
    assert newest_run(tmp_path).name == "newer.jsonl"

"""Reading only the answers a scan wants (`read_run(lean=True, wanted=...)`): the answers it
keeps are those the whole read keeps whose text it wants, every other answer is counted, and a
line broken where the skim looks (type, qid, answer) is reported as the whole read reports it."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.records.runfile import decode_line, read_run
from tests.test_lean_reader import LINES, VALID_RECORDS

HEADER = json.dumps({"type": "run", "schema": 1, "run_id": "r"})


def wants_text(text: str) -> bool:
    return "find" in text


def wants(skimmed) -> bool:
    return wants_text(skimmed.answer)


def write(tmp_path, lines: list[bytes]):
    path = tmp_path / "r.jsonl"
    path.write_bytes(HEADER.encode() + b"\n" + b"\n".join(lines) + b"\n")
    return path


def same_answers(one, other) -> bool:
    return [(a.line, a.qid, a.answer) for a in one] == [(a.line, a.qid, a.answer) for a in other]


# Answer lines the whole read accepts (repeated qids among them: q1 and q2 only).
ACCEPTED = (
    VALID_RECORDS.map(json.dumps)
    .map(str.encode)
    .filter(lambda raw: decode_line(raw, 2, lean=True)[0] == "answer")
)


@settings(max_examples=300, deadline=None)
@given(st.lists(ACCEPTED, max_size=6))
def test_valid_lines_read_as_the_whole_read_filtered(tmp_path_factory, lines):
    path = write(tmp_path_factory.mktemp("skim"), lines)
    whole = read_run(path, lean=True)
    skimmed = read_run(path, lean=True, wanted=wants)
    assert same_answers(skimmed.answers, [a for a in whole.answers if wants_text(a.answer)])
    assert skimmed.passed_over == len(whole.answers) - len(skimmed.answers)
    assert skimmed.problems == whole.problems  # (the repeated qids, the same lines)


@pytest.mark.slow  # 600 drawn runs: left out of `make test-fast`
@settings(max_examples=600, deadline=None)
@given(LINES)
def test_a_line_is_refused_or_wanted_as_the_whole_read_says(tmp_path_factory, raw):
    path = write(tmp_path_factory.mktemp("skim"), [raw])
    whole = read_run(path, lean=True)
    skimmed = read_run(path, lean=True, wanted=wants)
    if skimmed.passed_over:  # read for its type, qid and text only: an answer not wanted
        assert not skimmed.answers and not skimmed.problems
        # (whatever else is wrong with the line, the whole read would report: not looked at)
        assert all(not wants_text(a.answer) for a in whole.answers)
        return
    # Otherwise the line was read whole: what the whole read made of it.
    assert same_answers(skimmed.answers, whole.answers)
    assert skimmed.problems == whole.problems


def test_broken_where_the_skim_looks_is_reported(tmp_path):
    lines = [
        b'{"type": "answer", "qid": 5, "answer": "no"}',  # a qid that is no string
        b'{"type": "answer", "qid": "q2", "answer": ["no"]}',  # an answer that is no string
        b'{"type": "answr", "qid": "q3", "answer": "no"}',  # no answer line
        b'{"type": "answer", "qid": "q4", "answer": "no"',  # cut short
        b'{"type": "answer", "qid": "q5", "answer": "n\xffo"}',  # not UTF-8
    ]
    path = write(tmp_path, lines)
    whole = read_run(path, lean=True)
    skimmed = read_run(path, lean=True, wanted=wants)
    assert len(whole.problems) == 5
    assert skimmed.problems == whole.problems
    assert skimmed.passed_over == 0 and skimmed.answers == []


def test_a_repeated_qid_is_dropped_whether_or_not_its_first_answer_was_wanted(tmp_path):
    record = {
        "type": "answer",
        "qid": "q1",
        "kind": "answerable",
        "question": "What is the fee?",
        "gold": {"key": "$5"},
        "sources": [],
    }
    first = json.dumps({**record, "answer": "It is $5 [1]."}).encode()
    again = json.dumps({**record, "answer": "I could not find it."}).encode()
    path = write(tmp_path, [first, again])
    skimmed = read_run(path, lean=True, wanted=wants)
    assert skimmed.answers == [] and skimmed.passed_over == 1
    assert [p.reason for p in skimmed.problems] == ["duplicate qid 'q1' (first on line 2)"]
    assert skimmed.problems == read_run(path, lean=True).problems

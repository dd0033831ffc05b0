"""Figures to quote on the command line: `queue --audit`, `import labels --picked`,
`agreement` with intervals and the ceiling, the corrected score in `grade` and `compare`."""

from __future__ import annotations

import orjson
import pytest

from grader.records.marks import (
    Mark,
    Picked,
    append_marks,
    picked_in_audit,
    picked_in_queue,
)
from grader.records.runfile import append_answer, write_run
from grader.schema import Answer, Gold, Source
from tui.cli import main

HEADER = {"run_id": "r", "created": "2026-12-01T00:00:00Z", "corpus": "none"}


def answer(number: int, right: bool, imported: str | None = None) -> Answer:
    extra = {"graders": [{"name": "contains", "verdict": imported}]} if imported else {}
    return Answer(
        qid=f"q{number:02d}",
        kind="answerable",
        question=f"What is fee {number}?",
        gold=Gold(key="$5", golden_docs=("doc-a",)),
        answer="The fee is $5 [1]." if right else "The fee is $6 [1].",
        sources=[Source(1, "doc-a", "The fee is $5.")],
        extra=extra,
    )


def label(qid: str, verdict: str, by: str, picked: Picked) -> Mark:
    return Mark(qid, "label", verdict, "", "2026-12-01T00:00:00Z", by, "", "", picked=picked)


@pytest.fixture
def run(tmp_path):
    return audited_run(tmp_path)


def audited_run(tmp_path):
    """40 answers, the rules right on 30 ($5) and wrong on 10 ($6). Ana audits all 40 and says
    two of the rules' passes are wrong; Bea reads the first 20 in file order and agrees with
    the rules; Cy marks 4 from the queue, all disagreeing. An imported grader says correct on
    every answer."""
    path = tmp_path / "r.jsonl"
    answers = [answer(i, right=i % 4 != 3, imported="correct") for i in range(40)]
    write_run(path, HEADER, answers)
    rules = {a.qid: "correct" if "$5" in a.answer else "wrong" for a in answers}
    marks = []
    for i, (qid, verdict) in enumerate(rules.items()):
        ana = "wrong" if qid in ("q00", "q01") else verdict
        marks.append(label(qid, ana, "ana", picked_in_audit(7)))
        if i < 20:
            marks.append(label(qid, verdict, "bea", Picked("browse")))
    for rank, qid in enumerate(("q03", "q07", "q11", "q15"), start=1):
        marks.append(label(qid, "correct", "cy", picked_in_queue(rank, 40)))
    append_marks(path, marks)
    return path


def test_queue_audit_prints_the_same_sample_for_the_same_seed(run, capsys):
    assert main(["queue", str(run), "--audit", "5", "--seed", "3", "--json"]) == 0
    first = orjson.loads(capsys.readouterr().out)
    assert main(["queue", str(run), "--audit", "5", "--seed", "3", "--json"]) == 0
    again = orjson.loads(capsys.readouterr().out)
    assert first == again and first["audit"] == {"size": 5, "asked": 5, "seed": 3}
    assert len({row["qid"] for row in first["sample"]}) == 5
    assert main(["queue", str(run), "--audit", "5", "--seed", "4", "--json"]) == 0
    assert orjson.loads(capsys.readouterr().out)["sample"] != first["sample"]
    assert main(["queue", str(run), "--audit", "3", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "3 of 40 answers drawn at random with seed 3" in out
    assert "correct" not in out and "wrong" not in out  # no verdict anchors the reader


def test_queue_audit_shows_a_control_character_python_counts_as_white_space(tmp_path, capsys):
    # NEL (\x85) and the separators \x1c-\x1f are white space to str.split: shown, not dropped.
    path = tmp_path / "r.jsonl"
    odd = Answer(
        qid="q00",
        kind="answerable",
        question="Complete: Sutherland Brothers and \x85.\x1e",
        gold=Gold(key="Quiver"),
        answer="Quiver",
        sources=[],
    )
    write_run(path, HEADER, [odd])
    assert main(["queue", str(path), "--audit", "1"]) == 0
    assert "Sutherland Brothers and \\x85.\\x1e" in capsys.readouterr().out


def test_import_labels_refuses_a_bad_picked_in_one_line_naming_the_accepted(run, capsys):
    labels = run.parent / "labels.csv"
    labels.write_text("qid,verdict\nq00,correct\n")
    argv = ["import", "labels", str(labels), "--run", str(run), "--picked", "often"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "all, random, hand" in err[0] and "'often'" in err[0]


@pytest.mark.parametrize(("given", "recorded"), [([], "hand"), (["--picked", "random"], "random")])
def test_imported_labels_say_how_their_answers_were_picked(run, capsys, given, recorded):
    labels = run.parent / "labels.csv"
    labels.write_text("qid,verdict\nq00,correct\n")
    assert main(["import", "labels", str(labels), "--run", str(run), "--by", "dee", *given]) == 0
    lines = run.with_suffix("").with_suffix(".marks.jsonl").read_bytes().splitlines()
    assert orjson.loads(lines[-1])["picked"] == {"how": recorded}


def test_imported_labels_name_the_next_command_with_the_run_and_its_folder(run, capsys):
    labels = run.parent / "labels.csv"
    labels.write_text("qid,verdict\nq00,correct\n")
    argv = ["import", "labels", str(labels), "--run", "r", "--runs", str(run.parent)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"next: `ragtriage agreement r --runs {run.parent}` compares" in out


def test_agreement_in_a_folder_without_runs_says_where_it_looked(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["agreement"]) == 0
    out = capsys.readouterr().out
    assert "0 run(s) in runs," in out and "no run files in runs: `--runs DIR`" in out
    assert main(["agreement", "--runs", str(tmp_path / "elsewhere")]) == 0
    assert f"no run files in {tmp_path / 'elsewhere'}" in capsys.readouterr().out


def test_agreement_quotes_random_marks_apart_from_the_queues_with_a_ceiling(run, capsys):
    assert main(["agreement", "--runs", str(run.parent), "--json"]) == 0
    quoted = orjson.loads(capsys.readouterr().out)["quoted"]
    assert quoted["marks_by_picked"] == {"audit": 40, "browse": 20, "queue": 4}
    assert quoted["reported_apart"] == ["queue"] and quoted["seed"] == 0
    assert quoted["interval"] == "95%"
    assert "Wilson" in quoted["method"]["agreement"] and "BCa" in quoted["method"]["kappa"]
    graders = {g["grader"]: g for g in quoted["graders"]}
    rules = graders["rules"]
    # 60 marks picked at random or in file order on 40 answers; 2 disagree
    assert rules["quoted"]["agreement"]["n"] == 60 and rules["quoted"]["answers"] == 40
    assert rules["quoted"]["agreement"]["value"] == pytest.approx(58 / 60)
    low, high = rules["quoted"]["kappa"]["low"], rules["quoted"]["kappa"]["high"]
    assert low < rules["quoted"]["kappa"]["value"] <= high
    assert rules["queue"]["agreement"]["value"] == 0.0 and rules["queue"]["agreement"]["n"] == 4
    assert graders["contains"]["quoted"]["covered"] == 40  # the imported grader, measured too
    ceiling = quoted["ceiling"]
    assert ceiling["reviewers"] == ["ana", "bea"] and ceiling["answers"] == 20
    assert ceiling["agreement"]["value"] == pytest.approx(18 / 20)
    assert rules["reaches_ceiling"] is True
    assert main(["agreement", "--runs", str(run.parent), "--json"]) == 0
    assert orjson.loads(capsys.readouterr().out)["quoted"] == quoted  # seeded: the same
    assert main(["agreement", "--runs", str(run.parent)]) == 0
    out = capsys.readouterr().out
    assert "reported apart: the 4 answer(s) picked by queue" in out
    assert "reaches the ceiling" in out and "below the ceiling" in out  # the rules; contains
    assert "ceiling: ana and bea on the same 20 answer(s)" in out


# --- the score corrected by the marks (DESIGN 4 rule 8) ----------------------------------------


def test_grade_shows_the_peoples_own_share_once_every_answer_is_marked(run, capsys):
    """Ana's audit of all 40 finds 2 of the rules' 30 passes wrong: 28 of 40 correct, the
    people's own share, with nothing to estimate (no pseudo-counts, no interval's width)."""
    assert main(["grade", str(run), "--no-record", "--json"]) == 0
    people = orjson.loads(capsys.readouterr().out)["scorecard"]["people"]
    accuracy = people["accuracy"]
    assert accuracy["rules"] == 0.75 and accuracy["method"] == "census"
    assert accuracy["corrected"] == accuracy["marks_alone"]
    assert accuracy["corrected"] == {"value": 0.7, "low": 0.7, "high": 0.7, "n": 40}
    # every answer asks for money: the people see 12 violations where the rules see 10
    assert people["money_violations"]["count"]["value"] == pytest.approx(12)
    assert main(["grade", str(run), "--no-record"]) == 0
    out = capsys.readouterr().out
    assert "people's figure   70.0% of 40 answers: every answer marked" in out


def test_grade_shows_the_peoples_estimate_once_the_run_holds_random_marks(run, capsys):
    """Ana's audit of 40 answers finds 2 of the rules' 30 passes wrong: 28 of 40 correct. On a
    run of 41 (one answer more, unmarked, the rules right on it) the people's estimate is
    StratPPI by the rules' verdict with Price and Bonett's adjusted Wald (two strata: one
    correct and one not added to each): 31/41 x 29/32 + 10/41 x 1/12."""
    append_answer(run, answer(40, right=True, imported="correct"))
    assert main(["grade", str(run), "--no-record", "--json"]) == 0
    people = orjson.loads(capsys.readouterr().out)["scorecard"]["people"]
    accuracy = people["accuracy"]
    assert accuracy["rules"] == pytest.approx(31 / 41, abs=1e-4) and accuracy["answers"] == 41
    assert accuracy["method"] == "StratPPI, adjusted Wald"
    expected = 31 / 41 * 29 / 32 + 10 / 41 / 12
    assert accuracy["corrected"]["value"] == pytest.approx(expected, abs=1e-6)
    assert accuracy["marks_alone"]["value"] == pytest.approx(0.70)
    assert accuracy["corrected"]["n"] == accuracy["marks_alone"]["n"] == 40
    assert accuracy["corrected"]["low"] < 0.70 < accuracy["corrected"]["high"]
    assert "not correct" in accuracy["note"]
    # every answer asks for money; the people see 12 violations where the rules see 10: 2 of
    # the rules' 30 passes and all 10 of their fails, adjusted as above (3/32 and 11/12)
    count = people["money_violations"]["count"]["value"]
    assert count == pytest.approx(41 * (31 / 41 * 3 / 32 + 10 / 41 * 11 / 12), abs=1e-5)
    assert main(["grade", str(run), "--no-record"]) == 0
    out = capsys.readouterr().out
    assert "people's estimate 70.6% [" in out and "marks alone 70.0% [" in out


def test_grade_shows_no_estimate_without_random_marks(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    write_run(path, HEADER, [answer(i, right=True) for i in range(5)])
    append_marks(path, [label("q00", "wrong", "cy", picked_in_queue(1, 5))])
    assert main(["grade", str(path), "--no-record", "--json"]) == 0
    assert "people" not in orjson.loads(capsys.readouterr().out)["scorecard"]
    assert main(["grade", str(path), "--no-record"]) == 0
    assert "people's estimate" not in capsys.readouterr().out


def test_compare_shows_each_runs_estimate(run, capsys):
    other = run.parent / "b"
    other.mkdir()
    write_run(other / "b.jsonl", {**HEADER, "run_id": "b"}, [answer(i, True) for i in range(40)])
    assert main(["compare", str(run), str(other / "b.jsonl"), "--json"]) == 0
    people = orjson.loads(capsys.readouterr().out)["people"]
    accuracy = people["a"]["accuracy"]  # Ana marked every answer of A: the people's own share
    assert accuracy["method"] == "census" and accuracy["corrected"]["value"] == 0.7
    assert people["b"] is None
    assert main(["compare", str(run), str(other / "b.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "A  70.0%, every answer marked: the people's own share" in out
    assert "B  no marks picked at random" in out


def test_export_marks_says_how_each_answer_was_picked(run, capsys):
    assert main(["export", "marks", str(run), "--format", "jsonl"]) == 0
    rows = [orjson.loads(line) for line in capsys.readouterr().out.splitlines()]
    picked = {(row["by"], row["picked"], row["blind"]) for row in rows}
    assert picked == {("ana", "audit", False), ("bea", "browse", False), ("cy", "queue", False)}


@pytest.mark.parametrize(
    ("graders", "found"),
    [
        ([{"name": "contains", "verdict": "correct"}], {"contains": "correct"}),
        ([{"name": "ragas", "verdict": None, "score": None}], {"ragas": None}),
        ([{"name": "a", "verdict": "wrong"}, {"name": "a", "verdict": "correct"}], {"a": "wrong"}),
        ([], {}),
    ],
    ids=["a-verdict", "no-score-no-verdict", "named-twice-first-kept", "none"],
)
def test_imported_verdicts_read_the_answers_graders(graders, found):
    from grader.audit.agreement import imported_verdicts
    from grader.schema import answer_from_dict

    answer = answer_from_dict({"qid": "q", "kind": "answerable", "graders": graders})
    assert imported_verdicts(answer.graders) == found


@pytest.mark.parametrize(
    ("graders", "reason"),
    [
        ([{"name": "odd", "verdict": "maybe"}], "graders.verdict must be one of correct"),
        ([{"name": "ok"}, {"verdict": "wrong"}], "graders.name is missing at [1]"),
        ("not a list", "graders must be a list of objects"),
        ([{"name": "m", "score": "high"}], "graders.score must be a number or null"),
    ],
    ids=["not-a-verdict", "no-name", "not-a-list", "score-not-a-number"],
)
def test_a_bad_graders_field_is_named(graders, reason):
    """The answer line's ``graders`` is declared: a bad one is refused in words naming it."""
    from grader.schema import BadRecord, answer_from_dict

    with pytest.raises(BadRecord, match=reason.replace("[", r"\[").replace("]", r"\]")):
        answer_from_dict({"qid": "q", "kind": "answerable", "graders": graders})


def test_a_nan_score_is_refused():
    """NaN says nothing a reader can check: refused, never read as a verdict."""
    from grader.schema import BadRecord, GraderVerdict

    with pytest.raises(BadRecord, match="score must be a finite number"):
        GraderVerdict("m", None, float("nan"))


# --- marks made through a filter or a search; the ceiling over any answers read twice ----------


def test_agreement_reports_filtered_and_searched_marks_apart_saying_why(tmp_path, capsys):
    """Marks made with a filter on were quoted as "browse, file order", as if picked at
    random."""
    path = tmp_path / "r.jsonl"
    answers = [answer(i, right=i % 4 != 3) for i in range(12)]
    write_run(path, HEADER, answers)
    marks = [label(f"q{i:02d}", "correct", "ana", Picked("browse")) for i in (0, 1, 2)]
    marks.append(label("q04", "wrong", "ana", Picked("browse")))
    marks += [label(f"q{i:02d}", "wrong", "ana", Picked("browse", filter="wrong")) for i in (3, 7)]
    marks.append(label("q11", "wrong", "ana", Picked("browse", search="fee 11")))
    append_marks(path, marks)
    assert main(["agreement", "--runs", str(tmp_path), "--json"]) == 0
    quoted = orjson.loads(capsys.readouterr().out)["quoted"]
    assert quoted["reviewed"] == {"random or file order": 4, "filter or search": 3}
    assert quoted["marks_by_picked"] == {"browse": 4, "filter wrong": 2, "search": 1}
    assert quoted["reported_apart"] == ["filter or search"]
    assert "not at random" in quoted["apart_because"]["filter or search"]
    rules = {g["grader"]: g for g in quoted["graders"]}["rules"]
    assert rules["quoted"]["agreement"]["n"] == 4  # the filtered q03 and q07 are apart
    assert rules["quoted"]["agreement"]["value"] == pytest.approx(3 / 4)
    assert rules["filter or search"]["agreement"]["n"] == 3
    assert rules["filter or search"]["agreement"]["value"] == 1.0
    assert main(["agreement", "--runs", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "reported apart: the 3 answer(s) picked by filter or search (a filter or a search" in out


def test_the_ceiling_is_read_over_hand_picked_labels_too_saying_how(tmp_path, capsys):
    """A colleague's labels imported as picked by hand, on answers another reviewer marked,
    gave "no answer read by two reviewers"."""
    path = tmp_path / "r.jsonl"
    write_run(path, HEADER, [answer(i, right=i % 4 != 3) for i in range(10)])
    marks = [label(f"q{i:02d}", "correct", "ana", Picked("browse")) for i in range(10)]
    marks += [label(f"q{i:02d}", "correct", "bea", Picked("hand")) for i in range(6)]
    append_marks(path, marks)
    assert main(["agreement", "--runs", str(tmp_path), "--json"]) == 0
    ceiling = orjson.loads(capsys.readouterr().out)["quoted"]["ceiling"]
    assert ceiling["reviewers"] == ["ana", "bea"] and ceiling["answers"] == 6
    assert ceiling["picked"] == {"browse": 6, "hand": 6} and ceiling["at_random"] is False
    assert ceiling["agreement"]["value"] == 1.0
    assert main(["agreement", "--runs", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "no answer read by two reviewers" not in out
    assert "ceiling: ana and bea on the same 6 answer(s)" in out
    assert "their marks on those answers were picked: browse 6, hand 6" in out
    assert "not all at random" in out


def test_agreement_names_how_its_intervals_are_made_and_keeps_each_note_on_its_line(run, capsys):
    """It said "a bootstrap over answers" of Wilson's intervals, and printed a note of two lines
    over two."""
    note = "the fee is $5,\nnot $6"
    append_marks(run, [Mark("q05", "label", "wrong", note, HEADER["created"], "dee", "", "")])
    assert main(["agreement", "--runs", str(run.parent)]) == 0
    out = capsys.readouterr().out
    assert (
        "figures to quote, 95% intervals (agreement: Wilson's; kappa: BCa bootstrap, seed 0, "
        "2,000 resamples)\n" in out
    )
    (line,) = [line for line in out.splitlines() if line.startswith("  r q05:")]
    assert line.endswith("dee wrong: the fee is $5, not $6")


def test_two_random_marks_give_no_point_interval_anywhere(tmp_path, capsys):
    """After two audit marks (both wrong, as the rules said) on a run the rules score 1 of 71,
    `grade` printed ``people's estimate 0.0% [0.0%, 0.0%]``: the same interval, the marks'
    own Wilson bound, in `grade`, `grade --json` and `compare`."""
    path = tmp_path / "r.jsonl"
    write_run(path, HEADER, [answer(i, right=i == 0) for i in range(71)])
    append_marks(path, [label(q, "wrong", "ana", picked_in_audit(1)) for q in ("q05", "q09")])
    assert main(["grade", str(path), "--no-record"]) == 0
    out = capsys.readouterr().out
    assert "people's estimate 0.0% [0.0%, 65.8%] of 71 answers" in out
    assert "[0.0%, 0.0%]" not in out
    assert main(["grade", str(path), "--no-record", "--json"]) == 0
    corrected = orjson.loads(capsys.readouterr().out)["scorecard"]["people"]["accuracy"]
    assert corrected["corrected"]["high"] == pytest.approx(0.657620, abs=1e-6)
    other = tmp_path / "b"
    other.mkdir()
    write_run(other / "b.jsonl", {**HEADER, "run_id": "b"}, [answer(i, True) for i in range(40)])
    assert main(["compare", str(path), str(other / "b.jsonl")]) == 0
    assert "A  0.0% [0.0%, 65.8%]" in capsys.readouterr().out

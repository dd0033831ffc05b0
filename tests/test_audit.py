"""Grader audit: collisions, flip preview, rebaseline (which must equal the preview), needles."""

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.audit.change import Change
from grader.audit.flips import Flip
from grader.audit.preview import flip_preview
from grader.audit.scan import (
    QuestionRef,
    collisions,
    expected_direction,
    observed_agrees,
)
from grader.errors import GraderConfigError
from grader.records.grades import history_path, read_grades
from grader.rules.declines import load_declines
from grader.rules.reading import answer_declines
from grader.rules.verdict import Grader
from grader.schema import Gold
from tests.conftest import make_answer
from tui.cli import main

DECLINES = load_declines()

QUESTIONS = [
    (
        "q-flood",
        "answerable",
        "Does the policy cover flood damage?",
        {"key": "not covered", "must_contain": ["not covered"], "golden_docs": ["a"]},
    ),
    ("q-due", "answerable", "How much is due?", {"key": "$42.99", "golden_docs": ["a"]}),
    ("q-fee", "answerable", "What fee was charged?", {"key": "$20.00", "golden_docs": ["a"]}),
    ("q-neg", "negative", "What is the pet premium?", {"key": ""}),
    ("q-neg2", "negative", "What is the boat premium?", {"key": ""}),
]
# What the run's one source holds: the $26.99 the q-due answer names rests on it, so a decline
# excuses it (a guess would never be excused).
SOURCE_TEXT = "Previous balance $26.99. Amount due $42.99. Fee $20.00. Flood: not covered."
ANSWERS = {
    "q-flood": "Flood damage is not covered by the policy [1].",
    "q-due": "The amount due, $26.99 [1], is outside my remit to say.",
    "q-fee": "The fee is $20.00 [1].",
    "q-neg": "That is outside my remit to say.",
    "q-neg2": "The pet premium is $12.00 [1].",
}


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    """A corpus, a graded run and a workspace needles folder (empty: the shipped list is in
    force until the first change writes the workspace's own)."""
    declines = tmp_path / "needles" / "declines.json"
    monkeypatch.setenv("RAGTRIAGE_NEEDLES", str(tmp_path / "needles"))
    corpus = tmp_path / "corpora" / "c1"
    (corpus / "docs").mkdir(parents=True)
    (corpus / "docs" / "a.txt").write_text("Amount due $42.99. Fee $20.00. Flood: not covered.")
    (corpus / "corpus.toml").write_text(
        'name = "c1"\n[[documents]]\nid = "a"\nfile = "docs/a.txt"\n'
    )
    (corpus / "questions.jsonl").write_bytes(
        b"".join(
            orjson.dumps({"qid": q, "kind": k, "question": text, "gold": gold}) + b"\n"
            for q, k, text, gold in QUESTIONS
        )
    )
    runs = tmp_path / "runs"
    runs.mkdir()
    lines = [orjson.dumps({"type": "run", "schema": 1, "run_id": "r1", "corpus": "c1"})]
    for qid, kind, text, gold in QUESTIONS:
        lines.append(
            orjson.dumps(
                {
                    "type": "answer",
                    "qid": qid,
                    "kind": kind,
                    "question": text,
                    "gold": gold,
                    "answer": ANSWERS[qid],
                    "sources": [{"n": 1, "doc": "a", "text": SOURCE_TEXT}],
                }
            )
        )
    (runs / "r1.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    args = ["--runs", str(runs), "--corpora", str(tmp_path / "corpora")]
    assert main(["grade", str(runs / "r1.jsonl"), "--corpora", str(tmp_path / "corpora")]) == 0
    return tmp_path, args, declines


def snapshot(path):
    """A file's bytes, or None while it does not exist."""
    return path.read_bytes() if path.exists() else None


def scan_json(capsys, *argv):
    assert main(["scan", *argv, "--json"]) == 0
    return orjson.loads(capsys.readouterr().out)


def test_rebaseline_after_the_change_equals_the_scan(workspace, capsys):
    """The proof that a change did what was predicted and nothing else."""
    _tmp_path, args, _ = workspace
    capsys.readouterr()
    preview = scan_json(capsys, "--add-decline", "outside my remit", *args)
    predicted = {
        (f["run"], f["qid"], f["old"], f["new"], f["violation_before"], f["violation_after"])
        for f in preview["flips"]
    }
    assert predicted == {
        ("r1", "q-neg", "wrong", "correct", False, False),
        ("r1", "q-due", "wrong", "wrong", True, False),
    }
    assert preview["violations_removed"] == ["q-due"]
    assert any("REMOVES 1 money violation" in w for w in preview["warnings"])
    assert (
        main(
            [
                "needle",
                "add-decline",
                "outside my remit",
                "--why",
                "test",
                "--override-reason",
                "accepting the removed violation for the test",
                *args,
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert main(["rebaseline", "--all", *args, "--json"]) == 0
    rebased = orjson.loads(capsys.readouterr().out)
    observed = {
        (f["run"], f["qid"], f["old"], f["new"], f["violation_before"], f["violation_after"])
        for r in rebased["runs"]
        for f in r["flips"]
    }
    assert observed == predicted


def test_rebaseline_write_keeps_the_old_grades_in_history(workspace, capsys):
    tmp_path, args, _declines = workspace
    run = tmp_path / "runs" / "r1.jsonl"
    before = read_grades(run)
    assert (
        main(
            [
                "needle",
                "add-decline",
                "outside my remit",
                "--why",
                "t",
                "--override-reason",
                "test",
                *args,
            ]
        )
        == 0
    )
    assert main(["rebaseline", str(run), "--write", *args[2:]]) == 0
    after = read_grades(run)
    assert after.fingerprint != before.fingerprint
    assert after.grades["q-neg"].verdict == "correct"
    history = [orjson.loads(line) for line in history_path(run).read_bytes().splitlines()]
    assert history[-1]["fingerprint"] == before.fingerprint
    capsys.readouterr()
    assert main(["rebaseline", str(run), *args[2:]]) == 0
    assert "0 flip(s)" in capsys.readouterr().out


def test_proposing_not_covered_says_why_it_was_excluded(workspace, capsys):
    _, args, _ = workspace
    report = scan_json(capsys, "--add-decline", "not covered", *args)
    exclusion = [c for c in report["collisions"] if c["kind"] == "exclusion"]
    assert exclusion and "vocabulary of substantive answers" in exclusion[0]["detail"]
    assert "expenses not covered by insurance" in exclusion[0]["detail"]
    kinds = {c["kind"] for c in report["collisions"]}
    assert {"equal", "in-key"} <= kinds


def test_refused_without_override_and_nothing_written(workspace, capsys):
    _, args, declines = workspace
    before = snapshot(declines)
    assert main(["needle", "add-decline", "not covered", "--why", "x", *args]) == 1
    assert "refused" in capsys.readouterr().err
    assert snapshot(declines) == before


def test_clean_addition_is_written_with_provenance_and_example(workspace, capsys):
    _, args, declines = workspace
    assert (
        main(
            [
                "needle",
                "add-decline",
                "outside my remit",
                "--why",
                "academic register",
                "--observed",
                "r1:q-neg",
                "--override-reason",
                "flips expected",
                *args,
            ]
        )
        == 0
    )
    listed = load_declines(declines)
    added = next(p for p in listed.phrases if p.phrase == "outside my remit")
    assert (added.why, added.observed, added.override) == (
        "academic register",
        "r1:q-neg",
        "flips expected",
    )
    assert listed.examples[-1].answer == ANSWERS["q-neg"]
    assert answer_declines(listed.examples[-1].answer, listed)


@pytest.mark.parametrize(
    ("phrase", "message"),
    [("", "cannot be empty"), ("   ", "cannot be empty"), ("x" * 501, "at most 500")],
    ids=["empty", "whitespace", "too-long"],
)
def test_bad_phrases_are_refused(workspace, capsys, phrase, message):
    _, args, _ = workspace
    assert main(["scan", "--add-decline", phrase, *args]) == 2
    assert message in capsys.readouterr().err


def test_a_phrase_matching_many_answers_is_flagged_with_the_count(workspace, capsys):
    _, args, _ = workspace
    report = scan_json(capsys, "--add-decline", "the", *args)
    broad = [c for c in report["collisions"] if c["kind"] == "broad"]
    # as a word: "the" is in four answers ("The amount due", "The fee", ...), not in "That"
    assert broad and "occurs in 4 of 5 answers" in broad[0]["detail"]


def test_near_duplicates_are_named_with_their_score():
    found = collisions(Change("add-decline", "not explicitely stated"), DECLINES, [])
    near = [c for c in found if c.kind == "near-duplicate"]
    assert any("'not explicitly stated'" in c.detail for c in near)


def test_inside_an_existing_needle_and_containing_one():
    refs = [QuestionRef("c", "q", "?", Gold(must_contain=("amount due on the bill",)))]
    inside = collisions(Change("add-decline", "due on the"), DECLINES, refs)
    contains = collisions(Change("add-decline", "the amount due on the bill today"), DECLINES, refs)
    assert [c.kind for c in inside if c.where.startswith("c/q")] == ["inside"]
    assert [c.kind for c in contains if c.where.startswith("c/q")] == ["contains"]


def test_question_needle_change_rewrites_only_that_question(workspace, capsys):
    tmp_path, args, _ = workspace
    path = tmp_path / "corpora" / "c1" / "questions.jsonl"
    before = path.read_bytes().splitlines()
    report = scan_json(capsys, "--add-needle", "q-fee", "must_not_contain", "$20.00", *args)
    assert [(f["qid"], f["old"], f["new"]) for f in report["flips"]] == [
        ("q-fee", "correct", "wrong")
    ]
    assert (
        main(
            [
                "needle",
                "add",
                "q-fee",
                "must_not_contain",
                "$20.00",
                "--why",
                "t",
                "--override-reason",
                "test",
                *args,
            ]
        )
        == 0
    )
    after = path.read_bytes().splitlines()
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert changed == [2]
    assert orjson.loads(after[2])["gold"]["must_not_contain"] == ["$20.00"]


def test_needle_change_on_unknown_question_is_refused(workspace, capsys):
    _, args, _ = workspace
    assert main(["scan", "--add-needle", "nope", "must_contain", "x", *args]) == 2
    assert "no question 'nope'" in capsys.readouterr().err


def test_exclusion_is_recorded_with_counterexamples(workspace, capsys):
    _, args, declines = workspace
    assert (
        main(
            [
                "needle",
                "exclude",
                "unable to pay",
                "--why",
                "banking register",
                "--counterexample",
                "I could not find why the customer was unable to pay [1].",
                *args,
            ]
        )
        == 2
    ), "a counter-example that already reads as a decline is refused"
    assert "already reads as a decline" in capsys.readouterr().err
    assert (
        main(
            [
                "needle",
                "exclude",
                "not payable",
                "--why",
                "insurance register",
                "--counterexample",
                "Benefits are not payable for cosmetic surgery [2].",
                *args,
            ]
        )
        == 0
    )
    exclusion = load_declines(declines).exclusions[-1]
    assert exclusion.phrase == "not payable"
    assert exclusion.counterexamples == ("Benefits are not payable for cosmetic surgery [2].",)
    report = collisions(Change("add-decline", "not payable"), load_declines(declines), [])
    assert [c.kind for c in report] == ["exclusion"]


def test_strategies_command_compares_against_the_default(workspace, capsys):
    _, args, _ = workspace
    assert main(["strategies", *args, "--json"]) == 0
    report = orjson.loads(capsys.readouterr().out)
    rows = {(row["kind"], row["name"]): row for row in report["strategies"]}
    assert report["defaults"] == {"clause": "reports", "money": "superseding"}
    assert set(rows) >= {("clause", "first-report"), ("clause", "mentions"), ("money", "sole")}
    for default in (rows[("clause", "reports")], rows[("money", "superseding")]):
        assert default["money_flips"] == [] and default["other_flips"] == []


def test_scan_declines_audits_the_list_against_documents_and_answers(workspace, capsys):
    tmp_path, args, _ = workspace
    (tmp_path / "corpora" / "c1" / "docs" / "a.txt").write_text(
        "Returned item: insufficient funds. Amount due $42.99. Flood: not covered."
    )
    assert main(["scan", "--declines", *args, "--json"]) == 0
    findings = orjson.loads(capsys.readouterr().out)["findings"]
    assert any(
        f["phrase"] == "insufficient"
        and f["place"] == "document"
        and "insufficient funds" in f["excerpt"]
        for f in findings
    )


ANSWER_TEXT = st.lists(
    st.sampled_from(
        [
            "The amount due is $42.99",
            "$26.99",
            "outside my remit",
            "not stated",
            "[1]",
            "[2]",
            "According to Source 2,",
            "flood",
            "not covered",
            ".",
            "hmm",
            "we could not find it",
            "; ",
            ", but",
            "the provided context does not include the fee",
            "I could not find the fee of $20.00",
        ]
    ),
    max_size=8,
).map(" ".join)


def drawn_answers(keys: list[str], most: int):
    """(kind, text, key) of up to ``most`` answers, each key drawn from ``keys``."""
    return st.lists(
        st.tuples(
            st.sampled_from(["answerable", "negative", "ambiguous"]),
            ANSWER_TEXT,
            st.sampled_from(keys),
        ),
        min_size=1,
        max_size=most,
    )


def decline_changes(added: list[str]):
    """A decline phrase added (one of ``added``) or one of the list's first ten removed."""
    return st.one_of(
        st.builds(Change, st.just("add-decline"), st.sampled_from(added)),
        st.builds(
            Change,
            st.just("remove-decline"),
            st.sampled_from([p.phrase for p in DECLINES.phrases[:10]]),
        ),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=drawn_answers(["", "$42.99", "$20.00"], 12),
    change=st.one_of(
        decline_changes(["outside my remit", "flood", "$26.99", "hmm", "it"]),
        st.builds(
            Change,
            st.just("add-needle"),
            st.sampled_from(["flood", "$42.99", "scope"]),
            qid=st.sampled_from(["a0", "a1", "a2"]),
            needle_kind=st.sampled_from(["must_contain", "must_not_contain", "must_contain_any"]),
        ),
    ),
)
def test_incremental_preview_equals_a_full_regrade(answers, change):
    records = [
        make_answer(text, kind=kind, key=key, qid=f"a{i}")
        for i, (kind, text, key) in enumerate(answers)
    ]
    today = Grader(DECLINES)
    try:
        declines = change.apply_declines(DECLINES)
        golds = {}
        if not change.is_decline:
            for record in records:
                if record.qid == change.qid:
                    golds[record.qid] = change.apply_gold(record.gold)
    except GraderConfigError:
        return
    graders = {"r": (today, Grader(declines, None, golds))}
    fast, _ = flip_preview(change, [("r", records)], graders, incremental=True)
    full, regraded = flip_preview(change, [("r", records)], graders, incremental=False)
    assert fast == full
    assert regraded == len(records)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=drawn_answers(["", "$42.99", "Yes", "No", "flood insurance"], 8),
    change=decline_changes(["outside my remit", "flood", "$26.99", "hmm", "not covered"]),
)
def test_a_decline_change_moves_answers_only_the_way_the_scan_says(answers, change):
    """The direction the scan promises a decline change (`expected_direction`), checked by
    `observed_agrees`, holds on every answer: one way, but for the refusal of an answerable
    question, which moves between unjudged and wrong (v4, rule 2)."""
    records = [
        make_answer(text, kind=kind, key=key, qid=f"a{i}", question="Is the fee refundable?")
        for i, (kind, text, key) in enumerate(answers)
    ]
    try:
        declines = change.apply_declines(DECLINES)
    except GraderConfigError:
        return
    graders = {"r": (Grader(DECLINES), Grader(declines))}
    flips, _ = flip_preview(change, [("r", records)], graders, incremental=False)
    assert observed_agrees(change, flips), flips


def test_a_refusal_is_the_one_way_down_a_decline_phrase_allows():
    """Adding a phrase that makes an answer to a Yes-or-No question withhold it: unjudged (it
    took no side) becomes wrong (D004), and the scan does not call that a direction the change
    should not allow; removing the phrase again is the mirror. Any other move against the
    change's direction still is one."""
    record = make_answer(
        "That is outside my remit.",
        kind="answerable",
        key="Yes",
        qid="q1",
        question="Is the fee refundable?",
    )
    added = Change("add-decline", "outside my remit")
    wider = Grader(added.apply_declines(DECLINES))
    flips, _ = flip_preview(added, [("r", [record])], {"r": (Grader(DECLINES), wider)})
    assert [(f.old_verdict, f.new_verdict) for f in flips] == [("unjudged", "wrong")]
    assert flips[0].new_labels[0] == "declined an answerable question"
    assert observed_agrees(added, flips)
    assert "unjudged" not in expected_direction(added)  # (the words say "no rule judged")
    assert "D004" in expected_direction(added)
    removed = Change("remove-decline", "outside my remit")
    back, _ = flip_preview(removed, [("r", [record])], {"r": (wider, Grader(DECLINES))})
    assert [(f.old_verdict, f.new_verdict) for f in back] == [("wrong", "unjudged")]
    assert observed_agrees(removed, back)
    other = Flip("r", "q2", "correct", "wrong", (), ('missing key: "x"',), False, False)
    assert not observed_agrees(added, [other])
    assert not observed_agrees(removed, [Flip("r", "q3", "wrong", "correct", (), (), False, False)])
    unjudged_to_wrong_otherwise = Flip(
        "r", "q4", "unjudged", "wrong", (), ('missing key: "x"',), False, False
    )
    assert not observed_agrees(added, [unjudged_to_wrong_otherwise])


def test_a_write_is_refused_when_the_lists_changed_since_the_scan(workspace):
    """The needle lists can change between a scan and its acceptance (another reviewer)."""
    from engine.needle_changes import NeedleChanges
    from engine.workspace import Workspace

    tmp_path, _, declines = workspace
    space = NeedleChanges(
        Workspace(
            runs_dir=tmp_path / "runs",
            corpora_root=tmp_path / "corpora",
            needles_dir=declines.parent,
        )
    )
    scanned = space.lists_digest()
    change = Change("add-decline", "outside my remit")
    space.scan(change)
    questions = tmp_path / "corpora" / "c1" / "questions.jsonl"
    questions.write_bytes(questions.read_bytes() + b"\n")  # somebody else edited a list
    before = snapshot(declines)
    with pytest.raises(GraderConfigError, match="changed on disk since the scan"):
        space.apply(change, why="t", scanned=scanned)
    assert snapshot(declines) == before


def test_an_observed_answer_from_third_party_data_is_named_not_copied(workspace, capsys):
    _, args, declines = workspace
    assert (
        main(
            [
                "needle",
                "add-decline",
                "outside my remit",
                "--why",
                "t",
                "--observed",
                "r1:q-neg",
                "--no-example",
                "--override-reason",
                "flips expected",
                *args,
            ]
        )
        == 0
    )
    listed = load_declines(declines)
    added = next(p for p in listed.phrases if p.phrase == "outside my remit")
    assert added.observed.startswith("r1:q-neg") and "not kept" in added.observed
    assert all(example.answer != ANSWERS["q-neg"] for example in listed.examples)


def test_the_scan_counts_the_flips_toward_and_away_from_the_reviewers(workspace, capsys):
    """A rule change answers: does it move the grader toward the people or away from them?"""
    tmp_path, args, _ = workspace
    from grader.records.marks import append_mark, make_mark
    from tests.conftest import make_answer as answer_of

    run = tmp_path / "runs" / "r1.jsonl"
    neg = GRADER_TODAY.grade(answer_of(ANSWERS["q-neg"], kind="negative", qid="q-neg"))
    due = GRADER_TODAY.grade(answer_of(ANSWERS["q-due"], key="$42.99", qid="q-due"))
    append_mark(run, make_mark(neg, "disagree", "f", verdict="correct", note="a decline"))
    append_mark(run, make_mark(due, "agree", "f"))
    report = scan_json(capsys, "--add-decline", "outside my remit", *args)
    assert report["reviewers"] == {"fixes": ["r1:q-neg"], "breaks": []}
    capsys.readouterr()
    assert main(["scan", "--add-decline", "outside my remit", *args]) == 0
    assert "fixes 1 disagreement(s), breaks 0 agreement(s)" in capsys.readouterr().out


GRADER_TODAY = Grader()


def test_a_label_change_is_not_called_a_verdict_change():
    from grader.audit.flips import Flip

    flip = Flip("r", "q", "wrong", "wrong", ("a",), ("b",), False, False)
    assert flip.describe() == "labels changed (still wrong)"
    assert Flip("r", "q", "wrong", "correct", (), (), True, False).describe() == (
        "wrong -> correct, money violation REMOVED"
    )

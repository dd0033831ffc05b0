"""The reading queue: each signal on the answer it names, the order, the explanation per row,
and `ragtriage queue`."""

from __future__ import annotations

import msgspec
import orjson
import pytest

from grader.audit.queue import (
    SIGNALS,
    near_miss,
    reading_queue,
    share_found,
    signals_of,
    strategy_variants,
)
from grader.records.judgements import Judgement, append_judgement
from grader.rules.money import MoneyKey, find_amounts
from grader.rules.verdict import UNJUDGED, Grader
from tests.conftest import ROOT, make_answer
from tui.cli import main

GRADER = Grader()
VARIANTS = strategy_variants(GRADER)
EXAMPLE = ROOT / "runs" / "example-essay-cases.jsonl"


def judged(qid: str, verdict: str) -> Judgement:
    return Judgement(
        qid, "judged", verdict, "why", f"{verdict}. why", {"name": "m"}, "judge-1", "h", ""
    )


def fired(text: str, key: str = "$42.99", judgement: Judgement | None = None, **fields) -> set[str]:
    grade_of = fields.pop("grade_of", None)
    answer = make_answer(text, key=key, **fields)
    grade = GRADER.grade(answer)
    if grade_of is not None:
        grade = grade_of(grade)
    found = signals_of(answer, grade, GRADER.read(answer), judgement, GRADER, VARIANTS)
    return {signal.name for signal, _detail in found}


@pytest.mark.parametrize(
    ("text", "options", "signals"),
    [
        ("The amount due is $42.99 [1].", {}, set()),
        (
            "The amount due is $42.99 [1].",
            {"grade_of": lambda g: msgspec.structs.replace(g, verdict=UNJUDGED, labels=())},
            {"unjudged"},
        ),
        (
            "The amount due is $42.99 [1].",
            {"judgement": judged("q1", "wrong")},
            {"rules and judge disagree"},
        ),
        ("The amount due is $42.99 [1].", {"judgement": judged("q1", "correct")}, set()),
        (
            "The amount due is $26.99. This is indicated in Source 1, where the ending balance "
            "is listed as $42.99.",
            {},
            {"strategies disagree"},
        ),
        (
            "The amount due is $42.99 [1], after a previous balance of $30.00 [1].",
            {},
            {"strategies disagree", "suspicious pass"},
        ),
        (
            "After a previous balance of $30.00 [1], the amount due is $42.99 [1].",
            {},
            {"suspicious pass"},
        ),
        (
            "I could not find the exact fee, but the amount due is $42.99 [1].",
            {},
            {"decline phrase inside a passing answer", "hedge"},
        ),
        ("The amount due is $24.99 [1].", {}, {"near-miss figure"}),
        ("Capex was $1,577 [1].", {"key": "$1,577 million"}, {"near-miss figure"}),
        ("Capex was $3.7 billion [1].", {"key": "$3,725 million"}, {"near-miss figure"}),
        ("The margin was 7.8% [1].", {"key": "7.9%"}, {"near-miss figure"}),
        ("The margin was 12.5% [1].", {"key": "7.9%"}, set()),
        (
            "Yes, working capital was positive, at $2,278 million [1].",
            {"key": "Yes. Working capital was $831 million."},
            {"passed without a fact of the key"},
        ),
        (
            "Yes, working capital was positive, at $831 million [1].",
            {"key": "Yes. Working capital was $831 million."},
            set(),
        ),
        (
            "Yes, growth slows to 3.5% [1].",
            {"key": "Yes, growth slows from 3.6% to 3.5%."},
            {"passed without a fact of the key"},
        ),
        ("The amount due is probably $42.99 [1].", {}, {"hedge"}),
        ("The amount due is about $43 [1].", {"key": "$43"}, {"hedge"}),
        ("The amount due is $42.99.", {}, {"partial"}),
        ("The bill lists several charges [1].", {}, {"wrong only for what is missing"}),
        (
            "The plan is the Silver HMO [1].",
            {"key": "Gold PPO"},
            {"wrong only for what is missing"},
        ),
        (
            "The deductible was raised to 25% of the claim [1].",
            {
                "key": "The insurer raised the deductible to 20% of each claim after the "
                "2023 storms."
            },
            {"wrong for a figure of an explanation"},
        ),
        (
            "The deductible was raised to 25% of the claim [1].",
            {"key": "20%"},
            set(),
        ),
        (
            "The amount due on the water bill is $63.20 [1].",
            {"key": "$42.99 (alarm), $118.40 (utility) or $96.48 (phone)"},
            set(),
        ),
        (
            "The late fee rose because the utility passed on higher fuel costs [1].",
            {
                "key": "The utility raised the late fee to cover the higher fuel costs it paid "
                "over the winter",
                "must_contain": ("fuel costs",),
            },
            {"passed on words of an explanation"},
        ),
        (
            "The plan is the Silver HMO [1].",
            {"key": "Silver HMO"},
            set(),
        ),
        (
            "Yes, the landlord may keep it [1].",
            {"key": "Yes. The lease lets the landlord keep the deposit for unpaid rent."},
            set(),
        ),
        ("The sources do not contain this information.", {"kind": "negative", "key": ""}, set()),
        ("I cannot find the fee [1].", {}, set()),
    ],
    ids=[
        "a clean pass: nothing",
        "the rules abstain",
        "the judge says otherwise",
        "the judge agrees: nothing",
        "a clause strategy grades it otherwise",
        "two amounts, the key first: the concluding strategy, and the suspicious pass",
        "two amounts, the key last: sole's partial is the suspicious pass, counted once",
        "a decline inside a pass, beside a figure",
        "digits transposed",
        "off by a scale word",
        "an amount rounded to fewer digits than the key",
        "a percentage a unit of its last place away",
        "another percentage: nothing",
        "a pass that gives another amount than the key's reason",
        "a pass that gives the key's amount: nothing",
        "a pass that leaves one of the key's figures out",
        "a hedge word",
        "about an amount",
        "a middle verdict",
        "wrong only for a missing amount",
        "wrong only for a missing text key",
        "another percentage than an explanation's: its figure may be of another quantity",
        "another percentage than a figure key's: a plain wrong figure",
        "another amount than a key listing its readings' amounts: the money bar's",
        "a pass on the needle of an explanation",
        "a pass on a short key, matched whole: nothing",
        "a pass on the polarity of a Yes key: nothing",
        "a negative declined: nothing",
        "an honest decline of an answerable question: nothing",
    ],
)
def test_each_signal_fires_on_the_answer_it_names(text, options, signals):
    assert fired(text, **options) == signals


@pytest.mark.parametrize(
    ("answer", "key", "found"),
    [
        ("$24.99", "$42.99", "$24.99 is the key with two digits transposed"),
        ("$1,757", "$1,577", "$1,757 is the key with two digits transposed"),
        ("$24.990", "$42.99", "$24.990 is the key with two digits transposed"),
        ("$42.90", "$42.99", "$42.90 is the key rounded another way"),
        ("$41.99", "$42.99", None),
        ("$3.7 billion", "$3,725 million", "$3.7 billion is the key rounded another way"),
        ("$3.6 billion", "$3,725 million", None),
        ("$42.99", "$42.99", None),
        ("$4,299", "$42.99", None),
        ("$1,577", "$1,577 million", "$1,577 is the key off by a scale word"),
        ("$1.577 trillion", "$1,577 million", "$1.577 trillion is the key off by a scale word"),
        ("$2,000", "$1,577 million", None),
    ],
    ids=[
        "two digits swapped",
        "two digits swapped across a separator",
        "compared as values: a trailing zero is no digit",
        "within 1% of the key",
        "a dollar off",
        "the key to fewer digits",
        "a tenth of a billion off",
        "the key itself",
        "the same digits, another magnitude",
        "millions written as dollars",
        "a thousand times too large",
        "another figure",
    ],
)
def test_near_miss_amounts(answer, key, found):
    money = MoneyKey.of(key)
    assert money is not None
    assert near_miss(find_amounts(answer), money) == found


def test_the_queue_orders_by_score_then_file_order_and_explains_each_row():
    texts = [
        ("q-clean", "The amount due is $42.99 [1]."),
        ("q-partial", "The amount due is $42.99."),
        ("q-hedge", "The amount due is probably $42.99 [1]."),
        ("q-judge", "The amount due is $42.99 [1]."),
        ("q-missing", "The bill lists several charges [1]."),
    ]
    answers = [make_answer(text, key="$42.99", qid=qid) for qid, text in texts]
    items = [
        (a, GRADER.grade(a), judged(a.qid, "wrong") if a.qid == "q-judge" else None)
        for a in answers
    ]
    rows = reading_queue(items, GRADER)
    assert [(row.qid, row.score) for row in rows] == [
        ("q-judge", 4),
        ("q-partial", 1),  # a tie of three: file order
        ("q-hedge", 1),
        ("q-missing", 1),
        ("q-clean", 0),
    ]
    assert rows[0].signals == ("rules and judge disagree (+4): judge says wrong",)
    assert rows[2].to_dict() == {
        "qid": "q-hedge",
        "score": 1,
        "signals": ["hedge (+1): hedged $42.99"],
        "verdict": "correct",
    }
    assert reading_queue(items, GRADER) == rows  # deterministic


def test_every_signal_has_a_weight_and_a_reason_in_one_place():
    assert len({signal.name for signal in SIGNALS}) == len(SIGNALS)
    assert all(signal.weight > 0 and signal.why for signal in SIGNALS)


@pytest.mark.parametrize(
    ("order", "fraction", "share"),
    [
        (["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"], 0.10, 0.5),
        (["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"], 0.25, 1.0),
        (["x", "a", "b"], 0.10, 0.0),
        (["a", "b", "c"], 0.25, 0.5),
    ],
    ids=["the first tenth", "a quarter, rounded up to three", "none found", "one answer of three"],
)
def test_share_found_in_the_first_part_of_an_order(order, fraction, share):
    assert share_found(order, {"a", "c"}, fraction) == share


def test_nothing_wanted_has_no_share():
    assert share_found(["a"], set(), 0.1) is None


def test_queue_command_json_and_human_form(tmp_path, capsys):
    run = tmp_path / "example-essay-cases.jsonl"
    run.write_bytes(EXAMPLE.read_bytes())
    append_judgement(run, judged("fin-ins-flood", "wrong"))
    assert main(["queue", str(run), "--json"]) == 0
    document = orjson.loads(capsys.readouterr().out)
    queue = document["queue"]
    assert set(queue[0]) == {"qid", "score", "signals", "verdict"}
    assert (queue[0]["qid"], queue[0]["score"]) == ("fin-ins-flood", 4)
    assert [row["qid"] for row in queue[1:3]] == ["fin-adt-according-to", "fin-bank-overdraft-fee"]
    assert len(queue) == 10 and [s["name"] for s in document["signals"]] == [
        s.name for s in SIGNALS
    ]
    assert main(["queue", str(run), "--limit", "2"]) == 0
    out = capsys.readouterr().out
    assert (
        "   1.  4  fin-ins-flood" in out
        and "rules and judge disagree (+4): judge says wrong" in out
    )
    assert "   2.  3  fin-adt-according-to" in out and "fin-bank-overdraft-fee" not in out


def test_queue_weights_are_not_shifted_by_a_judgement_that_agrees(tmp_path, capsys):
    run = tmp_path / "example-essay-cases.jsonl"
    run.write_bytes(EXAMPLE.read_bytes())
    assert main(["queue", str(run), "--json"]) == 0
    before = orjson.loads(capsys.readouterr().out)["queue"]
    append_judgement(run, judged("fin-ins-flood", "correct"))
    assert main(["queue", str(run), "--json"]) == 0
    assert orjson.loads(capsys.readouterr().out)["queue"] == before

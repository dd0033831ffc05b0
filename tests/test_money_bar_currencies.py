"""The money bar in any currency, end to end (issue: a new user's afternoon): answers about a
flat in Berlin, an invoice in Leeds and a phone contract in Osaka, in Ragas' field names, are
imported, graded and gated. A wrong amount fails the bar as a wrong dollar amount does; the
right ones pass; the same figure in another currency is no answer."""

from __future__ import annotations

import orjson
import pytest

from tui.cli import main

QUESTIONS = [
    ("What is the monthly rent?", "€1,450", "The rent is €1,450 per month [1]."),
    ("What does the invoice total?", "£2,340.00", "The invoice totals £2,340.00."),
    ("What is the monthly charge?", "¥4,378", "You pay ¥4,378 a month including tax."),
    ("How much is the deposit?", "1.450,00 €", "The deposit is €1,450.00."),
]
WRONG = {
    "€1,450": "The rent is €1,540 per month [1].",
    "£2,340.00": "The invoice totals £2,430.00.",
    "¥4,378": "You pay ¥3,980 a month.",
    "1.450,00 €": "The deposit is $1,450.00.",  # the figure in another currency
}


def imported(tmp_path, wrong: str = "") -> str:
    rows = []
    for question, key, answer in QUESTIONS:
        response = WRONG[key] if key == wrong else answer
        rows.append({"user_input": question, "reference": key, "response": response})
    source = tmp_path / "answers.jsonl"
    source.write_bytes(b"".join(orjson.dumps(row) + b"\n" for row in rows))
    runs = tmp_path / "runs"
    assert main(["import", "answers", str(source), "--name", "money", "--runs", str(runs)]) == 0
    return str(runs / "money.jsonl")


def graded(run: str, capsys) -> tuple[int, dict]:
    capsys.readouterr()
    status = main(["grade", run, "--gate", "--json", "--no-record"])
    return status, orjson.loads(capsys.readouterr().out)


def test_the_right_amounts_pass_the_bar_in_every_currency(tmp_path, capsys) -> None:
    status, report = graded(imported(tmp_path), capsys)
    card = report["scorecard"]
    assert status == 0
    assert (card["zero_wrong_money"], card["money_questions"], card["violations"]) == (
        "PASS",
        4,
        [],
    )
    assert card["correct"] == 4


@pytest.mark.parametrize("wrong", list(WRONG))
def test_a_wrong_amount_fails_the_bar_in_its_currency(tmp_path, capsys, wrong: str) -> None:
    status, report = graded(imported(tmp_path, wrong), capsys)
    card = report["scorecard"]
    assert status == 1
    assert (card["zero_wrong_money"], card["money_questions"]) == ("FAIL", 4)
    assert len(card["violations"]) == 1

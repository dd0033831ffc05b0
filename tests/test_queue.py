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
from grader.rules.money import find_amounts
from grader.rules.money_keys import MoneyKey
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
            {"wrong only for what is missing", "wrong, naming another of the key's kind"},
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


# --- the signals that carry to other registers (issue 45, item 6) -----------------------------

IMPORTS = ROOT / "tests" / "fixtures" / "imports"


def _imported_queue(tmp_path, fixture: str, suffix: str = "") -> dict[str, tuple[str, ...]]:
    from engine.importers import import_file
    from grader.records.runfile import read_run

    _fmt, imported = import_file(IMPORTS / fixture, tmp_path)
    [item] = [i for i in imported if i.run.stem.endswith(suffix)]
    answers = read_run(item.run).answers
    rows = reading_queue([(a, GRADER.grade(a), None) for a in answers], GRADER)
    return {row.qid: row.signals for row in rows}


def test_the_rules_and_an_imported_grader_disagreeing_is_read_first(tmp_path):
    """Inspect's log (written by inspect_ai 0.3.285): where a scorer's verdict is not the
    rules', the answer is read first, each disagreeing scorer named; a scorer that agrees, or
    gave no verdict (Inspect's unparsed model grader), or an answer with no scorer (an engine
    error), raises nothing."""
    signals = _imported_queue(tmp_path, "inspect-0.3.285-lease.json")
    rent = [s for s in signals["rent"] if s.startswith("rules and an imported grader disagree")]
    assert rent == [
        "rules and an imported grader disagree (+4): inspect:match says wrong; inspect:includes "
        "says wrong; inspect:f1 says wrong; inspect:model_graded_fact says partial"
    ]
    assert signals["capital-fr"] == (
        "rules and an imported grader disagree (+4): inspect:f1 says wrong",
    )
    # the spider: every scorer says wrong as the rules do, the model grader gave no verdict
    assert not any("imported" in s for s in signals["3"])
    assert signals["moore"] == () and signals["lease-end"] == ()


def test_promptfoo_assertions_that_disagree_with_the_rules_are_named(tmp_path):
    signals = _imported_queue(tmp_path, "promptfoo-0.121.20-results.json", "lookup-model")
    assert signals["rent"] == (
        "rules and an imported grader disagree (+4): promptfoo says wrong; promptfoo:contains "
        "says wrong",
    )
    assert signals["capital-fr"] == () and signals["moore"] == ()


@pytest.mark.parametrize(
    ("text", "accepted", "found"),
    [
        ("The cat was named Mr. Jinks.", ("Mr Jinx", "Jinxy"), 'holds "Mr Jinx" nearly (86)'),
        ("It was Dmitri Shostakovich.", ("Dimitri Shostakovitch",), "nearly (95)"),
        ("Wagner's Götterdämmerung.", ("Gtterdmmerung",), 'holds "Gtterdmmerung" nearly'),
        ("ROBERT BROWNING", ("ROBERTBROWNING",), "nearly"),
        ("It is Aether.", ("Ether",), 'holds "Ether"'),
        ("It is Australia.", ("Austria",), "nearly (86)"),
        ("Paris", ("London",), None),
        ("Sweden", ("Swedish",), None),
        ("It was Jasper Johns.", ("Jasper Conran",), None),
        ("Paris is the capital.", ("Paris, Texas",), None),
        ("It is Ra.", ("Ra",), None),
        ("Ra", ("Ra, the sun god",), None),
    ],
    ids=[
        "a letter written otherwise",
        "a transliteration",
        "the list lost its accents",
        "a space the list lacks",
        "the key inside a word the rules read whole",
        "a near-name of another thing: read, not trusted",
        "another name",
        "another form of a word (80): not a letter or two",
        "another person of the same first name (82)",
        "half of an accepted answer's words",
        "an accepted answer of two letters: too short to compare",
        "an answer of two letters: too short to compare",
    ],
)
def test_an_answer_that_holds_an_accepted_answer_or_nearly(text, accepted, found):
    from grader.audit.queue import near_accepted

    held = near_accepted(text, accepted)
    assert held == found if found is None else found in (held or "")


@pytest.mark.parametrize(
    ("text", "question", "accepted", "found"),
    [
        ("Thierry Henry scored it.", "Who scored?", ("Mr Wright", "Ian Wright"), "Thierry Henry"),
        ("It was 1781.", "When was it?", ("1780s", "Seventeen-eighties"), "1781 (year)"),
        ("About 1,200 people.", "How many?", ("1,500",), "1,200 (number)"),
        ("The capital is Paris.", "What is the UK's capital?", ("London",), "Paris (name)"),
        ("It was composed by Dmitri Shostakovich.", "Who?", ("Dimitri Shostakovitch",), None),
        ("He was born in 1956 in Leeds.", "When was he born?", ("1956",), None),
        (
            "The Leningrad Symphony's composer.",
            "Who wrote the Leningrad Symphony?",
            ("Bach",),
            None,
        ),
        ("Paris is lovely.", "What is the UK's capital?", ("London",), None),
        ("It was the brain.", "What?", ("The brain and spinal cord",), None),
        ("It was Chopin.", "Who?", (), None),
        ("About 15 people.", "How many?", ("1,500",), "15 (number)"),
        ("Well, I think it was Chopin.", "Who?", ("Bach",), "Chopin (name)"),
    ],
    ids=[
        "another person",
        "another year",
        "another number",
        "another place",
        "the key spelt otherwise: the near-match's",
        "the key's own year beside a place",
        "a name the question gives",
        "a single capitalised word starting a sentence: its capital says nothing",
        "a key that is a phrase: no kind",
        "no accepted answer: no kind",
        "a number whose digits are part of the key's is another number",
        "the pronoun I is too short to be a name",
    ],
)
def test_an_answer_that_names_another_of_the_keys_kind(text, question, accepted, found):
    from grader.audit.queue import other_of_kind

    named = other_of_kind(text, question, accepted)
    assert named == found if found is None else found in (named or "")


def test_the_new_signals_fire_only_on_wrong_answers():
    answer = make_answer("The plan is the Silver HMO [1].", key="Gold PPO")
    grade = GRADER.grade(answer)
    assert grade.verdict == "wrong"
    passed = msgspec.structs.replace(grade, verdict="correct", labels=())
    found = signals_of(answer, passed, GRADER.read(answer), None, GRADER, VARIANTS)
    assert not {s.name for s, _d in found} & {
        "wrong, naming another of the key's kind",
        "wrong, holding an accepted answer or nearly",
    }


def test_a_list_of_names_is_no_explanation():
    """Many accepted answers joined make a long key, not an explanation: a pass on one of them
    is no pass on an explanation's words, and it is not missing the others' figures."""
    from grader.schema import Gold

    accepted = ("1780-1789", "1780s", "1780–1789", "Seventeen-eighties")
    answer = make_answer("The decade was the 1780s.", key=" / ".join(accepted))
    answer = msgspec.structs.replace(
        answer, gold=Gold(key=" / ".join(accepted), accepted=accepted), sources=[]
    )
    grade = GRADER.grade(answer)
    found = signals_of(answer, grade, GRADER.read(answer), None, GRADER, VARIANTS)
    assert grade.verdict == "correct" and found == []


def test_the_queue_names_the_answers_without_a_signal_too(tmp_path, capsys):
    """It said "then 2 answer(s) without a signal, in file order" and named none of them."""
    run = tmp_path / "example-essay-cases.jsonl"
    run.write_bytes(EXAMPLE.read_bytes())
    assert main(["queue", str(run), "--json"]) == 0
    queue = orjson.loads(capsys.readouterr().out)["queue"]
    quiet = [row["qid"] for row in queue if not row["score"]]
    assert quiet, "the example run has answers without a signal"
    assert main(["queue", str(run)]) == 0
    out = capsys.readouterr().out
    assert f"then {len(quiet)} answer(s) without a signal, in file order:" in out
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "without a signal" in line)
    assert [line.split()[2] for line in lines[start + 1 :]] == quiet


def short_answer(text: str, accepted: tuple[str, ...], qid: str = "q1"):
    """An answer to a short key: its accepted answers, no sources."""
    from grader.schema import Gold

    answer = make_answer(text, key=accepted[0], qid=qid)
    gold = Gold(key=accepted[0], accepted=accepted)
    return msgspec.structs.replace(answer, gold=gold, sources=[])


@pytest.mark.parametrize(
    ("text", "accepted", "found"),
    [
        ("Roosevelt", ("Franklin D. Roosevelt", "FDR"), 'a word of "Franklin D. Roosevelt"'),
        ("Barbara Roberts", ("Barbara Millicent Roberts",), "Barbara Millicent Roberts"),
        ("It was Madame Curie.", ("Marie Curie", "Marie Skłodowska-Curie"), "Marie Curie"),
        ("The Bornean orangutan.", ("Bornean Orangutan Trust",), "Bornean Orangutan Trust"),
        ("Franklin D. Roosevelt's dog.", ("Franklin D. Roosevelt",), None),
        ("It is Everest.", ("Mount Everest", "Everest"), None),
        ("The brain, mostly.", ("the brain and spinal cord",), None),
        ("It was Mr Jinx.", ("Mr Bigglesworth",), None),
        ("Curie", ("Curie",), None),
        ("Kitty Hawk", ("the Wright brothers",), None),
    ],
    ids=[
        "a surname for the whole name (plain text)",
        "two of three names (a form field)",
        "a surname inside a sentence",
        "a word of a long name (a span)",
        "the key whole beside more words",
        "one accepted answer whole, another's words missing",
        "a phrase key: no kind",
        "a word of under four letters is no part",
        "a key of one word: no part to give",
        "no word of the key",
    ],
)
def test_a_pass_on_part_of_the_key(text, accepted, found):
    from grader.audit.queue import part_of_key

    part = part_of_key(text, accepted)
    assert part == found if found is None else found in (part or "")


def test_part_of_the_key_fires_on_passes_only():
    answer = short_answer("Roosevelt", ("Franklin D. Roosevelt", "FDR"))
    grade = GRADER.grade(answer)
    assert grade.verdict == "correct"
    found = signals_of(answer, grade, GRADER.read(answer), None, GRADER, VARIANTS)
    assert [s.name for s, _d in found] == ["passed on part of the key"]
    failed = msgspec.structs.replace(grade, verdict="wrong")
    found = signals_of(answer, failed, GRADER.read(answer), None, GRADER, VARIANTS)
    assert "passed on part of the key" not in {s.name for s, _d in found}


@pytest.mark.parametrize(
    ("text", "accepted", "low", "high"),
    [
        ("Die Antwort lautet: Indien.", ("India",), 75, 90),
        ("Réponse : le Chili.", ("Chile",), 75, 90),
        ("The answer is Pakistan.", ("India",), 0, 50),
        ("Neapel", ("L'Aquila", "Aquila"), 0, 50),
        ("It is Macchiato.", ("macchiato",), 100, 100),
        ("", ("India",), 0, 0),
    ],
    ids=[
        "a translation (German)",
        "a translation (French)",
        "another country",
        "another city, in another language",
        "the key whole, case folded",
        "no answer",
    ],
)
def test_how_near_an_answer_comes_to_an_accepted_answer(text, accepted, low, high):
    from grader.audit.queue import nearness

    assert low <= nearness(text, accepted) <= high


def test_a_tie_is_broken_by_nearness_for_wrong_answers_on_word_keys_only():
    """Among answers of one score, the wrong answer nearer the key first; a key with digits, a
    pass and an answer without a signal stay in file order."""
    texts = [
        ("q-far", "The answer is Pakistan.", ("India",)),
        ("q-near", "The answer is Indja.", ("India",)),  # a misspelling, wrong
        ("q-year-far", "It was in 1907.", ("1955",)),
        ("q-year-near", "It was in 1957.", ("1955",)),
        ("q-clean", "It was in 1955.", ("1955",)),
        ("q-clean-2", "It is India.", ("India",)),
    ]
    answers = [short_answer(text, accepted, qid) for qid, text, accepted in texts]
    rows = reading_queue([(a, GRADER.grade(a), None) for a in answers], GRADER)
    assert [(row.qid, row.score) for row in rows] == [
        ("q-near", 2),  # nearer India than q-far, though after it in the file
        ("q-far", 2),
        ("q-year-far", 2),  # a key with digits: file order
        ("q-year-near", 2),
        ("q-clean", 0),  # no signal: file order
        ("q-clean-2", 0),
    ]
    assert rows[0].nearness > rows[1].nearness > 0
    assert rows[2].nearness == rows[3].nearness == rows[4].nearness == 0


def test_the_tie_breaker_leaves_passes_explanations_and_unsignalled_answers_alone():
    from grader.audit.queue import tie_nearness

    # (an answer in another language, "Die Antwort lautet: Indien.", now goes to a reader)
    grade = GRADER.grade(short_answer("The answer is Indja.", ("India",)))
    assert grade.verdict == "wrong"
    text = "The answer is Indja."
    assert tie_nearness(text, ("India",), grade, 2, money=False) == 80
    assert tie_nearness(text, ("India",), grade, 0, money=False) == 0  # no signal
    assert tie_nearness(text, ("India",), grade, 2, money=True) == 0
    passed = msgspec.structs.replace(grade, verdict="correct")
    assert tie_nearness(text, ("India",), passed, 2, money=False) == 0
    explanation = ("India grows the most tea of any country after China, by a wide margin",)
    assert tie_nearness(text, explanation, grade, 2, money=False) == 0
    assert tie_nearness(text, ("India", "Bharat 1947"), grade, 2, money=False) == 0

"""The verdict (V001, DESIGN 4.4, 4.5): how the checks combine into a verdict and its labels,
including every case the essay describes; grader versions 2 and 3 and the money conclusion
strategies; grading is pure; what makes a passing answer suspicious; and what the grader's
fingerprint reads.

The cases of suspicion and of the fingerprint were found by mutation testing (`bench/mutate.py
--module verdict`), each word of the module's lists a case of its own, written out here.
"""

import pytest

from grader.rules.codes import code_of
from grader.rules.declines import DeclinePhrase, decline_list_from_dict
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG, Grader
from grader.schema import Source
from tests.caseids import case_id
from tests.conftest import make_answer
from tests.rules.shipped import GRADER

ALARM_ANSWER = (
    "The amount due is $26.99. This is indicated in Source 3, where the ending balance is listed "
    "as $42.99, but the amount due is specified as $26.99. Therefore the amount due is $26.99."
)

CASES = [
    # (id, answer kwargs, verdict, labels, violation)
    (
        "negative-declines-academic-1",
        dict(
            answer="This question is not directly addressed in the provided sources.",
            kind="negative",
        ),
        CORRECT,
        ("declined",),
        False,
    ),
    (
        "negative-declines-academic-2",
        dict(
            answer="The specific figure is not explicitly stated in the provided sources.",
            kind="negative",
        ),
        CORRECT,
        ("declined",),
        False,
    ),
    (
        "negative-answers-anyway",
        dict(answer="The training cost was 512 GPU hours [1].", kind="negative"),
        WRONG,
        ("did not decline",),
        False,
    ),
    (
        "not-covered-is-an-answer-not-a-decline",
        dict(
            answer="You may deduct medical expenses not covered by insurance [1].", kind="negative"
        ),
        WRONG,
        ("did not decline",),
        False,
    ),
    (
        "whole-dollar-key-wrong-amount",
        dict(answer="The taxpayers owed $450,658 [1].", key="$44,322"),
        WRONG,
        ("wrong money: asserted $450,658, key $44,322",),
        True,
    ),
    (
        "whole-dollar-key-with-cents-answer",
        dict(answer="They owed $44,322.00 [1].", key="$44,322"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "alarm-bill-quotes-right-asserts-wrong",
        dict(
            answer=ALARM_ANSWER,
            key="$42.99",
            sources=[Source(1, "x"), Source(2, "y"), Source(3, "doc-a")],
        ),
        WRONG,
        ("wrong money: asserted $26.99, key $42.99",),
        True,
    ),
    (
        "twenty-dollars-not-inside-quoted-transfer",
        dict(
            answer="According to the statement there was a transfer of -$10,020.00 [1].",
            key="$20.00",
        ),
        WRONG,
        ("wrong money: asserted -$10,020.00, key $20.00",),
        True,
    ),
    (
        # the transfer is asserted in a part of its own that does not decline; the statement
        # holds it, so it is context beside the decline (the answer withholds the fee), and
        # still no amount excused on a money question
        "quoted-transfer-beside-a-declined-fee",
        dict(
            answer="The statement lists a transfer of -$10,020.00; the fee is not specified.",
            key="$20.00",
            sources=[Source(1, "doc-a", "03/14 Transfer to savings -$10,020.00")],
        ),
        WRONG,
        ("declined an answerable question", "wrong money: asserted -$10,020.00, key $20.00"),
        True,
    ),
    (
        "a-transfer-inside-the-declining-part-is-excused",
        dict(
            answer="The fee is not specified in Source 1, which lists only a transfer of "
            "-$10,020.00.",
            key="$20.00",
        ),
        WRONG,
        ("declined an answerable question", "missing key amount: $20.00"),
        False,
    ),
    (
        "bare-figure-as-printed-on-the-form",
        dict(answer="Line 37 shows the amount you owe: 44,322 [1].", key="$44,322"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "bare-figure-wrong-is-not-a-violation",
        dict(answer="Line 37 shows 450,658 [1].", key="$44,322"),
        WRONG,
        ("missing key amount: $44,322",),
        False,
    ),
    (
        "money-right-with-golden-citation",
        dict(answer="The amount due is $42.99 [1].", key="$42.99"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "money-right-cited-nothing",
        dict(answer="The amount due is $42.99.", key="$42.99"),
        PARTIAL,
        ("cited nothing",),
        False,
    ),
    (
        "money-right-cited-wrong-doc",
        dict(answer="The amount due is $42.99 [2].", key="$42.99"),
        PARTIAL,
        ("cited no golden document",),
        False,
    ),
    (
        "money-named-by-source-mention",
        dict(answer="According to Source 1, the amount due is $42.99.", key="$42.99"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "money-no-amount-asserted",
        dict(answer="The bill is due on March 3 [1].", key="$42.99"),
        WRONG,
        ("missing key amount: $42.99",),
        False,
    ),
    (
        "money-declined-answerable",
        dict(answer="I could not find the amount due in the sources.", key="$42.99"),
        WRONG,
        ("declined an answerable question", "missing key amount: $42.99", "cited nothing"),
        False,
    ),
    (
        "needles-all-present",
        dict(
            answer="Flood damage is NOT covered by the policy [1].",
            key="No",
            must_contain=("not covered", "flood"),
        ),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "needles-some-present",
        dict(
            answer="Flood damage is excluded [1].", key="No", must_contain=("not covered", "flood")
        ),
        PARTIAL,
        ('missing needle: "not covered"',),
        False,
    ),
    (
        "needles-none-present",
        dict(answer="Yes, it is included [1].", key="No", must_contain=("not covered", "flood")),
        WRONG,
        (
            "wrong polarity: answered Yes, key No",
            'missing needle: "not covered"',
            'missing needle: "flood"',
        ),
        False,
    ),
    (
        "needle-any-of",
        dict(
            answer="The deductible applies per claim [1].",
            must_contain_any=("per claim", "each claim"),
        ),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "needle-any-of-missing",
        dict(
            answer="The deductible applies annually [1].",
            must_contain_any=("per claim", "each claim"),
        ),
        WRONG,
        ('missing needle: any of "per claim", "each claim"',),
        False,
    ),
    (
        "forbidden-needle",
        dict(
            answer="The deductible is $500 for flood [1].", key="$500", must_not_contain=("flood",)
        ),
        WRONG,
        ('forbidden needle: "flood"',),
        False,
    ),
    (
        "forbidden-needle-only-in-attributed-text",
        dict(
            answer="The deductible is $500 [1]; this is listed in Source 1 beside the flood rider.",
            key="$500",
            must_not_contain=("flood",),
        ),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "text-key-without-needles",
        dict(answer="The policy number is HO-5521-77 [1].", key="HO-5521-77"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "text-key-missing",
        dict(answer="The policy number is HO-0000 [1].", key="HO-5521-77"),
        WRONG,
        ('missing key: "HO-5521-77"',),
        False,
    ),
    (
        "ambiguous-declines",
        dict(
            answer="The sources do not specify which account is meant.",
            kind="ambiguous",
            key="$1,200.00",
        ),
        CORRECT,
        ("declined (accepted for an ambiguous question)",),
        False,
    ),
    (
        "ambiguous-grounded",
        dict(answer="The checking balance is $1,200.00 [1].", kind="ambiguous", key="$1,200.00"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "ambiguous-wrong-money",
        dict(answer="The balance is $900.00 [1].", kind="ambiguous", key="$1,200.00"),
        WRONG,
        ("wrong money: asserted $900.00, key $1,200.00",),
        True,
    ),
    ("engine-error", dict(answer="", error="generation failed"), WRONG, ("engine error",), False),
    (
        "no-golden-docs-named",
        dict(answer="It is 42 [1].", key="42", golden=()),
        CORRECT,
        ("content checks passed",),
        False,
    ),
]


@pytest.mark.parametrize(
    ("kwargs", "verdict", "labels", "violation"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_verdicts(kwargs, verdict, labels, violation):
    grade = GRADER.grade(make_answer(**kwargs))
    assert (grade.verdict, grade.labels, grade.money.violation) == (verdict, labels, violation)


def test_whole_dollar_key_is_a_money_question():
    """A $44,322 key used to be invisible to the money bar because it had no cents."""
    grade = GRADER.grade(make_answer("The taxpayers owed $450,658 [1].", key="$44,322"))
    assert grade.money.is_money
    assert grade.money.asserted == ("$450,658",)
    assert grade.money.key == ("$44,322",)


def test_grading_is_pure():
    answer = make_answer(ALARM_ANSWER, key="$42.99")
    assert GRADER.grade(answer) == GRADER.grade(answer) == Grader().grade(answer)


def test_fingerprint_changes_with_the_lists_and_strategies():
    wider = Grader(GRADER.declines.with_phrase(DeclinePhrase("outside my remit", "t", "t")))
    assert wider.fingerprint != GRADER.fingerprint
    assert Grader(strategy="mentions").fingerprint != GRADER.fingerprint
    assert Grader(money="sole").fingerprint != GRADER.fingerprint
    assert Grader(citations=False).fingerprint != GRADER.fingerprint
    assert Grader().fingerprint == GRADER.fingerprint


# --- grader version 2 ------------------------------------------------------------------------

V2_CASES = [
    # sentence-scoped declines: an amount is excused only by its own part
    (
        "a-declining-sentence-does-not-excuse-another",
        dict(answer="The balance is $310.40 [1]. The statement date is not given.", key="$298.15"),
        WRONG,
        ("wrong money: asserted $310.40, key $298.15",),
        True,
    ),
    (
        "a-declining-part-does-not-excuse-the-contrast",
        dict(
            answer="I could not find a returned-check fee, but the monthly service charge is "
            "$12.00 [1].",
            key="$15.00",
            sources=[Source(1, "doc-a", "Monthly service charge $12.00")],
        ),
        WRONG,
        ("declined an answerable question", "wrong money: asserted $12.00, key $15.00"),
        True,
    ),
    # negatives enter ZERO-WRONG-MONEY
    (
        "a-negative-that-invents-a-figure",
        dict(answer="The pet premium is $12.00 [1].", kind="negative"),
        WRONG,
        ("did not decline", "invented amount: $12.00"),
        True,
    ),
    (
        "a-negative-that-declines-then-invents",
        dict(answer="I could not find the premium. It is probably $12.00 [1].", kind="negative"),
        WRONG,
        ("did not decline", "invented amount: $12.00"),  # a guess gives an answer
        True,
    ),
    (
        # grader v3: an ungrounded amount is never excused by a decline
        "a-negative-declining-with-an-invented-figure-in-the-declining-part",
        dict(answer="I could not find a premium of $12.00 in the sources.", kind="negative"),
        WRONG,
        ("invented amount: $12.00",),
        True,
    ),
    # register collisions: ordinary vocabulary is not a decline
    (
        "insufficient-funds-is-an-answer",
        dict(answer="The statement shows a $29.00 insufficient-funds charge [1].", kind="negative"),
        WRONG,
        ("did not decline", "invented amount: $29.00"),
        True,
    ),
    (
        "not-provide-is-an-answer",
        dict(answer="The endorsement does not provide water backup coverage [1].", kind="negative"),
        WRONG,
        ("did not decline",),
        False,
    ),
    (
        "not-provided-in-the-documents-is-a-decline",
        dict(answer="The water backup limit is not provided in the documents.", kind="negative"),
        CORRECT,
        ("declined",),
        False,
    ),
    # competing amounts: the default conclusion is "superseding" (as good as "any" with people)
    (
        # the default conclusion is "superseding": an arithmetic result after a contrast
        "an-arithmetic-result-after-the-key-supersedes-it",
        dict(
            answer="The statement shows $118.40 in purchases, but after the $50.00 credit the new "
            "balance is $68.40 [1].",
            key="$118.40",
        ),
        WRONG,
        ("wrong money: $68.40 supersedes the key $118.40",),
        True,
    ),
    # money keys written many ways
    (
        "a-scaled-amount-equals-the-key",
        dict(answer="Revenue was $1.2 million [1].", key="$1,200,000"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "a-citation-marker-is-not-a-two-dollar-figure",
        dict(answer="The fee appears on the statement [2].", key="$2.00"),
        WRONG,
        ("missing key amount: $2.00", "cited no golden document"),
        False,
    ),
    (
        "a-percentage-is-not-fifty-dollars",
        dict(answer="The fee is 50% of the balance [1].", key="$50"),
        WRONG,
        ("missing key amount: $50",),
        False,
    ),
    (
        "a-key-of-cents-without-a-leading-zero",
        dict(answer="The fee is $0.99 [1].", key="$.99"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "the-label-names-every-key-amount",
        dict(answer="The fee is $7.00 [1].", key="$5.00 or $6.00"),
        WRONG,
        ("wrong money: asserted $7.00, key $5.00 or $6.00",),
        True,
    ),
    # attribution that backs a claim keeps its figure asserted
    (
        "per-source-backs-the-figure",
        dict(answer="The overdraft fee, per Source 1, is $34.00.", key="$34.00"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "a-source-that-reports-asserts-nothing",
        dict(
            answer="Source 1 lists a transfer of -$10,020.00; the fee is not specified.",
            key="$20.00",
        ),
        WRONG,
        ("declined an answerable question", "missing key amount: $20.00"),
        False,
    ),
    (
        "a-reporting-source-contrasted-with-the-model",
        dict(answer="Source 1 lists $42.99, but the amount due is $26.99.", key="$42.99"),
        WRONG,
        ("wrong money: asserted $26.99, key $42.99",),
        True,
    ),
    # citations
    (
        "citation-forms-source-in-brackets",
        dict(answer="The fee is $5.00 [Source 1].", key="$5.00"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "citation-forms-source-colon",
        dict(answer="The fee is $5.00 (Source: 1).", key="$5.00"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "citation-forms-lenticular",
        dict(answer="The fee is $5.00 \u30101\u3011.", key="$5.00"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "citation-forms-a-range",
        dict(answer="The fee is $5.00 [1-2].", key="$5.00"),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    (
        "a-source-that-does-not-exist",
        dict(answer="The fee is $5.00 [6].", key="$5.00"),
        PARTIAL,
        ("cited a source that does not exist: [6]", "cited no golden document"),
        False,
    ),
    (
        "an-invented-source-block",
        dict(
            answer="The fee is $5.00 [1].\n[6] (Bank statement, page 1) Fee $9.00 [6]",
            key="$5.00",
        ),
        CORRECT,
        ("cited golden document: doc-a", "invented source block"),
        False,
    ),
    # needles and keys are words
    (
        "no-is-not-in-noted",
        dict(answer="As noted, the claim was paid [1].", key="claim paid", must_contain=("no",)),
        WRONG,
        ('missing needle: "no"',),
        False,
    ),
    (
        # grader v3: a Yes/No key is checked against the Yes or No the answer opens with; one
        # that opens with neither leaves it to a reader (v4: with its own label; and with no
        # Yes-or-No question at hand, no sentence's polarity takes a side)
        "a-yes-no-key-and-an-answer-without-either",
        dict(answer="As noted, the claim was paid [1].", key="No"),
        UNJUDGED,
        ("needs a reader: the answer takes no side",),
        False,
    ),
    (
        "w-2-is-w2",
        dict(answer="It is reported on the W2 form [1].", key="x", must_contain=("W-2",)),
        CORRECT,
        ("cited golden document: doc-a",),
        False,
    ),
    # one rule, one label: no "wrong money" without a violation
    (
        # a guess beside a decline gives an answer: the answer does not withhold one
        "a-guess-after-a-decline-is-wrong-money",
        dict(answer="I could not find the fee; maybe $7.00 is listed there.", key="$5.00"),
        WRONG,
        ("wrong money: asserted $7.00, key $5.00",),
        True,
    ),
    (
        # grader v3: a figure no source holds is not excused by the decline it sits in
        "an-invented-amount-inside-a-decline",
        dict(answer="I could not find a fee of $7.00 in the sources.", key="$5.00"),
        WRONG,
        ("declined an answerable question", "wrong money: asserted $7.00, key $5.00"),
        True,
    ),
    (
        "a-grounded-amount-inside-a-decline-is-excused",
        dict(
            answer="I could not find a fee of $7.00 in the sources.",
            key="$5.00",
            sources=[Source(1, "doc-a", "Wire transfer $7.00")],
        ),
        WRONG,
        ("declined an answerable question", "missing key amount: $5.00", "cited nothing"),
        False,
    ),
]


@pytest.mark.parametrize(
    ("kwargs", "verdict", "labels", "violation"),
    [case[1:] for case in V2_CASES],
    ids=[case[0] for case in V2_CASES],
)
def test_grader_versions_2_and_3(kwargs, verdict, labels, violation):
    grade = GRADER.grade(make_answer(**kwargs))
    assert (grade.verdict, grade.labels, grade.money.violation) == (verdict, labels, violation)
    assert ("wrong money" in " ".join(grade.labels)) <= grade.money.violation
    assert all(code_of(label) for label in grade.labels), grade.labels


@pytest.mark.parametrize(
    ("money", "verdict", "labels", "violation"),
    [
        ("any", CORRECT, ("cited golden document: doc-a",), False),
        (
            "concluding",
            WRONG,
            ("wrong money: asserted $118.40, $50.00, $68.40, key $118.40",),
            True,
        ),
        ("sole", PARTIAL, ("other amounts asserted: $50.00, $68.40",), False),
        ("superseding", WRONG, ("wrong money: $68.40 supersedes the key $118.40",), True),
    ],
    ids=case_id,
)
def test_money_conclusion_strategies(money, verdict, labels, violation):
    answer = make_answer(
        "The statement shows $118.40 in purchases, but after the $50.00 credit the new balance "
        "is $68.40 [1].",
        key="$118.40",
    )
    grade = Grader(money=money).grade(answer)
    assert (grade.verdict, grade.labels, grade.money.violation) == (verdict, labels, violation)


def test_citations_not_graded_for_answers_made_without_sources():
    answer = make_answer("The capital expenditure was $1,577 million.", key="$1577")
    answer.gold = answer.gold.__class__(key="$1577.00", unit="million", golden_docs=("doc-a",))
    assert GRADER.grade(answer).labels == ("cited nothing",)
    assert Grader(citations=False).grade(answer).verdict == CORRECT


def test_every_essay_case_keeps_its_verdict():
    """The essay's cases, as committed in runs/example-essay-cases.jsonl."""
    from grader.records.runfile import read_run
    from tests.conftest import ROOT

    run = read_run(ROOT / "runs" / "example-essay-cases.jsonl")
    verdicts = {answer.qid: GRADER.grade(answer).verdict for answer in run.answers}
    assert verdicts == {
        "fin-adt-amount-due-essay": WRONG,  # quotes $42.99 on its way to $26.99
        "fin-adt-amount-due": CORRECT,
        "fin-adt-according-to": CORRECT,
        "fin-1040-amount-owed": WRONG,  # a whole-dollar key is a money question
        "fin-bank-overdraft-fee": WRONG,  # $20.00 is not inside -$10,020.00
        "openrag-neg-0035bbca": CORRECT,  # "not directly addressed"
        "openrag-neg-006b56ae": CORRECT,  # "not explicitly stated"
        "fin-ins-flood": CORRECT,  # "not covered" is an answer
        "fin-ambiguous-balance": CORRECT,
        "fin-engine-error": WRONG,
    }


# --- suspicions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        pytest.param("The amount due is $42.99 [1].", (), id="the key alone raises nothing"),
        pytest.param(
            "The amount due is $42.99 [1]. The total was $50.00 [1].",
            ("2 amounts asserted",),
            id="two amounts asserted",
        ),
        pytest.param(
            "The amount due is $42.99 [1]. Source 1 lists $42.99 as the amount due.",
            ("the key also sits in an attributed clause",),
            id="the key also in an attributed sentence after it",
        ),
        pytest.param(
            "Source 1 lists $42.99 as the amount due. The amount due is $42.99 [1].",
            ("the key also sits in an attributed clause",),
            id="the key also in an attributed sentence before it",
        ),
    ],
)
def test_what_makes_a_passing_money_answer_suspicious(answer: str, expected: tuple) -> None:
    grade = GRADER.grade(make_answer(answer, key="$42.99"))
    assert (grade.verdict, grade.suspicious) == (CORRECT, expected)


# --- the fingerprint --------------------------------------------------------------------------

PHRASE = {"phrase": "not stated", "why": "a"}


def fingerprint(**phrase: object) -> str:
    """The fingerprint of a grader whose decline list is one phrase."""
    return Grader(decline_list_from_dict({"phrases": [{**PHRASE, **phrase}]})).fingerprint


@pytest.mark.parametrize(
    "note",
    [
        pytest.param({"why": "b"}, id="why"),
        pytest.param({"observed": "o"}, id="observed"),
        pytest.param({"override": "v"}, id="override"),
        pytest.param({"counterexamples": ["the fee is not stated as $5"]}, id="counterexamples"),
    ],
)
def test_a_phrase_note_does_not_change_the_fingerprint(note: dict) -> None:
    assert fingerprint(**note) == fingerprint()


def test_the_phrase_itself_changes_the_fingerprint() -> None:
    assert fingerprint(phrase="not given") != fingerprint()

"""Verdicts and labels (DESIGN 4.4, 4.5), including every case the essay describes."""

import pytest

from grader.verdict import CORRECT, PARTIAL, WRONG, Grader
from tests.conftest import make_answer

GRADER = Grader()

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
            sources=[{"n": 1, "doc": "x"}, {"n": 2, "doc": "y"}, {"n": 3, "doc": "doc-a"}],
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
        "quoted-transfer-while-declining-fee",
        dict(
            answer="Source 1 lists a transfer of -$10,020.00; the fee is not specified.",
            key="$20.00",
        ),
        WRONG,
        ("declined an answerable question", "wrong money: asserted -$10,020.00, key $20.00"),
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
        ('missing needle: "not covered"', 'missing needle: "flood"'),
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
            answer="The deductible is $500 [1], as stated in Source 1 next to the flood rider.",
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
    ("no-golden-docs-named", dict(answer="It is 42 [1].", key="42", golden=()), CORRECT, (), False),
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


def test_fingerprint_changes_with_the_lists_and_strategy():
    from grader.declines import DeclinePhrase

    wider = Grader(GRADER.declines.with_phrase(DeclinePhrase("beyond the scope", "t", "t")))
    assert wider.fingerprint != GRADER.fingerprint
    assert Grader(strategy="mentions").fingerprint != GRADER.fingerprint
    assert Grader().fingerprint == GRADER.fingerprint

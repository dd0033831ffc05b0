"""Money verdicts in any currency (DESIGN 4.3, 4.5, v4): whole answers graded in several
registers (rent in euros, a UK invoice in pounds, a Japanese price in yen, a Swiss salary in
francs), each rule with the cases it must never match."""

import pytest

from grader.rules.verdict import CORRECT, WRONG, Grader
from tests.conftest import make_answer

GRADER = Grader()
NBSP = "\u00a0"
CITED = ("cited golden document: doc-a",)

RENT = "What is the monthly rent for the flat on Rue Garibaldi in Lyon?"
INVOICE = "What is the total due on invoice INV-2291?"
PRICE = "What does the rice cooker cost at the Osaka store?"
SALARY = "What is the gross monthly salary in the offer letter?"
FEE = "What is the fee for a replacement card?"


def grade_of(question: str, key: str, answer: str, kind: str = "answerable"):
    return GRADER.grade(make_answer(answer, key=key, question=question, kind=kind))


@pytest.mark.parametrize(
    ("question", "key", "answer", "verdict", "labels", "violation"),
    [
        # rent in euros
        pytest.param(
            RENT, "€1,450", "The rent is €1,540 per month [1].", WRONG,
            ("wrong money: asserted €1,540, key €1,450",), True,
            id="rent: another amount in euros is wrong money",
        ),
        pytest.param(
            RENT, "€1,450", "The rent is €1,450 per month [1].", CORRECT, CITED, False,
            id="rent: the key in euros",
        ),
        pytest.param(
            RENT, "€1,450", "Le loyer est de 1.450,00 € par mois [1].", CORRECT, CITED, False,
            id="rent: the key with points between groups and a decimal comma",
        ),
        pytest.param(
            RENT, "€1,450", "The rent is 1,450 euros a month [1].", CORRECT, CITED, False,
            id="rent: the key in words",
        ),
        pytest.param(
            RENT, "€1,450", "The rent is $1,450 per month [1].", WRONG,
            ("wrong money: asserted $1,450, key €1,450",), True,
            id="rent: the key's number in dollars is not the key",
        ),
        pytest.param(
            RENT, "1.450,00 €", "The rent is €1.450 a month [1].", CORRECT, CITED, False,
            id="rent: 1.450 read by the key's form, points between groups",
        ),
        pytest.param(
            RENT, "€1,450.00", "The rent is €1.450 a month [1].", WRONG,
            ("wrong money: asserted €1.450, key €1,450.00",), True,
            id="rent: 1.450 read by the key's form, a decimal point",
        ),
        # a UK invoice in pounds
        pytest.param(
            INVOICE, "£2,340.00", "The total due is £2,340.00 including VAT [1].", CORRECT,
            CITED, False, id="invoice: the key in pounds",
        ),
        pytest.param(
            INVOICE, "£2,340.00", "You owe 2,340 pounds [1].", CORRECT, CITED, False,
            id="invoice: the key in words",
        ),
        pytest.param(
            INVOICE, "£2,340.00", "The total due is £2,430.00 [1].", WRONG,
            ("wrong money: asserted £2,430.00, key £2,340.00",), True,
            id="invoice: digits swapped is wrong money",
        ),
        pytest.param(
            INVOICE, "£2,340.00", "The total due is €2,340.00 [1].", WRONG,
            ("wrong money: asserted €2,340.00, key £2,340.00",), True,
            id="invoice: the key's number in euros is not the key",
        ),
        # a Japanese price in yen
        pytest.param(
            PRICE, "¥12,800", "It costs 12,800 yen including tax [1].", CORRECT, CITED, False,
            id="price: the key in words",
        ),
        pytest.param(
            PRICE, "¥12,800", "The rice cooker is JPY 12,800 [1].", CORRECT, CITED, False,
            id="price: the key by its code",
        ),
        pytest.param(
            PRICE, "¥12,800", "It costs $12,800 [1].", WRONG,
            ("wrong money: asserted $12,800, key ¥12,800",), True,
            id="price: the key's number in dollars is not the key",
        ),
        pytest.param(
            PRICE, "¥12,800", "It costs ¥12.800 [1].", WRONG,
            ("wrong money: asserted ¥12.800, key ¥12,800",), True,
            id="price: 12.800 read by the key's form is twelve yen eighty",
        ),
        # a Swiss salary in francs
        pytest.param(
            SALARY, "CHF 8'500", "The gross monthly salary is CHF 8,500 [1].", CORRECT, CITED,
            False, id="salary: the key with a comma between groups",
        ),
        pytest.param(
            SALARY, "CHF 8'500", f"The salary is 8{NBSP}500 CHF gross per month [1].", CORRECT,
            CITED, False, id="salary: the key with a no-break space between groups",
        ),
        pytest.param(
            SALARY, "CHF 8'500", "The salary is CHF 8'500.- a month [1].", CORRECT, CITED, False,
            id="salary: the key as a Swiss payslip prints it",
        ),
        pytest.param(
            SALARY, "CHF 8'500", "The salary is €8,500 a month [1].", WRONG,
            ("wrong money: asserted €8,500, key CHF 8'500",), True,
            id="salary: the key's number in euros is not the key",
        ),
        pytest.param(
            SALARY, "CHF 8'500", "The salary is CHF 5,800 [1].", WRONG,
            ("wrong money: asserted CHF 5,800, key CHF 8'500",), True,
            id="salary: another amount in francs is wrong money",
        ),
        # the dollar as it has always been read
        pytest.param(
            FEE, "$25.00", "The replacement card fee is US$25.00 [1].", CORRECT, CITED, False,
            id="fee: US$ is the dollar",
        ),
        pytest.param(
            FEE, "$25.00", "The replacement card fee is €25.00 [1].", WRONG,
            ("wrong money: asserted €25.00, key $25.00",), True,
            id="fee: euros are not the dollar key",
        ),
    ],
)  # fmt: skip
def test_money_in_any_currency(question, key, answer, verdict, labels, violation):
    grade = grade_of(question, key, answer)
    assert (grade.verdict, grade.labels, grade.money.violation) == (verdict, labels, violation)


def test_a_bare_figure_in_the_keys_form_is_the_key_in_any_currency():
    """The figure a form prints, without its currency, counts as the key."""
    grade = grade_of(RENT, "€1,450", "The monthly rent is 1,450 [1].")
    assert (grade.verdict, grade.money.violation) == (CORRECT, False)


def test_an_amount_in_euros_on_a_question_with_no_answer_is_invented():
    grade = grade_of("What is the pet deposit?", "", "The pet deposit is €500 [1].", "negative")
    assert (grade.verdict, grade.labels, grade.violation) == (
        WRONG,
        ("did not decline", "invented amount: €500"),
        True,
    )


BALANCE = "What is the balance of the checking account?"
RETURN = "What is the charge for the returned jacket on the statement?"
WIRE = "What is the fee for an incoming domestic wire?"


@pytest.mark.parametrize(
    ("question", "key", "answer", "verdict", "labels", "violation"),
    [
        # a negative key, worded as a balance below zero or a negative charge
        pytest.param(
            BALANCE, "-$85.10", "The account is overdrawn by $85.10 [1].", CORRECT, CITED, False,
            id="overdrawn by",
        ),
        pytest.param(
            BALANCE, "-$85.10", "The account has a negative balance of $85.10 [1].", CORRECT,
            CITED, False, id="a negative balance of",
        ),
        pytest.param(
            BALANCE, "-$85.10", "The account is short by $85.10 [1].", CORRECT, CITED, False,
            id="short by",
        ),
        pytest.param(
            BALANCE, "-€85.10", "The account is €85.10 short [1].", CORRECT, CITED, False,
            id="short after the amount, in euros",
        ),
        pytest.param(
            BALANCE, "-$85.10", "The balance is $85.10 [1].", WRONG,
            ("wrong money: asserted $85.10, key -$85.10",), True,
            id="a plain balance is not a negative key",
        ),
        pytest.param(
            BALANCE, "-$85.10", "The short-term balance is $85.10 [1].", WRONG,
            ("wrong money: asserted $85.10, key -$85.10",), True,
            id="short-term is no shortfall",
        ),
        pytest.param(
            RETURN, "-$20.00", "The statement shows a refund of $20.00 for the jacket [1].",
            CORRECT, CITED, False, id="a refund is a negative charge",
        ),
        pytest.param(
            RETURN, "-£20.00", "£20.00 was refunded for the jacket [1].", CORRECT, CITED, False,
            id="refunded after the amount, in pounds",
        ),
        pytest.param(
            RETURN, "-$20.00", "The refund policy charges a $20.00 restocking fee [1].", WRONG,
            ("wrong money: asserted $20.00, key -$20.00",), True,
            id="a refund policy's fee is a charge",
        ),
        pytest.param(
            "How much was refunded for the jacket?", "$20.00",
            "The statement shows a refund of $20.00 [1].", CORRECT, CITED, False,
            id="a positive key is matched by a refund's magnitude",
        ),
        # a $0 key
        pytest.param(
            WIRE, "$0", "No fee applies: the bank waived the $35.00 charge [1].", CORRECT, CITED,
            False, id="no fee beside another quantity",
        ),
        pytest.param(
            WIRE, "$0", "The bank waived the $35.00 charge, so no fee applies [1].", CORRECT,
            CITED, False, id="no fee after another quantity",
        ),
        pytest.param(
            WIRE, "$0", "Incoming domestic wires are free; outgoing wires cost $35.00 [1].",
            CORRECT, CITED, False, id="free beside another fee",
        ),
        pytest.param(
            WIRE, "€0", "The incoming wire fee is €0 [1].", CORRECT, CITED, False,
            id="zero in euros",
        ),
        pytest.param(
            WIRE, "$0", "The incoming domestic wire fee is $35.00 [1].", WRONG,
            ("wrong money: asserted $35.00, key $0",), True,
            id="a fee is not the zero key",
        ),
        pytest.param(
            WIRE, "$0", "Incoming wires cost $35.00 [1].", WRONG,
            ("wrong money: asserted $35.00, key $0",), True,
            id="no word for nothing, no zero",
        ),
    ],
)  # fmt: skip
def test_signs_and_zero_in_words(question, key, answer, verdict, labels, violation):
    grade = grade_of(question, key, answer)
    assert (grade.verdict, grade.labels, grade.money.violation) == (verdict, labels, violation)

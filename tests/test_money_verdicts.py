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


LIST_PRICE = "What is the list price of the laptop?"
YOU_PAY = "How much do I pay for the laptop after the trade-in?"
TOTAL = "What is the total of the invoice?"
AMOUNT_DUE = "What is the amount due on invoice INV-2291?"
INVOICE_TOTAL = "What is the invoice total on INV-2291?"
TRADE_IN = "The list price is $1,249.00, but after the trade-in you pay $899.00 [1]."
CORRECTED = "The total is $521.40, sorry, $512.40: the $480.00 base plus $32.40 tax [1]."
DEPOSIT = "The invoice shows £2,340.00 [1]. Net of the £340.00 deposit, you owe £2,000.00."
CREDIT = (
    "The statement shows $118.40 in purchases, but after a credit the new balance is $68.40 [1]."
)


@pytest.mark.parametrize(
    ("question", "key", "answer", "verdict", "labels", "violation"),
    [
        # the components of a correction do not supersede it
        pytest.param(TOTAL, "$512.40", CORRECTED, CORRECT, CITED, False,
                     id="a correction concludes, its components do not"),
        pytest.param(
            "What is the total on the Lisbon hotel invoice?", "€512.40",
            "The total is €521,40, sorry, €512,40: the €480,00 room plus €32,40 city tax [1].",
            CORRECT, CITED, False, id="a correction and its components in euros",
        ),
        pytest.param(TOTAL, "$521.40", CORRECTED, WRONG,
                     ("wrong money: $512.40 supersedes the key $521.40",), True,
                     id="the correction supersedes what it corrects"),
        pytest.param(
            TOTAL, "$512.40", "The total is $512.40, sorry, $521.40: the $480.00 base plus "
            "$41.40 tax [1].", WRONG, ("wrong money: $521.40 supersedes the key $512.40",), True,
            id="a wrong correction with its components still supersedes",
        ),
        # after "after", "net of", "so": only when the words leading to it name what is asked
        pytest.param(LIST_PRICE, "$1,249.00", TRADE_IN, CORRECT, CITED, False,
                     id="asked the list price, what you pay after the trade-in keeps the key"),
        pytest.param(
            LIST_PRICE, "$1,249.00",
            "The list price is $1,249.00, so after the $350.00 trade-in you pay $899.00 [1].",
            CORRECT, CITED, False, id="the same after so, in one part",
        ),
        pytest.param(YOU_PAY, "$899.00", TRADE_IN, CORRECT, CITED, False,
                     id="asked what you pay, the result is the key"),
        pytest.param(YOU_PAY, "$1,249.00", TRADE_IN, WRONG,
                     ("wrong money: $899.00 supersedes the key $1,249.00",), True,
                     id="asked what you pay, the result supersedes"),
        pytest.param(
            "How much do I pay for the auto policy each month?", "$96.00",
            "The premium is $96.00, but after the multi-policy discount you pay $81.60 [1].",
            WRONG, ("wrong money: $81.60 supersedes the key $96.00",), True,
            id="asked what you pay for the policy, the discounted premium supersedes",
        ),
        pytest.param(AMOUNT_DUE, "£2,340.00", DEPOSIT, WRONG,
                     ("wrong money: £2,000.00 supersedes the key £2,340.00",), True,
                     id="asked the amount due, what you owe net of a deposit supersedes"),
        pytest.param(INVOICE_TOTAL, "£2,340.00", DEPOSIT, CORRECT, CITED, False,
                     id="asked the invoice total, what you owe net of a deposit keeps the key"),
        pytest.param("What is the new balance on the card?", "$118.40", CREDIT, WRONG,
                     ("wrong money: $68.40 supersedes the key $118.40",), True,
                     id="asked the new balance, the part names it"),
        pytest.param("What were the purchases on the statement?", "$118.40", CREDIT, CORRECT,
                     CITED, False, id="asked the purchases, the new balance keeps the key"),
    ],
)  # fmt: skip
def test_what_supersedes_the_key(question, key, answer, verdict, labels, violation):
    grade = grade_of(question, key, answer)
    assert (grade.verdict, grade.labels, grade.money.violation) == (verdict, labels, violation)


def test_a_question_that_says_nothing_a_rule_reads_keeps_v3s_arithmetic():
    """With no words to name, every arithmetic result after the key supersedes it, as in v3."""
    grade = grade_of("?", "$1,249.00", TRADE_IN)
    assert grade.labels == ("wrong money: $899.00 supersedes the key $1,249.00",)


@pytest.mark.parametrize(
    ("attributed", "suspicious"),
    [
        ("Source 2 lists €1,450", ("the key also sits in an attributed clause",)),
        ("Source 2 lists $1,450", ()),
    ],
    ids=["the-key-in-its-currency", "the-keys-number-in-another-currency"],
)
def test_the_key_in_an_attributed_clause_is_read_in_its_currency(attributed, suspicious):
    grade = grade_of(RENT, "€1,450", f"{attributed}, but the rent is €1,450 [1].")
    assert (grade.verdict, grade.suspicious) == (CORRECT, suspicious)


# The same quantity said again after a contrast, by a pronoun, the amount closing its part,
# supersedes the key (DESIGN 4.5, v4); an amount that more words follow, or another quantity
# named, does not.
SIM = "How much does a new SIM card cost?"


@pytest.mark.parametrize(
    ("answer", "superseded"),
    [
        ("According to the contract a new SIM card costs €10, but in practice it is €15.", True),
        ('The document says "A new SIM card costs €10", but in practice it is €15.', True),
        ("A new SIM card costs €10, but it's really €15 [2].", True),
        ("A new SIM card costs €10; however, it actually comes to €15.", True),
        ("According to Source 1, a new SIM card costs €10, but in practice it is €15.", True),
        ("A new SIM card costs €10, but it is €5 for students.", False),
        ("A new SIM card costs €10, but the deposit is €15.", False),
        ("A new SIM card costs €10, but it is refundable.", False),
        ("A new SIM card costs €10, but that is €15 less than last year.", False),
        ("A new SIM card costs €10. It was €15 last year, but now it is €10.", False),
    ],
)
def test_the_same_quantity_said_again_after_a_contrast_supersedes(answer, superseded):
    grade = grade_of(SIM, "€10", answer)
    assert (grade.verdict == WRONG) is superseded
    assert any("€15 supersedes the key €10" in label for label in grade.labels) is superseded

"""Normalisation (DESIGN 4.0): spaces, dashes, quotes, contractions, list bullets, the pronouns
whose "'s" is "is", and the spacing of what normalisation writes; `clean`'s shortcut equal to its
definition.

The pinned cases were found by mutation testing (`bench/mutate.py --module normalize`): each
bullet character, each pronoun and each irregular contraction gets a case of its own, and each
condition of `without_bullets` (a spaced bullet; a bullet opening a list after a colon or after
an item; a dash that is a minus sign) has a case where it alone decides. The words are written
out here, not read from the module.
"""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.money import find_amounts
from grader.rules.normalize import clean, cleaned, normalize

SPACES = {
    "em-space": "\u2003",
    "en-space": "\u2002",
    "thin-space": "\u2009",
    "narrow-no-break-space": "\u202f",
    "no-break-space": "\u00a0",
    "ideographic-space": "\u3000",
    "tab": "\t",
    "newline": "\n",
    "two-spaces": "  ",
}


@pytest.mark.parametrize("space", SPACES.values(), ids=SPACES.keys())
def test_every_unicode_space_is_one_space(space):
    assert normalize(f"I could not{space}find it") == "i could not find it"
    assert clean(f" a{space}{space}b ") == "a b"


DASHES = {
    "hyphen": "\u2010",
    "non-breaking-hyphen": "\u2011",
    "figure-dash": "\u2012",
    "en-dash": "\u2013",
    "em-dash": "\u2014",
    "horizontal-bar": "\u2015",
    "minus-sign": "\u2212",
}


@pytest.mark.parametrize("dash", DASHES.values(), ids=DASHES.keys())
def test_every_dash_is_a_hyphen(dash):
    assert clean(f"W{dash}2") == "W-2"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("doesn\u2019t", "does not"),
        ("doesn't", "does not"),
        ("can't", "cannot"),
        ("Can\u2019t", "cannot"),
        ("can not", "cannot"),
        ("won't", "will not"),
        ("isn't", "is not"),
        ("haven't", "have not"),
        ("couldn't", "could not"),
        ("I'm", "i am"),
        ("you've", "you have"),
        ("they're", "they are"),
        ("I'd", "i would"),
        ("there's", "there is"),
        ("it's", "it is"),
        ("the company's", "the company's"),
        ("\u201cquoted\u201d", '"quoted"'),
    ],
    ids=lambda value: value,
)
def test_contractions_are_expanded_and_quotes_straightened(text, expected):
    assert normalize(text) == expected


@settings(max_examples=400, deadline=None)
@given(
    st.text(
        alphabet=" \t\n\r\x0b\x0c\x1c\x00\x7f\u00a0\u2003\u2013\u2019\"'-*abcAB.,$1:"
        "IlOo0\u00b7\u00b2",
        max_size=30,
    )
)
def test_clean_is_its_definition_with_or_without_the_shortcut(text):
    # the shortcut returns text that has nothing to clean; the definition must agree
    assert clean(text) == cleaned(text)
    assert clean(clean(text)) == clean(text)


# --- list bullets ----------------------------------------------------------------------------

# The characters that open a line of a list, each as the only bullet of its case (a line that
# follows a line of prose, so only the space after it makes it a bullet).
BULLETS = {
    "hyphen-minus": "-",
    "star": "*",
    "bullet": "\u2022",
    "triangular bullet": "\u2023",
    "hyphen bullet": "\u2043",
    "en dash": "\u2013",
    "em dash": "\u2014",
}


@pytest.mark.parametrize(
    "bullet",
    [
        pytest.param(char, id=f"a {name} and a space open a list item")
        for name, char in BULLETS.items()
    ],
)
def test_a_bullet_and_a_space_opening_a_line_are_dropped(bullet: str) -> None:
    assert clean(f"Fees\n{bullet} Late fee: $5") == "Fees Late fee: $5"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "- Revenue: $42\n- Net income: $7",
            "Revenue: $42 Net income: $7",
            id="spaced bullets on the first line and the next are dropped, with no colon before",
        ),
        pytest.param(
            "Fees:\n- Late fee: $5",
            "Fees: Late fee: $5",
            id="a bullet at the very start of its line is dropped",
        ),
        pytest.param(
            "Fees:\n  - Late fee: $5",
            "Fees: Late fee: $5",
            id="a bullet indented by spaces is dropped",
        ),
        pytest.param(
            "Fees:\n\t-\tLate fee: $5",
            "Fees: Late fee: $5",
            id="a bullet between tabs is dropped",
        ),
        pytest.param(
            "Notes registered:\n-1.500% Notes due 2026",
            "Notes registered: 1.500% Notes due 2026",
            id="a dash glued to its item opens a list after a line ending in a colon",
        ),
        pytest.param(
            "Notes registered:\n-1.500% Notes due 2026\n-1.750% Notes due 2028",
            "Notes registered: 1.500% Notes due 2026 1.750% Notes due 2028",
            id="a dash glued to its item goes on a list after an item",
        ),
        pytest.param(
            "Notes registered: \n-1.500% Notes due 2026",
            "Notes registered: 1.500% Notes due 2026",
            id="the colon opens the list with spaces after it",
        ),
        # A dash glued to a figure, where no list is open, is a minus sign.
        pytest.param(
            "The net change was\n-$20.00 for the year.",
            "The net change was -$20.00 for the year.",
            id="'-$20.00' after a line of prose is a negative amount",
        ),
        pytest.param(
            "-$20.00 was the net change.\nThe items:",
            "-$20.00 was the net change. The items:",
            id="'-$20.00' opening the text is a negative amount (no colon before it)",
        ),
        pytest.param(
            "Items:\n- Revenue: $42\nThe net change was\n-$20.00",
            "Items: Revenue: $42 The net change was -$20.00",
            id="a line of prose closes the list: '-$20.00' after it is a negative amount",
        ),
        pytest.param(
            "Change:\n-\n$20.00",
            "Change: - $20.00",
            id="a dash alone on its line is kept",
        ),
        pytest.param(
            "The net change was -$20.00.",
            "The net change was -$20.00.",
            id="one line: no bullet is read",
        ),
    ],
)
def test_bullets_of_lists_are_dropped_and_minus_signs_kept(text: str, expected: str) -> None:
    assert clean(text) == expected


@pytest.mark.parametrize(
    ("text", "negative"),
    [
        pytest.param("The net change was\n-$20.00 for the year.", True, id="a minus sign"),
        pytest.param("Fees:\n- $20.00 late fee", False, id="a bullet"),
        pytest.param("Fees:\n-$20.00 late fee", False, id="a bullet glued to the amount"),
        pytest.param("Fees\n\u2022 $20.00 late fee", False, id="a bullet character"),
    ],
)
def test_the_money_parser_reads_a_bullet_as_no_sign(text: str, negative: bool) -> None:
    (amount,) = find_amounts(text)
    assert (amount.value, amount.negative) == (Decimal("20.00"), negative)


# --- thin and no-break spaces between digit groups ------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("$1\u2009204.50", "$1,204.50", id="a thin space between digit groups"),
        pytest.param(
            "$1\u202f204\u202f500", "$1,204,500", id="narrow no-break spaces between digit groups"
        ),
        pytest.param("12\u20091234", "12 1234", id="four digits after it: no digit group"),
        pytest.param("a\u2009204", "a 204", id="no digit before it: a space"),
        pytest.param("$1\u00a0204.50", "$1,204.50", id="a no-break space between digit groups"),
        pytest.param(
            "1\u00a0450,00\u00a0\u20ac", "1,450,00 \u20ac", id="French grouping: then a space"
        ),
        pytest.param("CHF\u00a08\u00a0500", "CHF 8,500", id="after a code: a space, then a group"),
        pytest.param("12\u00a01234", "12 1234", id="no-break: four digits after it, a space"),
        pytest.param("12\u00a045", "12 45", id="no-break: two digits after it, a space"),
        pytest.param("42\u00a0USD", "42 USD", id="no-break before a word: a space"),
    ],
)
def test_a_thin_space_between_digit_groups_is_a_thousands_separator(
    text: str, expected: str
) -> None:
    assert clean(text) == expected


# --- contractions ----------------------------------------------------------------------------

# The words after which "'s" is "is": each its own case.
IS_AFTER = ("it", "that", "there", "here", "what", "who", "where", "he", "she")


@pytest.mark.parametrize(
    "word", [pytest.param(word, id=f"{word}'s is '{word} is'") for word in IS_AFTER]
)
def test_s_after_these_words_is_is(word: str) -> None:
    assert normalize(f"{word.capitalize()}\u2019s listed in Source 2.") == (
        f"{word} is listed in source 2."
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "the company's fee", "the company's fee", id="after a noun 's is a possessive"
        ),
        pytest.param(
            "the audit's scope", "the audit's scope", id="'it' ending a word is not the pronoun"
        ),
    ],
)
def test_s_elsewhere_is_kept(text: str, expected: str) -> None:
    assert normalize(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("can't", "cannot", id="can't is cannot"),
        pytest.param("won't", "will not", id="won't is will not"),
        pytest.param("shan't", "shall not", id="shan't is shall not"),
        pytest.param("ain't", "is not", id="ain't is is not"),
        pytest.param("let's", "let us", id="let's is let us"),
        pytest.param("doesn't", "does not", id="n't after a word is not"),
        pytest.param("I'm", "i am", id="I'm is i am"),
        pytest.param("we're", "we are", id="'re is are"),
        pytest.param("we've", "we have", id="'ve is have"),
        pytest.param("we'll", "we will", id="'ll is will"),
        pytest.param("we'd", "we would", id="'d is would"),
        pytest.param("can not", "cannot", id="can not is cannot"),
        pytest.param("it can notably", "it can notably", id="can notably is not can not"),
        pytest.param("cant", "cant", id="no apostrophe, no contraction"),
        pytest.param("shouldn't've", "should not have", id="a double contraction: both endings"),
        pytest.param("can't've", "cannot have", id="an irregular one, then 've"),
        pytest.param("I'd've", "i would have", id="'d then 've"),
    ],
)
def test_contractions_are_written_out(text: str, expected: str) -> None:
    assert normalize(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("The source does n't say.", id="a stray n't after a space"),
        pytest.param("n't stated", id="a stray n't opening the text"),
        pytest.param("It's $5; we're told it isn't.", id="contractions written out"),
        pytest.param(" I\u2019m  sure\u2003it\u2019s\n$5 ", id="contractions between odd spaces"),
    ],
)
def test_normalised_text_has_one_space_between_words_and_none_at_its_ends(text: str) -> None:
    normalized = normalize(text)
    assert normalized == " ".join(normalized.split())

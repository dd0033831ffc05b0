"""The shortcuts of the rules held to their rules: the table of every shortcut is in
docs/performance.md ("Every shortcut, and the test that it equals its rule"); this file checks
that every row names a shortcut and a test that exist, and holds the tests of the shortcuts that
had none (each on drawn input, the rule with the shortcut against the rule without it).
"""

from __future__ import annotations

import ast
import importlib
import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.answering import answered_otherwise, answered_otherwise_by_definition
from grader.rules.candidates import (
    _ALTERNATIVES,
    _EITHER,
    listed_candidates,
    listed_candidates_by_definition,
    uncommitted,
)
from grader.rules.citations import (
    _LINE_LABEL,
    _MENTION_BODY,
    ANSWER_LABEL,
    MARKER,
    MENTION,
    cited_numbers,
    mention_spans,
    numbers_in,
    without_answer_label,
)
from grader.rules.context import _SOURCE_NUMBER, NOTHING_HELD, digits_in, held_in
from grader.rules.facts import (
    _ARITHMETIC,
    _ARITHMETIC_BODY,
    _ARITHMETIC_OPENER,
    _ARITHMETIC_OPENER_BODY,
)
from grader.rules.figures import _FIGURE, _FIGURE_BODY, find_figures
from grader.rules.gaps import _possessive, _without_possessive
from grader.rules.lists import (
    _INTO_WHICH,
    _into_which,
    asks_for_several,
    asks_for_several_by_definition,
)
from grader.rules.money import (
    _AMOUNT,
    _AMOUNT_CURRENCY_FIRST,
    _CURRENCY_AFTER,
    _CURRENCY_FIRST,
    find_amounts,
)
from grader.rules.normalize import (
    _CAN_NOT,
    _CHARACTERS,
    _CONTRACTION,
    _DIGIT_GROUP_SPACE,
    _MATCHED_AS_ASCII,
    _expand,
    clean,
    cleaned,
    expand_contractions,
    has_digit,
    lowered_as_matched,
    normalize,
    without_bullets,
)
from grader.rules.reading import supposes, supposes_by_definition
from grader.rules.sentences import (
    _FINAL_MARKER,
    _PART_END,
    _PART_END_BODY,
    _WRAPPED,
    final_answer,
    opener_by_definition,
    opener_of,
    part_spans,
    part_spans_by_definition,
    split_sentences,
)
from grader.rules.surface import _GROUPED, _GROUPED_BODY, _PLAIN, fold_diacritics
from grader.rules.surface_forms import _NICKNAMED, _unquoted, without_nickname_quotes
from grader.rules.surface_match import among_candidates, among_candidates_by_definition
from grader.rules.surface_numbers import (
    _MIXED,
    products,
    scanned_figures,
    scanned_figures_by_definition,
)
from grader.rules.verdict import CORRECT, WRONG, Grader
from tests.conftest import make_answer

ROOT = Path(__file__).resolve().parent.parent
GRADER = Grader()
NET_INCOME = "What was the net income in FY2023?"
# The four letters a pattern ignoring case matches as an ASCII letter, in words a guard looks for.
LOOKALIKES = ["ſorry", "SORRY", "whıle", "WHİLE", "maKe that", "ſhould be", "actually", "ſource"]


TABLE = ROOT / "docs" / "performance.md"
SECTION = "## Every shortcut, and the test that it equals its rule"


def rows_of(markdown: str) -> list[tuple[str, str, str]]:
    """The rows of the shortcut table in ``markdown``: where, what it skips, test."""
    section = markdown.split(SECTION, 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("grader."):
            rows.append((cells[0], cells[1], cells[2]))
    return rows


def _resolve(dotted: str) -> object:
    """The object a dotted name names: the longest module it starts with, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found
    raise LookupError(dotted)


def faults(rows: list[tuple[str, str, str]]) -> list[str]:
    """Each row whose shortcut or test does not exist."""
    found = []
    for where, _skips, test in rows:
        try:
            _resolve(where)
        except (AttributeError, LookupError):
            found.append(f"no shortcut {where}")
        path, _, name = test.partition("::")
        file = ROOT / path
        tree = ast.parse(file.read_text(encoding="utf-8")) if file.is_file() else ast.Module([], [])
        if name not in {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}:
            found.append(f"no test {test} (for {where})")
    return found


def test_every_row_names_a_shortcut_and_a_test_that_exist():
    rows = rows_of(TABLE.read_text(encoding="utf-8"))
    assert len(rows) >= 25
    assert faults(rows) == []


def test_a_row_naming_what_does_not_exist_is_caught():
    planted = (
        f"{SECTION}\n\n| where | what it skips | test |\n|---|---|---|\n"
        "| grader.rules.money.no_such_guard | nothing "
        "| tests/rules/test_money.py::test_a_unit_note |\n"
        "| grader.rules.money.unit_note | nothing "
        "| tests/rules/test_money.py::test_no_such_test |\n"
        "| grader.rules.money.unit_note | nothing | tests/no_such_file.py::test_x |\n"
    )
    assert faults(rows_of(planted)) == [
        "no shortcut grader.rules.money.no_such_guard",
        "no test tests/rules/test_money.py::test_no_such_test (for grader.rules.money.unit_note)",
        "no test tests/no_such_file.py::test_x (for grader.rules.money.unit_note)",
    ]


# --- the lower case a guard reads --------------------------------------------------------------


@settings(max_examples=600, deadline=None)
@given(
    st.lists(st.sampled_from([*LOOKALIKES, "The FEE", "é", "Ä", "ß", " ", "İı", "K"])).map("".join)
)
def test_lowered_as_matched_equals_its_definition(text):
    """An ASCII text is only lowered: the same string as translated, then lowered."""
    assert lowered_as_matched(text) == text.translate(_MATCHED_AS_ASCII).lower()
    assert lowered_as_matched(text.encode("ascii", "ignore").decode()) == (
        text.encode("ascii", "ignore").decode().translate(_MATCHED_AS_ASCII).lower()
    )


# --- the sentence's parts ----------------------------------------------------------------------

PART_PIECES = st.sampled_from(
    [
        *LOOKALIKES,
        "The fee is $5",
        "but",
        "I mean",
        "rather than",
        ",",
        ";",
        ":",
        "-",
        " ",
        "$6",
        "é",
    ]
)


@settings(max_examples=600, deadline=None)
@given(
    st.lists(PART_PIECES, max_size=8).map(" ".join), st.lists(PART_PIECES, max_size=8).map("".join)
)
def test_part_spans_equals_its_definition(spaced, glued):
    """No hint, one part: never a sentence the part-end pattern would cut, in any case."""
    for sentence in (spaced, glued, clean(spaced)):
        assert part_spans(sentence) == part_spans_by_definition(sentence)


def test_a_long_s_opens_a_correction_as_the_pattern_reads_it():
    """The hint was looked for with ``str.lower``, which keeps "ſ": "ſorry" was one part."""
    sentence = "The fee is $5, ſorry, $6"
    assert len(part_spans(sentence)) == 2


# --- citations and the answer label ------------------------------------------------------------

CITATION_PIECES = st.sampled_from(
    [
        *LOOKALIKES,
        "Source",
        "SOURCES",
        "doc",
        "Document",
        "DOCS",
        "[",
        "]",
        "【",
        "】",
        "2",
        "1-3",
        "and",
        "#",
        ":",
        "p. 4",
        " ",
        "the fee",
        "dOc",
    ]
)


def _cited_by_definition(text: str) -> tuple[int, ...]:
    """`cited_numbers` with no guard: every marker, then every mention, each number once."""
    found: list[int] = []
    for match in MARKER.finditer(text):
        found += numbers_in(match.group(1))
    for match in MENTION.finditer(text):
        found += numbers_in(match.group(1))
    return tuple(dict.fromkeys(found))


@settings(max_examples=600, deadline=None)
@given(
    st.lists(CITATION_PIECES, max_size=8).map(" ".join),
    st.lists(CITATION_PIECES, max_size=8).map("".join),
)
def test_citations_are_found_as_the_patterns_find_them(spaced, glued):
    for text in (spaced, glued):
        assert cited_numbers(text) == _cited_by_definition(text)
        assert mention_spans(text) == [match.span() for match in MENTION.finditer(text)]


def test_a_long_s_names_a_source_as_the_pattern_reads_it():
    """The guard looked for "source" with ``str.lower``: "See ſource 2." cited nothing."""
    assert cited_numbers("See ſource 2.") == (2,)


LABEL_PIECES = st.sampled_from(
    ["Answer", "ANSWER", "answer", "Anſwer", "AnSWER", ":", "\n", " ", "\t", "$5", "Question", "?"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(LABEL_PIECES, max_size=10).map("".join))
def test_the_answer_label_is_dropped_as_its_pattern_drops_it(text):
    label = ANSWER_LABEL.match(text)
    rest = text if label is None else text[label.end() :]
    assert without_answer_label(text) == _LINE_LABEL.sub("", rest)


# --- sentences, cleaning, contractions ---------------------------------------------------------

BREAKS = st.sampled_from(
    ["a", "B", ".", " ", "\t", "\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "x y"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(BREAKS, max_size=10).map("".join))
def test_wrapped_lines_are_looked_for_only_across_a_line_break(text):
    """`split_sentences` joins wrapped lines only where there is a line break: elsewhere the
    pattern that joins them finds nothing."""
    if "\n" not in text and "\r" not in text:
        assert _WRAPPED.sub(" ", text) == text
    else:
        split_sentences(text)  # (and reads any text)


MARKED = st.sampled_from(
    [
        "Final answer: ",
        "final ANSWER is ",
        "Answer:",
        "anſwer: ",
        "My final answer - ",
        "\n",
        "\r\n",
        "\r",
        " ",
        "Paris",
        "it was 1536.",
        "see above",
        "Question: Who?",
        "\n\n",
        "**",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(MARKED, max_size=10).map("".join))
def test_a_final_answer_is_looked_for_only_across_a_line_break(text):
    """`final_answer` reads a text of one line as holding no marker (its shortcut): the
    marker's pattern opens with a line break, so it finds none there either."""
    if "\n" not in text and "\r" not in text:
        assert _FINAL_MARKER.search(text) is None
        assert final_answer(text) == ("", text)
    else:
        final_answer(text)  # (and reads any text)


NICKNAME_PIECES = st.sampled_from(
    [
        "Benjamin",
        "Earvin",
        "J.",
        "Siegel",
        "de",
        "al-",
        "The",
        "Rock",
        "in",
        "O",
        " ",
        "\u00a0",
        "\n",
        '"',
        "'",
        "‘",
        "’",
        "“",
        "”",
        "Bugsy",
        "-",
        ".",
        " 'Bugsy' ",
        " “Magic” ",
        "Benjamin 'Bugsy' Siegel",
    ]
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(NICKNAME_PIECES, max_size=14).map("".join))
def test_a_nickname_is_looked_for_only_after_a_space_and_a_quote(text):
    """`without_nickname_quotes` reads a text with no space before an opening quote as holding
    no nickname (its shortcut): its pattern's given names end in a space and the quote."""
    assert without_nickname_quotes(text) == _NICKNAMED.sub(_unquoted, text)


CLEAN_PIECES = st.sampled_from(
    ["1", "204", "\u2009", "\u202f", "\u00a0", "\n", "- ", "* ", "• ", "x:", "$", " ", "\u2013"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(CLEAN_PIECES, max_size=10).map("".join))
def test_digit_groups_are_looked_for_only_beside_a_thin_or_no_break_space(text):
    grouped = _DIGIT_GROUP_SPACE.sub(",", text)
    if "\n" in grouped:  # (bullets are dropped only in a text of several lines: the rule)
        grouped = without_bullets(grouped)
    assert cleaned(text) == " ".join(grouped.translate(_CHARACTERS).split())


def test_a_bullet_is_dropped_only_in_a_text_of_several_lines():
    """The line-break condition on bullets is part of the rule, not a shortcut: it changes what
    is read (a single line keeps its bullet)."""
    assert clean("- Revenue: $42") == "- Revenue: $42"
    assert clean("- Revenue: $42\n") == "Revenue: $42"


CONTRACTION_PIECES = st.sampled_from(
    ["can't", "can not", "cannot", "won't", "it's", "i'm", "they've", "shouldn't've", "'", " ", "x"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(CONTRACTION_PIECES, max_size=8).map("".join))
def test_contractions_are_looked_for_only_where_they_can_be(text):
    every_pass = text
    while True:  # (the definition: expand until nothing changes, then "can not")
        expanded = _CONTRACTION.sub(_expand, every_pass)
        if expanded == every_pass:
            break
        every_pass = expanded
    assert expand_contractions(text) == _CAN_NOT.sub("cannot", every_pass)


# --- digits: figures and what a source holds ---------------------------------------------------

DIGIT_PIECES = st.sampled_from(
    ["1", "١", "１", "¹", "①", "½", "Ⅳ", "$", "€", "in millions", "USD", "5%", " ", "x", ".", ","]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(DIGIT_PIECES, max_size=8).map("".join))
def test_a_text_without_a_digit_holds_no_figure(text):
    if re.search(r"\d", clean(text)) is None:
        assert find_figures(text) == []
        assert _FIGURE.search(clean(text)) is None


@settings(max_examples=500, deadline=None)
@given(st.lists(DIGIT_PIECES, max_size=8).map("".join))
def test_a_source_without_a_digit_holds_nothing(text):
    if re.search(r"\d", text) is None:
        assert held_in(text) == NOTHING_HELD
        # cleaning writes no digit, and nothing is read without one
        assert re.search(r"\d", clean(text)) is None
        assert find_amounts(clean(text)) == []
        assert _SOURCE_NUMBER.findall(clean(text)) == []


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(["1", "204", ",", ".", "'", " ", "8'500", "\u2009", "é", "a"]), max_size=10
    ).map("".join)
)
def test_apostrophes_are_dropped_only_from_a_text_that_holds_one(text):
    """`digits_in` looks for an apostrophe before dropping it: the text it reads is the one with
    every separator dropped."""
    read = text if text.isascii() else clean(text)
    assert digits_in(text) == read.replace(",", "").replace(".", "").replace("'", "")


@settings(max_examples=500, deadline=None)
@given(st.lists(DIGIT_PIECES, max_size=8).map("".join))
def test_has_digit_is_the_digit_pattern(text):
    """An ASCII text is looked through for 0 to 9 as substrings: a digit is found where the
    pattern finds one, in any text."""
    for each in (text, text.encode("ascii", "ignore").decode()):
        assert has_digit(each) is (re.search(r"\d", each) is not None)


# Pieces of a scan's figures: look-alike letters, digits (ASCII and not), a middle dot, a
# superscript, letters and separators.
SCANNED_PIECES = st.sampled_from(
    ["I", "l", "O", "o", "1", "9", "0", "\u0661", "\u00b7", "\u00b2", "a", "x", " ", ".", "-", "_"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(SCANNED_PIECES, max_size=10).map("".join))
def test_a_scans_figures_are_looked_for_only_in_a_text_with_a_digit(text):
    """`cleaned` reads a product's middle dot (`products`) only in a text holding a digit: in
    any other, reading it changes nothing."""
    assert (products(text) if has_digit(text) else text) == products(text)


@settings(max_examples=1000, deadline=None)
@given(st.lists(SCANNED_PIECES, max_size=12).map("".join))
def test_a_scans_figures_are_looked_for_only_beside_a_middle_dot_or_a_look_alike(text):
    """`scanned_figures` reads a text only where a middle dot is written or a digit stands
    beside a look-alike letter: in any other, its definition changes nothing."""
    assert scanned_figures(text) == scanned_figures_by_definition(text)


@settings(max_examples=1000, deadline=None)
@given(st.lists(SCANNED_PIECES, max_size=12).map("".join))
def test_a_digit_beside_a_look_alike_is_found_where_either_order_is(text):
    """`_MIXED`, written to open with the digit, finds a pair where the pattern of either order
    ("[0-9][IlOo]|[IlOo][0-9]") finds one, and only there."""
    either_order = re.search(r"[0-9][IlOo]|[IlOo][0-9]", text)
    assert (_MIXED.search(text) is None) is (either_order is None)


# Answers that may list candidates: a header with or without its colon, then candidates in its
# line or as the lines of a list, with a mark of choice, pieces around them and a sentence after.
HEADERS = st.sampled_from(
    ["Possible hormones", "likely CANDIDATES", "Candidates", "It could be any of these", "Hormone"]
)
COLONS = st.sampled_from([":", "", "\uff1a", " :", "**:**"])
CANDIDATES = st.lists(
    st.sampled_from(
        ["gout", "a sprain", "insulin", "**Augustus**", "cortisol (chosen)", "x \u2713"]
    ),
    min_size=1,
    max_size=4,
)
AROUND = st.sampled_from(["", "Intro.\n", "## ", "See a GP.", "\n", " It is insulin.", ":"])


@st.composite
def listings(draw):
    header = draw(AROUND) + draw(HEADERS) + draw(COLONS)
    items = draw(CANDIDATES)
    if draw(st.booleans()):
        body = " " + draw(st.sampled_from([", ", " or ", "; "])).join(items) + "."
    else:
        body = "".join(f"\n{draw(st.sampled_from(['- ', '1. ', '* ']))}{item}" for item in items)
    return header + body + draw(AROUND)


@settings(max_examples=1000, deadline=None)
@given(
    listings(),
    st.sampled_from([frozenset(), frozenset({"possible", "causes"}), frozenset({"which"})]),
)
def test_candidates_are_looked_for_only_in_an_answer_with_a_colon(answer, asked):
    """`listed_candidates` reads an answer only where a colon is written (every header ends with
    one): in any other, its definition finds no list and returns the answer as it is."""
    assert listed_candidates(answer, asked) == listed_candidates_by_definition(answer, asked)


# --- patterns behind a lookahead for the characters they open with ----------------------------

OPENING_PIECES = st.sampled_from(
    [
        *LOOKALIKES,
        "The fee",
        "US$",
        "us$",
        "c$",
        "€",
        "£",
        "¥",
        "₹",
        "円",
        "USD",
        "usd",
        "eur",
        "EUR",
        "(",
        ")",
        "-",
        "+",
        "−",
        ".",
        ",",
        ";",
        ":",
        "'",
        " ",
        "\u00a0",
        "1",
        "450",
        "1,450.00",
        " .5",
        "3,5",
        "١",
        "５",
        "%",
        "x",
        " times",
        " million",
        "m",
        " dollars",
        "euros",
        "but",
        "however",
        "I mean",
        "or rather",
        "K",
        "ı",
        "Source",
        "docs",
        "after",
        "ſo",
        "net of",
        "thus",
        "is",
        "=",
        "1,500",
    ]
)


@pytest.mark.parametrize(
    ("pattern", "body"),
    [
        (_FIGURE, _FIGURE_BODY),
        (_AMOUNT, _CURRENCY_FIRST + "|" + _CURRENCY_AFTER),
        (_AMOUNT_CURRENCY_FIRST, _CURRENCY_FIRST),
        (_PART_END, _PART_END_BODY),
        (MENTION, _MENTION_BODY),
        (_ARITHMETIC, _ARITHMETIC_BODY),
        (_ARITHMETIC_OPENER, _ARITHMETIC_OPENER_BODY),
        (_GROUPED, _GROUPED_BODY),
    ],
    ids=[
        "figures",
        "amounts",
        "amounts written currency first",
        "a sentence's part ends",
        "a source mentioned",
        "an arithmetic",
        "an arithmetic's first word",
        "digit groups",
    ],
)
@settings(max_examples=400, deadline=None)
@given(
    st.lists(OPENING_PIECES, max_size=10).map("".join),
    st.lists(OPENING_PIECES, max_size=10).map(" ".join),
)
def test_a_pattern_behind_its_first_characters_finds_what_its_body_finds(
    pattern, body, glued, spaced
):
    """`grader.rules.match.opening_with`: the lookahead for the characters a pattern's matches
    open with leaves its matches and their groups as its body alone finds them."""
    by_definition = re.compile(body, pattern.flags)
    for text in (glued, spaced):
        assert [(found.span(), found.groupdict()) for found in pattern.finditer(text)] == [
            (found.span(), found.groupdict()) for found in by_definition.finditer(text)
        ]


# --- surface forms -----------------------------------------------------------------------------


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=30))
def test_ascii_text_has_no_diacritics_to_fold(text):
    decomposed = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    assert fold_diacritics(text) == "".join(c for c in decomposed if not unicodedata.combining(c))


OR_PIECES = st.sampled_from(
    ["or", "OR", "Or", "either", "maybe", "london", "dublin", "the", ",", " ", "\t", "\n", "x"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(OR_PIECES, max_size=8).map(" ".join))
def test_alternatives_are_looked_for_only_around_an_or(drawn):
    # (the texts it reads are cleaned: one plain space between words)
    for text in (normalize(drawn), clean(drawn).lower()):
        if " or " not in text:
            assert _ALTERNATIVES.match(text.strip()) is None
            assert _EITHER.search(text) is None
            assert not uncommitted(text, 0, len(text))


# --- the two shortcuts issue 46 named as case-sensitive -----------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        "In millions: net income was $212 [1].",
        "Figures in millions: net income was $212 [1].",
        "IN MILLIONS: net income was $212 [1].",
    ],
    ids=["a capital In opens the note", "in within the sentence", "in capitals"],
)
def test_a_unit_note_grades_alike_in_any_case(answer):
    """The unit note was looked for only after a lower-case "in ": "In millions: ..." was a
    money violation while "Figures in millions: ..." was correct."""
    grade = GRADER.grade(make_answer(answer, key="$212 million", question=NET_INCOME))
    assert grade.verdict == CORRECT
    assert not grade.money.violation
    # without the note, $212 is another amount
    bare = GRADER.grade(make_answer("Net income was $212 [1].", key="$212 million"))
    assert bare.verdict == WRONG and bare.money.violation


@pytest.mark.parametrize(
    "answer",
    [
        "The fee is $5 [1].\nAnswer: $5 [1]",
        "The fee is $5 [1].\nANSWER: $5 [1]",
        "The fee is $5 [1].\nanswer: $5 [1]",
    ],
    ids=["Answer", "ANSWER", "answer"],
)
def test_a_closing_answer_label_is_dropped_in_any_case(answer):
    assert without_answer_label(answer) == "The fee is $5 [1].\n$5 [1]"


# --- questions that ask for several ------------------------------------------------------------

SEVERAL_PIECES = st.sampled_from(
    [
        *LOOKALIKES,
        "Which",
        "what",
        "THE",
        "name",
        "LiSt",
        "ſix",
        "Twın",
        "twins",
        "both",
        "members of",
        "co-founders",
        "names",
        "pair",
        "Odin's",
        "three",
        "ten",
        "2",
        "12",
        "1",
        "٣",
        "２",
        "often",
        " ",
        ",",
        "?",
        "s",
        "x",
    ]
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(SEVERAL_PIECES, max_size=8).map("".join))
def test_asks_for_several_equals_its_definition(question):
    """A question without a count word, a digit, "both", "list", "members", "founders",
    "names" or "twin" (as a pattern ignoring case reads it) is one the patterns find nothing in."""
    assert asks_for_several(question) is asks_for_several_by_definition(question)


INTO_WHICH_PIECES = st.sampled_from(
    [
        *"which WHICH Which what WHAT wh ich at İch ıch ch whİch whıch".split(),
        *"into to from for with by element is fused hydrogen Which".split(),
        *[" ", "  ", "?", "??", "\n", "\t", "\u00a0", ".", "x"],
    ]
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(INTO_WHICH_PIECES, max_size=8).map(" ".join))
def test_into_which_is_looked_for_only_in_a_question_ending_in_which_or_what(question):
    """`_into_which` looks for `_INTO_WHICH` only in a question ending in "which" or "what" (a
    question mark and white space aside, as a pattern ignoring case reads it): elsewhere the
    pattern finds nothing."""
    found, expected = _into_which(question), _INTO_WHICH.search(question)
    assert (found and found.span()) == (expected and expected.span())


# A question holding every hint and no digit, which a drawn list of pieces seldom holds whole.
@pytest.mark.parametrize(
    "question",
    [
        "Both twins, the founders and the members: name two, three, four, five, six, seven, eight,"
        " nine, ten, eleven or twelve, a pair, a couple or a trio, and list their names."
    ],
    ids=["every hint of the shortcut and no digit"],
)
def test_asks_for_several_equals_its_definition_at_its_guards_edge(question):
    assert asks_for_several(question) is asks_for_several_by_definition(question) is True


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(["john", "S", "s", "'", "’", "ſ", "es", "x", " ", "\n", "'s", "’S"]),
        max_size=6,
    ).map("".join)
)
def test_a_possessive_is_looked_for_only_in_a_word_with_an_apostrophe(word):
    """`gaps`' stems and words of content drop or skip a possessive's "'s" as its pattern
    finds it."""
    assert _without_possessive(word) == re.sub(r"['’]s$", "", word)
    assert _possessive(word) is (re.search(r"['’]s$", word) is not None)


CANDIDATE_PIECES = st.sampled_from(
    ["1927", "1928", "maybe", "or", "either", "not", "it was", "london", "dublin", ",", " ", "."]
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(CANDIDATE_PIECES, max_size=10).map(" ".join), st.sampled_from(["1927", "london"]))
def test_candidates_are_looked_for_only_around_an_or(answer, accepted):
    """An answer without " or " names no accepted answer among candidates."""
    for text in (answer, answer.replace("  ", " ")):
        assert among_candidates(accepted, text) is among_candidates_by_definition(accepted, text)


ANSWERING_PARTS = st.sampled_from(
    [
        ("Dynamite was invented by Alfred Nobel", ""),
        ("Dynamite was invented by Ascanio Sobrero", ""),
        ("It is often credited to Nobel", ""),
        ("but it was invented by Sobrero", "contrast"),
        ("Actually, it was Nobel", "correction"),
        ("Mercury is the hottest planet", ""),
        ("Venus is the hottest planet", ""),
        ("the hottest planet is venus", ""),
        ("alfred nobel made it", ""),
        ("The fee is $5", ""),
        ("The largest fish is the blue whale", ""),
        ("the whale shark is the largest fish", ""),
        ("The hottest planet is the second one", ""),
    ]
)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(ANSWERING_PARTS, max_size=4).map(tuple),
    st.sampled_from(
        [
            "Who invented dynamite?",
            "What is the hottest planet?",
            "What is the largest fish?",
            "Why?",
        ]
    ),
    st.sampled_from(
        [("Alfred Nobel",), ("nobel",), ("Venus",), ("venus", "Venus"), ("whale shark",)]
    ),
)
def test_answered_otherwise_equals_its_definition(parts, question, accepted):
    """Without a credit hint and with no accepted answer written as a name, the answer gives
    no other answer, as the rule without the shortcut finds."""
    asked = question.lower()
    assert answered_otherwise(accepted, question, asked, parts) == (
        answered_otherwise_by_definition(accepted, question, asked, parts)
    )


# Pieces of parts and sentences: every opener's and every supposition's words (and their
# phrases), in other cases and with the letters a pattern ignoring case reads as ASCII ("ſ",
# "İ", "ı", the Kelvin sign), words that only begin like them, white space, digits and marks.
OPENING_PIECES = st.sampled_from(
    [
        *"but however whereas while yet although though sorry i actually or rather".split(),
        *"correction make that should be mean meant than for example instance e.g. as".split(),
        *"an suppose supposing imagine hypothetically let us say let's if would could".split(),
        *"might the fee is $5 Paris butter iffy sayings format ſorry İf ıf \u212aind".split(),
        "BUT",
        "Sorry",
        "If",
        "For example,",
        "or rather",
        "make that",
        "that should be",
        "E.g.",
        "e.g.the",
        "I mean",
        "as an example",
        "let's say",
        "Let us say",
        " ",
        "\t",
        "",
        ",",
        "-",
        "—",
        "7",
        "_",
    ]
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(OPENING_PIECES, max_size=8).map(" ".join), st.sampled_from(["", " ", "  "]))
def test_openers_and_suppositions_are_read_only_after_their_first_words(text, before):
    """`opener_of` and `supposes` read their patterns only where the text's first word opens a
    match (`first_word_as_matched`): on drawn parts they give what the patterns give."""
    text = before + text
    assert opener_of(text) == opener_by_definition(text)
    assert supposes(text) == supposes_by_definition(text)

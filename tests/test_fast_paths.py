"""The grader's scanners are written for speed; each must agree with its plain definition.

Each rule below is stated once, as the plain regular expression that defines it (look-behinds
and case-insensitive matching, clear but slow: the engine tries them at every character). The
grader finds the same things by a literal it can skip to, checking the boundaries afterwards.
Hypothesis drives both with text built from the characters that matter to each rule.
"""

import json
import re
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from grader.citations import cited_numbers
from grader.clauses import (
    STRATEGIES,
    asserted_text,
    find_attribution,
    get_strategy,
    split_clauses,
    split_sentences,
)
from grader.declines import DeclineList, DeclinePhrase, load_declines
from grader.match import normalize, normalize_phrase, phrase_anchors
from grader.money import find_amounts, is_money_key, names_number, number_values
from grader.runfile import decode_line
from grader.verdict import Grader, MoneyKey

GRADER = Grader()

# --- the plain definitions -------------------------------------------------------------------

AMOUNT = re.compile(
    r"((?<![\w$])(?:[-−–]\s?|\(\s?)?\$\s?[-−]?"
    r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\d,]*\d))"
)


def plain_amounts(text: str) -> list[tuple[str, Decimal]]:
    found = []
    for whole, digits, decimals in AMOUNT.findall(text):
        digits = digits.replace(",", "")
        found.append((whole.strip(), Decimal(f"{digits}.{decimals}" if decimals else digits)))
    return found


# --- text built from what matters -------------------------------------------------------------


def texts(alphabet: str, words: list[str]) -> st.SearchStrategy[str]:
    return st.lists(
        st.one_of(st.sampled_from(words), st.text(alphabet=alphabet, max_size=4)), max_size=14
    ).map("".join)


MONEY_TEXT = texts(
    "$-−–( ,.0123456789a_\n\u00a0٣",
    ["$", "-$", "($", "- $", "( $", "$ ", "1,234", "20.00", "10,020", "x$5", "$$5", " "],
)


@settings(max_examples=600, deadline=None)
@given(MONEY_TEXT)
def test_find_amounts_agrees_with_the_plain_pattern(text):
    assert [(a.text, a.value) for a in find_amounts(text)] == plain_amounts(text)
    assert is_money_key(text) == bool(AMOUNT.search(text))


@settings(max_examples=600, deadline=None)
@given(st.one_of(MONEY_TEXT, st.from_regex(r"\$[0-9,]{1,9}(\.[0-9]{0,3})?", fullmatch=True)))
def test_a_money_key_is_read_as_its_amounts(key):
    amounts = find_amounts(key)
    expected = (tuple(a.text for a in amounts), tuple(dict.fromkeys(a.value for a in amounts)))
    read = MoneyKey.of(key)
    assert (read.texts, read.values) == expected if amounts else read is None


@settings(max_examples=400, deadline=None)
@given(MONEY_TEXT, st.lists(st.sampled_from(["0", "3", "5", "20", "1234", "10020", "42.99"])))
def test_names_number_agrees_with_the_set_of_numbers(text, values):
    wanted = {Decimal(v) for v in values}
    assert names_number(text, wanted) == (not wanted.isdisjoint(number_values(text)))


# Attribution: the mention found anywhere (case-insensitively, nothing word-like on its left),
# then confirmed by a lead-in ending right before it or a reporting verb right after it.
VERBS = (
    r"indicated|stated|listed|shown|mentioned|noted|reported|specified|given|found|described|"
    r"provided|presented|recorded|written|displayed|cited|quoted|printed|detailed|outlined"
)
SAYS = (
    r"says|states|shows|lists|indicates|mentions|reports|notes|specifies|gives|"
    r"describes|provides|presents|records|displays|reads|suggests|explains|confirms"
)
MENTION = re.compile(r"(?<![\w])(?:sources?|documents?|docs?)\s*#?\s*\[?\d+\]?", re.I)
LEAD_IN = re.compile(
    rf"(?<![\w])(?:according\s+to|(?:as\s+)?(?:{VERBS})\s+(?:in|by|on|within)"
    rf"|based\s+on|per|from|in)\s+(?:the\s+)?$",
    re.I,
)
FOLLOW_ON = re.compile(rf"\s*,?\s*(?:also\s+|further\s+|clearly\s+)?(?:{SAYS})\b", re.I)
THE = re.compile(r"(?<![\w])the\s+$", re.I)


def plain_attribution(text: str, pos: int = 0) -> tuple[int, int] | None:
    for mention in MENTION.finditer(text, pos):
        start = mention.start()
        lead_in = LEAD_IN.search(text, max(pos, start - 48), start)
        if lead_in is not None:
            return lead_in.start(), mention.end()
        follow_on = FOLLOW_ON.match(text, mention.end())
        if follow_on is not None:
            the = THE.search(text, max(pos, start - 8), start)
            return (the.start() if the else start), follow_on.end()
    return None


SENTENCE_END = re.compile(r"(?<=[.!?…])[\"')\]]*\s+|\n+")


def plain_sentences(text: str) -> list[str]:
    return [piece.strip() for piece in SENTENCE_END.split(text) if piece and piece.strip()]


PROSE = texts(
    " \n.!?…\"')]#[,x3",
    [
        "Source 2",
        "SOURCES 1",
        "source",
        "Document #3",
        "docs [4]",
        "doc 5",
        "xsource 2",
        "according to ",
        "According  To the ",
        "as indicated in ",
        "listed in the ",
        "based on ",
        "per ",
        "from ",
        "in ",
        "In\n",
        "the ",
        "bathe ",
        " says",
        ", also states",
        " shows",
        "within ",
        "noted by ",
        "İ",
        "the figure is $42.99",
        ". ",
        "? ",
        "…",
        "\n\n",
    ],
)


@settings(max_examples=800, deadline=None)
@given(PROSE, st.integers(min_value=0, max_value=30))
def test_find_attribution_agrees_with_the_plain_patterns(text, pos):
    pos = min(pos, len(text))
    assert find_attribution(text, pos) == plain_attribution(text, pos)


@settings(max_examples=500, deadline=None)
@given(PROSE)
def test_split_sentences_agrees_with_the_plain_pattern(text):
    assert split_sentences(text) == plain_sentences(text)


# Citations: "[1]", "[1, 2]", "[1-3]", "[Source 2]"; "Source 2", "Sources 1 and 3", "Doc 4".
CITATION = re.compile(
    r"\[\s*(?:sources?\s*)?(\d+(?:\s*(?:,|;|-|–|and)\s*\d+)*)\s*\]"
    r"|(?<![\w])(?:sources?|documents?|docs?)\s*#?\s*(\d+(?:\s*(?:,|and|&|or)\s*\d+)*)"
)


def plain_citations(text: str) -> frozenset[int]:
    numbers: set[int] = set()
    for marker, mention in CITATION.findall(text.lower()):
        group = marker or mention
        if marker:
            for low, high in re.findall(r"(\d+)\s*[-–]\s*(\d+)", group):
                if int(high) - int(low) <= 50:
                    numbers.update(range(int(low), int(high) + 1))
        numbers.update(int(n) for n in re.findall(r"\d+", group))
    return frozenset(numbers)


CITING = texts(
    " [],;-–&#0123x",
    [
        "[1]",
        "[source 2",
        "Sources 1 and 3",
        "doc 4",
        "docs",
        "documents 2",
        " or 5",
        " and ",
        "[1-3]",
        "[2 – 60]",
        "xdoc 3",
        "source#2",
        "Source 2, 3 & 4",
        "[source 2 or 7]",
    ],
)


@settings(max_examples=800, deadline=None)
@given(CITING)
def test_cited_numbers_agrees_with_the_plain_pattern(text):
    assert cited_numbers(text) == plain_citations(text)


# --- reading for grading: the lean reader accepts, refuses and reads exactly as the plain one --

FIELD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**65), max_value=2**65),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.sampled_from(["answerable", "negative", "ambiguous", "answer", "run", "", "é"]),
    st.lists(st.text(max_size=4), max_size=2),
    st.lists(st.integers(), max_size=2),
    st.builds(dict),
)
VALID_SOURCE = st.fixed_dictionaries(
    {"n": st.integers(min_value=-3, max_value=2**64), "doc": st.text(max_size=4)},
    optional={"text": st.text(max_size=8), "page": FIELD_VALUES},
)
STRINGS = st.lists(st.text(max_size=4), max_size=2)
VALID_RECORDS = st.fixed_dictionaries(
    {
        "type": st.just("answer"),
        "qid": st.sampled_from(["q1", "q2"]),
        "kind": st.sampled_from(["answerable", "negative", "ambiguous"]),
        "question": st.text(max_size=6),
        "gold": st.fixed_dictionaries(
            {"key": st.sampled_from(["$5", "$5.00", "five", ""])},
            optional={
                "must_contain": STRINGS,
                "must_contain_any": STRINGS,
                "must_not_contain": STRINGS,
                "golden_docs": STRINGS,
            },
        ),
        "answer": st.sampled_from(["I could not find it.", "$5 [1].", "It is 5 (Source 2)."]),
        "sources": st.lists(VALID_SOURCE, max_size=3),
        "latency_ms": st.one_of(st.none(), st.integers(), st.floats(allow_nan=False)),
        "error": st.one_of(st.none(), st.text(max_size=4)),
    },
    optional={"zz": FIELD_VALUES},
)
# Where a valid record can go wrong: a top-level field, a gold field, a source or its fields.
PLACES = st.sampled_from(
    [
        ("type",),
        ("qid",),
        ("kind",),
        ("question",),
        ("gold",),
        ("answer",),
        ("sources",),
        ("latency_ms",),
        ("error",),
        ("line",),
        ("extra",),
        ("gold", "key"),
        ("gold", "must_contain"),
        ("gold", "golden_docs"),
        ("gold", "x"),
        ("sources", 0),
        ("sources", 0, "n"),
        ("sources", 0, "doc"),
        ("sources", 0, "text"),
    ]
)
DELETE = object()


def changed(record: dict, changes: list) -> dict:
    for place, value in changes:
        *path, last = place
        target = record
        for step in path:
            inside = isinstance(target, dict) and step in target
            inside = inside or (
                isinstance(target, list) and isinstance(step, int) and step < len(target)
            )
            target = target[step] if inside else None
        if isinstance(target, dict):
            if value is DELETE:
                target.pop(last, None)
            else:
                target[last] = value
        elif isinstance(target, list) and isinstance(last, int) and last < len(target):
            target[last] = None if value is DELETE else value
    return record


RECORDS = st.builds(
    changed,
    VALID_RECORDS,
    st.lists(st.tuples(PLACES, st.one_of(FIELD_VALUES, st.just(DELETE))), max_size=2),
)


def dumps(record: dict) -> bytes:
    # the standard library writes integers of any size (orjson refuses more than 64 bits)
    return json.dumps(record, ensure_ascii=False).encode()


LINES = st.one_of(
    RECORDS.map(dumps),
    RECORDS.map(dumps),
    RECORDS.map(dumps).map(lambda raw: raw.replace(b"q1", b"q\xff")),
    RECORDS.map(dumps).map(lambda raw: raw[: len(raw) // 2]),
)


@settings(max_examples=1500, deadline=None)
@given(LINES)
def test_the_lean_reader_agrees_with_the_plain_one(raw):
    plain_kind, plain = decode_line(raw, 7)
    lean_kind, lean = decode_line(raw, 7, lean=True)
    assert lean_kind == plain_kind
    if plain_kind != "answer":
        assert lean == plain
        return
    for name in ("qid", "kind", "question", "gold", "answer", "latency_ms", "error", "line"):
        assert getattr(lean, name) == getattr(plain, name), name
        assert type(getattr(lean, name)) is type(getattr(plain, name)), name
    assert lean.source_refs() == plain.source_refs()
    assert GRADER.grade(lean) == GRADER.grade(plain)


def test_a_lead_in_at_the_edge_of_its_window():
    # The window of words before a mention is 48 characters; a lead-in starting exactly there
    # counts only when no word runs on past the window's edge.
    for before in ("x", " ", ""):
        for filler in ("as indicated in ", "according to the ", "in "):
            text = before + filler + " " * (48 - len(filler)) + "Source 2 has it"
            assert find_attribution(text) == plain_attribution(text), (before, filler)
    assert find_attribution(" as indicated in" + " " * 32 + "Source 2") == (1, 56)
    assert find_attribution("xas indicated in" + " " * 32 + "Source 2") == (4, 56)


OPENERS = set(
    "as and also however so thus therefore yes no but finally moreover additionally".split()
)


def plain_first_attribution(sentence: str) -> tuple[str, str]:
    # DESIGN 4.1's default: split at the first attribution, unless it opens the sentence (then
    # it is adopted, and the next attribution splits instead).
    span = plain_attribution(sentence, 0)
    if span is None:
        return sentence, ""
    start, end = span
    if all(word in OPENERS for word in re.findall(r"\w+", sentence.lower()[:start])):
        later = plain_attribution(sentence, end)
        if later is None:
            return sentence, ""
        start = later[0]
    return sentence[:start].rstrip(), sentence[start:]


@settings(max_examples=800, deadline=None)
@given(PROSE)
def test_the_default_split_agrees_with_its_definition(text):
    clause = get_strategy("first-attribution").split_sentence(text)
    assert (clause.asserted, clause.attributed) == plain_first_attribution(text)


@settings(max_examples=500, deadline=None)
@given(PROSE, st.sampled_from(sorted(STRATEGIES)))
def test_asserted_text_agrees_with_its_definition(text, name):
    # Every sentence's asserted half, joined; the answer itself when it attributes nothing.
    if name == "mentions" or plain_attribution(text) is None:
        expected = text
    else:
        expected = " ".join(c.asserted for c in split_clauses(text, name) if c.asserted)
    assert asserted_text(text, get_strategy(name), normalize(text)) == expected


# --- the decline search: an answer with none of the phrases' anchors skips the pattern --------

SHIPPED = load_declines()
OTHER_PHRASES = ["zz y", "qq", "vv w", "jj", "kk", "xx", "hh x", "gg", "ff", "ww"]
DECLINE_PIECES = [
    *SHIPPED.texts(),
    *(phrase[: len(phrase) // 2] for phrase in SHIPPED.texts()),
    "no",
    "not",
    "know",
    "cannot",
    "can’t find",
    "couldn't",
    "insufficient",
    "  ",
    "\n",
    "The",
    *OTHER_PHRASES,
]
# Phrase lists with few first words (the shortcut runs) and with many (it does not).
PHRASE_LISTS = st.lists(
    st.sampled_from([*SHIPPED.texts(), *OTHER_PHRASES]), min_size=1, max_size=14
)


def plain_decline(text: str, phrases: list[str]) -> str | None:
    # The phrase found first in the text; of those starting at the same place, the shortest
    # (it is found already when the longer ones are still being read).
    starts = {phrase: text.find(phrase) for phrase in map(normalize_phrase, phrases)}
    starts = {phrase: start for phrase, start in starts.items() if start >= 0}
    if not starts:
        return None
    first = min(starts.values())
    return min((phrase for phrase, start in starts.items() if start == first), key=len)


@settings(max_examples=800, deadline=None)
@given(texts("nocatu' ", DECLINE_PIECES), PHRASE_LISTS)
def test_the_decline_search_agrees_with_its_definition(text, phrases):
    declines = DeclineList(tuple(DeclinePhrase(phrase, "test") for phrase in phrases))
    text = normalize(text)
    assert declines.match_normalized(text) == plain_decline(text, phrases)


def test_every_phrase_holds_one_of_the_anchors():
    anchors = phrase_anchors(SHIPPED.texts())
    assert anchors  # the shipped list takes the shortcut
    for phrase in SHIPPED.texts():
        assert any(anchor in normalize_phrase(phrase) for anchor in anchors), phrase
    assert phrase_anchors(["a b", "c d", "e"], most=2) == ()
    # Too many first words for the shortcut: the pattern alone still finds every phrase.
    many = DeclineList(tuple(DeclinePhrase(phrase, "test") for phrase in OTHER_PHRASES))
    assert phrase_anchors(OTHER_PHRASES) == ()
    assert many.match_normalized("it is qq here") == "qq"

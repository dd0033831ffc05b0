"""One normalisation for answers, decline phrases, needles and keys (DESIGN 4.0).

Two steps, each a plain function:

- `clean` makes the text's characters regular and keeps its case: every Unicode space (em, en,
  thin, narrow no-break, ideographic, tab, line break, ...) becomes one plain space, except that
  a thin, narrow no-break or no-break space between digit groups is a thousands separator
  ("$1 204.50" is "$1,204.50", "1 450,00 €" is "1,450,00 €"); soft hyphens and zero-width
  characters are dropped; full-width forms are folded ("＄４２" is "$42"); a superscript digit
  is a footnote marker and is dropped ("$42.99¹" is "$42.99"); a bullet that opens a line of a
  list is dropped (it is no minus sign); every hyphen and dash (U+2010 to U+2015, the
  non-breaking hyphen, U+2212 MINUS SIGN) becomes "-", curly quotes become straight ones; a
  middle dot before a power of ten is a product's sign ("3·10⁸" is "3×10⁸"; a scan's other
  figures, "I928" for "1928", "4·5" for "4.5", are read in an answer's sentences, each once
  cleaned, `grader.rules.sentences.answer_sentences`: the family is `grader.rules.
  surface_numbers.scanned_figures`). The money parser reads cleaned text (so "−$20.00" is
  "-$20.00", a minus sign).
- `without_markdown` reads markdown's marks as chat models mean them (the one owner of what
  they mean): in an answer, before its sentences are split (`grader.rules.sentences`). Not in
  `clean`, which also reads phrases and needles, whose notation uses "*" and "|" (`grader.rules.
  match`), and keys, whose edges drop stars and underscores already.
- `normalize` is `clean`, then case folding, then contractions expanded ("doesn't" -> "does
  not", "can't" -> "cannot", "isn't" -> "is not", "I'm" -> "i am"; "can not" -> "cannot").
  Everything that is matched (decline phrases, needles, text keys) is matched in normalised
  text, and phrases and needles are normalised the same way, so "doesn't mention" is found by
  "not mention" and "isn't stated" by "not stated".
- (v4) `without_page_layout` reads an answer copied from a scanned page (see below) as the
  sentences the page printed, before its sentences are split, as `without_markdown` is.

(v4) **Text laid out as a scanned page** (`without_page_layout`). A system that quotes a page
it retrieved from an OCR'd scan keeps the page's layout: a word broken at a line's end with a
hyphen and continued on the next line ("Lis-\nter", "her-\nring", "Copen-\nhagen"), and the
page's furniture (its number, its running head) on a line of its own in mid-text. A person reads
the text as the sentences it was: the word joined across the break, the furniture dropped.
- **A page's furniture** is dropped, its line and only its line: a page number between dashes
  ("— 214 —", "- 37 -", "–12–": one to three dashes or hyphens each side of one to four digits)
  anywhere in an answer with a letter on another line; and, only inside a word broken across it
  (the line before ends in a letter and a hyphen, the line after opens with a letter in lower
  case: "anti-\n214\nseptic"), a page number alone ("214"), a page named ("Page 214", "p.
  214"), a chapter's heading ("CHAPTER XII", "Chapter 12") or a running head (a page number and
  words in capitals: "214 THE HISTORY OF SURGERY", "HISTORY OF SURGERY 215").
- **A word broken at a line's end** is joined: a line that ends in a letter or a digit and a
  hyphen (a soft hyphen too), before a line that opens with a letter or a digit, is one line
  with the next, no space between. The hyphen goes where the break is inside a word: a soft
  hyphen, always (it marks a break and nothing else); a hyphen after a word of two letters or
  more, all letters, before a letter in lower case ("Lis-\nter" is "Lister", "Ca-\nvell"
  "Cavell", "gril-\nse" "grilse"). It stays where the break is at a compound's own hyphen:
  before a capital or a digit ("Cabinet-\nMaker's", "COVID-\n19", "1914-\n1918"), after a
  word of one letter ("X-\nray", "e-\nmail": no typesetter leaves one letter at a line's end),
  after a word that holds a hyphen or a digit already ("mother-in-\nlaw", "19th-\ncentury"),
  after a number's tens ("twenty-\nfive", "forty-\nsecond"). A compound of other words broken
  at its hyphen is not told from a broken word, and is joined without it ("well-\nknown" is
  "wellknown"): a key is matched in either ("well-known" is said by "wellknown", each part of
  three letters or more: `grader.rules.surface_match`); a part of two letters is the cost
  ("re-\nelected" is "reelected", which does not say "re-elected").
Never: a number alone on a line elsewhere ("The adult skeleton has\n206\nbones.", an answer
that is only "214", a line of figures in a list); a number between dashes that is the whole
answer; a list's item ("- 37 mm"), a minus sign before a number ("-37" opening a line), a rule
("---", a table's "|---|---|"); a dash at a line's end after a space ("the answer is -\nnone");
a hyphen before a blank line or a line that opens with no letter or digit ("Lis-\n\nter",
"pain-\n- fever"); a word cut off with no hyphen ("Canb" ending a small model's answer). An
excerpt's opening or closing "..." is read as it stands.

Why one file: every step that makes an answer's text regular before it is read lives here, in
the order the reading takes them (a scan's layout, markdown's marks, then each sentence's
characters, bullets and contractions); each step reads what the one before leaves, and the
bullet a list opens with is one definition for the markdown list and the cleaned line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from grader.rules.surface_numbers import products

# Hyphens and dashes: U+2010 hyphen, U+2011 non-breaking hyphen, U+2012 figure dash, U+2013 en
# dash, U+2014 em dash, U+2015 horizontal bar, U+2212 minus sign, U+FE58 small em dash, U+FE63
# small hyphen-minus, U+FF0D fullwidth hyphen-minus.
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
# Quotes: curly single quotes, the modifier-letter apostrophe, primes; curly double quotes.
_SINGLE_QUOTES = "\u2018\u2019\u201a\u201b\u02bc\u2032\uff07"
_DOUBLE_QUOTES = "\u201c\u201d\u201e\u201f\u2033\uff02"
# Dropped: the soft hyphen, zero-width spaces and joiners, the word joiner, the byte-order mark.
_INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"
# Superscript digits: footnote markers after a figure ("$42.99¹"), never digits of it.
_SUPERSCRIPTS = "\u00b9\u00b2\u00b3\u2070\u2074\u2075\u2076\u2077\u2078\u2079"
# Full-width forms (U+FF01 to U+FF5E) are their ASCII characters.
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
_CHARACTERS = str.maketrans(
    {
        **_FULL_WIDTH,
        **dict.fromkeys(map(ord, _DASHES), "-"),
        **dict.fromkeys(map(ord, _SINGLE_QUOTES), "'"),
        **dict.fromkeys(map(ord, _DOUBLE_QUOTES), '"'),
        **dict.fromkeys(map(ord, _INVISIBLE + _SUPERSCRIPTS), None),
    }
)
# A bullet that opens a line of a list ("- Revenue: $42", "• 1.500% Notes due 2026"): not a minus.
_BULLET = re.compile(r"[ \t]*[-*\u2022\u2023\u2043\u2013\u2014][ \t]*(?=\S)")
# A thin, narrow no-break or no-break space between digit groups: "1 204.50" (a thousands
# separator; French and Swiss typography group digits with one).
_DIGIT_GROUP_SPACE = re.compile(r"(?<=\d)[\u2009\u202f\u00a0](?=\d{3}(?!\d))")


_DIGIT = re.compile(r"\d")
_ASCII_DIGITS = "0123456789"


def has_digit(text: str) -> bool:
    """Whether ``text`` holds a decimal digit (what ``\\d`` matches). An ASCII text, whose
    only decimal digits are 0 to 9, is looked through for each of them as a substring: quicker
    than a pattern read at every character."""
    if text.isascii():
        return any(digit in text for digit in _ASCII_DIGITS)
    return _DIGIT.search(text) is not None


# --- markdown (chat answers) -------------------------------------------------------------------
#
# What markdown's marks mean, in one place (`without_markdown`), read in an answer before its
# sentences are split (`grader.rules.sentences.answer_sentences`):
#
# - **emphasis** ("**Yes.**", "*italics*", "__bold__", "***both***") is no word: the marks go,
#   the words stay ("The capital is **Canberra**." is "The capital is Canberra."; "**$4.2
#   billion**" is an amount; "**I don't know.**" a decline). A mark is emphasis only in a pair
#   that wraps words: it opens after a space, punctuation or the line's start and before a
#   character that is no space, and closes after one and before no letter or digit. Never: an
#   asterisk between spaces or glued inside a word ("5 * 3", "p*q", "footnote*"), an underscore
#   inside an identifier ("snake_case"), a dunder name ("__init__": underscores around a word in
#   lower case, digits and underscores are a name in code, and chat models bold with
#   asterisks).
# - a **heading** ("### Answer", "## Canberra") is a title over what follows: its marks go and
#   it ends as a label ("Answer:", "Canberra:"), its own sentence, so an "Answer" heading is
#   dropped as the "Answer:" label is (`grader.rules.citations.without_answer_label`) and one
#   that names a fact says it; one that holds a colon or ends a sentence already ("# Verdict:
#   guilty"), or that ends the text, is kept as written. Never: "#" not followed by a space
#   ("#1 hit", "#metoo").
# - a **table**: its header row (the row above the rule) and its rule row ("|---|:--:|") assert
#   nothing and go; each other row is read as a sentence of its cells, joined by commas ("|
#   Knossos | Sir Arthur Evans |" is "Knossos, Sir Arthur Evans": `Table.rows_as_text`).
#   Never: a pipe in a line outside a table, one with no rule row under its first row ("A|B
#   testing" stays). (v4) A table of fields or of candidates is read before
#   (`grader.rules.sentences.tabled_answer`).
# - a **bullet** opening a line of a list is dropped (`without_bullets`).
# - a **numbered list**'s markers ("1. Paris\n2. Lyon", "1) Phobos\n2) Deimos") are no numbers
#   of the answer: a number of one or two digits and "." or ")" before a space, opening a line,
#   is a marker when it is one of two or more numbered 1, 2, 3, ... in order, each opening a
#   line at the same indentation (lines between them aside); each is read as a bullet ("- "),
#   its item a line of its own, so a numbered list reads as a bulleted one (a line of a list
#   is a step or one of several: `grader.rules.stance`, `grader.rules.leads`)
#   (`_without_list_numbers`). Never: a number alone of its kind ("2.
#   It has two moons.", a list of one item), markers out of order ("1. ...\n3. ...") or not
#   from 1 ("10. ...\n11. ..."), a decimal ("3.5 million"), a year ("1990. Founded"), a
#   number inside a line ("Round 1. Ali").
_EMPHASIS = re.compile(r"(?<![\w*])(\*{1,3}|_{1,3})(?![\s*_])([^\n]*?[^\s*_\\])\1(?![\w*])")
_IDENTIFIER = re.compile(r"[a-z0-9_]+")
_HEADING = re.compile(r"(?m)^[ \t]*#{1,6}[ \t]+(?P<title>[^\n]*?)[ \t#]*$")
# A table's rule row: pipes, dashes, colons and spaces only, with a pipe and three dashes.
_TABLE_RULE = re.compile(r"[ \t|:-]+")
# A number that may mark a numbered list's item: opening a line, one or two digits, "." or ")"
# and a space before the item.
_LIST_NUMBER = re.compile(r"(?P<indent>[ \t]*)(?P<number>\d{1,2})[.)][ \t]+(?=\S)")


def _emphasised(match: re.Match[str]) -> str:
    mark, words = match.group(1), match.group(2)
    if mark[0] == "_" and _IDENTIFIER.fullmatch(words):
        return match.group(0)  # a dunder name in code ("__init__")
    return words


def _is_table_rule(line: str) -> bool:
    return "|" in line and "---" in line and _TABLE_RULE.fullmatch(line) is not None


@dataclass(frozen=True, slots=True)
class Table:
    """A markdown table among a text's lines: its header row's cells, its rows' cells, and the
    lines it spans (``start`` its header's, ``end`` the one after its last row)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    start: int
    end: int

    def rows_as_text(self) -> list[str]:
        """Each row as text: its cells that hold something, joined by commas ("Paris, France,
        2.1 million"), as markdown's reading writes a table (`without_markdown`)."""
        return [", ".join(cell for cell in row if cell) for row in self.rows]

    def rows_as_fields(self) -> list[str]:
        """Each row of a table of fields (a name and its value) as "Name: value": its cells that
        hold something, joined by a colon (`grader.rules.sentences.tabled_answer`)."""
        return [": ".join(cell for cell in row if cell) for row in self.rows]


def table_cells(line: str) -> tuple[str, ...]:
    """A table row's cells, without the pipes at its ends and the white space around each."""
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def markdown_tables(lines: list[str]) -> list[Table]:
    """The tables among a text's lines (see above): a line holding a pipe above a rule row is
    a header; the lines holding a pipe under its rule row are its rows (a rule row among them
    skipped), to the first line that holds none or is another table's header."""
    tables = []
    number = 0
    while number + 1 < len(lines):
        if "|" not in lines[number] or not _is_table_rule(lines[number + 1]):
            number += 1
            continue
        start, rows = number, []
        number += 2
        while number < len(lines) and "|" in lines[number]:
            if number + 1 < len(lines) and _is_table_rule(lines[number + 1]):
                break  # the header of the next table
            if not _is_table_rule(lines[number]):
                rows.append(table_cells(lines[number]))
            number += 1
        tables.append(Table(table_cells(lines[start]), tuple(rows), start, number))
    return tables


def _without_tables(text: str) -> str:
    """A table's header and rule rows dropped, each other row as its cells joined by commas
    (`Table.rows_as_text`)."""
    lines = text.split("\n")
    kept: list[str] = []
    at = 0
    for table in markdown_tables(lines):
        kept.extend(lines[at : table.start])
        kept.extend(table.rows_as_text())
        at = table.end
    kept.extend(lines[at:])
    return "\n".join(kept)


def _heading(match: re.Match[str]) -> str:
    title = match.group("title")
    last = match.end() == len(match.string.rstrip())
    return title if last or not title or ":" in title or title[-1] in ".!?" else title + ":"


def _without_list_numbers(text: str) -> str:
    """The markers of the text's numbered lists read as bullets (see above), each item a line."""
    lines = text.split("\n")
    runs: dict[str, list[int]] = {}  # the lines of each indentation's list so far
    listed: list[int] = []
    for number, line in enumerate(lines):
        found = _LIST_NUMBER.match(line)
        if found is None:
            continue
        indent, count = found.group("indent"), int(found.group("number"))
        run = runs.get(indent)
        if count == 1:
            if run is not None and len(run) > 1:
                listed.extend(run)
            runs[indent] = [number]
        elif run is not None and len(run) == count - 1:
            run.append(number)
    listed.extend(number for run in runs.values() if len(run) > 1 for number in run)
    for number in listed:
        found = _LIST_NUMBER.match(lines[number])
        if found is not None:
            lines[number] = found.group("indent") + "- " + lines[number][found.end() :]
    return "\n".join(lines)


def has_markdown(text: str) -> bool:
    """Whether the text holds a character markdown marks with ("*", "_", "#", "|"), or a line
    break and the second marker of a numbered list ("2." or "2)"): the cheap test before
    `without_markdown` reads it."""
    return (
        "*" in text
        or "_" in text
        or "#" in text
        or "|" in text
        or ("\n" in text and ("2." in text or "2)" in text))
    )


def without_markdown(text: str) -> str:
    """The text with markdown's marks read as they mean (see above): emphasis marks dropped,
    headings as labels, tables' header and rule rows dropped and their rows as sentences,
    numbered lists' markers as bullets."""
    if "|" in text and "\n" in text:
        text = _without_tables(text)
    if "\n" in text and ("2." in text or "2)" in text):
        text = _without_list_numbers(text)
    if "#" in text:
        text = _HEADING.sub(_heading, text)
    if "*" in text or "_" in text:
        while True:  # again until nothing changes: "*a **b** c*"
            plain = _EMPHASIS.sub(_emphasised, text)
            if plain == text:
                break
            text = plain
    return text


# (cached: a text is cleaned again by each reading that takes it as written, a part's text by
# its amounts, its figures and its normal form: the check for printable ASCII reads every
# character each time)
@lru_cache(maxsize=4096)
def clean(text: str) -> str:
    """Every run of Unicode white space as one space (a thin or no-break space between digit
    groups as a thousands separator), invisible characters and footnote digits dropped,
    full-width forms folded, list bullets dropped, dashes as "-", quotes straight, a middle dot
    before a power of ten as a product's sign; the case is kept and the ends are stripped."""
    if text.isascii() and text.isprintable() and "  " not in text:
        # nothing to clean but the ends: no dash, quote or white space but the plain space (the
        # only printable ASCII one), never two together
        return text.strip()
    return cleaned(text)


def cleaned(text: str) -> str:
    """`clean` without its shortcut: the definition."""
    if "\u2009" in text or "\u202f" in text or "\u00a0" in text:
        text = _DIGIT_GROUP_SPACE.sub(",", text)
    if "\n" in text:
        text = without_bullets(text)
    # A product's middle dot is read before superscripts go ("3·10⁸" is no decimal): a scan's
    # other figures are read after, in an answer's sentences (`grader.rules.sentences.
    # answer_sentences`: a footnote's "²" is no part of "I928²").
    if has_digit(text):
        text = products(text)
    return " ".join(text.translate(_CHARACTERS).split())


def without_bullets(text: str) -> str:
    """The text without the bullets of its lists: a dash, star or bullet opening a line, when a
    space follows it ("- Revenue: $42"), or when it opens a list (the line before ends with a
    colon or is an item itself: "registered:\n-1.500% Notes due 2026\n-1.750% Notes ...").
    A line that opens "-1" alone is a negative one."""
    lines = text.split("\n")
    kept = []
    listed = False
    for number, line in enumerate(lines):
        found = _BULLET.match(line)
        spaced = found is not None and found.group(0)[-1:].isspace()
        opens_list = number > 0 and (lines[number - 1].rstrip().endswith(":") or listed)
        listed = found is not None and (spaced or opens_list)
        kept.append(line[found.end() :] if listed and found is not None else line)
    return "\n".join(kept)


# --- a scanned page's layout (text copied from an OCR'd scan) ---------------------------------
#
# What the module's docstring defines (`without_page_layout`): a page's furniture on a line of its
# own, and a word broken at a line's end with a hyphen.
_DASH_CLASS = "[-\u2010-\u2015\u2212]"
# A page number between dashes: "— 214 —", "- 37 -", "–12–".
_DASHED_PAGE_NUMBER = re.compile(
    rf"[ \t]*{_DASH_CLASS}{{1,3}}[ \t]*\d{{1,4}}[ \t]*{_DASH_CLASS}{{1,3}}[ \t]*\r?"
)
# A page's other furniture, dropped only inside a broken word: a page number alone or named, a
# chapter's heading, a running head (a page number and words in capitals, either side).
_CAPITALS = r"[A-Z][A-Z'&.,-]*(?:[ \t]+[A-Z][A-Z'&.,-]*)*"
_PAGE_FURNITURE = re.compile(
    r"[ \t]*(?:(?:[Pp]age|PAGE|[Pp]\.)?[ \t]*\d{1,4}"
    r"|(?:CHAPTER|Chapter)[ \t]+(?:[IVXLC]+|\d{1,3})\.?"
    rf"|\d{{1,4}}[ \t]+{_CAPITALS}|{_CAPITALS}[ \t]+\d{{1,4}})[ \t]*\r?"
)
# The hyphens that may break a word at a line's end: the hyphen-minus, the hyphen, the soft hyphen.
_HYPHENS = "-\u2010\u00ad"
# A word broken in mid-word is letters only, two or more (after an opening quote or bracket); a
# number's tens is a compound's first half, never a broken word.
_WORD_BROKEN = re.compile(r"[\"'(\[]*(?P<letters>[^\W\d_]{2,})")
_TENS = frozenset("twenty thirty forty fifty sixty seventy eighty ninety".split())


def _ends_broken_word(line: str) -> bool:
    """Whether a line ends in a letter and a hyphen: a word broken at its end."""
    end = line.rstrip(" \t\r")
    return len(end) > 1 and end[-1] in _HYPHENS and end[-2].isalpha()


def _opens_in_lower_case(line: str) -> bool:
    first = line.lstrip(" \t")[:1]
    return first.isalpha() and first.islower()


def _is_furniture(lines: list[str], number: int) -> bool:
    """Whether a line is a page's furniture (see the module): a page number between dashes in a
    text with a letter on another line, or other furniture inside a word broken across it."""
    line = lines[number]
    if _DASHED_PAGE_NUMBER.fullmatch(line):
        return any(character.isalpha() for other in lines for character in other)
    return (
        0 < number < len(lines) - 1
        and _ends_broken_word(lines[number - 1])
        and _opens_in_lower_case(lines[number + 1])
        and _PAGE_FURNITURE.fullmatch(line) is not None
    )


def _joined(line: str, following: str) -> str | None:
    """Two lines as one where the first ends in a word broken by a hyphen (see the module): the
    hyphen dropped inside a word, kept at a compound's own; None where it is no such break."""
    end = line.rstrip(" \t\r")
    rest = following.lstrip(" \t")
    if not end or end[-1] not in _HYPHENS or not rest[:1].isalnum():
        return None
    before = end[:-1]
    word = before[max(before.rfind(" "), before.rfind("\t")) + 1 :]
    if not word[-1:].isalnum():
        return None  # a dash after a space or a mark ("is -", "etc.-")
    broken = _WORD_BROKEN.fullmatch(word)
    inside_word = end[-1] == "\u00ad" or (
        rest[0].islower() and broken is not None and broken.group("letters").lower() not in _TENS
    )
    return before + ("" if inside_word else "-") + rest


def without_page_layout(text: str) -> str:
    """The text as the sentences a scanned page printed (see the module): a page's furniture
    dropped, each word broken at a line's end joined."""
    if "\n" not in text:
        return text  # (furniture and a break stand at lines' ends)
    return without_page_layout_by_definition(text)


def without_page_layout_by_definition(text: str) -> str:
    """`without_page_layout` without its shortcut (no line break, nothing read): the definition."""
    lines = text.split("\n")
    kept = [line for number, line in enumerate(lines) if not _is_furniture(lines, number)]
    read = [kept[0]]
    for line in kept[1:]:
        joined = _joined(read[-1], line)
        if joined is None:
            read.append(line)
        else:
            read[-1] = joined
    return "\n".join(read)


# Contractions, after case folding. The irregular ones first; then the regular endings. "'s" is
# expanded only after the pronouns where it means "is" ("it's", "there's"): after a noun it is
# a possessive ("the company's").
_IRREGULAR = {
    "can't": "cannot",
    "won't": "will not",
    "shan't": "shall not",
    "ain't": "is not",
    "let's": "let us",
}
_IS_AFTER = ("it", "that", "there", "here", "what", "who", "where", "he", "she")
_CONTRACTION = re.compile(
    r"\b(?:"
    + "|".join(re.escape(word) for word in _IRREGULAR)
    + r"|(\w+)n't"
    + r"|(i)'m"
    + r"|(\w+)'(re|ve|ll|d)"
    + r"|("
    + "|".join(_IS_AFTER)
    + r")'s"
    + r")\b"
)
_ENDINGS = {"re": "are", "ve": "have", "ll": "will", "d": "would"}
_CAN_NOT = re.compile(r"\bcan not\b")


def _expand(match: re.Match[str]) -> str:
    whole = match.group(0)
    if whole in _IRREGULAR:
        return _IRREGULAR[whole]
    negated, i_am, stem, ending, is_after = match.groups()
    if negated is not None:
        return f"{negated} not"
    if i_am is not None:
        return "i am"
    if stem is not None:
        return f"{stem} {_ENDINGS[ending]}"
    return f"{is_after} is"


def expand_contractions(folded: str) -> str:
    """Contractions written out, in case-folded text; "can not" is written "cannot"."""
    while "'" in folded:  # again until nothing changes: "shouldn't've" has two endings
        expanded = _CONTRACTION.sub(_expand, folded)
        if expanded == folded:
            break
        folded = expanded
    if "can not" in folded:
        folded = _CAN_NOT.sub("cannot", folded)
    return folded


# The four letters that a regular expression ignoring case matches as an ASCII letter other than
# their own lower case: dotted and dotless i ("İ", "ı"), long s ("ſ"), the Kelvin sign ("K").
_MATCHED_AS_ASCII = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def lowered_as_matched(text: str) -> str:
    """``text`` in lower case, read as a pattern that ignores case reads it: the four letters it
    matches as an ASCII letter ("ſ" as "s", "ı" as "i") written as that letter. Every ASCII word a
    pattern ignoring case finds in ``text`` stands here in lower case, so a shortcut that looks
    for the word here skips only texts in which the pattern finds nothing ("ſorry" is "sorry",
    as the pattern reads it; ``text.lower()`` keeps "ſ").

    An ASCII text holds none of the four letters, so it is only lowered (translating it would
    look up every character to change none: the same string, ten times the time)."""
    if text.isascii():
        return text.lower()
    return text.translate(_MATCHED_AS_ASCII).lower()


def normalize(text: str) -> str:
    """The form every match reads: `clean`, case folded, contractions expanded."""
    return expand_contractions(clean(text).casefold())


@lru_cache(maxsize=65536)
def normalize_phrase(phrase: str) -> str:
    """`normalize` for needles, phrases and keys, which repeat across answers (cached)."""
    return normalize(phrase)

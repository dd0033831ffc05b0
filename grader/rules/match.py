"""The one matching predicate: does a needle, key or phrase occur in a text? (DESIGN 4.5)

Everything is matched in normalised text (`grader.rules.normalize`), as whole words: "no" does not
occur in "noted", "apr" not in "april", "rna" not in "mrna", "10" not in "2010". Where a letter
meets a digit, a hyphen or a space between them is optional: "W-2", "W2" and "W 2" are the same
needle; between two words a hyphen and a space are the same ("Gold-PPO" is "gold ppo"). The
collision scan and the flip preview match through this module too, so what the scan predicts
is what the grader does.

Decline phrases (`grader.rules.declines`) are written in a small notation on top of the same words,
so that one entry names a family of phrasings rather than one string:

- ``{a|b|c}`` is one of the alternatives (an empty alternative makes the group optional:
  ``not {explicitly |}stated``);
- ``*`` at the end of a word lets the word go on: ``mention*`` is "mention", "mentioned",
  "mentions", "mentioning".

A needle is read literally: braces and stars mean something only in decline phrases.
"""

from __future__ import annotations

import re
from functools import lru_cache

from grader.rules.normalize import lowered_as_matched, normalize_phrase

# Where a letter meets a digit (either way round), with a hyphen, a space or nothing between.
_LETTER_DIGIT = re.compile(r"(?<=[^\W\d_])[- ]?(?=\d)|(?<=\d)[- ]?(?=[^\W\d_])")
# A hyphen or a space between two word characters.
_WORD_JOIN = re.compile(r"(?<=\w)[- ](?=\w)")


def _literal(words: str) -> str:
    """A regular expression for normalised text read literally: a letter-digit join optional,
    and a hyphen or a space between two words either one ("year-over-year" is "year over
    year")."""
    pieces = _LETTER_DIGIT.split(words)
    return "[- ]?".join(
        "[- ]".join(re.escape(word) for word in _WORD_JOIN.split(piece)) for piece in pieces
    )


def _bounded(body: str, text: str, open_end: bool = False) -> str:
    """``body`` as whole words: no word character may touch it where it starts or ends with
    one (``open_end``: the last word may go on)."""
    start = re.match(r"\w", text) is not None
    end = "" if open_end or not re.search(r"\w$", text) else r"(?!\w)"
    return (none_before(body, (r"\w",)) if start else body) + end


# What may follow a pattern's first character and make more of it than that character alone.
_QUANTIFIERS = ("?", "*", "+", "{")


def none_before(body: str, lookbehinds: tuple[str, ...]) -> str:
    """``body`` where none of the ``lookbehinds`` (each of a fixed width, with no group of its
    own: ``\\w``, ``\\d[.,]``) stands right before it: a negative lookbehind for each.

    Where the body opens with a letter or a digit matched as itself, the lookbehinds stand after
    that character, each widened by it (``.``): the same matches, found sooner, since the
    engine looks for a pattern's first character before trying it, and tries a pattern that
    opens with a lookbehind at every character of the text (some four times the time on an
    answer; tests/rules/test_match.py holds the two forms equal)."""
    first = body[:1]
    if first.isalnum() and body[1:2] not in _QUANTIFIERS:
        return first + "".join(f"(?<!{behind}.)" for behind in lookbehinds) + body[1:]
    return "".join(f"(?<!{behind})" for behind in lookbehinds) + body


def opening_with(characters: str, body: str) -> str:
    """``body`` behind a lookahead for ``characters`` (a class, as written between brackets):
    the characters every match of ``body`` opens with, so the same matches.

    The engine tries a pattern at every character of the text; one that opens with a lookbehind
    or an optional group is tried whole there, this one only where one of those characters
    stands (the figures' pattern takes half the time on an answer; tests/test_shortcuts.py
    holds each pattern written so equal to its body)."""
    return f"(?=[{characters}])(?:{body})"


# A text's first run of letters after its leading white space.
_FIRST_LETTERS = re.compile(r"\s*([^\W\d_]+)")


# (cached: a sentence of one part is read by both guards, `opener_of` and `supposes`)
@lru_cache(maxsize=1024)
def first_word_as_matched(text: str) -> str:
    """The text's first run of letters after its leading white space, as a pattern ignoring
    case reads it (`grader.rules.normalize.lowered_as_matched`: "ſorry" is "sorry"), or "" when
    another character stands first. A pattern that opens with white space and then one of some
    words, each followed by a character that is no letter, matches only a text whose first word
    this is: the guard of such a pattern (`grader.rules.sentences.opener_of`,
    `grader.rules.reading.supposes`)."""
    found = _FIRST_LETTERS.match(text)
    return lowered_as_matched(found.group(1)) if found is not None else ""


@lru_cache(maxsize=65536)
def needle_pattern(needle: str) -> re.Pattern[str] | None:
    """The compiled whole-word pattern of a needle or text key (None when it is blank)."""
    normalized = normalize_phrase(needle)
    if not normalized:
        return None
    return re.compile(_bounded(_literal(normalized), normalized))


def occurs(needle: str, text_norm: str) -> bool:
    """Whether ``needle`` occurs in ``text_norm`` (normalised text) as whole words."""
    pattern = needle_pattern(needle)
    return pattern is not None and pattern.search(text_norm) is not None


# --- decline phrases ---------------------------------------------------------------------------


class PhraseSyntaxError(ValueError):
    """A decline phrase whose notation cannot be read (unbalanced braces, a misplaced star)."""


def phrase_regex(phrase: str) -> str:
    """The regular expression of a decline phrase in the notation above (normalised first).
    Groups may nest: ``we do not have {access|the {necessary|relevant} data}``.

    Raises:
        PhraseSyntaxError: for unbalanced braces or a star that does not end a word.
    """
    normalized = normalize_phrase(phrase)
    if not normalized:
        raise PhraseSyntaxError("a phrase cannot be empty")
    body, end = _sequence(normalized, 0)
    if end != len(normalized):
        raise PhraseSyntaxError(f"unbalanced braces in {phrase!r}")
    # Whole words: nothing word-like before the phrase or after it (a starred last word has
    # taken the rest of its word already).
    start = r"(?<!\w)" if re.match(r"\w", normalized.lstrip("{")) else ""
    return start + body + r"(?!\w)"


def _sequence(text: str, position: int) -> tuple[str, int]:
    """Read words and groups from ``position`` up to a "|" or "}" at this level (or the end);
    returns the regular expression and where reading stopped."""
    pieces = []
    words_start = position
    while position < len(text) and text[position] not in "|}":
        if text[position] == "{":
            pieces.append(_words_regex(text[words_start:position]))
            alternatives = []
            position += 1
            while True:
                alternative, position = _sequence(text, position)
                alternatives.append(alternative)
                if position >= len(text):
                    raise PhraseSyntaxError(f"unbalanced braces in {text!r}")
                if text[position] == "}":
                    break
                position += 1  # past "|"
            pieces.append("(?:" + "|".join(alternatives) + ")")
            position += 1  # past "}"
            words_start = position
        else:
            position += 1
    pieces.append(_words_regex(text[words_start:position]))
    return "".join(pieces), position


def _words_regex(words: str) -> str:
    parts = words.split("*")
    for part in parts[1:]:
        if part[:1].isalnum() or part[:1] == "_":
            raise PhraseSyntaxError("a star may only end a word")
    return r"\w*".join(_literal(part) for part in parts)


def phrase_first_words(phrase: str) -> frozenset[str]:
    """The words a decline phrase can start with (normalised; a word ending in "*" stands for
    every word it begins): one of them occurs in every text the phrase matches."""
    return frozenset(_first_words(normalize_phrase(phrase), 0))


def _first_words(text: str, position: int) -> set[str]:
    """The first words of what can be read from ``position`` to the end of ``text``."""
    while position < len(text) and text[position] == " ":
        position += 1
    if position >= len(text):
        return {""}
    if text[position] != "{":
        word = re.match(r"[^ {}|]*", text[position:]).group(0)  # type: ignore[union-attr]
        follows = text[position + len(word) : position + len(word) + 1]
        return {word if follows in ("", " ", "|", "}") or word.endswith("*") else word + "*"}
    # A group: its alternatives.
    depth, alternatives, start = 0, [], position + 1
    for index in range(position, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                alternatives.append(text[start:index])
                rest = index + 1
                break
        elif text[index] == "|" and depth == 1:
            alternatives.append(text[start:index])
            start = index + 1
    # Each alternative read on into what follows the group: an empty one reads what follows,
    # and one glued to the next word runs on into it ("{un|}able" starts "unable" or "able").
    words: set[str] = set()
    for alternative in alternatives:
        words |= _first_words(alternative + text[rest:], 0)
    return words


@lru_cache(maxsize=4096)
def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """The compiled pattern of one decline phrase (see `phrase_regex`)."""
    return re.compile(phrase_regex(phrase))


def phrase_match(phrase: str, text_norm: str) -> re.Match[str] | None:
    """Where the decline phrase first occurs in normalised text, or None.

    The pattern decides; a text that lacks one of the phrase's literal pieces (`phrase_pieces`)
    is not searched, since no match can be without them; nor one that lacks the pieces of every
    alternative of one of its groups (`phrase_choices`)."""
    pattern = phrase_pattern(phrase)
    if not holds_pieces(phrase_pieces(phrase), phrase_choices(phrase), text_norm):
        return None
    return pattern.search(text_norm)


# A run of letters or a run of digits: within a phrase's words, what its pattern matches as
# written (a hyphen or a space may stand between two words, or where a letter meets a digit).
_PIECE = re.compile(r"[^\W\d_]+|\d+")


@lru_cache(maxsize=4096)
def phrase_pieces(phrase: str) -> tuple[str, ...]:
    """The runs of letters and of digits of a decline phrase's words outside its groups
    (normalised): every text the phrase matches holds each of them as written ("not
    {explicitly |}stat*" has "not" and "stat")."""
    return _outside_pieces(normalize_phrase(phrase))


def _outside_pieces(normalized: str) -> tuple[str, ...]:
    """`phrase_pieces` of a phrase already normalised."""
    outside = []
    depth = 0
    for character in normalized:
        if character == "{":
            depth += 1
            outside.append(" ")
        elif character == "}":
            depth -= 1
            outside.append(" ")
        elif depth == 0:
            outside.append(character)
    return tuple(dict.fromkeys(_PIECE.findall("".join(outside))))


@lru_cache(maxsize=4096)
def phrase_choices(phrase: str) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The groups of a decline phrase outside any other group, each as the pieces of its
    alternatives (their words outside their own groups, as `phrase_pieces` reads them), where
    every alternative has some: every text the phrase matches holds all the pieces of one
    alternative of each group ("{is|are} {missing|absent}" holds "missing" or "absent"). A
    group that can match without a piece (an empty alternative, one made of groups alone:
    "{un|}able", "{{a|b}|c}") requires nothing and is left out."""
    normalized = normalize_phrase(phrase)
    choices = []
    depth = 0
    alternatives: list[str] = []
    start = 0
    for index, character in enumerate(normalized):
        if character == "{":
            depth += 1
            if depth == 1:
                alternatives, start = [], index + 1
        elif character == "}":
            depth -= 1
            if depth == 0:
                alternatives.append(normalized[start:index])
                pieces = tuple(_outside_pieces(alternative) for alternative in alternatives)
                if all(pieces):
                    choices.append(pieces)
        elif character == "|" and depth == 1:
            alternatives.append(normalized[start:index])
            start = index + 1
    return tuple(choices)


def holds_pieces(
    pieces: tuple[str, ...], choices: tuple[tuple[tuple[str, ...], ...], ...], text_norm: str
) -> bool:
    """Whether ``text_norm`` holds every piece (`phrase_pieces`) and, for each group, all the
    pieces of one of its alternatives (`phrase_choices`): false only where the phrase cannot
    match."""
    for piece in pieces:
        if piece not in text_norm:
            return False
    for alternatives in choices:
        if not any(all(piece in text_norm for piece in held) for held in alternatives):
            return False
    return True

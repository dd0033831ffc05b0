"""Another kind of the key's head (DESIGN 4.6, v4: "wrong if it asserts another fact of the key's
kind"): K012.

Some keys list a thing of a kind both bare and named: "mosquito / Anopheles mosquito", "goat /
Angora goat", "franc / Swiss franc", "yen / Japanese yen". The bare accepted answer is the
**head**, a common noun (the key writes it in lower case), and the name before it in the other
accepted answer is its **qualifier**, written as a name (its last word capitalised: a genus, a
breed, a country's adjective; "Darwin's" in the possessive). Such a key says which kind it
means: the head alone is accepted, but a head that the answer gives with **another qualifier of
the same shape** (as many capitalised words, in the possessive when the key's is) names another
kind: "Aedes mosquito", "the Cashmere goat", "the French franc", "Chinese yuan" is no case
(another head). The answer says the head, so without this rule it is correct; it is wrong (K012).

The head is read in its plural and singular as the inflection family reads a key's word
(`grader.rules.surface_match.form_pattern`): "Aedes mosquitoes", "Dengue viruses"; an irregular
plural is not read ("Snow geese" for "goose / Canada goose" is left to the other rules).

Every mention of the head in the answer must be so qualified: an answer that also says the head
bare, with a qualifier of the key's, or in lower case, says the key.

Never:
- the key's qualifier inside a longer one ("the female Anopheles mosquito", "Anopheles gambiae
  mosquitoes"), nor any word of the key's qualifiers ("Female mosquitoes");
- an adjective that is no kind, in lower case ("a tiny mosquito", "infected mosquitoes"), or an
  article alone ("the mosquito");
- a qualifier of another shape: more or fewer capitalised words ("East German mark" for
  "Deutsche Mark"), one in the possessive where the key's is not, or not where the key's is
  ("Galapagos finches" for "Darwin's finches" may name the same birds);
- a capitalised word that opens a sentence of the answer ("Infected mosquitoes carry it."):
  the capital says nothing there; only an answer that is the phrase alone ("Aedes mosquito.")
  is read at its opening;
- a key with no qualified form listed ("mosquito" alone: "Aedes mosquito" says it), or whose
  head is a name ("Gershwin / George Gershwin": another given name may be the same person, as
  `grader.rules.other_names` holds; "Ireland / Island Ireland");
- a qualified head the question names, or one the answer rejects ("not the Aedes mosquito").

The words written as a name right before a mention (`name_before`) are read the same way where
a key's end is said inside another name (`grader.rules.question_words.in_another_name`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from grader.rules.surface import FUNCTION_WORDS, fold_diacritics
from grader.rules.surface_forms import ARTICLES, without_edges
from grader.rules.surface_match import form_pattern, rejected

MOST_HEAD_WORDS = 2
_HEAD_WORD = re.compile(r"[a-z][a-z'-]*")
# The capitalised words right before a mention (a name of up to three words).
_CAPITALISED_RUN = re.compile(r"((?:[A-Z][\w'’.-]*\s+){1,3})$")
# What stands before a phrase that opens a sentence: nothing, or a sentence's end and quotes.
_OPENS_SENTENCE = re.compile(r"(?:^|[.!?:;\n]\s*)[\s\"'“‘(*]*$")
_EDGE = " \"'`.,;:!?*_()"


class _Qualified:
    """A head the key lists bare and named: the head (canonical), the shapes of its
    capitalised qualifiers (word count, possessive), and every word of its qualifiers."""

    __slots__ = ("head", "shapes", "words")

    def __init__(self, head: str, shapes: frozenset[tuple[int, bool]], words: frozenset[str]):
        self.head = head
        self.shapes = shapes
        self.words = words


@lru_cache(maxsize=4096)
def qualified_heads(accepted_answers: tuple[str, ...]) -> tuple[_Qualified, ...]:
    """The heads the key lists both bare and after a qualifier written as a name (see the
    module); () for most keys."""
    found = []
    written = [without_edges(accepted.strip()) for accepted in accepted_answers]
    for head in written:
        words = head.split()
        if not 1 <= len(words) <= MOST_HEAD_WORDS or not all(
            _HEAD_WORD.fullmatch(word) and word not in FUNCTION_WORDS for word in words
        ):
            continue  # a common noun, in lower case as the key writes it
        shapes: set[tuple[int, bool]] = set()
        qualifiers: set[str] = set()
        ending = " " + head.lower()
        for other in written:
            if not other.lower().endswith(ending):
                continue
            before = other[: -len(ending)].split()
            qualifiers.update(plain_word(word) for word in before)
            run = _CAPITALISED_RUN.search(other[: -len(ending)] + " ")
            if run is not None:
                names = run.group(1).split()
                shapes.add((len(names), _possessive(names[-1])))
        if shapes:
            found.append(_Qualified(head.lower(), frozenset(shapes), frozenset(qualifiers)))
    return tuple(found)


def plain_word(word: str) -> str:
    """A word as written, as the key's words are compared: lower case, diacritics folded, the
    marks at its edges dropped ("Bösendorfer," is "bosendorfer")."""
    return fold_diacritics(word.lower().replace("’", "'")).strip(_EDGE)


def _possessive(word: str) -> bool:
    return word.replace("’", "'").endswith(("'s", "s'"))


@lru_cache(maxsize=4096)
def mention_pattern(head: str) -> re.Pattern[str] | None:
    """The head in any inflection, in text as written (case ignored)."""
    pattern = form_pattern(head)
    return re.compile(pattern.pattern, re.IGNORECASE) if pattern is not None else None


def another_kind(accepted_answers: tuple[str, ...], answer_text: str, question: str = "") -> str:
    """The qualified head the answer names in place of the key's kind ("Aedes mosquito" for
    "mosquito / Anopheles mosquito"), or "" (see the module).

    Args:
        accepted_answers: The key's accepted answers, as written.
        answer_text: The answer's asserted text as written (case kept).
        question: The question as written.
    """
    heads = qualified_heads(accepted_answers)
    if not heads:
        return ""
    text = fold_diacritics(answer_text)
    lowered = text.lower()
    asked = question.lower()
    for qualified in heads:
        pattern = mention_pattern(qualified.head)
        if pattern is None:
            continue
        other = ""
        for found in pattern.finditer(text):
            if rejected(lowered, found.start()):
                continue
            named = _other_qualifier(qualified, text, found.start(), found.end())
            if not named:
                return ""  # the head bare, with the key's qualifier, or an adjective: the key
            phrase = f"{named} {found.group(0)}"
            if rejected(lowered, found.start() - len(named) - 1) or phrase.lower() in asked:
                continue
            other = other or phrase
        if other:
            return other
    return ""


def _other_qualifier(qualified: _Qualified, text: str, start: int, end: int) -> str:
    """The capitalised qualifier right before the head at ``text[start:end]``, when it is of
    the shape of the key's and holds none of its words; else ""."""
    names = name_before(text, start, end)
    if not names or any(plain_word(name) in qualified.words for name in names):
        return ""
    if (len(names), _possessive(names[-1])) not in qualified.shapes:
        return ""
    return " ".join(names)


def name_before(text: str, start: int, end: int) -> list[str]:
    """The words written as a name right before the mention at ``text[start:end]`` (the
    answer as written): up to three capitalised words, an article before them left out
    ("Aedes" before "mosquito", "Water" before "Music"); [] where there is none, where one is a
    function word, or where they open a sentence of the answer (a capital there says nothing),
    unless the phrase is the whole answer ("Aedes mosquito.", "Water Music")."""
    run = _CAPITALISED_RUN.search(text, 0, start)
    if run is None:
        return []
    names = run.group(1).split()
    opening = run.start(1)
    while names and names[0].lower() in ARTICLES:
        opening = text.index(names[1], opening) if len(names) > 1 else start
        names = names[1:]
    if not names or any(plain_word(name) in FUNCTION_WORDS for name in names):
        return []
    if _OPENS_SENTENCE.search(text, 0, opening) is not None and not (
        _ALONE_BEFORE.fullmatch(text, 0, opening) and not text[end:].strip(_EDGE)
    ):
        return []  # a capital that opens a sentence says nothing, unless the phrase is alone
    return names


# Before a phrase that is the whole answer: quotes and an article at most.
_ALONE_BEFORE = re.compile(r"[\s\"'“‘(*]*(?:(?:the|a|an)\s+)?", re.IGNORECASE)

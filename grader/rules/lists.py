"""A key that names several things (DESIGN 4.6, v4): its items, and which of them an answer says.

- **a list key**: an accepted answer that joins two or more short items with commas and a last
  "and" or "&" ("Charlotte, Emily and Anne", "Huginn and Muninn", "land, labour, capital and
  entrepreneurship"), asked by a question that asks for several things (a count of two or more
  of what it asks for, "both", or a question that opens "List": "Name the three Brontë sisters",
  "Which two actors ...", "Odin's two ravens"; not "Which city has two cathedrals?"). Names
  that share a last word share it ("David & Victoria Beckham" is David Beckham and Victoria
  Beckham: the items "David" and "Victoria"). Never: a question that asks
  for one thing ("Procter and Gamble", asked which company makes Tide; "Newcastle, Tyne and
  Wear", asked which city), a key with a digit (a date, "July 14, 1789"; an amount), a key
  without "and" ("Washington, D.C."), a key whose pieces are not names in a list but a phrase
  about one ("Laius, King of Thebes, and his queen, Jocasta"; "Jeff, of Mutt and Jeff": a piece
  that opens with a function word).
- **its items said**: each item is looked for as an accepted answer is (`says_as_asked`, the
  surface-form families) and counts only when the answer does not reject it ("Anne, not
  Emily"). Read only where the answer names nothing but items of the key: every content word
  of its asserted text is the question's or a said item's ("Charlotte and Emily Brontë", asked
  the Brontë sisters). An answer that says every item, in any order, says the key ("Emily, Anne
  and Charlotte"); one that says some of them and not all names part of it (K004, partial, the
  items it misses named). An answer with words of its own ("Everest, K2, Lhotse"; "Dom and
  Vince", a name given shorter or another) is left to the other text-key rules (missing key,
  other words).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from grader.rules.question_words import says_as_asked
from grader.rules.surface import FUNCTION_WORDS
from grader.rules.surface_match import content_words, forms, rejects

# Items: split at commas and at a last "and" or "&" (", and" too).
_SEPARATOR = re.compile(r"\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+", re.IGNORECASE)
_JOINED = re.compile(r"\s(?:and|&)\s", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_WORD = re.compile(r"[^\W\d_]+")
ITEM_WORDS = 4  # an item longer than this is a clause, not a name in a list
MOST_ITEMS = 12
# A question that asks for several: a count of two or more of what it asks for ("which two
# actors", "the three sisters", "Odin's two ravens", "name two"), "both", or one that opens
# "list". (A count of something else is not one: "Which city has two cathedrals?")
_COUNT_WORDS = "two three four five six seven eight nine ten eleven twelve pair trio".split()
_SEVERAL = re.compile(
    r"(?:\b(?:which|what|the|name|list)\s+|['’]s\s+)(?:"
    + "|".join(_COUNT_WORDS)
    + r"|[2-9]|1[0-2])(?![\w.])|\bboth\b|^\W*list\b",
    re.IGNORECASE,
)


def asks_for_several(question: str) -> bool:
    """Whether the question asks for several things (`_SEVERAL`)."""
    return _SEVERAL.search(question) is not None


@lru_cache(maxsize=16384)
def list_items(accepted: str, question: str) -> tuple[str, ...]:
    """The items of an accepted answer that is a list key (see the module), or () when it is
    not one."""
    text = accepted.strip().rstrip(".")
    if _DIGIT.search(text) or not _JOINED.search(text) or not asks_for_several(question):
        return ()
    items = tuple(item for item in _SEPARATOR.split(text) if item)
    if not 2 <= len(items) <= MOST_ITEMS:
        return ()
    for item in items:
        words = item.split()
        if len(words) > ITEM_WORDS or not _WORD.search(item) or words[0].lower() in _OPENERS:
            return ()
    *first, last = items
    shared = last.split()
    if len(shared) >= 2 and all(len(item.split()) == 1 for item in first):
        return (*first, shared[0])  # names that share the last one's last word
    return items


# A piece opening with one of these is a phrase about a name, not a name in a list ("of Mutt").
_OPENERS = FUNCTION_WORDS - {"the"}


@dataclass(frozen=True, slots=True)
class ItemsSaid:
    """Which items of a list key an answer says: the most of any of the key's lists."""

    said: tuple[str, ...]
    missing: tuple[str, ...]


def items_said(
    accepted_answers: tuple[str, ...],
    question: str,
    question_surface: str,
    answer_surface: str,
    answer_text: str,
) -> ItemsSaid | None:
    """The items the answer says (``answer_surface``: its canonical form) of the list key among
    the accepted answers whose items it says most, or None when no accepted answer is a list
    key or it says none of their items."""
    best: ItemsSaid | None = None
    for accepted in accepted_answers:
        items = list_items(accepted, question)
        if not items:
            continue
        said = tuple(
            item
            for item in items
            if says_as_asked(item, question_surface, answer_surface, answer_text)
            and not rejects(item, answer_surface)
        )
        if not said or (best is not None and len(said) <= len(best.said)):
            continue
        named = {word for item in said for form in forms(item) for word in content_words(form.text)}
        if content_words(answer_surface) - content_words(question_surface) - named:
            continue  # words of its own: another item, or one in other words
        best = ItemsSaid(said, tuple(item for item in items if item not in said))
    return best

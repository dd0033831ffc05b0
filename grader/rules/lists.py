"""A key that names several things (DESIGN 4.6, v4): its items, and which of them an answer says.

- **a list key**: an accepted answer that joins two or more short items with commas and a last
  "and" or "&" ("Charlotte, Emily and Anne", "Huginn and Muninn", "land, labour, capital and
  entrepreneurship"), when one of these says that it names several things:
  - **the question asks for several** (`asks_for_several`): a count of two or more of what it
    asks for, "both", or a question that opens "List" ("Name the three Brontë sisters", "Which
    two actors ...", "Odin's two ravens"; not "Which city has two cathedrals?"); or a noun that
    names the several people or parts of one whole, "members of", "founders of", "names of"
    ("members of abba", "Who were the founders of Google?"), or the query's last word ("abba
    members"). Never that noun after "of" ("the youngest of the members of ABBA", "one of the
    founders of Google" asks for one of them), and never a plural noun alone: "capital of the
    netherlands", "Which rivers meet at Koblenz?" name no count of items;
  - **a count in a search query** (`count_in_query`): a question without a question word, or
    one that opens with the count ("three branches of government us", "two houses of congress",
    "seven wonders of the ancient world"), whose count of what it names is the number of the
    key's items. Never a count of another number ("Newcastle, Tyne and Wear" for "two
    cathedrals city uk"), a count in a question that asks with a question word ("Which city has
    two cathedrals?"), nor a count joined to a title ("two and a half men cast");
  - **names of two words or more** (`names_items`): every item a person's or a thing's name of
    two to four words, every word capitalised (a particle inside aside: "Leonardo da Vinci"),
    none opening with a function word ("Bill Gates and Paul Allen", "Orville Wright and Wilbur
    Wright"): a list whatever the question, unless the question names the one thing it asks for
    in the singular (`asks_for_one`: "Which agency ...?", "What company ...?", "What is the
    title ...?": "U.S. Citizenship and Immigration Services", "National Aeronautics and Space
    Administration", "Harry Potter and Deathly Hallows" are one thing's name). Never a name of
    one word among them ("Procter and Gamble", "Marks and Spencer", "Simon & Garfunkel", "Tyne
    and Wear", "Bill & Ted's Excellent Adventure", "Orville and Wilbur Wright": names that share
    a last word are a list only when the question asks for several), an item opening with an
    article or a pronoun (a title or a band: "Harry Potter and the Chamber of Secrets", "The
    Lion, the Witch and the Wardrobe", "Beauty and the Beast", "Bill Haley & His Comets"), a
    word in lower case ("Pat Garrett and Billy the Kid").
  Names that share a last word share it ("David & Victoria Beckham" is David Beckham and
  Victoria Beckham: the items "David" and "Victoria"). Never: a key with a digit (a date, "July
  14, 1789"; an amount), a key without "and" ("Washington, D.C."), a key whose pieces are not
  names in a list but a phrase about one ("Laius, King of Thebes, and his queen, Jocasta";
  "Jeff, of Mutt and Jeff": a piece that opens with a function word).
- **its items said**: each item is looked for as an accepted answer is (`says_as_asked`, the
  surface-form families: an item said with an article, "the Pinta", is said) and counts only
  when the answer does not reject it ("Anne, not Emily"). Read only where the answer names
  nothing but items of the key: every content word of its asserted text is the question's or a
  said item's ("Charlotte and Emily Brontë", asked the Brontë sisters). An answer that says every
  item, in any order, says the key ("Emily, Anne and Charlotte"); one that says some of them and
  not all names part of it (K004, partial, the items it misses named). An answer with words of
  its own ("Everest, K2, Lhotse"; "Dom and Vince", a name given shorter or another) is left to
  the other text-key rules (missing key, other words).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from grader.rules.question_words import says_as_asked
from grader.rules.surface import FUNCTION_WORDS
from grader.rules.surface_forms import ARTICLES, NAME_PARTICLES
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
_COUNTS = {word: number for number, word in enumerate(_COUNT_WORDS[:11], 2)} | {
    "pair": 2,
    "trio": 3,
}
_SEVERAL = re.compile(
    r"(?:\b(?:which|what|the|name|list)\s+|['’]s\s+)(?:"
    + "|".join(_COUNT_WORDS)
    + r"|[2-9]|1[0-2])(?![\w.])|\bboth\b|^\W*list\b",
    re.IGNORECASE,
)
# A noun that names the several people or parts of one whole, before "of" or ending a query
# ("members of abba", "founders of google", "abba members"); never after "of" ("the youngest of
# the members of ABBA", "one of the founders of Google": one of them).
_MEMBERS = re.compile(
    r"(?<!\bof )(?<!\bof the )\b(?:members|founders|co-?founders|names)(?:\s+of\b|\W*$)",
    re.IGNORECASE,
)
# A count of what a search query names: the count and the word it counts ("three branches",
# "7 wonders"), not a count joined to a title's next word ("two and a half men").
_COUNTED = re.compile(
    r"(?<![\w.])(" + "|".join(_COUNT_WORDS) + r"|[2-9]|1[0-2])\s+(?!(?:and|or|of)\b|&)[^\W\d_]",
    re.IGNORECASE,
)
_QUESTION_WORD = re.compile(
    r"\b(?:who|whom|whose|what|which|when|where|why|how|name|list)\b", re.IGNORECASE
)
_OPENING_COUNT = re.compile(
    r"^\W*(?:" + "|".join(_COUNT_WORDS) + r"|[2-9]|1[0-2])\s", re.IGNORECASE
)
# A question that names the one thing it asks for: "which" or "what" (or "what is the"), any
# words in capitals or figures ("Which US agency", "Which 1969 film"), then a noun in the
# singular ("agency", "company", "title"). Not a verb after it ("What were ...", "What did
# ..."), nor a plural ("Which scientists ...", "Which Beatles wrote ...?").
_ONE_KIND = re.compile(
    r"\b(?i:which|what)\s+(?i:(?:is|was)\s+the\s+)?(?P<names>(?:[A-Z0-9][\w.'’-]*\s+){0,3})"
    r"(?P<kind>[a-z][a-z-]+)\b"
)
_AUXILIARIES = frozenset(
    "do does did has have had can could will would shall should may might must".split()
)
_PLURAL = re.compile(r"(?<![su])s$")
# Words of a name that may stand in lower case inside it ("Leonardo da Vinci").
NAME_WORDS = 2  # an item of fewer words is no name on its own ("Procter", "Marks")


def asks_for_several(question: str) -> bool:
    """Whether the question asks for several things: a count of two or more of what it asks
    for, "both", "list", or a noun that names the several members of one whole ("members of",
    "founders of", "names of"; see the module)."""
    return _SEVERAL.search(question) is not None or _MEMBERS.search(question) is not None


def count_in_query(question: str) -> int:
    """The count of what a question in search-query style names ("three branches of government
    us": 3): a question without a question word, or one that opens with its count; 0 when it has
    none."""
    if _QUESTION_WORD.search(question) is not None and _OPENING_COUNT.match(question) is None:
        return 0
    found = _COUNTED.search(question)
    if found is None:
        return 0
    count = found.group(1).lower()
    return int(count) if count.isdigit() else _COUNTS[count]


def asks_for_one(question: str) -> bool:
    """Whether the question names the one thing it asks for, in the singular ("Which agency
    ...?", "What company ...?", "What is the title of ...?")."""
    for found in _ONE_KIND.finditer(question):
        kind = found.group("kind")
        named = found.group("names").split()
        if named and not named[-1].isupper() and _PLURAL.search(named[-1]):
            return False  # the kind in capitals, a plural ("Which Beatles wrote ...?")
        if kind in FUNCTION_WORDS or kind in _AUXILIARIES:
            continue
        return _PLURAL.search(kind) is None
    return False


def names_items(items: tuple[str, ...]) -> bool:
    """Whether every item is a name of two words or more (to four), every word capitalised but
    a particle inside it, none opening with a function word ("Bill Gates", "Paul Allen")."""
    for item in items:
        words = item.split()
        if len(words) < NAME_WORDS or words[0].lower() in FUNCTION_WORDS:
            return False
        if not all(word[:1].isupper() or word in NAME_PARTICLES for word in words[1:]):
            return False
        if not words[0][:1].isupper():
            return False
    return True


def list_items(accepted: str, question: str) -> tuple[str, ...]:
    """The items of an accepted answer that is a list key (see the module), or () when it is
    not one."""
    readings = list_readings(accepted, question)
    return readings[0] if readings else ()


@lru_cache(maxsize=16384)
def list_readings(accepted: str, question: str) -> tuple[tuple[str, ...], ...]:
    """The ways the items of a list key may be read (`list_items` first), or () when it is not
    one: where names of one word go before one of more ("Malcolm & Donald Campbell", "Nina,
    Pinta and Santa Maria"), they may share its last word (the items "Malcolm" and "Donald") or
    the last be a name of its own ("Santa Maria"); not one that opens with an article ("Saladin
    and the Ayyubid army")."""
    text = accepted.strip().rstrip(".")
    if _DIGIT.search(text) or not _JOINED.search(text):
        return ()
    items = tuple(item for item in _SEPARATOR.split(text) if item)
    if not 2 <= len(items) <= MOST_ITEMS:
        return ()
    for item in items:
        words = item.split()
        if len(words) > ITEM_WORDS or not _WORD.search(item) or words[0].lower() in _OPENERS:
            return ()
    if not (
        asks_for_several(question)
        or count_in_query(question) == len(items)
        or (names_items(items) and not asks_for_one(question))
    ):
        return ()
    *first, last = items
    shared = last.split()
    if (
        len(shared) >= 2
        and shared[0].lower() not in ARTICLES
        and all(len(item.split()) == 1 for item in first)
    ):
        return (*first, shared[0]), items  # names that share the last one's last word, or not
    return (items,)


# A piece opening with one of these is a phrase about a name, not a name in a list ("of Mutt").
_OPENERS = FUNCTION_WORDS - {"the"}


@dataclass(frozen=True, slots=True)
class ItemsSaid:
    """Which items of a list key an answer says: the most of any of the key's lists and their
    readings."""

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
    the accepted answers (each in each of its readings, `list_readings`) whose items it says
    most, the first of those when several say as many, or None when no accepted answer is a list
    key or the answer says none of their items."""
    best: ItemsSaid | None = None
    readings = (
        items for accepted in accepted_answers for items in list_readings(accepted, question)
    )
    for items in readings:
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

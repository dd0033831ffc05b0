"""A key that names several things (DESIGN 4.6, v4): its items, and which of them an answer says.

- **a list key**: an accepted answer that joins two or more short items with commas and a last
  "and" or "&" ("Charlotte, Emily and Anne", "Huginn and Muninn", "land, labour, capital and
  entrepreneurship"), when one of these says that it names several things:
  - **the question asks for several** (`asks_for_several`): a count of two or more of what it
    asks for, "both", or a question that opens "List" ("Name the three Brontë sisters", "Which
    two actors ...", "Odin's two ravens"; not "Which city has two cathedrals?"); or a noun that
    names the several people or parts of one whole, "members of", "founders of", "names of"
    ("members of abba", "Who were the founders of Google?"), or the query's last word ("abba
    members"); or twins ("Which twin brothers ...?", "the twins"; not "Which twin won?",
    nor "Which Twin Peaks character ...?"). Never that noun after "of" ("the youngest of the
    members of ABBA", "one of the founders of Google" asks for one of them), and never a
    plural noun alone: "capital of the netherlands", "Which rivers meet at Koblenz?" name no
    count of items;
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
  not all names part of it (K004, partial, the items it misses named).
- **(v4) some items said in a sentence** (`in_a_sentence`): an answer with words of its own
  names part of the key too when it says its items in a sentence that answers the question,
  with nothing else listed beside them: each said item stands in a sentence that holds a
  content word of the question ("Japanese uses hiragana, a syllabary ...", asked which two
  scripts write Japanese; "The Centre Pompidou was designed by Richard Rogers, working with
  ..."), and each conjunct joined to it by a comma, "and" or "or" (an aside in parentheses
  passed over) is another item, or, after a comma, describes it (opens with a participle, "a"
  or "an", a preposition, "which": "gin and Campari, stirred over ice"); after "and" or "or"
  a conjunct is a thing listed ("swimming and rowing"), unless a clause opens there ("and it
  was ..."). Never: another thing listed
  beside an item ("adrenaline and cortisol", "Winston Churchill (1940-1945) and Clement
  Attlee": a judge may call it wrong); an item of the key rejected ("gin, not Campari"); an
  item in a sentence of another role, holding none of the question's words ("Ken Thompson
  later admired it"); a name with "and" that is one thing (not a list key, above). Otherwise an
  answer with words of its own ("Everest, K2, Lhotse"; "Dom and Vince", a name given shorter or
  another) is left to the other text-key rules (missing key, other words).
- **(v4) a key of several parts answered in part** (`in_place_of_missing`): a key of several
  parts (a list key, above; or, to a question that asks two things, `two_things_asked`, a key of
  two parts joined by "and" or set apart by a semicolon: "Karl Marx; Friedrich Engels", asked
  who wrote the Manifesto and who paid for it; "a couple" asks for two, as "a pair" does)
  answered by some of its parts and, in the place of the rest, another thing of the kind
  ("Lake Erie and Lake Huron" for Ontario and Erie; "Marie Curie and Henri Becquerel"), or
  nothing, the answer stopping before them (a small model cut off by its token limit: "the
  malleus, the incus and the"): partial, K004, the missing parts named. Read as the sentence
  reading above, but a thing listed beside a said part may be another thing, and an answer
  that is nothing but a bare list needs no word of the question. Every part given, in any
  order and any of its forms, is the key said (correct); none of them given is left to the
  other text-key rules (other things of the kind: wrong, "missing key"). Never: a name that
  holds "and" and is one thing, which is no key of several parts ("Marks and Spencer",
  "Procter & Gamble", "Romeo and Juliet", "Trinidad and Tobago", "salt and pepper", "rock and
  roll": a question for one thing, or names of one word, above); another thing that shares a
  word with a missing part, but a title ("Lord", "Prince"), a said part's word or the
  question's, or opens one or is opened by it, or is the same given name ("the White Nile and
  the Blue": "Blue" may be the Blue Nile given shorter; "Tommy and Vince" for "Tommy &
  Vincent"; "Bill" for "William": for a reader); a part of another accepted answer's list
  ("hammer, anvil and stapes", the key's two lists mixed: never partial); names read as
  sharing a last word ("Eusebio and Geoff Hurst" is read as written); a clause after a part
  ("Skiing, and it is held in winter").
  A key written with commas is a key of two parts too (`parts_asked`) exactly when the question
  asks two things together (`two_things_asked`): two question words joined by "and" ("where and
  when", "who and in what year"), one before two nouns in lower case joined by "and" ("which
  city and country", "which country and which region"), a thing and its own ("Name the sauce
  and its main herb"), one thing made into another ("which element is fused into which?",
  the key's parts then joined by that preposition: "sugar into alcohol"), or (v4) one thing
  asked of two, the word before the first repeated after "and": a preposition ("the capitals of
  Spain and of Portugal", "the patron saints of Wales and of Ireland") or an article and its word
  before one noun ("a male and a female swan": the key "cob and pen" answered "a cob and a duck"
  is then partial). Never after "between" ("the difference between a male and a female swan" asks
  one thing), an article's word before a function word ("a fruit and a vegetable at once"), nor
  "and" with the word not repeated ("the capitals of Spain and Portugal", "a salt and pepper
  shaker": read as before). Pieces before the
  last that hold no figure are one part, a place with its region added ("Runnymede, Surrey,
  1215" is the place and the year). Its parts are given, or stood in for, as above: one city
  for another beside the country asked is partial ("Ankara, Turkey" for "Istanbul, Turkey").
  Never: a single name with a comma to a question that asks one thing ("Washington, D.C.",
  "Paris, Texas", "Kirkwall, Orkney" asked in which town: one place, its region added); a
  number grouped with commas ("12,500": no space after its comma) or a date ("July 14, 1789",
  even asked where and when); a question with "and" that asks one thing ("Which Simon and
  Garfunkel song", "famous for tea and its ceremony", "Who wrote and directed ...", "Into which
  sea ..."). Known and left: an answer cut off inside a key that is one phrase ("is not worth"
  for "is not worth living") is no key of parts, and a reader tells a phrase stopped short from
  a shorter one; and "sugar becomes alcohol", both parts given around a verb, is read by
  another rule as another name in the key's place.
- **(v4) one of a pair** (`one_of_pair`): an accepted answer that names two persons joined by
  "and" or "&", sharing a surname ("Julius and Ethel Rosenberg", "Marie and Pierre Curie") or
  each in full ("Bonnie Parker and Clyde Barrow"), one of the two given names one the tables
  list (`grader.rules.given_names.is_listed_given_name`), is said only in part by an answer
  that names one of them, given name and surname ("Julius Rosenberg"), and not the other's
  given name, the other's surname nor the shared surname in the plural, in the answer's first
  sentence (a name in a later one may be in another role), and lists no other
  name beside it, an aside in parentheses passed over ("Bill Gates and Steve Jobs", "Paul
  McCartney (born 1942) and George Harrison" are left to K013 and the others): K004, partial, the
  other named; whatever the question asks and whatever else says the key ("the Rosenbergs", an
  accepted answer, is said by "Rosenberg" inflected: the plural names both). Never: the pair
  said ("the Rosenbergs", "Julius and Ethel", "Ethel and Julius Rosenberg", "Julius Rosenberg
  and his wife Ethel"); another accepted answer that is the one alone ("Marie Curie" beside
  "Marie and Pierre Curie"); a name with "and" that is no two persons: one word on either
  side ("Procter and Gamble", "Marks and Spencer", "Siegfried and Roy", "Lewis and Clark":
  nothing tells a duo from a firm) or no given name the tables list ("Arts and Crafts
  Movement", "Pride and Prejudice"). Known and left: a given name the tables lack on both
  sides ("Sonny and Cher Bono") is not read.
- **(v4) one of two things asked** (`one_thing_of_two`): a question that asks two things, a
  second question word after "and" (", and how many ...", "and when", "and where", "and who",
  "and in which year"), and a key whose accepted answers give both, each in two parts, the
  second after a comma or in parentheses ("Michael Phelps, 28 medals", "Michael Phelps (28)"),
  answered by the first part said and the second not: K004, partial, the second named. The
  second part is said as an accepted answer is, or, when it holds figures, by its figures
  ("Phelps, with 28"). Never: a question with "and" that asks one thing ("Which couple ...",
  "Who wrote and directed ...": no question word after "and"); the second part said in another
  form ("28 of them"); an accepted answer of one part said (the key accepts it alone: "Michael
  Phelps" beside "Michael Phelps (28)"); a question that asks one thing with a key's
  parenthesised qualifier that is no second part ("Sir Arthur Evans (from 1900)", asked who
  excavated Knossos); (v4) a bracket that is part of the name, no aside as
  `grader.rules.surface_forms.without_asides` reads one (glued to a word: "poly(vinyl acetate)",
  "copper(II)", "f(x)"; after a prefix that counts what it holds: "poly (vinyl acetate)"): one
  name, never a first part and a second ("poly" is not the key said and "vinyl acetate" left).
- **(v4) a list one item a line** (`lines_listed`, `one_a_line`): an answer written as a list,
  each item on a line of its own opened by a mark ("- ", "* ", "• ", or a number, "1. ", "2)"),
  alone or after words that lead in to it ("The two elements are:" and the lines), says a list
  key's items as the same list in a sentence, joined by commas and "and", does: some parts
  given and another thing or nothing in the place of the rest is partial ("- Haiti" and "-
  Cuba" for Haiti and the Dominican Republic), every part given is the key said ("1. Japan",
  "2. South Korea"), none given is left to the other rules. Each line is one item: a part is
  said by a line that names it, with words before it that describe it ("- plain flour"), an
  aside in parentheses or a phrase after a comma after it, the question's words beside it
  (`heads_a_line`). Never: a part inside a longer name of another thing ("- hydrogen
  peroxide", "- flour tortilla": the line names the peroxide, the tortilla); a line that is
  more than a phrase (a sentence's end inside it, "- Hydrogen. It is light.") or holds a figure
  (a year beside a name, "- Ayrton Senna (1988)": a fact the family does not check, and no list
  key holds a figure); a key of one
  part, whose candidates listed one a line are read as before (no key of parts: a line list
  is not read here, and K013 reads none); a key the accepted answers give joined otherwise,
  by a dash or a space ("Bosnia-Herzegovina", a name of one event or place of two parts): such
  a form is no list, and makes the key no more a key of parts than its form with "and" is
  (asked for one thing, "Bosnia" for "Bosnia and Herzegovina" is left to a reader, as
  "Procter" for "Procter and Gamble" is). Known and left: a part after "of" in a line
  ("- Duke of Wellington" for Wellington) is read as said, as a sentence reads it ("a pinch of
  salt" names salt).

Why one file: one outcome, K004 (part of a key that names several things), read eight ways. Each
reading's counter-examples are another's cases (a name with "and" that is one thing is no list key
and no pair; an item in a sentence is an item of the list key), and the bounds of an item
(`ITEM_WORDS`, `NAME_WORDS`, `MOST_ITEMS`) serve them all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from grader.rules.given_names import is_listed_given_name, may_be_same_given_name
from grader.rules.normalize import lowered_as_matched, normalize
from grader.rules.question_words import says_as_asked
from grader.rules.surface import FUNCTION_WORDS, fold_diacritics, surface
from grader.rules.surface_forms import ARTICLES, NAME_PARTICLES, TITLES, without_asides
from grader.rules.surface_match import content_words, form_pattern, forms, rejected, rejects

# Items: split at commas and at a last "and" or "&" (", and" too), or at semicolons.
_SEPARATOR = re.compile(r"\s*[,;]\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+", re.IGNORECASE)
_JOINED = re.compile(r"\s(?:and|&)\s", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_WORD = re.compile(r"[^\W\d_]+")
ITEM_WORDS = 4  # an item longer than this is a clause, not a name in a list
MOST_ITEMS = 12
# A question that asks for several: a count of two or more of what it asks for ("which two
# actors", "the three sisters", "Odin's two ravens", "name two"), "both", or one that opens
# "list". (A count of something else is not one: "Which city has two cathedrals?")
_COUNT_WORDS = "two three four five six seven eight nine ten eleven twelve pair trio couple".split()
_COUNTS = {word: number for number, word in enumerate(_COUNT_WORDS[:11], 2)} | {
    "pair": 2,
    "trio": 3,
    "couple": 2,
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


# Twins are two: "Which twin brothers ...?", "the twins"; never one twin ("Which twin won?") nor
# a name in capitals ("Which Twin Peaks character ...?").
_TWINS = re.compile(r"\b(?i:which|what|the|name)\s+twin(?:s\b|\s+[a-z]+s\b)")


# What the three patterns of `asks_for_several` cannot match without: a count word, "both",
# "list", "members", "founders", "names" or "twin" (as a pattern ignoring case reads it), or a
# digit from 1 to 9. A question without any is looked at no further (the shortcut's test:
# tests/test_shortcuts.py).
_SEVERAL_HINTS = (*_COUNT_WORDS, "both", "list", "members", "founders", "names", "twin")
_SEVERAL_DIGITS = tuple("123456789")


def asks_for_several(question: str) -> bool:
    """Whether the question asks for several things: a count of two or more of what it asks
    for, "both", "list", twins, or a noun that names the several members of one whole
    ("members of", "founders of", "names of"; see the module)."""
    lowered = lowered_as_matched(question)
    if not any(hint in lowered for hint in _SEVERAL_HINTS) and not any(
        digit in question for digit in _SEVERAL_DIGITS
    ):
        return False
    return asks_for_several_by_definition(question)


def asks_for_several_by_definition(question: str) -> bool:
    """`asks_for_several` without its shortcut: the three patterns on every question."""
    return (
        _SEVERAL.search(question) is not None
        or _MEMBERS.search(question) is not None
        or _TWINS.search(question) is not None
    )


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
    if not (_JOINED.search(text) or ";" in text):
        parts = parts_asked(text, question)
        return (parts,) if parts else ()
    if _DIGIT.search(text):
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
        or (len(items) == 2 and two_things_asked(question))
    ):
        return ()
    *first, last = items
    shared = last.split()
    if (
        len(shared) >= 2
        and shared[0].lower() not in ARTICLES
        and ";" not in text  # (parts set apart by a semicolon share nothing: "Mozart; Da Ponte")
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
    readings = tuple(
        (items, items == readings[-1])
        for accepted in accepted_answers
        for readings in (list_readings(accepted, question),)
        for items in readings
    )
    if not readings:
        return None  # no list key
    asked = content_words(question_surface)
    lines = lines_listed(answer_surface)[1]  # (a list one item a line: each line one item)
    if lines:
        answer_surface, answer_text = one_a_line(answer_surface), one_a_line(answer_text)
    for items, as_written in readings:
        said = tuple(
            item
            for item in items
            if says_as_asked(item, question_surface, answer_surface, answer_text)
            and not rejects(item, answer_surface)
            and (not lines or heads_a_line(item, lines, asked))
        )
        if not said or (best is not None and len(said) <= len(best.said)):
            continue
        if any(rejected_item(item, answer_surface) for item in items if item not in said):
            continue  # an item of the key rejected ("gin, not Campari"): not part of the key
        named = {word for item in said for form in forms(item) for word in content_words(form.text)}
        missing = tuple(item for item in items if item not in said)
        if (
            content_words(answer_surface) - asked - named
            and not in_a_sentence(said, items, asked, answer_surface)
            and not (
                missing
                and as_written  # (not names read as sharing a last word: "Eusebio [Hurst]")
                and in_place_of_missing(
                    said, missing, _all_items(accepted_answers, question), asked, answer_surface
                )
            )
        ):
            continue  # words of its own: another item, or one in other words
        best = ItemsSaid(said, missing)
    return best


def rejected_item(item: str, answer_surface: str) -> bool:
    """Whether the answer mentions the item only to reject it ("not Campari")."""
    return any(
        (pattern := form_pattern(form.text)) is not None
        and any(
            rejected(answer_surface, found.start()) for found in pattern.finditer(answer_surface)
        )
        for form in forms(item)
    )


# What joins conjuncts: a comma (", and"), "and", "&", "or", "as well as".
_JOINER = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&|as well as)\s+)"
_CONJUNCT_AFTER = re.compile(
    "(?P<joiner>" + _JOINER + r")(?P<words>[^,.;:!?()]+?)(?=\s*(?:[,.;:!?()]|\s(?:and|or)\s|$))"
)
_JOINED_BEFORE = re.compile(_JOINER + "$")
# An aside in parentheses beside a conjunct ("winston churchill (1940-1945) and clement attlee").
_ASIDE_AFTER = re.compile(r"\s*\([^()]*\)")
_ASIDE_BEFORE = re.compile(r"\s*\([^()]*\)\s*$")
_PIECES = re.compile(r"[,.;:!?()]|\s(?:and|or)\s")
_SENTENCE_END = re.compile(r"[.!?;]\s")
# A conjunct that opens with one of these describes the item beside it ("hiragana, a syllabary
# ...", "gin and campari, stirred over ice", "mccartney, with help from"): it names no other
# thing. ("the" may open an item: "the senate".)
_DESCRIBING = re.compile(r"^(?:[^\W\d_]+(?:ed|ing)|now|then|both|each|also|later|mostly)\b")
_COORDINATE = re.compile(r"\b(?:and|or|as well as)\b|&")
_OPENS_CLAUSE = FUNCTION_WORDS - {"the"}
_DESCRIBING_WORDS = (FUNCTION_WORDS - {"the"}) | frozenset(
    "with alongside after before during while until since through under over about into via "
    "like unlike besides including who which whose where when".split()
)


def in_a_sentence(
    said: tuple[str, ...],
    items: tuple[str, ...],
    asked: frozenset[str],
    answer_surface: str,
    missing: tuple[str, ...] = (),
) -> bool:
    """Whether an answer with words of its own says the items ``said`` of a list key in a
    sentence that answers the question, with no other thing listed beside them: each said item
    stands in a sentence that holds a content word of the question (its role, not another:
    "The Centre Pompidou was designed by Richard Rogers"), and every conjunct joined to one by
    a comma, "and" or "or" is an item or describes it ("hiragana, a syllabary ...", "gin and
    Campari, stirred over ice"), never another thing of its kind ("Charlotte, Emily and
    Branwell", "Bill Gates and Steve Jobs"). With the ``missing`` items (`in_place_of_missing`),
    another thing may stand in their place (`_in_place`), and a bare list needs no word of the
    question."""
    for item in said:
        found = None
        for form in forms(item):
            pattern = form_pattern(form.text)
            found = pattern.search(answer_surface) if pattern is not None else None
            if found is not None:
                break
        if found is None:
            return False
        opens = max(
            (end.end() for end in _SENTENCE_END.finditer(answer_surface, 0, found.start())),
            default=0,
        )
        closes = _SENTENCE_END.search(answer_surface, found.end())
        sentence = answer_surface[opens : closes.start() if closes else len(answer_surface)]
        if not content_words(sentence) & asked and not (missing and _bare_list(answer_surface)):
            return False  # said in another role (a bare list in the place of the key is none)
        aside = _ASIDE_AFTER.match(answer_surface, found.end())  # "churchill (1940-1945) and ..."
        after = _CONJUNCT_AFTER.match(answer_surface, aside.end() if aside else found.end())
        beside = [(after.group("joiner"), after.group("words"))] if after is not None else []
        joined = _JOINED_BEFORE.search(answer_surface, 0, found.start())
        if joined is not None:  # the conjunct before: its last words, up to a comma or an "and"
            before = _ASIDE_BEFORE.sub("", answer_surface[: joined.start()])
            piece = _PIECES.split(before)[-1].split()
            beside.append((joined.group(0), " ".join(piece[-ITEM_WORDS:])))
        for joiner, words in beside:
            words = words.strip()
            first = words.split(" ", 1)[0]
            if _COORDINATE.search(joiner):
                if first in _OPENS_CLAUSE:
                    continue  # "and it was ...": a clause, not a conjunct
            elif _DESCRIBING.match(words) or first in _DESCRIBING_WORDS:
                continue  # after a comma, a phrase that describes the item
            if not any(
                (pattern := form_pattern(form.text)) is not None and pattern.search(words)
                for other in items
                for form in forms(other)
            ) and not (missing and _in_place(words, said, missing, asked)):
                return False  # another thing listed beside an item
    return True


def in_place_of_missing(
    said: tuple[str, ...],
    missing: tuple[str, ...],
    known: tuple[str, ...],
    asked: frozenset[str],
    answer_surface: str,
) -> bool:
    """Whether an answer that says some items of a list key (``said``, not all) gives other
    things in the place of the ``missing`` ones, or stops before them: `in_a_sentence`, where
    a thing listed beside a said item may be another thing of the kind ("the Blue Nile and
    the Atbara") or nothing (the answer cut off: "the malleus, the incus and the"), and a bare
    list needs no word of the question. Never a thing that is an item of any accepted answer
    (``known``: "hammer, anvil and stapes" mixes two lists' forms), nor one that shares a word
    with a missing item (see `_in_place`)."""
    named = {word for item in said for form in forms(item) for word in content_words(form.text)}
    for item in known:
        if item in said or item in missing:
            continue
        if all(content_words(form.text) <= named for form in forms(item)):
            continue  # a said item in another accepted answer's form ("the Blue Nile")
        for form in forms(item):
            pattern = form_pattern(form.text)
            if pattern is not None and pattern.search(answer_surface):
                return False  # an item of another accepted answer's list: the key in its forms
    return in_a_sentence(said, said + missing, asked, answer_surface, missing)


def _in_place(
    words: str, said: tuple[str, ...], missing: tuple[str, ...], asked: frozenset[str]
) -> bool:
    """Whether a thing listed beside a said item (its ``words``) stands in the place of the
    missing items: none of its words may be a missing item's word, but a title, a said item's
    word or the question's ("Lake Huron" beside "Lake Erie" for "Lake Ontario"; "Prince Harry"
    for "Prince William"); never "the Blue" for "Blue Nile" (the item given shorter), "Vince"
    for "Vincent" (a word that opens the other's, or the same given name: `_may_be_word`)."""
    own = content_words(words) - asked - TITLES
    own -= {word for item in said for form in forms(item) for word in content_words(form.text)}
    return not any(
        _may_be_word(word, other)
        for item in missing
        for form in forms(item)
        for other in content_words(form.text)
        for word in own
    )


def _may_be_word(word: str, other: str) -> bool:
    """Whether one word may be another given shorter or as another form of a given name:
    the same, one opening the other ("vince", "vincent"), or the same given name
    (`grader.rules.given_names.may_be_same_given_name`: "bill", "william")."""
    return word.startswith(other) or other.startswith(word) or may_be_same_given_name(word, other)


# A bare list: pieces of at most `ITEM_WORDS` words each, between commas, semicolons, "and",
# "or" or "&", in one sentence ("the white nile and the atbara").
_BARE_PIECES = re.compile(r"\s*[,;&]\s*|\s+(?:and|or)\s+")


def _bare_list(answer_surface: str) -> bool:
    """Whether the answer is nothing but a bare list of short pieces (see `_BARE_PIECES`)."""
    text = answer_surface.strip(" .!")
    if _SENTENCE_END.search(text) or ":" in text:
        return False
    pieces = [piece for piece in _BARE_PIECES.split(text) if piece]
    return len(pieces) >= 2 and all(len(piece.split()) <= ITEM_WORDS for piece in pieces)


# (v4) A list written one item a line, each line opened by a mark ("- ", "* ", "• "; a numbered
# line, "1. ", is read with a dash), as the answer's lines are joined by a space when it is read:
# "- haiti - cuba", or after words that lead in to it, "the two elements are: - hydrogen".
_MARK = r"[-*•]"
_MARKED = re.compile(rf"^(?P<lead>[^:.!?]*:\s+)?{_MARK}\s+(?P<items>.+)$", re.DOTALL)
_NEXT_MARK = re.compile(rf"\s+{_MARK}\s+")
_INSIDE_ITEM = re.compile(r"[.!?;:]")


def lines_listed(answer: str) -> tuple[str, tuple[str, ...]]:
    """The words that lead in to a list written one item a line and its items ("the spices are:
    ", ("salt", "cumin")), or ("", ()) when the answer is none: fewer than two items, or an
    item that is more than a phrase (a sentence's end or a colon inside it: "- Hydrogen. It is
    light.") or holds a figure ("- Stephen Hendry (1990, 1992)": a fact beside the item)."""
    marked = _MARKED.match(answer)
    if marked is None:
        return "", ()
    items = tuple(item.rstrip(".,; ") for item in _NEXT_MARK.split(marked.group("items")))
    if len(items) < 2 or any(
        not item or _INSIDE_ITEM.search(item) or _DIGIT.search(item) for item in items
    ):
        return "", ()  # (a figure is no list key's: a line with one says more than an item)
    return marked.group("lead") or "", items


def one_a_line(answer: str) -> str:
    """An answer written as a list one item a line, read as the same list in a sentence: its
    items joined by commas and a last "and" ("- haiti - cuba" is "haiti and cuba"; "the
    spices are: - salt - pepper - cumin", "the spices are: salt, pepper and cumin"), or the
    answer as it is when it is none (`lines_listed`)."""
    lead, items = lines_listed(answer)
    if not items:
        return answer
    return lead + ", ".join(items[:-1]) + " and " + items[-1]


# After an item in its line: an aside in parentheses, or a phrase after a comma, describes it.
_DESCRIBED = re.compile(r"\([^()]*\)|,.*$")


def heads_a_line(item: str, lines: tuple[str, ...], asked: frozenset[str]) -> bool:
    """Whether a list key's item is said by a line of a list one item a line (``lines``) as the
    thing the line names: with nothing of the line's own after it, the question's words, an
    aside in parentheses or a phrase after a comma aside ("plain flour", "violin (the lead)",
    "hydrogen, the lightest"). Never the item inside a longer name of another thing ("hydrogen
    peroxide", "flour tortilla": the line names the peroxide, the tortilla)."""
    for form in forms(item):
        pattern = form_pattern(form.text)
        for line in lines if pattern is not None else ():
            for found in pattern.finditer(line):  # type: ignore[union-attr]
                if not content_words(_DESCRIBED.sub("", line[found.end() :])) - asked:
                    return True
    return False


@lru_cache(maxsize=4096)
def _all_items(accepted_answers: tuple[str, ...], question: str) -> tuple[str, ...]:
    """Every item of every reading of the accepted answers' list keys."""
    return tuple(
        dict.fromkeys(
            item
            for accepted in accepted_answers
            for items in list_readings(accepted, question)
            for item in items
        )
    )


# Two persons joined by "and" or "&": two given names and the surname they share ("Julius and
# Ethel Rosenberg"), or two names in full ("Bonnie Parker and Clyde Barrow").
_NAME = r"[A-Z][a-z][\w'-]*"
_SHARED = re.compile(rf"^({_NAME}) (?:and|&) ({_NAME}) ({_NAME})$")
_FULL = re.compile(rf"^({_NAME}) ({_NAME}) (?:and|&) ({_NAME}) ({_NAME})$")


# The answer's first sentence: the person it names as its answer is named there ("Linus Torvalds
# wrote it. Ken Thompson later admired it." names Ken Thompson in another role).
_FIRST_SENTENCE = re.compile(r".*?(?:[.!?](?=\s|$)|$)", re.DOTALL)


@lru_cache(maxsize=4096)
def _pairs(accepted_answers: tuple[str, ...]) -> tuple[tuple[str, str, str, str], ...]:
    """The pairs of persons the accepted answers name, each as (given name, surname, other
    given name, other surname), one of the given names one the tables list."""
    pairs = []
    for accepted in accepted_answers:
        if " and " not in accepted and "&" not in accepted:
            continue  # (the cheap test first: no pair without its "and")
        written = " ".join(fold_diacritics(accepted).split())
        shared, full = _SHARED.match(written), _FULL.match(written)
        if shared is not None:
            first, other, surname = shared.groups()
            pair = (first, surname, other, surname)
        elif full is not None:
            pair = full.groups()  # type: ignore[assignment]
        else:
            continue
        if is_listed_given_name(pair[0]) or is_listed_given_name(pair[2]):
            pairs.append(pair)
    return tuple(pairs)


def one_of_pair(accepted_answers: tuple[str, ...], answer_text: str) -> tuple[str, str]:
    """The person of a pair the answer names alone and the other one ("Julius Rosenberg",
    "Ethel Rosenberg"), or ("", ""): see "one of a pair" above."""
    pairs = _pairs(accepted_answers)
    if not pairs:
        return "", ""
    text = fold_diacritics(answer_text)
    first_sentence = _FIRST_SENTENCE.match(text.lstrip())
    text = first_sentence.group(0) if first_sentence else text
    alone = {surface(normalize(accepted)) for accepted in accepted_answers}
    for first, surname, other, other_surname in pairs:
        for said, missing in (
            ((first, surname), (other, other_surname)),
            ((other, other_surname), (first, surname)),
        ):
            named = rf"(?<![\w-]){said[0]}(?: [A-Z]\.)* {said[1]}(?![\w-])"
            if re.search(named, text) is None:
                continue
            if re.search(named + r"(?: \([^()]*\))?(?:,| and| &) [A-Z]", text) or re.search(
                r"[A-Z][\w'-]*,? (?:and|&) " + named, text
            ):
                continue  # another listed beside it ("Bill Gates and Steve Jobs"): not alone
            if re.search(rf"(?<![\w-]){missing[0]}(?![\w-])", text) is not None:
                continue  # the other named too ("Julius Rosenberg and his wife Ethel")
            if missing[1] != said[1] and re.search(rf"(?<![\w-]){missing[1]}", text):
                continue  # the other's surname
            if re.search(rf"(?<![\w-]){said[1]}(?:e?s|s')(?![\w-])", text) is not None:
                continue  # the shared surname in the plural names both ("the Rosenbergs")
            if surface(normalize(" ".join(said))) in alone or surface(normalize(said[0])) in alone:
                continue  # the one alone is an accepted answer
            return " ".join(said), " ".join(missing)
    return "", ""


# A question that asks two things: a second question word after "and" ("..., and how many medals
# did he win?", "and when", "and in which year"); never "and" before a verb or a noun ("Who
# wrote and directed ...", "Which couple ... and ...").
_TWO_ASKED = re.compile(
    r"\band (?:how (?:many|much|long|old|far|often|tall|big)|when|where|why|who|whom|whose|"
    r"what|which|in (?:what|which))\b",
    re.IGNORECASE,
)
# An accepted answer in two parts: the second after a comma or in parentheses at its end (an aside
# there, `grader.rules.surface_forms.without_asides`: never a bracket of the name, "f(x)").
_TWO_PARTS = re.compile(r"^\s*([^,()]+?)\s*(?:,\s*([^()]+?)|\(([^()]+)\))\s*$")
_FIGURES = re.compile(r"\d+(?:[.,]\d+)*")


@lru_cache(maxsize=4096)
def asks_two_things(question: str) -> bool:
    """Whether a question asks two things: a second question word after "and"."""
    return _TWO_ASKED.search(question) is not None


def one_thing_of_two(
    accepted_answers: tuple[str, ...],
    question: str,
    question_surface: str,
    answer_surface: str,
    answer_text: str,
) -> str:
    """The second part of the key an answer leaves out when the question asks two things and
    the answer says only the first ("28 medals"), or "": see "one of two things asked" above.
    (The cheap test first: the question's second question word, read once a question, before
    any key is read.)"""
    if not asks_two_things(question):
        return ""
    missing = ""
    for accepted in accepted_answers:
        parts = _TWO_PARTS.match(accepted)
        if (
            parts is not None
            and parts.group(3) is not None
            and without_asides(accepted) == accepted
        ):
            parts = None  # a bracket of the name, no aside: "poly(vinyl acetate)", "f(x)"
        if parts is None:
            if says_as_asked(accepted, question_surface, answer_surface, answer_text):
                return ""  # an accepted answer of one part: the key accepts it alone
            continue
        first, second = parts.group(1), parts.group(2) or parts.group(3)
        if _second_said(second, question_surface, answer_surface, answer_text):
            return ""
        if not missing and says_as_asked(first, question_surface, answer_surface, answer_text):
            missing = second.strip()
    return missing


def _second_said(second: str, question_surface: str, answer_surface: str, answer_text: str) -> bool:
    """Whether the answer says a key's second part: as an accepted answer, or by its figures."""
    if says_as_asked(second, question_surface, answer_surface, answer_text):
        return True
    figures = _FIGURES.findall(second)
    return bool(figures) and all(
        re.search(rf"(?<![\d.,]){re.escape(figure)}(?![\d]|[.,]\d)", answer_surface)
        for figure in figures
    )


# (v4) A question that asks two things together: two question words joined by "and" ("where and
# when", "who and in what year"); one question word before two nouns joined by "and" ("which
# city and country", "which country and which region"); a thing and its own ("Name the dip and
# its main vegetable", "which bone and its joint"). Never a name joined by "and" ("Which Simon and
# Garfunkel song"): the nouns are in lower case, the second before a verb or the question's end.
_WH = r"(?i:who|whom|where|when|why|what|which|how|in (?:what|which))"
_TWO_TOGETHER = re.compile(
    rf"\b{_WH}\s+and\s+{_WH}\b"
    r"|\b(?i:which|what)\s+[a-z]+\s+and\s+(?:(?:which|what)\s+)?[a-z]+"
    r"(?=\s+(?:is|was|are|were|did|does|do|has|had|can)\b|\s*\?)"
    r"|^\s*(?i:name|give|state)\s+(?:the|a|an)\s+[^,;?]*?\band\s+(?:its|his|her|their)\s+\w"
    r"|\b(?i:which|what)\s+[a-z]+\s+and\s+(?:its|his|her|their)\s+\w"
)
# ... or (v4) one thing asked of two: the preposition before the first repeated after "and" ("the
# capitals of Spain and of Portugal"), or the article and its word before one noun ("a male and
# a female swan", "the first and the second wife"; the noun no function word: "a fruit and a
# vegetable at once" asks one thing). Never after "between" (a difference asked), nor "and"
# without the word repeated ("the capitals of Spain and Portugal", "a salt and pepper shaker").
_OF_TWO = re.compile(
    r"(?<![^\W\d_])(?<!between\s)(?P<word>(?i:of|in|for|from|at|on|by|with|to))"
    r"\s+(?:[^\W\d_]+\s+){0,2}?[^\W\d_]+\s+and\s+(?P=word)\s+[^\W\d_]"
    r"|(?<![^\W\d_])(?<!between\s)(?i:a|an|the)\s+[a-z]+\s+and\s+(?i:a|an|the)"
    r"\s+[a-z]+\s+(?P<noun>[a-z]+)"
)
# ... or one thing made into another, the second asked at the question's end after a preposition
# ("which element is fused into which?"): the preposition joins the key's two parts.
_INTO_WHICH = re.compile(
    r"\b(?:which|what)\b.*\s(into|to|from|for|with|by)\s+(?:which|what)\s*\??\s*$",
    re.IGNORECASE,
)
_COMMA = re.compile(r",\s+")


@lru_cache(maxsize=4096)
def two_things_asked(question: str) -> bool:
    """Whether a question asks two things: a second question word after "and"
    (`asks_two_things`), two things asked together (`_TWO_TOGETHER`, `_INTO_WHICH`), or one
    thing asked of two (`_OF_TWO`)."""
    return (
        asks_two_things(question)
        or _TWO_TOGETHER.search(question) is not None
        or _of_two(question)
        or _into_which(question) is not None
    )


def _of_two(question: str) -> bool:
    """Whether a question asks one thing of two (`_OF_TWO`), its noun after two articles no
    function word."""
    for found in _OF_TWO.finditer(question):
        if found.group("noun") is None or found.group("noun") not in FUNCTION_WORDS:
            return True
    return False


def _into_which(question: str) -> re.Match[str] | None:
    """`_INTO_WHICH` in a question, looked for only where the question ends in "which" or
    "what" (a question mark and white space aside, in its `lowered_as_matched` text), as the
    pattern needs: it would be tried at every character of every question."""
    end = lowered_as_matched(question).rstrip()
    if end.endswith("?"):
        end = end[:-1].rstrip()
    if not end.endswith(("which", "what")):
        return None
    return _INTO_WHICH.search(question)


def parts_asked(text: str, question: str) -> tuple[str, ...]:
    """The two parts of a key written without "and" to a question that asks two things
    (`two_things_asked`), or () when it is not one: parts set apart by commas ("Normandy,
    France"; "Bethel, New York, 1969": the pieces before the last, when none holds a figure, are
    one part, a place with its region added), or by the preposition of a question that asks
    which thing becomes which ("hydrogen into helium"). Never a number grouped with commas
    ("1,000": no space after its comma), a date ("July 14, 1789" is one part; "Paris, July 14,
    1789" three pieces), a part of more than `ITEM_WORDS` words."""
    # (the key's pieces first, the question's patterns only for a key of two: a key with no
    # comma is one piece unless the question asks which thing becomes which)
    into = _into_which(question) if "," not in text else None
    if into is not None:
        pieces = re.split(rf"\s+{into.group(1)}\s+", text, flags=re.IGNORECASE)
    else:
        *first, last = _COMMA.split(text)
        if first and first[-1][-1:].isdigit() and last[:1].isdigit():
            return ()  # a date or a number ("July 14, 1789"), one part
        if len(first) > 1 and not any(_DIGIT.search(piece) for piece in first):
            first = [", ".join(first)]  # a place with its region added ("Bethel, New York")
        pieces = [*first, last]
    if len(pieces) != 2 or any(
        len(piece.split()) > ITEM_WORDS or not (_WORD.search(piece) or _DIGIT.search(piece))
        for piece in pieces
    ):
        return ()
    if not two_things_asked(question):
        return ()
    return (pieces[0].strip(), pieces[1].strip())

"""The key in a bare list with others (DESIGN 4.6, v4): K013 "the key listed with others".

An answer that is nothing but a **bare list**, two to four short items joined by "and", "&" or
commas ("Tigris and Euphrates", "bishop, queen", "the Tigris and the Euphrates"), one of them an
accepted answer and another none, to a question that asks for one thing ("Which river flows
through Baghdad?", "Which chess piece can only move diagonally?"), does not choose between its
items: it names the key beside another candidate. Partial (K013), as a hedge between candidates
is (K010, `grader.rules.candidates`).

The items: each one to three words, an article before it aside, no figure, no function word
(a phrase that describes, "Mont Blanc, at about 4,805 m", "Barry Bonds, with 762", is no item;
(v4) nor, after a first word in lower case, one of another language's, "chef des Arvernes":
`grader.rules.languages.FUNCTION_WORDS_ABROAD`),
the whole answer eight words at most. Items joined only by a comma are read when they are in
lower case or three or more: two names joined by a comma are a place and its region ("Oslo,
Norway", "Paris, France"), or a title ("Kiss Me, Kate"). (v4) Two persons' full names joined
by a comma alone are read, to a question that asks for one person (`grader.rules.surnames.
asks_for_person`, not "Who were ...?"): "Geoff Hurst, Martin Peters" asked who scored a
hat-trick. Each is shaped as a person's name (a title aside) and opens with a given name the
tables hold (`grader.rules.given_names.is_listed_given_name`); never an apposition ("Geoff
Hurst, England's striker", "Geoff Hurst, West Ham", "Steve Jobs, Apple Inc"), a surname written
first ("Hurst, Geoff"), the key marked as the answer ("**Geoff Hurst**, Martin Peters"). A
given name the tables lack is not read ("Alexander Fleming, Howard Florey" is left as it was):
the cost of telling a person from a club or a company without a list of them.

Never:
- a question that asks for several (`grader.rules.lists.asks_for_several`: "Which two rivers
  ...?", "Name both ..."): the list is the answer;
- an accepted answer that holds "and", "&" or a comma itself: the key may be the pair or a name
  with "and" in it ("Tigris and Euphrates", "Marks and Spencer", "Romeo and Juliet", "Simon &
  Garfunkel");
- another item that holds a word of an accepted answer (the key said twice, or in other words:
  "Tigris and Tigris River");
- (v4) **the question's own words restated**: an item whose words are only the question's,
  compared by their stems (`grader.rules.gaps.content_stems`: "strawberry" and "strawberries"),
  a transcribed answer's words of speech aside (`SPOKEN`: "yeah", "okay", "well"; "um", "uh"
  are no words of content), is the question restated before its answer, no other item: "yeah
  eggs bacon and sausages", asked what a full English has besides eggs and bacon, gives the key
  alone; "Backgammon uses gammons and a doubling cube" restates the terms it was asked about.
  Never an item with a word of its own ("yeah eggs toast and sausages": toast is listed beside
  the key); another item beside the restated words is still one ("eggs bacon, beans and
  sausages": partial, beans beside the key);
- a list with words of its own around it ("Topic: A and B"), or more than one sentence ("The
  tibia. Sorry, the femur.": a correction), an item that says the key inside a
  phrase of its own ("Backgammon sets and chess"), or a figure, in words too
  ("July 20, 1969", "eight minutes and twenty seconds", "Neutral, pH seven");
- (v4) **a thing and its name**: two pieces joined by a comma alone, one a description (an
  article, then words in lower case: "a rod-shaped bacterium", "the highest peak") and the
  other a name (capitalised past its article: "Mycobacterium tuberculosis", "the Saxophone"),
  in either order ("A woodwind, the Saxophone", "Everest, the highest peak"): the name says
  what the thing is, no second item. Never two descriptions ("a star, a planet", "the bishop,
  the queen"), two names ("Paris, Lyon"), nor items without an article ("bishop, queen"), which
  stay a list.
"""

from __future__ import annotations

import re

from grader.rules.gaps import content_stems
from grader.rules.given_names import is_listed_given_name
from grader.rules.languages import FUNCTION_WORDS_ABROAD
from grader.rules.lists import asks_for_several
from grader.rules.normalize import has_digit, normalize
from grader.rules.question_words import says_as_asked
from grader.rules.surface import FUNCTION_WORDS, surface
from grader.rules.surface_forms import ARTICLES, TITLES, person
from grader.rules.surface_match import content_words
from grader.rules.surnames import asks_for_person

MOST_WORDS = 8
MOST_ITEMS = 4
ITEM_WORDS = 3
_EDGE = " \"'`.!?*_"
# What joins items: a comma (", and" too), "and", "&".
_JOINER = re.compile(r"\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+", re.IGNORECASE)
_AND = re.compile(r"\s(?:and|&)\s", re.IGNORECASE)
# What an accepted answer that is a pair or a name with "and" holds.
_PAIRED = re.compile(r",|\s(?:and|&)\s|&", re.IGNORECASE)
# A sentence's end or a clause's break inside the answer.
_BREAK = re.compile(r"[.!?;:](?:\s|$)")
_ITEM_WORD = re.compile(r"[^\W\d_][\w'’.-]*")
# Words of speech a transcribed answer holds beside what it names ("yeah eggs bacon and
# sausages"): no item's words. (Those of one or two letters, "um", "uh", "oh", "ok", no word of
# content is read in.)
SPOKEN = frozenset("yeah yep yup yes okay erm hmm well".split())
# A question for persons in the plural ("Who were the Beatles?"): it asks for several.
_PLURAL_WHO = re.compile(r"\W*who\s+(?:were|are)\b", re.IGNORECASE)


def bare_items(answer_text: str, persons: bool = False) -> tuple[str, ...]:
    """The items of an answer that is nothing but a bare list (see the module), each without
    its article; () for any other answer. With ``persons`` (a question that asks for a person),
    two names joined by a comma alone are read when both are shaped as a person's full name
    ("Geoff Hurst, Martin Peters")."""
    text = answer_text.strip().strip(_EDGE)
    if ("," not in text and _AND.search(text) is None) or len(text.split()) > MOST_WORDS:
        return ()  # (the cheap tests first: most answers are no short list)
    if _BREAK.search(text) is not None:
        return ()  # two sentences or clauses ("The tibia. Sorry, the femur.")
    items = []
    pieces = _JOINER.split(text)
    for piece in pieces:
        words = piece.split()
        if words and words[0].lower() in ARTICLES:
            words = words[1:]
        if not 1 <= len(words) <= ITEM_WORDS:
            return ()
        if not all(
            _ITEM_WORD.fullmatch(word) and word.lower() not in FUNCTION_WORDS for word in words
        ):
            return ()
        if words[0][:1].islower() and FUNCTION_WORDS_ABROAD.intersection(words[1:]):
            return ()  # a phrase that describes, in another language ("chef des Arvernes")
        items.append(" ".join(words))
    if not 2 <= len(items) <= MOST_ITEMS:
        return ()
    if (
        _AND.search(text) is None
        and len(items) == 2
        and all(i[:1].isupper() for i in items)
        and not (persons and all(_full_name(item) for item in items))
    ):
        return ()  # "Oslo, Norway": a place and its region, or a title
    if len(pieces) == 2 and _AND.search(text) is None and _apposition(*pieces):
        return ()  # "a woodwind, the Saxophone": a thing and its name
    return tuple(items)


def _apposition(first: str, second: str) -> bool:
    """Whether two pieces joined by a comma alone are a thing and its name, in either order: one
    a description, an article then words in lower case ("a woodwind", "the highest peak"), the
    other a name, its first word past an article capitalised ("Everest", "the Saxophone").
    Never two descriptions ("a bishop, a queen") nor two names ("Paris, Lyon")."""
    return (_description(first) and _name(second)) or (_name(first) and _description(second))


def _description(piece: str) -> bool:
    words = piece.split()
    return len(words) > 1 and words[0].lower() in ARTICLES and all(w.islower() for w in words[1:])


def _name(piece: str) -> bool:
    words = piece.split()
    if words and words[0].lower() in ARTICLES:
        words = words[1:]
    return bool(words) and words[0][:1].isupper()


def _full_name(item: str) -> bool:
    """Whether an item is a person's full name: shaped as one (`grader.rules.surface_forms.
    person`: capitalised words, two or three), a title aside, and opened by a given name the
    tables hold (`grader.rules.given_names.is_listed_given_name`): "Geoff Hurst", "Sir Geoff
    Hurst"; never "West Ham", "Apple Inc", "England's striker", "Hurst" alone."""
    words = item.split()
    while words and words[0].lower().rstrip(".") in TITLES:
        words = words[1:]
    return len(words) >= 2 and bool(person(" ".join(words))) and is_listed_given_name(words[0])


def listed_with_others(
    accepted_answers: tuple[str, ...], question: str, question_surface: str, answer_text: str
) -> tuple[str, ...]:
    """The item of a bare list answer that says an accepted answer and the other items beside
    it, to a question that asks for one thing (("Tigris", "Euphrates") for "Tigris and
    Euphrates", key "Tigris"), or () (see the module).

    Args:
        accepted_answers: The key's accepted answers, as written.
        question: The question as written.
        question_surface: Its canonical form (`grader.rules.surface.surface`).
        answer_text: The answer's asserted text as written.
    """
    items = bare_items(answer_text)
    if (
        not items
        and answer_text.count(",") == 1
        and len(answer_text.split()) <= MOST_WORDS
        and answer_text.lstrip(_EDGE)[:1].isupper()
        and _AND.search(answer_text) is None
    ):
        # (two persons' names joined by a comma: a question for one person, not "who were")
        persons = asks_for_person(question_surface) and _PLURAL_WHO.match(question) is None
        items = bare_items(answer_text, persons) if persons else ()
    if not items or any(_PAIRED.search(accepted) for accepted in accepted_answers):
        return ()
    if asks_for_several(question):
        return ()
    said = []
    others = []
    key_words = frozenset(
        word
        for accepted in accepted_answers
        for word in content_words(surface(normalize(accepted)))
    )
    asked = content_words(question_surface)
    for item in items:
        item_surface = surface(normalize(item))
        if has_digit(item_surface):
            return ()  # a figure, in words too ("eight minutes and twenty seconds")
        if any(
            says_as_asked(accepted, question_surface, item_surface, item)
            for accepted in accepted_answers
        ):
            if content_words(item_surface) - key_words - asked:
                return ()  # the key inside a phrase of its own ("Backgammon sets")
            said.append(item)
        else:
            others.append((item, item_surface))
    restated = content_stems(question_surface)
    others = [  # (the question's own words restated beside the key are no other item)
        (item, item_surface)
        for item, item_surface in others
        if not content_stems(item_surface) - SPOKEN <= restated
    ]
    if not said or not others:
        return ()
    for _, item_surface in others:
        if content_words(item_surface) & key_words:
            return ()  # the key again in other words
    return tuple(said[:1]) + tuple(item for item, _ in others)

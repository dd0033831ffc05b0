"""Matching an accepted answer in an answer (DESIGN 4.6): `says`, in any of the accepted
answer's forms (`grader.rules.surface_forms`), against the answer's canonical form, with these
families:

- **inflection** of each word: a plural or a possessive, of a word of at least four letters
  ("glacier" by "glaciers", "ostriches" by "ostrich", "mosquito" by "mosquitoes", "heroes" by
  "hero", "virus" by "viruses", "cassini division" by "cassini's division"); a key's
  possessive before the noun it names is said with or without its "'s" ("cassini's division"
  by "cassini division", "boddington's beer" by "boddingtons beer").
  Never: another word ("new" is not "news", "glacier" is not "glaciered", "hero" is not
  "heron"); an irregular plural ("geese", "mice", "wolves" are not read); a key's last word
  without its possessive ("moe's" is not "moe", "mcdonald's" not "mcdonald").
- **compounds**: two words of three letters or more are said as one ("bee keeper" by
  "beekeeper", "coat-hanger" by "coathanger"), and a key's word as two that join to it, each of
  three letters or more, with a space or a hyphen between ("coathanger" by "the Coat Hanger",
  "blackbird" by "black bird", "firefly" by "fire-fly"); a comma may stand between words ("kiss
  me, kate"). Never: a part of one or two letters ("apart" is not "a part", "nobody" not "no
  body", "another" not "an other"), only one of the parts ("coat" is not "coathanger"), a third
  word ("coat rack hanger"), parts that join to another word. Decided and known: "every one" and
  "everyone", "green house" and "greenhouse", "New Castle" and "Newcastle" are said the same (a
  key is read by its letters: the sense a space makes is left to a reader; each is a name or
  a word people write either way more often than a key means the other).
- **a figure with its noun or unit**: "7" is said by "7 seasons", "8.8 km" by "8.8km". Never: a
  number that merely contains the key's digits ("7" is not "7.5", "17" or "1,700").
- **a figure said bare**: a key that is a figure and its unit ("6 years", "9.58 seconds") is
  said by the figure alone in the answer's first sentence, with no word of its own after it
  ("6", "Bolt ran 9.58 in Berlin", "the minimum age was nine"), when the unit is one of
  duration (years, months, weeks, days, hours, minutes, seconds). Never: a key whose noun counts
  ("23 pairs" is not said by "23", nor "7 seasons" by "7"); a unit of length, mass or
  temperature, where the bare figure may mean another unit ("50" for "50 km", "180" for "180
  °C"); another unit or a noun after the figure ("6 months", "6 players"), a range or a share
  ("6 to 8 years", "6 of the 9"), a decimal, an amount or a sign ("6.5", "$6", "6%"), a list's
  marker ("1. China"), a later sentence.
- **an abbreviation's dot inside the key**: a short abbreviation (one to four letters and a dot:
  "v.", "St.", "Dr.", "Mt.", "vs.", "Co.", "Bros.") before another word of the key is said with
  or without its dot ("Miranda v. Arizona" by "Miranda v Arizona"), and a key's word of one to
  three consonants ("v", "vs", "St", "Mt", "Dr") with it ("Roe v Wade" by "Roe v. Wade");
  initials with dots ("U.S.") are one word already (`grader.rules.surface`). Never its letters
  changed ("vs" is not "v"), a dot between digits ("3.5" is not "35"), a key's last word (its
  dot is an edge, `grader.rules.surface_forms.without_edges`).
- **a word and its abbreviation**: a key's word of the abbreviation table
  (`grader.rules.surface.ABBREVIATIONS`: "bros", "st", "mt", "co", "inc", "jr", ...) is said by
  the words it stands for, and a key's full word by its abbreviation, with or without its dot
  ("Super Mario Bros." by "Super Mario Brothers", "Mount Kilimanjaro" by "Mt. Kilimanjaro",
  "Ford Motor Company" by "Ford Motor Co."). "st" and "dr" stand for either of their words
  ("Saint", "Street"; "Doctor", "Drive"): the key's other words fix which. Never: a key of one
  word ("Co" is cobalt, not "company"), a word not in the table ("Orange County" is not "Orange
  Co(mpany)"), the table's word inside another ("Genesis" is not "Gen"), a unit after a figure
  ("10 ft"), another name that shares the word ("Salomon Brothers" for "Lehman Brothers",
  "Super Mario World" for "Super Mario Bros."). Known and accepted: a key that abbreviates
  something else ("Mt. Gox", no mountain) is said by the table's expansion ("Mount Gox"), which
  names the same thing with the key's other words.
- **citation digits glued to the last word** by chat models with web search: "mandela" is said
  by "mandela2." (one or two digits after a word of at least three letters). Never: a key that
  ends in a digit ("covid-19" is not "covid-18").
- **conjuncts in any order**: "chile and argentina" is said by "argentina and chile": every
  conjunct said. Never: only some of them ("simon" is not "simon and garfunkel").
- **a person's name given shorter**: the surname alone, or after the key's first name, its
  initial or its form (`says_name`; "Jimmy Carter" for "James Earl Carter",
  `grader.rules.given_names`); in a longer answer, the surname alone as its first sentence's
  subject or agent ("Tolkien wrote it", "It was painted by Van Gogh"); the surname alone only
  for a key that is a person's name (its first word an initial, an honorific or a given name
  the tables list, or the question asks for a person: `_persons_name`). Never another first name
  or another middle word, a surname in the possessive ("Shelley's husband Percy"), a surname of
  three letters or fewer ("See the gallery" for "Holy See"), nor one after the first sentence,
  nor a thing's last word asked for a thing ("Lieutenant" for "Second Lieutenant", "Canyon"
  for "Grand Canyon", "Cross" for "Red Cross");
  nor another person of the key's surname, where the key lists the surname alone or every
  accepted answer gives a given name before it ("Venus Williams" for "Serena Williams /
  Williams", "Washington Roebling" for "John Roebling": `grader.rules.surnames`, read by
  `grader.rules.content_check.says_key`).
- **a name's initials alone**: "JFK" says "John F. Kennedy", "NASA" "National Aeronautics and
  Space Administration": an answer that is nothing but the initials of a name of two words or
  more, in capitals. Never in lower case, inside a sentence ("JFK airport"), or for a key that
  is no name ("Procter and gamble"); with dots or an article, "The U.S." says "United States".
- **a state or province by its postal code** after a place and a comma ("Denver, CO" for
  "Colorado"): `grader.rules.surface_places`, with its counter-examples.
- **initials spelled out**: a key's initials with dots are said by the words they stand for, in
  capitals, the rest of the key as written: "U.S. Citizenship and Immigration Services" by
  "United States Citizenship and Immigration Services", "J.K. Rowling" by "Joanne Kathleen
  Rowling". Never: words in lower case ("us citizenship"), a word too many or too few ("Joanne
  Rowling"), other first letters ("United Kingdom Citizenship ..."), the rest of the key
  changed, a mention rejected.

An accepted answer mentioned only as what is rejected ("not X", "rather than X", "instead of
X") is not said by that mention ("not only X" says it), nor when it ends what is rejected, one
or two words of it before the mention ("not Serena Williams" rejects "Williams", "not the Aedes
mosquito" "mosquito"). Never across a comma or a contrast word ("not Venus but Williams", "not
Paris, Lyon"), nor after a negation of a word that is no part of what is named ("not only", "not
sure", "not until", "not even"), nor of a bound ("should not exceed 1,200 mg", "not more than
7,000": a bound, which says the figure).

When no accepted answer is said, `shares_words` tells whether the answer holds at least half of
one's content words beyond the question's: it may say the key in other words, and a reader
decides; otherwise it asserts another fact.

Why one file: it is one function's definition. `says` tries the families above on each form of an
accepted answer in one order (its initials alone or spelled out; the one regular expression
`form_pattern` builds, joining the inflection, compound, dot, abbreviation and glued-digit forms;
the name given shorter; the bare figure), and each family's counter-examples above are what its
part of that order must refuse.
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

from grader.rules.candidates import uncommitted
from grader.rules.given_names import is_listed_given_name, same_given_name
from grader.rules.match import _literal, none_before
from grader.rules.surface import (
    ABBREVIATIONS,
    FUNCTION_WORDS,
    figure_forms,
    fold_diacritics,
    word_forms,
)
from grader.rules.surface_forms import NAME_PARTICLES, forms, without_bounds, without_edges
from grader.rules.surface_places import may_say_postal, postal_code, postal_pattern
from grader.rules.surface_units import MEASURES, finer_figure

# --- matching --------------------------------------------------------------------------------

_PLURAL_S = re.compile(r"(?<=[^\W\d_]{3})(?<![su])s$")
_PLURAL_ES = re.compile(r"(?<=[^\W\d_]{3})(?:(?<=ch)|(?<=sh)|(?<=x)|(?<=ss)|(?<=z))es$")
_PLURAL_IES = re.compile(r"(?<=[^\W\d_]{3})ies$")
_PLURAL_OES = re.compile(r"(?<=[^\W\d_]{3})oes$")


def _word_forms(word: str) -> str:
    """A regular expression for a word of the key and its plural or singular, with an
    optional possessive: "glacier" -> glacier(?:s|es)?; "ostriches" -> ostrich(?:es)?;
    "mosquito" -> mosquito(?:e?s)?; "heroes" -> hero(?:es|e|s)? ("canoes" is "canoe");
    "virus" -> virus(?:es)?. Irregular plurals are not read ("geese", "mice", "wolves")."""
    if len(word) < 4 or not word.isalpha():
        return re.escape(word)
    if _PLURAL_IES.search(word):
        stem = word[:-3]
        return re.escape(stem) + r"(?:ies|y)(?:'s?)?"
    if _PLURAL_OES.search(word):  # "heroes" is "hero", "canoes" "canoe"
        return re.escape(word[:-2]) + r"(?:es|e|s)?(?:'s?)?"
    if _PLURAL_ES.search(word):
        return re.escape(word[:-2]) + r"(?:es)?(?:'s?)?"
    if _PLURAL_S.search(word) and len(word) >= 5:
        return re.escape(word[:-1]) + r"s?(?:'s?)?"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return re.escape(word[:-1]) + r"(?:y|ies)(?:'s?)?"
    if word.endswith(("ch", "sh", "x", "ss", "z", "us")):
        return re.escape(word) + r"(?:es)?(?:'s?)?"
    if word.endswith("o"):  # "mosquitoes", "radios"
        return re.escape(word) + r"(?:e?s)?(?:'s?)?"
    return re.escape(word) + r"s?(?:'s?)?"


# A negation just before a mention, in its clause: what is rejected is not said. The mention
# may end what is rejected: one or two words of it may stand between ("not serena williams"
# rejects "williams", "not the aedes mosquito" "mosquito"), never a function word or one that
# makes the negation no rejection of the words after it ("not only", "not sure", "not until").
# (also the second of two rejected together: "not france or switzerland")
_NOT_OF_A_NAME = (
    "|".join(sorted(FUNCTION_WORDS))
    + "|but|only|just|merely|even|also|yet|until|since|so|too|very|quite|really|sure|certain"
    + "|necessarily|exactly|always|ever|long|far|much|more|less|least|about|because|if|nor|or"
    # a negated bound is a bound ("should not exceed 1,200 mg" is at most 1,200 mg)
    + "|exceed|exceeding|surpass|above|below|over|under|beyond"
)
_REJECTED = re.compile(
    r"(?<!\w)(?:not|rather than|instead of|nor)(?: (?:the|a|an|in|at|by|to|of))?"
    r"(?: [\w'-]+(?: [\w'-]+)?,? (?:or|nor) (?:the )?"
    r"|(?: (?!(?:" + _NOT_OF_A_NAME + r")(?![\w'-]))[^\W\d_][\w'-]*){1,2} )?\s*$"
)
_NOT_ONLY = re.compile(r"(?<!\w)not (?:only|just|merely)\s*$")


# A possessive that names what follows after it ("cassini's division"): said with or without
# its "'s".
_POSSESSOR = re.compile(r"[^\W\d_]{2,}'s")
# A short abbreviation's dot inside a key ("miranda v. arizona", "st. louis", "dr. dre", "kramer
# vs. kramer", "warner bros. records"): one to four letters and a dot, said with or without it;
# and a word of one to three consonants ("v", "vs", "st", "mt", "dr"), an abbreviation written
# without its dot, said with it. Never a word's last letters before a sentence's full stop (a
# word of the key before another of its words is matched), nor a dot between digits ("3.5").
_ABBREVIATED = re.compile(r"[^\W\d_]{1,4}\.")
_DOTLESS = re.compile(r"[b-df-hj-np-tv-xz]{1,3}")
# A year that opens a decade, at the end of a form: "1990" is not said by "1990s" (canonical
# "1990 s") or "1990's" (`grader.rules.periods.decade_for_year`).
_DECADE_YEAR = re.compile(r"(?<![\d.,])(?:1\d{2}0|20\d0)$")


# A figure and the letters glued to it, as a canonical form's word ("3.5", "1.8x", "3rd").
_FIGURE_GLUED = re.compile(r"(\d[\d.,]*)([^\W\d_]*)")


@lru_cache(maxsize=16384)
def form_pattern(text: str) -> re.Pattern[str] | None:
    """The pattern of one canonical form: whole words, each inflected; digits that
    merely contain it excluded; citation digits glued to its last word allowed."""
    if not text:
        return None
    words = text.split(" ")
    body = ""
    for number, word in enumerate(words):
        if number:
            # where a letter meets a digit, the space is optional ("8.8km"); between two words
            # a comma may stand ("kiss me, kate")
            before = words[number - 1][-1:]
            if before.isdigit() != word[:1].isdigit():
                body += "[- ]?"
            elif len(words[number - 1]) >= 3 and len(word) >= 3 and word.isalpha():
                body += "(?:,?[- ]|)"  # a compound in one word or two ("bee keeper")
            else:
                body += ",?[- ]"
        inside = number < len(words) - 1
        other_forms = (
            word_forms(word.rstrip("."))
            if len(words) > 1 and not (number and words[number - 1][-1:].isdigit())
            else ()
        )
        if other_forms:  # "bros" is "brothers", "saint" is "st." ("super mario brothers")
            body += _abbreviation_forms(word.rstrip("."), other_forms)
        elif inside and (_ABBREVIATED.fullmatch(word) or _DOTLESS.fullmatch(word)):
            body += re.escape(word.rstrip(".")) + r"\.?"  # "v." is "v" ("miranda v arizona")
        elif word.isalpha():
            body += _word_forms(word)
        elif _HYPHENATED.fullmatch(word):  # "coat-hanger" is "coat hanger" or "coathanger"
            body += _hyphenated_forms(word)
        elif inside and _POSSESSOR.fullmatch(word):
            body += re.escape(word[:-2]) + r"(?:'s?|s)?"  # "cassini's division", "cassini division"
        elif (glued := _FIGURE_GLUED.fullmatch(word)) and (
            figure := figure_forms(glued.group(1))
        ) is not None:
            # "3.5" is also "3,5", "1500" "1.500" (`grader.rules.surface`), "1.8x" "1,8x"
            if (
                inside
                and not glued.group(2)
                and words[number + 1] in MEASURES
                and (finer := finer_figure(word)) is not None
            ):
                figure = f"(?:{figure}|{finer})"  # "116.07 m" for "116 m" (`surface_units`)
            body += figure + ("[- ]?" + _literal(glued.group(2)) if glued.group(2) else "")
        else:
            body += _literal(word)
    if re.search(r"\d$", text):
        end = r"(?!\w)(?![.,]\d)"
        if _DECADE_YEAR.search(text):
            end += r"(?! ?'?s(?!\w))"  # a decade is not the year it opens with ("1990s")
    elif re.search(r"[^\W\d_]{3}$", text):
        end = r"(?:\d{1,2}(?=[\s.,;:!?)\]]|$))?(?!\w)"
    elif re.search(r"\w$", text):
        end = r"(?!\w)"
    else:
        end = ""
    if re.match(r"\w", text):  # (no word character, nor a figure's digit and its point, before)
        body = none_before(body, (r"\w", r"\d[.,]"))
    return re.compile(body + end)


# A compound's parts: each of at least three letters ("coat hanger", never "a part", "no body").
_PART = 3
_HYPHENATED = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")


@lru_cache(maxsize=16384)
def _compound_splits(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each word of a canonical form of at least six letters, beside its ways as two words of
    at least three letters each, with a space or a hyphen between ("coathanger": "coa thanger",
    "coat hanger", ..., "coat-hanger", ...)."""
    return tuple(
        (
            word,
            tuple(
                word[:cut] + between + word[cut:]
                for cut in range(_PART, len(word) - _PART + 1)
                for between in " -"
            ),
        )
        for word in text.split(" ")
        if len(word) >= 2 * _PART and word.isalpha()
    )


def compound_joined(text: str, answer_surface: str) -> str | None:
    """The answer's canonical form with the two words that join to a word of the form written as
    that word ("the coat hanger" as "the coathanger" for "coathanger"), or None when it holds no
    such two words. (Looked for as substrings, only when the form is not said as written and the
    answer holds the word's first three letters; the form's pattern then reads the words' edges:
    "raincoat hanger" joined is "raincoathanger", no word of the key.)"""
    joined = answer_surface
    for word, splits in _compound_splits(text):
        if word[:_PART] not in joined:
            continue  # (every split opens with them)
        for split in splits:
            if split in joined:
                joined = joined.replace(split, word)
    return None if joined == answer_surface else joined


def _hyphenated_forms(word: str) -> str:
    """A key's hyphenated word said with a hyphen, a space or, between two parts of at least
    three letters, nothing ("coat-hanger" by "coathanger"; "jack-o-lantern" keeps its "o")."""
    parts = word.split("-")
    body = re.escape(parts[0])
    for before, part in itertools.pairwise(parts):
        joined = len(before) >= _PART and len(part) >= _PART
        body += ("(?:[- ]|)" if joined else "[- ]") + re.escape(part)
    return body


def _abbreviation_forms(word: str, other_forms: tuple[str, ...]) -> str:
    """A key's word of the abbreviation table said as written or in its other forms: an
    abbreviation with or without its dot, a full word inflected ("brothers", "brother's")."""
    alternatives = []
    for form in (word, *other_forms):
        if form in ABBREVIATIONS:
            alternatives.append(re.escape(form) + r"\.?")
        else:
            alternatives.append(_word_forms(form))
    return "(?:" + "|".join(alternatives) + ")"


def _said(pattern: re.Pattern[str], text: str) -> bool:
    """Whether the pattern occurs in the text other than as a rejected alternative or as one of
    alternatives the answer does not choose between (`uncommitted`)."""
    for found in pattern.finditer(text):
        if not uncommitted(text, found.start(), found.end()) and not rejected(text, found.start()):
            return True
    return False


def rejects(accepted: str, answer_surface: str) -> bool:
    """Whether the answer mentions the accepted answer only to reject it ("it was not
    argentina; france won") or as one of alternatives it does not choose between ("tigris or
    euphrates")."""
    mentioned = False
    for form in forms(accepted):
        pattern = form_pattern(form.text) if not form.capitals else None
        if pattern is None:
            continue
        for found in pattern.finditer(answer_surface):
            mentioned = True
            if not rejected(answer_surface, found.start()) and not uncommitted(
                answer_surface, found.start(), found.end()
            ):
                return False
    return mentioned


_OR_NEXT = re.compile(r",? or (?:the |an? )?")


def two_names(accepted_answers: tuple[str, ...], answer_surface: str) -> bool:
    """Whether the answer joins two names of the key by "or" ("earth's magnetic field or
    geomagnetic field", "the netherlands or holland" where both are accepted answers): a gloss,
    the key said, never candidates."""
    if " or " not in answer_surface:
        return False
    patterns = [
        pattern
        for accepted in accepted_answers
        for form in forms(accepted)
        if not form.capitals and (pattern := form_pattern(form.text)) is not None
    ]
    for pattern in patterns:
        for found in pattern.finditer(answer_surface):
            joined = _OR_NEXT.match(answer_surface, found.end())
            if joined is not None and any(
                other.match(answer_surface, joined.end()) for other in patterns
            ):
                return True
    return False


def among_candidates(accepted: str, answer_surface: str) -> bool:
    """Whether the answer names the accepted answer only as one of candidates it does not
    choose between (`uncommitted`: "maybe 1927 or 1928"), never rejecting it. (A shortcut: an
    answer without " or " offers no candidates, `uncommitted` holding no mention, and its forms
    are not looked for; tests/test_shortcuts.py.)"""
    if " or " not in answer_surface:
        return False
    return among_candidates_by_definition(accepted, answer_surface)


def among_candidates_by_definition(accepted: str, answer_surface: str) -> bool:
    """`among_candidates` without its shortcut: every form looked for in every answer."""
    among = False
    for form in forms(accepted):
        pattern = form_pattern(form.text) if not form.capitals else None
        if pattern is None:
            continue
        for found in pattern.finditer(answer_surface):
            if rejected(answer_surface, found.start()) or not uncommitted(
                answer_surface, found.start(), found.end()
            ):
                return False
            among = True
    return among


def rejected(text: str, start: int) -> bool:
    before = text[max(0, start - 40) : start]
    clause = re.split(r"[.;:!?()]", before)[-1]
    return _REJECTED.search(clause) is not None and _NOT_ONLY.search(clause) is None


def says_name(name: str, answer_text: str, asked: str = "") -> bool:
    """Whether the answer gives the person's name shorter: the surname alone ("Fleming" for
    "Alexander Fleming"), or after the key's first name, its initial or its form ("Bill" for
    "William": `grader.rules.given_names.same_given_name`), with middle names where
    the key has none ("Lev Nikolayevich Tolstoy" for "Lev Tolstoy") and the key's own where it
    has them ("Mary W. Shelley"); in a longer answer, the surname alone as its first sentence's
    subject or agent ("Tolkien wrote it", "It was painted by Van Gogh"). Never with another first
    name ("Percy Bysshe Shelley" is not
    "Mary Shelley") or another middle word ("Universal System Bus" is not "Universal Serial
    Bus"); never a surname alone after a word that qualifies it ("14th Amendment" is not
    "Thirteenth Amendment", "the sprinter Bolt" is left to the key itself), nor a surname of
    three letters or fewer in a longer answer ("See the gallery" is not "Holy See"), nor one in
    the possessive ("Shelley's husband Percy"), nor one after the first sentence; never
    in lower case ("a city" is not "Vatican City"); never a mention rejected or among
    alternatives. The surname alone says only a key that is a person's name
    (`_persons_name`: "Lieutenant" is no surname of "Second Lieutenant"); ``asked`` is the
    question's canonical form, "" where there is none."""
    first, middle, surname = _name_parts(name)
    text = fold_diacritics(answer_text)
    lowered = text.lower()
    short = len(text.split()) <= 3
    for found in _surname_pattern(surname).finditer(text):
        if _NAME_FOLLOWS.match(text, found.end()):
            continue  # the surname is another's first name ("Cameron Crowe")
        before = text[: found.start()]
        run = re.search(r"((?:[A-Z][\w'.-]*\.?\s)*)$", before)
        names = run.group(1).split() if run else []
        # the name as a whole is what is rejected or among alternatives ("not Bobby Moore")
        opens = run.start(1) if run else found.start()
        if uncommitted(lowered, opens, found.end()) or rejected(lowered, opens):
            continue
        if not names:
            qualified = any(
                word.strip("\"'(),.:;").lower() not in FUNCTION_WORDS for word in before.split()
            )
            alone = (short and not qualified) or _opens_the_answer(
                before, text, found.end(), surname
            )
            if alone and _persons_name(first, asked):  # the surname is the answer
                return True
            continue
        given = names[0].rstrip(".")
        if not same_given_name(given, first):
            continue  # another given name: not the key's, its initial or its form
        if not middle or all(_same_name(word, middle) for word in names[1:]):
            return True
    return False


# An honorific before a name: a person's (never a rank or a title that also names things:
# "General Motors", "King Crimson", "Captain Marvel" are read by the question).
_HONORIFICS = frozenset("sir dame lord lady saint st dr mr mrs ms miss professor prof rev".split())


def _persons_name(first: str, asked: str) -> bool:
    """Whether a key shaped as a person's name (`grader.rules.surface_forms.person`) is one for
    its surname given alone: its first word is an initial ("J. R. R. Tolkien"), an honorific
    that stands only before a person's name (`_HONORIFICS`: "St Colm", "Sir Arthur Evans"), a
    given name the tables list (`grader.rules.given_names.is_listed_given_name`: "Alexander
    Fleming"), or the question asks for a person (`grader.rules.surnames.asks_for_person`:
    "Who directed Seven Samurai?" for "Akira Kurosawa"), or there is no question. Never a
    thing's name whose first word is a word ("Second Lieutenant", "Grand Canyon", "Red Cross",
    "Holy Roman Empire") asked for a thing ("What is the lowest commissioned officer rank?").
    (Read only when a surname alone is found: the cheap tests first.)"""
    if len(first) == 1 or first.lower() in _HONORIFICS or is_listed_given_name(first) or not asked:
        return True
    from grader.rules.surnames import asks_for_person  # (surnames reads this module)

    return asks_for_person(asked)


_NAME_FOLLOWS = re.compile(r"\s+[A-Z][a-z]")
# The surname alone as the first sentence's subject ("Tolkien wrote it", "Maradona, against
# England") or its agent ("It was painted by Van Gogh in 1889", never negated: "not set by
# Brown"): what comes before it.
_OPENS = re.compile(
    r"^[\s\"'“‘(*]*$|^(?![^.!?;:]*\b(?:not|never|nor)\b)[^.!?;:]*\bby\s+$", re.IGNORECASE
)
_POSSESSIVE = re.compile(r"['’]")


def _opens_the_answer(before: str, text: str, end: int, surname: str) -> bool:
    """Whether a surname given alone opens the answer's first sentence or follows its "by", and
    is not in the possessive ("Shelley's husband" names someone else) nor a short word ("See
    the gallery" is no "Holy See")."""
    return (
        len(surname.split()[-1]) >= 4
        and _OPENS.search(before) is not None
        and _POSSESSIVE.match(text, end) is None
    )


def _name_parts(name: str) -> tuple[str, list[str], str]:
    """A person's name as its first name, middle words and surname (with its particles: "da
    Vinci", "van Gogh")."""
    words = name.split()
    start = len(words) - 1
    while start > 1 and words[start - 1] in NAME_PARTICLES:
        start -= 1
    return words[0].rstrip("."), words[1:start], " ".join(words[start:])


def _surname_pattern(surname: str) -> re.Pattern[str]:
    """The surname as written, its particles in either case ("Van Gogh" for "van Gogh")."""
    *particles, last = surname.split()
    body = "".join(f"(?i:{re.escape(particle)}) " for particle in particles) + re.escape(last)
    return re.compile(rf"(?<![\w-]){body}(?!['\w-](?!s\b))")


def _same_name(word: str, middle: list[str]) -> bool:
    """A middle word of the answer's name that is one of the key's, or its initial."""
    bare = word.rstrip(".").lower()
    return any(
        bare == other.rstrip(".").lower() or (len(bare) == 1 and other.lower().startswith(bare))
        for other in middle
    )


_CONJUNCTION = re.compile(r"\s*(?:,\s*and|,|\band\b|&)\s*")


def says(accepted: str, answer_surface: str, answer_text: str = "", asked: str = "") -> bool:
    """Whether the answer says the accepted answer in one of its forms.

    Args:
        accepted: One accepted answer, as the key writes it.
        answer_surface: The answer's asserted text in its canonical form (`surface` of the
            normalised text).
        answer_text: The asserted text as written (case kept), where an abbreviation alone is
            looked for in capitals.
        asked: The question's canonical form, where a name given shorter is read against it
            (`says_name`); "" where there is none.
    """
    if answer_text and _initials_alone(accepted, answer_text):
        return True
    spelled_out = initials_spelled_out(accepted)
    if spelled_out is not None and answer_text and _said_as_written(spelled_out, answer_text):
        return True
    code = postal_code(accepted) if answer_text else ""
    if (
        code
        and may_say_postal(code, answer_text)
        and _said_as_written(postal_pattern(code), answer_text)
    ):
        return True  # "Denver, CO" for "Colorado" (`grader.rules.surface_places`)
    for form in forms(accepted):
        if form.capitals:
            if re.search(rf"(?<!\w){re.escape(form.capitals)}(?!\w)", answer_text):
                return True
            continue
        pattern = form_pattern(form.text)
        if pattern is not None and _said(pattern, answer_surface):
            return True
        joined = compound_joined(form.text, answer_surface) if pattern is not None else None
        if joined is not None and pattern is not None and _said(pattern, joined):
            return True  # a compound written as two words ("the coat hanger")
        if answer_text and form.name and says_name(form.name, answer_text, asked):
            return True
        bare = bare_figure(form.text)
        if bare is not None and _said(bare, _first_sentence(answer_surface)):
            return True
        conjuncts = [piece for piece in _CONJUNCTION.split(form.text) if piece]
        if len(conjuncts) > 1 and all(
            (found := form_pattern(without_edges(piece))) is not None
            and _said(found, answer_surface)
            for piece in conjuncts
        ):
            return True
    return False


# A key that is a figure and its unit ("6 years", "9.58 s", "42.195 km"), and what may follow the
# figure said bare: the clause's end, or a small word that opens no unit of its own ("ran 9.58 in
# Berlin"); never a word ("6 months", "6 players"), "of", "to", "and" or "or" ("6 of 9", "6 to 8
# years"), a decimal or a sign.
_FIGURE_AND_UNIT = re.compile(r"^(\d+(?:\.\d+)?) (\S+)$")
# A unit of duration: never a count noun ("23 pairs" is 46 chromosomes, "7 players"), a share
# ("68%"), nor a unit of length, mass or temperature, where the figure alone may mean another
# unit ("50" for "50 km" may be miles, "180" for "180 °C" Fahrenheit).
_DURATIONS = frozenset("year years month months week weeks day days h min s ms".split())
_AFTER_BARE = (
    r"(?=\s*$|[,;:!?)]|\.(?!\d)|\s+(?:in|at|on|by|for|with|from|during|since|before|after|when"
    r"|which|that|as|but)\b)"
)


@lru_cache(maxsize=4096)
def bare_figure(text: str) -> re.Pattern[str] | None:
    """The pattern of a figure-and-unit form's figure said bare, without a unit or noun after
    it ("6" for "6 years", "ran 9.58 in berlin" for "9.58 s"); None for another form."""
    found = _FIGURE_AND_UNIT.match(text)
    if found is None or found.group(2) not in _DURATIONS:
        return None
    return re.compile(r"(?<![\w$€£¥#.,/+-])" + re.escape(found.group(1)) + _AFTER_BARE)


# The answer's first sentence: a figure said bare is read there only (a list's "1." or a later
# incidental number is no answer).
_SENTENCE_END = re.compile(r"[.!?](?!\d)(?:\s|$)|\n")


def _first_sentence(text: str) -> str:
    found = _SENTENCE_END.search(text.lstrip())
    stripped = text.lstrip()
    return stripped if found is None else stripped[: found.end()]


# The words of a name as a key writes it, and the small words a name's initials leave out.
_NAME_WORD = re.compile(r"[^\W\d_][\w'’.-]*")
_UNINITIALLED = NAME_PARTICLES | {"of", "and", "the", "for"}


# Initials with dots in a key: two to four capitals, each followed by a dot ("U.S.", "U.K.").
_DOTTED = re.compile(r"(?<![\w.])((?:[A-Z]\.){2,4})(?!\w)")


@lru_cache(maxsize=4096)
def initials_spelled_out(accepted: str) -> re.Pattern[str] | None:
    """The pattern of an accepted answer whose initials with dots are written as the words they
    stand for, in capitals, the rest of it as written ("U.S. Citizenship and Immigration
    Services" said "United States Citizenship and Immigration Services"); None when it holds no
    such initials."""
    if _DOTTED.search(accepted) is None:
        return None
    pieces = []
    for token in without_edges(accepted.strip()).split():
        dotted = _DOTTED.fullmatch(token)
        if dotted is not None:
            letters = dotted.group(1).replace(".", "")
            pieces.append(r"\s+".join(f"{letter}[a-z]+" for letter in letters))
        else:
            pieces.append(f"(?i:{re.escape(token)})")
    return re.compile(r"(?<![\w.])" + r"\s+".join(pieces) + r"(?!\w)")


def _said_as_written(pattern: re.Pattern[str], answer_text: str) -> bool:
    """Whether the pattern occurs in the text as written other than as a rejected alternative
    or one of alternatives the answer does not choose between."""
    lowered = answer_text.lower()
    return any(
        not uncommitted(lowered, found.start(), found.end())
        and not rejected(lowered, found.start())
        for found in pattern.finditer(answer_text)
    )


def _initials_alone(accepted: str, answer_text: str) -> bool:
    """Whether the answer is nothing but the initials of an accepted answer that is a name of
    two words or more, in capitals ("JFK" for "John F. Kennedy", "FDR" for "Franklin D.
    Roosevelt", "RDJ" for "Robert Downey Jr." and "MLK" for "Martin Luther King Jr.", "NASA" for
    "National Aeronautics and Space Administration"), with dots or an article ("The U.S." for
    "United States"). Never in lower case, inside a sentence, or for a key with a word in lower
    case beside its small words (not a name)."""
    said = answer_text.strip().strip(".!?\"'")
    if said[:4].lower() == "the ":  # "The U.S.", "the UK"
        said = said[4:].strip()
    if "." in said and _DOTTED.fullmatch(said + ".") is not None:
        said = said.replace(".", "")
    if not 2 <= len(said) <= 6 or not said.isalpha() or not said.isupper():
        return False
    words = [word for word in _NAME_WORD.findall(accepted) if word.lower() not in _UNINITIALLED]
    if len(words) < 2 or not all(word[0].isupper() for word in words):
        return False
    initials = "".join(word[0] for word in words)
    # a "Jr." or "Sr." is initialled or not ("RDJ", "MLK")
    suffixed = words[-1].rstrip(".").lower() in ("jr", "sr", "jnr", "snr")
    return said == initials or (suffixed and said == initials[:-1])


# --- the key in other words --------------------------------------------------------------------

_WORD = re.compile(r"[^\W_]+")


@lru_cache(maxsize=4096)
def content_words(text_surface: str) -> frozenset[str]:
    """The words of a canonical text that carry its content: words of at least three letters
    that are not function words. A number is no such word: another number is another fact."""
    return frozenset(
        _stem(word)
        for word in _WORD.findall(text_surface)
        if len(word) >= 3 and word.isalpha() and word not in FUNCTION_WORDS
    )


def _stem(word: str) -> str:
    for ending in ("ies", "es", "s", "'s"):
        if len(word) > len(ending) + 3 and word.endswith(ending):
            return word[: -len(ending)]
    return word


def shares_words(accepted: str, answer_surface: str, question_surface: str = "") -> bool:
    """Whether the answer holds at least half of an accepted answer's content words (those
    beyond the question's) without saying it: a name given shorter or longer ("jimmy webb" for
    "james h. webb"), the words in another form or order. A reader decides. Never: an answer
    that shares fewer than half ("harry" alone for "harry potter and the prisoner of azkaban"
    is another fact), a word of a bound another class shares ("than": "more than 50" is
    another bound than "fewer than 50")."""
    asked = content_words(question_surface)
    for form in forms(accepted):
        # (a bound's words are no content: "more than 50" does not say "fewer than 50" in
        # other words, it says another bound)
        wanted = content_words(without_bounds(form.text)) - asked
        # (a word holds its stem: a wanted word the answer holds is in it as written)
        if not wanted or 2 * sum(word in answer_surface for word in wanted) < len(wanted):
            continue
        figures = set(_NUMBER.findall(form.text))
        if figures and figures.isdisjoint(_NUMBER.findall(answer_surface)):
            continue  # another figure with the key's words ("220 volts" for "120 volts")
        if 2 * len(wanted & content_words(answer_surface)) >= len(wanted):
            return True
    return False


_NUMBER = re.compile(r"\d+(?:\.\d+)?")

"""The key less the words the question asks with (DESIGN 4.6, grader v4).

A question often names part of its key: its type noun ("Which *amendment* abolished
slavery?", key "13th Amendment"; "Which *lake* ...?", "Lake Victoria"; "Which *river* ...?",
"River Seine") or a surname ("Which *Adams* ...?", "John Quincy Adams"). What the answer must
give is the rest of the key: its **distinguishing part**, the key without the words at its
start or its end that the question names (as words of content, in any inflection).

- The key is said when the answer says its distinguishing part ("The 13th.", "Victoria", "the
  Seine", "the thirteenth" by the surface families), or the whole key word for word.
- Where the question names part of the key, the key given shorter in another way is not the
  key: a name without the middle names that the surname the question names leaves to tell it
  apart ("John Adams" for "John Quincy Adams" to "Which Adams ...?").
- A distinguishing part of one word is looked for only in a short answer (four words at most:
  "The Seine.", "The 13th."); in a longer one, a word alone may name another thing ("Victoria
  Falls", "the Fourteenth Amendment (the 13th only applied to ...)"), and the other rules (a
  reader) decide.
- (v4) **the rest said inside another name**: where the words the question names open the key,
  the rest is the key's end, and an answer that says it only right after another name's words,
  in the place of the words the question names, names another thing of the key's kind or another
  thing that shares its end (`in_another_name`): "Water Music" is not "Fireworks Music" to
  "Which piece by Handel was written for a 1749 fireworks display?" ("music" is the key's kind,
  not what tells it apart), "Mount Victoria" or "Queen Victoria" not "Lake Victoria" to "Which
  lake feeds the White Nile?", "Gemini 11" not "Apollo 11" to "Which Apollo mission first landed
  on the Moon?", "New Mexico" not "Gulf of Mexico" to "Which gulf ...?". Another name's words
  are capitalised words right before the rest, as another qualifier is read
  (`grader.rules.other_kinds.name_before`: an article before them left out; never a function
  word; a capital that opens a sentence says nothing unless the phrase is the whole answer). The
  rest is then not said; the other rules decide (a reader, another name in the key's place).
  Never: the rest alone or after an article ("The Seine.", "It is Victoria."), after a word the
  question names ("Royal Fireworks Music", "Firework Music": the question's word in the key's
  place) or a form of the key's own word ("Art. 50" for "Article 50": its abbreviation,
  `grader.rules.other_names.is_form_of`), after a word in lower case ("the mighty Seine": a
  description, not a name), a mention rejected ("Music, not Water Music" says "music" free), the
  key said whole ("Handel's Fireworks Music"); nor where the question names the key's end (the
  rest is its start, "19th" of "19th Amendment", "Suez" of "Suez Canal"): in running text a
  name's first words are followed by a verb or by a name of their own ("In 1998 France won" for
  "1998 World Cup"), which capitals cannot tell from another name ("1998 Olympics"). Known cost:
  a capitalised word that only describes ("The Mighty Seine", "Version 3" for "Python 3" to
  "Which Python release ...?") sends the answer to the other rules, most often a reader.

- A unit the question names ("How many milligrams ...?", "..., in Celsius?") need not be
  repeated after the key's figure: "100 degrees." answers "100 °C" to "..., in Celsius?", "81"
  answers "81 mg" to "How many milligrams ...?". Never the figure in another unit of the
  table ("100 °F", "81 g"); a unit the table does not hold (kelvin) is not read.

- (v4) **a number hyphenated to the noun the question counts**: "a four-star rank" answers "4"
  to "How many stars ...?", "a three-time winner" "3" to "How many times ...?", "a
  twelve-month term" "12" to "How many months ...?" (a number word or a figure, joined by a
  hyphen to the counted noun, singular or plural, one of the two words after "how many"). The
  number in words is read here only: a figure hyphenated to any noun ("24-hour") is the figure
  said already (`grader.rules.surface_match`). Never: a noun the question does not count ("a
  four-star general" for "How many generals ...?", "a twenty-four-hour shift" for "How many
  days ...?"), another number ("a five-star hotel" for 4), a number that is only part of a
  longer one ("twenty-four-star" is 24, not 4), a rejected mention ("not a four-star rank").
  The counted noun may be said as its adjective in -ed (`counted_adjectives`): "a six-sided
  crystal" answers "6" to "How many sides ...?", "a three-pointed star" "3" to "How many points
  ...?", "an eight-legged animal", "a two-headed eagle", "a three-storied house" (the noun and
  "ed", "d" after its "e", "ied" for its "y" after a consonant, or its last consonant doubled:
  "legged", "petalled"). Never the adjective of a noun the question does not count ("a
  one-sided final" to "How many goals ...?", "a three-cornered hat" to "How many points
  ...?").

Never: a key the question names whole ("Which river, the Thames or the Seine ...?" for "River
Seine": nothing is left), or whose rest holds no word of content or figure; words of the
question that are not at the key's edges ("Mary Queen of Scots" keeps its "of Scots"); another
distinguishing part ("The 14th.", "the Atlantic" for "Pacific Ocean").
"""

from __future__ import annotations

import re
from functools import lru_cache

from grader.rules.candidates import uncommitted
from grader.rules.normalize import normalize
from grader.rules.other_kinds import mention_pattern, name_before, plain_word
from grader.rules.other_names import is_form_of
from grader.rules.surface import fold_diacritics, surface, without_foreign_letters
from grader.rules.surface_forms import forms
from grader.rules.surface_match import content_words, rejected, says
from grader.rules.surface_numbers import number_words
from grader.rules.units import UNIT_OF

_WORD = re.compile(r"\S+")
_FIGURE = re.compile(r"\d")
_LETTER = re.compile(r"[^\W\d_]$")  # a letter alone: "Vitamin D", "Plan B"
SHORT_ANSWER = 4  # words: where a distinguishing part of one word is looked for
_UNITS = frozenset(UNIT_OF.values())  # each unit in its one form


def distinguishing_part(accepted: str, question_surface: str) -> str:
    """The accepted answer (in its canonical form) without the words at its start and its end
    that the question names (``question_surface``: the question's canonical form); "" when the
    question names none of them, or when what is left holds no word of content and no
    figure (a letter alone counts: "d" of "Vitamin D")."""
    return _distinguishing(accepted, question_surface)[0]


@lru_cache(maxsize=16384)
def _distinguishing(accepted: str, question_surface: str) -> tuple[str, bool]:
    """The distinguishing part (`distinguishing_part`), and whether the question names words at
    the key's start (the rest is then the key's end: "music" of "Fireworks Music")."""
    asked = content_words(question_surface)
    if not asked:
        return "", False
    found = forms(accepted)
    if not found or not found[0].text:
        return "", False
    words = found[0].text.split(" ")
    start, end = 0, len(words)
    while start < end and _asked(words[start], asked):
        start += 1
    while end > start and _asked(words[end - 1], asked):
        end -= 1
    if (start, end) == (0, len(words)):
        return "", False
    rest = words[start:end]
    while rest and rest[0] in ("the", "a", "an", "of"):
        rest = rest[1:]
    while rest and rest[-1] in ("the", "a", "an", "of"):
        rest = rest[:-1]
    text = " ".join(rest)
    if not text or not (content_words(text) or _FIGURE.search(text) or _LETTER.match(text)):
        return "", False
    return text, start > 0


def _asked(word: str, asked: frozenset[str]) -> bool:
    """Whether a word of the key is one the question names (as a word of content)."""
    return bool(content_words(word) & asked)


@lru_cache(maxsize=4096)
def units_asked(question_surface: str) -> frozenset[str]:
    """The units a question names by a written form of two characters or more ("How many
    milligrams ...?", "..., in Celsius?", "in km"), each in its one form (`grader.rules.units`)."""
    return frozenset(
        unit
        for written, unit in UNIT_OF.items()
        if len(written) >= 2
        and re.search(rf"(?<![\w/]){re.escape(written)}(?![\w/])", question_surface) is not None
    )


@lru_cache(maxsize=16384)
def figure_in_asked_unit(accepted: str, question_surface: str) -> tuple[str, str]:
    """A key that is a figure and its unit (canonical: "81 mg") whose unit the question names:
    the figure and the unit ("81", "mg"); otherwise ("", "")."""
    found = forms(accepted)
    words = found[0].text.split(" ") if found else []
    if len(words) != 2 or not _FIGURE.search(words[0]) or words[1] not in _UNITS:
        return "", ""
    if words[1] not in units_asked(question_surface):
        return "", ""
    return words[0], words[1]


def _in_another_unit(figure: str, unit: str, answer_surface: str) -> bool:
    """Whether the answer gives the figure in a unit of the table that is not the key's ("100
    °f" where "100 °c" is asked)."""
    for found in re.finditer(rf"(?<![\w.]){re.escape(figure)} ?(\S+)", answer_surface):
        written = found.group(1).rstrip(".,;:!?)")
        if written != unit and written in _UNITS:
            return True
    return False


def says_distinguishing_part(
    accepted: str, question_surface: str, answer_surface: str, answer_text: str
) -> bool | None:
    """Whether the answer says the accepted answer, read against the question: None when the
    question names no edge of it (the accepted answer is said or not as it stands); otherwise
    whether the answer says its distinguishing part (`distinguishing_part`) or the whole
    accepted answer word for word (no name given shorter)."""
    figure, unit = figure_in_asked_unit(accepted, question_surface)
    if figure:  # the unit the question names need not be repeated ("100 degrees." in Celsius)
        if says(accepted, answer_surface):
            return True
        return says(figure, answer_surface) and not _in_another_unit(figure, unit, answer_surface)
    rest, key_end = _distinguishing(accepted, question_surface)
    if not rest:
        return None
    if says(accepted, answer_surface):  # word for word (no answer text: no shorter name)
        return True
    if " " not in rest and len(_WORD.findall(answer_text)) > SHORT_ANSWER:
        return False
    if key_end and in_another_name(rest, question_surface, answer_text, accepted):
        return False  # "Water Music" for "Fireworks Music" (the module's docstring)
    return says(rest, answer_surface, answer_text, question_surface)


def in_another_name(rest: str, question_surface: str, answer_text: str, accepted: str = "") -> bool:
    """Whether the answer says a key's end (``rest``: the distinguishing part left where the
    question names the key's start) only inside another name (the module's docstring): every
    mention of it not rejected, in the answer as written, comes right after words written as a
    name (`grader.rules.other_kinds.name_before`: capitalised, not opening a sentence unless the
    phrase is the whole answer) whose last is no word the question names nor a form of a word
    of the ``accepted`` answer (`grader.rules.other_names.is_form_of`: "Art. 50" for "Article
    50") ("Water Music" for "music" of "Fireworks Music"); False where the answer mentions it
    otherwise, or not by its words (the other forms `says` reads)."""
    asked = content_words(question_surface)
    key_words = forms(accepted)[0].text.split() if accepted and forms(accepted) else []
    text = fold_diacritics(answer_text)
    lowered = text.lower()
    mentioned = False
    for form in forms(rest):
        pattern = mention_pattern(form.text) if not form.capitals else None
        if pattern is None:
            continue
        for found in pattern.finditer(text):
            if rejected(lowered, found.start()):
                continue
            names = name_before(text, found.start(), found.end())
            last = plain_word(names[-1]) if names else ""
            if (
                not last
                or _asked(last, asked)
                or any(is_form_of(last.rstrip("."), word) for word in key_words)
            ):
                return False  # the rest alone, or with the key's own word in its place
            mentioned = True
    return mentioned


def says_as_asked(
    accepted: str, question_surface: str, answer_surface: str, answer_text: str
) -> bool:
    """Whether the answer says the accepted answer: by its distinguishing part where the
    question names an edge of it (`says_distinguishing_part`), otherwise as it stands
    (`grader.rules.surface.says`)."""
    found = says_distinguishing_part(accepted, question_surface, answer_surface, answer_text)
    if found is None:
        return says(accepted, answer_surface, answer_text, question_surface)
    return found


def says_damaged(accepted_answers: tuple[str, ...], asserted_text: str, asked: str) -> bool:
    """Whether the answer says an accepted answer damaged by a lost encoding: written with its
    letters outside ASCII dropped, as some datasets' files hold them ("Beyonc", "Lszl Br"), and
    said by the answer's text damaged the same way ("Beyoncé", "László Bíró"), or, where the
    damage shows (`_plain_letters`), by the answer in plain letters ("Laszlo Biro"). Only an
    accepted answer in ASCII of four characters or more (a word of the answer that loses a
    letter must not become a short key: "Ōno" is not "No"), and only as a last resort: an
    answer that says the key as written never reads this. Never a mention rejected or (v4) one
    of candidates the answer does not choose between (`grader.rules.candidates.uncommitted`:
    "Either St Catherine's or St Anthony's", a key's "St" read as damage, is the key among
    candidates, as every other reading of the key finds it)."""
    if not asserted_text.isascii():
        damaged = without_foreign_letters(asserted_text)
        said = surface(normalize(damaged))
        if any(
            len(accepted) >= 4
            and accepted.isascii()
            and says_as_asked(accepted, asked, said, damaged)
            for accepted in accepted_answers
        ):
            return True
    patterns = [found for accepted in accepted_answers if (found := _plain_letters(accepted))]
    if not patterns:
        return False
    plain = surface(normalize(asserted_text))
    return any(
        not rejected(plain, found.start()) and not uncommitted(plain, found.start(), found.end())
        for pattern in patterns
        for found in pattern.finditer(plain)
    )


_VOWELS = frozenset("aeiouy")
_ANY_VOWELS = "[aeiouy]*"


@lru_cache(maxsize=4096)
def _plain_letters(accepted: str) -> re.Pattern[str] | None:
    """What says a damaged accepted answer in plain letters, or None where no damage shows. A
    lost encoding drops accented letters, most of them vowels ("László" is "Lszl"); the damage
    shows in a word of two letters or more with no vowel that is not written in capitals (an
    abbreviation: "BBC", "NHS"). Said by the answer's words in order, each the key's word with
    vowels only added ("Laszlo Biro" for "Lszl Br", "Bjorn Borg" for "Bjrn Borg"). Never a key
    with a vowel in every word ("Mller" is not said by "Miller"), a key under four characters
    ("Br"), a word with any other letter added ("Blvd" is not "Boulevard"), a mention
    rejected ("not Laszlo Biro")."""
    words = accepted.split()
    if len(accepted) < 4 or not accepted.isascii():
        return None
    if not any(
        len(word) >= 2 and word.isalpha() and not word.isupper() and not _VOWELS & set(word.lower())
        for word in words
    ):
        return None
    spelled = [
        _ANY_VOWELS + _ANY_VOWELS.join(re.escape(letter) for letter in word.lower()) + _ANY_VOWELS
        for word in words
    ]
    return re.compile(r"(?<!\w)" + r" ".join(spelled) + r"(?!\w)")


# What a question counts: one of the two words after "how many" ("how many stars", "how many
# michelin stars").
_COUNTED = re.compile(r"\bhow many ([a-z]+)(?: ([a-z]+))?")
# A number (a figure or number words) joined by a hyphen to a word: "four-star", "twenty-four-hour",
# "12-month"; the number opens its word ("non-four-star" is none).
_HYPHENATED_COUNT = re.compile(r"(?<![\w-])((?:[a-z]+-)??[a-z0-9]+)-([a-z]+)(?![\w-])")
_KEY_FIGURE = re.compile(r"\d+")


def counted_nouns(question_surface: str) -> frozenset[str]:
    """The nouns a question counts, singular and as written ("how many stars": "star",
    "stars"); empty for a question that counts nothing."""
    found = _COUNTED.search(question_surface)
    if found is None:
        return frozenset()
    nouns: set[str] = set()
    for word in found.groups():
        if word is None:
            continue
        nouns.add(word)
        if word.endswith("ies"):
            nouns.add(word[:-3] + "y")
        elif word.endswith("es"):
            nouns.update((word[:-2], word[:-1]))
        elif word.endswith("s"):
            nouns.add(word[:-1])
    return frozenset(nouns)


_VOWELS = frozenset("aeiou")


@lru_cache(maxsize=1024)
def counted_adjectives(question_surface: str) -> frozenset[str]:
    """The counted nouns' adjectives in -ed ("how many sides": "sided"; "legs": "legged",
    "points": "pointed", "stories": "storied"), each made from a singular or a written form
    (`counted_nouns`): the noun and "ed", "d" after a final "e", "ied" for a final "y" after a
    consonant, and the last consonant doubled after a single vowel ("leg": "legged", "petal":
    "petalled")."""
    found: set[str] = set()
    for noun in counted_nouns(question_surface):
        if noun.endswith("e"):
            found.add(noun + "d")
            continue
        if noun.endswith("y") and len(noun) > 1 and noun[-2] not in _VOWELS:
            found.add(noun[:-1] + "ied")
            continue
        found.add(noun + "ed")
        if _single_vowel_then_consonant(noun):
            found.add(noun + noun[-1] + "ed")
    return frozenset(found)


def _single_vowel_then_consonant(noun: str) -> bool:
    """Whether a noun ends in one vowel and a consonant that may be doubled ("leg", "petal";
    not "boot", "wheel", "claw", "box")."""
    last, before, earlier = noun[-1], noun[-2:-1], noun[-3:-2]
    return (
        last not in _VOWELS and last not in "wxy" and before in _VOWELS and earlier not in _VOWELS
    )


def says_hyphenated_count(accepted: str, question_surface: str, answer_surface: str) -> bool:
    """Whether the answer says the key's number hyphenated to the noun the question counts or
    to its adjective in -ed (the module's docstring: "a four-star rank" for "4" to "How many
    stars ...?", "six-sided" for "6" to "How many sides ...?")."""
    if "how many" not in question_surface or "-" not in answer_surface:
        return False
    found = forms(accepted)
    if not found or _KEY_FIGURE.fullmatch(found[0].text) is None:
        return False
    figure, nouns = found[0].text, counted_nouns(question_surface)
    for hyphenated in _HYPHENATED_COUNT.finditer(answer_surface):
        if (
            (
                hyphenated.group(2) in nouns
                or hyphenated.group(2) in counted_adjectives(question_surface)
            )
            and number_words(hyphenated.group(1)) == figure
            and not rejected(answer_surface, hyphenated.start())
        ):
            return True
    return False

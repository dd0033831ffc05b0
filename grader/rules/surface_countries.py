"""A country said by its people's adjective (DESIGN 4.6, grader v4), read where a key is
matched (`grader.rules.content_check.says_key`) when the question asks which country:

- **the adjective alone or before one noun**: "Israeli" says "Israel", "Icelandic singer"
  "Iceland", "the French state" "France", when the question asks which or what country (or
  nation): "Which country's intelligence agency is Mossad?", "What country is Björk from?". The
  adjective opens its noun phrase (at the answer's start, after punctuation or a function
  word: "It is Israeli.", "the Israeli agency."), and it or its one noun ends its clause.
- **its regular forms**, built from the key's own letters (a key of one word, four letters or
  more; no table): the key and "i" ("Israeli", "Iraqi", "Pakistani"); a key in "a" and "n"
  ("Russian", "Kenyan"); in "e", "an" or "ian" for the "e" ("Chilean", "Ukrainian"); in "o",
  "an" for the "o" ("Mexican"); in "y", "ian" for the "y" or the "y" dropped ("Italian",
  "German"); in "ey", "ish" for it ("Turkish"); the key and "ese", or "ese" for its last vowel
  ("Japanese", "Chinese"); in "land", "ish" for its "and" ("Polish", "English"), or for
  "land" with the consonant before it doubled ("Finnish", "Scottish"), or the key and "ic"
  ("Icelandic").
- **a small table of irregular adjectives** (`_IRREGULAR`): the adjectives the regular forms do
  not build of the states of Europe and of the twenty most populous states ("French",
  "Dutch", "Greek", "Swiss", "Irish", "British" for "United Kingdom", "Brazilian", "Egyptian",
  "Iranian"). Its limit: a state outside those whose adjective is irregular ("Peruvian",
  "Malagasy") is not read; the state's long name with its adjective ("the French Republic",
  "the Hellenic Republic" is not in it) is read for a table adjective only.

Never: a question that asks no country ("Israeli" for "Who founded Mossad?", a people or a
language asked); an adjective with a word before it that is part of another state's name
("South Sudanese" for "Sudan", "Equatorial Guinean" for "Guinea"); a built adjective before
"republic", another state's proper name ("Dominican Republic" for "Dominica"; no state is
named by a built adjective and "kingdom", so "the Tongan kingdom" says Tonga);
"ian" after a key's consonant ("Nigerian" is Nigeria's, not Niger's: "Niger" and "ian" is not
read, so "Brazilian" is the table's); the adjective and its noun as the question writes them
("Indian Ocean" for "India" when the question names the Indian Ocean); an adjective inside a
longer phrase ("the Israeli intelligence agency": two words after it); a rejected mention ("not
Israeli"). A state's long name with the key in it ("Republic of Ireland") is the key said as a
phrase already (`grader.rules.surface_match`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from grader.rules.surface import FUNCTION_WORDS
from grader.rules.surface_match import rejected

# The question asks which country: "which country", "what country", "which European country",
# "in what nation".
_ASKS_COUNTRY = re.compile(r"\b(?:which|what) (?:[a-z]+ )?(?:country|nation)\b")
_KEY_WORD = re.compile(r"[a-z]{4,}")
_STATE_NAME_WORDS = frozenset(("republic",))
_CLAUSE_END = re.compile(r"\s*(?:[.,;:!?)\]]|$)")
_VOWELS = "aeiou"
_POSSESSIVE = re.compile(r"['’]s$")

# Irregular adjectives (the module's docstring: its limit): the states of Europe and the twenty
# most populous states whose adjective the regular forms do not build.
_IRREGULAR: dict[str, tuple[str, ...]] = {
    "france": ("french",),
    "netherlands": ("dutch",),
    "holland": ("dutch",),
    "greece": ("greek",),
    "switzerland": ("swiss",),
    "spain": ("spanish",),
    "denmark": ("danish",),
    "sweden": ("swedish",),
    "norway": ("norwegian",),
    "portugal": ("portuguese",),
    "wales": ("welsh",),
    "ireland": ("irish",),
    "scotland": ("scots",),
    "britain": ("british",),
    "united kingdom": ("british",),
    "cyprus": ("cypriot",),
    "belgium": ("belgian",),
    "monaco": ("monegasque",),
    "luxembourg": ("luxembourgish",),
    "slovakia": ("slovak",),
    "czechia": ("czech",),
    "croatia": ("croatian", "croat"),
    "serbia": ("serbian", "serb"),
    "lithuania": ("lithuanian",),
    "brazil": ("brazilian",),
    "egypt": ("egyptian",),
    "iran": ("iranian",),
    "vietnam": ("vietnamese",),
    "philippines": ("filipino", "philippine"),
    "thailand": ("thai",),
    "bangladesh": ("bangladeshi",),
    "congo": ("congolese",),
    "united states": ("american",),
}


def asks_country(question_surface: str) -> bool:
    """Whether the question (its canonical form) asks which or what country or nation."""
    return ("countr" in question_surface or "nation" in question_surface) and (
        _ASKS_COUNTRY.search(question_surface) is not None
    )


def built_adjectives(key: str) -> tuple[str, ...]:
    """The regular adjectives of a key of one word (the module's docstring), built from its
    letters; () for a key of other characters or fewer than four letters."""
    if _KEY_WORD.fullmatch(key) is None:
        return ()
    built = [key + "i", key + "ese"]
    last = key[-1]
    if last == "a":
        built.append(key + "n")
    elif last == "e":
        built += [key + "an", key[:-1] + "ian"]
    elif last == "o":
        built.append(key[:-1] + "an")
    elif last == "y":
        built += [key[:-1] + "ian", key[:-1]]
        if key.endswith("ey"):
            built.append(key[:-2] + "ish")
    if last in _VOWELS or last == "y":
        built.append(key[:-1] + "ese")
    if key.endswith("land") and len(key) >= 6:
        stem = key[:-4]
        built += [key[:-3] + "ish", stem + stem[-1] + "ish", key + "ic"]
    return tuple(built)


@lru_cache(maxsize=4096)
def _adjective_pattern(key: str) -> tuple[re.Pattern[str] | None, frozenset[str]]:
    """The pattern of a key's adjectives (built and the table's) and the table's alone."""
    table = _IRREGULAR.get(key, ())
    adjectives = sorted({*built_adjectives(key), *table}, key=len, reverse=True)
    if not adjectives:
        return None, frozenset()
    pattern = re.compile(r"(?<![\w'’-])(" + "|".join(adjectives) + r")(?:( [a-z]+))?(?![\w'’-])")
    return pattern, frozenset(table)


def says_country(accepted: str, answer_surface: str, question_surface: str) -> bool:
    """Whether the answer (its canonical asserted text) says the country ``accepted`` by its
    people's adjective, the question (its canonical form) asking which country (the module's
    docstring)."""
    if not asks_country(question_surface):
        return False
    key = accepted.strip().lower().removeprefix("the ")
    pattern, table = _adjective_pattern(key)
    if pattern is None:
        return False
    for found in pattern.finditer(answer_surface):
        if _says_here(found, answer_surface, question_surface, table):
            return True
    return False


def _says_here(
    found: re.Match[str], text: str, question_surface: str, table: frozenset[str]
) -> bool:
    adjective, noun = found.group(1), found.group(2)
    if noun is not None and noun.strip() in _STATE_NAME_WORDS and adjective not in table:
        return False  # another state's proper name ("dominican republic")
    end = found.end() if noun is not None else found.end(1)
    if _CLAUSE_END.match(text, end) is None:
        return False  # inside a longer phrase ("the israeli intelligence agency")
    phrase = text[found.start() : end]
    if re.search(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])", question_surface):
        return False  # as the question writes it ("indian ocean")
    before = text[: found.start()].rstrip()
    if before and before[-1].isalnum():
        word = re.split(r"[^\w'’]", before)[-1]
        if _POSSESSIVE.sub("", word) not in FUNCTION_WORDS:
            return False  # a word of another name before it ("south sudanese")
    return not rejected(text, found.start())

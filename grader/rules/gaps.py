"""The question's gap (DESIGN 4.6, v4): what a question that asks for its subject asks for, and
what a sentence that restates it must hold. The answering sentence, and K008 and K009 that read
its filler, are `grader.rules.answering`'s.

- **the gap** (`gap_of`): a question that opens with "who", "what" or "which" (a noun after "what"
  or "which"), then its verb: a copula ("is", "was"), a past form, after "who" any verb, or after
  the noun a verb in the present before an article ("Which driver holds the record ...?"; never a
  plural noun before another word: "Which US states border Canada?"); an aside set off by commas
  is left out. A passive ("Which town is situated ...") and a perfect ("Who
  has won ...", "Which country has hosted ...") take their participle as their verb (never "Who has
  the most ...", where "has" is the verb). Its **head** is what a restatement must hold: the
  question's order words ("first", "only", "former", a superlative), its own verb (as a verb or its
  agent's noun: "founded" / "founder"), and, for a copula's question with neither, half its words.
- **the quiz order** (`_quiz_gap`, v4): the question's subject, then its verb, then its question
  phrase, last: "which" or "what" and one to three words ("The capital of Australia is which
  city?", "Firedamp is mainly which gas?"), "what" alone ("The gas which fills airships is
  what?": a "which" inside the subject is a relative, no question word), or "whom" / "who" after
  a passive's preposition ("Penicillin was discovered by whom?"). Its verb is a copula (an
  adverb after it, "mainly", is no word of the head), a naming word after one ("were known as
  what?", "is called what?": a copula's question, as `grader.rules.answering` reads "is known
  as X"), or a participle with its "by", "after" or "as" ("is run by which chef?", "is named
  after which dancer?"), whose word the restatement must hold before its filler ("The pavlova
  is named after X", `Gap.by`). Its head is the subject's words (half of them, or its order
  words: "The largest planet is which planet?") and the verb; the kind asked ("gas", "chef") is
  no word of the head: the filler stands in its place.
- **a restatement** (`restates`): words that hold the head, compared by their stems (`stem`: a
  verb and its agent's noun share one) among a text's words of content (`content_stems`), or,
  without the question's verb, its noun, its order words and another of its words ("the driver
  with the most wins" for "Which driver holds the record for the most wins?").
- **the question's words in other surface forms**: a number word is its figure ("Formula One",
  "Formula 1") and an abbreviation of the table the word it stands for ("Mt.", "Mount"), as
  `grader.rules.surface` reads them on the answer's side (`grader.rules.surface.word_form`).
  Synonyms ("mainly", "mostly") are not read: that needs a thesaurus.

Never:
- a gap in a question with another question word (when, where, how, "in which", "what did X
  do"), or in one that asks for several things; in quiz order, a question phrase after any other
  preposition ("The Louvre is in which city?" asks a place, as "In which city is the Louvre?"
  does; "was completed in which year?" a time; "is the capital of which country?", "was married
  to whom?" another role's complement), one that does not close the question ("is which
  number in English?"), an object's question ("Edison invented which device?", as "Which
  device did Edison invent?"), "how many", also at the subject's start ("How many soldiers were
  captured by which army?" asks a count; a title or a clause that opens with another question
  word is a subject as any: "How Green Was My Valley was directed by whom?");
- a restatement in another role: a qualified order word ("the largest *hot* desert", "the
  second largest": `qualified`), "not", "one of", "until", "formerly", "before", "after",
  "behind", "if" (`another_role`);
- a restatement by the noun without the question's noun ("Who won the most medals?": "the
  country with the most medals"), or with another noun ("the team with the most wins").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from grader.rules.lists import asks_for_several
from grader.rules.surface import ABBREVIATIONS, FUNCTION_WORDS, word_form
from grader.rules.surface_forms import ARTICLES
from grader.rules.surface_numbers import NUMBER_WORDS

WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
COPULAS = frozenset("is are was were".split())
HAVE = frozenset("has have had".split())
_AUXILIARIES = (
    COPULAS
    | HAVE
    | frozenset("do does did can could will would shall should may might must".split())
)
# Past forms that do not end in -ed: a verb after "which <noun>" ("Which team won ...?").
_IRREGULAR_PAST = frozenset(
    "won wrote made became began built sang ran led took gave came went held lost bought sold "
    "drew fought flew saw said told met kept left brought thought taught caught sent spent stood "
    "struck swam threw wore hit put set shot beat broke chose drove fell froze grew knew rode "
    "rose shook sank spoke stole tore".split()
)
_ORDER = re.compile(r"^(?:first|last|only|most|least|former|current|original|\w{3,}est)$")
# Words that name the gap rather than fill it ("What is the name of ...?").
_GAP_WORDS = frozenset("name named called known title".split())
_ENDINGS = ("ations", "ation", "ers", "ors", "ions", "ion", "ing", "ed", "er", "or", "es", "s", "e")
_LAST_WORDS = FUNCTION_WORDS | frozenset("about into after before under over like".split())


# An irregular verb's forms, each to its base ("wrote", "written": "write").
_BASES = {
    form: base
    for base, written in (
        ("write", "wrote written"),
        ("sing", "sang sung"),
        ("build", "built"),
        ("draw", "drew drawn"),
        ("make", "made"),
        ("lead", "led"),
        ("win", "won"),
        ("begin", "began begun"),
        ("fly", "flew flown"),
        ("give", "gave given"),
        ("take", "took taken"),
        ("hold", "held"),
        ("sell", "sold"),
        ("buy", "bought"),
        ("speak", "spoke spoken"),
        ("choose", "chose chosen"),
        ("teach", "taught"),
        ("have", "has had having"),
    )
    for form in written.split()
}


_POSSESSIVE = re.compile(r"['’]s$")


def _without_possessive(word: str) -> str:
    """``word`` without a possessive's "'s"; looked for only in a word that holds an apostrophe
    (a shortcut: the pattern needs one; tests/test_shortcuts.py)."""
    if "'" not in word and "’" not in word:
        return word
    return _POSSESSIVE.sub("", word)


def _possessive(word: str) -> bool:
    """Whether ``word`` ends in a possessive's "'s" (looked for only in a word that holds an
    apostrophe, as `_without_possessive`)."""
    return ("'" in word or "’" in word) and _POSSESSIVE.search(word) is not None


# The words whose stem is their canonical form (`grader.rules.surface.word_form`): "one" is
# "1", "mt" is "mount", "brothers" stays (no ending taken off: "bros" is "brothers").
_SPELLED = (
    NUMBER_WORDS
    | frozenset(ABBREVIATIONS)
    | frozenset(full for fulls in ABBREVIATIONS.values() for full in fulls)
)


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A word without a possessive and its ending: a verb and its agent's noun share one
    ("founded", "founder": "found"; "invented", "inventor": "invent"; "wrote", "written",
    "writer": "writ"). A number word and a word of the abbreviation table are their canonical
    form, the surface forms read on the question's side as on the answer's ("formula one" and
    "formula 1", "mount" and "mt")."""
    word = _without_possessive(word.lower())
    word = _BASES.get(word, word)
    if word == "have" or word in _SPELLED:
        return word_form(word)
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


@lru_cache(maxsize=16384)
def content_stems(text: str, possessive: bool = False) -> frozenset[str]:
    """The stems of a text's words of content (not a possessive unless asked: "Frankenstein's
    monster" is not Frankenstein)."""
    return frozenset(
        stemmed
        for word in WORD.findall(text)
        # (the stem's length: "one" is "1", too short to tell, as "1" is; "mt" is "mount")
        if len(stemmed := stem(word)) >= 3
        and word.lower() not in FUNCTION_WORDS
        and word.lower() not in _AUXILIARIES
        and word.lower() not in _GAP_WORDS
        and (possessive or not _possessive(word))
    )


@dataclass(frozen=True, slots=True, init=False)
class Gap:
    """What a question that asks for its subject is answered by restating: its verb's stem
    ("" for a copula), the noun after its question word, its order words, the stems of the rest,
    every word of the question (lower case, and stemmed), and the word before a passive's filler
    ("by"; in quiz order "after" or "as" too: "named after whom?")."""

    verb: str
    noun: frozenset[str]
    order: frozenset[str]
    rest: frozenset[str]
    words: frozenset[str]
    by: str

    def __init__(
        self,
        verb: str,
        noun: frozenset[str],
        order: frozenset[str],
        rest: frozenset[str],
        words: frozenset[str],
        by: str,
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "noun", noun)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "rest", rest)
        object.__setattr__(self, "words", words)
        object.__setattr__(self, "by", by)


_OPENING = re.compile(r"^\W*(?P<wh>who|what|which)\b(?P<tail>.*)$", re.IGNORECASE | re.DOTALL)
# An aside set off by commas; a comma doubled (",,") sets off none, the aside after it is read.
_ASIDE = re.compile(r",[^,?]+,")


@lru_cache(maxsize=4096)
def gap_of(question: str) -> Gap | None:
    """The gap of a question that asks for its subject or its subject's complement, in the usual
    order or in quiz order (see the module), or None."""
    opening = _OPENING.match(question)
    if asks_for_several(question):
        return None
    if opening is None:
        return _quiz_gap(question)
    asking = opening.group("wh").lower()
    words = WORD.findall(_ASIDE.sub(" ", opening.group("tail")))
    at = -1
    for place, word in enumerate(words[:4]):
        lowered = word.lower()
        if (
            lowered in _AUXILIARIES
            or lowered.endswith("ed")
            or lowered in _IRREGULAR_PAST
            or (asking == "who" and place == 0)
            or (place and _present(lowered, words[place + 1 : place + 2]))
        ):
            at = place
            break
    if at < 0 or (asking == "who" and at) or (asking == "which" and not at):
        return None
    verb, after = words[at].lower(), at + 1
    if verb in HAVE and after < len(words):
        following = words[after].lower()
        if following.endswith("ed") or following in _IRREGULAR_PAST:
            verb, after = following, after + 1  # a perfect ("Who has won ...?"): the participle
    if verb in ("do", "does", "did") or (not at and verb in HAVE):
        return None  # an object's question ("What did she do?", "What had he worked at?")
    noun, rest = words[:at], words[after:]
    if verb in COPULAS and rest:
        first, last = rest[0].lower(), rest[-1].lower()
        if first.endswith("ed") or first in _IRREGULAR_PAST:
            verb, rest = first, rest[1:]  # a passive ("Which town is situated near ...?")
        elif last in _LAST_WORDS or last.endswith(("ed", "ing")):
            return None  # an object's question ("What is he best known for producing?")
    lowered = [word.lower() for word in WORD.findall(question)]
    return Gap(
        "" if verb in COPULAS else stem(verb),
        frozenset(stem(word) for word in noun),
        frozenset(stem(word) for word in rest if _ORDER.match(word.lower())),
        frozenset(content_stems(" ".join(noun + rest))),
        frozenset(lowered) | frozenset(stem(word) for word in lowered),
        "by",
    )


# A question in quiz order: its subject, a copula (an adverb after it or not), a participle
# with its "by", "after" or "as" or a naming word ("called"), then its question phrase, last.
_QUIZ_ORDER = re.compile(
    r"^(?P<subject>.+?)\s+(?:is|are|was|were)\s+(?:(?P<adverb>[^\W\d_]+ly)\s+)?"
    r"(?:(?P<participle>[^\W\d_]+)\s+(?:(?P<by>by|after|as)\s+)?)?"
    r"(?P<wh>which|what|whom|who)(?P<noun>(?:\s+[^\W\d_][\w'’-]*){0,3})\W*$",
    re.IGNORECASE | re.DOTALL,
)
_SENTENCE_END = re.compile(r".*[.!?:;]\s+", re.DOTALL)
# A subject that asks a count itself ("How many soldiers were captured by which army?").
_COUNT_ASKED = re.compile(r"^\W*how\s+(?:many|much)\b", re.IGNORECASE)
# Words that name the gap as a copula does ("is known as X", "is called X": what `_COPULA` of
# `grader.rules.answering` reads after a copula).
_NAMING = frozenset("known called named termed".split())


def _quiz_gap(question: str) -> Gap | None:
    """The gap of a question in quiz order (see the module), or None."""
    found = _QUIZ_ORDER.match(_ASIDE.sub(" ", question).strip())
    if found is None:
        return None
    subject = _SENTENCE_END.sub("", found.group("subject"))
    asking, by = found.group("wh").lower(), (found.group("by") or "").lower()
    participle = (found.group("participle") or "").lower()
    noun = WORD.findall(found.group("noun"))
    if asking in ("who", "whom") and (not by or noun):
        return None  # "who" only after a passive's preposition ("discovered by whom?")
    if asking == "which" and not noun:
        return None
    if any(word.lower() in FUNCTION_WORDS for word in noun):
        return None  # the phrase does not close the question ("which number in English?")
    if participle in FUNCTION_WORDS or (participle and not by and participle not in _NAMING):
        return None
    if _COUNT_ASKED.match(subject) or not content_stems(subject):
        return None
    subject_words = WORD.findall(subject)
    lowered = [word.lower() for word in WORD.findall(question)]
    naming = participle in _NAMING and by in ("", "as")
    return Gap(
        "" if not participle or naming else stem(participle),
        frozenset(),
        frozenset(stem(word) for word in subject_words if _ORDER.match(word.lower())),
        content_stems(subject),
        frozenset(lowered) | frozenset(stem(word) for word in lowered),
        by if participle and not naming else "by",
    )


def _present(word: str, following: list[str]) -> bool:
    """Whether a word after the question's noun is a verb in the present, its third person
    before an article ("Which driver holds the record ...?", "What planet has a ..."): never a
    plural noun before another word ("Which US states border Canada?")."""
    return (
        len(word) >= 4
        and word.endswith("s")
        and not word.endswith("ss")
        and bool(following)
        and following[0].lower() in ARTICLES
    )


def restates(text: str, gap: Gap, *, agent: bool = False, pronoun: bool = False) -> bool:
    """Whether a part's words restate the question's head: its order words, its verb (with one
    of the rest's words, or alone after a pronoun, or as an agent's noun alone: "The founder
    was"), or, for a copula's question with neither, half the rest's words."""
    words = WORD.findall(text)
    held = content_stems(text) | {"have" for word in words if word.lower() in HAVE}
    if gap.verb in _GAP_WORDS:  # (a naming verb, "named after whom?": no word of content)
        held |= {word.lower() for word in words if word.lower() == gap.verb}
    if not gap.order <= held:
        return False
    if gap.verb:
        if gap.verb not in held:
            return _by_noun_and_order(held, gap)
        return bool(gap.rest & held) or pronoun or (agent and held <= {gap.verb})
    if gap.order:
        return True
    return bool(gap.rest) and 2 * len(gap.rest & held) >= len(gap.rest)


def _by_noun_and_order(held: frozenset[str], gap: Gap) -> bool:
    """Whether words without the question's verb restate it by its noun, its order words and
    another of its words ("the driver with the most wins" for "Which driver holds the record
    for the most wins?", "the country with the largest population" for "Which country has the
    largest population?"): the noun and the superlative name the role whatever the verb. Never
    without a noun ("Who won the most medals?": "the country with the most medals" is another
    role), an order word or another word of the question."""
    return (
        bool(gap.noun)
        and bool(gap.order)
        and gap.noun <= held
        and bool((gap.rest - gap.noun - gap.order) & held)
    )


def qualified(text: str, gap: Gap) -> bool:
    """Whether an order word is followed by a word of the answer's own ("the largest hot
    desert"): another question's."""
    words = WORD.findall(text)
    for place, word in enumerate(words[:-1]):
        if stem(word) in gap.order:
            after = words[place + 1].lower()
            if not (
                after in FUNCTION_WORDS
                or after in gap.words
                or stem(after) in gap.words
                or _ORDER.match(after)
            ):
                return True
    return False


_ANOTHER_ROLE = re.compile(
    r"\b(?:second|third|fourth|fifth|2nd|3rd|4th|not|no\s+longer|never|once|until|one\s+of|among"
    r"|formerly|previously|originally|before|after|behind|if)\b",
    re.IGNORECASE,
)


def another_role(text: str, gap: Gap) -> bool:
    """Whether restated words hold a word of another role ("the second largest", "not",
    "until", "before", "the most after her") that the question does not hold itself."""
    return another_role_than(text, gap.words)


def another_role_than(text: str, words: frozenset[str]) -> bool:
    """`another_role` for any question, given its words in lower case (``Gap.words``)."""
    return any(found.group(0).lower() not in words for found in _ANOTHER_ROLE.finditer(text))

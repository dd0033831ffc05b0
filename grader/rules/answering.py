"""The answering sentence (DESIGN 4.6, v4: "wrong if it asserts another fact of the key's kind
... in the key's place").

A question that asks for its subject ("Who invented dynamite?", "Which spacecraft was the first
to enter interstellar space?", "What is the hottest planet?") is answered by a sentence that
**restates the question and fills its gap**: "Dynamite was invented by X", "The first spacecraft
to enter interstellar space was X", "X is the hottest planet", "The founder was X". The gap's
**filler** is the answer the sentence gives. When it is none of the accepted answers, and the
key is said only elsewhere (in another role: "His son was Hannibal", "Before David there was
Saul", "often credited to Franklin, but it was invented by Diviš"), the answer gives another
answer: it is wrong (K008). When another answering sentence gives the key later (no correction
between), the answer hedges between them: partial (K009). The same holds for the key put
forward as what is credited, attributed or confused and then contrasted with another name ("X
is often credited, but the main author was Y", "often confused with X, but it is Y":
`_credited_then_other`), in a question with a gap.

The parts of the reading:
- **the gap** (`gap_of`): a question that opens with "who", "what" or "which" (a noun after
  "what" or "which"), then its verb: a copula ("is", "was"), a past form, or, after "who", any
  verb; an aside set off by commas is left out. A passive ("Which town is situated ...") takes
  its participle as its verb. Its **head** is what a restatement must hold: the question's
  order words ("first", "only", "former", a superlative), its own verb (as a verb or its agent's
  noun: "founded" / "founder"), and, for a copula's question with neither, half its words.
- **an answering part** (`fillers`): a part of an asserted sentence that holds the head and a
  filler, as (A) the restated words, a copula, the filler ("The hottest planet is Mercury"),
  (C) the question's verb, then "by" and the filler ("was invented in 1867 by X"), (B) a name,
  then a copula or the question's verb and the restated words ("Mercury is the hottest",
  "Hamilcar Barca crossed the Alps"). A filler is a name (a capitalised word) where the answer
  writes the key as one, else at most three words; it runs to its clause's end, with a list
  it opens. The key given is also read from a pronoun's sentence ("then it's X") or a subject
  that holds only the question's noun ("The TV series you are referring to is X").

Never:
- a filler that says an accepted answer (the surface families), one that shares its words
  (the key in other words: `grader.rules.surface_match.shares_words`, unless a name of the
  key's length with a word of its own), one the key itself names ("Adrian IV" of "Nicholas
  Breakspear, who was Adrian IV"), or a name glossed by the key right after it ("Ross
  Bagdasarian, who recorded as David Seville", "(Nicholas Breakspear)");
- a description ("a German engineer", "the man who built the Model T": no name where a name is
  asked), the question's own words ("Cichlids are a type of fish" to "What type of creature is
  a cichlid?"), a name cut at an initial ("Rutherford B.");
- a restatement in another role: a qualified order word ("the largest *hot* desert", "the
  second largest"), "not", "one of", "until", "formerly", "if"; a passive's subject ("Brezhnev
  was succeeded by ..."); the key said in the restated words themselves ("Basalt is the most
  common igneous rock");
- an answer that gives the key first (its later fillers are more said about it, unless a
  correction opens them), or takes its other answer back with a later correction that says
  the key ("X ... Actually, it was Copernicus");
- a question with another question word (when, where, how, "in which", "what did X do"), one
  that asks for several things, and an accepted answer the question names whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from grader.rules.lists import asks_for_several
from grader.rules.normalize import normalize
from grader.rules.other_names import is_form_of
from grader.rules.question_words import says_as_asked
from grader.rules.sentences import CONTRAST, CORRECTION
from grader.rules.surface import FUNCTION_WORDS, surface
from grader.rules.surface_forms import ARTICLES, forms
from grader.rules.surface_match import says, shares_words

OTHER, BOTH = "other", "both"

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_COPULAS = frozenset("is are was were".split())
_HAVE = frozenset("has have had".split())
_AUXILIARIES = (
    _COPULAS
    | _HAVE
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


@lru_cache(maxsize=16384)
def _stem(word: str) -> str:
    """A word without a possessive and its ending: a verb and its agent's noun share one
    ("founded", "founder": "found"; "invented", "inventor": "invent"; "wrote", "written",
    "writer": "writ")."""
    word = _without_possessive(word.lower())
    word = _BASES.get(word, word)
    if word == "have":
        return word
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


@lru_cache(maxsize=16384)
def _content(text: str, possessive: bool = False) -> frozenset[str]:
    """The stems of a text's words of content (not a possessive unless asked: "Frankenstein's
    monster" is not Frankenstein)."""
    return frozenset(
        _stem(word)
        for word in _WORD.findall(text)
        if len(word) >= 3
        and word.lower() not in FUNCTION_WORDS
        and word.lower() not in _AUXILIARIES
        and word.lower() not in _GAP_WORDS
        and (possessive or not _possessive(word))
    )


@dataclass(frozen=True, slots=True, init=False)
class Gap:
    """What a question that asks for its subject is answered by restating: its verb's stem
    ("" for a copula), the noun after its question word, its order words, the stems of the rest,
    and every word of the question (lower case, and stemmed)."""

    verb: str
    noun: frozenset[str]
    order: frozenset[str]
    rest: frozenset[str]
    words: frozenset[str]

    def __init__(
        self,
        verb: str,
        noun: frozenset[str],
        order: frozenset[str],
        rest: frozenset[str],
        words: frozenset[str],
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "noun", noun)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "rest", rest)
        object.__setattr__(self, "words", words)


_OPENING = re.compile(r"^\W*(?P<wh>who|what|which)\b(?P<tail>.*)$", re.IGNORECASE | re.DOTALL)
_ASIDE = re.compile(r",[^,?]*,")


@lru_cache(maxsize=4096)
def gap_of(question: str) -> Gap | None:
    """The gap of a question that asks for its subject or its subject's complement (see the
    module), or None."""
    opening = _OPENING.match(question)
    if opening is None or asks_for_several(question):
        return None
    asking = opening.group("wh").lower()
    words = _WORD.findall(_ASIDE.sub(" ", opening.group("tail")))
    at = -1
    for place, word in enumerate(words[:4]):
        lowered = word.lower()
        if (
            lowered in _AUXILIARIES
            or lowered.endswith("ed")
            or lowered in _IRREGULAR_PAST
            or (asking == "who" and place == 0)
        ):
            at = place
            break
    if at < 0 or (asking == "who" and at) or (asking == "which" and not at):
        return None
    verb = words[at].lower()
    if verb in ("do", "does", "did") or (not at and verb in _HAVE):
        return None  # an object's question ("What did she do?", "What had he worked at?")
    noun, rest = words[:at], words[at + 1 :]
    if verb in _COPULAS and rest:
        first, last = rest[0].lower(), rest[-1].lower()
        if first.endswith("ed") or first in _IRREGULAR_PAST:
            verb, rest = first, rest[1:]  # a passive ("Which town is situated near ...?")
        elif last in _LAST_WORDS or last.endswith(("ed", "ing")):
            return None  # an object's question ("What is he best known for producing?")
    lowered = [word.lower() for word in _WORD.findall(question)]
    return Gap(
        "" if verb in _COPULAS else _stem(verb),
        frozenset(_stem(word) for word in noun),
        frozenset(_stem(word) for word in rest if _ORDER.match(word.lower())),
        frozenset(_content(" ".join(noun + rest))),
        frozenset(lowered) | frozenset(_stem(word) for word in lowered),
    )


def _restates(text: str, gap: Gap, *, agent: bool = False, pronoun: bool = False) -> bool:
    """Whether a part's words restate the question's head: its order words, its verb (with one
    of the rest's words, or alone after a pronoun, or as an agent's noun alone: "The founder
    was"), or, for a copula's question with neither, half the rest's words."""
    held = _content(text) | {"have" for word in _WORD.findall(text) if word.lower() in _HAVE}
    if not gap.order <= held:
        return False
    if gap.verb:
        if gap.verb not in held:
            return False
        return bool(gap.rest & held) or pronoun or (agent and held <= {gap.verb})
    if gap.order:
        return True
    return bool(gap.rest) and 2 * len(gap.rest & held) >= len(gap.rest)


def _qualified(text: str, gap: Gap) -> bool:
    """Whether an order word is followed by a word of the answer's own ("the largest hot
    desert"): another question's."""
    words = _WORD.findall(text)
    for place, word in enumerate(words[:-1]):
        if _stem(word) in gap.order:
            after = words[place + 1].lower()
            if not (
                after in FUNCTION_WORDS
                or after in gap.words
                or _stem(after) in gap.words
                or _ORDER.match(after)
            ):
                return True
    return False


_COPULA = re.compile(
    r"\s(?:is|was|are|were)\s+(?:(?:actually|in\s+fact|really|probably|also)\s+)?"
    r"(?:(?:known\s+as|called|named|termed|referred\s+to\s+as)\s+)?"
)
_ANOTHER_ROLE = re.compile(
    r"\b(?:second|third|fourth|fifth|2nd|3rd|4th|not|no\s+longer|never|once|until|one\s+of|among"
    r"|formerly|previously|originally|before|if)\b",
    re.IGNORECASE,
)


def _another_role(text: str, gap: Gap) -> bool:
    """Whether restated words hold a word of another role ("the second largest", "not",
    "until", "before") that the question does not hold itself."""
    return any(found.group(0).lower() not in gap.words for found in _ANOTHER_ROLE.finditer(text))


_REJECTS = re.compile(r"(?:not|one\s+of|among)\b|an?\s")
_FILLER_END = re.compile(
    r"\s*(?:,|\(|\)|;|:|\.(?:\s|$)|!|\?|\s[-–—]\s"
    r"|\s(?:who|whom|whose|which|that|because|since|when|where|while|during|after|before|until)\b"
    r"|\s(?:in|on|at|from|with|for|to|as|between)\s(?![A-Z])|$)"
)
_LEADING = re.compile(
    r"^\W*(?:(?:so|and|then|now|thus|therefore|actually|in\s+fact|but|however|today|currently)"
    r",?\s+)+",
    re.IGNORECASE,
)
_CLAUSE_START = re.compile(
    r"[;:]\s*|,\s*(?:so|and|thus|therefore|hence|then|which\s+means)\s+", re.IGNORECASE
)
_NAME = r"(?:[A-Z][\w'’.-]*|\d+)"
_PARTICLE = r"(?:of|the|de|da|di|van|von|del|la|le|al|bin|ibn|du|des|y)"
_NAME_RUN = re.compile(rf"^{_NAME}(?:\s+(?:{_PARTICLE}\s+)*{_NAME})*")
_LIST_TAIL = re.compile(rf"^(?:,?\s+(?:and|&)\s+|,\s*){_NAME}(?:\s+(?:{_PARTICLE}\s+)*{_NAME})*")
_QUOTED = re.compile(r"^(?:the\s+)?[\"“]([^\"”]+)[\"”]")
_STARTERS = frozenset(
    "the a an it this that there these those he she they we you i his her its their our in on "
    "at as by for from of to with some many most other another after before despite during "
    "while when if although though because since both each every all no not also one".split()
)
_BY = re.compile(r"\b(\w+)\b(?:\s+(?:in|on|at)\s+[^,.;]{1,30}?)?\s+by\s+")
_PRONOUN_BY = re.compile(
    r"(?:it|this|they|she|he)\s+(?:is|was|were|are|has\s+been|had\s+been)\s+(?:\w+ly\s+)?\w+\s+"
    r"(?:in\s+[^,.;]{1,30}?\s+)?by\s",
    re.IGNORECASE,
)
_VERB_AFTER_NAME = re.compile(
    r"\s+(?:(?:also|later|then|actually|first|too)\s+)?(\w+)\b(?:\s+(\w+))?"
)
_PREDICATE_END = re.compile(r"[,;:(]|\s[-–—]\s")
# The key given by a pronoun's sentence or a subject that names the question ("then it's X",
# "The series you are referring to is X"): read only as the key given, never as another answer.
_GIVEN = re.compile(
    r"(?:^|,\s*(?:then\s+|so\s+)?)(?:(?:it|this|that)\s+(?:is|was)|it['’]s"
    r"|[\w\s]{1,40}?(?:you\s+are|you're)\s+(?:referring\s+to|thinking\s+of|asking\s+about)"
    r"\s+(?:is|was))\s+",
    re.IGNORECASE,
)
_OPENS_NAME = re.compile(r"^(?:the\s+)?[\"“'‘A-Z0-9]")
_INITIAL_END = re.compile(r"(?:^|\s)[A-Z]\.?$|[A-Z]\.[A-Z]\.?$")
_GLOSS = re.compile(
    r"\b(?:name|named|known|called|alias|aka|pseudonym|born|née|nee|real|also|formerly|title"
    r"|titled|stage|pen|recorded\s+as)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Filler:
    """A filler of the question's gap: the part it is in, its text, the text after it in its
    part, the restated words, and whether it is read only as the key given (``loose``)."""

    part: int
    text: str
    after: str
    restated: str
    loose: bool


def _filler_after(text: str) -> tuple[str, str]:
    """The filler that opens a text (after a copula or "by"): a quotation, or the words up to
    its clause's end with a list it opens; and the text after it."""
    quoted = _QUOTED.match(text)
    if quoted is not None:
        return quoted.group(0), text[quoted.end() :]
    end = _FILLER_END.search(text)
    filler = text[: end.start()] if end is not None else text
    after = text[len(filler) :]
    while (tail := _LIST_TAIL.match(after)) is not None:
        filler, after = filler + tail.group(0), after[tail.end() :]
    return filler, after


def _opens(text: str) -> bool:
    """Whether a text opens with a filler: a name, a figure or a quotation, with "the" or not;
    not after "not", "one of", "a" or "an" (a description)."""
    return _OPENS_NAME.match(text) is not None and _REJECTS.match(text) is None


def fillers(gap: Gap, parts: tuple[str, ...]) -> list[Filler]:
    """The fillers of the question's gap in the answer's asserted parts (see the module)."""
    found = []
    for number, written in enumerate(parts):
        part = _LEADING.sub("", written.strip())
        hit = _by_copula(part, gap) or _by_agent(part, gap) or _by_name(part, gap)
        if hit is None:
            given = _GIVEN.search(part)
            if given is not None and _opens(part[given.end() :]):
                hit = (*_filler_after(part[given.end() :]), "", True)
        if hit is not None:
            found.append(Filler(number, *hit))
    return found


def _by_copula(part: str, gap: Gap) -> tuple[str, str, str, bool] | None:
    """(A) the restated words, a copula, the filler; or, loosely, a subject that holds the
    question's noun, verb or order word."""
    for copula in _COPULA.finditer(part):
        subject = _CLAUSE_START.split(part[: copula.start()])[-1]
        after = part[copula.end() :]
        if not _opens(after):
            continue
        if (
            _restates(subject, gap, agent=True)
            and (not gap.noun or gap.verb or gap.noun & _content(subject))
            and not _another_role(subject, gap)
            and not _qualified(subject, gap)
        ):
            return (*_filler_after(after), subject, False)
        if _content(subject) & (gap.noun | gap.order | {gap.verb}):
            return (*_filler_after(after), subject, True)
    return None


def _by_agent(part: str, gap: Gap) -> tuple[str, str, str, bool] | None:
    """(C) the question's verb, then "by" and the filler."""
    if not gap.verb:
        return None
    agent = _BY.search(part)
    if agent is None or _stem(agent.group(1)) != gap.verb:
        return None
    restated = part[: agent.end()]
    if not _restates(restated, gap, pronoun=_PRONOUN_BY.match(part) is not None):
        return None
    if _another_role(part[: agent.start()], gap) or not _opens(part[agent.end() :]):
        return None
    return (*_filler_after(part[agent.end() :]), restated, False)


def _by_name(part: str, gap: Gap) -> tuple[str, str, str, bool] | None:
    """(B) a name, then a copula or the question's verb and the restated words; not a
    passive's subject, nor a possessive."""
    found = _NAME_RUN.match(part)
    if found is None or found.group(0).split()[0].lower() in _STARTERS:
        return None
    if re.search(r"['’]s$", found.group(0)):
        return None
    after = part[found.end() :]
    predicate = _PREDICATE_END.split(after, maxsplit=1)[0]
    verb = _VERB_AFTER_NAME.match(after)
    if verb is None:
        return None
    first, second = verb.group(1).lower(), (verb.group(2) or "").lower()
    if first not in _COPULAS and not (gap.verb and _stem(first) == gap.verb):
        return None
    if first in _COPULAS and second and gap.verb and _stem(second) == gap.verb:
        return None  # a passive: its subject is the question's object
    if not _restates(predicate, gap) or _another_role(predicate, gap):
        return None
    if _qualified(predicate, gap):
        return None
    return found.group(0), after, predicate, False


def _says_any(accepted_answers: tuple[str, ...], text: str, asked: str) -> bool:
    return any(
        says_as_asked(accepted, asked, surface(normalize(text)), text)
        for accepted in accepted_answers
    )


def _another_name(filler_surface: str, accepted: str) -> bool:
    """Whether a name of an accepted answer's length holds a word of its own in one of its
    places ("hamilcar barca" for "hannibal barca")."""
    words = _name_words(filler_surface)
    for form in forms(accepted):
        key = _name_words(form.text)
        if len(key) == len(words) and not all(
            is_form_of(word, key_word) for word, key_word in zip(words, key, strict=True)
        ):
            return True
    return False


def _name_words(text: str) -> list[str]:
    words = text.split()
    return words[1:] if words and words[0] in ARTICLES else words


_ALTERNATIVES = re.compile(r"\s+or\s+")


def _is_key(accepted_answers: tuple[str, ...], filler: Filler, asked: str) -> bool:
    """Whether a filler gives an accepted answer: says it, says it in other words, is named
    by it, or is glossed by it right after (see the module)."""
    if any(_says_any(accepted_answers, side, asked) for side in _ALTERNATIVES.split(filler.text)):
        return True  # (one of alternatives it offers: "the Kingdom Centre or Al Mamlaka Tower")
    filler_surface = surface(normalize(filler.text))
    for accepted in accepted_answers:
        if shares_words(accepted, filler_surface, asked) and not _another_name(
            filler_surface, accepted
        ):
            return True
        if says(filler.text, surface(normalize(accepted))):
            return True
    gloss = re.split(r"(?<=[.;])\s", filler.after, maxsplit=1)[0]
    return (filler.after.lstrip()[:1] == "(" or _GLOSS.search(gloss) is not None) and _says_any(
        accepted_answers, gloss, asked
    )


def _written_as_name(accepted_answers: tuple[str, ...], text: str) -> bool:
    """Whether the answer writes the key capitalised where it is not a sentence's first word;
    by the key itself when the answer gives no such place."""
    lowered = text.lower()
    for accepted in accepted_answers:
        wanted = accepted.lower()
        start = lowered.find(wanted)
        while start >= 0 and wanted:
            end = start + len(wanted)
            before = text[:start].rstrip()
            whole = not (start and text[start - 1].isalnum()) and not (
                end < len(text) and text[end].isalnum()
            )
            if whole and before and before[-1] not in '.!?:"“(':
                return text[start].isupper()
            start = lowered.find(wanted, start + 1)
    return any(accepted[:1].isupper() for accepted in accepted_answers)


@lru_cache(maxsize=4096)
def _telling(accepted_answers: tuple[str, ...], question: str) -> tuple[str, ...]:
    """The accepted answers that hold a word of content the question does not (one the question
    names whole tells no filler apart); for a question with a gap."""
    gap = gap_of(question)
    words = gap.words if gap is not None else frozenset()
    return tuple(answer for answer in accepted_answers if not _content(answer, True) <= words)


def answered_otherwise(
    accepted_answers: tuple[str, ...],
    question: str,
    question_surface: str,
    parts: tuple[tuple[str, str], ...],
) -> tuple[str, str]:
    """Whether the answer's answering sentence gives another answer than the key it says
    elsewhere: (`OTHER`, the filler) when it does, (`BOTH`, the filler) when a later answering
    sentence gives the key too, ("", "") otherwise (see the module).

    Args:
        accepted_answers: The key's accepted answers.
        question: The question as written.
        question_surface: Its canonical form (`grader.rules.surface`).
        parts: The answer's asserted parts, each as (its asserted text, what opened it).
    """
    joined = " ".join(text for text, _ in parts)
    lowered = joined.lower()
    if not any(hint in lowered for hint in _CREDIT_HINTS) and not any(
        _written_as_name((accepted,), joined) for accepted in accepted_answers
    ):
        return "", ""  # (a shortcut: no name credited, and the key nowhere written as a name)
    return answered_otherwise_by_definition(accepted_answers, question, question_surface, parts)


def answered_otherwise_by_definition(
    accepted_answers: tuple[str, ...],
    question: str,
    question_surface: str,
    parts: tuple[tuple[str, str], ...],
) -> tuple[str, str]:
    """`answered_otherwise` without its shortcut, which skips the question's gap where
    `_credited_then_other` finds no hint and no accepted answer is written as a name on its own
    (`_written_as_name` of the answers that tell, a part of them, is then false too)."""
    gap = gap_of(question)
    if gap is None:
        return "", ""
    texts = tuple(text for text, _ in parts)
    credited = _credited_then_other(accepted_answers, gap, parts, question_surface)
    if credited:
        return OTHER, credited
    # (the two looks at the key first: cheaper than the fillers, and usually enough)
    accepted = _telling(accepted_answers, question)
    if not accepted:
        return "", ""  # an accepted answer the question names whole tells nothing apart
    if not _written_as_name(accepted, " ".join(texts)):
        return "", ""  # a key the answer writes in lower case: a thing's word, no name
    candidates = fillers(gap, texts)
    if all(filler.loose for filler in candidates):
        return "", ""  # no part restates the question strictly: no other answer given
    found: list[tuple[Filler, bool]] = []
    for filler in candidates:
        text = filler.text.strip().rstrip(".").strip()
        words = _WORD.findall(text)
        if not words or len(words) > 10:
            continue
        if not any(word[0].isupper() for word in words):
            continue  # a description, where a name is asked
        lowered = {word.lower() for word in words} - ARTICLES
        if lowered <= gap.words or {_stem(word) for word in lowered} <= gap.words:
            continue  # the question's own words
        if _INITIAL_END.search(text) and not filler.after.strip(" .,"):
            continue  # a name cut at an initial ("Rutherford B.")
        is_key = _is_key(accepted, replace(filler, text=text), question_surface)
        if not is_key and (filler.loose or _says_any(accepted, filler.restated, question_surface)):
            continue  # loose words give only the key; the key in the restated words describes
        if is_key and not found:
            return "", ""  # the key given first
        found.append((filler, is_key))
    if not found:
        return "", ""  # no answering sentence
    first = found[0][0]
    openers = tuple(opener for _, opener in parts)
    later = range(first.part + 1, len(parts))
    if any(
        openers[n] == CORRECTION and _says_any(accepted, texts[n], question_surface) for n in later
    ):
        return "", ""  # taken back by a correction that says the key
    text = first.text.strip().rstrip(".").strip()
    return (BOTH if any(is_key for _, is_key in found[1:]) else OTHER), text


# A name put forward as what is believed, to be corrected: "X is often credited", "is usually
# attributed to X", "is often confused with X", "X is mistaken for".
_CREDITED = re.compile(
    r"\b(?:credited|attributed|confused\s+with|mistaken\s+for|mistakenly)\b", re.IGNORECASE
)
_CREDIT_HINTS = ("credit", "attribut", "confused", "mistak")


def _credited_then_other(
    accepted_answers: tuple[str, ...],
    gap: Gap,
    parts: tuple[tuple[str, str], ...],
    asked: str,
) -> str:
    """The name a contrast gives after a part that puts the key forward as what is credited,
    attributed or confused ("X is often credited, but the main author was Y"; "often confused
    with X, but it is Y"): a name after a copula or "by" in the next part, opened by a contrast,
    that says none of the accepted answers; "" when there is none, or a later correction says
    the key. Never a part without a contrast after it ("usually credited to X, who published it
    in 1869"), nor a contrast without a name as its filler ("but he was helped by others")."""
    joined = " ".join(text for text, _ in parts).lower()
    if not any(hint in joined for hint in _CREDIT_HINTS):
        return ""
    for number in range(len(parts) - 1):
        text = parts[number][0]
        following, opener = parts[number + 1]
        if opener != CONTRAST or _CREDITED.search(text) is None:
            continue
        if not _says_any(accepted_answers, text, asked):
            continue
        contrast = _LEADING.sub("", following.strip())
        places = (_COPULA.search(contrast), _BY.search(contrast))
        ends = [found.end() for found in places if found and _opens(contrast[found.end() :])]
        if not ends:
            continue
        name = _filler_after(contrast[ends[0] :])[0].strip().rstrip(".").strip()
        words = _WORD.findall(name)
        if not words or not any(word[0].isupper() for word in words):
            continue
        if {word.lower() for word in words} - ARTICLES <= gap.words:
            continue
        if _is_key(accepted_answers, Filler(number + 1, name, "", "", False), asked):
            continue
        later = range(number + 2, len(parts))
        if any(
            parts[n][1] == CORRECTION and _says_any(accepted_answers, parts[n][0], asked)
            for n in later
        ):
            return ""
        return name
    return ""

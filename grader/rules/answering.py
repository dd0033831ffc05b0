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
- **the gap** and its **head**, what a restatement must hold: `grader.rules.gaps`.
- **an answering part** (`fillers`): a part of an asserted sentence that holds the head and a
  filler, as (A) the restated words, a copula, the filler ("The hottest planet is Mercury"; v4:
  an adverb of extent after the copula stands in the restatement, "Firedamp is mostly X", as a
  reader reads "mainly" or "chiefly": the thing named is what it is, in the main; never an adverb
  that limits or denies, "is partly X", "is sometimes X", "is rarely X", "is no longer X"), (C) the
  question's verb, then "by" and the filler ("was invented in 1867 by X"; a question in quiz
  order, its own word: "is named after X" for "is named after which dancer?"), (B) a name, then
  a copula or the question's verb (its perfect too) and the restated words ("Mercury is the
  hottest", "Hamilcar Barca crossed the Alps", "Germany has won the most World Cups"; v4: after
  a name's possessive and a word of a person's relation, `grader.rules.leads.RELATIONS`, the name
  of that person, in apposition or not: "Salk's rival, Albert Sabin, developed the first polio
  vaccine", "Hamilcar's son Hannibal crossed the Alps": the key only as the possessor is
  another role, as "His son was Hannibal" is; never a possessive before a word of no relation,
  "Salk's own team developed it", nor the relation's person doing another deed). A filler is
  a name (a capitalised word) where the answer writes the key as one, else at most three words; it
  runs to its clause's end, with a list it opens. (v4) Where an accepted answer is a thing's
  word in lower case ("whale shark"), a copula's filler may be a **thing named in lower case**:
  "the" and as many words as such an accepted answer ("The largest fish is the blue whale"), none
  a function word, an order word or a word that refers back ("the one", "the second", "the
  same"). The key given is also read from a pronoun's sentence ("then it's X") or a subject that
  holds only the question's noun ("The TV series you are referring to is X").

Never:
- a filler that says an accepted answer (the surface families), one that shares its words
  (the key in other words: `grader.rules.surface_match.shares_words`, unless a name of the
  key's length with a word of its own), one the key itself names ("Adrian IV" of "Nicholas
  Breakspear, who was Adrian IV"), or a name glossed by the key right after it ("Ross
  Bagdasarian, who recorded as David Seville", "(Nicholas Breakspear)");
- a description ("a German engineer", "the man who built the Model T": no name where a name is
  asked), the question's own words ("Cichlids are a type of fish" to "What type of creature is
  a cichlid?"), a name cut at an initial ("Rutherford B."; v4: an initial's period inside a
  sentence ends no filler, "R. J. Mitchell");
- a restatement in another role (`grader.rules.gaps`); a passive's subject ("Brezhnev was
  succeeded by ..."); the key said in the restated words themselves ("Basalt is the most common
  igneous rock");
- an answer that gives the key first (its later fillers are more said about it, unless a
  correction opens them), or takes its other answer back with a later correction that says
  the key ("X ... Actually, it was Copernicus"; v4: or a retraction after it, in K014's words,
  whose clause says the key, "X... no, it was written by Y", "On second thought, it was Y":
  `grader.rules.taken_back.retraction_gives_key`), or (v4) concludes with the key: its last
  answering clause, opened by "so", "thus", "therefore" or "hence", gives it ("It was owned by
  News International, part of News Corporation run by Rupert Murdoch ... so it was owned by
  Murdoch"; its restatement read from that clause's start, after a comma or an ellipsis);
- a question with no gap (`grader.rules.gaps`; v4, in quiz order too: "The Louvre is in which
  city?" asks a place), and an accepted answer the question names whole.

(v4) **The key only inside the question's own phrase** (`in_question_phrase_only`, K008). A
question may name its key as part of its own subject ("*Cheddar* cheese takes its name from which
village?", "The *Melbourne* Cup is run in which city?") and ask for a preposition's object: in
quiz order, the verb, its preposition and the question phrase last ("... is run in which
city?"), or the question phrase first with its preposition before it ("In which city was the
Copenhagen interpretation developed?") or left at the end ("Which Connecticut town is Lyme
disease named after?"). The question's **phrase** is the key and the subject's word beside it
("Cheddar cheese", "Melbourne Cup", "Hadrian's Wall"). An answer that says the key only inside
that phrase restated, and after the question's verb (its stem, `grader.rules.gaps.stem`) and
preposition gives a name that is none of the accepted answers ("Cheddar cheese takes its name
from Wells", "The Melbourne Cup is run in Sydney"; the clause's subject the phrase, a word that
refers back or a word in lower case: "the breed", "it"), answers another thing: wrong. Never:
- the key said outside the phrase too ("Cheddar cheese takes its name from Cheddar", "Lyme
  disease is named after Old Lyme", "It was signed in Geneva");
- a question whose key is its own subject by design, one that asks no preposition's object
  ("Which village gives its name to Cheddar cheese?");
- another thing's clause: a relative ("the Caulfield Cup, which is run in Caulfield"), a
  subject that names something else ("The Sydney Cup is run in Sydney");
- a description or no name after the preposition ("run in the city that hosts it"), the
  question's own words, the key in other words (`_is_key`).
Only a key written as a name is read (a thing's word in lower case is not).

Why one file: the fillers' patterns are read by both the answering parts and the credited name's
contrast, and the verdict on a filler reads them again: one reading, whose definition (above) and
patterns read together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from grader.rules.gaps import (
    COPULAS,
    HAVE,
    WORD,
    Gap,
    another_role,
    content_stems,
    gap_of,
    qualified,
    restates,
    stem,
)
from grader.rules.leads import RELATION
from grader.rules.normalize import normalize
from grader.rules.other_names import is_form_of
from grader.rules.question_words import says_as_asked, says_damaged
from grader.rules.sentences import CONCLUSIONS, CONTRAST, CORRECTION
from grader.rules.surface import FUNCTION_WORDS, surface
from grader.rules.surface_forms import ARTICLES, NAME_JOINER, forms
from grader.rules.surface_match import says, shares_words
from grader.rules.taken_back import retraction_gives_key

OTHER, BOTH = "other", "both"

_COPULA = re.compile(
    r"\s(?:is|was|are|were)\s+(?:(?:actually|in\s+fact|really|probably|also)\s+)?"
    r"(?:(?:mainly|mostly|chiefly|largely|primarily|principally|predominantly)\s+)?"
    r"(?:(?:known\s+as|called|named|termed|referred\s+to\s+as)\s+)?"
)


_REJECTS = re.compile(r"(?:not|one\s+of|among)\b|an?\s")
# (an initial's period ends no filler: "R. J. Mitchell", as it ends no sentence,
# `grader.rules.sentences`)
_FILLER_END = re.compile(
    r"\s*(?:,|\(|\)|;|:|(?<!\b[A-Z])\.(?:\s|$)|!|\?|\s[-–—]\s"
    r"|\s(?:who|whom|whose|which|that|because|since|when|where|while|during|after|before|until)\b"
    r"|\s(?:in|on|at|from|with|for|to|as|between)\s(?![A-Z])|$)"
)
_LEADING = re.compile(
    r"^\W*(?:(?:so|and|then|now|thus|therefore|actually|in\s+fact|but|however|today|currently)"
    r",?\s+)+",
    re.IGNORECASE,
)
_CLAUSE_START = re.compile(
    r"[;:]\s*|,\s*(?:so|and|thus|therefore|hence|then|which\s+means)\s+|(?:\.\.\.|…)\s*",
    re.IGNORECASE,
)
_CONCLUDING = "|".join(CONCLUSIONS)
_OPENS_CONCLUSION = re.compile(rf"\W*(?:{_CONCLUDING})\b", re.IGNORECASE)
_CONCLUSION_WORD = re.compile(rf"\s*(?:{_CONCLUDING})\b", re.IGNORECASE)
# A clause that draws the answer's conclusion ("so it was owned by X", "therefore X is ...").
_CONCLUDES = re.compile(rf"(?:^|[,;:]|\.\.\.|…)\s*(?:{_CONCLUDING}),?\s*$", re.IGNORECASE)
_NAME = r"(?:[A-Z][\w'’.-]*|\d+)"
_NAME_RUN = re.compile(rf"^{_NAME}(?:\s+(?:{NAME_JOINER}\s+)*{_NAME})*")
_LIST_TAIL = re.compile(rf"^(?:,?\s+(?:and|&)\s+|,\s*){_NAME}(?:\s+(?:{NAME_JOINER}\s+)*{_NAME})*")
_QUOTED = re.compile(r"^(?:the\s+)?[\"“]([^\"”]+)[\"”]")
_STARTERS = frozenset(
    "the a an it this that there these those he she they we you i his her its their our in on "
    "at as by for from of to with some many most other another after before despite during "
    "while when if although though because since both each every all no not also one".split()
)


@lru_cache(maxsize=8)
def _agent_pattern(by: str) -> re.Pattern[str]:
    """A verb, then "by" (in quiz order the question's own word: "after", "as") and its filler;
    a place or a time may stand between ("invented in 1867 by")."""
    return re.compile(rf"\b(\w+)\b(?:\s+(?:in|on|at)\s+[^,.;]{{1,30}}?)?\s+{by}\s+")


_BY = _agent_pattern("by")


_PRONOUN_BY = re.compile(
    r"(?:it|this|they|she|he)\s+(?:is|was|were|are|has\s+been|had\s+been)\s+(?:\w+ly\s+)?\w+\s+"
    r"(?:in\s+[^,.;]{1,30}?\s+)?by\s",
    re.IGNORECASE,
)
_VERB_AFTER_NAME = re.compile(
    r"\s+(?:(?:also|later|then|actually|first|too)\s+)?(\w+)\b(?:\s+(\w+))?"
)
_PREDICATE_END = re.compile(r"[,;:(]|\s[-–—]\s")
# (v4) After a possessive name, a person's relation and the name of that person, in apposition
# or not ("Hamilcar's son, Hannibal, ...", "Hamilcar's son Hannibal ...": `_by_name`).
_RELATION_NAMED = re.compile(rf"\s+(?:[a-z]+\s+)?{RELATION}(?:,\s*|\s+)(?=[A-Z])")
# The comma that closes a name in apposition, before its verb.
_APPOSITION_END = re.compile(r"^,(?=\s)")
# The key given by a pronoun's sentence or a subject that names the question ("then it's X",
# "The series you are referring to is X"): read only as the key given, never as another answer.
_GIVEN = re.compile(
    r"(?:^|,\s*(?:then\s+|so\s+)?)(?:(?:it|this|that)\s+(?:is|was)|it['’]s"
    r"|[\w\s]{1,40}?(?:you\s+are|you're)\s+(?:referring\s+to|thinking\s+of|asking\s+about)"
    r"\s+(?:is|was))\s+",
    re.IGNORECASE,
)
_OPENS_NAME = re.compile(r"^(?:the\s+)?[\"“'‘A-Z0-9]")
# (v4) A thing named in lower case after "the", where the key is a thing's word ("the blue
# whale" for "whale shark"): one to three words of letters.
_THING = re.compile(r"the\s+[a-z]+(?:[\s-][a-z]+){0,2}(?![\w'’-])")
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


def _opens_thing(text: str) -> bool:
    """Whether a text opens with a thing named in lower case after "the" ("the blue whale")."""
    return _THING.match(text) is not None


def fillers(gap: Gap, parts: tuple[str, ...], things: bool = False) -> list[Filler]:
    """The fillers of the question's gap in the answer's asserted parts (see the module); with
    ``things`` (a key written in lower case), a copula's filler may be a thing named in lower
    case after "the" too ("The largest fish is the blue whale")."""
    found = []
    for number, written in enumerate(parts):
        part = _LEADING.sub("", written.strip())
        hit = _by_copula(part, gap, things) or _by_agent(part, gap) or _by_name(part, gap)
        if hit is None:
            given = _GIVEN.search(part)
            if given is not None and _opens(part[given.end() :]):
                hit = (*_filler_after(part[given.end() :]), "", True)
        if hit is not None:
            found.append(Filler(number, *hit))
    return found


def _by_copula(part: str, gap: Gap, things: bool = False) -> tuple[str, str, str, bool] | None:
    """(A) the restated words, a copula, the filler; or, loosely, a subject that holds the
    question's noun, verb or order word."""
    for copula in _COPULA.finditer(part):
        subject = _CLAUSE_START.split(part[: copula.start()])[-1]
        after = part[copula.end() :]
        if not (_opens(after) or (things and _opens_thing(after))):
            continue
        if (
            restates(subject, gap, agent=True)
            and (not gap.noun or gap.verb or gap.noun & content_stems(subject))
            and not another_role(subject, gap)
            and not qualified(subject, gap)
        ):
            return (*_filler_after(after), subject, False)
        if content_stems(subject) & (gap.noun | gap.order | {gap.verb}):
            return (*_filler_after(after), subject, True)
    return None


def _by_agent(part: str, gap: Gap) -> tuple[str, str, str, bool] | None:
    """(C) the question's verb, then "by" and the filler (in quiz order, the question's own
    word before its filler: "named after X")."""
    if not gap.verb:
        return None
    agent = _agent_pattern(gap.by).search(part)
    if agent is None or stem(agent.group(1)) != gap.verb:
        return None
    restated = part[: agent.end()]
    head = part[: agent.start()]
    if not restates(restated, gap, pronoun=_PRONOUN_BY.match(part) is not None):
        # (v4) the restatement read from the start of a clause that concludes ("... so it was
        # owned by X", "..., therefore it was written by X"), never another clause's
        breaks = list(_CLAUSE_START.finditer(part, 0, agent.start()))
        if not breaks or not (
            _CONCLUSION_WORD.search(breaks[-1].group(0))
            or _CONCLUSION_WORD.match(part, breaks[-1].end())
        ):
            return None
        start = breaks[-1].end()
        restated, head = part[start : agent.end()], part[start : agent.start()]
        clause = _LEADING.sub("", restated)
        if not restates(clause, gap, pronoun=_PRONOUN_BY.match(clause) is not None):
            return None
    if another_role(head, gap) or not _opens(part[agent.end() :]):
        return None
    return (*_filler_after(part[agent.end() :]), restated, False)


def _by_name(part: str, gap: Gap) -> tuple[str, str, str, bool] | None:
    """(B) a name, then a copula or the question's verb (or "has" and its participle) and the
    restated words; not a passive's subject, nor a possessive, unless (v4) of a person's
    relation named after it ("Hamilcar's son, Hannibal, crossed the Alps": the name after)."""
    found = _NAME_RUN.match(part)
    if found is None or found.group(0).split()[0].lower() in _STARTERS:
        return None
    if re.search(r"['’]s$", found.group(0)):
        related = _RELATION_NAMED.match(part, found.end())
        if related is None:
            return None
        found = _NAME_RUN.match(part[related.end() :])
        if found is None or found.group(0).split()[0].lower() in _STARTERS:
            return None
        part = part[related.end() :]
        part = part[: found.end()] + _APPOSITION_END.sub("", part[found.end() :], count=1)
    after = part[found.end() :]
    predicate = _PREDICATE_END.split(after, maxsplit=1)[0]
    verb = _VERB_AFTER_NAME.match(after)
    if verb is None:
        return None
    first, second = verb.group(1).lower(), (verb.group(2) or "").lower()
    if first in HAVE and second and gap.verb and stem(second) == gap.verb:
        first, second = second, ""  # a perfect ("Germany has won the most World Cups")
    if first not in COPULAS and not (gap.verb and stem(first) == gap.verb):
        return None
    if first in COPULAS and second and gap.verb and stem(second) == gap.verb:
        return None  # a passive: its subject is the question's object
    if not restates(predicate, gap) or another_role(predicate, gap):
        return None
    if qualified(predicate, gap):
        return None
    return found.group(0), after, predicate, False


def _says_any(accepted_answers: tuple[str, ...], text: str, asked: str) -> bool:
    """Whether the text says an accepted answer, as the content check reads it: as it stands,
    or an accepted answer damaged by a lost encoding (`says_damaged`: "Lszl Br" is said by
    "László Bíró")."""
    return any(
        says_as_asked(accepted, asked, surface(normalize(text)), text)
        for accepted in accepted_answers
    ) or says_damaged(accepted_answers, text, asked)


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
_ORDER_WORD = re.compile(r"^(?:first|second|third|last|only|next|\w{3,}est)$")


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


@lru_cache(maxsize=4096)
def _thing_sizes(accepted_answers: tuple[str, ...]) -> frozenset[int]:
    """The lengths, one to three words, of the accepted answers written in lower case (a thing's
    word: "whale shark"); empty when there is none."""
    return frozenset(
        len(words)
        for accepted in accepted_answers
        if accepted == accepted.lower()
        and 1 <= len(words := accepted.split()) <= 3
        and all(word.isalpha() for word in words)
    )


_NO_THING = _STARTERS | frozenset("same other former latter kind type sort species".split())


def _a_thing(words: list[str], sizes: frozenset[int]) -> bool:
    """Whether a filler in lower case names a thing in the key's place (v4): "the" and as many
    words as an accepted answer in lower case, none a function word, an order word ("the
    second", "the largest") or a word that refers back ("the same", "the one", "the kind").
    (Not only the question's words: its caller's next test, the same for every filler.)"""
    if len(words) < 2 or words[0].lower() != "the":
        return False
    named = [word.lower() for word in words[1:]]
    return len(named) in sizes and not any(
        word in _NO_THING or _ORDER_WORD.match(word) for word in named
    )


def _concludes(part: str, restated: str) -> bool:
    """Whether the restated words open a clause that draws the answer's conclusion: after
    "so", "thus", "therefore" or "hence" ("... so it was owned by X"; "So X is the largest")."""
    if _OPENS_CONCLUSION.match(restated):
        return True
    at = part.find(restated) if restated else -1
    return at >= 0 and _CONCLUDES.search(part[:at]) is not None


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
    return tuple(answer for answer in accepted_answers if not content_stems(answer, True) <= words)


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
    if (
        not any(hint in lowered for hint in _CREDIT_HINTS)
        and not any(_written_as_name((accepted,), joined) for accepted in accepted_answers)
        and not (
            " the " in lowered
            and _thing_sizes(accepted_answers)
            and any(_THING.match(joined, copula.end()) for copula in _COPULA.finditer(joined))
        )
    ):
        # (a shortcut: no name credited, the key nowhere written as a name, and no copula
        # before a thing named in lower case where the key is a thing's word)
        return "", ""
    return answered_otherwise_by_definition(accepted_answers, question, question_surface, parts)


def answered_otherwise_by_definition(
    accepted_answers: tuple[str, ...],
    question: str,
    question_surface: str,
    parts: tuple[tuple[str, str], ...],
) -> tuple[str, str]:
    """`answered_otherwise` without its shortcut, which skips the question's gap where
    `_credited_then_other` finds no hint and no accepted answer is written as a name on its own
    (`_written_as_name` of the answers that tell, a part of them, is then false too), and, for
    a key with a thing's word, no copula stands before a thing named in lower case (no thing's
    filler)."""
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
    named = _written_as_name(accepted, " ".join(texts))
    sizes = _thing_sizes(accepted)
    if not named and not sizes:
        return "", ""  # a key the answer writes in lower case: a thing's word, no name
    candidates = fillers(gap, texts, bool(sizes))
    if all(filler.loose for filler in candidates):
        return "", ""  # no part restates the question strictly: no other answer given
    found: list[tuple[Filler, bool]] = []
    for filler in candidates:
        text = filler.text.strip().rstrip(".").strip()
        words = WORD.findall(text)
        if not words or len(words) > 10:
            continue
        if any(word[0].isupper() for word in words):
            if not named:
                continue  # (a name where the answer writes the key as a thing's word)
        elif not _a_thing(words, sizes):
            continue  # a description, where a name is asked
        lowered = {word.lower() for word in words} - ARTICLES
        if lowered <= gap.words or {stem(word) for word in lowered} <= gap.words:
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
    ) or retraction_gives_key(accepted, question_surface, (first.after, *texts[first.part + 1 :])):
        return "", ""  # taken back by a correction, or (v4) a retraction, that says the key
    if found[-1][1] and _concludes(texts[found[-1][0].part], found[-1][0].restated):
        return "", ""  # (v4) the answer's conclusion gives the key ("... so it was X")
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
        words = WORD.findall(name)
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


# (v4) The key only inside the question's own phrase. A question that asks for a preposition's
# object, the question phrase last ("Jersey cattle originated on which island?", "Halley's Comet
# is named after which astronomer?") or first ("On which island did ...?", "Which island did
# Jersey cattle originate on?"): its subject, its verb and the preposition.
_PREPOSITIONS = r"(?:on|in|from|after|by|of|at|to|for|with)"
_AUXILIARY = r"(?:is|was|are|were|do|does|did|has|had|have)"
_QUIZ_SLOT = re.compile(
    rf"^\s*(?P<subject>\S.*?)\s+(?:{_AUXILIARY}\s+(?:\w+ly\s+|first\s+)?)?(?P<verb>[a-z]+)\s+"
    rf"(?P<prep>{_PREPOSITIONS})\s+(?:which|what|whom)(?:\s+[\w'’-]+){{0,3}}\s*\?\s*$",
    re.IGNORECASE,
)
_STRANDED_SLOT = re.compile(
    rf"^\s*(?:which|what|whom)(?:\s+[\w'’-]+){{0,3}}?\s+{_AUXILIARY}\s+(?P<subject>\S.*?)\s+"
    rf"(?:\w+ly\s+|first\s+)?(?P<verb>[a-z]+)\s+(?P<prep>{_PREPOSITIONS})\s*\?\s*$",
    re.IGNORECASE,
)
_FRONTED_SLOT = re.compile(
    rf"^\s*(?P<prep>{_PREPOSITIONS})\s+(?:which|what|whom)(?:\s+[\w'’-]+){{0,3}}?\s+{_AUXILIARY}\s+"
    r"(?P<subject>\S.*?)\s+(?:\w+ly\s+|first\s+)?(?P<verb>[a-z]+)\s*\?\s*$",
    re.IGNORECASE,
)
_RELATIVE = re.compile(r"\b(?:which|that|who|whose|whom|where)\b", re.IGNORECASE)
_CLAUSE_OPENING = re.compile(
    r"[,;:()]|\s[-–—]\s|\b(?:and|but|while|whereas|although|though)\b", re.IGNORECASE
)


@lru_cache(maxsize=4096)
def _slot_of(question: str) -> tuple[str, str, str] | None:
    """A question's subject, its verb's stem and the preposition whose object it asks for (see
    `in_question_phrase_only`); None for any other question."""
    for shape in (_QUIZ_SLOT, _STRANDED_SLOT, _FRONTED_SLOT):
        found = shape.match(question)
        if found is not None:
            verb = found.group("verb")
            if verb.lower() in FUNCTION_WORDS:
                return None
            return found.group("subject"), stem(verb), found.group("prep").lower()
    return None


def _phrase_of(accepted: str, subject: str) -> str:
    """The question's phrase that holds an accepted answer: the answer and the subject's word
    after it ("Jersey cattle"), or before it where it ends the subject ("the Jersey"), as the
    question writes them; "" when the subject does not hold it with another word."""
    words = subject.split()
    key = accepted.split()
    bare = [word.strip(",.;:!?\"“”'‘’").lower() for word in words]
    for at in range(len(words) - len(key) + 1):
        if [re.sub(r"['’]s$", "", word) for word in bare[at : at + len(key)]] != [
            word.lower() for word in key
        ]:
            continue
        if at + len(key) < len(words) and bare[at + len(key)] not in ARTICLES:
            return " ".join(words[at : at + len(key) + 1])
        if at > 0 and bare[at - 1] not in ARTICLES:
            return " ".join(words[at - 1 : at + len(key)])
    return ""


def in_question_phrase_only(
    accepted_answers: tuple[str, ...], question: str, question_surface: str, texts: tuple[str, ...]
) -> tuple[str, str]:
    """The other answer an answer gives where it says the key only inside the question's own
    phrase (see the module): (the filler, the phrase), or ("", "").

    Args:
        accepted_answers: The key's accepted answers.
        question: The question as written.
        question_surface: Its canonical form (`grader.rules.surface`).
        texts: The answer's asserted sentences.
    """
    slot = _slot_of(question)
    if slot is None:
        return "", ""
    subject, verb, preposition = slot
    phrases = {
        phrase
        for accepted in accepted_answers
        if accepted[:1].isupper() and (phrase := _phrase_of(accepted, subject))
    }
    if not phrases:
        return "", ""
    joined = " ".join(texts)
    rest = joined
    for phrase in phrases:
        pattern = r"\s+".join(
            re.escape(re.sub(r"['’]s$", "", word)) + r"(?:['’]s)?" for word in phrase.split()
        )
        rest = re.sub(rf"(?<!\w){pattern}(?!\w)", " ", rest, flags=re.IGNORECASE)
    if rest == joined or _says_any(accepted_answers, rest, question_surface):
        return "", ""  # the phrase not restated, or the key said outside it
    phrase_words = {word.lower() for phrase in phrases for word in WORD.findall(phrase)}
    asked_words = {word.lower() for word in WORD.findall(question)}
    for text in texts:
        for found in re.finditer(rf"\b{preposition}\s+", text, re.IGNORECASE):
            before = text[: found.start()]
            clause = _CLAUSE_OPENING.split(before)[-1]
            words = WORD.findall(clause)
            verbs = [at for at, word in enumerate(words[-3:]) if stem(word) == verb]
            if not verbs:
                continue
            subject_words = words[: len(words) - len(words[-3:]) + verbs[0]]
            if any(
                _RELATIVE.fullmatch(word)
                or (
                    word[:1].isupper()
                    and word.lower() not in phrase_words
                    and word.lower() not in FUNCTION_WORDS
                )
                for word in subject_words
            ):
                continue  # another thing's clause ("the Guernsey, which originated on ...")
            after = text[found.end() :]
            if not _opens(after):
                continue
            filler = _filler_after(after)[0].strip().rstrip(".").strip()
            named = WORD.findall(filler)
            if not named or not any(word[:1].isupper() for word in named):
                continue
            if {word.lower() for word in named} - ARTICLES <= asked_words:
                continue  # the question's own words
            if _is_key(accepted_answers, Filler(0, filler, "", "", False), question_surface):
                continue
            return filler, min(phrases)
    return "", ""

"""A question that names its options (DESIGN 4.6, v4: "wrong if it asserts another fact of the
key's kind ... in the key's place").

A question **names its options** when it asks which of two things it names has a property: its
asking part, opened by "which", "who" or "what", then a comma or a colon and "A or B" closing it
("Which is longer, the Nile or the Amazon?", "Which lays eggs: the platypus or the koala?", "Who
was born first, Mozart or Beethoven?"). Its **predicate** is the asking part's words of content
("longer"; "lays eggs"; "born first"), compared by their stems
(`grader.rules.gaps.content_stems`).

An answer **chooses** the option its first asserted clause gives the predicate of: that clause
(the first sentence up to a semicolon, a colon, a comma, a dash or "than") opens with the option
as its subject ("the" before either or not), holds a word of the predicate and no word that
denies or limits it ("not", "n't", "no", "never", "only", "lack", "without", "less", "fewer",
"neither", "nor"), and does not name the key. When the key is one option and the answer chooses
the other, naming the key only after it (compared to it, "The Amazon is longer than the Nile";
or in a later clause that denies it the predicate or gives it another, "The koala lays eggs;
the platypus only suckles its young"), the key stands in another role: the answer gives another
answer, wrong (K008, `other_option`).

Never:
- an answer that names the key first ("The Nile is longer than the Amazon"), or whose first
  clause denies the other option the predicate ("True seals do not have ear flaps; sea lions
  do") or gives it another ("The Amazon is shorter than the Nile": no word of the predicate);
- an answer that names both or neither as the answer ("both", "neither" anywhere in it), or
  gives the key the predicate too in a later clause, no word denying it there ("The Amazon is
  longer by volume; the Nile is longer from source to sea");
- an answer that takes its first clause back: a retraction opens a later clause ("No,",
  "Nope,", "Wait,", "Sorry,", "Actually,", "In fact,", "Correction:", "I mean"; the words and
  where they open a clause as `grader.rules.taken_back.retracts` reads them: never "no river
  is longer", "wait for it");
- a first clause opened by anything but the option (a hedge, "I think", a pronoun, a number):
  no option chosen there;
- a question with no options (no "A or B" closing it after a comma or a colon), with more than
  two ("A, B or C?"), or neither of whose options is the key.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from grader.rules.gaps import content_stems
from grader.rules.normalize import normalize
from grader.rules.question_words import says_as_asked
from grader.rules.surface import surface
from grader.rules.taken_back import retracts

# The asking part, a comma or a colon, then two options closing the question.
_OPTIONS = re.compile(
    r"^\W*(?P<asking>(?:which|who|what)\b[^,:;?]*?)\s*[,:]\s*"
    r"(?P<first>[^,;:?]+?)\s+or\s+(?P<second>[^,;:?]+?)\s*\?\s*$",
    re.IGNORECASE,
)
_QUESTION_WORDS = frozenset(("which", "who", "what"))
# Where the first clause ends: a semicolon, a colon, a comma, a dash, "than" (the other thing
# compared).
_CLAUSE_END = re.compile(r"\s*(?:[;:,]|\s[-–—]\s|[–—]|\bthan\b)", re.IGNORECASE)
# A word that denies or limits the predicate in a clause.
_DENIES = re.compile(
    r"\b(?:not|no|never|only|lacks?|lacking|without|less|fewer|neither|nor)\b|n['’]t\b",
    re.IGNORECASE,
)
# The answer names both options, or neither, as its answer.
_BOTH = re.compile(r"\b(?:both|neither)\b", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_CLAUSES = re.compile(r"\s*(?:[;:,]|\s[-–—]\s|[–—])\s*")


@lru_cache(maxsize=4096)
def options_of(question: str) -> tuple[frozenset[str], str, str] | None:
    """The predicate's stems and the two options of a question that names its options, or None
    (see the module)."""
    found = _OPTIONS.match(question.strip())
    if found is None:
        return None
    first, second = found.group("first").strip(), found.group("second").strip()
    if re.search(r"\bor\b", first, re.IGNORECASE):
        return None  # more than two options
    predicate = (
        content_stems(found.group("asking"))
        - content_stems(first)
        - content_stems(second)
        - _QUESTION_WORDS
    )
    if not predicate:
        return None
    return predicate, first, second


def other_option(accepted_answers: Sequence[str], question: str, sentences: tuple[str, ...]) -> str:
    """The option other than the key that the answer chooses, naming the key only after it in
    another role, or "" (see the module); ``sentences`` are what the answer's sentences assert.
    The key is read whole, never by the part that tells it from the question's words (both
    options are the question's: "Mary I" is not said by "Elizabeth I")."""
    found = options_of(question)
    if found is None or not sentences:
        return ""
    predicate, first, second = found
    key_first = _says_key(accepted_answers, first)
    key_second = _says_key(accepted_answers, second)
    if key_first == key_second:
        return ""  # neither option is the key, or both say it
    other = second if key_first else first
    text = " ".join(sentences)
    if _BOTH.search(text):
        return ""
    opening = sentences[0].strip()
    end = _CLAUSE_END.search(opening)
    clause = opening[: end.start()] if end is not None else opening
    if not _opens_with(clause, other) or _DENIES.search(clause):
        return ""
    if _says_key(accepted_answers, clause) or not predicate & content_stems(clause):
        return ""
    later = " ".join((opening[len(clause) :], *sentences[1:]))
    if retracts(later):
        return ""  # the first clause taken back
    for part in _CLAUSES.split(later):
        if (
            _says_key(accepted_answers, part)
            and predicate & content_stems(part)
            and not _DENIES.search(part)
            and not re.match(r"\s*than\b", part, re.IGNORECASE)
        ):
            return ""  # the key given the predicate too
    return other


def _opens_with(clause: str, option: str) -> bool:
    """Whether a clause opens with the option as its subject, "the" before either or not."""
    words = _ARTICLE.sub("", normalize(clause).strip()).split()
    wanted = _ARTICLE.sub("", normalize(option).strip()).split()
    return bool(wanted) and len(words) > len(wanted) and words[: len(wanted)] == wanted


def _says_key(accepted_answers: Sequence[str], text: str) -> bool:
    """Whether a text says one of the accepted answers whole (the surface families)."""
    said = surface(normalize(text))
    return any(says_as_asked(accepted, "", said, text) for accepted in accepted_answers)

"""The key's kind without the key (DESIGN 4.6, v4): K007 "less specific than the key".

An accepted answer of two to four words, none of them a function word, names a thing of a kind:
its last word (the **head**) is the kind, the words before it make it the key ("peregrine
falcon", "waggle dance", "bone marrow", "great white shark"). An answer whose only content is
that head after "a" or "an", with a preposition before them at most ("A falcon.", "a dance",
"by a dance", "A shark"), names some thing of the key's kind, not the key: it is not another
thing of the kind either. Partial (K007), not a question for a reader.

The head is a kind only when it is a common noun: some accepted answer writes it, as its last
word, in lower case ("peregrine falcon", not only "Peregrine Falcon"); a name's last word is
no kind ("Mount Everest", "Lake Victoria", "Alexander Fleming": a surname alone says the key,
`grader.rules.surface_match.says_name`).

Never:
- the head alone without "a" or "an": bare or plural it may name the category the question asks
  for ("Seeds", asked what category of foodstuff; "Robbers."; "Pants."), and with "the" one
  thing the reader may take for the key ("the marrow" for "bone marrow", "The Potteries" for
  "Staffordshire potteries"): a reader decides (K002) or the other rules;
- a question that asks for a type, a kind, a sort, a category, a breed ("What type of animal
  ...?", "What kind of disaster ...?"): the kind is what it asks for, and "a zebra" may answer it
  whatever modifier the key adds ("baby zebra"); a reader decides;
- a key of one word, or one with a function word among its words ("bone of contention", "list
  of edible seeds", "a drummer and drum", "Mary Queen of Scots": its last word is no head);
- a head that is a function word, a number or a number word ("Apollo 11", "the big four");
- a head the question names ("Which falcon ...?" answered "a falcon" says nothing the question
  did not: the key is missing);
- a head that stands first or inside another accepted answer, in any inflection ("Pidgin
  English" beside "English-based pidgins": which word is the kind, the key does not say);
- a head with another word of content: another modifier ("a kestrel falcon", "a tango dance":
  another thing of the kind, `grader.rules.other_names` or a reader), or anything else the
  answer says ("a falcon, the fastest bird");
- the key's distinguishing part alone ("Peregrine." asked "Which falcon ...?" is the key,
  `grader.rules.question_words`).

The key's first word alone ("Peregrine.", asked "What is the fastest bird?") is not this
family: a modifier alone may be what the thing is called ("Hubble", "Pacific"), and a reader
decides (K002).
"""

from __future__ import annotations

import re
from functools import lru_cache

from grader.rules.surface import FUNCTION_WORDS
from grader.rules.surface_forms import forms, without_edges
from grader.rules.surface_match import content_words, form_pattern
from grader.rules.surface_numbers import NUMBER_WORD_SET

MOST_WORDS = 4
SHORTEST_HEAD = 3  # letters: a head of fewer is no noun a rule can tell ("ox", "ai")
_KEY_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
# What stands before the head: "a" or "an", after a preposition at most ("a falcon", "by a
# dance").
_PREPOSITIONS = (
    "in on at by to from into inside within with of for through under over as like"
).split()
_ANSWER = re.compile(
    r"^(?:(?:" + "|".join(_PREPOSITIONS) + r") )?(?:a|an) (?P<head>[^\W\d_][\w'-]*)$"
)
# A question that asks for a kind: the kind answers it.
_KIND_ASKED = re.compile(
    r"(?<!\w)(?:types?|kinds?|sorts?|category|categories|breeds?|variety|varieties|genre)(?!\w)"
)
_EDGE = " \"'`.,;:!?*_()"


@lru_cache(maxsize=16384)
def head_of(accepted: str) -> str:
    """The head of an accepted answer that names a thing of a kind (see the module): its last
    word, canonical; "" when it has none (one word, a function word among them, a number)."""
    found = forms(accepted)
    if not found:
        return ""
    words = found[0].text.split(" ")
    if not 2 <= len(words) <= MOST_WORDS:
        return ""
    if not all(_KEY_WORD.fullmatch(word) and word not in FUNCTION_WORDS for word in words):
        return ""
    head = words[-1]
    if len(head) < SHORTEST_HEAD or not head.isalpha() or head in NUMBER_WORD_SET:
        return ""
    written = without_edges(accepted.strip()).split()
    if not written or not written[-1][:1].islower():
        return ""  # a name's last word, not a kind ("Mount Everest")
    return head


def kind_only(accepted_answers: tuple[str, ...], question_surface: str, answer_surface: str) -> str:
    """The accepted answer whose head alone the answer says (``answer_surface``: its asserted
    text, canonical; ``question_surface``: the question's), or "" (see the module)."""
    found = _ANSWER.match(answer_surface.strip(_EDGE))
    if found is None or _KIND_ASKED.search(question_surface) is not None:
        return ""
    said = found.group("head")
    asked = content_words(question_surface)
    for accepted in accepted_answers:
        head = head_of(accepted)
        if not head or content_words(head) & asked:
            continue
        pattern = form_pattern(head)
        if pattern is None or pattern.fullmatch(said) is None:
            continue
        if any(_inside(head, other) for other in accepted_answers):
            continue  # the head of one, a modifier of another ("pidgin english")
        return accepted
    return ""


def _inside(head: str, accepted: str) -> bool:
    """Whether the head, in any inflection, stands in an accepted answer other than as its last
    word ("pidgin" in "pidgin english" for the head "pidgins")."""
    found = forms(accepted)
    words = found[0].text.split(" ") if found else []
    return bool(content_words(head) & content_words(" ".join(words[:-1])))

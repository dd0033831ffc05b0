"""The answer given first (DESIGN 4.6, v4: "wrong if it asserts another fact of the key's kind").

An answer that opens with a **lead**, a bare span before its first separator, gives the lead as
its answer. When the lead says none of the accepted answers and the text after it does, the key
stands there in another role: "Mount Kenya; Kilimanjaro is second", "Julius Caesar, Augustus's
great-uncle", "Oxygen (nitrogen is only about 21%)", "Ghana. Ivory Coast is second." Such an
answer mentions the key on its way to another answer; it is wrong (K006).

The lead: the first asserted sentence's words before its first separator (a semicolon, a comma
and a space, an opening parenthesis, a dash, an ellipsis), or the whole first sentence when
another follows; one to six words, none of them a verb of `_CLAUSE_VERBS` or an adverb in "-ly"
(a lead with one is a clause that asserts something else, which the other rules read); before a
comma, written as a name, a figure with its noun ("13 players") or in quotes or backticks
(`_name_like`: "Ocean depth varies enormously, from shelves to trenches" opens a sentence, it
gives no answer), or set against what follows by a contrast ("The right, unlike the UK ...").

Never:
- a lead that opens the answer rather than gives it: Yes or No, "not", a hedge, an
  interjection or a discourse word ("Probably,", "Well,", "Sure -", "Great question"),
  (v4) "either", which opens candidates left open ("Either Leeds or Chelsea. After the replay,
  Chelsea.": `grader.rules.candidates`; a table of candidates none of whose rows is marked is
  read so, `grader.rules.sentences.tabled_answer`), a
  pronoun or "the answer", a lead that opens with a preposition or a conjunction ("In 1912,",
  "According to Source 1,", "As of 2023,", "Although ..."), one word ending in "-ly"
  ("Historically,"); a pleasantry is no lead at all: the reading sets it aside before this
  rule reads the answer ("Happy to help with that!", "Hello and welcome!":
  `grader.rules.pleasantries`), nor is a letter's greeting or a mail header above its body
  ("Dear Ms Patel," on a line of its own: `grader.rules.letters`);
- a lead that only announces the writer's thinking: "Let me think.", "Let me work through
  this.", "Let's see,", "Let me recall -", a "Thinking:" or "Reasoning:" label and what it opens
  in its sentence ("Hmm," is an interjection, above), and a word before a comma that opens one
  ("Alright, let me think.", "First, let me work through this."): it names no answer, and what
  follows it is working, not an answer given first. Never a name or a title that opens with the
  same words ("Thinking Out Loud", "Let Me Entertain You": "Thinking" only as a label, with its
  colon; "let me" or "let us" only before a verb of thinking);
- a lead that restates the question: every word of it (articles aside) is one of the
  question's ("The Water Lilies, painted by Claude Monet", asked who painted the Water Lilies);
- a key said right after the lead as a gloss of it: the key alone, or after "also known as",
  "or", "i.e.", "formerly", "born" and the like ("Paris, France"; "Chaikovsky (Tchaikovsky)";
  "Istanbul, formerly Constantinople");
- a lead the answer takes back: the text after it opens with a correction or a contrast
  ("Istanbul. Correction: the capital is Ankara"; "Saturn, but now Jupiter"; "Steve Jobs - no,
  it was Engelbart"; v4, a text message's "lisbon\nnvm its madrid", "lisbon\n*madrid"); a
  concession keeps it ("Probably Hegel, though Kant also discussed it": a hedge before the lead
  is dropped, a hedged answer is still given);
- a lead in words where every accepted answer is a figure ("Neutral, pH 7": no other figure;
  "Oxygen" is another answer where "Nitrogen / N2" are accepted);
- a question that asks for several things (`grader.rules.lists.asks_for_several`), and an
  accepted answer that holds a separator itself ("Newcastle, Tyne and Wear");
- a first sentence that is a line of a list, opened by a bullet (a numbered list's markers are
  read as bullets, `grader.rules.normalize.without_markdown`, and (v4) a table of fields' rows
  as lines of a list, `grader.rules.sentences.tabled_answer`): one of several, or a step ("1.
  Libretto: Meilhac and Halevy\n2. Music: Georges Bizet", "| Field | Value |" over "| Composer
  | Bizet |" and "| Year | 1875 |"). A lead before the list stays.

**Given by a pronoun, then described** (`_pronoun_lead`, v4): a first sentence that gives its
answer by a pronoun and a copula ("It was X", "That was X", "It's X", "That would be X"; a hedge
before it dropped, "I think it was X"), then a comma and a relative clause about X ("who",
"whom", "whose", "which") that runs to the sentence's end. X is the answer given, written as a
name as a lead before a comma is; the relative clause describes it, and a key said inside it
stands in another role: "That was Albert Sabin, whose oral vaccine followed Salk's" for Jonas
Salk; "That would be Ernest Rutherford, who studied under Thomson" for J. J. Thomson. It is the
bare lead's reading ("Albert Sabin, whose oral vaccine ...") with the pronoun's sentence before
it; the key must be said in the relative clause only, in no later sentence.

(v4) In the relative clause's place, an **apposition of a person's relation** to another: "the",
"a" or "an" (or "his", "her", "their"), a word for a relation by blood, marriage, rank or
teaching (`RELATIONS`: son, father, wife, heir, pupil, deputy, rival, clerk ...), "of" and a
name, or a name's possessive and the relation ("That was Robert Curthose, the eldest son of
William the Conqueror", "It was Ferdinand Bol, a pupil of Rembrandt", "That was Albert Sabin,
Salk's rival"): a relative clause in all but its form ("who was the son of ..."), the key in it
another person than the one given.

Never:
- the key as the answer given, with a relative clause after it ("It was Jonas Salk, whom
  Albert Sabin later criticised"), nor the key named as the answer in apposition ("It was
  Sabin's rival, Jonas Salk": no relative clause); (v4) the key given, its relation to another
  after it ("That was Rembrandt, the father of Titus"); an apposition that names no relation
  between persons ("That was Salk's lab, the virus unit of Pittsburgh"); a lead that is the
  question's own person, its possessive in the question ("Who was Titus van Rijn's father?":
  "That was Titus van Rijn, the son of Rembrandt" names the key by the relation: a lead that
  restates the question, read with the question's possessives as plain names);
- a cleft, its relative with no comma ("It was Florey who purified it": the clause restates
  what is asked);
- a relative clause that names the answer given otherwise ("who was born Nicholas
  Breakspear", "which was then called Constantinople", "who recorded as David Seville", "who
  later became Pope Adrian IV", "who began as the Quarrymen") or places it in the key ("which
  is in Salzburg", "who was part of the band"): the key is then the answer in another name,
  or what holds it;
- a name in lower case or of more than six words, a lead that opens rather than answers ("It
  was in the Hall of Mirrors, which ...": a preposition), a relative clause another separator
  breaks, and the guards of any lead (a question that asks for several, a figure's key, the
  question restated, a correction).
"""

from __future__ import annotations

import re

from grader.rules.lists import asks_for_several
from grader.rules.normalize import has_digit, normalize
from grader.rules.question_words import says_as_asked
from grader.rules.sentences import CORRECTION, opener_of
from grader.rules.surface import surface
from grader.rules.surface_forms import ARTICLES, NAME_PARTICLES

# A separator inside the first sentence: a semicolon, a comma before a space, an opening
# parenthesis, a dash between spaces or an em or en dash, an ellipsis.
_SEPARATOR = re.compile(r"(?:;|,(?=\s)|\(|\s[-–—]\s|[–—]|\.\.\.|…)\s*")
_SEPARATOR_CHARS = re.compile(r"[;,(–—]|\s-\s")
_CITATION = re.compile(r"\s*\[[^\]]*\]")
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
# A parenthesis that runs to the end of the sentence (citation markers aside).
_CLOSES_AT_END = re.compile(r"[^()]*\)(?:\s*\[[^\]]*\])*\W*")
_RELATIVE = frozenset(
    "who whom whose which that where when while whereas though although because since".split()
)
# A hedge before the lead is dropped: a hedged answer is given ("Probably Hegel, though Kant
# also discussed it").
_HEDGE = re.compile(
    r"^(?:(?:most\s+)?(?:probably|likely|possibly|perhaps|maybe)|i\s+(?:think|believe|guess))"
    r"\s*,?\s+",
    re.IGNORECASE,
)
# A contrast right after the lead takes it back ("Saturn, but now Jupiter"); a concession
# ("though", "although", "while", "whereas") keeps it ("Hegel, though Kant also wrote on it").
# So does a "no" or a "wait" that retracts it ("Steve Jobs - no, the mouse was invented by ..."),
# and (v4) a text message's "nvm", "never mind" or lone "*" ("lisbon\n*madrid").
TAKEN_BACK = re.compile(
    r"\s*(?:but|however|yet|no|nope|wait|oops|scratch\s+that|nvm|never\s+mind|\*(?=\w))\b",
    re.IGNORECASE,
)
# An opening that announces the writer's thinking ("Let me think.", "Thinking: ..."): no lead.
_THINKING = re.compile(
    r"\s*(?:(?:let\s+(?:me|us)|let's)\s+(?:think|see|work|reason|check|consider|recall|remember"
    r"|figure|look)\b|(?:thinking|reasoning)\s*:)",
    re.IGNORECASE,
)
# A line of a list, opened by its bullet (a numbered list's markers are read as bullets:
# `grader.rules.normalize.without_markdown`).
_LIST_LINE = re.compile(r"[-*•]\s")
# A sentence that ends at an initial ("... created by G.K.") was cut inside a name.
_INITIAL_END = re.compile(r"(?<![^\W\d_])[^\W\d_]\.$")
MOST_WORDS = 6
# Verbs that make a lead a clause ("Ghana is the largest producer, followed by ...").
_CLAUSE_VERBS = frozenset(
    "is isn't are aren't was wasn't were weren't be been being am has hasn't have haven't had "
    "hadn't does doesn't do don't did didn't will won't would wouldn't can can't cannot could "
    "couldn't shall should shouldn't may might must 's 're".split()
)
# First words of a lead that opens the answer rather than gives it.
_OPENERS = frozenset(
    # yes and no, negation, hedges, interjections, discourse words
    "yes yeah yep no nope not never none either probably possibly perhaps maybe likely most "
    "apparently arguably presumably surely sure certainly definitely indeed well oh ah hmm "
    "ok okay right so also actually honestly basically essentially generally typically "
    "usually often sometimes currently today now historically originally traditionally "
    "officially technically strictly briefly simply short great good interesting thanks "
    "sorry unfortunately however but and or though although while whereas because since if "
    "when unless until after before then there here answer"
    # pronouns and determiners that refer back
    " it its it's this that these those they them he him she her we you i one"
    # prepositions
    " in on at as by for from of to into onto with without within about above below over "
    "under between among through during despite like unlike per via according based given "
    "following including except besides beyond near around against toward towards upon".split()
)
_GLOSS = re.compile(
    r"^(?:(?:also|better|now|formerly|previously|originally|officially)\s+)?"
    r"(?:known\s+as|called|named|aka|a\.k\.a\.|or|i\.e\.|ie|that\s+is|formerly|now|born|"
    r"née|nee|previously|originally|officially)?\s*",
    re.IGNORECASE,
)


def lead_of(sentences: tuple[str, ...]) -> tuple[str, str, str] | None:
    """The lead of an answer's asserted sentences, the segment right after it and the whole
    text after it, or None when the answer has no lead (see the module)."""
    if not sentences:
        return None
    first = sentences[0].strip()
    if _LIST_LINE.match(first):
        return None  # a line of a list: one of several, or a step
    if _THINKING.match(first):
        return None  # thinking announced: it names no answer
    found = _SEPARATOR.search(first)
    after = ""
    if found is not None and found.start() > 0:
        lead, after = first[: found.start()], first[found.end() :]
        mark = found.group(0).strip()
        if mark == "(" and _CLOSES_AT_END.fullmatch(after) is None:
            return None  # a parenthesis the sentence goes on after: the lead is its subject
        if mark == "," and not _fragment(after):
            return None  # "X, also known as Y, was ...": the lead is the sentence's subject
        if mark == "," and _THINKING.match(after):
            return None  # "Alright, let me think.": a word that opens the thinking
        rest = " ".join((after, *sentences[1:]))
        segment = _SEPARATOR.split(after, maxsplit=1)[0]
    elif len(sentences) > 1 and not first.endswith(("?", ":")) and not _INITIAL_END.search(first):
        lead, rest = first, " ".join(sentences[1:])
        segment = _SEPARATOR.split(sentences[1], maxsplit=1)[0]
    else:
        return None
    lead = _HEDGE.sub("", _CITATION.sub("", lead).strip(), count=1).rstrip(".!").strip()
    if (
        found is not None
        and found.group(0).strip() == ","
        and not _name_like(lead)
        and _CONTRAST.match(after) is None
    ):
        return None  # a phrase before a comma opens the sentence
    words = [word.lower() for word in _WORD.findall(lead)]
    if not 1 <= len(words) <= MOST_WORDS or re.split("['’]", words[0])[0] in _OPENERS:
        return None
    if len(words) == 1 and words[0].endswith("ly"):
        return None
    if any(word in _CLAUSE_VERBS or (len(word) > 4 and word.endswith("ly")) for word in words):
        return None  # a clause ("Ocean depth varies enormously; ...")
    return lead, segment.strip().rstrip(".!?"), rest


def _name_like(lead: str) -> bool:
    """Whether a lead before a comma is written as a name: every word capitalised, a figure,
    or a function word or a name's particle between them ("Julius Caesar", "Bertha von
    Suttner", "Avengers: Endgame"); a figure and one word of its noun or unit ("13 players",
    "3,200 mg"); or a word or words in quotes or backticks ("`master`", "'Hamlet'"); never a
    phrase in lower case ("Ocean depth varies enormously, from ...": the sentence's opening,
    not an answer)."""
    bare = _CITATION.sub("", lead).strip()
    if _QUOTED.fullmatch(bare) is not None:
        return True
    words = _WORD.findall(bare)
    if len(words) == 2 and words[0][0].isdigit() and words[1].isalpha():
        return True  # a figure and its noun
    return bool(words) and all(
        word[0].isupper() or word[0].isdigit() or word.lower() in _LOWER_IN_NAMES for word in words
    )


# A lead in quotes or backticks, as a title or a name in code is written.
_QUOTED = re.compile(r"([`'\"‘“])[^`'\"‘’“”]+[`'\"’”]")
# After a lead and its comma, a contrast that sets the lead against another thing: the lead is
# what the answer gives, written as a name or not ("The right, unlike the UK, ...").
_CONTRAST = re.compile(r"(?:unlike|not|rather than|instead of|as opposed to)\s", re.IGNORECASE)


# Lower-case words a name may hold: its particles, and "of", "the", "and" between its words.
_LOWER_IN_NAMES = NAME_PARTICLES | {"of", "the", "and"}


def _fragment(after: str) -> bool:
    """Whether the rest of a sentence after a lead and its comma ends the sentence as a phrase
    about the lead: no other separator, and no verb of `_CLAUSE_VERBS` unless in a clause that
    opens with a relative or subordinating word ("Croatia, who beat France", "China, though
    India is close behind")."""
    if _SEPARATOR.search(after):
        return False
    words = [word.lower() for word in _WORD.findall(after)]
    if not words:
        return False
    return words[0] in _RELATIVE or not any(word in _CLAUSE_VERBS for word in words)


# (v4) The answer given by a pronoun and a copula ("It was X", "That's X", "That would be X").
_PRONOUN_GIVES = re.compile(
    r"(?:it|that|this)\s+(?:is|was|would\s+be)\s+|(?:it|that)['’]s\s+|that['’]d\s+be\s+",
    re.IGNORECASE,
)
# A comma, then a relative clause about what it follows.
_RELATIVE_AFTER = re.compile(r",\s+(?=(?:who|whom|whose|which)\b)", re.IGNORECASE)
# Words for a person's relation to another, by blood, marriage, rank or teaching ("the son of
# X", "X's deputy"): a name said after one stands in another role than the person it names.
RELATIONS = frozenset(
    "son daughter child father mother parent brother sister wife husband widow widower "
    "nephew niece uncle aunt cousin grandson granddaughter grandfather grandmother heir "
    "successor predecessor pupil student apprentice assistant deputy lieutenant aide squire "
    "servant secretary clerk rival partner colleague friend teacher mentor protege protégé "
    "disciple "
    "companion brother-in-law sister-in-law son-in-law daughter-in-law stepson stepdaughter "
    "stepfather stepmother".split()
)
# (v4) A comma, then an apposition that relates what it follows to another person ("the son of
# X", "a pupil of X", "X's deputy"): a relative clause in all but its form.
RELATION = "(?:" + "|".join(sorted(RELATIONS, key=len, reverse=True)) + r")(?![\w-])"
_RELATED_AFTER = re.compile(
    rf",\s+(?=(?:the|an?|his|her|their)\s+(?:[a-z]+\s+)?{RELATION}\s+of\s"
    rf"|[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*['’]s\s+(?:[a-z]+\s+)?{RELATION})"
)
# A relative clause that names what it follows otherwise ("who was born X", "which is now X",
# "who later became X", "who began as X") or places it ("which is in X", "who was part of X").
_NAMES_OR_PLACES = re.compile(
    r"\b(?:born|known|called|named|names?|renamed|alias|aka|now|formerly|today|originally"
    r"|became|(?:began|started)(?:\s+out)?\s+as|recorded\s+as|went\s+by"
    r"|(?:is|was|are|were|lies|lay|located|situated|based)\s+"
    r"(?:\w+\s+)?(?:in|within|inside|near|part\s+of|one\s+of))\b",
    re.IGNORECASE,
)


def _pronoun_lead(sentences: tuple[str, ...]) -> tuple[str, str] | None:
    """The answer a first sentence gives by a pronoun and a copula, then describes in a relative
    clause after a comma, and that clause; None when it is no such sentence (see the module:
    given by a pronoun, then described)."""
    if not sentences:
        return None
    first = _HEDGE.sub("", sentences[0].strip(), count=1)
    opener = _PRONOUN_GIVES.match(first)
    if opener is None:
        return None
    body = first[opener.end() :]
    relative = _RELATIVE_AFTER.search(body)
    if relative is None:
        relative = _RELATED_AFTER.search(body)
        if relative is None:
            return None
    lead = _CITATION.sub("", body[: relative.start()]).strip()
    clause = body[relative.end() :].strip()
    if _SEPARATOR.search(lead) or _SEPARATOR.search(clause) or not _name_like(lead):
        return None
    words = [word.lower() for word in _WORD.findall(lead)]
    if not 1 <= len(words) <= MOST_WORDS or words[0] in _OPENERS:
        return None
    if _NAMES_OR_PLACES.search(clause):
        return None  # the answer given in another name, or placed in what the clause names
    return lead, clause


def given_first(
    accepted_answers: tuple[str, ...],
    question: str,
    question_surface: str,
    sentences: tuple[str, ...],
) -> str:
    """The lead the answer gives as its answer, when it says none of the accepted answers and
    the text after it says one, not as a gloss of the lead (see the module); else "". (v4) So
    too the answer a pronoun's sentence gives, when the relative clause after it says one and no
    later sentence does (`_pronoun_lead`)."""
    if any(_SEPARATOR_CHARS.search(accepted) for accepted in accepted_answers):
        return ""
    found = lead_of(sentences)
    if found is None and (described := _pronoun_lead(sentences)) is not None:
        later = " ".join(sentences[1:])
        if later and _says_any(
            accepted_answers, question_surface, surface(normalize(later)), later
        ):
            return ""  # the key said again after the sentence: not only in another role
        found = (described[0], described[1], described[1])
    if found is None or asks_for_several(question):
        return ""
    lead, segment, rest = found
    if opener_of(rest) == CORRECTION or TAKEN_BACK.match(rest):
        return ""  # the answer takes its lead back ("Istanbul. Correction: it is Ankara")
    lead_surface = surface(normalize(lead))
    if not has_digit(lead_surface) and all(
        has_digit(surface(normalize(accepted))) for accepted in accepted_answers
    ):
        return ""  # a figure's key: a lead in words is no other figure ("Neutral, pH 7")
    asked_words = _words(question_surface)
    asked_words |= {_POSSESSOR.sub("", word) for word in asked_words}
    if _words(lead_surface) <= asked_words:
        return ""  # the lead restates the question (its possessor too: "Titus's father")
    if _says_any(accepted_answers, question_surface, lead_surface, lead):
        return ""
    if not _says_any(accepted_answers, question_surface, surface(normalize(rest)), rest):
        return ""
    gloss = _GLOSS.sub("", segment, count=1)
    gloss_surface = surface(normalize(gloss))
    if _says_any(accepted_answers, question_surface, gloss_surface, gloss) and _words(
        gloss_surface
    ) <= {word for accepted in accepted_answers for word in _words(surface(normalize(accepted)))}:
        return ""  # the key as a gloss of the lead ("Paris, France")
    return lead


_POSSESSOR = re.compile(r"['’]s?$")


def _words(text_surface: str) -> set[str]:
    return {word for word in _WORD.findall(text_surface) if word not in ARTICLES}


def _says_any(
    accepted_answers: tuple[str, ...], question_surface: str, text_surface: str, text: str
) -> bool:
    return any(
        says_as_asked(accepted, question_surface, text_surface, text)
        for accepted in accepted_answers
    )

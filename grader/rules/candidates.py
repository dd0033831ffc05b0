"""Candidates the answer does not choose between (DESIGN 4.6, v4): the reading of "x or y" that
K010 "the key among candidates" and every text-key rule share.

A mention of the key that is one side of "x or y" the answer leaves open is not the key said:
the whole answer "x or y" after or before a hedge ("possibly London or Dublin", "the troposphere
or the stratosphere, I think"), "either x or y", or "x or y" in a sentence beside a hedge or
between two different figures ("maybe 1927 or 1928", "cow or buffalo milk, depending on the
producer", "in 2007 or 2008"). Never an "or" that glosses one thing (after a naming word: "It is
called evaporation or vaporization"; after a comma with no hedge: "lignite, or brown coal"), nor
one that offers no second candidate ("or so", "or more", "whether or not"). (v4) A pair across a
comma is read with a hedge after its "or" ("in 1884, I believe, or maybe 1886", `_ACROSS_COMMA`),
never without one ("lignite, or brown coal"). (v4) **A pair left open however it is written**:
a hedge right after its "or" is a hedge beside the pair ("Banting or perhaps Macleod", "West
Germany or maybe England", the key on either side), and an initial's period ends no side
("either A. Hamilton or James Madison", "either G. H. Lewes or George Eliot"). Never a hedged
"or" with no second candidate ("or maybe earlier", "or possibly more"), a pair a later sentence
chooses from ("Schubert or Schumann? I think it was Schubert."), "or rather", "either way", an
"or" after a naming word ("known as the Netherlands or maybe Holland").

(v4) **Candidates left open at the end** (`open_at_end`): the answer's conclusion, its last
clause that names the key, offers it as one side of "x or y" after a phrase that gives the
answer or a hedge ("So the answer is Libya or Tunisia.", "I would say 1889 or 1891."), or states
it and the next sentence opens with "Or" and another candidate ("So the answer is one. Or two if
you count Curie."): no mention of the key commits to it, whatever the answer said before. Never
a pair a later clause chooses from ("Libya or Tunisia? Tunisia.", "1889 or 1891: it opened in
1889"), a pair that is no conclusion ("In 1998; the bill passed in 1997 or 1998"), an "or" that
refines ("or more precisely", "or rather"), "either way", one with no second candidate ("or
so", "one or more"), an "or" sentence whose candidate is not of the key's kind (a word for a
figure: "It is 1999. Or the euro?").

(v4) **Candidates in the forms people write them**: a pair after a doubt that opens its sentence,
set off by a dash, a comma, a colon or a semicolon (`_DOUBT`: "I cannot confirm this from the
documents: insulin or glucagon", "Hard to say, Chelsea or Leeds United", "I don't remember
exactly - the House of Lords or the Court of Session"), a clause that says only that the writer
cannot be sure or cannot answer, which hedges what its sentence offers after it: the doubt
(`grader.rules.stance`'s docstring holds its definition and counter-examples, `DOUBT` its
pattern) or not knowing, this family's own ("I don't know -", "no idea:", "I could not find it:",
`_NOT_KNOWING`; before a contrast it is no doubt of a claim, so stance's hedge opener never
reads it), with a few words that qualify it, the sources among them; the key's shorter form
opening a side of several words, as a side's last words are read ("Victoria" of "Victoria Falls
or the Kariba Gorge", "Bach" of "Bach's concertos or Handel's"); a key in a form another reading
finds (a "St" or "Mt" read as lost letters, "Either St Andrew or St Columba": every reading of
the key asks `uncommitted`). Never a choice the writer then makes ("Chelsea or Leeds - Chelsea,
after the replay": a dash ends a side; "not the Court of Session or the Court of Appeal: the
House of Lords"), "either" as "also" ("Leeds did not win it either - Chelsea won at Old Trafford
or Wembley": an "either" a dash follows opens no pair), a doubt in another sentence or one that
says more than the doubt ("I am not sure of the year it began."), a key that itself holds "or",
said whole ("I am not sure: Truth or Dare" says the film). (v4, one owner) The doubt was written
here and in stance's hedge opener with lists that differed; read from stance's one definition,
this family gained the caveats on what the writer cannot check ("I cannot verify current
textbooks: the liver or the gallbladder", "I'm not able to browse archived results - England or
West Germany", "I was unable to check the recipe: pecorino or parmesan"), the degrees of
sureness ("Not a hundred percent sure, Augustus or Tiberius") and "we" ("We cannot be certain;
the House of Lords or the Privy Council"); never a caveat before a contrast ("I'm not able to
browse archived results, but it was England, not West Germany or Portugal" answers England).

(v4) **Candidates listed, none chosen** (`listed_candidates`, read with the answer's structure
before its sentences, as a table of scored candidates is, `grader.rules.sentences.tabled_answer`):
a header that calls what follows candidates, a line that opens with "possible", "potential",
"likely", "plausible" or "probable" and a plural noun ("Possible hormones:", "Likely
candidates:"), with "candidates", "possibilities", "guesses" or "contenders", or with "it could be
any of" / "one of the following", then a colon, and after it two to eight candidates, as the
lines of a list (a bullet or a number each; a candidate is its line up to a description after
it, "- mozzarella, fresh and sliced") or in the header's own line ("Candidates: England, West
Germany or Portugal.", up to six words each). A reader reads them as candidates the answer does
not choose between: the header and the list are set aside as working and read as "Either A or B
or C." (every side of such a chain is a side: "either a or b or c"), so the key among them is
among candidates (K010) and a later sentence that names one alone chooses it. One marked chosen
(a check mark, "(chosen)", "(best)", "most likely", "my pick", or alone in bold among plain ones)
is read alone. Never a list the question asks for (it asks for several, `grader.rules.lists.
asks_for_several`: "Name three noble gases", or it names candidates itself: "What are the
possible side effects ...?"), a header that names the answer ("Hormone:\n- insulin"), a header
that calls nothing candidates ("Key facts:"), one candidate ("Possible answer: Augustus."),
candidates a later sentence chooses from ("Possible hormones: glucagon, insulin or cortisol. It
is insulin.").

(v4) **A pair, then not knowing which** (`_WHICH_AFTER`): "x or y" followed, after a comma, a
semicolon, a dash or a bracket, by a clause that says the writer cannot tell which of the two
it is ("Vitamin D or vitamin K, I forget which", "Oxygen or nitrogen (not sure which)", "Richard
or John - I never remember which one it was", the doubt's and not knowing's forms above with
"which" that asks nothing of its own) or that it is one of them without saying which ("Walnuts
or pine nuts, one or the other", "one of the two", "Holst or Elgar, one of the English lot
anyway"). No "either" and no hedge before the pair is needed: the clause after it is the doubt.
`grader.rules.declined_questions` leaves such a "which" asserted (it restates no question).
Never "which" that asks a question of its own ("I forget which set he dropped"), a choice made
past a dash ("Borg or McEnroe - Borg, ..."), "one of" that describes ("Pine nuts or pignoli, one
of the costliest nuts": no "anyway"), a pair that does not hold the key ("Borg, who beat
McEnroe or Connors, I forget which"), two accepted names of the key ("Mumbai or Bombay, I forget
which": `grader.rules.surface_match.two_names`, the key said).

(v4) **Scored candidates: the top one is the answer** (`scored_candidates`, read with the
answer's structure before its sentences, after a table's reading and before listed candidates;
a structured object's list of them, `grader.rules.sentences.structured_answer`). An extractive
QA or retrieval system that prints its raw output gives candidates, each with a score. A score
is a decimal or a percentage beside a candidate: named ("score", "p=", "prob:", "conf=",
"confidence", "probability", "likelihood", "certainty", "logprob", "logit"), in brackets after
it ("rye (0.22)"), or after a candidate in quotes ('"lion" 0.48'); a belief or a score lies from 0
to 1 (a percentage read as a fraction; a log-probability or a logit as written, higher the
better); a decimal not named is a score only beside a line that calls the output candidates or
beside the candidates after an answer (a percentage not named only under a ranking's header:
"top-3:", "n-best:"); "p" beside one candidate alone is a finding's p-value, no score. A person
reads the system's answer as its top candidate (the highest score, whatever the list's order),
and the others as alternatives it did not give; two tied at the top are left open ("Either A or
B.", K010). The forms:
- the answer on a line of its own after an answer's label ("Answer:", "Prediction:"), with its
  score named, or with the candidates it did not give on the lines after it under a header that
  calls them others ("Other candidates:", "Alternatives:", "Runners-up:"), or both ("Answer:
  wheat (score 0.58)\nOther candidates: rye (0.22), barley (0.11)"): read as "Answer: wheat",
  the score and the others set aside as working, whatever the question asks (the system chose
  one);
- a ranked list, two candidates or more, each with its score: on a line after a header that calls
  them candidates or a ranking ('top-3: ["lion" 0.48, "tiger" 0.41, "liger" 0.06]', "N-best:",
  "Candidates:", "Predictions:"; a candidate a line after a header alone too), or without a
  header, each score named, a ranking (no score above the one before it), a candidate a line, a
  list's mark or none ("1. Galileo Galilei  p=0.48\n2. Christiaan Huygens  p=0.39"), or in one
  line ("lion (p=0.48), tiger (p=0.41)"): read as its top candidate, the list set aside;
- one candidate with its score named in brackets, a line of its own ("Unanswerable (score
  0.91)", "No answer [confidence 0.88]"): the candidate, the score set aside;
- a system's report that it has no answer, followed by its best guess with a score, in brackets
  or after a comma, a semicolon, a colon, a dash or a period, under a label of a best guess
  ("No answer above threshold (best: "Omega", 0.18)", "No answer found; top candidate: Omega
  p=0.18"): the best guess below the threshold is no answer, set aside; the report is read as it
  stands, and declines by the decline list's family of a system's no-answer report
  (``grader/needles/declines.json``: "no answer above threshold", "no answer found", "no span
  extracted", "confidence below threshold" alone, "unanswerable"), so an answerable question so
  declined is wrong (D004). A report is a clause that says no answer, span or prediction, or
  names the threshold or cutoff, or "unanswerable" (`_NO_ANSWER`).
Never: a list the question asks for (it asks for several, `grader.rules.lists.asks_for_several`:
"Name two primary colours" answered "1. red p=0.91\n2. blue p=0.88" gives both; an answer's label
and its alternatives are read all the same); numbers that are no scores (a whole number, a year,
a result, a range: "Arsenal 3-1", "score: 16.5-11.5", "1867"; a decimal over 1 named a belief or
a score: "score 9.5"); decimals or percentages not named and not under such a header (values of
facts: "Snow (0.9), grass (0.25)" for albedo, "Labour 43%, Conservatives 31%"; "Answer: half
(0.5)" with no others after it); a list without a header whose scores rise (findings: "ramipril
p=0.03\natenolol p=0.20"); a p-value beside one finding ("Significant (p = 0.03)"); a line of one
candidate with its score not in brackets ("Perfect score 10.0", "Her score 0.9 was the best");
a best guess after an answer that is no report of none ("I am not sure (best guess: Omega,
0.6)": a hedged answer, read as it stands); a table of candidates (`grader.rules.sentences.
tabled_answer`, a form that marks its choice, and none marked leaves them open); a structured
object's answer field beside its alternatives ({"answer": "Forastero", "alternatives": [...]}:
`structured_answer`).

`grader.rules.surface_match` reads a mention through `uncommitted` (`among_candidates`,
`rejects`, `says`); the patterns below are the definition.

Why one file: it is one reading, `uncommitted`, that every reading of the key shares; its forms
(the whole answer, "either", a pair in a sentence, across a comma, open at the end, a list of
candidates read as "either") share the hedges, the sides and what offers no second candidate, and
each form's counter-examples are what the others must not read either. Scored candidates are the
same concept, candidates, read where a system ranks them: the top one chosen, a tie left open as
"either" is, the marks of choice and the listed candidates' header beside them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from itertools import pairwise

from grader.rules.normalize import lowered_as_matched
from grader.rules.stance import DOUBT, UNABLE
from grader.rules.surface import FUNCTION_WORDS

# Alternatives the answer does not choose between: an answer that is nothing but "A or B"
# (after a hedge: "possibly london or dublin", "i am not sure, maybe x or y", "i believe it is
# mercury, or possibly apollo", "it could be x or y", "i'm not certain; it may have been x or y";
# or before one: "the troposphere or the stratosphere, i think"; a reason may follow: "possibly
# ravel or debussy, since both wrote for piano"),
# or "either A or B". Never synonyms in a sentence ("is called evaporation or vaporization"),
# nor an alternative that names the same thing in other words without a hedge ("mercury, or
# hermes in greek").
_HEDGE = (
    r"(?:i(?: a|'|’)m not (?:sure|certain)|not (?:sure|certain)|i think|i believe|i guess|i suppose"
    r"|possibly|maybe|perhaps|probably|(?:it )?(?:may|might|could) (?:have been|be))"
)
# (v4) A doubt that opens a sentence, set off by a dash, a comma, a colon or a semicolon: the doubt
# (`grader.rules.stance.DOUBT`, its one definition: "i cannot say for certain -", "i am not
# entirely sure,", "hard to say:", "i may be wrong -", "i cannot verify archived results:"), or
# not knowing (`_NOT_KNOWING`: "i do not know either -", "no idea:", "i could not find it in the
# documents:"), a few words that qualify it after it. It hedges what the sentence offers after it,
# as a hedge in the pair's part does. Never a clause that says more than the doubt ("i think
# this one is easy:", "i do not know anyone who disagrees:", "i am not sure of the year").
_QUALIFIER = (
    r"(?: (?:for (?:certain|sure)|with (?:any )?(?:certainty|confidence)|exactly|precisely"
    r"|offhand|definitely|from memory|either|too|this|that|it|which(?: one)?(?: it (?:is|was))?"
    r"|(?:in|from) (?:the )?(?:documents?|sources?|context|text|records|passages?)))*"
)
# Not knowing, which this family reads as a doubt and stance's does not: a clause that says the
# writer has no answer ("i do not know", "i cannot say", "i cannot recall", "no idea",
# "impossible to say", "i could not find it"). Before a pair it leaves the pair open; before a
# contrast it is no doubt of a claim (what follows is context or a referral: "i do not know, but
# the filing discusses revenue" declines, `grader.rules.stance`).
_NOT_KNOWING = (
    r"(?:i|we)\s+" + UNABLE + r"\s+(?:say|tell|know|recall|remember|find)"
    r"|(?:it\s+is\s+)?impossible\s+to\s+(?:say|tell|be\s+sure)"
    r"|(?:i\s+have\s+)?no\s+idea"
)
_DOUBT = (
    r"(?:(?:hmm|well|honestly|sorry|to be honest),? )?"
    rf"(?:{DOUBT}|{_NOT_KNOWING}){_QUALIFIER}(?:[,;:]|\s-)\s+"
)
_DOUBT_FIRST = re.compile(_DOUBT)
# A naming verb before the alternatives gives synonyms ("it is called evaporation or
# vaporization", "it is known as X or Y", hedged or not: "it is called aubergine or eggplant, i
# think" hedges the whole, not a choice); `_NAMING` below, just before the pair, the same.
_NAMING_FIRST = re.compile(
    r"^(?:it is |it was )?(?:also )?(?:called|known as|named|termed|referred to as)\s"
)
_SIDE = r"(?:the )?(?:[^\s,.;:!?]+ ){0,2}[^\s,.;:!?]+"
_ALTERNATIVES = re.compile(
    rf"^(?P<doubt>{_DOUBT})?(?:(?:{_HEDGE}|either)[,:;]?\s+)*(?:it is |it was )?{_SIDE}"
    rf"(?P<comma>,)?\s+or\s+"
    rf"(?:{_HEDGE}\s+)?{_SIDE}(?:,?\s+{_HEDGE})?(?:,\s+(?:since|because|as)\s[^.;:!?]*)?[.!?]?$"
)
# (an "or" after a comma offers an alternative only beside a hedge: "mercury, or possibly apollo")
_HEDGED = re.compile(rf"(?<!\w){_HEDGE}(?!\w)")
# (v4) An initial's period ends no side: "either a. hamilton or james madison" (as it ends
# no sentence, `grader.rules.sentences`).
_INITIAL = r"(?<!\w)[^\W\d_]\."
# (v4) A chain of sides, "either a or b or c", each side up to the next "or": every side is a
# candidate (the reading of listed candidates, `listed_candidates`, and of a table's).
_EITHER_SIDE = rf"(?:{_INITIAL}|(?!\s+or\s)[^,.;:!?])"
_EITHER = re.compile(
    rf"\beither\s+(?!-){_EITHER_SIDE}{{1,40}}?\s+or\s+{_EITHER_SIDE}{{1,40}}"
    rf"(?:\s+or\s+{_EITHER_SIDE}{{1,40}})*"
)
# (v4) A hedged pair with longer sides: "either the a1 from london to edinburgh, or maybe the a30
# which runs to land's end". With a hedge after its "or" or before its "either" in the sentence,
# a side runs to the sentence's end whatever its length. Never "either way", nor an "or" that
# refines one thing ("the a1, or more precisely the a1(m)", "or rather", "or at least").
_HEDGED_EITHER = re.compile(
    r"(?P<head>(?:^|(?<=[.!?] ))[^.!?]*?)\beither\s+(?!way\b|-)"
    rf"(?P<first>(?:{_INITIAL}|[^.;:!?]){{1,120}}?),?\s+or\s+"
    rf"(?P<hedge>(?:{_HEDGE})\s+)?(?!(?:more|rather|at least|in other words|that is|so)\b)"
    rf"(?P<second>(?:{_INITIAL}|[^.;:!?]){{1,120}})"
)
# A lean that keeps the doubt on the choice itself: "probably the a1". ("I think it is the a1"
# alone chooses: it is how an answer is put.)
_LEAN = re.compile(r"(?<!\w)(?:probably|maybe|perhaps|possibly|likely|could|might)(?!\w)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_ARTICLE = re.compile(r"^(?:the|an?)\s+")


# Candidates in a sentence: the mention is one side of "x or y" and the answer does not choose
# between them: a hedge before the pair in its part of the sentence ("maybe 1927 or 1928", "i
# think in 2007 or 2008"), or just after it ("cow or buffalo milk, depending on the producer";
# "x or y, i think"), or two figures ("in 2007 or 2008"). Never an "or" that glosses one thing:
# after a naming word ("is called evaporation or vaporization", "known as the netherlands or
# holland", "aubergine, also called eggplant"), an "or" after a comma with no hedge ("lignite, or
# brown coal"); nor an "or" that offers no second candidate ("1,000 or more", "50 or so",
# "whether or not", "or later", "or other"). (v4) The mention may end a side of several words
# ("lester piggott or walter swinburn": "swinburn" is a side's last word, "walter" before it),
# never past a function word ("maybe 1927 or 1928 in paris": "paris" is no side), and a pair
# whose other side names the key too offers no other candidate ("swinburn or walter swinburn").
_NAMING = re.compile(
    r"(?<!\w)(?:called|known as|named|termed|aka|a\.k\.a\.|i\.e\.|also|otherwise|spelt|spelled"
    r"|written)(?: the| an?)? *$"
)
_BEFORE_PAIR = re.compile(
    r"(?<![\w.,])([\w.'-]+) or (?:the |an? |in |on )?(?P<side>(?:(?!- )[\w.'-]+ ){0,2})$"
)
_AFTER_PAIR = re.compile(r" or (?:the |an? |in |on )?([\w.'-]+)")
# (v4) The mention may open a side of several words as it may end one ("victoria" of "victoria
# falls or the kariba gorge", "boyle" of "boyle's law or charles's law"): one or two words after it
# before the "or", none a function word ("maybe paris in may or june": the pair is of months).
_REST_OF_SIDE = re.compile(r"((?: [\w.'-]+){1,2})(?= or )")
_NO_CANDIDATE = FUNCTION_WORDS | frozenset(
    "so more less fewer later earlier older younger higher lower above below over under other "
    "else another thereabouts whatever something nothing none equivalent similar both".split()
)
# (v4) A pair across a comma, hedged after its "or": "in 1884, i believe, or maybe 1886",
# "1886, or perhaps 1884", an aside of a hedge between the first side and the "or" allowed ("i
# believe", "i think"). Never without the hedge after the "or" ("lignite, or brown coal",
# "lignite, i think, or brown coal" gloss one thing; "1 mile, or 1.6 km" too), nor "or maybe
# earlier" (no second candidate), nor the key on both sides.
_ACROSS_COMMA = rf",(?: {_HEDGE},)? or (?:{_HEDGE}),? (?:the |an? |in |on )?"
_HEDGED_BEFORE = re.compile(rf"(?<![\w.,])([\w.'-]+){_ACROSS_COMMA}(?P<side>(?:[\w.'-]+ ){{0,2}})$")
_HEDGED_AFTER = re.compile(rf"{_ACROSS_COMMA}([\w.'-]+)")
_AFTER_HEDGE = re.compile(rf" or (?:{_HEDGE},? )?(?:the |an? |in |on )?([\w.'-]+)")
_PART_END = re.compile(r"[,;:!?()]|(?<!(?<!\w)[^\W\d_])\.")
_HEDGE_AFTER = re.compile(
    rf"[^,.;:!?()]{{0,30}},? (?:{_HEDGE}|depending on|depending|it depends)(?!\w)"
)
# (v4) Not knowing which, after the pair: the rest of its last side, a comma, a semicolon, a
# dash or a bracket, then a clause that says the writer cannot tell which of the two it is ("x or
# y, i forget which", "x or y (not sure which one)", "x or y - i can never remember which it
# was") or that it is one of them without saying which ("x or y, one or the other", "x or y, one
# of the two", "x or y, one of that group anyway"). The clause ends there. Never "which" that
# opens a question of its own ("x or y, i forget which year"), "one of" that describes ("tea or
# coffee, one of the most popular drinks": no "anyway"), a side that runs past a dash ("chelsea
# or leeds - chelsea, i forget which replay").
_FORGETTING = (
    r"(?:(?:i|we)\s+)?(?:(?:always|often|sometimes|now|honestly)\s+)?(?:forget|forgot"
    r"|(?:can\s+)?never\s+(?:remember|recall|tell|know)"
    r"|(?:cannot|can\s+not|can['’]t)\s+(?:remember|recall|tell|say)"
    r"|(?:do\s+not|don['’]t)\s+(?:remember|recall|know))"
)
# "Which" that asks nothing of its own, referring back to the pair: "which", "which one", "which
# it was", "which of the two" (the surface writes a number word as its figure).
WHICH_OF_THEM = (
    r"which(?:\s+(?:one|1))?(?:\s+(?:it|that|he|she|they)\s+(?:is|was|were|are))?"
    r"(?:\s+of\s+(?:the\s+|them\s+)?(?:two|2))?"
)
_WHICH_AFTER = re.compile(
    r"[^,.;:!?()\-–—]{0,30}(?:,|;|\s[-–—]|\s?\()\s*"
    rf"(?:(?:{DOUBT}|{_NOT_KNOWING}|{_FORGETTING})\s+{WHICH_OF_THEM}"
    r"|(?:one|1)\s+or\s+the\s+other|(?:one|1)\s+of\s+(?:(?:the|those)\s+(?:two|2)|them|those"
    r"|the\s+pair)"
    r"|(?:one|1)\s+of\s+(?:the|that|those|these|them|his|her|their)\s[^,.;:!?()]{0,40}?"
    r"\s+anyway)"
    r"(?:,?\s+anyway)?(?=\s*(?:[.!?);,]|\s[-–—]|$))"
)
_FIGURE = re.compile(r"\d+(?:\.\d+)?")


def _no_candidate(text: str, at: int) -> bool:
    """Whether the "or" at ``text[at:]`` offers no second candidate ("or so", "or more"), past
    a hedge ("or maybe earlier")."""
    after = _AFTER_HEDGE.match(text, at)
    return after is None or after.group(1).rstrip(".") in _NO_CANDIDATE


def _side_before(text: str, begin: int, start: int) -> re.Match[str] | None:
    """The pair whose second side ends with the mention at ``text[start:]`` ("piggott or walter
    " before "swinburn"), its words before the mention no function word; None for none."""
    before = _BEFORE_PAIR.search(text, begin, start)
    if before is None or any(word in _NO_CANDIDATE for word in before.group("side").split()):
        return None
    return before


def _candidates(text: str, start: int, end: int) -> bool:
    """Whether the mention at ``text[start:end]`` is one side of "x or y" the answer does not
    choose between (see `_NAMING`); (v4) a hedge right after the "or" is beside the pair ("banting
    or perhaps macleod", "macleod or maybe banting"), its other side the word after it."""
    after = _AFTER_HEDGE.match(text, end)
    rest = _REST_OF_SIDE.match(text, end) if after is None else None
    if rest is not None and not any(word in _NO_CANDIDATE for word in rest.group(1).split()):
        after = _AFTER_HEDGE.match(text, rest.end())  # "victoria" of "victoria falls or ..."
    before = _side_before(text, 0, start) if after is None else None
    if after is not None:
        other, between = after.group(1), text[end : after.start(1)]
    elif before is not None:
        other, between = before.group(1), text[before.end(1) : start]
    else:
        return "," in text and _hedged_across_comma(text, start, end)
    other = other.rstrip(".")
    if other in _NO_CANDIDATE or text[max(0, start - 8) : start].endswith("whether "):
        return False
    pair_start = before.start(1) if before is not None else start
    pair_end = after.end(1) if after is not None else end
    opening = _PART_END.split(text[max(0, pair_start - 60) : pair_start])[-1]
    if _NAMING.search(opening):
        return False  # two names of one thing
    mention = text[start:end]
    if _FIGURE.fullmatch(other) and _FIGURE.fullmatch(mention) and other != mention:
        return True  # two figures: "2007 or 2008"
    return (
        _HEDGED.search(between) is not None  # "banting or perhaps macleod"
        or _HEDGED.search(opening) is not None
        or _HEDGE_AFTER.match(text, pair_end) is not None
        or _WHICH_AFTER.match(text, pair_end) is not None  # "x or y, i forget which"
        or _doubt_opens(text, pair_start)  # "i cannot say for certain, x or y"
    )


def _doubt_opens(text: str, at: int) -> bool:
    """Whether the sentence that holds ``text[at]`` opens with a doubt set off by a dash, a
    comma, a colon or a semicolon before it (`_DOUBT`: "i cannot say for certain - it could be
    x or y", "hard to say: x or y")."""
    opens = max(text.rfind(mark, 0, at) for mark in (". ", "! ", "? ", "\n"))
    opens = opens + 1 if opens >= 0 else 0
    while opens < at and text[opens] == " ":
        opens += 1
    doubt = _DOUBT_FIRST.match(text, opens, at + 1)
    return doubt is not None and doubt.end() <= at


def _hedged_across_comma(text: str, start: int, end: int) -> bool:
    """Whether the mention at ``text[start:end]`` is a side of a pair across a comma, hedged
    after its "or" (`_HEDGED_BEFORE`: "in 1884, i believe, or maybe 1886"), whose other side
    offers another candidate, not named as the same thing."""
    pair = _HEDGED_AFTER.match(text, end)
    if pair is None:
        pair = _HEDGED_BEFORE.search(text, 0, start)
        if pair is None or any(word in _NO_CANDIDATE for word in pair.group("side").split()):
            return False
    other = pair.group(1).rstrip(".")
    pair_start = pair.start(1) if pair.start() < start else start
    opening = _PART_END.split(text[max(0, pair_start - 60) : pair_start])[-1]
    return other not in _NO_CANDIDATE and other != text[start:end] and not _NAMING.search(opening)


def _head(side: str) -> tuple[str, ...]:
    """A candidate's words: those of a side past its article, up to three, to its first function
    word or comma ("a30" of "the a30 which runs to land's end"; "ralph", "vaughan", "williams" of
    "ralph vaughan williams, his friend"), or of a mention ("gustav", "holst")."""
    words = []
    for word in _ARTICLE.sub("", side.strip()).split()[:3]:
        bare = word.strip(",'\"()")
        if not bare or bare in FUNCTION_WORDS:
            break
        words.append(bare)
        if word.endswith(","):
            break
    return tuple(words)


def _named(words: tuple[str, ...], sentence: str) -> bool:
    """Whether the sentence names a candidate: one of its words."""
    return any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", sentence) for word in words)


def open_between(text: str, start: int, end: int) -> bool:
    """Whether the mention at ``text[start:end]`` is one of a hedged pair of candidates the
    answer offers ("either the a1 from london to edinburgh, or maybe the a30 ...") and never
    chooses between. The answer's last sentence after the pair that names either candidate (by
    one of its words: "holst" of "gustav holst") decides: it keeps the pair open when it names
    the other candidate, or only leans ("i think it is probably the a1 but the a30 could be
    longer too"; "probably the a1": a lean keeps the doubt on the choice itself, so the answer
    does not commit), or when no sentence follows; it chooses when it names one candidate alone
    without a lean ("so the longest is the a1"; "i think it is the a1", as an answer is put).
    What a sentence in between says of one candidate ("the a1 is about 410 mi") chooses
    nothing; said last, it counts as the choice."""
    mention = text[start:end]
    for pair in _HEDGED_EITHER.finditer(text):
        if pair.group("hedge") is None and _HEDGED.search(pair.group("head")) is None:
            continue  # no hedge: "you can take either the a1 or the a30, the longest ..."
        if start < pair.start("first"):
            continue
        first, second = pair.group("first"), pair.group("second")
        if mention in first:
            other = _head(second)
        elif mention in second:
            other = _head(first)
        else:
            continue
        key = tuple(word for word in mention.split() if word not in FUNCTION_WORDS)
        other = tuple(word for word in other if word not in key)  # ("the high court": "high")
        after = _SENTENCE_END.split(text[pair.end() :])
        last = next(
            (each for each in reversed(after) if _named(key, each) or _named(other, each)), ""
        )
        return not last or _named(other, last) or _LEAN.search(last) is not None
    return False


# (v4) Candidates left open at the end: the answer's last clause that names the key (its
# conclusion) offers it as one side of "x or y" after a phrase that gives the answer ("so the
# answer is libya or tunisia", "i would say 1889 or 1891") or a hedge ("maybe 1921 or 1922"), or
# states it and the next sentence opens with "or" and another candidate ("so the answer is 1. or
# 2 if you count curie"). Never a pair a later clause chooses from ("libya or tunisia? tunisia.",
# "1889 or 1891: it opened in 1889"), one that is no conclusion ("in 1998; the bill passed in
# 1997 or 1998"), an "or" that refines ("or more precisely", "or rather", "or at least"), nor one
# with no second candidate ("or so", "or more").
_CLAUSE_BREAK = re.compile(r"[.;:!?](?:\s|$)")
_SENTENCE_BREAK = re.compile(r"[.!?](?:\s|$)")
_GIVES_ANSWER = re.compile(
    r"(?<!\w)(?:(?:(?:so|thus|therefore|hence|overall|in short|in conclusion|to sum up),? )"
    r"(?:it (?:is|was|would be)|i would say)"
    r"|(?:the|my) (?:final |best |short |likely |correct )?(?:answer|guess) (?:is|was|would be)"
    r"|i would (?:say|go with|guess))"
    r"(?: (?:the|an?|in|on))?(?: [\w.'-]+){0,2}$"
)
_OR_SENTENCE = re.compile(rf"or,? (?:{_HEDGE},? )?(?:the |an? |in |on )?(?P<other>[\w.'-]+)")
# Words after "or" that refine the one thing said rather than offer another.
_REFINING = frozenset("rather precisely exactly strictly technically properly".split())


def _word_at(text: str, word: str, at: int) -> bool:
    """Whether ``word`` stands at ``text[at:]`` as a whole word."""
    end = at + len(word)
    return not (at and (text[at - 1].isalnum() or text[at - 1] == "_")) and not (
        end < len(text) and (text[end].isalnum() or text[end] == "_")
    )


def _later(text: str, at: int, word: str) -> bool:
    """Whether a clause after ``text[:at]`` names ``word`` (as a whole word)."""
    found = text.find(word, at)
    while found >= 0:
        if _word_at(text, word, found):
            return True
        found = text.find(word, found + 1)
    return False


def open_at_end(text: str, start: int, end: int) -> bool:
    """Whether the answer's conclusion leaves the mention at ``text[start:end]`` open between it
    and another candidate (see `_GIVES_ANSWER`): its last clause that names the key (by the
    mention's words) offers it as a side of "x or y" after a phrase that gives the answer or a
    hedge, or the sentence after it opens with "or" and another candidate; no later clause names
    that candidate. Then no mention of the key commits to it, whatever the answer said before
    ("It opened in 1889 ... I would say 1889 or 1891.")."""
    return _open_at_end(text, text[start:end])


@lru_cache(maxsize=4096)
def _open_at_end(text: str, mention: str) -> bool:
    """`open_at_end` of every mention ``mention`` in ``text`` (its last one decides)."""
    at = text.rfind(mention)
    while at >= 0 and not _word_at(text, mention, at):
        at = text.rfind(mention, 0, at)
    if at < 0 or not mention:
        return False
    last_end = at + len(mention)
    clause_start = max(text.rfind(mark, 0, at) for mark in (". ", "; ", ": ", "! ", "? "))
    clause_start = clause_start + 2 if clause_start >= 0 else 0
    clause_end = _CLAUSE_BREAK.search(text, last_end)
    after_clause = clause_end.start() if clause_end is not None else len(text)
    pair_after = _AFTER_PAIR.match(text, last_end)
    pair_before = _side_before(text, clause_start, at) if pair_after is None else None
    if pair_after is not None or pair_before is not None:
        other = (pair_after or pair_before).group(1).rstrip(".")  # type: ignore[union-attr]
        pair_start = pair_before.start(1) if pair_before is not None else at
        opening = text[clause_start:pair_start].strip()
        return (
            other not in _NO_CANDIDATE
            and other not in _REFINING
            and other != mention
            and _NAMING.search(opening) is None
            and (_GIVES_ANSWER.search(opening) is not None or _HEDGED.search(opening) is not None)
            and not _later(text, after_clause, other)
        )
    sentence_end = _SENTENCE_BREAK.search(text, last_end)
    if sentence_end is None:
        return False
    following = _OR_SENTENCE.match(text, sentence_end.end())
    if following is None:
        return False
    other = following.group("other").rstrip(".")
    return (
        other not in _NO_CANDIDATE
        and other not in _REFINING
        and other != mention
        and (_FIGURE.fullmatch(other) is None) == (_FIGURE.fullmatch(mention) is None)
        and not _later(text, following.end(), other)
    )


# (v4) Candidates listed under a header that calls them candidates (`listed_candidates`): a line
# that opens (markdown's marks aside) with "possible", "potential", "likely", "plausible" or
# "probable" and a plural noun ("Possible authors", "Likely candidates"), or "candidates",
# "possibilities", "guesses", "contenders", or "it could be any of" / "one of the following",
# then a colon.
_HEADER = re.compile(
    r"[ \t#>*_]*(?:(?:here\s+are\s+)?(?:the\s+|some\s+|my\s+)?"
    r"(?:(?P<marker>possible|potential|likely|plausible|probable)\s+(?:[\w'’-]+\s+){0,2}?[\w'’-]+s"
    r"|(?P<named>candidates|possibilities|guesses|contenders))"
    r"|(?:it|this|that|the\s+answer)\s+(?:could|might|may|would)\s+be\s+(?:any|one)\s+of"
    r"(?:\s+(?:these|those|the\s+following|them|several))?"
    r"|(?:any|one)\s+of\s+(?:these|the\s+following))"
    r"(?:\s+(?:include|are|would\s+be))?[*_]*\s*:[*_]*[ \t]*",
    re.IGNORECASE,
)
# The stems of the header's words that name the candidates: a question that holds one asks for
# them ("What are the possible side effects ...?"), and the list is its answer.
_HEADER_STEMS = ("possib", "potent", "likel", "plausib", "probab", "candidat", "guess", "contend")
# A line of a list: a bullet or a number, a space, the item.
_LIST_LINE = re.compile(r"[ \t]*(?:[-*+\u2022\u00b7]|\d{1,2}[.)])[ \t]+(?P<item>\S.*)")
# What ends an item's candidate: a description after it (a dash between spaces, a comma, a
# bracket, a colon).
_ITEM_END = re.compile(r"\s[-\u2013\u2014]\s|[,(:;]|\.(?:\s|$)")
# What joins candidates in a line: a comma (", or" and ", and" too), "or", "and", a semicolon.
_INLINE_JOINER = re.compile(r"\s*[,;]\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+", re.IGNORECASE)
# The marks that choose a candidate, in a list or a table's row (`grader.rules.sentences`'
# tables of candidates read them too): a check mark, and a candidate alone in bold.
CHECK_MARKS = ("\u2713", "\u2714", "\u2611", "\u2705")
BOLD = re.compile(r"(\*\*|__)(?P<words>\S(?:.*\S)?)\1")
# A candidate marked as chosen: a check mark, a word of choice in brackets after it or in its
# description ("(best)", "(most likely)", "my pick"), or, among others plain, in bold.
_CHOSEN = re.compile(
    rf"[{''.join(CHECK_MARKS)}]|\b(?:chosen|selected|most\s+likely|likeliest|best\s+(?:guess|bet)"
    r"|my\s+(?:pick|choice|guess|answer)|top\s+pick|the\s+answer)\b|[(\[]\s*best\s*[)\]]",
    re.IGNORECASE,
)
_MOST_ITEMS = 8
_ITEM_WORDS = 6


def listed_candidates(answer: str, asked: frozenset[str] = frozenset()) -> tuple[str, str]:
    """An answer's listed candidates read (see the module's docstring): the working set aside
    (the header and its list, as written) and the answer with each list of candidates none of
    which is chosen read as "Either A or B or C.", or as the one marked chosen; ("", the answer)
    when it holds none. ``asked``: the question's words (`grader.rules.context.Context.
    question_words`), one of which names candidates when the question asks for them. (Read only
    in an answer holding a colon: every header ends with one; `listed_candidates_by_definition`.)"""
    if ":" not in answer:
        return "", answer
    return listed_candidates_by_definition(answer, asked)


def listed_candidates_by_definition(
    answer: str, asked: frozenset[str] = frozenset()
) -> tuple[str, str]:
    """`listed_candidates` without its shortcut: the definition."""
    if any(word.startswith(_HEADER_STEMS) for word in asked):
        return "", answer  # "What are the possible causes ...?": the list is the answer
    lines = answer.split("\n")
    kept: list[str] = []
    working: list[str] = []
    at = 0
    while at < len(lines):
        header = _HEADER.match(lines[at])
        if header is None:
            kept.append(lines[at])
            at += 1
            continue
        rest = lines[at][header.end() :]
        if rest.strip():
            sentence_end = re.search(r"[.!?](?:\s|$)", rest)
            said = rest[: sentence_end.start()] if sentence_end else rest
            after = rest[sentence_end.end() :] if sentence_end else ""
            items = _inline_items(said)
            if items is None:
                kept.append(lines[at])
            else:
                kept.append(" ".join(filter(None, (_read_as(items), after.strip()))))
                working.append(lines[at])
            at += 1
            continue
        end = at + 1
        while end < len(lines) and _LIST_LINE.fullmatch(lines[end].rstrip()):
            end += 1
        items = [_candidate(_LIST_LINE.fullmatch(line.rstrip())) for line in lines[at + 1 : end]]
        if not 2 <= len(items) <= _MOST_ITEMS or not all(items):
            kept.append(lines[at])
            at += 1
            continue
        kept.append(_read_as(items))
        working.extend(lines[at:end])
        at = end
    if not working:
        return "", answer
    return "\n".join(working), "\n".join(kept)


def _candidate(line: re.Match[str] | None) -> str:
    """A list line's candidate: its item up to a description after it ("Lope de Vega (1562-1635),
    a playwright" names "Lope de Vega"), a mark of choice kept; "" for none."""
    if line is None:
        return ""
    item = line.group("item").strip()
    end = _ITEM_END.search(item)
    name = item[: end.start()].strip() if end is not None else item
    if _CHOSEN.search(item) and not _CHOSEN.search(name):
        name += " (chosen)"
    return name if 1 <= len(name.split()) <= _ITEM_WORDS + 1 else ""


def _inline_items(said: str) -> list[str] | None:
    """The candidates a header's line names after its colon ("A, B or C"), two to eight of up to
    six words each; None when it names no such list."""
    items = [item.strip() for item in _INLINE_JOINER.split(said.strip()) if item.strip()]
    if not 2 <= len(items) <= _MOST_ITEMS or any(len(item.split()) > _ITEM_WORDS for item in items):
        return None
    return items


def _read_as(items: list[str]) -> str:
    """Candidates as a reader reads them: the one marked chosen ("(chosen)", a check mark, a
    word of choice, or alone in bold) alone, else all of them left open ("Either A or B.")."""
    chosen = [item for item in items if _CHOSEN.search(item)]
    if len(chosen) != 1:
        bold = [item for item in items if BOLD.fullmatch(item)]
        chosen = bold if len(bold) == 1 else chosen
    if len(chosen) == 1:
        return _CHOSEN.sub("", chosen[0]).replace("()", "").strip(" *_") + "."
    return left_open([item.strip(" *_") for item in items])


def left_open(candidates: list[str]) -> str:
    """Candidates none of which is chosen, as a reader reads them: "Either A or B or C." (a
    pair `uncommitted` reads as left open)."""
    return "Either " + " or ".join(candidates) + "."


def uncommitted(text: str, start: int, end: int) -> bool:
    """Whether the mention at ``text[start:end]`` is one of alternatives the answer does not
    choose between: the whole answer "x or y" (`_ALTERNATIVES`), "either x or y", or a side of
    "x or y" in a sentence beside a hedge, or two figures (`_candidates`), or a key the answer's
    conclusion leaves open (`open_at_end`); never an "or" after a naming word ("it is called
    evaporation or vaporization")."""
    if " or " not in text or " or " in text[start:end]:
        return False  # (a key that is itself "a or b", said whole, is committed to)
    stripped = text.strip()
    alternatives = _ALTERNATIVES.match(stripped)
    if alternatives is not None:
        pair = stripped.find(" or ")
        hedged = alternatives.group("doubt") is not None or _HEDGED.search(stripped) is not None
        named = (
            _NAMING_FIRST.match(stripped) is not None
            or _NAMING.search(stripped[:pair].rsplit(" ", 1)[0]) is not None
        )
        if (
            (alternatives.group("comma") is None or hedged)
            and not named
            and not _no_candidate(stripped, pair)
        ):
            return True
    if any(either.start() <= start and end <= either.end() for either in _EITHER.finditer(text)):
        return True
    if "either" in text and open_between(text, start, end):  # (every pair holds it)
        return True
    return _candidates(text, start, end) or open_at_end(text, start, end)


# (v4) Scored candidates (`scored_candidates`, see the module's docstring). A score's value as a
# system prints it: a decimal ("0.58", ".58", "1.0", "-2.31") or a percentage ("58%"); never a
# whole number ("3", "1867"), nor a result or a range ("3-1", "16.5-11.5"). The guard: every
# value holds a point before a digit, or a digit before a percent sign.
_VALUE = r"(?:-?(?:\d+\.\d+|\.\d+)|\d{1,3}(?:\.\d+)?[ \t]?%)(?![\w.%]|-\d)"
_SCORE_HINT = re.compile(r"\.\d|\d[ \t]?%")
# A score named: a belief ("probability", "confidence", "likelihood", "certainty"; "p", "prob"
# and "conf" before "=" or ":", "p=0.48"), "score", or a log-probability or logit (these
# negative too: "logprob=-2.31", higher the better).
_SCORE_NAMES = (
    r"(?:p|prob|conf)(?=[ \t]*[=:])|score|logit|log-?prob|probability|confidence|likelihood"
    r"|certainty"
)
_SCORE = re.compile(
    rf"(?:(?P<name>{_SCORE_NAMES})[ \t]*[=:]?[ \t]*)?(?P<value>{_VALUE})", re.IGNORECASE
)
# "p" alone beside one candidate is a finding's p-value ("significant (p = 0.03)"), read as a
# candidate's probability only in a list of them.
_P_VALUE = re.compile(r"p[ \t]*[=:]", re.IGNORECASE)
_SCORE_TEXT = rf"(?:(?:{_SCORE_NAMES})[ \t]*[=:]?[ \t]*)?{_VALUE}"
# A scored candidate: the candidate (in quotes, or up to 80 characters with no quote, comma,
# semicolon or brace), then its score in brackets ("wheat (score 0.58)", "rye (0.22)"), or after
# white space, a comma or a colon ("Galileo Galilei  p=0.48", '"lion" 0.48', '"Omega", 0.18').
_ITEM = re.compile(
    r"[ \t]*(?:\"(?P<quoted>[^\"\n]{1,80})\"|(?P<plain>[^\s\"()\[\]{},;:=][^\n\"{},;=]{0,79}?))"
    rf"[ \t]*(?:[(\[][ \t]*(?P<bracketed>{_SCORE_TEXT})[ \t]*[)\]]"
    rf"|(?:[,:][ \t]*|(?<=[\"\s]))(?P<after>{_SCORE_TEXT}))[ \t]*",
    re.IGNORECASE,
)
_ITEM_SEPARATOR = re.compile(r"[ \t]*[,;][ \t]*")
# The line's label of the system's answer ("Answer: wheat (score 0.58)", "Prediction: 1867").
_ANSWER_LINE = re.compile(
    r"[ \t]*(?P<label>(?:(?:predicted|top|best)[ \t]+)?answer|prediction|output)[ \t]*[:=][ \t]*"
    r"(?P<rest>\S.*?)[ \t]*",
    re.IGNORECASE,
)
# The header of the candidates it did not give, after its answer ("Other candidates:",
# "Alternatives:", "Runners-up:").
_OTHERS = re.compile(
    r"[ \t]*(?:(?:other|alternative|next|lower[- ]ranked|remaining)[ \t]+(?:candidates|answers"
    r"|predictions|spans|guesses)|alternatives|runners?[- ]up|also[ \t]+considered)[ \t]*:"
    r"(?P<rest>.*)",
    re.IGNORECASE,
)
# A header that calls what follows ranked or scored candidates: "top-3:", "Top 5 answers:",
# "N-best:", "Ranked candidates:" (a percentage alone is a score under these), or "Candidates:",
# "Predictions:", "Hypotheses:" (a fraction alone is).
_RANKED_HEADER = (
    r"(?:top[- \t]?\d{1,2}|top|n[- ]?best|ranked|scored)(?:[ \t]+(?:candidates|answers|spans"
    r"|predictions|results|hypotheses|guesses|list))?"
)
_SCORED_HEADER = re.compile(
    rf"[ \t]*(?:(?P<ranked>{_RANKED_HEADER})|(?:candidate[ \t]+)?(?:candidates|answers"
    r"|predictions|hypotheses))[ \t]*:(?P<rest>.*)",
    re.IGNORECASE,
)
# A system's report that it gives no answer, and its best guess below its threshold after it,
# in brackets or after a comma, a semicolon, a colon, a dash or a period ("No answer above
# threshold (best: "Omega", 0.18)", "No answer found; top candidate: Omega p=0.18").
_NO_ANSWER = re.compile(
    r"\b(?:no[ \t]+(?:confident[ \t]+|reliable[ \t]+)?(?:answers?|spans?|predictions?)"
    r"|unanswerable|threshold|cut-?off)\b",
    re.IGNORECASE,
)
_BEST = (
    r"(?:best(?:[ \t]+(?:guess|candidate|span|answer|match|prediction))?"
    r"|top[ \t-](?:candidate|guess|span|answer|prediction)"
    r"|highest[- ]scoring(?:[ \t]+(?:candidate|span|answer|prediction))?"
    r"|closest(?:[ \t]+(?:match|candidate))?)[ \t]*[:=,]?"
)
_BEST_NOTE = re.compile(
    rf"[ \t]*(?:[(\[][ \t]*{_BEST}(?P<inner>[^()\[\]\n]*?)[)\]]"
    rf"|(?:[;,:]|[ \t][-\u2013\u2014]|\.)[ \t]*{_BEST}(?P<outer>.*?))[ \t.]*$",
    re.IGNORECASE,
)


def _score(text: str, bare: str) -> float | None:
    """A score's value, from 0 to 1 (a percentage read as a fraction; a log-probability or a
    logit as written), or None when ``text`` is no score where it stands: a value not named is
    a score only where ``bare`` allows it ("fraction": a decimal from 0 to 1; "any": a
    percentage too), and a named one other than a log-probability or a logit lies from 0 to
    1."""
    found = _SCORE.fullmatch(text.strip())
    if found is None:
        return None
    name, value = (found.group("name") or "").lower(), found.group("value")
    percent = value.endswith("%")
    number = float(value.rstrip("% \t")) / (100 if percent else 1)
    if not name and (not bare or (percent and bare != "any")):
        return None
    if name in ("logit", "logprob", "log-prob") and not percent:
        return number
    return number if 0 <= number <= 1 else None


def written_score(written: str) -> float | None:
    """A score written alone where what holds it names it a belief or a score (a table's column
    of them, `grader.rules.sentences.tabled_answer`), as `_score` reads a value not named where a
    percentage may stand alone: a decimal from 0 to 1 ("0.71", ".18", "1.0") or a percentage up
    to 100 ("71%"); None for any other, a whole number among them ("1", "0", "1867": a count or a
    rank, "Score" 1 and 0 a tally), a decimal over 1 ("1.5"), a result ("3-1")."""
    return _score(written, "any")


def named_score(name: str, written: str) -> float | None:
    """A score a structured object names in a field (``name`` "score", "confidence", "p" ...,
    ``written`` its number as written), as `_score` reads it; None when it is no score."""
    return _score(f"{name}={written}", "")


def _items(body: str, bare: str, least: int = 1) -> list[tuple[str, float]] | None:
    """The scored candidates that make up ``body``, in order, each with its score (see
    `_score` for ``bare``), ``least`` of them at least, separated by commas or semicolons, in
    square brackets or not; None when ``body`` is not made of them alone."""
    body = body.strip()
    if body[:1] == "[" and body[-1:] == "]":
        body = body[1:-1]
    items: list[tuple[str, float]] = []
    at = 0
    while True:
        item = _ITEM.match(body, at)
        if item is None:
            return None
        score = _score(item.group("bracketed") or item.group("after"), bare)
        if score is None:
            return None
        items.append(((item.group("quoted") or item.group("plain")).strip(), score))
        at = item.end()
        if at == len(body):
            return items if len(items) >= least else None
        separator = _ITEM_SEPARATOR.match(body, at)
        if separator is None:
            return None
        at = separator.end()


def ranked_reading(items: list[tuple[str, float]]) -> str:
    """Scored candidates as a reader reads them: the one with the highest score alone; two or
    more tied at the top, left open ("Either A or B.")."""
    best = max(score for _name, score in items)
    top = [name for name, score in items if score == best]
    return top[0] if len(top) == 1 else left_open(top)


def scored_candidates(answer: str, several: Callable[[], bool] = lambda: False) -> tuple[str, str]:
    """An answer's scored candidates read (see the module's docstring): the working set aside
    (the scores, the candidates not given, a best guess below the threshold, as written, one a
    line) and the answer with each read: its answer's candidate, its top candidate, or its
    report that it has no answer; ("", the answer) when it holds none. ``several``: whether the
    question asks for several (`grader.rules.lists.asks_for_several`), asked only where a ranked
    list is found: then the list is the answer, read as it stands."""
    if not _scored_words(answer):
        return "", answer  # (every reading needs a score's name or a label's or header's word)
    if not _SCORE_HINT.search(answer):
        return "", answer  # (every score's value holds a point before a digit or a percent)
    return scored_candidates_by_definition(answer, several)


# The words one of which every scored reading needs: a score's name where no header lets a value
# stand alone (`_SCORE_NAMES`: "p" before "=" or ":", `_P_VALUE`, the others here), the system's
# answer's label (`_ANSWER_LINE`, which the candidates it did not give follow), a ranked or
# scored list's header (`_SCORED_HEADER`), a best guess's (`_BEST`).
_SCORED_WORDS = (
    *("score", "log", "prob", "conf", "likelihood", "certainty"),
    *("answer", "prediction", "output"),
    *("top", "best", "ranked", "candidate", "hypothes"),
    *("highest", "closest"),
)


def _scored_words(answer: str) -> bool:
    """Whether ``answer`` holds one of `_SCORED_WORDS`, as a pattern ignoring case reads it, or
    a "p" named before "=" or ":"."""
    lowered = lowered_as_matched(answer)
    if any(word in lowered for word in _SCORED_WORDS):
        return True
    return ("=" in answer or ":" in answer) and _P_VALUE.search(answer) is not None


def scored_candidates_by_definition(
    answer: str, several: Callable[[], bool] = lambda: False
) -> tuple[str, str]:
    """`scored_candidates` without its shortcut (no score's value written, none read): the
    definition, every line read."""
    lines = answer.split("\n")
    kept: list[str] = []
    working: list[str] = []
    at = 0
    while at < len(lines):
        line = lines[at]
        read = (
            _answer_and_others(lines, at)
            or _no_answer(line)
            or _ranked(lines, at, several)
            or _scored_alone(line)
        )
        if read is None:
            kept.append(line)
            at += 1
            continue
        reading, set_aside, taken = read
        kept.append(reading)
        working.extend(set_aside)
        at += taken
    if not working:
        return "", answer
    return "\n".join(working), "\n".join(kept)


def _answer_and_others(lines: list[str], at: int) -> tuple[str, list[str], int] | None:
    """The system's answer on a line of its own with its score ("Answer: wheat (score 0.58)"),
    the candidates it did not give on the lines after it ("Other candidates: rye (0.22), barley
    (0.11)"), or both: read as "Answer: wheat", the score and the others working; None for
    none."""
    answer = _ANSWER_LINE.fullmatch(lines[at])
    if answer is None:
        return None
    others = at + 1
    while others < len(lines):
        other = _OTHERS.fullmatch(lines[others])
        if other is None or _items(other.group("rest"), "fraction") is None:
            break
        others += 1
    # (a score not named is one only beside the others': "Answer: half (0.5)" is a value)
    scored = _one_item(answer.group("rest"), "fraction" if others > at + 1 else "")
    if scored is None and others == at + 1:
        return None  # (an answer with no score and no others after it)
    candidate, score = scored or (answer.group("rest"), "")
    reading = f"{answer.group('label')}: {candidate}"
    return reading, [part for part in (score, *lines[at + 1 : others]) if part], others - at


def _no_answer(line: str) -> tuple[str, list[str], int] | None:
    """A system's report that it has no answer with its best guess below its threshold after it
    ("No answer above threshold (best: "Omega", 0.18)"): read as the report alone, the guess
    working; None for none."""
    note = _BEST_NOTE.search(line)
    if note is None:
        return None
    report = line[: note.start()]
    guess = note.group("inner") if note.group("inner") is not None else note.group("outer")
    if _NO_ANSWER.search(report) is None or _items(guess, "any") is None:
        return None
    return report.rstrip(), [line[note.start() :].strip()], 1


def _ranked(
    lines: list[str], at: int, several: Callable[[], bool]
) -> tuple[str, list[str], int] | None:
    """A ranked list of scored candidates, read as its top candidate (`ranked_reading`): on a
    line after a header ('top-3: ["lion" 0.48, "tiger" 0.41]'), or without one, each with its
    score named ("lion (p=0.48), tiger (p=0.41)"), or on lines of their own (a list's mark or
    none), after a header or each with its score named ("1. Galileo Galilei  p=0.48"); two at
    least. Without a header, only a ranking: no score above the one before it. None for none,
    and where the question asks for several."""
    header = _SCORED_HEADER.fullmatch(lines[at])
    bare = "" if header is None else ("any" if header.group("ranked") else "fraction")
    inline = header.group("rest").strip() if header is not None else ""
    items, end = None, at + 1
    if inline:
        items = _items(inline, bare, 2)
    elif header is None and ("," in lines[at] or ";" in lines[at]):
        items = _items(lines[at], "", 2)
    if items is None and not inline:
        end = at + (header is not None)
        while end < len(lines):
            listed = _LIST_LINE.fullmatch(lines[end].rstrip())  # (a list's mark or none)
            item = _items(listed.group("item") if listed else lines[end], bare)
            if item is None or len(item) != 1:
                break
            items = [*(items or []), *item]
            end += 1
        items = items if items is not None and len(items) >= 2 else None
    if items is None or (header is None and _rising(items)) or several():
        return None
    return ranked_reading(items), lines[at:end], end - at


def _rising(items: list[tuple[str, float]]) -> bool:
    """Whether a score stands above the one before it: no ranking ("Drug A  p=0.03\nDrug B
    p=0.20" lists findings)."""
    return any(later > earlier for (_, earlier), (_, later) in pairwise(items))


def _scored_alone(line: str) -> tuple[str, list[str], int] | None:
    """A line that is one candidate with its score named in brackets ("Unanswerable (score
    0.91)", "Mexico [confidence 0.52]"): read as the candidate, the score working; None for
    none ("p" so named is a p-value, `_P_VALUE`)."""
    scored = _one_item(line, "")
    if scored is None or not scored[1].startswith(("(", "[")):
        return None
    return scored[0], [scored[1]], 1


def _one_item(text: str, bare: str) -> tuple[str, str] | None:
    """The candidate and its score as written, when ``text`` is one scored candidate (see
    `_score` for ``bare``); None when it is not."""
    item = _ITEM.fullmatch(text)
    if item is None or _score(item.group("bracketed") or item.group("after"), bare) is None:
        return None
    if _P_VALUE.match(item.group("bracketed") or item.group("after")):
        return None  # (a finding's p-value: "significant (p = 0.03)")
    name = "quoted" if item.group("quoted") is not None else "plain"
    return item.group(name).strip(), text[item.end(name) :].strip(' \t"')

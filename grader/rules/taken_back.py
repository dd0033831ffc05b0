"""A text key taken back, and another answer attributed beside it (DESIGN 4.6, v4: "wrong if it
asserts another fact of the key's kind"; 4.5 reads the same for money: a later amount given as a
correction supersedes the key).

Both read an answer that says an accepted answer and then **another answer of the key's kind**: a
number of the key's kind where the key holds a figure (a year for a year: four digits from 1000
to 2099; any other number for any other figure), else a name (a run of capitalised words, its
particles between them) where the key is written as one; the name of a month or a day is a time,
of the key's kind only when the key names one ("they were held in October" gives no other
place). Another answer says none of the accepted answers, and its words are not all the
question's.

**Taken back** (`taken_back_by_definition`, K014, wrong): after the key, a **retraction** opens
a clause (at the answer's start, after a sentence's end, a comma, a semicolon, a colon or a
dash, or after "but"):
a word that says the writer erred ("I misspoke", "I was wrong", "my mistake", "scratch that",
"correction", "sorry", "I mean", "make that", "that should be", "or rather", "no, wait", "wait"
as an interjection, before punctuation; v4: "no" as one, before a comma, a colon, a dash, a full
stop or an exclamation mark, "X... no, it was Y", "X. No. Y", never "no one", "no longer", "no
X", "No. 10" (a number); "nope" and "oops", never a determiner nor a verb, wherever they open a
clause, "X. Nope, Y", "X; nope the answer is Y", "X, oops it is Y"; never a "no" or a "nope"
that confirms a negation in its clause, "Not X, no: ..."), one that says the writer thought
again ("on second thought", "on reflection") or one that sets what is true against it
("actually", "in fact").
(v4) It takes back what it follows: the text before it in its sentence, or the sentence before
it when only retraction words stand before it there, says the key (never "... by Rembrandt. It
hangs in the Louvre. Actually, it's in the Rijksmuseum": the Louvre is taken back,
`_follows_key`).
The retraction's **body** (the text after it to the end of its sentence, and the next sentence
when the retraction's sentence says nothing after it) gives another answer in the key's place,
closing its clause: the body is the other answer ("sorry, I mean 1067", "correction: it was
Thackeray", "actually, 15"); or its clause gives the other answer last, after a copula, "by",
"in", "on", "at" or a comma, and either names what the question asks (one of the question's
words of content: "the battle was in 1067", "the capital is Lyon", "sank early the following
year, 1913") or **restates the sentence that said the key**, the key closing it: its words
before the other answer are words that sentence said before the key, an article or a pronoun
for what it spoke of aside ("The 1964 games were held in Tokyo. Actually, they were in
Seoul."; "The powers were handed over in 1997. In fact, they were handed over in 1998."); or a
**cleft** ("it was X that/who/which ...") whose rest restates what was asked or the key's
sentence gives its focus X, another answer of the key's kind or, in lower case, another of the
key's last word ("Actually it was the mother bear's porridge that was just right";
`_cleft_focus`). The key is then no longer said: the
key is not said again after the retraction, and, for a figure, the last number before the
retraction is the key's (the retraction takes back what it follows).

Never:
- a retraction that gives the key ("1067 - sorry, 1066"), or after which the key is said again
  ("1066. Actually, the battle was in 1067... no, 1066 it was");
- a correction of something else: another kind ("1066. Correction: the battle was fought near
  Hastings, not in it", a key year), a body that names nothing the question asks ("1066.
  Sorry, I should add the Domesday survey followed in 1086"), another answer that more words
  follow ("Actually, Foxconn assembles them", "Actually, at altitude it boils at 90 °C": a
  condition or a role of its own), a name for which a pronoun for the key's person is the
  subject ("Actually, he was Duke of Normandy": it describes the key), a retraction that
  follows another figure ("10,900 m, about 6.8 km, no sorry, about 10.9 km": it takes back
  6.8 km);
- a pronoun for the key: after a sentence the key opens ("Barcelona.", "Manchester United won
  the final in Barcelona."), a clause whose subject is a pronoun and that gives a name after a
  preposition or more words describes the key ("In fact, it is in Catalonia", "Actually, they
  won it at the Camp Nou"); "Actually, it was Seville" replaces it;
- a clause that adds to the key ("Barcelona. Actually, it was the first Games after the Cold
  War": more words follow its name), or that says the key again beside another ("Barcelona.
  Actually, Barcelona and Seville both hosted events": the key stands);
- "actually" or "in fact" inside a clause, as emphasis ("It was actually 1066").

(v4) **A correction in a later text message**: a reply by text message corrects itself in a
later message, a line of its own (`grader.rules.sentences` opens a sentence there): "wait"
("wait no", "no wait"), "nvm", "never mind", "scratch that", "oops" opening the line are
retractions, and so is a lone "*" before a word, the texting mark for "I meant" ("madrid\n*lisbon").
Such a retraction opening its sentence takes back the key before it as any retraction does, and
its body, the rest of its line (after "its", "it was"), may give the other answer in lower
case, as a text message writes names: one to three words, a laugh after them aside ("lol"),
none a number, none a function word first, not all the question's words ("madrid\nnvm its
lisbon", "spain\nwait no\nnetherlands", "1066\nwait no\nit was 1067"). The key given by the
correction ("lisbon\nnvm its madrid", "1067\n*1066") takes back the lead before it (the K008
reading, `grader.rules.leads`): the key stands.

Never:
- "wait" as a pause or a wrapped line ("wait for it", "... you will have to\nwait for the
  results"), "sorry" inside a sentence ("sorry that took a while"), a body that is no answer
  ("wait, i am not sure", "wait, the final was in johannesburg": more words than a name);
- an asterisk of emphasis ("*Paris*": markdown, read first) or a footnote's ("Paris*\n*metropolitan
  area": a "*" after an asterisk in the text before it marks a note, not a correction);
- a later message that adds a detail, not another answer ("paris\nthe capital lol": no
  retraction; "basil\n*pine nuts too": "too", "also", "and" add to the key).

**Contradicted** (`contradicted_by_definition`, K014, wrong; v4): a sentence names the key only
to set another answer against it. After a clause that says the key, a **contrast** ("but",
"however", "though") opens a clause that asserts another answer as the true one: a word that
marks it so ("actually", "really", "in fact", "properly", "rightly", "truly"), with or without
a copula or a verb that gives the answer ("is", "was", "belongs to", "comes from", "went to",
"by"), stands right before the other answer of the key's kind, which closes the clause ("It is
often credited to Hardy, but it was really Ramanujan", "Spurs won it in the league's story,
but the cup properly belongs to Arsenal"); or the clause names the answer as such ("..., but
the correct answer is saffron": one to four words closing it, for a key of any kind). The key
is not said in the contrast nor after it. Only for a key that is no figure (a figure's
"X, but after adjustments Y" is the money rules').
(v4) The same family with the truth told another way, as a reader reads a view or a first
attempt **overruled by what is really so**: a word of checking is a word of truth ("having
checked", "on checking", "after checking", with "it" and "it is" or "it was" after it: "I first
wrote Scheele, but having checked, it was Priestley"); and the true one may be **described,
then given**: the contrast's clause opens with a description ("the", "a" or "an", a head of
one to three words, "who", "that" or "which", the word of truth, a verb and the rest) and a
copula, and what follows closes the clause ("..., but the deficiency that actually causes
rickets is vitamin A", "..., but the horse that truly won it was his stablemate, Riva Ridge"):
the description restates what was asked, the relative's verb one of the question's and the
head one of its words or a word for anyone ("man", "person", "one", "thing", "woman",
"people"); what is given, after a description of it in apposition ("his stablemate, X"),
is another answer of the key's kind where the key is a name, else one to four plain words
not all the question's, no stance or doubt (`_described_true`).

Never:
- the key after the contrast: "It's not Rome, but Milan" for Milan, "Many think Sydney, but
  it is actually Canberra" (the key is the true one), "Fleming, but it was actually Fleming's
  assistant who ..." (the key said again: another role of its own);
- a detail added, not another answer: "Hastings, but it was actually fought at Battle" needs
  the answer right after the marker ("fought at" stands between), "Ulm, but it was actually in
  1879" (another kind);
- two roles: "Brunel designed it, but Stephenson built it" (no word marks the true one), "...,
  but the second was actually Aldrin" (a word of another role, `another_role_than`);
- the key's person described: "Curie, but she was really Polish" (a pronoun for the key's
  person is the clause's subject);
- another answer under a condition, a preposition before the marker: "The Nile, but by volume
  the largest is actually the Amazon", "Everest, but from base to peak the tallest is really
  Mauna Kea";
- (v4) a description of another deed or role: its verb not the question's ("Fleming found it,
  but the team that actually turned it into a medicine was Florey's"), its head a role of its
  own ("Vitamin D, but the doctor who actually described rickets was Glisson"), a word of
  another role in it ("but the second man who actually walked on the Moon was Aldrin"); the
  key confirmed ("..., but the boxer who actually won was Muhammad Ali"; "I first wrote
  Priestley, but having checked, it was Scheele"); a contrast that adds a manner or a helper
  ("Ali won it, but only just", "Rembrandt painted it, but he was helped by Bol"). "In
  practice" and "in the practical sense" are no words of truth: they qualify ("Officially the
  capital is Sucre, but in practice the government sits in La Paz" gives both).

**Named as others' view, then rejected** (`view_rejected`, K014, wrong; v4): the contradiction
of a key the answer never asserts. The key is named only in a sentence's opening part that the
answer does not assert: others' view, as `grader.rules.beliefs` sets it aside ("Some would say
X", "Many think X", "People often say X", "You may be thinking of X"), or a source's it reports
("Source [1] states that it is X"); and the rest of the sentence opens with a
contrast or a correction ("but", "however", "yet", "actually", "in fact") whose clause gives
another answer as the true one, closing the clause: after a word of truth, as a contradiction
gives it ("..., but really it is Y"), named as the answer ("Some would say Ottawa, but it is a
government town, so the answer is Toronto", "..., but the correct answer is Y"), or after "it
is" opening the clause ("Some say Parmesan, but it is Pecorino"). The key is said nowhere
after the view. The answer names the key only to reject it for another: wrong, and its other
words are no key said in other words (K002), nor is the key merely missing.
The same family, written across two sentences or after the answer: the view in a sentence of
its own that opens with it as `grader.rules.beliefs` reads one before a contrast
(`opens_with_view`: "Many people say X.", "Most people would say X.", "You may be thinking of
X."), the rejection opening the next sentence, a contrast or a correction ("But the answer is
Y.", "In fact it was Y.") or the true answer named ("The correct answer is Y."), its clause
giving another answer as above; or the answer first and the key after it as others' view: the
sentence's closing part set aside as a concession ("It is Y, although many assume X", "Y,
while many think X"), or the key denied as what others say ("Y, not X as is often claimed",
"Y, not X, as many people think": `grader.rules.beliefs.AS_VIEW`), the answer's clause before
it giving another answer alone or after "it is", closing it. In every form the key is said
nowhere else in what the answer asserts (before the view, beside it or after it).

Never:
- the view endorsed: without a contrast ("Some would say Ottawa, and they would be right":
  nothing is set aside, the key is said; "Many say X. They are right."; "Many say X. And they
  are right: it is X."), or the key said after the contrast ("Many assume Ottawa, but it really
  is Ottawa"; "Many say Y. However, X is the answer.");
- a detail added, not another answer ("Many say London. But it was rebuilt in 1997."; "Many say
  the Supreme Court. But the ruling was written by Earl Warren.": another role);
- another answer that is part of the key or says it ("Some would say the Great Barrier Reef,
  but the answer is the Great Reef"; "Some would say Baikal, but the answer is Lake Baikal");
- another answer under a condition that opens the contrast's clause or the answer's ("Some say
  Everest, but by volume the answer is Mauna Kea"; "Many say Everest. But by volume it is Mauna
  Kea."; "In the lab it was Florey, although many assume Fleming");
- no other answer given, or one more words follow ("..., but it is not certain", "..., but it
  is Pecorino that the Genoese prefer", "Many cooks say saffron. But turmeric is cheaper."), a
  view with no sentence after it ("Many fans say England.": asserted, the key said);
- the key itself given first ("It is X, although many assume Y": correct), the key denied with
  no one's view after it ("Y, not X": the key missing), what the reader may have heard of ("You
  may have heard of X. But it is Y.": no view, `grader.rules.beliefs`);
- a figure's key (as for a contradiction).

**Concluded otherwise** (`concluded_otherwise_by_definition`, K014, wrong; v4): the mirror of
the K008 reading's conclusion (`grader.rules.answering`: "... so it was owned by Murdoch"
concludes with the key): after the key, a **conclusion** ("so", "thus", "therefore" or "hence"
opening a clause: at a sentence's start, after a comma, a semicolon, a colon or an ellipsis)
gives another answer in the key's place, as a retraction's body does ("So Lord Byron died in
1823.", "Thus the composer was Bach."), or names another answer as such ("So the answer is
geologist."): one to three words closing the clause, of the key's kind (opened by a number of
its kind, or a name where the key is one; else in lower case), no stance, doubt or negation
("yes", "unclear", "both", "not ..."). The key is not said in the conclusion nor after it. The
answer's last word on what was asked is then another answer: wrong, as when a retraction gives
it (the answer chooses it; K009's partial is for two answers the answer does not choose
between).

Never:
- a conclusion that gives the key ("So the answer is 1976"), or says it beside another ("So,
  in 1976, Apple was founded, and it was incorporated in 1977"), or is followed by the key
  said again ("... So it was won by the Netherlands. That is wrong: it was won by Spain");
- a conclusion that gives no answer ("so it is often confused with X": no copula, "by", "in",
  "on", "at" or comma before it; "So yes"; "so that readers would not know"), another quantity
  ("So he was 25" for a year; "So 19 of them use the euro": more words follow it), another kind
  named as the answer ("So the answer is California" for a year), another role ("So the
  second man on the Moon was Buzz Aldrin": `grader.rules.gaps.another_role_than`);
- a name given in its clause (not named as the answer) outside the key's role (`_in_role`):
  after "by" and a participle of another verb than the question's ("So the poem was published
  by Ferlinghetti", asked who wrote it), after "in", "on" or "at" to a question asked with
  "who" ("So the Mona Lisa is in the Louvre"), after a copula whose subject restates nothing of
  a question with a gap ("So the runner-up at Wimbledon was Federer", asked who won).

**A retraction that gives the key** (`retraction_gives_key`, v4): the same retraction words,
read by the K008 reading (`grader.rules.answering`) after another answer: a retraction that
opens a clause that says an accepted answer takes the other answer back ("Howl was written by
Kerouac... no, it was written by Ginsberg", "On second thought, it was Ginsberg"). Never a
clause that denies the key ("no, it was not Ginsberg": not said), "no one", a "no" that
confirms a negation ("..., not Mozart, no, Mozart only conducted it").

**Attributed beside the key** (`attributed_beside_by_definition`, K009, partial): after the key,
a clause whose subject is sources or people other than the writer ("some sources", "other
historians", "many accounts", "others", "some") credits or names another answer of the key's
kind for the same thing: "though some sources also credit William Wallace with the victory",
"although others say it was Wallace", "some historians attribute it to Wallace". The answer
gives two answers and does not choose between them: partial, as K009 reads another answer
first and the key after.

Never:
- the other answer rejected: "wrongly", "mistakenly", "erroneously", "falsely", "incorrectly",
  "in error" in the clause, or the other answer named before the attribution ("..., not
  William Wallace as some sources claim");
- another deed: "credit X with" a thing that names none of the question's words and is no word
  for what the question asks about as a whole (`_THE_DEED`: "the victory", "the discovery",
  "it"): "some sources also credit his brother Edward with the flank attack" tells who did
  another part of the event, not who did what was asked;
- another fact, not an attribution: "though Wallace had won at Stirling Bridge in 1297",
  "though André Courrèges also claimed to have invented it" (a person's own claim, of another
  deed), "though historians doubt the story" (no other answer);
- a name that is not what the verb gives ("some sources say Wallace was not there": a name
  after "say" must close its clause, "say (that) (it was) X").

All four are read only after the key was found said (`second_answer`); the last three only in
an answer that holds a word a retraction, a conclusion or an attribution's subject is written
with (`_hints`: a shortcut, equal to the definitions, tests/rules/test_taken_back.py); a
contradiction is read wherever its contrast is found. (v4) The key named as others' view is
read where the key is not said, and, in a sentence of its own, where it is said and nothing
else read it first.

Why one file: the four families are read together: only after the key was found said
(`second_answer`), the last three through one hint shortcut (`_hints`), all with the same other
answers of the key's kind (`_other_answers`); each family's definition and the shortcut's test
sit side by side. The key named as others' view is the contradiction of a key never asserted,
and gives its other answer as a contradiction, a conclusion or a retraction does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grader.rules.beliefs import AS_VIEW, opens_with_view
from grader.rules.gaps import another_role_than, content_stems, gap_of, restates, stem
from grader.rules.normalize import lowered_as_matched, normalize
from grader.rules.question_words import says_as_asked
from grader.rules.reading import Reading, Sentence, asserted_sentences
from grader.rules.sentences import CONCLUSIONS
from grader.rules.surface import FUNCTION_WORDS, surface
from grader.rules.surface_forms import NAME_JOINER

_NAME = re.compile(rf"[A-Z][\w'’.-]*(?:\s+(?:{NAME_JOINER}\s+)*[A-Z][\w'’.-]*)*")
_NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w])")
_YEAR = re.compile(r"^(?:1\d{3}|20\d{2})$")
# Capitalised words that open a sentence or stand for something said before: never a name.
_NOT_NAMES = frozenset(
    "the a an it its it's this that these those there he she they we you i his her their our "
    "my in on at by for from of to with and or but so then yes no not some many other others "
    "sorry actually correction wait oops".split()
)

# The names of months and days: a time, of the key's kind only when the key names one ("May"
# aside, also a name).
_TIME_NAMES = frozenset(
    "january february march april june july august september october november december "
    "monday tuesday wednesday thursday friday saturday sunday".split()
)

TAKEN_BACK, ATTRIBUTED = "taken back", "attributed"

# The words a retraction (`_RETRACTION`) is written with, those of an attribution's subject
# (`_ATTRIBUTION`) and those of a conclusion, in lower case and plain, looked for first as
# substrings, each kind apart (a shortcut: quicker than any pattern; `_hints`). Not one pattern of
# them all: one that alternates some forty plain words tries them one by one at nearly every
# character, some 70,000 instructions on an answer of 80 characters; the substrings, a tenth.
_RETRACTION_WORDS = tuple(
    "misspoke|wrong|mistake|my bad|scratch|corrected|correction|sorry|i mean|make that"
    "|should be|rather|wait|actually|in fact|second thought|on reflection|no,|no:|no -"
    "|no-|no.|no!|nope|nvm|never mind|oops|*".split("|")
)
_SUBJECT_WORDS = tuple(
    "some |other |others |many |several |few |certain |various |number of|older |earlier "
    "|later ".split("|")
)
_CONCLUSION_WORDS = ("thus", "therefore", "hence")  # and "so" as a word (`_SO`)
_SO = re.compile(r"\bso\b")
_VERB_HINT = re.compile(
    r"credit|attribut|say|said|claim|name|give|gave|list|cite|believe|argue|suggest|consider"
    r"|point\s+to|favo"
)


def second_answer(accepted: Sequence[str], question: str, reading: Reading) -> tuple[str, str]:
    """Another answer after the key: (`TAKEN_BACK`, it) when a contrast asserts it as the true
    one (`contradicted_by_definition`), or a retraction or a conclusion gives it in the key's
    place (`taken_back_by_definition`, `concluded_otherwise_by_definition`, read
    in the asserted sentences), (`ATTRIBUTED`, it) when other sources or people are said to give
    it (`attributed_beside_by_definition`, read in the sentences as written: "although others
    say it was X" reports others' belief); ("", "") otherwise (see the module)."""
    attributes = any(
        not span.asserted for sentence in reading.sentences for span in sentence.clause.spans
    )
    # (what the answer asserts is all of it, read already, unless it attributes something)
    lowered = (
        normalize(" ".join(sentence.clause.text for sentence in reading.sentences))
        if attributes
        else reading.asserted_norm
    )
    asserted = asserted_sentences(reading.sentences)
    if _contrasted(asserted) and (
        other := contradicted_by_definition(accepted, question, asserted)
    ):
        return TAKEN_BACK, other
    retracts, concludes, subject = _hints(lowered)
    if not (retracts or concludes or subject):
        return "", ""  # (a shortcut: no word any is written with)
    credits = subject and _VERB_HINT.search(lowered) is not None
    if not (retracts or concludes or credits):
        return "", ""
    asked = surface(normalize(question))
    if retracts and (other := taken_back_by_definition(accepted, question, asked, asserted)):
        return TAKEN_BACK, other
    if concludes and (
        other := concluded_otherwise_by_definition(accepted, question, asked, asserted)
    ):
        return TAKEN_BACK, other
    if not credits:
        return "", ""
    sentences = tuple(sentence.clause.text for sentence in reading.sentences)
    other = attributed_beside_by_definition(accepted, question, asked, sentences)
    return (ATTRIBUTED, other) if other else ("", "")


def _contrasted(sentences: Sequence[str]) -> bool:
    """Whether a sentence holds a word a contrast is written with (`_CONTRAST_WORDS`, looked for
    as substrings of its `lowered_as_matched` text): what `contradicted_by_definition` finds
    nothing without (`_CONTRAST` would be tried at every character of every sentence)."""
    for sentence in sentences:
        lowered = lowered_as_matched(sentence)
        if any(word in lowered for word in _CONTRAST_WORDS):
            return True
    return False


def _hints(lowered: str) -> tuple[bool, bool, bool]:
    """Whether the lowered text holds a word a retraction, a conclusion and an attribution's
    subject is written with (`_RETRACTION_WORDS`, `_CONCLUSION_WORDS` or "so" as a word,
    `_SUBJECT_WORDS`): what `second_answer` reads each family only after."""
    retracts = any(word in lowered for word in _RETRACTION_WORDS)
    concludes = any(word in lowered for word in _CONCLUSION_WORDS) or (
        "so" in lowered and _SO.search(lowered) is not None
    )
    return retracts, concludes, any(word in lowered for word in _SUBJECT_WORDS)


# --- taken back -----------------------------------------------------------------------------

_RETRACTION = re.compile(
    r"\b(?:i\s+misspoke|i\s+was\s+wrong|i\s+got\s+that\s+wrong|my\s+mistake|my\s+bad"
    r"|scratch\s+that|i\s+stand\s+corrected|correction|sorry|i\s+mean|i\s+meant|make\s+that"
    r"|that\s+should\s+be|or\s+rather|no,?\s+wait|wait,?\s+no|actually|in\s+fact"
    r"|on\s+second\s+thoughts?|on\s+reflection|wait(?=\s*[,.!:;…–—-])"
    r"|no(?=[,:!–—]|\.(?!\s*\d)|\s[–—]|\s?-\s)|nope|nvm|never\s+mind|oops)\b"
    r"|^\*(?=\w[^*]*$)",
    re.IGNORECASE,
)
# (v4) A text message's retraction (see the module): after it, a body in lower case may be the
# other answer; "*" opens a sentence of its own with no other asterisk in it.
_TEXTED = re.compile(r"nvm|never\s+mind|scratch\s+that|wait(?:,?\s+no)?|no,?\s+wait|oops|\*", re.I)
_TEXTED_ANSWER = re.compile(r"[^\W\d_]+(?:[ '’-][^\W\d_]+){0,2}")
_TEXT_FILLERS = re.compile(r"(?:\s+(?:lol|haha|lmao))+$", re.IGNORECASE)
# Words that add to the key rather than replace it ("*pine nuts too").
_ADDS = re.compile(r"\b(?:too|also|and|as\s+well)\b", re.IGNORECASE)
# What may stand before a retraction: the answer's start, a sentence's end, a comma, a
# semicolon, a colon, a dash or an ellipsis, "but", "no" ("It sailed in 1912 but actually ...").
_OPENS_CLAUSE = re.compile(r"(?:^|[.!?;:,(…–—-]|\bbut|\bno|\bhmm|\bwait)\W*$", re.IGNORECASE)
# Words between a retraction and the answer it gives ("sorry, I mean it was 1067").
_GIVING = re.compile(
    r"^\W*(?:(?:wait|no|hmm|oops|sorry|correction|actually|i\s+misspoke|i\s+mean|i\s+meant"
    r"|make\s+that|that\s+should\s+be|it\s+(?:is|was)|it['’]?s|that\s+(?:is|was)|that['’]s"
    r"|the\s+(?:correct\s+|right\s+|real\s+)?answer\s+is|in|on)\b\W*)*(?:(?:the|an?)\s+)?",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[.;:!?()]|\s[-–—]\s|,\s*(?:but|though|although|while)\b")
# The other answer in the key's place in a clause: after a copula, "by", a preposition of time
# or place, or a comma ("the battle was in 1067", "the capital is Lyon", "the following year,
# 1913"); and closing the clause (citation markers aside).
_PLACE_BEFORE = re.compile(
    r"(?:\b(?:is|was|are|were|by|in|on|at)|,)\s+(?:(?:actually|really|in\s+fact|around|about"
    r"|the)\s+)*$",
    re.IGNORECASE,
)
_CLOSES = re.compile(r"\s*(?:\[\d+(?:,\s*\d+)*\]\s*)*[.!?]?\s*")
# A pronoun for the key's person or thing as a clause's subject: it describes the key.
_PERSONAL = re.compile(r"\b(?:he|she|they|his|her|their)\s+(?:\w+\s+)?$", re.IGNORECASE)
_WORDS = re.compile(r"\w+")
# What closes the sentence that says the key, after it: punctuation and citation markers.
_CLOSES_SAID = re.compile(r"(?:\s*\[\d+(?:,\s*\d+)*\]|[\s.!?;:,…–—-])*$")
# A clause that restates the key's sentence may stand a pronoun for what it spoke of, and
# "actually", "really" or "in fact" beside its verb ("they were in fact held in Seoul").
_RESTATING = frozenset("it they this that these those the a an actually really".split())
_IN_FACT = re.compile(r"\bin\s+fact\b", re.IGNORECASE)
_KEY_WORDS_AT_MOST = 8
# A retraction's clause whose subject is a pronoun ("Actually, it is in Japan"), and an
# opening that ends on a preposition of place or time ("it is in").
_PRONOUN_SUBJECT = re.compile(
    r"^\W*(?:(?:wait|no|hmm|oops|sorry|actually|in\s+fact)\W+)*(?:it|they|he|she)\b",
    re.IGNORECASE,
)
_ENDS_PREPOSITION = re.compile(r"\b(?:in|on|at)\W*$", re.IGNORECASE)
# The other answer as the agent ("it was written by Schubert"): the pronoun is what was done.
_AGENT = re.compile(r"\bby\s+(?:the\s+)?$", re.IGNORECASE)


def _says_any(accepted: Sequence[str], asked: str, text: str) -> bool:
    text_surface = surface(normalize(text))
    return any(says_as_asked(answer, asked, text_surface, text) for answer in accepted)


def _figure_key(accepted: Sequence[str]) -> bool:
    return any(_NUMBER.search(answer) for answer in accepted)


def _year_key(accepted: Sequence[str]) -> bool:
    return any(_YEAR.match(found.group(0)) for a in accepted for found in _NUMBER.finditer(a))


def _other_answers(
    accepted: Sequence[str], asked: str, question: str, text: str
) -> list[tuple[int, str]]:
    """The other answers of the key's kind in a text, with where each starts (see the
    module): numbers of the key's kind for a figure's key, names for a name's."""
    found = []
    question_stems = content_stems(question)
    if _figure_key(accepted):
        year = _year_key(accepted)
        for number in _NUMBER.finditer(text):
            written = number.group(0)
            if bool(_YEAR.match(written)) != year or written in question:
                continue
            if not _says_any(accepted, asked, written):
                found.append((number.start(), written))
        return found
    if not any(answer[:1].isupper() for answer in accepted):
        return found  # a thing's key in lower case: its kind is not read
    times = None  # (whether the key names a month or a day: read when a name is one)
    for name in _NAME.finditer(text):
        words = name.group(0).split()
        while words and words[0].lower() in _NOT_NAMES:
            words = words[1:]
        written = " ".join(words).rstrip(".")
        if not written or content_stems(written) <= question_stems:
            continue
        if all(word.lower() in _TIME_NAMES for word in written.split()):
            if times is None:
                times = any(_TIME_NAMES & set(_WORDS.findall(a.lower())) for a in accepted)
            if not times:
                continue  # "in October" for a place's key: a time, another kind
        if not _says_any(accepted, asked, written):
            found.append((name.start() + name.group(0).find(written), written))
    return found


def _body(sentences: Sequence[str], index: int, start: int) -> str:
    """The retraction's body: the rest of its sentence from ``start``, and the next sentence
    when the rest holds no word."""
    rest = sentences[index][start:]
    if not re.search(r"\w", _GIVING.sub("", rest)) and index + 1 < len(sentences):
        rest = rest + " " + sentences[index + 1]
    return rest


def _key_place(accepted: Sequence[str], asked: str, said: str) -> tuple[frozenset[str], bool]:
    """Where a sentence says the key: the words (lower case) it says before the key when the
    key closes it ("The 1964 games were held in" for "The 1964 games were held in Tokyo."),
    and whether the key opens it ("Tokyo.", "Liverpool won the final in Istanbul."): a pronoun
    after it may stand for the key."""
    words = _WORDS.findall(_CLOSES_SAID.sub("", said))
    most = min(len(words), _KEY_WORDS_AT_MOST)
    longest = max(len(answer.split()) for answer in accepted) + 1  # (an article before it)
    opens = any(
        _says_any(accepted, asked, " ".join(words[:count])) for count in range(1, longest + 1)
    )
    if not opens:
        for count in range(1, most + 1):
            if _says_any(accepted, asked, " ".join(words[-count:])):
                return frozenset(word.lower() for word in words[:-count]), False
    return frozenset(), opens


def _restates(lead: frozenset[str], before: str) -> bool:
    """Whether a clause's words before its other answer restate the key's sentence: each is a
    word it said before the key, or a pronoun for what it spoke of, and one at least is its."""
    words = {word.lower() for word in _WORDS.findall(_IN_FACT.sub(" ", before))} - _RESTATING
    return bool(words) and words <= lead


def _in_place(
    accepted: Sequence[str],
    asked: str,
    question: str,
    body: str,
    place: tuple[frozenset[str], bool],
) -> str:
    """The other answer the body gives in the key's place, or "" (see the module); ``place``
    where the key's sentence says it (`_key_place`)."""
    given = _GIVING.match(body)
    opening = body[: given.end()] if given else ""
    clause = _CLAUSE_END.split(body[len(opening) :], maxsplit=1)[0]
    others = _other_answers(accepted, asked, question, clause)
    if not others:
        return ""
    start, other = others[0]
    if _CLOSES.fullmatch(clause[start + len(other) :]) is None:
        return ""  # more is said after it: "Actually, Foxconn assembles them", "at 90 °C"
    lead, opens = place
    if (
        opens
        and _PRONOUN_SUBJECT.match(body)
        and (start or _ENDS_PREPOSITION.search(opening))
        and not _AGENT.search(clause[:start])
    ):
        return ""  # "Tokyo. Actually, it is in Japan": a pronoun for the key, where it is
    if start == 0:
        return other  # the body is the other answer ("sorry, I mean 1067")
    before = clause[:start]
    if _PLACE_BEFORE.search(before) is None or _PERSONAL.search(before):
        return ""
    if lead and _restates(lead, before):
        return other  # "... were held in Tokyo. Actually, they were in Seoul."
    if not content_stems(clause) & content_stems(question):
        return ""  # a clause that names nothing the question asks: a correction of another thing
    return other


# "no" that confirms a negation in its clause ("Not Kerouac, no: Ginsberg") takes nothing back.
_NEGATED_BEFORE = re.compile(r"\b(?:not|never|nor)\b|n['’]t\b", re.IGNORECASE)
_SENTENCE_BREAK = re.compile(r"[.!?;:…]")


def _opens_retraction(sentence: str, retraction: re.Match[str]) -> bool:
    """Whether a retraction's words open a clause and retract (see the module): "no" (v4: an
    interjection before a comma, a colon, a dash, a full stop or an exclamation mark, "X... no,
    it was Y") or "nope" never after a negation in its clause, which it confirms."""
    before = sentence[: retraction.start()]
    if not _OPENS_CLAUSE.search(before):
        return False
    if retraction.group(0).lower() not in ("no", "nope"):
        return True
    return _NEGATED_BEFORE.search(_SENTENCE_BREAK.split(before)[-1]) is None


def retracts(text: str) -> bool:
    """Whether a retraction opens a clause of the text (see the module: the one definition of
    the words an answer takes something back with, where they open a clause): read by
    `grader.rules.options` after an answer's first clause ("The Amazon is longer. No, the Nile
    is."), never "no river is longer" nor "wait for it"."""
    return any(_opens_retraction(text, found) for found in _RETRACTION.finditer(text))


def _follows_key(
    accepted: Sequence[str], asked: str, sentences: Sequence[str], index: int, said: str
) -> bool:
    """Whether a retraction follows the key (v4): the text before it in its sentence (``said``),
    or, when that holds only retraction words ("Sorry, my mistake."), the sentence before it,
    says the key. A retraction takes back what it follows, not another sentence's name ("...
    designed by Virlogeux. It is in Spain. No, it's in France.")."""
    if not _WORDS.search(_RETRACTION.sub("", said)) and index:
        said = sentences[index - 1]
    return _says_any(accepted, asked, said)


def retraction_gives_key(accepted: Sequence[str], asked: str, texts: Sequence[str]) -> bool:
    """Whether a retraction (v4: the words of `_RETRACTION`, "no," among them) opens a clause in
    one of the texts and that clause says an accepted answer: what came before it is taken back
    ("Howl was written by Kerouac... no, it was written by Ginsberg"; "On second thought, it was
    Ginsberg"). Read by the K008 reading (`grader.rules.answering`) after another answer; never
    a clause that denies the key ("no, it was not Ginsberg": not said), "no one", "no longer"
    (no retraction), a "no" that confirms a negation ("Not Kerouac, no: ...")."""
    for text in texts:
        for retraction in _RETRACTION.finditer(text):
            if not _opens_retraction(text, retraction):
                continue
            body = text[retraction.end() :]
            given = _GIVING.match(body)
            clause = _CLAUSE_END.split(body[given.end() if given else 0 :], maxsplit=1)[0]
            if _says_any(accepted, asked, clause):
                return True
    return False


def taken_back_by_definition(
    accepted: Sequence[str], question: str, asked: str, sentences: Sequence[str]
) -> str:
    """The other answer a retraction gives after the key in its place, taking it back, or ""
    (see the module); in the answer's asserted sentences, ``asked`` the question's canonical
    form."""
    figure = _figure_key(accepted)
    for index, sentence in enumerate(sentences):
        for retraction in _RETRACTION.finditer(sentence):
            before = " ".join((*sentences[:index], sentence[: retraction.start()]))
            if not _opens_retraction(sentence, retraction):
                continue  # "It was actually 1066": emphasis
            if not _says_any(accepted, asked, before):
                continue
            if figure:
                numbers = _NUMBER.findall(before)
                if not numbers or not _says_any(accepted, asked, numbers[-1]):
                    continue  # it takes back another figure, said after the key
            after = " ".join((sentence[retraction.start() :], *sentences[index + 1 :]))
            if _says_any(accepted, asked, after):
                continue
            said = sentence[: retraction.start()]
            if not _WORDS.search(said) and index:
                said = sentences[index - 1]  # the key's sentence: the one before the retraction
            if not figure and not _follows_key(accepted, asked, sentences, index, said):
                continue  # (v4) "It is in Spain. No, it's in France.": it takes back Spain
            body = _body(sentences, index, retraction.end())
            place = _key_place(accepted, asked, said)
            if figure:
                place = (place[0], False)  # (a pronoun does not stand for a number)
            other = _cleft_focus(accepted, asked, question, body, said) or _in_place(
                accepted, asked, question, body, place
            )
            if not other and not figure and _texted(retraction, sentence, before):
                other = _texted_answer(question, body)
            if other:
                return other
    return ""


def _texted(retraction: re.Match[str], sentence: str, before: str) -> bool:
    """Whether a retraction is a text message's (v4, see the module): "nvm", "never mind",
    "scratch that", "wait" ("wait no", "no wait"), "oops" or a lone "*" opening its sentence;
    never "*" after an asterisk in the text before it (a footnote's mark, "Paris*")."""
    if _WORDS.search(sentence[: retraction.start()]) or not _TEXTED.fullmatch(retraction[0]):
        return False
    return retraction[0] != "*" or "*" not in before


def _texted_answer(question: str, body: str) -> str:
    """The other answer a text message's retraction gives in lower case, or "": its body (after
    the words that give it, "its", "it was") to its clause's end, one to three words, a
    laugh after them aside ("lol"), none a number, the first no function word, none a word that
    adds ("too", "also", "and"), not all the question's ("nvm its lisbon" gives "lisbon"; "wait,
    i am not sure", "wait, the capital" and "*pine nuts too" none)."""
    given = _GIVING.match(body)
    clause = _CLAUSE_END.split(body[given.end() if given else 0 :], maxsplit=1)[0]
    written = _TEXT_FILLERS.sub("", re.sub(r"[\W_]+$", "", clause.strip()))
    if not _TEXTED_ANSWER.fullmatch(written) or written.split()[0].lower() in FUNCTION_WORDS:
        return ""
    if _ADDS.search(written):
        return ""
    return "" if content_stems(written) <= content_stems(question) else written


# --- contradicted ---------------------------------------------------------------------------

# A contrast that opens a clause ("X, but ...", "X; however, ...", "X - though ...").
_CONTRAST_WORDS = ("but", "however", "though")
_CONTRAST = re.compile(
    r"(?:[,;]|\s[-–—])\s*(?:" + "|".join(_CONTRAST_WORDS) + r")\b|\s+but\b", re.IGNORECASE
)
# A word that marks what follows as the true one, with the copula or verb that gives it
# ("it was actually", "really come from", "properly belongs to"); or the answer named as such.
_AS_TRUE = re.compile(
    r"\b(?P<marked>actually|really|in\s+fact|properly|rightly|truly"
    r"|(?:having\s+checked|(?:on|after)\s+checking)(?:\s+it)?,?(?:\s+it\s+(?:is|was)|\s+it['’]s)?)"
    r"(?:\s+(?:is|was|are|were|belongs?\s+to|belonged\s+to|comes?\s+from|came\s+from"
    r"|goes\s+to|went\s+to|by))?\s+(?:the\s+)?"
    r"|\bthe\s+(?:correct|right|real|true|actual)\s+answer\s+(?:is|was)\s+(?:the\s+)?",
    re.IGNORECASE,
)
_NAMED_AT_MOST = 4
# A condition before the marker: the other answer holds only under it ("from base to peak", "by
# volume", "in America").
_CONDITION = re.compile(
    r"\b(?:from|in|on|at|by|for|if|when|where|under|over|within|outside|per)\b", re.IGNORECASE
)


def contradicted_by_definition(
    accepted: Sequence[str], question: str, sentences: Sequence[str]
) -> str:
    """The other answer a contrast asserts as the true one after the key, or "" (see the
    module); in the answer's asserted sentences."""
    if _figure_key(accepted):
        return ""
    asked = question_words = None  # (read at the first contrast)
    for index, sentence in enumerate(sentences):
        for contrast in _CONTRAST.finditer(sentence):
            if asked is None or question_words is None:
                asked, question_words = surface(normalize(question)), _lowered_words(question)
            if not _says_any(accepted, asked, sentence[: contrast.start()]):
                continue
            after = " ".join((sentence[contrast.end() :], *sentences[index + 1 :]))
            if _says_any(accepted, asked, after):
                continue  # the key after the contrast: it stands
            clause = _CLAUSE_END.split(sentence[contrast.end() :], maxsplit=1)[0]
            if other := _asserted_as_true(accepted, asked, question, question_words, clause):
                return other
    return ""


def _asserted_as_true(
    accepted: Sequence[str], asked: str, question: str, words: frozenset[str], clause: str
) -> str:
    """The other answer a contrast's clause asserts as the true one, right after its marker
    and closing the clause, or after a description of the true one (`_described_true`), or ""
    (see the module)."""
    described = _DESCRIBED_TRUE.match(clause)
    if described is not None and (
        other := _described_true(accepted, asked, question, words, described)
    ):
        return other
    for marker in _AS_TRUE.finditer(clause):
        before, rest = clause[: marker.start()], clause[marker.end() :]
        if _PERSONAL.search(before) or another_role_than(before, words):
            return ""  # the key's person described, or another role
        if _CONDITION.search(before):
            return ""  # "..., but by volume the largest is actually X": under a condition
        if marker.group("marked") is None:  # "the correct answer is ...": named as such
            named = _CITED_END.sub("", rest).rstrip(" .!?")
            plain = _PLAIN_WORDS.fullmatch(named) and len(named.split()) <= _NAMED_AT_MOST
            if plain and not _NO_ANSWER & _lowered_words(named):
                return named
            continue
        others = _other_answers(accepted, asked, question, rest)
        if others and others[0][0] == 0:
            other = others[0][1]
            if _CLOSES.fullmatch(rest[len(other) :]) is not None:
                return other
    return ""


# (v4) The true one described, then given: "the knight who actually won it was X", "the
# deficiency that really causes it is X" (a head of one to three words, a relative with its
# marker, the rest of the description, a copula, then what is given).
_DESCRIBED_TRUE = re.compile(
    r"^\W*(?:the|an?)\s+(?P<head>[^\W\d_]+(?:\s+[^\W\d_]+){0,2}?)\s+(?:who|that|which)\s+"
    r"(?:actually|really|in\s+fact|truly)\s+(?P<verb>[^\W\d_]+)(?P<told>[^,;]*?)"
    r"\s+(?:is|was|are|were)\s+(?P<given>.+)$",
    re.IGNORECASE | re.DOTALL,
)
# Heads that name no role of their own: the question's gap is read in the relative's verb alone.
_ANYONE = frozenset("one person man woman people thing".split())
# A description before the name given, in apposition ("his father, Sir Lancelot").
_APPOSED = re.compile(r"^(?:[\w'’-]+\s+){0,2}[\w'’-]+,\s+")


def _described_true(
    accepted: Sequence[str], asked: str, question: str, words: frozenset[str], found: re.Match[str]
) -> str:
    """The other answer given after a description of the true one (`_DESCRIBED_TRUE`), or "":
    the relative's verb is one of the question's, and so is the head's last word unless it
    names no role ("man", "person"); no word of another role in the description; what is given
    (after a description in apposition, "his father, X") closes the clause: another answer of the
    key's kind where the key is a name, else one to four plain words (an article aside) not all the
    question's."""
    stems = content_stems(question)
    head = found.group("head").split()[-1]
    if stem(found.group("verb")) not in stems:
        return ""  # "the team that actually turned it into a drug was X": another deed
    if head.lower() not in _ANYONE and stem(head) not in stems:
        return ""
    if another_role_than(found.group(0)[: found.start("given")], words):
        return ""  # "the second man who actually walked on it was X"
    given = _CITED_END.sub("", found.group("given")).rstrip(" .!?")
    given = _APPOSED.sub("", given, count=1)
    if _figure_key(accepted) or any(answer[:1].isupper() for answer in accepted):
        others = _other_answers(accepted, asked, question, given)
        return given if others and others[0][1] == given and others[0][0] == 0 else ""
    plain = _PLAIN_WORDS.fullmatch(given) and len(given.split()) <= _NAMED_AT_MOST
    named = _lowered_words(_ARTICLE.sub("", given))
    if not plain or _NO_ANSWER & named or named <= _lowered_words(question):
        return ""  # no answer, or the question's words alone ("the disease")
    return given


# A cleft: "it was X that ...", "it is X who ...", "it's X which ..." (the clause's end after).
_CLEFT = re.compile(
    r"^\W*(?:it\s+(?:is|was)|it['’]s|this\s+(?:is|was))\s+(?P<focus>.+?)"
    r"\s+(?:that|who|which|whom)\s+(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
# A pronoun that may stand for the key's person or people in a cleft's rest ("it was Pele who
# won it for them"): the rest then says something of the key.
_PERSONS = re.compile(r"\b(?:he|she|him|her|his|hers|they|them|their)\b", re.IGNORECASE)
_POSSESSIVE = re.compile(r"['’]s?$")
_ARTICLE = re.compile(r"^(?:the|an?)\s+", re.IGNORECASE)
# A word before the key's head that describes the key rather than names another of its kind:
# a superlative or a word of identity ("the highest court", "the very same bear").
_DESCRIBES = re.compile(
    r"^(?:\w+est|most|least|top|same|very|real|actual|correct|true|only|proper)$"
)


def _cleft_focus(accepted: Sequence[str], asked: str, question: str, body: str, said: str) -> str:
    """The other answer a cleft after the retraction gives in the key's place, or "": the
    cleft's rest (after "that", "who" or "which", to its clause's end) restates what was asked
    or what the key's sentence ``said``, each of its words of content one of theirs and at
    least one ("Actually it was the mother bear's porridge that was just right"), with no
    pronoun for a person in it; its focus is another answer of the key's kind (`_other_answers`)
    or, written in lower case, another thing of the key's head word: the key's last word, after
    a word the key does not hold ("the mother bear's porridge" for "the baby bear's"). Never a
    focus that is no answer of the key's kind ("it was the first time that", "it was in 1912
    that" for a person's key), the head alone ("it is the court that") or described, not
    named (a superlative or a word of identity: "the highest court", "the same bear"), nor a
    rest that says more ("that pumps blood to the lungs")."""
    cleft = _CLEFT.match(body)
    if cleft is None:
        return ""
    rest = _CLAUSE_END.split(cleft.group("rest"), maxsplit=1)[0]
    told = content_stems(rest)
    if not told or not told <= content_stems(said) | content_stems(question):
        return ""
    if _PERSONS.search(rest):
        return ""
    focus = cleft.group("focus").strip()
    others = _other_answers(accepted, asked, question, focus)
    if others:
        return others[0][1]
    written = _ARTICLE.sub("", focus).split()
    words = [_POSSESSIVE.sub("", word).lower() for word in written]
    for answer in accepted:
        key_words = [_POSSESSIVE.sub("", word).lower() for word in answer.split()]
        head = key_words[-1] if key_words else ""
        if head not in words:
            continue
        at = words.index(head)
        naming = set(words[:at]) - set(key_words)
        if naming and not any(_DESCRIBES.match(word) for word in naming):
            return " ".join(written[: at + 1])
    return ""


# --- concluded otherwise ---------------------------------------------------------------------

# A conclusion: "so", "thus", "therefore" or "hence" opening a clause (a sentence's start, after
# a comma, a semicolon, a colon or an ellipsis), as the K008 reading reads one
# (`grader.rules.answering`: "... so it was owned by Murdoch").
_CONCLUSION = re.compile(
    rf"(?:^|(?<=[,;:…])|(?<=\.\.\.))\s*(?:{'|'.join(CONCLUSIONS)})\b,?", re.IGNORECASE
)
# The answer named as such in a conclusion: "so the answer is X", "therefore my answer would be X".
_ANSWER_IS = re.compile(
    r"^\W*(?:the|my)\s+(?:(?:final|correct|right|real|short)\s+)?answer\s+(?:is|would\s+be)\s+"
    r"(?:(?:the|an?)\s+)?",
    re.IGNORECASE,
)
# What the answer named so must not be to be another answer: a stance, a doubt, a negation.
_NO_ANSWER = frozenset(
    "yes no not unclear unknown uncertain disputed debated unsure both neither complicated".split()
)
_ANSWER_WORDS_AT_MOST = 3
_CITED_END = re.compile(r"(?:\s*\[\d+(?:,\s*\d+)*\])+\s*$")
_PLAIN_WORDS = re.compile(r"[\w'’-]+(?:\s+[\w'’-]+)*")


def concluded_otherwise_by_definition(
    accepted: Sequence[str], question: str, asked: str, sentences: Sequence[str]
) -> str:
    """The other answer a conclusion gives after the key, in its place, or "" (see the module);
    in the answer's asserted sentences, ``asked`` the question's canonical form."""
    for index, sentence in enumerate(sentences):
        for conclusion in _CONCLUSION.finditer(sentence):
            body = _body(sentences, index, conclusion.end())
            earlier = (*sentences[:index], sentence[: conclusion.start()])
            other = _named_answer(accepted, asked, question, body) or _concluded_in_place(
                accepted, asked, question, earlier, body
            )
            if not other:
                continue
            after = " ".join((sentence[conclusion.start() :], *sentences[index + 1 :]))
            if _says_any(accepted, asked, " ".join(earlier)) and not _says_any(
                accepted, asked, after
            ):
                return other
    return ""


def _concluded_in_place(
    accepted: Sequence[str], asked: str, question: str, earlier: Sequence[str], body: str
) -> str:
    """The other answer a conclusion's body gives in the key's place, as a retraction's does
    (`_in_place`), in the key's role (`_in_role`, no word of another role), or ""; ``earlier``
    the texts before the conclusion, the last that says the key its sentence."""
    if not _closes_on_answer(body):
        return ""  # (read first, cheap: `_in_place` gives only an answer closing its clause)
    said = next((text for text in reversed(earlier) if _says_any(accepted, asked, text)), "")
    if not said:
        return ""
    place = _key_place(accepted, asked, said)
    if _figure_key(accepted):
        place = (place[0], False)  # (a pronoun does not stand for a number)
    other = _in_place(accepted, asked, question, body, place)
    if not other:
        return ""
    before = body[: body.find(other)]
    if another_role_than(before, _lowered_words(question)) or not _in_role(question, before):
        return ""  # "So the second man on the Moon was X", "So the poem was published by X"
    return other


# The last word of a clause, before citation markers and closing punctuation.
_LAST_WORD = re.compile(r"([\w'’.-]+)(?:\s*\[\d+(?:,\s*\d+)*\])*[\s.!?]*$")


def _closes_on_answer(body: str) -> bool:
    """Whether the clause a body opens (as `_in_place` reads it) ends on a word that can close
    another answer: a capitalised word (a name's last) or one that holds a digit (a number's).
    Implied by `_in_place` finding one, so read before it."""
    given = _GIVING.match(body)
    clause = _CLAUSE_END.split(body[given.end() if given else 0 :], maxsplit=1)[0]
    last = _LAST_WORD.search(clause)
    return last is not None and (
        last.group(1)[:1].isupper() or any(c.isdigit() for c in last.group(1))
    )


_WHO = re.compile(r"^\W*who(?:m|se)?\b", re.IGNORECASE)
_BY_BEFORE = re.compile(r"([\w'’-]+)\s+by\s+(?:the\s+)?$", re.IGNORECASE)
_AT_BEFORE = re.compile(r"\b(?:in|on|at)\s+(?:the\s+)?$", re.IGNORECASE)
_COPULA_BEFORE = re.compile(r"^(?P<subject>.*?)\s*\b(?:is|was|are|were)\s+(?:the\s+)?$", re.I)
_PRONOUNS = frozenset("it that this he she they".split())
_LEADING_WORDS = re.compile(r"^\W*")


def _in_role(question: str, before: str) -> bool:
    """Whether the words before a conclusion's other answer put it in the key's role (v4): after
    "by", a participle of the question's verb ("so it was written by X", not "published by",
    "mass-produced by"); never after "in", "on" or "at" to a question asked with "who" (a place
    or a time for a person: "So the Mona Lisa is in the Louvre"); after a copula, to a question
    with a gap (`grader.rules.gaps`), a subject that restates it or a pronoun ("So the
    composer's publisher was X" restates nothing)."""
    agent = _BY_BEFORE.search(before)
    if agent is not None:
        return stem(agent.group(1).lower()) in content_stems(question)
    if _AT_BEFORE.search(before):
        return _WHO.match(question) is None
    copula = _COPULA_BEFORE.match(before.strip() + " ")
    gap = gap_of(question)
    if copula is None or gap is None:
        return True
    subject = _LEADING_WORDS.sub("", copula.group("subject")).strip()
    return subject.lower() in _PRONOUNS or restates(subject, gap, agent=True)


def _lowered_words(text: str) -> frozenset[str]:
    return frozenset(word.lower() for word in _WORDS.findall(text))


def _named_answer(accepted: Sequence[str], asked: str, question: str, body: str) -> str:
    """The answer a conclusion names as such ("so the answer is X"), when it is another: one to
    three words closing the clause, of the key's kind (opened by a number of its kind or a name
    where the key is one, else in lower case), no stance, doubt or negation, not only the
    question's words, none of the accepted answers; else ""."""
    named = _ANSWER_IS.match(body)
    if named is None:
        return ""
    clause = _CLAUSE_END.split(body[named.end() :], maxsplit=1)[0]
    written = _CITED_END.sub("", clause).strip()
    words = _WORDS.findall(written)
    if (
        not words
        or len(written.split()) > _ANSWER_WORDS_AT_MOST
        or _PLAIN_WORDS.fullmatch(written) is None
        or any(word.lower() in _NO_ANSWER for word in words)
        or _says_any(accepted, asked, written)
    ):
        return ""
    if _figure_key(accepted) or any(answer[:1].isupper() for answer in accepted):
        others = _other_answers(accepted, asked, question, written)
        return written if others and others[0][0] == 0 else ""
    if written != written.lower() or content_stems(written) <= content_stems(question):
        return ""
    return written


# --- attributed beside the key --------------------------------------------------------------

_ATTRIBUTION = re.compile(
    r"\b(?:(?:some|other|many|several|a\s+few|certain|various|a\s+number\s+of|older|earlier"
    r"|later)\s+(?:\w+\s+)?(?:sources|historians|accounts|scholars|experts|writers|authors"
    r"|records|researchers|people|critics|commentators|biographers|chroniclers|reports|texts"
    r"|traditions|versions|references|lists|studies)|others|some)"
    r"\s+(?:(?:also|instead|still|even|often|sometimes|have|had|do)\s+)*"
    r"(?P<verb>credit|attribut|say|said|claim|name|give|gave|list|cite|believe|argue|suggest"
    r"|consider|point\s+to|favou?r)\w*\s+",
    re.IGNORECASE,
)
_REJECTED = re.compile(
    r"\b(?:wrongly|mistakenly|erroneously|falsely|incorrectly|in\s+error|wrong|mistaken)\b",
    re.IGNORECASE,
)
# Words for what a question asks about as a whole, in "credit X with ...": the deed asked, not
# another one.
_THE_DEED = frozenset(
    "it this that victory win triumph success feat achievement discovery invention idea work "
    "design creation founding title record honour honor credit role result answer".split()
)
_THAT_IT_WAS = re.compile(
    r"^(?:that\s+)?(?:(?:it|this|the\s+\w+)\s+(?:was|is)\s+|it['’]s\s+)?", re.IGNORECASE
)
_ATTRIBUTE_TO = re.compile(r"^(?P<deed>[^.;:,]{1,60}?)\s+to\s+", re.IGNORECASE)


def attributed_beside_by_definition(
    accepted: Sequence[str], question: str, asked: str, sentences: Sequence[str]
) -> str:
    """Another answer of the key's kind that other sources or people are said to give, after
    the key, for the same thing, or "" (see the module); in the answer's sentences as written,
    ``asked`` the question's canonical form."""
    for index, sentence in enumerate(sentences):
        for found in _ATTRIBUTION.finditer(sentence):
            before = " ".join((*sentences[:index], sentence[: found.start()]))
            if not _says_any(accepted, asked, before):
                continue
            clause = _CLAUSE_END.split(sentence[found.end() :], maxsplit=1)[0]
            if _REJECTED.search(sentence[found.start() : found.end()] + clause):
                continue
            other = _attributed(accepted, question, asked, found.group("verb").lower(), clause)
            if other:
                return other
    return ""


def _attributed(accepted: Sequence[str], question: str, asked: str, verb: str, clause: str) -> str:
    """The other answer an attribution's clause gives for the deed asked, or ""."""
    deed = ""
    if verb == "attribut":
        to = _ATTRIBUTE_TO.match(clause)
        if to is None:
            return ""
        deed, clause = to.group("deed"), clause[to.end() :]
    elif verb in ("say", "said", "claim", "believe", "argue", "suggest"):
        opening = _THAT_IT_WAS.match(clause)
        clause = clause[opening.end() if opening else 0 :]
    others = _other_answers(accepted, asked, question, clause)
    if not others or others[0][0] != 0:
        return ""  # what the verb gives is no other answer
    other = others[0][1]
    after = clause[len(other) :].strip()
    if verb == "credit" and after.lower().startswith("with "):
        deed, after = after[5:], ""
    if after.rstrip(".,;: ").lower() not in ("", "too", "as well", "instead", "also"):
        return ""  # the name goes on into another statement ("say Wallace was not there")
    if deed:
        words = {word.lower() for word in re.findall(r"[^\W\d_]+", deed)}
        if not (content_stems(deed) & content_stems(question) or words & _THE_DEED):
            return ""  # another deed ("with the flank attack")
    if _says_any(accepted, asked, other):
        return ""
    return other


# --- named as others' view, then rejected -----------------------------------------------------

# The contrast or correction that opens what the sentence asserts after a view it sets aside
# (as `grader.rules.beliefs` cuts it: "Many think X, but ...", "..., actually ...").
_REJECTS_VIEW = re.compile(
    r"^[\s,;:–—-]*(?:(?:but|however|yet|though)\b|[^,;.]{0,30}?\b(?:actually|in\s+fact"
    r"|in\s+reality|in\s+truth)\b)",
    re.IGNORECASE,
)
# The answer named as such, a conclusion before it or none ("..., so the answer is X", "..., but
# the answer is X", "my answer would be X"), where `_named_answer` reads what it names.
_ANSWER_NAMED = re.compile(r"\b(?:the|my)\s+(?:\w+\s+)?answer\s+(?:is|would\s+be)\b", re.I)
# "It is X" opening the contrast's clause ("..., but it is X", "..., but really it is X").
_IT_IS = re.compile(
    r"^\W*(?:(?:actually|really|in\s+fact|in\s+truth)\W+)?(?:it\s+(?:is|was)|it['’]s)\s+"
    r"(?:the\s+)?",
    re.IGNORECASE,
)
# A condition opening the contrast's clause: the other answer holds only under it ("..., but by
# volume the answer is X", "..., but in America it is X"; never "in fact").
_UNDER_CONDITION = re.compile(
    r"^\W*(?:from|in(?!\s+(?:fact|truth|reality)\b)|on|at|by|for|if|when|where|under|over"
    r"|within|outside|per|measured)\b",
    re.IGNORECASE,
)


# The true answer named, opening the sentence after a view ("Many say X. The correct answer is
# Y."), where `_asserted_as_true` reads it.
_NAMES_TRUE = re.compile(
    r"^\W*the\s+(?:correct|right|real|true|actual)\s+answer\s+(?:is|was)\b", re.IGNORECASE
)
# Others' view closing a sentence after its answer, as `grader.rules.beliefs` sets it aside
# ("It is Y, although many assume X").
_CONCEDES = re.compile(
    r"^[\s,;:–—-]*(?:although|though|while|whereas|even\s+though)\b", re.IGNORECASE
)
# The key denied after the answer, others' view after it ("Y, not X as is often claimed").
_NOT_AS = re.compile(r",\s*(?:and\s+)?not\s+", re.IGNORECASE)


def view_rejected(accepted: Sequence[str], question: str, reading: Reading) -> str:
    """The other answer an answer gives as the true one where it names the key only as others'
    view it sets aside, or "" (see the module): the view and its rejection in one sentence
    ("Some would say X, but the answer is Y"), the view in a sentence of its own and the
    rejection opening the next ("Many say X. But the answer is Y."), or the answer first and the
    key after it as others' view ("It is Y, although many assume X", "Y, not X as is often
    claimed"); the key said nowhere else in what the answer asserts."""
    asked = ""
    sentences = reading.sentences
    for index in range(len(sentences)):
        found = _view_and_answer(sentences, index)
        if found is None:
            continue
        if not asked:  # (read at the first view found)
            if _figure_key(accepted):
                return ""
            asked = surface(normalize(question))
        view, clause, beside, first = found
        if not _says_any(accepted, asked, view):
            continue
        before = asserted_sentences(sentences[:index])
        after = (each.clause.text for each in sentences[index + 1 :])
        if _says_any(accepted, asked, " ".join((*before, beside, *after))):
            continue  # the key said beside the view: endorsed after all
        if _UNDER_CONDITION.match(clause):
            continue  # "Many say X, but by volume the answer is Y": a condition of its own
        other = _true_answer(accepted, asked, question, clause, alone=first)
        key_words = frozenset().union(*(content_stems(answer) for answer in accepted))
        if other and not content_stems(other) <= key_words:
            return other  # (never a part of the key: "..., but the answer is the Caspian")
    return ""


def _view_and_answer(
    sentences: Sequence[Sentence], index: int
) -> tuple[str, str, str, bool] | None:
    """Others' view read at a sentence, the clause that gives the answer against it, the rest
    of its sentence beside the view, where the key must not be said either (as in the sentences
    after it), and whether the answer comes first; or None (see the module)."""
    sentence = sentences[index]
    text = sentence.clause.text
    spans = sentence.clause.spans
    if len(spans) >= 2 and not spans[0].asserted and spans[1].asserted:
        rest = text[spans[1].start :]  # "Some would say X, but the answer is Y."
        contrast = _REJECTS_VIEW.match(rest)
        if contrast is None:
            return None
        clause = _CLAUSE_END.split(rest[contrast.end() :], maxsplit=1)[0]
        return text[: spans[1].start], clause, rest, False
    if len(spans) == 2 and spans[0].asserted and not spans[1].asserted:
        view = text[spans[1].start :]  # "It is Y, although many assume X."
        if _CONCEDES.match(view) is None:
            return None
        answer = text[: spans[1].start]
        return view, _CLAUSE_END.split(answer)[-1], answer, True
    if len(spans) != 1 or not spans[0].asserted:
        return None
    denied = _NOT_AS.search(text)  # "Y, not X as is often claimed."
    if denied is not None:
        view = _CLAUSE_END.split(text[denied.end() :], maxsplit=1)[0]
        if AS_VIEW.search(view) is None:
            return None
        answer = text[: denied.start()]
        return view, _CLAUSE_END.split(answer)[-1], answer, True
    if index + 1 == len(sentences) or not sentences[index + 1].clause.spans[0].asserted:
        return None
    rest = sentences[index + 1].clause.text  # "Many say X. But the answer is Y."
    contrast = _REJECTS_VIEW.match(rest)
    if contrast is not None:
        clause = _CLAUSE_END.split(rest[contrast.end() :], maxsplit=1)[0]
    elif _NAMES_TRUE.match(rest) is not None:
        clause = _CLAUSE_END.split(rest, maxsplit=1)[0]
    else:
        return None
    if not opens_with_view(text):
        return None
    return text, clause, "", False


def _true_answer(
    accepted: Sequence[str], asked: str, question: str, clause: str, alone: bool = False
) -> str:
    """The other answer a contrast's clause gives as the true one, or "": after a word of truth
    (`_asserted_as_true`: "it was really X", "the correct answer is X"), named as the answer
    ("so the answer is X", `_named_answer`), or after "it is" opening the clause, closing it;
    where the answer comes before the view (``alone``), also the clause alone ("Y, although
    many assume X")."""
    if other := _asserted_as_true(accepted, asked, question, _lowered_words(question), clause):
        return other
    named = _ANSWER_NAMED.search(clause)
    if named is not None and (
        other := _named_answer(accepted, asked, question, clause[named.start() :])
    ):
        return other
    it_is = _IT_IS.match(clause)
    if it_is is None and not alone:
        return ""
    start = it_is.end() if it_is is not None else len(clause) - len(clause.lstrip())
    others = _other_answers(accepted, asked, question, clause[start:])
    if others and others[0][0] == 0:
        other = others[0][1]
        if _CLOSES.fullmatch(clause[start + len(other) :]) is not None:
            return other
    return ""

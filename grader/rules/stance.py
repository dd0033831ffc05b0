"""The side an answer takes on a Yes-or-No question (DESIGN 4.6, v4), however worded.

A key that opens with Yes or No is matched by the stance of the answer's first asserted
sentence that takes a side. A sentence takes a side by one of three families, tried in order:

1. **An opener**: words that answer Yes or No before anything else, after an opening frame
   ("Based on the filing, ..."): ``yes``, ``correct``, ``that's right``, ``indeed``,
   ``absolutely``, ``of course``; ``no``, ``not at all``, ``I doubt it``, ``by no means``,
   ``that is incorrect``. An opener corrected by another ("not quite, but yes") takes the
   last one's side. Not an opener: "no" as a determiner ("No fee is listed", "No one knows"),
   "correct" as an adjective ("the correct premium is ..."), "no way to tell".
   (v4) **A doubt** (`DOUBT`, the one definition: `grader.rules.candidates` reads it too, with
   its own ending) says how sure the speaker is, or what it cannot check or recall: "I'm not
   sure", "not 100% certain", "unsure", "I can't be certain", "I may be wrong", "hard to say",
   "I don't know for certain", "I can't recall exactly", "I don't remember offhand"; and **a
   caveat**, what the speaker cannot check, a few words none of them the sources ("I'm not able
   to verify archived results", "I can't browse the web", "I cannot confirm this"). Never: not
   knowing without a word of how surely ("I don't know", "I can't say", "no idea", "impossible
   to say", "I could not find it"): the speaker has no answer, and what follows it is context
   or a referral, not a claim it doubts ("I don't know, but the filing discusses revenue"
   declines); the sources named ("I cannot verify the fee in the documents", "hard to say from
   the excerpts": the sources lack it); doubt of what follows it ("I'm not sure it passed",
   "hard to say whether it passed", "I am not sure of the year").
   (v4) **A hedge opener** is a doubt that opens the sentence, then turns to the claim with a
   contrast: "I'm not sure, but", "I don't know for certain, but", "I can't be certain;
   however,", "Hard to say, but", "I don't remember exactly, but", "I may be wrong, but". It
   takes no side; the claim after the contrast does ("I'm not sure, but I believe the bill
   passed" is read as "I believe the bill passed"). Never: a doubt without the contrast, which
   doubts the claim itself ("I'm not sure it passed" is read as it stands, as "I doubt it" is a
   No), a doubt alone ("I'm not sure.": no side), an opener before it ("No, I'm not sure it
   can"), "not quite" (an opener), a doubt after the sentence's start or in a later sentence.
   Doubt of the claim itself is a No: "I doubt that the bill passed" as "I doubt it" (a doubted
   No, "I doubt it did not", takes no side). A hedge opener before an answer **declines
   nothing** (`hedges_an_answer`, read by `grader.rules.reading` for every question): "I don't
   know for certain, but it was Spain" and "I can't verify archived schedules, but they won in
   Barcelona" answer, whatever the key. Never: a caveat about the sources ("I cannot verify the
   fee in the documents, but the service charge is $12": a decline beside context), a part
   after the contrast that declines itself ("but I can't give you a name"), sends the reader
   elsewhere or offers help ("but you can check the club's website", "but I'd recommend asking
   your pharmacist"), or offers candidates ("but it might be Spain or Italy"), a caveat with no
   contrast after it ("I can't verify that."). (v4, one owner) The doubt was written twice, here
   and in the candidates' doubt before a pair, with lists that differed; one definition now,
   which gave this family "hard to say", "recall" and "remember" with a word of how surely, "was
   unable to", "did not" and "we", and the candidates' family the caveats and their degrees;
   not knowing stays the candidates' own (a doubt before a pair, no doubt before a claim).
2. **An elliptical answer**: a pronoun and an auxiliary alone ("It does not: the policy
   excludes floods", "They did."), read by its negation.
3. **Its polarity**, when it restates what the question asks (it holds more than half of the
   question's content words, outside a "whether" or "if" clause, and, when the question asks
   about a change, states one; with no Yes-or-No question at hand, no sentence does): No when
   its main clause is negated ("The company did not pay a dividend", "There is no pet
   deposit", "The company paid no dividend"), Yes otherwise ("The company paid a dividend in
   2022"). Not a negation of the main clause:
   "not" inside a subordinate clause (", although it did not raise it", ", which is not
   excluded") or a quotation ("the policy's words "not covered""), "no" after a preposition
   ("pets are allowed at no extra charge"), "not only". When the sentence states the
   opposite direction of the question's ("Has the debt increased?" "The debt decreased"), the
   side turns. A sentence that sets aside the question's own object with "rather than",
   "instead of", "as opposed to" or a contrastive "not" takes the side No ("It returns a lazy
   range object rather than a list" to "Does range() return a list?"); one that sets aside
   another thing is read without it ("It returns a list rather than a tuple" is Yes, "The fee
   is per booking, not per passenger" negates nothing). To a question about a cost ("Is there
   a fee to change a booking?"), a sentence that says it is free takes the side No ("Changes
   are free of charge"), unless it states a cost beside it ("The first change is free; later
   ones cost $25": no side); "free to" do something says nothing of a cost.

A sentence takes no side when it asks, supposes or only prepares ("To determine whether ...,
we need to ...", "Let us compute ...", "It depends on ..."), when its main verb is only a
possibility ("the company may pay a dividend", "it would be"; v4: "may" the month is none, "the
law took effect in May", "by May 2020"), when it is a line of working ("margin = profit /
sales") or of a list ("- Sales grew 1.3%"), or when it restates too little of the question (a
definition, a figure without the change asked): the next asserted sentence is read
(`grader.rules.reading.stance_in`; a sentence that declines ends the search).
An answer none of whose sentences takes a side takes none.

Why one file: one sentence's side, read by `stance_of` in one order (the openers, the elliptical
answers, a doubt, the polarity of the main clause, where a sentence may take no side), where each
step's exceptions are another step's cases ("No" an opener or a determiner, an opener corrected
after a contrast, a possibility that takes no side); the definition above and the patterns below
read together.
"""

from __future__ import annotations

import re
from functools import lru_cache

YES, NO = "yes", "no"

# --- 1. openers --------------------------------------------------------------------------------

# After an opener: the end, a mark that closes it ("Yes, ...", "Correct.", "Indeed -"), or a
# citation marker ("No [1].").
_CLOSE = r"(?=\s*(?:[,.;:!\-\[(【]|$))"
_YES_OPENERS = (
    r"yes(?:\s+indeed)?",
    r"yeah",
    r"yep",
    r"correct",
    r"(?:that|this)\s+is\s+(?:correct|right|true|so|the\s+case)",
    r"(?:that|this)'s\s+(?:correct|right|true)",
    r"right",
    r"true",
    r"indeed",
    r"absolutely",
    r"certainly",
    r"definitely",
    r"of\s+course",
    r"sure",
    r"affirmative",
    r"(?:it|they)\s+(?:certainly|definitely)\s+(?:does|do|did|is|are|was|were|has|have|had)",
)
_NO_OPENERS = (
    r"no(?:\s+(?:it|they|he|she|this|that)\s+(?:does|do|did|is|are|was|were|has|have|had)"
    r"\s+not)?",
    r"nope",
    r"not\s+at\s+all",
    r"not\s+really",
    r"not\s+quite",
    r"(?:absolutely|certainly|definitely|of\s+course)\s+not",
    r"by\s+no\s+means",
    r"incorrect",
    r"false",
    r"(?:that|this)\s+is\s+(?:incorrect|wrong|not\s+(?:correct|right|true|so|the\s+case))",
    r"i\s+doubt\s+(?:it|that|so)",
    r"i\s+do\s+not\s+think\s+so",
    r"unlikely",
)
_OPENER = re.compile(
    r"\s*(?:(?P<no>"
    + "|".join(_NO_OPENERS)
    + r")|(?P<yes>"
    + "|".join(_YES_OPENERS)
    + r"))"
    + _CLOSE
)
_AUXILIARY = r"(?:does|do|did|is|are|was|were|has|have|had|can|will|would|should)"
_PRONOUN = r"(?:it|they|he|she|this|that|there|we|i|you)"
# "Yes" before any word ("Yes it did"); "No" only before a pronoun and an auxiliary ("No it
# did not"): before another word it is a determiner or an adverb ("No fee is charged", "No one
# knows", "No longer"), not an opener.
_BARE_YES_NO = re.compile(
    r"\s*(?:(?P<yes>yes)(?=\s+[a-z])|(?P<no>no)(?=\s+" + _PRONOUN + r"\s+" + _AUXILIARY + r"\b))"
)
# (v4) An opener after a qualifier that says in what respect or how surely it holds
# ("Botanically, yes", "Technically, no", "Strictly speaking, yes", "In short, no"): an adverb
# in -ly, or a short phrase of respect, then a comma. Never a word that is not an opener after it
# ("Usually, no fee is charged": "no" before a word is a determiner; `_CLOSE` wants a mark).
_QUALIFIER = re.compile(
    r"\s*(?:[a-z]{3,}ly(?:\s+speaking)?|in\s+(?:short|brief|general|practice|theory|principle"
    r"|a\s+word|most\s+cases|law|fact)|for\s+the\s+most\s+part|as\s+a\s+rule|on\s+paper)"
    r"\s*,\s*"
)
# Openers that only stress what follows ("Indeed, the policy does not cover floods"): the rest
# of the sentence decides when it is negated.
_EMPHATIC = re.compile(r"\s*(?:indeed|certainly|definitely|absolutely|of\s+course|sure)\b")
# "not quite, but yes": an opener corrected by another after a contrast.
_CORRECTED = re.compile(r"\s*[,;:\-]?\s*(?:but|though|however|although|yet)\s*,?\s*")

# (v4) The doubt itself, one definition (the module docstring's "doubt"): how sure the speaker is
# ("not sure", "not 100% certain", "unsure", "i cannot be certain", "i may be wrong", "hard to
# say", "i do not know for certain", "i cannot recall exactly"), or what it cannot check ("i am
# not able to verify archived results", "i cannot browse the web"). Normalised text ("i'm" is "i
# am", "can't" "cannot"), "i'm" as written too (`grader.rules.candidates` also reads text as
# written). Two families read it, each with its own ending: the hedge opener below before a
# contrast, `grader.rules.candidates` before a mark and a pair.
_SURE = r"(?:sure|certain|positive)"
_DEGREE = (
    r"(?:(?:entirely|completely|totally|quite|absolutely|fully|100\s?%|a\s+hundred\s+percent)\s+)"
)
# How surely one knows, says or recalls: without it, "i do not know" or "i cannot say" says the
# speaker has no answer, which is a decline, no doubt.
_HOW_SURELY = (
    r"(?:for\s+" + _SURE + r"|with\s+(?:any\s+)?(?:certainty|confidence)|exactly|precisely"
    r"|definitely|offhand|from\s+memory)"
)
# What the speaker is unable to do: "cannot", "could not", "am not able to", "was unable to",
# "do not", "did not", "do not have the ability to".
UNABLE = (
    r"(?:cannot|can\s+not|could\s+not|do\s+not\s+have\s+(?:the\s+ability|a\s+way)\s+to"
    r"|do\s+not|did\s+not|(?:am|are|was|were)\s+(?:not\s+able|unable)\s+to)"
)
# What a caveat may name as the thing it cannot check: a few words, none of them the sources
# ("i cannot verify the fee in the documents" says the sources lack it: a decline).
_SOURCE_WORD = (
    r"(?:sources?|documents?|documentation|context|excerpts?|passages?|snippets?|filings?"
    r"|provided|given|supplied|text|reports?|statements?|data|information|records?|evidence)"
)
_CHECK = (
    r"(?:(?:independently|personally|currently|directly|fully)\s+)?"
    r"(?:verify|confirm|check|double[\s-]check|browse|access|look\s+up|search)"
)
# The doubt's forms, one a line.
_DOUBT_FORMS = (
    # how sure the speaker is
    rf"(?:i(?:\s+a|'|’)m\s+)?(?:not\s+{_DEGREE}?{_SURE}|unsure|uncertain)",
    r"i\s+(?:may|might|could)\s+be\s+(?:wrong|mistaken)",
    r"(?:it\s+is\s+)?(?:hard|difficult)\s+to\s+(?:say|tell|be\s+sure)",
    rf"(?:i|we)\s+{UNABLE}\s+be\s+{_DEGREE}?{_SURE}",
    # what the speaker cannot know, say or recall surely
    rf"(?:i|we)\s+{UNABLE}\s+(?:know|say|tell|recall|remember)\s+{_HOW_SURELY}",
    # a caveat: what the speaker cannot check, a few words none of them the sources
    rf"(?:i|we)\s+{UNABLE}\s+{_CHECK}(?:\s+(?!{_SOURCE_WORD}\b)[^\s,;:]+){{0,6}}?",
)
DOUBT = "(?:" + "|".join(_DOUBT_FORMS) + ")"
# (v4) A hedge opener: the doubt, then a contrast ("but", "however", "though") after which the
# claim is read.
_CONTRAST_WORDS = ("but", "however", "though", "yet")
_HEDGE_OPENER = re.compile(
    r"\s*(?:" + DOUBT + r")"
    r"(?:\s+(?:about\s+(?:this|that|it)|of\s+(?:this|that|it)))?"
    r"\s*[,;:\-]?\s*(?:but|however|though|although|yet)(?!\w)\s*,?\s*"
)
# Every hedge opener holds one of these words (its doubt) and one of `_CONTRAST_WORDS`.
_HEDGE_WORDS = (
    "sure",
    "certain",
    "positive",
    "wrong",
    "mistaken",
    "exactly",
    "precisely",
    "definitely",
    "confidence",
    "offhand",
    "memory",
    "hard",
    "difficult",
    "verify",
    "confirm",
    "check",
    "browse",
    "access",
    "look up",
    "search",
)


def without_hedge_opener(text_norm: str) -> str:
    """Normalised text without a hedge opener ("i am not sure, but "), or as it is."""
    if not any(word in text_norm for word in _HEDGE_WORDS) or not any(
        word in text_norm for word in _CONTRAST_WORDS
    ):
        return text_norm  # (every hedge opener holds one of each)
    found = _HEDGE_OPENER.match(text_norm)
    return text_norm[found.end() :] if found is not None else text_norm


# What follows a hedge opener and gives no answer: the reader sent elsewhere ("but you can
# check the FIFA website", "but I'd recommend asking your pharmacist"), an offer of help ("but
# I'm happy to help with anything else"), or candidates ("but it might be Spain or Italy").
_NO_ANSWER_AFTER = re.compile(
    r"(?:you|your|please|try|consult|contact|visit|check|refer)\b"
    r"|i\s+(?:would\s+|could\s+|can\s+|might\s+|will\s+)?(?:suggest|recommend|advise|help|be\s+happy"
    r"|be\s+glad|point)\b"
    r"|i\s+am\s+(?:happy|glad)\b"
    r"|it\s+(?:is|would\s+be)\s+(?:best|worth|advisable|wise)\b"
    r"|.*\bor\b"
)


def hedges_an_answer(part_norm: str, following_norm: str) -> bool:
    """(v4) Whether a part of a sentence is only a hedge opener (normalised) and the part after
    it, which opens with the opener's contrast, gives an answer: it asserts words of its own, not
    a referral, an offer or candidates (`_NO_ANSWER_AFTER`). Such a hedge declines nothing: "I'm
    not able to verify archived results, but Spain won" answers Spain (`grader.rules.reading`)."""
    joined = f"{part_norm} {following_norm}"
    rest = without_hedge_opener(joined)
    if rest == joined or len(rest) >= len(following_norm):
        return False  # no hedge opener, or one that ends inside the following part's words
    return bool(rest.strip(" .!")) and _NO_ANSWER_AFTER.match(rest) is None


# (v4) Doubt of the claim itself: "I doubt (that) the bill passed" is a No, as "I doubt it" is.
_DOUBTS_THE_CLAIM = re.compile(
    r"\s*i\s+(?:(?:really|seriously|strongly)\s+)?doubt\s+(?:that\s+)?(?!it\b|so\b)"
)

# --- 2. elliptical answers ---------------------------------------------------------------------

_ELLIPSIS = re.compile(
    r"\s*" + _PRONOUN + r"\s+" + _AUXILIARY + r"(?P<not>\s+not)?"
    r"(?=\s*(?:[,.;:!\-]|$))"
)

# --- no side -----------------------------------------------------------------------------------

_NO_SIDE = re.compile(
    r"\s*(?:(?:in\s+order\s+)?to\s+(?:determine|assess|answer|evaluate|find|calculate|compute"
    r"|see|check|know|establish|judge|understand|decide|identify|verify|analy[sz]e|address)"
    r"|let\s+us|let's|first\b|we\s+(?:need|would\s+need|will\s+need|can|could|will|must|should"
    r"|have\s+to|first)\b|you\s+(?:need|would\s+need|can|could|will|must|should|may|might)\b"
    r"|whether\b|if\b|it\s+depends|that\s+depends|this\s+depends)"
)
# A main verb that is only a possibility, or a sentence that says the matter is open.
_POSSIBLE = re.compile(
    r"(?<!\w)(?:may|might|could|would|should|depends|depend|unclear|uncertain|not\s+clear"
    r"|not\s+necessarily"
    r"|(?:is|are|it\s+is)\s+possible)(?!\w)"
)
# (v4) "may" the month, where no verb can follow it: after a preposition or a word of a date
# ("in may", "by may", "from april to may", "the end of may", "early may", "mid-may", "last
# may") or beside a day or a year ("may 2020", "may 5", "5 may", "the 5th of may"). Never after
# a subject or a word a verb may follow ("it may", "it may be delayed", "the insurer may pay",
# "this may", "and may", "may or may not") nor opening a question ("may i add ...").
_MONTH_MAY = re.compile(
    r"(?:(?<!\w)(?:in|by|since|until|till|from|to|during|through|throughout|before|after|of|on"
    r"|early|late|mid|last|next|each|every)[\s-]|\d(?:st|nd|rd|th)?\s)may(?!\w)"
    r"|(?<!\w)may\s+\d"
)


def only_possible(main: str) -> bool:
    """Whether a main clause (normalised) says its verb is only a possibility or the matter open
    (`_POSSIBLE`): "may" the month is none ("the law took effect in may")."""
    if "may" in main:
        main = _MONTH_MAY.sub(" ", main)
    return _POSSIBLE.search(main) is not None


# --- 3. polarity -------------------------------------------------------------------------------

# A line of a list: a reason or a step, not a conclusion ("1. Sales grew 1.3%", "- Operating
# margin rose").
_LIST_ITEM = re.compile(r"\s*(?:\d{1,2}[.)]\s|[-*•]\s)")
_QUOTED = re.compile(r"\"[^\"]*\"|\([^()]*\)|\[[^\[\]]*\]")
# A subordinate clause: from its conjunction (or a relative pronoun after a comma) to the next
# comma, semicolon or colon, or the end.
_SUBORDINATE = re.compile(
    r"(?:,\s*(?:which|who|whom|whose|where)\b"
    r"|(?<!\w)(?:although|though|because|since|unless|whereas|while|if|whether|when|even\s+if"
    r"|even\s+though|as\s+long\s+as|provided\s+that|so\s+that|except\s+that)(?!\w))"
    r"[^,;:]*"
)
_WHETHER = re.compile(r"(?<!\w)(?:whether|if)(?!\w)[^,;:]*")
# A negation of the main clause. "no" after a preposition ("at no charge", "with no deposit")
# and "not only" negate nothing.
_NEGATION = re.compile(
    r"(?<!\w)(?:not(?!\s+only)(?!\s+just)|never|no\s+longer|nothing|none|neither|nobody"
    r"|cannot"
    r"|(?<!with\s)(?<!at\s)(?<!for\s)(?<!in\s)(?<!of\s)(?<!to\s)(?<!by\s)(?<!from\s)(?<!on\s)"
    r"(?<!under\s)no)(?!\w)"
)
# Directions a question may ask about, by pair: a sentence that states the other side of its
# pair ("decreased" to "Has the debt increased?") answers the other way. Each side is a family
# of word forms.
_DIRECTIONS: tuple[tuple[str, str], ...] = (
    (
        r"increas\w*|ris(?:e|es|ing|en)|rose|grow\w*|grew|gain\w*|higher|climb\w*"
        r"|expand\w*|accelerat\w*|improv\w*|strength\w*",
        r"decreas\w*|declin\w*|fall\w*|fell|drop\w*|lower|shrink\w*|shrank|reduc\w*"
        r"|contract\w*|slow\w*|deteriorat\w*|wors\w*|weaken\w*",
    ),
    (r"includ\w*|cover\w*", r"exclud\w*"),
    (r"allow\w*|permit\w*", r"prohibit\w*|forbid\w*|ban|bans|banned"),
    (r"positive|profit\w*|surplus", r"negative|loss\w*|deficit"),
    (r"won|win|wins|winning|victor\w*", r"lost|lose|loses|losing|defeat\w*"),
    (r"above|over|exceed\w*", r"below|under"),
    (r"approv\w*|accept\w*|grant\w*", r"reject\w*|den(?:y|ied|ies)|refus\w*"),
)
_DIRECTION_PATTERNS = tuple(
    (re.compile(rf"(?<!\w)(?:{one})(?!\w)"), re.compile(rf"(?<!\w)(?:{other})(?!\w)"))
    for one, other in _DIRECTIONS
)
# A word: letters, or digits (a year); "fy2022" is "fy" and "2022", "high-growth" is "high"
# and "growth".
_WORD = re.compile(r"[a-z][a-z']*|[0-9]+(?:\.[0-9]+)?")
# Words of a question that say nothing of what it asks.
_STOPWORDS = frozenset(
    "a an the of in on at to for from by with and or is are was were be been being do does did "
    "has have had what which who whom whose how when where why this that these those it its "
    "their there any some all each per as than then into about over under between during "
    "according based data please state answer question us our your you my i me we can could "
    "would should will shall may might must not no yes if so such also there's it's "
    "s fy q1 q2 q3 q4 year years period".split()
)


def words_of(text_norm: str) -> tuple[str, ...]:
    """The content words of normalised text, each reduced to a stem ("dividends" to
    "dividend", "paid" stays "paid"), in order, each once."""
    found = []
    for word in _WORD.findall(text_norm):
        word = word.strip("'").removesuffix("'s")
        if len(word) < 2 or word in _STOPWORDS:
            continue
        found.append(_stem(word))
    return tuple(dict.fromkeys(found))


def _stem(word: str) -> str:
    """A plural's or a verb's "-s", "-es", "-ed" and "-ing" dropped, at least four letters
    kept ("dividends" and "dividend" alike, "covered" and "cover" alike)."""
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 4 and not word.endswith("ss"):
            word = word[: -len(ending)]
            break
    return word[:-1] if word.endswith("e") and len(word) >= 5 else word


@lru_cache(maxsize=1 << 12)
def claim_of(question_norm: str) -> tuple[str, ...]:
    """What a Yes-or-No question asks, as its content words (`words_of`), read in its first
    question (up to its first "?"); () for no question."""
    if not question_norm:
        return ()
    first = question_norm.split("?", 1)[0]
    return words_of(first)


def opener_stance(text_norm: str) -> str:
    """The side an opener takes at the start of normalised text (after any frame), or ""."""
    found = _OPENER.match(text_norm)
    if found is None:
        qualified = _QUALIFIER.match(text_norm)
        if qualified is not None:
            found = _OPENER.match(text_norm, qualified.end())
    if found is None:
        bare = _BARE_YES_NO.match(text_norm)
        if bare is None:
            return ""
        return YES if bare.group("yes") is not None else NO
    side = NO if found.group("no") is not None else YES
    corrected = _CORRECTED.match(text_norm, found.end())
    if corrected is not None:
        again = _OPENER.match(text_norm, corrected.end())
        if again is not None:
            return NO if again.group("no") is not None else YES
    if side == YES and _EMPHATIC.match(text_norm):
        rest = _SUBORDINATE.sub(" ", _QUOTED.sub(" ", text_norm[found.end() :]))
        if _NEGATION.search(rest) is not None:
            return NO
    return side


# A rejection: what follows "rather than", "instead of", "as opposed to", or a "not" after a
# comma, a dash, "and" or "but" ("a range object, not a list"), to the end of its clause.
_REJECTION = re.compile(
    r"(?:(?<!\w)(?:rather\s+than|instead\s+of|as\s+opposed\s+to)"
    r"|(?:,|\s-|(?<!\w)and|(?<!\w)but)\s+not(?!\s+(?:only|just|merely|quite)\b))"
    r"(?!\w)(?P<rejected>[^,;:.!?]*)"
)


def rejected_claim(text_norm: str, claim: tuple[str, ...]) -> tuple[bool, str]:
    """Whether the sentence rejects what the question asks about, and the sentence without
    its rejections (`polarity_stance`).

    A sentence rejects the question's own object when a word of what the question asks
    (`claim_of`) occurs only in a phrase that "rather than", "instead of", "as opposed to" or a
    contrastive "not" ("..., not a list") sets aside: "It returns a lazy range object rather
    than a list" to "Does range() return a list?". A rejection of something else ("It returns a
    list rather than a tuple", "The fee is per booking, not per passenger") sets aside another
    thing and negates nothing: the rest of the sentence is read."""
    rejected: set[str] = set()
    for found in _REJECTION.finditer(text_norm):
        rejected.update(words_of(found.group("rejected")))
    if not rejected:
        return False, text_norm
    rest = _REJECTION.sub(" ", text_norm)
    kept = set(words_of(rest))
    return any(word in rejected and word not in kept for word in claim), rest


# The absence of a cost: "free" (not "free to" do something), "free of charge", "at no extra
# cost", "without a fee", "costs nothing", "waived"; and what states a cost beside it.
_COST_WORDS = frozenset(("fee", "charg", "cost", "pric", "penalty", "fine", "surcharg", "toll"))
_FREE = re.compile(
    r"(?<!\w)(?:(?:[a-z]+-)?free(?!\s+to\b)(?:\s+of\s+(?:charge|cost))?"
    r"|(?:at|with|for)\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge|fee)s?"
    r"|without\s+(?:any\s+|a\s+|an\s+)?(?:extra\s+|additional\s+)?(?:charge|fee|cost)s?"
    r"|costs?\s+nothing|(?:is|are|was|were|be)\s+waived)(?!\w)"
)
_COST_STATED = re.compile(
    r"(?<!\w)(?:costs?|charged?|charges|fees?|pay|payable|prices?|priced|penalty|surcharges?)(?!\w)"
    r"|[$€£¥]|\d"
)


def absence_of_cost(text_norm: str, claim: tuple[str, ...]) -> str:
    """Whether a sentence answers a question about a cost ("Is there a fee to change a
    booking?", one whose claim holds a word of cost) by saying it is free: "no" when it says so
    and states no cost beside it ("Changes are free of charge"); "mixed" when it also states a
    cost ("The first change is free; later ones cost $25": no clear side); "" otherwise (a
    question about no cost, a sentence that says nothing free, "you are free to cancel")."""
    if _COST_WORDS.isdisjoint(claim) or _FREE.search(text_norm) is None:
        return ""
    return "mixed" if _COST_STATED.search(_FREE.sub(" ", text_norm)) else NO


def polarity_stance(text_norm: str, claim: tuple[str, ...]) -> str:
    """The side a sentence (normalised, without its frame) takes by its polarity, or "" when
    it takes none (see the module docstring, family 3)."""
    if (
        _NO_SIDE.match(text_norm)
        or _LIST_ITEM.match(text_norm)
        or text_norm.rstrip().endswith(("?", ":"))
        or "=" in text_norm
    ):
        return ""  # it asks, prepares, lists a reason, or works a figure out ("a = b / c")
    plain = _QUOTED.sub(" ", text_norm)
    rejects, plain = rejected_claim(plain, claim)
    main = _SUBORDINATE.sub(" ", plain)
    if only_possible(main):
        return ""
    if not claim:
        return ""  # a sentence's polarity answers Yes or No only to the question it restates
    turned = False
    negated = _NEGATION.search(main) is not None
    said = _WHETHER.sub(" ", text_norm)
    words = set(words_of(said))
    free = absence_of_cost(main, claim)
    if free == "mixed":
        return ""  # free in part, a cost in another: no clear side
    if free:
        words |= _COST_WORDS  # "free" answers the question's "fee"
    held = 0
    direction = stated = False
    asked = _asked_direction(claim)
    for word in claim:
        side = _direction(word) if word == asked else None
        if side is None:
            held += word in words
            continue
        same, opposite = side
        direction = True
        others = frozenset(claim) - {word}  # "growth" in "Is growth expected to accelerate?"
        # (the change the main clause states: not one in ", which is not excluded")
        last_same = _last(same, main, others)
        last_opposite = _last(opposite, main, others)
        if word in words or last_same >= 0 or last_opposite >= 0:
            # the question's direction in its words or others ("drop", "fell"), or the
            # other way; stated both ways ("improved, but then declined"), the last one
            held += 1
            stated = True
            same_at = max(last_same, _last_word(word, main))
            # (a negated clause that states the question's direction answers by its
            # negation: "did not improve; instead, it decreased" is No, not turned twice)
            turned = last_opposite > same_at and not (negated and same_at >= 0)
    if 2 * held <= len(claim) or (direction and not stated):
        return ""  # it restates too little of the question, or not the change it asks
    if rejects:
        return NO  # the question's own object set aside ("a range object rather than a list")
    if free:
        return YES if negated else NO  # "changes are free" is No; "not free of charge" Yes
    return NO if negated != turned else YES


def _last(pattern: re.Pattern[str], text: str, skipped: frozenset[str] = frozenset()) -> int:
    """Where the last match of a pattern starts in text, or -1; a match that is one of the
    ``skipped`` words (stemmed) does not count."""
    starts = [
        found.start() for found in pattern.finditer(text) if _stem(found.group(0)) not in skipped
    ]
    return starts[-1] if starts else -1


def _asked_direction(claim: tuple[str, ...]) -> str:
    """The word of a question that asks about a change, its last direction word ("accelerate"
    of "Is growth expected to accelerate?"), or ""."""
    asked = [word for word in claim if _direction(word) is not None]
    return asked[-1] if asked else ""


def _last_word(stem: str, text: str) -> int:
    """Where the last word of this stem starts in text, or -1."""
    return _last(re.compile(rf"(?<!\w){re.escape(stem)}\w*"), text)


def _direction(word: str) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """The patterns of a direction word's own side and of the other side of its pair, or
    None for a word that states no direction (a question's word, stemmed, is matched with its
    endings: "increas" stands for "increased")."""
    for one, other in _DIRECTION_PATTERNS:
        for same, opposite in ((one, other), (other, one)):
            if same.fullmatch(word) or same.fullmatch(word + "e") or same.fullmatch(word + "ed"):
                return same, opposite
    return None


# Words that open a sentence and join it to what came before, or date it ("Therefore, ...",
# "As of my last update in 2023, ...", "Overall, ..."): what follows them is read.
_CONNECTIVE = re.compile(
    r"\s*(?:(?:therefore|thus|hence|so|overall|consequently|accordingly|in\s+(?:fact|total"
    r"|general|sum|brief)|as\s+a\s+result|as\s+such|to\s+(?:sum\s+up|summari[sz]e|conclude)"
    r"|in\s+(?:conclusion|summary|short))\s*,?\s*"
    r"|as\s+of\s+[^,;:]{1,60},\s*)"
)


def opening_connective(text_norm: str) -> int:
    """Where the connective that opens normalised text ends ("Therefore, "), or 0."""
    found = _CONNECTIVE.match(text_norm)
    return found.end() if found else 0


def stance_of(text_norm: str, claim: tuple[str, ...] = ()) -> str:
    """The side a sentence takes: "yes", "no" or "" (see the module docstring).

    Args:
        text_norm: The sentence's asserted text, normalised, without its opening frame.
        claim: What the question asks (`claim_of`); () when the question is not at hand.
    """
    text_norm = without_hedge_opener(text_norm)
    opened = opener_stance(text_norm)
    if opened:
        return opened
    elliptical = _ELLIPSIS.match(text_norm)
    if elliptical is not None:
        return NO if elliptical.group("not") else YES
    doubted = _DOUBTS_THE_CLAIM.match(text_norm) if "doubt" in text_norm else None
    if doubted is not None:
        # the doubted claim's Yes is a No, as "I doubt it" is; a doubted No takes no side
        return NO if polarity_stance(text_norm[doubted.end() :], claim) == YES else ""
    return polarity_stance(text_norm, claim)

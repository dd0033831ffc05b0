"""Pleasantries set aside (DESIGN 4.1, v4): what a support assistant says around its answer
carries no claim, so it is never an answer, a candidate or a decline.

A **pleasantry** is a sentence made only of the courtesies a reader would name, one or several,
with punctuation and emoji between them:

- a greeting: "Hello!", "Hi there!", "Good morning", "Hello and welcome!";
- thanks: "Thanks for your question!", "Thank you for reaching out!", "Thank you for
  contacting us.";
- praise of the question: "Great question!", "What an interesting question!";
- an offer to help: "Happy to help with that!", "I'd be glad to help.", "Sure, I can help
  with that!";
- a closing offer of further help: "Is there anything else I can help you with today?", "Can
  I help you with anything else?", "Let me know if you have other questions!", "Let me know if
  you need anything else!", "Hope this helps!", "Have a great day!";
- a sign-off: "Best regards," "Cheers!" or the assistant's name with its role ("— Sunny, your
  virtual assistant").

`is_pleasantry` reads one sentence (cleaned); `set_aside` reads an answer's sentences, and
`grader.rules.reading` sets aside each it names (it asserts nothing): a sentence of pleasantries
when another sentence of the answer is not one (a pleasantry wraps an answer). (v4) **A sign-off
closes a message**: a sentence that is a pleasantry only by a sign-off ("Cheers!", "Kind regards -
Sunny, your virtual assistant"; "Thanks!" is thanks too, at home anywhere) is set aside only
where it closes a message that said something else: after a sentence that is no pleasantry, with
none but pleasantries after it, and not under a line that introduces it (ending with a colon).
So "It was Augustus.\nCheers" and "Augustus.\n\nKind regards" answer Augustus, but "Cheers! It
is what Britons say when they raise a glass." answers Cheers (the sign-off's word opens the
answer: it is the answer), and so do "The toast is:\nCheers" and "Cheers" alone. A sign-off after
another answer closes it all the same ("Slainte.\nCheers" answers Slainte): what closes a message
is read as its close. Never:

- a sentence that holds a claim beside the courtesy: "Great question: it was Paris." and "Hi,
  the capital is Paris." answer Paris (the courtesy alone opens them, which the lead rule reads:
  `grader.rules.leads`);
- a sign-off that opens the answer, or under a line that introduces it (above);
- an answer made only of pleasantries: "Hello" to "What did Bell say first on the telephone?"
  is the answer given; a greeting before another answer is not ("Hello! His first words were
  'Mr. Watson, come here'" gives those words, not "Hello");
- a closing question that names a subject ("Would you like to know more about the Sahara?"),
  nor praise or help with a subject named ("Great question about tennis"): it is read as
  written, as any sentence is;
- words of the family inside a sentence that says more ("Thank you for asking; the dose is 5
  mg", "Welcome to Paris, the capital of France", "Hello Goodbye"), nor advice to the reader
  ("Contact your travel agent.": an answer to whom to ask).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grader.rules.normalize import lowered_as_matched

_GREETING = (
    r"(?:hello|hi|hey|greetings|howdy|good\s+(?:morning|afternoon|evening|day))"
    r"(?:\s+(?:there|again|everyone|and\s+welcome))?"
    r"|welcome(?:\s+back)?"
)
_THANKS = (
    r"(?:thanks|thank\s+you|many\s+thanks)(?:\s+(?:so|very)\s+much)?"
    r"(?:\s+for\s+(?:reaching\s+out|getting\s+in\s+touch|contacting\s+us|writing(?:\s+in)?"
    r"|asking|your\s+(?:great\s+)?(?:question|query|message|patience|interest)"
    r"|the\s+(?:great\s+)?question))?"
)
_PRAISE = (
    r"(?:what\s+an?\s+|that\s+is\s+an?\s+|that['’]s\s+an?\s+)?"
    r"(?:great|good|excellent|fantastic|wonderful|interesting|fascinating|lovely)\s+question"
)
_SUBJECT = r"(?:that|this|your\s+question|that\s+question|this\s+question|your\s+query)"
_HELP = (
    r"(?:(?:i\s+would\s+be|i['’]d\s+be|i\s+am|i['’]m|we\s+are|we['’]re|we['’]d\s+be)\s+)?"
    r"(?:happy|glad|delighted|pleased)\s+to\s+(?:help|assist)(?:\s+you)?"
    rf"(?:\s+with\s+{_SUBJECT})?(?:\s+today)?"
    r"|(?:(?:sure|certainly|of\s+course|absolutely)\W+)?(?:i\s+can|let\s+me)\s+help"
    rf"(?:\s+you)?(?:\s+with\s+{_SUBJECT})?"
    r"|(?:i['’]m|i\s+am)\s+here\s+to\s+help"
)
_OFFER = (
    r"(?:is\s+there\s+)?anything\s+else\s+(?:i\s+can|can\s+i)\s+(?:help(?:\s+you)?\s+with"
    r"|do\s+for\s+you|assist(?:\s+you)?\s+with)(?:\s+today)?"
    r"|(?:can|may)\s+i\s+help\s+(?:you\s+)?with\s+anything\s+else(?:\s+today)?"
    r"|anything\s+else"
    r"|let\s+me\s+know\s+if\s+(?:you\s+have\s+(?:any\s+)?(?:other|more|further)\s+questions"
    r"|(?:i\s+can\s+help\s+with|you\s+need)\s+anything\s+else)"
    r"|(?:please\s+)?feel\s+free\s+to\s+(?:ask|reach\s+out)(?:\s+(?:anytime|any\s+time"
    r"|if\s+you\s+have\s+(?:any\s+)?(?:other|more|further)\s+questions))?"
    r"|(?:i\s+)?hope\s+(?:this|that)\s+helps"
    r"|have\s+a\s+(?:great|nice|good|wonderful|lovely)\s+(?:day|evening|weekend|one)"
)
_SIGN_OFF = (
    r"(?:best|kind|warm|warmest)\s+regards|cheers"
    r"|[^\W\d_]+(?:\s+[^\W\d_]+)?,\s+your\s+(?:friendly\s+)?"
    r"(?:(?:virtual|digital|ai|online|support|customer\s+support)\s+)?"
    r"(?:assistant|agent|helper|bot|concierge)"
)
_PLEASANTRY = rf"(?:{_GREETING}|{_THANKS}|{_PRAISE}|{_HELP}|{_OFFER}|{_SIGN_OFF})"
_NO_SIGN_OFF = rf"(?:{_GREETING}|{_THANKS}|{_PRAISE}|{_HELP}|{_OFFER})"
# One courtesy or several ("Hello, and happy to help!"), with punctuation and emoji around them;
# and the same without a sign-off (a sentence that matches the first and not this one is a
# pleasantry only by a sign-off).
_PLEASANTRIES = re.compile(
    rf"[\W_]*{_PLEASANTRY}(?:[\W_]+(?:and\s+)?{_PLEASANTRY})*[\W_]*", re.IGNORECASE
)
_PLEASANTRIES_NO_SIGN_OFF = re.compile(
    rf"[\W_]*{_NO_SIGN_OFF}(?:[\W_]+(?:and\s+)?{_NO_SIGN_OFF})*[\W_]*", re.IGNORECASE
)


# What every sentence of pleasantries opens with after its punctuation and emoji: the first word
# of a courtesy (of each alternative above, as the pattern ignoring case reads it), or, for a
# sign-off, any name with ", your" after it. The pattern is read only in a sentence that opens
# with one of these words or holds "your" (the shortcut's test: tests/rules/test_pleasantries.py).
_OPENING_WORDS = frozenset(
    "hello hi hey greetings howdy good welcome thanks thank many what that great excellent "
    "fantastic wonderful interesting fascinating lovely i we happy glad delighted pleased sure "
    "certainly of absolutely let is anything can may please feel hope have best kind warm "
    "warmest cheers".split()
)
_FIRST_WORD = re.compile(r"[\W_]*([^\W\d_]+)")


def is_pleasantry(sentence: str) -> bool:
    """Whether a sentence (cleaned) is only pleasantries (see the module). Its pattern is tried
    only where a courtesy can open the sentence (`_OPENING_WORDS`, read in the sentence's
    `grader.rules.normalize.lowered_as_matched` text) or a sign-off's "your" is written:
    elsewhere it cannot match, and it costs some 17,000 instructions a sentence."""
    lowered = lowered_as_matched(sentence)
    first = _FIRST_WORD.match(lowered)
    if first is None or (first.group(1) not in _OPENING_WORDS and "your" not in lowered):
        return False
    return is_pleasantry_by_definition(sentence)


def is_pleasantry_by_definition(sentence: str) -> bool:
    """`is_pleasantry` without its shortcut: the pattern on every sentence."""
    return _PLEASANTRIES.fullmatch(sentence) is not None


def set_aside(sentences: Sequence[str]) -> list[bool]:
    """Which of an answer's sentences (cleaned) are set aside as pleasantries (see the module):
    each made only of pleasantries, when another sentence is none; one that is a pleasantry only
    by a sign-off, only where it closes what the answer said (after a sentence that is none, with
    none but pleasantries after it, not under a sentence that ends with a colon)."""
    courtesies = [len(sentences) > 1 and is_pleasantry(sentence) for sentence in sentences]
    if all(courtesies):
        return [False] * len(sentences)
    return [
        courtesy and (not _signs_off(sentence) or _closes(sentences, courtesies, at))
        for at, (sentence, courtesy) in enumerate(zip(sentences, courtesies, strict=True))
    ]


def _signs_off(pleasantry: str) -> bool:
    """Whether a sentence of pleasantries is one only by a sign-off ("Cheers!", "Kind regards")."""
    return _PLEASANTRIES_NO_SIGN_OFF.fullmatch(pleasantry) is None


def _closes(sentences: Sequence[str], courtesies: list[bool], at: int) -> bool:
    """Whether the sentence at ``at`` closes a message that said something else: a sentence
    before it is no pleasantry, every one after it is one, and the one right before it
    introduces nothing (it ends with no colon: "The toast is:\nCheers")."""
    return (
        not all(courtesies[:at])
        and all(courtesies[at + 1 :])
        and not sentences[at - 1].rstrip().endswith(":")
    )

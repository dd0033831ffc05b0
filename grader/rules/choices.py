"""A multiple-choice answer (DESIGN 4.6, v4): a letter read as the option it names.

An exam's question **lists its options**, each after a label: a run of two or more marks of one
style, labelled in order from the first, A, B, C ... (up to E), a, b, c ..., or 1, 2, 3 ...,
each opening the question or after a space, then its text: "(A) ...", "A) ...", "A. ...", "A: ..."
(a space after "." and ":"), inline ("... lazuli? A) vermilion B) ultramarine C) ochre D)
malachite") or one a line. An option's text runs to the next mark (the last one's to its line's
end), a closing "," ";" "or" "and" and ending "." "?" "!" dropped. Numbered options any of whose
texts is a number are no list a rule can read ("1) 8 2) 12": is "2" a label or a text?).

The key **names an option** by its letter (an accepted answer that is a label alone: "B", "(B)",
"B)", any case) or, with no letter, by its text (an accepted answer and an option's text that
say each other; else the one option whose text says an accepted answer: "a type of screw head and
screwdriver" for "screwdriver"). A key whose letter and text name two options, or that names
none or several, is left to the other checks as it stands.

A person reads the answer's letter as the option it names. A letter (one of the options'
labels, in either case) **stands as a choice** where it is a word of its own followed by the
sentence's end, ")" "." ":" "," ";" "/" "&" "!" "?" "(", a dash, "or" or "and" (never "A dado",
"A is wrong", "B is a pigment"; never after "not", "n't", "never", "except", "nor", "than",
"unlike", "instead of"), does not open an option's own text as the answer writes it ("B-" of a
blood group's options, "C major"), and:

- it opens its sentence ("B", "(B) ...", "B) cheetah", "B. ...", "C - or possibly D"), is in
  parentheses ("tenon saw (B)"), is an item of a lettered list (before a ")" that closes no
  parenthesis: "A) djinn, B) ghoul"), or follows "option", "choice", "letter", "either" or
  "between" ("Option 2", "either B or C"; never before a description in parentheses, "Option A
  (vermilion) is red"): a choice;
- it follows words that give the answer ("answer", "answer is", "is", "be", "was", "are", "'s",
  "so", "thus", "therefore", "hence", "but", "choose", "pick", "select", "go with", "I'd say",
  each with "the correct option" and the like between, then ":" or "=" or not), or a mark that
  introduces it (":", "=", a dash, an arrow) and it closes its clause (never "Explanation: A and
  C are fish"), or a retraction earlier in its sentence ("No wait,
  C": `grader.rules.taken_back.retracts`), or it opens its sentence before "is correct", "is the
  answer" and the like: a **concluding** choice;
- it is joined to the choice right before it by ",", "/", "&", "or" or "and" (a dash before,
  "possibly", "maybe", "perhaps" after): "A or B", "A/B", "B and C", "C - or possibly D", one
  choice of several letters ("B, or rather C" is a retraction: C).

The answer's **choice** is its last concluding choice; with none, its choices together. Several
letters are candidates left open: the exam asks for one and marks two as none (K018, wrong;
unlike the key among candidates of free text, K010, partial, a guess between lettered options
halves the odds for nothing). One letter is the option it names, unless the text beside it,
its **label**, names another option and not its own: the text after the letter set off by ")"
"." ":" "," "(" or a dash, to the next choice, a semicolon or the sentence's end ("The answer is A,
tubular bells.", "C) zinc white"), or the clause before a letter put after a dash, a colon or in
parentheses ("tenon saw - B", "tenon saw (B)"). A letter and a label that name two options
contradict themselves: a reader cannot tell which was meant, and whichever is the key, the
answer also gives another (the exam marks the letter, so the letter on the key with another
option's text asserts a wrong text, and the key's text under another letter is marked wrong):
another option chosen (K017, wrong), as is one letter that names an option other than the key's.
An option named only inside another's text is not named ("coping saw" names "coping saw", not
"saw"). Working before a concluding letter is no label ("2 + 3 + 4 + 5 + 6 + 7 = 27, so the
answer is C", C being 30, answers C; "Sheffield, so A" answers A).

An answer that names no letter as a choice is read by the key's other checks, its accepted
answers read as the family reads them: a letter alone is said only as a choice (never by an
article, "It is a stag" does not say "A"), and the key's option's text is an accepted answer
("ultramarine" for a key "B").

Never (the other checks read the answer as they did):
- a question with no run of two labelled options: a lone capital letter is an ordinary answer
  ("Plan B", "Vitamin A", "Group C", "grade A", a key that is itself a letter);
- a key that names no option, or two;
- a letter glued to a word before it ("Vitamin C", "Plan B", "type A"), followed by a word
  ("A dado", "A is wrong", "B is a pigment"), or negated ("not A", "B, not C");
- a letter outside the options' labels ("E" of options A-D);
- an option's text named in working before a concluding letter, or a label that names the
  letter's own option beside another ("B) unlike a rabbet, a dado runs across").

Not `grader.rules.options`, which reads a question that names two things in its own words
("Which is longer, the Nile or the Amazon?") and the predicate an answer's first clause gives one
of them: that family reads no labels, this one reads no predicate; they share the word only.

Why one file: the question's options, the key's option and the answer's choice are one reading,
each part read against the labels and texts the others found.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from grader.rules import codes
from grader.rules.normalize import normalize
from grader.rules.reading import Sentence, asserted_sentences
from grader.rules.surface import surface
from grader.rules.surface_match import says
from grader.rules.taken_back import retracts

# What the answer's choice decides (`Choice.outcome`).
KEY, OTHER, OPEN = "key", "other", "open"

_ORDERS = ("ABCDE", "abcde", "12345")
# An option's mark: its label in parentheses, or before ")" (the text may be glued), "." or
# ":" (then a space), opening the text or after a space.
_MARK = re.compile(
    r"(?<!\S)(?:\((?P<enclosed>[A-Ea-e1-5])\)(?=[ \t]*\S)"
    r"|(?P<closed>[A-Ea-e1-5])\)(?=[ \t]*\S)"
    r"|(?P<label>[A-Ea-e1-5])(?P<after>[.:])(?=[ \t]+\S))"
)
# Every list of options holds its second label's mark ("(B)" holds "B)"): `listed_options`'
# guard.
_SECOND_MARKS = ("B)", "B.", "B:", "b)", "b.", "b:", "2)", "2.", "2:")
# What closes an option's text: a comma, a semicolon, "or", "and", and an ending mark.
_TEXT_END = re.compile(r"(?:[\s,;]+(?:or|and)\b)?[\s,;.?!]*$", re.IGNORECASE)
_NUMBER = re.compile(r"^\W*\d[\d.,]*\W*$")


@dataclass(frozen=True, slots=True)
class Options:
    """A question's lettered options: their labels as the question writes them, and texts."""

    labels: tuple[str, ...]
    texts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """What a multiple-choice answer chooses against the key (see the module): ``outcome`` KEY
    (the key's option), OTHER (another option, by its letter or its label), OPEN (letters left
    open) or "" (no letter chosen); ``label`` is its label (K017, K018) where it is wrong;
    ``accepted`` are the accepted answers the key's other checks read."""

    outcome: str
    label: str
    accepted: tuple[str, ...]


def listed_options(question: str) -> Options | None:
    """The question's lettered options, or None (see the module); looked for only where the
    question holds a second label's mark."""
    if not any(mark in question for mark in _SECOND_MARKS):
        return None
    return listed_options_by_definition(question)


@lru_cache(maxsize=4096)
def listed_options_by_definition(question: str) -> Options | None:
    """The question's lettered options, or None: the first run of two marks or more of one
    style, labelled in order from the first, whose texts are none of them empty."""
    marks = []
    for found in _MARK.finditer(question):
        label = found.group("enclosed") or found.group("closed") or found.group("label")
        style = "(" if found.group("enclosed") else ")" if found.group("closed") else found["after"]
        order = next(order for order in _ORDERS if label in order)
        marks.append((found.start(), found.end(), order.index(label), order, style))
    for first, (_, _, index, order, style) in enumerate(marks):
        if index:
            continue
        run = [marks[first]]
        for mark in marks[first + 1 :]:
            if mark[3] == order and mark[4] == style and mark[2] == len(run):
                run.append(mark)
        if len(run) < 2:
            continue
        texts = []
        for number, (_, end, _, _, _) in enumerate(run):
            text = (
                question[end : run[number + 1][0]]
                if number + 1 < len(run)
                else question[end:].split("\n", 1)[0]
            )
            texts.append(_TEXT_END.sub("", text.strip()).strip())
        if not all(texts):
            continue
        if order[0] == "1" and any(_NUMBER.match(text) for text in texts):
            return None  # a label or a text? ("1) 8 2) 12")
        return Options(tuple(order[: len(run)]), tuple(texts))
    return None


def multiple_choice(
    accepted_answers: Sequence[str], question: str, sentences: Sequence[Sentence]
) -> Choice | None:
    """The answer's choice against the key's option (see the module), read in what the answer's
    sentences assert, or None where the question lists no options or the key names none."""
    options = listed_options(question)
    if options is None:
        return None
    key = _key_option(tuple(accepted_answers), options)
    if key is None:
        return None
    accepted = tuple(a for a in accepted_answers if _label_of(a, options) is None)
    if not any(_names(a, options.texts[key]) for a in accepted):
        accepted = (*accepted, options.texts[key])
    chosen = _chosen(options, asserted_sentences(sentences))
    if chosen is None:
        return Choice("", "", accepted)
    letters, named = chosen
    shown = [f'"{options.labels[i]}" ({options.texts[i]})' for i in letters]
    if len(letters) > 1:
        return Choice(OPEN, codes.OPTIONS_OPEN.say(", ".join(shown)), accepted)
    if named is not None:
        beside = f'{shown[0]} beside "{options.texts[named]}" ({options.labels[named]})'
        return Choice(OTHER, codes.OTHER_OPTION.say(beside), accepted)
    if letters[0] == key:
        return Choice(KEY, "", accepted)
    other = f'{shown[0]}, key "{" / ".join(accepted_answers)}"'
    return Choice(OTHER, codes.OTHER_OPTION.say(other), accepted)


def _label_of(text: str, options: Options) -> int | None:
    """The option an accepted answer names as a label alone ("B", "(b)", "B)"), or None."""
    bare = text.strip().strip("().").strip()
    for index, label in enumerate(options.labels):
        if bare.lower() == label.lower():
            return index
    return None


def _key_option(accepted_answers: tuple[str, ...], options: Options) -> int | None:
    """The option the key names (see the module), or None."""
    by_letter = {
        index
        for accepted in accepted_answers
        if (index := _label_of(accepted, options)) is not None
        and accepted.strip() not in options.texts
    }
    texts = [a for a in accepted_answers if _label_of(a, options) is None]
    by_text = {
        index
        for index, option in enumerate(options.texts)
        if any(_names(a, option) and _names(option, a) for a in texts)
    }
    if len(by_letter) > 1 or (by_letter and by_text - by_letter):
        return None
    if by_letter:
        return by_letter.pop()
    if not by_text:
        by_text = {
            index
            for index, option in enumerate(options.texts)
            if any(_names(option, a) for a in texts)
        }
    return by_text.pop() if len(by_text) == 1 else None


def _names(text: str, phrase: str) -> bool:
    """Whether a text says a phrase in one of its forms (`grader.rules.surface_match.says`)."""
    return says(phrase, surface(normalize(text)), text)


# A letter that may stand as a choice, and what must follow it.
_STANDS = re.compile(r"\s*$|[).:,;/&!?(]|\s*[-–—]|\s+[(/&]|\s+(?:or|and)\b", re.IGNORECASE)
# A choice's words after a letter that opens its sentence ("B is correct").
_IS_CORRECT = re.compile(
    r"\s+(?:is|was|would\s+be)\s+(?:the\s+)?(?:(?:correct|right|best)\b(?:\s+(?:answer|option|"
    r"choice|one)\b)?|answer\b)",
    re.IGNORECASE,
)
_NEGATED = re.compile(
    r"(?:\b(?:not|never|except|nor|than|unlike|instead\s+of)|n['’]t)\s*\(?$", re.IGNORECASE
)
# The words that give the answer right before a letter ("the answer is", "so", "I'd say").
_GIVING = re.compile(
    r"(?:\b(?:answers?|is|are|be|was|so|thus|therefore|hence|but|choose|chose|pick|picked|select"
    r"|selected|(?:go|going|went)\s+with|(?:i['’]?d|i\s+would|i)\s+say)|['’]s)"
    r"(?:\s+(?:the\s+)?(?:(?:correct|right|best)\s+)?(?:option|choice|letter|answer)s?)?"
    r"\s*[:=]?\s*\(?$",
    re.IGNORECASE,
)
# A mark that introduces a letter: a colon, "=", a dash, an arrow; the letter then closes its
# clause ("Explanation: A and C are fish" introduces no choice).
_INTRODUCING = re.compile(r"[:=\-–—→]\s*\(?$")
_CLOSES = re.compile(r"\s*$|[).,;:!?/&]|\s*[-–—]|\s+or\b", re.IGNORECASE)
# A mark right before a letter whose clause before it is the letter's label.
_LABEL_BEFORE = re.compile(r"\s*(?:[:\-–—]\s*|\()$")
# What opens a sentence before its first word: quotes, bullets, markdown's marks.
_OPENING = re.compile(r"[\s\"'“‘*_>#•-]*$")
# A word that names an option by its letter ("option B", "choice C", "either B or C", "between
# B and C"), and what follows a
# letter that an option's description follows ("Option A (vermilion) is red").
_OPTION_WORD = re.compile(r"\b(?:option|choice|letter|either|between)\s*$", re.IGNORECASE)
_STANDS_BEFORE_TEXT = re.compile(r"\s*\(")
# What joins a letter to the choice before it.
_JOINED = re.compile(
    r"\)?(?:\s*[-–—])?\s*(?:,|/|&|\bor\b|\band\b)(?:\s+(?:possibly|maybe|perhaps))?\s*\(?$",
    re.IGNORECASE,
)
# Where a label after a letter ends: a semicolon or the sentence's end.
_LABEL_END = re.compile(r";")
_LABEL_OPENS = re.compile(r"\s*[).:,\-–—(]\s*")
_LABEL_OPENS_ENCLOSED = re.compile(r"\s*[.:,\-–—]?\s*")
_CLAUSE_START = re.compile(r".*[,;:(]", re.DOTALL)


@lru_cache(maxsize=64)
def _letter_pattern(labels: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "".join(re.escape(label) for label in labels)
    return re.compile(rf"(?<![\w'’.\-])[{alternatives}](?![\w'’\-])(?![.,]\d)", re.IGNORECASE)


@dataclass
class _Group:
    """A choice of one letter or several joined, in its sentence: where it starts and ends, and
    the texts beside it that are its labels."""

    letters: list[int]
    concluding: bool
    start: int
    end: int
    enclosed: bool
    labels: list[str]


def _chosen(
    options: Options, sentences: Sequence[str]
) -> tuple[tuple[int, ...], int | None] | None:
    """The options the answer's choice names and the option its label names instead of its
    letter's own (or None), or None where the answer names no letter as a choice."""
    groups: list[_Group] = []
    for sentence in sentences:
        found = _groups(options, sentence)
        for number, group in enumerate(found):
            # the label after its last letter: to the next choice, a semicolon or the end
            stop = found[number + 1].start if number + 1 < len(found) else len(sentence)
            after = _LABEL_END.split(sentence[group.end : stop], 1)[0]
            opens = (_LABEL_OPENS_ENCLOSED if group.enclosed else _LABEL_OPENS).match(after)
            if opens is not None:
                group.labels.append(after[opens.end() :])
        groups += found
    if not groups:
        return None
    concluding = [group for group in groups if group.concluding]
    picked = concluding[-1:] if concluding else groups
    letters = tuple(dict.fromkeys(index for group in picked for index in group.letters))
    if len(letters) > 1:
        return letters, None
    for group in picked:
        for label in group.labels:
            named = _named_options(options, label)
            if named and letters[0] not in named:
                return letters, named[0]
    return letters, None


def _groups(options: Options, sentence: str) -> list[_Group]:
    """The choices a sentence names, in order (see the module), each with the label before it."""
    pattern = _letter_pattern(options.labels)
    lowered = [label.lower() for label in options.labels]
    groups: list[_Group] = []
    for found in pattern.finditer(sentence):
        before, after = sentence[: found.start()], sentence[found.end() :]
        opening = _OPENING.fullmatch(before.rstrip("(")) is not None
        correct = opening and _IS_CORRECT.match(after) is not None
        if not (correct or _STANDS.match(after)) or _NEGATED.search(before):
            continue
        if _opens_option_text(options, sentence[found.start() :]):
            continue  # "B-" of a blood group's option: the text, not its label
        named = _OPTION_WORD.search(before)
        if named is not None and _STANDS_BEFORE_TEXT.match(after):
            continue  # "Option A (vermilion) is red": an option described, not chosen
        index = lowered.index(found.group(0).lower())
        enclosed = before.endswith("(") and after.startswith(")")
        end = found.end() + (1 if enclosed else 0)
        if groups:
            gap = sentence[groups[-1].end : found.start()]
            if _JOINED.fullmatch(gap) and not retracts(gap):
                groups[-1].letters.append(index)
                groups[-1].end = end
                continue
        introduced = _INTRODUCING.search(before) is not None and _CLOSES.match(after) is not None
        concluding = correct or _GIVING.search(before) is not None or introduced or retracts(before)
        # an item of a lettered list: before ")" that closes no parenthesis ("A) djinn, B) ghoul")
        item = after.startswith(")") and not enclosed and before.count("(") <= before.count(")")
        if not (concluding or opening or enclosed or item or named):
            continue
        labels = []
        mark = _LABEL_BEFORE.search(before)
        if mark is not None and not _GIVING.search(before[: mark.start()]):
            labels.append(_CLAUSE_START.sub("", before[: mark.start()]))
        groups.append(_Group([index], concluding, found.start(), end, enclosed, labels))
    return groups


def _opens_option_text(options: Options, text: str) -> bool:
    """Whether the text opens with an option's text longer than a letter, as a word ("B-" of
    "O-, B-, AB+"; "C major")."""
    lowered = text.lower()
    return any(
        len(option) > 1
        and lowered.startswith(option.lower())
        and not lowered[len(option) : len(option) + 1].isalnum()
        for option in options.texts
    )


def _named_options(options: Options, label: str) -> list[int]:
    """The options a label names, an option named only inside another named option's text
    aside ("coping saw" names "coping saw", not "saw")."""
    if not label.strip():
        return []
    named = [index for index, text in enumerate(options.texts) if _names(label, text)]
    return [
        index
        for index in named
        if not any(
            other != index and _names(options.texts[other], options.texts[index]) for other in named
        )
    ]

"""An answer written as a letter (DESIGN 4.1, v4): its envelope set aside, its body read.

Systems and people answer in the form of a letter or an email: a greeting, the body, a sign-off
and a signature, sometimes a P.S. after it, the message they answer quoted below or above it, or
a forwarded message under its header. A person reads a letter as its body: the greeting, the
sign-off, the signature, the quoted message and the mail header are its **envelope**, set aside
as an agent's trace is (`grader.rules.sentences.answer_sentences` keeps it as the working, which
no rule reads but for its citations), and a P.S. is a later part of the body, its last paragraph
(a correction there takes back what the body said, as a later message does:
`grader.rules.taken_back`). `letter_body` reads an answer's lines, markdown's marks read first.
An answer is a letter when it holds a greeting, a sign-off or a mail header, each a line or
lines of its own, and a body beside them; an answer of one line is none, nor one whose body would
hold no word. The envelope:

- a **greeting**: the first line of the answer with words (a quoted message above it aside), or the
  first under a mail header, that is only a salutation ("Dear", "Dearest", "My dear", "Hi", "Hiya",
  "Hello", "Hey", "Greetings", "Good morning" and the other times of day, "Morning", "Afternoon",
  "Evening") and one to five names, each a word written as one ("Ms Patel", "Dr. Osei", "Sam and
  Jo", "Sir or Madam", "Sir/Madam"), then a comma or a colon; or a salutation and a word for a group
  ("all", "everyone", "team", "there"), then a comma, a colon, "!" or nothing; or a salutation with
  no name after "Hi", "Hello", "Hey", "Greetings" and "Good morning", then a comma, a colon, "!" or
  nothing; or "To whom it may concern". The line under it is blank or opens otherwise than in lower
  case (a line that goes on in lower case wraps a sentence). In a letter with a sign-off or a mail
  header, a first line that is a name alone and a comma, a paragraph of its own ("Marek," above a
  blank line), is a greeting too;
- a **sign-off** and its **signature**: a closing formula on a line of its own under a line of the
  body that ends a sentence (".", "!", "?" or a closing bracket), or a paragraph under one that ends
  with no colon or comma (a blank line between them): "Kind regards", "Regards", "Best wishes",
  "Yours sincerely", "Yours faithfully", "Yours ever", "Sincerely", "Very truly yours", "All the
  best", "Cheers", "Thanks", "Many thanks", "Take care", "Speak soon", then a comma, "!", "." or
  nothing; "Best", "Love", "With love", "Yours", "Warmly", words of prose too, only before a comma,
  "!" or "."; and a formula with words after it before a comma ("With love from all of us,", "Best
  of luck with the exam,", "See you on Sunday,", "Thanks again for the recipe,", "Thank you for
  reading,"). Under it, its signature: one to six lines (blank lines between them aside), the first
  opening otherwise than in lower case, each of at most twelve words and ending no sentence (no "?"
  or "!" at its end, no "." but an initial's or an abbreviation's: "J. K. Osei", "Acme Ltd."): a
  name, a role, a place, a date ("Dr. Ines Varga\nWard 6, 2 April 2021", "Tomas Reyes | Archivist |
  Sent 3 June 2020"), to a P.S., a quoted message or the answer's end. A formula with no signature
  under it is no sign-off, nor one with lines under it that are no signature's;
- a **P.S.**: a line under a signature opening with "P.S.", "PS", "P.P.S." (then a colon, a
  dash or a space) and words: its marker is set aside, and what follows it is read as the body's
  last paragraph;
- a **quoted message**: in a letter, a run of lines each opened by ">" (its first then a space,
  another ">" or the line's end), with an attribution line right above it ("On Fri, 2 Jun 2017,
  Ann Vale wrote:", ">" before it or not); an attribution under a signature with no ">" under
  it, and everything after it; an "-----Original Message-----" line and everything after it;
- a **mail header**: a run of two lines or more, each a field of a message's header ("From:",
  "Sent:", "Date:", "To:", "Cc:", "Bcc:", "Subject:", "Reply-To:" and its value), no field twice,
  with "From:" and "Sent:" or "Subject:" among them; and a forwarded message's marker line
  ("---------- Forwarded message ----------", "Begin forwarded message:"); and a "Subject:" line
  that opens the answer above a greeting (an email's subject). The message under a header is read (a
  forwarded message is what is shown), and its first line may be a greeting.

So "Dear Ms Patel,\n\nIt was Lister.\n\nKind regards,\nAnn Ross\nClinic, 3 May 2020" answers
Lister: the greeting's name is no answer given first (`grader.rules.leads`), a subject line's
words and a quoted question ("> Was it Pasteur?") are no answer at all, and a P.S. that answers
answers.

Never (the answer read as it stands):
- a salutation inside a sentence, or on a line that says more ("Dear me, it was 1066.", "Hi Sam, it
  was Lister.": `grader.rules.pleasantries` and `grader.rules.leads` read a courtesy that opens a
  sentence), a salutation before a word that is no name ("Dear me,\nit was ...") or a name with no
  comma after it ("Hello World" above a line), a salutation's word inside a name ("the Hi-Hat"), a
  greeting's words that are not the answer's first line;
- an answer of one line ("Lister, in 1867.", "Yours sincerely", "Dear Sir or Madam,");
- a closing formula under a line that introduces it ("Frasier was spun off from:\nCheers", a blank
  line between them or not), with no signature under it ("The usual closing is:\n\nYours
  sincerely,"), or with a sentence under it ("Cheers,\nThat is the toast."); a closing word inside a
  sentence ("Thanks to Lister, ..."); "Best" or "Love" alone on a line ("Best\nParis\nWorst\nLyon");
- a name alone as the last line with no sign-off above it: the answer named on a line of its own;
- ">" as greater-than ("> 50 mg", ">= 10 mg"), and ">" lines or an attribution in an answer that is
  no letter (a quotation set off in markdown, "On 21 October 1805, Nelson wrote:" above the words he
  wrote);
- "From:" and "To:" as a range or an itinerary ("From: 1914\nTo: 1918", "From: London\nTo:
  Paris\nDate: 25 August 1919": no "Sent:" or "Subject:"), a "Subject:" line with no greeting under
  it ("Subject: the 1832 Reform Act\nIt widened the franchise.").
"""

from __future__ import annotations

import re

# A greeting (see the module): a salutation, then names and a comma or a colon, a group and a
# comma, a colon, "!" or nothing, or no name and a comma, a colon, "!" or nothing. Names are read
# in their case: words that open with a capital ("Dr.", "O'Brien", "Jean-Luc"), "and", "or" or
# "&" between two.
_NAME_WORD = r"[^\W\d_a-z\u00df-\u00ff][\w'’./\-]*"
_GROUP = r"(?i:all|everyone|everybody|team|folks|there|both|guys|friends|colleagues|y['’]all)"
_NAMES = rf"{_NAME_WORD}(?:[ \t]+(?:(?:and|or|&)[ \t]+)?{_NAME_WORD}){{0,4}}"
_NAME_NEEDED = r"(?i:dear(?:est)?|my[ \t]+dear|hiya|morning|afternoon|evening)"
_NAME_OPTIONAL = r"(?i:hi|hello|hey|greetings|good[ \t]+(?:morning|afternoon|evening|day))"
_GREETING = re.compile(
    rf"[ \t]*(?:(?:{_NAME_NEEDED}|{_NAME_OPTIONAL})[ \t]+"
    rf"(?:{_NAMES}[ \t]*[,:]|{_GROUP}[ \t]*[,:!]?)|{_NAME_OPTIONAL}[ \t]*[,:!]?"
    r"|(?i:to[ \t]+whom[ \t]+it[ \t]+may[ \t]+concern)[ \t]*[,:]?)[ \t]*"
)
# A name alone and a comma: a greeting in a letter marked otherwise ("Marek,").
_NAME_GREETING = re.compile(rf"[ \t]*{_NAME_WORD}(?:[ \t]+{_NAME_WORD}){{0,2}}[ \t]*,[ \t]*")
# A closing formula (see the module): alone, then a comma, "!", "." or nothing; one that is also
# a word of prose ("Best", "Love", "Yours", "Warmly") then a comma, "!" or "."; or with words
# after it, then a comma.
_CLOSING = (
    r"(?:with[ \t]+)?(?:(?:best|kind|kindest|warm|warmest|many|fond|good)[ \t]+)?"
    r"(?:regards|wishes)"
    r"|yours[ \t]+(?:sincerely|faithfully|truly|ever|cordially|aye)"
    r"|(?:very[ \t]+)?(?:sincerely|faithfully|truly|cordially|respectfully)(?:[ \t]+yours)?"
    r"|all[ \t]+the[ \t]+best|cheers|thanks|many[ \t]+thanks|thank[ \t]+you|take[ \t]+care"
    r"|(?:speak|talk)[ \t]+soon"
)
_CLOSING_WORD = r"(?:very[ \t]+)?best|(?:with[ \t]+)?(?:lots[ \t]+of[ \t]+)?love|yours|warmly"
_WITH_WORDS = (
    r"with[ \t]+(?:(?:best|kind|warm|warmest|fond)[ \t]+)?(?:love|wishes|regards|thanks)"
    r"|(?:lots[ \t]+of[ \t]+)?love|(?:best[ \t]+of[ \t]+|good[ \t]+)luck|all[ \t]+the[ \t]+best"
    r"|best[ \t]+wishes|thanks|thank[ \t]+you|see[ \t]+you"
)
_SIGN_OFF = re.compile(
    rf"[ \t]*(?:(?:{_CLOSING})[ \t]*[,!.]?|(?:{_CLOSING_WORD})[ \t]*[,!.]"
    rf"|(?:{_WITH_WORDS})[ \t]+[^,]{{1,60}},)[ \t]*",
    re.IGNORECASE,
)
# What ends the body's line right above a sign-off: a sentence's end or a closing bracket,
# closing quotes after it aside (a blank line between them will do, under a line that ends with
# no colon or comma).
_ENDS_SENTENCE = re.compile(r"[.!?)][\"'’”]*[ \t]*$")
# A signature (see the module): its lines, their words, the abbreviations whose period ends one.
_SIGNATURE_LINES = 6
_SIGNATURE_WORDS = 12
_WORD = re.compile(r"\w+")
_ABBREVIATED = frozenset("ltd inc co corp jr sr esq phd md llc plc bros dept".split())
# A P.S.'s marker ("P.S.", "PS:", "P.P.S. -").
_POSTSCRIPT = re.compile(
    r"[ \t]*(?:p\.?[ \t]?){1,2}s\b\.?(?:[ \t]*[:\-\u2013\u2014])?[ \t]*", re.IGNORECASE
)
# A quoted message: a line opened by ">" (the first of a run: then a space, another ">" or the
# line's end, never a comparison, "> 50 mg", ">= 3"); its attribution; the original's marker.
_QUOTE_MARK = re.compile(r"[ \t]*>")
_QUOTE_OPENS = re.compile(r"[ \t]*>(?=[ \t>]|$)(?![ \t]*(?:=|[$€£+-]?[ \t]*\.?\d))")
_ATTRIBUTION = re.compile(r"[ \t]*(?:>[ \t]*)?on[ \t].{3,160}\bwrote[ \t]*:[ \t]*", re.IGNORECASE)
_ORIGINAL = re.compile(r"[ \t]*-{2,}[ \t]*original[ \t]+message[ \t]*-{2,}[ \t]*", re.IGNORECASE)
# The first word of a line (or a marker's two dashes), and the words a line of a greeting, a
# sign-off or a mail header opens with (the shortcut before the rule reads every line: an answer
# none of whose lines opens with one is no letter; "Marek," greets only in a letter with a
# sign-off or a mail header, a quoted message and a P.S. stand only in a letter).
_LINE_OPENING = re.compile(r"\n[ \t]*(-{2}|[^\W\d_]+)")
_ENVELOPE_OPENINGS = frozenset(
    "-- begin from dear dearest my hi hiya hello hey greetings good morning afternoon evening to "
    "with best kind kindest warm warmest many fond regards wishes yours sincerely faithfully "
    "truly cordially respectfully all cheers thanks thank take speak talk very love lots warmly "
    "see".split()
)
# A mail header's field, and a forwarded message's marker line.
_FIELD = re.compile(
    r"[ \t]*(?P<name>from|sent|date|to|cc|bcc|subject|reply-to)[ \t]*:[ \t]*\S", re.IGNORECASE
)
_FORWARDED = re.compile(
    r"[ \t]*(?:-{2,}[ \t]*forwarded[ \t]+message[ \t]*-{2,}"
    r"|begin[ \t]+forwarded[ \t]+message[ \t]*:)[ \t]*",
    re.IGNORECASE,
)


def letter_body(answer: str) -> tuple[str, str]:
    """A letter's envelope and its body (see the module): the envelope's lines, in order, and the
    rest of the answer, each P.S. a paragraph of its own without its marker; ("", the answer)
    when it is no letter."""
    if "\n" not in answer or _ENVELOPE_OPENINGS.isdisjoint(
        word.lower() for word in _LINE_OPENING.findall("\n" + answer)
    ):
        return "", answer  # (a letter's greeting, sign-off or header opens a line of its own)
    return letter_body_by_definition(answer)


def letter_body_by_definition(answer: str) -> tuple[str, str]:
    """`letter_body` without its shortcut (no line break, or no line opening as a greeting, a
    sign-off or a mail header does: no letter): the definition."""
    lines = answer.replace("\r\n", "\n").split("\n")
    headers = _headers(lines) | _subject_line(lines)
    quoted = _quoted(lines, headers)
    greeted = _greetings(lines, headers | quoted, _GREETING, paragraph=False)
    signed, postscripts = _sign_offs(lines, headers | quoted | greeted)
    if not (headers or greeted or signed):
        return "", answer  # no letter: a quotation set off by ">" is read
    if headers or signed:
        greeted |= _greetings(lines, headers | quoted, _NAME_GREETING, paragraph=True)
    envelope = headers | quoted | greeted | signed
    body: list[str] = []
    for number, line in enumerate(lines):
        marker = _POSTSCRIPT.match(line) if number in postscripts else None
        if marker is not None:
            while body and not body[-1].strip():
                body.pop()  # (the signature's blank lines)
            body.extend(("", line[marker.end() :]))
        elif number not in envelope:
            body.append(line)
    text = "\n".join(body).strip()
    if _WORD.search(text) is None:
        return "", answer  # the envelope is all it says
    kept = (lines[number].strip() for number in sorted(envelope))
    return "\n".join(line for line in kept if line), text


def _headers(lines: list[str]) -> set[int]:
    """The lines of each mail header and of each forwarded message's marker (see the module)."""
    found: set[int] = set()
    number = 0
    while number < len(lines):
        if _FORWARDED.fullmatch(lines[number]):
            found.add(number)
        run: list[int] = []
        names: set[str] = set()
        while number < len(lines):
            field = _FIELD.match(lines[number])
            if field is None or field.group("name").lower() in names:
                break
            names.add(field.group("name").lower())
            run.append(number)
            number += 1
        if len(run) > 1 and "from" in names and names & {"sent", "subject"}:
            found.update(run)
        if not run:
            number += 1
    return found


def _subject_line(lines: list[str]) -> set[int]:
    """The answer's first line when it is a "Subject:" field and the next line with words is a
    greeting on a line of its own (an email's subject above its greeting)."""
    filled = [number for number, line in enumerate(lines) if line.strip()]
    if len(filled) < 3:
        return set()
    field = _FIELD.match(lines[filled[0]])
    if field is None or field.group("name").lower() != "subject":
        return set()
    greeted = _greetings(lines, {filled[0]}, _GREETING, paragraph=False)
    return {filled[0]} if filled[1] in greeted else set()


def _quoted(lines: list[str], headers: set[int]) -> set[int]:
    """The lines of the quoted messages marked as such (see the module): each run of ">" lines,
    with an attribution above it; the original's marker and everything after it."""
    found: set[int] = set()
    number = 0
    while number < len(lines):
        line = lines[number]
        if number in headers:
            number += 1
            continue
        if _ORIGINAL.fullmatch(line):
            return found | set(range(number, len(lines)))
        run = _run(lines, number + 1) if _ATTRIBUTION.fullmatch(line) else []
        if not run and _QUOTE_OPENS.match(line):
            run = _run(lines, number)
        if run:
            found |= {number, *run}
            number = run[-1] + 1
        else:
            number += 1
    return found


def _run(lines: list[str], start: int) -> list[int]:
    """The run of ">" lines from ``start`` (blank lines before it and inside it aside): its first
    opens a quote, the others are opened by ">"."""
    run: list[int] = []
    number = start
    while number < len(lines):
        line = lines[number]
        if line.strip():
            mark = _QUOTE_MARK if run else _QUOTE_OPENS
            if mark.match(line) is None:
                break
            run.append(number)
        number += 1
    return run


def _greetings(
    lines: list[str], taken: set[int], greeting: re.Pattern[str], paragraph: bool
) -> set[int]:
    """The first line of the answer, and of each message under a header, when it is a greeting
    of the pattern's kind on a line of its own: the next line is blank, or, unless it must be a
    ``paragraph`` of its own, opens otherwise than in lower case (quoted lines before it aside)."""
    found: set[int] = set()
    opening = True
    for number, line in enumerate(lines):
        if number in taken:
            opening = opening or _FIELD.match(line) is not None
            continue
        if not line.strip():
            continue
        following = lines[number + 1].strip() if number + 1 < len(lines) else ""
        alone = not following or (not paragraph and not following[0].islower())
        if opening and alone and greeting.fullmatch(line):
            found.add(number)
        opening = False
    return found


def _sign_offs(lines: list[str], taken: set[int]) -> tuple[set[int], set[int]]:
    """Each sign-off's line and its signature's (see the module), with an attribution under the
    signature and everything after it (a message quoted under the letter); and the line that
    opens a P.S. after a signature."""
    signed: set[int] = set()
    postscripts: set[int] = set()
    last = ""  # (the body's last line so far, stripped)
    paragraph = False  # (a blank line since it)
    number = 0
    while number < len(lines):
        line = lines[number]
        if number in taken or not line.strip():
            paragraph = paragraph or not line.strip()
            number += 1
            continue
        closes = _ENDS_SENTENCE.search(last) is not None or (paragraph and last[-1:] not in ":,")
        if last and closes and _SIGN_OFF.fullmatch(line):
            signature, end = _signature(lines, number + 1, taken)
            if signature:
                signed |= {number, *signature}
                if end < len(lines) and _ATTRIBUTION.fullmatch(lines[end]):
                    return signed | set(range(end, len(lines))), postscripts
                if end < len(lines) and _POSTSCRIPT.match(lines[end]):
                    postscripts.add(end)
                number = end
                continue
        last, paragraph = line.strip(), False
        number += 1
    return signed, postscripts


def _signature(lines: list[str], start: int, taken: set[int]) -> tuple[list[int], int]:
    """A signature's lines under a closing formula, from ``start``, and the line after them (a
    P.S., a quoted message, a header or the answer's end); no lines when what stands under the
    formula is no signature (see the module)."""
    signature: list[int] = []
    number = start
    while number < len(lines) and number not in taken:
        line = lines[number].strip()
        if line and (_is_postscript(line) or _ATTRIBUTION.fullmatch(line)):
            break
        if line:
            if len(signature) == _SIGNATURE_LINES or not _signature_line(line, not signature):
                return [], number
            signature.append(number)
        number += 1
    return signature, number


def _is_postscript(line: str) -> bool:
    """Whether a line opens with a P.S.'s marker and says something after it."""
    marker = _POSTSCRIPT.match(line)
    return marker is not None and marker.end() < len(line.rstrip())


def _signature_line(line: str, first: bool) -> bool:
    """Whether a line (stripped) may be a signature's: at most twelve words, ending no sentence
    (a period only after an initial or an abbreviation), the first opening otherwise than in
    lower case."""
    if (first and line[0].islower()) or line[-1] in "?!":
        return False
    if len(_WORD.findall(line)) > _SIGNATURE_WORDS:
        return False
    if line.endswith("."):
        words = line[:-1].split()
        last = words[-1].rsplit(".", 1)[-1] if words else ""
        return (len(last) == 1 and last.isupper()) or last.lower() in _ABBREVIATED
    return True

"""An answer written as a dialogue (DESIGN 4.1, v4): the answerer's turns read, the rest set aside.

Systems and people answer in the form of a transcript: a quiz show ("HOST: ...", "CONTESTANT:
..."), a pub quiz ("QUIZMASTER:", "TEAM (conferring):", "CAPTAIN:"), an interview
("Interviewer:", "Dr Reyes:"), a chat ("User:", "Assistant:"), a question sheet ("Q:", "A:"). A
person reads such an answer by asking who answers: the **asker**'s turns (the one who puts the
question, and then judges it, often saying the right answer after a wrong one: "HOST: No, I'm
sorry, it's Rolex.") are not the answer; the **answerer**'s turns are, in order, a later one
superseding an earlier as a later sentence does ("Tanuki?" then, asked again, "Kenya. Kenya,
sorry."); and a **helper**'s turns (a friend phoned, a team conferring) are what the answerer
weighed, not what they answered. `dialogue_turns` sets the asker's and the helpers' turns aside
as working, as a letter's envelope and an agent's trace are (`grader.rules.sentences.
answer_sentences`), and leaves the answerer's turns, each a paragraph, their labels dropped.

A **turn** opens a line (after white space and a list's mark, "-", "*" or "•") with a speaker's
**label**: a name of one to three words, each in capitals ("HOST", "ANSWER SHEET", "Q") or opening
with a capital ("Interviewer", "Dr Reyes"), a number after it or not ("Player 2", its role read
without it), an aside in brackets after it or not ("TEAM (conferring)"), then a colon and words
or the line's end; it runs to the next turn, lines under it with no blank line between them
going on with it. A label is never a field's name ("Answer:", "Final answer:", "Note:",
"Source:", "Confidence:", "Explanation:", "Thought:", "Action:", "Question:", "Date:", "Step
2:", "Round 3:", ...: `_FIELDS`), nor a number's ("10:30"). An answer is a **dialogue** when:

- every line with words is a turn's, or goes on with one, but a first line that introduces the
  turns under it (ending with a colon: "Transcript:", "Here is how it went:"), set aside;
- two speakers or more take turns, and one of them is the **asker**: a speaker named as one who
  puts the questions ("Host", "Quizmaster", "Quiz master", "Question master", "Presenter",
  "Compere", "MC", "Moderator", "Interviewer", "Questioner", "Examiner", "Teacher", "Q",
  "User", "Human": `_ASKERS`, in any case, the aside aside; two so named make no asker), or,
  where none is so named, the speaker of the first turn when that turn asks (holds "?") and the
  speaker speaks again after another's turn;
- the **answerer** is the speaker named as one who answers, when one alone is ("Contestant",
  "Player", "Captain", "Candidate", "Guest", "Interviewee", "Respondent", "Student", "Answer
  sheet", "A", "Assistant": `_ANSWERERS`), or else the speaker of the last turn that is not the
  asker's; every other speaker (neither the asker nor the answerer: "FRIEND", "DAVE", "TEAM
  (conferring)", "AUDIENCE") is a helper.

Then the answer is the answerer's turns, without their labels, one paragraph each; a dialogue in
which the answerer's turns hold no word ("CONTESTANT: ...") answers nothing (read as an empty
answer is, as an agent's trace with no reply is). In the answerer's turns, the last
**commitment** that opens a sentence (at a turn's start, or after ".", "?", "!" or an ellipsis)
and names something after it marks what they answered, as a spoken final answer: "I'll say",
"I will say", "I'm going to say", "we'll go with", "I'll go for", "I'll take", "go with", "let's
go (with)", "final answer:" or "final answer is", "my answer is"; the answerer's words before it
are what they weighed, set aside with the other turns ("Nine... or ten? I'll say ten." answers
ten; "Tanzania? Kenya? Let's go Kenya." answers Kenya). A commitment to what came before ("I'll
go with that.", "Go for it!": only "it", "that", "this", "the same", ... after it) marks nothing.
So "HOST: Which company makes the
Submariner?\\nCONTESTANT: Omega.\\nHOST: No, I'm sorry, it's Rolex." answers Omega, and "HOST:
You've phoned a friend. Who won ...?\\nFRIEND: Definitely Stephen Hendry.\\nCONTESTANT: I'll go
with my friend - Stephen Hendry.\\nHOST: Correct." answers Stephen Hendry, the host's words no
answer given first (`grader.rules.leads`).

An **answer sheet** is an answer every line with words of which opens with a question's number
as a quiz's answer sheet writes it, "Q" or "Question" and a number, a round before it or not
("Round 3, Q7", "Round 5 (Time) Q3", "Q12", "Question 4"), then a colon, a dash or a full stop
and words: the labels are set aside, and what follows each is read ("Round 2, Q5: Poly Vinyl
Alcohol" answers "Poly Vinyl Alcohol").

Never (the answer read as it stands):
- one speaker alone ("CONTESTANT: Omega.", "HOST: The answer was Rolex."): no one answers
  another, the label is read as a lead is;
- fields, however many ("Answer: Rolex\\nConfidence: 0.8\\nSource: catalogue", "Thought: ...
  \\nAction: search[...]": an agent's trace, `grader.rules.sentences.agent_reply`), and names
  that label a list's items ("England: 5\\nScotland: 3\\nWales: 1": no asker);
- turns with no asker: two speakers neither named as one who asks nor opening with a question
  ("ALICE: It was Rolex.\\nBOB: Rolex, yes.");
- a dialogue quoted inside prose: a line of the writer's own beside the turns (a blank line
  before it, or above the first turn not ending with a colon): "On the show the host asked:
  \\nHOST: Which company ...?\\nCONTESTANT: Omega.\\nHOST: It's Rolex.\\n\\nSo the answer is
  Rolex." is read as it stands, the writer's conclusion read with it;
- a speaker's name inside a line ("The host said: it's Rolex."), or a label with no colon;
- "Q" and a number inside prose or on one line of several that are no answer sheet's;
- a commitment's words inside a sentence ("Tanzania, I'd say, or Kenya"), or in the asker's or
  a helper's turns ("FRIEND: I'll say Nobel."), or outside a dialogue: only the answerer's turns
  are read for one.
"""

from __future__ import annotations

import re

# A speaker's label (see the module): a list's mark or not, one to three words in capitals or
# opening with one, a number or not, an aside in brackets or not, a colon, then white space or
# the line's end.
_NAME_WORD = r"[A-Z](?:[A-Z0-9'’.\-]*|[a-z][\w'’.\-]*)"
_LABEL = re.compile(
    rf"[ \t]*(?:[-*\u2022][ \t]+)?(?P<name>{_NAME_WORD}(?:[ \t]+{_NAME_WORD}){{0,2}}"
    r"(?:[ \t]+\d{1,3})?)"
    r"(?:[ \t]*\([^()\n]{1,40}\))?[ \t]*:(?=[ \t]|$)"
)
# Names of fields, never of speakers (in lower case, full stops aside, a number after them or
# not: "Step 2", "Round 3").
_FIELDS = frozenset(
    (
        "answer|final answer|short answer|my answer|the answer|answers|note|notes|nb|ps|pps"
        "|source|sources|reference|references|citation|citations|confidence|score|probability"
        "|explanation|reason|reasoning|rationale|thought|thoughts|thinking|action|action input"
        "|observation|question|questions|context|summary|status|date|time|subject|from|to|sent"
        "|cc|bcc|reply-to|result|results|output|input|response|evidence|example|examples|step"
        "|warning|tip|hint|update|edit|caveat|correction|clarification|background|conclusion"
        "|verdict|key|option|options|choice|candidates|other candidates|alternatives|tldr"
        "|tl;dr|disclaimer|important|remember|details|location|name|title|year|author|category"
        "|round|part|chapter|section|stage|phase|task|problem|exercise|case|item|point|game"
    ).split("|")
)
# Names of one who puts the questions (in lower case, full stops aside).
_ASKERS = frozenset(
    (
        "host|quizmaster|quiz master|question master|quiz host|presenter|compere|mc|emcee"
        "|moderator|interviewer|questioner|examiner|teacher|q|user|human"
    ).split("|")
)
# Names of one who answers (in lower case, full stops aside).
_ANSWERERS = frozenset(
    (
        "contestant|player|captain|team captain|candidate|guest|interviewee|respondent"
        "|student|pupil|answer sheet|a|assistant|ai|bot|chatbot|model"
    ).split("|")
)
# A commitment in the answerer's words (see the module), opening a sentence (the turn's start,
# after ".", "?", "!" or an ellipsis and white space, or a line's start): "I'll say", "we'll go
# with", "I'm going to take", "let's go (with)", "go with", "final answer:", "my answer is".
_COMMITMENT = re.compile(
    r"(?:^|(?<=[.?!\u2026])[ \t]+)[ \t]*"
    r"(?:(?:i|we)(?:['’]ll|[ \t]+will|['’](?:m|re)[ \t]+going[ \t]+to"
    r"|[ \t]+(?:am|are)[ \t]+going[ \t]+to)[ \t]+(?:say|go[ \t]+(?:with|for)|take)\b"
    r"|go[ \t]+(?:with|for)\b"
    r"|let['’]?s[ \t]+go\b(?:[ \t]+(?:with|for)\b)?"
    r"|(?:(?:my|our)[ \t]+)?final[ \t]+answer[ \t]*(?:[:\-\u2013\u2014]|is\b)"
    r"|(?:my|our)[ \t]+answer[ \t]+is\b)",
    re.IGNORECASE | re.MULTILINE,
)
# Words after a commitment that give no answer of their own ("I'll go with that", "Go for it").
_POINTING = frozenset("it that this so one the same them those these then too again".split())
_SENTENCE_END = re.compile(r"[.?!\u2026\n]")
_WORD = re.compile(r"\w+")
# An answer sheet's label (see the module): a round or not, then "Q" or "Question" and a number,
# then a colon, a dash or a full stop.
_SHEET_LABEL = re.compile(
    r"[ \t]*(?:round[ \t]*\d+(?:[ \t]*\([^()\n]{1,30}\))?[ \t]*[,;]?[ \t]*)?"
    r"(?:q|question)[ \t]*\d+[ \t]*(?:[:.\-\u2013\u2014][ \t]*)(?=\S)",
    re.IGNORECASE,
)

# What an answer sheet's first label opens with ("Round", "Q", "Question").
_SHEET_OPENINGS = frozenset("rRqQ")


def dialogue_turns(answer: str) -> tuple[str, str]:
    """A dialogue's turns set aside and its answerer's turns (see the module): the asker's and
    the helpers' turns (and an introducing line), one a line, and the answerer's turns without
    their labels, one paragraph each, "" when they say nothing; an answer sheet's labels and its
    answers; ("", the answer) when it is neither."""
    turns = ":" in answer and ("\n" in answer or "\r" in answer)
    if not turns and answer.lstrip()[:1] not in _SHEET_OPENINGS:
        return "", answer  # (turns: two lines, a label's colon; an answer sheet opens with one)
    return dialogue_turns_by_definition(answer)


def dialogue_turns_by_definition(answer: str) -> tuple[str, str]:
    """`dialogue_turns` without its shortcut (no colon or no line break, and a first character
    with which no answer sheet's label opens: neither a dialogue nor an answer sheet): the
    definition."""
    lines = answer.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    sheet = _answer_sheet(lines)
    if sheet is not None:
        return sheet
    turns = _turns(lines)
    if turns is None:
        return "", answer
    intro, spoken = turns
    speakers = [speaker for speaker, _ in spoken]
    if len(set(speakers)) < 2:
        return "", answer  # one speaker alone
    asker = _asker(spoken)
    if asker is None:
        return "", answer
    answerer = _answerer(speakers, asker)
    aside = [intro] if intro else []
    kept: list[str] = []
    for speaker, text in spoken:
        if speaker == answerer:
            kept.append(_LABEL.sub("", text, count=1).strip())
        else:
            aside.append(text.strip())
    reply = "\n\n".join(turn for turn in kept if turn)
    if _WORD.search(reply) is None:
        reply = ""
    weighed, reply = _committed(reply)
    return "\n".join(filter(None, (*aside, weighed))), reply


def _committed(reply: str) -> tuple[str, str]:
    """The answerer's words before their last commitment that gives an answer (see the module),
    and the words from it on; ("", the words) when they make none after other words."""
    at = 0
    for commitment in _COMMITMENT.finditer(reply):
        rest = _SENTENCE_END.split(reply[commitment.end() :], maxsplit=1)[0]
        if not _POINTING.issuperset(word.lower() for word in _WORD.findall(rest)):
            at = commitment.start()
    if not _WORD.search(reply, 0, at):
        return "", reply
    return reply[:at].strip(), reply[at:].strip()


def _speaker(line: str) -> str | None:
    """The speaker whose label opens the line, in lower case with full stops dropped (its aside
    aside); None when the line opens with no label, or a field's name."""
    opening = _LABEL.match(line)
    if opening is None:
        return None
    name = " ".join(opening.group("name").replace(".", "").lower().split())
    return None if _role(name) in _FIELDS else name


def _role(speaker: str) -> str:
    """A speaker's name without the number after it ("contestant 2": "contestant")."""
    return speaker.rstrip("0123456789").rstrip()


def _turns(lines: list[str]) -> tuple[str, list[tuple[str, str]]] | None:
    """The introducing line and the turns (each its speaker and its text, label and all) of an
    answer every line with words of which is a turn's or goes on with one; None when a line of
    the writer's own stands beside them (see the module)."""
    filled = [number for number, line in enumerate(lines) if line.strip()]
    if len(filled) < 2:
        return None
    intro = ""
    if _speaker(lines[filled[0]]) is None:
        if not lines[filled[0]].rstrip().endswith(":"):
            return None
        intro = lines[filled[0]].strip()
        filled = filled[1:]
    turns: list[tuple[str, str]] = []
    previous = -2
    for number in filled:
        speaker = _speaker(lines[number])
        if speaker is not None:
            turns.append((speaker, lines[number]))
        elif turns and previous == number - 1:
            turns[-1] = (turns[-1][0], turns[-1][1] + "\n" + lines[number])
        else:
            return None  # a line of the writer's own: a dialogue quoted in prose
        previous = number
    return intro, turns


def _asker(spoken: list[tuple[str, str]]) -> str | None:
    """The speaker named as one who puts the questions, or else the first turn's speaker when
    that turn asks and they speak again after another's turn; None when there is none."""
    named = {speaker for speaker, _ in spoken if _role(speaker) in _ASKERS}
    if len(named) == 1:
        return named.pop()
    if named:
        return None  # two askers: no one read as answering
    first, text = spoken[0]
    again = any(speaker == first for speaker, _ in spoken[2:])
    return first if "?" in text and again and spoken[1][0] != first else None


def _answerer(speakers: list[str], asker: str) -> str:
    """The speaker named as one who answers, when one alone is, or else the speaker of the last
    turn that is not the ``asker``'s."""
    named = {speaker for speaker in speakers if _role(speaker) in _ANSWERERS}
    if len(named) == 1:
        return named.pop()
    return next(speaker for speaker in reversed(speakers) if speaker != asker)


def _answer_sheet(lines: list[str]) -> tuple[str, str] | None:
    """An answer sheet's labels and answers (see the module), or None when some line with words
    opens with no such label."""
    labels: list[str] = []
    answers: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        label = _SHEET_LABEL.match(line)
        if label is None:
            return None
        labels.append(line[: label.end()].strip())
        answers.append(line[label.end() :].strip())
    if not labels:
        return None
    return "\n".join(labels), "\n".join(answers)

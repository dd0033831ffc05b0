"""A speech recogniser's transcript, read as what was said (DESIGN 4.1 and 4.6, v4).

A spoken answer reaches the grader as a speech-to-text system writes it: each segment opened by
a timestamp ("[00:00:01.20]", "00:01.2 --> 00:03.4") and a speaker's tag ("SPEAKER_01:",
"spk0:"), the speaker's fillers ("um", "uh"), events in brackets ("[inaudible]", "[crosstalk]",
"[laughter]"), a timestamp or a tag falling inside a phrase ("puerto [00:00:02.40] rico"), and
words the recogniser misheard. A person reads it by dropping the markup, joining what it split,
taking the speaker's last answer after a correction, and hearing the words.

**A transcript** (`is_transcript`) is an answer that holds a recogniser's markup: a timestamp
in square brackets with its fraction of a second ("[00:00:01.20]", "[01:02.5]"), a cue's
timing ("00:00:01,200 --> 00:00:03,400", "00:01.2 -->"), or a speaker's tag of the kind
recognisers number ("SPEAKER_01:", "Speaker 2:", "spk0:", "spk_1:") at a line's start or after
a timestamp. Never: a time of day, a duration or a ratio in prose ("at 10:30", "2:14:04",
"3:1"), a chapter's time without its fraction ("[12:30]"), a dialogue's named speaker ("HOST:",
"Speaker:" with no number: `grader.rules.dialogues`), a citation in brackets ("[1]").

**Its markup, set aside** (`spoken_words`), in a transcript only, kept as the answer's working
(`grader.rules.sentences.answer_sentences`; the review app shows it struck through):
- the timestamps and cue timings, the speakers' tags, a cue's number on a line of its own;
- the events in brackets, one to three words with no digit ("[inaudible]", "[crosstalk]",
  "[laughter]", "[music]"): an event where the answer should be leaves no answer there ("the
  capital is [inaudible]" names no capital);
- the fillers "um", "uh", "er", "erm", "hmm", "mm", "ah" (and "umm", "uhh": lengthened);
- a false start, a word cut off by a hyphen before a space ("pa- paris");
- a **restart**: words said again at once after a pause the markup marks (a timestamp, a tag,
  an event, a filler, a new segment), the first saying set aside ("eighteen fifteen uh
  eighteen fifteen" is "eighteen fifteen"; "the\\nthe danube" is "the danube").
Each segment stays a line; what the markup split inside a line is joined with one space
("puerto [00:00:02.40] rico" is "puerto rico"), and lines in lower case go on as one sentence
(`grader.rules.sentences.split_sentences`). A correction spoken inside a segment ("that's the
nile no wait the amazon": "no wait", "wait no") opens a line of its own with its comma, as a
text message's does, so that what follows is the speaker's answer and what came before is taken
back (`grader.rules.taken_back`).
Never set aside: "so", "like", "well", "you know" (words that say something as often as they
fill); a hyphen inside a word ("rolls-royce"); a bracket holding a digit ("[1]", a citation) or
more than three words; words said twice with no markup between them ("bora bora", "new york new
york": names); nothing at all in an answer that is no transcript ("Um, I think it was Holst.").

**A key heard** (`heard_key`) is the key too, in a transcript only (its markup in the
answer's working, `grader.rules.reading.Reading.working`): the recogniser writes what it
heard, and a right answer misheard is still the right answer when what was written sounds like
it. Some words of the answer, one after another, joined with their spaces dropped (pieces of one
word: "wimble dun", "chai koff ski", "key sh"), sound as an accepted answer does, its words
joined the same way and its articles aside ("missus sippy" for "Mississippi", "betel juice" for
"Betelgeuse", "mark ee arto" for "Macchiato"). Sounding the same is having the same sound code
(`sound_code`), Metaphone's idea written out for English as people say it:
- a vowel counts only at the start, as any vowel ("ork ney" / "Orkney"); "y" is a vowel but
  first before a vowel; "w" counts only before a vowel; "h" only as the first letter;
- a letter doubled counts once, and a consonant's sound repeated with no vowel between ("ck",
  "sc", "ss" across two words);
- an "r" after a vowel and before none is silent, as in British speech ("arto" / "-ato");
  a word's final "e" is silent, so it is no vowel after an "r" ("mure" / "Muir");
- "c" before "e", "i" or "y" is "s", "cch" and "ck" are "k", "cc" before "e", "i" or "y" is
  "ks", "c" else "k"; "ch", "sh" and "tch" are one sound, "sch" is "sk", "th" one sound; "ph" and
  "v" are "f"; "d" is "t"; "g" before "e", "i" or "y" is "j", "gh" silent but first (then "g"),
  "gn" first is "n"; "q" is "k"; "x" is "ks" ("s" first); "z" is "s";
- "č" and "ć" are "ch", "š" "sh", "ž" "zh" ("pet rovich" / "Petrovič"); other diacritics folded.
The code holds two sounds or more, each of the accepted answer's words a sound (a numeral has
none: "Harald III" is not heard in "harold"); a code of three sounds or more and an accepted
answer of five letters or more is heard anywhere in what is asserted; a shorter one ("quiche",
two sounds; "Git") only as the whole of what the speaker says, an opening "it's", "that's",
"it was" or an article aside ("a key sh").
Never:
- an answer that is no transcript ("It's wimble dun."): a written answer's misspellings are
  `grader.rules.other_names`' to read ("a person's name spelt as heard", by narrower bounds);
- two names that sound apart by the code: another consonant ("Iraq" / "Iran", "brag" /
  "Prague"), a first "h" ("Adrian" / "Hadrian"), a sound more or fewer ("Australia" /
  "Austria", "Nigeria" / "Niger", "southern africa" / "South Africa");
- a key that sounds as some of the question's own words (an answer that sounds like the
  question echoes it: "at lanta" asked "Is the capital Atlanta or Augusta?");
- a short key heard inside a longer answer ("I will get it from the docs" for "Git"), a key
  of one sound even alone ("more" for "Muir": "mare", "myra" sound as it too);
- where another rule has read the answer: a heard key is read only where no rule found the key
  said, another answer, or another person or name in its place.
Two answers of a kind that sound the same by the code ("Chile" / "chilly", "Ghana" / "Guyana"),
and a real word that sounds as a long key does ("market" / "Macchiato"), are read as the key: the
cost of this family, which a person reading the transcript shares.
"""

from __future__ import annotations

import re

from grader.rules.surface import fold_diacritics

# A recogniser's timestamp: in square brackets with a fraction of a second; a cue's timing with
# its arrow; a speaker's numbered tag at a line's start or after a timestamp.
_STAMP = r"\[\d{1,2}(?::\d{2}){1,2}[.,]\d{1,3}\]"
_TIME = r"(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?"
_CUE = rf"{_TIME}\s*-->(?:\s*{_TIME})?"
_TAG = r"(?:SPEAKER|Speaker|speaker|SPK|spk)[ _]?\d{1,2}\s*:"
_MARKED = re.compile(rf"{_STAMP}|{_CUE}|(?:^|\n|\]\s?)[ \t]*{_TAG}")
_MARKUP = re.compile(rf"{_STAMP}|{_CUE}|{_TAG}|^[ \t]*\d+[ \t]*$", re.MULTILINE)
_EVENT = re.compile(r"\[[A-Za-z]+(?:[ -][A-Za-z]+){0,2}\]")
_FILLER = re.compile(r"(?<![\w'-])(?:u+m+|u+h+|e+r+m*|h+m+|m+m+|a+h+)(?![\w'-])[,.]?", re.I)
_FALSE_START = re.compile(r"(?<![\w-])\w+-(?=\s)")
# Where markup stood (a pause); words said again after one, the first saying a restart.
_PAUSE = " \x1f "
_RESTART = re.compile(
    r"(?<![\w'])([\w']+(?: [\w']+){0,2})(?=[ \t\n\x1f]*[\n\x1f][ \t\n\x1f]*\1(?![\w']))"
    r"[ \t\n\x1f]*",
    re.IGNORECASE,
)
_SPOKEN_CORRECTION = re.compile(r"(?<=\w)[ \t]+(no wait|wait no)\b,?[ \t]*", re.I)


def is_transcript(answer: str) -> bool:
    """Whether the answer holds a speech recogniser's markup (see the module); the shortcut
    of `is_transcript_by_definition`: every timestamp, cue and tag holds a colon."""
    return ":" in answer and _MARKED.search(answer) is not None


def is_transcript_by_definition(answer: str) -> bool:
    """`is_transcript`'s definition: the markup's pattern searched in the whole answer."""
    return _MARKED.search(answer) is not None


def spoken_words(answer: str) -> tuple[str, str]:
    """A transcript's markup set aside (see the module): (the markup, one piece a line, the
    words said, one segment a line); ("", the answer) for an answer that is no transcript."""
    if not is_transcript(answer):
        return "", answer
    markup = [m.group(0).strip() for m in _MARKUP.finditer(answer)]
    text = _MARKUP.sub(_PAUSE, answer)
    markup += [m.group(0) for m in _EVENT.finditer(text)]
    text = _EVENT.sub(_PAUSE, text)
    markup += [m.group(0) for m in _FILLER.finditer(text)]
    text = _FILLER.sub(_PAUSE, text)
    markup += [m.group(0) for m in _FALSE_START.finditer(text)]
    text = _FALSE_START.sub(_PAUSE, text)
    markup += [m.group(1) for m in _RESTART.finditer(text)]
    text = _RESTART.sub("", text).replace(_PAUSE, " ")
    text = _SPOKEN_CORRECTION.sub(lambda m: f"\n{m.group(1)}, ", text)
    lines = (re.sub(r"[ \t]+", " ", line).strip(" \t") for line in text.splitlines())
    return "\n".join(filter(None, markup)), "\n".join(line for line in lines if line)


# --- the sound code -----------------------------------------------------------------------

_VOWELS = frozenset("aeiouy")
_LETTERS = str.maketrans({"č": "ch", "ć": "ch", "š": "sh", "ž": "zh", "Č": "ch", "Ć": "ch"})
_SIMPLE = {"b": "B", "d": "T", "f": "F", "v": "F", "j": "J", "k": "K", "l": "L", "m": "M"}
_SIMPLE |= {"n": "N", "q": "K", "z": "S"}


def _letters(words: list[str]) -> tuple[str, frozenset[int]]:
    """The words' letters joined, each word's doubled letters but "cc" single; and where a
    word of three letters or more ends in a silent "e" (no vowel for the "r" before it)."""
    joined, silent = "", set()
    for word in words:
        word = re.sub(r"([a-bd-z])\1+", r"\1", word)
        joined += word
        if len(word) >= 3 and word.endswith("e"):
            silent.add(len(joined) - 1)
    return joined, frozenset(silent)


def sound_code(text: str) -> str:
    """The sound code of a phrase (see the module): its words' letters joined, coded."""
    plain = fold_diacritics(text.translate(_LETTERS).lower())
    word, silent = _letters(re.findall(r"[a-z]+", plain))
    code: list[str] = []
    vowel_since = True  # (a consonant repeated across no vowel counts once: "ck", "sc")
    i = 0
    while i < len(word):
        letter, rest = word[i], word[i + 1 :]
        sound, used = "", 1
        if letter in _VOWELS and not (letter == "y" and i == 0 and rest[:1] in _VOWELS):
            if i == 0:
                sound = "A"
            vowel_since = True
        elif letter in _SIMPLE:
            sound = _SIMPLE[letter]
        elif letter == "c":
            if rest.startswith("ch"):
                sound, used = "K", 3
            elif rest.startswith("h"):
                sound, used = "X", 2
            elif rest.startswith("k"):
                sound, used = "K", 2
            elif rest.startswith("c"):
                sound, used = ("KS", 2) if rest[1:2] in ("e", "i", "y") else ("K", 2)
            else:
                sound = "S" if rest[:1] in ("e", "i", "y") else "K"
        elif letter == "g":
            if rest.startswith("h"):
                sound, used = ("K" if i == 0 else ""), 2
            elif rest.startswith("n") and i == 0:
                sound = ""
            else:
                sound = "J" if rest[:1] in ("e", "i", "y") else "K"
        elif letter == "p":
            sound, used = ("F", 2) if rest.startswith("h") else ("P", 1)
        elif letter == "s":
            if rest.startswith("ch"):
                sound, used = "SK", 3
            elif rest.startswith("h"):
                sound, used = "X", 2
            else:
                sound = "S"
        elif letter == "t":
            if rest.startswith("ch"):
                sound, used = "X", 3
            elif rest.startswith("h"):
                sound, used = "0", 2
            else:
                sound = "T"
        elif letter == "y":
            sound = "Y"  # (first, before a vowel: "yukon")
        elif letter == "x":
            sound = "S" if i == 0 else "KS"
        elif letter == "h":
            sound = "H" if i == 0 else ""
        elif letter == "w":
            sound = "W" if rest[:1] in _VOWELS else ""
        elif letter == "r":
            after_vowel = i > 0 and word[i - 1] in _VOWELS
            before_vowel = rest[:1] in _VOWELS and i + 1 not in silent
            sound = "" if after_vowel and not before_vowel else "R"
        if sound and not (code and not vowel_since and code[-1] == sound):
            code.append(sound)
            vowel_since = False
        i += used
    return "".join(code)


# --- a key heard --------------------------------------------------------------------------

_FEWEST_SOUNDS = 2  # a code shorter than this is never heard ("Muir": "more", "mare")
_SHORT_SOUNDS = 3  # a code shorter than this is heard only as the whole of what is said
_SHORT_LETTERS = 5  # nor an accepted answer of fewer letters (its words' letters)
_ARTICLES = frozenset(("the", "a", "an"))
# (the words as `_words` gives them: "it's" is "it s")
_OPENING = re.compile(r"^(?:(?:it|that) (?:is|was|s) )?(?:the |an? )?")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold_diacritics(text.translate(_LETTERS).lower()))


def _without_articles(words: list[str]) -> list[str]:
    while words and words[0] in _ARTICLES:
        words = words[1:]
    return words


def heard_key(
    accepted_answers: tuple[str, ...], spoken: str, question: str = "", working: str = ""
) -> str:
    """The accepted answer a transcript's words sound as (see the module), or "": ``spoken``
    is the answer's asserted text, ``working`` what its reading set aside, which holds a
    transcript's markup (`spoken_words`) when the answer is one; "" when it holds none."""
    said = _words(spoken) if is_transcript(working) else []
    if not said:
        return ""
    whole = _words(_OPENING.sub("", " ".join(said)))
    echoed = _codes(_words(question), 6) if question else set()
    for accepted in accepted_answers:
        key_words = _without_articles(_words(accepted))
        if not key_words or not all(sound_code(word).strip("A") for word in key_words):
            continue  # (a figure, "III": no sound to hear; `grader.rules.surface_numbers`)
        key = sound_code(" ".join(key_words))
        if len(key) < _FEWEST_SOUNDS:
            continue
        short = len(key) < _SHORT_SOUNDS or len("".join(key_words)) < _SHORT_LETTERS
        if short:
            heard = bool(whole) and sound_code(" ".join(_without_articles(whole))) == key
            if heard and key not in echoed:
                return accepted
            continue
        if key in echoed:
            continue
        if key in _codes(said, len(key_words) + 4):
            return accepted
    return ""


def _codes(words: list[str], longest: int) -> set[str]:
    """The sound codes of every run of up to ``longest`` words."""
    return {
        sound_code(" ".join(words[start:end]))
        for start in range(len(words))
        for end in range(start + 1, min(len(words), start + longest) + 1)
    }

"""An answer in another language (DESIGN 4.6, v4: "wrong if it asserts another fact of the key's
kind"; what is not such a fact goes to a reader).

A machine-translation pipeline or a multilingual model answers in another language. A person
who does not read that language does not grade such an answer wrong for missing the key's
English words: the answer may be saying the key in its own language ("Réponse : le safran."
for Saffron, "日本 (Nihon)" for Japan), and it needs a reader. One who reads it sees the same
thing under its local name. So the grader reads the answer as that first person does.

**The answer's label in another language** (`without_foreign_label`): an answer that opens
with "the answer is" in French, German, Dutch, Spanish, Italian, Portuguese or a Scandinavian
language, with its colon, is read as one that opens with the English "Answer:" (`FOREIGN_LABEL`,
a closed list as the decline list is: "Réponse :", "La réponse est :", "Antwort:", "Die Antwort
lautet:", "Antwoord:", "Het antwoord is:", "Respuesta:", "La respuesta es:", "Risposta:", "La
risposta è:", "Resposta:", "A resposta é:", "Svar:", "Svaret er:", "Svaret är:"): the label is
set aside (`grader.rules.sentences.answer_sentences` keeps it in the working, as the review app
shows set-aside parts), and what follows it is the answer, read by every other rule as the
English would be ("Vietnam, seguido de Brasil" gives Vietnam first, as "Vietnam, followed by
Brazil" does: `grader.rules.leads`). Never a label without its colon ("Antwort auf die Frage
ist ..." is a sentence), nor one inside the answer ("Die Frage lautet: ... Antwort: ..."), nor
a word that only begins like one ("Svarta havet", "Responsive: yes").

**Needs a reader: the answer is in another language** (`needs_a_reader`, K021). An answer
shown to be in another language, whose words say none of the accepted answers, goes to a
reader (unjudged), never wrong, unless it plainly names another thing the grader can read.
Shown so, by any of:
- the label above, set aside;
- a tag that says the answer was translated ("[translated from Spanish]", "[traduit de
  l'italien]", "[traducido del español]", "[übersetzt aus dem Englischen]", in brackets at
  the answer's start: `TRANSLATED`);
- a word in a script other than the key's: two letters or more of Greek, Cyrillic, Armenian,
  Hebrew, Arabic, an Indic script, Thai, Georgian, Hangul, kana or Han (`_OTHER_SCRIPT`),
  where no accepted answer is written in such a script, outside brackets (a name in Latin
  letters with its original in brackets, "Sato (佐藤)", is given in Latin letters, and read as
  any name is). A romanisation or an English gloss in
  brackets beside it ("カフェイン (kafein)", "Нерон (Nero)") is read as the answer in Latin
  letters: where it says the key, the other rules find it there.

It plainly names another thing, and stays wrong, when it names a thing by a name the grader
can read as one (`_names_another`): a word written with a capital that is no word of the
question nor an article, where a language writes names so (never under a German label, where
every noun has a capital: "Antwort: Bergamotte"; never the first word of a sentence, save the
answer right after its label, where the writer chose its case: "Réponse : Yémen" names,
"Réponse : guêpe" does not; never a romanisation in brackets after a word in another script,
which is that word; an elided article or preposition before it aside, "d'Odoacre",
"l'Italie"), or a figure where an accepted answer holds one, in digits or in words the grader
reads ("Réponse : six pattes" for 8; "huit" it does not read). And a word of the answer that
looks like a word of an accepted answer the answer does not say itself, a form of the same name
in another language (`_resembles`: the same first letter and, after diacritics are folded, at
least half their pairs of letters the same: "Chili" / "Chile", "Indien" / "India", "Nederland" /
"Netherlands", "Auguste" / "Augustus", "Mjølner" / "Mjölnir"), sends it to the reader even
where it also names ("Antwoord: Nederland (Kaatsheuvel)"). The cost, known: a name of another
thing that looks like the key's ("Respuesta: Austria" for Australia) goes to a reader too, never
to correct.

Never:
- an English answer that quotes a phrase in another language ("The motto is 'Liberté,
  égalité, fraternité'"): nothing shows the answer in another language (no label, no tag,
  only Latin letters), and its missing key stays wrong;
- a key in another language answered in English ("Le Petit Prince" answered "The Little
  Prince"): the same, the other rules read it (K002 where words are shared);
- a proper name that merely looks foreign ("Réunion", "Bergen", "São Paulo"): diacritics and
  spelling show no language;
- an answer in another language that says the key ("Die Antwort lautet: Wien." for Vienna /
  Wien, "Respuesta: Brasil." for Brazil / Brasil): matched before this rule is read;
- one that another rule finds wrong first: another person, another name of the key's kind,
  another answer given first ("Respuesta: Vietnam, seguido de Brasil"), a wrong figure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grader.rules.normalize import normalize
from grader.rules.surface import fold_diacritics, surface

# The answer's label, "the answer is", in the major European languages, with its colon.
FOREIGN_LABEL = re.compile(
    r"\s*(?:"
    r"(?:la\s+(?:bonne\s+)?)?r[ée]ponse(?:\s+est)?"  # French
    r"|(?:die\s+)?antwort(?:\s+(?:lautet|ist))?"  # German
    r"|(?:het\s+)?antwoord(?:\s+is)?"  # Dutch
    r"|(?:la\s+)?respuesta(?:\s+es)?"  # Spanish
    r"|(?:la\s+)?risposta(?:\s+[èe])?"  # Italian
    r"|(?:a\s+)?resposta(?:\s+[ée])?"  # Portuguese
    r"|svar(?:et\s+(?:er|är))?"  # Danish, Norwegian, Swedish
    r")\s*:\s*",
    re.IGNORECASE,
)
# The German labels: under them every noun has a capital, so a capital names nothing.
_GERMAN = re.compile(r"\s*(?:die\s+)?antwort\b", re.IGNORECASE)
# A tag at the answer's start that says it was translated.
TRANSLATED = re.compile(
    r"\s*\[\s*(?:translated|traduit|traduite|traducido|traducida|tradotto|tradotta|traduzido"
    r"|traduzida|übersetzt|vertaald|oversat|översatt|oversatt)\b[^\]\n]*\]",
    re.IGNORECASE,
)
# A word in a script other than Latin: Greek, Cyrillic, Armenian, Hebrew, Arabic, the Indic
# scripts, Thai, Georgian, Hangul, kana and Han.
_SCRIPT = (
    "\u0370-\u03ff\u0400-\u052f\u0530-\u058f\u0590-\u05ff\u0600-\u06ff\u0900-\u0dff"
    "\u0e00-\u0e7f\u10a0-\u10ff\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af"
)
_OTHER_SCRIPT = re.compile(f"[{_SCRIPT}]{{2,}}")
_ANY_OTHER_SCRIPT = re.compile(f"[{_SCRIPT}]")
# What brackets hold: a word in another script there, after a name in Latin letters, is the
# name's original ("Sato (佐藤)"): the answer is given in Latin letters.
_BRACKETED = re.compile(r"\([^()]*\)")
# A romanisation or a gloss in brackets right after a word in another script.
_GLOSSED = re.compile(f"[{_SCRIPT}]+\\s*\\([^()]*\\)")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
# The articles of those languages: the answer's first word, capitalised, names nothing
# ("Réponse : Le safran").
_ARTICLES = frozenset(
    "le la les l un une der die das den dem des ein eine el los las il lo gli i uno una o a os "
    "as um uma de het een en ett et det".split()
)
# The articles and prepositions of those languages that are no English words, read as English
# function words are where a phrase that describes is told from a name (after a first word in
# lower case: "chef des Arvernes" is "chief of the Arverni"; `grader.rules.list_answers`).
FUNCTION_WORDS_ABROAD = frozenset(
    "le la les du des de del della dei degli delle di da von vom zum zur der dem het van "
    "aux".split()
)
# An elided article or preposition glued to the word after it: the word's capital is its own
# ("d'Odoacre", "l'Italie", "dell'Umbria").
_ELIDED = re.compile(r"^(?:[dlnsj]|qu|dell|nell|dall|sull|all)['’](?=\w)", re.IGNORECASE)
_RESEMBLES = 0.5  # of two words' pairs of letters, the share both hold
_SHORTEST = 4  # letters of a word that can resemble another


def without_foreign_label(answer: str) -> tuple[str, str]:
    """The answer's opening label in another language ("Réponse :") and the answer after it;
    ("", answer) when it opens with none (see the module). Its pattern is tried only where a
    colon is written: every label ends with one, and most answers hold none."""
    if ":" not in answer:
        return "", answer
    return without_foreign_label_by_definition(answer)


def without_foreign_label_by_definition(answer: str) -> tuple[str, str]:
    """`without_foreign_label` without its shortcut: the label's pattern on every answer."""
    label = FOREIGN_LABEL.match(answer)
    if label is None:
        return "", answer
    return label.group(0).strip(), answer[label.end() :]


def needs_a_reader(
    accepted: Sequence[str], question: str, sentences: Sequence[str], working: str
) -> bool:
    """Whether an answer that says none of the accepted answers is shown to be in another
    language and may say the key in it (K021, see the module): ``sentences`` are its asserted
    sentences, ``working`` what was set aside (where its label is). Read only where one of the
    three signs can be: a label in the working ends with a colon, a tag opens with a bracket, a
    word in another script is no ASCII; elsewhere the answer is shown in no other language."""
    if ":" not in working and all("[" not in s and s.isascii() for s in sentences):
        return False
    return needs_a_reader_by_definition(accepted, question, sentences, working)


def needs_a_reader_by_definition(
    accepted: Sequence[str], question: str, sentences: Sequence[str], working: str
) -> bool:
    """`needs_a_reader` without its shortcut: every answer read for the three signs."""
    labels = [line for line in working.splitlines() if FOREIGN_LABEL.fullmatch(line)]
    text = "\n".join(sentences)
    tagged = TRANSLATED.match(text)
    if tagged is not None:
        text = text[tagged.end() :]
    scripted = _OTHER_SCRIPT.search(_BRACKETED.sub(" ", text)) is not None and not any(
        _ANY_OTHER_SCRIPT.search(answer) for answer in accepted
    )
    if not (labels or tagged or scripted):
        return False
    asked = {word.lower() for word in _WORD.findall(question)}
    words = [_ELIDED.sub("", word) for word in _WORD.findall(text)]
    said = {word.lower() for word in words}
    if any(_resembles(word, accepted, said) for word in words if word.lower() not in asked):
        return True  # a form of the key's word in another language, perhaps
    german = any(_GERMAN.match(label) for label in labels)
    return not _names_another(accepted, text, asked, bool(labels), german)


def _names_another(
    accepted: Sequence[str], text: str, asked: set[str], labelled: bool, german: bool
) -> bool:
    """Whether the answer plainly names another thing: a figure where an accepted answer holds
    one, or (not under a German label) a word written as a name (see the module)."""
    if _has_figure(text) and any(_has_figure(answer) for answer in accepted):
        return True
    if german:
        return False
    bare = _GLOSSED.sub(" ", text)  # a romanisation beside its word is that word
    end = 0  # where the word before ends
    for number, found in enumerate(_WORD.finditer(bare)):
        opens = number == 0 or _SENTENCE_END.search(bare, end, found.start()) is not None
        end = found.end()
        word = _ELIDED.sub("", found.group(0))
        if not word[0].isupper() or word.lower() in asked or word.lower() in _ARTICLES:
            continue
        if not opens or (labelled and number == 0):
            return True  # a capital inside a sentence, or the answer right after its label
    return False


def _has_figure(text: str) -> bool:
    """Whether ``text`` holds a figure, in digits or in English words ("six" is 6)."""
    return any(ch.isdigit() for ch in surface(normalize(text)))


def _resembles(word: str, accepted: Sequence[str], said: set[str]) -> bool:
    """Whether ``word`` looks like a word of an accepted answer that the answer does not say
    itself (``said``: its words in lower case): both of `_SHORTEST` letters or more, after
    diacritics are folded the same first letter, and at least `_RESEMBLES` of their pairs of
    letters shared (Dice's share: "chili" and "chile" hold "ch", "hi", "il" of four each)."""
    if len(word) < _SHORTEST:
        return False
    pairs = _pairs(word)
    for answer in accepted:
        for key_word in _WORD.findall(answer):
            if len(key_word) < _SHORTEST or key_word.lower() in said:
                continue
            others = _pairs(key_word)
            if others[0][0] != pairs[0][0]:
                continue
            shared = sum(min(pairs.count(p), others.count(p)) for p in set(pairs))
            if 2 * shared >= _RESEMBLES * (len(pairs) + len(others)):
                return True
    return False


def _pairs(word: str) -> list[str]:
    folded = fold_diacritics(word.lower())
    return [folded[i : i + 2] for i in range(len(folded) - 1)]

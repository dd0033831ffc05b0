"""Another name in the key's place (DESIGN 4.6, v4: "wrong if it asserts another fact of the
key's kind ... another name in the key's place").

An answer that is a name as long as an accepted answer (two to four words, articles aside), with
some of the accepted answer's words in their places and another word of its own in the place of
one of the others, names something else of the key's kind: "Mount Kenya" for "Mount
Kilimanjaro", "the Angora rabbit" for "Angora goat", "International Monetary Foundation" for
"International Monetary Fund", "Lake Tanganyika" for "Lake Victoria", "1 h 35 min" for "1 h 45
min" (a number replaced, its unit kept, is another figure). Such an answer shares the key's
words, so without this rule it would go to a reader as the key perhaps said in other words
(K002); it is wrong (K005).

Never:
- a word that is a form of the key's word: an abbreviation of it (its first letter and then its
  letters in order: "Mt Kilimanjaro", "St Petersburg", "Intl"), another spelling of it (most of
  its letters in order: "Alexei Pajitnov" for "Alexey Pazhitnov", `_SIMILAR`);
- only the first word replaced, unless it is a number: another given name may be the same person
  ("Leo Tolstoy" for "Lev Tolstoy", "Bill Clinton" for "William Clinton"), and a reader decides;
- a number replaced beside a word replaced: a figure in another unit may be the key converted
  ("32 ft/s2" for "9.8 m/s2"), which a reader decides;
- an answer of another length ("Kilimanjaro", "Alpha Centauri A", "United States Citizenship and
  Immigration Services" for "U.S. Citizenship and Immigration Services"): shorter or longer
  names are the other rules' to read;
- an answer that says the key in other words against another of the accepted answers (an alias
  whose words it holds in their places or in their forms).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from grader.rules.surface_forms import ARTICLES, forms

_WORD = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*")
_DIGITS = re.compile(r"\d")
_SIMILAR = 0.75  # of the letters of two spellings of one word, the share in order
MOST_WORDS = 4


def _name_words(text: str) -> list[str]:
    words = _WORD.findall(text)
    return words[1:] if words and words[0] in ARTICLES else words


def is_form_of(word: str, key_word: str) -> bool:
    """Whether ``word`` (the answer's) is ``key_word`` (the key's) written another way: the same,
    its abbreviation (first letter, then some of its letters in order: "mt" for "mount"), or
    another spelling (`_SIMILAR`). Numbers are forms of each other only when equal."""
    if word == key_word:
        return True
    if _DIGITS.search(word) or _DIGITS.search(key_word):
        return False
    if len(word) < len(key_word) and word[0] == key_word[0] and _in_order(word, key_word):
        return True
    return SequenceMatcher(None, word, key_word).ratio() >= _SIMILAR


def _in_order(letters: str, word: str) -> bool:
    rest = iter(word)
    return all(letter in rest for letter in letters)


def placed(accepted: str, answer_surface: str) -> str | None:
    """How the answer (its canonical asserted text) stands to one accepted answer, word by word
    in their places: "other" when it is another name in the key's place (see the module),
    "forms" when every word is the key's or a form of it, None otherwise."""
    answer: list[str] | None = None  # (read once, for the first form of two to four words)
    for form in forms(accepted):
        key = _name_words(form.text)
        if not 2 <= len(key) <= MOST_WORDS:
            continue
        if answer is None:
            answer = _name_words(answer_surface)
        if len(answer) != len(key):
            continue
        replaced = [
            i for i, (a, k) in enumerate(zip(answer, key, strict=True)) if not is_form_of(a, k)
        ]
        if not replaced:
            return "forms"
        numbers = [i for i in replaced if _DIGITS.search(answer[i] + key[i])]
        if numbers and numbers != replaced:
            continue  # a figure in another unit: converted, perhaps ("32 ft/s2" for "9.8 m/s2")
        kept = len(key) - len(replaced)
        if kept and (replaced != [0] or numbers):
            return "other"
    return None


def named_instead(accepted_answers: tuple[str, ...], answer_surface: str) -> bool:
    """Whether the answer is another name in the place of one of the accepted answers and says
    none of them in other words (word by word, `placed`)."""
    found = [placed(accepted, answer_surface) for accepted in accepted_answers]
    return "other" in found and "forms" not in found

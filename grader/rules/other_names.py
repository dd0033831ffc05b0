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
  ("Leo Tolstoy" for "Lev Tolstoy"), and a reader decides (a form of the key's given name is the
  key: "Bill Clinton" for "William Clinton", `grader.rules.given_names`);
- a number replaced beside a word replaced: a figure in another unit may be the key converted
  ("32 ft/s2" for "9.8 m/s2"), which a reader decides;
- an answer of another length ("Kilimanjaro", "Alpha Centauri A", "United States Citizenship and
  Immigration Services" for "U.S. Citizenship and Immigration Services"): shorter or longer
  names are the other rules' to read;
- an answer that says the key in other words against another of the accepted answers (an alias
  whose words it holds in their places or in their forms).

**A name spelt one letter apart** (`spelt_apart`) is the key, not a reader's question: the words
of an accepted answer of up to four words, in their order in the answer, each the key's word or
one letter apart from it in one of the ways transliteration and habit spell names: a vowel more or
fewer inside a word ("Trueman" / "Truman", "Dmitri" / "Dimitri", "Micky" / "Mickey"), a letter
doubled or single ("Chanukkah" / "Chanukah", "Phillip" / "Philip", "Notts" / "Nots"), an "h" at
the end or after a vowel ("Hashanah" / "Hashana"), a final "y" for "i" ("Alexey" / "Alexei").
The shorter word keeps at least four letters (five for a vowel), and its first letter.
Never: another first letter ("Zambia" / "Gambia", "Hanks" / "Banks"); another ending ("Niger" /
"Nigeria", "Louis" / "Louise", "Austria" / "Austrian"); another consonant ("Iran" / "Iraq",
"Benton" / "Brenton"); an "h" after a consonant ("Wales" / "Whales"); two letters apart
("Slovenia" / "Slovakia", "Austria" / "Australia"); a short word ("Jon" / "John", "Carl" /
"Carol"); a prefix ("salicylic acid" / "acetylsalicylic acid"); a mention rejected ("not
Truman") or among alternatives left open ("Truman or Statham, I think").

**A key misspelt by a small model** (`spelt_apart`, `spelt_otherwise`) is the key too: a word of
seven letters or more with one of the slips a person reads through, or a name's particle written
as another:
- a vowel written for another, neither in the word's first three letters nor in its last three
  ("Guatamala" / "Guatemala", "paracetemol" / "paracetamol", "Djokavic" / "Djokovic",
  "merangue" / "meringue");
- two neighbouring consonants swapped, or an "e" and the vowel beside it ("Wendesday" /
  "Wednesday", "chipolte" / "chipotle", "Einstien" / "Einstein", "Micheal" / "Michael");
- in a word of eight letters or more, a consonant dropped from two between vowels ("tumeric" /
  "turmeric", "Cambrige" / "Cambridge", "Conneticut" / "Connecticut", "Febuary" / "February");
- a particle inside a name (neither its first word nor its last) written as another of its
  language's that says "of": "da", "de", "del", "della", "di", "du"; "van", "von" ("Leonardo de
  Vinci" / "Leonardo da Vinci", "Ludwig von Beethoven" / "Ludwig van Beethoven").
Never:
- a vowel in a word's last three letters, where endings tell words apart ("Marian" / "Marion",
  "capitol" / "capital", "sulfite" / "sulfate", "stationary" / "stationery"), or in its first
  three ("macroscopic" / "microscopic", "Granada" / "Grenada", "Hertford" / "Hartford");
- "a" for "e" before an "n" or an "r": the vowels of suffixes that tell words apart (-ant / -ent,
  -ance / -ence, -ary / -ery, -ar / -er), which a plural carries past the last three letters
  ("dependants" / "dependents"), and of chemistry's names ("ethenol" / "ethanol", "alkanes" /
  "alkenes"); "Katharine" / "Katherine" is refused too (in a person's name whose other words
  are exact it is read as heard, below);
- a vowel swapped with a consonant, which moves a syllable ("marital" / "martial", "perfect" /
  "prefect", "causal" / "casual"), two vowels without an "e" ("compliant" / "complaint",
  "dairies" / "diaries"), two letters swapped across a third ("chitople"), two slips in a word;
- another consonant ("Stanford" / "Stamford"), or a consonant for a vowel ("francaise" /
  "franchise"); a consonant dropped from a run of three ("Foster" / "Forster", "prostate" /
  "prostrate", "Barley" / "Barkley", "Thomson" / "Thompson") or at a word's edge ("Sanford" /
  "Stanford", "Benton" / "Brenton", "Frederic" / "Frederick");
- a shorter word ("Salam" / "Salem", "Staley" / "Stanley", "Cater" / "Carter", "Weiner" /
  "Wiener", "trail" / "trial");
- a particle that opens or ends a name, where it may be the name itself ("Da Fu" / "Du Fu",
  "Zhu Da" / "Zhu De"), or a particle of another language ("Willem van Kooning" / "Willem de
  Kooning") or no "of" ("Leonardo la Vinci");
- a number, which has no letters to misspell ("1954" / "1945", "Boeing 774" / "Boeing 747").
Two words of a kind one such slip apart that these bounds let through are read as one
("peroneal" / "perineal", "Columbia" / "Colombia"): a reader who knows both tells them apart,
the cost of this family.

**A person's name spelt as heard** (`heard_apart`) is the key too: people who write a name they
have heard, not read (a text message, a note), spell its sounds. A person's name is an accepted
answer shaped as one (`grader.rules.surface_forms.person`: "Margaret Thatcher"), the one word
that ends such an answer (its surname: "Thatcher"), or any accepted answer when the question
asks for a person (`grader.rules.surnames.asks_for_person`). The answer says all its words in
their order, the key's own but one, and that one keeps the key word's first letter and six
letters or more, with:
- the same letters as heard: each doubled letter single, a silent "t" before "ch" or "c" before
  "k" left out ("Thacher" / "Thatcher", "Bismark" / "Bismarck", "Schliemman" / "Schliemann":
  two doublings, which the second family reads one at a time);
- or, in a name of two words or more whose other words are exact, one vowel for another after
  the first letter and before the last ("Ginsberg" / "Ginsburg", "Katharine Parr", "Rosalind
  Franklen"), or a final "y" for an "e" or an "i" ("Bronty" / "Bronte"): slips this module
  refuses in ordinary words, where endings and suffixes tell words apart, and a surname's do
  not; the exact words vouch for the person.
Never:
- another person of a similar name: two words apart ("Jane Addams" / "John Adams"), another
  consonant ("Bill Clifton" / "Bill Clinton"), another given name ("Mary Boleyn" / "Anne
  Boleyn"), another letter for a sound ("Paul Neumann" / "Paul Newman": a "u" for a "w" and a
  letter doubled is another name), another first letter ("Katherine Deneuve" / "Catherine
  Deneuve");
- a given name's ending ("Simona" / "Simone", "Louise" / "Louis"): it tells names apart;
- a word of five letters or fewer ("Jon" / "John", "Plank" / "Planck"), two slips of a vowel
  in a word ("Frenklen"), a heard consonant added, dropped or replaced ("Rutherfort" /
  "Rutherford");
- a surname alone or a one-word key with a vowel slip ("Nielson" / "Nielsen", "Peterson" /
  "Petersen": other persons, no exact word to vouch for the person);
- a place or a thing, unless the question asks for a person ("Australia" / "Austria",
  "Nigeria" / "Niger", "sodium sulfite" / "sodium sulfate", "Provance" / "Provence"), a given
  name alone, a mention rejected or among alternatives left open.
Two given names one vowel apart that these bounds let through are read as one ("Frances" /
"Francis", "Marian" / "Marion"): with the surname exact, most often the same person misspelt;
a reader who knows of two such persons tells them apart, the cost of this family.

**A word as a scanner misreads it** (`scanned_apart`) is the key too: text copied from a scan
holds letters a scanner read for others, and a careful reader reads them back. The answer's
word is the key's word once each of these, where the answer has it and the key's word has the
other in its place, is read back: "rn" for "m" ("Sernmelweis" / "Semmelweis", "Thornas" /
"Thomas"), "cl" for "d" ("Eclison" / "Edison"), "li" for "h" ("Nietzsclie" / "Nietzsche"),
"i" for "l" (a capital "I" for an "l": "CIostridium" / "Clostridium"), and, in a word of three
letters or more, "vv" for "w" ("sovv" / "sow") and a digit for the letter it looks like, "0"
for "o" and "1" for "l" ("Apo11o" / "Apollo", "B0leyn" / "Boleyn"). The word keeps its first
letter, and the key's word has six letters or more unless only "vv" or digits were read back:
English spells no word with them. Never:
- the other way: the key's own "rn", "cl", "li" or "vv" is no misreading of "m", "d", "h" or
  "w" ("Keamey" is not "Kearney", "Bem" not "Bern", "Mame" not "Marne");
- a first letter read back ("clam" / "dam", "Liam" / "ham", "iamb" / "lamb", "1ister"), a
  word of fewer than six letters read back from letters ("stern" / "stem", "modern" / "modem",
  "cornet" / "comet", "fiat" / "flat", "corn" / "com"): words of their own, too short for the
  misreading to show;
- any other confusion ("m" for "nn", "e" for "c": another spelling, the other families'), a
  word misread and misspelt at once.
Two words whose letters these bounds read as one ("cornets" / "comets", "Corning" / "coming")
are read as one, the cost of this family. A figure as a scan gives it is
`grader.rules.surface_numbers.scanned_figures`' ("I928" is 1928); a ligature ("ﬁ", "œ":
"Phœbe") is folded with the diacritics (`grader.rules.surface.fold_diacritics`).

Why one file: every family here reads an answer's words beside an accepted answer's in their
places (`_name_words` over `forms`), and the four spelling families are one pass over the
answer's windows (`spelt_otherwise`), each a test of a word pair; split, they would each
repeat that pass and its guards (a mention rejected, alternatives left open).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from grader.rules.candidates import uncommitted
from grader.rules.surface import FUNCTION_WORDS, fold_diacritics
from grader.rules.surface_forms import ARTICLES, forms, person
from grader.rules.surface_match import rejected

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


_VOWELS = frozenset("aeiou")
_MISSPELT = 7  # letters of the shortest word a misspelling of a small model's is read in
_EDGE = 3  # letters at each end of such a word where its vowels tell words apart
# A particle of a name written as another of its language's ("da" / "de", "van" / "von"):
# the project's particles (`grader.rules.surface_forms.NAME_PARTICLES`) that say "of".
_SAME_PARTICLES = (frozenset("da de del della di du".split()), frozenset("van von".split()))


def spelt_apart(word: str, key_word: str) -> bool:
    """Whether ``word`` and ``key_word`` (canonical, lower case) are one letter apart in one of
    the ways names are spelt or a small model misspells them (the module's second and third
    families)."""
    if word == key_word or word[:1] != key_word[:1] or not (word.isalpha() and key_word.isalpha()):
        return False
    if len(word) == len(key_word):
        return _one_letter_for_another(word, key_word)
    short, long = sorted((word, key_word), key=len)
    if len(long) != len(short) + 1 or len(short) < 4:
        return False
    at = next((i for i, (a, b) in enumerate(zip(short, long, strict=False)) if a != b), len(short))
    if long[at + 1 :] != short[at:]:
        return False
    letter = long[at]
    if letter in _VOWELS:  # inside the word, never its ending
        return len(short) >= 5 and 0 < at < len(long) - 1
    if letter == "h" and (at == len(long) - 1 or long[at - 1] in _VOWELS):
        return True  # at the end or after a vowel
    if long[at - 1] == letter or long[at + 1 : at + 2] == letter:
        return True  # doubled
    return _from_two_consonants(long, at)


def _one_letter_for_another(word: str, key_word: str) -> bool:
    """Of two words of one length (their first letters one): a final "y" for "i" ("alexey" /
    "alexei"); or, in a word of `_MISSPELT` letters or more, a vowel for another away from its
    ends, or two neighbouring consonants (or an "e" and the vowel beside it) swapped (see the
    module)."""
    apart = [i for i in range(len(word)) if word[i] != key_word[i]]
    at = apart[0]
    if apart == [len(word) - 1]:
        return len(word) >= 5 and {word[-1], key_word[-1]} == {"y", "i"}
    if len(word) < _MISSPELT:
        return False
    pair = {word[at], key_word[at]}
    vowels = len(pair & _VOWELS)
    if len(apart) == 1:
        return (
            vowels == 2
            and _EDGE <= at < len(word) - _EDGE
            and not (pair == {"a", "e"} and word[at + 1] in "nr")  # "dependants", "ethanol"
        )
    if apart != [at, at + 1] or (word[at], word[at + 1]) != (key_word[at + 1], key_word[at]):
        return False
    return vowels == 0 or (vowels == 2 and "e" in pair)


def _from_two_consonants(long: str, at: int) -> bool:
    """Whether the letter at ``at`` of ``long`` (a word of more than `_MISSPELT` letters) is one
    of two consonants between vowels: "turmeric" read in "tumeric", "Cambridge" in "Cambrige"."""
    if len(long) <= _MISSPELT:
        return False
    shape = "".join("c" if _consonant(letter) else "v" for letter in long)
    return "vccv" in (shape[at - 2 : at + 2], shape[at - 1 : at + 3])


def _consonant(letter: str) -> bool:
    return letter.isalpha() and letter not in _VOWELS


def _particles(word: str, key_word: str) -> bool:
    """Whether the two are particles of one language that say "of" ("da" / "de", "van" / "von")."""
    return any(word in same and key_word in same for same in _SAME_PARTICLES)


_HEARD = 6  # letters of the shortest word of a person's name read as spelt as heard
# Letters written and not heard: a "t" before "ch" ("Thacher" / "Thatcher"), a "c" before "k"
# ("Dickson" / "Dikson").
_SILENT = (("tch", "ch"), ("ck", "k"))
_DOUBLED = re.compile(r"(\w)\1+")


def _as_heard(word: str) -> str:
    """The word's letters as they are heard: its silent letters (`_SILENT`) left out, each doubled
    letter single."""
    for written, said in _SILENT:
        word = word.replace(written, said)
    return _DOUBLED.sub(r"\1", word)


def heard_apart(word: str, key_word: str, among_exact: bool) -> bool:
    """Whether ``word`` (the answer's) is ``key_word``, a word of a person's name (both canonical,
    lower case), spelt as heard (the module's fourth family): the same first letter, six letters
    or more, and the same letters as heard (`_as_heard`); or, when ``among_exact`` (the name's
    other words are the key's, exactly), one vowel for another after the first letter and before
    the last, or a final "y" for an "e" or an "i"."""
    if word == key_word or word[:1] != key_word[:1] or not (word.isalpha() and key_word.isalpha()):
        return False
    if min(len(word), len(key_word)) < _HEARD:
        return False
    heard, key_heard = _as_heard(word), _as_heard(key_word)
    if heard == key_heard:
        return True
    if not among_exact or len(heard) != len(key_heard):
        return False
    apart = [i for i in range(len(heard)) if heard[i] != key_heard[i]]
    if len(apart) != 1:
        return False
    pair = {heard[apart[0]], key_heard[apart[0]]}
    if apart[0] == len(heard) - 1:
        return pair in ({"y", "e"}, {"y", "i"})  # "Bronty" / "Bronte"; never "Julia" / "Julie"
    return pair <= _VOWELS


def _names_a_person(accepted: str, accepted_answers: tuple[str, ...], person_asked: bool) -> bool:
    """Whether an accepted answer is a person's name: the question asks for a person, the
    answer is shaped as one (`grader.rules.surface_forms.person`), or it is one word that ends
    another accepted answer so shaped (its surname: "Thatcher" of "Margaret Thatcher")."""
    if person_asked or person(accepted):
        return True
    word = fold_diacritics(accepted).strip().lower()
    return " " not in word and any(
        (name := person(other)) and name.lower().split()[-1] == word for other in accepted_answers
    )


def _spelt_as_heard(pairs: list[tuple[str, str]]) -> bool:
    """Whether the words of a person's name (the answer's beside the key's) are the key's but
    one, that one spelt as heard (`heard_apart`)."""
    apart = [(a, k) for a, k in pairs if a != k]
    return len(apart) == 1 and heard_apart(*apart[0], among_exact=len(pairs) > 1)


# What a scanner reads for a letter (the answer's characters, then the key's): letters that
# English spells words with, and letters it never spells a word with (`_NO_WORD_SPELT`).
_MISREAD_LETTERS = (("rn", "m"), ("cl", "d"), ("li", "h"), ("i", "l"))
_NO_WORD_SPELT = (("vv", "w"), ("0", "o"), ("1", "l"))
_SCANNED = 6  # letters of the shortest key word read back from letters that spell words
_SCANNED_SHORT = 3  # ... and from "vv" or a digit


def scanned_apart(word: str, key_word: str) -> bool:
    """Whether ``word`` (the answer's) is ``key_word`` (both canonical, lower case) as a scanner
    misreads it (the module's fifth family): the same first letter, and the same word once each
    misreading of `_MISREAD_LETTERS` and `_NO_WORD_SPELT` the answer holds in the place of the
    key's letter is read back; a key word of `_SCANNED` letters or more, or of `_SCANNED_SHORT`
    when only "vv" or digits are read back."""
    if word == key_word or word[:1] != key_word[:1] or len(key_word) < _SCANNED_SHORT:
        return False
    if _reads_as(word, key_word, _NO_WORD_SPELT):
        return True
    return len(key_word) >= _SCANNED and _reads_as(
        word, key_word, _NO_WORD_SPELT + _MISREAD_LETTERS
    )


def _reads_as(word: str, key_word: str, misreadings: tuple[tuple[str, str], ...]) -> bool:
    """Whether ``word`` reads as ``key_word`` letter by letter, each of ``misreadings`` (the
    answer's characters, the key's) read back where the key has its letter. (No misreading
    opens with the letter it stands for, so at each place one reading at most applies.)"""
    at = read = 0
    while at < len(word) and read < len(key_word):
        if word[at] == key_word[read]:
            at, read = at + 1, read + 1
            continue
        for printed, meant in misreadings:
            if word.startswith(printed, at) and key_word.startswith(meant, read):
                at, read = at + len(printed), read + len(meant)
                break
        else:
            return False
    return at == len(word) and read == len(key_word)


def spelt_otherwise(
    accepted_answers: tuple[str, ...], answer_surface: str, person_asked: bool = False
) -> bool:
    """Whether the answer (its canonical asserted text) says one of the accepted answers with a
    word or more spelt one letter apart (`spelt_apart`) or a particle inside it written as another
    (`_particles`) or misread by a scanner (`scanned_apart`), or a person's name with a word
    spelt as heard (`_spelt_as_heard`; a person's name is `_names_a_person`'s, ``person_asked``
    when the question asks for a person), its words in their order, in a mention not rejected
    ("not truman")."""
    words = _WORD.findall(answer_surface)
    found: list[re.Match[str]] = []  # (the words' places: read only for a window that matches)
    starts = {word[:1] for word in words}
    for accepted in accepted_answers:
        for form in forms(accepted):
            key = _name_words(form.text)
            if not 1 <= len(key) <= MOST_WORDS or not all(word[:1] in starts for word in key):
                continue
            for at in range(len(words) - len(key) + 1):
                if words[at][:1] != key[0][:1]:
                    continue  # (a word spelt apart keeps its first letter: no pair to build)
                pairs = list(zip(words[at : at + len(key)], key, strict=True))
                if (
                    all(
                        a == k
                        or spelt_apart(a, k)
                        or (0 < i < len(key) - 1 and _particles(a, k))
                        or scanned_apart(a, k)
                        for i, (a, k) in enumerate(pairs)
                    )
                    or (
                        _spelt_as_heard(pairs)
                        and _names_a_person(accepted, accepted_answers, person_asked)
                    )
                ) and any(a != k for a, k in pairs):
                    found = found or list(_WORD.finditer(answer_surface))
                    start, end = found[at].start(), found[at + len(key) - 1].end()
                    if not rejected(answer_surface, start) and not uncommitted(
                        answer_surface, start, end
                    ):
                        return True
    return False


# The heads of names of a kind: a name that ends in one names a thing of that kind, not a person
# ("Kyoto Protocol", "Ryder Cup", "Menlo Park"), so another name before the same head is another
# thing of the kind ("Montreal Protocol", "Davis Cup").
_HEADS = frozenset(
    "protocol treaty accord convention agreement pact cup trophy prize award medal park bay lake "
    "river sea ocean strait canal channel gulf island islands mountains mount peak glacier desert "
    "forest valley canyon falls bridge tower castle palace cathedral abbey church temple mosque "
    "museum gallery university college school hospital party club league union association "
    "society company corporation bank airport station street road avenue square stadium arena "
    "theatre theater war battle revolution act amendment theorem syndrome disease virus galaxy "
    "comet nebula constellation province county kingdom republic empire dynasty festival games "
    "championship tournament prix stakes derby force army navy division".split()
)
_CAPITALISED_RUN = re.compile(r"((?:[A-Z][\w'’.-]*\s+){1,3})$")
# Before a capitalised run, the small words of a longer name it continues ("Breakthrough of the
# Year Prize", "of the" run together too: "ofthe"): the run is not the whole name.
_NAME_GOES_ON = re.compile(r"(?<!\w)(?:of|and|for|de|du|des|del|di|von|van)(?:\s*the)?\s+$")


def named_kind_instead(
    accepted_answers: tuple[str, ...], answer_text: str, question: str = ""
) -> bool:
    """Whether the answer (its asserted text as written) names, in a sentence, another thing
    of the kind of a name-shaped accepted answer: another capitalised name before the same head
    ("the Davis Cup" for "Ryder Cup", "the Montreal Protocol" for "Kyoto Protocol"), one the
    question does not name and the answer does not reject. Never: a form of the key's own words
    ("Fuji Mt Park" ...), a head that names no kind (a person's surname: "Jimmy Webb" for "James
    Webb" is left to a reader), a key in lower case or with a small word ("Our galaxy"), a run
    of capitals that a longer name goes on from ("Breakthrough of the Year Prize") or in the
    possessive ("Earth's galaxy")."""
    lowered = answer_text.lower()
    asked = question.lower()
    for accepted in accepted_answers:
        words = accepted.strip(" \"'.").split()
        if words and words[0].lower() in ARTICLES:
            words = words[1:]
        if len(words) < 2 or not all(word[:1].isupper() for word in words):
            continue
        head = words[-1].lower()
        if head.rstrip("s") not in _HEADS and head not in _HEADS:
            continue
        own = [word.lower().strip(".,") for word in words[:-1]]
        if any(word in FUNCTION_WORDS for word in own):
            continue  # no name: "Our galaxy"
        pattern = re.compile(rf"(?<![\w-]){re.escape(head)}s?(?!\w)")
        for found in pattern.finditer(lowered):
            run = _CAPITALISED_RUN.search(answer_text[: found.start()])
            if run is None:
                continue
            if _NAME_GOES_ON.search(answer_text[: run.start()]) or "'" in run.group(1).replace(
                "’", "'"
            ):
                continue  # a longer name ("... of the Year Prize"), a possessive ("Earth's")
            names = [word.strip(".,").lower() for word in run.group(1).split()]
            names = [name for name in names if name not in ARTICLES]
            if not names or any(is_form_of(name, key) for name in names for key in own):
                continue
            other = " ".join(names) + " " + head
            if other in asked or rejected(lowered, found.start() - len(run.group(1))):
                continue
            return True
    return False


def named_instead(accepted_answers: tuple[str, ...], answer_surface: str) -> bool:
    """Whether the answer is another name in the place of one of the accepted answers and says
    none of them in other words (word by word, `placed`)."""
    found = [placed(accepted, answer_surface) for accepted in accepted_answers]
    return "other" in found and "forms" not in found

"""An accepted answer's forms (DESIGN 4.6): the ways one accepted answer may be said, each in
the canonical form (`grader.rules.surface.surface`), matched by `grader.rules.surface_match`:

- **edges**: an article ("the", "a", "an"), quotes and punctuation at its edges are not part of
  it ("'the senate.'" is "senate"), unless what remains is a function word ("the who" stays);
  a minus before a figure stays ("-40"). An "a" that opens a number is read both ways, as an
  article and as the number's "one" (`grader.rules.surface_numbers`): "A Thousand Acres" is
  said by "Thousand Acres" and by "a thousand acres" ("1000 acres"), "a hundred" by "100".
- **a title** before a name of two words or more: "professor henry higgins" is said by "henry
  higgins". Never when one word would be left ("king george" is not "george").
- **a parenthesised part**: "world health organization (who)" is said by "world health
  organization", by "who (world health organization)", and by the abbreviation alone only where
  the answer writes it in capitals ("WHO", never the pronoun "who"); a parenthesised qualifier
  that is no abbreviation is an **aside** and the key is said without it ("(robert) boyle" by
  "boyle", "trainspotting (disambiguation)" by "trainspotting", "Paris (France)" by "Paris",
  "Jaws (1975)" by "Jaws"), and empty brackets hold nothing to say ("len()" by "len"). (v4) A
  bracket is an aside only where it is set off from the words beside it: by a space or the
  key's edge on each side (`without_asides`). It is part of the name, said with its words (as
  written, or with the brackets left out: "poly vinyl acetate"), never without them:
  - a bracket glued to the word before it or after it: "poly(vinyl acetate)", "f(x)",
    "iron(III) oxide", "(R)-carvone" ("poly" is not "poly(vinyl acetate)", "iron oxide" not
    "iron(III) oxide", "carvone" not "(R)-carvone": a polymer's prefix, an oxidation state, a
    stereodescriptor are what tell the compound apart);
  - a bracket right after a prefix of chemical nomenclature that counts what the bracket holds
    (`COUNTING_PREFIXES`: "poly", "oligo", "mono", "di", "tri", ..., "bis", "tris", "tetrakis"),
    even set off by a space ("poly (vinyl acetate)", "bis (2-ethylhexyl) phthalate"): the
    prefix names nothing alone, the bracket is what it counts;
  - a bracket whose going would leave only function words ("(The) Who" is said by "The Who",
    never by the pronoun "who"), or nothing (a key that is only a bracket, "(Burma)", is said
    by its words).
  Never read as a glued bracket: an abbreviation glued to its expansion ("World Health
  Organization(WHO)" is still read by its initials, as above).
- **alternatives** written in one accepted answer: "hokey cokey or cokey cokey" is said by
  either.
- **an explained answer**: "secretariat, who in 1973 won ..." is said by its head,
  "secretariat" (a comma, then a relative or a preposition), and a head shaped as a person's
  name in the name's shorter or longer forms ("Robert Kennedy, who was Attorney General" by
  "Robert F. Kennedy"). Never: a name with a comma of its own ("paris, texas" is not said by
  "paris").
- **a person's name**: an accepted answer shaped as a person's name (two to four words in
  capitals, "Alexander Fleming") is also said by the name given shorter
  (`grader.rules.surface_match.says_name`).
- **a nickname in quotes inside a name**: a name written with a nickname in quotes (single,
  double or curly) between its given name and its surname, each word in capitals ("Benjamin
  'Bugsy' Siegel", 'Earvin "Magic" Johnson', "George Herman ‘Babe’ Ruth", 'Dwayne "The Rock"
  Johnson') is the person: such an accepted answer is said by the name without the nickname
  ("Benjamin Siegel", and that name given shorter), by the nickname with the surname ("Bugsy
  Siegel"; not for a nickname that opens with "The": "The Rock Johnson" is nobody's name) and
  by the name with the nickname unquoted or in other quotes; and in an answer such quotes do
  not break the name (`without_nickname_quotes`: 'Benjamin "Bugsy" Siegel' says "Bugsy Siegel"
  and "Benjamin Siegel"). Never: quotes around a title or a quotation ("the song 'Yesterday' by
  the Beatles", 'In "Hamlet" Shakespeare': a given name is no function word, and a word in
  lower case opens no name), a nickname alone for the full name ("Bugsy" for "Benjamin 'Bugsy'
  Siegel": the given-name rules' counter-example, a nickname is no form of a given name, and
  "Magic Johnson" is still not "Earvin Johnson" unless a key or an answer writes both), quotes
  around a whole name or a nickname that opens it ('"Bugsy Siegel"', "'Weird Al' Yankovic": no
  given name before the quotes), another surname after the nickname ('Benjamin "Bugsy" Moran'
  is not "Bugsy Siegel").
- (v4) **the same quantity in another metric prefix**: "1.85 m" is said by "185 cm" and "1,850
  mm" (`grader.rules.surface_units.other_prefixes`, with its definition and counter-examples).
- **quantifier words of one meaning** before a key's figure: an approximation ("about",
  "around", "approximately", "roughly", "some", "circa", "c.", "~") is dropped with the key's
  edges, so the figure alone says it ("about 7,641" by "7,641", "some 7,000" by "around 7,000");
  a bound is said by any word of its class (`BOUNDS`: "over 7,000" by "more than 7,000", "above
  7,000" or "in excess of 7,000"; "under" by "less than", "fewer than", "below"; "at least" by
  "no fewer than"; "at most" by "no more than", "up to"); a bound that includes its figure
  also after it ("3 or more", "18 and over" for "at least"; "3 or fewer", "3 at most" for "at
  most"). Never: another class ("over 7,000" is not "under 7,000", nor "about 7,000"; nor the
  key in other words: `without_bounds`), the figure alone for a bound ("7,000" for "over
  7,000": the bound is part of what the key says), a word not right before the figure ("7,000
  more than ...", "over the river"), "some" before anything but the figure ("some of the 7,000").

Why one file: each family above is a step of one function, `forms`, that turns one accepted
answer into the list of its forms, and the steps read one another's output in order (the
alternatives are split before the brackets are read, a bracket's aside goes before a title or a
nickname is read, the bounds and the prefixes are applied to every form made before them).
"""

from __future__ import annotations

import re
from functools import lru_cache

from grader.rules.normalize import normalize_phrase
from grader.rules.surface import FUNCTION_WORDS, fold_diacritics, surface
from grader.rules.surface_numbers import A_FOR_ONE
from grader.rules.surface_units import other_prefixes

# The articles: at a key's edge, before a name, before a lead (one list for every rule).
ARTICLES = frozenset(("the", "a", "an"))
_ARTICLES = tuple(f"{article} " for article in sorted(ARTICLES))
# A hedge before a key's figure says the key is approximate, not what it is.
_KEY_HEDGES = (
    "about ",
    "approximately ",
    "approx. ",
    "around ",
    "roughly ",
    "circa ",
    "c. ",
    "some ",
    "~",
)
# Words of one meaning before a figure: a bound is said by any word of its class ("over 7,000"
# by "more than 7,000"), never by another class's ("over" is not "under", "at least" not "up
# to") nor by the figure alone (a bound says more than its figure). A bound's word is read only
# right before the figure ("7,000 more than last year", "over the river" bound nothing).
BOUNDS = (
    ("over", "more than", "above", "greater than", "in excess of", "upwards of"),
    ("under", "less than", "fewer than", "below"),
    ("at least", "no fewer than", "no less than", "not less than", "not fewer than"),
    ("at most", "no more than", "not more than", "up to", "not exceeding"),
    ("nearly", "almost"),
)
_CLASS_OF = {word: words for words in BOUNDS for word in words}
_BOUND = re.compile(
    r"(?<![\w'-])("
    + "|".join(sorted(map(re.escape, _CLASS_OF), key=len, reverse=True))
    + r") (?=[$€£¥]?\d)"
)
_EDGE = " \"'`.,;:!?*_"
# A sign after a word of one or two letters, the key's last: "O-", "AB-", "C-".
_SIGNED = re.compile(r"(?:^|\s)[^\W\d_]{1,2}-$")
_PARENTHESIS = re.compile(r"^(?P<outer>[^()]+?)\s*\((?P<inner>[^()]+)\)\s*(?P<after>[^()]*)$")


@lru_cache(maxsize=16384)
def without_bounds(text: str) -> str:
    """The text without the bound words before its figures ("under 50" is "50"): a bound is
    said only by a word of its class (`BOUNDS`), so a word it shares with another class ("than"
    in "fewer than 50" and "more than 50") says nothing of it."""
    if " " not in text:
        return text
    return _BOUND_AFTER.sub("", _BOUND.sub("", text))


def without_edges(text: str) -> str:
    """An accepted answer without the quotes, punctuation and article at its edges (a minus
    before a figure is no punctuation: "-40"; nor a sign after a short word: "O-", "AB-", "C-"
    are a blood group and a grade)."""
    stripped = text.strip(_EDGE)
    if _SIGNED.search(stripped) is None:
        stripped = stripped.rstrip("-").strip(_EDGE)
    while stripped.startswith("-") and not stripped[1:2].isdigit():
        stripped = stripped[1:].strip(_EDGE)
    for hedge in _KEY_HEDGES:  # "about 68%": the key is the figure
        if stripped.startswith(hedge) and stripped[len(hedge) :][:1].isdigit():
            stripped = stripped[len(hedge) :]
            break
    for article in _ARTICLES:
        if stripped.startswith(article):
            rest = stripped[len(article) :].strip(_EDGE)
            words = rest.split()
            if words and not all(word in FUNCTION_WORDS for word in words):
                stripped = rest
            break
    return stripped


def is_abbreviation(short: str, long: str) -> bool:
    """Whether ``short`` (as written) abbreviates ``long``: two to six capitals (dots
    allowed) that are the initials of ``long``'s words, in order (function words may be
    skipped): "WHO" of "World Health Organization", "NATO" of "North Atlantic Treaty
    Organization"."""
    letters = short.replace(".", "")
    if not (2 <= len(letters) <= 6 and letters.isalpha() and letters.isupper()):
        return False
    initials = [word[0].lower() for word in re.findall(r"[^\W\d_]+", long)]
    wanted = letters.lower()
    position = 0
    for initial in initials:
        if position < len(wanted) and initial == wanted[position]:
            position += 1
    return position == len(wanted) and initials[:1] == [wanted[0]]


class Form:
    """One way an accepted answer may be said: its canonical text, and whether it must be
    found as written in capitals (an abbreviation alone)."""

    __slots__ = ("capitals", "name", "text")

    def __init__(self, text: str, capitals: str = "", name: str = "") -> None:
        self.text = text
        self.capitals = capitals
        self.name = name


@lru_cache(maxsize=16384)
def forms(accepted: str) -> tuple[Form, ...]:
    """The forms an accepted answer may be said in: its edges stripped; a parenthesised part
    dropped, or an abbreviation either way round (the abbreviation alone only in capitals)."""
    result: list[Form] = []
    alternatives = _alternatives(accepted)
    if len(alternatives) > 1:  # "akrotiri or dhekelia" is said whole too
        result.append(Form(_canonical(accepted)))
    for written in alternatives:
        found = _PARENTHESIS.match(written)
        if found and not found.group("after").strip(_EDGE):
            outer, inner = found.group("outer").strip(), found.group("inner").strip()
            if is_abbreviation(inner, outer):  # "World Health Organization (WHO)"
                result += [Form(_canonical(outer)), Form(_canonical(inner), inner.replace(".", ""))]
                continue
            if is_abbreviation(outer, inner):  # "WHO (World Health Organization)"
                result += [Form(_canonical(inner)), Form(_canonical(outer), outer.replace(".", ""))]
                continue
        # a parenthesised aside is said with or without it: "(Robert) Boyle", "Scorpio
        # (disambiguation)"; a bracket of the name with its words: "poly(vinyl acetate)"
        plain = without_asides(written)
        if _BRACKET.search(plain):  # "poly(vinyl acetate)", "poly (vinyl acetate)"
            result += [Form(_canonical(text)) for text in dict.fromkeys((plain, _respaced(plain)))]
            plain = _without_brackets(plain)  # "poly vinyl acetate", no name of a person
            result.append(Form(_canonical(plain)))
        else:
            result.append(Form(_canonical(plain), name=person(plain)))
        opening = normalize_phrase(plain).strip(_EDGE)
        if A_FOR_ONE.match(opening):  # "A Thousand Acres": the number's "one" too, "1000 acres"
            result.append(Form(_canonical("one" + opening[1:])))
        spelled = plain.translate(_TRANSLITERATED)
        if spelled != plain:  # "Jørn Utzon" is said "Joern Utzon" too, "Zürich" "Zuerich"
            result.append(Form(_canonical(spelled)))
        nicknamed = _nicknamed(plain.strip(_EDGE))
        if nicknamed:  # "Benjamin 'Bugsy' Siegel": "Benjamin Siegel", "Bugsy Siegel", ...
            result += [Form(_canonical(name), name=person(name)) for name in nicknamed]
        head = _EXPLAINED.match(plain)
        if head:  # "Secretariat, who in 1973 became ...": the answer is the head
            result.append(Form(_canonical(head.group(1)), name=person(head.group(1))))
    if not any(power in accepted for power in _POWERS):  # "2 km²" is an area: see `_POWERS`
        result += _prefixed_forms(result)
    return tuple(bounded for form in result if form.text for bounded in _bound_forms(form))


# A unit's power written as a superscript ("km²", "m³"): cleaning drops a superscript digit as a
# footnote's marker, so "2 km²" reads "2 km", and an area's or a volume's prefixes scale by a
# million or a billion, not a thousand ("2,000 m²" is no "2 km²"): such a key has no other prefix.
_POWERS = ("\u00b2", "\u00b3")


def _prefixed_forms(result: list[Form]) -> list[Form]:
    """The forms that write a form's quantity in another metric prefix ("185 cm" for "1.85 m":
    `grader.rules.surface_units.other_prefixes`), each once and none already a form."""
    written = {form.text for form in result}
    scaled = dict.fromkeys(text for form in result for text in other_prefixes(form.text))
    return [Form(text) for text in scaled if text not in written]


# A bound that includes its figure, written after it: "3 or more" is "at least 3", "3 at most"
# and "3 or fewer" are "at most 3" (the class's first word, `BOUNDS`). Only right after the
# figure that opens the form: before its noun ("3 or more dice") or where the figure ends the
# form ("3 and over", "3 at most").
_BEFORE_A_NOUN = {"at least": ("or more",), "at most": ("or fewer", "or less")}
_AT_THE_END = {
    "at least": ("or more", "or over", "or above", "and over", "and above", "at least"),
    "at most": ("or fewer", "or less", "or under", "at most", "at the most"),
}
_BOUND_AFTER = re.compile(
    r"(?<=\d) (?:"
    + "|".join(sorted({w for words in _AT_THE_END.values() for w in words}, key=len, reverse=True))
    + r")(?!\w)"
)
_OPENING_BOUND = re.compile(
    r"(?P<bound>at least|at most) (?P<figure>[$€£¥]?\d[\d.]*)(?P<rest>(?: .*)?)"
)


def _bound_forms(form: Form) -> tuple[Form, ...]:
    """The form, and for a form with a bound before its figure ("over 7000 islands"), the form
    with each other word of the bound's class ("more than 7000 islands", "above 7000 islands"),
    and a bound that includes its figure written after it ("3 or more dice", "3 at most")."""
    if " " not in form.text or _BOUND.search(form.text) is None:
        return (form,)
    widest = max(len(_CLASS_OF[found.group(1)]) for found in _BOUND.finditer(form.text))
    texts = dict.fromkeys(_with_member(form.text, member) for member in range(widest))
    after = [
        f"{opening.group('figure')} {written}{opening.group('rest')}"
        for text in tuple(texts)
        if (opening := _OPENING_BOUND.fullmatch(text)) is not None
        for written in (_BEFORE_A_NOUN if opening.group("rest") else _AT_THE_END)[
            opening.group("bound")
        ]
    ]
    texts.update(dict.fromkeys(after))
    others = (Form(text, form.capitals, form.name) for text in texts if text != form.text)
    return (form, *others)


def _with_member(text: str, member: int) -> str:
    """The text with each bound before a figure written as its class's word ``member`` (its
    class's last word where it has fewer)."""
    pieces = []
    position = 0
    for found in _BOUND.finditer(text):
        words = _CLASS_OF[found.group(1)]
        pieces += [text[position : found.start(1)], words[min(member, len(words) - 1)]]
        position = found.end(1)
    return "".join(pieces) + text[position:]


# An accepted answer explained after a comma: "Cher, in 1998, with the song Believe", "Secretariat,
# who in 1973 became ...", with or without a space after the comma ("Cher,in 1998", as the lists
# and the Yes-or-No families read a comma). Never a name with a comma of its own ("Paris, Texas").
_EXPLAINED = re.compile(
    r"^([^,]+?),\s*(?:who|whom|whose|which|that|where|when|while|in|on|at|with|by|from|after|"
    r"before|during|since|as|the|a|an|its|his|her|their|now|then|also|known|born|died)\b",
    re.IGNORECASE,
)
_QUALIFIER = re.compile(r"\s*\([^()]*\)\s*")
# An aside: a bracket set off by a space or the key's edge on each side, with the spaces around
# it ("Paris (France)", "(Robert) Boyle"), or empty brackets anywhere ("len()"); never a bracket
# glued to a word or a hyphen beside it ("poly(vinyl acetate)", "(R)-carvone").
_ASIDE = re.compile(r"\s*(?:(?<![\w-])\([^()]*\)(?![\w-])|\(\s*\))\s*")
_BRACKET = re.compile(r"[()]")
# The prefixes of chemical nomenclature that count what the bracket after them holds (a polymer
# and its repeating unit, "poly(vinyl acetate)"; a multiplied substituent, "bis(2-ethylhexyl)
# phthalate"): each names nothing alone, so the bracket after it is no aside, a space or not.
COUNTING_PREFIXES = frozenset(
    "poly oligo mono di tri tetra penta hexa hepta octa nona deca bis tris tetrakis pentakis "
    "hexakis".split()
)
_COUNTED = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(COUNTING_PREFIXES)) + r")$", re.IGNORECASE)


def without_asides(written: str) -> str:
    """An accepted answer as written without its asides (the module's docstring: a bracket set
    off by spaces, "Paris (France)" is "Paris"; empty brackets, "len()" is "len"), or as written
    where no bracket is an aside: one glued to a word ("poly(vinyl acetate)", "iron(III)
    oxide", "(R)-carvone"), one after a prefix that counts what it holds ("poly (vinyl
    acetate)"), or one whose going would leave only function words ("(The) Who") or nothing."""
    pieces: list[str] = []
    position = 0
    for found in _ASIDE.finditer(written):
        if _COUNTED.search(written, 0, found.start()):
            continue  # "poly (vinyl acetate)": what the prefix counts
        pieces += [written[position : found.start()], " "]
        position = found.end()
    plain = "".join(pieces) + written[position:]
    words = normalize_phrase(plain).strip(_EDGE).split()
    if not words or all(word.strip(_EDGE) in FUNCTION_WORDS for word in words):
        return written  # "(The) Who": "who" alone is the pronoun
    return plain


def _respaced(text: str) -> str:
    """A bracket of the name after a word written the other way: glued if spaced, spaced if
    glued ("poly (vinyl acetate)" and "poly(vinyl acetate)" are one name)."""
    if _GLUED_OPENING.search(text):
        return _GLUED_OPENING.sub(" (", text)
    return _SPACED_OPENING.sub("(", text)


_GLUED_OPENING = re.compile(r"(?<=\w)\((?=[^()\s])")
_SPACED_OPENING = re.compile(r"(?<=\w) +\((?=[^()\s])")


def _without_brackets(text: str) -> str:
    """The text with its brackets left out and their words kept ("poly(vinyl acetate)" is "poly
    vinyl acetate", "(R)-carvone" "R-carvone")."""
    glued = text.replace(")-", "-").replace("-(", "-")  # "(R)-carvone": "R-carvone"
    return " ".join(_BRACKET.sub(" ", glued).split())


# A key's letters with an umlaut, "ø" or "æ", written as two letters, as they are where those
# letters are not to hand ("Zuerich", "Joern", "Mueller", "Aeroe"): a form of the key, never of
# the answer ("blue" is not "blü"). Never another vowel ("Zurich" is said by the key's own
# folded form; "Zarich" by neither).
_TRANSLITERATED = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "ø": "oe", "æ": "ae", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
    | {"Ø": "Oe", "Æ": "Ae"}
)
_OR = re.compile(r"\s+or\s+", re.IGNORECASE)
_IN_BRACKETS = re.compile(r"\([^()]*\)")


def _alternatives(accepted: str) -> list[str]:
    """An accepted answer written as alternatives ("Hokey Cokey or Cokey Cokey") as each of
    them; otherwise the accepted answer itself. An "or" inside a bracket joins no alternatives
    of the key ("skin disease (of the beard or face)" is one answer, its aside the bracket)."""
    written = accepted.strip()
    inside = [found.span() for found in _IN_BRACKETS.finditer(written)]
    pieces, position = [], 0
    for found in _OR.finditer(written):
        if not any(start < found.start() < end for start, end in inside):
            pieces.append(written[position : found.start()].strip())
            position = found.end()
    pieces.append(written[position:].strip())
    if len(pieces) > 1 and all(_QUALIFIER.sub(" ", piece).strip(_EDGE) for piece in pieces):
        return pieces
    return [written]


# A title before a name: "professor henry higgins" is said by "henry higgins" (never when one
# word would be left: "king george" stays).
TITLES = frozenset(
    "sir dame lord lady saint st professor prof dr doctor mr mrs ms miss president senator "
    "general admiral captain colonel king queen prince princess emperor pope rev reverend".split()
)


def _canonical(text: str) -> str:
    stripped = surface(without_edges(normalize_phrase(text)))
    words = stripped.split(" ")
    while len(words) > 2 and words[0].rstrip(".") in TITLES:
        words = words[1:]
    return " ".join(words)


# A person's name as a key writes it: two to four words in capitals ("Alexander Fleming", "Mary
# Wollstonecraft Shelley", "J. K. Rowling"), the last of at least three letters, after up to two
# particles in lower case ("Vincent van Gogh", "Osama bin Laden") or one glued by a hyphen
# ("Bashar al-Assad"). The particles are the common ones of Dutch, German, French, Italian,
# Spanish, Portuguese and Arabic names; the list is not exhaustive ("ben", "al", "el", "des" as
# words are left out: "Ben", "Al", "Des" are given names too). This is the one list of them:
# every rule that reads a name's particles reads it (`NAME_PARTICLES`, `NAME_JOINER`).
PARTICLES = "bin da de del della der di du ibn la le ten ter van von"
NAME_PARTICLES = frozenset(PARTICLES.split())
GLUED_PARTICLES = ("al-", "el-")
# The small words any name may hold between its capitalised words, as a pattern: a person's
# particles, and words that join a name's parts without opening a surname ("House of Lords",
# "Harun al Rashid", "Place des Vosges", "José Ortega y Gasset", "Bertha von Suttner").
NAME_JOINER = (
    "(?:"
    + "|".join(sorted(NAME_PARTICLES | {"of", "the", "al", "des", "y"}, key=lambda w: (-len(w), w)))
    + ")"
)
_PERSON = re.compile(
    r"^(?:[A-Z][\w'.-]*\.? ){1,3}(?:(?:" + "|".join(PARTICLES.split()) + r") ){0,2}"
    r"(?:al-|el-)?[A-Z][a-z][\w'-]+$"
)


def person(written: str) -> str:
    """The name, diacritics folded, when an accepted answer is shaped as a person's name."""
    name = " ".join(fold_diacritics(written).strip(_EDGE).split())
    return name if _PERSON.match(name) else ""


# A name with a nickname in quotes between its given name and its surname: one to three given
# names or initials in capitals (not the end of a word: "O'Neill", "Jean-Paul"; an apostrophe
# is no part of one: "Peter's"), the nickname of one or two words in capitals (after "The" or
# not) in single, double or curly quotes, the surname after up to two particles.
_GIVEN = r"(?:[A-Z][a-z][\w-]*|[A-Z]\.)"
_NICKNAMED = re.compile(
    rf"(?<![\w-])(?<!\w['’])(?P<given>{_GIVEN}(?: {_GIVEN}){{0,2}}) [\"'‘“]"
    r"(?P<nick>(?:The )?[A-Z][\w.-]*(?: [A-Z][\w.-]*)?)[\"'’”] "
    r"(?P<surname>(?:(?:" + "|".join(PARTICLES.split()) + r") ){0,2}(?:al-|el-)?[A-Z][a-z][\w-]*)"
)

# What every match of `_NICKNAMED` holds: a space, then a nickname's opening quote.
_QUOTE_AFTER_GIVEN = (' "', " '", " ‘", " “")


def _is_nickname(found: re.Match[str]) -> bool:
    """Whether a match of `_NICKNAMED` is a person's name around a nickname: its given names
    are no function words ("In 'Hamlet' Shakespeare") and they and the surname make a person's
    name (`person`)."""
    given = found.group("given")
    return not any(word.lower() in FUNCTION_WORDS for word in given.split()) and bool(
        person(f"{given} {found.group('surname')}")
    )


def _nicknamed(written: str) -> tuple[str, ...]:
    """The names an accepted answer written as a name around a quoted nickname says (the
    module's docstring): "Benjamin 'Bugsy' Siegel" is "Benjamin Bugsy Siegel", "Benjamin
    Siegel" and "Bugsy Siegel"; () for any other accepted answer."""
    found = _NICKNAMED.fullmatch(written)
    if found is None or not _is_nickname(found):
        return ()
    given, nick, surname = found.group("given", "nick", "surname")
    names = (f"{given} {nick} {surname}", f"{given} {surname}")
    return names if nick.startswith("The ") else (*names, f"{nick} {surname}")


def without_nickname_quotes(text: str) -> str:
    """The text as written with the quotes around each nickname inside a name dropped
    ('Benjamin "Bugsy" Siegel opened it' is "Benjamin Bugsy Siegel opened it": the module's
    docstring); the text itself (the same string) where it holds none."""
    if not any(opening in text for opening in _QUOTE_AFTER_GIVEN):
        return text  # (a nickname's opening quote follows a given name and a space)
    unquoted = _NICKNAMED.sub(_unquoted, text)
    return text if unquoted == text else unquoted


def _unquoted(found: re.Match[str]) -> str:
    if not _is_nickname(found):
        return found.group(0)
    return " ".join(found.group("given", "nick", "surname"))

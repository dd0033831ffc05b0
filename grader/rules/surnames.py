"""Another person of the key's surname (DESIGN 4.6, grader v4: each surface family says what it
must never match, "a different person who shares a surname").

A key often lists a person's surname alone beside the full name ("George Gershwin" and
"Gershwin", "Gianni Versace" and "Versace"): the surname alone is then a **surname answer**, an
accepted answer whose words are the last words of a **full name**, an accepted answer shaped as
a person's name (`grader.rules.surface_forms.person`) whose words before them are given names
(no article, function word, title or role, no word in capitals: never "The Touchstone",
"Republic Of Singapore", "U.S. Gerald Ford"): "Lloyd Webber" of "Andrew Lloyd Webber",
"Beethoven" of "Ludwig van Beethoven", past its particle. (v4) An accepted answer is read
without its qualifiers in brackets, a bracket set off by spaces (a year, a nickname, a role:
"Mary Shelley (1797-1851)", "Earvin (Magic) Johnson", "Shelley (author)"), and never without a
bracket that is part of its words (`grader.rules.surface_forms.without_asides`, the one owner of
a bracket's aside: one glued to a word, "Johann(es) Brahms", "Shelley(s)", is no qualifier, and a
name so written is no full name and no surname answer). (v4) A key whose accepted answers
all give a given name ("John A. Roebling / John Augustus Roebling / John Roebling", "Marie
Curie") implies its surname answer: the last word its full names end with, with the particles
before it ("Roebling", "da Vinci"), its key names those of every full name that ends with it.
A surname written otherwise than its words ("al-Assad") is not implied. The family reads a
question that asks for a person (`asks_for_person`: "who", "whom", "whose", or a role's noun
after "which", "what" or "name the": "Which Italian designer ...?").

**A mention of a surname answer written with another given name before it names another
person, and does not say the key**: "Ira Gershwin" for "George Gershwin / Gershwin", "Donatella
Versace" for "Gianni Versace / Versace", "Percy Bysshe Shelley" for "Mary Shelley / Shelley",
"Julian Lloyd Webber" for "Andrew Lloyd Webber / Lloyd Webber", "Johann van Beethoven" for
"Ludwig van Beethoven / Beethoven", "I. Gershwin". The given name is the capitalised words right
before the surname (its particles aside), after the last word that is no given name (a title,
a rank or a role: "Sir", "Dr", "President", "Chancellor", "Composer"; a function word or a
sentence adverb at a sentence's start: "The", "So", "Probably"; a word in capitals); it is
another person's when none of its words may be one of the key's own names (the given and
middle names of the full names that end with the surname). A word may be one of them when it
is an initial of it ("G." of "George", "B." of "William" through "Bill"), or the key's is an
initial and the word has its letter ("John" for the key's "J."); a written-out name for a
written-out name of the key's must be that name, a form of it in `grader.rules.given_names`
("Jimmy" of "James", "Bill" of "William", "Peggy" of "Margaret", "Pyotr" and "Piotr" of
"Peter", "Ivan" of "John"; v4: clipped, "Rafa" of "Rafael", "Seb" of "Sebastian", never a
listed name such as "Paul" of "Paula") or a spelling one letter apart (`grader.rules.other_names.
spelt_apart`: "Phillip" of "Philip", "Sergey" of "Sergei"). Another written-out name is another
person's, with the key's first letter too: "Joseph Kennedy" for "John F. Kennedy / Kennedy",
"Jon Kennedy" as well (a name of its own, and three letters: no spelling of "John" the
spelling rule reads). A form the table lacks is read as another name, the cost of this
reading ("Ladislao" of "Laszlo" is in it; a rarer one may not be). Names joined before the
surname are each read ("George and Ira Gershwin" names George Gershwin), and so are initials run
together ("W.H. Bragg" is neither of "Lawrence Bragg"'s names, "W.L. Bragg" one of them).

An answer whose only mentions of the surname answers are such another person's says none of
them, and names another person in the key's place: wrong (K011), unless it says the key
otherwise (the full name, another accepted answer, the surname alone elsewhere: "George
Gershwin wrote the music; Ira Gershwin the lyrics" says the key).

Never another person:
- the key's own given name, its initial or its form ("Gianni Versace", "G. Gershwin", "Jimmy
  Carter" and "Jim Carter" for "James Earl Carter / Carter", "Peter Tchaikovsky" for "Pyotr
  Ilyich Tchaikovsky / Tchaikovsky"), a middle name of the key's ("Wollstonecraft Shelley"),
  a spelling one letter apart ("Phillip Larkin" for "Philip Larkin / Larkin"), a written-out
  name of a letter the key gives as an initial ("Ronald Tolkien" for "J. R. R. Tolkien");
- a title, rank or role before the surname, with nothing after it ("Mr Versace", "President
  Carter", "German Chancellor Merkel", "Composer Gershwin"); the surname alone, in the plural,
  the possessive or a compound ("the Gershwins", "Gershwin's", "the Gershwin brothers": the
  family, or the key's own, is left as the surname answer says it);
- a surname written first ("Mao Zedong" says "Mao", "Chairman Mao" too: nothing stands before
  it), a surname after a comma ("Gershwin, Ira");
- a word in capitals ("ARA General Belgrano", "IRA GERSHWIN") or in lower case ("ira
  gershwin"): no capitals to tell a given name from another word. A surname that opens with a
  particle in lower case (`grader.rules.surface_forms.PARTICLES`: van, von, de, di, da, del,
  della, der, du, la, le, ten, ter, bin, ibn, and al- or el- glued by a hyphen; not exhaustive)
  has its capital read after the particle: "Theo van Gogh" for "Vincent van Gogh / Van Gogh" is
  another person, as "Theo Van Gogh" is; "theo van gogh" is read as no name;
- a word that ends a sentence before the surname ("... shot by Andrew Cunanan. Versace died");
- a question that asks for no person ("What was Scary Spice's surname?": "Melanie Brown" gives
  it; "In what country ...?": "Northern India" for "Republic of India / India");
- **a key with no full name**: when no accepted answer is a full name that ends with the
  surname, nothing is known of the key's given name, and every mention of the surname says it
  ("Ira Gershwin" for "Gershwin" alone: the key accepts the surname, whoever bears it);
- of an implied surname (v4): the surname alone ("Roebling": left to the rules that read a
  name given shorter), a middle name of the key's used as the given name ("Augustus
  Roebling"), an initial ("J. A. Roebling"), a title ("Mr Roebling").

Cheap: nothing is read unless the key has a surname answer, listed or implied
(`surname_answers`, once a key), and the question asks for a person, and then only the
mentions of its surname.
"""

from __future__ import annotations

import re
from functools import lru_cache

from grader.rules.given_names import is_known_given_name, may_be_same_given_name
from grader.rules.normalize import normalize
from grader.rules.other_names import spelt_apart
from grader.rules.surface import FUNCTION_WORDS, fold_diacritics, surface
from grader.rules.surface_forms import (
    GLUED_PARTICLES,
    NAME_PARTICLES,
    TITLES,
    person,
    without_asides,
)

# Nouns that name a person's role: before a name they are no given name ("Composer Gershwin"),
# and a question that holds one asks for a person ("Which designer ...?").
_ROLES = frozenset(
    "chancellor premier minister chairman chairwoman chair mayor governor judge justice "
    "ambassador secretary speaker congressman congresswoman senator president leader ruler "
    "monarch emperor empress king queen prince princess pope pharaoh tsar czar sultan shah "
    "general admiral captain colonel commander marshal officer soldier "
    "founder composer designer author writer poet novelist playwright dramatist lyricist "
    "painter artist sculptor architect photographer physicist chemist scientist biologist "
    "astronomer mathematician philosopher economist inventor explorer navigator astronaut "
    "cosmonaut aviator pilot singer songwriter musician pianist violinist guitarist drummer "
    "conductor rapper actor actress comedian presenter broadcaster journalist director producer "
    "dancer model player footballer cricketer golfer boxer wrestler athlete sprinter runner "
    "swimmer cyclist jockey driver skater gymnast champion coach manager striker goalkeeper "
    "pitcher batsman bowler saint prophet apostle person man woman lady gentleman boy girl "
    "husband wife son daughter brother sister father mother character villain hero heroine "
    "detective spy assassin murderer killer criminal politician statesman diplomat "
    "businessman businesswoman entrepreneur industrialist tycoon magnate banker".split()
)
# Words before a surname that are no given name: titles, ranks, offices and roles (capitalised
# before a name, or at a sentence's start), kin words, and the sentence adverbs and answer
# words that open a sentence.
_NOT_GIVEN = (
    TITLES
    | FUNCTION_WORDS
    | NAME_PARTICLES
    | _ROLES
    | frozenset(
        "mr mrs ms mx messrs madam madame monsieur herr frau signor signora senor senora "
        "lieutenant sergeant major commodore brigadier corporal private "
        "representative rep gov sen cardinal bishop archbishop uncle aunt cousin rabbi imam "
        "tsarina kaiser duke duchess count countess baron baroness earl marquess viscount "
        "chief skipper young old elder younger older late former great little big saint san "
        "santa sainte maybe perhaps probably possibly likely definitely certainly surely "
        "clearly obviously undoubtedly answer yes no so then thus hence therefore also only "
        "even still both either neither all some many most several after before during "
        "despite unlike like although though while whereas because since until unless "
        "whether if than against among between through under over into upon without within "
        "about above below behind beside besides beyond near toward towards".split()
    )
    # a nationality before a name ("the Italian Versace")
    | frozenset(
        "american british english scottish welsh irish french german italian spanish "
        "portuguese dutch flemish belgian swiss austrian swedish norwegian danish finnish "
        "icelandic polish czech slovak russian ukrainian greek turkish hungarian romanian "
        "serbian croatian bulgarian chinese japanese korean vietnamese thai indian pakistani "
        "australian canadian mexican brazilian argentine argentinian chilean peruvian cuban "
        "egyptian israeli iranian persian arab african european asian soviet prussian".split()
    )
)
# A question that asks for a person: "who", "whom", "whose", or a role's noun after "which",
# "what" or "name the", with up to three words between ("Which Italian fashion designer
# ...?", "Name the composer of ...").
_ASKS_FOR_PERSON = re.compile(
    r"(?<![\w-])(?:who|whom|whose|(?:which|what|name the)(?: [\w'-]+){0,3}? (?:"
    + "|".join(sorted(_ROLES))
    + r")s?)(?![\w-])"
)
# A word of a name before the surname: initials ("G.", "W.H." run together), or a capitalised
# word with no dot.
_RUN = re.compile(r"(?:(?:(?:[A-Z]\.)+|[A-Z][\w'’-]*)\s+)+$")
_INITIALS = re.compile(r"(?:[A-Z]\.)+")
# Names joined before a run ("George and Ira Gershwin", "George, Ira and ..."): each a given name.
_JOINED = re.compile(r"(?:[A-Z][\w'’-]*(?:\s*,\s*|\s+(?:and|&)\s+))+$")
_PARTICLES_BEFORE = re.compile(
    r"(?:(?<=\s)|^)(?:(?:" + "|".join(sorted(NAME_PARTICLES)) + r")\s+)+$", re.IGNORECASE
)
# The particles that open a surname ("van Gogh", "bin Laden", "al-Assad"): the surname's
# capital is read after them.
_LEADING_PARTICLES = re.compile(
    r"(?:(?:" + "|".join(sorted(NAME_PARTICLES)) + r")\s+)*(?:" + "|".join(GLUED_PARTICLES) + r")?",
    re.IGNORECASE,
)
# How far before a mention its given names are read (a name's length, several times over).
_REACH = 120
_EDGE = " \"'`.,;:!?*_()"


def _words(name: str) -> list[str]:
    """A name's words, lower case and folded, its hyphens and dots as spaces ("Erich-Maria" is
    two given names, "J." the initial "j")."""
    return fold_diacritics(name).lower().replace("-", " ").replace(".", " ").split()


@lru_cache(maxsize=4096)
def surname_answers(
    accepted_answers: tuple[str, ...], implied: bool = True
) -> tuple[tuple[str, str, tuple[str, ...], str], ...]:
    """The key's surname answers (see the module), each as (the accepted answer as written, the
    surname's words as the pattern reads them, the key's own names before it, a full name that
    ends with it), those the key implies after those it lists unless not ``implied`` (an
    implied one is no accepted answer: it is the surname as written); () for a key without one
    (the usual case: nothing more is read)."""
    fulls: list[list[str]] = []
    written_fulls: list[str] = []
    for accepted in accepted_answers:
        name = person(without_asides(accepted).strip())
        words = name.split()
        while words and words[0].lower().rstrip(".") in TITLES:
            words = words[1:]  # "Sir Alexander Fleming"
        if len(words) >= 2 and all(
            _given(word) or word.lower() in NAME_PARTICLES for word in words[:-1]
        ):  # (never "The Touchstone", "Republic Of Singapore", "U.S. Gerald Ford")
            fulls.append(_words(" ".join(words)))
            written_fulls.append(accepted.strip())
    if not fulls:
        return ()
    found = []
    for accepted in accepted_answers:
        plain = without_asides(accepted).strip(_EDGE)
        wanted = _words(plain)
        if not wanted or not all(word.isalpha() for word in wanted):
            continue
        names: list[str] = []
        full_name = ""
        for words, written in zip(fulls, written_fulls, strict=True):
            if len(words) > len(wanted) and words[-len(wanted) :] == wanted:
                own = [word for word in words[: -len(wanted)] if word not in NAME_PARTICLES]
                if own:
                    names += own
                    full_name = full_name or written
        if names:
            found.append((accepted, plain, tuple(dict.fromkeys(names)), full_name))
    if not implied:
        return tuple(found)
    return tuple(found) + _implied(fulls, written_fulls, tuple(wanted for _, wanted, _, _ in found))


def _implied(
    fulls: list[list[str]], written_fulls: list[str], listed: tuple[str, ...]
) -> tuple[tuple[str, str, tuple[str, ...], str], ...]:
    """The surnames the key's full names end with where no accepted answer lists the surname
    alone ("Roebling" of "John A. Roebling / John Roebling"), each with the given and middle
    names of every full name that ends with it; a full name one of whose listed surname
    answers ends is left to them ("Andrew Lloyd Webber / Lloyd Webber")."""
    covered = [_words(plain) for plain in listed]
    found: dict[str, tuple[str, list[str], str]] = {}
    for words, written in zip(fulls, written_fulls, strict=True):
        if any(words[-len(surname) :] == surname for surname in covered if surname):
            continue
        # the last word, with the particles before it ("da Vinci" of "Leonardo da Vinci")
        at = len(words) - 1
        while at > 1 and words[at - 1] in NAME_PARTICLES:
            at -= 1
        tokens = fold_diacritics(written).strip(_EDGE).split()[at - len(words) :]
        if [token.lower() for token in tokens] != words[at:] or not all(
            word.isalpha() for word in words[at:]
        ):
            continue  # (a surname written otherwise than its words: "al-Assad")
        own = [word for word in words[:at] if word not in NAME_PARTICLES]
        entry = found.setdefault(" ".join(words[at:]), (" ".join(tokens), [], written))
        entry[1].extend(own)
    return tuple(
        (plain, plain, tuple(dict.fromkeys(names)), full_name)
        for plain, names, full_name in found.values()
        if names
    )


class Other:
    """A mention of a surname answer that names another person: the accepted answer, the
    mention as written ("Ira Gershwin"), it without the surname ("Ira"), and the key's full name
    it is not ("George Gershwin")."""

    __slots__ = ("accepted", "full_name", "given", "mention")

    def __init__(self, accepted: str, mention: str, given: str, full_name: str) -> None:
        self.accepted = accepted
        self.mention = mention
        self.given = given
        self.full_name = full_name


def _surname_pattern(plain: str) -> re.Pattern[str]:
    """The surname as written in a text, its words in any case (its capital checked apart)."""
    body = r"\s+".join(re.escape(word) for word in fold_diacritics(plain).split())
    return re.compile(rf"(?<![\w'’-]){body}(?![\w-])", re.IGNORECASE)


def _given(word: str) -> bool:
    """Whether a capitalised word before a surname may be a given name (see the module)."""
    bare = word.lower().rstrip(".")
    if bare in _NOT_GIVEN or any(ch.isdigit() for ch in word):
        return False
    if len(word.rstrip(".")) > 1 and word.isupper():
        return False  # a word in capitals: an abbreviation ("ARA"), or an answer in capitals
    # an "-ly" word the table does not hold is read as an adverb ("Probably Gershwin"), though
    # some are given names ("Emily", "Kelly")
    return not (bare.endswith("ly") and not is_known_given_name(bare))


def _own(word: str, names: tuple[str, ...]) -> bool:
    """Whether a given name of the answer's may be one of the key's own names (see the module):
    an initial on either side and the same first letter ("J." of "John", "John" of the key's
    "J."); else the name itself, a form of it (`may_be_same_given_name`: "Jack" of "John",
    "Piotr" of "Pyotr") or a spelling one letter apart (`spelt_apart`: "Phillip" of "Philip").
    "Joseph" is not "John": another person of the key's initial."""
    bare = fold_diacritics(word).lower().strip(".'’")
    return any(_may_be(bare, name) for name in names)


def _may_be(bare: str, name: str) -> bool:
    if len(name) == 1:  # the key gives an initial: any name of that letter may be it
        return bare[:1] == name
    return may_be_same_given_name(bare, name) or spelt_apart(bare, name)


@lru_cache(maxsize=4096)
def asks_for_person(question_surface: str) -> bool:
    """Whether a question (its canonical form) asks for a person: it holds "who", "whom",
    "whose", or a role's noun after "which", "what" or "name the" ("Which Italian designer
    ...?"). Never a question for a place, a thing or a word ("In what country ...?", "What was
    Scary Spice's surname?": "spice girls" is no role asked)."""
    return _ASKS_FOR_PERSON.search(question_surface) is not None


def other_persons(
    accepted_answers: tuple[str, ...],
    question_surface: str,
    answer_text: str,
    implied: bool = True,
) -> tuple[Other, ...]:
    """The mentions of the key's surname answers in the answer (its asserted text as written)
    that name another person (see the module); () when there is none, the key has no surname
    answer or the question (its canonical form) asks for no person. Without ``implied``, only
    the surname answers the key lists are read (what `grader.rules.content_check.says_key`
    needs: a mention of an implied one takes no accepted answer away)."""
    surnames = surname_answers(accepted_answers, implied)
    if not surnames or not asks_for_person(question_surface):
        return ()
    text = fold_diacritics(answer_text)
    # (the mention as the answer writes it, where folding kept every letter in its place)
    written = answer_text if len(text) == len(answer_text) else text
    found: list[Other] = []
    for accepted, plain, names, full_name in surnames:
        for mention in _surname_pattern(plain).finditer(text):
            if not _capitalised(text, mention.start()):
                continue  # a word in lower case: no name to read ("theo van gogh")
            base = max(0, mention.start() - _REACH)
            before = text[base : mention.start()]
            particles = _PARTICLES_BEFORE.search(before)
            if particles is not None:
                before = before[: particles.start()]
            run = _RUN.search(before)
            if run is None:
                continue
            words = run.group(0).split()
            given: list[str] = []
            start = run.start()
            for offset, word in zip(_offsets(run.group(0), start), words, strict=True):
                if _INITIALS.fullmatch(word) or _given(word):  # (initials run together too)
                    if not given:
                        start = offset
                    given.append(word)
                else:
                    given = []
            if not given:
                continue  # a title or a role alone before the surname ("President Carter")
            joined = _JOINED.search(before[:start]) if start == run.start() else None
            if joined is not None:
                given += re.findall(r"[A-Z][\w'’-]*", joined.group(0))
            if any(_own(part, names) for word in given for part in re.split(r"[-.]", word) if part):
                continue
            start += base
            found.append(
                Other(
                    accepted,
                    written[start : mention.end()],
                    written[start : mention.start()].rstrip(),
                    full_name,
                )
            )
    return tuple(found)


def _capitalised(text: str, start: int) -> bool:
    """Whether the surname at ``start`` opens with a capital, after its particles ("van Gogh")."""
    particles = _LEADING_PARTICLES.match(text, start)
    at = particles.end() if particles is not None else start
    return text[at : at + 1].isupper()


def _offsets(run: str, start: int) -> list[int]:
    return [start + found.start() for found in re.finditer(r"\S+", run)]


def without_others(text: str, others: tuple[Other, ...], canonical: bool) -> str:
    """The text with each mention of another person written without its surname ("Ira" for
    "Ira Gershwin"): as written, or in the canonical form
    (`grader.rules.surface.surface` of the normalised text) when ``canonical``."""
    for other in others:
        mention, given = other.mention, other.given
        if canonical:
            mention, given = surface(normalize(mention)), surface(normalize(given))
        elif mention not in text:
            text = fold_diacritics(text)  # (a mention read from the folded text)
        text = re.sub(rf"(?<![\w-]){re.escape(mention)}(?![\w-])", given, text)
    return text

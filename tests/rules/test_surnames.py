"""Another person of the key's surname (K011, grader/rules/surnames.py) and a given name's other
forms (grader/rules/given_names.py), DESIGN 4.6: what names another person and what must never
(the key's own given name, its initial or its form, a title, the surname alone, plural or
possessive, a surname written first, a name in another language, a key with no full name, a
question for no person), in cases written for this project in several registers (science,
sport, politics, music, law, business, literature).
"""

from __future__ import annotations

import pytest

from grader.rules.given_names import may_be_same_given_name, same_given_name
from grader.rules.normalize import normalize
from grader.rules.surface import surface
from grader.rules.surnames import asks_for_person, other_persons, surname_answers, without_others
from grader.rules.verdict import CORRECT, UNJUDGED, WRONG, Grader
from grader.schema import Answer, Gold
from tests.caseids import case_id

GRADER = Grader(citations=False)


def grade(accepted: tuple[str, ...], question: str, answer: str):
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    return GRADER.grade(
        Answer(qid="q", kind="answerable", question=question, gold=gold, answer=answer)
    )


def others(accepted: tuple[str, ...], question: str, answer: str) -> list[str]:
    asked = surface(normalize(question))
    return [other.mention for other in other_persons(accepted, asked, answer)]


CURIE = (("Marie Curie", "Curie"), "Who was the first woman to win a Nobel Prize?")
BRAGG = (("Lawrence Bragg", "Bragg"), "Who was the youngest physics laureate until 2014?")
WILLIAMS = (("Serena Williams", "Williams"), "Who won the women's singles at Wimbledon in 2002?")
CHARLTON = (("Bobby Charlton", "Charlton"), "Which United player survived the Munich air crash?")
KENNEDY = (("John F. Kennedy", "Kennedy"), "Which president was assassinated in Dallas in 1963?")
CLINTON = (("Hillary Clinton", "Clinton"), "Who was the Democratic nominee for president in 2016?")
BACH = (("Johann Sebastian Bach", "Bach"), "Which composer wrote the Brandenburg Concertos?")
BEETHOVEN = (("Ludwig van Beethoven", "Beethoven"), "Who composed the Moonlight Sonata?")
MARSHALL = (
    ("Thurgood Marshall", "Marshall"),
    "Who was the first Black justice of the Supreme Court?",
)
FORD = (("Henry Ford", "Ford"), "Who founded the Ford Motor Company in 1903?")
LAUDER = (("Estée Lauder", "Lauder"), "Which businesswoman founded a cosmetics company in 1946?")
BRONTE = (("Charlotte Brontë", "Brontë"), "Who wrote Jane Eyre?")
SHELLEY = (("Mary Shelley", "Shelley"), "Who wrote Frankenstein?")
TOLKIEN = (("J. R. R. Tolkien", "Tolkien"), "Who wrote The Hobbit?")
WEBBER = (("Andrew Lloyd Webber", "Lloyd Webber"), "Which composer wrote the music for Cats?")
SMITH = (("Adam Smith", "Smith"), "Which economist wrote The Wealth of Nations?")
GOGH = (("Vincent van Gogh", "Van Gogh"), "Who painted The Starry Night?")
LAUE = (("Max von Laue", "von Laue"), "Who discovered X-ray diffraction by crystals?")
LADEN = (("Osama bin Laden", "bin Laden"), "Who founded al-Qaeda?")
ASSAD = (("Bashar al-Assad", "al-Assad"), "Who became president of Syria in 2000?")
VINCI = (("Leonardo da Vinci", "da Vinci"), "Who painted the Mona Lisa?")
CARNEGIE = (
    ("Andrew Carnegie", "Carnegie"),
    "Which industrialist led the expansion of the American steel industry?",
)

# (key, answer): the answer names another person of the key's surname, and says no key.
ANOTHER = [
    (CURIE, "Pierre Curie"),  # science
    (BRAGG, "It was William Henry Bragg."),
    (BRAGG, "It was W H Bragg."),  # initials without their dots
    (BRAGG, "It was W.H. Bragg."),  # initials run together, neither the key's
    (WILLIAMS, "Venus Williams won it."),  # sport
    (CHARLTON, "Jack Charlton"),  # a pet form of another name: Jack is John's
    (KENNEDY, "Robert Kennedy"),  # politics
    (CLINTON, "Bill Clinton was the nominee."),
    (BACH, "Carl Philipp Emanuel Bach"),  # music
    (BEETHOVEN, "Johann van Beethoven"),  # a particle before the surname
    (MARSHALL, "John Marshall"),  # law
    (FORD, "Edsel Ford founded it."),  # business
    (CARNEGIE, "Dale Carnegie"),  # a given name spelt as two particles ("da", "le")
    (LAUDER, "Ronald Lauder"),
    (BRONTE, "Emily Brontë"),  # literature; a given name in "-ly" the table holds
    (BRONTE, "Jane Eyre was written by Anne Brontë in 1847."),
    (SHELLEY, "Percy Bysshe Shelley"),
    (TOLKIEN, "Christopher Tolkien"),  # a key written with initials
    (WEBBER, "Julian Lloyd Webber"),  # a double-barrelled surname
    (SMITH, "Will Smith wrote it."),  # a given name that is also a word
    (WILLIAMS, "Dr. Venus Williams"),  # a title before the other given name
    (WILLIAMS, "Venus Williams, not Serena Williams."),  # the key's own name rejected
    # a surname that opens with a particle in lower case, its capital read after it
    (GOGH, "Theo van Gogh"),  # art
    (GOGH, "It was painted by Theo van Gogh."),
    (GOGH, "Theo Van Gogh"),
    (LAUE, "Theodor von Laue"),  # science
    (LADEN, "Mohammed bin Laden"),  # politics
    (ASSAD, "Hafez al-Assad"),  # a particle glued by a hyphen
    (VINCI, "Piero da Vinci"),
    # a written-out given name of the key's first letter that is no form of its own
    (KENNEDY, "Joseph Kennedy"),  # politics
    (KENNEDY, "Jon Kennedy"),  # a name of its own, too short for the spelling rule
    # (v4) no clipping of the key's given name: a listed name, a letter short, first letters
    ((("Paula Radcliffe", "Radcliffe"), "Who won the 2002 London Marathon?"), "Paul Radcliffe"),
    ((("Gabriela Sabatini", "Sabatini"), "Who won the 1990 US Open?"), "Gabriel Sabatini"),
    ((("Sergio Garcia", "Garcia"), "Who won the 2017 Masters?"), "Serena Garcia"),  # sport
    ((("Jackie Kennedy", "Kennedy"), "Who was First Lady in 1962?"), "Jack Kennedy"),  # politics
    (BRAGG, "Lionel Bragg"),  # science
    (WILLIAMS, "Sloane Williams"),  # sport
    ((("Richard Strauss", "Strauss"), "Who composed Salome?"), "Robert Strauss"),  # music
    (MARSHALL, "Thomas Marshall"),  # law
    (FORD, "Harold Ford"),  # business
    (SHELLEY, "Martha Shelley"),  # literature
]


@pytest.mark.parametrize(("key", "answer"), ANOTHER, ids=case_id)
def test_another_person_of_the_key_surname(key, answer):
    """Another person of a surname answer's surname was read as the key (the surname alone)."""
    accepted, question = key
    assert others(accepted, question, answer)
    graded = grade(accepted, question, answer)
    assert graded.verdict == WRONG
    assert graded.labels[0].startswith("another person of the key's surname")


# (key, answer): no other person is read; the answer says the key.
NEVER = [
    (WILLIAMS, "Serena Williams won it."),  # the key's own given name
    (BRONTE, "C. Brontë wrote it."),  # its initial
    (BRAGG, "W.L. Bragg"),  # initials run together, one of them the key's (William Lawrence)
    ((("J. R. R. Tolkien", "Tolkien"), "Who wrote The Hobbit?"), "J.R.R. Tolkien wrote it."),
    ((("Edward Kennedy", "Kennedy"), "Which senator crashed at Chappaquiddick?"), "Ted Kennedy"),
    ((("Elizabeth Taylor", "Taylor"), "Which actress played Cleopatra in 1963?"), "Liz Taylor"),
    ((("Richard Nixon", "Nixon"), "Which president resigned in 1974?"), "Dick Nixon resigned."),
    ((("Richard Nixon", "Nixon"), "Which president resigned in 1974?"), "President Nixon"),
    (MARSHALL, "Justice Marshall"),  # a title
    (
        (("Angela Merkel", "Merkel"), "Who was the first woman to lead Germany?"),
        "German Chancellor Merkel",  # a title last: what stands before it is no given name
    ),
    ((("Giuseppe Verdi", "Verdi"), "Which composer wrote Aida?"), "The Italian Verdi."),
    (SMITH, "Probably Smith."),  # a sentence adverb
    (SMITH, "Economist Smith."),  # a role
    (CURIE, "Curie's work on radium won it."),  # the possessive
    (BRONTE, "One of the Brontës."),  # the plural
    (WILLIAMS, "One of the Williams sisters."),  # a compound: left as the surname says it
    (WEBBER, "Andrew Lloyd Webber"),
    (WEBBER, "Lord Lloyd-Webber"),  # hyphenated
    (BEETHOVEN, "Ludwig van Beethoven"),
    (BEETHOVEN, "Van Beethoven"),  # the particle alone
    # the key's given name, a form of it, a spelling one letter apart, or an initial either side
    (KENNEDY, "J. Kennedy"),
    (KENNEDY, "Jack Kennedy"),
    (KENNEDY, "John Fitzgerald Kennedy"),  # the key's middle initial written out
    (KENNEDY, "JFK"),
    (TOLKIEN, "Ronald Tolkien"),  # a letter the key gives as an initial
    (
        (("Pyotr Ilyich Tchaikovsky", "Tchaikovsky"), "Which composer wrote Swan Lake?"),
        "Piotr Tchaikovsky",  # transliterated otherwise: a form in the table
    ),
    ((("Philip Larkin", "Larkin"), "Which poet wrote The Whitsun Weddings?"), "Phillip Larkin"),
    (
        (("Sergei Rachmaninoff", "Rachmaninoff"), "Who composed the Vocalise?"),
        "Sergey Rachmaninoff",
    ),
    ((("Katharine Graham", "Graham"), "Who published the Pentagon Papers?"), "Katherine Graham"),
    (GOGH, "Vincent van Gogh"),
    (GOGH, "V. van Gogh"),
    (GOGH, "van Gogh"),  # the particle and surname alone
    (GOGH, "It was painted by van Gogh in 1889."),
    (GOGH, "theo van gogh"),  # lower case: no capitals to read
    (LAUE, "Max von Laue"),
    (LADEN, "Osama Bin Laden"),
    (ASSAD, "Bashar al-Assad"),
    (ASSAD, "Bashar Al-Assad"),
    (VINCI, "Leonardo da Vinci"),
    ((("Beethoven",), "Who composed the Moonlight Sonata?"), "Ludwig van Beethoven"),
    ((("Mao Zedong", "Mao"), "Who led the Long March?"), "Mao Zedong led it."),  # surname first
    ((("Mao Zedong", "Mao"), "Who led the Long March?"), "Chairman Mao"),
    (
        (("Pyotr Ilyich Tchaikovsky", "Tchaikovsky"), "Which composer wrote Swan Lake?"),
        "Peter Tchaikovsky",  # transliterated: the same first letter
    ),
    (
        (("Fyodor Dostoevsky", "Dostoevsky"), "Who wrote Crime and Punishment?"),
        "Theodore Dostoevsky",  # another language: a cognate in the table
    ),
    ((("Giuseppe Verdi", "Verdi"), "Which composer wrote Aida?"), "Joseph Verdi"),
    ((("László Bíró", "Biro"), "Who invented the ballpoint pen?"), "Ladislao Biro"),  # initial
    ((("Tchaikovsky",), "Which composer wrote Swan Lake?"), "Modest Tchaikovsky"),  # no full name
    ((("Will Smith", "Smith"), "Which actor starred in Men in Black?"), "Will Smith"),
    (WILLIAMS, "venus williams"),  # lower case: no capitals to read
    (WILLIAMS, "VENUS WILLIAMS"),  # capitals likewise
    (WILLIAMS, "The final was not won by Justine Henin. Williams won."),  # a sentence's end
    (BRAGG, "He grew up in Adelaide and moved to the U.K.Bragg won it at 25."),  # glued to it
    (WILLIAMS, "Venus and Serena Williams played the final."),  # names joined
    (WILLIAMS, "Serena and Venus Williams played the final."),
    ((("Mary Wollstonecraft Shelley", "Shelley"), "Who wrote Frankenstein?"), "Wollstonecraft"),
    (
        (("Mary Wollstonecraft Shelley", "Shelley"), "Who wrote Frankenstein?"),
        "Wollstonecraft Shelley",  # a middle name of the key's
    ),
    ((("Ian Fleming", "Fleming"), "Who created James Bond?"), "John Fleming"),  # a cognate
    # (v4) the key's given name clipped ("Rafa" of "Rafael"), in sport, politics, literature
    ((("Rafael Nadal", "Nadal"), "Who won the French Open in 2022?"), "Rafa Nadal"),
    ((("Sebastian Coe", "Coe"), "Who chaired the London 2012 organising committee?"), "Seb Coe"),
    ((("Nicolas Sarkozy", "Sarkozy"), "Who was French president in 2010?"), "Nico Sarkozy"),
    ((("Jonathan Swift", "Swift"), "Who wrote Gulliver's Travels?"), "Jon Swift wrote it."),
]


@pytest.mark.parametrize(("key", "answer"), NEVER, ids=case_id)
def test_never_another_person(key, answer):
    accepted, question = key
    assert not others(accepted, question, answer)
    graded = grade(accepted, question, answer)
    assert not any(label.startswith("another person") for label in graded.labels)


# (key, answer): another person named, and the key said too (its full name, its surname alone
# elsewhere): the key is said.
SAID_TOO = [
    (WILLIAMS, "Serena Williams beat Venus Williams."),
    (WILLIAMS, "Serena Williams, not Venus Williams."),
    (WILLIAMS, "Not only Serena Williams but Venus Williams reached the final."),
    (CURIE, "Curie shared the 1903 prize with her husband Pierre Curie."),
    (BACH, "Bach, though his son Carl Philipp Emanuel Bach was better known then."),
]


@pytest.mark.parametrize(("key", "answer"), SAID_TOO, ids=case_id)
def test_another_person_beside_the_key(key, answer):
    accepted, question = key
    assert others(accepted, question, answer)
    assert grade(accepted, question, answer).verdict == CORRECT


@pytest.mark.parametrize(
    ("key", "question", "answer"),
    [
        # a question for no person: a surname, a place
        (("Serena Williams", "Williams"), "What was Serena's maiden name?", "Venus Williams."),
        (("Light Brown", "Brown"), "What colour is a fawn's coat?", "Golden Brown."),
        (("Republic of India", "India"), "In what country did the Romani originate?", "India"),
        (("Northern Rhodesia", "Rhodesia"), "Which colony became Zambia?", "Southern Rhodesia"),
    ],
    ids=case_id,
)
def test_a_question_for_no_person(key, question, answer):
    assert not others(key, question, answer)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Who wrote Emma?", True),
        ("The opera was composed by whom?", True),
        ("Whose portrait hangs in the hall?", True),
        ("Which Italian fashion designer opened a shop in Milan?", True),
        ("Name the composer of the Enigma Variations.", True),
        ("What was Scary Spice's surname?", False),  # "spice girls" is no role asked
        ("In what country is Timbuktu?", False),
        ("Which river flows through Cairo?", False),
    ],
    ids=case_id,
)
def test_asks_for_person(question, expected):
    assert asks_for_person(surface(normalize(question))) is expected


@pytest.mark.parametrize(
    ("accepted", "expected"),
    [
        (("Serena Williams", "Williams"), ["Williams"]),
        (("Sir Alexander Fleming", "Fleming"), ["Fleming"]),  # a title is no given name
        (("Andrew Lloyd Webber", "Lloyd Webber", "Webber"), ["Lloyd Webber", "Webber"]),
        (("Ludwig van Beethoven", "Beethoven"), ["Beethoven"]),
        (("(Robert) Boyle", "Boyle"), []),  # the full name qualified: one name left
        # no full name: an article, a function word, capitals, a title and one word
        (("The Touchstone", "Touchstone"), []),
        (("Republic Of Singapore", "Singapore"), []),
        (("U.S. Gerald Ford", "Gerald Ford"), ["Ford"]),  # "Gerald Ford"'s, not the other's
        (("General Belgrano", "Belgrano"), []),
        (("Gershwin",), []),  # the surname alone
        (("Marie Curie",), ["Curie"]),  # the full name alone: the surname it ends with
        (("Leonardo da Vinci",), ["da Vinci"]),  # with the particles before it
        (("John A. Roebling", "John Roebling"), ["Roebling"]),  # once for both full names
        (("Mark Twain", "Samuel Clemens"), ["Twain", "Clemens"]),
        (("Bashar al-Assad",), []),  # a surname written otherwise than its words
        ((), []),
        (("",), []),
    ],
    ids=case_id,
)
def test_surname_answers(accepted, expected):
    assert [found[0] for found in surname_answers(accepted)] == expected


def test_the_key_names_of_a_surname_answer():
    found = surname_answers(("Erich-Maria Remarque", "Erich Paul Remark", "Remarque"))
    assert found == (
        ("Remarque", "Remarque", ("erich", "maria"), "Erich-Maria Remarque"),
        ("Remark", "Remark", ("erich", "paul"), "Erich Paul Remark"),  # implied (v4)
    )


def test_without_others_drops_the_surname_only():
    asked = surface(normalize(WILLIAMS[1]))
    text = "Venus Williams's serve won; the Williams sisters wept."
    found = other_persons(WILLIAMS[0], asked, text)
    assert [other.mention for other in found] == ["Venus Williams"]
    assert without_others(text, found, False) == "Venus's serve won; the Williams sisters wept."
    canonical = surface(normalize(text))
    assert without_others(canonical, found, True).startswith("venus's serve won")


def test_the_mention_as_written():
    """A mention with diacritics is named as the answer writes it, not folded."""
    found = other_persons(BRONTE[0], surface(normalize(BRONTE[1])), "It was Anne Brontë.")
    assert [other.mention for other in found] == ["Anne Brontë"]
    graded = grade(*BRONTE, "It was Anne Brontë.")
    assert graded.labels == (
        'another person of the key\'s surname: "Anne Brontë", key "Charlotte Brontë"',
    )


# --- a given name's other forms ------------------------------------------------------------

SAME = [
    ("Jimmy", "James"),
    ("James", "Jimmy"),
    ("Bill", "William"),
    ("Will", "William"),
    ("Bob", "Robert"),
    ("Dick", "Richard"),
    ("Liz", "Elizabeth"),
    ("Peggy", "Margaret"),
    ("Ted", "Edward"),
    ("Ted", "Theodore"),
    ("J.", "James"),  # an initial
    ("B.", "William"),  # the initial of a pet form
    ("Élisabeth", "Elisabeth"),  # diacritics
    ("RICHARD", "Richard"),
]
NOT_SAME = [
    ("Edward", "Theodore"),  # rows do not chain through "Ted"
    ("Ira", "George"),
    ("Percy", "Mary"),
    ("I.", "George"),
    ("John", "Ian"),  # a cognate: may be the same, but not said by itself
    ("Pyotr", "Peter"),
    ("", "George"),
    ("George", ""),
]


@pytest.mark.parametrize(("name", "key_name"), SAME, ids=case_id)
def test_same_given_name(name, key_name):
    assert same_given_name(name, key_name)
    assert may_be_same_given_name(name, key_name)


@pytest.mark.parametrize(("name", "key_name"), NOT_SAME, ids=case_id)
def test_not_the_same_given_name(name, key_name):
    assert not same_given_name(name, key_name)


@pytest.mark.parametrize(
    ("name", "key_name", "expected"),
    [
        ("John", "Ian", True),
        ("Pyotr", "Peter", True),
        ("Pete", "Pyotr", True),  # a pet form of a cognate
        ("Giovanni", "Gianni", True),
        ("Ivan", "Jack", True),  # a cognate of a pet form's name
        ("Theodore", "Fyodor", True),
        ("Auguste", "Augustus", True),  # Rodin's name in English
        ("Marco", "Mark", True),
        ("Rodolfo", "Rudolph", True),
        ("Cristiano", "Christian", True),
        ("Nikolai", "Nicholas", True),  # the last tsar's name in English
        ("Pavel", "Paul", True),
        ("Vincenzo", "Vincent", True),
        ("I.", "John", True),  # the initial of a cognate ("Ivan", "Ian")
        ("Gio", "John", False),  # a word the initial of none: never a prefix of a name
        # (v4) the name clipped, either way round: no listed name, three letters or more
        ("Rafa", "Rafael", True),  # sport
        ("Seb", "Sebastian", True),
        ("Nico", "Nicolas", True),  # politics
        ("Jonathan", "Jon", True),  # literature: the key clipped
        ("Kristof", "Kristoffer", True),  # business
        # never a listed name (a name of its own), one letter short, two letters, first letters
        ("Paul", "Paula", False),
        ("Paul", "Pauline", False),
        ("Carl", "Carla", False),  # music
        ("Adrian", "Adriana", False),  # a feminine ending
        ("Justine", "Justin", False),
        ("Ro", "Roger", False),
        ("Serena", "Sergio", False),
        ("Ira", "George", False),
        ("Jo", "Jonathan", False),  # Jo is Joseph's and Josephine's
        ("Jack", "Jackie", False),  # another name's pet form (John's)
        ("Ira", "George", False),
        ("Donald", "Gianni", False),
        ("", "George", False),
        ("George", "", False),
    ],
    ids=case_id,
)
def test_may_be_same_given_name(name, key_name, expected):
    assert may_be_same_given_name(name, key_name) is expected


@pytest.mark.parametrize(
    ("accepted", "question", "answer", "verdict"),
    [
        # a form of the key's given name says the key, with no surname answer
        (
            ("Edward Moore Kennedy",),
            "Which senator crashed at Chappaquiddick?",
            "Ted Kennedy",
            CORRECT,
        ),
        (("William Clinton",), "Who was president in 1995?", "Bill Clinton.", CORRECT),
        (("Bill Clinton",), "Who was president in 1995?", "William Clinton.", CORRECT),
        (("Robert Zimmerman",), "Who wrote Blowin' in the Wind?", "Bob Dylan", WRONG),  # no surname
        # a cognate alone does not: a reader decides
        (("Ian Fleming",), "Who created James Bond?", "John Fleming", UNJUDGED),
        (("Lev Tolstoy",), "Who wrote War and Peace?", "Leo Tolstoy", UNJUDGED),
        # (v4) nor a clipped one: never another person, but no form the table vouches for
        (("Rafael Nadal",), "Who won the French Open in 2022?", "Rafa Nadal", UNJUDGED),
        (("Sebastian Coe",), "Who chaired the London 2012 committee?", "It was Seb Coe.", UNJUDGED),
        (("Rafael Nadal", "Nadal"), "Who won the French Open in 2022?", "Rafa Nadal", CORRECT),
    ],
    ids=case_id,
)
def test_a_form_of_the_given_name_says_the_key(accepted, question, answer, verdict):
    assert grade(accepted, question, answer).verdict == verdict


# (v4) A key whose accepted answers all give a given name ("John A. Roebling / John Augustus
# Roebling / John Roebling"): the surname they end with is read as a surname answer the key
# implies, and another given name before it names another person. (key, question)
ROEBLING = (
    ("John A. Roebling", "John Augustus Roebling", "John Roebling"),
    "Who designed the Brooklyn Bridge and died before its construction began?",
)
NEWTON = (("Isaac Newton", "Sir Isaac Newton"), "Who formulated the laws of motion?")
OWENS = (("Jesse Owens", "James Cleveland Owens"), "Who won four golds at the Berlin Olympics?")
THATCHER = (("Margaret Thatcher",), "Who was the first woman to be British prime minister?")
ELLINGTON = (("Duke Ellington", "Edward Kennedy Ellington"), "Who composed Mood Indigo?")
MARSHALL_FULL = (("John Marshall",), "Which chief justice wrote Marbury v. Madison?")
GATES = (("Bill Gates", "William Henry Gates III"), "Who founded Microsoft with Paul Allen?")
BRONTE_FULL = (("Charlotte Brontë",), "Who wrote Jane Eyre?")
KEYNES = (("John Maynard Keynes",), "Which economist wrote the General Theory?")

IMPLIED_ANOTHER = [
    (ROEBLING, "Washington Roebling"),  # engineering: his son
    (ROEBLING, "The bridge was designed by Washington Roebling."),
    (NEWTON, "John Newton formulated them."),  # science
    (OWENS, "Michael Owens"),  # sport
    (THATCHER, "Denis Thatcher"),  # politics
    (ELLINGTON, "Mercer Ellington"),  # music
    (MARSHALL_FULL, "Thurgood Marshall"),  # law
    (GATES, "Melinda Gates"),  # business
    (BRONTE_FULL, "Emily Brontë"),  # literature
    (KEYNES, "Neville Keynes"),  # finance
]


@pytest.mark.parametrize(("key", "answer"), IMPLIED_ANOTHER, ids=case_id)
def test_another_person_of_a_surname_every_accepted_answer_implies(key, answer):
    accepted, question = key
    assert others(accepted, question, answer)
    graded = grade(accepted, question, answer)
    assert graded.verdict == WRONG, graded.labels
    assert graded.labels[0].startswith("another person of the key's surname")


IMPLIED_NEVER = [
    (ROEBLING, "J. Roebling"),  # an initial
    (ROEBLING, "J. A. Roebling"),
    (ROEBLING, "Augustus Roebling"),  # a middle name used as the given name: the key's own
    (ROEBLING, "Mr Roebling"),  # a title
    (ROEBLING, "Roebling"),  # the surname alone: another rule's
    (ROEBLING, "Johann Roebling"),  # the given name in another language
    (NEWTON, "Sir Isaac Newton"),
    (OWENS, "James Owens"),  # the key's own given name
    (OWENS, "Jimmy Owens"),  # a pet form of it
    (THATCHER, "Maggie Thatcher"),
    (THATCHER, "Baroness Thatcher"),  # a rank
    (ELLINGTON, "Edward Ellington"),
    (GATES, "William Gates"),
    (KEYNES, "J. M. Keynes"),
    (KEYNES, "Maynard Keynes"),  # a middle name of the key's
    (BRONTE_FULL, "Charlotte and Emily Brontë"),  # names joined: the key's among them
    (BRONTE_FULL, "the brontë sisters"),  # lower case, and the plural
]


@pytest.mark.parametrize(("key", "answer"), IMPLIED_NEVER, ids=case_id)
def test_never_another_person_of_an_implied_surname(key, answer):
    accepted, question = key
    assert not others(accepted, question, answer)
    graded = grade(accepted, question, answer)
    assert not any(label.startswith("another person") for label in graded.labels)


def test_another_person_beside_the_key_of_an_implied_surname():
    """Another person named, and the key said too: the key is said."""
    assert others(*GATES, "Bill Gates and Melinda Gates")
    assert grade(*GATES, "Bill Gates and Melinda Gates").verdict == CORRECT


def test_an_implied_surname_in_a_question_for_no_person():
    """A key shaped as a full name, asked by a question for a thing: no person is read."""
    assert not others(("Golden Brown",), "What colour is a fawn's coat?", "Light Brown")


@pytest.mark.parametrize(
    ("key", "answer"),
    IMPLIED_ANOTHER + IMPLIED_NEVER + ANOTHER + NEVER + SAID_TOO,
    ids=case_id,
)
def test_says_key_equals_its_rule_with_implied_surnames(key, answer):
    """`grader.rules.content_check.says_key` reads only the surname answers a key lists (its
    shortcut): with the implied ones read too, as the rule has it, it says the same."""
    from grader.rules.content_check import _says_any, says_key
    from grader.rules.surface import dated
    from grader.rules.surface_match import two_names

    accepted, question = key
    asked = surface(normalize(question))
    undated = surface(normalize(answer), dates=False)
    said = dated(undated)
    found = other_persons(accepted, asked, answer, implied=True)
    surnames = {other.accepted for other in found}
    by_rule = (
        _says_any(tuple(a for a in accepted if a not in surnames), said, undated, answer, asked)
        or _says_any(
            tuple(a for a in accepted if a in surnames),
            without_others(said, found, True),
            without_others(undated, found, True),
            without_others(answer, found, False),
            asked,
        )
        or two_names(accepted, said)
    )
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    assert says_key(gold, said, undated, answer, asked) == by_rule


# (v4) An accepted answer read without its qualifiers in brackets (a bracket set off by spaces: a
# year, a nickname, a role), never without a bracket glued to a word, which is part of its words
# (`grader.rules.surface_forms.without_asides`): a name so written is no full name, and nothing is
# known of the key's given name. (accepted, the surname answers as (listed, plain, own names))
BRACKETED_KEYS = {
    "literature, a year set off": (
        ("Mary Shelley (1797-1851)", "Shelley"),
        [("Shelley", "Shelley", ("mary",))],
    ),
    "sport, a nickname set off": (
        ("Earvin (Magic) Johnson", "Johnson"),
        [("Johnson", "Johnson", ("earvin",))],
    ),
    "science, a role set off on both": (
        ("Marie Curie (physicist)", "Curie (physicist)"),
        [("Curie (physicist)", "Curie", ("marie",))],
    ),
    # never: a bracket glued to a word is part of the name
    "sport, a nickname glued to the given name": (("Earvin(Magic) Johnson", "Johnson"), []),
    "music, letters glued to the given name": (("Johann(es) Brahms", "Brahms"), []),
}


@pytest.mark.parametrize(
    ("accepted", "answers"), list(BRACKETED_KEYS.values()), ids=list(BRACKETED_KEYS.keys())
)
def test_a_key_s_qualifier_in_brackets_is_dropped_and_a_glued_bracket_kept(accepted, answers):
    found = [(listed, plain, names) for listed, plain, names, _full in surname_answers(accepted)]
    assert found[: len(answers)] == answers
    assert len(found) == len(answers) or answers


# (accepted, question, answer, verdict)
BRACKETED_ANSWERS = {
    "sport, the player by the nickname glued into his key": (
        ("Earvin(Magic) Johnson", "Johnson"),
        "Who was the Lakers guard of the Showtime era?",
        "Magic Johnson, the point guard.",
        CORRECT,
    ),
    "music, the composer by the longer form the key glues in": (
        ("Johann(es) Brahms", "Brahms"),
        "Who composed A German Requiem?",
        "It was Johannes Brahms.",
        CORRECT,
    ),
    # still: another person beside a key whose qualifier is set off
    "literature, another poet beside a year": (
        ("Mary Shelley (1797-1851)", "Shelley"),
        "Who wrote Frankenstein?",
        "Percy Bysshe Shelley wrote it.",
        WRONG,
    ),
    "sport, another athlete beside a nickname": (
        ("Earvin (Magic) Johnson", "Johnson"),
        "Who was the Lakers guard known as Magic?",
        "Ben Johnson.",
        WRONG,
    ),
    "science, another laureate beside a role": (
        ("Marie Curie (physicist)", "Curie (physicist)"),
        "Who was the first woman to win a Nobel Prize?",
        "Pierre Curie",
        WRONG,
    ),
}


@pytest.mark.parametrize(
    ("accepted", "question", "answer", "verdict"),
    list(BRACKETED_ANSWERS.values()),
    ids=list(BRACKETED_ANSWERS.keys()),
)
def test_a_glued_bracket_is_part_of_the_key_s_name(accepted, question, answer, verdict):
    """ "Earvin(Magic) Johnson" lost its glued bracket and was read as the full name "Earvin
    Johnson", so "Magic Johnson" was graded another person of the key's surname."""
    graded = grade(accepted, question, answer)
    assert graded.verdict == verdict, graded.labels

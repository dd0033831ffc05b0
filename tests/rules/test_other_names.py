"""Another name in the key's place (K005, DESIGN 4.6, grader/rules/other_names.py): what it
reads as something else of the key's kind, and what it must never read so (an abbreviation,
another spelling, another given name, a name given shorter or longer), and a name spelt apart or
misspelt that is the key, in cases written for this project (geography, zoology, finance,
transport timetables, history, music, software, sport, medicine, cooking, law, science).
"""

from __future__ import annotations

import pytest

from grader.rules.normalize import normalize
from grader.rules.other_names import (
    heard_apart,
    is_form_of,
    named_instead,
    named_kind_instead,
    scanned_apart,
    spelt_otherwise,
)
from grader.rules.surface import surface
from grader.rules.surnames import asks_for_person
from grader.rules.verdict import CORRECT, WRONG, Grader
from grader.schema import Answer, Gold
from tests.caseids import case_id

GRADER = Grader(citations=False)


def instead(accepted: tuple[str, ...], answer: str) -> bool:
    return named_instead(accepted, surface(normalize(answer)))


OTHER = [
    (("Mount Kilimanjaro", "Kilimanjaro"), "Mount Kenya"),
    (("Angora goat",), "The Angora rabbit."),
    (("Angora goat",), "An Angora rabbit."),
    (("red fox",), "A red squirrel."),
    (("International Monetary Fund", "IMF"), "International Monetary Foundation"),
    (("Lake Victoria",), "Lake Tanganyika"),
    (("Bank of England",), "Bank of Scotland"),
    (("platform 9",), "Platform 4"),
    (("1 hour 45 minutes", "105 minutes"), "1 hour 35 minutes"),
    (("Battle of Hastings",), "the Battle of Agincourt"),
    (("Python 3",), "Python 2"),
    (("Henry VIII",), "Henry VII"),
    # a word with a digit is a form only of the same word: carbon monoxide is no carbon dioxide
    (("CO2 laser",), "A CO laser."),
]


@pytest.mark.parametrize(("accepted", "answer"), OTHER, ids=case_id)
def test_another_name_in_the_key_place(accepted, answer):
    assert instead(accepted, answer)
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    graded = GRADER.grade(Answer(qid="q", kind="answerable", question="", gold=gold, answer=answer))
    assert graded.verdict == WRONG
    assert any(label.startswith("another name in the key's place") for label in graded.labels)


SPARED = [
    # an abbreviation of the key's word
    (("Mount Kilimanjaro",), "Mt Kilimanjaro"),
    (("Saint Petersburg",), "St. Petersburg"),
    (("Fort Worth",), "Ft Worth"),
    # another spelling of it
    (("Alexey Pajitnov", "Alexey Pazhitnov"), "Alexei Pajitnov"),
    (("Gillian Anderson",), "Gillian Andersen"),
    (("Pyotr Tchaikovsky",), "Piotr Tchaikovsky"),
    # only the first word replaced: another given name may be the same person
    (("Lev Tolstoy",), "Leo Tolstoy"),
    (("William Clinton",), "Bill Clinton"),
    (("Proxima Centauri",), "Alpha Centauri"),
    # shorter or longer: the other rules read it
    (("Mount Kilimanjaro",), "Kilimanjaro"),
    (("Proxima Centauri",), "Alpha Centauri A"),
    (("Vincent van Gogh",), "Van Gogh painted it in 1889."),
    # a figure in another unit: perhaps the key converted
    (("9.8 m/s2",), "32 ft/s2"),
    (("100 °C",), "212 °F"),
    # the key itself, or a phrase of more words than a name
    (("Lake Victoria",), "Lake Victoria"),
    (("platform 9",), "Platform 9."),  # a full stop after the figure
    (("pleasure at someone else's misfortune",), "Taking pleasure in other people's misfortune."),
    # said in its forms against another accepted answer
    (("Angora goat", "Angora rabbit goat"), "Angora goat"),
]


@pytest.mark.parametrize(("accepted", "answer"), SPARED, ids=case_id)
def test_what_is_not_another_name(accepted, answer):
    assert not instead(accepted, answer)


@pytest.mark.parametrize(
    ("word", "key_word", "form"),
    [
        ("mt", "mount", True),
        ("intl", "international", True),
        ("alexei", "alexey", True),
        ("kenya", "kilimanjaro", False),
        ("foundation", "fund", False),  # longer: not an abbreviation of it
        ("35", "45", False),  # a number is a form of another only when equal
        ("45", "45", True),
        ("co", "co2", False),  # a word with a digit: a form only of the same word
        ("co2", "co", False),
    ],
    ids=case_id,
)
def test_a_form_of_a_key_word(word, key_word, form):
    assert is_form_of(word, key_word) is form


# A name spelt one letter apart (`spelt_otherwise`): the key, in cases of several registers.
SPELT = [
    (("Fred Trueman",), "The first to 300 Test wickets was Fred Truman.", "vowel"),  # cricket
    (("Dmitri Shostakovich",), "It was composed by Dimitri Shostakovich in 1941.", "vowel"),
    (("Micky Dolenz",), "He found fame as Mickey Dolenz of the Monkees.", "vowel"),  # music
    (("Hanukkah",), "The festival of lights is Hanukah.", "doubled"),  # religion
    (("Philip Larkin",), "The poem is by Phillip Larkin.", "doubled"),  # literature
    (("Notts County",), "Nots County holds the record.", "doubled"),  # football
    (("Rosh Hashanah",), "Rosh Hashana", "final h"),  # calendars
    (("Sarah Gilbert",), "The vaccine team was led by Sara Gilbert.", "final h"),  # medicine
    (("Judit Polgar",), "The youngest grandmaster then was Judith Polgar.", "final h"),  # chess
    (("Alexey Pajitnov",), "Alexei Pajitnov", "final y"),  # games
    (("Marsellaise",), "The anthem is La Marseillaise.", "vowel"),
    (("Ciprofloxacin",), "Start ciproffloxacin twice daily.", "doubled"),  # a typo, medicine
    (("Kubernetes",), "Deploy it with Kubernettes.", "doubled"),  # software
]

NOT_SPELT = [
    (("Gambia",), "Zambia"),  # another first letter
    (("Tom Hanks",), "Tom Banks starred in it."),
    (("Airbus A380",), "Airbus A3800"),  # a word with a figure is no name to spell
    (("Niger",), "Nigeria"),  # another ending
    (("Louis Armstrong",), "Louise Armstrong"),
    (("Austria",), "Austrian"),
    (("North Carolina",), "North Caroline"),
    (("Iran",), "Iraq"),  # another consonant; and short
    (("Benton Harbor",), "Brenton Harbor"),
    (("Wales",), "The answer is whales."),  # an h after a consonant
    (("Slovenia",), "Slovakia"),  # two letters apart
    (("Austria",), "Australia"),
    (("Jon Voight",), "John Voight"),  # a short word
    (("Carl Wilson",), "Carol Wilson"),
    (("acetylsalicylic acid",), "Salicylic acid"),  # a prefix
    (("Metoclopramide",), "Give metoclopramid IV."),  # a final vowel dropped: another ending
    (("Harry Truman",), "It was not Harry Trueman but Dewey."),  # a mention rejected
    (("Fred Trueman",), "Fred Trueman"),  # the key itself is said, not spelt apart
    (("Fred Trueman",), "Fred Truman or Brian Statham, I think."),  # alternatives left open
]


# A key misspelt by a small model (`spelt_otherwise`): the key, in lower case, repeated or cut
# off as such a model writes it, in cases of several registers.
MISSPELT = [
    (("Guatemala",), "guatamala. guatamala is in central america", "vowel"),  # geography
    (("paracetamol",), "Give paracetemol 1 g every six hours.", "vowel"),  # medicine
    (("Novak Djokovic",), "novak djokavic won that final in four sets", "vowel"),  # sport
    (("meringue",), "it is a merangue, whisked egg white and", "vowel"),  # cooking
    (("magistrates' court",), "the magestrates court", "vowel"),  # law
    (("Wednesday",), "The treaty was signed on a Wendesday.", "consonants swapped"),  # history
    (("chipotle",), "a chipolte pepper, a smoked jalapeno", "consonants swapped"),  # cooking
    (("Albert Einstein",), "albert einstien", "e and vowel swapped"),  # science
    (("Michael Faraday",), "Micheal Faraday discovered it in 1831.", "e and vowel swapped"),
    (("turmeric",), "tumeric gives the curry its colour", "consonant dropped"),  # cooking
    (("February Revolution",), "the febuary revolution of 1917", "consonant dropped"),  # history
    (("Connecticut",), "conneticut conneticut", "consonant dropped"),  # geography
    (("Michael Schumacher",), "michael schumacer, seven titles", "consonant dropped"),  # sport
    (("Leonardo da Vinci",), "leonardo de vinci painted it", "particle"),  # art
    (("Ludwig van Beethoven",), "It was Ludwig von Beethoven.", "particle"),  # music
    (("Hernando de Soto",), "the spanish explorer hernando da soto", "particle"),  # history
]

NOT_MISSPELT = [
    (("capital",), "The capitol of the state is Albany."),  # a vowel in the last three letters
    (("sulfate",), "It is a sulfite."),  # chemistry
    (("stationery",), "stationary"),
    (("microscopic",), "macroscopic"),  # a vowel in the first three letters
    (("Grenada",), "Granada"),
    (("Hartford",), "hertford"),
    (("dependents",), "dependants"),  # "a" for "e" before "n" or "r": suffixes
    (("ethanol",), "ethenol"),  # chemistry's names
    (("alkenes",), "The alkanes are saturated."),
    (("Stamford",), "Stanford"),  # another consonant
    (("franchise",), "francaise"),  # a vowel for a consonant: another word
    (("martial law",), "marital law"),  # a vowel swapped with a consonant moves a syllable
    (("prefect",), "perfect"),
    (("complaint",), "compliant"),  # two vowels without an "e"
    (("diaries",), "dairies"),
    (("chipotle",), "chitople"),  # two letters swapped across a third
    (("Wednesday",), "Wendesdya"),  # two slips in one word
    (("Forster",), "Foster"),  # a consonant from a run of three
    (("prostrate",), "the prostate"),  # medicine
    (("Thompson",), "thomson"),
    (("Barkley",), "Barley"),
    (("Brenton",), "Benton"),  # at the word's edge
    (("Stanford",), "Sanford"),
    (("Frederick",), "Frederic"),
    (("Stanley",), "Staley"),  # a shorter word
    (("Carter",), "Cater"),
    (("Wiener",), "Weiner"),  # (two surnames)
    (("Salem",), "Salam"),
    (("Marion",), "Marian"),
    (("causal",), "casual"),
    (("trial",), "trail"),
    (("Du Fu",), "Da Fu"),  # a particle that opens or ends a name: perhaps the name itself
    (("Zhu De",), "Zhu Da"),
    (("Willem de Kooning",), "Willem van Kooning, the Dutch-born painter"),  # another language
    (("Leonardo da Vinci",), "Leonardo la Vinci"),  # an article is no particle of "of"
    (("1945",), "1954"),  # a number
    (("Boeing 747",), "Boeing 774"),
    (("Novak Djokovic",), "It was not novak djokavic."),  # a mention rejected
]


@pytest.mark.parametrize(("accepted", "answer", "how"), SPELT + MISSPELT, ids=case_id)
def test_a_name_spelt_one_letter_apart_is_the_key(accepted, answer, how):
    assert spelt_otherwise(accepted, surface(normalize(answer))), how
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    graded = GRADER.grade(Answer(qid="q", kind="answerable", question="", gold=gold, answer=answer))
    assert graded.verdict == CORRECT, graded.labels


@pytest.mark.parametrize(("accepted", "answer"), NOT_SPELT + NOT_MISSPELT, ids=case_id)
def test_what_is_not_a_name_spelt_apart(accepted, answer):
    assert not spelt_otherwise(accepted, surface(normalize(answer)))


# A person's name spelt as heard (`spelt_otherwise` with `heard_apart`): the key, in cases of
# several registers, written as people text them (lower case) and in sentences.
WHO = "Who was it?"
HEARD = [
    # the same letters as heard: doubled letters single, a silent letter
    (("Margaret Thatcher",), "margaret thacher", WHO, "silent t"),  # politics
    (("Otto von Bismarck", "Bismarck"), "otto von bismark", WHO, "silent c"),  # history
    (("Heinrich Schliemann", "Schliemann"), "schliemman, at hisarlik", "", "two doublings"),
    (("Pachelbel",), "pachellbell i reckon", "Who composed the Canon in D?", "two doublings"),
    # one vowel for another, the name's other words exact
    (("Ruth Bader Ginsburg",), "ruth bader ginsberg", WHO, "vowel"),  # law
    (("Rosalind Franklin",), "Rosalind Franklen took photo 51.", "", "vowel"),  # science
    (("Elizabeth Blackwell",), "elizabath blackwell, 1849", WHO, "vowel"),  # medicine
    (("Nadia Comaneci",), "Nadia Comanici scored the first perfect 10.", "", "vowel"),  # sport
    (("Eleanor Roosevelt",), "eleanor roosevalt", WHO, "vowel"),  # history
    (("Katherine Parr",), "Katharine Parr", "", "vowel"),  # (refused in an ordinary word)
    (("Auguste Escoffier",), "auguste escoffiar wrote it", "", "vowel"),  # cooking
    (("Vivien Leigh",), "vivian leigh", "Who played Scarlett O'Hara?", "vowel"),  # film
    (("Charlotte Brontë",), "charlotte bronty", "Who wrote Jane Eyre?", "final y"),  # literature
    (("Gordon Ramsay",), "gordon ramsey", WHO, "vowel"),  # cooking
]

NOT_HEARD = [
    # another person of a similar name
    (("John Adams",), "Jane Addams", WHO),  # two words apart
    (("Bill Clinton",), "Bill Clifton", WHO),  # another consonant
    (("Anne Boleyn",), "Mary Boleyn", WHO),  # another given name
    (("Paul Newman",), "Paul Neumann", WHO),  # another letter for a sound
    (("Catherine Deneuve",), "Katherine Deneuve", WHO),  # another first letter
    (("Simone Biles",), "simona biles", WHO),  # a given name's ending
    (("Louis Pasteur",), "louise pasteur", WHO),
    (("Jon Voight",), "John Voight", WHO),  # a short word
    (("Max Planck",), "max plank", WHO),
    (("Rosalind Franklin",), "rosalind frenklen", WHO),  # two vowel slips in a word
    (("Ruth Bader Ginsburg",), "ruth bater ginsberg", WHO),  # two words slipped
    (("Ernest Rutherford",), "ernest rutherfort", WHO),  # a heard consonant replaced
    (("Nielsen",), "nielson", WHO),  # a surname alone: no exact word to vouch for the person
    (("Petersen",), "It was Peterson.", WHO),
    (("Rosalind Franklin",), "rosalynd", WHO),  # a given name alone
    # a place or a thing, the question asking for none
    (("Austria",), "Australia", "Which country?"),
    (("Niger",), "Nigeria", "Which country?"),
    (("sodium sulfate",), "sodium sulfite", "Which salt is it?"),
    (("Provence",), "provance", "Which French region?"),
    # a mention rejected, alternatives left open
    (("Margaret Thatcher",), "not margaret thacher", WHO),
    (("Eleanor Roosevelt",), "eleanor roosevalt or edith wilson, not sure", WHO),
]


def _asks_for_person(question: str) -> bool:
    return asks_for_person(surface(normalize(question)))


@pytest.mark.parametrize(("accepted", "answer", "question", "how"), HEARD, ids=case_id)
def test_a_person_name_spelt_as_heard_is_the_key(accepted, answer, question, how):
    assert spelt_otherwise(accepted, surface(normalize(answer)), _asks_for_person(question)), how
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    record = Answer(qid="q", kind="answerable", question=question, gold=gold, answer=answer)
    graded = GRADER.grade(record)
    assert graded.verdict == CORRECT, graded.labels


@pytest.mark.parametrize(("accepted", "answer", "question"), NOT_HEARD, ids=case_id)
def test_what_is_not_a_person_name_spelt_as_heard(accepted, answer, question):
    assert not spelt_otherwise(accepted, surface(normalize(answer)), _asks_for_person(question))


@pytest.mark.parametrize(
    ("word", "key_word", "among_exact", "heard"),
    [
        ("thacher", "thatcher", False, True),  # the same letters as heard, alone too
        ("ginsberg", "ginsburg", True, True),
        ("ginsberg", "ginsburg", False, False),  # a vowel slip needs the name's exact words
        ("bronta", "bronte", True, False),  # a final vowel for another: an ending
        ("newmann", "neumann", True, False),  # a "w" for a "u"
        ("thatcher", "thatcher", True, False),  # the key word itself is no slip
    ],
    ids=case_id,
)
def test_a_word_of_a_name_heard_apart(word, key_word, among_exact, heard):
    assert heard_apart(word, key_word, among_exact) is heard


# A word as a scanner misreads it (`spelt_otherwise` with `scanned_apart`): the key, in text
# copied from scans in several registers.
SCANNED = [
    (("Hammurabi",), "The code of Harnmurabi was set up in Babylon.", "rn for m"),  # history
    (("Muhammad Ali",), "Muharnmad Ali beat Foreman in Kinshasa.", "rn for m"),  # sport
    (("Heston Blumenthal",), "the recipe of Heston Blurnenthal", "rn for m"),  # cooking
    (("Edward Jenner",), "Eclward Jenner, surgeon, of Berkeley", "cl for d"),  # medicine
    (("Clostridium tetani",), "CIostridium tetani, an anaerobe", "I for l"),  # science
    (("William Blackstone",), "the Commentaries of WiIliam BIackstone", "I for l"),  # law
    (("Gustav Mahler",), "Gustav Maliler conducted the premiere.", "li for h"),  # music
    (("William Wordsworth",), "Williarn Wordsvvorth, at Grasmere", "rn and vv"),  # literature
    (("sow",), "A female pig is a sovv.", "vv for w"),  # farming
    (("Anne Boleyn",), "Anne B0leyn was beheaded in 1536.", "0 for o"),  # history
    (("Apollo",), "the Apo11o programme", "1 for l"),  # spaceflight
]

NOT_SCANNED = [
    (("Kearney",), "Keamey"),  # the other way: the key's own "rn"
    (("Bern",), "It is Bem."),
    (("Marne",), "the Battle of the Mame"),
    (("dam",), "a clam"),  # a first letter read back
    (("ham",), "Liam"),
    (("lamb",), "an iamb"),
    (("Lister",), "1ister"),
    (("comet",), "a cornet"),  # a word of fewer than six letters read back from letters
    (("stem",), "the stern"),
    (("modem",), "a modern one"),
    (("flat",), "a fiat"),
    (("Delia Smith",), "Delia Srnith"),  # (a short word: the cost)
    (("Jennings",), "Jemings"),  # another confusion
    (("Hammurabi",), "Harnmurrabi"),  # misread and misspelt at once
    (("Edward Jenner",), "It was not Eclward Jenner."),  # a mention rejected
]


@pytest.mark.parametrize(("accepted", "answer", "how"), SCANNED, ids=case_id)
def test_a_word_as_a_scanner_misreads_it_is_the_key(accepted, answer, how):
    assert spelt_otherwise(accepted, surface(normalize(answer))), how
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    graded = GRADER.grade(Answer(qid="q", kind="answerable", question="", gold=gold, answer=answer))
    assert graded.verdict == CORRECT, graded.labels


@pytest.mark.parametrize(("accepted", "answer"), NOT_SCANNED, ids=case_id)
def test_what_is_not_a_word_as_a_scanner_misreads_it(accepted, answer):
    assert not spelt_otherwise(accepted, surface(normalize(answer)))
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    graded = GRADER.grade(Answer(qid="q", kind="answerable", question="", gold=gold, answer=answer))
    assert graded.verdict != CORRECT, graded.labels


@pytest.mark.parametrize(
    ("word", "key_word", "scanned"),
    [
        ("sernmelweis", "semmelweis", True),
        ("sovv", "sow", True),  # "vv" and digits in a word of three letters
        ("cornets", "comets", True),  # (words of their own these bounds let through: the cost)
        ("cornet", "comet", False),
        ("kearney", "kearney", False),  # the key word itself is no misreading
        ("keamey", "kearney", False),
        ("ow", "ow", False),
        ("sovv", "so", False),  # a key word of two letters
    ],
    ids=case_id,
)
def test_a_word_scanned_apart(word, key_word, scanned):
    assert scanned_apart(word, key_word) is scanned


# Another thing of the key's kind named in a sentence (`named_kind_instead`): another name
# before the same head.
KIND_INSTEAD = [
    (("Kyoto Protocol",), "The binding targets were set by the Montreal Protocol.", ""),  # climate
    (("Ryder Cup",), "It was the Davis Cup, first played in 1900.", ""),  # sport
    (("Menlo Park",), "Edison worked at the Thomas Edison National Historical Park.", ""),
    (("Geneva Convention",), "That rule comes from the Hague Convention of 1907.", ""),  # law
    (("Royal Free Hospital",), "She trained at St Thomas Hospital in London.", ""),  # medicine
    (("Orteig Prize",), "His flight won the Ansari X Prize.", ""),  # a name's word of one letter
]
KIND_NOT_INSTEAD = [
    (("James Webb",), "It was written by Jimmy Webb.", ""),  # a surname: no kind
    (("Lake Victoria",), "The Nile rises in Lake Tana.", ""),  # the head is not last
    (
        ("Ryder Cup",),
        "Unlike the Davis Cup, it is played by golfers.",
        "Is the Ryder Cup the Davis Cup?",
    ),
    (("Ryder Cup",), "It is not the Davis Cup.", ""),  # rejected
    (("The Breakthrough Prizes",), 'They are the "Breakthrough of the Year Prizes".', ""),
    (("The Breakthrough Prizes",), 'They are the "Breakthrough ofthe Year Prizes".', ""),  # glued
    (("Queen's Award",), "The firm won the Duke of Edinburgh Award.", ""),  # "of" alone
    (("Our galaxy",), "It is the Earth's galaxy.", ""),  # no name; a possessive
    (("Napoleonic Army",), "Napoleon's army won.", ""),  # a possessive describes
    (("carbon tax",), "It is a Pigouvian tax.", ""),  # a key in lower case
    (("Mount Fuji Park",), "It is the Mt Fuji Park.", ""),  # a form of the key's own word
    (("Gatwick Airport",), "Flights leave from Gatwick Airport.", ""),  # the key itself
]


@pytest.mark.parametrize(("accepted", "answer", "question"), KIND_INSTEAD, ids=case_id)
def test_another_thing_of_the_key_kind(accepted, answer, question):
    assert named_kind_instead(accepted, answer, question)
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    record = Answer(qid="q", kind="answerable", question=question, gold=gold, answer=answer)
    graded = GRADER.grade(record)
    assert graded.verdict == WRONG, graded.labels


@pytest.mark.parametrize(("accepted", "answer", "question"), KIND_NOT_INSTEAD, ids=case_id)
def test_what_is_not_another_thing_of_the_key_kind(accepted, answer, question):
    assert not named_kind_instead(accepted, answer, question.lower())

"""A key that names several things (K004, DESIGN 4.6, grader/rules/lists.py): which keys are
lists, which of their items an answer says, and the verdicts that follow, in cases written for
this project (literature, chemistry, sport, music, cooking, law, geography, history); for each,
what the family reads and what it must never read.
"""

from __future__ import annotations

import pytest

from grader.rules.lists import (
    asks_for_one,
    asks_for_several,
    count_in_query,
    lines_listed,
    list_items,
    list_readings,
    two_things_asked,
)
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG
from tests.caseids import case_id
from tests.rules.shipped import grade

# --- which keys are lists ------------------------------------------------------------------------

LISTS = {
    "three-sisters": (
        "Charlotte, Emily and Anne",
        "Name the three Brontë sisters who published novels.",
        ("Charlotte", "Emily", "Anne"),
    ),
    "ampersand-two": ("Rodgers & Hammerstein", "Which two men wrote Oklahoma!?", None),
    "oxford-comma": (
        "flour, butter, and sugar",
        "List the ingredients of a basic shortbread.",
        ("flour", "butter", "sugar"),
    ),
    "both": ("the House and the Senate", "Both chambers of Congress are called what?", None),
    "no-space-after-comma": (
        "flour,butter and sugar",
        "List the ingredients of a basic shortbread.",
        ("flour", "butter", "sugar"),
    ),
    "shared-surname": (
        "Malcolm & Donald Campbell",
        "Which two Campbells held the water speed record?",
        ("Malcolm", "Donald"),
    ),
    # (v4) a count in a search query, as many as the key's items
    "query-count": (
        "legislative, executive and judicial",
        "three branches of government us",
        ("legislative", "executive", "judicial"),
    ),
    "query-count-long-item": (
        "House of Representatives and Senate",
        "two houses of congress",
        ("House of Representatives", "Senate"),
    ),
    "query-digit-count": ("mitosis and meiosis", "2 types of cell division", None),
    "opening-count": ("Tigris and Euphrates", "Two rivers of Mesopotamia?", None),
    # (v4) names of two words or more, whatever the question
    "founders-who": ("Bill Gates and Paul Allen", "Who founded Microsoft?", None),
    # (v4) a question that asks two things, a key of two parts set apart by a semicolon
    "two-asked-semicolon": (
        "Karl Marx; Friedrich Engels",
        "Who wrote the Manifesto and who paid for it?",
        ("Karl Marx", "Friedrich Engels"),
    ),
    "two-asked-and": (
        "Magellan and Elcano",
        "Who set out, and who came home?",
        ("Magellan", "Elcano"),
    ),
    "semicolon-counted": (
        "thyme; parsley; bay",
        "Name the three herbs of a bouquet garni.",
        ("thyme", "parsley", "bay"),
    ),
    "brothers-full-names": (
        "Orville Wright and Wilbur Wright",
        "Who made the first powered flight?",
        ("Orville Wright", "Wilbur Wright"),
    ),
    "particle-in-a-name": (
        "Leonardo da Vinci and Michelangelo Buonarroti",
        "Who painted the rival battle murals in the Palazzo Vecchio?",
        ("Leonardo da Vinci", "Michelangelo Buonarroti"),
    ),
    "duo-of-full-names": ("Daryl Hall and John Oates", "Who recorded Maneater?", None),
    "plural-kind-in-capitals": (
        "John Lennon and Paul McCartney",
        "Which Beatles wrote most of the songs?",
        ("John Lennon", "Paul McCartney"),
    ),
    "laureates-search": (
        "Jennifer Doudna and Emmanuelle Charpentier",
        "crispr nobel prize chemistry 2020",
        ("Jennifer Doudna", "Emmanuelle Charpentier"),
    ),
    # (v4) a noun that names the members of a whole
    "members-of": (
        "Freddie, Brian, Roger and John",
        "members of queen",
        ("Freddie", "Brian", "Roger", "John"),
    ),
    "founders-of-asked": ("Page and Brin", "Who were the founders of Google?", None),
    "members-last": ("Bono, The Edge, Adam Clayton and Larry Mullen", "u2 band members", None),
    "names-of": ("Athos, Porthos and Aramis", "names of the musketeers", None),
    # no last word shared with an item that opens with an article
    "last-item-with-article": (
        "Hannibal and the Carthaginian army",
        "Name the two who crossed the Alps with elephants.",
        ("Hannibal", "the Carthaginian army"),
    ),
    # "and" only as a word of its own: never the start or the end of a name's word
    "a word opening with and": (
        "the Alps and the Andes",
        "Which two mountain ranges did the expedition cross?",
        ("the Alps", "the Andes"),
    ),
    "a word opening with and after a comma": (
        "Bolivia, Andorra and Nepal",
        "Name three landlocked countries.",
        ("Bolivia", "Andorra", "Nepal"),
    ),
    "a word ending with and": (
        "Scotland and Wales",
        "Which two nations did England beat in the tournament?",
        ("Scotland", "Wales"),
    ),
    # the bounds: twelve items, an item of four words
    "twelve-items": (
        "Zeus, Hera, Poseidon, Demeter, Athena, Apollo, Artemis, Ares, Aphrodite, Hephaestus,"
        " Hermes and Dionysus",
        "Name the twelve Olympians.",
        (
            "Zeus",
            "Hera",
            "Poseidon",
            "Demeter",
            "Athena",
            "Apollo",
            "Artemis",
            "Ares",
            "Aphrodite",
            "Hephaestus",
            "Hermes",
            "Dionysus",
        ),
    ),
    "four-word-item": (
        "the Court of Appeal and the High Court",
        "Which two courts heard the appeal before the Supreme Court?",
        ("the Court of Appeal", "the High Court"),
    ),
}
LISTS["query-digit-count"] = (*LISTS["query-digit-count"][:2], ("mitosis", "meiosis"))
LISTS["opening-count"] = (*LISTS["opening-count"][:2], ("Tigris", "Euphrates"))
LISTS["founders-who"] = (*LISTS["founders-who"][:2], ("Bill Gates", "Paul Allen"))
LISTS["duo-of-full-names"] = (*LISTS["duo-of-full-names"][:2], ("Daryl Hall", "John Oates"))
LISTS["founders-of-asked"] = (*LISTS["founders-of-asked"][:2], ("Page", "Brin"))
LISTS["members-last"] = (
    *LISTS["members-last"][:2],
    ("Bono", "The Edge", "Adam Clayton", "Larry Mullen"),
)
LISTS["names-of"] = (*LISTS["names-of"][:2], ("Athos", "Porthos", "Aramis"))
LISTS["ampersand-two"] = (*LISTS["ampersand-two"][:2], ("Rodgers", "Hammerstein"))
LISTS["both"] = (*LISTS["both"][:2], ("the House", "the Senate"))


@pytest.mark.parametrize(("key", "question", "items"), LISTS.values(), ids=list(LISTS))
def test_a_list_key_and_its_items(key, question, items):
    assert list_items(key, question) == items


NOT_LISTS = {
    # the question asks for one thing
    "company-with-and": ("Procter and Gamble", "Which company makes Tide?"),
    "city-and-county": ("Newcastle, Tyne and Wear", "Which British city is on the Tyne?"),
    "duo-asked-as-one": ("Simon & Garfunkel", "Which duo recorded The Boxer?"),
    "name-one": ("Procter and Gamble", "Name the company that makes Tide."),
    "count-of-something-else": ("Newcastle, Tyne and Wear", "Which city has two cathedrals?"),
    # a date, an amount
    "date": ("July 14, 1789 and after", "Name the two dates."),
    "amount": ("$5 and $6", "Name the two fees."),
    "amounts-with-words": ("£5 million and £3 million", "Which two grants did the council award?"),
    # no "and": a place and its region
    "place-region": ("Washington, D.C.", "Name the capital of the United States."),
    # a phrase about a name, not names in a list
    "apposition": ("Laius, King of Thebes, and his queen, Jocasta", "Name the two parents."),
    "of-a-strip": ("Jeff, of Mutt and Jeff", "Name the two characters."),
    # more items than a list a question asks for
    "thirteen-items": (
        "a, b, c, d, e, f, g, h, i, j, k, l and m",
        "List the letters.",
    ),
    # an item that is a clause, not a name
    "long-item": (
        "prices rose sharply across the whole region and wages fell",
        "Name the two effects.",
    ),
    # (v4) names of one word, whatever the question: a firm, a duo, a county, a title
    "firm-asked-who": ("Procter and Gamble", "Who makes Tide?"),
    # (v4) a semicolon between accepted forms of one thing, asked for one thing
    "semicolon-one-asked": ("Paris; Lutetia", "Which city was the Roman Lutetia?"),
    "two-asked-three-parts": ("Lee; Grant; Sherman", "Who surrendered, and to whom?"),
    "and-before-a-verb": ("Rodgers and Hart", "Who wrote and sang it?"),
    "store-search": ("Marks and Spencer", "uk department store st michael brand"),
    "duo-asked-who": ("Simon & Garfunkel", "Who sang Mrs Robinson?"),
    "county-search": ("Tyne and Wear", "sunderland county"),
    "title-one-word-item": (
        "Bill & Ted's Excellent Adventure",
        "keanu reeves 1989 time travel film",
    ),
    "shared-surname-not-asked": ("Orville and Wilbur Wright", "Who made the first powered flight?"),
    # (v4) an item opening with an article or a pronoun, or in lower case: a title, a band
    "title-with-article": (
        "Harry Potter and the Chamber of Secrets",
        "second harry potter book",
    ),
    "title-of-articles": ("The Lion, the Witch and the Wardrobe", "first narnia book published"),
    "fairy-tale": ("Beauty and the Beast", "disney film with belle"),
    "names-with-a-date": ("Wilbur Wright and Orville Wright, 1903", "Who flew at Kitty Hawk?"),
    "names-with-an-amount": (
        "Jeff Bezos and MacKenzie Scott, $38 Billion",
        "Who split the fortune?",
    ),
    "title-of-capital-articles": ("The Owl and The Pussycat", "Who wrote a poem in 1871?"),
    "band-his": ("Bill Haley & His Comets", "Who recorded Rock Around the Clock?"),
    "lower-case-word": ("Pat Garrett and Billy the Kid", "1973 peckinpah western"),
    # (v4) names of two words asked as one thing of a kind named in the singular
    "agency": ("National Aeronautics and Space Administration", "Which agency flew Apollo 11?"),
    "what-agency": (
        "Occupational Safety and Health Administration",
        "What US agency enforces workplace safety?",
    ),
    "novella": ("Dr. Jekyll and Mr. Hyde", "Which Stevenson novella appeared in 1886?"),
    "what-is-the-title": ("Deathly Hallows and Half Blood", "What is the title of the book?"),
    # (v4) a plural noun alone, a member noun after "of": one thing, or one of them
    "capital-plural-noun": ("Amsterdam and The Hague", "capital of the netherlands"),
    "one-of-the-members": ("Benny and Bjorn", "the youngest of the members of abba"),
    "which-of-the-founders": (
        "Page and Brin",
        "Which of the founders of Google was born in Moscow?",
    ),
    # (v4) a count in a search query that is not the key's count, or joined to a title
    "other-count": ("Newcastle, Tyne and Wear", "two cathedrals city uk"),
    "count-in-a-title": ("Charlie and Alan", "two and a half men brothers"),
    "count-asked-with-which": ("Tigris and Euphrates", "Which country has two great rivers?"),
    "five-word-item": (
        "the Supreme Court of Canada and the Federal Court",
        "Which two courts heard the case?",
    ),
    # a count only after a word that asks, or a possessive and a space: not a quoted name
    # opening with "s" ("'Sten'")
    "quoted-name": ("Shepherd and Turpin", "Who designed the 'Sten' gun?"),
    "quoted-name-curly": ("Shepherd and Turpin", "Who designed the \u2019Sten\u2019 gun?"),
}


@pytest.mark.parametrize(("key", "question"), NOT_LISTS.values(), ids=list(NOT_LISTS))
def test_what_is_not_a_list_key(key, question):
    assert list_items(key, question) == ()


# (v4) what the question says of how many things it asks for

SEVERAL = [
    "Which two actors played the leads?",
    "Both chambers of Congress are called what?",
    "List the noble gases.",
    "members of abba",
    "Who were the founders of Google?",
    "What are the names of Odin's ravens?",
    "abba members",
    "Name the co-founders of Apple.",
    "Who were the cofounders of Wikipedia?",
    "Which couple married at Gretna Green in 1753?",  # (v4) a couple is two
    "Name the couple who ran the inn.",
]
NOT_SEVERAL = [
    "capital of the netherlands",
    "Which rivers meet at Koblenz?",
    "Who was the youngest of the members of ABBA?",
    "one of the founders of google",
    "What was the name of the first dog in space?",
    "Which city has two cathedrals?",
    "How old were the Beatles?",
    "founder of microsoft",
    "What does list2 hold after the loop?",  # a variable's name, no count after "list"
    "How long do a couple of eggs take to boil?",  # "a couple of": a few, not a pair asked
]


@pytest.mark.parametrize("question", SEVERAL)
def test_a_question_that_asks_for_several(question):
    assert asks_for_several(question)


@pytest.mark.parametrize("question", NOT_SEVERAL)
def test_a_question_that_does_not_ask_for_several(question):
    assert not asks_for_several(question)


COUNTS = [
    ("three branches of government us", 3),
    ("two houses of congress", 2),
    ("seven wonders of the ancient world", 7),
    ("Two rivers of Mesopotamia?", 2),
    ("us government 3 branches", 3),
    ("Which city has two cathedrals?", 0),  # a question word, the count not its opening
    ("two and a half men cast", 0),  # a count joined to a title
    ("Who wrote The Two Towers?", 0),
    ("highest mountain in africa", 0),
]


@pytest.mark.parametrize(("question", "count"), COUNTS, ids=case_id)
def test_the_count_a_search_query_names(question, count):
    assert count_in_query(question) == count


ONE_KIND = [
    ("Which agency flew Apollo 11?", True),
    ("Which US agency handles naturalization?", True),
    ("What company makes Tide?", True),
    ("What is the title of the last Harry Potter book?", True),
    ("Which famous duo wrote Oklahoma!?", True),
    ("Which scientists discovered the double helix?", False),  # a plural
    ("Which Beatles wrote most of the songs?", False),  # a plural in capitals
    ("Which Harry Potter novel came last?", True),
    ("What were the first men on the Moon called?", False),  # a verb after "what"
    ("What did Gates and Allen found?", False),
    ("Who founded Microsoft?", False),  # no kind named
    ("Which of the founders was born in Moscow?", False),
    ("first men on the moon", False),
]


@pytest.mark.parametrize(("question", "one"), ONE_KIND, ids=case_id)
def test_a_question_that_names_the_one_thing_it_asks_for(question, one):
    assert asks_for_one(question) == one


# --- the verdicts ------------------------------------------------------------------------------

SISTERS = ("Name the three Brontë sisters who published novels.", ("Charlotte, Emily and Anne",))
GASES = (
    "Which three gases make up almost all of dry air?",
    ("nitrogen, oxygen and argon", "nitrogen, oxygen, argon"),
)
RECORD = ("Which two Campbells held the water speed record?", ("Malcolm & Donald Campbell",))
JUDGES = ("Name the two judges who dissented.", ("Justice Harlan and Justice Holmes",))
DUO = ("Which two composers wrote Carousel?", ("Rodgers and Hammerstein",))
SHIPS = ("Name Columbus's three ships.", ("Nina, Pinta and Santa Maria",))
FOUNDERS = ("Who founded Microsoft?", ("Bill Gates and Paul Allen",))
CONGRESS = ("two houses of congress", ("House of Representatives and Senate",))
BRANCHES = ("three branches of government us", ("legislative, executive and judicial",))
BAND = ("members of queen", ("Freddie Mercury, Brian May, Roger Taylor and John Deacon",))

VERDICTS = [
    # some items, nothing else: partial, the items missed named
    (*SISTERS, "Charlotte and Emily Brontë.", PARTIAL, '"Anne"'),
    (*GASES, "Nitrogen and oxygen.", PARTIAL, '"argon"'),
    (*GASES, "Nitrogen.", PARTIAL, '"oxygen", "argon"'),
    (*RECORD, "Malcolm Campbell.", PARTIAL, '"Donald"'),
    (*JUDGES, "Justice Holmes dissented.", PARTIAL, '"Justice Harlan"'),
    # (v4) a key the question does not announce as a list
    (*FOUNDERS, "Bill Gates.", PARTIAL, '"Paul Allen"'),
    (*FOUNDERS, "Gates", PARTIAL, '"Paul Allen"'),
    (*FOUNDERS, "Paul Allen founded Microsoft in 1975.", PARTIAL, '"Bill Gates"'),
    (*CONGRESS, "the Senate", PARTIAL, '"House of Representatives"'),
    (*BRANCHES, "legislative and executive", PARTIAL, '"judicial"'),
    (*BAND, "Brian May and Roger Taylor.", PARTIAL, '"Freddie Mercury", "John Deacon"'),
    # items written with an article, in another order
    (*SHIPS, "the Santa Maria and the Pinta", PARTIAL, '"Nina"'),
    # every item, in any order: the key said
    (*SHIPS, "The Pinta, the Niña and the Santa Maria.", CORRECT, ""),
    (*FOUNDERS, "Paul Allen and Bill Gates", CORRECT, ""),
    (*CONGRESS, "The Senate and the House of Representatives.", CORRECT, ""),
    (*SISTERS, "Emily, Anne and Charlotte.", CORRECT, ""),
    (*GASES, "Argon, oxygen and nitrogen.", CORRECT, ""),
    (*RECORD, "Donald and Malcolm Campbell.", CORRECT, ""),
    (*DUO, "Hammerstein and Rodgers wrote it.", CORRECT, ""),
]


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdict", "missing"), VERDICTS, ids=case_id
)
def test_the_items_an_answer_says(question, accepted, answer, verdict, missing):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == verdict
    if missing:
        assert f"missing items of the key: {missing}" in grade_.labels


SPARED = [
    # (another thing in the place of a missing item: partial, see IN_PLACE below)
    # an item rejected is not said
    (*GASES, "Nitrogen, not oxygen.", {UNJUDGED, WRONG}),
    # no item said at all: the other text-key rules
    (*SISTERS, "Jane Austen.", {WRONG}),
    # a question asking for one thing: the key is one name, never partial
    ("Which company makes Tide?", ("Procter and Gamble",), "Procter.", {UNJUDGED, WRONG}),
    # (v4) names of one word asked by "who", a title, one agency's name
    ("Who sang Mrs Robinson?", ("Simon & Garfunkel",), "Simon.", {UNJUDGED, WRONG}),
    (
        "Which agency flew Apollo 11?",
        ("National Aeronautics and Space Administration",),
        "The Space Administration.",
        {UNJUDGED, WRONG},
    ),
    (
        "second harry potter book",
        ("Harry Potter and the Chamber of Secrets",),
        "Chamber of Secrets",
        {UNJUDGED, WRONG, CORRECT},
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdicts"), SPARED, ids=case_id)
def test_what_the_list_family_leaves_alone(question, accepted, answer, verdicts):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict in verdicts
    assert not any(label.startswith("missing items") for label in grade_.labels)


def test_of_two_lists_saying_as_many_items_the_first_is_reported():
    """The missed items named are those of the first accepted list among those whose items the
    answer says most."""
    question = "Which three gases make up almost all of dry air?"
    accepted = ("nitrogen, oxygen and argon", "nitrogen, oxygen, argon and carbon dioxide")
    assert (
        'missing items of the key: "oxygen", "argon"'
        in grade(question, accepted, "Nitrogen.").labels
    )


# --- (v4) some items said in a sentence ----------------------------------------------------------

SENTENCE_PARTS = [
    # medicine: an item with a description beside it
    (
        "Which two hormones does the adrenal medulla release?",
        ("adrenaline and noradrenaline",),
        "The adrenal medulla releases adrenaline, a hormone that raises the heart rate.",
        '"noradrenaline"',
    ),
    # law: an item in a sentence that restates the question
    (
        "Which two courts sit above the county courts here?",
        ("High Court and Court of Appeal",),
        "Above the county courts sits the High Court, which hears the larger claims.",
        '"Court of Appeal"',
    ),
    # sport: two of three items, then a participle describing them
    (
        "Name the three disciplines of a triathlon.",
        ("swimming, cycling and running",),
        "A triathlon combines swimming and cycling, raced back to back without a break.",
        '"running"',
    ),
    # cooking
    (
        "What are the three ingredients of a classic Negroni?",
        ("gin, Campari and vermouth",),
        "A Negroni is made with gin and Campari, stirred over ice.",
        '"vermouth"',
    ),
    # software: names of two words, one of them said with a gloss after it
    (
        "Who created the Unix operating system?",
        ("Ken Thompson and Dennis Ritchie",),
        "Unix was created at Bell Labs by Ken Thompson, working on a spare PDP-7.",
        '"Dennis Ritchie"',
    ),
    # geography: an item with two written forms ("Zürich", "Zuerich"), said in the first
    (
        "Which are the two largest cities of Switzerland?",
        ("Zürich and Geneva",),
        "The largest city of Switzerland is Zurich, on the Limmat.",
        '"Geneva"',
    ),
    # religion: an item after a comma that opens as "and" does ("Andrew")
    (
        "Which four apostles were fishermen?",
        ("Peter, Andrew, James and John",),
        "The first called were the fishermen Peter, Andrew and their partners.",
        '"James", "John"',
    ),
    # anatomy: two items and a gloss that names one of them in another accepted answer's list
    (
        "Which three bones make up the middle ear?",
        ("malleus, incus and stapes", "hammer, anvil and stirrup"),
        "The middle ear holds the malleus and the incus, also called the anvil.",
        '"stapes"',
    ),
    # religion: "Andrew" after a comma again, and a name of another accepted answer's list
    # beside an item (so no other thing may stand in the place of the missing one)
    (
        "Which four apostles were fishermen?",
        ("Peter, Andrew, James and John", "Simon, Andrew, James and John"),
        "Among the fishermen were Peter (called Simon), Andrew and James.",
        '"John"',
    ),
    # geography: twins are two
    (
        "Which twin towns on the Danube were united in 1873?",
        ("Buda and Pest",),
        "Buda",
        '"Pest"',
    ),
    # music: a date in parentheses beside the item
    (
        "Which two men wrote most of the Beatles' songs?",
        ("John Lennon and Paul McCartney",),
        "Most Beatles songs were written by Paul McCartney (born 1942), with help in the studio.",
        '"John Lennon"',
    ),
    # business
    (
        "Who founded Apple?",
        ("Steve Jobs, Steve Wozniak and Ronald Wayne",),
        "Apple was founded by Steve Jobs and Steve Wozniak, working from a garage.",
        '"Ronald Wayne"',
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "missing"), SENTENCE_PARTS, ids=case_id)
def test_some_items_said_in_a_sentence_are_partial(question, accepted, answer, missing):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == PARTIAL, grade_.labels
    assert f"missing items of the key: {missing}" in grade_.labels


SENTENCE_SPARED = [
    # (another thing of the key's kind beside an item: partial, see IN_PLACE below)
    (
        "Which two men wrote most of the Beatles' songs?",
        ("John Lennon and Paul McCartney",),
        "They were written by Paul McCartney (born 1942) and George Harrison (born 1943).",
    ),
    # an item of the key rejected
    (
        "What are the three ingredients of a classic Negroni?",
        ("gin, Campari and vermouth",),
        "A Negroni is made with gin, not Campari, and served over ice.",
    ),
    # an item named in another role: its sentence holds none of the question's words
    (
        "Who created the Unix operating system?",
        ("Ken Thompson and Dennis Ritchie",),
        "Linus Torvalds wrote it alone. Ken Thompson later admired the result.",
    ),
    # a name with "and" that is one thing: the question asks for the one company
    (
        "Which company makes Tide detergent?",
        ("Procter and Gamble",),
        "Tide is made by Procter, an American company.",
    ),
    # one twin asked for: no list
    ("Which twin founded Rome?", ("Romulus and Remus",), "Romulus founded the city."),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), SENTENCE_SPARED, ids=case_id)
def test_what_the_sentence_reading_leaves_alone(question, accepted, answer):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict != CORRECT
    assert not any(label.startswith("missing items") for label in grade_.labels), grade_.labels


# One of a pair (`grader.rules.lists.one_of_pair`): a key that names two persons joined by
# "and", said by one of them alone, is said in part (K004, the other named).
# (question, accepted answers, answer, the one missing)
ONE_OF_A_PAIR = [
    (  # politics
        "Which couple were tried for spying in 1951?",
        ("Julius and Ethel Rosenberg", "the Rosenbergs"),
        "Julius Rosenberg",
        "Ethel Rosenberg",
    ),
    (  # science
        "Who discovered polonium?",
        ("Marie and Pierre Curie",),
        "It was Pierre Curie.",
        "Marie Curie",
    ),
    (  # sport
        "Which pair won the 1984 Olympic ice dance title?",
        ("Jayne Torvill and Christopher Dean",),
        "Christopher Dean",
        "Jayne Torvill",
    ),
    (  # music
        "Which siblings wrote the songs of Mary Poppins?",
        ("Richard and Robert Sherman",),
        "Richard Sherman wrote them.",
        "Robert Sherman",
    ),
    (  # business, "&" and diacritics
        "Who founded the fashion house?",
        ("Domenico & Stefano Gabbana",),
        "Stefano Gabbana",
        "Domenico Gabbana",
    ),
]
# What must never be read as one of a pair. (question, accepted answers, answer)
NOT_ONE_OF_A_PAIR = [
    # the pair said
    (
        "Which couple were tried in 1951?",
        ("Julius and Ethel Rosenberg", "the Rosenbergs"),
        "The Rosenbergs",
    ),
    ("Which couple were tried in 1951?", ("Julius and Ethel Rosenberg",), "Julius and Ethel"),
    (
        "Which couple were tried in 1951?",
        ("Julius and Ethel Rosenberg",),
        "Ethel and Julius Rosenberg",
    ),
    ("Who discovered polonium?", ("Marie and Pierre Curie",), "Marie Curie and her husband Pierre"),
    ("Who discovered polonium?", ("Marie and Pierre Curie",), "Marie Curie, with the Curies' lab"),
    # another accepted answer is the one alone
    ("Who discovered polonium?", ("Marie and Pierre Curie", "Marie Curie"), "Marie Curie"),
    # a thing's name with "and", or names of one word (a firm, a duo): never split
    ("Which firm makes Tide?", ("Procter and Gamble",), "Procter"),
    ("Which novel opens with a truth universally acknowledged?", ("Pride and Prejudice",), "Pride"),
    ("Which retailer sells Percy Pig?", ("Marks and Spencer",), "Marks"),
    ("Which duo performed with white tigers?", ("Siegfried and Roy",), "Siegfried"),
    ("Which expedition crossed to the Pacific?", ("Lewis and Clark",), "Lewis"),
    ("Which movement did Morris lead?", ("Arts and Crafts Movement",), "Arts Movement"),  # design
    # the other named by another surname (a maiden name)
    (
        "Which couple were tried?",
        ("Julius and Ethel Rosenberg",),
        "Julius Rosenberg and Ethel Greenglass",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "missing"), ONE_OF_A_PAIR, ids=case_id)
def test_one_of_a_pair_is_partial(question, accepted, answer, missing) -> None:
    graded = grade(question, accepted, answer)
    assert graded.verdict == PARTIAL
    assert graded.labels[0] == f'missing items of the key: "{missing}"'


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_ONE_OF_A_PAIR, ids=case_id)
def test_not_one_of_a_pair(question, accepted, answer) -> None:
    labels = grade(question, accepted, answer).labels
    assert not any(label.startswith("missing items of the key") for label in labels), labels


# One of two things asked (`grader.rules.lists.one_thing_of_two`): the question asks two things
# and the key gives both; an answer that gives the first alone is partial (K004, the second
# named). (question, accepted answers, answer, the part missing)
ONE_OF_TWO_ASKED = [
    (  # art
        "Who painted the Mona Lisa, and where does it hang?",
        ("Leonardo da Vinci, the Louvre",),
        "Leonardo da Vinci painted it.",
        "the Louvre",
    ),
    (  # science
        "Which element has the symbol Fe, and what is its atomic number?",
        ("Iron (26)",),
        "Iron.",
        "26",
    ),
    (  # politics
        "Who was the first female UK prime minister, and when did she take office?",
        ("Margaret Thatcher, 1979",),
        "Margaret Thatcher",
        "1979",
    ),
    (  # sport
        "Which club won the 2005 Champions League final, and in which city was it played?",
        ("Liverpool, Istanbul",),
        "It was Liverpool, after a comeback from 3-0 down.",
        "Istanbul",
    ),
    (  # history: the second part in brackets set off by a space, an aside
        "Who discovered radium, and in which year?",
        ("Marie Curie (1898)",),
        "Marie Curie did.",
        "1898",
    ),
    (  # cooking
        "Which dessert is an upside-down apple tart, and where does it come from?",
        ("Tarte Tatin (France)",),
        "Tarte Tatin.",
        "France",
    ),
]
# (question, accepted answers, answer): never partial for one of two things asked
NOT_ONE_OF_TWO_ASKED = [
    # both said, the second in another form
    (
        "Who painted the Mona Lisa, and where does it hang?",
        ("Leonardo da Vinci, the Louvre",),
        "Leonardo da Vinci; it hangs in the Louvre.",
    ),
    (
        "Which element has the symbol Fe, and what is its atomic number?",
        ("Iron (26)",),
        "Iron, with 26 protons.",
    ),
    # a question with "and" that asks one thing
    ("Who wrote and directed Annie Hall?", ("Woody Allen, 1977",), "Woody Allen"),
    (
        "Which couple ran the Bletchley hut and its codebooks?",
        ("Dilly Knox (Hut 6)",),
        "Dilly Knox",
    ),
    # a parenthesised qualifier, asked one thing (literature, law)
    ("Who excavated Knossos?", ("Sir Arthur Evans (from 1900)",), "Arthur Evans"),
    (
        "Which case set the neighbour principle?",
        ("Donoghue v Stevenson (1932)",),
        "Donoghue v Stevenson",
    ),
    # an accepted answer of one part (music)
    ("Who wrote the Goldberg Variations, and when?", ("J. S. Bach", "Bach (1741)"), "Bach"),
    # (v4) a bracket of the name, no aside: glued to a word, or after a prefix that counts what
    # it holds (chemistry, mathematics, biochemistry): one name, no second part
    (
        "Which polymer is white wood glue made of, and what is it thinned with?",
        ("poly(vinyl acetate)",),
        "It is a poly glue, thinned with water.",
    ),
    (
        "Which polymer is white wood glue made of, and what is it thinned with?",
        ("poly (vinyl acetate)",),
        "It is a poly glue, thinned with water.",
    ),
    (
        "Which notation did Euler introduce for a function, and in which year?",
        ("f(x)",),
        "He wrote f, in 1734.",
    ),
    (
        "Which ion turns the solution blue, and what is its charge?",
        ("copper(II)",),
        "Copper, with a charge of two plus.",
    ),
    (
        "Which buffer is in TBE, and what does its T stand for?",
        ("tris(hydroxymethyl)aminomethane",),
        "Tris, short for the amine.",
    ),
]


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "missing"), ONE_OF_TWO_ASKED, ids=case_id
)
def test_one_of_two_things_asked_is_partial(question, accepted, answer, missing) -> None:
    graded = grade(question, accepted, answer)
    assert graded.verdict == PARTIAL
    assert graded.labels[0] == f'missing items of the key: "{missing}"'


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_ONE_OF_TWO_ASKED, ids=case_id)
def test_not_one_of_two_things_asked(question, accepted, answer) -> None:
    labels = grade(question, accepted, answer).labels
    assert not any(label.startswith("missing items of the key") for label in labels), labels


# --- (v4) a key of several parts answered in part: another thing in the place of the rest ---------

IN_PLACE = [
    # what was spared before v4 took it: another thing of the kind beside an item
    (*SISTERS, "Charlotte, Emily and Branwell.", '"Anne"'),
    (*GASES, "Nitrogen, oxygen and carbon dioxide.", '"argon"'),
    (*DUO, "Rodgers and Hart.", '"Hammerstein"'),
    (*FOUNDERS, "Bill Gates and Steve Jobs.", '"Paul Allen"'),
    (
        "Which two hormones does the adrenal medulla release?",
        ("adrenaline and noradrenaline",),
        "The adrenal medulla releases adrenaline and cortisol.",
        '"noradrenaline"',
    ),
    (
        "Who founded Apple?",
        ("Steve Jobs, Steve Wozniak and Ronald Wayne",),
        "Apple was founded by Steve Jobs and Bill Gates in a garage.",
        '"Steve Wozniak", "Ronald Wayne"',
    ),
    # geography: a bare list, one river of the two and another river
    (
        "Which two rivers meet at Khartoum?",
        ("White Nile and Blue Nile", "the Blue Nile and the White Nile"),
        "The Blue Nile and the Atbara",
        '"White Nile"',
    ),
    # anatomy: cut off before the last item (a token limit)
    (
        "Name the three bones of the middle ear.",
        ("malleus, incus and stapes", "hammer, anvil and stirrup"),
        "The malleus, the incus and the",
        '"stapes"',
    ),
    (
        "Name the three bones of the middle ear.",
        ("malleus, incus and stapes",),
        "The middle ear holds three bones: the malleus, the incus and the cochlea.",
        '"stapes"',
    ),
    # law: a title both share is no word of the missing item
    (
        "Which two judges dissented in the appeal?",
        ("Lord Buckmaster and Lord Tomlin",),
        "Lord Buckmaster and Lord Atkin",
        '"Lord Tomlin"',
    ),
    # medicine
    (
        "Which two drugs make up co-amoxiclav?",
        ("amoxicillin and clavulanic acid",),
        "amoxicillin and ibuprofen",
        '"clavulanic acid"',
    ),
    # science: a couple is two
    (
        "Which couple discovered polonium?",
        ("Marie Curie and Pierre Curie",),
        "Marie Curie and Henri Becquerel",
        '"Pierre Curie"',
    ),
    # history: a question that asks two things, the key's parts set apart by a semicolon
    (
        "Who wrote the Communist Manifesto and who paid for its printing?",
        ("Karl Marx; Friedrich Engels",),
        "Karl Marx wrote it, and Bakunin paid for it.",
        '"Friedrich Engels"',
    ),
    (
        "Who composed the opera and who wrote its libretto?",
        ("Mozart; Da Ponte",),
        "Mozart composed it; Schikaneder wrote the words.",
        '"Da Ponte"',
    ),
    # cooking: another herb, then a phrase about them
    (
        "Which two herbs go into the sauce with the bay leaf?",
        ("thyme and parsley",),
        "Thyme and rosemary, usually tied with string.",
        '"parsley"',
    ),
    # boxing: another given name, no form of the missing one
    (
        "Which two brothers of the boxer also fought professionally?",
        ("Tommy & Vincent",),
        "Tommy and Bill",
        '"Vincent"',
    ),
    # sport
    (
        "Which two sports make up the biathlon?",
        ("cross-country skiing and rifle shooting", "skiing and shooting"),
        "Skiing and archery",
        '"shooting"',
    ),
    # (v4) one thing asked of two (`_OF_TWO`): one part given, another thing in the other's place
    (
        "What are a male and a female swan called?",
        ("cob and pen",),
        "A male swan is a cob and a female is a duck.",
        '"pen"',
    ),
    (
        "What are the capitals of Australia and of Canada?",
        ("Canberra and Ottawa",),
        "Canberra and Toronto",
        '"Ottawa"',
    ),
    (
        "Which drugs are the antidotes to an opioid and to a benzodiazepine overdose?",
        ("naloxone and flumazenil",),
        "Naloxone reverses the opioid; for the benzodiazepine, activated charcoal.",
        '"flumazenil"',
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "missing"), IN_PLACE, ids=case_id)
def test_another_thing_in_the_place_of_the_rest_is_partial(question, accepted, answer, missing):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == PARTIAL, grade_.labels
    assert f"missing items of the key: {missing}" in grade_.labels


NOT_IN_PLACE = [
    # every part given, in any order and any of their forms: correct
    (
        "Which two lakes does the Welland Canal connect?",
        ("Lake Ontario and Lake Erie", "Ontario and Erie"),
        "Erie and Ontario",
        {CORRECT},
    ),
    (
        "Who composed the opera and who wrote its libretto?",
        ("Mozart; Da Ponte",),
        "Mozart composed it and Lorenzo Da Ponte wrote the libretto.",
        {CORRECT},
    ),
    # none of the parts: other things of the kind are wrong, never partial
    (
        "Which two lakes does the Welland Canal connect?",
        ("Lake Ontario and Lake Erie",),
        "Lake Superior and Lake Huron",
        {WRONG},
    ),
    # the missing item perhaps given shorter ("the Blue" for "Blue Nile"): a reader
    (
        "Which two rivers meet at Khartoum?",
        ("White Nile and Blue Nile",),
        "the White Nile and the Blue",
        {UNJUDGED},
    ),
    # a given name given shorter or in a pet form ("Vince" for "Vincent", "Bill" for "William"):
    # the missing item perhaps said, for a reader
    (
        "Which two brothers of the boxer also fought professionally?",
        ("Tommy & Vincent",),
        "Tommy and Vince",
        {UNJUDGED, CORRECT},
    ),
    (
        "Which two brothers of the boxer also fought professionally?",
        ("Tommy & William",),
        "Tommy and Bill",
        {UNJUDGED, CORRECT},
    ),
    # the other accepted list's forms mixed in ("hammer", "anvil" with "stapes"): never partial
    (
        "Name the three bones of the middle ear.",
        ("malleus, incus and stapes", "hammer, anvil and stirrup"),
        "hammer, anvil and stapes",
        {UNJUDGED, WRONG, CORRECT},
    ),
    # a clause after the item, no other thing: not read as one
    (
        "Which two sports make up the biathlon?",
        ("cross-country skiing and rifle shooting", "skiing and shooting"),
        "Skiing, and it is held in winter.",
        {UNJUDGED},
    ),
    # one thing whose name holds "and" is no key of several parts
    (
        "Which company makes Pampers nappies?",
        ("Procter & Gamble",),
        "Procter and Johnson",
        {WRONG, UNJUDGED},
    ),
    (
        "Which country's capital is Port of Spain?",
        ("Trinidad and Tobago",),
        "Trinidad and Jamaica",
        {WRONG},
    ),
    (
        "Which Shakespeare tragedy is set in Verona?",
        ("Romeo and Juliet",),
        "Romeo and Rosaline",
        {WRONG},
    ),
    ("What seasons chips in a chip shop?", ("salt and pepper",), "salt and vinegar", {WRONG}),
    (
        "Which music of the 1950s did Elvis sing?",
        ("rock and roll",),
        "rock and blues",
        {WRONG, UNJUDGED},
    ),
    # a question that asks for one thing: the key listed with others (K013), not this family
    ("Which city hosted the 1992 Olympics?", ("Barcelona",), "Barcelona and Madrid", {PARTIAL}),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdicts"), NOT_IN_PLACE, ids=case_id)
def test_what_is_no_key_answered_in_part(question, accepted, answer, verdicts):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict in verdicts, grade_.labels
    assert not any(label.startswith("missing items") for label in grade_.labels), grade_.labels


# (v4) A key of two parts written with commas (or the question's "into") to a question that asks
# two things (`grader.rules.lists.parts_asked`): read as the parts above.
COMMA_PARTS = [
    # geography: which city and country, the city another
    (
        "In which city and country is the Hagia Sophia?",
        ("Istanbul, Turkey",),
        "Ankara, Turkey.",
        PARTIAL,
        '"Istanbul"',
    ),
    (
        "In which city and country is the Hagia Sophia?",
        ("Istanbul, Turkey",),
        "Istanbul, Turkey",
        CORRECT,
        "",
    ),
    # sport: where and in what year, the place another
    (
        "Where and in what year were the first modern Olympic Games held?",
        ("Athens, 1896",),
        "Paris, 1896",
        PARTIAL,
        '"Athens"',
    ),
    # law: a place with its region added is one part, before the year
    (
        "Where and when was Magna Carta sealed?",
        ("Runnymede, Surrey, 1215",),
        "In 1215.",
        PARTIAL,
        '"Runnymede, Surrey"',
    ),
    # cooking: a thing and its own, one given
    (
        "Name the Spanish cold soup and its main vegetable.",
        ("gazpacho, tomato",),
        "Gazpacho.",
        PARTIAL,
        '"tomato"',
    ),
    (
        "Name the Spanish cold soup and its main vegetable.",
        ("gazpacho, tomato",),
        "Tomato and gazpacho",
        CORRECT,
        "",
    ),
    # medicine: which organ and which hormone, the hormone another
    (
        "Which organ and which hormone lower blood sugar?",
        ("pancreas, insulin",),
        "The pancreas and glucagon",
        PARTIAL,
        '"insulin"',
    ),
    # science: one thing made into another, the key's parts joined by the question's preposition
    (
        "In winemaking, which is fermented into which?",
        ("sugar into alcohol",),
        "Sugar is fermented into vinegar.",
        PARTIAL,
        '"alcohol"',
    ),
    (
        "In winemaking, which is fermented into which?",
        ("sugar into alcohol",),
        "Sugar and alcohol",
        CORRECT,
        "",
    ),
]


def _graded_with_missing(question, accepted, answer, verdict, missing):
    """The answer graded ``verdict``, with the label naming the key's ``missing`` items (none:
    no such label)."""
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == verdict, grade_.labels
    if missing:
        assert f"missing items of the key: {missing}" in grade_.labels
    else:
        assert not any(label.startswith("missing items") for label in grade_.labels)


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdict", "missing"), COMMA_PARTS, ids=case_id
)
def test_a_key_with_commas_to_a_question_of_two_things_is_read_as_parts(
    question, accepted, answer, verdict, missing
):
    _graded_with_missing(question, accepted, answer, verdict, missing)


TWO_ASKED_TOGETHER = [
    ("Where and when did the Bastille fall?", True),
    ("Who and in what year first climbed Everest?", True),
    ("Which country and which region make Parmesan?", True),
    ("In which city and country was the treaty signed?", True),
    ("Name the sauce and its main herb.", True),
    ("Which element is fused into which?", True),
    # never: one thing asked
    ("Which Simon and Garfunkel song opens The Graduate?", False),
    ("Which country is famous for tea and its ceremony?", False),
    ("Who wrote and directed Citizen Kane?", False),
    ("Into which sea does the Volga flow?", False),
    ("Which salt and pepper brand is the oldest in France?", False),
    # (v4) one thing asked of two: a preposition, or an article and its word, repeated
    ("What are the capitals of Spain and of Portugal?", True),
    ("Who were the patron saints of Wales and of Ireland?", True),
    ("What are a male and a female swan called?", True),
    ("Who were the first and the second wives of Henry VIII?", True),
    ("What is the normal resting heart rate in an adult and in a newborn?", True),
    # never: the word not repeated, a difference asked, a function word after the article's word
    ("What are the capitals of Spain and Portugal?", False),
    ("What is the difference between a male and a female swan?", False),
    ("Which plant is a fruit and a vegetable at once?", False),
    ("Which dish is made from rice and beans?", False),
]


@pytest.mark.parametrize(("question", "asked"), TWO_ASKED_TOGETHER, ids=case_id)
def test_a_question_that_asks_two_things_together(question, asked):
    assert two_things_asked(question) is asked


NOT_COMMA_PARTS = [
    # a single name with a comma, its region added, to a question for one thing
    ("In which city is the White House?", "Washington, D.C."),
    ("Which town gives its name to the Wim Wenders film?", "Paris, Texas"),
    ("In which town is St Magnus Cathedral?", "Kirkwall, Orkney"),
    # a date, or a number grouped with commas, even to a question of two things
    ("Where and when did the Bastille fall?", "July 14, 1789"),
    ("Where was the final played and how many watched?", "12,500"),
    # a piece too long to be a part
    ("Who and in what year?", "the man who first walked across the whole continent, 1911"),
]


@pytest.mark.parametrize(("question", "accepted"), NOT_COMMA_PARTS, ids=case_id)
def test_what_is_never_a_key_of_parts_set_apart_by_commas(question, accepted):
    assert list_readings(accepted, question) == ()


NOT_COMMA_PARTS_GRADED = [
    # one place with its region added, given without it: the key said, never partial
    (
        "In which town is St Magnus Cathedral?",
        ("Kirkwall, Orkney",),
        "Kirkwall",
        {CORRECT, UNJUDGED},
    ),
    # none of the parts given: for the other rules, never partial
    (
        "In which city and country is the Hagia Sophia?",
        ("Istanbul, Turkey",),
        "Athens, Greece",
        {WRONG},
    ),
]


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdicts"), NOT_COMMA_PARTS_GRADED, ids=case_id
)
def test_what_no_comma_key_makes_partial(question, accepted, answer, verdicts):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict in verdicts, grade_.labels
    assert not any(label.startswith("missing items") for label in grade_.labels), grade_.labels


# (v4) A list one item a line (`grader.rules.lists.lines_listed`): read as the same list in a
# sentence, each line one item.
LINE_LISTS = [
    # cooking: one part given, another thing in the other's place
    (
        "What are the two main ingredients of a vinaigrette?",
        ("oil and vinegar", "vinegar and oil"),
        "- olive oil\n- mustard",
        PARTIAL,
        '"vinegar"',
    ),
    (
        "Which two ingredients make a roux?",
        ("flour and butter", "butter and flour"),
        "- plain flour\n- milk",
        PARTIAL,
        '"butter"',
    ),
    # sport: numbered lines
    (
        "Which two countries co-hosted the 2002 FIFA World Cup?",
        ("South Korea and Japan", "Japan and South Korea"),
        "1. Japan\n2. China",
        PARTIAL,
        '"South Korea"',
    ),
    # geography: lines opened by an asterisk
    (
        "Which two countries share the island of Hispaniola?",
        ("Haiti and the Dominican Republic",),
        "* Haiti\n* Cuba",
        PARTIAL,
        '"the Dominican Republic"',
    ),
    # music: alone, or after words that lead in to the lines
    (
        "Besides the piano, which two instruments make up a classic piano trio?",
        ("violin and cello",),
        "- violin\n- viola",
        PARTIAL,
        '"cello"',
    ),
    (
        "Besides the piano, which two instruments make up a classic piano trio?",
        ("violin and cello",),
        "The two instruments are:\n- violin\n- viola",
        PARTIAL,
        '"cello"',
    ),
    # chemistry
    (
        "Which two elements make up water?",
        ("hydrogen and oxygen",),
        "- hydrogen\n- nitrogen",
        PARTIAL,
        '"oxygen"',
    ),
    # every part given, in any order, with words that describe it: the key said
    (
        "Which two countries co-hosted the 2002 FIFA World Cup?",
        ("South Korea and Japan", "Japan and South Korea"),
        "1. Japan\n2. South Korea",
        CORRECT,
        "",
    ),
    (
        "Which two elements make up water?",
        ("hydrogen and oxygen",),
        "- oxygen\n- hydrogen",
        CORRECT,
        "",
    ),
    (
        "Besides the piano, which two instruments make up a classic piano trio?",
        ("violin and cello",),
        "- Violin (the lead)\n- Cello",
        CORRECT,
        "",
    ),
    # a question word restated that is itself one of the key's parts: a part given
    (
        "Bronze is copper and which other metal? Name both metals.",
        ("copper and tin",),
        "- copper\n- zinc",
        PARTIAL,
        '"tin"',
    ),
    (
        "Bronze is copper and which other metal? Name both metals.",
        ("copper and tin",),
        "- copper\n- tin",
        CORRECT,
        "",
    ),
]


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdict", "missing"), LINE_LISTS, ids=case_id
)
def test_a_list_one_item_a_line_is_read_as_a_list_in_a_sentence(
    question, accepted, answer, verdict, missing
):
    _graded_with_missing(question, accepted, answer, verdict, missing)


NOT_LINE_PARTS = [
    # other answers only: for the other rules
    (
        "Which two countries share the island of Hispaniola?",
        ("Haiti and the Dominican Republic",),
        "* Cuba\n* Jamaica",
        {WRONG, UNJUDGED},
    ),
    # a part inside a longer name of another thing: no part said
    (
        "Which two elements make up water?",
        ("hydrogen and oxygen",),
        "- hydrogen peroxide\n- nitrogen",
        {WRONG, UNJUDGED},
    ),
    (
        "Which two ingredients make a roux?",
        ("flour and butter", "butter and flour"),
        "- flour tortilla\n- milk",
        {WRONG, UNJUDGED},
    ),
    # a line that is more than a phrase: no list one item a line
    (
        "Which two elements make up water?",
        ("hydrogen and oxygen",),
        "- Hydrogen. It is light.\n- nitrogen",
        {UNJUDGED},
    ),
    # a key of one part, its candidates one a line: graded as before (no key of parts)
    ("Which organ produces insulin?", ("pancreas",), "- pancreas\n- liver", {CORRECT}),
    # the key given joined otherwise too ("Bosnia-Herzegovina"): no key of parts, asked for one
    # thing; the part alone is left to a reader, never partial here
    (
        "Which country has Sarajevo as its capital?",
        ("Bosnia and Herzegovina", "Bosnia-Herzegovina"),
        "Bosnia",
        {UNJUDGED},
    ),
]


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdicts"), NOT_LINE_PARTS, ids=case_id
)
def test_what_a_list_one_item_a_line_never_makes_partial(question, accepted, answer, verdicts):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict in verdicts, grade_.labels
    assert not any(label.startswith("missing items") for label in grade_.labels), grade_.labels


@pytest.mark.parametrize(
    ("answer", "lead", "items"),
    [
        ("- salt - pepper", "", ("salt", "pepper")),
        ("* salt. * pepper.", "", ("salt", "pepper")),
        (
            "the spices are: - salt - pepper - cumin",
            "the spices are: ",
            ("salt", "pepper", "cumin"),
        ),
        ("- Coca-Cola - Pepsi", "", ("Coca-Cola", "Pepsi")),
        # one line, a sentence inside a line, no mark at the opening: none
        ("- salt", "", ()),
        ("- salt. it is white. - sugar", "", ()),
        # a figure in a line: a fact beside its item (no list key holds one)
        ("- ayrton senna (1988) - alain prost (1989)", "", ()),
        ("salt - pepper", "", ()),
        ("Salt and pepper", "", ()),
    ],
    ids=case_id,
)
def test_lines_listed(answer, lead, items):
    assert lines_listed(answer) == (lead, items)


def test_the_dashed_and_spaced_forms_are_no_list():
    """An accepted answer that joins the parts by a dash or a space is no list key, asked for
    several or for one."""
    for accepted in ("Bosnia-Herzegovina", "Alsace Lorraine"):
        for question in (
            "Which two regions did France cede in 1871?",
            "Which country has Sarajevo as its capital?",
        ):
            assert list_readings(accepted, question) == ()

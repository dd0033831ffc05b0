"""The key's kind without the key (K007, DESIGN 4.6, grader/rules/less_specific.py): an answer
that names some thing of the key's kind ("A falcon." for "peregrine falcon") is partial; what it
must never read so (a head the question names, a definite or bare head, a question that asks
for a kind, a name's last word, a head with another modifier), in cases written for this
project (zoology, music, sport, software, law, cooking, medicine, geology, finance).
"""

from __future__ import annotations

import pytest

from grader.rules.less_specific import head_of, kind_only
from grader.rules.normalize import normalize
from grader.rules.surface import surface
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG
from tests.caseids import case_id
from tests.rules.shipped import grade

LESS_SPECIFIC = "less specific than the key"


def less_specific(grade_) -> bool:
    return any(label.startswith(LESS_SPECIFIC) for label in grade_.labels)


# --- the head of a key -------------------------------------------------------------------------

HEADS = [
    ("peregrine falcon", "falcon"),
    ("great white shark", "shark"),
    ("English-based pidgin", "pidgin"),
    ("Fretless bass", "bass"),
    ("the waggle dance", "dance"),  # an article at its edge is no word of it
    ("fighter jet", "jet"),  # a head of three letters, the shortest read
    ("scots pine", "pine"),
    ("falcon", ""),  # one word
    ("bone of contention", ""),  # a function word among its words
    ("Apollo 11", ""),  # a number
    ("the big four", ""),  # a number word
    ("Mount Everest", ""),  # a name's last word, written in capitals
    ("Alexander Fleming", ""),
    ("vitamin c", ""),  # a letter is no noun
    ("salt and pepper", ""),
]


@pytest.mark.parametrize(("accepted", "head"), HEADS, ids=case_id)
def test_the_head_of_a_key(accepted, head):
    assert head_of(accepted) == head


# --- what the family reads ---------------------------------------------------------------------

FIRES = [
    ("What is the fastest animal?", ("peregrine falcon",), "A falcon.", "peregrine falcon"),
    (
        "How do honeybees tell each other where the nectar is?",
        ("waggle dance",),
        "By a dance.",
        "waggle dance",
    ),
    ("What instrument did Jaco Pastorius play?", ("fretless bass",), "A bass.", "fretless bass"),
    ("What did the referee show after the second booking?", ("red card",), "A card.", "red card"),
    (
        "What does the browser keep to remember a login?",
        ("session cookie",),
        "a cookie",
        "session cookie",
    ),
    (
        "What did the court grant to halt the demolition?",
        ("temporary injunction",),
        "An injunction.",
        "temporary injunction",
    ),
    (
        "What is fitted to correct a slow heartbeat?",
        ("cardiac pacemaker",),
        "A pacemaker",
        "cardiac pacemaker",
    ),
    (
        "What should be served with oysters?",
        ("dry white wine", "muscadet"),
        "A wine.",
        "dry white wine",
    ),
    ("What formed Crater Lake?", ("collapsed volcano",), "a volcano", "collapsed volcano"),
    (
        "What does the lender order before approving the loan?",
        ("property appraisal",),
        "An appraisal.",
        "property appraisal",
    ),
    # a key in title case, its head in lower case in another accepted answer
    ("Which fish attacked in Jaws?", ("Great White Shark", "great white shark"), "A shark.", None),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "key"), FIRES, ids=case_id)
def test_the_key_kind_alone_is_partial(question, accepted, answer, key):
    asked = surface(normalize(question))
    found = kind_only(accepted, asked, surface(normalize(answer)))
    assert found == (key or accepted[-1])
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == PARTIAL
    assert f'{LESS_SPECIFIC}: "{found}"' in grade_.labels


# --- what it must never read -------------------------------------------------------------------

SPARED = [
    # the head the question names: the key is missing
    ("Which falcon dives fastest?", ("peregrine falcon",), "A falcon.", {WRONG}),
    # a question that asks for a sort or a kind: the kind answers it
    ("What sort of bird dives fastest?", ("peregrine falcon",), "A falcon.", {WRONG, UNJUDGED}),
    # the key's distinguishing part is the key
    ("Which falcon dives fastest?", ("peregrine falcon",), "Peregrine.", {CORRECT}),
    # another modifier: another thing of the kind
    ("What is the fastest animal?", ("peregrine falcon",), "A kestrel falcon.", {WRONG, UNJUDGED}),
    ("How do honeybees share directions?", ("waggle dance",), "A tango dance.", {WRONG, UNJUDGED}),
    # the head with "the": one thing, perhaps the key; bare or plural: perhaps the category
    ("Where are red blood cells made?", ("bone marrow",), "In the marrow.", {UNJUDGED, WRONG}),
    ("How do honeybees share directions?", ("waggle dance",), "Dances.", {UNJUDGED, WRONG}),
    ("What did Jaco Pastorius play?", ("fretless bass",), "Bass", {UNJUDGED, WRONG}),
    # a question that asks for a kind is answered by the kind
    ("What type of vehicle won the desert rally?", ("armoured truck",), "A truck.", {UNJUDGED}),
    ("What kind of pastry is a croissant?", ("laminated dough",), "A dough.", {UNJUDGED}),
    # a person's surname says the key; a name's last word is no kind
    ("Who discovered penicillin?", ("Alexander Fleming",), "Fleming.", {CORRECT}),
    ("Which ocean is the largest?", ("Pacific Ocean",), "An ocean.", {UNJUDGED, WRONG}),
    # a key with a function word among its words: its last word is no head
    ("What ended the standoff?", ("exchange of letters",), "A letter.", {UNJUDGED, WRONG}),
    # a head that is the first word of another accepted answer
    (
        "What did traders speak on the China coast?",
        ("Pidgin English", "English-based pidgins"),
        "A pidgin.",
        {UNJUDGED, WRONG},
    ),
    # words of its own beside the head
    (
        "What is the fastest animal?",
        ("peregrine falcon",),
        "A falcon, or perhaps a cheetah.",
        {UNJUDGED, WRONG},
    ),
    (
        "What is the fastest animal?",
        ("peregrine falcon",),
        "A falcon in a dive.",
        {UNJUDGED, WRONG},
    ),
    # the key's first word alone: a reader decides
    ("What is the fastest animal?", ("peregrine falcon",), "A peregrine.", {UNJUDGED}),
    # the whole key: correct
    ("What is the fastest animal?", ("peregrine falcon",), "A peregrine falcon.", {CORRECT}),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdicts"), SPARED, ids=case_id)
def test_what_the_family_never_reads(question, accepted, answer, verdicts):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict in verdicts, grade_.labels
    assert not less_specific(grade_)


# --- a decade for a year (grader/rules/periods.py: decade_for_year) ----------------------------

DECADE_FIRES = [
    # medicine
    (
        "When was the first statin approved?",
        ("1987",),
        "It was approved in the late 1980s.",
        "late 1980s",
    ),
    # law
    (
        "When did the Data Protection Act come into force?",
        ("1998", "March 1998"),
        "Some time in the 1990s, I believe.",
        "1990s",
    ),
    # sport
    ("When did the Premier League start?", ("1992",), "In the early 1990's.", "early 1990s"),
    # cooking: a date in the year, answered by its decade
    (
        "When was the microwave oven first sold to households?",
        ("1967", "18 October 1967"),
        "Microwave ovens reached home kitchens in the 1960s.",
        "1960s",
    ),
    # software
    (
        "When was Python first released?",
        ("1991",),
        "Python appeared in the early 1990s.",
        "early 1990s",
    ),
    # geography
    (
        "When did Namibia become independent?",
        ("1990",),
        "Namibia became independent in the 1990s.",
        "1990s",
    ),
    # business
    (
        "When was the euro introduced as cash?",
        ("2002",),
        "The euro notes arrived in the early 2000s.",
        "early 2000s",
    ),
    # music
    ("When was Live Aid held?", ("1985",), "Live Aid was held in the mid-1980s.", "mid-1980s"),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "decade"), DECADE_FIRES, ids=case_id)
def test_a_decade_for_the_key_year_is_partial(question, accepted, answer, decade):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == PARTIAL, grade_.labels
    assert f'{LESS_SPECIFIC}: "{decade}"' in grade_.labels


DECADE_SPARED = [
    # the year itself, or the year beside its decade: correct
    ("When did Namibia become independent?", ("1990",), "In 1990.", {CORRECT}),
    (
        "When did Namibia become independent?",
        ("1990",),
        "In March 1990, early in the 1990s.",
        {CORRECT},
    ),
    # a key that is a decade is said by the decade, in any of its forms
    ("In which decade did grunge peak?", ("1990s",), "In the 1990s.", {CORRECT}),
    ("In which decade did grunge peak?", ("1990s",), "The 1990's.", {CORRECT}),
    # another decade, or a third of the decade that does not hold the year: another time
    ("When was the compact disc launched?", ("1982",), "In the 1970s.", {WRONG}),
    ("When did Namibia become independent?", ("1990",), "In the late 1990s.", {WRONG}),
    ("When did Namibia become independent?", ("1990",), "In the mid-1990s.", {WRONG}),
    # another year beside the decade: the year is what it says
    ("When did the Premier League start?", ("1992",), "In the 1990s, in 1994.", {WRONG}),
    # a century is no decade
    ("When was Python first released?", ("1991",), "In the 20th century.", {WRONG, UNJUDGED}),
    # a count with a plural "s" is not a decade: "9.58s" is seconds
    ("What is the men's 100 m record?", ("9.58",), "9.58s, set by Bolt.", {CORRECT}),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdicts"), DECADE_SPARED, ids=case_id)
def test_what_the_decade_family_never_reads(question, accepted, answer, verdicts):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict in verdicts, grade_.labels
    assert not less_specific(grade_)


def test_a_decade_is_not_the_year_it_opens_with():
    """The key "1990" was said by "the early 1990s" (canonical "1990 s"): correct for a decade."""
    from grader.rules.surface_match import form_pattern

    pattern = form_pattern("1990")
    assert pattern is not None
    assert pattern.search("in the early 1990 s") is None
    assert pattern.search("in the 1990's") is None
    assert pattern.search("in 1990, it was") is not None
    assert pattern.search("on 1990-04-24") is not None
    assert form_pattern("1995").search("1995's budget") is not None  # a possessive, no decade

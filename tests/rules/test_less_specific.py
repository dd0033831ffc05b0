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
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG, Grader
from grader.schema import Answer, Gold
from tests.caseids import case_id

GRADER = Grader(citations=False)
LESS_SPECIFIC = "less specific than the key"


def grade(question: str, accepted: tuple[str, ...], answer: str):
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    return GRADER.grade(
        Answer(qid="q", kind="answerable", question=question, gold=gold, answer=answer)
    )


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

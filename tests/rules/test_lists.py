"""A key that names several things (K004, DESIGN 4.6, grader/rules/lists.py): which keys are
lists, which of their items an answer says, and the verdicts that follow, in cases written for
this project (literature, chemistry, sport, music, cooking, law, geography, history); for each,
what the family reads and what it must never read.
"""

from __future__ import annotations

import pytest

from grader.rules.lists import list_items
from grader.rules.verdict import CORRECT, PARTIAL, UNJUDGED, WRONG, Grader
from grader.schema import Answer, Gold
from tests.caseids import case_id

GRADER = Grader(citations=False)


def grade(question: str, accepted: tuple[str, ...], answer: str):
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    return GRADER.grade(
        Answer(qid="q", kind="answerable", question=question, gold=gold, answer=answer)
    )


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


# --- the verdicts ------------------------------------------------------------------------------

SISTERS = ("Name the three Brontë sisters who published novels.", ("Charlotte, Emily and Anne",))
GASES = (
    "Which three gases make up almost all of dry air?",
    ("nitrogen, oxygen and argon", "nitrogen, oxygen, argon"),
)
RECORD = ("Which two Campbells held the water speed record?", ("Malcolm & Donald Campbell",))
JUDGES = ("Name the two judges who dissented.", ("Justice Harlan and Justice Holmes",))
DUO = ("Which two composers wrote Carousel?", ("Rodgers and Hammerstein",))

VERDICTS = [
    # some items, nothing else: partial, the items missed named
    (*SISTERS, "Charlotte and Emily Brontë.", PARTIAL, '"Anne"'),
    (*GASES, "Nitrogen and oxygen.", PARTIAL, '"argon"'),
    (*GASES, "Nitrogen.", PARTIAL, '"oxygen", "argon"'),
    (*RECORD, "Malcolm Campbell.", PARTIAL, '"Donald"'),
    (*JUDGES, "Justice Holmes dissented.", PARTIAL, '"Justice Harlan"'),
    # every item, in any order: the key said
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
    # words of its own beside the items: another item, or a name given shorter; not this family
    (*SISTERS, "Charlotte, Emily and Branwell.", {UNJUDGED, WRONG}),
    (*GASES, "Nitrogen, oxygen and carbon dioxide.", {UNJUDGED, WRONG}),
    (*DUO, "Rodgers and Hart.", {UNJUDGED, WRONG}),
    # an item rejected is not said
    (*GASES, "Nitrogen, not oxygen.", {UNJUDGED, WRONG}),
    # no item said at all: the other text-key rules
    (*SISTERS, "Jane Austen.", {WRONG}),
    # a question asking for one thing: the key is one name, never partial
    ("Which company makes Tide?", ("Procter and Gamble",), "Procter.", {UNJUDGED, WRONG}),
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

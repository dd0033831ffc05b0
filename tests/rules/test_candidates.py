"""Candidates joined by "or" (DESIGN 4.6, grader/rules/candidates.py: `uncommitted`): an
accepted answer named as one side of "x or y" that the answer does not choose between (a hedge
before the pair in its part of the sentence or just after it, "depending on", or two figures)
is not said; an "or" that glosses one thing (after a naming word, after a comma with no
hedge), one that offers no second candidate ("or so", "or more", "whether or not") leaves it
said. Cases written for this project in medicine, law, sport, cooking, software, geography,
business and music.
"""

from __future__ import annotations

import re
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.candidates import (
    _scored_words,
    listed_candidates,
    scored_candidates,
    scored_candidates_by_definition,
    written_score,
)
from grader.rules.lists import asks_for_several
from grader.rules.sentences import scored_reading
from grader.rules.verdict import CORRECT, PARTIAL, WRONG
from tests.caseids import case_id
from tests.conftest import make_answer
from tests.rules.shipped import GRADER, grade
from tests.rules.shipped import said_with_dates as said

CANDIDATES = [
    # a hedge before the pair, in its part of the sentence
    ("medicine", "1921", "Insulin was first isolated in Toronto, probably 1921 or 1922."),
    ("law", "1998", "The act was passed, I think in 1997 or 1998, after a long debate."),
    ("music", "Haydn", "The quartet was written by Mozart, maybe Haydn or Boccherini."),
    # a hedge just after the pair
    ("cooking", "buffalo milk", "Burrata is made from cow or buffalo milk, depending on the farm."),
    ("geography", "Tagus", "The longest river there is the Douro or the Tagus, I believe."),
    # ... with no comma before it
    ("cooking", "buffalo milk", "Burrata is made from cow or buffalo milk depending on the farm."),
    ("geography", "Tagus", "The longest river there is the Douro or the Tagus I believe."),
    # two figures: no hedge needed
    ("sport", "11", "Each side fields 10 or 11 players."),
    ("software", "2008", "Chrome was first released in 2008 or 2009."),
    ("business", "1602", "The company was founded in 1601 or 1602 in Amsterdam."),
    # the whole answer "x or y", its reason cut off after its first word (a truncated answer)
    ("music", "Debussy", "Ravel or Debussy, since ."),
]


@pytest.mark.parametrize(("register", "accepted", "answer"), CANDIDATES, ids=case_id)
def test_a_candidate_among_others_is_not_said(register, accepted, answer):
    assert not said(accepted, answer)


COMMITTED = [
    # an "or" after a naming word glosses one thing
    ("geography", "the Netherlands", "The country is known as the Netherlands or Holland."),
    ("cooking", "aubergine", "It is called aubergine or eggplant, I think."),
    ("medicine", "paracetamol", "The drug, also called paracetamol or acetaminophen, helps."),
    ("software", "evaporation", "It is called evaporation or vaporization."),
    # an "or" after a comma with no hedge glosses
    ("geography", "lignite", "Lignite, or brown coal, is mined there."),
    # no second candidate
    ("sport", "15", "A side has 15 or more players, probably."),
    ("business", "1,000", "Maybe 1,000 or so people work there."),
    ("law", "1998", "It came into force in 1998 or thereabouts."),
    ("business", "1,000", "Probably 1,000 or so."),  # the whole answer, after a hedge
    ("music", "Haydn", "It was Haydn, whether or not the publisher agreed, I think."),
    # ... nor a verb after "or" that only opens as a hedge does ("could become" is no "could be")
    ("geography", "Rotterdam", "Rotterdam or could become the busiest."),
    # the key beside an "or" that is not its own
    ("medicine", "ibuprofen", "Take ibuprofen, probably with food or milk."),
    ("software", "Python", "Python is used, maybe for scripts or tests."),
    # ... three words after the key before the "or": past a side's two (the doubt is the count's)
    ("music", "Beethoven", "Beethoven composed nine symphonies or ten, I think."),
    # the same figure twice is one figure
    ("sport", "11", "11 or 11 a side, the same."),
]


@pytest.mark.parametrize(("register", "accepted", "answer"), COMMITTED, ids=case_id)
def test_what_the_family_never_reads(register, accepted, answer):
    assert said(accepted, answer)


AMONG = "the key among candidates"

PARTIAL_CASES = [
    # the key among two years in a sentence was graded correct ("maybe 1927 or 1928")
    (
        "When was the work finished?",
        ("1928",),
        "The work took decades and was finished around the 1920s, maybe 1927 or 1928.",
    ),
    ("Which river floods first?", ("Tigris",), "Tigris or Euphrates"),
    (
        "What milk is burrata made from?",
        ("buffalo milk", "water buffalo milk"),
        "Burrata is made from cow or buffalo milk, depending on the farm.",
    ),
    ("When did the law take effect?", ("1998",), "It took effect in 1997 or 1998."),
    # (v4) the key's surname as the last word of a side of several words, after a hedge that
    # opens with another clause ("I'm not sure, but it may have been ..."): sport, law, music,
    # literature, science
    (
        "Who won the 1977 Wimbledon ladies' title?",
        ("Virginia Wade", "Wade"),
        "I'm not sure, but it may have been Chris Evert or Virginia Wade.",
    ),
    (
        "Who wrote the majority opinion?",
        ("Anthony Kennedy", "Kennedy"),
        "Not certain, but it might have been Antonin Scalia or Anthony Kennedy.",
    ),
    (
        "Who composed the Enigma Variations?",
        ("Edward Elgar", "Elgar"),
        "I'm not sure, though I think Gustav Holst or Edward Elgar.",
    ),
    (
        "Who wrote Middlemarch?",
        ("George Eliot", "Eliot"),
        "Hmm, it could be Elizabeth Gaskell or George Eliot.",
    ),
    (
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "I'm not sure, but perhaps Howard Florey or Sir Alexander Fleming.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), PARTIAL_CASES, ids=case_id)
def test_the_key_among_candidates_is_partial(question, accepted, answer):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == PARTIAL, grade_.labels
    assert any(label.startswith(AMONG) for label in grade_.labels)


NOT_AMONG = [
    # the key rejected, then among candidates: not the key's
    (
        "Which river floods first?",
        ("Tigris",),
        "Not the Tigris; maybe the Euphrates or the Tigris.",
    ),
    # the key said outright, then among candidates: said
    ("When did the law take effect?", ("1998",), "In 1998; the bill passed in 1997 or 1998."),
    # a gloss: said
    ("What is the process called?", ("evaporation",), "It is called evaporation or vaporization."),
    # (v4) no second candidate, a side past a function word, the key on both sides
    (
        "Who built the mill?",
        ("John Smeaton", "Smeaton"),
        "It may have been built by John Smeaton, or so the records say.",
    ),
    (
        "Where was the treaty signed?",
        ("Paris",),
        "The treaty was probably signed in 1927 or 1928 in Paris.",
    ),
    (
        "Where did the band record the album?",
        ("Abbey Road",),
        "It was probably the Beatles or the Stones at Abbey Road.",
    ),
    (
        "Who won the 1977 Wimbledon ladies' title?",
        ("Virginia Wade", "Wade"),
        "I'm not sure, but it may have been Wade or Virginia Wade: the same player.",
    ),
    (
        "Who won the 1977 Wimbledon ladies' title?",
        ("Virginia Wade", "Wade"),
        "Maybe Virginia Wade or Wade, as the papers called her.",
    ),
    (
        "Which company made the first jet airliner?",
        ("de Havilland",),
        "It was de Havilland, not Boeing or Douglas as some think.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_AMONG, ids=case_id)
def test_what_is_not_the_key_among_candidates(question, accepted, answer):
    assert not any(label.startswith(AMONG) for label in grade(question, accepted, answer).labels)


TWO_NAMES = [
    # two accepted answers joined by "or" are two names of the key: said, hedged or not
    ("Which country?", ("the Netherlands", "Holland"), "Maybe the Netherlands or Holland."),
    ("What is this vegetable called?", ("aubergine", "eggplant"), "Aubergine or eggplant."),
    ("Which drug?", ("paracetamol", "acetaminophen"), "Probably paracetamol, or acetaminophen."),
    (
        "Which field?",
        ("geomagnetic field", "Earth's magnetic field"),
        "Earth's magnetic field or geomagnetic field.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), TWO_NAMES, ids=case_id)
def test_two_names_of_the_key_joined_by_or_say_it(question, accepted, answer):
    assert grade(question, accepted, answer).verdict == CORRECT


def test_one_name_of_the_key_and_another_thing_are_candidates():
    """Only both sides accepted make a gloss: "aubergine or courgette" stays candidates."""
    grade_ = grade(
        "What is this vegetable called?", ("aubergine", "eggplant"), "Aubergine or courgette."
    )
    assert grade_.verdict == PARTIAL


RESTATED = [
    # the question's own pair restated, then the key chosen: said
    ("Was the treaty signed in Paris or Vienna?", ("Paris",), "Paris or Vienna? Paris."),
    (
        "Was the treaty signed either in Paris or in Vienna?",
        ("Paris",),
        "It was signed either in Paris or in Vienna? It was Paris.",
    ),
    (
        "Is the default branch main or master?",
        ("main",),
        "Whether main or master, I think new repositories use main.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), RESTATED, ids=case_id)
def test_the_question_pair_restated_then_the_key_chosen(question, accepted, answer):
    assert grade(question, accepted, answer).verdict == CORRECT


# (v4) A hedged pair with longer sides (`grader.rules.candidates.open_between`): "either X ...,
# or maybe Y ..." offers two candidates whatever the length of its sides; the answer's last
# sentence that names either decides whether it chose. (question, accepted, answer, verdict)
LONGER_SIDES = [
    # open: nothing follows, the last word names both, or only leans ("probably")
    (
        "Which element has the highest melting point?",
        ("tungsten",),
        "It is either tungsten, which melts at about 3,422 °C, or possibly carbon in the form of"
        " graphite, which sublimes even higher.",
        PARTIAL,
    ),
    (
        "Which element has the highest melting point?",
        ("tungsten",),
        "It is either tungsten, which melts at about 3,422 °C, or possibly carbon in the form of"
        " graphite. Tungsten is used in bulb filaments. Carbon might be higher, so I cannot say.",
        PARTIAL,
    ),
    (
        "Which party won the February 1974 UK election?",
        ("Labour",),
        "Either Labour under Harold Wilson, who formed a minority government, or maybe the"
        " Conservatives under Edward Heath, who won more votes. Labour probably, since Wilson"
        " became Prime Minister.",
        PARTIAL,
    ),
    (
        "What is the longest river in Spain?",
        ("Tagus",),
        "The longest is either the Tagus, which flows through Toledo to Lisbon, or perhaps the"
        " Ebro in the north-east. The Tagus is about 1,000 km. I think it is probably the Tagus,"
        " but the Ebro carries more water.",
        PARTIAL,
    ),
    # chosen: the last sentence names one candidate alone, without a lean
    (
        "Which element has the highest melting point?",
        ("tungsten",),
        "It is either tungsten, which melts at about 3,422 °C, or possibly carbon in the form of"
        " graphite. Having checked, tungsten has the highest melting point of any element.",
        CORRECT,
    ),
    (
        "Who composed The Planets?",
        ("Gustav Holst",),
        "It was either Gustav Holst, the English composer who taught at St Paul's, or perhaps"
        " Ralph Vaughan Williams, his close friend. Holst wrote it between 1914 and 1916.",
        CORRECT,
    ),
    (
        "Which court hears criminal appeals from the Crown Court?",
        ("Court of Appeal",),
        "Either the Court of Appeal (Criminal Division), which hears most of them, or maybe the"
        " High Court for appeals by way of case stated. The Court of Appeal is the usual route.",
        CORRECT,
    ),
    (
        "What is the longest river in Spain?",
        ("Tagus",),
        "The longest is either the Tagus, which flows through Toledo to Lisbon, or perhaps the"
        " Ebro in the north-east. I think it is the Tagus.",
        CORRECT,
    ),
    # never: no hedge, "either way", an "or" that refines one thing, a choice after the pair
    (
        "Who won the 1986 Ballon d'Or?",
        ("Igor Belanov",),
        "It was Igor Belanov of Dynamo Kyiv, who had a great World Cup, or, as the Soviet press"
        " put it, the best forward in Europe.",
        CORRECT,
    ),
    (
        "Who wrote Middlemarch?",
        ("George Eliot",),
        "Either way you read it, Middlemarch was written by George Eliot.",
        CORRECT,
    ),
    (
        "Which company makes the iPhone?",
        ("Apple",),
        "Apple, or more precisely its contract manufacturers such as Foxconn, on Apple's designs.",
        CORRECT,
    ),
    (
        "Which treaty founded the EU?",
        ("Maastricht Treaty", "Treaty of Maastricht"),
        "You can cite either the Treaty of Rome or the Maastricht Treaty; the EU itself was"
        " founded by the Maastricht Treaty.",
        CORRECT,
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "verdict"), LONGER_SIDES, ids=case_id)
def test_a_hedged_pair_with_longer_sides(question, accepted, answer, verdict):
    """'The longest road in the UK is either the A1 from London to Edinburgh, or maybe the A30
    which runs to Land's End. ... I think it is probably the A1 but the A30 could be longer
    too.' was graded correct: its sides were too long for the "either" pair."""
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == verdict, grade_.labels
    assert any(label.startswith(AMONG) for label in grade_.labels) == (verdict == PARTIAL)


@pytest.mark.parametrize(
    "text",
    [
        "it is either tungsten, which melts at 3,422 c, or possibly carbon. tungsten is used.",
        "it is tungsten, or possibly carbon. tungsten is used.",
        "neither tungsten nor carbon, or maybe tungsten.",
    ],
)
def test_a_pair_is_read_only_where_either_is_written(text):
    """`uncommitted` reads `open_between` only in a text that holds "either" (its shortcut):
    without it no hedged pair is found."""
    from grader.rules.candidates import open_between

    without = text.replace("either", "")
    for start in range(len(without)):
        assert not open_between(without, start, start + 8)


# (v4) Candidates left open at the end (`grader.rules.candidates.open_at_end`): the answer's last
# clause that names the key gives it as one side of "x or y" after a phrase that gives the answer
# or a hedge, or the next sentence opens with "or" and another candidate: the answer concludes
# open, whatever it said of the key before. (register, question, accepted, answer)
OPEN_AT_END = [
    (
        "science",
        "Which element did Marie Curie name after her homeland?",
        ("polonium",),
        "She named polonium after Poland, and radium for its rays. So the answer is radium or"
        " polonium.",
    ),
    (
        "sport",
        "In which year did England win the Rugby World Cup?",
        ("2003",),
        "England won in 2003 in Sydney, beating Australia in extra time; or was it the 2007"
        " final in Paris? I would say 2003 or 2007.",
    ),
    (
        "politics",
        "Who was the first president of the Fifth French Republic?",
        ("Charles de Gaulle", "de Gaulle"),
        "The Fifth Republic began in 1958 under de Gaulle, with Michel Debré drafting its"
        " constitution. My best guess is Debré or de Gaulle.",
    ),
    (
        "music",
        "How many symphonies did Beethoven complete?",
        ("nine", "9"),
        "Beethoven finished nine symphonies, the last with a choral finale. So the answer is"
        " nine. Or ten if you count the sketches Barry Cooper assembled.",
    ),
    (
        "law",
        "Which amendment abolished slavery in the United States?",
        ("Thirteenth Amendment", "13th Amendment"),
        "Slavery ended with the Thirteenth Amendment, ratified in 1865. Perhaps the Thirteenth"
        " Amendment or the Fourteenth Amendment, as both dealt with it.",
    ),
    (
        "business",
        "In which city was Nokia founded?",
        ("Tampere",),
        "Nokia was founded as a paper mill near Tampere in 1865 by Fredrik Idestam, and later"
        " moved to Espoo. The answer is Tampere. Or Nokia, the town it is named after.",
    ),
    (
        "literature",
        "Who wrote Wuthering Heights?",
        ("Emily Brontë", "Brontë"),
        "Wuthering Heights was published in 1847 under the name Ellis Bell, a pseudonym of Emily"
        " Brontë. Her sister Anne published the same year. So it is Emily Brontë or Anne.",
    ),
    (
        "finance",
        "In which year was the euro introduced as cash?",
        ("2002",),
        "Euro notes and coins went into circulation in 2002, three years after the currency"
        " itself launched. Therefore it is 2002 or 1999.",
    ),
    # the phrase that gives the answer, then an article and two words before the key's side
    (
        "nature",
        "Which bird is the national symbol of the United States?",
        ("bald eagle",),
        "The bald eagle was adopted as the national emblem in 1782. I would say a North American"
        " bald eagle or a golden eagle.",
    ),
    # a longer word that holds the key, or the other candidate, is no mention of either
    (
        "sport",
        "Which city hosted the 1924 Summer Olympics?",
        ("Paris",),
        "The 1924 Games were the last Coubertin presided over. I would say Paris or Amsterdam,"
        " the Parisian bid having won in 1921.",
    ),
    (
        "history",
        "In which country are the ruins of Carthage?",
        ("Tunisia",),
        "So the answer is Tunisia or Libya. Libyans have long claimed it.",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), OPEN_AT_END, ids=case_id)
def test_candidates_left_open_at_the_end(register, question, accepted, answer):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == PARTIAL, grade_.labels
    assert any(label.startswith(AMONG) for label in grade_.labels)


CHOSEN_AT_END = [
    # a later clause chooses the key from the pair
    ("geography", "Which country is Carthage in?", ("Tunisia",), "Libya or Tunisia? Tunisia."),
    ("music", "When did the hall open?", ("1889",), "1889 or 1891: it opened in 1889."),
    # the same with no full stop after the key (a span cut short): nothing after it to leave open
    ("geography", "Where did the show open?", ("Paris",), "Paris or Lyon? It opened in Paris"),
    # an "or" that refines one thing, a pair with no second candidate, "either way"
    (
        "geography",
        "Which country is Carthage in?",
        ("Tunisia",),
        "So the answer is Tunisia, or more precisely Carthage near Tunis.",
    ),
    ("geography", "Which country is Carthage in?", ("Tunisia",), "Either way, Tunisia."),
    ("science", "How many moons does Mars have?", ("two", "2"), "Two. Or rather, two known."),
    ("sport", "How many players are on a side?", ("11",), "So the answer is 11 or so."),
    (
        "business",
        "How many employees did the firm have?",
        ("1,000",),
        "The firm had 1,000 staff. I would say 1,000 or more.",
    ),
    # a pair that is no conclusion: said outright, then a pair about another thing
    (
        "law",
        "When did the law take effect?",
        ("1998",),
        "In 1998; the bill passed in 1997 or 1998.",
    ),
    # an "or" sentence with no candidate of the key's kind, or no candidate at all
    (
        "literature",
        "Who wrote Middlemarch?",
        ("George Eliot",),
        "The answer is George Eliot. Or, as she was born, Mary Ann Evans.",
    ),
    ("finance", "In which year was the euro launched?", ("1999",), "It is 1999. Or the euro?"),
    (
        "politics",
        "How many seats are in the US Senate?",
        ("100",),
        "The Senate has 100 seats. Or so the constitution implies.",
    ),
    # a hedge in an earlier clause (after ". ", "; ", ": ", "! ") does not reach an "or" that
    # glosses in the last one
    (
        "art",
        "In which country was Rembrandt born?",
        ("Netherlands",),
        "Perhaps surprisingly, Rembrandt never left his country. He was born in the Netherlands"
        " or Holland, as it is often called.",
    ),
    (
        "art",
        "In which country was Rembrandt born?",
        ("Netherlands",),
        "Rembrandt probably never travelled abroad; he was born in the Netherlands or Holland, as"
        " it is often called.",
    ),
    (
        "art",
        "In which country was Rembrandt born?",
        ("Netherlands",),
        "I think this one is easy: he was born in the Netherlands or Holland, as it is often"
        " called.",
    ),
    (
        "art",
        "In which country was Rembrandt born?",
        ("Netherlands",),
        "He probably never travelled abroad! He was born in the Netherlands or Holland, as it is"
        " often called.",
    ),
    # the key glued to the word before it (a typo), an "or" elsewhere: no pair holds the key
    (
        "science",
        "At what temperature do the Celsius and Fahrenheit scales agree?",
        ("-40",),
        "The two scales read the same at-40 degrees, whether you measure in Celsius or Fahrenheit.",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), CHOSEN_AT_END, ids=case_id)
def test_what_the_end_family_never_reads(register, question, accepted, answer):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == CORRECT, grade_.labels


# (v4) A pair across a comma, hedged after its "or" ("in 1884, I believe, or maybe 1886"): the
# key is one of two candidates, whichever side it stands on, an aside of a hedge before the "or"
# or none. Cases written for this project.
HEDGED_ACROSS_A_COMMA = [
    (
        "history",
        "When was the treaty signed?",
        "1648",
        "It was signed in 1646, I believe, or maybe 1648.",
    ),
    (
        "history",
        "When was the treaty signed?",
        "1648",
        "It was signed in 1648, I think, or perhaps 1646.",
    ),
    ("science", "Who first isolated the element?", "Davy", "It was Berzelius, or possibly Davy."),
    ("sport", "How many players are on a side?", "11", "Each side has 11, or maybe 12."),
    (
        "geography",
        "Which river is longer?",
        "Danube",
        "The Rhine, I'd guess, or perhaps the Danube.",
    ),
    (
        "engineering",
        "Who designed the bridge?",
        "Telford",
        "Brunel designed it, or probably Telford.",
    ),
]
# Never: the hedge only before the comma, no hedge after the "or" (a gloss: "lignite, or brown
# coal"; "lignite, I think, or brown coal"), an "or" with no second candidate ("or maybe
# earlier"), the key on both sides, the key hedged alone ("in 1648, I believe.").
NOT_HEDGED_ACROSS_A_COMMA = [
    ("history", "When was the treaty signed?", "1648", "It was signed in 1648, I believe."),
    ("history", "When was the treaty signed?", "1648", "It was signed in 1648, or maybe earlier."),
    ("history", "When was the treaty signed?", "1648", "In 1648, I believe, or maybe 1648."),
    ("science", "What is it?", "lignite", "It is lignite, or brown coal."),
    ("science", "What is it?", "lignite", "It is lignite, I think, or brown coal."),
    ("engineering", "How long is it?", "1 mile", "It is 1 mile, or 1.6 km."),
    ("geography", "When did it open?", "1886", "It opened in 1886, or 1884 by the old calendar."),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), HEDGED_ACROSS_A_COMMA, ids=case_id
)
def test_a_pair_hedged_after_or_across_a_comma(register, question, accepted, answer):
    assert not said(accepted, answer), register
    assert grade(question, (accepted,), answer).verdict == PARTIAL


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), NOT_HEDGED_ACROSS_A_COMMA, ids=case_id
)
def test_what_the_pair_across_a_comma_never_reads(register, question, accepted, answer):
    grade_ = grade(question, (accepted,), answer)
    assert grade_.verdict == CORRECT, grade_.labels


# (v4) A pair left open however it is written: a hedge right after its "or" ("Banting or perhaps
# Macleod"), a side of "either ... or" written with initials ("either A. Hamilton or James
# Madison"). Cases written for this project.
LEFT_OPEN = [
    (
        "medicine",
        "Who discovered insulin?",
        "Banting",
        "Insulin was isolated by Banting or perhaps Macleod.",
    ),
    (
        "sport",
        "Who won the 1966 final?",
        "England",
        "The cup went to West Germany or maybe England.",
    ),
    (
        "law",
        "Which court heard the appeal?",
        "Court of Appeal",
        "The appeal went to the Court of Appeal or possibly the Supreme Court.",
    ),
    (
        "cooking",
        "Which cheese is used in a classic fondue?",
        "Gruyère",
        "The classic fondue uses Gruyère or maybe Emmental.",
    ),
    (
        "history",
        "Who wrote the Federalist essay No. 10?",
        "James Madison",
        "It was written by either A. Hamilton or James Madison.",
    ),
    (
        "literature",
        "Who wrote Middlemarch?",
        "George Eliot",
        "Either G. H. Lewes or George Eliot wrote it.",
    ),
]
# Never: a hedged "or" that offers no second candidate ("or maybe earlier", "or possibly
# more"), a pair a later sentence chooses from, an "or" that refines ("or rather"), "either
# way", an "or" after a naming word.
NOT_LEFT_OPEN = [
    ("history", "When was the treaty signed?", "1648", "It was signed in 1648 or maybe earlier."),
    ("sport", "How many players are on a side?", "11", "A side has 11 or possibly more."),
    (
        "music",
        "Who composed the Trout Quintet?",
        "Schubert",
        "Schubert or Schumann? I think it was Schubert.",
    ),
    (
        "science",
        "Who first measured the speed of light?",
        "Rømer",
        "It was Rømer, or rather Ole Rømer.",
    ),
    (
        "history",
        "Who wrote the Federalist essay No. 10?",
        "James Madison",
        "It was written by James Madison; either way, J. Jay did not write it.",
    ),
    (
        "geography",
        "What is the country called?",
        "the Netherlands",
        "It is known as the Netherlands or maybe Holland.",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), LEFT_OPEN, ids=case_id)
def test_a_pair_left_open_names_the_key_among_candidates(register, question, accepted, answer):
    grade_ = grade(question, (accepted,), answer)
    assert grade_.verdict == PARTIAL, (register, grade_.labels)


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), NOT_LEFT_OPEN, ids=case_id)
def test_what_a_pair_left_open_never_reads(register, question, accepted, answer):
    grade_ = grade(question, (accepted,), answer)
    assert grade_.verdict == CORRECT, (register, grade_.labels)


# (v4) Candidates in the forms people write them: a pair after a doubt that opens its sentence,
# set off by a dash, a comma, a colon or a semicolon; the key's shorter form opening a side of
# several words; a key whose "St" or "Mt" another reading takes for lost letters. Cases written
# for this project. (register, question, accepted, answer)
WRITTEN_OPEN = [
    (
        "medicine",
        "Which hormone lowers blood sugar?",
        ("insulin",),
        "I cannot confirm this from the documents: insulin or glucagon.",
    ),
    (
        "sport",
        "Which club won the 1970 FA Cup?",
        ("Chelsea",),
        "Hard to say, Chelsea or Leeds United.",
    ),
    (
        "law",
        "Which court decided Donoghue v Stevenson?",
        ("House of Lords",),
        "I don't remember exactly — the House of Lords or the Court of Session.",
    ),
    (
        "cooking",
        "Which cheese is used in a Caprese salad?",
        ("mozzarella",),
        "Not sure; the salad takes mozzarella or burrata, sliced thin.",
    ),
    (
        "history",
        "Who commanded the French at Austerlitz?",
        ("Napoleon", "Napoleon Bonaparte"),
        "I cannot say for sure, Napoleon or Davout; the battle was fought in 1805.",
    ),
    # the doubt opens a sentence after a question the answer asks itself
    (
        "literature",
        "Who wrote Middlemarch?",
        ("George Eliot", "Eliot"),
        "Who wrote it? Hard to say: Elizabeth Gaskell or George Eliot.",
    ),
    # "either" as "also" inside the doubt: the doubt still opens the sentence
    (
        "science",
        "Which element did Marie Curie name after Poland?",
        ("polonium",),
        "I'm not sure either — polonium or radium.",
    ),
    # the key's shorter form opening a side of several words, a possessive among them
    (
        "geography",
        "Which waterfall lies on the Zambezi?",
        ("Victoria Falls", "Victoria"),
        "Probably Victoria Falls or the Kariba Gorge, both on the river.",
    ),
    (
        "music",
        "Who composed the Brandenburg Concertos?",
        ("Johann Sebastian Bach", "Bach"),
        "I can't recall offhand, Bach's concertos or Handel's.",
    ),
    # a "St" or a "Mt" (no vowel, read as lost letters by `question_words.says_damaged`)
    (
        "religion",
        "Who is the patron saint of Scotland?",
        ("Saint Andrew", "St Andrew"),
        "Either St Andrew or St Columba, both honoured there.",
    ),
    (
        "geography",
        "What is the highest mountain in Japan?",
        ("Mount Fuji", "Mt Fuji"),
        "Either Mt Fuji or Mt Kita.",
    ),
]
# Never: a choice the writer then makes (a dash ends a side), "not X or Y but Z", "either" as
# "also" before a dash ("... did not win it either — ..."), a doubt in an earlier sentence, a key
# that itself holds "or", said whole.
WRITTEN_CHOSEN = [
    (
        "sport",
        "Which club won the 1970 FA Cup?",
        ("Chelsea",),
        "Hard to say, Chelsea or Leeds — Chelsea, after the replay.",
    ),
    (
        "law",
        "Which court decided Donoghue v Stevenson?",
        ("House of Lords",),
        "I don't remember exactly, but not the Court of Session or the Court of Appeal: the House"
        " of Lords.",
    ),
    (
        "sport",
        "Which club won the 1970 FA Cup?",
        ("Chelsea",),
        "Leeds did not win it either — Chelsea won at Old Trafford or Wembley.",
    ),
    (
        "cooking",
        "Which herb leads a gremolata?",
        ("parsley",),
        "Basil is not in it either — the sauce uses parsley with lemon or lime.",
    ),
    (
        "cooking",
        "Which cheese is used in a Caprese salad?",
        ("mozzarella",),
        "I am not sure of the year it began. The salad uses mozzarella or fior di latte, the"
        " cow's-milk kind.",
    ),
    (
        "film",
        "Which 1991 documentary followed Madonna on tour?",
        ("Truth or Dare",),
        "I am not sure: Truth or Dare.",
    ),
]


# (v4, one owner) The forms the candidates' doubt gained when the doubt became one definition
# (`grader.rules.stance.DOUBT`): a caveat on what the writer cannot check, with the thing named,
# a degree of sureness, "we", a caveat in the past tense. (register, question, accepted, answer)
DOUBT_GAINED = [
    (
        "medicine",
        "Which organ produces bile?",
        ("liver",),
        "I cannot verify current textbooks: the liver or the gallbladder.",
    ),
    (
        "sport",
        "Which country won the 1966 World Cup?",
        ("England",),
        "I'm not able to browse archived results — England or West Germany.",
    ),
    (
        "law",
        "Which court decided Donoghue v Stevenson?",
        ("House of Lords",),
        "We cannot be certain; the House of Lords or the Privy Council.",
    ),
    (
        "history",
        "Who was the first Roman emperor?",
        ("Augustus",),
        "Not a hundred percent sure, Augustus or Tiberius.",
    ),
    (
        "cooking",
        "Which cheese tops a classic carbonara?",
        ("pecorino",),
        "I was unable to check the recipe: pecorino or parmesan.",
    ),
]
# Never: a choice the writer then makes after such a doubt (a dash ends a side), the doubt in an
# earlier sentence, a caveat before a contrast (the hedge opener's ending, not a mark: what
# follows it is read as an answer).
DOUBT_GAINED_CHOSEN = [
    (
        "medicine",
        "Which organ produces bile?",
        ("liver",),
        "I cannot verify current textbooks: the liver or the gallbladder — the liver, which"
        " stores it in the gallbladder.",
    ),
    (
        "sport",
        "Which country won the 1966 World Cup?",
        ("England",),
        "I'm not able to browse archived results, but it was England, not West Germany or"
        " Portugal.",
    ),
    (
        "law",
        "Which court decided Donoghue v Stevenson?",
        ("House of Lords",),
        "We cannot be certain of the date. The House of Lords decided it, the Privy Council or"
        " the Court of Session never heard it.",
    ),
    (
        "cooking",
        "Which cheese tops a classic carbonara?",
        ("pecorino",),
        "I was unable to check the recipe, but pecorino is used, or sometimes parmesan with it.",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), DOUBT_GAINED, ids=case_id)
def test_candidates_after_a_doubt_the_candidates_gained(register, question, accepted, answer):
    """ "I cannot verify current textbooks: the liver or the gallbladder." was graded correct:
    the candidates' doubt lacked the caveats the hedge opener's doubt had."""
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == PARTIAL, (register, grade_.labels)
    assert any(label.startswith(AMONG) for label in grade_.labels)


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), DOUBT_GAINED_CHOSEN, ids=case_id
)
def test_what_a_doubt_the_candidates_gained_never_reads(register, question, accepted, answer):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == CORRECT, (register, grade_.labels)


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), WRITTEN_OPEN, ids=case_id)
def test_candidates_in_the_forms_people_write_them(register, question, accepted, answer):
    """A pair after a doubt set off by a dash was graded correct for a key given shorter than its
    side ("X" of "X Falls"): the doubt hid the pair from the whole-answer reading, the only one
    that read a side's first word; a pair of names with "St" too, its "St" read as lost
    letters."""
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == PARTIAL, (register, grade_.labels)
    assert any(label.startswith(AMONG) for label in grade_.labels)


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), WRITTEN_CHOSEN, ids=case_id
)
def test_what_candidates_in_written_forms_never_read(register, question, accepted, answer):
    grade_ = grade(question, accepted, answer)
    assert grade_.verdict == CORRECT, (register, grade_.labels)


# (v4) Candidates listed under a header that calls them candidates, none chosen: read as "Either
# A or B or C.", the key among them (`listed_candidates`). Cases written for this project.
# (register, question, accepted, answer)
LISTED_OPEN = [
    (
        "medicine",
        "Which hormone lowers blood sugar?",
        ("insulin",),
        "Possible hormones:\n- glucagon\n- insulin\n- cortisol",
    ),
    (
        "sport",
        "Who won the 1966 World Cup?",
        ("England",),
        "Candidates: England, West Germany or Portugal.",
    ),
    (
        "history",
        "Who was the first Roman emperor?",
        ("Augustus",),
        "Likely candidates:\n1. Julius Caesar\n2. Augustus\n3. Tiberius",
    ),
    (
        "science",
        "Which planet has the most moons?",
        ("Saturn",),
        "It could be any of: Jupiter, Saturn, Uranus.",
    ),
    (
        "food",
        "Which cheese is used in a Caprese salad?",
        ("mozzarella",),
        "Possible cheeses:\n* burrata\n* mozzarella, fresh and sliced\n* ricotta",
    ),
    (
        "law",
        "Which court decided Donoghue v Stevenson?",
        ("House of Lords",),
        "Potential courts:\n- Court of Session\n- Privy Council\n"
        "- House of Lords (then the top court)",
    ),
    (
        "music",
        "Who composed the Brandenburg Concertos?",
        ("Johann Sebastian Bach", "Bach"),
        "Plausible composers: Handel, Telemann and Bach.",
    ),
    # the key last of four, after sides of several words (every side of "either a or b or c")
    (
        "art",
        "Who painted the ceiling of the Sistine Chapel?",
        ("Michelangelo",),
        "Possible painters:\n- Raphael Sanzio\n- Leonardo da Vinci\n- Sandro Botticelli\n"
        "- Michelangelo",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), LISTED_OPEN, ids=case_id)
def test_candidates_listed_under_a_header_leave_the_key_among_them(
    register, question, accepted, answer
):
    graded = grade(question, accepted, answer)
    assert graded.verdict == PARTIAL, (register, graded.labels)
    assert graded.labels[0].startswith("the key among candidates"), graded.labels


# Never: a list the question asks for ("Name three ...", "What are the possible ...?"), a header
# naming the answer, candidates with one chosen (later, or marked in the list: a word of choice,
# bold among plain), a header that calls nothing candidates, one candidate.
LISTED_CHOSEN = [
    (
        "science",
        "Name three noble gases.",
        ("helium, neon and argon",),
        "Possible gases:\n- helium\n- neon\n- argon",
    ),
    (
        "medicine",
        "What are the possible side effects of statins?",
        ("muscle pain",),
        "Possible side effects:\n- muscle pain\n- liver damage",
    ),
    (
        "science",
        "What are the leading candidates for dark matter?",
        ("WIMPs and axions",),
        "Candidates:\n- WIMPs\n- axions",
    ),
    (
        "astronomy",
        "What are the probable sources of the meteorites found in Antarctica that came from "
        "another body?",
        ("Mars and the Moon",),
        "Probable sources:\n- Mars\n- the Moon",
    ),
    (
        "medicine",
        "What are the probable causes of iron-deficiency anaemia in adults?",
        ("blood loss",),
        "Likely causes:\n- blood loss\n- poor diet",
    ),
    ("medicine", "Which hormone lowers blood sugar?", ("insulin",), "Hormone:\n- insulin"),
    (
        "medicine",
        "Which hormone lowers blood sugar?",
        ("insulin",),
        "Possible hormones: glucagon, insulin or cortisol. It is insulin.",
    ),
    (
        "sport",
        "Who won the 1966 World Cup?",
        ("England",),
        "Candidates:\n- West Germany\n- England (most likely)\n- Portugal",
    ),
    (
        "history",
        "Who was the first Roman emperor?",
        ("Augustus",),
        "Likely candidates:\n1. Julius Caesar\n2. **Augustus**\n3. Tiberius",
    ),
    (
        "history",
        "Who was the first Roman emperor?",
        ("Augustus",),
        "Key facts:\n- Augustus\n- 27 BC",
    ),
    ("history", "Who was the first Roman emperor?", ("Augustus",), "Possible answer: Augustus."),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), LISTED_CHOSEN, ids=case_id)
def test_what_listed_candidates_never_read(register, question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == CORRECT, (register, graded.labels)


def test_listed_candidates_are_read_as_either_and_set_aside():
    working, answer = listed_candidates("Intro.\nPossible causes:\n- gout\n- a sprain\nSee a GP.")
    assert answer == "Intro.\nEither gout or a sprain.\nSee a GP."
    assert working == "Possible causes:\n- gout\n- a sprain"
    assert listed_candidates("Candidates: gout, a sprain (chosen).") == (
        "Candidates: gout, a sprain (chosen).",
        "a sprain.",
    )


# (v4) A pair followed by not knowing which, or one of them without saying which ("x or y, I
# forget which", "x or y, one or the other", "x or y, one of that school anyway"): left open.
# Cases written for this project. (register, question, accepted, answer)
WHICH_LEFT_OPEN = [
    (
        "medicine",
        "Which vitamin deficiency causes rickets?",
        ("vitamin D",),
        "Vitamin D or vitamin K, I forget which.",
    ),
    (
        "sport",
        "Who won Wimbledon in 1980?",
        ("Björn Borg", "Borg"),
        "Borg or McEnroe, I can't remember which.",
    ),
    (
        "history",
        "Which king sealed Magna Carta?",
        ("King John", "John"),
        "Richard or John - I never remember which one it was.",
    ),
    (
        "science",
        "Which gas makes up most of the air?",
        ("nitrogen",),
        "Oxygen or nitrogen (not sure which).",
    ),
    (
        "food",
        "Which nut goes into a classic pesto?",
        ("pine nuts",),
        "Walnuts or pine nuts, one or the other.",
    ),
    (
        "music",
        "Who composed The Planets?",
        ("Gustav Holst", "Holst"),
        "Holst or Elgar, one of the English lot anyway.",
    ),
    (
        "law",
        "Which court decided Donoghue v Stevenson?",
        ("House of Lords",),
        "The House of Lords or the Privy Council, I'm not sure which of the two.",
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), WHICH_LEFT_OPEN, ids=case_id
)
def test_a_pair_then_not_knowing_which_leaves_the_key_among_candidates(
    register, question, accepted, answer
):
    graded = grade(question, accepted, answer)
    assert graded.verdict == PARTIAL, (register, graded.labels)
    assert graded.labels[0].startswith("the key among candidates"), graded.labels


# Never: a pair that does not hold the key, "which" asking a question of its own after a choice
# made past a dash, "one of" that describes (no "anyway"), two accepted names of the key, a
# not knowing of something else (set aside as before).
WHICH_NOT_LEFT_OPEN = [
    (
        "sport",
        "Who won Wimbledon in 1980?",
        ("Björn Borg", "Borg"),
        "Borg, who beat McEnroe or Connors, I forget which, in the final.",
    ),
    (
        "sport",
        "Who won Wimbledon in 1980?",
        ("Björn Borg", "Borg"),
        "Borg or McEnroe - Borg, I forget which set he dropped.",
    ),
    (
        "food",
        "Which nut goes into a classic pesto?",
        ("pine nuts",),
        "Pine nuts or pignoli, one of the costliest nuts.",
    ),
    (
        "geography",
        "Which city was once called Bombay?",
        ("Mumbai", "Bombay"),
        "Mumbai or Bombay, I forget which.",
    ),
    (
        "sport",
        "Who won Wimbledon in 1980?",
        ("Björn Borg", "Borg"),
        "Borg, though I'm not sure which year.",
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), WHICH_NOT_LEFT_OPEN, ids=case_id
)
def test_what_not_knowing_which_never_reads(register, question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == CORRECT, (register, graded.labels)


# --- (v4) Scored candidates: the top one is the answer (`scored_candidates`) ------------------
# A system's raw output of candidates with scores is read as its top candidate; the others are
# alternatives it did not give, a best guess below its threshold no answer. Cases written for
# this project in medicine, law, sport, geography, music, cooking, software and history.

SCORED = [
    # the answer's label, its score, and the candidates it did not give
    (
        "medicine",
        "Which vitamin deficiency causes scurvy?",
        ("vitamin C", "ascorbic acid"),
        "Answer: vitamin D (score 0.61)\nOther candidates: vitamin C (0.27), vitamin B12 (0.05)",
        WRONG,
    ),
    (
        "law",
        "Which court hears appeals from the Court of Appeal in England?",
        ("the Supreme Court", "Supreme Court"),
        "Answer: Supreme Court (0.71)\nAlternatives: High Court (0.18); Privy Council (0.06)",
        CORRECT,
    ),
    (
        "history",
        "In which year did the Berlin Wall fall?",
        ("1989",),
        "Prediction: 1991 (p=0.44)\nRunners-up: 1989 (0.40), 1990 (0.09)",
        WRONG,
    ),
    # a ranked list, a candidate a line, each score named, whatever the list's order
    (
        "music",
        "Who composed The Planets?",
        ("Gustav Holst", "Holst"),
        "1. Edward Elgar  prob=0.51\n2. Gustav Holst  prob=0.38\n3. Ralph Vaughan Williams"
        "  prob=0.06",
        WRONG,
    ),
    (
        "geography",
        "What is the capital of Australia?",
        ("Canberra",),
        "Candidates:\n- Canberra (confidence 31%)\n- Sydney (confidence 64%)\n- Melbourne"
        " (confidence 5%)",
        WRONG,
    ),
    # a ranked list on one line after a header, the score after the candidate
    (
        "sport",
        "Which country won the first football World Cup?",
        ("Uruguay",),
        'n-best: ["Argentina" 0.46, "Uruguay" 0.45, "Italy" 0.04]',
        WRONG,
    ),
    (
        "cooking",
        "Which cheese is used in a classic tiramisu?",
        ("mascarpone",),
        "Top 3 answers: mascarpone (72%), ricotta (15%), cream cheese (9%)",
        CORRECT,
    ),
    (
        "software",
        "Which language was Django written in?",
        ("Python",),
        "Candidates: Ruby: 0.49; Python: 0.47; PHP: 0.02",
        WRONG,
    ),
    # ... each score named, on one line with no header
    (
        "history",
        "Who was the first Roman emperor?",
        ("Augustus",),
        "Julius Caesar (p=0.55), Augustus (p=0.41)",
        WRONG,
    ),
    # two tied at the top: left open, the key among candidates
    (
        "medicine",
        "Which organ produces insulin?",
        ("pancreas", "the pancreas"),
        'top-2: ["liver" 0.45, "pancreas" 0.45]',
        PARTIAL,
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer", "verdict"), SCORED, ids=case_id
)
def test_scored_candidates_are_read_as_their_top_one(register, question, accepted, answer, verdict):
    graded = grade(question, accepted, answer)
    assert graded.verdict == verdict, (register, graded.labels)


SCORED_JSON = [
    # a list of scored answers in an object's field, or an array at the top
    (
        "music",
        "Which instrument did Jacqueline du Pré play?",
        ("cello",),
        '{"answers": [{"text": "violin", "score": 0.52}, {"text": "cello", "score": 0.41}]}',
        WRONG,
    ),
    (
        "geography",
        "Which river flows through Baghdad?",
        ("Tigris", "the Tigris"),
        '[{"answer": "Tigris", "score": 0.66, "start": 12, "end": 18}, '
        '{"answer": "Euphrates", "score": 0.21, "start": 40, "end": 49}]',
        CORRECT,
    ),
    (
        "law",
        "Which amendment abolished slavery in the United States?",
        ("the Thirteenth Amendment", "13th Amendment", "Thirteenth"),
        '{"predictions": [{"candidate": "14th Amendment", "confidence": 0.5}, '
        '{"candidate": "13th Amendment", "confidence": 0.4}], "model": "qa-base"}',
        WRONG,
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer", "verdict"), SCORED_JSON, ids=case_id
)
def test_a_json_list_of_scored_candidates_is_read_as_its_top_one(
    register, question, accepted, answer, verdict
):
    graded = grade(question, accepted, answer)
    assert graded.verdict == verdict, (register, graded.labels)


NO_ANSWER_REPORTS = [
    # a system's report that it has no answer, its best guess below the threshold after it
    ("sport", 'No answer above threshold (best: "Pelé", 0.21)'),
    ("medicine", "No answer found; top candidate: aspirin p=0.12"),
    ("law", "No confident answer above the 0.3 cutoff - best guess: Marbury v. Madison (0.17)"),
    ("music", "Unanswerable (score 0.88)"),
    ("geography", "No span extracted. Highest-scoring span: Lake Geneva (0.09)"),
    ("cooking", "Confidence below threshold [best: saffron, 0.2]"),
]


@pytest.mark.parametrize(("register", "answer"), NO_ANSWER_REPORTS, ids=case_id)
def test_a_best_guess_below_the_threshold_is_no_answer(register, answer):
    """The guess (the key itself) is set aside; the report declines an answerable question."""
    guess = answer.split(":")[-1] if "best" not in answer else answer.split("best")[-1]
    key = {
        "sport": "Pelé",
        "medicine": "aspirin",
        "law": "Marbury v. Madison",
        "music": "Mahler",
        "geography": "Lake Geneva",
        "cooking": "saffron",
    }[register]
    assert key in guess or register == "music"
    graded = grade("What is it?", (key,), answer)
    assert (graded.verdict, graded.declined) == (WRONG, True), graded.labels
    negative = GRADER.grade(make_answer(answer, kind="negative", question="What is it?"))
    assert negative.verdict == CORRECT, negative.labels


NOT_SCORED = [
    # numbers that are no scores: results, a range, years, a decimal over 1
    ("sport", "Who won the 2005 Champions League final?", ("Liverpool",), "Liverpool 3-3 Milan"),
    (
        "sport",
        "Who won the 2023 Ryder Cup?",
        ("Europe", "Team Europe"),
        "answer: Europe; score: 16.5-11.5; venue: Marco Simone, Rome",
    ),
    (
        "sport",
        "Which gymnast scored the first perfect 10?",
        ("Nadia Comăneci", "Comaneci"),
        "Nadia Comaneci\nPerfect score 10.0",
    ),
    (
        "history",
        "When was the Magna Carta sealed?",
        ("1215",),
        "1. 1215 (sealed at Runnymede)\n2. 1225 (reissued)",
    ),
    # values of facts, not named as scores and under no header that calls them candidates
    (
        "geography",
        "Which surface has the lower albedo, snow or grass?",
        ("grass",),
        "Snow (0.9), grass (0.25): so grass.",
    ),
    (
        "geography",
        "Which party came second in the election?",
        ("Conservatives", "the Conservative Party"),
        "Labour 43.2%, Conservatives 31.1%",
    ),
    # findings with their p-values, no ranking: a score above the one before it, no header
    (
        "medicine",
        "Which drug lowered blood pressure significantly?",
        ("ramipril",),
        "ramipril vs placebo  p=0.03\natenolol vs placebo  p=0.20",
    ),
    ("medicine", "Was the effect significant?", ("yes",), "Significant (p = 0.03)"),
    # a value in brackets after an answer, no others after it: no score
    ("science", "What fraction of the light is reflected?", ("0.5", "half"), "Answer: half (0.5)"),
    # a hedged answer with its guess: no report that it has none
    ("music", "Who wrote Fidelio?", ("Beethoven",), "I am not sure (best guess: Beethoven, 0.6)"),
    # a list the question asks for: every candidate is part of the answer
    (
        "cooking",
        "Name two herbs in a bouquet garni.",
        ("thyme and bay", "bay and thyme"),
        "1. thyme  p=0.91\n2. bay  p=0.88",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), NOT_SCORED, ids=case_id)
def test_what_scored_candidates_never_read(register, question, accepted, answer):
    several = partial(asks_for_several, question)
    assert scored_candidates(answer, several) == ("", answer), register
    assert scored_reading(answer, several) is None


def test_scored_candidates_are_set_aside_as_working():
    working, read = scored_candidates(
        "Answer: Lisbon (score 0.58)\nOther candidates: Porto (0.22), Braga (0.11)"
    )
    assert read == "Answer: Lisbon"
    assert working == "(score 0.58)\nOther candidates: Porto (0.22), Braga (0.11)"
    working, read = scored_candidates('No answer above threshold (best: "Lisbon", 0.18)')
    assert (working, read) == ('(best: "Lisbon", 0.18)', "No answer above threshold")
    working, read = scored_candidates("Intro.\nN-best:\n1. Porto  p=0.2\n2. Lisbon  p=0.7\nEnd.")
    assert read == "Intro.\nLisbon\nEnd."
    assert working == "N-best:\n1. Porto  p=0.2\n2. Lisbon  p=0.7"
    # without a header, a ranking only: no score above the one before it
    assert scored_candidates("1. Porto  p=0.2\n2. Lisbon  p=0.7")[0] == ""


def test_every_no_answer_report_the_family_reads_declines_by_the_list():
    """The report left after a best guess is set aside is a decline of the shipped list."""
    for _register, answer in NO_ANSWER_REPORTS:
        _working, report = scored_candidates(answer)
        assert report != answer
        assert grade("What is it?", ("Lisbon",), report).declined, report


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "Answer: ",
                "Other candidates: ",
                "top-3: ",
                "1. ",
                "2. ",
                "No answer above ",
                "threshold",
                " (best: ",
                '"Omega"',
                "Lisbon",
                " p=",
                "score ",
                "0",
                "1",
                ".",
                "5",
                "%",
                ", ",
                "; ",
                "(",
                ")",
                "[",
                "]",
                "\n",
                " ",
                "-",
                "conf: ",
                "Prediction: ",
                "Output = ",
                "Candidates: ",
                "Ranked: ",
                "N-best: ",
                "Hypotheses: ",
                "highest scoring ",
                "closest match ",
                "probability ",
                "confidence ",
                "likelihood ",
                "certainty ",
                "logprob=",
                "P = ",
                "PROB:",
                "\u017fcore ",
                "Top ",
                "BEST",
                "Alternatives: ",
                "was ",
            ]
        ),
        max_size=16,
    ).map("".join)
)
def test_scored_candidates_are_looked_for_only_where_a_scores_value_is_written(text):
    """`scored_candidates` reads a text with no point before a digit and no digit before a
    percent sign, or with none of the words every reading needs (`_SCORED_WORDS`, a "p" named),
    as holding none (its shortcuts): every score's value holds one of them, every reading one of
    the words."""
    assert scored_candidates(text) == scored_candidates_by_definition(text)
    if scored_candidates_by_definition(text)[0]:
        assert re.search(r"\.\d|\d[ \t]?%", text)
        assert _scored_words(text)


@pytest.mark.parametrize(
    "text",
    [
        "Answer: Lisbon (0.5)\nAlternatives: Porto (0.2)",
        "Prediction: Lisbon (0.61)\nRunners-up: Porto (0.2)",
        "Output: Lisbon (0.61)\nAlso considered: Porto (0.2)",
        'No answer above threshold (best: "Omega", 0.18)',
        "No span exceeds the cutoff (closest match: Omega, 0.18)",
        "No answer found (highest scoring: Omega 0.18)",
        "No answer found; top candidate: Omega 0.18",
        "Top-2: Lisbon 61%, Porto 20%",
        'N-best: "Lisbon" 0.61, "Porto" 0.2',
        'Ranked: "Lisbon" 0.61, "Porto" 0.2',
        'Candidates: "Lisbon" 0.61, "Porto" 0.2',
        'Hypotheses: "Lisbon" 0.61, "Porto" 0.2',
        "1. Lisbon  p=0.61\n2. Porto  p=0.20",
        "Lisbon (prob=0.61), Porto (prob=0.2)",
        "Lisbon (confidence 0.61)",
        "Lisbon [likelihood 0.61]",
        "Lisbon (certainty 0.61)",
        "Lisbon (logit 2.3)",
        "Lisbon (\u017fcore 0.61)",
    ],
    ids=case_id,
)
def test_every_scored_reading_holds_one_of_the_words_its_shortcut_looks_for(text):
    """Each kind of scored reading (the answer's label and the others after it, a best guess
    below the threshold, a ranked header, a score named) is read by the definition and holds
    one of `_SCORED_WORDS` or a "p" named, so the shortcut reads it too."""
    assert scored_candidates_by_definition(text)[0]
    assert _scored_words(text)
    assert scored_candidates(text) == scored_candidates_by_definition(text)


# A score written alone where what holds it names it one (a table's column of beliefs): the one
# owner of a score's value, which the scored candidates and the tables both read.
WRITTEN_SCORES = {
    "a decimal": ("0.71", 0.71),
    "a decimal with no leading zero": (".18", 0.18),
    "a decimal of one": ("1.0", 1.0),
    "a percentage": ("71%", 0.71),
    "a percentage of a hundred": ("100%", 1.0),
    "a percentage spaced": ("5 %", 0.05),
    # never: a whole number (a count, a tally, a rank, a year), over 1 or 100%, a result
    "a whole one": ("1", None),
    "a whole nought": ("0", None),
    "a year": ("1867", None),
    "a decimal over one": ("1.5", None),
    "a percentage over a hundred": ("120%", None),
    "a negative decimal": ("-0.2", None),
    "a result": ("3-1", None),
    "a word": ("high", None),
}


@pytest.mark.parametrize(
    ("written", "score"), list(WRITTEN_SCORES.values()), ids=list(WRITTEN_SCORES.keys())
)
def test_a_score_written_alone_is_a_decimal_or_a_percentage(written, score):
    assert written_score(written) == score

"""The question's gap (grader/rules/gaps.py, read by K008 and K009): which questions ask for
their subject, and what the gap's head is (its verb's stem, its order words); and the questions
that must have none (another question word, several things asked, an object's question); the
stems and words of content a restatement is compared by, and which words restate the head. The
answers read against the gap are tests/rules/test_answering.py's.
"""

from __future__ import annotations

import pytest

from grader.rules.gaps import content_stems, gap_of, restates, stem
from tests.caseids import case_id


@pytest.mark.parametrize(
    "question",
    [
        "When did the Berlin Wall fall?",
        "Where is the Prado museum?",
        "How many players are on a cricket team?",
        "In which city is the Prado?",
        "What did Marie Curie discover?",
        "What is Osbert Lancaster best known for?",
        "Which two architects designed the Pompidou Centre?",
        "What does a sommelier recommend?",
        # "has" as the verb itself, no participle after it: an object's question for "who"
        "Who has the most Grand Slam titles?",
        "Name the longest river in Asia.",
        # a plural noun before another word is no verb in the present
        "Which US states border Canada?",
        "What cheeses come from Normandy?",
        # (v4) in quiz order: a question phrase after another preposition (a place, a time,
        # another role's complement), one that does not close the question, an object's
        # question, a count, several things asked
        "The Prado museum is in which city?",
        "The Eiffel Tower was completed in which year?",
        "Antananarivo is the capital of which country?",
        "Catherine of Aragon was married to whom?",
        "Sakura is which flower in English?",
        "Marie Curie discovered which element?",
        "A spider has how many legs?",
        "The Treaty of Tordesillas was signed by which two kingdoms?",
        "The Berlin Wall fell when?",
        "How many soldiers were captured by which army?",
        # "which" with no noun, "who" with no preposition before it
        "The fastest land animal is which?",
        "The author of Middlemarch was who?",
    ],
    ids=case_id,
)
def test_no_gap_for_another_question(question):
    assert gap_of(question) is None


QUIZ_ORDER = [
    # (v4) the question phrase last: a copula, an adverb after it or not (geography, metals)
    ("The capital of Mongolia is which city?", "", frozenset(), "by"),
    ("Bronze is mostly which metal?", "", frozenset(), "by"),
    ("The highest peak in Africa is which mountain?", "", frozenset({"highest"}), "by"),
    # a naming word after the copula is the copula's question (motor racing, music)
    ("Juan Manuel Fangio was known as what?", "", frozenset(), "by"),
    ("The lowest male voice is called what?", "", frozenset({"lowest"}), "by"),
    # a participle with its "by", "after" or "as" (music, history, cooking, sport, medicine)
    ("The Eroica symphony was written by whom?", "writ", frozenset(), "by"),
    ("The Magna Carta was sealed by which king?", "seal", frozenset(), "by"),
    ("Beef Wellington is named after which soldier?", "named", frozenset(), "after"),
    ("The Ryder Cup was founded by whom?", "found", frozenset(), "by"),
    ("Sildenafil was marketed as which drug?", "market", frozenset(), "as"),
    # a "which" inside the subject is a relative; the question's "what" closes it
    ("The gas which lifts airships is what?", "", frozenset(), "by"),
    # a title that opens with a question word is a subject as any (film)
    ("How Green Was My Valley was directed by whom?", "direct", frozenset(), "by"),
]


@pytest.mark.parametrize(("question", "verb", "order", "by"), QUIZ_ORDER, ids=case_id)
def test_the_gap_of_a_question_in_quiz_order(question, verb, order, by):
    gap = gap_of(question)
    assert gap is not None
    assert (gap.verb, gap.order, gap.by) == (verb, order, by)
    assert not gap.noun  # the restatement's subject is the question's, not the kind asked


@pytest.mark.parametrize(
    ("question", "verb", "order"),
    [
        ("Who invented the telephone?", "invent", frozenset()),
        ("What is the hottest planet?", "", frozenset({"hottest"})),
        ("Which spacecraft was the first to land on Mars?", "", frozenset({"first"})),
        ("Which town is situated near the Wash?", "situat", frozenset()),
        ("Who was the oldest member of the Beatles?", "", frozenset({"oldest"})),
        ("What is the capital of Australia?", "", frozenset()),
        # a perfect: the participle after "has", "have" or "had" is the verb
        ("Who has won the most Grand Slam titles?", "win", frozenset({"most"})),
        ("Which country has hosted the Olympics three times?", "host", frozenset()),
        ("Who had painted the chapel ceiling before Michelangelo?", "paint", frozenset()),
        # a verb in the present after the noun, before an article (the aside left out)
        ("Which driver holds the record for the most wins?", "hold", frozenset({"most"})),
        ("Which company, founded in 1998, runs the search engine?", "runs", frozenset()),
        # a comma doubled sets off no aside; the aside after it is left out
        ("Which company,, founded in 1998, runs the search engine?", "runs", frozenset()),
        ("What orchestra plays the New Year's concert in Vienna?", "play", frozenset()),
    ],
    ids=case_id,
)
def test_the_gap_of_a_question(question, verb, order):
    gap = gap_of(question)
    assert gap is not None
    assert (gap.verb, gap.order) == (verb, order)
    assert not {"has", "have", "had"} & set(gap.noun)  # the auxiliary is no word of the noun


@pytest.mark.parametrize(
    "words",
    [
        ("founded", "founder", "founders"),
        ("invented", "inventor"),
        ("wrote", "written", "writer"),
        ("composed", "composer"),
        ("planet", "planets"),
    ],
    ids=case_id,
)
def test_a_verb_its_agent_and_a_plural_share_a_stem(words):
    assert len({stem(word) for word in words}) == 1


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        # the surface forms read on the question's side: a number word and its figure, a word
        # and its abbreviation (motorsport, geography, music, business, politics)
        ("Formula One Grand Prix", "Formula 1 Grand Prix", True),
        ("Mount Everest", "Mt. Everest", True),
        ("Warner Brothers", "Warner Bros", True),
        ("Ford Motor Company", "Ford Motor Co.", True),
        ("Saint Helena", "St Helena", True),
        ("Department of Justice", "Dept. of Justice", True),
        # a small number is no word of content, in words as in figures ("Formula 1" and
        # "Formula 2" were one already): another number is told apart elsewhere
        ("Formula One", "Formula Two", True),
        # never another word, nor an ordinal (an order word) as a figure
        ("the first president", "the 1 president", False),
        ("Mount Everest", "Fort Everest", False),
        ("Genesis", "Gen", False),
    ],
    ids=case_id,
)
def test_surface_forms_of_the_questions_words(one, other, same):
    assert (content_stems(one) == content_stems(other)) is same


@pytest.mark.parametrize(
    ("text", "content"),
    [
        # a possessive, the words that name the gap, function words and auxiliaries left out
        ("What is the name of Frankenstein's monster?", {"monst"}),
        ("The founder was", {"found"}),
        # a plural's possessive apostrophe: the plural itself
        ("the Beatles' manager", {"beatl", "manag"}),
    ],
    ids=case_id,
)
def test_the_words_of_content(text, content):
    assert content_stems(text) == content


RESTATEMENTS = [
    # an order word alone restates its question ("The oldest was John Lennon")
    ("Who was the oldest member of the Beatles?", "The oldest", True),
    ("Who was the oldest member of the Beatles?", "The youngest", False),
    # the verb with one of the rest's words, a plural's possessive written without it
    ("Who produced the Beatles' album Abbey Road?", "The Beatles were produced by ", True),
    ("Who produced the Beatles' album Abbey Road?", "The Beatles were managed by ", False),
    ("Who produced the Beatles' album Abbey Road?", "Let It Be was produced by ", False),
    # a copula's question with neither: half its words
    ("What is the capital of Australia?", "The capital of Australia", True),
    ("What is the capital of Australia?", "The largest city of Australia", True),
    ("What is the capital of Australia?", "The largest city", False),
    # the question's noun, its order words and another of its words, the verb absent
    ("Which driver holds the record for the most wins?", "The driver with the most wins", True),
    (
        "Which country has the largest population?",
        "The country with the largest population",
        True,
    ),
    ("Which driver holds the record for the most wins?", "The team with the most wins", False),
    ("Which driver holds the record for the most wins?", "The driver with the most", False),
    ("Which country has the largest population?", "The country with a large population", False),
    ("Who holds the record for the most wins?", "The driver with the most wins", False),
    # (v4) quiz order: the subject's words (half of them) and the verb; the kind asked is none
    ("The capital of Mongolia is which city?", "The capital of Mongolia", True),
    ("The capital of Mongolia is which city?", "The largest city", False),
    ("Beef Wellington is named after which soldier?", "Beef Wellington is named after ", True),
    ("Beef Wellington is named after which soldier?", "Beef Wellington is served with ", False),
    ("The Eroica symphony was written by whom?", "The Eroica was written by ", True),
    ("The Eroica symphony was written by whom?", "The Pastoral was written by ", False),
]


@pytest.mark.parametrize(("question", "text", "restated"), RESTATEMENTS, ids=case_id)
def test_what_restates_the_question(question, text, restated):
    gap = gap_of(question)
    assert gap is not None
    assert restates(text, gap) is restated

"""Another answer given first (K006, DESIGN 4.6, grader/rules/leads.py): an answer that opens
with a lead naming something else, and names the key only after it in another role, is wrong;
what must never read so (an opener, a hedge, the question restated, the key as a gloss of the
lead, a lead taken back, a list asked for, a clause, a line of a list). Cases written for this
project (rivers, chemistry, music, cricket, software, law, astronomy, cooking, railways,
medicine).
"""

from __future__ import annotations

import pytest

from grader.rules.leads import _pronoun_lead, given_first, lead_of
from grader.rules.normalize import normalize
from grader.rules.surface import surface
from grader.rules.verdict import CORRECT, WRONG
from tests.caseids import case_id
from tests.rules.shipped import grade

GIVEN_FIRST = [
    # a title that opens with the words of a thinking announcement is a lead
    (
        "Which Ed Sheeran single was the UK Christmas number one in 2017?",
        ("Perfect",),
        "Thinking Out Loud; Perfect came out later.",
    ),
    (
        "Which Robbie Williams single reached number one in the UK in 1998?",
        ("Millennium",),
        "Let Me Entertain You; Millennium came later that year.",
    ),
    # a lead, then a semicolon
    (
        "Which river is the longest in Europe?",
        ("Volga", "Volga River"),
        "The Danube; the Volga is longer.",
    ),
    ("What is the chemical symbol for sodium?", ("Na",), "K; Na is potassium's neighbour."),
    # a lead before a list is still the lead (the list's lines after it)
    (
        "Which river is the longest in Europe?",
        ("Volga", "Volga River"),
        "The Danube.\n1. The Volga is longer.\n2. The Rhine is shorter.",
    ),
    # ... a name with a word of four letters in "-ly" is no clause ("Orly" is no adverb)
    (
        "Which airport is the busiest in France?",
        ("Charles de Gaulle", "Roissy"),
        "Paris Orly; Charles de Gaulle is second.",
    ),
    # a lead, then a comma and a phrase about it
    (
        "Who wrote the opera Carmen?",
        ("Georges Bizet", "Bizet"),
        "Jules Massenet, a rival of Bizet.",
    ),
    (
        "Which county won the 2019 County Championship?",
        ("Essex",),
        "Somerset, narrowly ahead of Essex.",
    ),
    (
        "Who created the Linux kernel?",
        ("Linus Torvalds", "Torvalds"),
        "Richard Stallman, whose GNU tools Torvalds used.",
    ),
    # ... a lead before a comma written as a name with "of", "and" or "the" between its words
    (
        "Who commanded the French army at Waterloo?",
        ("Napoleon", "Napoleon Bonaparte"),
        "The Duke of Wellington, who defeated Napoleon.",
    ),
    (
        "Which Shakespeare play is set in Verona?",
        ("Romeo and Juliet",),
        "Antony and Cleopatra, unlike Romeo and Juliet.",
    ),
    (
        "Which Shakespeare play is set in Verona?",
        ("Romeo and Juliet",),
        "Antony and Cleopatra, written long after Romeo and Juliet.",
    ),
    # ... or as a figure and its noun
    (
        "How many players are in a rugby union side?",
        ("15",),
        "13 players, two fewer than the 15 of rugby union.",
    ),
    (
        "Who was the first Tsar of all Russia?",
        ("Ivan the Terrible",),
        "Peter the Great, long after Ivan the Terrible.",
    ),
    # a lead, then a parenthesis to the sentence's end, with or without its full stop
    (
        "Which gas makes up most of the air?",
        ("nitrogen",),
        "Oxygen (nitrogen is only about 21%)",
    ),
    (
        "Which planet has the Great Red Spot?",
        ("Jupiter",),
        "Saturn (Jupiter's storms are smaller).",
    ),
    # ... and before citation markers, one of them left empty by the model's renderer
    (
        "Which gas makes up most of the air?",
        ("nitrogen",),
        "Oxygen (nitrogen is only about 21%) [] [2].",
    ),
    # a lead, then a dash
    (
        "Which court hears appeals from the Court of Appeal in England?",
        ("the Supreme Court", "Supreme Court"),
        "The House of Lords - the Supreme Court replaced it later.",
    ),
    # a lead of its own sentence
    (
        "Which line runs from Paddington to Penzance?",
        ("the Great Western Main Line", "Great Western"),
        "The Cornish Riviera. The Great Western runs there too.",
    ),
    # ... also when the sentence opens with an ellipsis, as a continued answer does
    (
        "Which planet has the Great Red Spot?",
        ("Jupiter",),
        "...Saturn. Jupiter's storms are smaller.",
    ),
    # a hedged lead is still given
    (
        "Which composer wrote the Goldberg Variations?",
        ("Johann Sebastian Bach", "Bach"),
        "Probably Handel, though Bach's name is on the score.",
    ),
    ("What spice gives paella its colour?", ("saffron",), "I think turmeric; saffron is pricier."),
    # a lead with an empty parenthesis that ends its sentence: a function's name written as called
    (
        "Which Excel function returns the largest value in a range?",
        ("MAX",),
        "LARGE(). MAX() needs no second argument.",
    ),
    # a key with a word and a formula: a lead in words is another answer of the word's kind
    (
        "Which gas do plants take in for photosynthesis?",
        ("carbon dioxide", "CO2"),
        "Oxygen (carbon dioxide is what they give off at night).",
    ),
    # a figure and its noun before a comma, set against the key
    ("How many moons does Mars have?", ("2", "two"), "3 moons, unlike the 2 often quoted."),
    (
        "What is the maximum daily dose of paracetamol for adults?",
        ("4 g", "4 grams"),
        "6 grams, unlike the 4 grams on most leaflets.",
    ),
    # a lead in lower case set against the key by a contrast
    (
        "Which side of the heart pumps blood to the lungs?",
        ("right", "the right side"),
        "The left, unlike the right which pumps to the body.",
    ),
    # a lead in backticks or quotes, as code and titles are written
    (
        "Which shell is the default on macOS since Catalina?",
        ("zsh",),
        "`bash`, which replaced `zsh`.",
    ),
    (
        "Which Shakespeare play opens with the line 'Who's there?'",
        ("Hamlet",),
        "'Macbeth', a tragedy like 'Hamlet'.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), GIVEN_FIRST, ids=case_id)
def test_another_answer_given_first(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == WRONG
    assert any(label.startswith("another answer given first") for label in graded.labels)


SPARED = [
    # an opening that announces the writer's thinking names no answer
    (
        "Who painted The Night Watch?",
        ("Rembrandt", "Rembrandt van Rijn"),
        "Let me recall. It hangs in the Rijksmuseum and was painted by Rembrandt in 1642.",
    ),
    (
        "Which organ produces insulin?",
        ("pancreas", "the pancreas"),
        "Thinking: the liver stores glycogen... the pancreas makes insulin in its islets.",
    ),
    (
        "Which element has the atomic number 79?",
        ("gold", "Au"),
        "Alright, let me think. Mercury is 80 and platinum 78, so 79 is gold.",
    ),
    (
        "Which court hears appeals from the Court of Appeal in England?",
        ("the Supreme Court", "Supreme Court"),
        "Let me work through this. Until 2009 it was the House of Lords; now the Supreme Court.",
    ),
    # the lead says the key
    ("Which river is the longest in Europe?", ("Volga",), "The Volga; the Danube is second."),
    ("Who wrote the opera Carmen?", ("Georges Bizet", "Bizet"), "Bizet, a French composer."),
    # an opener, not an answer: yes, a preposition, a pronoun, an -ly word, a frame
    ("Which planet has the Great Red Spot?", ("Jupiter",), "In short, Jupiter."),
    ("Which planet has the Great Red Spot?", ("Jupiter",), "According to NASA, Jupiter."),
    ("Which planet has the Great Red Spot?", ("Jupiter",), "Interestingly, Jupiter."),
    ("Which planet has the Great Red Spot?", ("Jupiter",), "It's Jupiter; the spot is a storm."),
    ("Which planet has the Great Red Spot?", ("Jupiter",), "Great question. Jupiter."),
    # the lead restates the question
    (
        "Who composed the Brandenburg Concertos?",
        ("J. S. Bach", "Bach"),
        "The Brandenburg Concertos, by J. S. Bach.",
    ),
    # ... with a possessive the question writes without it ("the Beatles' manager")
    (
        "Who was the first manager of the Beatles?",
        ("Brian Epstein", "Epstein"),
        "The Beatles' first manager - it was Brian Epstein.",
    ),
    # the key as a gloss of the lead: alone, or after "also known as", "formerly"
    ("In which country is Lake Titicaca's largest city, Puno?", ("Peru",), "Puno, Peru."),
    # ... the gloss the key and nothing else, after a lead the question does not name
    ("Which country is home to Machu Picchu?", ("Peru",), "Cusco, Peru."),
    (
        "What was the largest city of the Byzantine Empire?",
        ("Constantinople",),
        "Istanbul (Constantinople).",
    ),
    (
        "What was Istanbul called before 1930?",
        ("Constantinople",),
        "Istanbul, formerly Constantinople.",
    ),
    ("Which element has the symbol W?", ("tungsten", "wolfram"), "Wolfram (tungsten)."),
    # the lead taken back: a correction, a contrast, a "no"
    (
        "Which bone is the longest in the body?",
        ("femur", "thigh bone"),
        "The tibia. Sorry, the femur.",
    ),
    ("Which bone is the longest in the body?", ("femur",), "The tibia - no, the femur."),
    ("Which bone is the longest in the body?", ("femur",), "The tibia, but actually the femur."),
    # a lead in words for a figure's key
    (
        "How many strings does a standard violin have?",
        ("4", "four"),
        "Four-stringed, four strings in all.",
    ),
    # the question restated with "an": an article, like "the" and "a"
    (
        "Who built the first orrery?",
        ("George Graham",),
        "An orrery; George Graham built the first one.",
    ),
    # a first sentence that ends with a colon introduces what follows
    (
        "Which river is the longest in Europe?",
        ("Volga",),
        "Candidates considered:\nThe Volga is the longest.",
    ),
    # an opening phrase before a comma, not written as a name; a clause with an adverb
    (
        "Where is the wettest place on Earth?",
        ("Mawsynram",),
        "Rainfall varies widely, from deserts to rainforests. The wettest is Mawsynram.",
    ),
    (
        "Where is the wettest place on Earth?",
        ("Mawsynram",),
        "Rainfall varies enormously; the wettest place is Mawsynram.",
    ),
    # a lead taken back after an ellipsis
    (
        "Which planet is closest to the Sun?",
        ("Mercury",),
        "Venus... no wait, that is the hottest. The closest is Mercury.",
    ),
    # a clause, not a lead: left to the other rules
    (
        "Which river is the longest in Europe?",
        ("Volga",),
        "The longest is the Volga, then the Danube.",
    ),
    (
        "Who wrote the opera Carmen?",
        ("Georges Bizet",),
        "Carmen, first staged in 1875, was written by Georges Bizet.",
    ),
    # the lead is the sentence's subject: a parenthesis or an apposition the sentence goes on after
    (
        "Which surgeon first used antiseptic?",
        ("Joseph Lister", "Lister"),
        "The Glasgow surgeon (then 40) Joseph Lister did.",
    ),
    (
        "Which surgeon first used antiseptic?",
        ("Joseph Lister",),
        "Semmelweis, a Hungarian, was earlier, but Joseph Lister introduced it.",
    ),
    # a question that asks for several
    ("Which two rivers meet at Khartoum?", ("White Nile",), "The Blue Nile, and the White Nile."),
    # a figure before a comma that opens a clause, not an answer: two figures of two things
    ("How many people were injured in the crash?", ("5", "five"), "3 people died, 5 were injured."),
    ("How many people were injured in the crash?", ("5", "five"), "3 people died, 5 injured."),
    # a contrast after a lead that says the key, or one the sentence goes on after
    (
        "On which side of the road do people drive in Britain?",
        ("left",),
        "The left, unlike the US.",
    ),
    ("What does water mix with?", ("alcohol",), "Water, unlike oil, mixes with alcohol."),
    # a lead in backticks that is the key; a formula's key said by its word
    (
        "Which shell is the default on macOS since Catalina?",
        ("zsh",),
        "`zsh`, which replaced `bash`.",
    ),
    ("Which gas makes up most of the air?", ("Nitrogen", "N2"), "Nitrogen (N2), about 78%."),
    # a line of a list is one of several, or a step: no lead (music, cooking, law)
    (
        "Who composed the opera Carmen?",
        ("Georges Bizet", "Bizet"),
        "- Libretto: Meilhac and Halevy\n- Music: Georges Bizet",
    ),
    (
        "Who composed the opera Carmen?",
        ("Georges Bizet", "Bizet"),
        "1. Libretto: Meilhac and Halevy\n2. Music: Georges Bizet",
    ),
    (
        "Which flour is used for a sourdough starter?",
        ("rye flour", "rye"),
        "1) Water, 100 g\n2) Rye flour, 100 g",
    ),
    # (v4) candidates left open name no answer given first; a later sentence chooses
    (
        "Which club won the 1970 FA Cup?",
        ("Chelsea", "Chelsea FC"),
        "Either Leeds United or Chelsea. After the replay at Old Trafford, Chelsea.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), SPARED, ids=case_id)
def test_never_given_first(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert not any(label.startswith("another answer given first") for label in graded.labels)
    assert graded.verdict == CORRECT, graded.labels


# (v4) A title or rank abbreviated before the key is part of its name, no answer given first
# (its period ends no sentence: `grader.rules.sentences`). Cases written for this project.
TITLED = [
    (
        "Who commanded the US Third Army in 1944?",
        ("George S. Patton", "Patton"),
        "Lt. Gen. George S. Patton",
    ),
    ("Which mountain is the highest in Japan?", ("Mount Fuji", "Fuji"), "Mt. Fuji, at 3,776 m."),
    ("Who discovered penicillin?", ("Alexander Fleming", "Fleming"), "Prof. Alexander Fleming"),
    ("Who commanded the fleet at Trafalgar?", ("Horatio Nelson", "Nelson"), "Vice Adm. Nelson"),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), TITLED, ids=case_id)
def test_a_title_abbreviated_before_the_key_is_no_lead(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == CORRECT, graded.labels


def test_a_titled_name_is_still_an_answer_given_first():
    """The title goes with the name it opens: that name is the lead, the key after it wrong."""
    graded = grade(
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "Prof. Howard Florey. Fleming only noticed the mould.",
    )
    assert graded.verdict == WRONG
    assert graded.labels[0].startswith('another answer given first: "Prof. Howard Florey"')


def test_a_key_that_holds_a_separator_has_no_lead():
    accepted = ("Newcastle, Tyne and Wear",)
    question = "Which city is home to St James' Park?"
    asked = surface(normalize(question))
    assert given_first(accepted, question, asked, ("Sunderland; Newcastle, Tyne and Wear.",)) == ""


@pytest.mark.parametrize(
    ("sentences", "lead"),
    [
        (("The Danube; the Volga is longer.",), "The Danube"),
        (("Somerset, narrowly ahead of Essex.",), "Somerset"),
        (("Saturn (Jupiter's storms are smaller).",), "Saturn"),
        (("The Cornish Riviera.", "The Great Western runs there too."), "The Cornish Riviera"),
        (("Probably Handel, though Bach's name is on the score.",), "Handel"),
        (("Carmen [2], by Bizet.",), "Carmen"),
    ],
    ids=case_id,
)
def test_the_lead(sentences, lead):
    found = lead_of(sentences)
    assert found is not None and found[0] == lead


@pytest.mark.parametrize(
    "sentences",
    [
        ("Jupiter.",),  # one sentence and no separator: no lead
        ("What a question?", "Jupiter."),  # a first sentence that asks
        ("The one with the Great Red Spot is Jupiter, the largest planet.",),  # a clause
        ("Yes; Jupiter.",),  # an opener
        ("A very long name of seven words here; Jupiter.",),  # more than six words
        ("Jupiter, also known as the king of planets, is big.",),  # the sentence's subject
        ("Saturn (not Jupiter) has rings.",),  # a parenthesis the sentence goes on after
        ("Ghana, ?!", "Ivory Coast is second."),  # nothing after the comma but marks
        ("- Ghana", "- Ivory Coast"),  # a line of a list
        ("* Ghana; cocoa", "Ivory Coast is second."),
        ("Let me think.", "Ghana; Ivory Coast is second."),  # thinking announced
        ("Let's see, Ghana; Ivory Coast is second.",),
        ("Reasoning: Ghana; Ivory Coast is second.",),
        ("First, let me work through this.", "Ghana; Ivory Coast is second."),
    ],
    ids=case_id,
)
def test_no_lead(sentences):
    assert lead_of(sentences) is None


def test_a_sentence_cut_at_an_initial_is_no_lead():
    assert lead_of(("The sleuth created by G.K.", "Chesterton is Father Brown.")) is None


# --- (v4) given by a pronoun, then described ---------------------------------------------------

# The answer given by a pronoun and a copula, then a relative clause about it that holds the key:
# the key stands in another role. Cases written for this project.
DESCRIBED = [
    # medicine
    (
        "Who developed the first polio vaccine?",
        ("Jonas Salk", "Salk"),
        "That was Albert Sabin, whose oral vaccine followed Salk's.",
    ),
    # sport
    (
        "Who was the first man to run a mile in under four minutes?",
        ("Roger Bannister", "Bannister"),
        "It was John Landy, who chased Roger Bannister all summer.",
    ),
    # law
    (
        "Which chief justice wrote the opinion in Brown v. Board of Education?",
        ("Earl Warren", "Warren"),
        "It was Thurgood Marshall, who argued the case before Earl Warren.",
    ),
    # history
    (
        "Who was the first emperor of Rome?",
        ("Augustus",),
        "It was Julius Caesar, whose adopted heir was Augustus.",
    ),
    # science: "That would be"
    (
        "Who discovered the electron?",
        ("J. J. Thomson", "Thomson"),
        "That would be Ernest Rutherford, who studied under Thomson.",
    ),
    # cooking: a hedge before the pronoun's sentence is dropped
    (
        "Who wrote Mastering the Art of French Cooking?",
        ("Julia Child",),
        "I think it's Jacques Pépin, who cooked on television with Julia Child.",
    ),
    # (v4) an apposition of a person's relation in the relative clause's place: art, "a pupil of"
    (
        "Who painted The Night Watch?",
        ("Rembrandt", "Rembrandt van Rijn"),
        "It was Ferdinand Bol, a pupil of Rembrandt.",
    ),
    # history: "the son of"
    (
        "Who led the Norman conquest of England?",
        ("William the Conqueror", "William I"),
        "That was Robert Curthose, the eldest son of William the Conqueror.",
    ),
    # medicine: the key's possessive before the relation
    (
        "Who developed the first polio vaccine?",
        ("Jonas Salk", "Salk"),
        "That was Albert Sabin, Salk's rival.",
    ),
    # law: "a colleague of"
    (
        "Who wrote the opinion in Marbury v. Madison?",
        ("John Marshall", "Marshall"),
        "That was William Cushing, a colleague of Marshall.",
    ),
    # sport: the relation and more words after it
    (
        "Which jockey rode Red Rum to his first Grand National win?",
        ("Brian Fletcher", "Fletcher"),
        "It was Tommy Stack, Fletcher's successor in the saddle.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), DESCRIBED, ids=case_id)
def test_the_key_in_a_relative_clause_about_the_answer_given_is_another_role(
    question, accepted, answer
):
    """'It was X, who trained under <key>.' was correct: the key in the relative clause about
    the answer given was read as the key said."""
    graded = grade(question, accepted, answer)
    assert graded.verdict == WRONG, graded.labels
    assert graded.labels[0].startswith("another answer given first")


NOT_DESCRIBED = [
    # medicine: the key as the answer given, a relative clause after it naming another
    (
        "Who developed the first polio vaccine?",
        ("Jonas Salk", "Salk"),
        "It was Jonas Salk, whom Albert Sabin later criticised.",
    ),
    # medicine: the key named as the answer in apposition, no relative clause
    (
        "Who developed the first polio vaccine?",
        ("Jonas Salk", "Salk"),
        "It was Sabin's rival, Jonas Salk.",
    ),
    # sport: the key given, another named in the clause
    (
        "Who was the first man to run a mile in under four minutes?",
        ("Roger Bannister", "Bannister"),
        "It was Roger Bannister, who beat John Landy to it.",
    ),
    # history: the clause names the answer given otherwise (a birth name)
    (
        "Who was the only English pope?",
        ("Nicholas Breakspear",),
        "It was Adrian IV, who was born Nicholas Breakspear.",
    ),
    # history: ... a city's former name
    (
        "Which city did the Ottomans take in 1453?",
        ("Constantinople",),
        "It was Istanbul, which was then called Constantinople.",
    ),
    # music: ... a band's first name
    (
        "Which band did John Lennon form in 1956?",
        ("The Quarrymen", "Quarrymen"),
        "It was the Beatles, who began as the Quarrymen.",
    ),
    # geography: the clause places the answer given in the key
    (
        "In which city was Mozart born?",
        ("Salzburg",),
        "It was the Getreidegasse, which is in Salzburg.",
    ),
    # law: a preposition opens the pronoun's complement: no answer given by it
    (
        "Where was the Treaty of Versailles signed?",
        ("Versailles", "Palace of Versailles"),
        "It was in the Hall of Mirrors, which is at Versailles.",
    ),
    # cooking: the key given, its co-author in the clause
    (
        "Who wrote Mastering the Art of French Cooking?",
        ("Julia Child",),
        "That's Julia Child, who wrote it with Simone Beck.",
    ),
    # (v4) art: the key given, its relation to another after it
    ("Who painted The Night Watch?", ("Rembrandt",), "That was Rembrandt, the father of Titus."),
    # art: the person given is the question's own, the key named by the relation
    (
        "Who was Titus van Rijn's father?",
        ("Rembrandt",),
        "That was Titus van Rijn, the son of Rembrandt.",
    ),
    # medicine: an apposition that names no relation between persons
    (
        "In which city was the first polio vaccine developed?",
        ("Pittsburgh",),
        "That was Jonas Salk's lab, the virus unit of Pittsburgh.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_DESCRIBED, ids=case_id)
def test_never_the_key_in_another_role_after_a_pronoun(question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert not any(label.startswith("another answer given first") for label in graded.labels)
    assert graded.verdict == CORRECT, graded.labels


@pytest.mark.parametrize(
    "sentences",
    [
        ("It was Florey who purified it.",),  # a cleft: no comma before the relative
        ("it was howard florey, who purified it.",),  # a name in lower case
        ("It was Howard Florey, who, with Chain, purified it.",),  # the clause broken
        ("It was Howard Florey. He built on Fleming's work.",),  # no relative clause
        ("Howard Florey was the one, who built on Fleming's work.",),  # no pronoun's sentence
    ],
    ids=case_id,
)
def test_no_answer_given_by_a_pronoun_and_described(sentences):
    assert _pronoun_lead(sentences) is None


def test_the_key_said_again_after_the_described_answer_is_left_to_other_rules():
    """The key said in a later sentence is not only in another role."""
    accepted = ("Alexander Fleming", "Fleming")
    question = "Who discovered penicillin?"
    asked = surface(normalize(question))
    sentences = ("It was Howard Florey, whose team built on Fleming's work.",)
    assert given_first(accepted, question, asked, sentences) == "Howard Florey"
    later = (*sentences, "Fleming saw the mould first.")
    assert given_first(accepted, question, asked, later) == ""

"""The answering sentence (K008, K009, DESIGN 4.6, grader/rules/answering.py): an answer whose
sentence that restates the question fills its gap with something else, the key said only in
another role, is wrong; with the key given as a later filler too, partial; and what must never
read so (the key as the filler in other words, a correction that gives the key, another thing
named as context, a description, another question word). Cases written for this project
(medicine, law, sport, cooking, software, geography, business, music, science).
"""

from __future__ import annotations

import re

import pytest

from grader.rules.answering import BOTH, OTHER, answered_otherwise, in_question_phrase_only
from grader.rules.normalize import normalize
from grader.rules.sentences import CORRECTION
from grader.rules.surface import surface
from grader.rules.surface_forms import NAME_JOINER, NAME_PARTICLES
from grader.rules.verdict import CORRECT, PARTIAL, WRONG
from tests.caseids import case_id
from tests.rules.shipped import grade

OTHER_ANSWER = [
    # medicine: the restated words, a copula, the filler; the key in another role after it
    (
        "Who discovered insulin?",
        ("Frederick Banting", "Banting"),
        "Insulin was discovered in 1921 by John Macleod, who ran the laboratory where Banting "
        "worked as a junior.",
    ),
    # law: the key brought up as what is usually believed, then another filler
    (
        "Who wrote the Napoleonic Code?",
        ("Jean-Jacques-Régis de Cambacérès", "Cambacérès"),
        "The code is often credited to Cambacérès, but it was actually written by Jean-Étienne "
        "Portalis.",
    ),
    # sport: a superlative restated, the filler first, the key later as another thing
    (
        "Which country has won the most FIFA World Cups?",
        ("Brazil",),
        "Germany has won the most World Cups. Brazil reached the final in 2002.",
    ),
    # cooking: "the first ... was X", the key in a sentence of its own
    (
        "Who was the first chef to earn three Michelin stars in Britain?",
        ("Marco Pierre White",),
        "The first chef to earn three Michelin stars in Britain was Albert Roux. His pupil "
        "Marco Pierre White trained in his kitchen.",
    ),
    # software: the agent's noun restates the verb ("the creator" for "created")
    (
        "Who created the Python programming language?",
        ("Guido van Rossum",),
        "The creator was James Gosling. Guido van Rossum later joined Google.",
    ),
    # geography: a name, then the question's verb and its words
    (
        "Which explorer first reached the South Pole?",
        ("Roald Amundsen", "Amundsen"),
        "Robert Scott first reached the South Pole in 1912, weeks after Amundsen set out.",
    ),
    # medicine: a pronoun's passive, the verb alone restating the question
    (
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "It was discovered by Howard Florey in 1939; Alexander Fleming had only noticed the mould.",
    ),
    # medicine: a filler of ten words, the longest read as a name given
    (
        "Who discovered insulin?",
        ("Frederick Banting", "Banting"),
        "Insulin was discovered by the Romanian physiologist Nicolae Paulescu of the University "
        "of Bucharest. Frederick Banting only purified it later.",
    ),
    # business: the key's family in another role
    (
        "Who founded the animation studio behind Mickey Mouse?",
        ("Walt Disney",),
        "The founder was Roy Disney. His brother Walt Disney drew the cartoons.",
    ),
    # music: a figure in a name where the key's figure differs
    (
        "What was the last symphony that Beethoven finished before his death?",
        ("Symphony No. 9", "Ninth Symphony"),
        "The last symphony that Beethoven finished before his death was the Eighth Symphony. "
        "The Ninth Symphony followed later as a sketch.",
    ),
    # sport: a question in the perfect, restated in the passive with another name
    (
        "Who has won the most Tour de France titles?",
        ("Jacques Anquetil", "Anquetil"),
        "The most Tour de France titles were won by Eddy Merckx; Anquetil was close behind.",
    ),
    # motorsport: the question's noun and its superlative, its verb absent ("holds the record")
    (
        "Which rider holds the record for the most world titles in motorcycle racing?",
        ("Giacomo Agostini", "Agostini"),
        "The rider with the most world titles is Angel Nieto, with thirteen. Agostini also won "
        "many races.",
    ),
    # science: the verb "has" absent, "with" in its place
    (
        "Which planet has the most moons?",
        ("Saturn",),
        "The planet with the most moons is Jupiter, which has 95. Saturn has many too.",
    ),
    # politics
    (
        "Which party holds the most seats in the Bundestag?",
        ("SPD", "Social Democratic Party"),
        "The party with the most seats in the Bundestag is the CDU, ahead of the SPD.",
    ),
    # business: the question's words in another surface form ("Co." for "Company")
    (
        "Which company has the largest market value in the world?",
        ("Microsoft",),
        "The Co. with the largest market value in the world is Apple; Microsoft is close.",
    ),
    # (v4) a question in quiz order, its question phrase last. Geography: a copula
    (
        "The capital of Mongolia is which city?",
        ("Ulaanbaatar", "Ulan Bator"),
        "The capital of Mongolia is Darkhan. Ulaanbaatar is the largest city.",
    ),
    # music: a passive's "by whom", the subject restated in part
    (
        "The Eroica symphony was written by whom?",
        ("Ludwig van Beethoven", "Beethoven"),
        "The Eroica was written by Franz Schubert; Beethoven conducted its first performance.",
    ),
    # cooking: "named after", the question's own word before the filler
    (
        "Beef Wellington is named after which soldier?",
        ("Duke of Wellington", "Arthur Wellesley"),
        "Beef Wellington is named after Horatio Nelson. The Duke of Wellington preferred plain "
        "food.",
    ),
    # sport
    (
        "The Ryder Cup was founded by whom?",
        ("Samuel Ryder",),
        "The Ryder Cup was founded by Walter Hagen; Samuel Ryder only donated the trophy.",
    ),
    # languages: an adverb of extent after the copula, another than the question's
    (
        "Hinglish is chiefly which language?",
        ("Hindi",),
        "Hinglish is largely English, with Hindi words mixed in.",
    ),
    # history: a relative "which" in the subject, the question's "what" last
    (
        "The ship which carried the Pilgrims in 1620 was what?",
        ("Mayflower", "the Mayflower"),
        "The ship which carried the Pilgrims in 1620 was the Speedwell; the Mayflower sailed "
        "alone after it leaked.",
    ),
    # medicine: "marketed as"
    (
        "Sildenafil was marketed as which drug?",
        ("Viagra",),
        "Sildenafil was marketed as Cialis. Viagra is a different brand.",
    ),
    # law
    (
        "Justinian's code of Roman law was compiled by which jurist?",
        ("Tribonian",),
        "Justinian's code of Roman law was compiled by Ulpian, whose writings Tribonian excerpted.",
    ),
    # (v4) the key only as the possessor of a person's relation, the person named and said to
    # have done it: medicine, in apposition
    (
        "Who developed the first polio vaccine?",
        ("Jonas Salk", "Salk"),
        "Salk's rival, Albert Sabin, developed the first polio vaccine.",
    ),
    # law: a clerk in apposition
    (
        "Who wrote the opinion in Roe v. Wade?",
        ("Harry Blackmun", "Blackmun"),
        "Blackmun's clerk, George Frampton, wrote the opinion in Roe v. Wade.",
    ),
    # sport: a rival, no commas
    (
        "Who won the 1981 Wimbledon men's singles title?",
        ("John McEnroe", "McEnroe"),
        "McEnroe's old rival Björn Borg won the 1981 Wimbledon men's singles title.",
    ),
    # history: a son
    (
        "Who founded the Ming dynasty?",
        ("Zhu Yuanzhang",),
        "Zhu Yuanzhang's son, Zhu Di, founded the Ming dynasty.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), OTHER_ANSWER, ids=case_id)
def test_another_answer_in_the_answering_sentence(question, accepted, answer):
    result = grade(question, accepted, answer)
    assert result.verdict == WRONG, result.labels
    assert result.labels[0].startswith("restated with another answer")


HEDGED = [
    (
        "Which planet has the largest moon?",
        ("Jupiter",),
        "Saturn has the largest moon, Titan. Jupiter has the largest moon too, Ganymede.",
    ),
    (
        "Who composed The Magic Flute?",
        ("Wolfgang Amadeus Mozart", "Mozart"),
        "The Magic Flute was composed by Antonio Salieri. Wolfgang Amadeus Mozart composed The "
        "Magic Flute as well.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), HEDGED, ids=case_id)
def test_another_answer_and_then_the_key_is_partial(question, accepted, answer):
    result = grade(question, accepted, answer)
    assert result.verdict == PARTIAL, result.labels
    assert result.labels[0].startswith("hedged between answers")


SPARED = [
    # the key as the filler, in another surface form
    (
        "Who discovered penicillin?",
        ("Alexander Fleming",),
        "Penicillin was discovered by A. Fleming in 1928; Howard Florey purified it later.",
    ),
    # the key as the filler, in other words (a name given longer)
    (
        "Who founded Microsoft?",
        ("Bill Gates",),
        "The founder was William Henry Gates, known as Bill Gates, with Paul Allen.",
    ),
    # the key last in a list the filler opens, with no comma before its "and"
    (
        "Who discovered insulin?",
        ("Frederick Banting", "Banting"),
        "Insulin was discovered by John Macleod, Charles Best and Frederick Banting in Toronto.",
    ),
    # the key as the filler of a later correction
    (
        "Who painted the Mona Lisa?",
        ("Leonardo da Vinci",),
        "The Mona Lisa was painted by Raphael. Actually, it was Leonardo da Vinci.",
    ),
    # another thing named only as context
    (
        "Who was the first president of Kenya?",
        ("Jomo Kenyatta", "Kenyatta"),
        "Before independence Kenya had British governors; Jomo Kenyatta was the first president.",
    ),
    # the key given first, other things said about it afterwards
    (
        "What is the longest river in Africa?",
        ("Nile", "the Nile"),
        "The longest river in Africa is the Nile. The Congo is the deepest river in Africa.",
    ),
    # a filler that is a description of the key
    (
        "Who wrote the Declaration of Independence?",
        ("Thomas Jefferson", "Jefferson"),
        "The author was a Virginian planter, Thomas Jefferson, helped by John Adams.",
    ),
    # a pronoun's sentence ("then it's X"): read only as the key given, never as another answer
    (
        "Who invented dynamite?",
        ("Alfred Nobel", "Nobel"),
        "If you mean nitroglycerin, then it's Ascanio Sobrero; dynamite itself was patented by "
        "Alfred Nobel in 1867.",
    ),
    # a name cut at its initials, the answer's last words
    (
        "Who wrote The Waste Land?",
        ("T. S. Eliot", "Eliot"),
        "Eliot's friend Ezra Pound edited it heavily. The Waste Land was written by T.S.",
    ),
    # the key glossing the filler
    (
        "Who wrote Nineteen Eighty-Four?",
        ("George Orwell", "Orwell"),
        "Nineteen Eighty-Four was written by Eric Blair (George Orwell).",
    ),
    (
        "Who created Alvin and the Chipmunks?",
        ("David Seville",),
        "Alvin and the Chipmunks were created by Ross Bagdasarian, who recorded as David Seville.",
    ),
    # a name, then a word before the question's verb ("almost reached"): no restatement
    (
        "Which explorer first reached the South Pole?",
        ("Roald Amundsen", "Amundsen"),
        "Robert Scott almost reached the South Pole first, but Roald Amundsen beat him by five "
        "weeks.",
    ),
    # a restatement in another role: a qualified superlative, "the second"
    (
        "What is the largest desert in the world?",
        ("Antarctica", "Antarctic Desert"),
        "Antarctica; the largest hot desert is the Sahara.",
    ),
    (
        "Which country has the largest population?",
        ("India",),
        "India. China is the second largest country by population.",
    ),
    # another question word: the sentence fills a when-gap, not the asked one
    (
        "When was the Eiffel Tower built?",
        ("1889",),
        "The Eiffel Tower was built by Gustave Eiffel's company in 1889.",
    ),
    (
        "Where was the Magna Carta sealed?",
        ("Runnymede",),
        "The Magna Carta was sealed by King John at Runnymede.",
    ),
    # a passive whose subject is the question's object
    (
        "Who succeeded Queen Victoria?",
        ("Edward VII",),
        "Queen Victoria was succeeded by Edward VII in 1901.",
    ),
    # the key named in the restated words themselves
    (
        "Which drug class does ibuprofen belong to?",
        ("NSAIDs", "NSAID"),
        "Ibuprofen is the most common NSAID; Aspirin is an NSAID as well.",
    ),
    # a question in the perfect answered with the key in the restatement
    (
        "Which country has hosted the most Winter Olympics?",
        ("United States", "USA"),
        "The most Winter Olympics have been hosted by the United States; France is second.",
    ),
    # music: the question's noun and superlative restated, the key given first
    (
        "Which band holds the record for the most UK number one albums?",
        ("The Beatles", "Beatles"),
        "The band with the most UK number 1 albums is the Beatles, ahead of Queen.",
    ),
    # literature: another person named in passing after the key
    (
        "Which author holds the record for the most translated works?",
        ("Agatha Christie", "Christie"),
        "Agatha Christie holds the record; the author with the most translated works after her "
        "is Jules Verne.",
    ),
    # law: only a word of the question restated ("judge"), not its superlative
    (
        "Which judge has the longest tenure on the Supreme Court?",
        ("William O. Douglas", "Douglas"),
        "Judge John Marshall is the best known, but William O. Douglas served longest.",
    ),
    # finance: another noun with the superlative ("bank" for "country")
    (
        "Which country holds the largest gold reserves?",
        ("United States", "USA"),
        "The bank with the largest gold reserves is the Federal Reserve, in the United States.",
    ),
    # sport: no noun in the question ("who"), the noun the answer's own
    (
        "Who holds the record for the most Grand Slam singles titles?",
        ("Margaret Court", "Court"),
        "The man with the most Grand Slam singles titles is Novak Djokovic; Margaret Court has 24.",
    ),
    # a key the answer writes in lower case: no name asked
    (
        "What is the first-line drug for type 2 diabetes?",
        ("Metformin",),
        "Historically metformin was used; the first-line drug is Ozempic for some.",
    ),
    # (v4) quiz order. The key as the filler, another thing after it (geography, sport)
    (
        "The capital of Mongolia is which city?",
        ("Ulaanbaatar", "Ulan Bator"),
        "The capital of Mongolia is Ulaanbaatar; Darkhan is the second city.",
    ),
    (
        "The Ryder Cup was founded by whom?",
        ("Samuel Ryder",),
        "The Ryder Cup was founded by Samuel Ryder. The first American captain was Walter Hagen.",
    ),
    # science: the question's own words as the filler
    (
        "The Hubble telescope is named after whom?",
        ("Edwin Hubble",),
        "The Hubble telescope is named after Hubble. Edwin Hubble was an American astronomer.",
    ),
    # languages: a description as the filler
    (
        "Hinglish is chiefly which language?",
        ("Hindi",),
        "Hinglish is largely a blend of two languages, with Hindi grammar.",
    ),
    # metals: an adverb that limits ("partly"), or says some cases ("sometimes")
    (
        "Bronze is mostly which metal?",
        ("Copper",),
        "Bronze is partly Tin. Copper makes up the rest.",
    ),
    (
        "Bronze is mostly which metal?",
        ("Copper",),
        "Bronze is sometimes Arsenic bronze; most is Copper and tin.",
    ),
    # geography: a restatement in another role ("the second largest city")
    (
        "The capital of Mongolia is which city?",
        ("Ulaanbaatar",),
        "The second largest city of Mongolia is Darkhan; the capital is Ulaanbaatar.",
    ),
    # no gap: a time asked ("in which year"), another role's complement ("married to whom?"),
    # an object's question, a place asked ("is in which city?")
    (
        "The Eiffel Tower was completed in which year?",
        ("1889",),
        "The Eiffel Tower was completed in 1887 by Gustave Eiffel's company, and opened in 1889.",
    ),
    (
        "Catherine of Aragon was married to whom?",
        ("Henry VIII",),
        "Catherine of Aragon was married to Arthur, Prince of Wales; Henry VIII married her in "
        "1509.",
    ),
    (
        "Marie Curie discovered which element?",
        ("Polonium",),
        "Marie Curie discovered Radium in 1898, months after Polonium.",
    ),
    (
        "The Louvre is in which city?",
        ("Paris",),
        "The Louvre is in Lens too, with a branch; the main museum is in Paris.",
    ),
    # (v4) the key named after the possessor's relation: the one who did it
    (
        "Who crossed the Alps with elephants?",
        ("Hannibal",),
        "Hamilcar Barca's son, Hannibal, crossed the Alps with elephants.",
    ),
    # a possessive before a word that names no relation between persons ("own team")
    (
        "Who developed the first polio vaccine?",
        ("Jonas Salk", "Salk"),
        "Salk's own team developed the first polio vaccine.",
    ),
    # the key given first, its relation named after
    (
        "Who wrote the opinion in Roe v. Wade?",
        ("Harry Blackmun", "Blackmun"),
        "Harry Blackmun wrote the opinion in Roe v. Wade; Blackmun's clerk, George Frampton, "
        "checked the draft.",
    ),
    # the relation's person did another deed (not the question's verb)
    (
        "Who founded the Ming dynasty?",
        ("Zhu Yuanzhang",),
        "Zhu Yuanzhang's son, Zhu Di, moved the capital of the Ming dynasty to Beijing.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), SPARED, ids=case_id)
def test_never_another_answer(question, accepted, answer):
    result = grade(question, accepted, answer)
    assert not any(
        label.startswith(("restated with another answer", "hedged between answers"))
        for label in result.labels
    ), result.labels


def test_a_spared_answer_that_says_the_key_stays_correct():
    """The counter-examples above that give the key are graded correct, not only spared."""
    result = grade(
        "Who discovered penicillin?",
        ("Alexander Fleming",),
        "Penicillin was discovered by A. Fleming in 1928; Howard Florey purified it later.",
    )
    assert result.verdict == CORRECT, result.labels


def test_the_outcomes_name_the_filler():
    question = "Who invented the telephone?"
    asked = surface(normalize(question))
    parts = (
        ("The telephone was invented by Elisha Gray", ""),
        ("Alexander Graham Bell filed on the same day.", ""),
    )
    assert answered_otherwise(("Alexander Graham Bell",), question, asked, parts) == (
        OTHER,
        "Elisha Gray",
    )
    both = (*parts, ("Alexander Graham Bell invented the telephone too.", ""))
    assert answered_otherwise(("Alexander Graham Bell",), question, asked, both)[0] == BOTH


OUTCOMES = [
    # another question word: no gap to fill
    ("Where was Napoleon born?", ("Ajaccio",), (("Napoleon was born in Ajaccio, on Corsica", ""),)),
    # an accepted answer the question names whole tells no filler apart
    (
        "Who first climbed Mount Everest?",
        ("Mount Everest",),
        (("Mount Everest was first climbed by George Mallory", ""),),
    ),
    # the key given by a pronoun's sentence only
    (
        "Which TV series featured the coffee shop Central Perk?",
        ("Friends",),
        (("Then it's Friends", ""),),
    ),
    # a name cut at its initials: no answering sentence
    (
        "Who wrote The Waste Land?",
        ("T. S. Eliot", "Eliot"),
        (
            ("Eliot's friend Ezra Pound edited it heavily", ""),
            ("The Waste Land was written by T.S.", ""),
        ),
    ),
    # another answer taken back by a correction that says the key
    (
        "Who painted the Mona Lisa?",
        ("Leonardo da Vinci",),
        (
            ("The Mona Lisa was painted by Raphael", ""),
            ("Actually, it was Leonardo da Vinci", CORRECTION),
        ),
    ),
]


@pytest.mark.parametrize(("question", "accepted", "parts"), OUTCOMES, ids=case_id)
def test_no_other_answer_is_two_empty_strings(question, accepted, parts):
    asked = surface(normalize(question))
    assert answered_otherwise(accepted, question, asked, parts) == ("", "")


CREDITED_THEN_OTHER = [
    # business: the key credited, then a contrast whose copula gives another name
    (
        "Who founded Amazon?",
        ("Jeff Bezos", "Bezos"),
        "Jeff Bezos is often credited, but the real founder was MacKenzie Scott.",
    ),
    # sport: confused with the key, then "by" another name
    (
        "Which country won the first Rugby World Cup?",
        ("New Zealand",),
        "The 1987 title is often confused with New Zealand's later wins, but it was won by "
        "Australia.",
    ),
    # geography: confused with the key, then a pronoun's copula
    (
        "Which airport has the IATA code JFK?",
        ("John F. Kennedy International Airport", "Kennedy Airport"),
        "JFK is often confused with Kennedy Airport, but it is LaGuardia.",
    ),
    # medicine: attributed to the key, then "by" another name
    (
        "Who developed the polio vaccine first used in 1955?",
        ("Jonas Salk", "Salk"),
        "The vaccine is usually attributed to Jonas Salk, but it was developed by Albert Sabin.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), CREDITED_THEN_OTHER, ids=case_id)
def test_the_key_credited_then_another_name(question, accepted, answer):
    result = grade(question, accepted, answer)
    assert result.verdict == WRONG, result.labels
    assert result.labels[0].startswith("restated with another answer")


CREDITED_SPARED = [
    # no contrast after the credit
    (
        "Who created the periodic table?",
        ("Dmitri Mendeleev", "Mendeleev"),
        "The periodic table is usually credited to Dmitri Mendeleev, who published it in 1869.",
    ),
    # a contrast that names no other answer
    (
        "Who wrote the Declaration of Independence?",
        ("Thomas Jefferson", "Jefferson"),
        "Thomas Jefferson is credited, but he was helped by a committee.",
    ),
    # the key credited, the contrast gives the key too
    (
        "Who invented the telephone?",
        ("Alexander Graham Bell", "Bell"),
        "It is often credited to Antonio Meucci, but it was patented by Alexander Graham Bell.",
    ),
    # taken back by a correction that says the key
    (
        "Who founded Amazon?",
        ("Jeff Bezos", "Bezos"),
        "Jeff Bezos is often credited, but it was MacKenzie Scott. Sorry, I mean Jeff Bezos.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), CREDITED_SPARED, ids=case_id)
def test_never_the_key_credited_then_another_name(question, accepted, answer):
    result = grade(question, accepted, answer)
    assert not any(label.startswith("restated with another answer") for label in result.labels)


def test_the_small_words_of_a_name_are_one_list():
    """A name's particles (`surface_forms.NAME_PARTICLES`, read by K011's lists and by the
    surname rules) are all small words a name may hold between its capitalised words
    (`surface_forms.NAME_JOINER`, read here and by `taken_back`): one list, one owner."""
    joiner = re.compile(NAME_JOINER)
    for word in (*NAME_PARTICLES, "of", "the", "al", "des", "y"):
        assert joiner.fullmatch(word), word
    for word in ("and", "ben", "el", "for", "on"):
        assert joiner.fullmatch(word) is None, word


# (v4) A thing named in lower case in the key's place: where an accepted answer is a thing's
# word in lower case ("whale shark"), the restated question's filler may be "the" and as many
# lower-case words ("the blue whale"); never the key, a word that refers back or orders ("the
# one", "the second"), a description ("a filter feeder"), a key given first.
# (register, question, accepted, answer)
THING_IN_THE_KEYS_PLACE = [
    (
        "science",
        "What is the largest organ of the human body?",
        ("skin",),
        "The largest organ is the liver, though the skin covers more area.",
    ),
    (
        "sport",
        "What is the oldest event of the modern pentathlon?",
        ("fencing", "épée fencing"),
        "The oldest event is the riding; fencing was added to it in 1912.",
    ),
    (
        "music",
        "What is the lowest string of a standard guitar?",
        ("low e", "e string"),
        "The lowest string is the bass string, and some call it the low E.",
    ),
    (
        "finance",
        "What is the most traded currency pair?",
        ("euro dollar", "eur usd"),
        "The most traded pair is the yen dollar, ahead of the euro dollar.",
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), THING_IN_THE_KEYS_PLACE, ids=case_id
)
def test_a_thing_named_in_the_keys_place(register, question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == WRONG, graded.labels
    assert graded.labels[0].startswith("restated with another answer")


THING_SPARED = [
    # the key given first, or as the filler
    (
        "science",
        "What is the largest fish in the world?",
        ("whale shark",),
        "The largest fish is the whale shark; the blue whale is larger but is a mammal.",
    ),
    # a word that refers back, an order word, a description
    (
        "science",
        "What is the largest fish in the world?",
        ("whale shark",),
        "The largest fish is the one called the whale shark.",
    ),
    (
        "law",
        "What is the highest court in England?",
        ("supreme court",),
        "The highest court is the final one of appeal: the supreme court.",
    ),
    (
        "business",
        "What is the largest retailer by revenue?",
        ("walmart",),
        "The largest retailer is a discount chain, walmart.",
    ),
    # another role: a qualified order word
    (
        "literature",
        "What is the longest poem in English?",
        ("the faerie queene", "faerie queene"),
        "The longest epic is the faerie queene; the longest comic poem is the rape of the lock.",
    ),
    # the answer's filler has more words than the key
    (
        "politics",
        "What is the upper house of parliament?",
        ("senate",),
        "The upper house is the house of lords in Britain, and the senate elsewhere.",
    ),
    # ... and no function word: a description of another length before the key, no other thing
    (
        "science",
        "What is the largest animal on Earth?",
        ("blue whale", "the blue whale"),
        "The largest animal on Earth is the enormous baleen filter feeder, the blue whale.",
    ),
    (
        "geology",
        "What is the hardest natural substance?",
        ("diamond",),
        "The hardest natural substance is the crystalline carbon gemstone, diamond.",
    ),
]


@pytest.mark.parametrize(("register", "question", "accepted", "answer"), THING_SPARED, ids=case_id)
def test_never_a_thing_in_the_keys_place(register, question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert not any(label.startswith("restated with another answer") for label in graded.labels)


# (v4) The answer's conclusion gives the key: another filler first, then a later answering
# clause opened by "so", "thus", "therefore" or "hence" that gives the key (read from its
# clause's start, after a comma, a semicolon or an ellipsis): the key is the answer reached.
# (register, question, accepted, answer)
CONCLUDED_WITH_THE_KEY = [
    (
        "business",
        "Which media mogul owned the tabloid when it closed?",
        ("Rupert Murdoch", "Murdoch"),
        "The tabloid was owned by News International, part of the group Rupert Murdoch ran; his"
        " son sat on the board... so it was owned by Murdoch.",
    ),
    (
        "science",
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "Penicillin was discovered by Ernst Chain, in a sense, since he purified it. But Fleming"
        " saw the mould first, so it was discovered by Fleming.",
    ),
    (
        "music",
        "Who composed the Brandenburg Concertos?",
        ("Johann Sebastian Bach", "Bach"),
        "The Brandenburg Concertos were composed by Christian Ludwig, some think; he only"
        " received them. Therefore they were composed by Bach.",
    ),
    (
        "medicine",
        "Who discovered insulin?",
        ("Frederick Banting", "Banting"),
        "Insulin was discovered by John Macleod, on some accounts, since the lab was his; Banting"
        " and Best did the work, hence it was discovered by Banting.",
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), CONCLUDED_WITH_THE_KEY, ids=case_id
)
def test_the_conclusion_gives_the_key(register, question, accepted, answer):
    graded = grade(question, accepted, answer)
    assert graded.verdict == CORRECT, graded.labels


NOT_CONCLUDED = [
    # no word that concludes: hedged between the two (K009)
    (
        "business",
        "Which media mogul owned the tabloid when it closed?",
        ("Rupert Murdoch", "Murdoch"),
        "The tabloid was owned by News International. It was owned by Murdoch as well.",
        PARTIAL,
    ),
    # the conclusion gives the other answer
    (
        "sport",
        "Who scored the winning goal in the 2014 World Cup final?",
        ("Mario Götze", "Götze"),
        "The winning goal was scored by André Schürrle; Götze only finished the move, so it was"
        " scored by André Schürrle.",
        WRONG,
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer", "verdict"), NOT_CONCLUDED, ids=case_id
)
def test_what_is_not_a_conclusion_with_the_key(register, question, accepted, answer, verdict):
    graded = grade(question, accepted, answer)
    assert graded.verdict == verdict, graded.labels


# (v4) Another answer taken back by a retraction that gives the key: the words K014 reads as a
# retraction (grader.rules.taken_back, "no," among them), after the other answer.
RETRACTED_FOR_THE_KEY = [
    (
        "literature",
        "Who wrote the novel Middlemarch?",
        ("George Eliot", "Eliot"),
        "Middlemarch was written by Charlotte Bronte... no, it was written by George Eliot, "
        "published in eight parts in 1871 and 1872.",
    ),
    (
        "science",
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "Penicillin was discovered by Howard Florey - no wait, by Alexander Fleming, in 1928.",
    ),
    (
        "music",
        "Who composed The Magic Flute?",
        ("Wolfgang Amadeus Mozart", "Mozart"),
        "The Magic Flute was composed by Antonio Salieri. On second thought, it was Wolfgang "
        "Amadeus Mozart, in 1791.",
    ),
    (
        "politics",
        "Who wrote the Declaration of Independence?",
        ("Thomas Jefferson", "Jefferson"),
        "The Declaration of Independence was written by John Adams. My mistake: it was written "
        "by Thomas Jefferson.",
    ),
    (
        "business",
        "Who founded Amazon?",
        ("Jeff Bezos", "Bezos"),
        "Amazon was founded by Bill Gates — no, by Jeff Bezos, in a garage in Bellevue in 1994.",
    ),
    (
        "sport",
        "Who scored the winning goal in the 2014 World Cup final?",
        ("Mario Götze", "Götze"),
        "The winning goal was scored by André Schürrle. Wait, it was scored by Mario Götze, from "
        "Schürrle's cross.",
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), RETRACTED_FOR_THE_KEY, ids=case_id
)
def test_another_answer_taken_back_by_a_retraction_that_gives_the_key(
    register, question, accepted, answer
):
    graded = grade(question, accepted, answer)
    assert graded.verdict == CORRECT, graded.labels


RETRACTION_SPARED = [
    # a denial of the key after "no": the other answer stands
    (
        "literature",
        "Who wrote the novel Middlemarch?",
        ("George Eliot", "Eliot"),
        "Middlemarch was written by Charlotte Bronte... no, it was not George Eliot.",
        WRONG,
    ),
    # "no one": no retraction
    (
        "science",
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "Penicillin was discovered by Howard Florey; no one credits Alexander Fleming.",
        WRONG,
    ),
    # a "no" that confirms a negation: it takes nothing back
    (
        "music",
        "Who composed The Magic Flute?",
        ("Wolfgang Amadeus Mozart", "Mozart"),
        "The Magic Flute was composed by Antonio Salieri, not Wolfgang Amadeus Mozart, no, "
        "Wolfgang Amadeus Mozart only conducted it.",
        WRONG,
    ),
    # the key, then "no, it was X": the key taken back (K014), never a retraction for the key
    (
        "business",
        "Who founded Amazon?",
        ("Jeff Bezos", "Bezos"),
        "Amazon was founded by Jeff Bezos... no, it was Bill Gates.",
        WRONG,
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer", "verdict"), RETRACTION_SPARED, ids=case_id
)
def test_never_a_retraction_that_gives_the_key(register, question, accepted, answer, verdict):
    graded = grade(question, accepted, answer)
    assert graded.verdict == verdict, graded.labels


# (v4) A filler written with initials is read whole: an initial's period ends no filler, as it
# ends no sentence (`grader.rules.sentences`). Cases written for this project:
# (register, question, accepted, answer, verdict).
FILLERS_WITH_INITIALS = [
    (
        "literature",
        "Who wrote The Lion, the Witch and the Wardrobe?",
        ("C. S. Lewis", "Clive Staples Lewis"),
        "The book was written by Clive S. Lewis, an Oxford don.",
        CORRECT,
    ),
    (
        "science",
        "Who discovered the structure of DNA with Crick?",
        ("James Watson", "J. D. Watson"),
        "The structure was discovered by J. D. Watson, working at Cambridge.",
        CORRECT,
    ),
    (
        "medicine",
        "Who discovered penicillin?",
        ("Alexander Fleming",),
        "Penicillin was discovered by H. W. Florey. Alexander Fleming was his colleague.",
        WRONG,
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer", "verdict"), FILLERS_WITH_INITIALS, ids=case_id
)
def test_a_filler_with_initials_is_read_whole(register, question, accepted, answer, verdict):
    """'designed by Reginald J. Mitchell, a designer' was read as giving "Reginald J"."""
    graded = grade(question, accepted, answer)
    assert graded.verdict == verdict, (register, graded.labels)


def test_the_filler_with_initials_is_named_whole():
    graded = grade(
        "Who discovered penicillin?",
        ("Alexander Fleming",),
        "Penicillin was discovered by H. W. Florey. Alexander Fleming was his colleague.",
    )
    assert graded.labels[0].startswith('restated with another answer: "H. W. Florey"')


# (v4) The key only inside the question's own phrase: the question names the key in its subject
# ("Cheddar cheese", "the Melbourne Cup") and asks for a preposition's object; the answer says
# the key only inside that phrase restated, and gives another name after the question's verb and
# preposition. Cases written for this project. (register, question, accepted, answer, other)
IN_THE_QUESTIONS_PHRASE = [
    (
        "food",
        "Cheddar cheese takes its name from which village?",
        ("Cheddar",),
        "Cheddar cheese takes its name from Wells, the cathedral city a few miles away.",
        "Wells",
    ),
    (
        "sport",
        "The Melbourne Cup is run in which city?",
        ("Melbourne",),
        "The Melbourne Cup is run in Sydney, at Randwick, every November.",
        "Sydney",
    ),
    (
        "history",
        "Hadrian's Wall was built on the orders of which emperor?",
        ("Hadrian",),
        "Hadrian's Wall was built on the orders of Antoninus Pius, who then moved north.",
        "Antoninus Pius",
    ),
    # the question phrase first, its preposition left at the end
    (
        "medicine",
        "Which Connecticut town is Lyme disease named after?",
        ("Lyme", "Old Lyme"),
        "Lyme disease is named after Mystic, where the first cases were seen in 1975.",
        "Mystic",
    ),
    # ... or before it
    (
        "science",
        "In which city was the Copenhagen interpretation developed?",
        ("Copenhagen",),
        "The Copenhagen interpretation was developed in Göttingen, by Heisenberg and Born.",
        "Göttingen",
    ),
    (
        "law",
        "The Geneva Convention was first signed in which city?",
        ("Geneva",),
        "The Geneva Convention was first signed in Bern, in August 1864.",
        "Bern",
    ),
    # the restated phrase in lower case, another subject that refers back ("the spirit")
    (
        "drink",
        "Which Kentucky county did bourbon whiskey take its name from?",
        ("Bourbon County", "Bourbon"),
        "Bourbon whiskey is American, and the spirit took its name from Fayette County.",
        "Fayette County",
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer", "other"), IN_THE_QUESTIONS_PHRASE, ids=case_id
)
def test_the_key_only_in_the_questions_phrase_is_another_answer(
    register, question, accepted, answer, other
):
    graded = grade(question, accepted, answer)
    assert graded.verdict == WRONG, (register, graded.labels)
    assert graded.labels[0].startswith(f'restated with another answer: "{other}"'), graded.labels


# Never: the key given outside the phrase too, a question whose key is its own subject by design
# (no preposition's object asked), another thing's clause ("..., which is run in ..."), a
# description in the slot, no name after the preposition, the key in the slot.
NOT_IN_THE_QUESTIONS_PHRASE = [
    (
        "food",
        "Cheddar cheese takes its name from which village?",
        ("Cheddar",),
        "Cheddar cheese takes its name from Cheddar, in Somerset.",
    ),
    (
        "food",
        "Which village gives its name to Cheddar cheese?",
        ("Cheddar",),
        "Cheddar cheese is named after its village, near Wells.",
    ),
    (
        "medicine",
        "Lyme disease is named after which town?",
        ("Lyme", "Old Lyme"),
        "Lyme disease is named after Old Lyme, Connecticut.",
    ),
    (
        "sport",
        "The Melbourne Cup is run in which city?",
        ("Melbourne",),
        "The Melbourne Cup is older than the Caulfield Cup, which is run in Caulfield.",
    ),
    (
        "sport",
        "The Melbourne Cup is run in which city?",
        ("Melbourne",),
        "The Melbourne Cup is run in the city that hosts it every November.",
    ),
    (
        "sport",
        "The Melbourne Cup is run in which city?",
        ("Melbourne",),
        "The Sydney Cup is run in Sydney; the Melbourne Cup is run at Flemington.",
    ),
    (
        "history",
        "Hadrian's Wall was built on the orders of which emperor?",
        ("Hadrian",),
        "Hadrian's Wall was built on the orders of Hadrian, after his visit in AD 122.",
    ),
    (
        "law",
        "The Geneva Convention was first signed in which city?",
        ("Geneva",),
        "It was signed in Geneva in 1864.",
    ),
]


@pytest.mark.parametrize(
    ("register", "question", "accepted", "answer"), NOT_IN_THE_QUESTIONS_PHRASE, ids=case_id
)
def test_what_the_questions_phrase_family_never_reads(register, question, accepted, answer):
    found = in_question_phrase_only(accepted, question, surface(normalize(question)), (answer,))
    assert found == ("", ""), register
    assert grade(question, accepted, answer).verdict == CORRECT

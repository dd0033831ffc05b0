"""An answer written as a letter (`grader.rules.letters`, DESIGN 4.1, v4): the greeting, the
sign-off and its signature, a quoted message and a mail header are its envelope, set aside as
working; the body is read, a P.S. as its last paragraph; and what must never be read so (a
salutation inside a sentence, an answer of one line, a formula with no signature under it, ">"
as greater-than, "From:" and "To:" as a range, a name alone on the last line). Cases written for
this project (medicine, law, sport, history, science, cooking, music).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.clauses import get_strategy
from grader.rules.letters import letter_body, letter_body_by_definition
from grader.rules.reading import read_answer
from grader.rules.verdict import CORRECT, WRONG
from tests.rules.shipped import DECLINES, grade

# --- what is set aside, and what is read as the body --------------------------------------------

READ = {
    "medicine, a greeting, a sign-off and a signature with a role and a date": (
        "Dear Mrs Okonjo,\n\nGood to see Amara at the clinic again.\n\nRickets is caused "
        "by a lack of vitamin D.\n\nKind regards,\nDr. Hana Mori\nPaediatric Outpatients, 2 "
        "February 2022",
        "Dear Mrs Okonjo,\nKind regards,\nDr. Hana Mori\nPaediatric Outpatients, 2 February 2022",
        "Good to see Amara at the clinic again.\n\nRickets is caused by a lack of vitamin D.",
    ),
    "sport, a greeting with no name and a formula with words before its comma": (
        "Hello,\nThe 1966 final was won by England.\nSee you on Saturday at the match,\nJim",
        "Hello,\nSee you on Saturday at the match,\nJim",
        "The 1966 final was won by England.",
    ),
    "history, a P.S. read as the body's last paragraph": (
        "Dear Hannah,\n\nThe postcards from Germany arrived.\n\nWith love,\nGran\n\nP.S. "
        "About the Wall: it came down in November 1989.",
        "Dear Hannah,\nWith love,\nGran",
        "The postcards from Germany arrived.\n\nAbout the Wall: it came down in November 1989.",
    ),
    "cooking, a message quoted under the letter after its attribution": (
        "Hi Claire,\n\nParmesan is made in Emilia-Romagna, in Italy.\n\nBest wishes,\nTom\n\n> "
        "On 3 May 2021, Claire Dupont wrote:\n> Is Parmesan French?",
        "Hi Claire,\nBest wishes,\nTom\n> On 3 May 2021, Claire Dupont wrote:\n> Is Parmesan "
        "French?",
        "Parmesan is made in Emilia-Romagna, in Italy.",
    ),
    "law, a message quoted above the reply, a greeting under it": (
        "> Which court sits at the Hague?\n\nHi Ben,\n\nThe International Court of Justice.\n\n"
        "Thanks,\nMaria Ortega | Legal Clinic",
        "> Which court sits at the Hague?\nHi Ben,\nThanks,\nMaria Ortega | Legal Clinic",
        "The International Court of Justice.",
    ),
    "science, a forwarded message: its marker and header set aside, its message read": (
        "---------- Forwarded message ---------\nFrom: Ada Quinn <ada@example.org>\nDate: Tue, "
        "4 Jun 2019 at 09:15\nSubject: Re: noble gases\nTo: Lab List <lab@example.org>\n\nHi "
        "all,\n\nArgon is the commonest noble gas in the air.\n\nAda",
        "---------- Forwarded message ---------\nFrom: Ada Quinn <ada@example.org>\nDate: Tue, "
        "4 Jun 2019 at 09:15\nSubject: Re: noble gases\nTo: Lab List <lab@example.org>\nHi all,",
        "Argon is the commonest noble gas in the air.\n\nAda",
    ),
    "law, a letter with Windows line ends": (
        "Dear Ms Shah,\r\n\r\nIt is habeas corpus.\r\n\r\nRegards\r\nT. Lowe",
        "Dear Ms Shah,\nRegards\nT. Lowe",
        "It is habeas corpus.",
    ),
    "music, a header with no marker, then a name alone as the greeting": (
        "From: Lou Perez\nSent: 9 March 2018 14:02\nSubject: the Goldberg Variations\n\nSam,\n\n"
        "Bach wrote them.\n\nBest,\nLou",
        "From: Lou Perez\nSent: 9 March 2018 14:02\nSubject: the Goldberg Variations\nSam,\n"
        "Best,\nLou",
        "Bach wrote them.",
    ),
    "the original message under an Outlook reply, all of it quoted": (
        "Dear Ms Lane,\n\nIt was the Treaty of Utrecht.\n\n-----Original Message-----\nFrom: "
        "J. Lane\nSent: 2 May 2016\nWhich treaty gave Britain Gibraltar?",
        "Dear Ms Lane,\n-----Original Message-----\nFrom: J. Lane\nSent: 2 May 2016\nWhich "
        "treaty gave Britain Gibraltar?",
        "It was the Treaty of Utrecht.",
    ),
    "geography, an email's subject line above its greeting": (
        "Subject: capital cities\n\nHi Jen,\n\nIt's Canberra.\n\nBest,\nTom",
        "Subject: capital cities\nHi Jen,\nBest,\nTom",
        "It's Canberra.",
    ),
    "law, a formula of American letters, a colon after the greeting": (
        "Dear Counsel:\n\nThe court sits at the Peace Palace.\n\nVery truly yours,\n"
        "Hale & Moss LLP",
        "Dear Counsel:\nVery truly yours,\nHale & Moss LLP",
        "The court sits at the Peace Palace.",
    ),
    "astronomy, a body of one word, a paragraph before the sign-off": (
        "Mars\n\nBest regards,\nStarGuide, the planetarium's assistant",
        "Best regards,\nStarGuide, the planetarium's assistant",
        "Mars",
    ),
    "a greater-than in a letter's body stays in it": (
        "Hi Sam,\n\nA high dose is\n> 50 mg a day.\n\nBest,\nDr Lee",
        "Hi Sam,\nBest,\nDr Lee",
        "A high dose is\n> 50 mg a day.",
    ),
    "a name alone on the last line, no sign-off above it: read": (
        "Hi Sam,\n\nRadium was found in 1898 by the couple. The answer:\n\nMarie Curie",
        "Hi Sam,",
        "Radium was found in 1898 by the couple. The answer:\n\nMarie Curie",
    ),
    "engineering, the original's marker written with two dashes": (
        "Dear Mr Hale,\n\nThe Clifton Suspension Bridge was designed by Brunel.\n\n-- Original "
        "Message --\nFrom: P. Hale\nWas it Telford?",
        "Dear Mr Hale,\n-- Original Message --\nFrom: P. Hale\nWas it Telford?",
        "The Clifton Suspension Bridge was designed by Brunel.",
    ),
    "medicine, a forwarded header with no subject: from, sent and to": (
        "From: Dr. Ines Varga\nSent: 12 October 2021 08:40\nTo: Ward 6\n\nHi all,\n\nThe "
        "antidote to paracetamol poisoning is acetylcysteine.\n\nInes",
        "From: Dr. Ines Varga\nSent: 12 October 2021 08:40\nTo: Ward 6\nHi all,",
        "The antidote to paracetamol poisoning is acetylcysteine.\n\nInes",
    ),
    "geography, a subject line and a greeting with no blank line under them": (
        "Subject: capital cities\nHi Jen,\nIt's Canberra, not Sydney.\nBest,\nTom",
        "Subject: capital cities\nHi Jen,\nBest,\nTom",
        "It's Canberra, not Sydney.",
    ),
    "sport, a signature whose second line is an email address": (
        "Dear Mr Adeyemi,\n\nThe offside rule was last rewritten in 1925.\n\nKind regards,\n"
        "Sara Lind\nsara.lind@example.org",
        "Dear Mr Adeyemi,\nKind regards,\nSara Lind\nsara.lind@example.org",
        "The offside rule was last rewritten in 1925.",
    ),
    "cooking, a signature whose second line is a web address": (
        "Hi Nell,\n\nA roux is flour cooked in butter.\n\nThanks,\nTom Hale\nwww.halebakery.co.uk",
        "Hi Nell,\nThanks,\nTom Hale\nwww.halebakery.co.uk",
        "A roux is flour cooked in butter.",
    ),
    "history, a signature that ends with an initial": (
        "Hi Priya,\n\nMagna Carta was sealed in 1215.\n\nThanks,\nTom H.",
        "Hi Priya,\nThanks,\nTom H.",
        "Magna Carta was sealed in 1215.",
    ),
    "law, a signature whose firm ends with an abbreviation": (
        "Dear Ms Achebe,\n\nThe limitation period is six years.\n\nYours faithfully,\nR. "
        "Mensah\nMensah Bros.",
        "Dear Ms Achebe,\nYours faithfully,\nR. Mensah\nMensah Bros.",
        "The limitation period is six years.",
    ),
}


@pytest.mark.parametrize(("answer", "envelope", "body"), list(READ.values()), ids=list(READ.keys()))
def test_a_letters_envelope_is_set_aside_and_its_body_read(answer, envelope, body):
    assert letter_body(answer) == (envelope, body)


# what is no letter (or no part of its envelope): the answer read as it stands
NO_LETTER = {
    "a salutation inside a sentence": "Dear me, it was 1066.",
    "a salutation before no name, the line going on": "Dear me,\nit was 1066, not 1067.",
    "a salutation word inside a name": "Basie played the Hi-Hat.\nIt was in Boston.",
    "a greeting and an answer on one line": "Hi Sam, it was Lister.\nHe worked in Glasgow.",
    "a greeting whose name has no comma after it": "Hello World\n\nIt was the first program.",
    "an answer of one line, a name and a comma": "Lister, in 1867.",
    "an answer of one line that is a formula": "Yours sincerely",
    "a formula with no signature under it": "The usual closing is:\n\nYours sincerely,",
    "a formula under a line that introduces it": "Frasier was spun off from:\nCheers\n(NBC)",
    "a formula a paragraph under a line that introduces it": (
        "Frasier was spun off from:\n\nCheers\n(NBC)"
    ),
    "a formula with a sentence under it": "It is said in Sydney.\nCheers,\nThat is the toast.",
    "a formula with a sentence under it that ends with an acronym": (
        "It is said in Sydney.\nCheers,\nThat is the toast in the UK."
    ),
    "medicine, a formula with a sentence under it that ends with an acronym": (
        "The vaccine was approved in December 2020.\nThanks,\nThe approval came from the FDA."
    ),
    "a formula right under a line that ends no sentence": (
        "Frasier was spun off from the sitcom\nCheers\n(NBC, 1982-1993)"
    ),
    "a formula in a list under its heading": (
        "Informal ways to say thank you in Britain\nCheers\nTa"
    ),
    "a closing word inside a sentence": "Thanks to Lister, surgery became safe.\nIn 1867.",
    "a greater-than alone": "> 50 mg",
    "greater-than in a list, no letter": "Doses:\n> 50 mg: high\n>= 10 mg: usual",
    "a quotation set off in markdown, no letter": (
        "The amendment reads:\n> Neither slavery nor involuntary servitude shall exist.\nIt is "
        "the Thirteenth."
    ),
    "an attribution in prose, no letter": (
        "On 21 October 1805, Nelson wrote:\nEngland expects that every man will do his duty."
    ),
    "From and To as a range": "From: 1914\nTo: 1918",
    "an itinerary's fields, no subject": (
        "The first scheduled flight:\nFrom: London\nTo: Paris\nDate: 25 August 1919"
    ),
    "a closing word alone, a word of a list": (
        "The rankings were as follows.\nBest\nParis\nWorst\nLyon"
    ),
    "a subject line alone": "Subject: the 1832 Reform Act\nIt widened the franchise.",
    "a subject line above no greeting": (
        "Subject: the 1832 Reform Act\n\nIt widened the franchise.\n\nIt passed in June."
    ),
    "a greeting's words inside the answer, not its first line": (
        "The formal opening is\nDear Sir or Madam,\nwhen the name is not known."
    ),
}


@pytest.mark.parametrize("answer", list(NO_LETTER.values()), ids=list(NO_LETTER.keys()))
def test_what_is_no_letter_is_read_as_it_stands(answer):
    assert letter_body(answer) == ("", answer)


def test_the_envelope_is_the_readings_working():
    """A greeting and a signature are shown as set aside, never read as sentences."""
    reading = read_answer(
        "Dear Mr Vance,\n\nIt was Lister.\n\nYours sincerely,\nAnn Ross\nWard 4, 3 May 2020",
        get_strategy(),
        DECLINES,
    )
    assert reading.working == "Dear Mr Vance,\nYours sincerely,\nAnn Ross\nWard 4, 3 May 2020"
    assert [sentence.clause.text for sentence in reading.sentences] == ["It was Lister."]


# --- graded as a reader reads a letter -----------------------------------------------------------

# (question, accepted answers, answer, verdict)
GRADED = {
    "medicine, a greeting then the answer": (
        "Which vitamin deficiency causes rickets?",
        ("vitamin D", "D"),
        "Dear Mrs Okonjo,\n\nGood to see Amara at the clinic again.\n\nRickets is caused "
        "by a lack of vitamin D, usually from too little sunlight.\n\nKind regards,\nDr. Hana "
        "Mori\nPaediatric Outpatients, 2 February 2022",
        CORRECT,
    ),
    "law, the answer then a signature with another name and a date": (
        "Which document did King John seal at Runnymede in 1215?",
        ("Magna Carta",),
        "Hello Mr Finch,\n\nThe charter sealed at Runnymede in June 1215 was Magna Carta.\n\n"
        "Yours sincerely,\nEdward Coke\nChambers Library, 4 April 2011",
        CORRECT,
    ),
    "sport, a wrong body in a letter stays wrong": (
        "Which country won the 2010 FIFA World Cup?",
        ("Spain",),
        "Hi Marco,\n\nThe Netherlands won it in Johannesburg.\n\nCheers,\nLuis\nSent 12 July 2010",
        WRONG,
    ),
    "history, a P.S. that answers": (
        "In which year did the Berlin Wall fall?",
        ("1989",),
        "Dear Hannah,\n\nThe postcards from Germany arrived; the children loved them.\n\nWith "
        "love,\nGran\n\nP.S. About the Wall: it came down in November 1989.",
        CORRECT,
    ),
    "science, a P.S. that corrects the body to the key": (
        "Which planet does the moon Titan orbit?",
        ("Saturn",),
        "Hi Jo,\n\nTitan orbits Jupiter.\n\nBest,\nAmir\n\nP.S. Sorry, I mean Saturn.",
        CORRECT,
    ),
    "science, a P.S. that corrects the key away": (
        "Which planet does the moon Titan orbit?",
        ("Saturn",),
        "Titan orbits Saturn.\n\nBest,\nAmir\n\nP.S. Sorry, I mean Jupiter.",
        WRONG,
    ),
    "cooking, a quoted question holds the key, the body answers otherwise": (
        "Which country does Gruyere cheese come from?",
        ("Switzerland",),
        "> Is Gruyere from Switzerland?\n\nHi Claire,\n\nNo, it is made in France.\n\nBest "
        "wishes,\nTom",
        WRONG,
    ),
    "medicine, a message quoted under the letter holds the key": (
        "Which vitamin deficiency causes scurvy?",
        ("vitamin C", "ascorbic acid"),
        "Scurvy comes from a lack of vitamin B12.\n\nBest,\nNurse Ada Obi\n\nOn Mon, 3 Jan 2022 "
        "at 10:04, Ravi Shah wrote:\nIs it vitamin C?",
        WRONG,
    ),
    "cooking, a quoted question names another, the body answers the key": (
        "Which country does Gruyere cheese come from?",
        ("Switzerland",),
        "> Is Gruyere from France?\n\nHi Claire,\n\nNo, Gruyere comes from Switzerland.\n\n"
        "Best wishes,\nTom",
        CORRECT,
    ),
    "art, a forwarded header with another name above the answer": (
        "Who painted the ceiling of the Sistine Chapel?",
        ("Michelangelo", "Michelangelo Buonarroti"),
        "---------- Forwarded message ---------\nFrom: Raffaello Sanzio <r.sanzio@example.it>\n"
        "Date: Tue, 4 Jun 2019 at 09:15\nSubject: Sistine ceiling\nTo: Art History List "
        "<staff@example.org>\n\nHi all,\n\nThe ceiling was painted by Michelangelo between 1508 "
        "and 1512.\n\nBest,\nRaffaello",
        CORRECT,
    ),
    "geography, an email's subject line holds the key, the body answers otherwise": (
        "What is the capital of Australia?",
        ("Canberra",),
        "Subject: Canberra?\n\nHi Jen,\n\nNo, the capital is Sydney.\n\nBest,\nTom",
        WRONG,
    ),
    "literature, a subject line holds the key, the body answers otherwise": (
        "Who wrote Pride and Prejudice?",
        ("Jane Austen", "Austen"),
        "From: Omar Haddad <omar@example.com>\nDate: 2 March 2020\nSubject: Re: was it Jane Austen?"
        "\n\nHi Meg,\n\nNo, Charlotte Bronte wrote it.\n\nOmar",
        WRONG,
    ),
    # what must not be read so
    "a salutation inside a sentence": (
        "In which year was the Battle of Bosworth?",
        ("1485",),
        "Dear me, it was 1485.",
        CORRECT,
    ),
    "a name and a comma on one line is the answer": (
        "Who is called the father of antiseptic surgery?",
        ("Joseph Lister", "Lister"),
        "Lister, in 1867.",
        CORRECT,
    ),
    "a closing formula that is the key, no signature under it": (
        "Which closing goes with 'Dear Sir or Madam' in a British business letter?",
        ("Yours faithfully",),
        "A letter opened with 'Dear Sir or Madam' closes with:\n\nYours faithfully,",
        CORRECT,
    ),
    "tennis, a closing word that is the key, under a line that introduces it": (
        "In tennis, what is a score of zero called?",
        ("love",),
        "In tennis a score of zero is called:\nLove\n(From 'l'oeuf', some say)",
        CORRECT,
    ),
    "a greeting that is the key, on one line": (
        "Which salutation opens a formal letter to a reader whose name is not known?",
        ("Dear Sir or Madam",),
        "Dear Sir or Madam,",
        CORRECT,
    ),
    "a greeting that is the key, its name with no comma": (
        "What phrase does a programmer's first program traditionally print?",
        ("Hello, World", "Hello World"),
        "Hello World\n\nIt goes back to a 1974 tutorial.",
        CORRECT,
    ),
    "music, an album's title on a line under an unfinished sentence, a formula's words": (
        "What was Ariana Grande's debut studio album?",
        ("Yours Truly",),
        "Ariana Grande's debut studio album\nYours Truly\n(Republic Records, 2013)",
        CORRECT,
    ),
    "music, another title that is a formula, under a heading": (
        "Which Drake album won the Grammy for Best Rap Album in 2013?",
        ("Take Care",),
        "The album that won Best Rap Album in 2013\nTake Care\n(Drake, 2011)",
        CORRECT,
    ),
    "a name alone after the question it answers, no sign-off": (
        "Who discovered radium with her husband?",
        ("Marie Curie", "Curie"),
        "Hi Sam,\n\nRadium was found in 1898 by the couple. The answer:\n\nMarie Curie",
        CORRECT,
    ),
}


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdict"), list(GRADED.values()), ids=list(GRADED.keys())
)
def test_a_letter_is_graded_on_its_body(question, accepted, answer, verdict):
    """A right answer written as a letter was graded wrong: its greeting ("Dear Mrs Okonjo,")
    was read as another answer given first; a subject line or a quoted question supplied the
    key the body did not give, and a P.S. was read as a sentence of the signature's."""
    assert grade(question, accepted, answer).verdict == verdict


# --- the shortcut ---------------------------------------------------------------------------------

LETTER_PIECES = st.sampled_from(
    [
        "\n",
        "\n\n",
        "\r\n",
        " ",
        "\t",
        ",",
        ".",
        ":",
        ">",
        "> ",
        "--",
        "Dear",
        "Hi",
        "hello",
        "Sam",
        "all",
        "Best",
        "regards",
        "Cheers",
        "Yours",
        "sincerely",
        "With love from",
        "P.S.",
        "From: Ann",
        "Subject: Re: x",
        "Sent: 2 May",
        "On Fri, 2 Jun, Ann wrote:",
        "---------- Forwarded message ----------",
        "-----Original Message-----",
        "Marek,",
        "It was Lister.",
        "1867",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(LETTER_PIECES, max_size=16).map("".join))
def test_a_letter_is_looked_for_only_where_a_line_opens_as_its_envelope_does(text):
    """`letter_body` reads a text of one line, or one none of whose lines opens with a word of a
    greeting, a sign-off or a mail header (or a marker's dashes), as no letter (its shortcut):
    its definition finds no letter there either."""
    assert letter_body(text) == letter_body_by_definition(text)

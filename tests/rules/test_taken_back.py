"""A text key taken back (K014) and another answer attributed beside the key (K009), DESIGN 4.6
(grader/rules/taken_back.py): what each family matches and what it must never match, in cases
written for this project (science, sport, politics, music, law, business, literature, finance,
history), graded whole; and the shortcut equal to the definitions.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules import codes
from grader.rules.normalize import normalize
from grader.rules.reading import asserted_sentences
from grader.rules.surface import surface
from grader.rules.taken_back import (
    _CONCLUSION_WORDS,
    _CONTRAST,
    _RETRACTION_WORDS,
    _SUBJECT_WORDS,
    ATTRIBUTED,
    TAKEN_BACK,
    _contrasted,
    _hints,
    attributed_beside_by_definition,
    concluded_otherwise_by_definition,
    contradicted_by_definition,
    retracts,
    second_answer,
    taken_back_by_definition,
)
from grader.rules.verdict import CORRECT, PARTIAL, WRONG, Grader
from grader.schema import Answer, Gold
from tests.caseids import case_id

GRADER = Grader(citations=False)


def record(question: str, accepted: tuple[str, ...], answer: str) -> Answer:
    gold = Gold(key=" / ".join(accepted), accepted=accepted)
    return Answer(qid="q", kind="answerable", question=question, gold=gold, answer=answer)


def grade(question: str, accepted: tuple[str, ...], answer: str):
    return GRADER.grade(record(question, accepted, answer))


def codes_of(labels) -> set[str]:
    return {rule.code for label in labels if (rule := codes.rule_of_label(label))}


# --- taken back -------------------------------------------------------------------------------

TAKEN_BACK_CASES = [
    # art: (v4) "no," after an ellipsis, and a name after "by"
    (
        "Who painted The Night Watch?",
        ("Rembrandt", "Rembrandt van Rijn"),
        "The Night Watch was painted by Rembrandt... no, it was painted by Frans Hals.",
        "Frans Hals",
    ),
    # business: (v4) "no," after a dash, the other answer bare
    ("Who founded Amazon?", ("Jeff Bezos", "Bezos"), "Jeff Bezos - no, Bill Gates.", "Bill Gates"),
    # business: (v4) "No." as a sentence of its own, "nope," and "oops" opening a clause
    ("Who founded Amazon?", ("Jeff Bezos", "Bezos"), "Jeff Bezos. No. Bill Gates.", "Bill Gates"),
    (
        "Who founded Amazon?",
        ("Jeff Bezos", "Bezos"),
        "Jeff Bezos. Nope, it was Bill Gates.",
        "Bill Gates",
    ),
    (
        "Who founded Amazon?",
        ("Jeff Bezos", "Bezos"),
        "Jeff Bezos, oops it was Bill Gates.",
        "Bill Gates",
    ),
    # history: (v4) "nope" with no comma after it (never a determiner)
    (
        "In what year was the Battle of Hastings?",
        ("1066",),
        "1066; nope the battle was in 1067.",
        "1067",
    ),
    # science: a year, taken back by "I misspoke", the correction names what is asked
    (
        "In what year did Marie Curie win her first Nobel Prize?",
        ("1903",),
        "1903. Wait, I misspoke: her first Nobel Prize came in 1911.",
        "1911",
    ),
    # sport: "sorry, I mean" and the other answer bare
    (
        "Which club won the 2005 Champions League final?",
        ("Liverpool", "Liverpool FC"),
        "Liverpool - sorry, I mean AC Milan.",
        "AC Milan",
    ),
    # politics: "correction:", "it was" and a name
    (
        "Which party won the 1945 UK general election?",
        ("Labour", "the Labour Party"),
        "The Labour Party. Correction: it was the Conservative Party.",
        "Conservative Party",
    ),
    # music: "make that", a year
    (
        "In what year did the Beatles release Abbey Road?",
        ("1969",),
        "Abbey Road came out in 1969, make that 1970.",
        "1970",
    ),
    # law: "but in fact" and another year in a clause that names what is asked
    (
        "In what year was the Magna Carta sealed?",
        ("1215",),
        "It was drafted in 1215 but in fact the charter was sealed in 1216.",
        "1216",
    ),
    # business: a count, "actually" opening the next sentence, the other answer bare
    (
        "How many employees did the company have at its founding?",
        ("12", "twelve"),
        "It had 12 employees. Actually, 15.",
        "15",
    ),
    # literature: the retraction alone in its sentence, the answer in the next
    (
        "Which George Eliot novel is set in the town of St Ogg's?",
        ("The Mill on the Floss",),
        "The Mill on the Floss. Sorry, my mistake. Silas Marner.",
        "Silas Marner",
    ),
    # finance: a year, "or rather"
    (
        "In what year did the euro enter circulation as cash?",
        ("2002",),
        "The euro notes entered circulation in 2002, or rather in 1999.",
        "1999",
    ),
    # history: "the answer is" between the retraction and the other answer
    (
        "In what year was the Battle of Hastings fought?",
        ("1066",),
        "1066. Sorry, the answer is 1067.",
        "1067",
    ),
    # a later sentence that restates the key's with another answer (its words before the other
    # answer are the key's sentence's, a pronoun or an article aside), the question's words
    # nowhere in it. science: "it was made at"
    (
        "Where did the Wright brothers first fly a powered aircraft?",
        ("Kitty Hawk",),
        "The Wright brothers' first flight was made at Kitty Hawk. Actually, it was made at "
        "Dayton.",
        "Dayton",
    ),
    # law: "in fact", "by the"
    (
        "Which court heard Marbury v. Madison?",
        ("Supreme Court", "the Supreme Court"),
        "Marbury v. Madison was decided by the Supreme Court. In fact, it was decided by the "
        "Circuit Court.",
        "Circuit Court",
    ),
    # literature: "it takes place in"
    (
        "In which English county is Wuthering Heights set?",
        ("Yorkshire",),
        "The Brontë novel takes place in Yorkshire. Actually, it takes place in Lancashire.",
        "Lancashire",
    ),
    # business: the subject said again, not a pronoun
    (
        "Where was Nokia founded?",
        ("Tampere",),
        "Nokia's first mill was built in Tampere. Actually, the first mill was built in Helsinki.",
        "Helsinki",
    ),
    # finance: a year, "they were handed over in"
    (
        "In what year did the Bank of England gain operational independence?",
        ("1997",),
        "The Bank's rate-setting powers were handed over in 1997. In fact, they were handed "
        "over in 1998.",
        "1998",
    ),
    # science: a pronoun after a bare key, the other answer the agent ("by"): the pronoun
    # is the thing made, not the key
    (
        "Who proposed the theory of continental drift?",
        ("Alfred Wegener", "Wegener"),
        "Alfred Wegener. Wait, it was first proposed by Abraham Ortelius.",
        "Abraham Ortelius",
    ),
    # architecture: another name with particles ("van der"), read whole (the small words a name
    # holds are the one list, `surface_forms.NAME_JOINER`)
    (
        "Who designed the Bauhaus building in Dessau?",
        ("Walter Gropius", "Gropius"),
        "Walter Gropius. Actually, it was Ludwig Mies van der Rohe.",
        "Ludwig Mies van der Rohe",
    ),
    # sport: "on second thought"
    (
        "Which country hosted the 1966 FIFA World Cup?",
        ("England",),
        "England. On second thought, it was Brazil.",
        "Brazil",
    ),
    # music: "wait" alone, before a comma
    (
        "Which orchestra did Herbert von Karajan lead for 35 years?",
        ("Berlin Philharmonic",),
        "For 35 years he was principal conductor of the Berlin Philharmonic. Wait, it was the "
        "Vienna Philharmonic.",
        "Vienna Philharmonic",
    ),
    # a cleft restating what was asked: literature, its focus a name
    (
        "Who wrote Doctor Faustus?",
        ("Christopher Marlowe", "Marlowe"),
        "Doctor Faustus was written by Christopher Marlowe. Actually, it was Thomas Kyd who "
        "wrote Doctor Faustus.",
        "Thomas Kyd",
    ),
    # a cleft, sport: its focus a year, its rest restating the key's sentence
    (
        "In which year did England win the Rugby World Cup?",
        ("2003",),
        "England won the Rugby World Cup in 2003. Actually, it was in 2007 that England won it.",
        "2007",
    ),
    # a cleft, science: its focus in lower case, another thing of the key's last word
    (
        "Which chamber of the heart pumps blood to the body?",
        ("the left ventricle", "left ventricle"),
        "Oxygenated blood is pumped to the body by the left ventricle. Actually, it is the right "
        "ventricle that pumps blood to the body.",
        "right ventricle",
    ),
    # a cleft, politics: "which", the focus a name of several words
    (
        "Which chamber of Congress ratifies treaties?",
        ("the Senate", "Senate"),
        "Treaties are ratified by the Senate. Actually, it is the House of Representatives which "
        "ratifies treaties.",
        "House of Representatives",
    ),
    # a cleft, business: a possessive in lower case, the focus another owner of the key's kind
    (
        "Whose shares rose most on the day of the merger?",
        ("the smaller bank's", "the smaller bank"),
        "On the day of the merger the smaller bank's shares rose most. Actually it was the larger "
        "bank's shares that rose most.",
        "larger bank's",
    ),
    # a cleft, music: "it's", the retraction opening a sentence without a comma
    (
        "Which composer wrote the opera Carmen?",
        ("Georges Bizet", "Bizet"),
        "Carmen was composed by Georges Bizet. Actually it's Jules Massenet who composed Carmen.",
        "Jules Massenet",
    ),
]

# (v4) a correction in a later text message: the key corrected away, in lower case or not
TAKEN_BACK_CASES += [
    # medicine: "nvm" and a lower-case body
    (
        "Which drug is the first-line treatment for anaphylaxis?",
        ("Adrenaline", "Epinephrine"),
        "adrenaline\nnvm antihistamine",
        "antihistamine",
    ),
    # sport: "wait no" on a line of its own, the answer on the next
    ("Who won the 2010 World Cup?", ("Spain",), "spain\nwait no\nnetherlands", "netherlands"),
    # geography: "wait," and a capitalised name
    ("What is the capital of Portugal?", ("Lisbon",), "Lisbon\nwait, Porto", "Porto"),
    # cooking: "scratch that", a key in lower case
    ("Which herb is the base of pesto?", ("basil",), "basil\nscratch that, oregano", "oregano"),
    # literature: a lone "*" before the corrected name, a laugh after it
    ("Who wrote Middlemarch?", ("George Eliot",), "george eliot\n*jane austen lol", "jane austen"),
    # history: a year corrected in a later message
    (
        "In which year was the Treaty of Versailles signed?",
        ("1919",),
        "1919\nwait no\nit was 1920",
        "1920",
    ),
    ("In which year was the Treaty of Versailles signed?", ("1919",), "1919\n*1920", "1920"),
    # science: "never mind" and "its"
    ("Which noble gas is most abundant in air?", ("Argon",), "argon\nnever mind its neon", "neon"),
    # (v4) an other answer that opens with a word of the giving words ("in", "on", "no", "it"):
    # the giving word read whole, never "India" as "in" and "dia"
    ("Which country is Lahore in?", ("Pakistan",), "Pakistan. Sorry, India.", "India"),
    ("Which river flows through Budapest?", ("Danube",), "The Danube. Sorry, Inn.", "Inn"),
    ("Which bone is the longest?", ("Femur",), "Femur. Oops, tibia.", "tibia"),
    (
        "Which province's capital is Quebec City?",
        ("Quebec",),
        "Quebec. Sorry, Ontario.",
        "Ontario",
    ),
    ("Who wrote Dracula?", ("Bram Stoker",), "Bram Stoker. Sorry, Nora Roberts.", "Nora Roberts"),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "other"), TAKEN_BACK_CASES, ids=case_id)
def test_a_key_taken_back_is_wrong(question, accepted, answer, other):
    found = grade(question, accepted, answer)
    assert found.verdict == WRONG, found.labels
    assert codes_of(found.labels) == {"K014"}
    assert f'"{other}"' in found.labels[0]


NOT_TAKEN_BACK = [
    # art: (v4) a retraction takes back what it follows, here another sentence's name
    (
        "Who painted The Night Watch?",
        ("Rembrandt", "Rembrandt van Rijn"),
        "The Night Watch was painted by Rembrandt in 1642. It hangs in the Louvre. Actually, "
        "it's in the Rijksmuseum.",
    ),
    (
        "Which company did Steve Jobs co-found in 1976?",
        ("Apple", "Apple Computer"),
        "Steve Jobs co-founded Apple. Its headquarters are in Seattle. Sorry, it is Cupertino.",
    ),
    # business: (v4) "no" before a name, a quantifier ("no MacKenzie Scott"): no retraction
    (
        "Who founded Amazon?",
        ("Jeff Bezos", "Bezos"),
        "It was founded by Jeff Bezos alone: no MacKenzie Scott, no Shel Kaphan.",
    ),
    # business: (v4) "no," then a denial of another answer
    ("Who founded Amazon?", ("Jeff Bezos", "Bezos"), "Jeff Bezos... no, it was not Bill Gates."),
    # business: (v4) "nope," that confirms the negation in its clause
    (
        "Who founded Amazon?",
        ("Jeff Bezos", "Bezos"),
        "Jeff Bezos - not Bill Gates, nope, that was Microsoft.",
    ),
    # science: the correction gives the key
    ("In what year did Marie Curie win her first Nobel Prize?", ("1903",), "1911 - sorry, 1903."),
    # science: "actually" as emphasis
    ("In what year did Marie Curie win her first Nobel Prize?", ("1903",), "It was actually 1903."),
    # history: a correction of something else, another kind (a place for a year)
    (
        "In what year was the Battle of Hastings?",
        ("1066",),
        "1066. Correction: the battle was fought near Hastings, not in it.",
    ),
    # sport: the key said again after the correction
    (
        "Which club won the 2005 Champions League final?",
        ("Liverpool", "Liverpool FC"),
        "Liverpool. Actually, wait, was it AC Milan? No, it was Liverpool, on penalties.",
    ),
    # politics: a year in a clause that names nothing the question asks
    (
        "In what year did women first vote in a UK general election?",
        ("1918",),
        "In 1918. Sorry, I should add that the age limit was lowered in 1928.",
    ),
    # music: another figure said between the key and the retraction: that is what it takes back
    (
        "How long is the Moonlight Sonata's first movement, in minutes?",
        ("6 minutes", "6"),
        "About 6 minutes, or 3 minutes at a brisk tempo, sorry, I mean 5 minutes at a brisk tempo.",
    ),
    # law: a pronoun for the key's person describes the key, it does not replace it
    (
        "Who wrote the Federalist No. 10?",
        ("James Madison", "Madison"),
        "James Madison. Actually, he was writing as Publius.",
    ),
    # business: a name after the retraction that is not in the key's place
    (
        "Who founded Amazon?",
        ("Jeff Bezos", "Bezos"),
        "Jeff Bezos. Correction: he founded it in a garage in Bellevue, not Seattle.",
    ),
    # science: another figure under another condition: more words follow it
    (
        "What is the boiling point of water at sea level in Celsius?",
        ("100",),
        "100 °C. Actually, at high altitude it boils at around 90 °C.",
    ),
    # business: another name in another role ("assembles"), not the key's place
    ("Which company designs the iPhone?", ("Apple",), "Apple. Actually, Foxconn assembles them."),
    # art: "in fact" and a name that more words follow
    (
        "Who painted the Mona Lisa?",
        ("Leonardo da Vinci", "Leonardo"),
        "Leonardo da Vinci painted it; in fact, the Louvre has displayed it since 1797.",
    ),
    # history: a retraction that gives nothing, the answer's last words
    ("In what year was the Battle of Hastings fought?", ("1066",), "1066. Wait, I misspoke."),
    # politics: a correction that names the key's office, every word of it the question's
    (
        "Who is the Prime Minister of Canada?",
        ("Justin Trudeau", "Trudeau"),
        "Justin Trudeau. Correction: he is the Prime Minister of Canada.",
    ),
    # politics: the same with "that is" (no pronoun for the key's person)
    (
        "Who is the Prime Minister of Canada?",
        ("Justin Trudeau", "Trudeau"),
        "Justin Trudeau. Actually, that is the Prime Minister of Canada.",
    ),
    # literature: "in fact" adds to the key
    (
        "Who wrote Middlemarch?",
        ("George Eliot", "Mary Ann Evans"),
        "George Eliot; in fact, that was the pen name of Mary Ann Evans.",
    ),
    # sport: "actually" adds to the key (more words follow the name)
    (
        "Which city hosted the 1992 Summer Olympics?",
        ("Barcelona",),
        "Barcelona. Actually, it was the first Games after the Cold War.",
    ),
    # sport: the key confirmed, and the key as the correction
    ("Which city hosted the 1992 Summer Olympics?", ("Barcelona",), "Actually, it was Barcelona."),
    (
        "Which city hosted the 1992 Summer Olympics?",
        ("Barcelona",),
        "Madrid? Actually, it was Barcelona.",
    ),
    # sport: the key said again beside another: it stands
    (
        "Which city hosted the 1992 Summer Olympics?",
        ("Barcelona",),
        "Barcelona. Actually, Barcelona and Seville both hosted events that year.",
    ),
    # politics: a pronoun for the key (the key opens its sentence): where it is, not another
    (
        "Which city hosted the 1992 Summer Olympics?",
        ("Barcelona",),
        "Barcelona. In fact, it is in Catalonia.",
    ),
    # sport: a pronoun for the key, the subject of its sentence, and a detail of the deed
    (
        "Which club won the 1999 Champions League final?",
        ("Manchester United",),
        "Manchester United won the final in Barcelona. Actually, they won it at the Camp Nou.",
    ),
    # law: a month for a place's key: a time, another kind
    (
        "In which city was the Treaty of Rome signed?",
        ("Rome",),
        "The treaty was signed in Rome. In fact, it was signed in March.",
    ),
    # music: a restatement that says the key again, with a detail
    (
        "Who composed The Rite of Spring?",
        ("Igor Stravinsky", "Stravinsky"),
        "The Rite of Spring was composed by Stravinsky. Actually, it was composed by Stravinsky "
        "in Switzerland.",
    ),
    # finance: "wait" asking, not asserting
    (
        "In what year did the Bank of England gain operational independence?",
        ("1997",),
        "The powers were handed over in 1997. Wait, was it in 1998?",
    ),
    # a cleft that names the key itself
    (
        "Which chamber of the heart pumps blood to the body?",
        ("the left ventricle", "left ventricle"),
        "The right ventricle pumps blood, but actually it is the left ventricle that pumps blood "
        "to the body.",
    ),
    # a cleft whose rest says more than was asked: another role, the key stands (science)
    (
        "Which chamber of the heart pumps blood to the body?",
        ("the left ventricle", "left ventricle"),
        "The left ventricle pumps blood to the body. Actually, it is the right ventricle that "
        "pumps blood to the lungs.",
    ),
    # a cleft whose focus is no answer of the key's kind: a time (sport)
    (
        "Which country won the 1970 World Cup?",
        ("Brazil",),
        "Brazil won the 1970 World Cup. Actually, it was the third time that the cup was won.",
    ),
    # a cleft whose rest names the key's people by a pronoun (sport)
    (
        "Which country won the 1970 World Cup?",
        ("Brazil",),
        "Brazil won the 1970 World Cup. Actually, it was Pele who won it for them.",
    ),
    # a cleft that gives a year for a person's key, the key said in its rest (history)
    (
        "Who led the Terra Nova expedition?",
        ("Robert Falcon Scott", "Scott"),
        "The Terra Nova expedition was led by Robert Falcon Scott. Actually, it was in 1912 that "
        "Scott reached the Pole.",
    ),
    # the same, the key's person a pronoun in the rest (history)
    (
        "Who led the Terra Nova expedition?",
        ("Robert Falcon Scott", "Scott"),
        "The Terra Nova expedition was led by Robert Falcon Scott. Actually, it was in 1912 that "
        "he reached the Pole.",
    ),
    # a cleft whose lower-case focus is the key's head alone, no other word (law)
    (
        "Which court hears appeals from the Court of Appeal in England?",
        ("the Supreme Court", "UK Supreme Court"),
        "Appeals from the Court of Appeal go to the Supreme Court. In fact, it is the court that "
        "hears appeals.",
    ),
    # a cleft whose focus describes the key, not another of its kind: a superlative (law)
    (
        "Which court hears appeals from the Court of Appeal in England?",
        ("the Supreme Court", "UK Supreme Court"),
        "Appeals from the Court of Appeal go to the Supreme Court. In fact, it is the highest "
        "court that hears appeals.",
    ),
    # a cleft for emphasis, no retraction before it (finance)
    (
        "Which body sets the UK's official interest rate?",
        ("the Monetary Policy Committee", "MPC"),
        "The Monetary Policy Committee sets it; it is the committee, not the Treasury, that "
        "decides.",
    ),
]

# (v4) never a correction in a later text message: the key given by the correction, "wait" as a
# pause, an asterisk of emphasis or a footnote's, a later message that adds a detail or no answer
NOT_TAKEN_BACK += [
    # medicine: the key given by the correction
    (
        "Which drug is the first-line treatment for anaphylaxis?",
        ("Adrenaline", "Epinephrine"),
        "antihistamine\nnvm its adrenaline",
    ),
    ("In which year was the Treaty of Versailles signed?", ("1919",), "1920\n*1919"),
    ("Which herb is the base of pesto?", ("basil",), "oregano\nscratch that, basil"),
    # sport: "wait" as a pause, and a body that is no answer
    ("Who won the 2010 World Cup?", ("Spain",), "wait for it...\nspain"),
    ("Who won the 2010 World Cup?", ("Spain",), "spain\nwait, i am not sure"),
    ("Who won the 2010 World Cup?", ("Spain",), "spain\nwait, the final was in johannesburg"),
    # law: a wrapped line that goes on with "wait"
    (
        "Which court hears appeals from the Court of Appeal in England?",
        ("the Supreme Court", "Supreme Court"),
        "The Supreme Court, though you will have to\nwait for permission to appeal first.",
    ),
    # geography: an asterisk of emphasis, and a footnote's mark and its note
    ("What is the capital of France?", ("Paris",), "*Paris*"),
    ("What is the capital of France?", ("Paris",), "Paris*\n*metropolitan area"),
    # a later message that adds a detail
    ("What is the capital of France?", ("Paris",), "paris\nthe capital lol"),
    ("Which herb is the base of pesto?", ("basil",), "basil\n*pine nuts too"),
    ("What is the capital of France?", ("Paris",), "paris\noops, typo: paris"),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_TAKEN_BACK, ids=case_id)
def test_never_a_key_taken_back(question, accepted, answer):
    found = grade(question, accepted, answer)
    assert "K014" not in codes_of(found.labels), found.labels
    assert found.verdict == CORRECT, found.labels


# (v4) Where a retraction opens a clause (`retracts`, read by `grader.rules.options` too): its
# words, "no" an interjection only, "wait" only before punctuation, "nope" and "oops" anywhere.
RETRACTS = [
    ("no, before a comma", "The Amazon is longer. No, the Nile is.", True),
    ("no, a sentence of its own", "The Amazon is longer. No. The Nile is.", True),
    ("nope, before a comma", "The Amazon is longer. Nope, the Nile is.", True),
    ("nope, before a word", "Matzo is leavened; nope the naan is.", True),
    ("oops, before a word", "Matzo is leavened, oops it is naan.", True),
    ("in fact, opening a sentence", "The Crown Court sits above. In fact, the other does.", True),
    ("actually, after but", "The Amazon is longer, but actually the Nile is.", True),
    ("no, a determiner", "The Amazon is longer; no other river comes close.", False),
    ("no, a number", "It is Downing Street. No. 10 Downing Street.", False),
    ("no, confirming a negation", "Bezos, not Gates, no, that was Microsoft.", False),
    ("nope, confirming a negation", "Bezos, not Gates, nope, that was Microsoft.", False),
    ("wait, a verb", "The Amazon is longer, wait for it, than the Nile.", False),
    ("actually, inside a clause", "It was actually the Nile.", False),
]


@pytest.mark.parametrize(("case", "text", "expected"), RETRACTS, ids=case_id)
def test_where_a_retraction_opens_a_clause(case, text, expected):
    assert retracts(text) is expected, case


# --- concluded otherwise: a conclusion that gives another answer after the key ------------------

CONCLUDED_CASES = [
    # science: a year, "So" and a clause that names what is asked
    (
        "In what year did Marie Curie win her first Nobel Prize?",
        ("1903",),
        "Marie Curie shared the physics prize in 1903 with Pierre Curie and Henri Becquerel, and "
        "won the chemistry prize alone in 1911. So her first Nobel Prize came in 1911.",
        "1911",
    ),
    # sport: a year after "in", a date before it
    (
        "In what year did Roger Bannister run the first sub-four-minute mile?",
        ("1954",),
        "Roger Bannister ran it at Iffley Road, Oxford, on 6 May 1954, with Chris Chataway and "
        "Chris Brasher pacing. So the first sub-four-minute mile was run in 1955.",
        "1955",
    ),
    # sport: the conclusion restates the sentence that said the key
    (
        "Which country won the 2010 FIFA World Cup?",
        ("Spain",),
        "Spain won the 2010 World Cup. So the 2010 World Cup was won by the Netherlands.",
        "Netherlands",
    ),
    # politics: a year after "in"
    (
        "In what year did women in the United Kingdom first vote in a general election?",
        ("1918",),
        "Women over thirty first voted in the general election of December 1918, after the "
        "Representation of the People Act. So British women first voted in 1928.",
        "1928",
    ),
    # music: "Thus" and a name after a copula
    (
        "Who composed The Four Seasons?",
        ("Antonio Vivaldi", "Vivaldi"),
        "The Four Seasons is a set of violin concertos by Antonio Vivaldi, published in 1725 in "
        "Amsterdam. Thus the composer was Johann Sebastian Bach.",
        "Johann Sebastian Bach",
    ),
    # music: "so" after a comma, in the key's sentence
    (
        "Who composed The Four Seasons?",
        ("Antonio Vivaldi", "Vivaldi"),
        "The Four Seasons was composed by Antonio Vivaldi, so it was composed by Tomaso Albinoni.",
        "Tomaso Albinoni",
    ),
    # literature: the answer named as such, a title
    (
        "Which novel opens with the line 'Call me Ishmael'?",
        ("Moby-Dick", "Moby Dick"),
        "That line opens Moby-Dick by Herman Melville, published in 1851. So the answer is Typee.",
        "Typee",
    ),
    # law: the answer named as such, a thing's word in lower case
    (
        "What is the term for a written statement confirmed by oath?",
        ("affidavit",),
        "A written statement sworn before a notary is an affidavit; it can be used as evidence. "
        "A deposition is oral testimony. So the answer is deposition.",
        "deposition",
    ),
    # business: the conclusion's subject the agent's noun of the question's verb alone
    (
        "Who founded Amazon?",
        ("Jeff Bezos", "Bezos"),
        "Amazon was founded by Jeff Bezos in 1994. So the founder was MacKenzie Scott.",
        "MacKenzie Scott",
    ),
    # business: "Hence" and a year
    (
        "In what year was Apple founded?",
        ("1976",),
        "Apple was founded on April 1, 1976, by Steve Jobs, Steve Wozniak and Ronald Wayne, and "
        "incorporated the following year. Hence Apple was founded in 1977.",
        "1977",
    ),
    # finance: a year, another number of another kind in the question
    (
        "In what year did the Dow Jones Industrial Average first close above 10,000?",
        ("1999",),
        "The Dow first closed above 10,000 on March 29, 1999, during the dot-com boom. So the Dow "
        "first topped 10,000 in 2000.",
        "2000",
    ),
    # finance: the answer named as such, a number with its noun
    (
        "How many basis points are in one percentage point?",
        ("100",),
        "One percentage point equals 100 basis points; a basis point is a hundredth of a "
        "percent. So the answer is 10 basis points.",
        "10 basis points",
    ),
    # geography: the answer named as such, its citation marker written against it
    (
        "Which city was the capital of Roman Gaul?",
        ("Lugdunum", "Lyon"),
        "Lugdunum, today's Lyon, was the seat of the Three Gauls. So the answer is Vienne[2].",
        "Vienne",
    ),
    # law: after an ellipsis, a name after "by"
    (
        "Who wrote the Federalist No. 10?",
        ("James Madison", "Madison"),
        "Federalist No. 10 was written by James Madison, published in 1787 under the pen name "
        "Publius... so it was written by Alexander Hamilton.",
        "Alexander Hamilton",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "other"), CONCLUDED_CASES, ids=case_id)
def test_a_conclusion_with_another_answer_takes_the_key_back(question, accepted, answer, other):
    found = grade(question, accepted, answer)
    assert found.verdict == WRONG, found.labels
    assert codes_of(found.labels) == {"K014"}
    assert f'"{other}"' in found.labels[0]


NOT_CONCLUDED = [
    # business: the conclusion gives the key
    (
        "In what year was Apple founded?",
        ("1976",),
        "Apple was founded by Jobs and Wozniak in 1976 in a garage in Los Altos. So the answer "
        "is 1976.",
    ),
    # business: the key in the conclusion, another year beside it
    (
        "In what year was Apple founded?",
        ("1976",),
        "Jobs and Wozniak sold their first Apple I boards in 1976. So, in 1976, Apple was "
        "founded, and it was incorporated in 1977.",
    ),
    # music: no answer given ("often confused with")
    (
        "Who composed The Four Seasons?",
        ("Antonio Vivaldi", "Vivaldi"),
        "The Four Seasons was composed by Antonio Vivaldi, so it is often confused with Tomaso "
        "Albinoni.",
    ),
    # sport: another quantity, not an answer to the question (an age for a year)
    (
        "In what year did Roger Bannister run the first sub-four-minute mile?",
        ("1954",),
        "Roger Bannister ran the mile in 3:59.4 at Iffley Road in Oxford in 1954, while training "
        "as a doctor. So he was 25.",
    ),
    # sport: a conclusion in the middle, the key said again after it
    (
        "Which country won the 2010 FIFA World Cup?",
        ("Spain",),
        "Spain won the 2010 World Cup. So the 2010 World Cup was won by the Netherlands. That is "
        "wrong: the 2010 World Cup was won by Spain.",
    ),
    # law: a stance
    (
        "Which court is the highest court in the United States?",
        ("Supreme Court", "the Supreme Court"),
        "The Supreme Court of the United States is the highest court. So yes, its rulings bind "
        "every other court.",
    ),
    # science: another role ("the second")
    (
        "Who was the first man to walk on the Moon?",
        ("Neil Armstrong", "Armstrong"),
        "Neil Armstrong was the first man to walk on the Moon, in July 1969. So the second man on "
        "the Moon was Buzz Aldrin.",
    ),
    # law: the answer named as a doubt, or negated
    (
        "What is the term for a written statement confirmed by oath?",
        ("affidavit",),
        "A sworn written statement is an affidavit. So the answer is unclear.",
    ),
    (
        "What is the term for a written statement confirmed by oath?",
        ("affidavit",),
        "A sworn written statement is an affidavit. So the answer is not deposition.",
    ),
    # literature: "so that", no conclusion
    (
        "Who wrote the Federalist No. 10?",
        ("James Madison", "Madison"),
        "Federalist No. 10 was written by James Madison, so that readers would not know the "
        "author.",
    ),
    # business: the answer named as another kind (a place for a year)
    (
        "In what year was Apple founded?",
        ("1976",),
        "Apple was founded in 1976. So the answer is California.",
    ),
    # (a name in another role than the key's: after another verb and "by", a place for a
    # person, a copula whose subject restates nothing the question asks)
    (
        "Who wrote the poem Howl?",
        ("Allen Ginsberg", "Ginsberg"),
        "Howl was written by Allen Ginsberg in 1955. So the poem was published by Lawrence "
        "Ferlinghetti.",
    ),
    (
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "Alexander Fleming discovered it in 1928. So penicillin was first mass-produced by Pfizer.",
    ),
    (
        "Who painted the Mona Lisa?",
        ("Leonardo da Vinci", "Leonardo"),
        "Leonardo da Vinci painted it around 1503. So the Mona Lisa is in the Louvre.",
    ),
    (
        "Who won the men's singles at Wimbledon in 2008?",
        ("Rafael Nadal", "Nadal"),
        "Rafael Nadal beat Roger Federer in the 2008 final. So the runner-up at Wimbledon was "
        "Federer.",
    ),
    # politics: a count of another thing after "so"
    (
        "How many member states does the European Union have?",
        ("27",),
        "The European Union has 27 member states since the United Kingdom left in 2020. So 19 of "
        "them use the euro.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_CONCLUDED, ids=case_id)
def test_never_a_conclusion_with_another_answer(question, accepted, answer):
    found = grade(question, accepted, answer)
    assert "K014" not in codes_of(found.labels), found.labels
    assert found.verdict == CORRECT, found.labels


# --- attributed beside the key ----------------------------------------------------------------

ATTRIBUTED_CASES = [
    # science
    (
        "Who discovered oxygen?",
        ("Joseph Priestley", "Priestley"),
        "Oxygen was discovered by Joseph Priestley, though some historians credit Carl Wilhelm "
        "Scheele with the discovery.",
        "Carl Wilhelm Scheele",
    ),
    # sport: "others say it was"
    (
        "Who scored the winning goal in the 1966 World Cup final?",
        ("Geoff Hurst", "Hurst"),
        "Geoff Hurst scored it, although others say it was Martin Peters.",
        "Martin Peters",
    ),
    # politics: "attribute it to"
    (
        "Who coined the phrase 'iron curtain'?",
        ("Winston Churchill", "Churchill"),
        "Winston Churchill popularised it; some scholars attribute it to Joseph Goebbels.",
        "Joseph Goebbels",
    ),
    # music: a year, "some sources give"
    (
        "In what year was Mozart's Requiem begun?",
        ("1791",),
        "Mozart began the Requiem in 1791, though some sources give 1790.",
        "1790",
    ),
    # business: "other accounts name"
    (
        "Who founded the East India Company's first factory in Surat?",
        ("Thomas Aldworth", "Aldworth"),
        "Thomas Aldworth, though other accounts name William Hawkins.",
        "William Hawkins",
    ),
    # history: "credit X as well"
    (
        "Who won the Battle of Bannockburn?",
        ("Robert the Bruce", "Bruce"),
        "Robert the Bruce, though some sources credit William Wallace as well.",
        "William Wallace",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer", "other"), ATTRIBUTED_CASES, ids=case_id)
def test_another_answer_attributed_beside_the_key_is_partial(question, accepted, answer, other):
    found = grade(question, accepted, answer)
    assert found.verdict == PARTIAL, found.labels
    assert codes_of(found.labels) == {"K009"}
    assert f'"{other}"' in found.labels[0]


NOT_ATTRIBUTED = [
    # science: the other answer rejected
    (
        "Who discovered oxygen?",
        ("Joseph Priestley", "Priestley"),
        "Joseph Priestley, though some sources wrongly credit Antoine Lavoisier.",
    ),
    # science: the other named before the attribution, as the claim rejected
    (
        "Who discovered oxygen?",
        ("Joseph Priestley", "Priestley"),
        "It was Joseph Priestley, not Antoine Lavoisier as some sources claim.",
    ),
    # sport: another fact, no attribution
    (
        "Who scored the winning goal in the 1966 World Cup final?",
        ("Geoff Hurst", "Hurst"),
        "Geoff Hurst, though Martin Peters had scored earlier in the match.",
    ),
    # sport: another deed credited ("with" a thing the question does not ask)
    (
        "Who scored the winning goal in the 1966 World Cup final?",
        ("Geoff Hurst", "Hurst"),
        "Geoff Hurst; some sources also credit Alan Ball with the cross.",
    ),
    # politics: a person's own claim of another deed
    (
        "Who popularised the phrase 'iron curtain'?",
        ("Winston Churchill", "Churchill"),
        "Winston Churchill, though Ethel Snowden also claimed to have used it first.",
    ),
    # law: doubt, and no other answer
    (
        "Who wrote the Federalist No. 10?",
        ("James Madison", "Madison"),
        "James Madison, though some historians doubt that he wrote it alone.",
    ),
    # literature: the name goes on into another statement
    (
        "Who wrote Middlemarch?",
        ("George Eliot", "Mary Ann Evans"),
        "George Eliot; some biographers say George Henry Lewes read every draft.",
    ),
    # finance: the key credited again
    (
        "Who founded Vanguard?",
        ("John Bogle", "Bogle"),
        "John Bogle, and many sources also credit Bogle with the first index fund.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_ATTRIBUTED, ids=case_id)
def test_never_another_answer_attributed(question, accepted, answer):
    found = grade(question, accepted, answer)
    assert "K009" not in codes_of(found.labels), found.labels
    assert found.verdict == CORRECT, found.labels


# --- contradicted: the key named, then another answer asserted as the true one ------------------

CONTRADICTED_CASES = [
    # mathematics: credited to the key, "really" the other
    (
        "Who first proved the partition congruences?",
        ("Srinivasa Ramanujan", "Ramanujan"),
        "They are usually credited to Ramanujan, but the congruences really come from Percy "
        "MacMahon.",
        "Percy MacMahon",
    ),
    # sport: the key did something, the title "properly belongs to" another
    (
        "Which club is called the first English champions?",
        ("Preston North End", "Preston"),
        "Preston won the first league, but the honour properly belongs to Wanderers.",
        "Wanderers",
    ),
    # medicine: "it sounds like" the key, "actually" another, the copula between
    (
        "Which physician first described the disease?",
        ("James Parkinson", "Parkinson"),
        "It sounds like Parkinson, but it was actually Jean-Martin Charcot.",
        "Jean-Martin Charcot",
    ),
    # law: a semicolon and "however", "in fact" before the other court
    (
        "Which court decided the case?",
        ("the Court of Appeal", "Court of Appeal"),
        "The Court of Appeal heard it first; however, it was in fact the House of Lords.",
        "House of Lords",
    ),
    # cooking: a key in lower case, the other named as the answer
    (
        "Which spice gives paella its colour?",
        ("saffron",),
        "Saffron is the usual guess, but the correct answer is sweet paprika.",
        "sweet paprika",
    ),
    # literature: the answer named as such in four words, the most it may have
    (
        "Who wrote the play Doctor Faustus?",
        ("Christopher Marlowe", "Marlowe"),
        "Marlowe is the usual guess, but the correct answer is Johann Wolfgang von Goethe.",
        "Johann Wolfgang von Goethe",
    ),
    # botany: the answer named as such, its citation marker written against it
    (
        "Which plant gives the spice saffron?",
        ("crocus", "saffron crocus"),
        "The crocus is often named, but the correct answer is safflower[3].",
        "safflower",
    ),
    # history: "though", the other "came from" a third place
    (
        "Where did the tulip craze begin?",
        ("Holland", "the Netherlands"),
        "The craze is tied to Holland, though the bulbs really came from Turkey.",
        "Turkey",
    ),
    # (v4) the true one described, then given: medicine, a key in lower case, plain words
    (
        "Which vitamin deficiency causes rickets?",
        ("vitamin D",),
        "Oily fish are rich in vitamin D, but the deficiency that actually causes rickets is "
        "vitamin A.",
        "vitamin A",
    ),
    # sport: "truly", the head and the verb the question's, the name in apposition
    (
        "Which horse won the 1973 Belmont Stakes?",
        ("Secretariat",),
        "Secretariat is the horse people name, but the horse that truly won the Belmont Stakes "
        "was his stablemate, Riva Ridge.",
        "Riva Ridge",
    ),
    # law: "in fact", a head that names no role, the name in apposition to a description
    (
        "Who wrote the opinion in Brown v. Board of Education?",
        ("Earl Warren", "Warren"),
        "Warren signed it, but the man who in fact wrote the opinion was his clerk, Earl Pollock.",
        "Earl Pollock",
    ),
    # cooking: a thing's key in lower case, the other in lower case
    (
        "Which cheese goes into a classic tiramisu?",
        ("mascarpone",),
        "Supermarkets sell mascarpone for it, but the cheese that really goes into a classic "
        "tiramisu is ricotta.",
        "ricotta",
    ),
    # science: a word of checking before the other answer
    (
        "Who discovered oxygen?",
        ("Carl Wilhelm Scheele", "Scheele"),
        "I first wrote Scheele, but having checked, it was Joseph Priestley.",
        "Joseph Priestley",
    ),
    # history: "on checking" and the other answer right after it
    (
        "Which king founded Westminster Abbey?",
        ("Edward the Confessor",),
        "My notes say Edward the Confessor, but on checking it was Henry III.",
        "Henry III",
    ),
]


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "other"), CONTRADICTED_CASES, ids=case_id
)
def test_the_key_contradicted_by_another_answer_is_wrong(question, accepted, answer, other):
    found = grade(question, accepted, answer)
    assert found.verdict == WRONG, found.labels
    assert codes_of(found.labels) == {"K014"}
    assert f'"{other}"' in found.labels[0]


NOT_CONTRADICTED = [
    # geography: the key after the contrast ("not X, but the key")
    ("Which city hosts the court?", ("Milan",), "It's not Rome, but Milan."),
    # geography: others' belief contradicted by the key, the true one
    (
        "What is the capital of Australia?",
        ("Canberra",),
        "Many think Sydney, but it is actually Canberra.",
    ),
    # science: the key said again in the contrast (another role of the key's own)
    (
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "Fleming, but it was actually Fleming's assistant who first noticed the mould.",
    ),
    # science: a detail added, another kind (a year for a place)
    ("Where was Einstein born?", ("Ulm",), "Ulm, but it was actually in 1879."),
    # history: a detail added, words between the marker and the name
    (
        "Which town gave the battle its name?",
        ("Hastings",),
        "Hastings, but it was actually fought near Battle.",
    ),
    # engineering: two roles, no word marks the true one
    (
        "Who designed the Clifton Suspension Bridge?",
        ("Isambard Kingdom Brunel", "Brunel"),
        "Brunel designed it, but William Barlow finished it.",
    ),
    # spaceflight: a word of another role before the marker
    (
        "Who was the first person on the Moon?",
        ("Neil Armstrong", "Armstrong"),
        "Neil Armstrong was first, but the second man was actually Buzz Aldrin.",
    ),
    # chemistry: a pronoun for the key's person, described
    (
        "Who discovered radium?",
        ("Marie Curie", "Curie"),
        "Marie Curie, but she was really Polish.",
    ),
    # geography: another answer under a condition (a preposition before the marker)
    (
        "Which river is the longest in the world?",
        ("the Nile", "Nile"),
        "The Nile, but by volume the largest is actually the Amazon.",
    ),
    # cooking: a stance named as the answer, no other answer
    (
        "Which spice gives paella its colour?",
        ("saffron",),
        "Saffron, but the correct answer is disputed.",
    ),
    # literature: five words named as the answer, more than an answer named so may have
    (
        "Who wrote the play Doctor Faustus?",
        ("Christopher Marlowe", "Marlowe"),
        "Marlowe, but the correct answer is a matter for the scholars.",
    ),
    # (v4) sport: the key confirmed after the contrast, in the described form too
    (
        "Which boxer won the Rumble in the Jungle?",
        ("Muhammad Ali", "Ali"),
        "Foreman was the favourite and Ali the outsider, but the boxer who actually won was "
        "Muhammad Ali.",
    ),
    # sport: a contrast that adds only a manner ("but only just")
    (
        "Which boxer won the Rumble in the Jungle?",
        ("Muhammad Ali", "Ali"),
        "Ali won it, but only just.",
    ),
    # art: "but" adds a helper, no word marks another as the true one
    (
        "Who painted The Night Watch?",
        ("Rembrandt",),
        "Rembrandt painted it, but he was helped by Ferdinand Bol.",
    ),
    # medicine: the described one did another deed (the verb is not the question's)
    (
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "Fleming found it, but the team that actually turned it into a medicine was Florey's.",
    ),
    # medicine: the description names another role of its own (not the question's head)
    (
        "Which vitamin deficiency causes rickets?",
        ("vitamin D",),
        "Vitamin D, but the doctor who actually described rickets first was Francis Glisson.",
    ),
    # spaceflight: a word of another role in the description
    (
        "Who was the first person to walk on the Moon?",
        ("Neil Armstrong", "Armstrong"),
        "Neil Armstrong, but the second man who actually walked on the Moon was Buzz Aldrin.",
    ),
    # art: "actually" confirming, no contrast
    ("Who painted The Night Watch?", ("Rembrandt",), "It was actually Rembrandt."),
    # science: having checked, the key stands
    (
        "Who discovered oxygen?",
        ("Carl Wilhelm Scheele", "Scheele"),
        "I first wrote Priestley, but having checked, it was Scheele.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_CONTRADICTED, ids=case_id)
def test_never_the_key_contradicted(question, accepted, answer):
    found = grade(question, accepted, answer)
    assert found.verdict == CORRECT, found.labels


# --- named as others' view, then rejected -----------------------------------------------------

VIEW_REJECTED_CASES = [
    # geography: another answer named as the answer after a conclusion in the contrast's clause
    (
        "What is the capital of Canada?",
        ("Ottawa",),
        "Many assume Ottawa, but it is a government town, so the answer is Toronto.",
        "Toronto",
    ),
    # sport: the same, the view's verb "would say"
    (
        "Which country won the first FIFA World Cup?",
        ("Uruguay",),
        "Some would say Uruguay, but they only hosted it, so the answer is Argentina.",
        "Argentina",
    ),
    # law: "the answer is" right after the contrast
    (
        "What is the highest court in the United Kingdom?",
        ("Supreme Court", "the Supreme Court"),
        "Many think the Supreme Court, but the answer is the House of Lords.",
        "House of Lords",
    ),
    # cooking: "it is" opening the contrast's clause
    (
        "Which cheese goes into a classic Genoese pesto?",
        ("Parmesan", "Parmigiano-Reggiano"),
        "Some say Parmesan, but it is Pecorino.",
        "Pecorino",
    ),
    # science: people's view, the answer named
    (
        "Which planet has the most known moons?",
        ("Saturn",),
        "People often say Saturn, but the answer is Jupiter.",
        "Jupiter",
    ),
    # music: a word of truth before the other answer
    (
        "Who composed Messiah?",
        ("George Frideric Handel", "Handel"),
        "Most people would say Handel, but in fact it was Bach.",
        "Bach",
    ),
    # history: a belief put to the reader, then "it is"
    (
        "Who wrote Federalist No. 10?",
        ("James Madison", "Madison"),
        "You may be thinking of Madison, but it is Alexander Hamilton.",
        "Alexander Hamilton",
    ),
    # business: a source's view the answer reports, then "however"
    (
        "Which company designs the iPhone?",
        ("Apple", "Apple Inc."),
        "Source [1] states that it is Apple; however, the answer is Foxconn.",
        "Foxconn",
    ),
    # medicine: a key in lower case, another named as the correct answer
    (
        "Which vitamin does the body make in sunlight?",
        ("vitamin D",),
        "Many people assume vitamin D, but the correct answer is niacin.",
        "niacin",
    ),
]


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "other"), VIEW_REJECTED_CASES, ids=case_id
)
def test_the_key_named_as_others_view_then_rejected_is_wrong(question, accepted, answer, other):
    """The key named as others' view, then another named as the answer, went to a reader when a
    word of the key stood in the rest: the key, set aside, was not said, and that word read as
    the key in other words."""
    found = grade(question, accepted, answer)
    assert found.verdict == WRONG, found.labels
    assert codes_of(found.labels) == {"K014"}
    assert f'"{other}"' in found.labels[0]


NOT_VIEW_REJECTED = [
    # geography: the view endorsed, no contrast (the key is said)
    (
        "What is the capital of Canada?",
        ("Ottawa",),
        "Some would say Ottawa, and they would be right.",
    ),
    # geography: the key said after the contrast
    ("What is the capital of Canada?", ("Ottawa",), "Many assume Ottawa, but it really is Ottawa."),
    # nature: another answer that is part of the key
    (
        "Which is the largest coral reef system?",
        ("Great Barrier Reef",),
        "Some would say the Great Barrier Reef, but the answer is the Great Reef.",
    ),
    # geography: another answer under a condition opening the contrast's clause
    (
        "Which is the tallest mountain on Earth?",
        ("Mount Everest", "Everest"),
        "Some say Everest, but by volume the answer is Mauna Kea.",
    ),
    # science: no other answer given
    (
        "Which planet has the most known moons?",
        ("Saturn",),
        "Some would say Saturn, but it is not certain.",
    ),
    # cooking: more words after the other answer (a cleft)
    (
        "Which cheese goes into a classic Genoese pesto?",
        ("Parmesan",),
        "Some say Parmesan, but it is Pecorino that the Genoese prefer.",
    ),
    # history: a figure's key
    (
        "In which year did the Battle of Hastings take place?",
        ("1066",),
        "Some would say 1066, but the answer is 1067.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_VIEW_REJECTED, ids=case_id)
def test_never_the_key_named_as_others_view_then_rejected(question, accepted, answer):
    found = grade(question, accepted, answer)
    assert "K014" not in codes_of(found.labels), found.labels


def test_the_view_endorsed_or_said_again_says_the_key():
    """The view endorsed, or the key said after the contrast: the key is said (correct)."""
    for question, accepted, answer in NOT_VIEW_REJECTED[:2]:
        assert grade(question, accepted, answer).verdict == CORRECT


# The view in a sentence of its own, the rejection opening the next; or the answer first, the key
# after it as others' view.
VIEW_REJECTED_ACROSS = [
    # medicine: the true answer named in the next sentence, a key in lower case
    (
        "Which mineral do weak bones in rickets lack?",
        ("vitamin D",),
        "Many patients assume vitamin D. But the correct answer is calcium.",
        "calcium",
    ),
    # sport: "But the answer is Y" opening the next sentence
    (
        "Which country won the 1966 FIFA World Cup?",
        ("England",),
        "Many fans say England. But the answer is West Germany.",
        "West Germany",
    ),
    # law: a belief put to the reader, the correct answer named without a contrast
    (
        "Which charter of 1217 restored the commons to free men?",
        ("Magna Carta",),
        "You may be thinking of Magna Carta. The correct answer is the Charter of the Forest.",
        "Charter of the Forest",
    ),
    # history: "In fact" opening the next sentence
    (
        "Who was the first Roman emperor?",
        ("Augustus",),
        "Most people would say Augustus. In fact it was Julius Caesar.",
        "Julius Caesar",
    ),
    # cooking: "However, it is Y"
    (
        "Which cheese goes into a classic Genoese pesto?",
        ("Parmesan",),
        "Some cooks say Parmesan. However, it is Pecorino.",
        "Pecorino",
    ),
    # science: "Actually, the answer is Y"
    (
        "Which planet has the most known moons?",
        ("Saturn",),
        "People often say Saturn. Actually, the answer is Jupiter.",
        "Jupiter",
    ),
    # medicine: the answer first, the key after it as others' view
    (
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "It was Howard Florey, although many assume Fleming.",
        "Howard Florey",
    ),
    # sport: the answer alone, the key denied as what is often claimed
    (
        "Which club has won the most European Cups?",
        ("AC Milan", "Milan"),
        "Real Madrid, not Milan as is often claimed.",
        "Real Madrid",
    ),
    # history: the same, the view after a comma
    (
        "Who was the first Roman emperor?",
        ("Augustus",),
        "Julius Caesar, not Augustus, as many people think.",
        "Julius Caesar",
    ),
    # law: "it is the Y, although many people assume the X"
    (
        "What is the highest court of appeal in the United Kingdom?",
        ("House of Lords",),
        "It is the Supreme Court, although many people assume the House of Lords.",
        "Supreme Court",
    ),
    # cooking: "while" conceding the view
    (
        "Which country does the croissant come from?",
        ("France",),
        "It is Austria, while many cooks think France.",
        "Austria",
    ),
]


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "other"), VIEW_REJECTED_ACROSS, ids=case_id
)
def test_the_key_named_as_others_view_rejected_across_sentences_or_after_is_wrong(
    question, accepted, answer, other
):
    """'Many say X. But the answer is Y.' was correct (the view's sentence said the key, and
    nothing in it rejected it); 'It is Y, although many assume X.' was wrong for a key merely
    missing."""
    found = grade(question, accepted, answer)
    assert found.verdict == WRONG, found.labels
    assert codes_of(found.labels) == {"K014"}
    assert f'"{other}"' in found.labels[0]


NOT_VIEW_REJECTED_ACROSS = [
    # medicine: the view endorsed in the next sentence
    (
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "Many say Fleming. They are right.",
    ),
    # medicine: endorsed, the key said again
    (
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "Many say Fleming. And they are right: it was Fleming.",
    ),
    # history: a detail added in the next sentence, not another answer
    (
        "In which city was the Globe Theatre built?",
        ("London",),
        "Many say London. But it was rebuilt in 1997.",
    ),
    # law: the next sentence names another role, not another answer
    (
        "Which court decided Brown v Board of Education?",
        ("Supreme Court", "the Supreme Court"),
        "Many say the Supreme Court. But the ruling was written by Earl Warren.",
    ),
    # science: another answer under a condition opening the next sentence
    (
        "Which is the tallest mountain on Earth?",
        ("Mount Everest", "Everest"),
        "Many say Everest. But by volume it is Mauna Kea.",
    ),
    # sport: a view with no answer after it
    ("Which country won the 1966 FIFA World Cup?", ("England",), "Many fans say England."),
    # science: the key said again after the rejection's opening
    (
        "Which planet has the most known moons?",
        ("Saturn",),
        "People often say Jupiter. However, Saturn is the answer.",
    ),
    # geography: another answer that is part of the key
    (
        "Which lake is the deepest?",
        ("Lake Baikal",),
        "Many say Lake Baikal. But the answer is Baikal.",
    ),
    # history: a figure's key
    (
        "In which year did the Battle of Hastings take place?",
        ("1066",),
        "Many say 1066. But the answer is 1067.",
    ),
    # cooking: the next sentence compares, it gives no answer
    (
        "Which spice gives paella its colour?",
        ("saffron",),
        "Many cooks say saffron. But turmeric is cheaper.",
    ),
    # medicine: the answer first is the key, another is others' view
    (
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "It was Fleming, although many assume Florey.",
    ),
    # sport: the answer alone is the key, another denied
    (
        "Which club has won the most European Cups?",
        ("Real Madrid",),
        "Real Madrid, not Milan as is often claimed.",
    ),
    # medicine: the answer first under a condition
    (
        "Who discovered penicillin?",
        ("Alexander Fleming", "Fleming"),
        "In the lab it was Florey, although many assume Fleming.",
    ),
    # law: the key denied with no view after it (no one else's view is named)
    (
        "What is the highest court of appeal in the United Kingdom?",
        ("House of Lords",),
        "The Supreme Court, not the House of Lords.",
    ),
    # art: what the reader may have heard of is no view
    (
        "Who painted the Mona Lisa?",
        ("Leonardo da Vinci", "Leonardo"),
        "You may have heard of Leonardo. But it is Raphael.",
    ),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), NOT_VIEW_REJECTED_ACROSS, ids=case_id)
def test_never_the_key_named_as_others_view_rejected_across_sentences_or_after(
    question, accepted, answer
):
    found = grade(question, accepted, answer)
    assert "K014" not in codes_of(found.labels), found.labels


def test_the_view_endorsed_in_the_next_sentence_says_the_key():
    """The view endorsed in the next sentence, a detail added, another answer under a
    condition, a view alone: the key is said (correct)."""
    for question, accepted, answer in NOT_VIEW_REJECTED_ACROSS[:6]:
        assert grade(question, accepted, answer).verdict == CORRECT, answer


# --- the shortcuts equal their definitions ------------------------------------------------------

EVERY = [
    (question, accepted, answer)
    for question, accepted, answer, *_ in TAKEN_BACK_CASES
    + NOT_TAKEN_BACK
    + CONCLUDED_CASES
    + NOT_CONCLUDED
    + ATTRIBUTED_CASES
    + NOT_ATTRIBUTED
    + CONTRADICTED_CASES
    + NOT_CONTRADICTED
] + [
    ("Who wrote Middlemarch?", ("George Eliot",), "George Eliot."),
    ("In what year was the Battle of Hastings?", ("1066",), "The battle was in 1066 [1]."),
]


@pytest.mark.parametrize(("question", "accepted", "answer"), EVERY, ids=case_id)
def test_the_shortcut_equals_the_definitions(question, accepted, answer):
    reading = GRADER.read(record(question, accepted, answer))
    asked = surface(normalize(question))
    asserted = asserted_sentences(reading.sentences)
    back = contradicted_by_definition(accepted, question, asserted)
    back = back or taken_back_by_definition(accepted, question, asked, asserted)
    back = back or concluded_otherwise_by_definition(accepted, question, asked, asserted)
    sentences = tuple(sentence.clause.text for sentence in reading.sentences)
    beside = attributed_beside_by_definition(accepted, question, asked, sentences)
    expected = (TAKEN_BACK, back) if back else (ATTRIBUTED, beside) if beside else ("", "")
    assert second_answer(accepted, question, reading) == expected


# Each kind's hint words as one pattern (as they were looked for before `_hints`): "so" a word
# alone, the others anywhere.
HINT_PATTERNS = tuple(
    re.compile("|".join([*map(re.escape, words), *extra]))
    for words, extra in (
        (_RETRACTION_WORDS, ()),
        (_CONCLUSION_WORDS, (r"\bso\b",)),
        (_SUBJECT_WORDS, ()),
    )
)
# (pieces near a hint: "so" inside a word, a hint word cut short, a letter a word runs on with)
OTHER_PIECES = [*"so s o also _ é no some therefor".split(), " ", ",", "-", ":", "\n"]
HINT_PIECES = st.sampled_from(
    [*_RETRACTION_WORDS, *_CONCLUSION_WORDS, *_SUBJECT_WORDS, *OTHER_PIECES]
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(HINT_PIECES, max_size=8).map("".join))
def test_the_hints_are_found_as_their_patterns_find_them(text):
    """`_hints` looks for its words as substrings and for "so" as a word: what one pattern of
    each kind's words finds."""
    assert _hints(text) == tuple(pattern.search(text) is not None for pattern in HINT_PATTERNS)


# (pieces near a contrast: its words cut short, in capitals, with letters a pattern ignoring case
# matches as ASCII, "but" inside a word; the marks before it)
CONTRAST_PIECES = st.sampled_from(
    [
        *"but BUT But bu t however HOWEVER howev though THOUGH thou gh although butter".split(),
        *"ſ K ı İ x".split(),
        *[" ", ",", ";", " -", " –", " —", "\n", "  "],
    ]
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.lists(CONTRAST_PIECES, max_size=8).map("".join), max_size=3))
def test_a_contrast_is_looked_for_only_where_its_words_are_written(sentences):
    """`second_answer` reads the key contradicted only in sentences that hold a contrast's word
    (`_contrasted`): in sentences that hold none, the contrast's pattern finds nothing."""
    if not _contrasted(sentences):
        assert not any(_CONTRAST.search(sentence) for sentence in sentences)

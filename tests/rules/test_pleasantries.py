"""Pleasantries set aside (`grader.rules.pleasantries`, DESIGN 4.1, v4): a support assistant's
greeting, thanks, praise of the question, offer of help and sign-off carry no claim, so a right
answer wrapped in them is right and a wrong one wrong. Never a sentence with a claim beside the
courtesy, a closing question that names a subject, an answer made only of pleasantries."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.pleasantries import is_pleasantry, is_pleasantry_by_definition, set_aside
from grader.rules.verdict import CORRECT, WRONG
from tests.rules.shipped import grade

# (sentence, whether it is only pleasantries)
SENTENCES = {
    "a greeting": ("Hello!", True),
    "a greeting and a welcome": ("Hello and welcome! 🌍", True),
    "a greeting with an emoji before thanks": ("Hi there 👋 Thanks for your question!", True),
    "a greeting and an offer to help": ("Good morning, and happy to help!", True),
    "thanks for reaching out": ("Thank you so much for reaching out.", True),
    "praise of the question": ("What an interesting question!", True),
    "an offer to help with it": ("Sure, I can help with that!", True),
    "a closing offer": ("Is there anything else I can help you with today?", True),
    "a closing offer asked the other way": ("Can I help you with anything else?", True),
    "an invitation to ask again": ("Let me know if you have any other questions!", True),
    "a wish": ("Hope this helps, and have a great day!", True),
    "a sign-off with the assistant's name": ("- Robin, your virtual assistant", True),
    "a sign-off": ("Kind regards", True),
    "praise of the question alone": ("Great question!", True),
    "thanks for the question": ("Thanks for the question!", True),
    "thanks for writing": ("Thank you for writing.", True),
    "help offered, nothing named": ("Certainly, I can help.", True),
    "an invitation to reach out": ("Feel free to reach out.", True),
    "an invitation to ask for more help": ("Let me know if you need anything else!", True),
    # never: a claim beside the courtesy
    "praise, then a claim": ("Great question: it was Paris.", False),
    "a greeting, then a claim": ("Hi, the capital is Paris.", False),
    "thanks, then a dose": ("Thank you for asking; the dose is 5 mg.", False),
    "a welcome to a named place": ("Welcome to Paris, the capital of France.", False),
    # never: a subject named
    "a closing question about a subject": ("Would you like to know more about the Sahara?", False),
    "praise of a question about a subject": ("Great question about tennis!", False),
    "help with a subject": ("Happy to help with your mortgage application!", False),
    # never: a sentence that only holds a courtesy word, or tells the reader what to do
    "a word of the family in a claim": ("Hello was the first word he said.", False),
    "a song's title": ("Hello Goodbye", False),
    "the reader told whom to ask": ("Contact your travel agent.", False),
}


@pytest.mark.parametrize(
    ("sentence", "pleasantry"), list(SENTENCES.values()), ids=list(SENTENCES.keys())
)
def test_a_pleasantry_is_a_sentence_of_courtesies_alone(sentence, pleasantry):
    assert is_pleasantry(sentence) is pleasantry
    assert is_pleasantry_by_definition(sentence) is pleasantry


# A courtesy of every kind, each opening with another of the words a courtesy may open with.
COURTESIES = [
    "Hello",
    "Hi there",
    "Hey",
    "Greetings",
    "Howdy",
    "Good morning",
    "Welcome back",
    "Thanks so much",
    "Thank you for asking",
    "Many thanks",
    "What an interesting question",
    "That's a great question",
    "That is a good question",
    "Great question",
    "Excellent question",
    "Fantastic question",
    "Wonderful question",
    "Fascinating question",
    "Lovely question",
    "Interesting question",
    "I'd be glad to help",
    "We're happy to assist you today",
    "Delighted to help",
    "Glad to help you",
    "Pleased to assist",
    "Happy to help with that",
    "Sure, I can help",
    "Certainly, let me help you",
    "Of course, I can help",
    "Absolutely, I can help with this",
    "I'm here to help",
    "Is there anything else I can do for you",
    "Anything else I can help you with today",
    "Can I help you with anything else",
    "May I help with anything else today",
    "Let me know if you need anything else",
    "Please feel free to ask anytime",
    "Feel free to reach out",
    "Hope this helps",
    "I hope that helps",
    "Have a nice weekend",
    "Best regards",
    "Kind regards",
    "Warm regards",
    "Warmest regards",
    "Cheers",
    "Sunny, your friendly virtual assistant",
]


@pytest.mark.parametrize("courtesy", COURTESIES)
def test_each_courtesy_is_a_pleasantry(courtesy):
    assert is_pleasantry(courtesy) and is_pleasantry_by_definition(courtesy)


# Pieces of sentences: every courtesy above and its words in other cases, the letters a pattern
# ignoring case reads as ASCII ("İ", "ı", "ſ", the Kelvin sign), a sign-off's name and "your",
# other words, digits, punctuation and emoji.
_PIECES = [
    *COURTESIES,
    *"hello hi hey greetings howdy good welcome thanks thank many what that great".split(),
    *"excellent fantastic wonderful interesting fascinating lovely happy glad delighted".split(),
    *"pleased sure certainly absolutely let is anything can may please feel hope have".split(),
    *"best kind warm warmest cheers morning day there again everyone and back you so".split(),
    *"very much for reaching out asking your question query an a i we would be am help".split(),
    *"assist with today course me else do know if other questions need free ask this".split(),
    *"helps nice regards friendly virtual ai assistant bot Robin Sunny Paris capital".split(),
    *"was 5 mg".split(),
    "I'd",
    "I’m",
    "That's",
    "we're",
    "HELLO",
    "Hİ",
    "hı",
    "ſure",
    "\u212aind",
    "YOUR",
    ",",
    "!",
    ".",
    "?",
    " - ",
    "👋",
    "_",
    "",
]


@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=8), st.sampled_from(["", " ", ", "]))
@settings(max_examples=1500, deadline=None)
def test_the_pleasantry_guard_is_its_pattern_on_drawn_sentences(pieces: list[str], joint: str):
    """`is_pleasantry` reads its pattern only where a courtesy's first word opens the sentence
    or "your" is written: on drawn sentences it gives what the pattern gives."""
    sentence = joint.join(pieces)
    assert is_pleasantry(sentence) == is_pleasantry_by_definition(sentence)


# (question, accepted answers, answer, verdict): the answer graded as if the pleasantries were
# not there. Cases in several registers, both ways.
WRAPPED = {
    "medicine, a greeting before the answer": (
        "Which vitamin does the body make in sunlight?",
        ("Vitamin D", "D"),
        "Hi there! 😊 The body makes vitamin D when the skin is in sunlight. Anything else?",
        CORRECT,
    ),
    "sport, an offer to help before the answer": (
        "Which country won the 1966 football World Cup?",
        ("England",),
        "Happy to help with that! England won it, beating West Germany 4-2 in the final.",
        CORRECT,
    ),
    "law, thanks before the answer": (
        "What Latin phrase names the writ that brings a prisoner before a court?",
        ("habeas corpus",),
        "Thank you for reaching out! That writ is habeas corpus. Let me know if you have other "
        "questions!",
        CORRECT,
    ),
    "banking support, a greeting and a sign-off": (
        "What does the abbreviation IBAN stand for?",
        ("International Bank Account Number",),
        "Hello and welcome! IBAN stands for International Bank Account Number.\n"
        "- Robin, your virtual assistant",
        CORRECT,
    ),
    "travel support, thanks and a closing offer": (
        "In which city is the Sagrada Familia?",
        ("Barcelona",),
        "Thanks for your question! The Sagrada Familia is in Barcelona. Is there anything else "
        "I can help you with today?",
        CORRECT,
    ),
    "cooking, a greeting and an offer to help": (
        "Which country does the cheese Manchego come from?",
        ("Spain",),
        "Hello, and happy to help! Manchego comes from the La Mancha region of Spain.",
        CORRECT,
    ),
    # what it must not read
    "history, a wrong answer wrapped in pleasantries stays wrong": (
        "Who was the first emperor of Rome?",
        ("Augustus",),
        "Hello and welcome! The first emperor of Rome was Nero. Hope this helps!",
        WRONG,
    ),
    "science, praise then a claim in the same sentence": (
        "Which planet is closest to the sun?",
        ("Mercury",),
        "Great question: it is Venus.",
        WRONG,
    ),
    "a key that is a greeting, the answer made of it": (
        "What word did Thomas Edison suggest for answering the telephone?",
        ("Hello",),
        "Hello",
        CORRECT,
    ),
}


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdict"), list(WRAPPED.values()), ids=list(WRAPPED.keys())
)
def test_pleasantries_around_an_answer_are_no_answer(question, accepted, answer, verdict):
    """A right answer opened by "Happy to help with that!" was graded wrong: the greeting was
    read as another answer given first."""
    assert grade(question, accepted, answer).verdict == verdict


def test_a_greeting_before_another_answer_is_not_the_key():
    """A greeting that is the key's word, before an answer that gives other words, is no
    answer: the words given are the answer."""
    found = grade(
        "What word did Thomas Edison suggest for answering the telephone?",
        ("Hello",),
        "Hello! He suggested 'Ahoy', as Bell did.",
    )
    assert found.verdict != CORRECT


# (v4) A sign-off closes a message: set aside only after a sentence that is no pleasantry, with
# none but pleasantries after it, not under a line that introduces it. Never when it opens the
# answer or is the answer: a word that is also a sign-off ("Cheers", the toast, the sitcom).
# (sentences, which are set aside)
SIGNED_OFF = {
    "a sign-off closing an answer": (["It was Augustus.", "Cheers!"], [False, True]),
    "a sign-off and a wish closing an answer": (
        ["The dose is 5 mg.", "Kind regards", "Have a great day!"],
        [False, True, True],
    ),
    "a greeting before, a sign-off after": (
        ["Hello!", "It is Lima.", "Cheers"],
        [True, False, True],
    ),
    # never: the sign-off opens the answer, is under an introducing line, or is all of it
    "a sign-off's word opening the answer": (["Cheers!", "Britons say it."], [False, False]),
    "a sign-off's word under a line that introduces it": (
        ["The toast is:", "Cheers"],
        [False, False],
    ),
    "a sign-off alone": (["Cheers"], [False]),
    "a sign-off with a sentence after it": (
        ["It was Lister.", "Cheers", "He used carbolic acid."],
        [False, False, False],
    ),
    # thanks are at home anywhere: opening an answer too
    "thanks opening an answer": (["Thanks for your question!", "It is Lima."], [True, False]),
}


@pytest.mark.parametrize(
    ("sentences", "aside"), list(SIGNED_OFF.values()), ids=list(SIGNED_OFF.keys())
)
def test_a_sign_off_is_set_aside_only_where_it_closes_a_message(sentences, aside):
    assert set_aside(sentences) == aside


TOAST = "What toast do Britons say when they raise a glass?"
SITCOM = "Which US sitcom was set in a Boston bar called the same name?"
# (question, accepted answers, answer, verdict), in several registers
SIGN_OFF_ANSWERS = {
    "customs, the toast alone": (TOAST, ("Cheers",), "Cheers!", CORRECT),
    "customs, the toast and why": (
        TOAST,
        ("Cheers",),
        "Cheers!\nIt is what people say in Britain when glasses are raised.",
        CORRECT,
    ),
    "customs, the toast in its own sentence before an explanation": (
        TOAST,
        ("Cheers",),
        "Cheers! Glasses are clinked as it is said.",
        CORRECT,
    ),
    "customs, the toast under a line that introduces it": (
        TOAST,
        ("Cheers",),
        "The usual toast is:\nCheers",
        CORRECT,
    ),
    "television, the sitcom and its years": (
        SITCOM,
        ("Cheers",),
        "Cheers\nIt ran on NBC from 1982 to 1993.",
        CORRECT,
    ),
    # what it must still set aside: a sign-off closing what was said
    "history, a right answer signed off": (
        "Who was the first emperor of Rome?",
        ("Augustus",),
        "It was Augustus.\nCheers!",
        CORRECT,
    ),
    "television, another sitcom signed off": (SITCOM, ("Cheers",), "Frasier.\nCheers", WRONG),
    "customs, another toast signed off": (
        TOAST,
        ("Cheers",),
        "Britons say 'Bottoms up'.\n\nKind regards",
        WRONG,
    ),
}


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdict"),
    list(SIGN_OFF_ANSWERS.values()),
    ids=list(SIGN_OFF_ANSWERS.keys()),
)
def test_an_answer_that_is_a_sign_off_s_word_is_read_as_the_answer(
    question, accepted, answer, verdict
):
    """ "Cheers!" above the reason Britons say it was set aside as a sign-off, and the answer
    graded wrong: a sign-off closes a message, it never opens one."""
    graded = grade(question, accepted, answer)
    assert graded.verdict == verdict, graded.labels

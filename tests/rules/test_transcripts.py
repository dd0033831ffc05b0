"""A speech recogniser's transcript read as what was said (`grader.rules.transcripts`, DESIGN
4.1 and 4.6, v4): what a transcript is, its markup set aside (timestamps, cue timings, speakers'
tags, events in brackets, fillers, false starts, restarts, a correction spoken inside a
segment), and a key heard (the answer's words sound as the key by the sound code); and what
must never be read so. Cases written for this project (sport, music, geography, astronomy,
cooking, literature, history, science, software), none taken from a held-out set.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.transcripts import (
    heard_key,
    is_transcript,
    is_transcript_by_definition,
    sound_code,
    spoken_words,
)
from grader.rules.verdict import CORRECT
from tests.rules.shipped import grade

# --- what a transcript is -----------------------------------------------------------------------

TRANSCRIPTS = {
    "a bracketed timestamp and a numbered speaker": "[00:00:01.20] SPEAKER_01: it was holst",
    "a timestamp of minutes alone": "[01:02.5] the answer is ten",
    "a cue's timing, WebVTT": "00:00:01.200 --> 00:00:03.400\nthe thames",
    "a cue's timing, SubRip, with its number": "1\n00:00:01,200 --> 00:00:03,400\nthe thames",
    "a short tag alone": "spk0: it's canberra",
    "a tag with a space and its number": "Speaker 2: canberra I think",
}

NO_TRANSCRIPTS = {
    "a time of day in prose": "The match kicked off at 10:30 and ended at 12:15.",
    "a duration in prose": "Her winning time was 2:14:04, a world record.",
    "a chapter's time with no fraction": "[12:30] Chapter two opens in Vienna.",
    "a dialogue's named speakers": "HOST: Which river?\nCONTESTANT: The Rhine.",
    "a speaker with no number": "Speaker: the answer is Rhine.",
    "a citation in brackets": "It was Holst [1]: The Planets, 1916.",
    "a ratio": "The odds were 3:1 against.",
}


@pytest.mark.parametrize("answer", TRANSCRIPTS.values(), ids=TRANSCRIPTS.keys())
def test_a_transcript_is_shown_by_its_markup(answer):
    assert is_transcript(answer)


@pytest.mark.parametrize("answer", NO_TRANSCRIPTS.values(), ids=NO_TRANSCRIPTS.keys())
def test_no_markup_no_transcript(answer):
    assert not is_transcript(answer)
    assert spoken_words(answer) == ("", answer)


# --- its markup set aside -----------------------------------------------------------------------

SPOKEN = {
    "a timestamp splitting a name": (
        "[00:00:02.00] SPEAKER_00: puerto [00:00:02.40] rico",
        "puerto rico",
    ),
    "a cue, its number and a short tag, a filler": (
        "3\n00:00:05,100 --> 00:00:06,900\nspk1: um the answer is canberra",
        "the answer is canberra",
    ),
    "an event in brackets inside a line": (
        "[00:01:10.50] SPEAKER_02: it was [laughter] beethoven",
        "it was beethoven",
    ),
    "an event where the answer should be leaves none": (
        "[00:00:03.00] SPEAKER_01: the capital is [inaudible]",
        "the capital is",
    ),
    "a false start cut off by a hyphen": (
        "[00:00:00.30] SPEAKER_00: it's pa- paris",
        "it's paris",
    ),
    "a restart after a new segment": (
        "[00:00:00.40] SPEAKER_00: the\n[00:00:00.90] SPEAKER_00: the danube",
        "the danube",
    ),
    "a restart of two words after a filler": (
        "[00:00:00.40] SPEAKER_01: eighteen fifteen uh eighteen fifteen I think",
        "eighteen fifteen I think",
    ),
    "words said twice with no markup between are kept": (
        "[00:00:01.00] SPEAKER_00: bora bora",
        "bora bora",
    ),
    "a correction spoken inside a segment opens a line": (
        "[00:00:01.00] SPEAKER_00: that's the nile no wait the amazon",
        "that's the nile\nno wait, the amazon",
    ),
    "a hyphen inside a word is no false start": (
        "[00:00:01.00] SPEAKER_03: rolls-royce",
        "rolls-royce",
    ),
    "so and like are words, not fillers": (
        "[00:00:01.00] SPEAKER_00: so like mercury",
        "so like mercury",
    ),
}


@pytest.mark.parametrize("answer, words", SPOKEN.values(), ids=SPOKEN.keys())
def test_the_markup_is_set_aside(answer, words):
    markup, said = spoken_words(answer)
    assert said == words
    assert markup


def test_a_filler_in_a_written_answer_stays():
    """Fillers are set aside only in a transcript."""
    assert spoken_words("Um, I think it was Holst.") == ("", "Um, I think it was Holst.")


# --- the sound code ------------------------------------------------------------------------------

SOUND_ALIKE = {
    "a name in pieces, sport": ("wimble dun", "Wimbledon"),
    "a composer's name in pieces": ("chai koff ski", "Tchaikovsky"),
    "a river in pieces": ("missus sippy", "Mississippi"),
    "a star as two words": ("betel juice", "Betelgeuse"),
    "a dish, one word heard as two": ("key sh", "quiche"),
    "a silent r before a consonant": ("mark ee arto", "Macchiato"),
    "a first vowel heard as another": ("ork ney", "Orkney"),
    "a hacek read as ch": ("pet rovich", "Petrovič"),
    "a first y before a vowel is heard": ("you con", "Yukon"),
}

SOUND_APART = {
    "another consonant, Iran and Iraq": ("Iraq", "Iran"),
    "a sound more, Austria and Australia": ("Australia", "Austria"),
    "a first h is heard, Hadrian and Adrian": ("Adrian", "Hadrian"),
    "an ending more, Niger and Nigeria": ("Nigeria", "Niger"),
    "southern Africa is not South Africa": ("southern africa", "South Africa"),
    "a voiced consonant for an unvoiced one": ("brag", "Prague"),
}


@pytest.mark.parametrize("heard, key", SOUND_ALIKE.values(), ids=SOUND_ALIKE.keys())
def test_words_that_sound_alike_have_one_code(heard, key):
    assert sound_code(heard) == sound_code(key)


@pytest.mark.parametrize("heard, key", SOUND_APART.values(), ids=SOUND_APART.keys())
def test_words_that_sound_apart_have_two_codes(heard, key):
    assert sound_code(heard) != sound_code(key)


# --- a key heard, graded -------------------------------------------------------------------------

HEARD = {
    "tennis, a tournament in pieces": (
        "Which grass-court tournament is played in south-west London each summer?",
        ("Wimbledon", "The Championships, Wimbledon"),
        "[00:00:00.80] SPEAKER_01: um that's wimble [00:00:01.30] dun",
    ),
    "music, a composer heard in pieces": (
        "Who composed the 1812 Overture?",
        ("Pyotr Ilyich Tchaikovsky", "Tchaikovsky"),
        "[00:00:01.00] spk0: it was chai koff ski",
    ),
    "astronomy, a star heard as two words, a cue": (
        "Which red supergiant marks Orion's shoulder?",
        ("Betelgeuse", "Alpha Orionis"),
        "1\n00:00:00,500 --> 00:00:02,000\nbetel juice",
    ),
    "cooking, a short key as the whole answer": (
        "Which French savoury tart is made with eggs, cream and lardons?",
        ("Quiche", "Quiche Lorraine"),
        "[00:00:00.70] SPEAKER_00: it's a key sh",
    ),
    "geography, a restart and a river in pieces": (
        "Which river flows past St Louis and Memphis?",
        ("Mississippi", "Mississippi River"),
        "[00:00:00.50] SPEAKER_02: the\n[00:00:00.90] SPEAKER_02: the missus sippy",
    ),
    "coffee, a correction spoken and the last answer heard": (
        "Which coffee is an espresso stained with a little foamed milk?",
        ("Macchiato",),
        "[00:00:01.00] SPEAKER_01: a latte no wait [00:00:02.10] a mark ee arto",
    ),
}

NOT_HEARD = {
    "a written answer in pieces is no transcript": (
        "Which grass-court tournament is played in south-west London each summer?",
        ("Wimbledon",),
        "It's wimble dun.",
    ),
    "geography, Australia for Austria": (
        "Which country has Vienna as its capital?",
        ("Austria",),
        "[00:00:00.60] SPEAKER_00: australia",
    ),
    "history, Adrian for Hadrian": (
        "Which emperor built a wall across northern Britain?",
        ("Hadrian",),
        "[00:00:00.60] SPEAKER_01: adrian",
    ),
    "software, a short key inside a longer answer": (
        "Which version control system uses commits and branches, made in 2005?",
        ("Git",),
        "[00:00:00.90] SPEAKER_00: I will get it from the docs",
    ),
    "a key of one sound, even alone": (
        "Which naturalist founded the Sierra Club?",
        ("Muir",),
        "[00:00:00.90] SPEAKER_00: more",
    ),
    "a numeral has no sound to hear": (
        "Which king of Norway died at Stamford Bridge?",
        ("Harald III",),
        "[00:00:00.90] SPEAKER_00: harold",
    ),
    "the question's own words echoed": (
        "Is the capital of Georgia Atlanta or Augusta?",
        ("Atlanta",),
        "[00:00:00.90] SPEAKER_00: at lanta or augusta",
    ),
    "geography, southern Africa": (
        "Which country is home to Table Mountain?",
        ("South Africa",),
        "[00:00:00.90] SPEAKER_00: southern africa somewhere",
    ),
}


@pytest.mark.parametrize("question, accepted, answer", HEARD.values(), ids=HEARD.keys())
def test_a_key_heard_in_a_transcript_is_the_key(question, accepted, answer):
    assert grade(question, accepted, answer).verdict == CORRECT


@pytest.mark.parametrize("question, accepted, answer", NOT_HEARD.values(), ids=NOT_HEARD.keys())
def test_what_only_nearly_sounds_as_the_key_is_not_it(question, accepted, answer):
    assert grade(question, accepted, answer).verdict != CORRECT


def test_heard_key_names_the_accepted_answer_heard_in_a_transcript_only():
    markup, said = spoken_words("[00:00:01.00] SPEAKER_00: um chai koff ski")
    assert heard_key(("Elgar", "Tchaikovsky"), said, "", markup) == "Tchaikovsky"
    assert heard_key(("Elgar",), said, "", markup) == ""
    assert heard_key(("Tchaikovsky",), said, "", "") == ""  # no markup set aside


def test_a_transcripts_markup_is_the_answers_working():
    """The review app shows the set-aside markup as working, as a letter's envelope."""
    from grader.rules.sentences import answer_sentences

    sentences, _invented, working = answer_sentences(
        "[00:00:01.00] SPEAKER_00: puerto [00:00:01.40] rico"
    )
    assert sentences == ["puerto rico"]
    assert "[00:00:01.40]" in working and "SPEAKER_00:" in working


# --- the shortcut ---------------------------------------------------------------------------------

PIECES = st.lists(
    st.sampled_from(
        [
            "[00:00:01.20]",
            "[01:02.5]",
            "00:00:01,200 --> 00:00:03,400",
            "00:01.2 -->",
            "SPEAKER_01:",
            "spk0:",
            "Speaker 2:",
            "HOST:",
            " ",
            "\n",
            "um",
            "[inaudible]",
            "10:30",
            "]",
            "holst",
            "1",
        ]
    ),
    max_size=12,
).map("".join)


@settings(max_examples=500, deadline=None)
@given(PIECES)
def test_a_transcript_is_looked_for_only_where_a_colon_is_written(text):
    """`is_transcript` reads a text with no colon as no transcript (its shortcut): its
    definition reads it so too."""
    assert is_transcript(text) == is_transcript_by_definition(text)

"""An answer given through code (`grader.rules.code_answers`, DESIGN 4.1, v4): the code, its
data and the output a conclusion overrules set aside as working; the conclusion, else the
output, else what the code names as its answer read; an error or no output asserting nothing;
and what must never be read so (an answer that is code, inline code, a fence holding a plain
answer, a formula in prose, one line). Cases written for this project (astronomy, cooking,
medicine, music, football, geography, chemistry, literature), none taken from a held-out set.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.rules.clauses import get_strategy
from grader.rules.code_answers import code_reading, code_reading_by_definition
from grader.rules.reading import read_answer
from grader.rules.sentences import answer_sentences
from grader.rules.verdict import CORRECT, WRONG
from tests.rules.shipped import DECLINES, grade


def _is_answer(name: str) -> bool:
    return name.lower() in {"answer", "result", "final_answer"}


# --- what is read, and what is set aside --------------------------------------------------------

READ = {
    "astronomy, a script, its printed output": (
        "moons = {'Mars': ['Phobos', 'Deimos'], 'Earth': ['Moon']}\nprint(moons['Mars'][0])\n"
        "Phobos",
        "moons = {'Mars': ['Phobos', 'Deimos'], 'Earth': ['Moon']}\nprint(moons['Mars'][0])",
        "Phobos",
    ),
    "cooking, a session at the prompt, the repr it shows": (
        ">>> sauces = load_sauces()\n>>> sauces.loc['bearnaise', 'base']\n'clarified butter'",
        ">>> sauces = load_sauces()\n>>> sauces.loc['bearnaise', 'base']",
        "'clarified butter'",
    ),
    "music, the conclusion overrules the output it follows": (
        "composers = ['Haydn', 'Mozart', 'Beethoven']\nprint(composers[0])\nHaydn\n\n"
        "So the Eroica was written by Beethoven.",
        "composers = ['Haydn', 'Mozart', 'Beethoven']\nprint(composers[0])\nHaydn",
        "So the Eroica was written by Beethoven.",
    ),
    "football, a fenced query, its result table, its header, rule and row count aside": (
        "```sql\nSELECT club FROM finals WHERE year = 1967;\n```\n```\n club\n---------\n "
        "Celtic\n(1 row)\n```",
        "```sql\nSELECT club FROM finals WHERE year = 1967;\n```\n```\nclub\n---------\n(1 row)"
        "\n```",
        "Celtic",
    ),
    "geography, a shell command, its match, then prose naming another": (
        "$ grep -i 'kilimanjaro' peaks.tsv\nKilimanjaro\tTanzania\t5895\n\nThe mountain is in "
        "Kenya.",
        "$ grep -i 'kilimanjaro' peaks.tsv\nKilimanjaro\tTanzania\t5895",
        "The mountain is in Kenya.",
    ),
    "chemistry, IPython's Out marker": (
        "In [3]: elements.at['Hg', 'name']\nOut[3]: 'mercury'",
        "In [3]: elements.at['Hg', 'name']",
        "'mercury'",
    ),
    "medicine, a comment under a print shows its output": (
        "dose_mg = 500\nprint(dose_mg * 2)\n# => 1000",
        "dose_mg = 500\nprint(dose_mg * 2)",
        "1000",
    ),
    "literature, a traceback in place of output: nothing asserted": (
        "novels = fetch_novels('Austen')\nprint(novels['first'])\nTraceback (most recent call "
        "last):\n  File \"<stdin>\", line 2, in <module>\nKeyError: 'first'",
        "novels = fetch_novels('Austen')\nprint(novels['first'])\nTraceback (most recent call "
        "last):\nFile \"<stdin>\", line 2, in <module>\nKeyError: 'first'",
        "",
    ),
    "astronomy, an empty result: nothing asserted": (
        "SELECT discoverer FROM comets WHERE name = 'Halley';\n\n discoverer\n------------\n"
        "(0 rows)",
        "SELECT discoverer FROM comets WHERE name = 'Halley';\ndiscoverer\n------------\n(0 rows)",
        "",
    ),
    "cooking, code that prints with no output shown: nothing asserted": (
        "# look up the cheese\ncheese = lookup('Roquefort', field='milk')\nprint(cheese)",
        "# look up the cheese\ncheese = lookup('Roquefort', field='milk')\nprint(cheese)",
        "",
    ),
    "music, no output, a comment naming the answer": (
        "# answer: Leoš Janáček\nopera = find_opera('Jenůfa')",
        "# answer: Leoš Janáček\nopera = find_opera('Jenůfa')",
        "Leoš Janáček",
    ),
    "geography, no output, a literal assigned to the answer": (
        "capitals = load('capitals.csv')\nanswer = 'Canberra'",
        "capitals = load('capitals.csv')\nanswer = 'Canberra'",
        "Canberra",
    ),
    "football, prose before the code is read, the output the code ends on too": (
        "Let me check the table:\n>>> winners[1930]\n'Uruguay'",
        ">>> winners[1930]",
        "Let me check the table:\n'Uruguay'",
    ),
    "chemistry, a conclusion pointing back keeps the output": (
        "print(symbols['tungsten'])\nW\n\nThe output above is the symbol.",
        "print(symbols['tungsten'])",
        "W\n\nThe output above is the symbol.",
    ),
    "medicine, output printed before an error is output": (
        "for drug in ('warfarin',):\n    print(classes[drug])\nanticoagulant\n"
        "ValueError: no second drug",
        "for drug in ('warfarin',):\nprint(classes[drug])\nValueError: no second drug",
        "anticoagulant",
    ),
}


@pytest.mark.parametrize(("answer", "aside", "read"), READ.values(), ids=READ.keys())
def test_an_answer_through_code_is_read_as_what_it_asserts(answer, aside, read):
    assert code_reading(answer, "", _is_answer) == (aside, read)


NEVER = {
    "an answer that is code: the question asks for a keyword": (
        "Which Python keyword defines a function?",
        "```python\ndef greet(name):\n    return 'hi ' + name\n```",
    ),
    "an answer that is code: the question asks for a command": (
        "Which git command finds the commit that introduced a bug?",
        "$ git bisect start\n$ git bisect bad",
    ),
    "an answer that is code: the question asks how it is done in a language": (
        "How do you reverse a string in Python?",
        "```python\ntext = 'stressed'\nprint(text[::-1])\n```",
    ),
    "inline code in prose": (
        "How do you find the commit that broke the build?",
        "Use `git bisect`:\nit halves the history each step.",
    ),
    "a markdown code block holding a plain answer": (
        "What is the capital of Mongolia?",
        "```\nUlaanbaatar\n```",
    ),
    "a formula in prose, no statement beside it": (
        "What did Einstein's 1905 paper relate?",
        "Mass and energy:\nE = mc^2",
    ),
    "a ratio written as prose": (
        "How is operating margin worked out?",
        "Margin = Operating income / Revenue\nIt was 12% in 2022.",
    ),
    "an answer of one line": ("What is the capital of Peru?", "answer = 'Lima'"),
    "a name with brackets in prose": (
        "Who wrote Middlemarch?",
        "George Eliot (Mary Ann Evans)\nShe published it in 1871.",
    ),
}


@pytest.mark.parametrize(("question", "answer"), NEVER.values(), ids=NEVER.keys())
def test_what_is_no_answer_through_code_is_read_as_it_stands(question, answer):
    assert code_reading_by_definition(answer, question, _is_answer) == ("", answer)


# --- graded ----------------------------------------------------------------------------------

GRADED = {
    "the key only in the code's data, the output another": (
        "Which planet has the moon Titan?",
        ("Saturn",),
        "moons = {'Titan': 'Saturn', 'Europa': 'Jupiter'}\nprint(moons['Europa'])\nJupiter",
        WRONG,
    ),
    "the key in a result table, the conclusion another": (
        "Which city hosted the 1908 Olympics?",
        ("London",),
        "SELECT city, year FROM games ORDER BY year LIMIT 2;\n\n city   | year\n--------+-----"
        "\n Athens | 1896\n London | 1908\n\nThe 1908 Games were held in Athens.",
        WRONG,
    ),
    "the right answer as the session's output": (
        "Which element has the symbol K?",
        ("Potassium",),
        ">>> table = periodic()\n>>> table['K']\n'Potassium'",
        CORRECT,
    ),
    "the output wrong, the conclusion right": (
        "Who painted The Night Watch?",
        ("Rembrandt", "Rembrandt van Rijn"),
        "$ grep 'Night Watch' paintings.csv\nVermeer,The Night Watch (copy)\n\nThe Night Watch "
        "is by Rembrandt.",
        CORRECT,
    ),
    "an error in place of output, the key in the code": (
        "Which composer wrote The Planets?",
        ("Gustav Holst", "Holst"),
        "import holst  # he wrote it\nprint(holst.works[0])\n\nModuleNotFoundError: No module "
        "named 'holst'",
        WRONG,
    ),
    "the output agrees with the prose": (
        "How many players are on a rugby union side?",
        ("15", "Fifteen"),
        "print(len(team))\n15\n\nSo a side has 15 players.",
        CORRECT,
    ),
}


@pytest.mark.parametrize(
    ("question", "accepted", "answer", "verdict"), GRADED.values(), ids=GRADED.keys()
)
def test_an_answer_through_code_is_graded_on_what_it_asserts(question, accepted, answer, verdict):
    assert grade(question, accepted, answer).verdict == verdict


def test_the_code_is_the_readings_working():
    """The code and its output are set aside: the review app shows them struck through."""
    answer = "rivers = ['Nile', 'Amazon']\nprint(rivers[1])\nAmazon\n\nThe longest is the Nile."
    reading = read_answer(answer, get_strategy(), DECLINES)
    assert reading.working == "rivers = ['Nile', 'Amazon']\nprint(rivers[1])\nAmazon"
    assert [sentence.clause.text for sentence in reading.sentences] == ["The longest is the Nile."]


def test_a_variable_named_as_a_structured_answers_field_names_the_answer():
    """The answer's names are the structured answer's fields (`grader.rules.sentences`)."""
    sentences, _, _ = answer_sentences("data = load()\nfinal_answer = 'Oslo'")
    assert sentences == ["Oslo"]


# --- the shortcut ----------------------------------------------------------------------------

CODE_PIECES = st.sampled_from(
    [
        "\n",
        "\n\n",
        " ",
        "```",
        "```python\n",
        ">>> ",
        "$ ",
        "In [2]: ",
        "print(x)",
        "x = 'Oslo'",
        "answer = 3",
        "# answer: Oslo",
        "SELECT a FROM b;",
        "Oslo",
        "So it is Oslo.",
        "KeyError: 'x'",
        "(1 row)",
        "-----+---",
        "E = mc^2",
        "return x",
        "for x in y:",
        "\r",
        "\t",
        "$\tgrep",
        "Traceback (most recent call last):",
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(CODE_PIECES, max_size=12).map("".join))
def test_code_is_looked_for_only_where_a_line_break_and_a_mark_of_code_are_written(text):
    """`code_reading` reads a text of one line, or one holding no fence, prompt, bracket, "=",
    import or query, as no answer through code (its shortcut): its definition reads it so too."""
    assert code_reading(text, "", _is_answer) == code_reading_by_definition(text, "", _is_answer)

"""Clauses (DESIGN 4.1): what a sentence asserts, behind a registry of strategies; which source
mentions hand a sentence to the source and which keep it in the model's own voice.

The pinned cases were found by mutation testing (`bench/mutate.py --module clauses`): each word
of the module's vocabularies (the reporting participles and verbs, the words a lead-in, a
contrast, a concession or an opening is made of, the sentence's own verbs after a mention in the
subject) gets a case of its own in which it is the only one that applies, so a word dropped fails
its case; the edges of the patterns (a comma or a semicolon with no space after it, an empty
marker after a closing reference) and each strategy's plain case get one too. The words are
written out here, not read from the module.

Each pinned case is a sentence and what it asserts: the dollar amounts of its asserted text under
the default strategy (`reports`) unless the case names another.
"""

from itertools import pairwise

import pytest

from grader.errors import GraderConfigError
from grader.rules.clauses import (
    DEFAULT_STRATEGY,
    STRATEGIES,
    get_strategy,
)
from grader.rules.money import find_amounts
from tests.caseids import case_id

DEFAULT = get_strategy(DEFAULT_STRATEGY)


def asserted_set(sentence: str, strategy=DEFAULT) -> set[str]:
    return {amount.text for amount in find_amounts(strategy.split(sentence).asserted)}


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    [
        ("The amount due is $42.99 [1].", {"$42.99"}),
        ("According to Source 2, the amount due is $42.99.", {"$42.99"}),
        ("The fee, per Source 2, is $25.00.", {"$25.00"}),
        (
            "This is indicated in Source 3, where the ending balance is listed as $42.99, but the "
            "amount due is specified as $26.99.",
            {"$26.99"},
        ),
        ("Source 3 lists $310.", set()),
    ],
    ids=[
        "a-trailing-marker-backs-the-claim",
        "an-opening-attribution-is-adopted",
        "a-mention-between-commas-backs",
        "a-mid-sentence-report-ends-at-the-contrast",
        "a-source-that-opens-as-subject-reports",
    ],
)
def test_the_design_examples(sentence, amounts):
    assert asserted_set(sentence) == amounts


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    [
        ("The overdraft fee, per Source 2, is $34.00.", {"$34.00"}),
        ("The fee listed in Source 2 is $34.00.", {"$34.00"}),
        ("The fee is $34.00, as shown in Source 2.", {"$34.00"}),
        ("The fee is $34.00 (Source 2).", {"$34.00"}),
        ("The fee is $34.00 [Source 2].", {"$34.00"}),
        ("According to line 24 in Source 1, the total tax is $9,120.", {"$9,120"}),
        ("Source 2 states that the fee is $20.00.", set()),
        ("Source 3 lists $42.99, but the amount due is $26.99.", {"$26.99"}),
        ("This is listed in Source 3 as $42.99.", set()),
        (
            "According to Source 1, the fee is $20.00, which is listed in Source 2 as $25.00.",
            {"$20.00"},
        ),
        ("While Source 1 lists $42.99 as the amount due, the figure is $39.99.", {"$39.99"}),
        ("Although Source 2 states $42.99; the amount due is $39.99.", {"$39.99"}),
        ("Source 1 claims $42.99 is due; however, the amount due is $39.99 [1].", {"$39.99"}),
        ("While reviewing Source 1, I found the amount due is $42.99.", {"$42.99"}),
    ],
    ids=[
        "per-source-between-commas",
        "a-mention-inside-the-subject",
        "a-closing-as-shown-in",
        "a-bracketed-mention",
        "a-bracketed-source-marker",
        "an-opening-with-words-before-the-source",
        "a-source-that-opens-as-subject-reports",
        "a-source-contrasted-with-the-model-reports",
        "a-reported-figure",
        "an-adopted-opening-then-a-report",
        "a-concession-reports-to-its-comma",
        "a-concession-reports-to-its-semicolon",
        "claims-reports-up-to-the-contrast",
        "while-without-a-reporting-verb-is-no-concession",
    ],
)
def test_mentions_that_back_and_mentions_that_report(sentence, amounts):
    assert asserted_set(sentence) == amounts


def test_first_report_adopts_an_opening_report_that_nothing_contrasts():
    """Grader version 2's default: "Source 2 states that ..." opening a sentence is the model's
    answer; the default since version 3 reads it as a report."""
    first_report = get_strategy("first-report")
    assert asserted_set("Source 2 states that the fee is $20.00.", first_report) == {"$20.00"}
    assert asserted_set("Source 3 lists $42.99, but the amount due is $26.99.", first_report) == {
        "$26.99"
    }


def test_the_split_point_and_its_pieces_in_order():
    clause = DEFAULT.split("Source 3 lists $42.99, but the amount due is $26.99.")
    assert clause.pieces() == [
        ("Source 3 lists $42.99", False),
        (", but the amount due is $26.99.", True),
    ]
    clause = DEFAULT.split("This is indicated in Source 3, where the balance is $42.99.")
    assert (clause.asserted, clause.attributed) == (
        "This is",
        "indicated in Source 3, where the balance is $42.99.",
    )


@pytest.mark.parametrize(
    ("strategy", "adopted", "mid_sentence"),
    [
        ("reports", {"$42.99"}, {"$26.99"}),
        ("first-report", {"$42.99"}, {"$26.99"}),
        ("first-attribution", {"$42.99"}, set()),
        ("mentions", {"$42.99"}, {"$42.99", "$26.99"}),
        ("sentence-attribution", set(), set()),
        ("clause-bounded", {"$42.99"}, {"$26.99"}),
    ],
    ids=case_id,
)
def test_where_each_strategy_draws_the_line(strategy, adopted, mid_sentence):
    chosen = get_strategy(strategy)
    assert asserted_set("According to Source 2, the amount due is $42.99.", chosen) == adopted
    mid = (
        "This is indicated in Source 3, where the ending balance is listed as $42.99, but the "
        "amount due is specified as $26.99."
    )
    assert asserted_set(mid, chosen) == mid_sentence


def test_version_one_did_not_let_a_mention_back_a_claim():
    assert (
        asserted_set("The fee listed in Source 2 is $34.00.", get_strategy("first-attribution"))
        == set()
    )


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_registered_strategy_covers_its_sentence(name):
    sentence = "According to Source 2, first $2, as shown in Source 1, then $3 per Source 4."
    clause = get_strategy(name).split(sentence)
    assert "".join(sentence[start:end] for start, end, _ in clause.spans) == sentence
    assert (
        get_strategy(name).split("No source named here: $5.").asserted
        == "No source named here: $5."
    )


def test_unknown_strategy_suggests_the_closest():
    with pytest.raises(GraderConfigError, match="did you mean 'first-report'"):
        get_strategy("first-reprot")


# --- pinned case by case: the default strategy's words ----------------------------------------


REPORTS = get_strategy("reports")


def asserted_amounts(sentence: str, strategy: str = "reports") -> list[str]:
    """The dollar amounts `sentence` asserts under `strategy`, in order."""
    clause = get_strategy(strategy).split(sentence)
    return [amount.text for amount in find_amounts(clause.asserted)]


def one_per_word(cases: list[tuple[str, str, list[str]]]) -> list:
    """The cases ``(word, sentence, asserted amounts)`` as parameters named by their word."""
    return [
        pytest.param(sentence, amounts, id=f"{word!r}: {sentence}")
        for word, sentence, amounts in cases
    ]


# --- a source that reports ---------------------------------------------------------------------

# Participles that make a mention after "by" a lead-in: the sentence is the source's from there
# on. ("by" is no lead-in alone: without the participle, "Source 3" only cites, and the sentence
# asserts $42.99.)
REPORTED = (
    "indicated stated listed shown mentioned noted reported specified given found described "
    "provided presented recorded written displayed cited quoted printed detailed outlined "
    "disclosed identified referenced included contained"
).split()


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    one_per_word(
        [
            (word, f"This is {word} by Source 3, where the ending balance is $42.99.", [])
            for word in REPORTED
        ]
    ),
)
def test_a_reporting_participle_before_a_source_reports(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


def test_by_alone_before_a_source_only_cites():
    sentence = "This is by Source 3, where the ending balance is $42.99."
    assert asserted_amounts(sentence) == ["$42.99"]


# Verbs with a source as their subject: "Source 3 lists $310." is the source's, not the model's.
SAYS = (
    "says states shows lists indicates mentions reports notes specifies gives describes "
    "provides presents records displays reads suggests explains confirms contains includes "
    "discloses puts cites details outlines said stated showed listed indicated mentioned "
    "reported noted specified gave described provided presented recorded displayed confirmed "
    "contained included disclosed claims claimed quotes quoted estimates estimated reflects "
    "reflected cited"
).split()


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    one_per_word([(word, f"Source 3 {word} $310.", []) for word in dict.fromkeys(SAYS)]),
)
def test_a_reporting_verb_after_a_source_reports(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


# Adverbs that may stand between the source and its verb.
@pytest.mark.parametrize(
    ("sentence", "amounts"),
    one_per_word(
        [
            (word, f"Source 3 {word} lists $310.", [])
            for word in ("also", "further", "clearly", "only")
        ]
    ),
)
def test_an_adverb_between_a_source_and_its_verb_still_reports(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    [
        pytest.param("Source 3 lists $310.", [], id="'Source 3 lists $310.' reports"),
        pytest.param("Source 3, lists $310.", [], id="'Source 3, lists $310.' reports"),
        pytest.param(
            "Source 3,lists $310.",
            [],
            id="'Source 3,lists $310.' (no space after the comma) reports",
        ),
        pytest.param(
            "Source 3 (page 4): the fee is $310.",
            ["$310"],
            id="a mention that no reporting verb follows only cites",
        ),
    ],
)
def test_what_follows_a_source_as_its_subject(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


# Lead-ins of their own: the mention after them is where what follows comes from.
@pytest.mark.parametrize(
    ("sentence", "amounts"),
    one_per_word(
        [
            (word, f"This is {word} Source 3, where the ending balance is $42.99.", [])
            for word in ("according to", "based on", "per", "from", "in")
        ]
        + [("see", "More detail: see Source 3, where the ending balance is $42.99.", [])]
    ),
)
def test_a_lead_in_before_a_source_in_mid_sentence_reports(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


# --- a source that backs the claim -------------------------------------------------------------

# After a mention inside the subject, the sentence's own verb: the claim is the model's.
OWN_VERBS = [
    *"is are was were totals total totaled totalled equals equal of".split(),
    *("amounts to", "amount to", "amounted to", "comes to", "came to"),
    *("stands at", "stand at", "stood at"),
]


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    one_per_word(
        [(verb, f"The fee listed in Source 2 {verb} $34.00.", ["$34.00"]) for verb in OWN_VERBS]
    ),
)
def test_the_sentence_s_own_verb_after_a_mention_in_the_subject_backs(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


@pytest.mark.parametrize(
    "sentence",
    [
        pytest.param("The fee, per Source 2, is $34.00.", id="'The fee, per Source 2, is ...'"),
        pytest.param(
            "According to the bill, as listed in Source 1, the fee is $34.00.",
            id="'According to the bill, as listed in Source 1, the fee is ...'",
        ),
    ],
)
def test_an_aside_between_commas_backs_the_claim(sentence):
    assert asserted_amounts(sentence) == ["$34.00"]


@pytest.mark.parametrize(
    "sentence",
    [
        pytest.param(
            "The fee is $34.00, as shown in Source 2.", id="a closing reference backs the claim"
        ),
        pytest.param(
            "The fee is $34.00, as shown in Source 2 [1].",
            id="a closing reference then a marker backs the claim",
        ),
        pytest.param(
            "The fee is $34.00, as shown in Source 2 [1, 2].",
            id="a closing reference then a marker of two numbers backs the claim",
        ),
        pytest.param(
            "The fee is $34.00, as shown in Source 2 [1-3].",
            id="a closing reference then a marker of a range backs the claim",
        ),
        pytest.param(
            "The fee is $34.00, as shown in Source 2 [].",
            id="a closing reference then an empty marker backs the claim",
        ),
        pytest.param(
            "The fee is $34.00 (as shown in Source 2).",
            id="a closing reference in brackets backs the claim",
        ),
        pytest.param(
            "The fee is $34.00, as shown in Source 2 [1][2].",
            id="a closing reference then two markers backs the claim",
        ),
        pytest.param(
            "The fee is $34.00, as shown in Source 2 [1]",
            id="a closing reference then a marker, no period, backs the claim",
        ),
    ],
)
def test_a_closing_reference_hands_nothing_to_the_source(sentence):
    clause = REPORTS.split(sentence)
    assert clause.asserted == sentence
    assert clause.attributed == ""


def test_words_after_a_reference_make_it_no_closing_reference():
    sentence = "The fee is $34.00, as shown in Source 2 for the late fee."
    assert REPORTS.split(sentence).attributed == "as shown in Source 2 for the late fee."


# --- a source that opens the sentence ----------------------------------------------------------


# An opening lead-in is adopted: the model gives what the source says as its answer.
@pytest.mark.parametrize(
    ("sentence", "amounts"),
    one_per_word(
        [
            ("as shown in", "As shown in Source 2, the fee is $34.00.", ["$34.00"]),
            ("as stated in", "As stated in Source 2, the fee is $34.00.", ["$34.00"]),
            ("as listed by", "As listed by Source 2, the fee is $34.00.", ["$34.00"]),
            ("shown in", "Shown in Source 2, the fee is $34.00.", ["$34.00"]),
            ("in", "In Source 2, the fee is $34.00.", ["$34.00"]),
            ("from", "From Source 2, the fee is $34.00.", ["$34.00"]),
            ("see", "See Source 2, the fee is $34.00.", ["$34.00"]),
            ("according to", "According to Source 2, the fee is $34.00.", ["$34.00"]),
        ]
    ),
)
def test_an_opening_lead_in_is_adopted(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


# An opening that names the source after a few words of its own, before any comma.
@pytest.mark.parametrize(
    ("sentence", "amounts"),
    one_per_word(
        [
            (
                words,
                f"{words.capitalize()} the table in Source 1, the fee is $34.00.",
                ["$34.00"],
            )
            for words in ("according to", "based on", "per", "looking at", "referring to")
        ]
    ),
)
def test_an_opening_that_names_the_source_a_few_words_on_is_adopted(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


@pytest.mark.parametrize(
    ("sentence", "strategy", "amounts"),
    [
        pytest.param(
            "Source 1 lists $42.99.",
            "first-report",
            ["$42.99"],
            id="first-report adopts 'Source 1 lists $42.99.'",
        ),
        pytest.param(
            "The Source 1 lists $42.99.",
            "first-report",
            ["$42.99"],
            id="first-report adopts 'The Source 1 lists $42.99.' ('the' opens it too)",
        ),
        pytest.param(
            "Then Source 1 lists $42.99.",
            "first-report",
            [],
            id="first-report: 'Then Source 1 lists $42.99.' reports",
        ),
        pytest.param(
            "The Source 1 lists $42.99.",
            "reports",
            [],
            id="reports: 'The Source 1 lists $42.99.' reports",
        ),
    ],
)
def test_a_source_that_opens_the_sentence_as_its_subject(sentence, strategy, amounts):
    assert asserted_amounts(sentence, strategy) == amounts


# --- a contrast or a concession hands the sentence back ----------------------------------------


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    one_per_word(
        [
            (
                f", {word}",
                f"Source 3 lists $42.99, {word} the amount due is $26.99.",
                ["$26.99"],
            )
            for word in ("but", "however", "whereas", "while", "yet", "although", "though")
        ]
        + [
            ("; however", "Source 3 lists $42.99; however the amount due is $26.99.", ["$26.99"]),
            (
                ";however",
                "Source 3 lists $42.99;however the amount due is $26.99.",
                ["$26.99"],
            ),
            (",but", "Source 3 lists $42.99,but the amount due is $26.99.", ["$26.99"]),
            (" but ", "Source 3 lists $42.99 but the amount due is $26.99.", ["$26.99"]),
            (" whereas ", "Source 3 lists $42.99 whereas the amount due is $26.99.", ["$26.99"]),
        ]
    ),
)
def test_a_contrast_after_a_report_hands_the_sentence_back(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


def test_a_comma_alone_after_a_report_hands_nothing_back():
    assert asserted_amounts("Source 3 lists $42.99, and the amount due is $26.99.") == []


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    one_per_word(
        [
            (word, f"{word} Source 1 lists $42.99, the amount due is $39.99.", ["$39.99"])
            for word in ("While", "Although", "Though", "Even though", "Whereas")
        ]
        + [
            (
                "Despite the fact that",
                "Despite the fact that Source 1 lists $42.99, the amount due is $39.99.",
                ["$39.99"],
            )
        ]
    ),
)
def test_a_concession_hands_the_sentence_back_at_its_comma(sentence, amounts):
    assert asserted_amounts(sentence) == amounts


# --- the other strategies ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "amounts"),
    [
        pytest.param(
            "The fee is $34.00 (Source 2).",
            ["$34.00"],
            id="a sentence that only cites a source asserts it",
        ),
        pytest.param(
            "According to Source 2, the fee is $34.00.",
            [],
            id="an opening 'According to Source 2' asserts nothing",
        ),
        pytest.param("Source 2 lists $34.00.", [], id="'Source 2 lists $34.00.' asserts nothing"),
    ],
)
def test_sentence_attribution(sentence, amounts):
    assert asserted_amounts(sentence, "sentence-attribution") == amounts


@pytest.mark.parametrize(
    ("sentence", "strategy", "amounts"),
    [
        pytest.param(
            "The fee is $34.00 (Source 2).",
            strategy,
            ["$34.00"],
            id=f"{strategy}: a sentence that only cites a source asserts it",
        )
        for strategy in ("first-attribution", "clause-bounded", "first-report", "mentions")
    ]
    + [
        pytest.param(
            "The amount due is $26.99; Source 3 lists $42.99.",
            "first-attribution",
            ["$26.99"],
            id="first-attribution: the sentence is the source's from its first attribution",
        ),
        pytest.param(
            "Source 3 lists $42.99, but the amount due is $26.99.",
            "clause-bounded",
            ["$42.99", "$26.99"],
            id="clause-bounded: an opening attribution is adopted",
        ),
        pytest.param(
            "The total is $5.00 and Source 3 lists $42.99, but the amount due is $26.99.",
            "clause-bounded",
            ["$5.00", "$26.99"],
            id="clause-bounded: a contrast after the cut hands the sentence back",
        ),
    ],
)
def test_the_other_strategies(sentence, strategy, amounts):
    assert asserted_amounts(sentence, strategy) == amounts


SENTENCES = [
    "Source 3 lists $310.",
    "According to Source 2, the fee is $34.00.",
    "Source 3 lists $42.99, but the amount due is $26.99.",
    "While Source 1 lists $42.99, the amount due is $39.99.",
    "The total is $5.00 and Source 3 lists $42.99, but the amount due is $26.99.",
    "The fee is $34.00 (Source 2).",
]


STRATEGY_NAMES = (
    "reports",
    "first-report",
    "first-attribution",
    "mentions",
    "sentence-attribution",
    "clause-bounded",
)


@pytest.mark.parametrize("strategy", STRATEGY_NAMES)
@pytest.mark.parametrize("sentence", SENTENCES)
def test_a_clause_is_cut_into_consecutive_spans_none_of_them_empty(sentence, strategy):
    spans = get_strategy(strategy).split(sentence).spans
    assert spans[0].start == 0
    assert spans[-1].end == len(sentence)
    assert all(span.start < span.end for span in spans)
    assert all(one.end == other.start for one, other in pairwise(spans))


# The rules' word lists, written out here rather than read from the modules: a word dropped from
# a module's list must fail a case.
OPENERS = "as and also however so thus therefore yes no but finally moreover additionally".split()


# --- what a sentence asserts ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "asserted"),
    [
        (
            "The balances listed in Source 2 stand at $42.99.",
            "The balances listed in Source 2 stand at $42.99.",
        ),
        (
            "The balance listed in Source 2 stands at $42.99.",
            "The balance listed in Source 2 stands at $42.99.",
        ),
        ("The fee is $34.00, as shown in Source 2.", "The fee is $34.00, as shown in Source 2."),
        (
            "(Source 2 lists the fees) the late fee is $42.99.",
            "(Source 2 lists the fees) the late fee is $42.99.",
        ),
        (
            "The note (page 4) says that Source 3 lists $42.99 (rounded).",
            "The note (page 4) says that",
        ),
        (
            "Source 2 lists $42.99, though the amount due is $26.99.",
            ", though the amount due is $26.99.",
        ),
    ],
    ids=[
        "'stand at' after a mention in the subject",
        "'stands at' after a mention in the subject",
        "a closing reference backs the whole sentence",
        "a bracket opening the sentence backs",
        "a bracket closed before the mention does not",
        "', though' hands the sentence back",
    ],
)
def test_what_a_sentence_asserts(sentence, asserted):
    assert get_strategy().split(sentence).asserted == asserted


@pytest.mark.parametrize(
    "opener", OPENERS, ids=lambda word: f"'{word.capitalize()} Source 2 shows'"
)
def test_an_opener_word_before_a_source_keeps_it_opening_the_sentence(opener):
    """Under first-report, a source that opens the sentence is adopted; opener words ("As",
    "So", "However", ...) may stand before it. Another word ("Then") makes it a report."""
    first_report = get_strategy("first-report")
    sentence = f"{opener.capitalize()} Source 2 shows the fee is $34.00."
    assert first_report.split(sentence).asserted == sentence
    assert first_report.split("Then Source 2 shows the fee is $34.00.").asserted == "Then"

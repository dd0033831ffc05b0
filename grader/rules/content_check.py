"""The content check (rule 6): the key's text, figures, Yes or No and needles (families K, F,
Y and N) against what the answer asserts.

`content_rule` checks a key through its facts (`grader.rules.key`): a money key by the money
check's outcome (M001-M003), a figure (`figure_rule`: F001 wrong figure, F002 missing key
figure, F003 a figure left to a reader), a Yes or No by the side the answer takes
(`stance_of_answer`: Y001 wrong polarity, Y002 takes no side), a short key or accepted answers
word for word through the surface-form families (`says_key`: K001 missing key, K002 other
words, `in_other_words`; K003 no checkable fact; K004 some items of a list key,
`grader.rules.lists`; K005 another name in the key's place, `grader.rules.other_names`; K007
the key's kind alone, `grader.rules.less_specific`; K010 the key among candidates,
`grader.rules.surface_match.among_candidates`; K012 another kind of the key's head,
`grader.rules.other_kinds`; K013 the key in a bare list with others, `grader.rules.list_answers`;
K021 an answer in another language that may say the key in it, `grader.rules.languages`;
K014 the key taken back, and K009 for another answer attributed beside it,
`grader.rules.taken_back`; K008 for the other option a question names, chosen,
`grader.rules.options`; K017 another lettered option chosen and K018 options left open, a letter
read as the option it names, `grader.rules.choices`), and the needles (N001 missing needle,
N002 forbidden needle, `occurs_unnegated`).

Why one file: the five share one tally of passed and failed checks (`ContentResult`), and
`content_rule` is their order: which check reads a key is decided by the checks before it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import msgspec

from grader.rules import codes
from grader.rules.answering import BOTH, answered_otherwise, in_question_phrase_only
from grader.rules.choices import KEY, OPEN, OTHER, multiple_choice
from grader.rules.conclusion import candidates, each_once
from grader.rules.context import asked_in
from grader.rules.figures import Figure, KeyFigure
from grader.rules.key import Key
from grader.rules.languages import needs_a_reader
from grader.rules.leads import given_first
from grader.rules.less_specific import kind_only
from grader.rules.list_answers import listed_with_others
from grader.rules.lists import items_said, list_items, one_of_pair, one_thing_of_two
from grader.rules.match import needle_pattern, occurs
from grader.rules.money_check import missing_key_amount, other_amounts, wrong_money_label
from grader.rules.normalize import normalize
from grader.rules.options import other_option
from grader.rules.other_kinds import another_kind
from grader.rules.other_names import named_instead, named_kind_instead, spelt_otherwise
from grader.rules.periods import decade_for_year, says_period
from grader.rules.question_words import says_as_asked, says_damaged, says_hyphenated_count
from grader.rules.reading import Asserted, Reading, asserted_sentences, says_none, stance_in
from grader.rules.surface import dated, surface
from grader.rules.surface_countries import says_country
from grader.rules.surface_forms import forms, without_nickname_quotes
from grader.rules.surface_match import among_candidates, rejects, shares_words, two_names
from grader.rules.surface_places import code_alone
from grader.rules.surnames import asks_for_person, other_persons, without_others
from grader.rules.taken_back import TAKEN_BACK, second_answer, view_rejected
from grader.rules.transcripts import heard_key
from grader.schema import Gold, MoneyCheck


@dataclass(frozen=True, slots=True, init=False)
class ContentResult:
    """The content checks of one answer: which required checks passed, what failed, and
    whether the key holds anything a rule can check; when it does not (``checkable`` false),
    ``reader`` says why a reader must judge the answer (K002, K003, F003 or Y002)."""

    passed: int
    required: int
    misses: tuple[str, ...]
    fatal: tuple[str, ...]
    checkable: bool = True
    reader: str = ""

    def __init__(
        self,
        passed: int,
        required: int,
        misses: tuple[str, ...],
        fatal: tuple[str, ...],
        checkable: bool = True,
        reader: str = "",
    ) -> None:
        # (written out: a compiled dataclass's own __init__ runs as Python; grader/compiled.py)
        object.__setattr__(self, "passed", passed)
        object.__setattr__(self, "required", required)
        object.__setattr__(self, "misses", misses)
        object.__setattr__(self, "fatal", fatal)
        object.__setattr__(self, "checkable", checkable)
        object.__setattr__(self, "reader", reader)


def content_rule(
    reading: Reading, key: Key, money: MoneyCheck, question: str = ""
) -> ContentResult:
    """Rule 6: check the key and the needles against the asserted text.

    A money key must be found (`money_rule`): a violation is fatal, other amounts beside it
    (the ``sole`` strategy) are a miss. A text key is checked through its facts: its figures
    (one must be asserted; a different figure of the same kind asserted instead is fatal), a Yes
    or No the answer opens with (the first asserted sentence's; the opposite is fatal), a key
    that says none exists (an answer that says so), and, when it holds none of these and is a
    few words long, the key itself word for word. A key that says more than its figure,
    answered without any figure of its kind, leaves the figure to a reader. Every
    ``must_contain`` must occur; one of ``must_contain_any`` must occur; a ``must_not_contain``
    needle is fatal unless negated ("rather than X"). A key with none of these facts is not
    ``checkable``.

    (v4) A key with several accepted answers (``gold.accepted``) is matched by any one of them,
    each as a phrase through the surface-form families (`grader.rules.surface`), and so is a
    short key. An answer that says none of them but holds some of their words (beyond the
    question's) may say the key in other words: a reader decides (K002); otherwise
    the key is missing.
    """
    gold = key.gold
    asserted = reading.asserted_norm
    passed = required = 0
    misses: list[str] = []
    fatal: list[str] = []
    unstated: tuple[str, ...] = ()
    if money.is_money:
        required += 1
        if money.key_found:
            passed += 1
        fatal += [label for label in (wrong_money_label(money),) if label]
        misses += [label for label in (missing_key_amount(money), other_amounts(money)) if label]
    else:
        figures = key.figures if not gold.accepted else ()
        fired, outcome = figure_rule(reading, figures) if figures else ("", "")
        if (
            fired == codes.MISSING_KEY_FIGURE.code
            and key.is_figure
            and says_key(gold, *answer_surfaces(reading))
        ):
            fired = outcome = ""  # the figure in words or another form ("eleven" for "11")
        if figures and fired == codes.MISSING_KEY_FIGURE.code and not key.is_figure:
            # A key that says more than its figure ("Las Vegas resorts contributed ~90%"): an
            # answer that states no figure of its kind may answer in words; a reader decides.
            unstated = tuple(figure.figure.text for figure in figures)
        elif figures:
            required += 1
            second = ("", "")
            if not outcome and key.is_figure:
                second = second_answer(gold.answers, question, reading)
            if second[0] == TAKEN_BACK:  # the key's figure said, then taken back
                fatal.append(
                    codes.KEY_TAKEN_BACK.say(f'"{second[1]}" after the key "{gold.key.strip()}"')
                )
            elif outcome == "":
                passed += 1
            elif fired == codes.WRONG_FIGURE.code:
                fatal.append(outcome)
            else:
                misses.append(outcome)
    # A Yes or No is checked against the side the answer takes, however worded
    # (`grader.rules.stance`); an answer that takes none goes to a reader, unless a check
    # found it wrong or the key's needles judge it. A money key is answered by its amount:
    # there, only a Yes or No the answer opens with is checked.
    polarity = key.polarity
    side = (
        reading.polarity
        if money.is_money
        else stance_of_answer(reading, question)
        if polarity
        else ""
    )
    no_side = bool(polarity) and not side and not money.is_money
    if polarity and side:
        required += 1
        if side == polarity:
            passed += 1
        else:
            fatal.append(
                codes.WRONG_POLARITY.say(f"answered {side.title()}, key {polarity.title()}")
            )
    needles = bool(gold.must_contain or gold.must_contain_any)
    other_words = other_language = False
    if not (money.is_money or required) and key.is_none:
        # "There are none": answered by an answer that says none exists, in a part that does
        # not decline ("there are no debt securities registered under its name")
        required += 1
        if any(says_none(normalize(p.asserted)) for p in reading.parts if not p.declines):
            passed += 1
        else:
            misses.append(codes.MISSING_KEY.say(f'"{gold.key.strip()}"'))
    elif not (money.is_money or required or needles or unstated or polarity) and (
        gold.accepted or key.is_short or list_items(gold.key, question)
    ):
        # (a short key that holds a figure is checked through its figure, and one left to a
        # reader above is not matched word for word)
        required += 1
        # a letter read as the option it names, where the question lists lettered options
        choice = multiple_choice(gold.answers, question, reading.sentences)
        lettered, letter_label = (choice.outcome, choice.label) if choice else ("", "")
        if choice is not None and choice.accepted != gold.answers:
            gold = msgspec.structs.replace(gold, accepted=choice.accepted)
        surfaces = answer_surfaces(reading)
        asked = surface(normalize(question)) if question else ""  # (read once, for both)
        said = says_key(gold, *surfaces, asked)
        listed = None if said else items_said(gold.answers, question, asked, *surfaces[::2])
        lead = (
            given_first(gold.answers, question, asked, asserted_sentences(reading.sentences))
            if said
            else ""
        )
        otherwise = (
            ("", "")
            if lead or not said
            else answered_otherwise(gold.answers, question, asked, parts_of(reading))
        )
        if lettered in (OTHER, OPEN):  # another option's letter or text, or letters left open
            fatal.append(letter_label)
        elif lettered == KEY:
            passed += 1
        elif lead:
            fatal.append(codes.GIVEN_FIRST.say(f'"{lead}" before the key "{gold.key.strip()}"'))
        elif otherwise[0] == BOTH:
            passed += 1  # another answer first, the key later: hedged between them, partial
            misses.append(
                codes.TWO_ANSWERS.say(f'"{otherwise[1]}" and the key "{gold.key.strip()}"')
            )
        elif otherwise[0]:
            fatal.append(
                codes.OTHER_ANSWER.say(f'"{otherwise[1]}", the key "{gold.key.strip()}" elsewhere')
            )
        elif (
            said
            and (
                phrased := in_question_phrase_only(
                    gold.answers, question, asked, asserted_sentences(reading.sentences)
                )
            )[0]
        ):
            fatal.append(  # the key only inside the question's own phrase, another answer given
                codes.OTHER_ANSWER.say(
                    f'"{phrased[0]}", the key "{gold.key.strip()}" only in "{phrased[1]}"'
                )
            )
        elif said and (
            chosen := other_option(gold.answers, question, asserted_sentences(reading.sentences))
        ):
            fatal.append(  # the question's other option chosen, the key named after it
                codes.OTHER_ANSWER.say(f'"{chosen}", the key "{gold.key.strip()}" elsewhere')
            )
        elif said and (second := second_answer(gold.answers, question, reading))[0]:
            if second[0] == TAKEN_BACK:
                fatal.append(
                    codes.KEY_TAKEN_BACK.say(f'"{second[1]}" after the key "{gold.key.strip()}"')
                )
            else:  # the key, and another answer others are said to give: partial
                passed += 1
                misses.append(
                    codes.TWO_ANSWERS.say(f'the key "{gold.key.strip()}" and "{second[1]}"')
                )
        elif said and (instead := view_rejected(gold.answers, question, reading)):
            fatal.append(  # "Many say X. But the answer is Y.": the key said only as a view
                codes.KEY_TAKEN_BACK.say(
                    f'"{instead}" instead of the key "{gold.key.strip()}", named as others\' view'
                )
            )
        elif said and (other := another_kind(gold.answers, surfaces[2], question)):
            fatal.append(codes.OTHER_KIND.say(f'"{other}" for "{gold.key.strip()}"'))
        elif said and (beside := listed_with_others(gold.answers, question, asked, surfaces[2])):
            passed += 1  # the key in a bare list with others, asked for one thing: partial
            named = ", ".join(f'"{item}"' for item in beside[1:])
            misses.append(codes.LISTED_WITH_OTHERS.say(f'"{beside[0]}" beside {named}'))
        elif listed is None and (pair := one_of_pair(gold.answers, surfaces[2]))[0]:
            # one person of a pair the key names ("Julius Rosenberg"): partial (where the key
            # is read as a list, its items said name what is missing)
            passed += 1
            misses.append(codes.MISSING_ITEMS.say(f'"{pair[1]}"'))
        elif listed is None and (
            part := one_thing_of_two(gold.answers, question, asked, *surfaces[::2])
        ):
            passed += 1  # one of two things asked ("Michael Phelps", asked also how many)
            misses.append(codes.MISSING_ITEMS.say(f'"{part}"'))
        elif said:
            passed += 1
        elif listed is not None:
            passed += 1  # every item of a list key said, in any order; or some of them: partial
            if listed.missing:
                missing = ", ".join(f'"{item}"' for item in listed.missing)
                misses.append(codes.MISSING_ITEMS.say(missing))
        elif decade := decade_of_key(gold, surfaces[0]):
            passed += 1  # the decade of the key's year ("the 1990s" for 1990): partial
            misses.append(codes.LESS_SPECIFIC.say(f'"{decade}"'))
        elif among := next((a for a in gold.answers if among_candidates(a, surfaces[0])), ""):
            passed += 1  # the key among candidates the answer does not choose between: partial
            misses.append(codes.AMONG_CANDIDATES.say(f'"{among.strip()}"'))
        elif instead := view_rejected(gold.answers, question, reading):
            fatal.append(  # "Some would say X, but ... the answer is Y": the key set aside
                codes.KEY_TAKEN_BACK.say(
                    f'"{instead}" instead of the key "{gold.key.strip()}", named as others\' view'
                )
            )
        elif spelt_otherwise(gold.answers, surfaces[0], asks_for_person(asked)):
            passed += 1  # a name spelt one letter apart ("Fred Truman" for "Fred Trueman")
        elif others := other_persons(gold.answers, asked, surfaces[2]):
            fatal.append(  # "Ira Gershwin" for "George Gershwin / Gershwin"
                codes.OTHER_PERSON.say(f'"{others[0].mention}", key "{others[0].full_name}"')
            )
        elif named_instead(gold.answers, surfaces[0]) or named_kind_instead(
            gold.answers, surfaces[2], question
        ):
            fatal.append(codes.OTHER_NAME.say(f'key "{gold.key.strip()}"'))
        elif heard_key(gold.answers, reading.asserted_text, question, reading.working):
            passed += 1  # a transcript's words that sound as the key ("wimble dun")
        elif kind := kind_only(gold.answers, asked, surfaces[0]):
            passed += 1  # the key's kind alone ("a falcon" for "peregrine falcon"): partial
            misses.append(codes.LESS_SPECIFIC.say(f'"{kind}"'))
        elif in_other_words(gold, surfaces[0], asked) and not rejects_key(gold, surfaces[0]):
            other_words = True
        elif needs_a_reader(
            gold.answers, question, asserted_sentences(reading.sentences), reading.working
        ):
            other_language = True  # the answer in another language, naming nothing else
        else:
            misses.append(codes.MISSING_KEY.say(f'"{gold.key.strip()}"'))
    for needle in gold.must_contain:
        required += 1
        if occurs(needle, asserted):
            passed += 1
        else:
            misses.append(codes.MISSING_NEEDLE.say(f'"{needle}"'))
    if gold.must_contain_any:
        required += 1
        if any(occurs(needle, asserted) for needle in gold.must_contain_any):
            passed += 1
        else:
            needed = ", ".join(f'"{needle}"' for needle in gold.must_contain_any)
            misses.append(codes.MISSING_NEEDLE.say(f"any of {needed}"))
    fatal += forbidden_needles(gold, asserted)
    if other_words:
        # the key's words in another form, and nothing else to check: a reader decides
        return ContentResult(0, 0, (), tuple(fatal), False, codes.OTHER_WORDS.say())
    if other_language:
        # the answer in another language, naming nothing else: a reader decides
        return ContentResult(0, 0, (), tuple(fatal), False, codes.OTHER_LANGUAGE.say())
    if no_side and not fatal and not needles:
        # no needle to check it by: a reader decides
        return ContentResult(passed, required, tuple(misses), (), False, codes.TAKES_NO_SIDE.say())
    if required:
        return ContentResult(passed, required, tuple(misses), tuple(fatal))
    # nothing a rule can check: the key's figures the answer states none of, or no fact at all
    reader = (
        codes.UNSTATED_FIGURE.say(", ".join(unstated))
        if unstated
        else codes.NO_CHECKABLE_FACT.say()
    )
    return ContentResult(passed, required, tuple(misses), tuple(fatal), False, reader)


def parts_of(reading: Reading) -> tuple[tuple[str, str], ...]:
    """The answer's asserted parts, each as (its asserted text, what opened it)."""
    return tuple((part.asserted, part.opener) for part in reading.parts if part.asserted)


def stance_of_answer(reading: Reading, question: str) -> str:
    """The side the answer takes on the question, "yes", "no" or "" (`grader.rules.stance`,
    read from the answer's sentences against what a Yes-or-No question asks)."""
    return stance_in(reading.sentences, asked_in(question).question_claim)


def answer_surfaces(reading: Reading) -> tuple[str, str, str]:
    """The answer's asserted text in its canonical form (`grader.rules.surface`), the same with
    its dates as written, and the text as written: what `says_key` reads. A nickname's quotes
    inside a name are dropped ('Benjamin "Bugsy" Siegel' says "Bugsy Siegel":
    `grader.rules.surface_forms.without_nickname_quotes`)."""
    text = without_nickname_quotes(reading.asserted_text)
    normal = reading.asserted_norm if text is reading.asserted_text else normalize(text)
    undated = surface(normal, dates=False)
    return dated(undated), undated, text


def says_key(gold: Gold, said: str, undated: str, asserted_text: str, asked: str = "") -> bool:
    """Whether the answer's asserted text says one of the key's accepted answers (rule 6, v4:
    `grader.rules.surface`), in its canonical form or with its dates as written (a key that
    names a month alone, "december", is said by "december 7, 1941"); ``answer_surfaces``;
    against the question's canonical form ``asked``, by the key's distinguishing part
    (`grader.rules.question_words`). A surname answer is not said by a mention of another
    person of its surname (`grader.rules.surnames`: "Ira Gershwin" for "Gershwin"; a surname
    the key only implies is no accepted answer, and is not read here)."""
    others = other_persons(gold.answers, asked, asserted_text, implied=False)
    if not others:
        return _says_any(gold.answers, said, undated, asserted_text, asked) or two_names(
            gold.answers, said
        )
    surnames = {other.accepted for other in others}
    return (
        _says_any(
            tuple(accepted for accepted in gold.answers if accepted not in surnames),
            said,
            undated,
            asserted_text,
            asked,
        )
        or _says_any(
            tuple(accepted for accepted in gold.answers if accepted in surnames),
            without_others(said, others, True),
            without_others(undated, others, True),
            without_others(asserted_text, others, False),
            asked,
        )
        or two_names(gold.answers, said)
    )


def _says_any(
    accepted_answers: tuple[str, ...], said: str, undated: str, asserted_text: str, asked: str
) -> bool:
    """Whether the text says one of these accepted answers (`says_key`, but "or")."""
    if any(says_as_asked(accepted, asked, said, asserted_text) for accepted in accepted_answers):
        return True
    if any(
        says_period(form.text, said, asked)
        for accepted in accepted_answers
        for form in forms(accepted)
    ):
        return True  # a year in the key's century or decade (`grader.rules.periods`)
    if any(says_country(accepted, said, asked) for accepted in accepted_answers):
        return True  # a country by its people's adjective (`grader.rules.surface_countries`)
    if any(code_alone(accepted, asserted_text) for accepted in accepted_answers):
        return True  # a state's code as the whole answer, "CO" (`grader.rules.surface_places`)
    if any(says_hyphenated_count(accepted, asked, said) for accepted in accepted_answers):
        return True  # "a four-star rank" to "how many stars" (`grader.rules.question_words`)
    if undated != said and any(
        says_as_asked(accepted, asked, undated, asserted_text) for accepted in accepted_answers
    ):
        return True
    return says_damaged(accepted_answers, asserted_text, asked)


def decade_of_key(gold: Gold, said: str) -> str:
    """The decade the answer (``said``: its canonical form) names in place of an accepted
    answer's year (`grader.rules.periods.decade_for_year`), or ""."""
    for accepted in gold.answers:
        for form in forms(accepted):
            if decade := decade_for_year(form.text, said):
                return decade
    return ""


def in_other_words(gold: Gold, said: str, asked: str) -> bool:
    """Whether an answer that says none of the accepted answers holds some of their content
    words beyond the question's (``said``: its canonical form; ``asked``: the question's): it
    may say the key in other words (a name given shorter or longer, the words in another form),
    and a reader decides."""
    return any(shares_words(accepted, said, asked) for accepted in gold.answers)


def rejects_key(gold: Gold, said: str) -> bool:
    """Whether the answer (``said``: its canonical form) mentions an accepted answer only to
    reject it ("It wasn't Argentina"): another answer, not the key in other words."""
    return any(rejects(accepted, said) for accepted in gold.answers)


def figure_rule(reading: Reading, figures: Sequence[KeyFigure]) -> tuple[str, str]:
    """The key's figures against the answer's (rule 6), as the code that fired and its label:
    ("", "") when the answer asserts one of them; F001 ``wrong figure: asserted 2.3x, key 1.8x``
    when it asserts figures of the key's kind and none is the key; otherwise F002 ``missing key
    figure: 1.8x``. (Which of several amounts an answer concludes with is the money conclusion
    strategy's question, not this rule's.)"""

    def matches(item: Asserted) -> bool:
        return isinstance(item.what, Figure) and any(
            figure.matches(item.what, item.negative) for figure in figures
        )

    def same_kind(item: Asserted) -> bool:
        """A figure that may stand for the key: of its kind, and not a bare whole number (a
        divisor in the answer's working, "/ 2") unless it is the key."""
        if not isinstance(item.what, Figure):
            return False
        if item.what.whole and not matches(item):
            return False
        return any(figure.figure.same_kind(item.what) for figure in figures)

    picked = candidates((item for item in reading.figures if same_kind(item)), matches)
    if any(matches(item) for item in picked):
        return "", ""
    key = " or ".join(figure.figure.text for figure in figures)
    if picked:
        wrong = codes.WRONG_FIGURE
        return wrong.code, wrong.say(f"asserted {', '.join(each_once(picked))}, key {key}")
    return codes.MISSING_KEY_FIGURE.code, codes.MISSING_KEY_FIGURE.say(key)


_NEGATIONS = ("not", "no", "rather than", "instead of", "unlike", "never", "without", "nor")
# A negation among the few words before a mention, in its clause: "rather than the City of
# Evanston", "unlike the older bills from the City of Evanston", "do not send payments to X".
_NEGATED = re.compile(r"(?<!\w)(?:" + "|".join(_NEGATIONS) + r")(?!\w)(?:\W+\w+){0,5}\W*$")


# (v4) A negation runs on to the end of its clause across an aside set off by commas ("it is
# not, as some say, the City of Evanston"; "not Springfield, Evanston, or X"), and stops at a
# contrast ("not Evanston, as the bill says, but X").
_ASIDE = re.compile(r",[^,]{1,60},")
_CLAUSE_END = re.compile(r"[.;:!?()]")
_CONTRAST_OR_COMMA = re.compile(r",|(?<!\w)(?:but|however|yet|although|whereas|while)(?!\w)")
# How far back before a mention its clause is read.
_NEGATION_REACH = 200


def forbidden_needles(gold: Gold, asserted: str) -> list[str]:
    """N002 ``forbidden needle: "X"`` for each ``must_not_contain`` needle the asserted text
    (normalised) holds other than negated (`occurs_unnegated`)."""
    return [
        codes.FORBIDDEN_NEEDLE.say(f'"{needle}"')
        for needle in gold.must_not_contain
        if occurs_unnegated(needle, asserted)
    ]


def occurs_unnegated(needle: str, text_norm: str) -> bool:
    """Whether ``needle`` occurs in ``text_norm`` other than as a negated mention ("not X",
    "rather than X", "instead of X", "unlike X"); a negation reaches across an aside set off
    by commas ("it is not, as some say, X"), not past a contrast ("not Y, but X")."""
    pattern = needle_pattern(needle)
    if pattern is None:
        return False
    for found in pattern.finditer(text_norm):
        before = text_norm[max(0, found.start() - _NEGATION_REACH) : found.start()]
        clause = _CLAUSE_END.split(before)[-1]
        clause = _CONTRAST_OR_COMMA.split(_ASIDE.sub(" ", clause))[-1]
        if _NEGATED.search(clause) is None:
            return True
    return False

"""Mutation testing of the grader's rules: does a test fail when a rule changes?

Each rule module in ``grader/rules/`` is read with `ast`, and every place where a small change
alters what the rule decides is listed as a candidate mutant:

- ``compare``: a comparison flipped (``<`` to ``>=``, ``==`` to ``!=``, ``in`` to ``not in``)
  or moved half a step (``<`` to ``<=``);
- ``negate``: a condition negated (``if``, ``while``, ``x if c else y``, a comprehension's
  ``if``), or a ``not`` removed;
- ``and/or``: ``and`` and ``or`` exchanged;
- ``drop``: one phrase dropped from a tuple, list or set of strings;
- ``quantifier``: a quantifier changed in a string used as a regular expression (``+`` to
  ``*``, ``*`` to ``+``, ``?`` removed, ``{m,n}`` to ``{m,n+1}``);
- ``return``: a returned value replaced by ``None``;
- ``bool``: ``True`` and ``False`` exchanged.

Docstrings, annotations, ``__all__`` and the options of classes and fields (``frozen=True``,
``field(repr=False)``) are never mutated, nor is the ``\\s+`` between two words of a pattern
made ``\\s*`` (that reads otherwise only words run together, "accordingto").

A fixed-seed sample is taken per module (the same number from each kind in turn, while a kind
has any left). Each mutant is written into a copy of the checkout made once in a temporary
folder (the checkout itself is never touched), and the fast tests of the rules run against it
(``RAGTRIAGE_PURE=1``, the module's own test file first, ``-x``): a failing test kills the
mutant, a run past the timeout counts as killed by timeout, a passing run is a survivor. A
mutant that cannot change what the grader does is counted apart as equivalent, with its
reason: one that parses to the same program as the original (found here), or one listed in
`EQUIVALENT` (read and argued by hand; `EQUIVALENT_ON_LINE` for one of several mutants a
function's description shares, told apart by the source line).

Usage: ``python bench/mutate.py [--module NAME ...] [--per-module 40] [--seed 0] [--json]
[--list] [--from-json FILE] [--root CHECKOUT]`` (``make mutate``). ``--list`` prints the sample
without running anything; ``--from-json`` prints an earlier ``--json`` run's report again.
"""

from __future__ import annotations

import argparse
import ast
import copy
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = Path("grader") / "rules"
MODULES = (
    "money",
    "currencies",
    "european_numbers",
    "money_wording",
    "money_keys",
    "minor_units",
    "declines",
    "clauses",
    "beliefs",
    "declined_questions",
    "pleasantries",
    "letters",
    "languages",
    "dialogues",
    "transcripts",
    "sheets",
    "code_answers",
    "citations",
    "reading",
    "sentences",
    "context",
    "facts",
    "normalize",
    "match",
    "verdict",
    "key",
    "conclusion",
    "money_check",
    "decline_check",
    "content_check",
    "citation_check",
    "suspicions",
    "figures",
    "hedges",
    "stance",
    "surface",
    "surface_match",
    "candidates",
    "surface_forms",
    "surface_numbers",
    "surface_dates",
    "surface_units",
    "surface_counts",
    "surface_times",
    "surface_places",
    "surface_countries",
    "units",
    "eras",
    "spellings",
    "question_words",
    "lists",
    "list_answers",
    "other_names",
    "given_names",
    "surnames",
    "other_kinds",
    "leads",
    "options",
    "choices",
    "taken_back",
    "periods",
    "less_specific",
    "gaps",
    "answering",
    "codes",
)
# The fast tests that hold the rules, in the order they run; a module's own file goes first.
TESTS = (
    "tests/rules/test_money.py",
    "tests/rules/test_declines.py",
    "tests/rules/test_clauses.py",
    "tests/rules/test_beliefs.py",
    "tests/rules/test_normalize.py",
    "tests/rules/test_match.py",
    "tests/rules/test_reading.py",
    "tests/rules/test_verdict.py",
    "tests/rules/test_citations.py",
    "tests/rules/test_figures.py",
    "tests/rules/test_hedges.py",
    "tests/rules/test_needles.py",
    "tests/rules/test_yes_no.py",
    "tests/rules/test_key_text.py",
    "tests/rules/test_compounds.py",
    "tests/rules/test_quantifiers.py",
    "tests/rules/test_markdown.py",
    "tests/rules/test_surface_countries.py",
    "tests/rules/test_surface_places.py",
    "tests/rules/test_european_numbers.py",
    "tests/rules/test_finer_figures.py",
    "tests/rules/test_metric_prefixes.py",
    "tests/rules/test_written_cases.py",
    "tests/test_flips.py",
    "tests/test_property.py",
)
OWN_TESTS = {
    "money": ("tests/rules/test_money.py", "tests/test_shortcuts.py"),
    "currencies": ("tests/rules/test_money.py",),
    "european_numbers": (
        "tests/rules/test_european_numbers.py",
        "tests/rules/test_money.py",
        "tests/rules/test_figures.py",
    ),
    "money_wording": ("tests/rules/test_money.py",),
    "money_keys": ("tests/rules/test_money.py",),
    "minor_units": ("tests/rules/test_money.py",),
    "declines": ("tests/rules/test_declines.py",),
    "clauses": ("tests/rules/test_clauses.py",),
    "beliefs": ("tests/rules/test_beliefs.py",),
    "declined_questions": ("tests/rules/test_declined_questions.py",),
    "pleasantries": ("tests/rules/test_pleasantries.py", "tests/rules/test_leads.py"),
    "letters": ("tests/rules/test_letters.py", "tests/rules/test_leads.py"),
    "languages": ("tests/rules/test_languages.py",),
    "dialogues": ("tests/rules/test_dialogues.py",),
    "transcripts": ("tests/rules/test_transcripts.py",),
    "sheets": ("tests/rules/test_sheets.py", "tests/rules/test_tables.py"),
    "code_answers": ("tests/rules/test_code_answers.py",),
    "citations": ("tests/rules/test_citations.py", "tests/test_shortcuts.py"),
    "normalize": (
        "tests/rules/test_normalize.py",
        "tests/rules/test_scanned_pages.py",
        "tests/test_shortcuts.py",
    ),
    "match": (
        "tests/rules/test_match.py",
        "tests/rules/test_needles.py",
        "tests/test_shortcuts.py",
    ),
    "reading": (
        "tests/rules/test_reading.py",
        "tests/rules/test_final_answer.py",
        "tests/rules/test_structured_answer.py",
        "tests/rules/test_tables.py",
        "tests/rules/test_sheets.py",
        "tests/rules/test_agent_traces.py",
        "tests/rules/test_letters.py",
        "tests/rules/test_dialogues.py",
        "tests/rules/test_transcripts.py",
        "tests/rules/test_code_answers.py",
    ),
    "sentences": (
        "tests/rules/test_reading.py",
        "tests/rules/test_final_answer.py",
        "tests/rules/test_structured_answer.py",
        "tests/rules/test_tables.py",
        "tests/rules/test_sheets.py",
        "tests/rules/test_agent_traces.py",
        "tests/rules/test_letters.py",
        "tests/rules/test_dialogues.py",
        "tests/rules/test_transcripts.py",
        "tests/rules/test_code_answers.py",
        "tests/rules/test_answering.py",  # (its CONCLUSIONS open the clause K008 and K014 read)
        "tests/rules/test_taken_back.py",
        "tests/test_shortcuts.py",
    ),
    "context": ("tests/rules/test_reading.py", "tests/test_shortcuts.py"),
    "facts": ("tests/rules/test_reading.py", "tests/test_shortcuts.py"),
    "verdict": ("tests/rules/test_verdict.py",),
    "key": ("tests/rules/test_verdict.py", "tests/rules/test_key_text.py"),
    "conclusion": ("tests/rules/test_money.py", "tests/rules/test_verdict.py"),
    "money_check": ("tests/rules/test_money.py", "tests/rules/test_verdict.py"),
    "decline_check": ("tests/rules/test_declines.py", "tests/rules/test_verdict.py"),
    "content_check": (
        "tests/rules/test_key_text.py",
        "tests/rules/test_figures.py",
        "tests/rules/test_yes_no.py",
        "tests/rules/test_needles.py",
        "tests/rules/test_surface_places.py",
        "tests/rules/test_transcripts.py",
    ),
    "citation_check": ("tests/rules/test_citations.py",),
    "suspicions": ("tests/rules/test_verdict.py",),
    "figures": ("tests/rules/test_figures.py", "tests/test_shortcuts.py"),
    "hedges": ("tests/rules/test_hedges.py",),
    "stance": ("tests/rules/test_yes_no.py",),
    "surface": ("tests/rules/test_key_text.py", "tests/test_shortcuts.py"),
    "surface_match": (
        "tests/rules/test_key_text.py",
        "tests/rules/test_compounds.py",
        "tests/rules/test_candidates.py",
        "tests/test_shortcuts.py",
    ),
    "candidates": (
        "tests/rules/test_candidates.py",
        "tests/rules/test_key_text.py",
        "tests/rules/test_tables.py",  # (its check marks and bold read a table's chosen row)
        "tests/test_shortcuts.py",
    ),
    "surface_forms": (
        "tests/rules/test_brackets.py",
        "tests/rules/test_key_text.py",
        "tests/rules/test_quantifiers.py",
        "tests/rules/test_metric_prefixes.py",
        "tests/test_shortcuts.py",
    ),
    "surface_places": ("tests/rules/test_surface_places.py", "tests/rules/test_key_text.py"),
    "surface_countries": ("tests/rules/test_surface_countries.py", "tests/rules/test_key_text.py"),
    "surface_numbers": ("tests/rules/test_key_text.py",),
    "surface_dates": ("tests/rules/test_key_text.py",),
    "surface_units": (
        "tests/rules/test_finer_figures.py",
        "tests/rules/test_metric_prefixes.py",
        "tests/rules/test_key_text.py",
    ),
    "surface_counts": ("tests/rules/test_key_text.py",),
    "surface_times": ("tests/rules/test_key_text.py",),
    "units": ("tests/rules/test_key_text.py", "tests/rules/test_metric_prefixes.py"),
    "eras": ("tests/rules/test_key_text.py",),
    "spellings": ("tests/rules/test_key_text.py",),
    "question_words": ("tests/rules/test_question_words.py", "tests/rules/test_key_text.py"),
    "lists": ("tests/rules/test_lists.py", "tests/test_shortcuts.py"),
    "list_answers": ("tests/rules/test_list_answers.py",),
    "other_names": ("tests/rules/test_other_names.py",),
    "given_names": (
        "tests/rules/test_surnames.py",
        "tests/rules/test_key_text.py",
        "tests/rules/test_list_answers.py",
        "tests/rules/test_lists.py",
    ),
    "surnames": ("tests/rules/test_surnames.py",),
    "other_kinds": ("tests/rules/test_other_kinds.py",),
    "leads": ("tests/rules/test_leads.py",),
    "options": ("tests/rules/test_options.py",),
    "choices": ("tests/rules/test_choices.py",),
    "taken_back": ("tests/rules/test_taken_back.py", "tests/rules/test_answering.py"),
    "periods": ("tests/rules/test_key_text.py", "tests/rules/test_less_specific.py"),
    "less_specific": ("tests/rules/test_less_specific.py",),
    "gaps": (
        "tests/rules/test_gaps.py",
        "tests/rules/test_answering.py",
        "tests/test_shortcuts.py",
    ),
    "answering": ("tests/rules/test_answering.py", "tests/test_shortcuts.py"),
    "codes": ("tests/test_rule_registry.py",),
}
KINDS = ("compare", "negate", "and/or", "drop", "quantifier", "return", "bool")
RE_FUNCTIONS = {
    "compile",
    "search",
    "match",
    "fullmatch",
    "sub",
    "subn",
    "findall",
    "finditer",
    "split",
}
# A string that reads as a regular expression even where it is not passed to `re` directly.
REGEX_LOOK = re.compile(r"\(\?|\\[bdswBDSW]|\[\^")

# Mutants that cannot change what the grader does, each with the argument, keyed by module,
# the function (or class) it is in, and the mutation as this script describes it.
EQUIVALENT: dict[tuple[str, str, str], str] = {
    (
        "leads",
        "<module>",
        "pattern ...')[^`\\'\\\\\"‘’“”]+[`\\'\\\\\"’”]'...: `+` to `*` at 21",
    ): "(a lead in quotes) empty quotes hold no word, and `lead_of` gives no lead to a lead of "
    "no word whatever `_name_like` says of it (the word count is read right after)",
    (
        "leads",
        "given_first",
        '`return ""` to `return None`',
    ): "its one caller (content_check) reads the lead only as true or false (`if lead:`), and "
    "writes it into a label only when it is true",
    (
        "surface_forms",
        "<module>",
        "pattern ...'<inner>[^()]+)\\\\)\\\\s*(?'...: `+` to `*` at 39",
    ): "(a parenthesised part) an empty one is read only by the two abbreviation tests, and "
    "neither holds with an empty side (an abbreviation has two to six letters; no letter is an "
    "initial of nothing), so the accepted answer goes on as a qualifier, as when nothing matched",
    (
        "surface_forms",
        "<module>",
        "pattern ...'^([^,]+?),\\\\s+(?'...: `+` to `*` at 6",
    ): "(the explained answer's head) an empty head, an accepted answer that opens with its "
    "comma, gives a form without text, and `forms` keeps only forms with text: the forms kept "
    "are the same",
    (
        "less_specific",
        "head_of",
        '`return ""` to `return None`',
    ): "its one caller reads it only as true or false (`if not head`)",
    (
        "less_specific",
        "kind_only",
        '`return ""` to `return None`',
    ): "its one caller reads it only as true or false (`elif kind := kind_only(...)`)",
    (
        "periods",
        "<module>",
        'pattern ..."(\\\\d{2,3})0 ?[\'’]"...: `{2,3}` to `{2,4}` at 3',
    ): "a decade of five digits and more is no year's (years are read from 1000 to 2099); for "
    "three and four digits the longer run backtracks to the same match",
    (
        "periods",
        "<module>",
        'pattern ...".,]\\\\d| ?[\'’]?s\\\\b)"...: `?` to `(none)` at 49',
    ): "read on canonical text, where a figure is always cut from the letters after it "
    '(`surface_units`: "1930s" is "1930 s"): the space is always there',
    (
        "periods",
        "says_period",
        "`return False` to `return None`",
    ): "its callers read it only as true or false (`any(...)` in content_check.says_key)",
    (
        "leads",
        "<module>",
        "pattern ...'ficially)?\\\\s*'...: `*` to `+` at 196",
    ): "the gloss words are all optional: where none opens the segment, `\\s*` matches nothing "
    "and `\\s+` matches nowhere (the segment never opens with a space: it is cut after the "
    "separator's spaces), and either way the segment is left as it is",
    (
        "money_keys",
        "<module>",
        "pattern ...'\\\\d+)(?![\\\\d,]*\\\\d)'...: `*` to `+` at 68",
    ): "the look-ahead follows a greedy digit run: where it is tried after a shorter run (the "
    "longer one failed), at least three characters stand before the next non-digit, which both "
    "forms read alike",
    (
        "money_keys",
        "MoneyKey.matches",
        "`True` to `False` in `abs(value - key) * 2 <= step for key, step in zip(self.va...`",
    ): "values and steps are built together (MoneyKey.of), always of one length",
    (
        "money_keys",
        "MoneyKey.matches_amount",
        "`True` to `False` in `self.values, self.steps, self.negatives, self.rises, stri...`",
    ): "values, steps, negatives and rises are built together (MoneyKey.of), always of one length",
    ("declines", "<module>", "pattern ...'\\\\w+'...: `+` to `*` at 2"): "an empty word found "
    "between two others names no phrase (no first word is empty, and no starred beginning is "
    "begun by it), so the phrases searched are the same",
    ("declines", "DeclineList._places", "`len(cache) >= _PLACES_CACHED`: `>=` to `<`"): "a cache "
    "of each word's phrases: clearing it more often changes no result",
    ("declines", "DeclineList._places", "if `len(cache) >= _PLACES_CACHED` negated"): "a cache "
    "of each word's phrases: clearing it more often changes no result",
    ("clauses", "Clause.part", "`low < high`: `<` to `<=`"): "the piece added when low == high "
    "is empty, and empty pieces are left out of the join",
    (
        "clauses",
        "spans_at",
        "`True` to `False` in `for (start, asserted), (end, _next) in zip(marks, [*marks...`",
    ): "the last mark's flag (_next) is never read",
    ("citations", "numbers_in", "`0 <= int(high) - int(low) <= _MAX_RANGE`: `<=` to `<`"): "(the "
    "first `<=`) a range whose ends are equal adds its one number, already counted",
    ("normalize", "without_bullets", "`False` to `True` in `listed = False`"): "the first line "
    "never reads it (number > 0 is false there) and sets it",
    (
        "content_check",
        "<module>",
        "pattern ...')(?!\\\\w)(?:\\\\W+\\\\w+){0,5'...: `+` to `*` at 12",
    ): "a "
    "chunk that starts inside a word only splits it: the words before the mention still need one "
    "chunk each, and after the negation word (?!\\w) a non-word character follows",
    (
        "content_check",
        "<module>",
        "pattern ...'!\\\\w)(?:\\\\W+\\\\w+){0,5}\\\\W'...: `+` to `*` at 15",
    ): "a chunk without a word covers no word: the words still need one chunk each",
    (
        "content_check",
        "<module>",
        "pattern ...'+\\\\w+){0,5}\\\\W*$'...: `*` to `+` at 24",
    ): "the clause "
    "read ends where a needle starts, after a non-word character (a needle is matched as whole "
    "words), so at least one non-word character ends it",
    # verdict and figures
    ("figures", "Figure", "`False` to `True` in `negative: bool = False`"): "every Figure the "
    "rules build passes its sign (find_figures); the one built without it (grader/audit/queue.py, "
    "a step's size) is read only through as_kind, which does not read the sign",
    (
        "figures",
        "<module>",
        "pattern ...'3}(?:,\\\\d{3})+(?:\\\\.\\\\d+'...: `+` to `*` at 28",
    ): "with "
    "no comma group the first alternative reads a run of at most three digits and its fraction, "
    "tried in the order the second alternative (\\d+(?:\\.\\d+)?) tries the same run next: the "
    "same text is matched",
    # normalize and match
    ("match", "_first_words", "pattern ...'[^ {}|]*'...: `*` to `+` at 7"): "first words are "
    "read only of phrases phrase_regex accepts (validate_phrase, for every list and change); "
    "there the word is read after spaces are skipped, where no '{' stands and no '|' or '}' "
    "(see the next two), so it holds at least one character",
    ("match", "_first_words", "'|' dropped from tuple (4 strings)"): "the text read is a whole "
    "phrase that reads or one alternative of a group, cut out without its '|' and '}', and a "
    "group is read past its '}': a word at this level is followed by a space, a '{' or the end, "
    "never by '|'",
    ("match", "_first_words", "'}' dropped from tuple (4 strings)"): "the text read is a whole "
    "phrase that reads or one alternative of a group, cut out without its '|' and '}', and a "
    "group is read past its '}': a word at this level is followed by a space, a '{' or the end, "
    "never by '}'",
    # reading and clauses
    (
        "facts",
        "<module>",
        "pattern ...'from\\\\s+(?:\\\\S+\\\\s+){0,2'...: `+` to `*` at 14",
    ): "a "
    "chunk without a word is white space that the `\\s+` before it takes: the words after 'from' "
    "still need one chunk each, so no text matches one form and not the other",
    (
        "facts",
        "<module>",
        "pattern ...'o\\\\s+\\\\w+(?:\\\\s+\\\\w+)?\\\\s+'...: `+` to `*` at 56",
    ): "without white space the group's word only goes on with the word before it, which `\\w+` "
    "reads without the group: no text matches one form and not the other",
    ("clauses", "<module>", "pattern ...'s+to)\\\\b[^,;]*$'...: `*` to `+` at 68"): "the lead "
    "is read up to a mention, and a mention never follows a word character (MENTION's "
    "`(?<![\\w-])`), so a character other than the lead's last letter stands there; a comma or a "
    "semicolon fails both forms",
    ("clauses", "<module>", "pattern ...'\\\\s*(?:is|ar'...: `*` to `+` at 2"): "it is read "
    "right after a mention, and a mention never ends before a word character (MENTION's "
    "`(?![\\w-])`), while each verb starts with one: white space always stands between",
    ("normalize", "<module>", 'pattern ..."|(\\\\w+)\'(re|ve"...: `+` to `*` at 4'): "the "
    "contractions are written out again until nothing changes, so an ending left by a word "
    "another contraction took ('shouldn't've') is read on the next pass as 'not've', and an "
    "empty stem only reads it a pass earlier: the same text",
    ("sentences", "part_spans", "`hint in lowered`: `in` to `not in`"): "the shortcut for a "
    "sentence with nothing to cut is sound (every cut of _PART_END stands before a hint; "
    "tests/rules/test_reading.py): taken less often, the full rule finds the same parts",
    ("clauses", "_backs", "`return False` to `return None`"): "its one caller (first_report) "
    "reads it only as a condition, where None and False are alike",
    (
        "facts",
        "<module>",
        "pattern ...'s+no|no\\\\s+\\\\w+(?:\\\\s+\\\\w'...: `+` to `*` at 50",
    ): "says_none reads normalised text, where white space comes one space at a time: an empty "
    "word would need two in a row",
    (
        "context",
        "<module>",
        "pattern ...'])\\\\d+(?:\\\\.\\\\d+)?(?![\\\\d'...: `+` to `*` at 73",
    ): "a number with a point and no digit after it is the number before the point (42. is 42), "
    "and the point is no digit and no word character, so the numbers after it are read alike",
    (
        "context",
        "<module>",
        "pattern ...'d+)?(?![\\\\d,]*\\\\d)'...: `*` to `+` at 84",
    ): "the look-ahead follows a greedy run of digits: it meets a digit only where the longer run "
    "failed it, and then digits or commas and a digit follow, which both forms refuse",
    # the surface forms (grader v4)
    ("surface", "<module>", "pattern ...'3}(?:,\\\\d{3})+(?![\\\\d]|'...: `+` to `*` at 28"): "a "
    "match without a comma group holds no comma and is written back as it stands; where the "
    "form with `+` matches, the greedy `*` tries the same groups first and takes the same text, "
    "and a run of digits matched whole leaves no place for another match to start inside it",
    ("surface", "<module>", "pattern ...'3}(?:,\\\\d{3})+|\\\\d+)(?:'...: `+` to `*` at 18"): "("
    "a key's figure, `figure_forms`) read only with `fullmatch`: without a comma group the first "
    "alternative reads one to three digits, which the second (`\\d+`) reads too, and either way "
    "the group holds every digit before the point (or the end): the same words match, with the "
    "same groups",
    (
        "surface",
        "surface",
        '`"," in text and _COMMA_DIGIT.search(text) is not None`: `and` to `or`',
    ): "(the digit groups' guard) made wider: the step rewrites only what `_GROUPED` matches, "
    "and each of its matches holds a comma before a digit, which both halves of the guard read: "
    "the same texts are rewritten",
    (
        "surface",
        "surface_by_definition",
        "`True` to `False` in `def surface_by_definition(text_norm: str, dates: bool = T...`",
    ): "the definition the tests hold `surface` to, never called by the grader: its default "
    "decides no grade (the one test that leaves it out reads ../shared/evouna-tq, absent from "
    "the copy the mutants run in)",
    (
        "surface",
        "<module>",
        '`True` to `False` in `r"(?<=[^\\W\\d_]{2} )(" + "|".join(sorted(_ROMAN_VALUES, ke...`',
    ): "the order of the numerals in the alternation: each must end before a non-word character "
    "(`(?!\\w)`), so at one place at most one numeral fits, whichever is tried first",
    (
        "surface_dates",
        "dated",
        '`("/" in text or "." in text) and _SEPARATED_DIGITS.search...`: `and` to `or`',
    ): "the numeric dates' guard made its first test alone (its second holds only where the "
    "first does): the step runs on more texts, and where `_SEPARATED_DIGITS` finds nothing, "
    "`_NUMERIC_DATE` finds nothing either (each of its matches holds a separator, one or two "
    "digits, the same separator and the year's first digit), so the text is left as it is",
    ("surface_match", "rejects", "`return False` to `return None`"): "its one caller "
    "(content_check) reads it inside `any`, where None and False are alike",
    (
        "surface_match",
        "<module>",
        "pattern ...'(\\\\d[\\\\d.,]*)([^\\\\W\\\\d'...: `*` to `+` at 9",
    ): "(`_FIGURE_GLUED`, read only by `form_pattern`'s `fullmatch`) it refuses only a word of one "
    "digit and the letters after it ('3', '5x', '3rd'), which then falls to the last branch, "
    "`_literal(word)`: that writes the digit, `[- ]?` where it meets a letter "
    "(`grader.rules.match._LETTER_DIGIT`) and the letters, the pattern the rule writes from "
    "`figure_forms` of one digit (the digit itself) and `[- ]?` and the letters (`finer_figure` is "
    "None under three significant digits): the same pattern (checked on every form of up to three "
    "of 27 words, 20,439 forms)",
    (
        "surface_numbers",
        "<module>",
        '`True` to `False` in `_UNIT_ALT = "|".join(sorted(_UNITS[1:10], key=len, revers...`',
    ): "the order of 'one' to 'nine' in the alternation: none of them begins another, so at one "
    "place at most one fits, whichever is tried first (each pattern that reads them ends the "
    "word after them, `(?![\\w-])`, or, as `BELOW_HUNDRED_WORDS` in minor_units, the text read "
    "back from a minor unit, `$`)",
    (
        "surface_numbers",
        "<module>",
        '`True` to `False` in `_ALL_ORDINAL_ALT = "|".join(sorted(_ORDINAL_WORDS, key=le...`',
    ): "the order of the ordinal words in the alternation: none begins another ('fourth' and "
    "'fourteenth' part at their fifth letter), and the word must end after it (`(?![\\w-])`), "
    "so at one place at most one fits, whichever is tried first",
    (
        "surface_dates",
        "<module>",
        '`True` to `False` in `_MONTH_ALT = "|".join(sorted(MONTH_NUMBER, key=len, rever...`',
    ): "the order of the month names in the alternation: a short name that begins a longer one "
    "('jan', 'sep', 'sept') is followed in every date pattern by a non-word character (a space, "
    "a comma, a dot or `(?![\\w])`), so it never ends a match inside the longer name",
    (
        "surface_units",
        "_range_words",
        '`"between" in words and "and" in words`: `and` to `or`',
    ): "a guard that lets the range step run on more texts: the step rewrites only what its "
    "pattern matches, and 'between N and M' holds both words, so the same ranges are found",
    (
        "surface_units",
        "_range_words",
        '`"from" in words and not words.isdisjoint(("until", "till"))`: `and` to `or`',
    ): "a guard that lets the range step run on more texts: the step rewrites only what its "
    "pattern matches, and each match holds a dash or, as whole runs of letters, 'to', 'from' "
    "with 'until' or 'till', or 'between' with 'and', which the guard's other parts read (the "
    "text's words are read before the steps that turn number words, eras and clock times into "
    "figures and before the units and scales, and none of them writes one of these words): the "
    "same ranges are found",
    ("surface_units", "<module>", "pattern ...'[a-z]+'...: `+` to `*` at 5"): "(the units' first "
    "runs of letters) a unit that opens with a sign adds the empty run, and a text's words are "
    "runs of one letter or more (`LETTERS`, `[a-z]+`), never empty; a unit that opens with a "
    "letter has the same greedy run: the guard reads the same texts",
    ("surface_places", "<module>", "pattern ...')?(?P<name>.+?)(?:\\\\s+'...: `+` to `*` at 76"): (
        "(`_AROUND`'s name, made possibly empty) the lazy name is tried from the same places, "
        "one character shorter first: it differs only where an empty name lets the whole key "
        "match, a key of nothing but the words around a name ('the', 'state of', 'province', "
        "punctuation), whose name under either pattern is none of the table's: `postal_code` "
        "gives '' both ways (checked on every key of up to five of those words and three names)"
    ),
    ("surface_countries", "says_country", "`return False` to `return None`"): "its one caller "
    "(content_check.says_key) reads it inside `any`, where None and False are alike",
    ("surface_units", "<module>", "pattern ...'\\\\d+)(?:\\\\.(\\\\d+))?'...: `+` to `*` at 13"): (
        "(`finer_figure`'s key figure, an integer part made optional) its one caller "
        "(surface_match.form_pattern) passes only a key's word that `_FIGURE_GLUED` reads whole "
        "with no letters glued, so one that opens with a digit; there the greedy `\\d*` takes "
        "the same digits as `\\d+` (a shorter run would leave a digit where only a point or the "
        "end may stand): the same figures, the same groups. A key's '.125' is read by neither "
        "(`figure_forms` reads no figure without its integer part)"
    ),
    (
        "spellings",
        "<module>",
        "`True` to `False` in `rf\"|(?P<word>{'|'.join(sorted(_WORDS, key=len, reverse=Tr...`",
    ): "the order of the whole words in the alternation: a word that begins a longer one "
    "('paediatric', 'programme') must end before a non-word character (`(?![\\w-])`), so at one "
    "place at most one word fits, whichever is tried first",
    ("question_words", "_in_another_unit", "pattern ...' ?(\\\\S+)'...: `+` to `*` at 5"): (
        "where a non-space follows the figure (and its space) both forms read the same run; "
        "where none does, the empty run read is no unit of the table, as the run not read is none"
    ),
    ("question_words", "_in_another_unit", "`return False` to `return None`"): "its one "
    "caller (says_distinguishing_part) reads it after `not`, where None and False are alike",
    # stance, other names and the registry (grader v4)
    ("stance", "<module>", "pattern ...'?!\\\\w))[^,;:]*'...: `*` to `+` at 209"): "(the "
    "subordinate clause) a conjunction with nothing before the next comma, semicolon, colon or "
    "the end ('..., although,') is left in the main clause instead of one space: no pattern the "
    "main clause is read with (a negation, a possibility, a direction, a cost, a claim's word "
    "of direction) matches a conjunction or reads across the mark after it, and what comes "
    "after that mark is read alike",
    ("stance", "polarity_stance", '`return ""` to `return None`'): "reached only with a claim "
    "(an empty one returns before), where its one caller (stance_of, read by stance_in) reads "
    "the side by its truth (`if side or not claim`) and reads the next sentence either way",
    ("lists", "names_items", "`return False` to `return None`"): "its one caller "
    "(list_readings) reads it only as a condition (`names_items(items) and not ...`), where "
    "None and False are alike",
    ("lists", "in_a_sentence", "`return False` to `return None`"): "its one caller "
    "(items_said) reads it only after `not`, where None and False are alike",
    (
        "surface_forms",
        "<module>",
        '`True` to `False` in `+ "|".join(sorted(map(re.escape, _CLASS_OF), key=len, rev...`',
    ): "the order of the bound words in `_BOUND`'s alternation: none of them begins another "
    "('less than' and 'no less than' open at different places), so at one place at most one "
    "fits, whichever is tried first",
    (
        "surface_forms",
        "<module>",
        '`True` to `False` in `+ "|".join(sorted({w for words in _AT_THE_END.values() fo...`',
    ): "the order of the bounds written after a figure in `_BOUND_AFTER`'s alternation: none of "
    "them begins another ('at most' and 'at the most' part at their third letter), so at one "
    "place at most one fits, whichever is tried first (its one reader, `without_bounds`, "
    "removes each match)",
    ("question_words", "<module>", "pattern ...'-)??[a-z0-9]+)-([a-z]'...: `+` to `*` at 32"): (
        "(the number of a hyphenated count made optional) where the pattern matches with a "
        "number, the mutant matches the same (the same alternatives tried in the same order; an "
        "empty number is tried last and needs a hyphen where the number opens); it adds only "
        "matches whose number is empty or ends in a hyphen ('four--star'), which `number_words` "
        "leaves empty or ending in a hyphen (each of its patterns ends with `(?![\\w-])`), never "
        "the key's figure, and none of them holds a place where the pattern would match (inside "
        "it each place follows a letter or a hyphen)"
    ),
    ("lists", "one_of_pair", "'' dropped from tuple (2 strings)"): "(its answer of no person, "
    '`("", "")` made `("",)`) its one caller (content_check) reads the first item, empty '
    "either way, and reads the second only when the first names a person",
    ("other_names", "spelt_apart", "`word.isalpha() and key_word.isalpha()`: `and` to `or`"): (
        "the guard then lets through a pair of which one word only is all letters; one letter "
        "apart, the longer word is the shorter with one character added, so that character is "
        "the one that is not a letter: no vowel, no 'h', not doubled (its neighbour would be "
        "in the shorter word too) and no consonant (`_consonant` asks for a letter); of one "
        "length the two differ where one of them holds no letter: no final 'y' or 'i', no vowel "
        "for a vowel, and no swap (swapped, both words hold the same characters): every such "
        "pair is refused further on, as the guard refused it"
    ),
    ("other_names", "spelt_apart", "`return False` to `return None`"): "its one caller "
    "(spelt_otherwise) reads it inside `all(a == k or spelt_apart(a, k) ...)`, where None and "
    "False are alike",
    ("other_names", "_one_letter_for_another", "`return False` to `return None`"): "its one "
    "caller (spelt_apart) returns it, and spelt_apart's two callers read it only by its truth: "
    "spelt_otherwise inside `all(a == k or spelt_apart(a, k) ...)`, surnames._may_be as the "
    "last operand of an `or` that `_own` reads inside `any`; there None and False are alike",
    ("periods", "decade_for_year", '`return ""` to `return None`'): "its one caller "
    "(content_check.decade_of_key) reads it only by its truth (`if decade := ...`) and returns "
    '"" itself when no form names a decade',
    (
        "other_names",
        "spelt_otherwise",
        "`True` to `False` in `pairs = list(zip(words[at : at + len(key)], key, strict=T...`",
    ): "the answer's words are taken from `at` to `at + len(key)` only for `at` up to "
    "`len(words) - len(key)`: always as many as the key's, where `strict` changes nothing",
    ("codes", "<module>", "'Alexander Graham Bell' dropped from tuple (2 strings)"): "(an "
    "example's accepted answers) read only where the registry's tests grade the example "
    "(`Example.record`), never by the grader nor on the rule's page (`describe`): no grade "
    "changes (with 'Bell' alone the example still fires: its test passed with the mutant)",
    (
        "other_names",
        "placed",
        "`True` to `False` in `i for i, (a, k) in enumerate(zip(answer, key, strict=True...`",
    ): "the zip is reached only when the answer and the key have as many words (checked the "
    "line before), where `strict` changes nothing",
    ("codes", "_first_word", '`return label.split(" ", 1)[0].split(":", 1)[0]` to `return None`'): (
        "the index by first word becomes one list of every rule: at most one rule's name and "
        "joiner begin a label, and its first word is the label's "
        "(tests/test_rule_registry.py), so the same rule is found"
    ),
    (
        "codes",
        "<module>",
        "`True` to `False` in `for _rule in sorted(RULES.values(), key=lambda rule: len(...`",
    ): "the order the rules of one first word are tried in: at most one rule's name and joiner "
    "begin a label (tests/test_rule_registry.py), so whichever is tried first, the same one "
    "reads it",
    (
        "answering",
        "<module>",
        "pattern ...'\\\\b(\\\\w+)\\\\b(?:\\\\s'...: `+` to `*` at 5",
    ): '(the word before "by") an empty word needs a word\'s boundary followed by white space: '
    "only a word's end, where the search has already matched from that word's start with the "
    "whole word (a shorter one leaves no boundary), and the rest of the pattern is tried from "
    "the same place: the same match, the same word",
    (
        "answering",
        "_credited_then_other",
        '`False` to `True` in `if _is_key(accepted_answers, Filler(number + 1, name, "",...`',
    ): "(the contrast's name as a filler, `loose`) `_is_key` reads only a filler's text and the "
    "text after it, never whether it is loose",
    ("other_kinds", "_other_qualifier", '`return ""` to `return None`'): "its one caller "
    '(`another_kind`) reads it first as true or false (`if not named: return ""`), and uses it '
    "only when it is true",
    ("surnames", "_given", "`return False` to `return None`"): "its one caller reads it only as "
    "true or false (`if _given(word):`, and inside `all(_given(word) or ...)`)",
    (
        "surnames",
        "<module>",
        "pattern ...')\\\\s+)+$'...: `+` to `*` at 5",
    ): "(`_PARTICLES_BEFORE`, the particles before a surname) the run of no particle it adds "
    "matches only at the end of the text before the mention, where cutting the text there "
    "leaves it as it was, and `re.search` takes the leftmost match, so a run of particles is "
    "still found and cut where it starts",
    (
        "surnames",
        "<module>",
        "pattern ...'(?:[A-Z]\\\\.)+'...: `+` to `*` at 11",
    ): "(`_INITIALS`, initials run together) it is only ever `fullmatch`ed against a word of "
    "the run split at white space, never empty: the empty text it adds is no such word",
    ("given_names", "same_given_name", "`not said or not key`: `or` to `and`"): "(a guard made "
    "narrower: only both names empty return at once) with one name empty the rest answers False "
    "too: no row of the table holds the empty name, and the key's own row is then `{''}`, which "
    "holds no name and no name's initial",
    ("given_names", "may_be_same_given_name", "`not said or not key`: `or` to `and`"): "(a guard "
    "made narrower, as in `same_given_name`) with one name empty the rest answers False too: the "
    "related names of a key hold no empty name, and an empty key has no related names",
    ("codes", "<module>", "'Williams' dropped from tuple (2 strings)"): "(an example's "
    "accepted answers, as 'Alexander Graham Bell' above) read only where the registry's tests "
    "grade the example (`Example.record`), never by the grader nor on the rule's page "
    "(`describe`): no grade changes",
    ("taken_back", "_attributed", '`return ""` to `return None`'): "its one caller "
    "(`attributed_beside_by_definition`) reads it only as true or false (`if other:`), and "
    "returns it only when it is true",
    ("taken_back", "_in_place", '`return ""` to `return None`'): "its two callers "
    "(`taken_back_by_definition`, `_concluded_in_place`) read it only as true or false (`if "
    "other:`, `if not other:`), and go on with it only when it is true",
    ("taken_back", "_concluded_in_place", '`return ""` to `return None`'): "its one caller "
    "(`concluded_otherwise_by_definition`) reads it only as true or false (`other = "
    "_named_answer(...) or _concluded_in_place(...)`, then `if not other: continue`), and "
    "returns it only when it is true",
    ("taken_back", "second_answer", "`not span.asserted`: `not` removed"): "(which text the "
    "shortcut's hints are looked for in) the two differ only where no span is attributed or none "
    "is asserted: with none attributed, each sentence is one span, asserted, whose asserted text "
    "is its text stripped, and `normalize` folds the white space between them, so the hints meet "
    "the same text; with none asserted the key is not said (`says_key` and the figure rule read "
    "the asserted text), and `second_answer` is not reached",
    ("candidates", "_open_at_end", "`return False` to `return None`"): "(cached, then returned "
    "by `open_at_end` to its one caller, `uncommitted`, which returns it after `or`) every "
    "reader of `uncommitted` takes it only as true or false (`not uncommitted(...)`, `if "
    "uncommitted(...) or ...`, in surface_match and other_names)",
    ("declined_questions", "may_decline_a_question", "`False` to `True` in `return False`"): (
        "the guard answering yes where no interrogative's stem is written only lets the full "
        "reading run, whose pattern needs an interrogative word there and so sets nothing aside"
    ),
    (
        "declined_questions",
        "_without",
        "`True` to `False` in `for start, end in zip([span.start, *inner], [*inner, span...`",
    ): "the two lists are always of one length (the span's start and its inner cuts; the cuts "
    "and its end): `strict` changes nothing",
    ("sentences", "_marked", "`return False` to `return None`"): "its one caller "
    "(`_candidates_read`) reads it only as a comprehension's condition, where None and False "
    "are alike",
    # the question's options (K008)
    (
        "options",
        "<module>",
        "pattern ...'at)\\\\b[^,:;?]*?)\\\\s*[,:'...: `*` to `+` at 42",
    ): "(the asking part) the lazy run is empty only where the question word stands alone before "
    "the comma or colon (the run cannot pass it); there the rule's predicate is the question "
    "word's stems, none (a function word to `content_stems`), and `options_of` returns None, as "
    "it does for the mutant, whose run can take only the white space before that comma (for a "
    "question word in ASCII letters: under IGNORECASE `re` matches 'ı' as 'i', and 'whıch' is no "
    "function word)",
    ("options", "<module>", "'who' dropped from tuple (3 strings)"): "`content_stems` never "
    "gives the stem 'who': the word itself is a function word, and no ending is cut to leave "
    "fewer than four letters (nor does `_BASES` make it): the set takes nothing away there",
    ("options", "other_option", '`return ""` to `return None`'): "its one caller "
    "(content_check.content_rule) reads it only as true or false (`chosen := other_option(...)` "
    "in an `elif`), and writes it into a label only when it is true",
    ("question_words", "_distinguishing", "`end > start`: `>` to `>=`"): "(the words the "
    "question names, taken off the key's end) the mutant reads one word more only where the "
    "end has met the start: there the words left are none in the rule's reading and in the "
    "mutant's (the slice from the start to an end at or before it is empty), and both return "
    "no distinguishing part; the word it reads is the one before the start, one the question "
    "names, and the end then stands before the start, where the loop stops",
    ("normalize", "<module>", "pattern ...'[a-z0-9_]+'...: `+` to `*` at 9"): "(`_IDENTIFIER`, "
    "a dunder name's words) it is only `fullmatch`ed against the words an emphasis pair wraps, "
    "which `_EMPHASIS` never leaves empty (they end with a character that is no space, mark or "
    "backslash): on a text of one character or more `*` and `+` match alike",
    (
        "question_words",
        "says_hyphenated_count",
        '`"how many" not in question_surface or "-" not in answer_s...`: `or` to `and`',
    ): '(the guard) the mutant lets the reading run where the question holds no "how many" '
    "or the answer no hyphen, and there it finds nothing, as the guard answered: "
    '`counted_nouns` reads nouns only after "how many" (none, and no adjective made from '
    "them), and `_HYPHENATED_COUNT` matches only at a hyphen",
    # a multiple-choice answer's letter
    ("choices", "<module>", "pattern ...'r|between)\\\\s*$'...: `*` to `+` at 43"): "(a word "
    "that names an option by its letter, read right before the letter) the two differ only where "
    "the text before the letter ends with the word itself, glued to the letter; the letter "
    "pattern (`_letter_pattern`) finds no letter after a word character, so no such text is read",
    ("choices", "_named_options", "`return []` to `return None`"): "its one caller (`_chosen`) "
    "reads it only as true or false before reading it further (`if named and letters[0] not in "
    "named`), and the empty list and None are alike there",
    # an answer written as a dialogue
    (
        "dialogues",
        "dialogue_turns",
        '`":" in answer and ("\\n" in answer or "\\r" in answer)`: `and` to `or`',
    ): "(the shortcut's guard) the mutant lets the definition run on more texts, those with a "
    "colon and no line break or a line break and no colon, and the definition reads each as "
    "neither, as the shortcut does: every turn's label holds a colon, and a turn needs a second "
    "line with words (`_turns`: two filled lines, the first a label's or ending with a colon); "
    "an answer sheet's first label opens with a letter of `_SHEET_OPENINGS`, which the guard's "
    "other half reads",
}

# Mutants equivalent on one line of a function only, where the same mutation of the same
# text is made on other lines too (the description alone cannot tell them apart), keyed also by
# the line's source, stripped. A line edited since no longer matches: its mutant is counted as
# a survivor until it is argued again.
EQUIVALENT_ON_LINE: dict[tuple[str, str, str, str], str] = {
    (
        "surface_units",
        "canonical_figures",
        "`words is None`: `is` to `is not`",
        'if words is None or any(sign in text for sign in "£$€¥"):',
    ): "(the currency-scale step's guard) the step matches only after a currency sign, which "
    "the guard's other half looks for: run on every text with words, or only on one with a "
    "sign without them, it rewrites the same texts",
}


def equivalent(mutant: Mutant, source: str) -> str:
    """The argued reason a mutant cannot change what the grader does, or "" (``source``: the
    module's source, for `EQUIVALENT_ON_LINE`)."""
    reason = EQUIVALENT.get((mutant.module, mutant.scope, mutant.description))
    if reason:
        return reason
    lines = source.splitlines()
    line = lines[mutant.line - 1].strip() if 0 < mutant.line <= len(lines) else ""
    return EQUIVALENT_ON_LINE.get((mutant.module, mutant.scope, mutant.description, line), "")


@dataclass
class Mutant:
    module: str
    line: int
    scope: str
    kind: str
    description: str
    start: tuple[int, int]
    end: tuple[int, int]
    replacement: str
    status: str = "pending"
    reason: str = ""
    seconds: float = 0.0
    failed: str = ""


@dataclass
class ModuleResult:
    module: str
    mutants: list[Mutant] = field(default_factory=list)

    def count(self, *statuses: str) -> int:
        return sum(1 for mutant in self.mutants if mutant.status in statuses)


def short(text: str, width: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."


# --- finding the candidates ---------------------------------------------------------------

NEGATED_COMPARE = {
    ast.Lt: ast.GtE,
    ast.LtE: ast.Gt,
    ast.Gt: ast.LtE,
    ast.GtE: ast.Lt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
SHIFTED_COMPARE = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
OPERATOR_TEXT = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
}


def quantifiers(pattern: str) -> list[tuple[int, int, str, str]]:
    """The quantifiers of a pattern (or a piece of one): (start, end, text, replacement)."""
    found = []
    position = 0
    after_atom = False
    while position < len(pattern):
        char = pattern[position]
        if char == "\\":
            position += 2
            after_atom = True
            continue
        if char == "[":
            close = position + 1
            if close < len(pattern) and pattern[close] == "^":
                close += 1
            if close < len(pattern) and pattern[close] == "]":
                close += 1
            while close < len(pattern) and pattern[close] != "]":
                close += 2 if pattern[close] == "\\" else 1
            position = close + 1
            after_atom = True
            continue
        if char == "(":
            position += 2 if pattern[position + 1 : position + 2] == "?" else 1
            after_atom = False
            continue
        braces = re.match(r"\{(\d+)(,(\d*))?\}", pattern[position:])
        if (
            char == "+"
            and pattern[position - 2 : position] == "\\s"
            and _between_words(pattern, position)
        ):
            position += 1  # (see `_between_words`)
            after_atom = False
            continue
        if (char in "+*?" or braces) and (after_atom or position == 0):
            text = braces.group(0) if braces else char
            if braces is None:
                replacement = {"+": "*", "*": "+", "?": ""}[char]
            elif braces.group(2) is None:
                replacement = f"{{{int(braces.group(1)) + 1}}}"
            elif braces.group(3):
                replacement = f"{{{braces.group(1)},{int(braces.group(3)) + 1}}}"
            else:
                replacement = f"{{{int(braces.group(1)) + 1},}}"
            found.append((position, position + len(text), text, replacement))
            position += len(text)
            # a lazy or possessive mark belongs to the quantifier before it
            if pattern[position : position + 1] in ("?", "+"):
                position += 1
            after_atom = False
            continue
        position += 1
        after_atom = char not in "|^"
    return found


def _between_words(pattern: str, plus: int) -> bool:
    """Whether the ``\\s+`` whose ``+`` stands at ``plus`` separates two words ("according\\s+to",
    "(?:is|are)\\s+not"): a letter, an optional letter or a group before it, a letter, a group
    or a character class after. Such a ``\\s+`` is not made ``\\s*``: that reads otherwise only
    words run together ("accordingto"), which an answer does not hold."""
    before = pattern[plus - 3 : plus - 2] if plus >= 3 else ""
    after = pattern[plus + 1 : plus + 2]
    return (before.isalpha() or before in (")", "?")) and (after.isalpha() or after in ("(", "\\"))


class Finder:
    """Walks one module and lists its candidate mutants."""

    def __init__(self, module: str, source: str):
        self.module = module
        self.source = source
        self.tree = ast.parse(source)
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self.skipped: set[ast.AST] = set()
        self._skip_untouchable()
        self.patterns = self._pattern_strings()
        self.found: list[Mutant] = []

    # what is never mutated
    def _skip_untouchable(self) -> None:
        def skip(node: ast.AST | None) -> None:
            if node is not None:
                self.skipped.update(ast.walk(node))

        for node in ast.walk(self.tree):
            body = getattr(node, "body", None)
            if (
                isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
            ):
                skip(body[0])  # a docstring
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                skip(node.returns)
                for argument in ast.walk(node.args):
                    if isinstance(argument, ast.arg):
                        skip(argument.annotation)
            if isinstance(node, ast.AnnAssign):
                skip(node.annotation)
            if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
            ):
                skip(node)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skip(node)
            # the options of a class, a dataclass or a struct field (frozen, slots, repr...)
            if isinstance(node, ast.ClassDef):
                for keyword in node.keywords:
                    skip(keyword)
                for decorator in node.decorator_list:
                    skip(decorator)
            if isinstance(node, ast.Call) and ast.unparse(node.func) in ("field", "msgspec.field"):
                skip(node)
            # a mutation inside an f-string is made on the whole f-string, never on its parts,
            # except for its expressions' own f-strings (left alone)
            if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
                skip(node.format_spec)

    def _pattern_strings(self) -> set[ast.AST]:
        """The string constants used as regular expressions."""
        escaped: set[ast.AST] = set()
        pattern_roots: list[ast.AST] = []
        for node in ast.walk(self.tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "re"
            ):
                if node.func.attr == "escape":
                    escaped.update(ast.walk(node))
                elif node.func.attr in RE_FUNCTIONS and node.args:
                    pattern_roots.append(node.args[0])
        assigned: dict[str, list[ast.AST]] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        assigned.setdefault(target.id, []).append(node.value)
        patterns: set[ast.AST] = set()
        seen: set[str] = set()
        while pattern_roots:
            root = pattern_roots.pop()
            for node in ast.walk(root):
                if node in escaped:
                    continue
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    patterns.add(node)
                if isinstance(node, ast.Name) and node.id in assigned and node.id not in seen:
                    seen.add(node.id)
                    pattern_roots.extend(assigned[node.id])
        for node in ast.walk(self.tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node not in escaped
                and REGEX_LOOK.search(node.value)
            ):
                patterns.add(node)
        return patterns

    # where a mutant is written
    def _anchor(self, node: ast.AST) -> ast.AST:
        """The outermost f-string around a node, or the node itself (positions inside an
        f-string are not kept exactly before Python 3.12)."""
        anchor = node
        parent = self.parents.get(node)
        while parent is not None:
            if isinstance(parent, ast.JoinedStr):
                anchor = parent
            parent = self.parents.get(parent)
        return anchor

    def scope(self, node: ast.AST) -> str:
        names = []
        parent = self.parents.get(node)
        while parent is not None:
            if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.append(parent.name)
            parent = self.parents.get(parent)
        return ".".join(reversed(names)) or "<module>"

    def add(self, kind: str, node: ast.AST, description: str, change) -> None:
        """A mutant made by ``change`` (which alters a copy of ``node`` in place)."""
        if node in self.skipped:
            return
        anchor = self._anchor(node)
        if anchor is not node and anchor in self.skipped:
            return
        # mutate a copy of the anchor: find the node in it by its place in the walk
        index = next(i for i, each in enumerate(ast.walk(anchor)) if each is node)
        mutated_anchor = copy.deepcopy(anchor)
        target = list(ast.walk(mutated_anchor))[index]
        replaced = change(target)
        if replaced is not None:  # the change returns a node that takes the target's place
            if target is mutated_anchor:
                mutated_anchor = replaced
            else:
                self._replace_child(mutated_anchor, target, replaced)
        self.found.append(
            Mutant(
                module=self.module,
                line=node.lineno,
                scope=self.scope(node),
                kind=kind,
                description=description,
                start=(anchor.lineno, anchor.col_offset),
                end=(anchor.end_lineno, anchor.end_col_offset),
                replacement="(" + ast.unparse(mutated_anchor) + ")",
            )
        )

    @staticmethod
    def _replace_child(root: ast.AST, old: ast.AST, new: ast.AST) -> None:
        for parent in ast.walk(root):
            for name, value in ast.iter_fields(parent):
                if value is old:
                    setattr(parent, name, new)
                    return
                if isinstance(value, list) and any(item is old for item in value):
                    value[:] = [new if item is old else item for item in value]
                    return

    def segment(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.source, self._anchor(node)) or ast.unparse(node)

    def find(self) -> list[Mutant]:
        for node in ast.walk(self.tree):
            if node in self.skipped:
                continue
            if isinstance(node, ast.Compare):
                self._compare(node)
            if isinstance(node, (ast.If, ast.While, ast.IfExp)):
                self._negate(node.test, type(node).__name__.lower())
            if isinstance(node, ast.comprehension):
                for condition in node.ifs:
                    self._negate(condition, "comprehension if")
            if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
                self.add(
                    "negate",
                    node,
                    f"`{short(self.segment(node), 60)}`: `not` removed",
                    lambda target: target.operand,
                )
            if isinstance(node, ast.BoolOp):
                current, other = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
                self.add(
                    "and/or",
                    node,
                    f"`{short(self.segment(node), 60)}`: `{current}` to `{other}`",
                    lambda target, new=other: setattr(
                        target, "op", ast.Or() if new == "or" else ast.And()
                    ),
                )
            if (
                isinstance(node, (ast.Tuple, ast.List, ast.Set))
                and len(node.elts) >= 2
                and all(
                    isinstance(item, ast.Constant) and isinstance(item.value, str)
                    for item in node.elts
                )
            ):
                for position, item in enumerate(node.elts):
                    self.add(
                        "drop",
                        node,
                        f"{item.value!r} dropped from {type(node).__name__.lower()}"
                        f" ({len(node.elts)} strings)",
                        lambda target, i=position: target.elts.pop(i) and None,
                    )
            if isinstance(node, ast.Constant) and node in self.patterns:
                for start, end, text, replacement in quantifiers(node.value):
                    context = node.value[max(0, start - 12) : end + 8]
                    self.add(
                        "quantifier",
                        node,
                        f"pattern ...{context!r}...: `{text}` to `{replacement or '(none)'}`"
                        f" at {start}",
                        lambda target, s=start, e=end, r=replacement: setattr(
                            target, "value", target.value[:s] + r + target.value[e:]
                        ),
                    )
            if isinstance(node, ast.Return) and node.value is not None:
                value = node.value
                if not (isinstance(value, ast.Constant) and value.value is None):
                    self.add(
                        "return",
                        value,
                        f"`return {short(self.segment(value), 60)}` to `return None`",
                        lambda target: ast.Constant(None),
                    )
            if isinstance(node, ast.Constant) and isinstance(node.value, bool):
                self.add(
                    "bool",
                    node,
                    f"`{node.value}` to `{not node.value}` in `{short(self._line(node), 60)}`",
                    lambda target: setattr(target, "value", not target.value),
                )
        return self.found

    def _line(self, node: ast.AST) -> str:
        return self.source.splitlines()[node.lineno - 1].strip()

    def _compare(self, node: ast.Compare) -> None:
        for position, operator in enumerate(node.ops):
            for table in (NEGATED_COMPARE, SHIFTED_COMPARE):
                new = table.get(type(operator))
                if new is None:
                    continue
                self.add(
                    "compare",
                    node,
                    f"`{short(self.segment(node), 60)}`: `{OPERATOR_TEXT[type(operator)]}`"
                    f" to `{OPERATOR_TEXT[new]}`",
                    lambda target, i=position, n=new: target.ops.__setitem__(i, n()),
                )

    def _negate(self, condition: ast.expr, where: str) -> None:
        self.add(
            "negate",
            condition,
            f"{where} `{short(self.segment(condition), 60)}` negated",
            lambda target: ast.UnaryOp(ast.Not(), target),
        )


def apply(source: str, mutant: Mutant) -> str:
    raw = source.encode()
    offsets = [0]
    for line in raw.split(b"\n"):
        offsets.append(offsets[-1] + len(line) + 1)
    start = offsets[mutant.start[0] - 1] + mutant.start[1]
    end = offsets[mutant.end[0] - 1] + mutant.end[1]
    return (raw[:start] + mutant.replacement.encode() + raw[end:]).decode()


def same_program(original: str, mutated: str) -> bool:
    return ast.dump(ast.parse(original)) == ast.dump(ast.parse(mutated))


def sample(mutants: list[Mutant], count: int, seed: int, module: str) -> list[Mutant]:
    """``count`` mutants, the same number from each kind in turn while a kind has any left.

    Each kind's mutants are taken in the order of a hash of the seed and of what the mutant is
    (its function and description, not its line), so that an edit elsewhere in the module
    leaves the rest of the sample as it was.
    """
    seen: Counter[str] = Counter()
    order: dict[int, str] = {}
    for mutant in mutants:
        what = f"{seed}:{module}:{mutant.scope}:{mutant.description}"
        seen[what] += 1
        what += f":{seen[what]}"
        order[id(mutant)] = hashlib.sha256(what.encode()).hexdigest()
    by_kind = {
        kind: sorted((m for m in mutants if m.kind == kind), key=lambda m: order[id(m)])
        for kind in KINDS
    }
    chosen: list[Mutant] = []
    while len(chosen) < count and any(by_kind.values()):
        for kind in KINDS:
            if by_kind[kind] and len(chosen) < count:
                chosen.append(by_kind[kind].pop(0))
    return sorted(chosen, key=lambda m: (m.line, m.kind, m.description))


# --- running the tests --------------------------------------------------------------------


def copy_checkout(root: Path, into: Path) -> Path:
    ignore = shutil.ignore_patterns(
        ".git", ".venv", "build", ".hypothesis", "*_cache", "__pycache__"
    )
    target = into / "checkout"
    shutil.copytree(root, target, ignore=ignore)
    return target


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["RAGTRIAGE_PURE"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.pop("PYTHONPATH", None)
    return env


def test_command(checkout: Path, module: str) -> list[str]:
    own = OWN_TESTS.get(module, ())
    files = [*own, *(path for path in TESTS if path not in own)]
    files = [path for path in files if (checkout / path).exists()]
    return [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-m",
        "not model and not slow",
        "--hypothesis-seed=0",
        *files,
    ]


def run_tests(checkout: Path, module: str, timeout: float) -> tuple[str, float, str]:
    started = time.monotonic()
    try:
        result = subprocess.run(
            test_command(checkout, module),
            cwd=checkout,
            env=environment(),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - started, ""
    seconds = time.monotonic() - started
    if result.returncode == 0:
        return "survived", seconds, ""
    failed = re.findall(r"^FAILED (\S+)", result.stdout, re.MULTILINE)
    if not failed:
        error = re.findall(r"^(?:ERROR|E ) +(.+)$", result.stdout, re.MULTILINE)
        failed = error[:1] or [f"exit {result.returncode}"]
    return "killed", seconds, failed[0]


def check_copy(checkout: Path) -> None:
    where = subprocess.run(
        [sys.executable, "-c", "import grader.rules.money as m; print(m.__file__)"],
        cwd=checkout,
        env=environment(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not Path(where).resolve().is_relative_to(checkout.resolve()):
        sys.exit(f"the copy's tests import the grader from {where}, not from the copy")


# --- reporting ----------------------------------------------------------------------------


def table(results: list[ModuleResult]) -> str:
    rows = [("module", "mutants", "killed", "survived", "equivalent", "killed %")]
    totals = [0, 0, 0, 0]
    for result in results:
        killed = result.count("killed", "timeout")
        survived = result.count("survived")
        equivalent = result.count("equivalent")
        counted = killed + survived
        rows.append(
            (
                result.module,
                str(len(result.mutants)),
                str(killed),
                str(survived),
                str(equivalent),
                f"{100 * killed / counted:.0f}%" if counted else "-",
            )
        )
        for i, value in enumerate((len(result.mutants), killed, survived, equivalent)):
            totals[i] += value
    counted = totals[1] + totals[2]
    rows.append(
        (
            "all",
            *(str(value) for value in totals),
            f"{100 * totals[1] / counted:.0f}%" if counted else "-",
        )
    )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [
            cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells))
    return "\n".join(lines)


def report(results: list[ModuleResult], seed: int, per_module: int | str) -> str:
    out = [f"mutation run: seed {seed}, {per_module} mutants per module", "", table(results)]
    for status, title in (("survived", "survivors"), ("equivalent", "equivalent")):
        listed = [m for r in results for m in r.mutants if m.status == status]
        if listed:
            out += ["", f"{title}:"]
            for mutant in listed:
                path = RULES / f"{mutant.module}.py"
                line = f"  {path}:{mutant.line} [{mutant.kind}] {mutant.scope}: "
                line += mutant.description
                if mutant.reason:
                    line += f" -- {mutant.reason}"
                out.append(line)
    return "\n".join(out)


def load(paths: list[Path]) -> tuple[list[ModuleResult], int, str]:
    """The results of earlier ``--json`` runs, joined: a module run in several keeps its last
    run (in the order given), in the order modules first appear; and the runs' seed and sample
    sizes ("20 or 40" when they differ: each module's row counts its own)."""
    by_module: dict[str, ModuleResult] = {}
    seeds: set[int] = set()
    sizes: set[int] = set()
    for path in paths:
        payload = json.loads(path.read_text())
        seeds.add(payload["seed"])
        sizes.add(payload["per_module"])
        for entry in payload["modules"]:
            result = ModuleResult(entry["module"])
            module_path = ROOT / RULES / f"{result.module}.py"
            source = module_path.read_text() if module_path.exists() else ""
            for fields in entry["results"]:
                mutant = Mutant(**fields, start=(0, 0), end=(0, 0))
                reason = equivalent(mutant, source)
                if mutant.status == "survived" and reason:
                    mutant.status, mutant.reason = "equivalent", reason
                result.mutants.append(mutant)
            by_module[result.module] = result
    if len(seeds) != 1:
        sys.exit(f"the runs were drawn with different seeds ({sorted(seeds)}); not joined")
    return list(by_module.values()), seeds.pop(), " or ".join(map(str, sorted(sizes)))


def reprint(paths: list[Path]) -> int:
    results, seed, per_module = load(paths)
    print(report(results, seed, per_module))
    return 0


def carry_over(samples: dict[str, list[Mutant]], paths: list[Path]) -> int:
    """Take the result of each sampled mutant that earlier runs (``paths``, joined) killed, so
    that only the others run again: sound when only tests were added since (a test that failed
    on a mutant still fails on it). A mutant the earlier runs did not hold (the module was
    edited, or sampled otherwise) runs. A mutant is known by its mutated text too: one
    comparison's two `<=` made `<` share a line and a description. Returns how many results
    were taken."""
    earlier, _seed, _sizes = load(paths)
    killed = {
        (m.module, m.line, m.scope, m.kind, m.description, m.replacement): m
        for result in earlier
        for m in result.mutants
        if m.status in ("killed", "timeout")
    }
    taken = 0
    for mutants in samples.values():
        for mutant in mutants:
            found = killed.get(
                (
                    mutant.module,
                    mutant.line,
                    mutant.scope,
                    mutant.kind,
                    mutant.description,
                    mutant.replacement,
                )
            )
            if found is not None and mutant.status != "equivalent":
                mutant.status, mutant.seconds, mutant.failed = (
                    found.status,
                    found.seconds,
                    found.failed,
                )
                mutant.reason = "killed in an earlier run"
                taken += 1
    return taken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--module", action="append", choices=MODULES, help="repeatable")
    parser.add_argument("--per-module", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--list", action="store_true", help="list the sample, run nothing")
    parser.add_argument(
        "--from-json",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="print the report of earlier --json runs again, joined (a module's last run "
        "counts), with today's EQUIVALENT",
    )
    parser.add_argument(
        "--again",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="run only the sampled mutants that the --json runs FILE did not kill, taking their "
        "kills (for a run after tests were added, the rules unchanged)",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="the checkout to measure (default: the one this script is in)",
    )
    args = parser.parse_args(argv)
    # a stopped run still restores the copy and removes it
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    if args.from_json:
        return reprint(args.from_json)
    modules = args.module or list(MODULES)

    samples: dict[str, list[Mutant]] = {}
    for module in modules:
        source = (args.root / RULES / f"{module}.py").read_text()
        found = Finder(module, source).find()
        samples[module] = sample(found, args.per_module, args.seed, module)
        for mutant in samples[module]:
            reason = equivalent(mutant, source)
            if same_program(source, apply(source, mutant)):
                reason = "parses to the same program"
            if reason:
                mutant.status, mutant.reason = "equivalent", reason
        if args.list:
            print(f"{module}: {len(found)} candidates, {len(samples[module])} sampled")
            for mutant in samples[module]:
                print(f"  {mutant.line} [{mutant.kind}] {mutant.scope}: {mutant.description}")
    if args.list:
        return 0
    if args.again:
        taken = carry_over(samples, args.again)
        print(f"taken from the earlier runs: {taken} killed mutants", file=sys.stderr)

    results = [ModuleResult(module, samples[module]) for module in modules]
    with tempfile.TemporaryDirectory(prefix="ragtriage-mutate-") as temporary:
        checkout = copy_checkout(args.root, Path(temporary))
        check_copy(checkout)
        status, baseline, failed = run_tests(checkout, modules[0], timeout=600)
        if status != "survived":
            sys.exit(f"the tests fail on the unchanged code ({failed}); nothing to measure")
        timeout = max(60.0, 4 * baseline)
        print(
            f"baseline: the tests pass in {baseline:.1f} s; timeout {timeout:.0f} s",
            file=sys.stderr,
        )
        for result in results:
            path = checkout / RULES / f"{result.module}.py"
            original = path.read_text()
            for number, mutant in enumerate(result.mutants, 1):
                if mutant.status in ("equivalent", "killed", "timeout"):
                    continue
                try:
                    path.write_text(apply(original, mutant))
                    mutant.status, mutant.seconds, mutant.failed = run_tests(
                        checkout, result.module, timeout
                    )
                finally:
                    path.write_text(original)
                print(
                    f"{result.module} {number}/{len(result.mutants)} {mutant.status:8}"
                    f" {mutant.seconds:5.1f}s {RULES / result.module}.py:{mutant.line}"
                    f" {mutant.description}",
                    file=sys.stderr,
                    flush=True,
                )
    if args.json:
        payload = {
            "seed": args.seed,
            "per_module": args.per_module,
            "modules": [
                {
                    "module": result.module,
                    "mutants": len(result.mutants),
                    "killed": result.count("killed", "timeout"),
                    "survived": result.count("survived"),
                    "equivalent": result.count("equivalent"),
                    "results": [
                        {k: v for k, v in asdict(m).items() if k not in ("start", "end")}
                        for m in result.mutants
                    ],
                }
                for result in results
            ],
        }
        print(json.dumps(payload, indent=2))
    else:
        print(report(results, args.seed, args.per_module))
    return 0


if __name__ == "__main__":
    sys.exit(main())

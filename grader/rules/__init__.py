"""The grading rules (DESIGN 4): an answer read once, and small rules over that reading.

- `normalize`: one normalisation for answers, phrases, needles and keys;
- `match`: needles, keys and decline phrases matched as words;
- `citations`: citation markers, source mentions, invented source blocks;
- `clauses`: asserted versus attributed (the clause strategies);
- `declines`: decline phrases and their conditions (data: `grader/needles/declines.json`);
- `european_numbers`: a number written the European way ("1.500,5"), one reading for figures,
  a key's figures and money;
- `currencies`: currencies, scale words and numbers as written;
- `money`: amounts of money in any currency (the one parser), unit notes;
- `money_wording`: an amount worded as negative (a loss, an overdrawn balance, a refund), or as
  no money at all;
- `money_keys`: money keys and what matches them, the bare figure a form prints;
- `sentences`: an answer's sentences, their parts and what opened each, polarity;
- `context`: what an answer is read against (the question, and what the sources ground);
- `facts`: a part's asserted amounts and figures with their facts, and absence;
- `reading`: an answer read once, with all of the above;
- `stance`: the side an answer takes on a Yes-or-No question;
- `surface`: the canonical surface form (diacritics, initials, digit grouping, regnal numbers),
  and an index of the surface-form families: `surface_numbers` (numbers in words),
  `surface_units` (units, scales, ranges; the unit table in `units`), `eras` (BC and AD),
  `surface_times` (times of day), `surface_counts` (counting nouns, compound durations),
  `spellings` (British and American), `surface_dates` (dates), `surface_forms` (an accepted
  answer's forms), `surface_match` (saying an accepted answer, a name given shorter, the key in
  other words), `question_words` (the key less the words the question asks with);
- `key`: the gold read once into a typed key;
- `conclusion`: the money-conclusion strategies (which asserted amount is the answer);
- the checks, one module per family, each writing its own outcomes with their codes:
  `money_check` (M), `decline_check` (D), `content_check` (K, F, Y, N: one tally),
  `citation_check` (C), `suspicions` (S);
- `verdict`: the grader, combining the checks (E and V);
- `codes`: the rule registry: every label's code, name, deciding function, definition and
  examples (`ragtriage rules`), and the one place a label is read back into its code.

Every shortcut in these modules (a guard, prefilter, hint list or skim) is listed, with the test
that it equals its rule, in docs/performance.md ("Every shortcut, and the test that it equals its
rule"; tests/test_shortcuts.py holds the table to the code).

May import: `grader.schema`, `grader.errors`, the standard library, orjson, msgspec, rapidfuzz.
"""

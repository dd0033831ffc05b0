"""The grading rules (DESIGN 4): an answer read once, and small rules over that reading.

- `normalize`: one normalisation for answers, phrases, needles and keys;
- `match`: needles, keys and decline phrases matched as words;
- `citations`: citation markers, source mentions, invented source blocks;
- `clauses`: asserted versus attributed (the clause strategies);
- `declines`: decline phrases and their conditions (data: `grader/needles/declines.json`);
- `money`: amounts of money in any currency, money keys, the bare figure;
- `reading`: sentences, parts, and the facts of each;
- `verdict`: the rules over a reading, the money-conclusion strategies, the grader;
- `codes`: the rule registry: every label's code, name, deciding function, definition and
  examples (`ragtriage rules`), and the one place a label is read back into its code.

May import: `grader.schema`, `grader.errors`, the standard library, orjson, msgspec, rapidfuzz.
"""

"""Sentences and their parts (DESIGN 4.1): where an answer's sentences end, where a sentence's
parts end and what opened each, and the words that frame an answer's first sentence.

- A sentence ends at ".", "!", "?" or "…" before a new sentence, and at a line break, unless
  the next line goes on in lower case (a wrapped line); never after an abbreviation ("e.g.",
  "U.S.", "No. 5") or a citation's locator ("[2, p. 14]").
- (v4) **A period inside a name ends no sentence**: after a title or rank abbreviated before a
  name ("Lt. Gen. Patton", "Prof. Higgins", "Mt. Fuji", `_TITLES`), and after an
  initial before the rest of a name: an initial before another ("C. S. Lewis", "J. R. R.
  Tolkien"), the last of a run of initials ("C. S. Lewis"), an initial after a given name the
  tables hold ("John F. Kennedy": `grader.rules.given_names.is_listed_given_name`; one they
  lack, "Ulysses S. Grant", is cut there as before: a given name is not told from "Vitamin"
  without them). Never a
  letter that closes a name or a label ("Vitamin C. Citrus fruits hold it.", "World War I.
  Germany lost.", "Plan B. Then ..."), nor one before a word that opens a sentence ("Malcolm X.
  He was born ...", "Washington, D. C. The city ..."): there the sentence ends. The title so
  abbreviated stays part of the name it opens, which may be an answer of its own ("Dr. Watson.
  Holmes is the detective." gives Watson first).
- A part ends at a semicolon, before a contrast (", but", ", however", ", although", ...) and
  before a correction (", sorry", ", I mean", ", actually", ", rather"); "rather than" is no
  correction. So "I could not find the fee, but the service charge is $12.00" is two parts, and
  "$1,310.00, sorry, I mean $1,301.00" ends on a correction.
- (v4) **A text message's correction opens a sentence**: a line that opens, in lower case, with
  a correction word is a later message: "wait" ("no wait", "wait no") or "never mind" followed
  by a comma, "no", "that's" or "it's" (a text message drops the apostrophe: "thats", "its";
  "that was"), or the line's end; "sorry", "oops" or "scratch that" followed by a comma or the
  line's end; "nvm" before anything ("madrid\nwait, lisbon", "1066\nwait no\nit was 1067",
  "madrid\nnvm its lisbon"): `grader.rules.taken_back` reads it as a retraction. Never a
  wrapped line that goes on with the word inside its sentence ("... you will have to\nwait for
  the results", "wait for it", "... may have to\nwait that long", "we are\nsorry that it
  closed"): joined as before.
- An answer's sentences are read after an invented source block is cut off its end and an
  opening "Answer:" label dropped (`grader.rules.citations`), a scanned page's layout read first
  (a word broken at a line's end joined, a page number dropped: `grader.rules.normalize.
  without_page_layout`), then markdown's marks (a table's row is a sentence, a heading a label:
  `grader.rules.normalize.without_markdown`).
- A first sentence's polarity is the "Yes" or "No" it opens with, after a frame ("Based on the
  provided data, ").

(v4) **A marked final answer** (`final_answer`). A reasoning model writes its working first and
then its answer on a line of its own, opened by a marker: "Final answer: X" ("Final answer -
X", "The final answer is X", "My final answer: X") or "Answer: X", markdown's marks read first
("**Final answer:** X", a heading "## Final answer" over the answer). A person reads the final
answer as what the answer asserts, and the working before it as the way there, asserted no
more than a retracted or superseded part is: the working is set aside as a whole, and every
rule reads the final answer alone, for the key, another answer, a hedge, a decline and the
amounts ("Thinking: it was refitted in 1536 ... sank in 1545.\nAnswer: 1536" answers 1536;
"Let me think. Stan was found in South Dakota ...\nFinal answer: Sue" answers Sue; "Final
answer: I don't know" declines). The working's citations still cite. The marker opens a line
after some working (words before it, an opening "Answer:" label aside), and what follows it to
the answer's end (an invented source block cut off) is the answer's last paragraph or a line of
it.

Never:
- "the answer is" inside a sentence, or any marker inside a line ("... so the answer is
  Lohengrin.", "The fee is $5. Answer: $5"): a sentence of the working, or the answer itself;
- an "Answer:" label with nothing before it ("Answer: Paris", "Question: ...?\nAnswer:
  Paris"): the prompt's label echoed, dropped, and the whole answer read after it;
- a marker followed by another paragraph ("Answer: Ankara\n\nIt became the capital in 1923"):
  an answer and then its explanation, all of it read;
- two markers or more ("Answer: 12\n...\nAnswer: 7", an answer in parts): each answers a part,
  none is the final one;
- a marker inside an invented source block ("Paris\nQuestion: ...?\nAnswer: Rome"): the model ran
  on past its answer, and the block is cut off;
- a final answer that points back to the working ("Final answer: see above", "Answer: as
  explained"): the working is what it asserts, and is read;
- another label ("Answers:", "The answer: X", "Short answer: X", "Final answers").

(v4) **An answer given as a structured object** (`structured_answer`). An assistant asked for
structured output writes its answer as a JSON object: the answer in one field, and beside it
its confidence, alternatives, reasoning, sources. A person reads the answer field as what the
system answers and the other fields as its working: the answer field's value is read as the
whole answer, and the other fields are set aside as the marked final answer's working is (not
asserted; their citations still cite). The answer is, as a whole (white space around it, and a
markdown fence around it, "```json" or "```", aside), one JSON object, parsed as JSON, with
exactly one answer field: "answer", "final_answer", "response" or "result" (in any case, "_",
"-" or a space inside the name aside: "finalAnswer", "Final Answer"). Its value is a string (the
answer's text), a number (as it is written: 1889, 1.50) or a list of strings (the answer lists
them, one bullet a string, read as any list answer). So {"answer": "Forastero", "alternatives":
["Criollo"]} answers Forastero alone, {"answer": "Forastero", "reasoning": "Criollo is
rarer"} too, and {"answer": "I don't know", "confidence": 0.1} declines. The working is kept as
one line a field, "name: value" (a list's items joined with commas), so "sources": [1, 2] cites
as "sources: 1, 2" does. (v4) **A list of scored candidates** (`scored_reading`): an extractive QA
system's output as JSON, an array at the top, or one field "answers", "candidates",
"predictions", "top_k", "n_best" or "hypotheses" of an object with no answer field, whose every
item is an object with one field of its text ("text", "answer", "span", "candidate",
"prediction") and one of its score ("score", "confidence", "probability", "prob", "p",
"likelihood": a score as `grader.rules.candidates` defines it), two items at least: read as its
top candidate (`grader.rules.candidates.ranked_reading`: the highest score; a tie left open), the
whole object set aside as working ({"answers": [{"text": "turmeric", "score": 0.47}, {"text":
"saffron", "score": 0.45}]} answers turmeric); where the question asks for several
(`grader.rules.lists.asks_for_several`), its candidates as a list, one bullet each.

Never (the whole answer read as text, as any answer is):
- an object inside prose ("Here is the answer: {...}", an object and a sentence after it) or
  beside another ("{...} {...}"): only a whole answer is an object;
- malformed JSON (a quote or a brace missing, single quotes, a field named twice): no object;
- an object with no answer field ({"city": ..., "country": ...}, {"answers": [...]},
  {"short_answer": ...}: other names are not asked for) or with two ({"answer": ...,
  "final_answer": ...});
- an answer field whose value is another object, true or false, or a list that holds anything but
  strings: no answer a reader can take as it stands;
- an answer field that is empty (null, "", a list of none): the object gives no answer in it, and
  what it says instead is in its other fields ({"answer": null, "reason": "the filings do not
  give it"} declines as its words do);
- a JSON array or a lone string at the top ("[...]", "\"Paris\""), but a list of scored
  candidates, or "answer: X" lines of text (the "Answer:" label and the marked final answer read
  them); a list of candidates with no score, or one of them ({"answers": ["Haiti", "Dominican
  Republic"]}), or whose score is none (a score of 7, a text field missing).

(v4) **An answer given as a table** (`tabled_answer`). A system asked for a structured reply
may write it as a markdown table: a table of fields ("| Field | Value |", then "| Invented by
| René Laennec |", "| Year | 1816 |") or a table of candidates, each with a score or a rank ("|
Candidate | Confidence |", then "| Laennec | 0.71 |", "| Harvey | 0.18 |"), one of them marked as
chosen or none. A person reads a table of fields as statements, each row's name a label of its
value (as "Invented by: René Laennec"), and a table of candidates as candidates: the one marked
chosen is the answer and the others its working, and with none marked the answer does not
choose between them. So each such table is read in place, before markdown's marks are
(`grader.rules.normalize.without_markdown`, which owns what a table is: a header row, a rule row
of pipes, dashes and colons under it, and the rows under that, each a line holding a pipe):
- a **table of fields**: two columns, and a header that names the first as names and the second
  as their values (its first cell "Field", "Attribute", "Property", "Item", "Key", "Parameter",
  "Characteristic", "Feature", "Aspect", "Fact", "Detail", "Category" or "Question"; its second
  "Value", "Answer", "Detail", "Description", "Information", "Info", "Data", "Result" or
  "Response", a plural and emphasis aside). Each row reads "Name: value", and two rows or more
  are read as a list, one line each ("- Invented by: René Laennec"): each row one of several
  statements, none an answer given first (`grader.rules.leads`), as a numbered list of labelled
  lines is read. A table of fields with exactly one row named as an answer field (the names
  `structured_answer` reads: "Answer", "Final answer", "Response", "Result") is read as such an
  object is: that row's value is the answer, the other rows "Name: value" set aside as working
  ("| Answer | Tendon |" over "| Alternative | Ligament |" answers Tendon alone); with two such
  rows, or an empty value, the rows are statements as above;
- a **table of candidates**: a column of scores, whose header names a belief ("Confidence",
  "Probability", "Likelihood", "Certainty"; "Score" or "Rank" when another column's header
  names its rows as candidates: "Candidate", "Option", "Answer", "Guess", "Hypothesis", "Possible
  answer") and whose every cell is one (a score as `grader.rules.candidates` defines it, its one
  owner, `written_score`: a decimal from 0 to 1, "0.71", ".18", "1.0"; a percentage up to 100,
  "71%", or a bare number up to 100 under a header holding "%", "Confidence (%)"; under "Rank",
  the ranks 1 to the number of rows, each once); (v4) or, with no such column, a column
  that names its rows as candidates and one headed by a word of choice whose every cell is a
  mark or none ("TRUE", "FALSE", "yes", "no", "1", "0", "x", a check mark, empty: a sheet's
  "| candidate | selected |"). A row's candidate is its cell in the column that names
  candidates, else in the first column that is no score. A row is marked chosen by a check mark
  in a cell ("✓", "✔", "☑", "✅"), a word of choice as a cell other than the candidate's (a
  candidate may be named "Best") or in brackets after a candidate ("chosen", "selected",
  "best", "picked", "final", "answer", "(best)", "[chosen]"), "yes" or "x" (v4: "TRUE", "1",
  as a sheet writes a mark) under a header that is such a word, or its candidate in bold where
  no other row's is. One row marked chosen (or a table of one row): the table reads as that
  row's candidate. None marked, or several: the table reads as its candidates left open,
  "Either A or B or C." (`grader.rules.candidates.uncommitted` reads such a pair: the key among
  them is among candidates, K010, and a later sentence naming one alone chooses it). Either way
  the table itself, each row its cells joined by commas (`Table.rows_as_text`), is set aside as
  working (its citations still cite). A question that asks for several
  (`grader.rules.lists.asks_for_several`, read only where a table of candidates is found) has
  its answer in every row: there a table of candidates is read as any table is.
(v4) A sheet's rows (CSV, TSV, a text grid: `grader.rules.sheets`) are tables too, read as a
table of candidates is, else by their column of answers (`grader.rules.sheets.answer_column`);
a markdown table that no reading above reads is read by its column of answers too. A
candidate's or an answer's cell is read as a sheet writes its value ("3.00E+00" is 3,
`grader.rules.sheets.cell_value`), and a spreadsheet's formula line before a value is set aside
as working (`grader.rules.sheets.formula_working`).
Prose before or after a table, a note under it included, is read as it stands.

Never (the table read as markdown reads any table, each row a sentence of its cells):
- a table with other columns ("| Year | Event |", "| Novel | Author |", "| Sister | Born |"): a
  table of facts, read row by row as before (its first row a lead, `grader.rules.leads`),
  whatever prose answers after it ("| Year | Event |" then "So it was 1066.") and whatever list
  its rows make ("Name the three ...");
- a table of fields of three columns or more, or one whose header names no fields and values;
- a column of numbers that are no scores: years ("| Candidate | Score |" over 1066 and 1067),
  goals or points ("| Club | Score |" over 2 and 1, where no column names candidates; a whole
  number is no score under any header: "| Candidate | Score |" over 1 and 0 is a tally), a
  percentage of something counted ("| Party | Vote share |" over 43% and 31%), ranks of a table
  of facts ("| Rank | Country | Gold |");
- pipes inside prose ("A | B testing", "A|B testing") or a row with no rule row under it.

(v4) **An agent's trace** (`agent_reply`). An agent that shows its work writes a trace before
its reply: ReAct's labelled lines ("Thought: ...", "Action: search[...]", "Observation: ...",
repeated, then "Final Answer: ..."), or a tool's call and its result on a line ('[tool:
encyclopedia("Hastings")] -> "..."'), then its reply in prose. A person reads the reply as what the
system answers, the thoughts and actions as its working and the observations as text it
retrieved, not claims: the trace is set aside as working, as the marked final answer's working
is, and every rule reads the reply alone. A trace line is a line that opens (after white space)
with one of these:
- a label, "Thought", "Action", "Action Input" or "Observation" (a number after it, "Thought 2",
  as ReAct numbers its steps; any case), then a colon: the line to its end;
- a bracketed tool call: "[", "tool:" or not, a name called with its arguments ("drug_lookup(...)",
  "search(...)", "web.search(...)"), "]", then an arrow, "->", "=>" or "→", and the call's
  result: the line to its end.
An answer holds a trace only when one of its lines is a tool call: an Action whose text is a
name and its arguments in brackets or parentheses ("Action: search[tungsten melting point]",
"Action 2: lookup(tungsten)"), an "Action Input" line (the input of the Action named on the line
before it), or a bracketed tool call. Then the working is the answer to the end of its last
trace line (what stands before its first is the agent's preamble, and a line between two trace
lines an observation's run-on or a step of the way), and the reply is what follows, read as any
answer is:
- a marked final answer after the trace ("Final Answer: tungsten") is read as
  `final_answer` reads it, its working holding the trace (the trace is looked for in what that
  family leaves to read: a marker inside the trace leaves the rest of the trace, read so); where
  that family reads none (a paragraph after it), the reply after the last trace line is read,
  its opening marker aside;
- ReAct's own finish, "Action: finish[X]" as the last trace line, replies X;
- prose after the last trace line is the reply ("... -> \"...\"\nThe longest bone is the femur.");
- nothing after the last trace line (the trace stops at an Action, a Thought or an Observation,
  "Observation: (timed out)") is no reply: read as an empty answer is (it asserts nothing and
  declines nothing).
So a trace whose observations hold the key and whose reply names another answers the other, and
one whose observations list other candidates beside a reply naming the key answers the key. An
observation that runs over several lines, the trace's last, leaves its run-on read as the reply:
such lines are not told from prose.

Never (no trace: the answer read as it stands):
- a label with no tool call in the answer ("Observation: the rash faded after two days." in a
  clinical answer, "Action: the referee awarded a penalty.", a nurse's "Action: oxygen given"
  with no name called): words of prose, or a report's headings;
- a line quoting a source in prose ("According to Wikipedia, ...", "Source: the 2021 census"),
  or a bracket with no call in it ("[Step 1] -> whisk the eggs", "[1] => see the table");
- a tool call inside a line ("I searched with search(femur) -> nothing"), "Calling
  search(...)", a function call's JSON and its result: where such a result ends and the reply
  begins is not marked;
- a label inside a line ("My first thought: it was Pasteur").
The reply's citations cite as any answer's do, and the trace's still cite as working.

(v4) **An answer written as a letter** (`grader.rules.letters.letter_body`, which owns what a
greeting, a sign-off and its signature, a P.S., a quoted message and a mail header are): its
envelope is set aside as working, as an agent's trace is, after markdown's marks are read and
before a marked final answer is looked for; its body is what is split ("Dear Ms Patel,\n\nIt was
Lister.\n\nKind regards,\nAnn Ross" is the one sentence "It was Lister.").

(v4) **An answer written as a dialogue** (`grader.rules.dialogues.dialogue_turns`, which owns
what a speaker's label, a turn, the asker, the answerer, a helper, a commitment and an answer
sheet's label are): the asker's and the helpers' turns are set aside as working, as a letter's
envelope is, after the envelope and before a marked final answer is looked for; the answerer's
turns are what is split ("HOST: Which river?\nCONTESTANT: The Rhine.\nHOST: No, the Danube." is
the one sentence "The Rhine.").

(v4) **An answer written as a speech recogniser's transcript**
(`grader.rules.transcripts.spoken_words`, which owns what a transcript, its markup and a
correction spoken inside a segment are): its timestamps, speakers' tags, events in brackets,
fillers and false starts are set aside as working, after a structured answer's field is read
and before anything else; its segments, one a line, are what is split ("[00:00:01.00]
SPEAKER_02: formula [00:00:01.60] rosa" is the one sentence "formula rosa").

(v4) **An answer given through code** (`grader.rules.code_answers.code_reading`, which owns what
a line of code, a session's prompt, an output, an error and a conclusion are): the code, its
output where prose concludes after it, and an error are set aside as working, as a letter's
envelope is, after a structured answer is looked for and a transcript's markup set aside,
before anything else; what it asserts is what is split
("rivers = ['Nile', 'Amazon']\nprint(rivers[1])\nAmazon" is the one sentence "Amazon"; code
that shows no output and names no answer asserts nothing). A variable named as
an answer field is (`_is_answer_name`) names the answer.

`grader.rules.reading` reads each part's facts.

Why one file: an answer's sentences are made in one pass (`answer_sentences`): the structured
object, the table, the scored candidates (`grader.rules.candidates`), the marked final answer
and the agent's trace decide which text is split, and the sentence and part ends split it; what
is read and how it is cut are one definition, read together, and their cases
(tests/rules/test_reading.py, test_final_answer.py, test_structured_answer.py, test_tables.py,
test_agent_traces.py, test_candidates.py) go through the one pass.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from grader.rules.candidates import (
    BOLD,
    CHECK_MARKS,
    left_open,
    listed_candidates,
    named_score,
    ranked_reading,
    scored_candidates,
    written_score,
)
from grader.rules.citations import ANSWER_LABEL, invented_block_start, without_answer_label
from grader.rules.code_answers import code_reading
from grader.rules.dialogues import dialogue_turns
from grader.rules.given_names import is_listed_given_name
from grader.rules.languages import without_foreign_label
from grader.rules.letters import letter_body
from grader.rules.lists import asks_for_several
from grader.rules.match import first_word_as_matched, opening_with
from grader.rules.normalize import (
    Table,
    clean,
    has_markdown,
    lowered_as_matched,
    markdown_tables,
    normalize,
    without_markdown,
    without_page_layout,
)
from grader.rules.sheets import answer_column, cell_value, formula_working, sheet_tables
from grader.rules.stance import opening_connective
from grader.rules.surface import FUNCTION_WORDS
from grader.rules.surface_numbers import scanned_figures
from grader.rules.transcripts import spoken_words

# A sentence ends at ".", "!", "?" or "…" (then any closing quotes or brackets), before white
# space and a word that does not start in lower case; and at a line break, unless the next line
# goes on in lower case (a wrapped line), unless that line opens with a text message's
# correction (`_CORRECTION_LINE`).
_SENTENCE_END = re.compile(r"[.!?…][\"')\]]*(\s+)(?=[^\s])")
# (v4) A line that opens with a correction word is a later text message, a new sentence, not a
# wrapped line (see the module): "wait" ("no wait", "wait no") or "never mind" followed by a
# comma, "no", "that's" ("thats", "that was"), "it's" ("its"), or the line's end; "sorry", "oops"
# or "scratch that" followed by a comma or the line's end; "nvm" before anything.
_LINE_END = r"[ \t]*(?:\r\n|\r|\n|$)"
_FOLLOWS_WAIT = (
    r"(?:[ \t]*,|[ \t]+(?:no|that['’]?s|that\s+(?:is|was)|it['’]?s)\b|" + _LINE_END + ")"
)
_CORRECTION_LINE = (
    r"(?:nvm\b|(?:no\s+wait|wait\s+no|wait|never\s+mind)"
    + _FOLLOWS_WAIT
    + r"|(?:sorry|oops|scratch\s+that)(?:[ \t]*,|"
    + _LINE_END
    + "))"
)
_WRAPPED = re.compile(r"[ \t]*(?:\r\n|\r|\n)[ \t]*(?=[a-z])(?!" + _CORRECTION_LINE + ")")
# Words after which a period does not end a sentence: "e.g.", "U.S.", "Inc.", "No. 5", and a
# citation's locator ("[2, p. 14]", "[1, sec. 3]").
_ABBREVIATIONS = frozenset(
    "e.g i.e u.s u.k inc no vs approx mr mrs ms dr co corp ltd st jr fig figs sr est dept "
    "p pp pg sec para paras ch chap art tab".split()
)
# (v4) Titles and ranks abbreviated before a name, after which a period ends no sentence either
# ("Lt. Gen. Patton", "Capt. Scott", "Mt. Fuji"), from the usual abbreviations of ranks, offices
# and place words before a name in English style guides (not exhaustive).
_TITLES = frozenset(
    "lt lieut cmdr cdr capt gen col maj sgt cpl pvt adm brig prof rev hon gov sen pres fr mt ft "
    "messrs mme mlle".split()
)
_NO_SENTENCE_END = _ABBREVIATIONS | _TITLES
# An initial: one letter and its period ("H.", "G.").
_INITIAL = re.compile(r"[^\W\d_]\.")
CONTRASTS = ("but", "however", "whereas", "while", "yet", "although", "though")
# The words that open a clause drawing the answer's conclusion ("... so it was owned by X"):
# read by the K008 reading (`grader.rules.answering`) and by K014 (`grader.rules.taken_back`).
CONCLUSIONS = ("so", "thus", "therefore", "hence")
CONTRAST, CORRECTION = "contrast", "correction"
# A part of a sentence ends at a semicolon; before a contrast (after a comma, or "but" and
# "whereas" alone); and before a correction after a comma, a semicolon, a colon or a dash (or
# "or rather" alone). "rather than" is no correction: it negates what follows.
_PART_END_BODY = (
    r";\s*"
    r"|,\s*(?=(?:" + "|".join(CONTRASTS) + r")\b)"
    r"|\s+(?=(?:but|whereas)\s)"
    r"|\s*[,:-]\s*(?=(?:sorry|i\s+mean|i\s+meant|actually|rather(?!\s+than)|correction"
    r"|make\s+that|that\s+should\s+be)\b)"
    r"|\s+(?=or\s+rather\b)"
)
# (every cut opens with a semicolon, a comma, a colon, a dash or a space: `opening_with`)
_PART_END = re.compile(opening_with(r";,:\s\-", _PART_END_BODY), re.IGNORECASE)
_OPENER = re.compile(
    r"\s*(?:(?P<contrast>" + "|".join(CONTRASTS) + r")"
    r"|(?P<correction>sorry|i\s+mean|i\s+meant|actually|or\s+rather|rather(?!\s+than)|correction"
    r"|make\s+that|that\s+should\s+be))\b",
    re.IGNORECASE,
)
# What a sentence must hold for `_PART_END` to cut it (each of its cuts stands before one of
# these words, or at a semicolon): a sentence with none is one part, unread. Lower case.
_SPLIT_HINTS: tuple[str, ...] = (
    ";",
    *CONTRASTS,
    "sorry",
    "mean",
    "actually",
    "rather",
    "correction",
    "make",
    "should",
)
# The first words of an answer that frame it ("Based on the provided data, ...", "According to
# the filing, ...") before its polarity word.
_FRAME = re.compile(
    r"\s*(?:(?:based|relying)\s+(?:solely\s+|only\s+|primarily\s+)?on|according\s+to|from|given"
    r"|per|in\s+light\s+of|after\s+review\w*|upon\s+review\w*|looking\s+at|reviewing"
    r"|considering|in\s+summary|in\s+short|in\s+conclusion|to\s+answer\s+your\s+question"
    r"|answer)\b[^,;:]*[,;:]\s*",
    re.IGNORECASE,
)
# A marked final answer's marker (see the module's docstring): a label opening a line, "Final
# answer" ("my" or "the" before it; a colon, a dash, "=" or "is" after it) or "Answer:".
_FINAL_MARKER = re.compile(
    r"[\r\n][ \t]*(?:(?:(?:my|the)[ \t]+)?final[ \t]+answer[ \t]*(?:[:=\u2013\u2014-]|is\b)"
    r"|answer[ \t]*:)[ \t]*",
    re.IGNORECASE,
)
_WORD = re.compile(r"\w")
# A blank line: a paragraph ends there.
_PARAGRAPH_END = re.compile(r"(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)")
# A final answer that points back to the working ("see above", "as explained", "the one above").
_POINTS_BACK = re.compile(
    r"^\W*(?:see|as\s+(?:stated|explained|shown|given|noted|discussed|worked\s+out))\b"
    r"|\babove\W*$",
    re.IGNORECASE,
)
# A structured answer's fence around the whole answer ("```json" or "```" on a line of its own,
# then "```" on the last); the JSON inside is parsed as JSON, never matched.
_FENCE = re.compile(r"```[ \t]*(?:json)?[ \t]*\r?\n(.*)\r?\n[ \t]*```", re.DOTALL | re.IGNORECASE)
# The names of a structured answer's answer field, lower case, "_", "-" and spaces dropped.
_ANSWER_FIELDS = frozenset({"answer", "finalanswer", "response", "result"})
# (v4) A structured answer's list of scored candidates (`scored_reading`): the list's field, and
# each candidate's fields of its text and of its score (names as `_field_name` writes them).
_SCORED_LISTS = frozenset({"answers", "candidates", "predictions", "topk", "nbest", "hypotheses"})
_CANDIDATE_TEXT = frozenset({"text", "answer", "span", "candidate", "prediction"})
_CANDIDATE_SCORE = frozenset({"score", "confidence", "probability", "prob", "p", "likelihood"})
# (v4) An agent's trace (see the module's docstring), each line's pattern opening with the line
# break before it (a literal the engine looks for first): a tool's name ("search",
# "drug_lookup", "web.search"); a bracketed tool call, then an arrow; a label, numbered or not;
# an Action whose text is a call; ReAct's finish action.
_TOOL = r"[^\W\d]\w*(?:\.\w+)*"
_BRACKETED_CALL = (
    r"\[[ \t]*(?:tool[ \t]*:[ \t]*)?" + _TOOL + r"[ \t]*\(.*\)[ \t]*\][ \t]*(?:->|=>|\u2192)"
)
_STEP = r"(?:[ \t]+\d+)?[ \t]*:[ \t]*"
_LABEL = r"(?:thought|action(?:[ \t]+input)?|observation)" + _STEP
_ACTION_CALL = r"action" + _STEP + _TOOL + r"[ \t]*(?:\[.*\]|\(.*\))[ \t]*\r?$"
_ACTION_INPUT = r"action[ \t]+input" + _STEP
_TRACE_LINE = re.compile(rf"\n[ \t]*(?:{_BRACKETED_CALL}|{_LABEL})", re.IGNORECASE)
_TOOL_CALL = re.compile(
    rf"\n[ \t]*(?:{_BRACKETED_CALL}|{_ACTION_CALL}|{_ACTION_INPUT})", re.IGNORECASE | re.MULTILINE
)
_FINISH = re.compile(
    r"\n[ \t]*action" + _STEP + r"finish[ \t]*\[(.*)\][ \t]*\r?$", re.IGNORECASE | re.MULTILINE
)
_POLARITY = re.compile(r"\s*(?P<word>yes|no)\b(?!\s+(?:one|longer|more|less|such|other)\b)")
# (v4) An answer given as a table (see the module's docstring): the words of a table of fields'
# header, of a column of scores' and of a column of candidates', lower case, a plural's "s" and
# emphasis aside; a score of each kind; what marks a row chosen.
_FIELD_NAMES = frozenset(
    "field attribute property item key parameter characteristic feature aspect fact detail "
    "category question".split()
)
_FIELD_VALUES = frozenset(
    "value answer detail description information info data result response".split()
)
_BELIEFS = frozenset("confidence probability likelihood certainty".split())
_SCORES = frozenset({"score", "rank"})
_CANDIDATES = frozenset("candidate option answer guess hypothesis".split()) | {"possible answer"}
_HEADER_WORD = re.compile(r"[^\W\d_]+")
_RANK = re.compile(r"#?(?P<number>\d{1,2})")
_CHOICES = "chosen|selected|best|picked|final|answer|final answer|my answer|top pick"
_CHOICE_CELL = re.compile(rf"[\s(\[<\u2190-]*(?:{_CHOICES})[\s)\]!]*", re.IGNORECASE)
_CHOICE_AFTER = re.compile(rf"\s*[(\[]\s*(?:{_CHOICES})\s*[)\]]\s*$", re.IGNORECASE)
_CHOICE_YES = frozenset({"yes", "x", "true", "1"})
_CHOICE_NO = frozenset({"no", "false", "0", ""})


def split_sentences(text: str) -> list[str]:
    """The sentences of a text, in order, without the white space around them."""
    sentences = []
    if "\n" in text or "\r" in text:
        text = _WRAPPED.sub(" ", text)  # (a wrapped line ends at a line break)
    for line in text.splitlines():
        start = 0
        for end in _SENTENCE_END.finditer(line):
            following = line[end.end() :]
            before = line[start : end.start()]
            word_before = before.rsplit(None, 1)[-1:] or [""]
            if (
                following[:1].islower()
                or word_before[0].lower() in _NO_SENTENCE_END
                or _initial_in_name(before, following)
            ):
                continue  # an abbreviation's period, or one inside a name ("C. S. Lewis")
            sentences.append(line[start : end.start(1)])
            start = end.end()
        sentences.append(line[start:])
    return [sentence.strip() for sentence in sentences if sentence.strip()]


def _initial_in_name(before: str, following: str) -> bool:
    """Whether the period after ``before`` is an initial's before the rest of a name (see the
    module): ``before`` ends in one capital letter, and the text ``following`` opens with another
    initial ("C. S."), or with a word that opens no sentence after an initial ("C. S. Lewis") or
    after a given name the tables hold ("John F. Kennedy"); never after another word ("Vitamin
    C. Citrus ..."), nor before a function word ("Malcolm X. He ...")."""
    words = before.split()
    if not words or len(words[-1]) != 1 or not words[-1].isupper():
        return False
    next_word = following.split(None, 1)[0] if following.strip() else ""
    if _INITIAL.fullmatch(next_word):
        return True
    if next_word.strip("\"'(),;:").lower() in FUNCTION_WORDS:
        return False
    previous = words[-2] if len(words) > 1 else ""
    initial = _INITIAL.fullmatch(previous) is not None and previous[0].isupper()
    return initial or is_listed_given_name(previous)


def part_spans(sentence: str) -> list[tuple[int, int]]:
    """Where the parts of a sentence start and end (see the module's docstring)."""
    lowered = lowered_as_matched(sentence)
    if not any(hint in lowered for hint in _SPLIT_HINTS):
        return [(0, len(sentence))]  # nothing a part can end at
    return part_spans_by_definition(sentence)


def part_spans_by_definition(sentence: str) -> list[tuple[int, int]]:
    """`part_spans` without its shortcut (no hint, one part): the definition."""
    spans = []
    start = 0
    for end in _PART_END.finditer(sentence):
        if end.start() > start:
            spans.append((start, end.start()))
        start = end.end()
    if start < len(sentence):
        spans.append((start, len(sentence)))
    return spans or [(0, len(sentence))]


# The first word of every opener (`_OPENER`'s alternatives, each followed by a character that is
# no letter): a part whose first word is none of them has no opener (the shortcut's test:
# tests/test_shortcuts.py).
_OPENER_WORDS = frozenset(
    (*CONTRASTS, "sorry", "i", "actually", "or", "rather", "correction", "make", "that")
)


def opener_of(part: str) -> str:
    """What opens a part: ``correction``, ``contrast`` or ``""``. The opener's pattern is read
    only where the part's first word opens one (`grader.rules.match.first_word_as_matched`):
    most parts open with none, and the pattern costs some 4,000 instructions a part."""
    if first_word_as_matched(part) not in _OPENER_WORDS:
        return ""
    return opener_by_definition(part)


def opener_by_definition(part: str) -> str:
    """`opener_of` without its shortcut: the pattern on every part."""
    found = _OPENER.match(part)
    if found is None:
        return ""
    return CORRECTION if found.group("correction") else CONTRAST


def answer_sentences(
    answer: str, *, question: str = "", asked: frozenset[str] = frozenset()
) -> tuple[list[str], str, str]:
    """An answer's sentences, cleaned; the invented source block cut off its end; the working
    set aside beside a structured answer's answer field (`structured_answer`), in a table of
    candidates (`tabled_answer`, read against the ``question`` asked), beside scored candidates
    (`grader.rules.candidates.scored_candidates`), in a list of candidates
    under a header that calls them so (`grader.rules.candidates.listed_candidates`: ``asked``,
    the question's words, may ask for them; never to a question that asks for several), a
    transcript's markup (`grader.rules.transcripts.spoken_words`), a
    letter's envelope (`grader.rules.letters.letter_body`), a dialogue's turns other than its
    answerer's (`grader.rules.dialogues.dialogue_turns`), before a marked final answer
    (`final_answer`) and an agent's trace before its reply (`agent_reply`, in what the final
    answer leaves), or "" (the answer field's value read as the answer first, then a scanned
    page's layout and markdown's marks, `grader.rules.normalize.without_page_layout` and
    `without_markdown`; an opening "Answer:" label dropped before the
    block is looked for)."""
    several = partial(asks_for_several, question)
    fields, answer = structured_answer(answer, several) or ("", answer)
    markup, answer = spoken_words(answer)
    code, answer = code_reading(answer, question, _is_answer_name)
    answer = without_page_layout(answer)
    table, answer = tabled_answer(answer, question=question)
    formula, answer = formula_working(answer)
    scored, answer = scored_candidates(answer, several)
    listed, rest = listed_candidates(answer, asked)
    if listed and not asks_for_several(question):  # (read only where a list is found)
        answer = rest
    else:
        listed = ""
    if has_markdown(answer):
        answer = without_markdown(answer)
    envelope, answer = letter_body(answer)
    turns, answer = dialogue_turns(answer)
    working, answer = final_answer(answer)
    trace, answer = agent_reply(answer)
    answer = without_answer_label(answer)
    # (the answer's label in another language, set aside: `grader.rules.languages`)
    label, answer = without_foreign_label(answer)
    block = invented_block_start(answer)
    body, invented = (answer, "") if block is None else (answer[:block], answer[block:])
    # (a scan's figures read in the answer's own text, where case is kept, before its figures
    # and amounts are: `grader.rules.surface_numbers.scanned_figures`)
    sentences = [scanned_figures(clean(sentence)) for sentence in split_sentences(body)]
    working = working.strip()
    working_parts = (
        label,
        fields,
        markup,
        code,
        table,
        formula,
        scored,
        listed,
        envelope,
        turns,
        working,
        trace,
    )
    return sentences, invented.strip(), "\n".join(filter(None, working_parts))


def structured_answer(
    answer: str, several: Callable[[], bool] = lambda: False
) -> tuple[str, str] | None:
    """A structured answer's working and its answer (see the module's docstring): its other
    fields, one "name: value" line each, and its answer field's value as text, or its scored
    candidates' reading (`scored_reading`: ``several``, whether the question asks for several,
    asked only where they are found); None when the answer is no such object."""
    text = answer.strip()
    fenced = _FENCE.fullmatch(text)
    if fenced is not None:
        text = fenced.group(1).strip()
    if not text.startswith(("{", "[")):
        return None  # (a JSON object's text opens with its brace, an array's with its bracket)
    try:
        fields = json.loads(
            text, object_pairs_hook=_fields_once, parse_int=_Number, parse_float=_Number
        )
    except (ValueError, RecursionError):
        return None  # malformed, or a field named twice
    if isinstance(fields, list):
        read = scored_reading(fields, several)
        return None if read is None else (_field_text(fields), read)
    if not isinstance(fields, dict):
        return None
    named = [name for name in fields if _field_name(name) in _ANSWER_FIELDS]
    listed = [name for name in fields if _field_name(name) in _SCORED_LISTS]
    if not named and len(listed) == 1:
        read = scored_reading(fields[listed[0]], several)
        if read is not None:  # (the list is working, its top read)
            return "\n".join(
                f"{name}: {_field_text(field)}" for name, field in fields.items()
            ), read
    if len(named) != 1:
        return None  # no answer field, or two
    value = _answer_text(fields.pop(named[0]))
    if value is None:
        return None
    return "\n".join(f"{name}: {_field_text(field)}" for name, field in fields.items()), value


def scored_reading(value: Any, several: Callable[[], bool]) -> str | None:
    """A JSON list of scored candidates read (see the module's docstring): each an object with
    one field of its text and one of its score, two at least; its top candidate
    (`grader.rules.candidates.ranked_reading`), or, where the question asks for several, its
    candidates as a list, one bullet each; None when ``value`` is no such list."""
    if not isinstance(value, list) or len(value) < 2:
        return None
    items = []
    for item in value:
        if not isinstance(item, dict):
            return None
        texts = [field for name, field in item.items() if _field_name(name) in _CANDIDATE_TEXT]
        scores = [
            named_score(name, field.written)
            for name, field in item.items()
            if _field_name(name) in _CANDIDATE_SCORE and isinstance(field, _Number)
        ]
        if len(texts) != 1 or not isinstance(texts[0], str) or not texts[0].strip():
            return None
        if len(scores) != 1 or scores[0] is None:
            return None
        items.append((texts[0].strip(), scores[0]))
    if several():
        return "\n".join(f"- {name}" for name, _score in items)
    return ranked_reading(items)


def tabled_answer(answer: str, *, question: str = "") -> tuple[str, str]:
    """An answer's tables of fields and of candidates, and its sheets' rows, read (see the
    module's docstring and `grader.rules.sheets`): the working set aside (each table of
    candidates or sheet read, its rows as markdown reads them, one a line) and the answer with
    each such table in its reading; ("", the answer) when it holds none. When the ``question``
    asks for several (`grader.rules.lists.asks_for_several`), a table of candidates is read as
    any, and a sheet's answers as a list."""
    lines = answer.split("\n")
    tables = []
    if "|" in answer and "---" in answer:  # (a table's rule row holds a pipe and three dashes)
        tables = markdown_tables(lines)
    markdown = {table.start for table in tables}
    if "\n" in answer:  # (a sheet's rows are under its header's line)
        spans = [range(table.start, table.end) for table in tables]
        sheets = [
            sheet
            for sheet in sheet_tables(lines)
            if not any(sheet.start in span or sheet.end - 1 in span for span in spans)
        ]
        tables = sorted(tables + sheets, key=lambda table: table.start)
    if not tables:
        return "", answer
    kept: list[str] = []
    working: list[str] = []
    at = 0
    for table in tables:
        kept.extend(lines[at : table.start])
        fields = _fields_read(table) if table.start in markdown else None
        several = fields is None and asks_for_several(question)
        candidates = None if fields is not None or several else _candidates_read(table)
        column = (
            None
            if fields is not None or candidates is not None
            else answer_column(table, several, question)
        )
        if fields is not None:
            kept.extend(fields[0])
            working.extend(fields[1])
        elif candidates is not None or column is not None:
            kept.extend(candidates or column or [])
            working.extend(table.rows_as_text())
        else:
            kept.extend(lines[table.start : table.end])
        at = table.end
    kept.extend(lines[at:])
    return "\n".join(working), "\n".join(kept)


def _header_name(cell: str) -> str:
    """A header cell's words as the table's vocabularies hold them: lower case, emphasis
    aside, a last word's plural "s" dropped ("**Values**" is "value")."""
    words = _HEADER_WORD.findall(cell.lower())
    if words and len(words[-1]) > 3 and words[-1].endswith("s"):
        words[-1] = words[-1][:-1]
    return " ".join(words)


def _fields_read(table: Table) -> tuple[list[str], list[str]] | None:
    """A table of fields' reading and its working: the answer field's value, and the other
    rows "Name: value" (`Table.rows_as_fields`, as a structured object's); with no answer field
    or several, the rows "Name: value", lines of a list when there are two or more, and no
    working. None when the table is no table of fields (see the module's docstring)."""
    if (
        len(table.header) != 2
        or _header_name(table.header[0]) not in _FIELD_NAMES
        or _header_name(table.header[1]) not in _FIELD_VALUES
        or not table.rows
        or any(len(row) != 2 for row in table.rows)
    ):
        return None
    statements = table.rows_as_fields()
    answers = [
        row for row, (name, _value) in enumerate(table.rows) if _field_name(name) in _ANSWER_FIELDS
    ]
    if len(answers) == 1 and table.rows[answers[0]][1]:
        answer = answers[0]
        return [table.rows[answer][1]], statements[:answer] + statements[answer + 1 :]
    if len(statements) == 1:
        return statements, []
    return [f"- {statement}" for statement in statements], []


def _candidates_read(table: Table) -> list[str] | None:
    """A table of candidates' reading, one line: the chosen row's candidate, or its candidates
    left open ("Either A or B or C."); None when the table is no table of candidates (see the
    module's docstring)."""
    names = [_header_name(cell) for cell in table.header]
    named = next((column for column, name in enumerate(names) if name in _CANDIDATES), None)
    scores = {
        column
        for column, name in enumerate(names)
        if (set(name.split()) & _BELIEFS or (named is not None and name in _SCORES))
        and _scores(
            table.header[column], [row[column] if column < len(row) else "" for row in table.rows]
        )
    }
    choices = {column for column, name in enumerate(names) if _CHOICE_CELL.fullmatch(name)}
    marks = {
        c
        for c in choices - {named}
        if all(_is_mark(row[c] if c < len(row) else "") for row in table.rows)
    }
    if not table.rows or not (scores or (named is not None and marks)):
        return None  # (a column of candidates and one of marks without scores: a sheet's)
    if named is None:
        named = next((c for c in range(len(names)) if c not in scores | choices), None)
    if named is None:
        return None
    choices.discard(named)
    candidates = [_candidate(row[named]) if named < len(row) else "" for row in table.rows]
    chosen = [row for row, cells in enumerate(table.rows) if _marked(cells, named, scores, choices)]
    if len(chosen) != 1:
        bold = [row for row, name in enumerate(candidates) if BOLD.fullmatch(name)]
        chosen = bold if len(bold) == 1 else chosen
    if len(table.rows) == 1:
        chosen = [0]
    if len(chosen) == 1:
        return [candidates[chosen[0]]]
    return [left_open([name for name in candidates if name])]


def _is_mark(cell: str) -> bool:
    """Whether a cell is a mark of choice or its absence, as a sheet writes one: "TRUE",
    "FALSE", "yes", "no", "1", "0", "x", a check mark, or nothing."""
    return cell.lower() in _CHOICE_YES | _CHOICE_NO or cell in CHECK_MARKS


def _candidate(cell: str) -> str:
    """A candidate as its cell names it, its marks of choice aside ("Laennec (best) ✓"), its
    value as a sheet writes it read (`grader.rules.sheets.cell_value`: "3.00E+00" is 3)."""
    for mark in CHECK_MARKS:
        cell = cell.replace(mark, "")
    return cell_value(_CHOICE_AFTER.sub("", cell))


def _scores(header: str, cells: list[str]) -> bool:
    """Whether every cell of a column is a score of its header's kind: ranks 1 to the number
    of rows, each once, under "rank"; else scores as `grader.rules.candidates.written_score`
    reads them, the one owner of a score's value (a decimal from 0 to 1, a percentage up to 100; a
    bare number a percentage under a header that holds "%": "Confidence (%)")."""
    cells = [BOLD.sub(r"\g<words>", cell) for cell in cells]
    if "%" in header:
        cells = [cell if cell.endswith("%") else cell + "%" for cell in cells]
    if _header_name(header) == "rank":
        ranks = [_RANK.fullmatch(cell) for cell in cells]
        return sorted(int(rank.group("number")) if rank else 0 for rank in ranks) == list(
            range(1, len(cells) + 1)
        )
    return all(written_score(cell) is not None for cell in cells)


def _marked(cells: tuple[str, ...], named: int, scores: set[int], choices: set[int]) -> bool:
    """Whether a row of a table of candidates is marked chosen: a check mark in a cell, a
    word of choice as a cell (the candidate's aside: "Best" may be a name) or in brackets after
    one, "yes" or "x" under a word of choice."""
    for column, cell in enumerate(cells):
        if column in scores:
            continue
        if any(mark in cell for mark in CHECK_MARKS) or _CHOICE_AFTER.search(cell):
            return True
        if column != named and _CHOICE_CELL.fullmatch(cell):
            return True
        if column in choices and cell.lower() in _CHOICE_YES:
            return True
    return False


@dataclass(frozen=True, slots=True)
class _Number:
    """A JSON number as the object writes it ("1889", "1.50", "2e3"): read as text, never
    converted, so that the answer says the number as the system wrote it."""

    written: str


def _fields_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's fields; a field named twice is malformed (which value was meant is not
    said)."""
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise ValueError("a field named twice")
    return fields


def _field_name(name: str) -> str:
    """A field's name as the answer fields are listed: lower case, "_", "-" and spaces dropped."""
    return name.lower().replace("_", "").replace("-", "").replace(" ", "")


def _is_answer_name(name: str) -> bool:
    """Whether a variable's name is an answer field's (an answer given through code names its
    answer so: `grader.rules.code_answers`)."""
    return _field_name(name) in _ANSWER_FIELDS


def _answer_text(value: Any) -> str | None:
    """An answer field's value as the answer's text: a string as it is, a number as written, a
    list of strings as a bulleted list; None for any other, and for an empty one (null, "", a
    list of none)."""
    if isinstance(value, _Number):
        return value.written
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return "\n".join(f"- {item.strip()}" for item in value if item.strip()) or None
    return None


def _field_text(value: Any) -> str:
    """A field of the working as a line of text holds it: a string or a number as written, a
    list's items joined with commas, an object's fields in braces, null, true and false as JSON
    writes them."""
    if isinstance(value, _Number):
        return value.written
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ", ".join(_field_text(item) for item in value)
    if isinstance(value, dict):
        return (
            "{" + ", ".join(f"{name}: {_field_text(field)}" for name, field in value.items()) + "}"
        )
    return json.dumps(value)


def final_answer(answer: str) -> tuple[str, str]:
    """An answer's working and its marked final answer (see the module's docstring): the text
    before the marker (an opening "Answer:" label aside) and the text after it; ("", the
    answer) when it has none."""
    if "\n" not in answer and "\r" not in answer:
        return "", answer  # (the marker opens a line: one line holds none)
    opening = ANSWER_LABEL.match(answer)
    start = opening.end() if opening is not None else 0
    markers = list(_FINAL_MARKER.finditer(answer, start))
    if len(markers) != 1:
        return "", answer  # none, or an answer in parts
    marker = markers[0]
    working, final = answer[start : marker.start()], answer[marker.end() :].strip()
    block = invented_block_start(answer)
    if (
        _WORD.search(working) is None
        or _WORD.search(final) is None
        or _PARAGRAPH_END.search(final)
        or (block is not None and block < marker.start())
        or _POINTS_BACK.search(final)
    ):
        return "", answer
    return working, final


def agent_reply(answer: str) -> tuple[str, str]:
    """An agent's trace and its reply (see the module's docstring): the answer to the end of its
    last trace line, and what follows it (ReAct's finish action's answer first; an opening
    final-answer marker aside), "" when nothing does; ("", the answer) when it holds no tool
    call."""
    if ":" not in answer and ">" not in answer and "\u2192" not in answer:
        return "", answer  # (a tool call holds an Action's colon or a call's arrow)
    text = "\n" + answer  # (each pattern opens with the line break before its line)
    if _TOOL_CALL.search(text) is None:
        return "", answer
    last = list(_TRACE_LINE.finditer(text))[-1]  # (the tool call is a trace line: one at least)
    line_end = text.find("\n", last.end())
    line_end = len(text) if line_end < 0 else line_end
    marker = _FINAL_MARKER.match(text, line_end)
    reply = text[line_end if marker is None else marker.end() :].strip()
    finish = _FINISH.match(text, last.start(), line_end)
    if finish is not None:
        return text[: last.start()].strip(), "\n".join((finish.group(1), reply)).strip()
    return text[:line_end].strip(), reply


def polarity_of(sentence: str) -> str:
    """ "yes" or "no" when a sentence opens with it (after a frame such as "Based on the
    provided data, "), else "" (a sentence that concludes in other words, "the total debt
    decreased", states no polarity a rule can read)."""
    text = normalize(sentence)
    frame = _FRAME.match(text)
    found = _POLARITY.match(text, frame.end() if frame else 0)
    return found.group("word") if found else ""


def without_opening(text_norm: str) -> str:
    """Normalised text without the frames and connectives that open it ("Based on the
    filing, ", "Therefore, ", "As of 2023, ")."""
    position = -1
    while position != 0:
        frame = _FRAME.match(text_norm)
        position = frame.end() if frame else opening_connective(text_norm)
        text_norm = text_norm[position:]
    return text_norm

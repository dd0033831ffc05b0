"""An answer given through code (DESIGN 4.1, v4): the code and what it ran set aside, what the
answer asserts read.

A coding assistant answers a factual question by writing code: a Python, SQL or shell snippet,
a session at an interpreter's prompt, often with what it printed and a sentence after it. A
person reads the code as working (the data it holds, a dict or a list of many names, a query, a
`grep` line, a comment "# named after him") and the answer as what it asserts (`code_reading`):

1. the **conclusion**: prose after the code and its output ("So the largest producer is
   India.", "Answer: the points classification."), read as it stands; the output it follows is
   set aside, unless the conclusion points back to it without naming it ("The output above is
   the answer.": `_POINTS_BACK`), when the output is read before it;
2. else the **output** the code ends on: the lines after its last line of code ("print(emperors
   [0])" then "Septimius Severus"; ">>> x" then "'Augustus'"; "Out[3]: 1906"; a query's result
   table, its header, its rule and its "(1 row)" aside, and a data frame's header above a row
   opened by its index; a comment right under a line that prints, "# 16,000,000", "# =>
   'Denali'", as the output shown so);
3. else what the code **names as its answer**: a comment "# answer: Eboracum" ("-- answer:",
   "// answer:"), or a literal assigned to a variable named as a structured answer's answer
   field is (`answer = 'Virunga'`, `result = 1906`: the names the caller's ``is_answer_name``
   holds, `grader.rules.sentences`'s);
4. else **nothing**: code that shows no output and names no answer (`state =
   geocode('Lituya Bay')`, `print(state)`), or whose output is an error in its place (a
   traceback, "KeyError: 'Cyclone'", "bash: x: command not found", "ERROR: ...", "(0 rows)"),
   asserts nothing (read as an empty answer is). Output printed before an error is output.

Prose before the first line of code ("Let me look it up:") is read too, as it stands; prose
between two pieces of code is a step of the way, set aside with them.

What is code (`_kinds`): an answer of two lines or more holding one of
- a **fence** ("```" and a language or none, to the next "```") of a code language ("python",
  "sql", "bash", ...) or holding a line of code below; a fence that holds none after code is
  output ("Output:\n```\nIndia\n```"), and one before any code a plain answer in a fence;
- a **prompt** opening a line: ">>> " (then "... " continues it), "In [7]: ", "$ " before a
  command's lower-case word, "sqlite> ", "mysql> ", "db=# ": a **session**, whose other lines are
  output, never code (">>> battles['Maldon']" then "datetime.date(991, 8, 11)");
- a **statement**: a call standing as a line ("print(year)", "df.head()"), an import, a query
  ("SELECT" in capitals, or "select" in a statement ending in ";"; its "FROM", "WHERE", "ORDER
  BY" lines after it), or an assignment of a quoted string, a list, a dict or a call
  (`emperors = ['Septimius Severus', ...]`, `r = requests.get(...)`); in an answer holding one of
  those and no fence, an assignment of anything else (`year = 324 + 6`), a block's line ("for x
  in y:", "return x") and a comment ("#", "//", "-- ") are code too. In an answer whose code is
  fenced, what stands outside its fences is no code (a markdown heading is a heading);
- a **traceback**, from "Traceback (most recent call last)" to the exception it ends on.

Where the last line of code is: the output is the lines after it up to the first line of prose
(`_prose`: a line that opens with a letter, holds three words or more and ends a sentence, or
opens with an "Answer:" label), and the conclusion is that line and all after it.

Never (the answer read as it stands):
- an answer that IS code: a question that asks for code (`_ASKS_FOR_CODE`: "Which Python
  keyword defines a function?", "Which command lists a directory?", "Write a query ...", "How
  do you reverse a list in Python?", a function, a method, a module, a library, a regex, a
  flag): the code answers it;
- inline code in prose ("use `git bisect`", "the `def` keyword"), a command with no prompt
  ("git bisect"): no line of code;
- a markdown code block holding a plain answer and no code ("```\nParis\n```");
- a formula written as prose ("E = mc^2", "Margin = Operating income / Revenue", "v = 343
  m/s"): an assignment of no literal is code only beside a statement;
- an answer of one line ("answer = 'Paris'", "print(x)").
So output that agrees with the prose is read as the prose; prose that says "the output above"
without naming it keeps the output read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# A fence's line: "```" and a language or none.
_FENCE = re.compile(r"[ \t]*```[ \t]*(?P<language>[\w+#.-]*)[ \t]*")
_CODE_LANGUAGES = frozenset(
    "python py python3 py3 pycon ipython sql psql mysql sqlite postgresql bash sh shell zsh "
    "console shell-session powershell ps1 javascript js node typescript ts r ruby rb julia go "
    "rust java kotlin scala c cpp c++ csharp cs php perl lua matlab".split()
)
# A prompt opening a line (a session's), and a line that goes on a Python prompt's statement.
_PROMPT = re.compile(
    r"[ \t]*(?:>>>(?:[ \t]|$)|In[ \t]*\[\d*\]:[ \t]*|\$ +(?=[a-z_./])"
    r"|(?:sqlite|mysql)>[ \t]|[\w-]+=[#>][ \t])"
)
_GOES_ON = re.compile(r"[ \t]*(?:\.\.\.(?:[ \t]|$)|\.\.\.:[ \t]*)")
# IPython's output marker ("Out[3]: 1906") and an output's label on a line of its own.
_OUT = re.compile(r"[ \t]*Out[ \t]*\[\d*\]:[ \t]*")
_OUTPUT_LABEL = re.compile(
    r"[ \t]*(?:output|result|results|prints|returns|stdout|console)[ \t]*:[ \t]*", re.IGNORECASE
)
# A statement (see the module): a call standing as a line; an import; a query and its clauses;
# a block; an assignment (of a literal or a call: strong; of anything else: weak); a comment.
_NAME = r"[A-Za-z_][\w.]*(?:\[[^\]\n]*\])*"
_CALL = re.compile(rf"[ \t]*(?:await[ \t]+)?{_NAME}\(.*[)\]][ \t]*;?[ \t]*(?:#.*)?")
_IMPORT = re.compile(r"[ \t]*(?:import[ \t]+[\w.]+|from[ \t]+[\w.]+[ \t]+import[ \t]+\S)")
_QUERY = re.compile(r"[ \t]*(?:SELECT[ \t]|select[ \t].*;[ \t]*$)")
_CLAUSE = re.compile(
    r"[ \t]*(?:FROM|WHERE|GROUP[ \t]+BY|ORDER[ \t]+BY|LIMIT|(?:LEFT|RIGHT|INNER|OUTER)?[ \t]*JOIN"
    r"|HAVING|UNION|AND|OR|ON)\b"
)
_BLOCK = re.compile(
    r"[ \t]*(?:def[ \t]+\w+[ \t]*\(|class[ \t]+\w+.*:[ \t]*$|(?:for|while|if|elif|with)[ \t].*:"
    r"[ \t]*$|(?:else|try|finally)[ \t]*:[ \t]*$|except\b.*:[ \t]*$|return\b)"
)
_ASSIGNMENT = re.compile(
    rf"[ \t]*(?:(?:const|let|var)[ \t]+)?(?P<name>{_NAME})[ \t]*(?:[-+*/%]|//)?=(?!=)[ \t]*"
    r"(?P<value>\S.*)"
)
_LITERAL_OR_CALL = re.compile(rf"[fr]?[\"'\[{{]|{_NAME}\(")
_COMMENT = re.compile(r"[ \t]*(?:#|//|--[ \t])[ \t]*")
# A line that prints (a comment under it is its output shown so).
_PRINTS = re.compile(r"[ \t]*(?:print|pprint|console\.log|display|puts|echo|cat)\b")
# A comment naming the answer ("# answer: X", "# Final answer = X", "# the answer is X").
_NAMES_ANSWER = re.compile(
    r"(?:the[ \t]+)?(?:final[ \t]+)?answer[ \t]*(?:[:=\u2013\u2014-]|is\b)[ \t]*", re.IGNORECASE
)
# An output's opening arrow ("# => 'Denali'", "# -> 15").
_ARROW = re.compile(r"(?:=>|->|\u2192)[ \t]*")
# What is no output: an error in its place, an empty result; and a result's furniture.
_ERROR = re.compile(
    r"[ \t]*(?:Traceback[ \t]*\(most[ \t]+recent[ \t]+call[ \t]+last\)"
    r"|[\w.]*(?:Error|Exception)\b(?:[ \t]*:|[ \t]+Traceback)|(?:ERROR|Error)(?:[ \t]*:|[ \t]+in\b)"
    r"|\S+:[ \t].*(?:command[ \t]+not[ \t]+found|No[ \t]+such[ \t]+file[ \t]+or[ \t]+directory)"
    r"|\((?:0|no)[ \t]+rows?\)|Empty[ \t]+(?:set|DataFrame)\b)"
)
_TRACEBACK = re.compile(r"Traceback[ \t]*\(most[ \t]+recent[ \t]+call[ \t]+last\)")
_EXCEPTION = re.compile(r"[\w.]*(?:Error|Exception|Exit|Interrupt|Warning)\b[ \t]*:")
# A data frame's header: white space, then its columns' names, above a row opened by its index.
_INDEXED_ROW = re.compile(r"[ \t]*\d+[ \t]{2,}\S")
_ROW_COUNT = re.compile(r"[ \t]*(?:\(\d+[ \t]+rows?\)|\d+[ \t]+rows?[ \t]+in[ \t]+set\b.*)[ \t]*")
_RULE = re.compile(r"[ \t]*[-+|:= \t]*-{3,}[-+|:= \t]*")
# A line of prose (see the module), and a conclusion that points back to the output.
_DIGIT = re.compile(r"\d")
_WORDS = re.compile(r"[^\W\d_][\w'’-]*")
_SENTENCE_END = re.compile(r"[.!?][\"'’”)\]]*[ \t]*$")
_ANSWER_LABEL = re.compile(r"[ \t]*(?:final[ \t]+)?answer[ \t]*[:=\u2013\u2014-]", re.IGNORECASE)
_POINTS_BACK = re.compile(r"\babove\b|\b(?:the|this|that)[ \t]+output\b", re.IGNORECASE)
# A question that asks for code: the answer is the code.
_ASKS_FOR_CODE = re.compile(
    r"\b(?:commands?|functions?|methods?|keywords?|operators?|quer(?:y|ies)|syntax|statements?"
    r"|snippets?|scripts?|regex(?:es)?|regular[ \t]+expressions?|modules?|librar(?:y|ies)"
    r"|packages?|decorators?|directives?|flags?|code|one-liner|shortcut|write|implement"
    r"|how[ \t]+(?:do|does|would|can|could|should|to)"
    r"|in[ \t]+(?:python|sql|bash|shell|javascript|typescript|java|ruby|rust|go|r|pandas|excel))\b",
    re.IGNORECASE,
)
# What every answer through code holds (the shortcut's guard): a fence, a prompt, a call's or a
# literal's bracket, an assignment, an import, a query.
_MARKS = ("```", ">>>", "(", "=", "[", "{", "$ ", "import", "SELECT", "select", "sqlite>", "mysql>")

CODE, TEXT, MARK = "code", "text", "mark"


def code_reading(
    answer: str, question: str = "", is_answer_name: Callable[[str], bool] = lambda name: False
) -> tuple[str, str]:
    """An answer given through code read (see the module): the working set aside (its code, the
    output the conclusion overrules, an error, prose between pieces of code) and what it
    asserts ("" when nothing); ("", the answer) when it is no answer through code, or the
    ``question`` asks for code. ``is_answer_name``: whether a variable's name is an answer's."""
    if ("\n" not in answer and "\r" not in answer) or not any(mark in answer for mark in _MARKS):
        return "", answer  # (an answer through code has two lines, and a line of code)
    return code_reading_by_definition(answer, question, is_answer_name)


def code_reading_by_definition(
    answer: str, question: str = "", is_answer_name: Callable[[str], bool] = lambda name: False
) -> tuple[str, str]:
    """`code_reading` without its shortcut (one line, or none of `_MARKS` written: no code):
    the definition."""
    lines = answer.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kinds, shown = _kinds(lines)
    code = [number for number, kind in enumerate(kinds) if kind == CODE]
    if len(lines) < 2 or not code or _ASKS_FOR_CODE.search(question):
        return "", answer
    first, last = code[0], code[-1]
    after = [n for n in range(last + 1, len(lines)) if kinds[n] == TEXT]
    start = next((n for n in after if _prose(shown[n])), len(lines))
    conclusion = [n for n in after if n >= start]
    output = _output([n for n in after if n < start], shown)
    read = [n for n in range(first) if kinds[n] == TEXT]
    named: list[str] = []
    if conclusion and not any(_POINTS_BACK.search(shown[n]) for n in conclusion):
        read += conclusion
    elif output or conclusion:
        read += output + conclusion
    else:
        named = _named_answer([lines[n] for n in code], is_answer_name)
    taken = set(read)
    working = (lines[n].strip() for n in range(len(lines)) if n not in taken)
    said = "\n".join([*(shown[n] for n in read), *named]).strip()
    return "\n".join(line for line in working if line), said


def _kinds(lines: list[str]) -> tuple[list[str], list[str]]:
    """Each line's kind, code, text (prose or output) or a mark (a fence's line, an output's
    label), and its text as read (an "Out[n]:" marker aside, a comment shown as output without
    its "#" and arrow)."""
    kinds = [TEXT] * len(lines)
    shown = list(lines)
    fences = _fences(lines)
    session = any(_PROMPT.match(line) for line in lines)
    for start, end, language in fences:
        kinds[start] = MARK
        if end < len(lines):
            kinds[end] = MARK
        inside = range(start + 1, min(end, len(lines)))
        if not session and (
            language in _CODE_LANGUAGES or any(_statement(lines[n]) for n in inside)
        ):
            for n in inside:
                kinds[n] = CODE
    if session:
        prompted = False  # (a line under a prompt's may go on its statement)
        for n, line in enumerate(lines):
            if kinds[n] == MARK:
                continue
            if _PROMPT.match(line):
                kinds[n], prompted = CODE, True
            elif prompted and _GOES_ON.match(line):
                kinds[n] = CODE
            else:
                prompted = False
    elif not fences:
        strong = any(_statement(line) for line in lines)
        query = False
        for n, line in enumerate(lines):
            query = (query and _CLAUSE.match(line) is not None) or _QUERY.match(line) is not None
            comment = _COMMENT.match(line)
            weak = _ASSIGNMENT.match(line) or _BLOCK.match(line)
            if strong and (query or _statement(line) or weak):
                kinds[n] = CODE
            elif strong and comment is not None and not _RULE.fullmatch(line):
                kinds[n] = CODE
                if n and _prints_above(lines, kinds, n):
                    kinds[n] = TEXT  # (a comment under a print: its output shown so)
                    said = line[comment.end() :]
                    arrow = _ARROW.match(said)
                    shown[n] = said if arrow is None else said[arrow.end() :]
    for start, end in _tracebacks(lines):
        kinds[start : end + 1] = [CODE] * (end + 1 - start)
    for n, line in enumerate(lines):
        if kinds[n] != TEXT:
            continue
        out = _OUT.match(line)
        if out is not None:
            shown[n] = line[out.end() :]
        elif _OUTPUT_LABEL.fullmatch(line):
            kinds[n] = MARK
    return kinds, shown


def _tracebacks(lines: list[str]) -> list[tuple[int, int]]:
    """Each traceback's first and last line: from its "Traceback (most recent call last)" to
    the exception it ends on, a line that opens (unindented) with the exception's name and a
    colon, or the answer's end."""
    found: list[tuple[int, int]] = []
    for n, line in enumerate(lines):
        if _TRACEBACK.search(line) and not any(start <= n <= end for start, end in found):
            end = next(
                (m for m in range(n + 1, len(lines)) if _EXCEPTION.match(lines[m])), len(lines) - 1
            )
            found.append((n, end))
    return found


def _prints_above(lines: list[str], kinds: list[str], at: int) -> bool:
    """Whether the comment at ``at`` stands right under a line that prints (other comments so
    shown between them)."""
    n = at - 1
    while n >= 0 and kinds[n] == TEXT and _COMMENT.match(lines[n]):
        n -= 1
    return n >= 0 and kinds[n] == CODE and _PRINTS.match(lines[n]) is not None


def _fences(lines: list[str]) -> list[tuple[int, int, str]]:
    """Each fenced block: its opening line, its closing line (the answer's end when none) and
    its language, lower case."""
    found: list[tuple[int, int, str]] = []
    n = 0
    while n < len(lines):
        opening = _FENCE.fullmatch(lines[n])
        if opening is None:
            n += 1
            continue
        end = next((m for m in range(n + 1, len(lines)) if _FENCE.fullmatch(lines[m])), len(lines))
        found.append((n, end, opening.group("language").lower()))
        n = end + 1
    return found


def _statement(line: str) -> bool:
    """Whether a line is a statement no prose is (see the module): a call, an import, a query,
    an assignment of a literal or a call."""
    if _CALL.fullmatch(line) or _IMPORT.match(line) or _QUERY.match(line):
        return True
    assignment = _ASSIGNMENT.fullmatch(line)
    return assignment is not None and _LITERAL_OR_CALL.match(assignment.group("value")) is not None


def _prose(line: str) -> bool:
    """Whether a line after the code is prose (see the module): an "Answer:" label, or a line
    opening with a letter, of three words or more, ending a sentence; never an error."""
    stripped = line.strip()
    if _ANSWER_LABEL.match(stripped):
        return True
    if not stripped[:1].isalpha() or _ERROR.match(stripped):
        return False
    return len(_WORDS.findall(stripped)) >= 3 and _SENTENCE_END.search(stripped) is not None


def _output(lines: list[int], shown: list[str]) -> list[int]:
    """The output read, by line (see the module): cut at its first error; a result table's
    header and rule and its row count aside; none when no word or digit is left."""
    kept: list[int] = []
    for at, n in enumerate(lines):
        line = shown[n]
        if _ERROR.match(line):
            break
        if (_RULE.fullmatch(line) and "|" not in line) or _ROW_COUNT.fullmatch(line):
            continue  # (a markdown table's rule, with its pipes, is read with its table)
        below = shown[lines[at + 1]] if at + 1 < len(lines) else ""
        if _RULE.fullmatch(below) and "|" not in below:
            continue  # (a query's result: its header above a rule of dashes and "+")
        if line[:1].isspace() and not kept and _INDEXED_ROW.match(below):
            continue  # (a data frame's header above its first row)
        kept.append(n)
    return kept if any(_WORDS.search(shown[n]) or _DIGIT.search(shown[n]) for n in kept) else []


def _named_answer(code: list[str], is_answer_name: Callable[[str], bool]) -> list[str]:
    """What the code names as its answer: a comment "# answer: X", else the literal last assigned
    to a variable named as an answer; [] when none."""
    for line in code:
        comment = _COMMENT.match(line)
        if comment is not None:
            named = _NAMES_ANSWER.match(line, comment.end())
            if named is not None and line[named.end() :].strip():
                return [line[named.end() :].strip()]
    for line in reversed(code):
        assignment = _ASSIGNMENT.fullmatch(line)
        if assignment is not None and is_answer_name(assignment.group("name")):
            value = _literal(assignment.group("value"))
            if value:
                return [value]
    return []


_STRING = re.compile(r"""[ \t]*(?P<quote>["'])(?P<text>[^"'\n]*)(?P=quote)[ \t]*""")
_NUMBER = re.compile(r"[ \t]*-?\d[\d_,.]*[ \t]*")


def _literal(value: str) -> str:
    """A literal's text: a quoted string's words, a number as written, a list of strings one
    bullet each; "" for anything else."""
    value = value.split("  #", 1)[0].rstrip(" ;")
    string = _STRING.fullmatch(value)
    if string is not None:
        return string.group("text").strip()
    if _NUMBER.fullmatch(value):
        return value.strip()
    if value.startswith("[") and value.endswith("]"):
        items = [_STRING.fullmatch(item) for item in value[1:-1].split(",")]
        if items and all(items):
            return "\n".join(f"- {item.group('text').strip()}" for item in items if item)
    return ""

"""(v4) An answer exported as a sheet's rows (DESIGN 4.1): what a sheet's rows are, a cell's
value as a sheet writes it, and a spreadsheet's formula line.

A batch system's output may be pasted as the rows of a sheet: a header row naming the columns
and the data rows under it, each row's cells split by one delimiter, a comma (CSV, a cell that
holds a comma in double quotes: `"1,979"`), a semicolon (a sheet saved where a comma marks
decimals: `0,93`), a tab (TSV), or pipes (a header with no rule row under it, a markdown table,
`grader.rules.normalize.markdown_tables`, or a text grid between `+----+----+` borders). A person
reads such rows as the value in the column that holds the answer, the other columns (the
question restated, an id, a confidence) set aside. So a sheet is read as a table is
(`grader.rules.sentences.tabled_answer`, where a table of candidates, a score or a mark of
choice in a column, is read first):

- **a sheet's rows** (`sheet_tables`): a line whose every cell (two or more, split at its
  delimiter as CSV reads it: a tab, else a semicolon, else a pipe, when the line holds one,
  else a comma) is a column's name (a letter, then letters, digits, spaces, "_", "-", "." or
  "%", up to 40 characters and four words), one of which names answers or candidates
  (`ANSWER_COLUMNS`, `CANDIDATE_COLUMNS`), and under it one line or more holding the same
  delimiter and split into the same number of cells, none of them blank: the rows, to the
  first line that is not one. A text grid is a border line (`+`, then dashes or `=` and `+`), a
  header line of pipes, a border, then rows of pipes, to a border or any other line.
- **an answer column** (`answer_column`): a sheet (or a markdown table, when no other reading
  of tables reads it) with exactly one column named as answers ("answer", "final_answer",
  "predicted answer", "prediction", "response", "result", "output"). One row: its cell is the
  answer. Several rows: the answers left open ("Either A or B."), or, where the question asks
  for several (`grader.rules.lists.asks_for_several`), each a line of a list. Either way the
  rows, each its cells joined by commas, are set aside as working.
- **a fraction asked as a percentage** (`as_percentage`): where the question asks for a
  percentage ("What percentage ...", "how many per cent", "%"), an answer cell that is a
  fraction between 0 and 1 ("0.45", ".071") is the percentage a sheet stores so (45%, 7.1%): a
  share column formatted as a number. Never where the question asks otherwise ("What proportion
  ...", "what fraction", a key that may be "0.45"), nor a value of 0, 1 or more, nor one already
  a percentage ("45%").
- **a cell's value** (`cell_value`): a number in a sheet's scientific format is the number
  (`3.00E+00` is 3, `1.979E+03` is 1979, `2.5E-01` is 0.25); `#N/A`, a sheet's "not
  available", is "N/A" (a bare non-answer: `grader.rules.declines`); another error of a
  formula (`#VALUE!`, `#REF!`, `#DIV/0!`, `#NAME?`, `#NUM!`, `#NULL!`) and an empty cell are no
  answer (""). A date-time cell (`2004-01-01 00:00:00`, how a sheet shows a year typed in a
  date column) is read as it stands: the date's own family reads it at the key's granularity,
  and nothing here makes a date a year.
- **a formula line** (`formula_working`): a line that is, whole, a spreadsheet formula, a cell's
  reference and a colon before it or not ("=TRIM(B14)", "A2: =UPPER(B2)", "=B2*C2"): "=", then a
  function's name in capitals and its arguments in brackets, or a cell's reference, and
  nothing after its closing bracket. With a line of text after it, it is the working that gave
  that value: set aside, and the value read (its cell's value as above).

Never:
- a comma list that is an answer ("Red, white, blue", "Paris, France"), a sentence with commas
  ("The answer, in short, is Paris."), a header with no column named as answers
  ("name,opened", "city,country,population") or with two ("answer,final_answer"): no sheet;
- a header only ("question,answer,confidence" and nothing under it), or rows with another number
  of cells ("question,answer" over "year,1,979": a number's thousands separator unquoted splits
  the row): no sheet, the answer read as it stands; a quoted cell ("year,\"1,979\"") is 1,979;
- a number in another form ("1,979", "3.0", "3 x 10^2" in prose) or E-notation outside a sheet's
  cell ("1.979E+03 in prose"): read by the number families as they stand;
- a line opening "=" that is no formula ("=== Results ===", "= 42", "==> done", "=trim(b14)" in
  lower case), a formula inside a line ("x = SUM(a)"), a formula with no line after it, or one
  with more after its bracket ("=TRIM(B14) gives Etosha"): read as they stand.
"""

from __future__ import annotations

import csv
import re
from decimal import Decimal, InvalidOperation

from grader.rules.candidates import left_open
from grader.rules.normalize import Table, table_cells

# The names of a column of answers and of one of candidates, as `column_name` writes them (lower
# case, "_", "-", "." and spaces dropped): a structured answer's answer fields
# (`grader.rules.sentences`) and a prediction's.
ANSWER_COLUMNS = frozenset(
    "answer finalanswer predictedanswer predanswer modelanswer prediction response result "
    "output".split()
)
CANDIDATE_COLUMNS = frozenset("candidate option guess hypothesis".split())
# The words one of which every sheet's header holds (each name above holds one): the shortcut's
# test (tests/rules/test_sheets.py).
_COLUMN_WORDS = (
    "answer",
    "pred",
    "response",
    "result",
    "output",
    "candidate",
    "option",
    "guess",
    "hypothesis",
)
_COLUMN = re.compile(r"[^\W\d_][\w .%-]{0,39}")
_BORDER = re.compile(r"[ \t]*\+(?:[-=]+\+)+[ \t]*")
_SCIENTIFIC = re.compile(r"[+-]?\d+(?:\.\d+)?[eE][+-]?\d{1,3}")
# A fraction between 0 and 1 a sheet stores a percentage as; a question that asks for one.
_SHARE = re.compile(r"0?\.\d*[1-9]\d*")
_PERCENT_ASKED = re.compile(r"\bper ?cent(?:age)?\b|%", re.IGNORECASE)
_ERRORS = frozenset("#value! #ref! #div/0! #name? #num! #null! #error! #spill! #calc!".split())
_FORMULA = re.compile(
    r"[ \t]*(?:\$?[A-Z]{1,3}\$?\d{1,7}[ \t]*:[ \t]*)?="
    r"(?:[A-Z][A-Z0-9.]*\(.*\)|\$?[A-Z]{1,3}\$?\d{1,7}(?:[-+*/&^]\$?[A-Z]{1,3}\$?\d{1,7})*)[ \t]*"
)


def column_name(cell: str) -> str:
    """A header cell as the column vocabularies hold it: lower case, "_", "-", "." and spaces
    dropped, markdown's emphasis aside ("Final_Answer" and "**final answer**" are
    "finalanswer")."""
    return re.sub(r"[\s_.*-]", "", cell.lower())


def sheet_tables(lines: list[str]) -> list[Table]:
    """The sheets among a text's lines (see the module's docstring), as tables; [] where no line
    names a column of answers or candidates (the words every such header holds are looked for
    first: `sheet_tables_by_definition` reads every line)."""
    lowered = "\n".join(lines).lower()
    if not any(word in lowered for word in _COLUMN_WORDS):
        return []
    return sheet_tables_by_definition(lines)


def sheet_tables_by_definition(lines: list[str]) -> list[Table]:
    """`sheet_tables` without its shortcut: every line read as a header."""
    tables = []
    number = 0
    while number < len(lines):
        table = _grid_at(lines, number) or _delimited_at(lines, number)
        if table is None:
            number += 1
            continue
        tables.append(table)
        number = table.end
    return tables


def _delimiter(header: str) -> str:
    """The delimiter a header's line is split at: a tab, else a semicolon, else a pipe, when it
    holds one, else a comma."""
    return next((mark for mark in "\t;|" if mark in header), ",")


def _cells(line: str, delimiter: str) -> list[str]:
    """A line's cells, split at the ``delimiter`` as CSV reads it (a cell in double quotes holds
    it); a pipe's line without the pipes at its ends."""
    if delimiter == "|":
        line = line.strip().strip("|")
    try:
        return [cell.strip() for cell in next(csv.reader([line], delimiter=delimiter))]
    except (csv.Error, StopIteration):
        return []


def _is_header(cells: list[str] | tuple[str, ...]) -> bool:
    """Whether cells name columns, one of them answers or candidates (see the module)."""
    names = [column_name(cell) for cell in cells]
    return (
        len(cells) >= 2
        and all(_COLUMN.fullmatch(cell) and len(cell.split()) <= 4 for cell in cells)
        and len(set(names)) == len(names)
        and any(name in ANSWER_COLUMNS | CANDIDATE_COLUMNS for name in names)
    )


def _delimited_at(lines: list[str], start: int) -> Table | None:
    """A delimited sheet whose header is the line at ``start``, or None."""
    delimiter = _delimiter(lines[start])
    header = _cells(lines[start], delimiter)
    if not _is_header(header):
        return None
    rows = []
    end = start + 1
    while end < len(lines) and lines[end].strip():
        cells = _cells(lines[end], delimiter)
        if len(cells) != len(header) or delimiter not in lines[end]:
            break
        rows.append(tuple(cells))
        end += 1
    return Table(tuple(header), tuple(rows), start, end) if rows else None


def _grid_at(lines: list[str], start: int) -> Table | None:
    """A text grid whose top border is the line at ``start``, or None."""
    if start + 3 >= len(lines) or not _BORDER.fullmatch(lines[start]):
        return None
    if "|" not in lines[start + 1] or not _BORDER.fullmatch(lines[start + 2]):
        return None
    header = table_cells(lines[start + 1])
    if not _is_header(header):
        return None
    rows = []
    end = start + 3
    while end < len(lines) and "|" in lines[end] and not _BORDER.fullmatch(lines[end]):
        cells = table_cells(lines[end])
        if len(cells) != len(header):
            break
        rows.append(cells)
        end += 1
    if end < len(lines) and _BORDER.fullmatch(lines[end]):
        end += 1  # (the bottom border)
    return Table(header, tuple(rows), start, end) if rows else None


def answer_column(table: Table, several: bool, question: str = "") -> list[str] | None:
    """A table's reading by its column of answers (see the module's docstring): its one row's
    cell, or its rows' cells left open (each a line of a list where the question asks for
    ``several``), a fraction as a percentage where the ``question`` asks for one; None when the
    table has no column named as answers, or two."""
    columns = [n for n, cell in enumerate(table.header) if column_name(cell) in ANSWER_COLUMNS]
    if len(columns) != 1 or not table.rows:
        return None
    values = [cell_value(row[columns[0]]) if columns[0] < len(row) else "" for row in table.rows]
    if _PERCENT_ASKED.search(question):
        values = [as_percentage(value) for value in values]
    if len(values) == 1:
        return values
    given = [value for value in values if value]
    if several:
        return [f"- {value}" for value in given]
    return [left_open(given)] if len(given) > 1 else given


def as_percentage(value: str) -> str:
    """A cell's fraction as the percentage a sheet stores so ("0.45" is "45%", ".071" is
    "7.1%"); any other value as it stands ("45%", "1.5", "0", "3")."""
    if _SHARE.fullmatch(value) is None:
        return value
    return format((Decimal(value) * 100).normalize(), "f") + "%"


def cell_value(cell: str) -> str:
    """A cell's value as a reader takes it (see the module's docstring): a number in scientific
    format as the number, "#N/A" as "N/A", another formula's error as "", any other as it
    stands."""
    cell = cell.strip()
    if _SCIENTIFIC.fullmatch(cell):
        try:
            number = Decimal(cell)
        except InvalidOperation:
            return cell
        return format(number.normalize(), "f") if number else "0"
    if cell.upper() == "#N/A":
        return "N/A"
    if cell.lower() in _ERRORS:
        return ""
    return cell


def formula_working(answer: str) -> tuple[str, str]:
    """An answer's formula lines and the rest (see the module's docstring): each formula line
    followed by a line of text set aside, and that line read as a cell's value; ("", the
    answer) when it holds none."""
    if "=" not in answer or "\n" not in answer:
        return "", answer  # (a formula opens with "=", and a value follows it on a line)
    lines = answer.split("\n")
    working: list[str] = []
    kept: list[str] = []
    number = 0
    while number < len(lines):
        line = lines[number]
        following = lines[number + 1] if number + 1 < len(lines) else ""
        if following.strip() and _FORMULA.fullmatch(line):
            working.append(line.strip())
            kept.append(cell_value(following))
            number += 2
            continue
        kept.append(line)
        number += 1
    if not working:
        return "", answer
    return "\n".join(working), "\n".join(kept)

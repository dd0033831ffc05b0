"""Renderers: what a run holds (a question, its key, an answer's clauses, sources, a
scorecard) to Rich `Text`, never to markup; the verdict panel's lines are `tui.widgets.verdict`'s,
the imported graders' `tui.widgets.graders`'.

Answers, questions and sources are untrusted: a model can write ``[bold]`` or ``[/]``, a PDF can
hold an escape sequence. Every such string is passed through `safe` (control characters shown
as ``\\x1b``, not obeyed) and placed in a `Text` as plain text, so markup is never parsed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from grader.records.scorecard import Scorecard
from grader.rules.clauses import Clause
from grader.rules.codes import ENGINE_ERROR
from grader.rules.normalize import clean, markdown_tables, without_markdown
from grader.rules.reading import Reading
from grader.schema import Answer, Gold, Source
from tui.output import printable

VERDICT_STYLE = {
    "correct": "bold green",
    "partial": "bold yellow",
    "wrong": "bold red",
    "unjudged": "bold magenta",  # grader v3: no rule can check the key; a reader must
}
ASSERTED_STYLE = "bold"
ATTRIBUTED_STYLE = "italic dim cyan"
SET_ASIDE_STYLE = "dim strike"


def safe(text: str) -> str:
    return printable(text)


def question_text(answer: Answer, config: str) -> Text:
    text = Text()
    text.append(safe(answer.qid), "bold")
    text.append(f"  ·  {answer.kind}  ·  config {safe(config)}\n", "dim")
    text.append(safe(answer.question))
    return text


# A key of many accepted answers (TriviaQA lists dozens of aliases) would push the answer off the
# first screen: so many characters of them are shown, the rest counted (`v` shows them all).
KEY_SHOWN_CHARS = 110


def key_shown(gold: Gold, whole: bool = True) -> tuple[str, int]:
    """The key as shown and how many of its accepted answers are left out: whole, the key as
    written; else its first accepted answers within `KEY_SHOWN_CHARS` (at least one)."""
    if whole or len(gold.accepted) < 2 or len(gold.key) <= KEY_SHOWN_CHARS:
        return gold.key, 0
    shown, length = [gold.accepted[0]], len(gold.accepted[0])
    for accepted in gold.accepted[1:]:
        length += len(" / ") + len(accepted)
        if length > KEY_SHOWN_CHARS:
            break
        shown.append(accepted)
    return " / ".join(shown), len(gold.accepted) - len(shown)


def gold_text(answer: Answer, whole: bool = True) -> Text:
    """The key and the needles; not ``whole``, a key of many accepted answers cut to its first
    ones and a count of the rest (`key_shown`)."""
    gold = answer.gold
    text = Text()
    text.append("key  ", "dim")
    key, left_out = key_shown(gold, whole)
    text.append(safe(key) if key else "(none)", "bold")
    if left_out:
        text.append(f" (+{left_out} more accepted: v shows all)", "dim")
    for name, label in (
        ("must_contain", "must"),
        ("must_contain_any", "any of"),
        ("must_not_contain", "must not"),
    ):
        needles = getattr(gold, name)
        if needles:
            text.append(f"\n{label:<9}", "dim")
            text.append(", ".join(f'"{safe(n)}"' for n in needles))
    if gold.golden_docs:
        text.append("\ngolden   ", "dim")
        text.append(", ".join(safe(d) for d in gold.golden_docs))
    return text


# What bold and the guillemets mean, under the answer (in its panel's border on the review
# screen, where every line of the first screen counts).
LEGEND = Text.assemble(
    ("asserted", ASSERTED_STYLE),
    " is graded, ",
    ("\u00abattributed\u00bb", ATTRIBUTED_STYLE),
    " not",
)


def answer_text(
    answer: Answer, clauses: Sequence[Clause], legend: bool = True, reading: Reading | None = None
) -> Text:
    """The answer with asserted clauses in bold and attributed ones in dim italics (with
    ``legend``, what they mean below it), a table's rows one to a line as the answer wrote them
    (`_table_rows`). With its ``reading``, what the reading set aside and no rule reads is
    shown too, dimmed and struck through with what it is in brackets (also for a terminal
    without colour): the working before a marked final answer first (a table's other fields,
    one a line), an invented source block last."""
    text = Text()
    if answer.error:
        text.append(f"{ENGINE_ERROR.name}: ", "bold red")
        text.append(safe(answer.error))
        return text
    working = reading.working.strip() if reading is not None else ""
    invented = reading.invented_block.strip() if reading is not None else ""
    if working:
        _set_aside(text, "working", working)
        text.append("\n")
    if not clauses:
        text.append("(empty answer)", "dim")
    rows = _table_rows(answer.answer)
    in_row = False  # whether the clause before was a table's row, or part of one
    for clause in clauses:
        bare = clause.text.removeprefix("- ")  # (a table of fields' rows read as a list)
        opens_row = bool(bare) and any(row.startswith(bare) for row in rows)
        inside = bool(bare) and any(bare in row for row in rows)
        if (opens_row or (in_row and not inside)) and text.plain.strip():
            text.rstrip()
            text.append("\n")  # a row opens a line, and what follows the rows does
        in_row = opens_row or (in_row and inside)
        for piece, asserted in clause.pieces():
            if asserted:
                text.append(safe(piece), ASSERTED_STYLE)
            else:  # marked in brackets too, for a terminal without colour or italics
                text.append(f"\u00ab{safe(piece)}\u00bb", ATTRIBUTED_STYLE)
            text.append(" ")
    if invented:
        text.rstrip()
        text.append("\n")
        _set_aside(text, "invented sources", invented)
    if not legend:
        text.rstrip()
        return text
    text.append("\n\n")
    text.append("legend: ", "dim")
    text.append("asserted (graded)", ASSERTED_STYLE)
    text.append("  ")
    text.append("\u00abattributed to a source (not graded)\u00bb", ATTRIBUTED_STYLE)
    return text


def _table_rows(answer: str) -> tuple[str, ...]:
    """The rows of the answer's markdown tables (`grader.rules.normalize.Table`) as the reading
    writes them, each as a sentence is cleaned: its cells joined by commas, or "Name: value"
    for a table of fields; () when the answer holds none (a rule row holds a pipe and three
    dashes)."""
    if "|" not in answer or "---" not in answer:
        return ()
    return tuple(
        clean(without_markdown(row))
        for table in markdown_tables(answer.split("\n"))
        for row in (*table.rows_as_text(), *table.rows_as_fields())
    )


def _set_aside(text: Text, what: str, part: str) -> None:
    text.append(f"[{what}, not graded] ", "dim")
    text.append(safe(part), SET_ASIDE_STYLE)


# What the answer panel's border says in place of `LEGEND` while it shows `written_text`.
AS_WRITTEN = Text("as written (w: as read for grading)")
AS_WRITTEN_BLIND = Text("as written until your verdict (then as read for grading)")


def written_text(answer: Answer) -> Text:
    """The answer as the model wrote it: the run file's ``answer`` as it is (its markdown,
    dashes, quotes and line breaks, a carriage return read as one), no clause read as asserted
    or attributed; an engine error first, as `answer_text` shows it."""
    if not answer.error and not answer.answer:
        return Text("(empty answer)", "dim")
    text = answer_text(answer, (), legend=False) if answer.error else Text()
    if answer.error and answer.answer:
        text.append("\n")
    text.append(safe(_line_breaks(answer.answer)))
    return text


def _line_breaks(text: str) -> str:
    """A carriage return before a line feed, or alone, is a line break as the model wrote it
    (a Windows or an old Mac line end), shown as one rather than as ``\\x0d``."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def scorecard_parts(card: Scorecard) -> list[str]:
    """The scorecard's counts, each read alone: ``1 correct of 71 judged (1.4%)`` (never
    ``1.4% correct (1/71 judged)``, which reads as one of 71 answers judged), digits grouped
    as the header's grading count groups them (``140,000 correct of 200,000 judged``)."""
    correct = f"{card.correct:,} correct of {card.judged:,} judged ({card.overall:.1%})"
    if card.unjudged:
        correct += f", {card.unjudged:,} unjudged"
    return [
        correct,
        f"answerable {card.answerable_correct:,}/{card.answerable:,}",
        # (a run with no negative question has no honesty to show: "0/0" read as a score)
        *([f"honesty {card.negatives_declined:,}/{card.negatives:,}"] if card.negatives else []),
    ]


def fitted(parts: Sequence[str], width: int, sep: str = " · ") -> str:
    """``parts`` joined by ``sep`` in at most ``width`` characters: the last parts are left out
    first, and the first is shortened with "…" when it alone is too wide (0: no limit)."""
    parts = list(parts)
    while width and len(parts) > 1 and len(sep.join(parts)) > width:
        parts.pop()
    line = sep.join(parts)
    if width and len(line) > width:
        line = line[: max(width - 1, 0)] + "\u2026"
    return line


def cut(line: Text, width: int) -> Text:
    """``line`` kept to one row of ``width`` columns (0: as it is), ending in "…" where it was
    cut, as `clip` cuts a string (no space left before the "…")."""
    if width and line.cell_len > width:
        line.truncate(width - 1)
        line.rstrip()
        line.append("\u2026")
    return line


def source_field(value: object) -> str:
    """A source field as shown: as written, blank when absent."""
    return "" if value is None else safe(str(value))


def sources_table(
    answer: Answer[Source], cited: frozenset[int], selected: int, width: int = 0
) -> Text:
    """Number, document, page, score, and whether the source is golden (g) and cited (c); the
    selected row (``[``/``]``) highlighted. Laid out to ``width`` characters (0: as wide as the
    rows need), a long document id shortened with "…".

    Plain aligned text, not a table widget: rebuilding a DataTable (or laying out a Rich
    table) on every step cost more than everything else the step draws.
    """
    docs = [safe(source.doc) for source in answer.sources]
    fixed = len(" 12  ") + len("  NNN  score  g c")  # all but the document, as laid out below
    # A narrow pane (80 columns) leaves out the score rather than wrap every row.
    scored = not width or width - fixed >= 8
    if not scored:
        fixed -= len("  score")
    longest = max([len("document"), *map(len, docs)])
    room = max(6, width - fixed) if width else longest
    doc_width = min(longest, room)
    score_head = f"  {'score':>5}" if scored else ""
    head = "document" if doc_width >= len("document") else "doc"
    text = Text(f" {'#':>2}  {head:<{doc_width}}  {'pg':>3}{score_head}  g c\n", "bold")
    for row, (source, doc) in enumerate(zip(answer.sources, docs, strict=True)):
        if len(doc) > doc_width:
            doc = doc[: doc_width - 1] + "\u2026"
        score = source.score
        shown_score = f"{score:.2f}" if isinstance(score, int | float) else ""
        score_cell = f"  {shown_score:>5}" if scored else ""
        golden = "g" if source.doc in answer.gold.golden_docs else "\u00b7"
        mark = "c" if source.n in cited else "\u00b7"
        line = (
            f" {source.n:>2}  {doc:<{doc_width}}  {source_field(source.page):>3}"
            f"{score_cell}  {golden} {mark}\n"
        )
        text.append(line, "reverse" if row == selected else "")
    text.append("g golden · c cited", "dim")
    return text

"""Renderers: grader results to Rich `Text`, never to markup.

Answers, questions and sources are untrusted: a model can write ``[bold]`` or ``[/]``, a PDF can
hold an escape sequence. Every such string is passed through `safe` (control characters shown
as ``\\x1b``, not obeyed) and placed in a `Text` as plain text, so markup is never parsed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from grader.clauses import Clause
from grader.marks import Mark
from grader.runfile import Answer
from grader.scorecard import Scorecard
from grader.verdict import Grade
from tui.output import printable

VERDICT_STYLE = {"correct": "bold green", "partial": "bold yellow", "wrong": "bold red"}
ASSERTED_STYLE = "bold"
ATTRIBUTED_STYLE = "italic dim cyan"


def safe(text: str) -> str:
    return printable(text)


def question_text(answer: Answer, config: str) -> Text:
    text = Text()
    text.append(safe(answer.qid), "bold")
    text.append(f"  ·  {answer.kind}  ·  config {safe(config)}\n", "dim")
    text.append(safe(answer.question))
    return text


def gold_text(answer: Answer) -> Text:
    gold = answer.gold
    text = Text()
    text.append("key  ", "dim")
    text.append(safe(gold.key) if gold.key else "(none)", "bold")
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


def answer_text(answer: Answer, clauses: Sequence[Clause]) -> Text:
    """The answer with asserted clauses in bold and attributed ones in dim italics."""
    text = Text()
    if answer.error:
        text.append("engine error: ", "bold red")
        text.append(safe(answer.error))
        return text
    if not clauses:
        text.append("(empty answer)", "dim")
    for clause in clauses:
        for piece, asserted in clause.pieces():
            text.append(safe(piece), ASSERTED_STYLE if asserted else ATTRIBUTED_STYLE)
            text.append(" ")
    text.append("\n\n")
    text.append("legend: ", "dim")
    text.append("asserted (graded)", ASSERTED_STYLE)
    text.append("  ")
    text.append("attributed to a source (not graded)", ATTRIBUTED_STYLE)
    return text


def verdict_text(grade: Grade | None, mark: Mark | None, fingerprint: str) -> Text:
    text = Text()
    if grade is None:
        return Text("not an answer", "dim")
    text.append(f" {grade.verdict.upper()} ", VERDICT_STYLE[grade.verdict] + " reverse")
    text.append(f"  grader {fingerprint}\n", "dim")
    for label in grade.labels:
        text.append(f"• {safe(label)}\n")
    money = grade.money
    if money.is_money:
        text.append("money  ", "dim")
        text.append(
            f"key {', '.join(money.key)}  ·  asserted {', '.join(money.asserted) or 'none'}  ·  "
        )
        if money.violation:
            text.append("VIOLATION", "bold red")
        else:
            text.append("no violation", "green")
        text.append("\n")
    text.append("declined  ", "dim")
    text.append("yes" if grade.declined else "no")
    if grade.decline_phrase:
        text.append(f' (matched "{safe(grade.decline_phrase)}")', "dim")
    if mark is not None:
        text.append("\nreviewer  ", "dim")
        text.append(
            f" {mark.verdict.upper()} ", VERDICT_STYLE.get(mark.verdict, "bold") + " reverse"
        )
        text.append(f"  {safe(mark.note)}" if mark.note else "")
        text.append(f"  ({mark.created}, against grader {mark.grader_fingerprint})", "dim")
    return text


def scorecard_line(card: Scorecard) -> str:
    money = f"ZERO-WRONG-MONEY {card.zero_wrong_money}"
    if card.violations:
        money += f" ({len(card.violations)})"
    return (
        f"{card.overall:.1%} correct ({card.correct}/{card.total}) · "
        f"answerable {card.answerable_correct}/{card.answerable} · "
        f"honesty {card.negatives_declined}/{card.negatives} · {money}"
    )


def sources_table(answer: Answer, cited: frozenset[int], selected: int) -> Text:
    """Rank, document, page, score, golden, cited; the selected row (``[``/``]``) highlighted.

    Plain aligned text, not a table widget: rebuilding a DataTable (or laying out a Rich
    table) on every step cost more than everything else the step draws.
    """
    docs = [safe(str(source.get("doc"))) for source in answer.sources]
    width = max([len("document"), *map(len, docs)])
    text = Text(
        f" {'#':>2}  {'document':<{width}}  {'page':>4}  {'score':>6}  golden  cited\n", "bold"
    )
    for row, (source, doc) in enumerate(zip(answer.sources, docs, strict=True)):
        score = source.get("score")
        line = (
            f" {source.get('n')!s:>2}  {doc:<{width}}  {source.get('page', '')!s:>4}  "
            f"{(f'{score:.2f}' if isinstance(score, int | float) else ''):>6}  "
            f"{'yes' if source.get('doc') in answer.gold.golden_docs else '':^6}  "
            f"{'yes' if source.get('n') in cited else '':^5}\n"
        )
        text.append(line, "reverse" if row == selected else "")
    return text

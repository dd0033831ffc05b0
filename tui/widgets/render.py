"""Renderers: grader results to Rich `Text`, never to markup.

Answers, questions and sources are untrusted: a model can write ``[bold]`` or ``[/]``, a PDF can
hold an escape sequence. Every such string is passed through `safe` (control characters shown
as ``\\x1b``, not obeyed) and placed in a `Text` as plain text, so markup is never parsed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from grader.audit.agreement import judge_disagrees
from grader.audit.queue import QueueRow
from grader.records.judgements import Judgement
from grader.records.marks import Mark, marks_on
from grader.records.scorecard import Scorecard
from grader.rules.clauses import Clause
from grader.rules.verdict import Grade
from grader.schema import Answer, Source
from tui.output import clip, printable

VERDICT_STYLE = {
    "correct": "bold green",
    "partial": "bold yellow",
    "wrong": "bold red",
    "unjudged": "bold magenta",  # grader v3: no rule can check the key; a reader must
}
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


# What bold and the guillemets mean, under the answer (in its panel's border on the review
# screen, where every line of the first screen counts).
LEGEND = Text.assemble(
    ("asserted", ASSERTED_STYLE),
    " is graded, ",
    ("\u00abattributed\u00bb", ATTRIBUTED_STYLE),
    " not",
)


def answer_text(answer: Answer, clauses: Sequence[Clause], legend: bool = True) -> Text:
    """The answer with asserted clauses in bold and attributed ones in dim italics (with
    ``legend``, what they mean below it)."""
    text = Text()
    if answer.error:
        text.append("engine error: ", "bold red")
        text.append(safe(answer.error))
        return text
    if not clauses:
        text.append("(empty answer)", "dim")
    for clause in clauses:
        for piece, asserted in clause.pieces():
            if asserted:
                text.append(safe(piece), ASSERTED_STYLE)
            else:  # marked in brackets too, for a terminal without colour or italics
                text.append(f"\u00ab{safe(piece)}\u00bb", ATTRIBUTED_STYLE)
            text.append(" ")
    if not legend:
        text.rstrip()
        return text
    text.append("\n\n")
    text.append("legend: ", "dim")
    text.append("asserted (graded)", ASSERTED_STYLE)
    text.append("  ")
    text.append("\u00abattributed to a source (not graded)\u00bb", ATTRIBUTED_STYLE)
    return text


def verdict_text(
    grade: Grade | None,
    marks: Mark | Sequence[Mark] | None,
    fingerprint: str,
    judgement: Judgement | None = None,
    queue_row: QueueRow | None = None,
    brief: bool = False,
) -> Text:
    """The rules' verdict with its labels and money line, then the judge's verdict beside it
    (when a model judged the answer), each reviewer's mark under their name (several
    reviewers' marks are all shown, whose is whose), and the signals that put the answer in the
    reading queue.

    With ``brief`` (a short terminal: the answer must stay on the first screen), the judge and
    each mark take a line: the judge's reason and model, a mark's time and grader are left out
    (`verdict_omits` says whether anything was).
    """
    text = Text()
    if grade is None:
        return Text("not an answer", "dim")
    text.append(f" {grade.verdict.upper()} ", VERDICT_STYLE[grade.verdict] + " reverse")
    text.append(f"  grader {fingerprint}\n", "dim")
    if grade.suspicious:  # the grader's reasons a pass is worth reading before it is trusted
        text.append(
            f"SUSPICIOUS PASS: {safe('; '.join(grade.suspicious))}; read it before trusting it\n",
            "bold yellow",
        )
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
    if judgement is not None:
        text.append(judge_text(grade, judgement, brief))
    for mark in marks_on(marks):
        text.append(f"\nreviewer {safe(mark.by)}  ", "dim")
        text.append(
            f" {mark.verdict.upper()} ", VERDICT_STYLE.get(mark.verdict, "bold") + " reverse"
        )
        said = {"agree": "agrees", "disagree": "disagrees", "label": "label"}.get(mark.says, "")
        text.append(f"  {said}" + (" blind" if mark.blind else ""))
        if brief:
            if mark.note:
                note = safe(mark.note)
                text.append(f"  {clip(note, 41)}")
            continue
        text.append(f"  {safe(mark.note)}" if mark.note else "")
        # The grader a mark was made against, when it is not today's (shown above).
        other = mark.grader_fingerprint and mark.grader_fingerprint != fingerprint
        against = f", against grader {mark.grader_fingerprint}" if other else ""
        text.append(f"  ({mark.created}{against})", "dim")
    if queue_row is not None and queue_row.signals:
        text.append(f"\nread next  score {queue_row.score}: ", "dim")
        text.append(safe("; ".join(queue_row.signals)))
    return text


def verdict_omits(marks: Mark | Sequence[Mark] | None, judgement: Judgement | None) -> bool:
    """Whether the brief verdict (`verdict_text` with ``brief``) leaves anything out."""
    return judgement is not None or bool(marks_on(marks))


def judge_text(grade: Grade, judgement: Judgement, brief: bool = False) -> Text:
    """``judge  PARTIAL  the answer gives ... (model, prompt judge-1)``: a model's verdict,
    shown beside the rules' and never in place of it (``brief``: the verdict alone)."""
    text = Text("\njudge     ", "dim")
    if judgement.parsed:
        verdict = str(judgement.verdict)
        text.append(f" {verdict.upper()} ", VERDICT_STYLE.get(verdict, "bold") + " reverse")
        if judge_disagrees(grade, judgement):
            text.append("  disagrees" if brief else "  rules and judge disagree", "bold yellow")
        if judgement.why and not brief:
            text.append(f"  {safe(judgement.why)}")
    elif judgement.status == "unparsed":
        text.append("no verdict: the reply could not be read ", "yellow")
        if not brief:
            text.append(repr(safe(clip(judgement.reply, 120))))
    else:
        text.append(f"no verdict: {safe(judgement.error or judgement.status)}", "yellow")
    if brief:
        return text
    text.append(
        f"  ({safe(judgement.model_name)}, prompt {safe(judgement.prompt_version)}, "
        f"{judgement.created})",
        "dim",
    )
    return text


def scorecard_parts(card: Scorecard) -> list[str]:
    """The scorecard's counts, each read alone: ``1 correct of 71 judged (1.4%)`` (never
    ``1.4% correct (1/71 judged)``, which reads as one of 71 answers judged)."""
    correct = f"{card.correct} correct of {card.judged} judged ({card.overall:.1%})"
    if card.unjudged:
        correct += f", {card.unjudged} unjudged"
    return [
        correct,
        f"answerable {card.answerable_correct}/{card.answerable}",
        f"honesty {card.negatives_declined}/{card.negatives}",
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

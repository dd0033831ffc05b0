"""Renderers: grader results to Rich `Text`, never to markup.

Answers, questions and sources are untrusted: a model can write ``[bold]`` or ``[/]``, a PDF can
hold an escape sequence. Every such string is passed through `safe` (control characters shown
as ``\\x1b``, not obeyed) and placed in a `Text` as plain text, so markup is never parsed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from grader.audit.agreement import judge_disagrees
from grader.audit.graders import disagrees_with_rules
from grader.audit.queue import QueueRow
from grader.records.judgements import Judgement
from grader.records.marks import Mark, marks_on
from grader.records.scorecard import Scorecard
from grader.rules.clauses import Clause
from grader.rules.codes import ENGINE_ERROR, code_of
from grader.rules.verdict import Grade
from grader.schema import Answer, GraderVerdict, Source
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
        text.append(f"{ENGINE_ERROR.name}: ", "bold red")
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
    graders: Sequence[GraderVerdict] = (),
    whole: bool = False,
    width: int = 0,
    narrow: bool = False,
) -> Text:
    """The rules' verdict with its labels and money line, then the judge's verdict beside it
    (when a model judged the answer) and each grader imported with the answer (`graders_text`),
    each reviewer's mark under their name (several reviewers' marks are all shown, whose is
    whose), and the signals that put the answer in the reading queue.

    With ``brief`` (a short terminal: the answer must stay on the first screen), the judge and
    each mark take a line: the judge's reason and model, a mark's time and grader are left out
    (`verdict_omits` says whether anything was). Each imported grader keeps a line in ``width``
    columns unless the panel is shown ``whole``. ``narrow`` (a side of the A/B screen, half the
    width): brief, the graders and each mark keep one line of ``width`` too (`graders_text`).
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
    for label in grade.labels:  # each with its rule's code (`ragtriage rules CODE`)
        code = code_of(label)
        text.append("• ")
        if code:
            text.append(f"{code} ", "bold")
        text.append(f"{safe(label)}\n")
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
    text.append(graders_text(grade, graders, brief, whole, width, narrow))
    for mark in marks_on(marks):
        line = Text(f"reviewer {safe(mark.by)}  ", "dim")
        line.append(
            f" {mark.verdict.upper()} ", VERDICT_STYLE.get(mark.verdict, "bold") + " reverse"
        )
        said = {"agree": "agrees", "disagree": "disagrees", "label": "label"}.get(mark.says, "")
        line.append(f"  {said}" + (" blind" if mark.blind else ""))
        text.append("\n")
        if brief:
            # On a narrow side the mark keeps one line: its note cut to what is left of it
            # (none under `REASON_MIN`), so that the answer under it stays on the first screen.
            room = MARK_NOTE_CHARS
            if narrow and width:
                room = min(room, width - line.cell_len - 2)
                line.truncate(width, overflow="ellipsis")
            if mark.note and room >= REASON_MIN:
                line.append(f"  {clip(safe(mark.note), room)}")
            text.append(line)
            continue
        text.append(line)
        text.append(f"  {safe(mark.note)}" if mark.note else "")
        # The grader a mark was made against, when it is not today's (shown above).
        other = mark.grader_fingerprint and mark.grader_fingerprint != fingerprint
        against = f", against grader {mark.grader_fingerprint}" if other else ""
        text.append(f"  ({mark.created}{against})", "dim")
    if queue_row is not None and queue_row.signals:
        text.append(f"\nread next  score {queue_row.score}: ", "dim")
        text.append(safe("; ".join(queue_row.signals)))
    return text


def verdict_omits(
    marks: Mark | Sequence[Mark] | None,
    judgement: Judgement | None,
    graders: Sequence[GraderVerdict] = (),
    brief: bool = True,
    grade: Grade | None = None,
    width: int = 0,
    narrow: bool = False,
) -> list[str]:
    """What the verdict (`verdict_text`, ``brief`` or not, never ``whole``) may leave out, as
    the reviewer would ask for it with ``v`` (empty: nothing). Given the rules' ``grade`` and
    the panel's ``width``, it also names what the graders' lines left out to fit (a threshold,
    a score; brief and ``narrow``, their names)."""
    left_out = []
    if brief and judgement is not None:
        left_out.append("the judge's reason")
    detail = any(g.reason or g.score is not None or g.threshold is not None for g in graders)
    reasons = any(g.reason for g in graders)
    # What a line kept to the width left out (no width or grade known: nothing).
    counted = scores_cut = False
    if grade is not None and width > 0:
        counted = brief and narrow and graders_counted(grade, graders, width)
        scores_cut = any(fitted_score(grade, g, width) != score_text(g) for g in graders)
    if counted:
        left_out.append("the graders' names" + (", scores and reasons" if detail else ""))
    elif brief and detail:
        left_out.append("the graders' scores and reasons")
    elif not brief and scores_cut:
        left_out.append("the graders' scores" + (" and reasons" if reasons else ""))
    elif not brief and reasons:
        left_out.append("the graders' reasons")
    if brief and marks_on(marks):
        left_out.append("the marks' times")
    return left_out


# A reason cut to fit its grader's line keeps at least this much room, or is left out; with no
# width known, it is cut to `REASON_CHARS`. A brief mark's note is cut to `MARK_NOTE_CHARS`.
REASON_MIN, REASON_CHARS, MARK_NOTE_CHARS = 12, 60, 41


def graders_text(
    grade: Grade,
    graders: Sequence[GraderVerdict],
    brief: bool = False,
    whole: bool = False,
    width: int = 0,
    narrow: bool = False,
) -> Text:
    """The verdicts of the graders imported with the answer (DESIGN 2), beside the rules' and
    never in place of it: ``inspect:f1  WRONG  disagrees  0.4 (threshold 0.5)  reason``, one
    grader a line (`grader_line`: kept to a line of ``width`` columns), a grader that gave none
    said so; with ``whole``, each is shown whole.

    With ``brief`` (a short terminal), the graders are grouped by verdict after one count of
    those that disagree with the rules: ``inspect  4 disagree   WRONG  match, includes, f1
    PARTIAL  model_graded_fact`` (the tool named once when every grader is one tool's). Brief
    and ``narrow`` (a side of the A/B screen), where that line is wider than ``width``, they
    are counted on one line instead: ``4 graders, 1 disagrees`` (`graders_counted`).
    """
    if not graders:
        return Text()
    if brief and not whole:
        if narrow and graders_counted(grade, graders, width):
            line = _graders_counted(grade, graders, width)
        else:
            line = _graders_grouped(grade, graders)
        return Text("\n").append_text(line)
    text = Text()
    for other in graders:
        text.append("\n")
        text.append(grader_line(grade, other, whole, width))
    return text


def grader_line(grade: Grade, other: GraderVerdict, whole: bool = False, width: int = 0) -> Text:
    """One imported grader's line: its name, verdict, whether it disagrees with the rules, its
    score and reason. Unless ``whole``, kept to one line of ``width`` columns (0: no limit):
    the reason cut to what is left (`reason_text`), the score shortened (`fitted_score`), the
    name cut with "…" where even its verdict would not fit beside it (and the line, where not
    even that)."""
    name = safe(other.name)
    if not whole and width:
        name = clip(name, max(width - _head(grade, other, "").cell_len, 1))
    line = _head(grade, other, name)
    score = score_text(other) if whole else fitted_score(grade, other, width)
    if score:
        line.append(f"  {score}", "dim")
    if other.reason:
        line.append(reason_text(other.reason, whole, width - line.cell_len - 2 if width else None))
    if not whole and width:
        line.truncate(width, overflow="ellipsis")
    return line


def _head(grade: Grade, other: GraderVerdict, name: str) -> Text:
    """A grader's line up to its score: ``name  VERDICT  disagrees``."""
    line = Text(f"{name}  ", "dim")
    if other.verdict is None:
        line.append("no verdict", "yellow")
    else:
        line.append(f" {other.verdict.upper()} ", VERDICT_STYLE[other.verdict] + " reverse")
    if disagrees_with_rules(grade, other):
        line.append("  disagrees", "bold yellow")
    return line


def fitted_score(grade: Grade, other: GraderVerdict, width: int = 0) -> str:
    """A grader's score as its line (`grader_line`) shows it in ``width`` columns (0: no
    limit): ``score 1 (threshold 0.5)`` where it fits beside the verdict, else ``score 1``
    (the threshold is for ``v``), else nothing."""
    whole = score_text(other)
    if not width:
        return whole
    room = width - _head(grade, other, safe(other.name)).cell_len - 2
    shorter = score_text(other, threshold=False) if other.score is not None else ""
    return next((score for score in (whole, shorter) if len(score) <= room), "")


def graders_counted(grade: Grade, graders: Sequence[GraderVerdict], width: int) -> bool:
    """Whether the brief graders of a narrow side are counted (``4 graders, 1 disagrees``):
    their line grouped by verdict is wider than ``width`` columns (0: never)."""
    return bool(graders) and width > 0 and _graders_grouped(grade, graders).cell_len > width


def _tool(graders: Sequence[GraderVerdict]) -> str:
    """The tool every grader is one of (``promptfoo`` for ``promptfoo:contains``), or ""."""
    tools = {other.name.split(":", 1)[0] for other in graders}
    return tools.pop() if len(tools) == 1 else ""


def _graders_grouped(grade: Grade, graders: Sequence[GraderVerdict]) -> Text:
    tool = _tool(graders)

    def short(name: str) -> str:
        return safe(name.split(":", 1)[1] if tool and ":" in name else name)

    groups: dict[str | None, list[str]] = {}
    for other in graders:
        groups.setdefault(other.verdict, []).append(short(other.name))
    text = Text(f"{safe(tool) or 'graders'}  ", "dim")
    disagree = sum(disagrees_with_rules(grade, other) for other in graders)
    if disagree:
        text.append(f"{disagree} disagree{'s' if disagree == 1 else ''}  ", "bold yellow")
    for verdict, names in groups.items():
        if verdict is None:
            text.append(" no verdict ", "yellow")
        else:
            text.append(f" {verdict.upper()} ", VERDICT_STYLE[verdict] + " reverse")
        text.append(f" {', '.join(names)}  ")
    text.rstrip()
    return text


def _graders_counted(grade: Grade, graders: Sequence[GraderVerdict], width: int) -> Text:
    """``4 graders, 1 disagrees`` (with the rules), cut with "…" to ``width`` columns where
    even that is too wide. No tool named: both sides of the A/B screen read alike, and ``v``
    names each grader."""
    text = Text(f"{len(graders)} grader{'s' if len(graders) != 1 else ''}, ")
    disagree = sum(disagrees_with_rules(grade, other) for other in graders)
    if disagree:
        text.append(f"{disagree} disagree{'s' if disagree == 1 else ''}", "bold yellow")
    else:
        text.append("none disagrees")
    text.truncate(width, overflow="ellipsis")
    return text


def reason_text(reason: str, whole: bool, room: int | None = None) -> str:
    """A grader's reason after its verdict: whole, or on one line (its line breaks read as
    spaces) cut to ``room`` characters (None: `REASON_CHARS`), or nothing where the room left
    is under `REASON_MIN` (0 included: a line with no room left)."""
    if whole:
        return f"  {safe(reason)}"
    flat = " ".join(safe(reason).split())
    room = REASON_CHARS if room is None else room
    if room < REASON_MIN:
        return ""
    return "  " + (flat if len(flat) <= room else flat[: room - 1] + "\u2026")


def score_text(grader: GraderVerdict, threshold: bool = True) -> str:
    """An imported grader's raw score with the threshold it was read by: ``score 0.4
    (threshold 0.5)``, ``score 0.4`` or ``threshold 5`` when one is absent (or the threshold
    not asked for), "" when neither is given: a score reads ``score`` with a threshold or
    without. Neutral wording: a threshold is a bound on the score for most graders, on a
    distance for promptfoo's levenshtein."""
    if grader.score is None:
        return "" if grader.threshold is None else f"threshold {grader.threshold:.3g}"
    if grader.threshold is None or not threshold:
        return f"score {grader.score:.3g}"
    return f"score {grader.score:.3g} (threshold {grader.threshold:.3g})"


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

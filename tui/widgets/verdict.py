"""The verdict panel's text: the rules' verdict with its labels and money line, the judge's
beside it, the imported graders' (`tui.widgets.graders`), each reviewer's mark, and what a brief
or narrow panel left out (`verdict_omits`, named in the panel's border for ``v``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from grader.audit.agreement import judge_disagrees
from grader.audit.queue import QueueRow
from grader.records.judgements import Judgement
from grader.records.marks import Mark, marks_on
from grader.rules.codes import code_of
from grader.rules.verdict import Grade
from grader.schema import GraderVerdict, MoneyCheck
from tui.output import clip
from tui.widgets.graders import REASON_MIN, fitted_score, graders_counted, graders_text, score_text
from tui.widgets.render import VERDICT_STYLE, cut, safe

# A mark on a line (`short_lines`) has its note cut to `MARK_NOTE_CHARS` (on a narrow side, to
# what is left of its line).
MARK_NOTE_CHARS = 41


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
    width): the judge and each mark take a row of ``width`` at any height (`short_lines`);
    brief, every line does: the rules' lines (`rules_lines`: the money line shortened,
    `money_text`) and the graders' (counted, `graders_text`) too.
    """
    if grade is None:
        return Text("not an answer", "dim")
    # A narrow side, brief: each of the rules' lines keeps one row of the width; at any height
    # the judge's and each mark's do.
    fit = width if brief and narrow else 0
    short = short_lines(brief, whole, narrow)
    head = Text()
    head.append(f" {grade.verdict.upper()} ", VERDICT_STYLE[grade.verdict] + " reverse")
    head.append(f"  grader {fingerprint}", "dim")
    text = Text("\n").join([cut(head, fit), *rules_lines(grade, fit)])
    if judgement is not None:
        text.append("\n")
        text.append(cut(judge_text(grade, judgement, short), width if narrow and short else 0))
    text.append(graders_text(grade, graders, brief, whole, width, narrow))
    for mark in marks_on(marks):
        line = Text(f"reviewer {safe(mark.by)}  ", "dim")
        line.append(
            f" {mark.verdict.upper()} ", VERDICT_STYLE.get(mark.verdict, "bold") + " reverse"
        )
        said = {"agree": "agrees", "disagree": "disagrees", "label": "label"}.get(mark.says, "")
        line.append(f"  {said}" + (" blind" if mark.blind else ""))
        text.append("\n")
        if short:
            # On a narrow side the mark keeps one line: its note cut to what is left of it
            # (none under `REASON_MIN`), so that the answer under it stays on the first screen.
            room = MARK_NOTE_CHARS
            if narrow and width:
                room = min(room, width - line.cell_len - 2)
                cut(line, width)
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


def short_lines(brief: bool, whole: bool, narrow: bool) -> bool:
    """Whether the judge and each mark take a line (the judge's reason and model, a mark's
    time left out): ``brief``, or on a ``narrow`` side (an A/B side, 43 columns at 100x30,
    where they took seven rows and pushed both answers under the footer) unless ``whole``."""
    return brief or (narrow and not whole)


def rules_lines(grade: Grade, width: int = 0) -> list[Text]:
    """The rules' reasons under their verdict, a line each: a suspicious pass, each label with
    its rule's code (`ragtriage rules CODE`), the money line (`money_text`), whether the answer
    declined. With ``width`` (0: whole), each is kept to one row of it, cut with "…"."""
    lines = []
    if grade.suspicious:  # the grader's reasons a pass is worth reading before it is trusted
        lines.append(
            Text(
                f"SUSPICIOUS PASS: {safe('; '.join(grade.suspicious))}; read it before trusting it",
                "bold yellow",
            )
        )
    for label in grade.labels:
        line = Text("• ")
        code = code_of(label)
        if code:
            line.append(f"{code} ", "bold")
        line.append(safe(label))
        lines.append(line)
    if grade.money.is_money:
        lines.append(money_text(grade.money, width))
    declined = Text()
    declined.append("declined  ", "dim")
    declined.append("yes" if grade.declined else "no")
    if grade.decline_phrase:
        declined.append(f' (matched "{safe(grade.decline_phrase)}")', "dim")
    lines.append(declined)
    return [cut(line, width) for line in lines]


def money_text(money: MoneyCheck, width: int = 0) -> Text:
    """The money line, ``money  key $1,450  ·  asserted $1450  ·  no violation``. Where that is
    wider than ``width`` (0: no limit), a shorter form: its verdict first, then the key's
    amounts and the asserted ones as long as each fits whole (``money  no violation · key
    $1,450``), cut with "…" where not even its verdict fits; a violation is never the part
    left out."""
    status = Text("VIOLATION", "bold red") if money.violation else Text("no violation", "green")
    parts = [
        f"key {safe(', '.join(money.key))}",
        f"asserted {safe(', '.join(money.asserted)) or 'none'}",
    ]
    line = Text.assemble(("money  ", "dim"), "  ·  ".join(parts), "  ·  ", status)
    if not width or line.cell_len <= width:
        return line
    short = Text.assemble(("money  ", "dim"), status)
    for part in parts:
        if short.cell_len + len(" · ") + cell_len(part) > width:
            break
        short.append(f" · {part}")
    return cut(short, width)


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
    a score; brief and ``narrow``, their names, and the rules' lines cut to fit)."""
    left_out = []
    if brief and narrow and grade is not None and width > 0:
        whole_lines = [line.plain for line in rules_lines(grade)]
        if [line.plain for line in rules_lines(grade, width)] != whole_lines:
            left_out.append("the rules' lines whole")
    if short_lines(brief, False, narrow) and judgement is not None:
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
    if short_lines(brief, False, narrow) and marks_on(marks):
        left_out.append("the marks' times")
    return left_out


def judge_text(grade: Grade, judgement: Judgement, brief: bool = False) -> Text:
    """``judge  PARTIAL  the answer gives ... (model, prompt judge-1)``: a model's verdict,
    shown beside the rules' and never in place of it (``brief``: the verdict alone)."""
    text = Text("judge     ", "dim")
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

"""The verdicts of the graders imported with an answer (DESIGN 2), drawn beside the rules' and
never in place of them: one line a grader, kept to the panel's width (the reason, then the
threshold, then the score left out), or, on a short terminal, grouped by verdict or counted on
one line. `tui.widgets.verdict` puts them in the verdict panel; `verdict_omits` asks them what
they left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from grader.audit.graders import disagrees_with_rules
from grader.rules.verdict import Grade
from grader.schema import GraderVerdict
from tui.output import clip
from tui.widgets.render import VERDICT_STYLE, cut, safe

# A reason cut to fit its grader's line keeps at least this much room, or is left out; with no
# width known, it is cut to `REASON_CHARS`.
REASON_MIN, REASON_CHARS = 12, 60


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
    return line if whole else cut(line, width)


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
    return cut(text, width)


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

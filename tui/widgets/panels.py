"""The review screen's panels drawn from data: given what is shown at a position (a `Shown`), the
run's grader and the room on screen, the Rich text each panel holds, with its border's title and
subtitle. Plain functions, testable without the app: the screens (`tui.screens.review`, the A/B
screen `tui.screens.compare`) put what they return in place and nothing else.

The pieces they are made of are `tui.widgets.verdict`'s (the verdict's lines) and
`tui.widgets.render`'s (the answer's clauses, the key); this module lays them out as the panels
of a screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from grader.schema import Source
from tui.session.marking import BLIND_SAYS
from tui.session.order import ORDERS
from tui.session.review import ReviewSession, Shown
from tui.widgets.render import (
    answer_text,
    fitted,
    gold_text,
    question_text,
    safe,
    scorecard_parts,
    source_field,
    written_text,
)
from tui.widgets.verdict import verdict_omits, verdict_text

# A terminal with fewer rows draws the verdict panel brief (`verdict_panel`'s ``brief``), so
# that the answer stays on the first screen; ``v`` shows it whole.
FULL_VERDICT_ROWS = 30
# How many bad lines the banner names before "…".
BANNER_LINES = 12


@dataclass(frozen=True)
class Panel:
    """What a panel shows: its text, and its border's title and subtitle."""

    text: Text
    title: str = ""
    subtitle: str = ""


def verdict_panel(
    shown: Shown,
    fingerprint: str,
    brief: bool = False,
    whole: bool = False,
    width: int = 0,
    border: int = 0,
    title: str = "verdict",
    narrow: bool = False,
) -> Panel:
    """The verdict panel of an answer: the rules' verdict, the judge's, each imported grader's
    and each reviewer's mark (`verdict_text`), with what ``brief`` or the panel's ``width``
    left out named in the subtitle (``v: the judge's reason, ...``; ``v: the verdict whole``
    when that is too long for a border ``border`` columns wide). With ``whole``, nothing is
    left out (``brief`` or not) and the subtitle is empty. ``narrow``: a side of the A/B
    screen, where brief, the graders and each mark keep one line of ``width``."""
    brief = brief and not whole
    graders = shown.answer.graders if shown.answer is not None else ()
    text = verdict_text(
        shown.grade,
        shown.marks,
        fingerprint,
        judgement=shown.judgement,
        queue_row=shown.queue_row,
        brief=brief,
        graders=graders,
        whole=whole,
        width=width,
        narrow=narrow,
    )
    left_out = []
    if not whole:
        left_out = verdict_omits(
            shown.marks, shown.judgement, graders, brief, shown.grade, width, narrow
        )
    subtitle = f"v: {', '.join(left_out)}" if left_out else ""
    # A border subtitle too long for the panel is cut mid-word by the terminal.
    if border and len(subtitle) > border - 4:
        subtitle = "v: the verdict whole"
    return Panel(text, title, subtitle)


def hidden_verdict_panel() -> Panel:
    """The verdict panel of an answer under blind review: what to press, nothing of any
    grader's verdict."""
    text = Text("Hidden until you give your verdict:", "bold")
    for n, said in enumerate(BLIND_SAYS):
        text.append("\n" if n % 2 == 0 else "   ")
        text.append(f" {n + 1} ", "reverse")
        text.append(f" {said:<8}")
    text.rstrip()
    return Panel(text, "verdict: hidden")


def question_panel(shown: Shown | None, config: str, waiting: str = "", whole: bool = True) -> Text:
    """The question and its key (not ``whole``, a key of many accepted answers cut to its first
    ones, `gold_text`); for a line of the run that is not an answer, its line number and why;
    for no position at all, what the screen waits for (``waiting``, e.g. the order being made)
    or "Nothing to show."."""
    if shown is None:
        return Text(waiting or "Nothing to show.", "dim")
    if shown.answer is None:
        reason = shown.problem.reason if shown.problem else "?"
        return Text(f"line {shown.line}: {safe(reason)}", "bold red")
    return Text.assemble(
        question_text(shown.answer, config), "\n", gold_text(shown.answer, whole=whole)
    )


def answer_panel(shown: Shown | None, written: bool = False) -> Text:
    """The answer, its asserted clauses bold and its attributed ones in guillemets (the legend
    is in the panel's border), what its reading set aside struck through; with ``written``, as
    the model wrote it (`written_text`); empty where there is no answer."""
    if shown is None or shown.answer is None:
        return Text()
    if written:
        return written_text(shown.answer)
    return answer_text(shown.answer, shown.clauses, legend=False, reading=shown.reading)


def source_text(source: Source) -> Text:
    """A retrieved source whole: its number, document, page and chunk, then its text."""
    text = Text()
    text.append(
        f"[{source.n}] {safe(source.doc)}, page {source_field(source.page) or '?'}, "
        f"chunk {source_field(source.chunk)}\n",
        "bold",
    )
    text.append(source_field(source.text))
    return text


def no_sources_text(imported: bool) -> Text:
    """The sources pane of an answer without sources: why (a blank pane read as a fault)."""
    # An imported file may simply have had no retrieved_contexts.
    return Text("No sources (none imported)" if imported else "No sources were retrieved", "dim")


def showing(session: ReviewSession) -> str:
    """What the answers shown are: ``filter wrong``, ``order read-next``, ``order audit, seed
    0`` (the audit order's seed, kept with each mark made in it)."""
    name = session.order.filter
    if name == "audit":
        return f"order audit, seed {session.order.audit_seed}"
    return f"order {name}" if name in ORDERS else f"filter {name}"


def topbar_text(
    session: ReviewSession,
    index: int,
    width: int,
    hiding: bool = False,
    status: str = "",
    grading_failed: bool = False,
) -> Text:
    """The review screen's header in two lines ``width`` columns wide: what matters at any
    width first (the position, the money bar, the marks), then the run and its scorecard.

    ``hiding``: the answer's verdicts are hidden (blind review), and the run's figures with
    them; ``status``: what the grading is doing while the run is not all graded.
    """
    count = len(session.order.visible)
    position = f"{index + 1} / {count}" if count else "0 / 0"
    text = Text()
    text.append(f" {position} ", "reverse")
    graded = session.run.graded_all and not hiding
    card = session.run.scorecard() if graded else None
    if hiding:  # the run's figures too wait for the reviewer's verdict
        text.append("  BLIND: your verdict first", "bold")
    elif card is not None:
        money = f"ZERO-WRONG-MONEY {card.zero_wrong_money}"
        if card.violations:
            money += f" ({len(card.violations)})"
        text.append(f"  {money}", "bold red" if card.violations else "bold green")
    else:
        word = "the grading failed" if grading_failed else "grading…"
        text.append(f"  {status or word}", "dim")
    text.append(f"  ·  marked {len(session.marks.latest):,}  ·  {showing(session)}\n")
    # The second line fits the header's width: the run's name is shortened and the counts that
    # matter least are left out, never wrapped or cut mid-word by the terminal.
    if card is not None and not card.completion.complete:
        incomplete = f"{card.completion.describe()}  ·  "
        text.append(incomplete, "bold red")
        width -= len(incomplete)
    run = safe(session.run.run_id)
    if card is None:
        text.append(fitted([run], width), "bold")
        return text
    correct, answerable, *honesty = scorecard_parts(card)
    # The run's name whole where it fits beside the correct count, else shortened.
    for reserve in (min(len(run), 26), 10, 0):
        room = width - reserve - 3
        if len(correct) <= room:
            break
    scores = fitted([correct, *honesty, answerable], room)
    if width - len(scores) - 3 < 1:  # no room left for the name (`fitted`'s 0 is no limit)
        text.append(fitted([correct, *honesty, answerable], width))
        return text
    text.append(fitted([run], width - len(scores) - 3), "bold")
    text.append(f" · {scores}")
    return text


def banner_lines(session: ReviewSession) -> list[str]:
    """What the banner under the header says, a line each (none: the banner is hidden): an
    empty run, the lines that could not be read, a filter that matches nothing."""
    run, order = session.run, session.order
    lines = []
    if run.total == 0:
        lines.append("This run holds no answers yet.")
    if run.problems:
        numbers = ", ".join(str(p.line) for p in run.problems[:BANNER_LINES])
        more = " …" if len(run.problems) > BANNER_LINES else ""
        lines.append(
            f"{len(run.problems)} line(s) could not be read and are skipped: {numbers}{more} "
            "(press m to list them)"
        )
    if run.graded_all and not order.visible and run.total:
        lines.append(f"No answer matches the filter {order.filter!r} (press f).")
    return lines

"""The proposed-needle dialog: phrase, list, rationale; collision scan and flip preview first."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Button, Input, LoadingIndicator, Select, Static
from textual.worker import Worker

from engine.needle_changes import NeedleChanges
from grader.audit.change import Change
from grader.audit.scan import ScanReport
from grader.errors import RagtriageError
from tui.output import clip
from tui.screens.dialog import DialogBody, DialogScreen
from tui.screens.workers import WorkerErrors, background
from tui.session.review import ReviewSession
from tui.widgets.render import safe

DECLINE_LIST = ("decline phrase (all questions)", "decline")
LISTS = [
    DECLINE_LIST,
    ("must_contain on this question", "must_contain"),
    ("must_contain_any on this question", "must_contain_any"),
    ("must_not_contain on this question", "must_not_contain"),
]


# Said where a question's needles cannot be changed here: its question is in no corpus (an
# imported answer, whose gold came with it).
NO_QUESTION_NEEDLES = (
    "{qid} is in no corpus (an imported answer?): its needles came with the import, as the "
    "columns must_contain, must_contain_any and must_not_contain (lists of strings) of each "
    "row; import it again to change them. Here only a decline phrase can be proposed."
)


@dataclass(frozen=True, slots=True)
class NeedleProposal:
    """An accepted change, as written."""

    change: Change
    why: str
    override: str
    files: tuple[Path, ...]


def report_text(report: ScanReport) -> Text:
    text = Text()
    text.append(f"{safe(report.summary())}\n", "bold")
    for warning in report.warnings:
        text.append(f"WARNING: {safe(warning)}\n", "bold red")
    text.append(f"collisions ({len(report.collisions)})\n", "underline")
    for collision in report.collisions:
        text.append(f"  [{collision.kind}] ", "yellow")
        text.append(f"{safe(collision.where)}: {safe(collision.detail)}\n")
    text.append(
        f"flips: {len(report.flips)} answer(s) of the {report.answers_scanned} on disk would be "
        "graded differently\n",
        "underline",
    )
    for flip in report.flips:
        text.append(f"  {safe(flip.run)} {safe(flip.qid)}: ")
        removed = flip.old_violation and not flip.new_violation
        text.append(flip.describe(), "bold red" if removed else "")
        text.append("\n")
        if flip.sentence:
            text.append(f"      {safe(clip(flip.sentence, 150))}\n", "dim")
    if report.toward_reviewers or report.away_from_reviewers:
        text.append(
            f"against the reviewers' marks: fixes {len(report.toward_reviewers)} "
            f"disagreement(s), breaks {len(report.away_from_reviewers)} agreement(s)\n",
            "bold red" if report.away_from_reviewers else "",
        )
    text.append(f"which way it can move grades: {report.direction}\n", "dim")
    text.append(
        "the flips move that way: "
        + ("yes" if report.agrees else "NO, some move the other way: read them"),
        "dim" if report.agrees else "bold red",
    )
    return text


class NeedleDialog(WorkerErrors, DialogScreen[NeedleProposal | None]):
    """Propose a needle; accept only after a clean scan, or with an override reason.

    The form is a few lines; the scan's report (every collision and flip) follows it in the
    dialog's body, which scrolls (PgUp, PgDn) while Scan, Accept and Cancel stay on screen.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="needle.cancel")]
    BINDING_GROUP_TITLE = "Propose a needle"
    HELP = (
        "A needle change is a scoring change. Scan first: the scan lists every collision "
        "with the lists and every answer on disk whose verdict would flip. Accept writes "
        "the change with its rationale; collisions or flips need an override reason."
    )

    def __init__(self, session: ReviewSession, qid: str | None) -> None:
        super().__init__()
        self.session = session
        self.qid = qid
        self.report: ScanReport | None = None
        self.change: Change | None = None
        self.digest = ""  # the needle lists as they were when scanned
        # A question needle is offered only where it can be written: a question of a corpus.
        self.question_lists = qid is not None and session.run.workspace.corpus_of(qid) is not None

    def title_text(self) -> Text:
        return Text(f"Propose a needle (question {safe(self.qid or '-')})")

    def body(self) -> ComposeResult:
        yield Input(placeholder="phrase, e.g. not directly addressed", id="phrase", compact=True)
        lists = LISTS if self.question_lists else [DECLINE_LIST]
        yield Select(lists, value="decline", allow_blank=False, id="list", compact=True)
        if not self.question_lists:
            yield Static(
                Text(safe(NO_QUESTION_NEEDLES.format(qid=self.qid or "this answer")), "dim"),
                id="no-question-needles",
            )
        yield Input(placeholder="rationale: why this phrase belongs there", id="why", compact=True)
        yield Input(
            placeholder="override reason (only to accept collisions or flips)",
            id="override",
            compact=True,
        )
        yield LoadingIndicator(id="scanning")
        yield Static(Text("Press Scan to see collisions and flips.", "dim"), id="scan-text")

    def buttons(self) -> ComposeResult:
        yield Button("Scan", variant="primary", id="scan", compact=True)
        yield Button("Accept", variant="success", id="accept", disabled=True, compact=True)
        yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#scanning").display = False

    def _change(self) -> Change:
        phrase = self.query_one("#phrase", Input).value
        target = str(self.query_one("#list", Select).value)
        why = self.query_one("#why", Input).value.strip()
        if target == "decline":
            return Change("add-decline", phrase, why=why)
        if not self.qid:
            raise RagtriageError("a question needle needs an answer on screen")
        return Change("add-needle", phrase, qid=self.qid, needle_kind=target, why=why)

    @on(Input.Changed, "#phrase")
    @on(Select.Changed, "#list")
    def edited(self) -> None:
        # An edit of the phrase or list invalidates the scan: accept needs a scan of exactly
        # what will be written.
        phrase = self.query_one("#phrase", Input).value.strip()
        target = str(self.query_one("#list", Select).value)
        if (
            self.change is not None
            and phrase == self.change.phrase
            and target == ("decline" if self.change.is_decline else self.change.needle_kind)
        ):
            return
        if self.report is not None:
            self.report = None
            self.query_one("#scan-text", Static).update(Text("Edited: scan again.", "dim"))
        self.query_one("#accept", Button).disabled = True

    @on(Input.Submitted, "#phrase, #why")
    def submitted_field(self) -> None:
        """Enter in the phrase or the rationale scans (again, after an edit)."""
        if self.report is None:
            self.start_scan()

    @on(Input.Submitted, "#override")
    def submitted_override(self) -> None:
        """Enter after the override reason accepts the scan read (or scans first)."""
        if self.report is None:
            self.start_scan()
        else:
            self.accept()

    @on(Button.Pressed, "#scan")
    def start_scan(self) -> None:
        if self.query_one("#scan", Button).disabled:
            return  # a scan is running
        try:
            self.change = self._change()
        except RagtriageError as exc:
            self.say(safe(str(exc)))
            return
        self.say(Text("scanning every answer on disk…", "dim"))
        self.query_one("#scanning").display = True
        self.query_one("#scan", Button).disabled = True
        self.run_scan(self.change)

    class Scanned(Message):
        """The scan's ``report`` (None: it could not scan, and ``refused`` says why), and the
        digest of the lists it scanned against."""

        def __init__(self, report: ScanReport | None, digest: str = "", refused: str = "") -> None:
            super().__init__()
            self.report, self.digest, self.refused = report, digest, refused

    @background("the scan", group="scan")
    def run_scan(self, change: Change) -> None:
        changes = NeedleChanges(self.session.run.workspace)
        try:
            digest = changes.lists_digest()
            report = changes.scan(change)
        except RagtriageError as exc:
            self.post_message(self.Scanned(None, refused=str(exc)))
            return
        self.post_message(self.Scanned(report, digest))

    def on_needle_dialog_scanned(self, message: Scanned) -> None:
        if message.report is None:
            self.scan_failed(message.refused)
        else:
            self.scan_done(message.report, message.digest)

    def worker_failed(self, worker: Worker[object]) -> None:
        if worker.name == "the scan":
            self.scan_failed(f"{type(worker.error).__name__}: {worker.error}")

    def scan_failed(self, message: str) -> None:
        self.query_one("#scanning").display = False
        self.query_one("#scan", Button).disabled = False
        self.say(f"Cannot scan: {safe(message)}")

    def scan_done(self, report: ScanReport, digest: str) -> None:
        self.report = report
        self.digest = digest
        self.query_one("#scanning").display = False
        self.query_one("#scan", Button).disabled = False
        scan_text = self.query_one("#scan-text", Static)
        scan_text.update(report_text(report))
        accept = self.query_one("#accept", Button)
        accept.disabled = False
        accept.focus()  # the next step is to read the scan and accept (or not)
        self.say(
            Text(
                f"{len(report.collisions)} collision(s), {len(report.flips)} flip(s): read "
                "them below (PgUp, PgDn), then Accept or Cancel",
                "bold" if report.clean else "bold yellow",
            )
        )
        # The report is what to read now: bring its top into view under the form.
        self.call_after_refresh(
            self.query_one(DialogBody).scroll_to_widget, scan_text, top=True, animate=False
        )

    @on(Button.Pressed, "#accept")
    def accept(self) -> None:
        if self.report is None or self.change is None:
            return
        why = self.query_one("#why", Input).value.strip()
        override = self.query_one("#override", Input).value.strip()
        # Refusals are said inside the dialog, beside the buttons, not in a toast over them.
        if not why:
            self.say("Give a rationale: it is recorded with the change.")
            self.query_one("#why", Input).focus()
            return
        if not self.report.clean and not override:
            self.say("The scan found collisions or flips: give an override reason to accept them.")
            self.query_one("#override", Input).focus()
            return
        observed = (
            f"{self.session.run.run_id}:{self.qid}" if self.change.is_decline and self.qid else None
        )
        try:
            files = NeedleChanges(self.session.run.workspace).apply(
                self.change,
                why=why,
                observed=observed,
                override=override or None,
                scanned=self.digest,
                observed_must_decline=False,
            )
        except RagtriageError as exc:
            self.say(f"Refused: {safe(str(exc))}")
            return
        self.dismiss(NeedleProposal(self.change, why, override, tuple(files)))

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self) -> None:
        self.dismiss(None)

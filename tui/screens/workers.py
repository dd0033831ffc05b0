"""Work off the app's thread: how every worker of the app is started, and the one handler that
turns a worker's failure into a notification.

A worker calls plain code and posts a message with what it found; the screen's handler of that
message draws it. A worker that raises does not end the app (Textual's default, with a
traceback): `WorkerErrors` says what failed in a notification, and the screen puts itself back
as it was before the work started (`WorkerErrors.worker_failed`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import work
from textual.worker import Worker, WorkerState


def background(what: str, group: str | None = None) -> Callable[[Any], Any]:
    """`@work` as the app runs its slow work: in a thread, one at a time per ``group``
    (default: ``what``), named ``what`` (as a failure is told: "grading failed: ..."), and a
    failure left to `WorkerErrors` rather than ending the app."""
    return work(thread=True, exclusive=True, group=group or what, name=what, exit_on_error=False)


class WorkerErrors:
    """Mixed into the app and every screen that runs workers: the one handler of their
    failures."""

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state != WorkerState.ERROR:
            return
        worker = event.worker
        error = worker.error
        what = worker.name or "background work"
        # Plain text: an error's message may quote an answer (untrusted).
        self.notify(  # type: ignore[attr-defined]
            f"{what} failed: {type(error).__name__}: {error}",
            severity="error",
            timeout=15,
            markup=False,
        )
        self.worker_failed(worker)

    def worker_failed(self, worker: Worker[Any]) -> None:
        """Put the screen back as it was before ``worker`` started (a button enabled again, a
        status line that no longer says it is busy); the notification is already shown."""

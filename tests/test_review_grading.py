"""The review app's background grading: a big run is graded by worker processes, started fresh
(the app runs threads, so it never forks), and their grades are taken as they come; the result
is what grading in the app's own thread gives, bad lines and repeated qids included. The app's
thread grades only the answers it shows.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time

import pytest
from textual.widgets import Static

import grader.audit.regrade as regrade_module
import tui.session.run as session_module
from engine.workspace import Workspace
from grader.audit.regrade import Grading, parts_as_completed, regrade
from grader.errors import RunFileError
from grader.records.runfile import iter_lines, read_lines, read_run
from grader.rules.verdict import Grader
from tests.conftest import ROOT
from tests.test_regrade import messy_run
from tui.app import ReviewApp
from tui.session.review import ReviewSession
from tui.session.run import GradedRun

sys.path.insert(0, str(ROOT / "bench"))

from synthetic import write_synthetic_run


class FailingGrader:
    """Stands in for a grader and fails on every answer (in a worker: it is pickled there by
    reference). Not a subclass: the compiled `Grader` is a native class."""

    def grade(self, answer):  # type: ignore[no-untyped-def]
        raise ValueError(f"cannot grade {answer.qid}")


class CountingGrader:
    """Today's grader, counting the answers it grades in this process (every way the review
    session grades one answer: `Grader.grade` and `Grader.graded`); the rest it passes on."""

    def __init__(self, grader: Grader, graded: list[str]) -> None:
        self.grader = grader
        self.counted = graded

    def grade(self, answer):  # type: ignore[no-untyped-def]
        self.counted.append(answer.qid)
        return self.grader.grade(answer)

    def graded(self, answer):  # type: ignore[no-untyped-def]
        self.counted.append(answer.qid)
        return self.grader.graded(answer)

    def __getattr__(self, name):  # type: ignore[no-untyped-def]
        grader = self.__dict__.get("grader")  # (absent while it is unpickled)
        if grader is None or name.startswith("__"):
            raise AttributeError(name)
        return getattr(grader, name)


@pytest.fixture
def no_fork(monkeypatch):
    """A process that runs threads must not fork: here it cannot."""

    def refused() -> int:
        raise AssertionError("forked a process that runs threads")

    monkeypatch.setattr(os, "fork", refused)


@pytest.fixture
def share_out(monkeypatch):
    """Any run is graded by workers, in parts of a few answers (so there are dozens)."""
    monkeypatch.setattr(session_module, "SHARE_OUT_BYTES", 0)
    monkeypatch.setattr(regrade_module, "_CHUNK_BYTES", (2048, 4096))


@pytest.fixture
def graded_here(monkeypatch):
    """The answers the review session grades in this process (its grader counts them; the
    workers are given the grader it wraps)."""
    graded: list[str] = []
    today = GradedRun._today_grader

    def counting(self):  # type: ignore[no-untyped-def]
        return CountingGrader(today(self), graded)

    monkeypatch.setattr(GradedRun, "_today_grader", counting)
    return graded


def graded_in_the_thread(path) -> ReviewSession:
    """The session as the app's own thread grades it (no workers)."""
    session = ReviewSession(path)
    session_module.SHARE_OUT_BYTES, share = 1 << 62, session_module.SHARE_OUT_BYTES
    try:
        session.run.grade_everything()
    finally:
        session_module.SHARE_OUT_BYTES = share
    return session


@pytest.mark.parametrize("workers", [1, 2, 3], ids=["one worker", "two workers", "three workers"])
def test_workers_grade_a_messy_run_as_the_apps_thread_does(
    tmp_path, monkeypatch, share_out, no_fork, workers
):
    path = messy_run(tmp_path)
    expected = graded_in_the_thread(path)
    monkeypatch.setattr(session_module, "default_workers", lambda: workers)
    session = ReviewSession(path)
    progress: list[tuple[int, int]] = []
    session.run.grade_everything(lambda done, total: progress.append((done, total)))
    assert session.run.graded_all and not session.run.grading_note
    assert session.run.grades == expected.run.grades
    assert session.run.problems == expected.run.problems
    assert any("duplicate qid" in p.reason for p in session.run.problems)
    assert session.run.bad == expected.run.bad and session.run.bad
    assert session.run.scorecard() == expected.run.scorecard()
    assert len(progress) > 20 and progress[-1] == (session.run.total, session.run.total)


def test_the_apps_thread_grades_only_the_answer_it_shows(tmp_path, share_out, graded_here):
    path = messy_run(tmp_path)
    session = ReviewSession(path)
    shown = session.shown(5)
    assert shown is not None and shown.grade is not None
    assert graded_here == [shown.answer.qid]  # the first answer, graded on its own
    session.run.grade_everything()
    assert graded_here == [shown.answer.qid]  # the rest came from the workers
    assert session.run.grades[5] == shown.grade


def test_a_failure_of_the_workers_leaves_the_grading_to_the_apps_thread(
    tmp_path, monkeypatch, share_out
):
    path = messy_run(tmp_path)
    expected = graded_in_the_thread(path)

    def failing(*args, **kwargs):
        yield from ()
        raise RunFileError("a regrade worker failed: it stopped without a word")

    monkeypatch.setattr(session_module, "parts_as_completed", failing)
    session = ReviewSession(path)
    session.run.grade_everything()
    assert "stopped without a word" in session.run.grading_note
    assert session.run.graded_all
    assert (
        session.run.grades == expected.run.grades and session.run.problems == expected.run.problems
    )


def test_closing_the_session_stops_its_background_grading(tmp_path, monkeypatch, share_out):
    monkeypatch.setattr(regrade_module, "_CHUNK_BYTES", (2048, 2048))
    path = messy_run(tmp_path)
    session = ReviewSession(path)
    first_part = threading.Event()
    thread = threading.Thread(
        target=session.run.grade_everything, args=(lambda *_: first_part.set(),)
    )
    thread.start()
    assert first_part.wait(30)
    session.close()
    thread.join(5)
    assert not thread.is_alive()
    assert not session.run.graded_all


# --- the machinery: workers started by a fork server beside threads ----------------------------


@pytest.fixture
def small_parts(monkeypatch):
    """Any file is shared out, in parts of a few kilobytes."""
    monkeypatch.setattr(regrade_module, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(regrade_module, "_CHUNK_BYTES", (2048, 2048))


def chunks_of(path) -> list[tuple[int, int]]:
    return regrade_module._ranges(path, 2)[2]


def assert_no_worker_left() -> None:
    assert multiprocessing.active_children() == []  # every worker waited for: none running


def test_a_regrade_in_a_process_that_runs_threads_does_not_fork(tmp_path, small_parts, no_fork):
    """Forked beside another thread, a worker can wait for ever on a lock that thread held."""
    path = messy_run(tmp_path)
    grader = Grader()
    held = threading.Event()
    other = threading.Thread(target=held.wait)
    other.start()
    try:
        with regrade_module.pool(3) as beside_threads:
            assert beside_threads._mp_context.get_start_method() == "forkserver"
        shared = regrade(path, grader, workers=3)
    finally:
        held.set()
        other.join()
    whole = read_run(path, lean=True)
    assert shared.workers == 3
    assert shared.grades == grader.grade_all(whole.answers)
    assert shared.problems == whole.problems
    assert_no_worker_left()


def test_a_worker_that_fails_is_reported_and_every_range_cancelled(tmp_path, small_parts):
    path = messy_run(tmp_path)
    with (
        pytest.raises(RunFileError, match="a regrade worker failed: ValueError: cannot grade"),
        regrade_module.pool(2) as workers,
    ):
        list(graded(path, FailingGrader(), chunks_of(path), workers))
    assert_no_worker_left()


def graded(path, grader, chunks, executor, stop=None):
    return parts_as_completed(path, Grading(grader), chunks, executor, stop)


def test_a_worker_that_is_killed_is_reported(tmp_path, small_parts):
    path = messy_run(tmp_path)
    with regrade_module.pool(1) as workers:
        parts = graded(path, Grader(), chunks_of(path), workers)
        next(parts)
        for process in multiprocessing.active_children():
            os.kill(process.pid, 9)
        with pytest.raises(RunFileError, match="a regrade worker failed"):
            list(parts)
    assert_no_worker_left()


def test_stopping_early_cancels_every_range_not_begun(tmp_path, small_parts):
    path = messy_run(tmp_path)
    chunks = chunks_of(path)
    with regrade_module.pool(2) as workers:
        parts = graded(path, Grader(), chunks, workers)
        next(parts)
        parts.close()
    assert_no_worker_left()


def test_a_stop_from_another_thread_ends_the_grading_within_a_moment(tmp_path, small_parts):
    path = messy_run(tmp_path)
    chunks = chunks_of(path)
    stop = threading.Event()
    stop.set()
    began = time.monotonic()
    with regrade_module.pool(2) as workers:
        assert len(list(graded(path, Grader(), chunks, workers, stop))) < len(chunks)
    assert time.monotonic() - began < 10
    assert_no_worker_left()


def test_every_part_comes_back_once_graded_as_here(tmp_path, small_parts):
    path = messy_run(tmp_path)
    chunks = chunks_of(path)
    grader = Grader()
    with regrade_module.pool(3, nice=5) as workers:
        parts = dict(graded(path, grader, chunks, workers))
    assert sorted(parts) == list(range(len(chunks)))
    every_answer_line = read_lines(iter_lines(path), path, True, expect_header=True)[1]
    assert [grade for index in sorted(parts) for grade in parts[index].grades] == [
        grader.grade(answer) for answer in every_answer_line
    ]


# --- the app at the size DESIGN 6 names ----------------------------------------------------


@pytest.fixture(scope="module")
def big_run(tmp_path_factory):
    """A run of 100,000 answers (478 MB): 2,000 synthetic ones, fifty times over, each with a
    qid of its own (written in a second or two, not the half minute of 100,000 made anew)."""
    folder = tmp_path_factory.mktemp("big")
    seed = write_synthetic_run(folder / "seed.jsonl", 2_000)
    header, *answers = seed.read_bytes().splitlines()
    path = folder / "synthetic-100000.jsonl"
    with open(path, "wb") as out:
        out.write(header + b"\n")
        for n in range(100_000):
            line = answers[n % len(answers)]
            out.write(
                line.replace(b'"qid":"syn-%06d"' % (n % len(answers)), b'"qid":"syn-%06d"' % n)
            )
            out.write(b"\n")
    return path


async def test_the_app_steps_through_100000_answers_while_workers_grade_them(big_run, graded_here):
    app = ReviewApp(big_run, Workspace(runs_dir=big_run.parent))
    async with app.run_test(size=(150, 45)) as pilot:
        question = app.screen.query_one("#question", Static)
        verdict = app.screen.query_one("#verdict", Static)
        for n in range(6):
            if n:
                await pilot.press("n")
            while f"syn-{n:06d}" not in str(question.render()):
                await pilot.pause(0.01)
            assert str(verdict.render()).strip()  # each answer is shown graded
        shown = list(graded_here)
        await app.workers.wait_for_complete()
        await pilot.pause()
        session = app.session
        assert session.run.graded_all and not session.run.grading_note
        assert session.run.scorecard().total == 100_000
        assert graded_here == shown  # graded on their own when shown; the rest by the workers
        assert len(set(shown)) <= 6
    # The run is its first 2,000 answers fifty times over: so are its grades.
    seed = [(g.verdict, g.labels, g.declined, g.money) for g in session.run.grades[:2_000]]
    assert [(g.verdict, g.labels, g.declined, g.money) for g in session.run.grades] == seed * 50
    assert session.run.grades[:2_000] == Grader().grade_all(
        read_run(big_run.parent / "seed.jsonl").answers
    )

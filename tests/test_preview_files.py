"""The flip preview of run files on disk, shared out among processes (`preview_file`), finds
exactly what `flip_preview` finds over the file read whole: the same flips in the same order, the
same answers counted, reached and regraded, the same lines skipped."""

import threading

import pytest

import grader.audit.regrade as regrade_module
from grader.audit.change import Change
from grader.audit.preview import affected, flip_preview, preview_file, preview_files
from grader.records.runfile import read_run
from grader.rules.declines import load_declines
from grader.rules.verdict import Grader
from tests.test_regrade import messy_run

DECLINES = load_declines()
TODAY = Grader(DECLINES)
CHANGES = [
    Change("remove-decline", "not contain*"),  # two answers of the committed runs flip
    Change("add-decline", "the sources"),  # reaches two answers, flips none
    Change("add-decline", "nothing in any answer"),
]


@pytest.fixture(autouse=True)
def share_out_small_files(monkeypatch):
    monkeypatch.setattr(regrade_module, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(regrade_module, "_CHUNK_BYTES", (2048, 8192))


def graders(change: Change) -> tuple[Grader, Grader]:
    return TODAY, TODAY.variant(declines=change.apply_declines(DECLINES))


def read_whole(path, change):
    run = read_run(path, lean=True)
    flips, regraded = flip_preview(change, [("messy", run.answers)], {"messy": graders(change)})
    containing = sum(affected(change, answer) for answer in run.answers)
    return run, flips, regraded, containing


@pytest.mark.parametrize("workers", [1, 2, 3])
@pytest.mark.parametrize("change", CHANGES, ids=lambda change: change.describe())
def test_shared_out_equals_the_file_read_whole(tmp_path, change, workers):
    path = messy_run(tmp_path)  # (repeated qids across parts, bad lines of every kind)
    run, flips, regraded, containing = read_whole(path, change)
    preview, problems = preview_file(change, path, "messy", graders(change), workers)
    assert preview.flips == flips
    assert preview.scanned == len(run.answers)
    assert preview.regraded == regraded
    assert preview.containing == containing
    assert problems == run.problems


def test_the_flips_of_the_committed_runs_are_found(tmp_path):
    path = messy_run(tmp_path)
    preview, _ = preview_file(CHANGES[0], path, "messy", graders(CHANGES[0]), 2)
    assert len(preview.flips) == 2  # (each answer is in the file twice: the first counts)
    assert all("not contain" in flip.sentence for flip in preview.flips)  # (the label goes)


def test_with_threads_running_no_worker_is_forked(tmp_path, monkeypatch):
    path = messy_run(tmp_path)
    started = []
    pool = regrade_module.pool
    monkeypatch.setattr(
        regrade_module, "pool", lambda *args: started.append(pool(*args)) or started[-1]
    )
    release = threading.Event()
    other = threading.Thread(target=release.wait)  # (as in the review app: no fork then)
    other.start()
    try:
        preview, problems = preview_file(CHANGES[0], path, "messy", graders(CHANGES[0]), 2)
    finally:
        release.set()
        other.join()
    assert [p._mp_context.get_start_method() for p in started] == ["forkserver"]
    run, flips, regraded, _ = read_whole(path, CHANGES[0])
    assert (preview.flips, preview.regraded, problems) == (flips, regraded, run.problems)


def test_every_file_is_counted(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    one, other = messy_run(tmp_path / "a"), messy_run(tmp_path / "b")
    change = CHANGES[0]
    both, _ = preview_files(change, [(one, "a", graders(change)), (other, "b", graders(change))])
    alone, _ = preview_file(change, one, "a", graders(change))
    assert both.scanned == 2 * alone.scanned and len(both.flips) == 2 * len(alone.flips)
    assert [flip.run for flip in both.flips] == ["a", "a", "b", "b"]

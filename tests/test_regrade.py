"""A regrade shared out among processes gives exactly what one process reading the file gives."""

import itertools
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import orjson
import pytest

import grader.audit.regrade as regrade_module
from grader.audit.regrade import regrade
from grader.errors import RunFileError
from grader.records.runfile import read_header, read_run
from grader.records.scorecard import scorecard
from grader.rules.verdict import Grader

ROOT = Path(__file__).resolve().parent.parent
REAL_RUNS = sorted(
    p for p in (ROOT / "runs").glob("*.jsonl") if p.name.count(".") == 1
)  # the run files, not their sidecars


@pytest.fixture(autouse=True)
def share_out_small_files(monkeypatch):
    # Real runs are a few hundred kilobytes; share out any file for these tests, in chunks of a
    # few kilobytes (so there are dozens, dealt out unevenly).
    monkeypatch.setattr(regrade_module, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(regrade_module, "_CHUNK_BYTES", (2048, 8192))


def messy_run(tmp_path: Path) -> Path:
    """The committed runs' answers, twice over (so qids repeat across parts), with the bad
    lines a run file can hold scattered through it."""
    lines = [orjson.dumps({"type": "run", "schema": 1, "run_id": "messy", "corpus": "finance"})]
    bad = [
        b"{not json",
        b'{"type": "answer", "qid": 5}',
        b"",
        b"   ",
        b'{"type": "run", "schema": 1}',
        b'"just a string"',
        b'{"type": "answer", "qid": "x\xff", "kind": "negative"}',
        b'{"type": "answer", "qid": "null-fields", "kind": "answerable", "answer": null, '
        b'"sources": null, "gold": {"key": null, "must_contain": null}}',
    ]
    answers = [raw.strip() for run in REAL_RUNS for raw in run.read_bytes().splitlines()[1:]]
    for round_ in range(2):
        for i, raw in enumerate(answers):
            lines.append(raw)
            if i % 17 == round_:
                lines.append(bad[(i // 17) % len(bad)])
    path = tmp_path / "messy.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n\n")
    return path


@pytest.mark.parametrize("workers", [1, 2, 3, 7])
def test_a_shared_out_regrade_equals_one_process(tmp_path, workers):
    path = messy_run(tmp_path)
    grader = Grader()
    whole = read_run(path, lean=True)
    shared = regrade(path, grader, workers=workers)
    assert shared.workers == workers
    assert len(regrade_module._ranges(path, workers)[2]) > 20
    assert shared.header == whole.header
    assert shared.grades == grader.grade_all(whole.answers)
    assert shared.scorecard == scorecard(shared.grades)  # qids repeat: counted again
    assert shared.problems == whole.problems
    assert any("duplicate qid" in p.reason for p in shared.problems)
    assert len(shared.problems) > 20


def test_every_committed_run_regrades_the_same_shared_out():
    grader = Grader()
    for path in REAL_RUNS:
        whole = read_run(path)
        shared = regrade(path, grader, workers=2)
        assert shared.grades == grader.grade_all(whole.answers), path.name
        assert shared.scorecard == scorecard(shared.grades)  # no qid repeats: the parts add up
        assert shared.problems == whole.problems == []


def test_a_file_without_a_header_is_not_a_run(tmp_path):
    """A file without a header once regraded as a run of its answers, and its gate passed."""
    path = tmp_path / "headless.jsonl"
    path.write_bytes(b"\n".join(REAL_RUNS[0].read_bytes().splitlines()[1:]) + b"\n")
    for workers in (1, 2):
        with pytest.raises(RunFileError, match="not a run file: no header"):
            regrade(path, Grader(), workers=workers)
    with pytest.raises(RunFileError, match="not a run file: no header"):
        read_header(path)


def test_an_unknown_schema_is_refused_either_way(tmp_path):
    path = tmp_path / "future.jsonl"
    path.write_bytes(b'{"type": "run", "schema": 99}\n' + b'{"type": "answer"}\n' * 10)
    for workers in (1, 2):
        with pytest.raises(RunFileError, match="schema 99 is not supported"):
            regrade(path, Grader(), workers=workers)
    with pytest.raises(RunFileError, match="schema 99"):
        read_header(path)


def test_an_empty_file_and_a_folder(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(RunFileError, match="not a run file: no header"):
        regrade(empty, Grader(), workers=2)
    with pytest.raises(RunFileError, match="is a folder"):
        regrade(tmp_path, Grader())


def test_the_header_alone_is_read(tmp_path):
    assert read_header(REAL_RUNS[0])["corpus"] == "finance"


class FailingGrader:
    """Stands in for a grader and fails on every answer (pickled by reference to a worker).
    Not a subclass: the compiled `Grader` is a native class."""

    def grade(self, answer):  # type: ignore[no-untyped-def]
        raise ValueError(f"cannot grade {answer.qid}")


class DyingGrader:
    """Ends the process that grades with it, as if killed: no word of why."""

    def grade(self, answer):  # type: ignore[no-untyped-def]
        os._exit(3)


def assert_no_worker_left() -> None:
    assert multiprocessing.active_children() == []  # every worker waited for: none running


@pytest.mark.parametrize("workers", [2, 4])
def test_a_worker_that_fails_is_reported(tmp_path, workers):
    path = messy_run(tmp_path)
    with pytest.raises(RunFileError, match="a regrade worker failed: ValueError: cannot grade"):
        regrade(path, FailingGrader(), workers=workers)  # type: ignore[arg-type]
    assert_no_worker_left()


def test_a_worker_that_dies_without_a_word_is_reported(tmp_path):
    path = messy_run(tmp_path)
    with pytest.raises(RunFileError, match="a regrade worker failed: it stopped without a word"):
        regrade(path, DyingGrader(), workers=2)  # type: ignore[arg-type]
    assert_no_worker_left()


class BreaksAfterFirstRange(ThreadPoolExecutor):
    """A pool whose worker dies while the ranges are handed out: the second hand-out finds it
    broken, as a process pool does when its first worker has already died (seen on a loaded
    machine: the worker that ended itself was then redone in the test's own process)."""

    def __init__(self) -> None:
        super().__init__(1)
        self.handed_out = 0

    def submit(self, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        self.handed_out += 1
        if self.handed_out > 1:
            raise BrokenProcessPool("a process in the pool was terminated abruptly")
        return super().submit(*args, **kwargs)


def test_a_pool_broken_while_ranges_are_handed_out_is_a_worker_failure(tmp_path):
    path = messy_run(tmp_path)
    with BreaksAfterFirstRange() as executor:
        with pytest.raises(
            RunFileError, match="a regrade worker failed: it stopped without a word"
        ):
            regrade(path, Grader(), workers=2, executor=executor)
        assert executor.handed_out == 2  # (the run was shared out: more than one range)


def test_an_interrupted_regrade_leaves_no_worker(tmp_path, monkeypatch):
    path = messy_run(tmp_path)
    result = regrade_module._result
    taken = []

    def interrupted_after_two(future):
        taken.append(future)
        if len(taken) > 2:
            raise KeyboardInterrupt
        return result(future)

    monkeypatch.setattr(regrade_module, "_result", interrupted_after_two)
    with pytest.raises(KeyboardInterrupt):
        regrade(path, Grader(), workers=3)
    assert_no_worker_left()


def test_blank_lines_before_the_header(tmp_path):
    path = messy_run(tmp_path)
    path.write_bytes(b"\n  \n" + path.read_bytes())
    grader = Grader()
    whole = read_run(path, lean=True)
    shared = regrade(path, grader, workers=2)
    assert shared.workers == 2
    assert shared.header == whole.header
    assert shared.grades == grader.grade_all(whole.answers)
    assert shared.problems == whole.problems


def test_where_no_process_can_be_started_this_one_does_it_all(tmp_path, monkeypatch):
    def no_processes(*args, **kwargs):
        raise regrade_module.CannotStart from OSError("Resource temporarily unavailable")

    monkeypatch.setattr(regrade_module, "pool", no_processes)
    path = messy_run(tmp_path)
    grader = Grader()
    whole = read_run(path, lean=True)
    shared = regrade(path, grader, workers=4)
    assert shared.workers == 1
    assert shared.grades == grader.grade_all(whole.answers)
    assert shared.problems == whole.problems


@pytest.mark.parametrize("executor", [ThreadPoolExecutor, ProcessPoolExecutor])
def test_any_executor_regrades_the_same(tmp_path, executor):
    """The map of `do_part` over the ranges, run by an executor the caller gives (a thread pool,
    a process pool started the default way): same grades, same problems."""
    path = messy_run(tmp_path)
    grader = Grader()
    whole = read_run(path, lean=True)
    with executor(3) as given:
        shared = regrade(path, grader, workers=3, executor=given)
        assert shared.grades == grader.grade_all(whole.answers)
        assert shared.problems == whole.problems
        assert shared.scorecard == scorecard(shared.grades)


@pytest.mark.parametrize("workers", [2, 64])
def test_chunks_cover_the_file_and_shrink_towards_its_end(tmp_path, workers):
    path = messy_run(tmp_path)
    chunks = regrade_module._ranges(path, workers)[2]
    data = path.read_bytes()
    assert chunks[0][0] == data.index(b"\n") + 1 and chunks[-1][1] == len(data)
    assert all(stop == start for (_, stop), (start, _) in itertools.pairwise(chunks))
    assert all(data[start - 1 : start] == b"\n" for start, _ in chunks)  # each starts a line
    assert len(chunks) <= regrade_module._MAX_CHUNKS // 2 + 1
    if workers == 2:  # (64 processes: every chunk is as small as chunks get)
        sizes = [stop - start for start, stop in chunks]
        assert max(sizes[-4:]) < min(sizes[:4])  # the last ones are the smallest


@pytest.mark.parametrize("processes", [False, True], ids=["threads", "processes"])
def test_a_dask_cluster_regrades_as_this_process_does(tmp_path, processes):
    """A run graded on a Dask cluster (a local one here, two workers): its executor maps the same
    pure job over the same ranges. Skipped without dask (``pip install -e '.[dask]'``)."""
    distributed = pytest.importorskip("distributed")
    path = messy_run(tmp_path)
    grader = Grader()
    here = regrade(path, grader, workers=1)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=processes, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_cluster = regrade(path, grader, workers=2, executor=client.get_executor())
    assert len(regrade_module._ranges(path, 2)[2]) > 20
    assert on_cluster.grades == here.grades == grader.grade_all(read_run(path, lean=True).answers)
    assert on_cluster.problems == here.problems
    assert on_cluster.scorecard == here.scorecard
    assert on_cluster.header == here.header

"""Two writers at once lose nothing: every writer of a sidecar or a list holds its lock, appends
are appends, and a change checked against a scan is checked again under the lock."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import orjson
import pytest

from grader.records import atomic
from grader.records.atomic import append_line, append_lines, lock_path, locked
from grader.records.marks import append_mark, make_mark, mark_history, marks_path, read_marks
from grader.rules.declines import load_declines
from grader.rules.verdict import Grader
from tests.conftest import ROOT, make_answer

K3 = ROOT / "runs" / "20261130-182239-finance-k3-small.jsonl"
EXAMPLE = ROOT / "runs" / "example-essay-cases.jsonl"
VERDICTS = ("correct", "partial", "wrong")


def ragtriage(*argv: str, cwd=None) -> subprocess.Popen:
    """``ragtriage ARGV`` in a process of its own (all of them started before any is waited on)."""
    return subprocess.Popen(
        [sys.executable, "-m", "tui.cli", *argv],
        cwd=cwd or ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def finished(processes: list[subprocess.Popen]) -> list[tuple[int, str, str]]:
    results = []
    for process in processes:
        out, err = process.communicate(timeout=300)
        results.append((process.returncode, out.decode(), err.decode()))
    return results


@pytest.mark.slow  # eight processes: left out of `make test-fast`
def test_eight_label_imports_at_once_keep_every_mark(tmp_path):
    """Eight imports of 71 labels each into one run once kept 284 of the 568 marks: each read
    the marks file, added its own and renamed its copy over the others'."""
    run = tmp_path / K3.name
    run.write_bytes(K3.read_bytes())
    qids = [orjson.loads(line)["qid"] for line in K3.read_bytes().splitlines()[1:]]
    files = []
    for n in range(8):
        path = tmp_path / f"labels-{n}.jsonl"
        path.write_bytes(
            b"".join(
                orjson.dumps({"qid": qid, "verdict": VERDICTS[(n + i) % 3], "note": f"set {n}"})
                + b"\n"
                for i, qid in enumerate(qids)
            )
        )
        files.append(path)
    results = finished([ragtriage("import", "labels", str(p), "--run", str(run)) for p in files])
    assert [code for code, _, _ in results] == [0] * 8, [err for _, _, err in results]
    assert all("71 mark(s)" in out for _, out, _ in results)
    history = mark_history(run)
    assert len(history) == 8 * 71
    assert {(m.note, m.qid) for m in history} == {(f"set {n}", q) for n in range(8) for q in qids}
    assert read_marks(run)[1] == [], "no torn or interleaved line"


@pytest.mark.slow  # six processes: left out of `make test-fast`
def test_six_decline_additions_at_once_are_all_on_the_list(tmp_path):
    """Six `needle add-decline` of different phrases at once each printed "wrote
    .../declines.json", and one phrase survived."""
    (tmp_path / "corpora").mkdir()
    runs = tmp_path / "runs"
    runs.mkdir()
    (runs / EXAMPLE.name).write_bytes(EXAMPLE.read_bytes())
    needles = tmp_path / "needles"
    phrases = [
        f"qzx {word} wrapped" for word in ("alpha", "bravo", "delta", "gamma", "kilo", "oscar")
    ]
    workspace = [
        "--runs",
        str(runs),
        "--corpora",
        str(tmp_path / "corpora"),
        "--needles",
        str(needles),
    ]
    results = finished(
        [
            ragtriage(
                "needle",
                "add-decline",
                phrase,
                "--why",
                "concurrency",
                "--override-reason",
                "six at once",
                *workspace,
            )
            for phrase in phrases
        ]
    )
    assert [code for code, _, _ in results] == [0] * 6, [err for _, _, err in results]
    on_the_list = set(load_declines(needles / "declines.json").texts())
    assert set(phrases) <= on_the_list
    history = [orjson.loads(line) for line in (needles / "history.jsonl").read_bytes().splitlines()]
    assert sorted(record["phrase"] for record in history) == sorted(phrases)
    # Each change was made on the list the one before it wrote: the graders chain.
    befores = {record["grader_before"] for record in history}
    afters = {record["grader_after"] for record in history}
    assert len(befores - afters) == 1 and len(afters - befores) == 1


def test_the_app_marking_while_labels_are_imported_loses_nothing(tmp_path):
    """A reviewer marking in the app while a colleague imports labels is ordinary use."""
    run = tmp_path / K3.name
    run.write_bytes(K3.read_bytes())
    qids = [orjson.loads(line)["qid"] for line in K3.read_bytes().splitlines()[1:]]
    labels = []
    for n in range(3):
        path = tmp_path / f"labels-{n}.csv"
        path.write_text("qid,verdict\n" + "".join(f"{q},wrong\n" for q in qids))
        labels.append(path)
    processes = [ragtriage("import", "labels", str(p), "--run", str(run)) for p in labels]
    grade = Grader().grade(make_answer("It is $1 [1].", key="$1", qid=qids[0]))
    for n in range(60):  # the reviewer, in this process, meanwhile
        append_mark(run, make_mark(grade, "agree", "fp", note=f"reviewer {n}"))
    assert [code for code, _, _ in finished(processes)] == [0] * 3
    history = mark_history(run)
    assert len(history) == 3 * 71 + 60
    assert [m.note for m in history if m.note.startswith("reviewer")] == [
        f"reviewer {n}" for n in range(60)
    ]


def test_a_held_lock_makes_another_process_wait(tmp_path):
    """The lock is a real flock across processes: the second writer's line lands after the
    first writer let go, not in the middle of its work."""
    target = tmp_path / "list.jsonl"
    started = tmp_path / "holder-started"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time, pathlib\n"
            "from grader.records.atomic import locked, append_line\n"
            "target, started = map(pathlib.Path, sys.argv[1:3])\n"
            "with locked(target):\n"
            "    started.touch()\n"
            "    time.sleep(0.5)\n"
            "    append_line(target, b'holder')\n",
            str(target),
            str(started),
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    deadline = time.monotonic() + 60
    while not started.exists():
        assert time.monotonic() < deadline and holder.poll() is None
        time.sleep(0.01)
    append_line(target, b"waiter")
    assert holder.wait(timeout=60) == 0
    assert target.read_bytes() == b"holder\nwaiter\n"
    assert lock_path(target) == tmp_path / ".list.jsonl.lock"


def test_the_lock_is_reentrant_and_ordered(tmp_path):
    """A writer holding the lists' locks may call writers that take them again."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    with locked(b, a), locked(a):
        atomic.write_atomic(a, b"1")
        append_line(b, b"x")
    assert a.read_bytes() == b"1" and b.read_bytes() == b"x\n"
    # Another thread waits for them (flock: separate open files conflict within a process too).
    order = []
    with locked(a):
        waiter = threading.Thread(target=lambda: (locked(a).__enter__(), order.append("thread")))
        waiter.start()
        time.sleep(0.2)
        order.append("holder")
    waiter.join(timeout=10)
    assert order == ["holder", "thread"]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (None, b"a\nb\n"),
        (b"old\n", b"old\na\nb\n"),
        (b'{"torn', b'{"torn\na\nb\n'),
    ],
    ids=["new-file", "after-old-lines", "after-a-torn-line"],
)
def test_appends_add_lines_without_rewriting_the_file(tmp_path, before, after):
    path = tmp_path / "m.jsonl"
    if before is not None:
        path.write_bytes(before)
        inode = path.stat().st_ino
    append_lines(path, [b"a", b"b"])
    assert path.read_bytes() == after
    if before is not None:
        assert path.stat().st_ino == inode, "appended in place, not replaced by a copy"


def test_a_failed_append_is_cut_back_off(tmp_path, monkeypatch):
    """All of a batch of marks or none: a write that fails (a full disk) leaves the old file."""
    path = tmp_path / "m.jsonl"
    path.write_bytes(b"old\n")

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full_disk)
    with pytest.raises(OSError):
        append_lines(path, [b"new 1", b"new 2"])
    assert path.read_bytes() == b"old\n"


def test_an_append_cut_off_while_written_is_cut_back_off(tmp_path, monkeypatch):
    """An interrupt before every line is handed to the system leaves the old file."""
    path = tmp_path / "m.jsonl"
    path.write_bytes(b"old\n")
    real_open = open

    class Interrupted:
        def __init__(self, handle):
            self.handle = handle

        def __getattr__(self, name):
            return getattr(self.handle, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return self.handle.__exit__(*exc)

        def write(self, data):
            self.handle.write(data[:3])  # half a line on its way to the file
            self.handle.flush()
            raise KeyboardInterrupt

    def opening(file, mode="r", *args, **kwargs):
        handle = real_open(file, mode, *args, **kwargs)
        return Interrupted(handle) if mode == "ab" else handle

    monkeypatch.setattr("builtins.open", opening)
    with pytest.raises(KeyboardInterrupt):
        append_lines(path, [b"new 1", b"new 2"])
    monkeypatch.undo()
    assert path.read_bytes() == b"old\n"


def test_ctrl_c_while_the_lines_are_made_durable_keeps_them(tmp_path, monkeypatch):
    """Lines whole in the file when the interrupt lands (during the fsync) stay: the run that
    wrote them need not do that answer again."""
    path = tmp_path / "m.jsonl"
    path.write_bytes(b"old\n")

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        append_lines(path, [b"new 1", b"new 2"])
    assert path.read_bytes() == b"old\nnew 1\nnew 2\n"


def test_marks_are_written_under_the_lock_beside_them(tmp_path, monkeypatch):
    """Every marks writer holds the marks' lock (here: while the app appends one mark)."""
    run = tmp_path / "r.jsonl"
    seen = []
    real = atomic.locked

    def spying(*paths):
        seen.extend(paths)
        return real(*paths)

    monkeypatch.setattr(atomic, "locked", spying)
    grade = Grader().grade(make_answer("It is $1 [1].", key="$1"))
    append_mark(run, make_mark(grade, "agree", "fp"))
    assert marks_path(run) in seen

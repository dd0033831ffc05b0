"""Questions answered several at a time, and a stop asked for between two answers: the
machinery ``ragtriage run --parallel`` and ``ragtriage judge --parallel`` share.

A generator that takes several requests at once (``concurrent``: a server) may have
``--parallel`` requests in flight (`check_parallel` refuses the local model's one at a time);
their results come back as each completes (`in_parallel`), and the caller's ``stop`` is asked
before each next one (`until_stopped`). The threads are daemons: a stopped run waits for none.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from engine.generate import Generator
from grader.errors import RunFileError

Q = TypeVar("Q")
T = TypeVar("T")


def check_parallel(generator: Generator, parallel: int) -> None:
    """Refuse a number of requests in flight the generator cannot take.

    Raises:
        RunFileError: for under 1, or above 1 with a generator that answers one at a time.
    """
    if parallel < 1:
        raise RunFileError(f"--parallel must be 1 or more, got {parallel}")
    if parallel > 1 and not getattr(generator, "concurrent", False):
        raise RunFileError(
            "--parallel needs a generator that takes several requests at once (--backend "
            "openai); the local model answers one question at a time"
        )


class Stopped(Exception):
    """``stop`` said so between two answers."""


def until_stopped(answers: Iterator[T], stop: Callable[[], bool] | None) -> Iterator[T]:
    """The answers (or any results), asking ``stop`` before each next one; raises `Stopped`
    when it says so."""
    while True:
        if stop is not None and stop():
            raise Stopped
        try:
            yield next(answers)
        except StopIteration:
            return


def in_parallel(answer: Callable[[Q], T], questions: Sequence[Q], workers: int) -> Iterator[T]:
    """Answers (or any results: the judge's too) from ``workers`` threads, each as it
    completes.

    The threads are daemons: when the run stops (Ctrl-C, ``stop``), nothing waits for the
    requests still in flight, and no answer reaches the file after the generator is closed.
    """
    todo: queue.SimpleQueue[Q | None] = queue.SimpleQueue()
    results: queue.SimpleQueue[tuple[T | None, BaseException | None]] = queue.SimpleQueue()
    for question in questions:
        todo.put(question)
    closed = threading.Event()

    def work() -> None:
        while not closed.is_set():
            question = todo.get()
            if question is None:
                return
            try:
                results.put((answer(question), None))
            except BaseException as exc:  # an engine bug: reported in the main thread
                results.put((None, exc))

    threads = [threading.Thread(target=work, daemon=True) for _ in range(workers)]
    for _ in threads:
        todo.put(None)
    for thread in threads:
        thread.start()
    try:
        for _ in questions:
            # A timeout keeps the main thread awake for Ctrl-C while every request is slow.
            while True:
                try:
                    finished, failure = results.get(timeout=0.2)
                    break
                except queue.Empty:
                    continue
            if failure is not None:
                raise failure
            yield finished  # type: ignore[misc]
    finally:
        closed.set()

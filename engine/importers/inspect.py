"""Inspect AI logs (``.eval``, a zip of JSON, and ``.json``) as a run: one run per log.

Each sample is one answer: its id (with ``-epoch<n>`` when the eval ran several epochs) is the
qid, its input the question (the last user message of a chat input), its target the key (a list
is a list of accepted answers), the model's output the answer, and a sample's error an engine
error. Each scorer's value and explanation is that grader's verdict (``inspect:<scorer>``):
``C`` correct, ``P`` partial, ``I`` and ``N`` (no answer) wrong, as Inspect's own accuracy
counts them; true and false; a number is correct from `THRESHOLD` up (stated with the verdict);
a value Inspect records as unscored (NaN with the reason it gives, such as ``grader_failed``)
is no verdict. A NaN with no reason is refused. A scorer that returns several values gives a
grader per value (``inspect:<scorer>.<key>``). A score edited in the log (Inspect's score
edits, with their author) keeps the scorer's own verdict as the grader's, and each edit becomes
a person's mark.

The newest Inspect writes ``.eval`` members compressed with zstd: they are read with Python
3.14's ``compression.zstd`` or the ``zstandard`` package where either is present; without one,
the log is refused in one line that says how to read it (``inspect log convert --to json``).
"""

from __future__ import annotations

import io
import math
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Any

import msgspec

from engine.importers.base import Answers, Read, engine_errors_note, grader, picked_and_blind
from engine.importers.reading import Problems, is_nan, load_json, text_of
from grader.errors import RunFileError
from grader.records.clock import now
from grader.records.marks import LABEL, Mark
from grader.rules.declines import DeclineList
from grader.schema import GraderVerdict

NAME = "inspect"
DESCRIBE = "Inspect AI log (.eval, a zip of JSON, or .json)"
THRESHOLD = 0.5  # a numeric score is correct from here up
VALUES = {"C": "correct", "P": "partial", "I": "wrong", "N": "wrong"}
ZSTD = 93  # the zip compression method of zstd
EXPECTED_EVAL = "an Inspect .eval log (a zip holding header.json and samples/*.json)"
EXPECTED_JSON = "an Inspect JSON log (an object with eval and samples)"
UNCHANGED = "UNCHANGED"  # a score edit's field left as it was


class Sample(msgspec.Struct):
    """The fields of an Inspect sample that are read (its events, messages and the rest are
    skipped unread); UNSET where the sample has no such field."""

    id: Any = msgspec.UNSET
    epoch: Any = 1
    input: Any = msgspec.UNSET
    target: Any = msgspec.UNSET
    output: Any = None
    scores: Any = None
    error: Any = None
    working_time: Any = None

    def fields(self) -> dict[str, Any]:
        return {
            name: getattr(self, name)
            for name in self.__struct_fields__
            if getattr(self, name) is not msgspec.UNSET
        }


class Log(msgspec.Struct):
    """An Inspect JSON log as read: its eval spec and samples."""

    eval: Any = None
    samples: list[Sample] | None = None


def recognises(path: Path, head: bytes) -> bool:
    """A zip whose first member is Inspect's (``_journal/``, ``header.json``, ``samples/``), or
    a JSON object whose opening holds an eval with its ``task_id``."""
    if head.startswith(b"PK\x03\x04"):
        return any(name in head[:400] for name in (b"_journal/", b"header.json", b"samples/"))
    return head.lstrip().startswith(b"{") and b'"eval"' in head and b'"task_id"' in head


def read(path: Path, declines: DeclineList, name: str | None = None) -> list[Read]:
    path = Path(path)
    data = path.read_bytes()
    if data.startswith(b"PK"):
        spec, samples = _read_eval(path, data)
    else:
        log = load_json(path, data, EXPECTED_JSON, into=Log)
        if not isinstance(log.eval, dict):
            raise RunFileError(f"{path}: not {EXPECTED_JSON}: expected an eval object")
        if log.samples is None:
            raise RunFileError(
                f"{path}: the log holds no samples (written without them?): expected a samples list"
            )
        spec = log.eval
        samples = [(f"sample {n}", s.fields()) for n, s in enumerate(log.samples, 1)]
    epochs = (spec.get("config") or {}).get("epochs") or 1
    several = epochs > 1 or any(
        isinstance(s, dict) and isinstance(s.get("epoch"), int) and s["epoch"] > 1
        for _w, s in samples
    )
    problems = Problems(path)
    answers = Answers(declines)
    marks: list[Mark] = []
    for number, (where, sample) in enumerate(samples, start=1):
        if not isinstance(sample, dict):
            problems.add(where, "not a JSON object")
            continue
        sample_id, epoch = sample.get("id"), sample.get("epoch", 1)
        if not isinstance(sample_id, str | int) or isinstance(sample_id, bool):
            problems.add(where, "no sample id (expected a string or an integer)")
            continue
        where = f"sample {sample_id}" + (f" epoch {epoch}" if several else "")
        if "target" not in sample or "input" not in sample:
            missing = " and ".join(f for f in ("input", "target") if f not in sample)
            problems.add(where, f"no {missing} (an Inspect sample has input and target)")
            continue
        qid = f"{sample_id}-epoch{epoch}" if several else str(sample_id)
        error = sample.get("error")
        if isinstance(error, dict):
            error = str(error.get("message") or "sample error")
        elif error is not None:
            error = str(error)
        try:
            graders, edits = _scores(sample.get("scores"), qid, path, where)
        except ValueError as exc:
            problems.add(where, str(exc))
            continue
        answers.add(
            where,
            problems,
            source_id=qid,
            question=_question(sample["input"]),
            reference=sample["target"],
            answer=_output(sample.get("output")),
            error=error,
            graders=graders,
            latency_ms=_seconds_as_ms(sample.get("working_time")),
            line=number,
        )
        marks += edits
    problems.raise_any()
    model = str(spec.get("model") or "unknown")
    task = str(spec.get("task") or "task")
    notes = [f"task {task}, model {model}" + (f", {epochs} epochs" if several else "")]
    if marks:
        notes.append(f"{len(marks)} score edit(s) by people, kept as their marks")
    notes += engine_errors_note(answers.answers, "sample error(s)")
    return [
        Read(
            run_id=name or path.stem,
            model=model,
            config=task,
            answers=answers.answers,
            marks=marks,
            notes=notes,
            provenance={"inspect task": task, "eval_id": str(spec.get("eval_id", ""))},
        )
    ]


# --- the .eval zip ----------------------------------------------------------------------------


def _read_eval(path: Path, data: bytes) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """The eval spec and the samples (with where each is) of a ``.eval`` log, in the order
    of its summaries (the dataset's, epoch by epoch), else the zip's."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        names = archive.namelist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise RunFileError(f"{path}: a corrupt zip ({exc}); expected {EXPECTED_EVAL}") from None
    members = {info.filename: info for info in archive.infolist()}

    def member(name: str, into: Any = None) -> Any:
        info = members[name]
        try:
            raw = _unzipped(path, archive, data, info)
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError) as exc:
            raise RunFileError(
                f"{path}: {name} cannot be read from the zip ({exc}); expected {EXPECTED_EVAL}"
            ) from None
        return load_json(path, raw, f"{name} of {EXPECTED_EVAL}", into=into)

    if "header.json" in members:
        header = member("header.json")
    elif "_journal/start.json" in members:
        header = member("_journal/start.json")  # a log still being written
    else:
        raise RunFileError(f"{path}: no header.json in the zip; expected {EXPECTED_EVAL}")
    spec = header.get("eval") if isinstance(header, dict) else None
    if not isinstance(spec, dict):
        raise RunFileError(f"{path}: header.json holds no eval; expected {EXPECTED_EVAL}")
    sample_names = [
        name for name in names if name.startswith("samples/") and name.endswith(".json")
    ]
    return spec, [(name, member(name, Sample).fields()) for name in sample_names]


def _unzipped(path: Path, archive: zipfile.ZipFile, data: bytes, info: zipfile.ZipInfo) -> bytes:
    """A member's bytes, read straight from the zip's data (faster than `zipfile` for many
    small members) and checked against its CRC; zstd through `_zstd`."""
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, ZSTD):
        return archive.read(info)
    # the member's bytes follow its local header (30 bytes, then its name and extra field)
    start = info.header_offset
    if data[start : start + 4] != b"PK\x03\x04":
        raise zipfile.BadZipFile(f"no local header for {info.filename}")
    name_length, extra_length = struct.unpack("<HH", data[start + 26 : start + 30])
    begin = start + 30 + name_length + extra_length
    compressed = data[begin : begin + info.compress_size]
    if len(compressed) != info.compress_size:
        raise EOFError("the zip ends inside it")
    if info.compress_type == zipfile.ZIP_STORED:
        raw = compressed
    elif info.compress_type == zipfile.ZIP_DEFLATED:
        raw = zlib.decompress(compressed, -15)
    else:
        decompress = _zstd()
        if decompress is None:
            raise RunFileError(
                f"{path}: its members are compressed with zstd (newer Inspect writes .eval "
                "logs so), which this Python cannot read: install the zstandard package, or "
                "convert the log with `inspect log convert --to json --output-dir DIR` and "
                "import the .json"
            )
        raw = decompress(compressed)
    if len(raw) != info.file_size or zlib.crc32(raw) != info.CRC:
        raise zipfile.BadZipFile("its bytes do not match its CRC")
    return raw


def _zstd() -> Any:
    """A zstd decompressor of whole frames, or None when none is installed."""
    try:
        from compression import zstd  # type: ignore[import-not-found]  # Python 3.14

        return zstd.decompress
    except ImportError:
        pass
    try:
        import zstandard  # type: ignore[import-not-found]
    except ImportError:
        return None

    def decompress(compressed: bytes) -> bytes:
        reader = zstandard.ZstdDecompressor().stream_reader(
            io.BytesIO(compressed), read_across_frames=True
        )
        return reader.read()

    return decompress


# --- a sample ---------------------------------------------------------------------------------


def _question(value: Any) -> Any:
    """The sample's input: its text, or the last user message of a chat input."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        users = [m for m in value if isinstance(m, dict) and m.get("role") == "user"]
        if users:
            return text_of(users[-1].get("content"))
    return None


def _seconds_as_ms(value: Any) -> float | None:
    """Inspect's working time (seconds) as the run's latency (milliseconds)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return value * 1000


def _output(value: Any) -> str | None:
    if not isinstance(value, dict):
        return None
    completion = value.get("completion")
    if isinstance(completion, str) and completion:
        return completion
    choices = value.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        message = choices[0].get("message")
        if isinstance(message, dict):
            return text_of(message.get("content")) or ""
    return completion if isinstance(completion, str) else None


def _scores(
    scores: Any, qid: str, path: Path, where: str
) -> tuple[list[GraderVerdict], list[Mark]]:
    """Each scorer's verdict on the sample, and the people's edits of them as marks.

    Raises:
        ValueError: for a score that is not one Inspect writes (named, with what was expected).
    """
    if scores is None:
        return [], []
    if not isinstance(scores, dict):
        raise ValueError("scores must be an object (scorer -> score)")
    graders: list[GraderVerdict] = []
    marks: list[Mark] = []
    for scorer, score in scores.items():
        if not isinstance(score, dict) or "value" not in score:
            raise ValueError(f"the score of {scorer} has no value")
        history = score.get("history")
        if not isinstance(history, list):
            history = []
        edits = [
            h for h in history if isinstance(h, dict) and isinstance(h.get("provenance"), dict)
        ]
        # the scorer's own score: the first of its history when people edited it
        own = history[0] if edits and isinstance(history[0], dict) else score
        unscored = bool(score.get("reason")) or bool(own.get("reason"))
        explanation = own.get("explanation")
        explanation = explanation if isinstance(explanation, str) else ""
        value = own.get("value")
        values = value.items() if isinstance(value, dict) else [("", value)]
        for key, one in values:
            named = f"inspect:{scorer}" + (f".{key}" if key else "")
            graders.append(_grader(named, one, explanation, unscored, scorer))
        current = own.get("value")
        for edit in edits:
            if edit.get("value", UNCHANGED) != UNCHANGED:
                current = edit["value"]
            verdict = _verdict_of(current)
            if verdict is None:
                continue
            provenance = edit["provenance"]
            # what a mark exported by ragtriage keeps in the edit's metadata (how its answer
            # was picked, whether blind); an edit made in Inspect was picked by hand
            picked, blind = picked_and_blind(provenance.get("metadata"))
            said = [str(provenance.get("reason") or ""), str(edit.get("explanation") or "")]
            said = [s for s in said if s and s != UNCHANGED]
            marks.append(
                Mark(
                    qid=qid,
                    says=LABEL,
                    verdict=verdict,
                    note=f"inspect:{scorer} edited" + (f": {'; '.join(said)}" if said else ""),
                    created=str(provenance.get("timestamp") or now()),
                    by=str(provenance.get("author") or f"score edits in {path.name}"),
                    grader_fingerprint="",
                    grader_verdict="",
                    source=f"{path}:{where}",
                    picked=picked,
                    blind=blind,
                )
            )
    return graders, marks


def _grader(name: str, value: Any, explanation: str, unscored: bool, scorer: str) -> GraderVerdict:
    if is_nan(value):
        if not unscored:
            raise ValueError(
                f"the score of {scorer} is NaN with no reason given (expected C, I, P, N, a "
                "number, true or false; Inspect gives a reason with an unscored NaN)"
            )
        return grader(name, None, None, None, explanation)
    if isinstance(value, bool):
        return grader(name, "correct" if value else "wrong", float(value), None, explanation)
    if isinstance(value, int | float):
        if not math.isfinite(value):
            raise ValueError(f"the score of {scorer} is {value!r} (expected a finite number)")
        verdict = "correct" if value >= THRESHOLD else "wrong"
        return grader(name, verdict, value, THRESHOLD, explanation)
    if value is None:
        return grader(name, None, None, None, explanation)
    if isinstance(value, str) and value.strip().upper() in VALUES:
        return grader(name, VALUES[value.strip().upper()], None, None, explanation)
    raise ValueError(
        f"the score of {scorer} is {value!r:.30} (expected C, I, P, N, a number, true or false)"
    )


def _verdict_of(value: Any) -> str | None:
    """A person's edited value as a mark's verdict (None when it is none)."""
    if isinstance(value, bool):
        return "correct" if value else "wrong"
    if isinstance(value, int | float) and math.isfinite(value):
        return "correct" if value >= THRESHOLD else "wrong"
    if isinstance(value, str) and value.strip().upper() in VALUES:
        return VALUES[value.strip().upper()]
    return None

"""A model judge's verdicts: ``runs/<run_id>.judgements.jsonl``, append-only, with provenance.

A judgement is a model's reading of one answer, asked with one fixed, versioned prompt
(`engine.judge`). It sits beside the rules' grade and never changes it: `ragtriage grade --json`,
the review app and `ragtriage agreement` show it next to the rules, and the people's marks
measure both.

One JSON object per line, fsynced as it is written (a run of the judge killed at any moment
loses at most the judgement in flight; a torn last line is reported and skipped):

```json
{"type": "judgement", "qid": "q1", "status": "judged", "verdict": "partial",
 "why": "The answer gives the total but not the year.", "reply": "partial. The answer ...",
 "error": null,
 "model": {"name": "gemma-3-270m-q4_k_m", "sha256": "...", "backend": "llama"},
 "prompt": {"version": "judge-1", "sha256": "..."},
 "created": "2026-12-02T10:00:00Z", "seconds": 2.41,
 "rules": {"verdict": "wrong", "fingerprint": "7e58e482d44c"}}
```

``status`` is ``judged`` (the reply named a verdict), ``unparsed`` (it did not: recorded as it
came, never guessed; ``verdict`` is null) or ``error`` (no reply: the server gave up). For a
server, ``model.server_model`` is the model id the server answered with. The effective
judgement of a qid is its latest reply; an error does not replace an earlier reply.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from grader.records.atomic import append_line
from grader.records.runfile import iter_lines, sidecar_path
from grader.rules.verdict import CORRECT, PARTIAL, WRONG

JUDGED, UNPARSED, FAILED = "judged", "unparsed", "error"
STATUSES = (JUDGED, UNPARSED, FAILED)
# What a judge may say: never `unjudged` (the rules' abstention).
JUDGE_VERDICTS = (CORRECT, PARTIAL, WRONG)


@dataclass(frozen=True, slots=True)
class Judgement:
    """One model's verdict on one answer, with where it came from.

    ``model`` holds the judge's name and, for a local model, its sha256; for a server, its
    backend, URL and the model id it answered with (``server_model``). ``prompt_version`` and
    ``prompt_sha256`` name the prompt. ``rules_verdict`` and ``grader_fingerprint`` record the
    rules' grade when the judge was asked (the judge is not shown it).
    """

    qid: str
    status: str
    verdict: str | None
    why: str
    reply: str
    model: Mapping[str, Any]
    prompt_version: str
    prompt_sha256: str
    created: str
    seconds: float | None = None
    error: str | None = None
    rules_verdict: str = ""
    grader_fingerprint: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def parsed(self) -> bool:
        """Whether the reply named a verdict."""
        return self.status == JUDGED and self.verdict in JUDGE_VERDICTS

    @property
    def judge(self) -> tuple[str, str, str, str]:
        """Who judged: backend, model name, its sha256 (or the server's URL), prompt hash. The
        same judge asked again gives the same reply (greedy decoding): a resumed run of the
        judge skips what this judge has already read."""
        model = self.model
        where = str(model.get("sha256") or model.get("url") or "")
        return (
            str(model.get("backend", "")),
            str(model.get("name", "")),
            where,
            self.prompt_sha256,
        )

    @property
    def model_name(self) -> str:
        """The judge's name as shown: the server's own model id when it sent one."""
        return str(self.model.get("server_model") or self.model.get("name") or "?")

    def to_record(self) -> dict[str, Any]:
        return {
            "type": "judgement",
            "qid": self.qid,
            "status": self.status,
            "verdict": self.verdict,
            "why": self.why,
            "reply": self.reply,
            "error": self.error,
            "model": dict(self.model),
            "prompt": {"version": self.prompt_version, "sha256": self.prompt_sha256},
            "created": self.created,
            "seconds": self.seconds,
            "rules": {"verdict": self.rules_verdict, "fingerprint": self.grader_fingerprint},
            **{k: v for k, v in self.extra.items() if k not in _FIELDS},
        }

    def to_dict(self) -> dict[str, Any]:
        """The short form shown beside a grade (`ragtriage grade --json`'s ``judge`` field)."""
        return {
            "status": self.status,
            "verdict": self.verdict,
            "why": self.why,
            "model": self.model_name,
            "prompt_version": self.prompt_version,
            "created": self.created,
        }


_FIELDS = frozenset(
    "type qid status verdict why reply error model prompt created seconds rules".split()
)


def judgements_path(run_path: Path) -> Path:
    """``runs/<id>.jsonl`` -> ``runs/<id>.judgements.jsonl``."""
    return sidecar_path(run_path, "judgements")


def judgement_from_record(record: Any) -> Judgement:
    """One judgement from its JSON record.

    Raises:
        KeyError, TypeError, ValueError: when the record is not a judgement.
    """
    if record.get("type") != "judgement":
        raise ValueError("not a judgement record")
    qid = record["qid"]
    status = record["status"]
    verdict = record.get("verdict")
    if not isinstance(qid, str) or not qid:
        raise TypeError("qid must be a non-empty string")
    if status not in STATUSES:
        raise ValueError(f"unknown status {status!r}")
    if status == JUDGED and verdict not in JUDGE_VERDICTS:
        raise ValueError(f"a judged record needs a verdict, got {verdict!r}")
    if status != JUDGED and verdict is not None:
        raise ValueError("only a judged record has a verdict")
    model, prompt, rules = (record.get(name, {}) for name in ("model", "prompt", "rules"))
    if not all(isinstance(part, dict) for part in (model, prompt, rules)):
        raise TypeError("model, prompt and rules must be objects")
    seconds = record.get("seconds")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float)):
        raise TypeError("seconds must be a number or null")
    error = record.get("error")
    return Judgement(
        qid=qid,
        status=status,
        verdict=verdict,
        why=str(record.get("why") or ""),
        reply=str(record.get("reply") or ""),
        model=model,
        prompt_version=str(prompt.get("version", "")),
        prompt_sha256=str(prompt.get("sha256", "")),
        created=str(record.get("created", "")),
        seconds=seconds,
        error=None if error is None else str(error),
        rules_verdict=str(rules.get("verdict", "")),
        grader_fingerprint=str(rules.get("fingerprint", "")),
        extra={k: v for k, v in record.items() if k not in _FIELDS},
    )


def read_judgement_records(run_path: Path) -> tuple[list[Judgement], list[str]]:
    """Every judgement beside a run, oldest first, and the lines that were skipped (a torn last
    line, a line that is not a judgement), each named by its line number."""
    path = judgements_path(run_path)
    if not path.exists():
        return [], []
    records: list[Judgement] = []
    problems: list[str] = []
    for number, _offset, raw in iter_lines(path):
        try:
            records.append(judgement_from_record(orjson.loads(raw)))
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
            problems.append(f"{path}: line {number} is not a judgement (skipped)")
    return records, problems


def effective(records: Iterable[Judgement]) -> dict[str, Judgement]:
    """The judgement that counts per qid: the latest reply (judged or unparsed); a qid with
    nothing but errors keeps its latest error."""
    latest: dict[str, Judgement] = {}
    for record in records:
        before = latest.get(record.qid)
        if record.status == FAILED and before is not None and before.status != FAILED:
            continue
        latest[record.qid] = record
    return latest


def read_judgements(run_path: Path) -> tuple[dict[str, Judgement], list[str]]:
    """The effective judgement per qid (`effective`) and the lines that were skipped."""
    records, problems = read_judgement_records(run_path)
    return effective(records), problems


def append_judgement(run_path: Path, judgement: Judgement) -> None:
    """Append one judgement under the sidecar's lock and fsync it (a torn last line left by an
    interrupted writer is given its line end first: `grader.records.atomic.append_lines`)."""
    append_line(judgements_path(run_path), orjson.dumps(judgement.to_record()))

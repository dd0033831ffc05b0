"""The compiled grader: the same source, compiled with mypyc, used only while it is that source.

The rules are the code of record (DESIGN 4), and they are plain Python. `make compiled`
(which `make test` runs first; `tools/build_compiled.py`) compiles the modules listed in
`COMPILED` with mypyc into a build folder of their own, ``build/compiled/<key>/``, where
``<key>`` is a hash of the sources they are built from (`SOURCES`: the listed modules and the
modules beneath them). Nothing is compiled next to a ``.py`` file, so no ``.so`` can shadow an
edited one: when ``grader`` is imported, `install` hashes today's sources, and only a build
whose key matches them is put in front of the plain modules; otherwise, and wherever nothing
was compiled (no C compiler, a wheel installed without it), the grader runs as pure Python,
with the same results, slower. Either way it is the whole list or none of it: compiled modules
call each other directly, so one plain module among them would be bypassed.

``RAGTRIAGE_PURE=1`` in the environment keeps the grader pure whatever is built (the tests
that compare the two builds use it). `status` says which one this process runs.

This module is at the ground floor and is never compiled itself: it decides what is.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

# The modules compiled, in one place: add a rule module here and `make compiled` builds it.
# Every one must type-check under mypy and keep to what mypyc compiles faithfully (listed in
# docs/performance.md; tests/test_compiled.py checks them). Every rule module is listed: a
# msgspec struct, whose options (``frozen=True``, ``array_like=True``) and field types mypyc
# does not carry over, is declared beneath them (`grader.schema.Grade`), and the rules' own
# records are dataclasses. A record built for every answer writes its ``__init__`` out
# (``init=False``): compiled, a dataclass's generated ``__init__`` is still interpreted Python,
# some 25 times slower to call than a compiled one (tests/test_compiled.py checks that each sets
# every field, in order, with its default).
COMPILED = (
    "grader.rules.codes",
    "grader.rules.normalize",
    "grader.rules.match",
    "grader.rules.citations",
    "grader.rules.clauses",
    "grader.rules.beliefs",
    "grader.rules.declines",
    "grader.rules.hedges",
    "grader.rules.declined_questions",
    "grader.rules.stance",
    "grader.rules.european_numbers",
    "grader.rules.currencies",
    "grader.rules.minor_units",
    "grader.rules.money",
    "grader.rules.money_wording",
    "grader.rules.money_keys",
    "grader.rules.figures",
    "grader.rules.pleasantries",
    "grader.rules.letters",
    "grader.rules.languages",
    "grader.rules.dialogues",
    "grader.rules.transcripts",
    "grader.rules.sheets",
    "grader.rules.code_answers",
    "grader.rules.sentences",
    "grader.rules.context",
    "grader.rules.facts",
    "grader.rules.reading",
    "grader.rules.units",
    "grader.rules.eras",
    "grader.rules.surface_times",
    "grader.rules.surface_counts",
    "grader.rules.spellings",
    "grader.rules.surface_numbers",
    "grader.rules.surface_units",
    "grader.rules.surface_dates",
    "grader.rules.surface",
    "grader.rules.surface_forms",
    "grader.rules.surface_places",
    "grader.rules.candidates",
    "grader.rules.given_names",
    "grader.rules.surface_match",
    "grader.rules.surface_countries",
    "grader.rules.question_words",
    "grader.rules.lists",
    "grader.rules.list_answers",
    "grader.rules.other_names",
    "grader.rules.surnames",
    "grader.rules.other_kinds",
    "grader.rules.leads",
    "grader.rules.periods",
    "grader.rules.less_specific",
    "grader.rules.gaps",
    "grader.rules.answering",
    "grader.rules.taken_back",
    "grader.rules.options",
    "grader.rules.choices",
    "grader.rules.key",
    "grader.rules.conclusion",
    "grader.rules.money_check",
    "grader.rules.content_check",
    "grader.rules.decline_check",
    "grader.rules.citation_check",
    "grader.rules.suspicions",
    "grader.rules.verdict",
)
# The shared library that holds them all (mypyc's group): a module of the grader package.
GROUP = "grader._compiled"
LIBRARY = GROUP + "__mypyc"

PACKAGE = Path(__file__).resolve().parent
# What the compiled code is built from: the listed modules, the floor beneath them (whose types
# mypyc compiles against), the package's own files that decide what is compiled, and this file.
SOURCES = ("__init__.py", "compiled.py", "errors.py", "schema.py", "rules/*.py")
# Where builds go: beside the package, in the checkout's build folder (never inside it).
BUILDS = PACKAGE.parent / "build" / "compiled"
PURE_VARIABLE = "RAGTRIAGE_PURE"
# A build's manifest, in its folder: what was built, from what, and the rules' revision
# (`grader.rules.verdict.revision_of_sources`) of the sources it was built from.
MANIFEST = "build.json"


def source_files() -> list[Path]:
    """The files `SOURCES` names, in a fixed order."""
    found: set[Path] = set()
    for pattern in SOURCES:
        found.update(PACKAGE.glob(pattern))
    return sorted(found)


def source_key() -> str:
    """A hash of the sources the compiled modules are built from, the list of them, and the
    Python that runs them: the name of the only build folder this process may use."""
    digest = hashlib.sha256()
    digest.update(f"{sys.implementation.cache_tag}\n{','.join(COMPILED)}\n".encode())
    for path in source_files():
        digest.update(f"{path.relative_to(PACKAGE).as_posix()}\n".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def module_file(build: Path, name: str) -> Path:
    """Where a compiled module (or the shared library) lies in a build folder."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return build.joinpath(*name.split(".")).with_name(name.rsplit(".", 1)[-1] + suffix)


@dataclass(frozen=True, slots=True)
class Status:
    """Which grader this process runs: ``compiled`` or ``pure``, and why."""

    build: str
    reason: str
    folder: Path | None = None

    @property
    def compiled(self) -> bool:
        return self.build == "compiled"

    def __str__(self) -> str:
        return f"{self.build} ({self.reason})"


class _CompiledFinder:
    """Finds the listed modules (and their shared library) in one build folder."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(name)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(name, str(file))
        return importlib.util.spec_from_file_location(name, file, loader=loader)


_status = Status("pure", "not looked for yet")


def install() -> Status:
    """Put the compiled modules in front of the plain ones when a build of today's sources is
    there (called once, when ``grader`` is imported); returns what this process runs."""
    global _status
    if any(isinstance(finder, _CompiledFinder) for finder in sys.meta_path):
        return _status
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        _status = Status("pure", f"{PURE_VARIABLE} is set")
        return _status
    if not BUILDS.is_dir():
        _status = Status("pure", "nothing compiled (make compiled)")
        return _status
    key = source_key()
    folder = BUILDS / key
    files = {name: module_file(folder, name) for name in (*COMPILED, LIBRARY)}
    missing = [name for name, file in files.items() if not file.is_file()]
    if missing:
        why = "no build of today's sources" if len(missing) == len(files) else "build incomplete"
        _status = Status("pure", f"{why} (key {key}; make compiled)")
        return _status
    already = [name for name in COMPILED if name in sys.modules]
    if already:  # imported before the package: mixing the two is not safe
        _status = Status("pure", f"imported before grader: {', '.join(already)}")
        return _status
    sys.meta_path.insert(0, _CompiledFinder(files))
    _status = Status("compiled", f"build {key}", folder)
    return _status


def status() -> Status:
    """Which grader this process runs (see `install`)."""
    return _status


def built_revision() -> str | None:
    """The rules' revision the build this process runs recorded (its manifest's
    ``rules_revision``): today's, since the build's folder is named by the hash of today's
    sources. None when the grader runs pure or the build recorded none."""
    if _status.folder is None:
        return None
    try:
        manifest = json.loads((_status.folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    revision = manifest.get("rules_revision") if isinstance(manifest, dict) else None
    return revision if isinstance(revision, str) and revision else None

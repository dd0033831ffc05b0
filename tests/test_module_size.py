"""Files a person can hold: a module of engine/, grader/, tui/ or corpora/ over LIMIT lines says
why it is one file, in a paragraph of its docstring that begins "Why one file:".

Lines are counted as ``wc -l`` counts them. The check is tested on trees with planted modules, so
it can fail.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGES = ("engine", "grader", "tui", "corpora")
LIMIT = 400
REASON = "Why one file:"
# The fewest words a reason takes after its opening (a bare "Why one file: see below." says none).
REASON_WORDS = 8


def line_count(path: Path) -> int:
    """The file's lines, as ``wc -l`` counts them (a last line without a newline counts)."""
    return len(path.read_text(encoding="utf-8").splitlines())


def has_reason(path: Path) -> bool:
    """Whether the module's own docstring holds a paragraph that begins with `REASON` and says
    something after it (a function's or a class's docstring does not count)."""
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"), str(path))) or ""
    for paragraph in docstring.split("\n\n"):
        text = " ".join(paragraph.split())
        if text.startswith(REASON) and len(text[len(REASON) :].split()) >= REASON_WORDS:
            return True
    return False


def long_without_reason(root: Path) -> dict[str, int]:
    """Every module under ``root``'s packages over `LIMIT` lines without a reason, with its
    length, by its path from ``root``."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            lines = line_count(path)
            if lines > LIMIT and not has_reason(path):
                found[path.relative_to(root).as_posix()] = lines
    return found


def described(found: dict[str, int]) -> list[str]:
    return [
        f"{path}: {lines} lines, and no paragraph of its docstring begins {REASON!r}"
        for path, lines in found.items()
    ]


def test_every_long_module_says_why_it_is_one_file():
    found = long_without_reason(ROOT)
    assert not found, "\n".join(described(found))


def plant(root: Path, path: str, text: str) -> None:
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


BODY = "x = 1\n"


@pytest.mark.parametrize(
    ("text", "caught"),
    [
        (BODY * (LIMIT + 1), True),
        ('"""A module."""\n' + BODY * LIMIT, True),
        (
            '"""A module.\n\nIt grew. Why one file: it is one job, read whole by its reader."""\n'
            + BODY * LIMIT,
            True,
        ),
        ('"""A module.\n\nWhy one file:\n"""\n' + BODY * LIMIT, True),
        ('"""A module.\n\nWhy one file: see below."""\n' + BODY * LIMIT, True),
        (
            '"""A module."""\n\n\ndef f():\n    """Why one file: it is one job, read whole by its '
            'reader and no one else."""\n' + BODY * LIMIT,
            True,
        ),
        (
            "# Why one file: it is one job, read whole by its reader and no one else.\n"
            + BODY * LIMIT,
            True,
        ),
        (
            '"""A module.\n\nWhy one file: it is one job, read whole by its reader and no one '
            'else."""\n' + BODY * LIMIT,
            False,
        ),
        (
            '"""A module.\n\nWhy one file: it is one job,\nread whole by its reader and no one '
            'else.\n\nMore."""\n' + BODY * LIMIT,
            False,
        ),
        (BODY * LIMIT, False),
    ],
    ids=[
        "no docstring",
        "a docstring that says no reason",
        "the words inside a paragraph, not opening it",
        "the words alone",
        "the words and too little after them",
        "the reason in a function's docstring, not the module's",
        "the reason in a comment, not the docstring",
        "a reason",
        "a reason over two lines, then another paragraph",
        "exactly the limit, no reason needed",
    ],
)
def test_a_planted_module_is_judged_by_its_docstring(tmp_path, text, caught):
    plant(tmp_path, "grader/planted.py", text)
    assert bool(long_without_reason(tmp_path)) is caught


def test_a_module_grown_past_the_limit_in_the_real_tree_is_named_with_its_length(tmp_path):
    """The check on a copy of today's tree: a short module grown past the limit is the one
    named, with its length, and nothing else is."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package)
    grown = tmp_path / "grader" / "errors.py"
    assert line_count(grown) <= LIMIT
    grown.write_text(grown.read_text(encoding="utf-8") + BODY * LIMIT, encoding="utf-8")
    lines = line_count(grown)
    found = long_without_reason(tmp_path)
    assert described(found) == [
        f"grader/errors.py: {lines} lines, and no paragraph of its docstring begins 'Why one file:'"
    ]


def test_a_reason_taken_out_of_a_long_module_is_caught(tmp_path):
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package)
    runfile = tmp_path / "grader" / "records" / "runfile.py"
    text = runfile.read_text(encoding="utf-8")
    assert REASON in text
    runfile.write_text(text.replace(REASON, "Why it is long:"), encoding="utf-8")
    assert "grader/records/runfile.py" in long_without_reason(tmp_path)

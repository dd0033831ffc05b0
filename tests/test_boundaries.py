"""Architecture: the domain packages never import the UI framework, grader/ imports nothing but
the standard library, orjson, msgspec and rapidfuzz, and grader/'s floors import only downwards.

Every module is checked, by reading its imports (those inside functions too) and by importing it;
the checks are tested on a tree with planted imports, so they can fail.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

DOMAIN = ("grader", "engine", "corpora")
GRADER_THIRD_PARTY = {"orjson", "msgspec", "rapidfuzz"}
# What each package may import of the project's own packages.
PACKAGES_BELOW = {"grader": set(), "corpora": {"grader"}, "engine": {"grader", "corpora"}}
# grader/'s floors, lowest first: a module imports its own floor and those below it.
FLOORS = (
    ("grader.errors", "grader.registry", "grader.schema", "grader.compiled"),
    ("grader.rules",),
    ("grader.records",),
    ("grader.audit",),
)


def floor_of(module: str) -> int | None:
    for level, names in enumerate(FLOORS):
        if any(module == name or module.startswith(name + ".") for name in names):
            return level
    return None


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(root: Path, path: Path) -> list[tuple[int, str]]:
    """Every module a file imports, with its line: top level, inside functions, relative."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module_name(root, path).rsplit(".", 1)[0] if path.name != "__init__.py" else None
    package = package or module_name(root, path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return found


def violations(root: Path) -> list[str]:
    """Every import under ``root``'s domain packages that breaks the layering, as
    ``path:line: reason``."""
    stdlib = set(sys.stdlib_module_names)
    found = []
    for package in DOMAIN:
        for path in sorted((root / package).rglob("*.py")):
            module = module_name(root, path)
            where = path.relative_to(root)
            for line, imported in imports_of(root, path):
                top = imported.split(".")[0]
                if top in ("textual", "rich", "tui"):
                    found.append(f"{where}:{line}: {module} imports {imported} (UI)")
                elif top in PACKAGES_BELOW and top != package:
                    if top not in PACKAGES_BELOW[package]:
                        found.append(f"{where}:{line}: {package} may not import {imported}")
                elif package == "grader" and top not in stdlib | GRADER_THIRD_PARTY | {"grader"}:
                    found.append(f"{where}:{line}: grader/ may not import {imported}")
                if package == "grader" and top == "grader":
                    own, theirs = floor_of(module), floor_of(imported)
                    if own is not None and theirs is not None and theirs > own:
                        found.append(f"{where}:{line}: {module} imports {imported}, a floor above")
    return found


def test_every_domain_module_keeps_the_layering():
    assert violations(ROOT) == []


@pytest.mark.parametrize(
    ("path", "planted", "reason"),
    [
        ("engine/workspace.py", "import textual", "imports textual (UI)"),
        ("corpora/loader.py", "from textual.widgets import Static", "(UI)"),
        ("grader/audit/scan.py", "import textual.app", "(UI)"),
        ("grader/rules/money.py", "from grader.records.runfile import read_run", "a floor above"),
        ("grader/schema.py", "from grader.rules.money import find_amounts", "a floor above"),
        ("grader/rules/verdict.py", "import numpy", "grader/ may not import numpy"),
        ("grader/records/marks.py", "from engine.workspace import Workspace", "may not import"),
        ("corpora/check.py", "from engine.ingest import read_pdf", "may not import"),
        ("grader/rules/reading.py", "from ..audit import scan", "a floor above"),
    ],
    ids=[
        "textual in engine/workspace.py",
        "textual in corpora/loader.py",
        "textual in grader/audit/scan.py",
        "a rule imports a run-file reader",
        "the schema imports a rule",
        "a third-party package in grader/",
        "grader imports engine",
        "corpora imports engine",
        "a relative import upwards",
    ],
)
def test_a_planted_import_is_caught(tmp_path, path, planted, reason):
    """The layering test once imported a few modules only, so a planted `import textual` in
    engine/workspace.py passed it."""
    for package in DOMAIN:
        shutil.copytree(ROOT / package, tmp_path / package)
    target = tmp_path / path
    target.write_text(
        target.read_text(encoding="utf-8") + f"\n\ndef _planted():\n    {planted}\n",
        encoding="utf-8",
    )
    found = violations(tmp_path)
    assert len(found) == 1 and found[0].startswith(path) and reason in found[0], found


def test_importing_every_domain_module_loads_no_textual():
    code = (
        "import pkgutil, importlib, sys\n"
        "for package in ('grader', 'engine', 'corpora'):\n"
        "    importlib.import_module(package)\n"
        "    for found in pkgutil.walk_packages([package], package + '.'):\n"
        "        importlib.import_module(found.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'tui'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_grader_loads_only_stdlib_orjson_msgspec_rapidfuzz():
    code = (
        "import sys, pkgutil, importlib; before = set(sys.modules)\n"
        "for found in pkgutil.walk_packages(['grader'], 'grader.'):\n"
        "    importlib.import_module(found.name)\n"
        "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "new = {m for m in new if not m.startswith('_cython')}\n"
        "allowed = {'grader', 'orjson', 'msgspec', 'rapidfuzz', 'cython_runtime'}\n"
        "allowed |= {'typing_extensions'}  # msgspec uses it when it is installed\n"
        "allowed |= set(sys.stdlib_module_names)\n"
        "print(','.join(sorted(new - allowed)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""

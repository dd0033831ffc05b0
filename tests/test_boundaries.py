"""Architecture: the domain packages never import the UI framework."""

import subprocess
import sys

from tests.conftest import ROOT


def test_domain_packages_do_not_import_textual():
    code = (
        "import sys, grader, grader.verdict, grader.grades, grader.scorecard, engine, corpora\n"
        "import tui.cli\n"
        "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_grader_imports_only_stdlib_orjson_msgspec_rapidfuzz():
    code = (
        "import sys; before = set(sys.modules)\n"
        "import grader, grader.verdict, grader.grades, grader.scorecard\n"
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

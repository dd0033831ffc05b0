"""The compiled grader (grader/compiled.py): the same source compiled with mypyc grades exactly as
the pure one, is used only while it is built from today's sources, and the compiled modules keep
to what mypyc compiles faithfully.

The comparisons run each build in a process of its own (``RAGTRIAGE_PURE=1`` for the pure one).
They build the compiled modules first when today's sources have no build (`make compiled`, a
no-op when up to date), and are skipped only where nothing can be compiled (no mypy or no C
compiler: the grader then runs pure everywhere, which the rest of the suite tests).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from grader import compiled
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import build_compiled
from synthetic import write_synthetic_run

COMMITTED_RUNS = sorted(p for p in (ROOT / "runs").glob("*.jsonl") if p.name.count(".") == 1)


@pytest.fixture(scope="module")
def build() -> Path:
    """Today's compiled build (built if missing); skips where nothing can be compiled."""
    reason = build_compiled.cannot_compile()
    if reason is not None:
        pytest.skip(f"nothing can be compiled here: {reason}")
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_compiled.py")],
        check=True,
        capture_output=True,
    )
    folder = compiled.BUILDS / compiled.source_key()
    assert build_compiled.is_complete(folder, compiled.source_key())
    return folder


def run_python(code: str, *, pure: bool, cwd: Path = ROOT, **env: str) -> str:
    """Run ``code`` in a new Python process, in the pure or the compiled build; its stdout."""
    environment = {**os.environ, "PYTHONPATH": str(cwd), **env}
    environment.pop("RAGTRIAGE_PURE", None)
    if pure:
        environment["RAGTRIAGE_PURE"] = "1"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=environment, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


# --- the same grades ----------------------------------------------------------------------------

# Every run graded with every clause strategy and money conclusion, in one process and shared out
# among processes (the grades cross processes msgpack-encoded), each grade and each answer's
# reading (its sentences, parts, declines, amounts and citations) written out in full.
GRADE_EVERYTHING = """
import sys, msgspec
from pathlib import Path
import grader.compiled
from grader.audit import regrade as shared
from grader.records.runfile import read_run
from grader.rules.clauses import STRATEGIES
from grader.rules.conclusion import CONCLUSIONS
from grader.rules.verdict import Grader
shared.PARALLEL_MIN_BYTES = 0
out = {"build": grader.compiled.status().build, "runs": {}}
for name in sys.argv[1:]:
    path = Path(name)
    run = read_run(path, lean=True)
    graded = {}
    for strategy in STRATEGIES:
        for money in CONCLUSIONS:
            grader = Grader(strategy=strategy, money=money)
            graded[f"{strategy} {money}"] = [
                (grader.grade(answer), repr(grader.read(answer))) for answer in run.answers
            ]
    whole = shared.regrade(path, Grader(), workers=2)
    graded["shared out"] = [whole.grades, whole.scorecard, whole.problems, whole.workers]
    out["runs"][path.name] = graded
sys.stdout.write(msgspec.json.encode(out).decode())
"""


def graded_by(build: str, runs: list[Path]) -> dict[str, object]:
    out = run_python(
        GRADE_EVERYTHING.replace("sys.argv[1:]", repr([str(p) for p in runs])), pure=build == "pure"
    )
    document = orjson.loads(out)
    assert document["build"] == build
    return document["runs"]


def test_compiled_and_pure_grade_the_committed_runs_and_a_synthetic_run_alike(build, tmp_path):
    synthetic = write_synthetic_run(tmp_path / "synthetic.jsonl", answers=600, seed=22)
    runs = [*COMMITTED_RUNS, synthetic]
    pure, fast = graded_by("pure", runs), graded_by("compiled", runs)
    assert sorted(pure) == sorted(path.name for path in runs)
    for name in pure:
        assert len(pure[name]["shared out"][0]) > 0
        for setting in pure[name]:
            assert fast[name][setting] == pure[name][setting], (name, setting)


def test_compiled_and_pure_print_the_same_grade_json(build):
    """`ragtriage grade --json` (its answers carry their clauses) reads the same in both."""
    code = (
        "import sys\nfrom tui.cli import main\n"
        f"sys.exit(main(['grade', {str(COMMITTED_RUNS[0])!r}, '--json', '--no-record']))\n"
    )
    assert run_python(code, pure=False) == run_python(code, pure=True)


# --- never a stale build ------------------------------------------------------------------------

PROBE = """
import importlib, grader.compiled as c
loaded = [importlib.import_module(name) for name in c.COMPILED]
so = sum(m.__file__.endswith(".so") for m in loaded)
edited = sum(getattr(m, "EDITED", False) for m in loaded)
print(c.status().build, "all" if so == len(loaded) else so, "edited" if edited else "as built")
"""


def edit(tree: Path, relative: str) -> None:
    path = tree / relative
    path.write_text(path.read_text(encoding="utf-8") + "\nEDITED = True\n", encoding="utf-8")


def remove_one_module(tree: Path) -> None:
    key = compiled.source_key()
    build = tree / "build" / "compiled" / key
    compiled.module_file(build, "grader.rules.clauses").unlink()


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda tree: None, "compiled all as built"),
        (lambda tree: edit(tree, "grader/rules/reading.py"), "pure 0 edited"),
        (lambda tree: edit(tree, "grader/rules/declines.py"), "pure 0 edited"),
        (lambda tree: edit(tree, "grader/rules/verdict.py"), "pure 0 edited"),
        (lambda tree: edit(tree, "grader/errors.py"), "pure 0 as built"),
        (lambda tree: edit(tree, "grader/schema.py"), "pure 0 as built"),
        (
            lambda tree: (tree / "grader/rules/grounding.py").write_text("X = 1\n"),
            "pure 0 as built",
        ),
        (lambda tree: edit(tree, "grader/audit/scan.py"), "compiled all as built"),
        (remove_one_module, "pure 0 as built"),
    ],
    ids=[
        "today's sources run compiled",
        "an edited rule runs as written, not as compiled",
        "an edited decline search too",
        "an edited verdict, compiled since every rule module is, runs as written",
        "an edit to a file beneath the rules that is not compiled drops the build too",
        "an edited schema, beneath the rules, drops the build",
        "a new rule module drops the build",
        "an edit above the rules keeps the build",
        "a build with a module missing is not used",
    ],
)
def test_a_build_is_used_only_for_the_sources_it_was_built_from(build, tmp_path, change, expected):
    """Compiled modules next to the sources would shadow an edited .py silently."""
    tree = tmp_path / "checkout"
    shutil.copytree(ROOT / "grader", tree / "grader", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(build, tree / "build" / "compiled" / build.name)
    change(tree)
    assert run_python(PROBE, pure=False, cwd=tree).split() == expected.split()


def checkout_without_a_build(tmp_path: Path) -> Path:
    tree = tmp_path / "checkout"
    for folder in ("grader", "tools"):
        shutil.copytree(ROOT / folder, tree / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return tree


def run_tool(tree: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, **env}
    environment.pop("RAGTRIAGE_PURE", None)
    return subprocess.run(
        [sys.executable, str(tree / "tools" / "build_compiled.py"), *args],
        cwd=tree,
        env=environment,
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize(
    ("args", "status"),
    [((), 0), (("--require",), 1)],
    ids=["the tool says why and the grader stays pure", "unless a build is required"],
)
def test_without_a_c_compiler(tmp_path, args, status):
    tree = checkout_without_a_build(tmp_path)
    result = run_tool(tree, *args, CC="/nowhere/cc")
    assert result.returncode == status
    assert (
        "grader not compiled: no C compiler (/nowhere/cc); it runs as pure Python" in result.stderr
    )
    assert not (tree / "build").exists()
    assert run_python(PROBE, pure=False, cwd=tree).split() == ["pure", "0", "as", "built"]


def test_a_rule_that_mypy_refuses_fails_the_build_with_its_message(tmp_path):
    if build_compiled.cannot_compile() is not None:
        pytest.skip(f"nothing can be compiled here: {build_compiled.cannot_compile()}")
    tree = checkout_without_a_build(tmp_path)
    hedges = tree / "grader" / "rules" / "hedges.py"
    hedges.write_text(hedges.read_text(encoding="utf-8") + '\nPLANTED: int = "not a number"\n')
    result = run_tool(tree)
    assert result.returncode == 1
    assert (
        "hedges.py" in result.stdout + result.stderr and "error:" in result.stdout + result.stderr
    )
    assert run_python(PROBE, pure=False, cwd=tree).split() == ["pure", "0", "as", "built"]


def test_pure_is_chosen_by_the_environment_whatever_is_built(build):
    assert run_python(PROBE, pure=True).split() == ["pure", "0", "as", "built"]


# The rules' revision a command reads from the build equals the one worked out from the sources.
REVISION = """
import grader.compiled
from grader.rules.verdict import revision_of_sources, rules_revision
print(grader.compiled.status().build, grader.compiled.built_revision(), rules_revision(),
      revision_of_sources())
"""


def test_the_build_records_the_rules_revision_of_the_sources_it_was_built_from(build):
    build_seen, recorded, revision, from_sources = run_python(REVISION, pure=False).split()
    assert build_seen == "compiled"
    assert recorded == revision == from_sources
    assert orjson.loads((build / compiled.MANIFEST).read_bytes())["rules_revision"] == recorded


def test_pure_works_the_rules_revision_out_from_the_sources(build):
    build_seen, recorded, revision, from_sources = run_python(REVISION, pure=True).split()
    assert (build_seen, recorded) == ("pure", "None")
    assert revision == from_sources


def test_a_build_without_a_recorded_revision_works_it_out(build, tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "grader", tree / "grader", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(build, tree / "build" / "compiled" / build.name)
    manifest = tree / "build" / "compiled" / build.name / compiled.MANIFEST
    written = orjson.loads(manifest.read_bytes())
    del written["rules_revision"]
    manifest.write_bytes(orjson.dumps(written))
    build_seen, recorded, revision, from_sources = run_python(
        REVISION, pure=False, cwd=tree
    ).split()
    assert (build_seen, recorded) == ("compiled", "None")
    assert revision == from_sources


# --- what compiled code must keep to ------------------------------------------------------------

# Python that mypyc compiles without an error but runs differently (docs/performance.md).
RESTRICTIONS = {
    "cached_property": "mypyc compiles functools.cached_property as a plain property: "
    "recomputed at every access",
    "__file__": "a compiled module's __file__ is its build folder's: find data from the "
    "package (grader.__file__)",
    "getsource": "compiled functions have no source to read (inspect.getsource)",
    "__code__": "compiled functions have no code object",
    "class keywords": "mypyc drops a class's keywords (msgspec's frozen=True, array_like=True)",
    "msgspec.Struct": "mypyc writes a struct's field types coarsely (type for str | None), and "
    "msgspec decodes by them",
}


def restriction_breaches(source: str) -> list[str]:
    """The restricted names a module's source uses: as names, imported, or as attributes (but
    ``grader.__file__``, the package's own, is where data is found from)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.ImportFrom):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Attribute) and node.attr != "__file__":
            found.add(node.attr)
        if isinstance(node, ast.ClassDef):
            if node.keywords:
                found.add("class keywords")
            if any(ast.unparse(base).endswith("Struct") for base in node.bases):
                found.add("msgspec.Struct")
    return sorted(found & set(RESTRICTIONS))


def test_the_compiled_modules_keep_to_what_mypyc_compiles_faithfully():
    breaches = {}
    for name in compiled.COMPILED:
        source = ROOT.joinpath(*name.split(".")).with_suffix(".py").read_text(encoding="utf-8")
        for found in restriction_breaches(source):
            breaches[f"{name}: {found}"] = RESTRICTIONS[found]
    assert breaches == {}


@pytest.mark.parametrize(
    ("planted", "found"),
    [
        ("from functools import cached_property\n", ["cached_property"]),
        ("import functools\nx = functools.cached_property\n", ["cached_property"]),
        ("from pathlib import Path\nHERE = Path(__file__).parent\n", ["__file__"]),
        ("import inspect\ndef f():\n    return inspect.getsource(f)\n", ["getsource"]),
        ("def f():\n    return f.__code__\n", ["__code__"]),
        ("import msgspec\nclass Grade(msgspec.Struct):\n    qid: str\n", ["msgspec.Struct"]),
        ("class Grade(Base, frozen=True):\n    qid: str\n", ["class keywords"]),
        ("import re\nWORD = re.compile(r'\\w+')\n", []),
    ],
    ids=[
        "cached_property imported",
        "cached_property by attribute",
        "__file__",
        "getsource",
        "__code__",
        "a msgspec struct",
        "class keywords",
        "plain code passes",
    ],
)
def test_a_planted_breach_is_caught(planted, found):
    assert restriction_breaches(planted) == found


def test_every_listed_module_is_a_rule_module_that_exists():
    for name in compiled.COMPILED:
        assert name.startswith("grader.rules."), name
        assert ROOT.joinpath(*name.split(".")).with_suffix(".py").is_file(), name


def test_every_rule_module_is_listed():
    """A rule module left off the list runs interpreted beside the compiled rules (letters,
    options and pleasantries were, until stop 62's end)."""
    rules = {
        f"grader.rules.{path.stem}"
        for path in ROOT.joinpath("grader", "rules").glob("*.py")
        if path.stem != "__init__"
    }
    assert rules - set(compiled.COMPILED) == set()


def written_out_init_faults(source: str) -> list[str]:
    """Each dataclass of ``source`` declared ``init=False`` whose ``__init__`` does not take
    every field, in order, with the field's default, and set each as given (as the generated
    one would): ``Class: what is wrong``."""
    faults = []
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        keywords = [
            keyword
            for decorator in node.decorator_list
            if isinstance(decorator, ast.Call)
            for keyword in decorator.keywords
        ]
        if not any(k.arg == "init" and ast.unparse(k.value) == "False" for k in keywords):
            continue
        fields = [
            (item.target.id, ast.unparse(item.value) if item.value else None)
            for item in node.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
        ]
        init = next(
            (
                item
                for item in node.body
                if isinstance(item, ast.FunctionDef) and item.name == "__init__"
            ),
            None,
        )
        if init is None:
            faults.append(f"{node.name}: no __init__")
            continue
        arguments = init.args.args[1:]
        defaults = [None] * (len(arguments) - len(init.args.defaults)) + [
            ast.unparse(default) for default in init.args.defaults
        ]
        taken = [(a.arg, d) for a, d in zip(arguments, defaults, strict=True)]
        if taken != fields:
            faults.append(f"{node.name}: takes {taken}, its fields are {fields}")
        sets = [
            (ast.unparse(call.args[1]), ast.unparse(call.args[2]))
            for statement in init.body
            if isinstance(statement, ast.Expr)
            and isinstance(call := statement.value, ast.Call)
            and ast.unparse(call.func) == "object.__setattr__"
        ]
        if sets != [(repr(name), name) for name, _default in fields] or len(sets) != len(init.body):
            faults.append(f"{node.name}: sets {sets}")
    return faults


def test_every_written_out_init_sets_every_field_as_the_generated_one_would():
    checked = 0
    for name in compiled.COMPILED:
        source = ROOT.joinpath(*name.split(".")).with_suffix(".py").read_text(encoding="utf-8")
        assert written_out_init_faults(source) == [], name
        checked += source.count("init=False")
    assert checked >= 10  # the records built for every answer


@pytest.mark.parametrize(
    "planted",
    [
        "    def __init__(self, a: int, b: str) -> None:\n"
        "        object.__setattr__(self, 'a', a)\n",  # a field never set
        "    def __init__(self, b: str, a: int) -> None:\n"
        "        object.__setattr__(self, 'b', b)\n"
        "        object.__setattr__(self, 'a', a)\n",  # fields out of order
        "    def __init__(self, a: int, b: str = 'y') -> None:\n"
        "        object.__setattr__(self, 'a', a)\n"
        "        object.__setattr__(self, 'b', b)\n",  # another default
        "    def __init__(self, a: int, b: str = 'x') -> None:\n"
        "        object.__setattr__(self, 'a', a)\n"
        "        object.__setattr__(self, 'b', a)\n",  # a field set to another's value
    ],
    ids=["a field unset", "out of order", "another default", "set to another value"],
)
def test_a_written_out_init_that_differs_is_caught(planted):
    declared = (
        "@dataclass(frozen=True, slots=True, init=False)\n"
        "class R:\n"
        "    a: int\n"
        "    b: str = 'x'\n\n"
    )
    right = (
        "    def __init__(self, a: int, b: str = 'x') -> None:\n"
        '        object.__setattr__(self, "a", a)\n'
        '        object.__setattr__(self, "b", b)\n'
    )
    assert written_out_init_faults(declared + right) == []
    assert written_out_init_faults(declared + planted) != []


QUIET_PROBE = """
import os, sys
sys.path.insert(0, {tools!r})
import build_compiled
fail = sys.argv[1] == "fail"
print("before", flush=True)
try:
    with build_compiled.quiet_unless_failed(verbose=False):
        os.write(2, b"warning: the compiler's own line\\n")
        os.system("echo a subprocess warning >&2")
        if fail:
            raise SystemExit("the build failed")
except SystemExit as exc:
    print(exc, flush=True)
print("after", flush=True)
"""


@pytest.mark.parametrize("outcome", ["ok", "fail"])
def test_the_build_prints_the_compilers_warnings_only_when_it_fails(outcome):
    """`make run` printed mypyc's and the C compiler's warnings on every build."""
    probe = QUIET_PROBE.format(tools=str(ROOT / "tools"))
    done = subprocess.run(
        [sys.executable, "-c", probe, outcome], capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines()[0] == "before" and done.stdout.splitlines()[-1] == "after"
    held = ("warning: the compiler's own line", "a subprocess warning")
    if outcome == "ok":
        assert not any(line in done.stdout + done.stderr for line in held)
    else:
        assert all(line in done.stderr for line in held)

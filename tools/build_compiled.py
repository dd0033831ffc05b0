"""Compile the grader's rules with mypyc: `make compiled` (and first thing in `make test`).

The modules listed in `grader.compiled.COMPILED` are compiled, as they are, into
``build/compiled/<key>/`` (``<key>``: the hash of their sources, `grader.compiled.source_key`),
which `grader.compiled.install` uses only while the sources hash to the same key. A build is
made in a temporary folder and renamed into place when complete, so an interrupted build is
never used; builds of other keys are removed.

Where nothing can be compiled (mypy is not installed, no C compiler, no Python headers), this
says why and exits 0: the grader then runs as pure Python (``--require`` makes that an error).
A module that mypy or mypyc refuses is an error (exit 1), with mypy's messages: the restrictions
compiled code must follow are in docs/performance.md.

    python tools/build_compiled.py [--force] [--require] [--check]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["RAGTRIAGE_PURE"] = "1"  # this process only builds: it need not run compiled code

from grader import compiled  # noqa: E402
from grader.rules.verdict import revision_of_sources  # noqa: E402


def cannot_compile() -> str | None:
    """Why nothing can be compiled here, or None."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypy (with mypyc) is not installed: pip install -e '.[dev]'"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h)"
    return None


def is_complete(folder: Path, key: str) -> bool:
    """Whether ``folder`` holds a finished build of ``key``."""
    try:
        manifest = json.loads((folder / compiled.MANIFEST).read_text())
    except (OSError, ValueError):
        return False
    files = (*compiled.COMPILED, compiled.LIBRARY)
    return manifest.get("key") == key and all(
        compiled.module_file(folder, name).is_file() for name in files
    )


def prune(keep: Path | None) -> None:
    """Remove the builds of other sources (and leftovers of interrupted builds)."""
    if not compiled.BUILDS.is_dir():
        return
    for folder in compiled.BUILDS.iterdir():
        if folder != keep and folder.is_dir():
            shutil.rmtree(folder, ignore_errors=True)


def module_paths() -> list[str]:
    """The listed modules' files, relative to the checkout (mypy finds their packages)."""
    return [str(Path(*name.split(".")).with_suffix(".py")) for name in compiled.COMPILED]


@contextlib.contextmanager
def quiet_unless_failed(verbose: bool) -> Iterator[None]:
    """Hold back everything mypy, mypyc and the C compiler print (their warnings are not the
    user's business under `make run`), and print it only when the build fails.

    The compiler runs in subprocesses that write to the file descriptors, not to
    ``sys.stdout``: both descriptors are redirected, not only Python's streams.
    """
    if verbose:
        yield
        return
    sys.stdout.flush()
    sys.stderr.flush()
    saved = (os.dup(1), os.dup(2))
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 1)
        os.dup2(held.fileno(), 2)
        try:
            yield
        except BaseException:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            held.seek(0)
            sys.stderr.write(held.read().decode("utf-8", "replace"))
            sys.stderr.flush()
            raise
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


def compile_into(work: Path, lib: Path, verbose: bool) -> None:
    """mypyc's C sources in ``work``, compiled into ``lib`` (run from the checkout)."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    extensions = mypycify(
        [f"--cache-dir={work / 'mypy-cache'}", *module_paths()],
        target_dir=str(work / "c"),
        group_name=compiled.GROUP,
        opt_level="3",
        verbose=verbose,
    )
    distribution = Distribution({"name": "ragtriage-compiled", "ext_modules": extensions})
    distribution.script_name = "build_compiled.py"
    distribution.script_args = [
        "build_ext",
        f"--build-lib={lib}",
        f"--build-temp={work / 'obj'}",
    ]
    distribution.parse_command_line()
    distribution.run_commands()


def build(key: str, verbose: bool) -> Path:
    """Compile every listed module into ``build/compiled/<key>``; returns the folder. What
    mypy, mypyc and the compiler print is shown only when the build fails (or ``verbose``).

    Raises:
        SystemExit: when mypy or mypyc refuse a module, or the C compiler fails.
    """
    compiled.BUILDS.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".building-{key}-", dir=compiled.BUILDS))
    lib = work / "lib"
    started = time.perf_counter()
    previous = Path.cwd()
    os.chdir(ROOT)  # mypy names the modules from the paths, relative to the checkout
    try:
        with quiet_unless_failed(verbose):
            compile_into(work, lib, verbose)
    finally:
        os.chdir(previous)
    manifest = {
        "key": key,
        "modules": list(compiled.COMPILED),
        "library": compiled.LIBRARY,
        "mypy": importlib.metadata.version("mypy"),
        "python": sys.version.split()[0],
        "seconds": round(time.perf_counter() - started, 1),
        "rules_revision": revision_of_sources(),  # read back by `grader.compiled.built_revision`
    }
    (lib / compiled.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    folder = compiled.BUILDS / key
    if not is_complete(lib, key):
        raise SystemExit(f"the build in {work} is incomplete")
    shutil.rmtree(folder, ignore_errors=True)
    lib.rename(folder)
    shutil.rmtree(work, ignore_errors=True)
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even when up to date")
    parser.add_argument(
        "--require", action="store_true", help="fail when nothing can be compiled here"
    )
    parser.add_argument(
        "--check", action="store_true", help="only say whether the build is up to date (exit 1)"
    )
    parser.add_argument("--verbose", action="store_true", help="show mypyc's and the compiler's")
    args = parser.parse_args()
    key = compiled.source_key()
    folder = compiled.BUILDS / key
    where = folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder
    if is_complete(folder, key) and not args.force:
        print(f"compiled grader up to date: {where}")
        prune(keep=folder)
        return 0
    if args.check:
        print(f"compiled grader out of date: no build of today's sources ({where})")
        return 1
    reason = cannot_compile()
    if reason is not None:
        print(f"grader not compiled: {reason}; it runs as pure Python", file=sys.stderr)
        return 1 if args.require else 0
    print(f"compiling the grader's rules with mypyc into {where} ...", flush=True)
    started = time.perf_counter()
    built = build(key, args.verbose)
    prune(keep=built)
    print(f"compiled {len(compiled.COMPILED)} modules in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

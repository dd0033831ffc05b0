"""`make` stamps the virtual environment on what pyproject.toml says, not on when it was
written: a checkout must not force the 9-minute llama.cpp rebuild.

Each case runs the real Makefile in a folder of its own against a stand-in virtual environment
whose python only logs what it is asked to do (no package is installed, nothing is built).
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import time

import pytest

from tests.conftest import ROOT

FLAGS = "-DGGML_NATIVE=OFF" if platform.machine() == "x86_64" else ""
BUILD = "--force-reinstall --no-deps llama-cpp-python=="
INSTALL = "install --quiet -e .[dev]"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make here")


@pytest.fixture
def checkout(tmp_path):
    """The Makefile and pyproject.toml, and a virtual environment whose python logs its
    arguments (and says llama-cpp-python 0.3.36 is installed when asked)."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copyfile(ROOT / name, tmp_path / name)
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(
        "#!/bin/sh\n"
        'echo "$*" >> "$MAKE_LOG"\n'
        'if [ "$1" = "-c" ]; then echo "${FAKE_LLAMA_VERSION:-0.3.36}"; fi\n'
        'case "$*" in *--force-reinstall*) sleep "${FAKE_BUILD_SECONDS:-0}";; esac\n'
    )
    python.chmod(0o755)
    return tmp_path


def make(folder, *options: str, said: list[str] | None = None, **env) -> list[str]:
    """``make setup`` in ``folder``; the python calls it made (version checks left out), and
    what make printed in ``said``."""
    log = folder / "make.log"
    log.write_text("")
    result = subprocess.run(
        ["make", "--no-print-directory", "setup", *options],
        cwd=folder,
        capture_output=True,
        text=True,
        env={**os.environ, "MAKE_LOG": str(log), **env},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    if said is not None:
        said += result.stdout.splitlines()
    return [line for line in log.read_text().splitlines() if not line.startswith("-c ")]


def pin(folder) -> str:
    text = (folder / "pyproject.toml").read_text()
    return text.split("llama-cpp-python==", 1)[1].split('"', 1)[0]


def rewrite(folder, old: str, new: str) -> None:
    path = folder / "pyproject.toml"
    path.write_text(path.read_text().replace(old, new))


def built(calls: list[str]) -> bool:
    return any(BUILD in call for call in calls)


def installed(calls: list[str]) -> bool:
    return any(INSTALL in call for call in calls)


def test_an_empty_environment_is_built_and_installed(checkout):
    calls = make(checkout)
    assert built(calls) and installed(calls)
    assert make(checkout) == [], "a second make does nothing"


def test_a_checkout_that_rewrites_pyproject_with_the_same_bytes_rebuilds_nothing(checkout):
    """A fresh checkout (or a branch switch) gave pyproject.toml a new time, and `make` rebuilt
    llama.cpp for 9 minutes."""
    make(checkout)
    later = time.time() + 3600
    os.utime(checkout / "pyproject.toml", (later, later))
    assert make(checkout) == []


def test_a_changed_dependency_reinstalls_without_rebuilding_llama(checkout):
    make(checkout)
    rewrite(checkout, '"rapidfuzz>=3",', '"rapidfuzz>=3.1",')
    calls = make(checkout)
    assert installed(calls) and not built(calls)
    assert make(checkout) == []


def test_a_new_llama_pin_rebuilds_llama(checkout):
    make(checkout)
    rewrite(checkout, f"llama-cpp-python=={pin(checkout)}", "llama-cpp-python==0.3.99")
    calls = make(checkout)
    assert built(calls) and any(call.endswith("llama-cpp-python==0.3.99") for call in calls)


def test_an_environment_stamped_the_old_way_is_not_rebuilt(checkout):
    """Environments built before the stamps named their content had a stamp by time only; the
    first make after the change takes the version installed when it is the pinned one."""
    venv = checkout / ".venv"
    (venv / f".llama-built{FLAGS}").touch()
    (venv / ".installed-stamp").touch()
    calls = make(checkout, FAKE_LLAMA_VERSION=pin(checkout))
    assert installed(calls) and not built(calls)
    assert not (venv / f".llama-built{FLAGS}").exists() and not (venv / ".installed-stamp").exists()
    assert make(checkout) == []


def test_an_old_stamp_with_another_version_installed_is_rebuilt(checkout):
    (checkout / ".venv" / f".llama-built{FLAGS}").touch()
    assert built(make(checkout, FAKE_LLAMA_VERSION="0.2.0"))


def test_the_llama_build_says_what_it_does_and_that_it_still_goes(checkout):
    """`make setup` was silent for 10 to 14 minutes while llama-cpp-python compiled, after one
    line "building llama-cpp-python ..."."""
    said: list[str] = []
    started = time.monotonic()
    make(checkout, "LLAMA_TICK=1", said=said, FAKE_BUILD_SECONDS="2.5")
    assert time.monotonic() - started < 10, "nothing waits on the ticker once pip is done"
    (building,) = [line for line in said if line.startswith("building llama-cpp-python")]
    assert "about 10 minutes on 2 cores" in building
    ticks = [line for line in said if line.startswith("  still building llama-cpp-python")]
    assert ticks[:2] == [
        "  still building llama-cpp-python: 0 min 1 s",
        "  still building llama-cpp-python: 0 min 2 s",
    ]
    assert len(ticks) == 2, "the ticker stops with the build"

"""`import FILE --format NAME` forcing a real tool's file into another format: refused in one
line that names what was expected, nothing written (never a list of every line, never a run
of garbage)."""

from __future__ import annotations

import pytest

from engine.importers import FORMATS, import_file
from grader.errors import RunFileError
from tests.test_importers import FIXTURES

[LM_EVAL] = sorted((FIXTURES / "lm_eval-0.4.13").glob("samples_*.jsonl"))
FILES = {
    "promptfoo": FIXTURES / "promptfoo-0.121.20-results.json",
    "inspect": FIXTURES / "inspect-0.3.285-lease.json",
    "lm_eval": LM_EVAL,
    "ragas": FIXTURES / "ragas-0.4.3-results.csv",
    "deepeval": FIXTURES / "deepeval-4.3.1-test_run.json",
    "langsmith": FIXTURES / "langsmith-0.15.1-experiment.csv",
    "langfuse": FIXTURES / "langfuse-5.2.0-experiment-items.json",
}
# what each format's refusal names
EXPECTED = {
    "promptfoo": "promptfoo results file",
    "inspect": "Inspect JSON log",
    "lm_eval": "lm_eval --log_samples lines",
    "ragas": "Ragas results",
    "deepeval": "DeepEval test run",
    "langsmith": "LangSmith experiment results",
    "langfuse": "Langfuse experiment items",
}
CASES = [
    (source, forced)
    for source in FILES
    for forced in EXPECTED
    if forced != source
    and {source, forced} & {"lm_eval", "ragas", "deepeval", "langsmith", "langfuse"}
]


def test_every_format_is_covered():
    assert set(EXPECTED) == set(FORMATS) - {"answers"}


@pytest.mark.parametrize(("source", "forced"), CASES, ids=[f"{s}-as-{f}" for s, f in CASES])
def test_a_file_forced_into_another_format_is_refused_in_one_line(tmp_path, source, forced):
    runs = tmp_path / "runs"
    with pytest.raises(RunFileError) as refused:
        import_file(FILES[source], runs, fmt=forced)
    said = str(refused.value)
    assert "\n" not in said and EXPECTED[forced] in said, said
    assert "bad row(s)" not in said, said
    assert not runs.exists() or not list(runs.iterdir())

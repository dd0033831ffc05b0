"""promptfoo's results file (``promptfoo eval -o results.json``, results versions 2 and 3) as
runs: one run per prompt and provider.

Each result is one answer: the test's vars give its question and reference (a list stays a
list: the accepted answers; promptfoo expands a list var into several tests unless the test
says ``disableVarExpansion``), the provider's output is the answer, and the result's
``gradingResult`` (``promptfoo``, the test's pass) and each of its ``componentResults``
(``promptfoo:<assertion type>``) are that grader's verdicts, with their scores, thresholds and
reasons: a pass is correct, a fail wrong, a result without a pass no verdict. A provider error
(promptfoo's failure reason 2, or a response that holds an error and no output) is an engine
error (graded wrong with the label `engine error`, as an engine run's), not an answer, and
carries no grader's verdict.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.importers.base import Answers, Read, engine_errors_note, grader, picked_and_blind, slug
from engine.importers.reading import Problems, load_json, text_of
from engine.imports.fields import ID_FIELDS
from grader.records.clock import now
from grader.records.marks import LABEL, Mark
from grader.rules.declines import DeclineList
from grader.schema import GraderVerdict

NAME = "promptfoo"
DESCRIBE = "promptfoo results JSON (promptfoo eval -o results.json; results versions 2 and 3)"
VERSIONS = (2, 3)
# The field map: where each thing is in a result (the first present is read).
FIELDS = {
    "question": ("question", "query", "user_input", "input"),
    "reference": ("reference", "expected", "ground_truth", "ground_truths", "answer", "key"),
    "id": ID_FIELDS,
}
PROVIDER_ERROR = 2  # promptfoo's ResultFailureReason.ERROR (results version 3)
EXPECTED = "a promptfoo results file (results.version 2 or 3, with its results list)"


def recognises(path: Path, head: bytes) -> bool:
    """promptfoo's output names its eval (``evalId``) or its version (``promptfooVersion``);
    a results file of version 2 opens with its version and a list of results that hold a
    ``gradingResult`` or ``testCase``."""
    if not head.lstrip().startswith(b"{"):
        return False
    if b'"evalId"' in head or b'"promptfooVersion"' in head:
        return True
    return b'"results"' in head and (b'"gradingResult"' in head or b'"testCase"' in head)


def summary_of(path: Path, document: Any) -> dict[str, Any]:
    """The results summary: ``results`` of the output file (version 3, and 2 as written by
    later promptfoo), or the document itself (version 2 written whole)."""
    if not isinstance(document, dict):
        raise _refused(path, "a JSON object at the top")
    inner = document.get("results")
    summary = inner if isinstance(inner, dict) else document
    version = summary.get("version")
    if version not in VERSIONS:
        raise _refused(path, f"results.version 2 or 3, found {version!r:.20}")
    if not isinstance(summary.get("results"), list):
        raise _refused(path, "a list of results (results.results)")
    return summary


def _refused(path: Path, expected: str) -> Exception:
    from grader.errors import RunFileError

    return RunFileError(f"{path}: not {EXPECTED}: expected {expected}")


def read(path: Path, declines: DeclineList, name: str | None = None) -> list[Read]:
    """Every result of the file, as one run per prompt and provider (named after the file,
    then the provider and the prompt where the file holds more than one)."""
    path = Path(path)
    summary = summary_of(path, load_json(path, path.read_bytes(), EXPECTED))
    problems = Problems(path)
    groups: dict[tuple[str, str], Answers] = {}
    rated_by_people: dict[tuple[str, str], list[Mark]] = {}
    for number, result in enumerate(summary["results"], start=1):
        where = f"result {number}"
        if not isinstance(result, dict):
            problems.add(where, "not a JSON object")
            continue
        provider, prompt = _provider(result), _prompt(result)
        where = f"result {number} ({provider}, test {result.get('testIdx', '?')})"
        answers = groups.setdefault((provider, prompt), Answers(declines))
        vars_ = result.get("vars")
        if not isinstance(vars_, dict):
            test = result.get("testCase")
            vars_ = test.get("vars") if isinstance(test, dict) else None
        if not isinstance(vars_, dict):
            problems.add(where, "no vars (the test's question and reference)")
            continue
        question = _first(vars_, "question")
        if question is None:
            raw = result.get("prompt", {})
            question = raw.get("raw") if isinstance(raw, dict) else None
        reference = _first(vars_, "reference")
        if reference is None:
            problems.add(
                where,
                f"no reference among the test's vars ({', '.join(FIELDS['reference'])})",
            )
            continue
        error = _provider_error(result)
        output = (result.get("response") or {}).get("output") if not error else None
        answer = output if output is None or isinstance(output, str) else text_of(output)
        if output is not None and answer is None:
            import orjson

            answer = orjson.dumps(output).decode()  # structured output, shown as written
        try:
            graders = [] if error else _graders(result)
        except (TypeError, ValueError) as exc:
            problems.add(where, f"a score must be a finite number or null, found {exc}")
            continue
        source = _first(vars_, "id")
        held = len(answers.answers)
        answers.add(
            where,
            problems,
            source_id=str(source).strip() if isinstance(source, str | int) else "",
            question=question,
            reference=reference,
            answer=answer,
            error=error,
            graders=graders,
            latency_ms=result.get("latencyMs"),
            line=number,
        )
        if len(answers.answers) > held and not error:
            qid = answers.answers[-1].qid
            rated_by_people.setdefault((provider, prompt), []).extend(
                _human_marks(result, qid, f"{path}:{where}", path.name)
            )
    problems.raise_any()
    stem = name or path.stem
    providers = {provider for provider, _prompt in groups}
    prompts = {prompt for _provider, prompt in groups}
    runs = []
    for (provider, prompt), answers in groups.items():
        pieces = [stem]
        if len(providers) > 1:
            pieces.append(slug(provider))
        if len(prompts) > 1:
            pieces.append(slug(prompt))
        notes = [f"provider {provider}, prompt {prompt}"]
        notes += engine_errors_note(answers.answers, "provider error(s)")
        marks = rated_by_people.get((provider, prompt), [])
        if marks:
            notes.append(f"{len(marks)} human rating(s), kept as people's marks")
        runs.append(
            Read(
                run_id="-".join(pieces),
                model=provider,
                config=prompt,
                answers=answers.answers,
                marks=marks,
                notes=notes,
                provenance={"promptfoo results version": summary["version"]},
            )
        )
    return runs


def _first(vars_: dict[str, Any], name: str) -> Any:
    for candidate in FIELDS[name]:
        if vars_.get(candidate) is not None:
            return vars_[candidate]
    return None


def _provider(result: dict[str, Any]) -> str:
    provider = result.get("provider")
    if isinstance(provider, dict):
        return str(provider.get("label") or provider.get("id") or "provider")
    return str(provider or "provider")


def _prompt(result: dict[str, Any]) -> str:
    prompt = result.get("prompt")
    if isinstance(prompt, dict):
        label = prompt.get("label") or prompt.get("display") or prompt.get("raw") or ""
        return str(label)[:60] or "prompt"
    return "prompt"


def _provider_error(result: dict[str, Any]) -> str | None:
    """The provider's error, or None when the provider answered (an assertion's failure is
    written in ``error`` too, and is no engine error)."""
    response = result.get("response")
    said = response.get("error") if isinstance(response, dict) else None
    if result.get("failureReason") == PROVIDER_ERROR:
        return str(result.get("error") or said or "provider error")
    no_output = not isinstance(response, dict) or response.get("output") is None
    if "failureReason" not in result and (said or (no_output and result.get("error"))):
        return str(said or result.get("error"))
    return None


def _graders(result: dict[str, Any]) -> list[GraderVerdict]:
    """The test's verdict and each assertion's, as graders (TypeError or ValueError for a
    score that is not a finite number)."""
    grading = result.get("gradingResult")
    if not isinstance(grading, dict):
        return []
    test = result.get("testCase")
    threshold = test.get("threshold") if isinstance(test, dict) else None
    found = [_verdict("promptfoo", grading, threshold)]
    found += _components(grading)
    return found


def _components(grading: dict[str, Any]) -> list[GraderVerdict]:
    """Each assertion's verdict, as a grader; a person's rating (assertion type ``human``) is
    no grader's: it is that person's mark (`_human_marks`)."""
    found = []
    for component in grading.get("componentResults") or ():
        if not isinstance(component, dict):
            continue
        assertion = component.get("assertion")
        assertion = assertion if isinstance(assertion, dict) else {}
        kind = str(assertion.get("type") or "assertion")
        if kind == HUMAN:
            continue
        found.append(_verdict(f"promptfoo:{kind}", component, assertion.get("threshold")))
        found += _components(component)  # an assert-set's own assertions
    return found


# promptfoo's assertion type of a person's rating (its viewer's thumbs up or down, or a score).
HUMAN = "human"


def rated(passed: Any, score: Any) -> str:
    """A promptfoo rating as a verdict: a pass is correct; a fail with a score between 0 and 1
    (promptfoo's viewer lets a person set one) partial; any other fail wrong."""
    if passed is True:
        return "correct"
    return "partial" if isinstance(score, int | float) and 0 < score < 1 else "wrong"


def _human_marks(result: dict[str, Any], qid: str, source: str, file: str) -> list[Mark]:
    """The people's ratings of a result (components of assertion type ``human``) as marks: by
    the rating's author where the file names one (a rating ragtriage exported keeps it), else
    the file's human ratings; picked by hand unless the rating says how."""
    grading = result.get("gradingResult")
    if not isinstance(grading, dict):
        return []
    marks = []
    for component in grading.get("componentResults") or ():
        assertion = component.get("assertion") if isinstance(component, dict) else None
        if not isinstance(assertion, dict) or assertion.get("type") != HUMAN:
            continue
        picked, blind = picked_and_blind(result.get("metadata"))
        marks.append(
            Mark(
                qid=qid,
                says=LABEL,
                verdict=rated(component.get("pass"), component.get("score")),
                note=str(component.get("reason") or grading.get("comment") or ""),
                created=str(result.get("timestamp") or now()),
                by=str(result.get("author") or f"human ratings in {file}"),
                grader_fingerprint="",
                grader_verdict="",
                source=source,
                picked=picked,
                blind=blind,
            )
        )
    return marks


def _verdict(name: str, graded: dict[str, Any], threshold: Any) -> GraderVerdict:
    passed = graded.get("pass")
    verdict = {True: "correct", False: "wrong"}.get(passed) if isinstance(passed, bool) else None
    return grader(name, verdict, graded.get("score"), threshold, graded.get("reason") or "")

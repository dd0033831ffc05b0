"""The Inspect AI log fixtures of the importer tests, written by Inspect itself.

Run with the Python that has ``inspect_ai`` installed (``tools/make_import_fixtures.py`` makes a
throwaway venv for it): ``python inspect_task.py OUT_DIR``. No model is needed: the answers come
from Inspect's ``mockllm/model`` provider, given one reply per question, and the model-graded
scorer's grader is a second ``mockllm/model`` that replies with a grade. One sample's solver
fails (an engine error); one score is edited by a person afterwards (a score edit, a mark).
"""

from __future__ import annotations

import sys
from pathlib import Path

from inspect_ai import Task, eval, task
from inspect_ai.dataset import Sample
from inspect_ai.log import read_eval_log, write_eval_log
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.scorer import f1, includes, match, model_graded_fact
from inspect_ai.solver import Generate, TaskState, generate, solver

# question -> (sample id, target, the mock model's reply); None: the solver fails
QUESTIONS = {
    "What is the capital of France?": ("capital-fr", "Paris", "The capital of France is Paris."),
    "Who captained England in the 1966 World Cup final?": (
        "moore",
        ["Bobby Moore", "Robert Moore"],
        "Robert Moore.",
    ),
    "How many legs does a spider have?": (3, "8", "A spider has six legs."),
    "What is the monthly rent in the lease?": ("rent", "$1,450", "The rent is $1450 a month."),
    "When does the lease end?": ("lease-end", "June 30, 2027", None),
}
# what the grader model replies for an answer saying this; the spider's reply names no grade, so
# Inspect records its score as unscored (NaN, reason grader_failed), as it does for a real one
GRADES = {
    "Paris": "GRADE: C",
    "Robert Moore.": "GRADE: C",
    "six legs": "The expert answer is 8; I cannot settle the count.",
    "$1450": "GRADE: P",
}


def reply(model: str, text: str) -> ModelOutput:
    """A mock reply with its usage said (else mockllm counts tokens with tiktoken, which
    downloads its encoding: there is no network where the fixtures are made)."""
    output = ModelOutput.from_content(model, text)
    words = len(text.split())
    output.usage = ModelUsage(input_tokens=20, output_tokens=words, total_tokens=20 + words)
    return output


def answer(messages, tools, tool_choice, config) -> ModelOutput:
    asked = messages[-1].text
    for question, (_id, _target, said) in QUESTIONS.items():
        if question in asked:
            return reply("mockllm/model", said or "")
    return reply("mockllm/model", "I do not know.")


def grade(messages, tools, tool_choice, config) -> ModelOutput:
    asked = messages[-1].text
    for said, grade_reply in GRADES.items():
        if said in asked:
            return reply(
                "mockllm/grader",
                f"The submission states {said!r} against the criterion.\n{grade_reply}",
            )
    return reply("mockllm/grader", "No answer to compare.\nGRADE: I")


@solver
def fails_on_unanswered():
    async def solve(state: TaskState, generate_: Generate) -> TaskState:
        if QUESTIONS[state.input_text][2] is None:
            raise RuntimeError("upstream model timed out after 3 retries")
        return state

    return solve


@task
def lease_qa() -> Task:
    return Task(
        dataset=[
            Sample(id=sample_id, input=question, target=target)
            for question, (sample_id, target, _reply) in QUESTIONS.items()
        ],
        solver=[fails_on_unanswered(), generate()],
        scorer=[
            match(location="any"),
            includes(),
            f1(),
            model_graded_fact(
                partial_credit=True, model=get_model("mockllm/grader", custom_outputs=grade)
            ),
        ],
    )


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    model = get_model("mockllm/model", custom_outputs=answer)
    for epochs, log_format, name in (
        (2, "eval", "inspect-lease.eval"),
        (1, "json", "inspect-lease.json"),
    ):
        [log] = eval(
            lease_qa(),
            model=model,
            epochs=epochs,
            log_format=log_format,
            log_dir=str(out / "logs"),
            fail_on_error=False,
            display="none",
        )
        log = read_eval_log(log.location)
        edit_rent(log)
        write_eval_log(log, str(out / name), format=log_format)


def edit_rent(log) -> None:
    """A person reads the rent answer and finds the amount right, only written without a
    comma: a score edit (Inspect 0.3.1xx has none; its logs are written without)."""
    try:
        from inspect_ai.log import ProvenanceData, edit_score
        from inspect_ai.scorer import ScoreEdit
    except ImportError:
        return
    edit = ScoreEdit(
        value="C",
        explanation="Same amount: $1450 is $1,450 without the thousands comma.",
        provenance=ProvenanceData(author="dana", reason="match misses the comma"),
    )
    edit_score(log, "rent", "match", edit, epoch=1)


if __name__ == "__main__":
    main(Path(sys.argv[1]))

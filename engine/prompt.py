"""The prompt: a shared prefix (instructions and worked examples), then sources and question.

The bundled model is a small base model without a chat template, so the prompt is a completion
prompt: a few worked examples show cited answers (``[n]`` after the figure) and honest declines,
then the real sources and question follow in the same shape. Everything up to the first real
source is identical for every question of a run, so the generator evaluates it once per run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.retrieve import Hit

# A worked example: its sources as (label, text), the question, the answer.
Example = tuple[tuple[tuple[str, str], ...], str, str]

DECLINE = "The sources do not contain this information."

INSTRUCTIONS = (
    "Answer each question using only the numbered sources given with it. When a source states "
    "what is asked, answer with the exact figure from that source and put the source's number "
    "in square brackets after it, like [2]. If no source states it, reply exactly: "
    f'"{DECLINE}"'
)

# The worked examples teach a judgement, not a reflex: the same sources answer one question and
# not the next (the renters policy states a deductible but no flood deductible), so what decides
# is whether a source states the figure asked for. Answers outnumber the decline and come last,
# and the last one is cited to the source that holds it, which is not source [1]. (A prompt whose
# examples ended in a decline taught Qwen2.5-Coder 0.5B to decline 14 of 14 questions.)
EXAMPLES = (
    (
        (
            (
                "City Water Department bill, page 1",
                "Account 2231-7. Amount due $63.20. Due date May 3, 2024. Previous balance $58.10.",
            ),
            ("Gas station receipt, page 1", "Unleaded 11.2 gal. Total $41.07. Paid by card."),
        ),
        "How much is due on the water bill?",
        "The amount due on the water bill is $63.20 [1].",
    ),
    (
        (
            (
                "Renters policy declarations, page 1",
                "Personal property limit $30,000. Deductible $500. Liability limit $100,000.",
            ),
            ("Bank statement, page 2", "Monthly service fee $12.00. Ending balance $2,410.55."),
        ),
        "What is the deductible on the renters policy?",
        "The deductible on the renters policy is $500 [1].",
    ),
    (
        (
            (
                "Renters policy declarations, page 1",
                "Personal property limit $30,000. Deductible $500. Liability limit $100,000.",
            ),
            ("Bank statement, page 2", "Monthly service fee $12.00. Ending balance $2,410.55."),
        ),
        "What is the flood deductible on the renters policy?",
        DECLINE,
    ),
    (
        (
            ("Electric bill, page 1", "Usage 412 kWh. Amount due $71.88. Due date June 2, 2024."),
            (
                "Pay stub, page 1",
                "Gross pay $2,900.00. Federal income tax $301.45. Net pay $2,118.30.",
            ),
        ),
        "What was the net pay on the pay stub?",
        "The net pay was $2,118.30 [2].",
    ),
)


def format_sources(sources: Sequence[tuple[str, str]]) -> str:
    """Numbered sources, one block each: ``[n] (title, page p) text``."""
    return "\n".join(f"[{n}] ({label}) {text}" for n, (label, text) in enumerate(sources, start=1))


_ANSWER = "\nAnswer:"


def _block(sources: Sequence[tuple[str, str]], question: str) -> str:
    return f"Sources:\n{format_sources(sources)}\nQuestion: {question}{_ANSWER}"


def shared_prefix(instructions: str = INSTRUCTIONS, examples: Sequence[Example] = EXAMPLES) -> str:
    """What every prompt of a run starts with: the instructions and the worked examples."""
    blocks = (f"{_block(sources, question)} {answer}" for sources, question, answer in examples)
    return instructions + "\n\n" + "\n\n".join(blocks) + "\n\n"


SHARED_PREFIX = shared_prefix()
# Where an answer ends: the model going on to the next question, a blank line, or a new line that
# opens a source block of its own ("\n[6] (Title, page 1) ...": the bundled model imitates the
# prompt after its answer, 3 of the 142 committed finance answers and 10 of 30 over the Open RAG
# Benchmark subset did).
STOP = ("\nQuestion:", "\nSources:", "\nAnswer:", "\n\n", "\n[")


@dataclass(frozen=True, slots=True)
class Prompt:
    """A prompt as its shared prefix and its per-question suffix."""

    prefix: str
    suffix: str

    @property
    def text(self) -> str:
        return self.prefix + self.suffix

    @property
    def stops(self) -> tuple[str, ...]:
        """Where the completion ends (`STOP`: an answer's end)."""
        return STOP

    def messages(self) -> list[dict[str, str]]:
        """The same prompt as chat turns, for a model that has a chat template.

        The instructions and worked examples come first and are identical for every question,
        so the rendered template shares its prefix across a run just as the completion prompt
        does.
        """
        turns = [{"role": "system", "content": INSTRUCTIONS}]
        for sources, question, answer in EXAMPLES:
            turns.append({"role": "user", "content": _block(sources, question)[: -len(_ANSWER)]})
            turns.append({"role": "assistant", "content": answer})
        turns.append({"role": "user", "content": self.suffix[: -len(_ANSWER)]})
        return turns


def build_prompt(question: str, hits: Sequence[Hit], titles: dict[str, str]) -> Prompt:
    """The prompt for one question over its retrieved chunks (numbered from 1, best first)."""
    sources = [
        (
            f"{titles.get(hit.chunk.doc, hit.chunk.doc)}, page {hit.chunk.page}",
            " ".join(hit.chunk.text.split()),
        )
        for hit in hits
    ]
    return Prompt(SHARED_PREFIX, _block(sources, question))

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

DECLINE = "The sources do not contain this information."

INSTRUCTIONS = (
    "Answer each question using only the numbered sources given with it. Put the number of the "
    "source in square brackets after each fact, like [1]. Give the exact figure from the "
    f'source. If the sources do not hold the answer, reply exactly: "{DECLINE}"'
)

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
        "What is the flood deductible on the renters policy?",
        DECLINE,
    ),
    (
        (
            (
                "Pay stub, page 1",
                "Gross pay $2,900.00. Federal income tax $301.45. Net pay $2,118.30.",
            ),
        ),
        "What was the net pay on the pay stub?",
        "The net pay was $2,118.30 [1].",
    ),
)


def format_sources(sources: Sequence[tuple[str, str]]) -> str:
    """Numbered sources, one block each: ``[n] (title, page p) text``."""
    return "\n".join(f"[{n}] ({label}) {text}" for n, (label, text) in enumerate(sources, start=1))


_ANSWER = "\nAnswer:"


def _block(sources: Sequence[tuple[str, str]], question: str) -> str:
    return f"Sources:\n{format_sources(sources)}\nQuestion: {question}{_ANSWER}"


SHARED_PREFIX = (
    INSTRUCTIONS
    + "\n\n"
    + "\n\n".join(f"{_block(sources, question)} {answer}" for sources, question, answer in EXAMPLES)
    + "\n\n"
)
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

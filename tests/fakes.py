"""A scripted generator for fast engine tests (the real model has its own tests)."""

from __future__ import annotations

import re
from typing import Any

from engine.generate import Generation, GenerationError
from engine.prompt import Prompt

_FIRST_SOURCE = re.compile(r"^\[1\] \([^)]*\) (.*)$", re.M)
_AMOUNT = re.compile(r"-?\$[\d,]+(?:\.\d+)?")


class ScriptedGenerator:
    """Answers with the first dollar amount of source [1], citing it; fails on request."""

    def __init__(self, fail_on: str | None = None) -> None:
        self.fail_on = fail_on
        self.prompts: list[Prompt] = []

    def describe(self) -> dict[str, Any]:
        return {"name": "scripted-test-generator"}

    def generate(self, prompt: Prompt, max_tokens: int) -> Generation:
        self.prompts.append(prompt)
        if self.fail_on and self.fail_on in prompt.suffix:
            raise GenerationError("scripted failure")
        block = prompt.suffix.rsplit("Sources:\n", 1)[-1]
        first = _FIRST_SOURCE.search(block)
        amount = _AMOUNT.search(first.group(1)) if first else None
        text = (
            f"It is {amount.group(0)} [1]."
            if amount
            else "The sources do not contain this information."
        )
        return Generation(text, 100, 10, 8, 0.0)

"""Render the rules' section of docs/grading.md from the rule registry (grader.rules.codes).

The registry's definitions and examples are the rules' documentation: the section between the
two markers below is written from them and never by hand.

    python tools/render_rules.py           rewrite the section
    python tools/render_rules.py --check   exit 1, saying so, when the section is not current

(tests/test_rule_registry.py runs the check.)
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader.rules.codes import FAMILIES, RULES, Example  # noqa: E402

DOC = ROOT / "docs" / "grading.md"
BEGIN = "<!-- the rules by code: written by tools/render_rules.py from grader/rules/codes.py -->"
END = "<!-- end of the rules by code -->"


def _example(example: Example) -> str:
    return "- " + example.describe().replace("|", "\\|")


def section() -> str:
    """The section, markers included."""
    lines = [
        BEGIN,
        "",
        "Every label a grade carries comes from one rule of the registry (`grader/rules/codes.py`)",
        "and has its code: `ragtriage rules` lists them; `ragtriage rules CODE` prints one, with",
        "the file and line of the function that decides it and what today's grader says of its",
        "examples (a test grades them). A code's letter is its family; screens show a label with",
        "its code in front, and `grade --json` gives each answer's `codes` beside its `labels`.",
        "",
    ]
    for letter, family in FAMILIES.items():
        rules = [rule for rule in RULES.values() if rule.code[0] == letter]
        if not rules:
            continue
        lines += [f"### {letter}: {family}", ""]
        for rule in rules:
            lines += [
                f"**`{rule.code}` {rule.name}** (`{rule.decider}`)",
                "",
                textwrap.fill(rule.definition, 100, break_on_hyphens=False),
                "",
            ]
            for title, examples in (("Fires on:", rule.fires), ("Not on:", rule.spares)):
                if examples:
                    lines += [title, "", *(_example(one) for one in examples), ""]
    lines.append(END)
    return "\n".join(lines)


def rendered(text: str) -> str:
    """``text`` (the document) with its section rewritten.

    Raises:
        ValueError: when the document lacks either marker.
    """
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{DOC.name} lacks the markers of the rules' section")
    return text[:start] + section() + text[end + len(END) :]


def main(argv: list[str]) -> int:
    text = DOC.read_text(encoding="utf-8")
    new = rendered(text)
    if "--check" in argv:
        if new != text:
            print(f"{DOC.relative_to(ROOT)}: the rules' section is not current; run {__file__}")
            return 1
        return 0
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print(f"rewrote the rules' section of {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

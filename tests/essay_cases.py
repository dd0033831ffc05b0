"""Write ``runs/example-essay-cases.jsonl``: the essay's grading cases as a small run file.

The answers are hand-written, not model output (the header says so): they reproduce, one per
line, the cases the grading rules were built from, so that ``make run`` has something to grade
before any model has run. Regenerate with ``python tests/essay_cases.py``.
"""

from __future__ import annotations

from pathlib import Path

from grader.records.runfile import append_answer, write_header
from grader.schema import Answer, Gold, Source

OUT = Path(__file__).resolve().parent.parent / "runs" / "example-essay-cases.jsonl"


def _src(n: int, doc: str, text: str, page: int = 1) -> Source:
    return Source(n=n, doc=doc, page=page, chunk=f"{doc}#p{page}c0", score=5.0 - n, text=text)


# Each case as the answer's fields, in this order.
_FIELDS = ("qid", "kind", "question", "gold", "answer", "sources", "latency_ms", "error")


ADT = "Previous balance $26.99. Payment received -$26.99. Ending balance $42.99. Amount due $42.99."
_CASES = [
    (
        "fin-adt-amount-due-essay",
        "answerable",
        "How much is due on the ADT bill?",
        Gold(key="$42.99", golden_docs=("adt-2024-03",)),
        "The amount due is $26.99. This is indicated in Source 3, where the ending balance is "
        "listed as $42.99, but the amount due is specified as $26.99. Therefore the amount due "
        "is $26.99.",
        [
            _src(1, "utility-2024-02", "Amount due $118.40"),
            _src(2, "bank-2024-03", "Fee $20.00"),
            _src(3, "adt-2024-03", ADT),
        ],
        8123,
        None,
    ),
    (
        "fin-adt-amount-due",
        "answerable",
        "How much is due on the ADT bill?",
        Gold(key="$42.99", golden_docs=("adt-2024-03",)),
        "The amount due is $42.99 [1].",
        [_src(1, "adt-2024-03", ADT)],
        7400,
        None,
    ),
    (
        "fin-adt-according-to",
        "answerable",
        "What is the ending balance on the ADT bill?",
        Gold(key="$42.99", golden_docs=("adt-2024-03",)),
        "According to Source 2, the ending balance is $42.99.",
        [_src(1, "utility-2024-02", "Amount due $118.40"), _src(2, "adt-2024-03", ADT)],
        6900,
        None,
    ),
    (
        "fin-1040-amount-owed",
        "answerable",
        "How much did the taxpayers owe on their federal return?",
        Gold(key="$44,322", golden_docs=("f1040-2023",)),
        "The taxpayers owed $450,658 [1].",
        [_src(1, "f1040-2023", "37 Amount you owe. 44,322")],
        9100,
        None,
    ),
    (
        "fin-bank-overdraft-fee",
        "answerable",
        "What overdraft fee did the bank charge in March?",
        Gold(key="$20.00", golden_docs=("bank-2024-03",)),
        "The statement lists an outgoing transfer of -$10,020.00 [1]; "
        "the fee itself is not specified.",
        [
            _src(
                1,
                "bank-2024-03",
                "03/14 Transfer to savings -$10,020.00  03/14 Overdraft fee -$20.00",
            )
        ],
        8800,
        None,
    ),
    (
        "openrag-neg-0035bbca",
        "negative",
        "How does the method handle multilingual retrieval?",
        Gold(key=""),
        "This question is not directly addressed in the provided sources.",
        [_src(1, "2401.01234v2", "We evaluate on English benchmarks.")],
        8000,
        None,
    ),
    (
        "openrag-neg-006b56ae",
        "negative",
        "What was the total training cost in GPU hours?",
        Gold(key=""),
        "The specific figure is not explicitly stated in the provided sources.",
        [_src(1, "2402.04567v1", "Training ran on a cluster.")],
        7800,
        None,
    ),
    (
        "fin-ins-flood",
        "answerable",
        "Does the homeowners policy cover flood damage?",
        Gold(key="No", must_contain=("not covered",), golden_docs=("ins-home-2024",)),
        "No. Flood damage is not covered by the policy [1].",
        [_src(1, "ins-home-2024", "Exclusions: flood ... not covered.")],
        7000,
        None,
    ),
    (
        "fin-ambiguous-balance",
        "ambiguous",
        "What is the balance on the account?",
        Gold(key="$1,200.00", golden_docs=("bank-2024-03",)),
        "The sources do not specify which account is meant, so I cannot find a single balance.",
        [_src(1, "bank-2024-03", "Checking balance $1,200.00; savings balance $10,020.00")],
        7100,
        None,
    ),
    (
        "fin-engine-error",
        "answerable",
        "What is the policy number?",
        Gold(key="HO-5521-77", golden_docs=("ins-home-2024",)),
        "",
        [],
        None,
        "generation failed: context window exceeded",
    ),
]
ANSWERS = [Answer(**dict(zip(_FIELDS, case, strict=True))) for case in _CASES]


def main() -> None:
    OUT.unlink(missing_ok=True)
    write_header(
        OUT,
        {
            "run_id": "example-essay-cases",
            "created": "2026-11-30T00:00:00Z",
            "corpus": "essay-cases",
            "config": {"name": "none"},
            "model": {"name": "hand-written (the essay's cases, not model output)"},
            "engine": {"version": "0.1.0"},
        },
    )
    for answer in ANSWERS:
        append_answer(OUT, answer)
    print(f"wrote {OUT} ({len(ANSWERS)} answers)")


if __name__ == "__main__":
    main()

"""Apply score edits that `ragtriage export marks --format inspect-edits` wrote to an Inspect
log, with Inspect's own `edit_score`, and write the edited log: the fixture that shows Inspect
reads ragtriage's edits (run with the Python that has ``inspect_ai`` installed).

    python apply_edits.py LOG EDITS.json OUT_LOG
"""

from __future__ import annotations

import json
import sys

from inspect_ai.log import edit_score, read_eval_log, write_eval_log
from inspect_ai.scorer import ScoreEdit


def main(log_path: str, edits_path: str, out: str) -> None:
    log = read_eval_log(log_path)
    with open(edits_path, encoding="utf-8") as handle:
        edits = json.load(handle)["edits"]
    for one in edits:
        edit = ScoreEdit.model_validate(one["edit"])
        edit_score(log, one["sample_id"], one["score_name"], edit, epoch=one["epoch"])
    write_eval_log(log, out)
    print(f"applied {len(edits)} edit(s) to {out}")


if __name__ == "__main__":
    main(*sys.argv[1:4])

"""Answers and labels made elsewhere, brought in as run files and marks.

- ``import financebench`` (`financebench`): each FinanceBench results file becomes one run (its
  answers, with the evidence pages as numbered sources), and each person's label a mark;
- ``import labels`` (`labels`): a CSV or JSONL file of verdicts (an annotation queue's export,
  a spreadsheet) becomes marks on a run; ``export marks`` (`export`) writes them back out;
- ``import answers`` (`answers`): a CSV or JSONL file of answers from any RAG system (Ragas
  field names, or plain ones: `fields`) becomes a run.

Every row is checked before anything is written; every bad row is named with its line, and then
nothing is written at all (`rows.BadRows`). Run files are written whole and atomically
(`grader.records.runfile.write_run`); labels are appended in one write under the marks' lock,
those already there (the same rows of the same file) left out (`grader.records.marks.add_labels`).
What an import wrote is told by `imported.Imported`.

CSV files may be separated by commas, semicolons or tabs (told apart by the header line), and a
list cell may be written as JSON (``["a", "b"]``) or as pandas writes a Python list
(``['a', 'b']``: read as a literal, never run): `rows` reads both.
"""

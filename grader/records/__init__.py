"""What lives on disk beside a run, one reader and one writer each.

| record | module |
|---|---|
| run files: readers (plain, lean, indexed, in parts) and writers | `runfile` |
| grades of record and their history | `grades` |
| reviewers' marks | `marks` |
| a model judge's verdicts beside the rules' | `judgements` |
| atomic writes and fsynced appends | `atomic` |
| the time a record was written, in one form | `clock` |
| the scorecard of a graded run | `scorecard` |

May import: `grader.rules`, `grader.schema`, `grader.errors`.
"""

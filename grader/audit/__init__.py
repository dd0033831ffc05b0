"""What a rule change would do, and what it did.

| tool | module |
|---|---|
| what makes two grades differ: `differs`, `Flip` | `flips` |
| collision scan, flip preview, rebaseline, strategy comparison, decline audit | `scan` |
| a whole run file regraded on every core | `regrade` |
| A/B of two runs and its paired test | `compare` |
| every grader present (rules, judge, rules-then-judge) against the people | `agreement` |
| where the rules and the graders imported with an answer disagree | `graders` |
| the reading queue: the answers whose grade is most likely wrong first | `queue` |

May import: `grader.records`, `grader.rules`, `grader.schema`, `grader.errors`.
"""

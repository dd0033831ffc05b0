"""What a rule change would do, and what it did.

| tool | module |
|---|---|
| what makes two grades differ: `differs`, `Flip` | `flips` |
| a proposed change to the decline list or a question's needles | `change` |
| the collision scan of a change and its report; the decline audit | `scan` |
| the flip preview of a change, in memory or over the run files | `preview` |
| the rebaseline: today's grades against the grades of record | `rebaseline` |
| the strategy comparison: each registered strategy against today's grader | `strategies` |
| a whole run file regraded on every core | `regrade` |
| A/B of two runs and its paired test | `compare` |
| today's grades against the reviewers' marks: agreement, kappa, disagreements | `against_marks` |
| every grader present (rules, judge, rules-then-judge) against the people | `agreement` |
| where the rules and the graders imported with an answer disagree | `graders` |
| the reading queue: the answers whose grade is most likely wrong first | `queue` |

May import: `grader.records`, `grader.rules`, `grader.schema`, `grader.errors`.
"""

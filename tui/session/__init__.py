"""The review session: what the review app shows, without any of the showing.

`review.ReviewSession` is one run under review, made of a part per job: `run.GradedRun` (the run
and its grades), `marking.Marks` (the marks and who made them) and `order.Order` (the filter or
order on, the reading queue, the audit sample, search); the screens call the part they need.
`compare.CompareSession` is two runs side by side. Nothing here imports Textual, so each part is
tested alone.
"""

"""The ``ragtriage`` command's argument parsers, one module per command family; `tui.cli` puts
them together (`tui.cli.build_parser`) and runs the command asked for.

- `options`: the options many commands share (``--json``, the workspace's folders, the model);
- `reviewing`: ``review`` (the app), ``judge``, ``queue``;
- `grading`: ``grade``, ``rules``, ``compare``, ``rebaseline``, ``strategies``, ``agreement``;
- `engine`: ``run``, ``corpus``;
- `needles`: ``scan``, ``needle``;
- `transfer`: ``import``, ``export``.
"""

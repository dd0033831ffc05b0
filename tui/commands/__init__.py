"""One module per command family; `tui.cli` wires them into the parser."""

"""The terminal front end: the `ragtriage` command line and the Textual review app."""

"""Reusable widgets and renderers of the review app."""

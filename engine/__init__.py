"""Run small RAG evaluations locally: ingest, retrieve, generate, write run files."""

__version__ = "0.1.0"

"""Run small RAG evaluations locally: ingest, retrieve, generate, write run files."""

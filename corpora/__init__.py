"""Corpora: one folder per corpus, their loader, generators and the Open RAG Benchmark adapter."""

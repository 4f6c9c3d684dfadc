"""Fixture rule module and books for the analysis tests (graph, explore)."""

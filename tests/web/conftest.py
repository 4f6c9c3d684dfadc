"""Fixtures: the mini rule module, a private data dir, no cache."""
from tests.fixtures.env import BOOKS, FIXTURES, _mini_rules  # noqa: F401
